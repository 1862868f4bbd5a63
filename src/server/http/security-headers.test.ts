import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestServer, type TestServer } from '../../../test/support/server-app';
import { call } from '../../../test/support/server-factories';
import { OUTLOOK_FRAME_ANCESTORS } from './security-headers';

let server: TestServer;
const BIG_SCRIPT = 'console.log("a bundle");\n'.repeat(400);

beforeAll(async () => {
  const dist = await mkdtemp(join(tmpdir(), 'workplace-dist-'));
  await writeFile(
    join(dist, 'index.html'),
    '<!doctype html><title>app</title><script src="/app.0123abcd.js"></script>',
  );
  await writeFile(join(dist, 'taskpane.html'), '<!doctype html><title>pane</title>');
  await writeFile(join(dist, 'app.0123abcd.js'), 'console.log(1)');
  await writeFile(join(dist, 'passes.4613d77f4b.chunk.js'), 'console.log(2)');
  // a production build writes compressed copies beside its text assets
  await writeFile(join(dist, 'vendor.4567cdef.js'), BIG_SCRIPT);
  await writeFile(join(dist, 'vendor.4567cdef.js.br'), brotliCompressSync(BIG_SCRIPT));
  await writeFile(join(dist, 'vendor.4567cdef.js.gz'), gzipSync(BIG_SCRIPT));
  server = await buildTestServer({ config: { staticDir: dist } });
});
afterAll(() => server.close());

const cspOf = (headers: Record<string, unknown>) => String(headers['content-security-policy']);

function expectCommonHeaders(headers: Record<string, unknown>) {
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  const csp = cspOf(headers);
  expect(csp).toContain("default-src 'self'");
  expect(csp).not.toContain('unsafe-eval');
  expect(csp).toMatch(/script-src 'self'( https:\/\/appsforoffice\.microsoft\.com)?;/);
  expect(csp).toContain("style-src 'self' 'unsafe-inline'");
}

describe('security headers', () => {
  it('GET /api/health carries them, framing refused', async () => {
    const response = await call(server, 'GET', '/api/health');
    expectCommonHeaders(response.headers);
    expect(cspOf(response.headers)).toContain("frame-ancestors 'none'");
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(cspOf(response.headers)).not.toContain('appsforoffice');
  });

  it('API errors carry them too', async () => {
    const response = await call(server, 'GET', '/api/company/v1/initial-data', { subdomain: 'acme' });
    expect(response.statusCode).toBe(401);
    expectCommonHeaders(response.headers);
    expect(response.headers['x-frame-options']).toBe('DENY');
  });

  it('an SPA path answers index.html with them, framing refused', async () => {
    const response = await call(server, 'GET', '/plan/12/resources');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.body).toContain('<title>app</title>');
    expectCommonHeaders(response.headers);
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('GET /taskpane.html may be framed by Outlook hosts only and may load Office.js', async () => {
    const response = await call(server, 'GET', '/taskpane.html');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>pane</title>');
    expectCommonHeaders(response.headers);
    const csp = cspOf(response.headers);
    expect(csp).toContain(`frame-ancestors ${OUTLOOK_FRAME_ANCESTORS.join(' ')}`);
    expect(csp).toContain("script-src 'self' https://appsforoffice.microsoft.com");
    expect(response.headers['x-frame-options']).toBeUndefined();
  });

  it('hashed assets are cached for a year; missing files and unknown API paths answer 404', async () => {
    const asset = await call(server, 'GET', '/app.0123abcd.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expectCommonHeaders(asset.headers);
    // A screen's chunk is named by its content too (webpack's [name].[contenthash].chunk.js).
    const chunk = await call(server, 'GET', '/passes.4613d77f4b.chunk.js');
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const missing = await call(server, 'GET', '/app.ffffffff.js');
    expect(missing.statusCode).toBe(404);
    const api = await call(server, 'GET', '/api/company/v1/nothing-here', { subdomain: 'acme' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ data: { message: 'Not found.' } });
    expectCommonHeaders(api.headers);
  });

  it("answers the build's Brotli copy to a browser that accepts it, the plain file to others", async () => {
    const brotli = await call(server, 'GET', '/vendor.4567cdef.js', {
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toMatch(/javascript/);
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(brotli.headers['vary'])).toMatch(/accept-encoding/i);
    expect(brotli.rawPayload.length).toBeLessThan(BIG_SCRIPT.length / 10);
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(BIG_SCRIPT);

    const gzip = await call(server, 'GET', '/vendor.4567cdef.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');

    const plain = await call(server, 'GET', '/vendor.4567cdef.js', {
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BIG_SCRIPT);
  });

  it('serves the OpenAPI document and its UI under /api/docs', async () => {
    const json = await call(server, 'GET', '/api/docs/json');
    expect(json.statusCode).toBe(200);
    expect(Object.keys(json.json().paths)).toEqual(
      expect.arrayContaining(['/api/company/v1/auth/login', '/api/master/v1/auth/login', '/api/health']),
    );
    const ui = await call(server, 'GET', '/api/docs/');
    expect(ui.statusCode).toBe(200);
  });
});
