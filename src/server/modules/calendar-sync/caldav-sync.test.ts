import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { RunningRadicale } from '../../../../test/support/radicale';
import { describeEachDatabase } from '../../../../test/support/server-app';
import { ACCOUNTS, signIn } from '../../../../test/support/server-factories';
import type { CalDavClient } from '../../integrations/caldav';
import { parseEvent, serializeEvent } from '../../integrations/icalendar';
import { occurrencesIn } from '../../integrations/icalendar-occurrences';
import { addDays } from '../../../shared/time/zone';
import { api, dayAhead, DECLARATIONS, slot } from '../declarations/declarations.fixtures';
import { drainCalendarSync } from './calendar-sync.fixtures';
import { DECLINE_REASONS } from './index';
import { givenCaldavRoom } from './caldav-sync.fixtures';

// The round trip against a real CalDAV server: Radicale from the Debian package, started here.
describeEachDatabase('calendar sync with a CalDAV server (Radicale)', (server) => {
  let radicale: RunningRadicale;
  let calendar: CalDavClient;
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
    ({ radicale, calendar, token, room } = await givenCaldavRoom(server()));
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

  it('books each occurrence of a weekly series in the window, declines only the one that clashes, and cancels one taken out of the series', async () => {
    const first = dayAhead(4);
    const dates = [0, 7, 14, 21].map((days) => addDays(first, days));
    const compact = (date: string) => date.replaceAll('-', '');
    const href = calendar.hrefOf('series@client');
    // the third Tuesday's hour is booked in Workplace already
    const admin = await signIn(server(), ACCOUNTS.acmeAdmin);
    await api(server).bookOk(admin, { resource_id: room, slots: [slot(dates[2]!, 11)], subject: 'Taken' });
    const series = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Test//Organiser client//EN',
      'BEGIN:VEVENT',
      'UID:series@client',
      'DTSTAMP:20261101T000000Z',
      `DTSTART;TZID=Europe/Zurich:${compact(first)}T110000`,
      `DTEND;TZID=Europe/Zurich:${compact(first)}T120000`,
      'RRULE:FREQ=WEEKLY;COUNT=4',
      'SUMMARY:Weekly board',
      `ORGANIZER:mailto:${ACCOUNTS.employee}`,
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ].join('\r\n');
    await calendar.putEvent(href, series);
    await sync(true);
    const statusesAt = async () =>
      Promise.all(
        dates.map(async (date) => {
          const { rows } = await sql<{ status: string }>`
            select status from declarations where resource_id = ${room} and source = 'calendar'
              and starts_at = ${slot(date, 11).datetime_from}`.execute(db());
          return rows.map((row) => row.status).join(',');
        }),
      );
    expect(await statusesAt()).toEqual(['booked', 'booked', '', 'booked']);
    // the room declined the third occurrence alone: the series still holds the other three
    const stored = (await calendar.getEvent(href))!.data;
    const occurrences = occurrencesIn(stored, {
      from: new Date(),
      to: new Date(Date.now() + 60 * 86_400_000),
    });
    expect(occurrences.map(({ event }) => event.status ?? 'CONFIRMED')).toEqual([
      'CONFIRMED',
      'CONFIRMED',
      'CANCELLED',
      'CONFIRMED',
    ]);
    expect(occurrences[2]!.event.comment).toBe(DECLINE_REASONS.taken);
    expect(occurrences[2]!.event.attendees).toContainEqual(
      expect.objectContaining({ partstat: 'DECLINED', cutype: 'ROOM' }),
    );

    // the organiser takes the second week out of the series
    await calendar.putEvent(
      href,
      stored.replace(
        'RRULE:FREQ=WEEKLY;COUNT=4',
        `RRULE:FREQ=WEEKLY;COUNT=4\r\nEXDATE;TZID=Europe/Zurich:${compact(dates[1]!)}T110000`,
      ),
    );
    await sync(true);
    expect(await statusesAt()).toEqual(['booked', 'cancelled', '', 'booked']);

    // the last week's booking cancelled in Workplace: the room declines that occurrence alone
    const { rows: last } = await sql<{ id: number }>`
      select id from declarations where resource_id = ${room} and source = 'calendar' and status = 'booked'
        and starts_at = ${slot(dates[3]!, 11).datetime_from}`.execute(db());
    const cancelled = await api(server).remove(token, `${DECLARATIONS}/${last[0]!.id}`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await sync();
    const after = occurrencesIn((await calendar.getEvent(href))!.data, {
      from: new Date(),
      to: new Date(Date.now() + 60 * 86_400_000),
    });
    expect(after.map(({ event }) => [event.status ?? 'CONFIRMED', event.comment ?? null])).toEqual([
      ['CONFIRMED', null],
      ['CANCELLED', DECLINE_REASONS.taken],
      ['CANCELLED', DECLINE_REASONS.cancelledInProduct],
    ]);
  });

  it('leaves events outside the sync window alone: last month’s meeting is neither booked nor declined', async () => {
    const put = (uid: string, date: string) =>
      calendar.putEvent(
        calendar.hrefOf(uid),
        serializeEvent({
          uid,
          start: new Date(slot(date, 9).datetime_from),
          end: new Date(slot(date, 10).datetime_from),
          summary: `Meeting ${uid}`,
          organizer: 'someone@elsewhere.test',
        }),
      );
    await put('last-month@client', dayAhead(-30));
    await put('in-two-years@client', dayAhead(730));
    await put('next-week@client', dayAhead(7));
    await sync(true);
    const statusOf = async (uid: string) =>
      parseEvent((await calendar.getEvent(calendar.hrefOf(uid)))!.data)!.status ?? 'CONFIRMED';
    // an organiser without an account: declined in the window only
    expect(await statusOf('next-week@client')).toBe('CANCELLED');
    expect(await statusOf('last-month@client')).toBe('CONFIRMED');
    expect(await statusOf('in-two-years@client')).toBe('CONFIRMED');
  });

  it('books the occurrences of a long series as the year ahead reaches them: the calendar is read whole weekly', async () => {
    const first = dayAhead(340);
    const dates = [0, 7, 14, 21, 28, 35].map((days) => addDays(first, days));
    await calendar.putEvent(
      calendar.hrefOf('long-series@client'),
      [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'PRODID:-//Test//Organiser client//EN',
        'BEGIN:VEVENT',
        'UID:long-series@client',
        'DTSTAMP:20261101T000000Z',
        `DTSTART;TZID=Europe/Zurich:${first.replaceAll('-', '')}T080000`,
        `DTEND;TZID=Europe/Zurich:${first.replaceAll('-', '')}T090000`,
        'RRULE:FREQ=WEEKLY;COUNT=6',
        'SUMMARY:Far planning',
        `ORGANIZER:mailto:${ACCOUNTS.employee}`,
        'END:VEVENT',
        'END:VCALENDAR',
        '',
      ].join('\r\n'),
    );
    const booked = async () => {
      const { rows } = await sql<{ starts_at: Date }>`
        select starts_at from declarations where resource_id = ${room} and source = 'calendar'
          and status = 'booked' and starts_at = any(${dates.map((date) => new Date(slot(date, 8).datetime_from))})
        order by starts_at`.execute(db());
      return rows.length;
    };
    let ahead = 0;
    const now = () => new Date(Date.now() + ahead);
    await drainCalendarSync(server(), { pull: true, now });
    // a year ahead holds the first four weeks
    expect(await booked()).toBe(4);
    ahead = 8 * 86_400_000;
    await drainCalendarSync(server(), { pull: true, now });
    expect(await booked()).toBe(5);
  });

  it('declines a declined meeting again when its organiser moves it onto another taken hour, and books it once moved to a free one', async () => {
    const date = dayAhead(5);
    const admin = await signIn(server(), ACCOUNTS.acmeAdmin);
    await api(server).bookOk(admin, {
      resource_id: room,
      slots: [slot(date, 9), slot(date, 10)],
      subject: 'Held',
    });
    const href = calendar.hrefOf('moving@client');
    const put = (from: number, sequence: number) =>
      calendar.putEvent(
        href,
        serializeEvent({
          uid: 'moving@client',
          start: new Date(slot(date, from).datetime_from),
          end: new Date(slot(date, from + 1).datetime_from),
          summary: 'Moving meeting',
          organizer: ACCOUNTS.employee,
          sequence,
          status: 'CONFIRMED',
        }),
      );
    const stored = async () => parseEvent((await calendar.getEvent(href))!.data)!;
    await put(9, 0);
    await sync(true);
    expect((await stored()).status).toBe('CANCELLED');
    // moved an hour on, still on the held time: the room says no again
    await put(10, 2);
    await sync(true);
    const again = await stored();
    expect([again.status, again.comment, again.start.toISOString()]).toEqual([
      'CANCELLED',
      DECLINE_REASONS.taken,
      slot(date, 10).datetime_from,
    ]);
    await put(14, 4);
    await sync(true);
    expect((await stored()).status).toBe('CONFIRMED');
    const { rows } = await sql<{ status: string }>`
      select status from declarations where resource_id = ${room} and source = 'calendar'
        and starts_at = ${slot(date, 14).datetime_from}`.execute(db());
    expect(rows).toEqual([{ status: 'booked' }]);
  });
});
