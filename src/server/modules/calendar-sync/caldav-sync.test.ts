import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startRadicale, type RunningRadicale } from '../../../../test/support/radicale';
import { describeEachDatabase } from '../../../../test/support/server-app';
import { ACCOUNTS, companyIdOf, signIn } from '../../../../test/support/server-factories';
import { CalDavClient } from '../../integrations/caldav';
import { parseEvent, serializeEvent } from '../../integrations/icalendar';
import { api, dayAhead, DECLARATIONS, givenFloor, slot } from '../declarations/declarations.fixtures';
import { drainCalendarSync, givenCalendarConnector } from './calendar-sync.fixtures';
import { DECLINE_REASONS } from './index';

// The round trip against a real CalDAV server: Radicale from the Debian package, started here.
describeEachDatabase('calendar sync with a CalDAV server (Radicale)', (server) => {
  let radicale: RunningRadicale;
  let calendar: CalDavClient;
  let calendarUrl: string;
  let token: string;
  let room: number;
  const day = dayAhead(3);
  const db = () => server().db.kysely;
  const sync = (pull = false) => drainCalendarSync(server(), { pull });
  const eventsOnServer = async () =>
    (await calendar.changesSince(null)).changed.map((object) => ({
      href: object.href,
      event: parseEvent(object.data)!,
    }));

  beforeAll(async () => {
    radicale = await startRadicale();
    calendarUrl = await radicale.createCalendar('board-room');
    calendar = new CalDavClient({ calendarUrl, username: radicale.username, password: radicale.password });
    const companyId = await companyIdOf(server(), 'acme');
    const floor = await givenFloor(server());
    room = await floor.resource('Board room', 'room');
    await givenCalendarConnector(db(), server().config, {
      companyId,
      provider: 'caldav',
      fields: { server_url: radicale.origin, username: radicale.username },
      secrets: { password: radicale.password },
      // relative to the server URL, as an administrator may type it
      rooms: [{ resourceId: room, calendarId: new URL(calendarUrl).pathname }],
    });
    token = await signIn(server(), ACCOUNTS.employee);
  });
  afterAll(async () => radicale?.stop());

  it('creates, moves and deletes the CalDAV event with the booking', async () => {
    const [booking] = await api(server).bookOk(token, {
      resource_id: room,
      slots: [slot(day, 9)],
      subject: 'Board',
    });
    await sync();
    let events = await eventsOnServer();
    expect(events).toHaveLength(1);
    expect(events[0]!.event).toMatchObject({ summary: 'Board', location: 'Board room' });
    expect(events[0]!.event.start.toISOString()).toBe(slot(day, 9).datetime_from);

    await sql`update declarations set starts_at = ${slot(day, 13).datetime_from}, ends_at = ${slot(day, 15).datetime_from}
      where id = ${booking!.id}`.execute(db());
    await sync();
    events = await eventsOnServer();
    expect(events).toHaveLength(1);
    expect(events[0]!.event.start.toISOString()).toBe(slot(day, 13).datetime_from);
    expect(events[0]!.event.end.toISOString()).toBe(slot(day, 15).datetime_from);

    const cancelled = await api(server).remove(token, `${DECLARATIONS}/${booking!.id}`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await sync();
    expect(await eventsOnServer()).toEqual([]);
  });

  it('books an event put on the CalDAV calendar by its organiser, and declines one that clashes', async () => {
    const put = (uid: string, from: number, to: number, organizer: string) =>
      calendar.putEvent(
        calendar.hrefOf(uid),
        serializeEvent({
          uid,
          start: new Date(slot(day, from).datetime_from),
          end: new Date(slot(day, to).datetime_from),
          summary: `Meeting ${uid}`,
          organizer,
        }),
      );
    await put('first@client', 16, 17, ACCOUNTS.employee);
    await sync(true);
    const { rows } = await sql<{ source: string; status: string }>`
      select source, status from declarations where resource_id = ${room} and starts_at = ${slot(day, 16).datetime_from}`.execute(
      db(),
    );
    expect(rows).toEqual([{ source: 'calendar', status: 'booked' }]);

    await put('second@client', 16, 18, ACCOUNTS.acmeAdmin);
    await sync(true);
    const declined = (await eventsOnServer()).find((one) => one.event.uid === 'second@client')!.event;
    expect(declined.status).toBe('CANCELLED');
    expect(declined.comment).toBe(DECLINE_REASONS.taken);
    expect(declined.attendees).toContainEqual(
      expect.objectContaining({ partstat: 'DECLINED', cutype: 'ROOM' }),
    );

    await calendar.deleteEvent(calendar.hrefOf('first@client'));
    await sync(true);
    const { rows: after } = await sql<{ status: string }>`
      select status from declarations where resource_id = ${room} and starts_at = ${slot(day, 16).datetime_from}`.execute(
      db(),
    );
    expect(after).toEqual([{ status: 'cancelled' }]);
  });
});
