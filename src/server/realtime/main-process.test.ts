import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { startServer, type RunningServer } from '../../../test/support/server-process';
import { ACCOUNTS, DEMO_PASSWORD } from '../../../test/support/server-factories';
import { REALTIME_CLOSE, REALTIME_PATH } from '../../shared/contract/realtime';

/** The real server process (npm start's main.ts): the socket is served, and closed on SIGTERM. */
describe('realtime in the server process', () => {
  let server: RunningServer;

  // A fresh embedded database in a new process: slow on a busy machine.
  beforeAll(async () => {
    server = await startServer();
  }, 120_000);
  afterAll(async () => server?.stop());

  it('signs a socket in, then tells it the server is going away when the process stops', async () => {
    const login = await fetch(`http://127.0.0.1:${server.port}/api/company/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', subdomain: 'acme' },
      body: JSON.stringify({ email: ACCOUNTS.employee, password: DEMO_PASSWORD }),
    });
    expect(login.status).toBe(200);
    const { access_token: token } = (await login.json()) as { access_token: string };

    const socket = new WebSocket(`ws://127.0.0.1:${server.port}${REALTIME_PATH}`);
    const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
    const ready = new Promise<string>((resolve) =>
      socket.once('message', (data) => resolve(data.toString())),
    );
    await new Promise((resolve) => socket.once('open', resolve));
    socket.send(JSON.stringify({ type: 'auth', token, subdomain: 'acme' }));
    expect(JSON.parse(await ready)).toEqual({ type: 'ready' });

    await server.stop();
    expect(await closed).toBe(REALTIME_CLOSE.goingAway);
  });
});
