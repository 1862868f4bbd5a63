import { afterAll, beforeAll, expect, it } from 'vitest';
import { browserKeys, decryptPush, fakePushService } from '../../../../test/support/fake-push';
import { describeEachDatabase } from '../../../../test/support/server-app';
import { ACCOUNTS, call, expectErrorShape, signIn } from '../../../../test/support/server-factories';

const API = '/api/company/v1/push-notifications';

describeEachDatabase(
  'push notifications (spec §2 /profile push-notifications)',
  (server) => {
    const push = fakePushService();
    let base: string;
    let employee: string;
    let globex: string;

    beforeAll(async () => {
      base = await push.start();
      employee = await signIn(server(), ACCOUNTS.employee);
      globex = await signIn(server(), ACCOUNTS.globexAdmin, 'globex');
    });
    afterAll(() => push.stop());

    const as = (token: string, method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown) =>
      call(server(), method, `${API}${path}`, { subdomain: 'acme', token, body });

    it('answers the VAPID public key, the same every time (made once, kept)', async () => {
      const first = (await as(employee, 'GET', '/public-key')).json<{ public_key: string }>().public_key;
      expect(Buffer.from(first, 'base64url')).toHaveLength(65);
      expect((await as(employee, 'GET', '/public-key')).json()).toEqual({ public_key: first });
      const stored = await server().db.kysely.selectFrom('vapid_keys').selectAll().execute();
      expect(stored).toHaveLength(1);
      expect(stored[0]!.private_key_sealed).toMatch(/^v1\./);
    });

    it('stores a subscription and sends a push the browser can decrypt, signed with the VAPID key', async () => {
      const browser = browserKeys();
      const endpoint = `${base}/push/employee-browser`;
      const stored = await as(employee, 'POST', '/subscriptions', { endpoint, keys: browser.keys });
      expect(stored.json()).toEqual({ subscriptions: 1 });
      const rows = await server().db.kysely.selectFrom('push_subscriptions').selectAll().execute();
      expect(rows.map((row) => row.endpoint)).toEqual([endpoint]);

      const sent = await as(employee, 'POST', '/test', {});
      expect(sent.json()).toEqual({ sent: 1, removed: 0 });
      const message = push.received.at(-1)!;
      expect(message.path).toBe('/push/employee-browser');
      expect(message.headers['content-encoding']).toBe('aes128gcm');
      expect(message.headers.ttl).toBe('3600');
      const publicKey = (await as(employee, 'GET', '/public-key')).json<{ public_key: string }>().public_key;
      expect(message.headers.authorization).toMatch(new RegExp(`^vapid t=[\\w.-]+, k=${publicKey}$`));
      expect(decryptPush(message.body, browser)).toEqual({
        title: 'Workplace',
        body: 'Notifications are on for this browser.',
        url: '/profile/push-notifications',
      });
    });

    it('removes a subscription the push service says is gone', async () => {
      push.answer(410);
      const sent = await as(employee, 'POST', '/test', {});
      expect(sent.json()).toEqual({ sent: 0, removed: 1 });
      expect((await as(employee, 'GET', '/subscriptions')).json()).toEqual({ subscriptions: 0 });
      push.answer(201);
    });

    it('refuses a malformed subscription with 422 and stores nothing', async () => {
      const { keys } = browserKeys();
      for (const body of [
        { endpoint: 'not a url', keys },
        { endpoint: 'ftp://push.example/1', keys },
        { endpoint: `${base}/push/x`, keys: { p256dh: 'not base64!', auth: keys.auth } },
        { endpoint: `${base}/push/x` },
      ])
        expectErrorShape(await as(employee, 'POST', '/subscriptions', body), 422);
      expect((await as(employee, 'GET', '/subscriptions')).json()).toEqual({ subscriptions: 0 });
    });

    it('unsubscribes this browser, and never another user’s or company’s', async () => {
      const browser = browserKeys();
      const endpoint = `${base}/push/shared`;
      await as(employee, 'POST', '/subscriptions', { endpoint, keys: browser.keys });
      expectErrorShape(await as(globex, 'DELETE', '/subscriptions', { endpoint }), 401);
      const reception = await signIn(server(), ACCOUNTS.reception);
      expect((await as(reception, 'DELETE', '/subscriptions', { endpoint })).json()).toEqual({
        subscriptions: 0,
      });
      expect((await as(employee, 'GET', '/subscriptions')).json()).toEqual({ subscriptions: 1 });
      expect((await as(employee, 'DELETE', '/subscriptions', { endpoint })).json()).toEqual({
        subscriptions: 0,
      });
    });

    it('refuses without a session (401) and without USER_PROFILE (403)', async () => {
      expectErrorShape(await call(server(), 'GET', `${API}/public-key`, { subdomain: 'acme' }), 401);
      const db = server().db.kysely;
      const withoutProfile = await db
        .updateTable('role_permissions')
        .set({ is_active: false })
        .where(
          'permission_id',
          '=',
          db.selectFrom('permissions').select('id').where('name', '=', 'USER_PROFILE'),
        )
        .where('role_id', 'in', db.selectFrom('roles').select('id').where('name', '=', 'Team member'))
        .executeTakeFirst();
      expect(withoutProfile.numUpdatedRows).toBeGreaterThan(0n);
      const teammate = await signIn(server(), ACCOUNTS.teammate);
      expectErrorShape(await as(teammate, 'POST', '/test', {}), 403);
    });
  },
  { config: { allowPrivateConnectorUrls: true } },
);
