import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loggerOptions, redactUrl } from './logging';

describe('structured logs', () => {
  it('redact secrets carried in addresses', () => {
    expect(redactUrl('/api/company/v1/auth/password-reset/abc123?lang=en')).toBe(
      '/api/company/v1/auth/password-reset/[redacted]?lang=en',
    );
    expect(redactUrl('/api/master/v1/auth/temp-code/123456')).toBe(
      '/api/master/v1/auth/temp-code/[redacted]',
    );
    expect(redactUrl('/reset-password?token=secret&email=a%40b.co')).toBe(
      '/reset-password?token=[redacted]&email=a%40b.co',
    );
  });

  it('never contain the authorization header, a body, a password or a token', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const options = loggerOptions({ logLevel: 'trace' });
    const app = Fastify({ logger: { ...(options as object), stream } });
    app.post('/api/company/v1/auth/password-reset/:token', async (request) => {
      request.log.info({ password: 'hunter22', token: 'tok-123' }, 'handled');
      return { ok: true };
    });
    await app.inject({
      method: 'POST',
      url: '/api/company/v1/auth/password-reset/reset-secret-token',
      headers: { authorization: 'Bearer eyJ.secret.jwt', subdomain: 'acme' },
      payload: { password: 'body-password-1', email: 'a@b.co' },
    });
    await app.close();
    const log = lines.join('');
    expect(log).toContain('[redacted]');
    for (const secret of ['eyJ.secret.jwt', 'reset-secret-token', 'body-password-1', 'hunter22', 'tok-123'])
      expect(log).not.toContain(secret);
  });
});
