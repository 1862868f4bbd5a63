import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startRadicale, type RunningRadicale } from '../../../../test/support/radicale';
import { describeEachDatabase } from '../../../../test/support/server-app';
import { ACCOUNTS, companyIdOf, signIn } from '../../../../test/support/server-factories';
import { CalDavClient } from '../../integrations/caldav';
import { parseEvent, serializeEvent } from '../../integrations/icalendar';
import { occurrencesIn } from '../../integrations/icalendar-occurrences';
import { addDays } from '../../../shared/time/zone';
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

  const seriesText = (uid: string, first: string, hour: number, rule: string, organizer: string) =>
    [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Test//Organiser client//EN',
      'BEGIN:VEVENT',
      `UID:${uid}`,
      'DTSTAMP:20261101T000000Z',
      `DTSTART;TZID=Europe/Zurich:${first.replaceAll('-', '')}T${String(hour).padStart(2, '0')}0000`,
      `DTEND;TZID=Europe/Zurich:${first.replaceAll('-', '')}T${String(hour + 1).padStart(2, '0')}0000`,
      ...(rule ? [`RRULE:${rule}`] : []),
      `SUMMARY:Meeting ${uid}`,
      `ORGANIZER:mailto:${organizer}`,
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ].join('\r\n');

  it('declines every occurrence of a series it refuses, all in one round, none writing over another', async () => {
    const href = calendar.hrefOf('stranger-series@client');
    await calendar.putEvent(
      href,
      seriesText('stranger-series@client', dayAhead(8), 15, 'FREQ=DAILY;COUNT=3', 'someone@elsewhere.test'),
    );
    await sync(true);
    const stored = (await calendar.getEvent(href))!.data;
    const occurrences = occurrencesIn(stored, {
      from: new Date(),
      to: new Date(Date.now() + 60 * 86_400_000),
    });
    expect(occurrences.map(({ event }) => [event.status, event.comment])).toEqual([
      ['CANCELLED', DECLINE_REASONS.unknownOrganizer],
      ['CANCELLED', DECLINE_REASONS.unknownOrganizer],
      ['CANCELLED', DECLINE_REASONS.unknownOrganizer],
    ]);
  });

  it('keeps the booking of a one-off meeting its organiser turns into a series, and books the series’ other dates', async () => {
    const first = dayAhead(9);
    const href = calendar.hrefOf('made-weekly@client');
    await calendar.putEvent(href, seriesText('made-weekly@client', first, 16, '', ACCOUNTS.employee));
    await sync(true);
    const bookingsOf = async () => {
      const { rows } = await sql<{ id: number; status: string; starts_at: Date }>`
        select id, status, starts_at from declarations where resource_id = ${room} and source = 'calendar'
          and starts_at = any(${[0, 7].map((days) => new Date(slot(addDays(first, days), 16).datetime_from))})
        order by starts_at, id`.execute(db());
      return rows.map((row) => ({ id: row.id, status: row.status, start: row.starts_at.toISOString() }));
    };
    const [once] = await bookingsOf();
    expect(once).toMatchObject({ status: 'booked', start: slot(first, 16).datetime_from });

    await calendar.putEvent(
      href,
      seriesText('made-weekly@client', first, 16, 'FREQ=WEEKLY;COUNT=2', ACCOUNTS.employee),
    );
    await sync(true);
    expect(await bookingsOf()).toEqual([
      { id: once!.id, status: 'booked', start: slot(first, 16).datetime_from },
      expect.objectContaining({ status: 'booked', start: slot(addDays(first, 7), 16).datetime_from }),
    ]);
  });

  it('reads a floating time as the room’s wall clock', async () => {
    const date = dayAhead(10);
    const compact = date.replaceAll('-', '');
    await calendar.putEvent(
      calendar.hrefOf('floating@client'),
      [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'PRODID:-//Test//Organiser client//EN',
        'BEGIN:VEVENT',
        'UID:floating@client',
        'DTSTAMP:20261101T000000Z',
        `DTSTART:${compact}T100000`,
        `DTEND:${compact}T110000`,
        'SUMMARY:Floating',
        `ORGANIZER:mailto:${ACCOUNTS.employee}`,
        'END:VEVENT',
        'END:VCALENDAR',
        '',
      ].join('\r\n'),
    );
    await sync(true);
    const { rows } = await sql<{ starts_at: Date; ends_at: Date }>`
      select starts_at, ends_at from declarations where resource_id = ${room} and source = 'calendar'
        and subject = 'Floating'`.execute(db());
    // the room is in Zurich: 10:00 there
    expect(rows.map((row) => [row.starts_at.toISOString(), row.ends_at.toISOString()])).toEqual([
      [slot(date, 10).datetime_from, slot(date, 10).datetime_to],
    ]);
  });

  it('finds events deleted before the server forgot its sync state: the meeting’s booking goes, ours is written again', async () => {
    const date = dayAhead(12);
    await calendar.putEvent(
      calendar.hrefOf('forgotten@client'),
      serializeEvent({
        uid: 'forgotten@client',
        start: new Date(slot(date, 8).datetime_from),
        end: new Date(slot(date, 8).datetime_to),
        summary: 'Deleted unseen',
        organizer: ACCOUNTS.employee,
      }),
    );
    await api(server).bookOk(token, {
      resource_id: room,
      slots: [slot(date, 10)],
      subject: 'Ours deleted unseen',
    });
    await sync(true);
    const status = async (subject: string) =>
      (
        await sql<{ status: string }>`
          select status from declarations where resource_id = ${room} and subject = ${subject}`.execute(db())
      ).rows.map((row) => row.status);
    expect(await status('Deleted unseen')).toEqual(['booked']);
    const ourHref = (await eventsOnServer()).find((one) => one.event.summary === 'Ours deleted unseen')!.href;

    // both objects deleted, then the server loses its sync state (restored from a backup): the
    // product's token is refused and the whole calendar is read, which lists no deletions
    await calendar.deleteEvent(calendar.hrefOf('forgotten@client'));
    await calendar.deleteEvent(ourHref);
    await radicale.forgetSyncState(calendarUrl);
    await sync(true);
    expect(await status('Deleted unseen')).toEqual(['cancelled']);
    expect(await status('Ours deleted unseen')).toEqual(['booked']);
    const again = (await eventsOnServer()).filter((one) => one.event.summary === 'Ours deleted unseen');
    expect(again).toHaveLength(1);
    expect(again[0]!.event.start.toISOString()).toBe(slot(date, 10).datetime_from);
  });
});
