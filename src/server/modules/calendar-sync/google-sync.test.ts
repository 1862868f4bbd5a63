import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startFakeGoogle, type FakeGoogle } from '../../../../test/support/fake-google';
import { describeEachDatabase } from '../../../../test/support/server-app';
import { ACCOUNTS, companyIdOf, signIn } from '../../../../test/support/server-factories';
import { fromGoogleDateTime, googleEventId } from '../../integrations/google-calendar';
import { api, dayAhead, DECLARATIONS, givenFloor, slot } from '../declarations/declarations.fixtures';
import { bookingEventKey } from './calendar-connector';
import { drainCalendarSync, givenCalendarConnector } from './calendar-sync.fixtures';
import { DECLINE_REASONS } from './index';

const ROOM_A = 'c_room-a@resource.calendar.google.com';
const ROOM_B = 'c_room-b@resource.calendar.google.com';

describeEachDatabase('calendar sync with Google Calendar (fake Google)', (server) => {
  let google: FakeGoogle;
  let token: string;
  let companyId: number;
  let roomA: number;
  let roomB: number;
  const day = dayAhead(4);
  const db = () => server().db.kysely;
  const sync = (pull = false) => drainCalendarSync(server(), { pull });
  const at = (hour: number) => new Date(slot(day, hour).datetime_from);

  beforeAll(async () => {
    google = await startFakeGoogle([ROOM_A, ROOM_B]);
    companyId = await companyIdOf(server(), 'acme');
    const floor = await givenFloor(server());
    roomA = await floor.resource('Google room A', 'room');
    roomB = await floor.resource('Google room B', 'room');
    await givenCalendarConnector(db(), server().config, {
      companyId,
      provider: 'google',
      fields: { api_url: google.baseUrl, token_url: google.tokenUrl },
      // Google's JSON key file as downloaded: the service account's e-mail comes from it.
      secrets: { service_account_key: google.serviceAccount.keyFile },
      rooms: [
        { resourceId: roomA, calendarId: ROOM_A },
        { resourceId: roomB, calendarId: ROOM_B },
      ],
    });
    token = await signIn(server(), ACCOUNTS.employee);
  });
  afterAll(async () => google?.close());

  it('writes a booking to the resource calendar under an id derived from it, moves it, and deletes it on cancel', async () => {
    const [booking] = await api(server).bookOk(token, {
      resource_id: roomA,
      slots: [slot(day, 9)],
      subject: 'Kick-off',
    });
    await sync();
    const id = googleEventId(bookingEventKey(companyId, booking!.id));
    expect(google.event(ROOM_A, id)).toMatchObject({
      summary: 'Kick-off',
      location: 'Google room A',
      status: 'confirmed',
    });

    await sql`update declarations set starts_at = ${at(11)}, ends_at = ${at(12)} where id = ${booking!.id}`.execute(
      db(),
    );
    await sync();
    expect(fromGoogleDateTime(google.event(ROOM_A, id)!.start)?.getTime()).toBe(at(11).getTime());

    const cancelled = await api(server).remove(token, `${DECLARATIONS}/${booking!.id}`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await sync();
    expect(google.event(ROOM_A, id)?.status).toBe('cancelled');
  });

  it('books a meeting the room accepted in Google, declines a clashing one with the reason, and cancels with the organiser', async () => {
    const meeting = google.organizerBooks(ROOM_B, {
      summary: 'Roadmap',
      start: at(14),
      end: at(15),
      organizer: ACCOUNTS.employee,
    });
    await sync(true);
    const booked = async () =>
      (
        await sql<{ status: string; source: string }>`
          select status, source from declarations where external_ref = ${meeting.id}`.execute(db())
      ).rows;
    expect(await booked()).toEqual([{ status: 'booked', source: 'calendar' }]);

    const clash = google.organizerBooks(ROOM_B, {
      summary: 'Clash',
      start: at(14),
      end: at(16),
      organizer: ACCOUNTS.acmeAdmin,
    });
    await sync(true);
    const room = google.event(ROOM_B, clash.id)!.attendees.find((attendee) => attendee.email === ROOM_B);
    expect(room).toMatchObject({ responseStatus: 'declined', comment: DECLINE_REASONS.taken });

    google.organizerCancels(ROOM_B, meeting.id);
    await sync(true);
    expect(await booked()).toEqual([{ status: 'cancelled', source: 'calendar' }]);
  });

  it('cancels the booking of a meeting cancelled while the sync token was expiring (the full sync does not list it), and leaves a booking already over as it was', async () => {
    const meeting = google.organizerBooks(ROOM_A, {
      summary: 'Cancelled unseen',
      start: at(16),
      end: at(17),
      organizer: ACCOUNTS.employee,
    });
    await sync(true);
    const status = async () =>
      (
        await sql<{ status: string }>`
          select status from declarations where external_ref = ${meeting.id}`.execute(db())
      ).rows.map((row) => row.status);
    expect(await status()).toEqual(['booked']);

    // a meeting over an hour ago, its event since gone from the calendar: history, left as it was
    const { rows: over } = await sql<{ id: number }>`
      insert into declarations (company_id, resource_id, user_id, created_by, starts_at, ends_at, subject, source, external_ref)
      select r.company_id, r.id, u.id, u.id, now() - interval '3 hours', now() - interval '1 hour', 'Over', 'calendar', 'gone-long-ago'
      from resources r join users u on u.company_id = r.company_id and u.email = ${ACCOUNTS.employee}
      where r.id = ${roomA}
      returning id`.execute(db());
    await sql`
      insert into calendar_event_links (company_id, declaration_id, calendar_connector_id, calendar_id, external_id, origin)
      select m.company_id, ${over[0]!.id}, m.calendar_connector_id, m.calendar_id, 'gone-long-ago', 'calendar'
      from calendar_connector_resources m where m.resource_id = ${roomA}`.execute(db());

    google.organizerCancels(ROOM_A, meeting.id);
    google.expireSyncTokens(ROOM_A);
    await sync(true);
    expect(await status()).toEqual(['cancelled']);
    const { rows: history } = await sql<{ status: string }>`
      select status from declarations where id = ${over[0]!.id}`.execute(db());
    expect(history).toEqual([{ status: 'booked' }]);
  });
});
