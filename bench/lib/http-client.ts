/**
 * A load generator's HTTP client: HTTP/1.1 over kept-alive node:net sockets, one request at a time
 * on each, answers read by their Content-Length. The benches measure the server, and on a 2-core
 * machine whatever the client spends is taken from it: Node's fetch (undici) cost the booking
 * bench's process 1.0–1.4 ms a request there, node:http 0.3–0.5 ms. The server answers every
 * request with a Content-Length (fastify), which is all this client reads.
 */
import { connect, type Socket } from 'node:net';

export interface Answer {
  status: number;
  body: string;
}

interface Connection {
  socket: Socket;
}

const HEAD_END = Buffer.from('\r\n\r\n');

export function keepAliveClient(base: string) {
  const origin = new URL(base);
  const idle: Connection[] = [];
  const all = new Set<Connection>();

  const open = (): Promise<Connection> =>
    new Promise((resolve, reject) => {
      const socket = connect({ host: origin.hostname, port: Number(origin.port) }, () => {
        socket.setNoDelay(true);
        const connection = { socket };
        all.add(connection);
        resolve(connection);
      });
      socket.once('error', reject);
    });

  /** Reads one answer from the socket: status line, headers up to Content-Length, then the body. */
  const answerOn = (socket: Socket): Promise<Answer> =>
    new Promise((resolve, reject) => {
      let buffered: Buffer = Buffer.alloc(0);
      const onData = (chunk: Buffer) => {
        buffered = buffered.length === 0 ? chunk : Buffer.concat([buffered, chunk]);
        const headEnd = buffered.indexOf(HEAD_END);
        if (headEnd < 0) return;
        const head = buffered.subarray(0, headEnd).toString('latin1');
        const length = Number(/\r\ncontent-length:\s*(\d+)/i.exec(head)?.[1] ?? 0);
        const bodyStart = headEnd + HEAD_END.length;
        if (buffered.length < bodyStart + length) return;
        socket.off('data', onData);
        socket.off('error', reject);
        resolve({
          status: Number(head.slice(9, 12)),
          body: buffered.subarray(bodyStart, bodyStart + length).toString('utf8'),
        });
      };
      socket.on('data', onData);
      socket.once('error', reject);
    });

  return {
    async send(method: string, path: string, headers: Record<string, string>, body?: string): Promise<Answer> {
      const connection = idle.pop() ?? (await open());
      const payload = body === undefined ? '' : body;
      const lines = [`${method} ${path} HTTP/1.1`, `host: ${origin.host}`, 'connection: keep-alive'];
      for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
      if (body !== undefined) lines.push(`content-length: ${Buffer.byteLength(payload)}`);
      const answer = answerOn(connection.socket);
      connection.socket.write(`${lines.join('\r\n')}\r\n\r\n${payload}`);
      try {
        return await answer;
      } finally {
        idle.push(connection);
      }
    },
    close() {
      for (const connection of all) connection.socket.destroy();
      all.clear();
      idle.length = 0;
    },
  };
}
