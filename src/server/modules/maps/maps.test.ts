import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../test/support/server-app';
import { ACCOUNTS, call, expectErrorShape, signIn } from '../../../../test/support/server-factories';

const BASE = '/api/company/v1/maps';

function png(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(25);
  ihdr.writeUInt32BE(13, 0);
  ihdr.write('IHDR', 4, 'latin1');
  ihdr.writeUInt32BE(width, 8);
  ihdr.writeUInt32BE(height, 12);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), ihdr]);
}

function jpeg(width: number, height: number): Buffer {
  const sof = Buffer.alloc(10);
  sof.writeUInt16BE(0xffc0, 0);
  sof.writeUInt16BE(8, 2);
  sof.writeUInt16BE(height, 5);
  sof.writeUInt16BE(width, 7);
  return Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x02]), sof]);
}

interface MapAnswer {
  id: number;
  name: string;
  mime: string;
  width: number;
  height: number;
  sha256: string;
  realtime: 0 | 1;
  image_url: string;
}

describeEachDatabase('floor maps', (server) => {
  let admin: string;
  let employee: string;
  let globex: string;

  const upload = (name: string, content: Buffer | string, token = admin) =>
    call(server(), 'POST', BASE, {
      subdomain: 'acme',
      token,
      body: { name, content_base64: Buffer.from(content).toString('base64') },
    });
  const uploaded = async (name: string, content: Buffer | string) => {
    const response = await upload(name, content);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<MapAnswer>();
  };

  beforeAll(async () => {
    admin = await signIn(server(), ACCOUNTS.acmeAdmin);
    employee = await signIn(server(), ACCOUNTS.employee);
    globex = await signIn(server(), ACCOUNTS.globexAdmin, 'globex');
  });

  describe(`POST ${BASE}`, () => {
    it('accepts PNG, JPEG and SVG, typed and sized from the content', async () => {
      expect(await uploaded('Ground floor', png(2000, 1000))).toMatchObject({
        name: 'Ground floor',
        mime: 'image/png',
        width: 2000,
        height: 1000,
        realtime: 0,
      });
      expect(await uploaded('Photo', jpeg(640, 480))).toMatchObject({
        mime: 'image/jpeg',
        width: 640,
        height: 480,
      });
      expect(
        await uploaded(
          'Drawing',
          '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 600"><rect width="5" height="5"/></svg>',
        ),
      ).toMatchObject({ mime: 'image/svg+xml', width: 800, height: 600 });
    });

    it('stores an SVG without script, event handlers or javascript: links', async () => {
      const map = await uploaded(
        'Hostile',
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" onload="alert(1)">' +
          '<script>alert(2)</script><a href="javascript:alert(3)"><rect width="1" height="1"/></a></svg>',
      );
      const image = await call(server(), 'GET', map.image_url, { subdomain: 'acme', token: admin });
      expect(image.statusCode).toBe(200);
      expect(image.body).toContain('<rect width="1" height="1"/>');
      expect(image.body).not.toMatch(/script|onload|alert/i);
    });

    it('answers 422 for a file that is not an image', async () => {
      for (const content of [
        'just text',
        '<html><script>alert(1)</script></html>',
        Buffer.from([0, 1, 2, 3]),
      ]) {
        const response = await upload('Not an image', content);
        expect(expectErrorShape(response, 422).errors).toEqual({
          content_base64: ['The file must be a PNG, JPEG or SVG image.'],
        });
      }
    });

    it('answers 422 for more than 5 MB or more than 40 megapixels', async () => {
      const big = Buffer.concat([png(100, 100), Buffer.alloc(5 * 1024 * 1024)]);
      expect(expectErrorShape(await upload('Big', big), 422).errors).toEqual({
        content_base64: ['The file must be 5 MB or smaller.'],
      });
      expect(expectErrorShape(await upload('Huge', png(8000, 6000)), 422).errors).toEqual({
        content_base64: ['The image must have at most 40 megapixels.'],
      });
    });

    it('answers 403 to an employee', async () => {
      expectErrorShape(await upload('Mine', png(10, 10), employee), 403);
    });
  });

  describe(`GET ${BASE}, ${BASE}/{id} and PUT ${BASE}/{id}`, () => {
    it('lists the demo floor plans and changes the realtime flag', async () => {
      const list = await call(server(), 'GET', BASE, { subdomain: 'acme', token: admin });
      expect(list.statusCode).toBe(200);
      const names = list.json<{ data: MapAnswer[] }>().data.map((map) => map.name);
      expect(names).toEqual(expect.arrayContaining(['Building A – Floor 1', 'Building A – Floor 3']));
      const map = await uploaded('Realtime', png(10, 10));
      const put = await call(server(), 'PUT', `${BASE}/${map.id}`, {
        subdomain: 'acme',
        token: admin,
        body: { realtime: 1, name: 'Realtime map' },
      });
      expect(put.statusCode, put.body).toBe(200);
      expect(put.json()).toMatchObject({ realtime: 1, name: 'Realtime map' });
      const again = await call(server(), 'GET', `${BASE}/${map.id}`, { subdomain: 'acme', token: admin });
      expect(again.json()).toMatchObject({ realtime: 1 });
      const bad = await call(server(), 'PUT', `${BASE}/${map.id}`, {
        subdomain: 'acme',
        token: admin,
        body: { realtime: 2 },
      });
      expectErrorShape(bad, 422);
    });
  });

  describe(`GET ${BASE}/{id}/image`, () => {
    it('answers the bytes with their type, an ETag, private caching and a CSP that runs nothing', async () => {
      const map = await uploaded('Cached', png(30, 20));
      const image = await call(server(), 'GET', map.image_url, { subdomain: 'acme', token: employee });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/png');
      expect(image.headers['etag']).toBe(`"${map.sha256}"`);
      expect(image.headers['cache-control']).toBe('private, max-age=3600, must-revalidate');
      expect(image.headers['content-security-policy']).toMatch(
        /^default-src 'none'; style-src 'unsafe-inline'/,
      );
      expect(image.headers['x-content-type-options']).toBe('nosniff');
      expect(image.rawPayload.equals(png(30, 20))).toBe(true);
      const notModified = await call(server(), 'GET', map.image_url, {
        subdomain: 'acme',
        token: employee,
        headers: { 'if-none-match': `W/"other", "${map.sha256}"` },
      });
      expect(notModified.statusCode).toBe(304);
      expect(notModified.body).toBe('');
    });
  });

  describe('tenant isolation', () => {
    it('globex never sees acme’s maps or images, even by id', async () => {
      const map = await uploaded('Secret plan', png(10, 10));
      const asGlobex = (method: 'GET' | 'PUT', url: string, body?: unknown) =>
        call(server(), method, url, { subdomain: 'globex', token: globex, body });
      expect((await asGlobex('GET', BASE)).json<{ data: MapAnswer[] }>().data).toEqual([]);
      expectErrorShape(await asGlobex('GET', `${BASE}/${map.id}`), 404);
      expectErrorShape(await asGlobex('GET', `${BASE}/${map.id}/image`), 404);
      expectErrorShape(await asGlobex('PUT', `${BASE}/${map.id}`, { realtime: 1 }), 404);
      // Nor can a globex level point at it.
      const level = await call(server(), 'POST', '/api/company/v1/levels', {
        subdomain: 'globex',
        token: globex,
        body: { kind: 'site', map_id: map.id, translations: [{ language_id: 1, name: 'Globex site' }] },
      });
      expect(expectErrorShape(level, 422).errors).toEqual({ map_id: ['Map id is not valid.'] });
    });
  });
});
