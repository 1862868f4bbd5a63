import { describe, expect, it } from 'vitest';
import { withOverride } from './icalendar';
import {
  MAX_OCCURRENCES_PER_OBJECT,
  occurrenceAt,
  occurrencesIn,
  recurrenceIdProperty,
} from './icalendar-occurrences';

const calendar = (...events: string[][]) =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    ...events.flatMap((lines) => ['BEGIN:VEVENT', ...lines, 'END:VEVENT']),
    'END:VCALENDAR',
  ].join('\r\n');
const YEAR = { from: new Date('2026-01-01T00:00:00Z'), to: new Date('2027-01-01T00:00:00Z') };
const starts = (text: string, window = YEAR, zone?: string) =>
  occurrencesIn(text, window, zone).map(({ event }) => event.start.toISOString());

describe('the occurrences of a CalDAV object in the sync window', () => {
  it('keep a weekly 09:00 meeting at 09:00 in its zone across the autumn daylight-saving change', () => {
    const text = calendar([
      'UID:weekly',
      'DTSTART;TZID=Europe/Zurich:20261015T090000',
      'DTEND;TZID=Europe/Zurich:20261015T100000',
      'RRULE:FREQ=WEEKLY;COUNT=3',
      'SUMMARY:Stand-up',
    ]);
    const found = occurrencesIn(text, YEAR);
    // 15 and 22 October in summer time (UTC+2), 29 October in winter time (UTC+1)
    expect(found.map(({ event }) => event.start.toISOString())).toEqual([
      '2026-10-15T07:00:00.000Z',
      '2026-10-22T07:00:00.000Z',
      '2026-10-29T08:00:00.000Z',
    ]);
    expect(found.map(({ event }) => event.end.getTime() - event.start.getTime())).toEqual([
      3_600_000, 3_600_000, 3_600_000,
    ]);
    expect(found.map(({ recurrenceId }) => recurrenceId?.toISOString())).toEqual(
      found.map(({ event }) => event.start.toISOString()),
    );
    expect(found.every(({ event }) => event.summary === 'Stand-up' && event.uid === 'weekly')).toBe(true);
  });

  it('leave out an EXDATE in the hour repeated when the clocks go back: both name its first occurrence', () => {
    const text = calendar([
      'UID:night',
      'DTSTART;TZID=Europe/Zurich:20261024T023000',
      'DTEND;TZID=Europe/Zurich:20261024T024500',
      'RRULE:FREQ=DAILY;COUNT=3',
      'EXDATE;TZID=Europe/Zurich:20261025T023000',
    ]);
    // 24 October in summer time; the 25th's 02:30 (the first, still UTC+2) excluded; the 26th in winter time
    expect(starts(text)).toEqual(['2026-10-24T00:30:00.000Z', '2026-10-26T01:30:00.000Z']);
  });

  it('end at an UNTIL written in UTC, leave out EXDATEs, and add RDATEs', () => {
    const text = calendar([
      'UID:daily',
      'DTSTART;TZID=Europe/Zurich:20261102T140000',
      'DTEND;TZID=Europe/Zurich:20261102T150000',
      'RRULE:FREQ=DAILY;UNTIL=20261105T130000Z',
      'EXDATE;TZID=Europe/Zurich:20261103T140000',
      'RDATE;TZID=Europe/Zurich:20261110T140000',
    ]);
    expect(starts(text)).toEqual([
      '2026-11-02T13:00:00.000Z',
      '2026-11-04T13:00:00.000Z',
      '2026-11-05T13:00:00.000Z',
      '2026-11-10T13:00:00.000Z',
    ]);
  });

  it('take an overriding VEVENT for the occurrence it names: moved, renamed or cancelled', () => {
    const text = calendar(
      [
        'UID:series',
        'DTSTART:20261102T080000Z',
        'DTEND:20261102T090000Z',
        'RRULE:FREQ=WEEKLY;COUNT=3',
        'SUMMARY:Planning',
      ],
      [
        'UID:series',
        'RECURRENCE-ID:20261109T080000Z',
        'DTSTART:20261110T120000Z',
        'DTEND:20261110T130000Z',
        'SUMMARY:Planning (moved)',
      ],
      [
        'UID:series',
        'RECURRENCE-ID:20261116T080000Z',
        'DTSTART:20261116T080000Z',
        'DTEND:20261116T090000Z',
        'STATUS:CANCELLED',
      ],
    );
    const found = occurrencesIn(text, YEAR);
    expect(
      found.map(({ recurrenceId, event }) => [
        recurrenceId?.toISOString(),
        event.start.toISOString(),
        event.summary,
        event.status,
      ]),
    ).toEqual([
      ['2026-11-02T08:00:00.000Z', '2026-11-02T08:00:00.000Z', 'Planning', undefined],
      ['2026-11-09T08:00:00.000Z', '2026-11-10T12:00:00.000Z', 'Planning (moved)', undefined],
      ['2026-11-16T08:00:00.000Z', '2026-11-16T08:00:00.000Z', '', 'CANCELLED'],
    ]);
  });

  it('are only those in the window, for a series begun long before it and for one-off events', () => {
    const old = calendar([
      'UID:old-series',
      'DTSTART;TZID=Europe/Zurich:20200106T100000',
      'DTEND;TZID=Europe/Zurich:20200106T110000',
      'RRULE:FREQ=WEEKLY',
    ]);
    const week = { from: new Date('2026-11-23T00:00:00Z'), to: new Date('2026-11-30T00:00:00Z') };
    expect(starts(old, week)).toEqual(['2026-11-23T09:00:00.000Z']);
    const past = calendar(['UID:past', 'DTSTART:20250101T090000Z', 'DTEND:20250101T100000Z']);
    expect(starts(past)).toEqual([]);
    const once = calendar(['UID:once', 'DTSTART:20261201T090000Z', 'DTEND:20261201T100000Z']);
    expect(occurrencesIn(once, YEAR).map(({ recurrenceId }) => recurrenceId)).toEqual([null]);
  });

  it('read floating times and all-day series in the calendar’s zone', () => {
    const floating = calendar([
      'UID:f',
      'DTSTART:20261201T090000',
      'DTEND:20261201T100000',
      'RRULE:FREQ=DAILY;COUNT=2',
    ]);
    expect(starts(floating, YEAR, 'Europe/Zurich')).toEqual([
      '2026-12-01T08:00:00.000Z',
      '2026-12-02T08:00:00.000Z',
    ]);
    const allDay = calendar([
      'UID:a',
      'DTSTART;VALUE=DATE:20261026',
      'DTEND;VALUE=DATE:20261027',
      'RRULE:FREQ=DAILY;COUNT=2',
    ]);
    const found = occurrencesIn(allDay, YEAR, 'Europe/Zurich');
    expect(found.map(({ event }) => [event.start.toISOString(), event.end.toISOString()])).toEqual([
      ['2026-10-25T23:00:00.000Z', '2026-10-26T23:00:00.000Z'],
      ['2026-10-26T23:00:00.000Z', '2026-10-27T23:00:00.000Z'],
    ]);
  });

  it(`stop at ${MAX_OCCURRENCES_PER_OBJECT} occurrences, the soonest, and read an unreadable RRULE as a one-off event`, () => {
    const dense = calendar([
      'UID:d',
      'DTSTART:20260101T000000Z',
      'DTEND:20260101T000500Z',
      'RRULE:FREQ=HOURLY',
    ]);
    const found = starts(dense);
    expect(found).toHaveLength(MAX_OCCURRENCES_PER_OBJECT);
    expect(found[0]).toBe('2026-01-01T00:00:00.000Z');
    const broken = calendar([
      'UID:b',
      'DTSTART:20261201T090000Z',
      'DTEND:20261201T100000Z',
      'RRULE:NONSENSE',
    ]);
    expect(starts(broken)).toEqual(['2026-12-01T09:00:00.000Z']);
  });

  it('read a repeat finer than hourly as a one-off event, and end a rule whose dates never come at the window', () => {
    const everyMinute = calendar([
      'UID:m',
      'DTSTART:20200101T000000Z',
      'DTEND:20200101T000100Z',
      'RRULE:FREQ=MINUTELY',
    ]);
    expect(starts(everyMinute)).toEqual([]);
    expect(occurrencesIn(everyMinute, { from: new Date('2019-12-31T00:00:00Z'), to: YEAR.to })).toHaveLength(
      1,
    );
    // 30 February: no date ever; read up to the window's end only, not to the year 9999
    const never = calendar([
      'UID:n',
      'DTSTART:20260101T090000Z',
      'DTEND:20260101T100000Z',
      'RRULE:FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30',
    ]);
    expect(starts(never)).toEqual([]);
  });

  it('count DTSTART as the first instance of a set of RDATEs without RRULE', () => {
    const text = calendar([
      'UID:r',
      'DTSTART:20261201T090000Z',
      'DTEND:20261201T100000Z',
      'RDATE:20261203T090000Z,20261210T090000Z',
    ]);
    expect(starts(text)).toEqual([
      '2026-12-01T09:00:00.000Z',
      '2026-12-03T09:00:00.000Z',
      '2026-12-10T09:00:00.000Z',
    ]);
  });

  it('find an occurrence by its original start wherever it was moved, and name it in the series’ own form', () => {
    const text = calendar(
      [
        'UID:s',
        'DTSTART;TZID=Europe/Zurich:20261102T090000',
        'DTEND;TZID=Europe/Zurich:20261102T100000',
        'RRULE:FREQ=WEEKLY;COUNT=3',
      ],
      [
        'UID:s',
        'RECURRENCE-ID;TZID=Europe/Zurich:20261109T090000',
        'DTSTART:20261120T150000Z',
        'DTEND:20261120T150000Z',
      ],
    );
    const moved = new Date('2026-11-09T08:00:00Z');
    // moved eleven days on, and lasting no time: still that occurrence
    expect(occurrenceAt(text, moved)?.start.toISOString()).toBe('2026-11-20T15:00:00.000Z');
    expect(occurrenceAt(text, new Date('2026-11-16T08:00:00Z'))?.start.toISOString()).toBe(
      '2026-11-16T08:00:00.000Z',
    );
    expect(occurrenceAt(text, new Date('2026-11-16T09:00:00Z'))).toBeNull();
    expect(recurrenceIdProperty(text, moved)).toBe('RECURRENCE-ID;TZID=Europe/Zurich:20261109T090000');
    const allDay = calendar([
      'UID:a',
      'DTSTART;VALUE=DATE:20261102',
      'DTEND;VALUE=DATE:20261103',
      'RRULE:FREQ=DAILY;COUNT=3',
    ]);
    expect(recurrenceIdProperty(allDay, new Date('2026-11-03T00:00:00Z'))).toBe(
      'RECURRENCE-ID;VALUE=DATE:20261103',
    );
    const utc = calendar([
      'UID:u',
      'DTSTART:20261102T090000Z',
      'DTEND:20261102T100000Z',
      'RRULE:FREQ=DAILY;COUNT=3',
    ]);
    expect(recurrenceIdProperty(utc, new Date('2026-11-03T09:00:00Z'))).toBe(
      'RECURRENCE-ID:20261103T090000Z',
    );
  });

  it('take an override written for one occurrence, in place of one the object had for it', () => {
    const text = calendar(
      [
        'UID:s',
        'DTSTART;TZID=Europe/Zurich:20261102T090000',
        'DTEND;TZID=Europe/Zurich:20261102T100000',
        'RRULE:FREQ=WEEKLY;COUNT=3',
        'SUMMARY:Weekly',
      ],
      [
        'UID:s',
        'RECURRENCE-ID;TZID=Europe/Zurich:20261109T090000',
        'DTSTART:20261109T120000Z',
        'DTEND:20261109T130000Z',
        'SUMMARY:Moved',
      ],
    );
    const id = new Date('2026-11-09T08:00:00Z');
    const event = occurrenceAt(text, id)!;
    const written = withOverride(
      text,
      { ...event, status: 'CANCELLED', comment: 'Taken' },
      { id, property: recurrenceIdProperty(text, id) },
    );
    expect(written.match(/RECURRENCE-ID/g)).toHaveLength(1);
    expect(written).toContain('RECURRENCE-ID;TZID=Europe/Zurich:20261109T090000');
    const found = occurrencesIn(written, YEAR);
    expect(found.map(({ event: one }) => [one.summary, one.status ?? 'CONFIRMED'])).toEqual([
      ['Weekly', 'CONFIRMED'],
      ['Moved', 'CANCELLED'],
      ['Weekly', 'CONFIRMED'],
    ]);
  });
});
