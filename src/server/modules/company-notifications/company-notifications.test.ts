import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { browserKeys, decryptPush, fakePushService } from '../../../../test/support/fake-push';
import { describeEachDatabase, TEST_DATABASE_URL } from '../../../../test/support/server-app';
import { ACCOUNTS, call, expectErrorShape, signIn } from '../../../../test/support/server-factories';
import {
  notificationPaths,
  type CompanyNotification,
  type UnreadCount,
  type UserNotificationPage,
} from '../../../shared/contract/company-notifications';
import { openDatabase } from '../../db/connection';
import {
  containerId,
  notificationBody,
  notificationsAdmin,
  recipientsOf,
  userIdOf,
} from './company-notifications.fixtures';
import { sendDueNotifications } from './delivery';

const minutesFrom = (now: Date, minutes: number) => new Date(now.getTime() + minutes * 60_000);

describeEachDatabase(
  'company notifications (spec §2 /company-notifications, §7 notifications and user notifications)',
  (server) => {
    const admin = notificationsAdmin(server);
    const push = fakePushService();
    const browser = browserKeys();
    let employee: string;
    let teammate: string;
    const deliver = (now = new Date()) => sendDueNotifications(server().db.kysely, server().app.deps, now);
    const mine = async (token: string) =>
      admin.expectStatus<UserNotificationPage>(
        await admin.request(token, 'GET', `${notificationPaths.mine}?page=1&per_page=50`),
        200,
      );
    const unread = async (token: string) =>
      admin.expectStatus<UnreadCount>(await admin.request(token, 'GET', notificationPaths.unread), 200)
        .unread;
    const notificationRows = async () =>
      Number(
        (
          await server()
            .db.kysely.selectFrom('company_notifications')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );

    beforeAll(async () => {
      const base = await push.start();
      await admin.signIn();
      employee = await signIn(server(), ACCOUNTS.employee);
      teammate = await signIn(server(), ACCOUNTS.teammate);
      const subscribed = await call(server(), 'POST', '/api/company/v1/push-notifications/subscriptions', {
        subdomain: 'acme',
        token: employee,
        body: { endpoint: `${base}/push/employee`, keys: browser.keys },
      });
      expect(subscribed.statusCode, subscribed.body).toBe(200);
    });
    afterAll(() => push.stop());

    it('sends a notification to all users of its company, each once, in the app, by mail and by push; never to another company', async () => {
      const sent = await admin.create(await notificationBody(server(), 'Fire drill today'));
      expect(sent).toMatchObject({ status: 'scheduled', all_users: true, send_to: 'all_users' });
      expect(await deliver()).toContain(sent.id);
      expect(await deliver()).not.toContain(sent.id);
      expect(await recipientsOf(server(), sent.id)).toEqual(
        [ACCOUNTS.acmeAdmin, ACCOUNTS.employee, ACCOUNTS.reception, ACCOUNTS.teammate].sort(),
      );
      const mails = await server()
        .db.kysely.selectFrom('outbox')
        .select(['to_address', 'text_body'])
        .where('subject', '=', 'Fire drill today')
        .execute();
      expect(mails.map((mail) => mail.to_address).sort()).toEqual(
        [ACCOUNTS.acmeAdmin, ACCOUNTS.employee, ACCOUNTS.reception, ACCOUNTS.teammate].sort(),
      );
      expect(mails[0]!.text_body).toContain('Fire drill today: details');
      const pushes = push.received
        .map((message) => decryptPush(message.body, browser) as { title: string; body: string })
        .filter((message) => message.title === 'Fire drill today');
      expect(pushes).toEqual([{ title: 'Fire drill today', body: 'Fire drill today: details', url: '/' }]);
      const shown = await admin.expectStatus<CompanyNotification>(
        await admin.request(admin.acme, 'GET', notificationPaths.oneOf(sent.id)),
        200,
      );
      expect(shown).toMatchObject({ status: 'sent', recipients: 4 });
      // the other company sees neither the notification nor a delivery
      const globexCentre = await admin.expectStatus<UserNotificationPage>(
        await admin.request(admin.globex, 'GET', notificationPaths.mine, undefined, 'globex'),
        200,
      );
      expect(globexCentre.data.map((each) => each.notification_id)).not.toContain(sent.id);
      expectErrorShape(
        await admin.request(admin.globex, 'GET', notificationPaths.oneOf(sent.id), undefined, 'globex'),
        404,
      );
    });

    it('sends to the members of the chosen user containers only', async () => {
      const employees = await containerId(server(), 'acme', 'Employees');
      const sent = await admin.create(
        await notificationBody(server(), 'For employees', {
          send_to: 'user_containers',
          user_container_ids: [employees],
        }),
      );
      expect(sent.user_containers).toEqual([{ id: employees, name: 'Employees' }]);
      await deliver();
      expect(await recipientsOf(server(), sent.id)).toEqual([ACCOUNTS.employee]);
      expect((await mine(teammate)).data.map((each) => each.name)).not.toContain('For employees');
    });

    it('sends to the chosen users only', async () => {
      const sent = await admin.create(
        await notificationBody(server(), 'For Tom', {
          send_to: 'users',
          user_ids: [await userIdOf(server(), ACCOUNTS.teammate)],
        }),
      );
      await deliver();
      expect(await recipientsOf(server(), sent.id)).toEqual([ACCOUNTS.teammate]);
    });

    it('sends a scheduled notification edited before its time once, in its edited form, and refuses edits once sent (409)', async () => {
      const now = new Date();
      const scheduled = await admin.create(
        await notificationBody(server(), 'Draft title', {
          send_to: 'users',
          user_ids: [await userIdOf(server(), ACCOUNTS.employee)],
          send_at: minutesFrom(now, 2).toISOString(),
        }),
      );
      expect(await deliver(now)).not.toContain(scheduled.id);
      const edited = await admin.update(
        scheduled.id,
        await notificationBody(server(), 'Final title', {
          send_to: 'users',
          user_ids: [await userIdOf(server(), ACCOUNTS.employee)],
          send_at: minutesFrom(now, 2).toISOString(),
        }),
      );
      expect(edited.statusCode, edited.body).toBe(200);
      expect(await deliver(minutesFrom(now, 3))).toEqual([scheduled.id]);
      expect(await deliver(minutesFrom(now, 4))).toEqual([]);
      const received = (await mine(employee)).data.filter((each) => each.notification_id === scheduled.id);
      expect(received.map((each) => each.name)).toEqual(['Final title']);
      const subjects = await server()
        .db.kysely.selectFrom('outbox')
        .select('subject')
        .where('subject', 'in', ['Draft title', 'Final title'])
        .execute();
      expect(subjects).toEqual([{ subject: 'Final title' }]);
      const late = await admin.update(
        scheduled.id,
        await notificationBody(server(), 'Too late', { send_at: minutesFrom(now, 10).toISOString() }),
      );
      expectErrorShape(late, 409);
    });

    it('cancels a scheduled notification deleted before its time: nobody receives it', async () => {
      const now = new Date();
      const scheduled = await admin.create(
        await notificationBody(server(), 'Cancelled one', { send_at: minutesFrom(now, 5).toISOString() }),
      );
      const deleted = await admin.request(admin.acme, 'DELETE', notificationPaths.oneOf(scheduled.id));
      expect(deleted.statusCode, deleted.body).toBe(200);
      expect(await deliver(minutesFrom(now, 6))).not.toContain(scheduled.id);
      expect(await recipientsOf(server(), scheduled.id)).toEqual([]);
    });

    it('answers 422 with field errors, and stores nothing, for a body it cannot accept', async () => {
      const before = await notificationRows();
      const globexContainer = await containerId(server(), 'globex', 'Administrators');
      const now = new Date();
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ translations: [] }, 'translations'],
        [{ send_to: 'user_containers', user_container_ids: [] }, 'user_container_ids'],
        [{ send_to: 'user_containers', user_container_ids: [globexContainer] }, 'user_container_ids.0'],
        [{ send_to: 'users', user_ids: [] }, 'user_ids'],
        [{ send_to: 'users', user_ids: [await userIdOf(server(), ACCOUNTS.globexAdmin)] }, 'user_ids.0'],
        [{ send_at: minutesFrom(now, -30).toISOString() }, 'send_at'],
        [{ send_at: 'tomorrow' }, 'send_at'],
        [
          {
            datetime_from: minutesFrom(now, 60).toISOString(),
            datetime_to: minutesFrom(now, 30).toISOString(),
          },
          'datetime_to',
        ],
        [{ day: '2031-02-03', datetime_from: minutesFrom(now, 60).toISOString() }, 'day'],
        [{ day: '2020-01-01' }, 'day'],
        [{ send_to: 'everyone' }, 'send_to'],
      ];
      for (const [change, field] of cases) {
        const body = { ...(await notificationBody(server(), 'Refused')), ...change };
        const answer = expectErrorShape(
          await admin.request(admin.acme, 'POST', notificationPaths.list, body),
          422,
        );
        expect(Object.keys(answer.errors ?? {}), JSON.stringify(change)).toContain(field);
      }
      expect(await notificationRows()).toBe(before);
    });

    it('refuses the administrators’ routes to a user without MANAGE_NOTIFICATIONS (403)', async () => {
      const body = await notificationBody(server(), 'Not mine to send');
      const any = (await admin.create(await notificationBody(server(), 'Exists'))).id;
      for (const [method, path, payload] of [
        ['GET', notificationPaths.list, undefined],
        ['GET', notificationPaths.userContainers, undefined],
        ['GET', notificationPaths.oneOf(any), undefined],
        ['POST', notificationPaths.list, body],
        ['PUT', notificationPaths.oneOf(any), body],
        ['DELETE', notificationPaths.oneOf(any), undefined],
      ] as const)
        expectErrorShape(await admin.request(employee, method, path, payload), 403);
    });

    it('finds no record of another company (404) and refuses its token (401)', async () => {
      const acmeOne = (await admin.create(await notificationBody(server(), 'Acme only'))).id;
      const body = await notificationBody(server(), 'Hijack');
      for (const [method, payload] of [
        ['GET', undefined],
        ['PUT', body],
        ['DELETE', undefined],
      ] as const)
        expectErrorShape(
          await admin.request(admin.globex, method, notificationPaths.oneOf(acmeOne), payload, 'globex'),
          404,
        );
      expectErrorShape(await admin.request(admin.globex, 'GET', notificationPaths.list), 401);
      expectErrorShape(await admin.request(admin.globex, 'GET', notificationPaths.mine), 401);
      const globexList = await admin.expectStatus<{ data: CompanyNotification[] }>(
        await admin.request(admin.globex, 'GET', notificationPaths.list, undefined, 'globex'),
        200,
      );
      expect(globexList.data.map((each) => each.id)).not.toContain(acmeOne);
    });

    it('lets a user read and delete their own notifications, page by page, with the unread count; never another’s', async () => {
      await deliver();
      const first = await mine(employee);
      expect(first.meta).toMatchObject({ current_page: 1, per_page: 50 });
      expect(first.data.length).toBeGreaterThan(0);
      const count = await unread(employee);
      expect(count).toBe(first.data.filter((each) => each.read_at === null).length);
      const one = first.data[0]!;

      // another user's, and another company's user, find nothing
      expectErrorShape(await admin.request(teammate, 'PUT', notificationPaths.readOf(one.id), {}), 404);
      expectErrorShape(await admin.request(teammate, 'DELETE', notificationPaths.mineOneOf(one.id)), 404);
      expectErrorShape(
        await admin.request(admin.globex, 'DELETE', notificationPaths.mineOneOf(one.id), undefined, 'globex'),
        404,
      );

      const read = await admin.request(employee, 'PUT', notificationPaths.readOf(one.id), {});
      expect(read.statusCode, read.body).toBe(200);
      expect(read.json<{ read_at: string | null }>().read_at).not.toBeNull();
      expect(await unread(employee)).toBe(count - 1);

      const paged = await admin.expectStatus<UserNotificationPage>(
        await admin.request(employee, 'GET', `${notificationPaths.mine}?page=1&per_page=1`),
        200,
      );
      expect(paged.data).toHaveLength(1);
      expect(paged.meta.last_page).toBe(first.data.length);

      const gone = await admin.request(employee, 'DELETE', notificationPaths.mineOneOf(one.id));
      expect(gone.statusCode, gone.body).toBe(200);
      expect((await mine(employee)).data.map((each) => each.id)).not.toContain(one.id);
      expectErrorShape(await admin.request(employee, 'DELETE', notificationPaths.mineOneOf(one.id)), 404);
    });

    it('leaves a notification out of the centre once its validity has ended', async () => {
      const now = new Date();
      const sent = await admin.create(
        await notificationBody(server(), 'Valid for an hour', {
          send_to: 'users',
          user_ids: [await userIdOf(server(), ACCOUNTS.teammate)],
          datetime_to: minutesFrom(now, 60).toISOString(),
        }),
      );
      await deliver();
      expect((await mine(teammate)).data.map((each) => each.notification_id)).toContain(sent.id);
      await sql`update company_notifications set datetime_to = ${minutesFrom(now, -1)} where id = ${sent.id}`.execute(
        server().db.kysely,
      );
      expect((await mine(teammate)).data.map((each) => each.notification_id)).not.toContain(sent.id);
    });

    it('delivers each notification once when several processes run the delivery at the same moment', async () => {
      const db = server().db;
      let other = db;
      if (server().kind === 'postgres') {
        // a second "server process": its own pool on the same schema of the same database
        const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db.kysely);
        other = await openDatabase(
          { kind: 'postgres', url: TEST_DATABASE_URL! },
          { searchPath: `${rows[0]!.schema},public`, applicationName: rows[0]!.schema },
        );
      }
      try {
        const ids: number[] = [];
        for (let i = 0; i < 4; i += 1)
          ids.push((await admin.create(await notificationBody(server(), `Race ${i}`))).id);
        const deps = server().app.deps;
        const runs = await Promise.all([
          sendDueNotifications(db.kysely, deps),
          sendDueNotifications(other.kysely, deps),
          sendDueNotifications(db.kysely, deps),
        ]);
        const sent = runs.flat().filter((id) => ids.includes(id));
        expect(sent.sort()).toEqual([...ids].sort());
        for (const id of ids) expect(await recipientsOf(server(), id)).toHaveLength(4);
        const mails = await db.kysely
          .selectFrom('outbox')
          .select('to_address')
          .where('subject', 'like', 'Race %')
          .execute();
        expect(mails).toHaveLength(ids.length * 4);
      } finally {
        if (other !== db) await other.close();
      }
    });
  },
  { config: { allowPrivateConnectorUrls: true } },
);
