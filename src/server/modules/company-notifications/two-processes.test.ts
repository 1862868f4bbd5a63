import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { browserKeys, decryptPush, fakePushService } from '../../../../test/support/fake-push';
import { TEST_DATABASE_URL } from '../../../../test/support/server-app';
import { ACCOUNTS, DEMO_PASSWORD } from '../../../../test/support/server-factories';
import { startServer, type RunningServer } from '../../../../test/support/server-process';
import { notificationPaths } from '../../../shared/contract/company-notifications';
import { REALTIME_PATH } from '../../../shared/contract/realtime';

/**
 * The acceptance of issue 45 (notifications): two server processes on one PostgreSQL, both clocks
 * moved by the test. A notification scheduled two minutes ahead for one user container reaches
 * exactly its members, each once: in the app (live, whichever process their socket is on), in the
 * outbox and by push to a local endpoint.
 */
describe.skipIf(!TEST_DATABASE_URL)(
  'company notifications with two server processes on one PostgreSQL',
  () => {
    const schema = `notifications_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL! });
    const push = fakePushService();
    const servers: RunningServer[] = [];
    const sockets: WebSocket[] = [];

    beforeAll(async () => {
      await admin.connect();
      await admin.query(`create schema ${schema}`);
      // the triggers of the tables this test writes to name their tables without a schema
      await admin.query(`set search_path to ${schema}, public`);
      const url = new URL(TEST_DATABASE_URL!);
      url.searchParams.set('options', `-c search_path=${schema},public`);
      const env = { DATABASE_URL: url.toString(), ALLOW_PRIVATE_CONNECTOR_URLS: 'true' };
      // the second waits for the first's migrations and seed (advisory locks), then finds them done
      servers.push(await startServer(env, { clock: true }));
      servers.push(await startServer(env, { clock: true }));
    }, 600_000);

    afterAll(async () => {
      for (const socket of sockets) socket.terminate();
      await Promise.all(servers.map((server) => server.stop()));
      await push.stop();
      await admin.query(`drop schema if exists ${schema} cascade`);
      await admin.end();
    });

    const api = async <T>(
      server: RunningServer,
      method: string,
      path: string,
      token: string | null,
      body?: unknown,
    ): Promise<T> => {
      const response = await fetch(`http://127.0.0.1:${server.port}${path}`, {
        method,
        headers: {
          'content-type': 'application/json',
          subdomain: 'acme',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await response.text();
      expect(response.ok, `${method} ${path}: ${text}`).toBe(true);
      return JSON.parse(text) as T;
    };
    const signIn = async (server: RunningServer, email: string) =>
      (
        await api<{ access_token: string }>(server, 'POST', '/api/company/v1/auth/login', null, {
          email,
          password: DEMO_PASSWORD,
        })
      ).access_token;
    /** A signed-in socket on `server`, and the events it hears. */
    const listen = async (server: RunningServer, token: string) => {
      const socket = new WebSocket(`ws://127.0.0.1:${server.port}${REALTIME_PATH}`);
      sockets.push(socket);
      const heard: string[] = [];
      const ready = new Promise<void>((resolve) =>
        socket.on('message', (data) => {
          const message = JSON.parse(data.toString()) as { type: string; event?: string };
          if (message.type === 'ready') resolve();
          if (message.event) heard.push(message.event);
        }),
      );
      await new Promise((resolve) => socket.once('open', resolve));
      socket.send(JSON.stringify({ type: 'auth', token, subdomain: 'acme' }));
      await ready;
      return heard;
    };
    const rows = async (sql: string, values: unknown[] = []) =>
      (await admin.query(sql.replaceAll('$schema', schema), values)).rows as Array<Record<string, unknown>>;

    it('sends a notification scheduled two minutes ahead to the container’s members only, each once, in the app, by mail and by push', async () => {
      const [first, second] = servers as [RunningServer, RunningServer];
      const base = await push.start();
      // The "Employees" container holds Emil; Tom joins it. Ada and Rita stay outside.
      await rows(
        `insert into $schema.user_container_members (company_id, container_id, user_id)
       select c.company_id, c.id, u.id from $schema.user_containers c
       join $schema.users u on u.company_id = c.company_id and u.email = $1
       where c.name = 'Employees'`,
        [ACCOUNTS.teammate],
      );
      const [container] = await rows(`select id from $schema.user_containers where name = 'Employees'`);
      const [english] = await rows(`select id from $schema.languages where code = 'en'`);

      const start = new Date();
      await Promise.all(servers.map((server) => server.setClock(start)));
      const ada = await signIn(first, ACCOUNTS.acmeAdmin);
      const emil = await signIn(first, ACCOUNTS.employee);
      const tom = await signIn(second, ACCOUNTS.teammate);
      const browsers = { emil: browserKeys(), tom: browserKeys() };
      await api(first, 'POST', '/api/company/v1/push-notifications/subscriptions', emil, {
        endpoint: `${base}/push/emil`,
        keys: browsers.emil.keys,
      });
      await api(second, 'POST', '/api/company/v1/push-notifications/subscriptions', tom, {
        endpoint: `${base}/push/tom`,
        keys: browsers.tom.keys,
      });
      // Emil's page is served by the first process, Tom's and Ada's by the second.
      const emilHears = await listen(first, emil);
      const tomHears = await listen(second, tom);
      const adaHears = await listen(second, ada);

      const created = await api<{ id: number }>(first, 'POST', notificationPaths.list, ada, {
        translations: [{ language_id: english!.id, name: 'Team lunch', description: 'Friday at noon.' }],
        send_to: 'user_containers',
        user_container_ids: [container!.id],
        send_at: new Date(start.getTime() + 2 * 60_000).toISOString(),
      });
      const delivered = () =>
        rows(
          `select u.email from $schema.user_notifications un join $schema.users u on u.id = un.user_id
         where un.notification_id = $1 order by u.email`,
          [created.id],
        );
      // Not before its time: both processes run their rounds (every 5 s) and leave it alone.
      await new Promise((resolve) => setTimeout(resolve, 12_000));
      expect(await delivered()).toEqual([]);

      // Two minutes on, on both clocks.
      const due = new Date(Date.now() + 2 * 60_000 + 1_000);
      await Promise.all(servers.map((server) => server.setClock(due)));
      await expect
        .poll(async () => (await delivered()).map((row) => row.email))
        .toEqual([ACCOUNTS.employee, ACCOUNTS.teammate].sort());

      const mails = await rows(
        `select to_address from $schema.outbox where subject = 'Team lunch' order by to_address`,
      );
      expect(mails.map((mail) => mail.to_address)).toEqual([ACCOUNTS.employee, ACCOUNTS.teammate].sort());
      await expect.poll(() => push.received.length).toBe(2);
      expect(push.received.map((message) => message.path).sort()).toEqual(['/push/emil', '/push/tom']);
      for (const message of push.received) {
        const keys = message.path === '/push/emil' ? browsers.emil : browsers.tom;
        expect(decryptPush(message.body, keys)).toMatchObject({
          title: 'Team lunch',
          body: 'Friday at noon.',
        });
      }
      await expect
        .poll(() => emilHears.filter((event) => event === 'user_notifications_changed').length)
        .toBe(1);
      await expect
        .poll(() => tomHears.filter((event) => event === 'user_notifications_changed').length)
        .toBe(1);
      expect(
        await api<{ unread: number }>(second, 'GET', notificationPaths.unread, emil).then(
          (answer) => answer.unread,
        ),
      ).toBe(1);
      // Rounds of both processes later, still once each; Ada, outside the container, heard nothing.
      await new Promise((resolve) => setTimeout(resolve, 12_000));
      expect((await delivered()).length).toBe(2);
      expect(push.received).toHaveLength(2);
      expect(adaHears).not.toContain('user_notifications_changed');
    });
  },
);
