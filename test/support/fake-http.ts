import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

/** What the fake Graph and Google servers share: a local HTTP server, JSON in and out, throttling. */
export interface FakeRequest {
  method: string;
  url: URL;
  headers: IncomingMessage['headers'];
  body: string;
  at: number;
}

export interface FakeAnswer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface FakeHttp {
  origin: string;
  /** every request received, in order */
  requests: FakeRequest[];
  /** The next `count` requests (token requests excluded) answer 429 with Retry-After: seconds. */
  throttleNext(count: number, retryAfterSeconds: number): void;
  close(): Promise<void>;
}

export async function startFakeHttp(
  handle: (request: FakeRequest) => FakeAnswer | Promise<FakeAnswer>,
  throttled: (status: number, retryAfterSeconds: number) => FakeAnswer,
  isTokenRequest: (request: FakeRequest) => boolean,
): Promise<FakeHttp> {
  const requests: FakeRequest[] = [];
  let throttle = { count: 0, seconds: 0 };
  const server: Server = createServer((incoming: IncomingMessage, outgoing: ServerResponse) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const request: FakeRequest = {
        method: incoming.method ?? 'GET',
        url: new URL(incoming.url ?? '/', `http://${incoming.headers.host ?? 'localhost'}`),
        headers: incoming.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
      };
      requests.push(request);
      const answer = async (): Promise<FakeAnswer> => {
        if (throttle.count > 0 && !isTokenRequest(request)) {
          throttle.count -= 1;
          return throttled(429, throttle.seconds);
        }
        return handle(request);
      };
      answer()
        .catch((error: unknown): FakeAnswer => ({ status: 500, body: { error: String(error) } }))
        .then((result) => {
          const text = result.body === undefined ? '' : JSON.stringify(result.body);
          outgoing.writeHead(result.status, {
            ...(text ? { 'content-type': 'application/json; charset=utf-8' } : {}),
            ...result.headers,
          });
          outgoing.end(text);
        });
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  const port = address && typeof address === 'object' ? address.port : 0;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    throttleNext(count, seconds) {
      throttle = { count, seconds };
    },
    async close() {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}

export function bearerOf(request: FakeRequest): string | null {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer (\S+)$/.exec(header) : null;
  return match ? match[1]! : null;
}

export function jsonOf(request: FakeRequest): unknown {
  try {
    return JSON.parse(request.body) as unknown;
  } catch {
    return undefined;
  }
}
