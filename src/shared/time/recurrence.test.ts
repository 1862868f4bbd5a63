import { describe, expect, it } from 'vitest';
import {
  expandSchedulerRecurrence,
  MAX_OCCURRENCES,
  RECURRENCE_MESSAGES,
  singleOccurrence,
  type Expansion,
} from './recurrence';

const ZURICH = 'Europe/Zurich';
const at = { startTime: '09:00', endTime: '10:00', timeZone: ZURICH };

function occurrences(expansion: Expansion) {
  if (!expansion.ok) throw new Error(JSON.stringify(expansion.errors));
  return expansion.occurrences.map((o) => ({
    date: o.date,
    start: o.start.toISOString(),
    end: o.end.toISOString(),
  }));
}

describe('scheduler recurrence (spec §3 dateRange, type, days, interval)', () => {
  it('repeats weekly on the chosen days, Monday 0 … Sunday 6', () => {
    const list = occurrences(
      expandSchedulerRecurrence(
        { dateRange: { start: '2026-11-23', end: '2026-12-06' }, type: 'weekly', days: [0, 2], interval: 1 },
        at,
      ),
    );
    expect(list.map((o) => o.date)).toEqual(['2026-11-23', '2026-11-25', '2026-11-30', '2026-12-02']);
    expect(list[0]).toEqual({
      date: '2026-11-23',
      start: '2026-11-23T08:00:00.000Z',
      end: '2026-11-23T09:00:00.000Z',
    });
  });

  it('keeps the wall-clock time across the daylight-saving changes of the zone', () => {
    const list = occurrences(
      expandSchedulerRecurrence(
        { dateRange: { start: '2026-03-23', end: '2026-04-01' }, type: 'weekly', days: [0], interval: 1 },
        at,
      ),
    );
    // 23 March: winter time (UTC+1); 30 March: summer time (UTC+2), still 09:00 in Zurich.
    expect(list.map((o) => o.start)).toEqual(['2026-03-23T08:00:00.000Z', '2026-03-30T07:00:00.000Z']);
    const autumn = occurrences(
      expandSchedulerRecurrence(
        { dateRange: { start: '2026-10-24', end: '2026-10-26' }, type: 'daily', days: [], interval: 1 },
        { startTime: '01:30', endTime: '03:30', timeZone: ZURICH },
      ),
    );
    // 25 October: a 01:30–03:30 meeting lasts its two hours, though 02:00–03:00 happens twice
    // (it ends at 02:30 winter time on the clock).
    expect(autumn[1]).toEqual({
      date: '2026-10-25',
      start: '2026-10-24T23:30:00.000Z',
      end: '2026-10-25T01:30:00.000Z',
    });
  });

  it('keeps the meeting’s duration on the spring-forward and fall-back nights themselves', () => {
    const daily = (start: string, end: string, startTime: string, endTime: string) =>
      occurrences(
        expandSchedulerRecurrence(
          { dateRange: { start, end }, type: 'daily', days: [], interval: 1 },
          { startTime, endTime, timeZone: ZURICH },
        ),
      );
    const minutes = (o: { start: string; end: string }) => (Date.parse(o.end) - Date.parse(o.start)) / 60_000;
    // 28 March 2027: 02:00–03:00 never shows in Zurich. 02:30 is 03:30 summer time (01:30Z); the
    // hour-long meeting still lasts an hour, not zero (which the scheduler refused with a 422).
    const spring = daily('2027-03-27', '2027-03-29', '02:30', '03:30');
    expect(spring.map(minutes)).toEqual([60, 60, 60]);
    expect(spring[1]).toEqual({
      date: '2027-03-28',
      start: '2027-03-28T01:30:00.000Z',
      end: '2027-03-28T02:30:00.000Z',
    });
    // 31 October 2027: 02:00–03:00 happens twice. 02:30 is its first (summer) showing; the
    // half-hour meeting lasts half an hour, not 90 minutes.
    const autumn = daily('2027-10-30', '2027-11-01', '02:30', '03:00');
    expect(autumn.map(minutes)).toEqual([30, 30, 30]);
    expect(autumn[1]).toEqual({
      date: '2027-10-31',
      start: '2027-10-31T00:30:00.000Z',
      end: '2027-10-31T01:00:00.000Z',
    });
    // A single meeting on those nights, too.
    expect(
      occurrences(singleOccurrence('2027-03-28', { startTime: '02:30', endTime: '03:30', timeZone: ZURICH })),
    ).toEqual([spring[1]]);
  });

  it('keeps ordinary occurrences on the clock across the changes, and an all-day meeting covers its local day', () => {
    const weekly = occurrences(
      expandSchedulerRecurrence(
        { dateRange: { start: '2027-03-22', end: '2027-11-07' }, type: 'weekly', days: [0], interval: 1 },
        at,
      ),
    );
    const byDate = Object.fromEntries(weekly.map((o) => [o.date, o]));
    expect(byDate['2027-03-22']).toEqual({
      date: '2027-03-22',
      start: '2027-03-22T08:00:00.000Z',
      end: '2027-03-22T09:00:00.000Z',
    });
    expect(byDate['2027-03-29']).toEqual({
      date: '2027-03-29',
      start: '2027-03-29T07:00:00.000Z',
      end: '2027-03-29T08:00:00.000Z',
    });
    expect(byDate['2027-10-25']).toEqual({
      date: '2027-10-25',
      start: '2027-10-25T07:00:00.000Z',
      end: '2027-10-25T08:00:00.000Z',
    });
    expect(byDate['2027-11-01']).toEqual({
      date: '2027-11-01',
      start: '2027-11-01T08:00:00.000Z',
      end: '2027-11-01T09:00:00.000Z',
    });
    const allDay = occurrences(
      expandSchedulerRecurrence(
        { dateRange: { start: '2027-03-28', end: '2027-03-28' }, type: 'daily', days: [], interval: 1 },
        { startTime: '00:00', endTime: '00:00', timeZone: ZURICH },
      ),
    );
    // 23 hours: midnight to midnight in Zurich.
    expect(allDay).toEqual([
      { date: '2027-03-28', start: '2027-03-27T23:00:00.000Z', end: '2027-03-28T22:00:00.000Z' },
    ]);
    expect(
      occurrences(singleOccurrence('2027-10-31', { startTime: '00:00', endTime: '00:00', timeZone: ZURICH })),
    ).toEqual([{ date: '2027-10-31', start: '2027-10-30T22:00:00.000Z', end: '2027-10-31T23:00:00.000Z' }]);
  });

  it('repeats every second day, week, month and year', () => {
    const daily = expandSchedulerRecurrence(
      { dateRange: { start: '2026-11-23', end: '2026-11-29' }, type: 'daily', days: [], interval: 2 },
      at,
    );
    expect(occurrences(daily).map((o) => o.date)).toEqual([
      '2026-11-23',
      '2026-11-25',
      '2026-11-27',
      '2026-11-29',
    ]);
    const weekly = expandSchedulerRecurrence(
      { dateRange: { start: '2026-11-23', end: '2026-12-20' }, type: 'weekly', days: [4], interval: 2 },
      at,
    );
    expect(occurrences(weekly).map((o) => o.date)).toEqual(['2026-11-27', '2026-12-11']);
    const monthly = expandSchedulerRecurrence(
      { dateRange: { start: '2026-01-31', end: '2026-06-30' }, type: 'monthly', days: [], interval: 1 },
      at,
    );
    // No 31st in February, April or June: no occurrence those months (the scheduler's decision;
    // Outlook's own series fall on the last day instead, below).
    expect(occurrences(monthly).map((o) => o.date)).toEqual(['2026-01-31', '2026-03-31', '2026-05-31']);
    const yearly = expandSchedulerRecurrence(
      { dateRange: { start: '2026-11-23', end: '2030-12-31' }, type: 'yearly', days: [], interval: 2 },
      at,
    );
    expect(occurrences(yearly).map((o) => o.date)).toEqual(['2026-11-23', '2028-11-23', '2030-11-23']);
  });

  it('gives every occurrence of a long series, none dropped', () => {
    const year = occurrences(
      expandSchedulerRecurrence(
        {
          dateRange: { start: '2026-01-01', end: '2026-12-31' },
          type: 'weekly',
          days: [0, 1, 2, 3, 4],
          interval: 1,
        },
        at,
      ),
    );
    // 2026 has 261 working days; the last is Thursday 31 December.
    expect(year).toHaveLength(261);
    expect(year.at(-1)!.date).toBe('2026-12-31');
  });

  it('refuses more than MAX_OCCURRENCES occurrences with a field error', () => {
    const tooMany = expandSchedulerRecurrence(
      { dateRange: { start: '2026-01-01', end: '2028-01-02' }, type: 'daily', days: [], interval: 1 },
      at,
    );
    expect(tooMany).toEqual({ ok: false, errors: { recurrence: [RECURRENCE_MESSAGES.tooMany] } });
    const exactly = expandSchedulerRecurrence(
      { dateRange: { start: '2026-01-01', end: '2028-01-01' }, type: 'daily', days: [], interval: 1 },
      at,
    );
    expect(occurrences(exactly)).toHaveLength(MAX_OCCURRENCES);
  });

  it('names each bad field of the state', () => {
    const bad = expandSchedulerRecurrence(
      { dateRange: { start: '2026-12-01', end: '2026-11-01' }, type: 'weekly', days: [], interval: 0 },
      { startTime: '9', endTime: '10:00', timeZone: 'Mars/Olympus' },
    );
    expect(bad).toEqual({
      ok: false,
      errors: {
        'recurrence.dateRange.end': [RECURRENCE_MESSAGES.endBeforeStart],
        'recurrence.interval': [RECURRENCE_MESSAGES.interval],
        'recurrence.days': [RECURRENCE_MESSAGES.noDays],
        'dateTime.startTime': [RECURRENCE_MESSAGES.time],
        timezone: [RECURRENCE_MESSAGES.zone],
      },
    });
    const empty = expandSchedulerRecurrence(
      { dateRange: { start: '2026-11-24', end: '2026-11-25' }, type: 'weekly', days: [6], interval: 1 },
      at,
    );
    expect(empty).toEqual({ ok: false, errors: { recurrence: [RECURRENCE_MESSAGES.noOccurrence] } });
  });

  it('runs a meeting whose end is before its start past midnight', () => {
    expect(
      occurrences(singleOccurrence('2026-11-23', { startTime: '22:00', endTime: '01:00', timeZone: ZURICH })),
    ).toEqual([{ date: '2026-11-23', start: '2026-11-23T21:00:00.000Z', end: '2026-11-24T00:00:00.000Z' }]);
  });
});
