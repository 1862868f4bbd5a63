import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { browserKeys, decryptPush, fakePushService } from '../../../../test/support/fake-push';
import { describeEachDatabase } from '../../../../test/support/server-app';
import { ACCOUNTS, call, signIn } from '../../../../test/support/server-factories';
import { CHECK_IN_GRACE_KEY, CHECK_IN_REMINDER_KEY } from '../../../shared/booking/declaration-rules';
import { userPreferencePath } from '../../../shared/contract/preferences';
import { sendCheckInReminders } from './check-in-reminders';
import { givenFloor, insertBooking, minutesFromNow, ZONE, type Floor } from './declarations.fixtures';

const COMPANY = '/api/company/v1';

describeEachDatabase(
  'check-in reminders (issue 40: by push and mail, before auto-release)',
  (server) => {
    const push = fakePushService();
    const browser = browserKeys();
    let floor: Floor;
    let employee: string;

    const db = () => server().db.kysely;
    const deps = () => server().app.deps;
    const booking = async (startMinutes: number, name: string, createdAt?: Date) =>
      insertBooking(server(), {
        companyId: floor.companyId,
        resourceId: await floor.resource(name),
        email: ACCOUNTS.employee,
        startsAt: minutesFromNow(startMinutes),
        endsAt: minutesFromNow(startMinutes + 60),
        createdAt,
      });
    const mailsTo = (email: string, resource: string) =>
      db()
        .selectFrom('outbox')
        .select(['subject', 'text_body'])
        .where('to_address', '=', email)
        .where('subject', 'like', `%${resource}%`)
        .execute();
    const pushesAbout = (resource: string) =>
      push.received
        .map((message) => decryptPush(message.body, browser) as { title: string; body: string; url: string })
        .filter((message) => message.title.includes(resource));
    const atZone = (instant: Date) =>
      new Intl.DateTimeFormat('en', {
        timeZone: ZONE,
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }).format(instant);
    const choose = (value: string) =>
      call(server(), 'PUT', userPreferencePath(CHECK_IN_REMINDER_KEY), {
        subdomain: 'acme',
        token: employee,
        body: { value },
      });

    beforeAll(async () => {
      const base = await push.start();
      floor = await givenFloor(server());
      employee = await signIn(server(), ACCOUNTS.employee);
      const subscribed = await call(server(), 'POST', `${COMPANY}/push-notifications/subscriptions`, {
        subdomain: 'acme',
        token: employee,
        body: { endpoint: `${base}/push/employee`, keys: browser.keys },
      });
      expect(subscribed.statusCode).toBe(200);
    });
    afterAll(() => push.stop());
    beforeEach(async () => {
      await call(server(), 'DELETE', userPreferencePath(CHECK_IN_REMINDER_KEY), {
        subdomain: 'acme',
        token: employee,
      });
    });

    it('reminds the host once when check-in opens, by push and mail, with the time to check in by', async () => {
      const starts = minutesFromNow(10);
      const due = await booking(10, 'Desk Reminded');
      const later = await booking(40, 'Desk Later');
      const now = new Date();

      const reminded = await sendCheckInReminders(db(), deps(), now);
      expect(reminded).toContain(due);
      expect(reminded).not.toContain(later);
      // Once: the next run (another process's, or this one's a minute on) leaves it alone.
      expect(await sendCheckInReminders(db(), deps(), now)).not.toContain(due);

      const deadline = atZone(new Date(starts.getTime() + 15 * 60_000));
      const mails = await mailsTo(ACCOUNTS.employee, 'Desk Reminded');
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toBe('Check in to Desk Reminded');
      expect(mails[0]!.text_body).toContain(
        `Your booking starts at ${atZone(starts)}. Check in by ${deadline}, or Desk Reminded will be released for others.`,
      );
      expect(mails[0]!.text_body).toMatch(
        /Check in here: http:\/\/acme\.[^/]+\/calendar\?view=day&date=\d{4}-\d{2}-\d{2}/,
      );
      await expect.poll(() => pushesAbout('Desk Reminded')).toHaveLength(1);
      expect(pushesAbout('Desk Reminded')[0]).toMatchObject({
        title: 'Check in to Desk Reminded',
        url: expect.stringMatching(/^\/calendar\?view=day&date=/) as string,
      });
    });

    it('leaves alone a booking made after check-in opened, one already releasable, and one checked in', async () => {
      const justBooked = await booking(5, 'Desk Just Booked', minutesFromNow(-1));
      const overdue = await booking(-20, 'Desk Overdue');
      const present = await booking(5, 'Desk Present');
      await sql`update declarations set status = 'checked_in', checked_in_at = now() where id = ${present}`.execute(
        db(),
      );
      const reminded = await sendCheckInReminders(db(), deps());
      expect(reminded).not.toContain(justBooked);
      expect(reminded).not.toContain(overdue);
      expect(reminded).not.toContain(present);
    });

    it('follows the host’s CheckInReminder preference: mail only, or none', async () => {
      expect((await choose('mail')).statusCode).toBe(200);
      const byMail = await booking(10, 'Desk By Mail');
      expect(await sendCheckInReminders(db(), deps())).toContain(byMail);
      expect(await mailsTo(ACCOUNTS.employee, 'Desk By Mail')).toHaveLength(1);

      expect((await choose('off')).statusCode).toBe(200);
      const silent = await booking(10, 'Desk Silent');
      expect(await sendCheckInReminders(db(), deps())).toContain(silent);
      expect(await mailsTo(ACCOUNTS.employee, 'Desk Silent')).toHaveLength(0);

      // A value the preference does not list is refused and changes nothing.
      expect((await choose('sms')).statusCode).toBe(422);
      // Neither reached the push service (the push is sent before the run answers).
      expect(pushesAbout('Desk By Mail')).toHaveLength(0);
      expect(pushesAbout('Desk Silent')).toHaveLength(0);
    });

    it('writes to the host in their own language', async () => {
      const german = await db()
        .selectFrom('languages')
        .select('id')
        .where('code', '=', 'de')
        .executeTakeFirstOrThrow();
      const user = await db()
        .selectFrom('users')
        .select(['id', 'language_id'])
        .where('email', '=', ACCOUNTS.employee)
        .executeTakeFirstOrThrow();
      await db().updateTable('users').set({ language_id: german.id }).where('id', '=', user.id).execute();
      try {
        await booking(10, 'Desk Deutsch');
        await sendCheckInReminders(db(), deps());
        const [mail] = await mailsTo(ACCOUNTS.employee, 'Desk Deutsch');
        expect(mail!.subject).toBe('Einchecken: Desk Deutsch');
        expect(mail!.text_body).toContain('Checken Sie bis');
      } finally {
        await db()
          .updateTable('users')
          .set({ language_id: user.language_id })
          .where('id', '=', user.id)
          .execute();
      }
    });

    it('reminds no one where the company releases nothing (grace period 0)', async () => {
      await sql`update company_preferences set value = '0'
        where company_id = ${floor.companyId} and key = ${CHECK_IN_GRACE_KEY}`.execute(db());
      try {
        const kept = await booking(10, 'Desk Never Released');
        const reminded = await sendCheckInReminders(db(), deps());
        expect(reminded).not.toContain(kept);
      } finally {
        await sql`update company_preferences set value = '15'
          where company_id = ${floor.companyId} and key = ${CHECK_IN_GRACE_KEY}`.execute(db());
      }
    });
  },
  { config: { allowPrivateConnectorUrls: true } },
);
