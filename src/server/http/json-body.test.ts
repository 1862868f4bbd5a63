import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plainJson, sendLargeAnswersAsBytes } from './json-body';

// Rows as the grid's: a time with a narrow no-break space, a name beyond Latin-1.
const rows = Array.from({ length: 2_000 }, (_, index) => ({
  id: index,
  starts: '9:00\u202fAM',
  host: { name: 'Zoë Ørsted 🚲' },
}));

let app: FastifyInstance;
let base: string;
// what left the hooks for each answer: bytes or text
const sent: string[] = [];

beforeAll(async () => {
  app = Fastify();
  sendLargeAnswersAsBytes(app);
  app.addHook('onSend', (_request, _reply, payload, done) => {
    sent.push(Buffer.isBuffer(payload) ? 'bytes' : typeof payload);
    done();
  });
  app.get('/large', { serializerCompiler: plainJson }, async () => ({ data: rows }));
  app.get('/small', async () => ({ data: rows.slice(0, 2) }));
  base = await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => app.close());

describe('answers sent as bytes', () => {
  it('a large answer arrives whole, as UTF-8 JSON, its Content-Length its length in bytes', async () => {
    const response = await fetch(`${base}/large`);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(Number(response.headers.get('content-length'))).toBe(bytes.byteLength);
    expect(bytes.byteLength).toBeGreaterThan(16_384);
    expect(JSON.parse(new TextDecoder().decode(bytes))).toEqual({ data: rows });
    expect(sent.at(-1)).toBe('bytes');
  });

  it('a small answer is unchanged', async () => {
    const response = await fetch(`${base}/small`);
    const text = await response.text();
    expect(Number(response.headers.get('content-length'))).toBe(Buffer.byteLength(text));
    expect(JSON.parse(text)).toEqual({ data: rows.slice(0, 2) });
    expect(sent.at(-1)).toBe('string');
  });
});
