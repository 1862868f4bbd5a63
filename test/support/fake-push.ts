import { createECDH, randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import ece from 'http_ece';

/** A push service on this machine: records what it is sent, answers `status`. */
export function fakePushService() {
  const received: Array<{ path: string; headers: IncomingHttpHeaders; body: Buffer }> = [];
  let status = 201;
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks) });
      response.writeHead(status).end();
    });
  });
  return {
    received,
    answer: (next: number) => (status = next),
    start: () =>
      new Promise<string>((resolve) =>
        server.listen(0, '127.0.0.1', () =>
          resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
        ),
      ),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A browser's side of a subscription: its P-256 key pair and auth secret (RFC 8291). */
export function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
  };
}

/** What a browser holding `keys` reads from a pushed message: the JSON the server sent. */
export function decryptPush(body: Buffer, browser: ReturnType<typeof browserKeys>): unknown {
  const clear = ece.decrypt(body, {
    version: 'aes128gcm',
    privateKey: browser.ecdh,
    authSecret: browser.auth.toString('base64url'),
  });
  return JSON.parse(clear.toString('utf8'));
}
