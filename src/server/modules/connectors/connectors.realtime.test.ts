import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { buildTestServer, type TestServer } from '../../../../test/support/server-app';
import { ACCOUNTS, call, signIn } from '../../../../test/support/server-factories';
import { REALTIME_PATH, type RealtimeServerMessage } from '../../../shared/contract/realtime';

async function until(check: () => boolean, what: string, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe("spec §4 'connectors changed'", () => {
  let server: TestServer;
  const sockets: WebSocket[] = [];
  beforeAll(async () => {
    server = await buildTestServer({ config: { allowPrivateConnectorUrls: true } });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await server?.close();
  });

  const listen = async (token: string, subdomain = 'acme') => {
    const socket = await server.app.injectWS(REALTIME_PATH);
    sockets.push(socket);
    const messages: RealtimeServerMessage[] = [];
    socket.on('message', (data) => messages.push(JSON.parse(data.toString()) as RealtimeServerMessage));
    socket.send(JSON.stringify({ type: 'auth', token, subdomain }));
    await until(() => messages.some((m) => m.type === 'ready'), 'ready');
    return () => messages.filter((m) => m.type === 'event');
  };

  it('reaches the company’s users who may read connectors, not other users nor other companies', async () => {
    const admin = await signIn(server, ACCOUNTS.acmeAdmin);
    const adminEvents = await listen(admin);
    const employeeEvents = await listen(await signIn(server, ACCOUNTS.employee));
    const globexEvents = await listen(await signIn(server, ACCOUNTS.globexAdmin, 'globex'), 'globex');

    const created = await call(server, 'POST', '/api/company/v1/connectors/intranets', {
      token: admin,
      subdomain: 'acme',
      body: { name: 'Intranet', url: 'https://intranet.acme.example/' },
    });
    expect(created.statusCode, created.body).toBe(200);
    const { id } = created.json<{ id: number }>();

    await until(() => adminEvents().length > 0, 'the event');
    expect(adminEvents()).toEqual([
      { type: 'event', event: 'connectors_changed', data: { connector: 'intranet', id, action: 'created' } },
    ]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(employeeEvents()).toEqual([]);
    expect(globexEvents()).toEqual([]);
  });
});
