import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { RunningRadicale } from '../../../../test/support/radicale';
import { describeEachDatabase } from '../../../../test/support/server-app';
import { ACCOUNTS } from '../../../../test/support/server-factories';
import type { CalDavClient } from '../../integrations/caldav';
import { parseEvent, serializeEvent } from '../../integrations/icalendar';
import { occurrencesIn } from '../../integrations/icalendar-occurrences';
import { addDays } from '../../../shared/time/zone';
import { api, dayAhead, slot } from '../declarations/declarations.fixtures';
import { drainCalendarSync } from './calendar-sync.fixtures';
import { DECLINE_REASONS } from './index';
import { givenCaldavRoom } from './caldav-sync.fixtures';

// The round trip against a real CalDAV server: Radicale from the Debian package, started here.
describeEachDatabase('calendar sync with a CalDAV server (Radicale)', (server) => {
  let radicale: RunningRadicale;
  let calendar: CalDavClient;
  let calendarUrl: string;
  let token: string;
  let room: number;
  const db = () => server().db.kysely;
  const sync = (pull = false) => drainCalendarSync(server(), { pull });

  const eventsOnServer = async () =>
    (await calendar.changesSince(null)).changed.map((object) => ({
      href: object.href,
      event: parseEvent(object.data)!,
    }));

  beforeAll(async () => {
    ({ radicale, calendar, calendarUrl, token, room } = await givenCaldavRoom(server()));
  });
  afterAll(async () => radicale?.stop());

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
