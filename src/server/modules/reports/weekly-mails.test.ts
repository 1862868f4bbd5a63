import { sql } from 'kysely';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../test/support/server-app';
import { ACCOUNTS, expectErrorShape, signIn } from '../../../../test/support/server-factories';
import type {
  ReportFilterList,
  ReportSubscription,
  ReportSubscriptionList,
} from '../../../shared/contract/reports';
import type { ReportFilter } from '../../../shared/reports/filters';
import { addDays, isoWeekday, wallClockAt } from '../../../shared/time/zone';
import { setRolePermission, userId } from '../bookings/bookings.fixtures';
import { givenFloor, ZONE, type Floor } from '../declarations/declarations.fixtures';
import { at, insertRaw, R, reportsApi } from './reports.fixtures';
import { nextSending } from './subscriptions.service';
import { sendWeeklyReports, weeklyPayload } from './weekly-mails';

const S = `${R}/subscriptions`;

describe('nextSending: a weekday and hour of the user’s clock', () => {
  it('is the coming one, a week on once it has passed, and keeps the hour across daylight saving', () => {
    // Monday 23 March 2026, 07:00 in Zurich is 06:00 UTC (winter time)
    expect(nextSending(0, 7, ZONE, new Date('2026-03-23T05:59:00Z')).toISOString()).toBe(
      '2026-03-23T06:00:00.000Z',
    );
    // just after: the next Monday, 07:00 summer time (05:00 UTC): the clocks went forward on the 29th
    expect(nextSending(0, 7, ZONE, new Date('2026-03-23T06:00:00Z')).toISOString()).toBe(
      '2026-03-30T05:00:00.000Z',
    );
    // Sunday 02:00 does not exist on the 29th: the hour after the change
    expect(nextSending(6, 2, ZONE, new Date('2026-03-28T12:00:00Z')).toISOString()).toBe(
      '2026-03-29T01:00:00.000Z',
    );
    // a Friday, asked on a Saturday in Tokyo (still Friday in UTC)
    expect(nextSending(4, 9, 'Asia/Tokyo', new Date('2026-05-15T16:00:00Z')).toISOString()).toBe(
      '2026-05-22T00:00:00.000Z',
    );
  });
});

describeEachDatabase('weekly report mails (issue 44)', (server) => {
  const api = reportsApi(server);
  const { request, expectStatus } = api;
  let admin: string;
  let employee: string;
  let globex: string;
  let floor: Floor;
  let filters: ReportFilter[];

  const db = () => server().db.kysely;
  const deps = () => server().app.deps;
  const log = () => server().app.log;
  const preset = async (name: string, token = admin, subdomain = 'acme') =>
    expectStatus<{ id: number }>(
      await request(
        token,
        'POST',
        `${R}/presets`,
        { name, section: 'dashboard', preset: { filters } },
        subdomain,
      ),
      201,
    ).id;
  const subscribe = async (body: Record<string, unknown>) =>
    expectStatus<ReportSubscription>(await request(admin, 'POST', S, body), 201);
  const mailsAbout = (name: string) =>
    db()
      .selectFrom('outbox')
      .select(['to_address', 'subject', 'text_body', 'attachments'])
      .where('subject', 'like', `%${name}%`)
      .execute();
  const setLanguage = (email: string, code: string) =>
    sql`update users set language_id = (select id from languages where code = ${code})
      where email = ${email}`.execute(db());

  beforeAll(async () => {
    admin = await signIn(server(), ACCOUNTS.acmeAdmin);
    employee = await signIn(server(), ACCOUNTS.employee);
    globex = await signIn(server(), ACCOUNTS.globexAdmin, 'globex');
    floor = await givenFloor(server());
    await sql`update users set timezone = ${ZONE} where email = ${ACCOUNTS.acmeAdmin}`.execute(db());
    const defaults = expectStatus<ReportFilterList>(
      await request(admin, 'GET', `${R}/filters?section=dashboard`),
      200,
    ).data as ReportFilter[];
    filters = defaults.map((filter) =>
      filter.id === 'locations' ? { ...filter, selected: true, value: [floor.levelId] } : filter,
    );
  });
  afterEach(async () => {
    await setLanguage(ACCOUNTS.acmeAdmin, 'en');
    await sql`delete from report_subscriptions`.execute(db());
  });

  describe('reports/subscriptions', () => {
    it('subscribes a preset, lists, changes and stops it; the next mail is on the user’s clock', async () => {
      const id = await preset('Floor weekly');
      const created = await subscribe({ preset_id: id, weekday: 2, hour: 9 });
      expect(created).toMatchObject({
        preset_id: id,
        preset_name: 'Floor weekly',
        section: 'dashboard',
        weekday: 2,
        hour: 9,
        attach_csv: true,
        last_sent_at: null,
      });
      const next = wallClockAt(new Date(created.next_at), ZONE);
      expect([isoWeekday(next.date), next.time]).toEqual([3, '09:00']);
      expect(new Date(created.next_at).getTime()).toBeGreaterThan(Date.now());

      const listed = expectStatus<ReportSubscriptionList>(await request(admin, 'GET', S), 200);
      expect(listed.data.map((row) => row.id)).toEqual([created.id]);

      const changed = expectStatus<ReportSubscription>(
        await request(admin, 'PUT', `${S}/${created.id}`, { hour: 18, attach_csv: false }),
        200,
      );
      expect(changed).toMatchObject({ weekday: 2, hour: 18, attach_csv: false });
      expect(wallClockAt(new Date(changed.next_at), ZONE).time).toBe('18:00');

      expectStatus(await request(admin, 'DELETE', `${S}/${created.id}`), 200);
      expect(expectStatus<ReportSubscriptionList>(await request(admin, 'GET', S), 200).data).toEqual([]);
      expectErrorShape(await request(admin, 'DELETE', `${S}/${created.id}`), 404);
    });

    it('answers 422 with the fields: day, hour, another user’s preset, a preset mailed already', async () => {
      const id = await preset('Checked');
      const wrong = expectErrorShape(
        await request(admin, 'POST', S, { preset_id: id, weekday: 7, hour: 24 }),
        422,
      );
      expect(wrong.errors).toEqual({ weekday: ['Choose a day.'], hour: ['Choose an hour.'] });
      const missing = expectErrorShape(await request(admin, 'POST', S, {}), 422);
      expect(Object.keys(missing.errors ?? {}).sort()).toEqual(['hour', 'preset_id', 'weekday']);

      const theirs = await preset('Globex preset', globex, 'globex');
      const foreign = expectErrorShape(
        await request(admin, 'POST', S, { preset_id: theirs, weekday: 0, hour: 7 }),
        422,
      );
      expect(foreign.errors).toEqual({ preset_id: ['The preset was not found.'] });

      const first = await subscribe({ preset_id: id, weekday: 0, hour: 7 });
      const twice = expectErrorShape(
        await request(admin, 'POST', S, { preset_id: id, weekday: 3, hour: 7 }),
        422,
      );
      expect(twice.errors).toEqual({ preset_id: ['This preset already has a weekly mail.'] });
      const badHour = expectErrorShape(await request(admin, 'PUT', `${S}/${first.id}`, { hour: -1 }), 422);
      expect(badHour.errors).toEqual({ hour: ['Choose an hour.'] });
    });

    it('refuses without REPORTS (403), without REPORTS_BOOKINGS (403), and another company’s (404)', async () => {
      const mine = await subscribe({ preset_id: await preset('Guarded'), weekday: 0, hour: 7 });
      for (const [method, url, body] of [
        ['GET', S, undefined],
        ['POST', S, { preset_id: mine.preset_id, weekday: 0, hour: 7 }],
        ['PUT', `${S}/${mine.id}`, { hour: 8 }],
        ['DELETE', `${S}/${mine.id}`, undefined],
      ] as const)
        expectErrorShape(await request(employee, method, url, body), 403);

      expectErrorShape(await request(globex, 'PUT', `${S}/${mine.id}`, { hour: 8 }, 'globex'), 404);
      expectErrorShape(await request(globex, 'DELETE', `${S}/${mine.id}`, undefined, 'globex'), 404);
      expect(
        expectStatus<ReportSubscriptionList>(await request(globex, 'GET', S, undefined, 'globex'), 200).data,
      ).toEqual([]);

      const other = await preset('Other');
      await setRolePermission(server(), 'acme', 'Administrator', 'REPORTS_BOOKINGS', false);
      try {
        const fresh = await signIn(server(), ACCOUNTS.acmeAdmin);
        expectErrorShape(await request(fresh, 'PUT', `${S}/${mine.id}`, { hour: 8 }), 403);
        expectErrorShape(await request(fresh, 'POST', S, { preset_id: other, weekday: 0, hour: 7 }), 403);
        expect(expectStatus<ReportSubscriptionList>(await request(fresh, 'GET', S), 200).data).toEqual([]);
      } finally {
        await setRolePermission(server(), 'acme', 'Administrator', 'REPORTS_BOOKINGS', true);
      }
    });
  });

  describe('the job (a shifted clock)', () => {
    it('mails the week’s figures with the CSV once when due, then a week on at the same hour', async () => {
      const name = 'Mailed weekly';
      const subscription = await subscribe({ preset_id: await preset(name), weekday: 0, hour: 7 });
      const due = new Date(subscription.next_at);
      const sendingDay = wallClockAt(due, ZONE).date;
      const host = await userId(server(), ACCOUNTS.employee);
      const day = addDays(sendingDay, -3);
      await insertRaw(server(), floor.companyId, {
        resourceId: await floor.resource('Desk Weekly'),
        userId: host,
        startsAt: at(ZONE, day, 9),
        endsAt: at(ZONE, day, 12),
        status: 'checked_out',
        checkedInAt: at(ZONE, day, 9),
      });

      expect(await sendWeeklyReports(db(), deps(), log(), new Date(due.getTime() - 60_000))).toEqual([]);
      const later = new Date(due.getTime() + 60_000);
      // two processes at once: the claim gives the subscription to one of them
      const [a, b] = await Promise.all([
        sendWeeklyReports(db(), deps(), log(), later),
        sendWeeklyReports(db(), deps(), log(), later),
      ]);
      expect([...a, ...b]).toEqual([subscription.id]);
      expect(await sendWeeklyReports(db(), deps(), log(), later)).toEqual([]);

      const mails = await mailsAbout(name);
      expect(mails).toHaveLength(1);
      const mail = mails[0]!;
      expect(mail.to_address).toBe(ACCOUNTS.acmeAdmin);
      expect(mail.subject).toBe(`Weekly report: ${name}`);
      // the figures are the report's own for the seven days before the sending day
      const payload = weeklyPayload('dashboard', filters, sendingDay);
      expect(payload.datetime_from.slice(0, 10)).toBe(addDays(sendingDay, -7));
      expect(payload.datetime_to.slice(0, 10)).toBe(addDays(sendingDay, -1));
      const report = await api.calculate(admin, payload);
      const percent = (value: number) =>
        new Intl.NumberFormat('en', { style: 'percent', maximumFractionDigits: 1 }).format(value / 100);
      expect(report.summary!.bookings).toBe(1);
      expect(mail.text_body).toContain(`Booked: ${percent(report.summary!.booked_pct)}`);
      expect(mail.text_body).toContain('Bookings: 1');
      expect(mail.text_body).toContain('Check-ins: 1');
      expect(mail.text_body).toContain('The figures are attached as CurrentExport.csv.');
      expect(mail.text_body).toMatch(
        /Open the report: http:\/\/acme\.[^/\s]+\/reports\/reservations\/dashboard/,
      );
      const [attachment] = (
        typeof mail.attachments === 'string' ? JSON.parse(mail.attachments) : mail.attachments
      ) as Array<{ filename: string; base64: string }>;
      expect(attachment!.filename).toBe('CurrentExport.csv');
      const csv = Buffer.from(attachment!.base64, 'base64').toString('utf8');
      expect(csv.startsWith('\uFEFFkind,key,name,booked_pct,used_pct,bookings,no_shows')).toBe(true);
      expect(csv).toContain(`interval,${day},`);

      const moved = expectStatus<ReportSubscriptionList>(await request(admin, 'GET', S), 200).data[0]!;
      expect(moved.last_sent_at).toBe(later.toISOString());
      const next = wallClockAt(new Date(moved.next_at), ZONE);
      expect([next.date, next.time]).toEqual([addDays(sendingDay, 7), '07:00']);
    });

    it('writes in the recipient’s language, and without the CSV when not asked', async () => {
      await setLanguage(ACCOUNTS.acmeAdmin, 'fr');
      const name = 'Hebdo';
      const subscription = await subscribe({
        preset_id: await preset(name),
        weekday: 3,
        hour: 8,
        attach_csv: false,
      });
      const later = new Date(new Date(subscription.next_at).getTime() + 60_000);
      expect(await sendWeeklyReports(db(), deps(), log(), later)).toEqual([subscription.id]);
      const [mail] = await mailsAbout(name);
      expect(mail!.subject).toBe(`Rapport hebdomadaire : ${name}`);
      expect(mail!.text_body).toContain('Tableau de bord');
      expect(mail!.text_body).toContain('Ouvrir le rapport : http://acme.');
      expect(mail!.text_body).not.toContain('CurrentExport.csv');
      const attachments: unknown =
        typeof mail!.attachments === 'string' ? JSON.parse(mail!.attachments) : mail!.attachments;
      expect(attachments).toEqual([]);
    });

    it('mails nothing to a user who may no longer read the report, and moves on to next week', async () => {
      const name = 'No longer allowed';
      const subscription = await subscribe({ preset_id: await preset(name), weekday: 1, hour: 6 });
      const later = new Date(new Date(subscription.next_at).getTime() + 60_000);
      await setRolePermission(server(), 'acme', 'Administrator', 'REPORTS_BOOKINGS', false);
      try {
        expect(await sendWeeklyReports(db(), deps(), log(), later)).toEqual([]);
      } finally {
        await setRolePermission(server(), 'acme', 'Administrator', 'REPORTS_BOOKINGS', true);
      }
      expect(await mailsAbout(name)).toEqual([]);
      const row = await db()
        .selectFrom('report_subscriptions')
        .select('next_at')
        .where('id', '=', subscription.id)
        .executeTakeFirstOrThrow();
      expect(new Date(row.next_at).getTime()).toBeGreaterThan(later.getTime());
    });
  });

  it('a deleted preset takes its weekly mail with it', async () => {
    const id = await preset('Short-lived');
    await subscribe({ preset_id: id, weekday: 0, hour: 7 });
    expectStatus(await request(admin, 'DELETE', `${R}/presets/${id}`), 200);
    expect(expectStatus<ReportSubscriptionList>(await request(admin, 'GET', S), 200).data).toEqual([]);
  });
});
