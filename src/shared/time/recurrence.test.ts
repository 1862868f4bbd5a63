import { describe, expect, it } from 'vitest';
import {
  expandOutlookRecurrence,
  expandSchedulerRecurrence,
  MAX_OCCURRENCES,
  RECURRENCE_MESSAGES,
  singleOccurrence,
  OUTLOOK_ZONE_NAMES,
  zoneOfOutlookName,
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

describe('Outlook recurrence (recurrence.getAsync)', () => {
  const seriesTime = (startDate: string, endDate: string | null, startTime = '09:00', endTime = '10:00') => ({
    startDate,
    endDate,
    startTime,
    endTime,
  });

  it('maps Windows zone names to IANA zones and passes IANA names', () => {
    expect(zoneOfOutlookName('W. Europe Standard Time')).toBe('Europe/Berlin');
    expect(zoneOfOutlookName('Pacific Standard Time')).toBe('America/Los_Angeles');
    expect(zoneOfOutlookName('Europe/Zurich')).toBe('Europe/Zurich');
    expect(zoneOfOutlookName('Nowhere Standard Time')).toBeNull();
  });

  it('knows every Windows zone Outlook may name, not only the common ones (else the series would be booked in the wrong hours)', () => {
    expect(OUTLOOK_ZONE_NAMES.length).toBeGreaterThan(130);
    expect(OUTLOOK_ZONE_NAMES.filter((name) => zoneOfOutlookName(name) === null)).toEqual([]);
    expect(zoneOfOutlookName('SE Asia Standard Time')).toBe('Asia/Bangkok');
    expect(zoneOfOutlookName('E. Australia Standard Time')).toBe('Australia/Brisbane');
    expect(zoneOfOutlookName('Arab Standard Time')).toBe('Asia/Riyadh');
    const riyadh = occurrences(
      expandOutlookRecurrence(
        {
          recurrenceType: 'daily',
          recurrenceProperties: { interval: 1 },
          seriesTime: seriesTime('2026-03-02', '2026-03-03', '09:00', '10:00'),
          recurrenceTimeZone: { name: 'Arab Standard Time' },
        },
        ZURICH,
      ),
    );
    // 09:00 in Riyadh (UTC+3), not 09:00 in the user's Zurich.
    expect(riyadh[0]).toEqual({
      date: '2026-03-02',
      start: '2026-03-02T06:00:00.000Z',
      end: '2026-03-02T07:00:00.000Z',
    });
  });

  it('expands a weekly series of 20 in its zone across the spring change, reading SeriesTime getters', () => {
    const expansion = expandOutlookRecurrence(
      {
        recurrenceType: 'weekly',
        recurrenceProperties: { interval: 1, days: ['tue'], firstDayOfWeek: 'sun' },
        seriesTime: {
          getStartDate: () => '2026-02-03',
          getEndDate: () => '2026-06-16',
          getStartTime: () => 'T14:00:00:000',
          getEndTime: () => 'T15:30:00:000',
          getDuration: () => 90,
        },
        recurrenceTimeZone: { name: 'Eastern Standard Time' },
      },
      ZURICH,
    );
    const list = occurrences(expansion);
    expect(list).toHaveLength(20);
    // New York: UTC-5 in winter, UTC-4 from 8 March 2026.
    expect(list[0]).toEqual({
      date: '2026-02-03',
      start: '2026-02-03T19:00:00.000Z',
      end: '2026-02-03T20:30:00.000Z',
    });
    expect(list[16]).toEqual({
      date: '2026-05-26',
      start: '2026-05-26T18:00:00.000Z',
      end: '2026-05-26T19:30:00.000Z',
    });
    expect(list[19]!.date).toBe('2026-06-16');
  });

  it('expands daily, every weekday, monthly (absolute and relative) and yearly series', () => {
    const dates = (recurrence: Parameters<typeof expandOutlookRecurrence>[0]) =>
      occurrences(expandOutlookRecurrence(recurrence, ZURICH)).map((o) => o.date);
    expect(
      dates({
        recurrenceType: 'daily',
        recurrenceProperties: { interval: 3 },
        seriesTime: seriesTime('2026-11-23', '2026-11-30'),
      }),
    ).toEqual(['2026-11-23', '2026-11-26', '2026-11-29']);
    expect(dates({ recurrenceType: 'weekday', seriesTime: seriesTime('2026-11-27', '2026-12-01') })).toEqual([
      '2026-11-27',
      '2026-11-30',
      '2026-12-01',
    ]);
    expect(
      dates({
        recurrenceType: 'monthly',
        recurrenceProperties: { interval: 1, dayOfMonth: 15 },
        seriesTime: seriesTime('2026-11-01', '2027-01-31'),
      }),
    ).toEqual(['2026-11-15', '2026-12-15', '2027-01-15']);
    expect(
      dates({
        recurrenceType: 'monthly',
        recurrenceProperties: { interval: 1, dayOfWeek: 'fri', weekNumber: 'last' },
        seriesTime: seriesTime('2026-11-01', '2027-01-31'),
      }),
    ).toEqual(['2026-11-27', '2026-12-25', '2027-01-29']);
  });

  it('puts a monthly day 29, 30 or 31 on the last day of a shorter month, as Outlook does', () => {
    const dates = (recurrence: Parameters<typeof expandOutlookRecurrence>[0]) =>
      occurrences(expandOutlookRecurrence(recurrence, ZURICH)).map((o) => o.date);
    expect(
      dates({
        recurrenceType: 'monthly',
        recurrenceProperties: { interval: 1, dayOfMonth: 31 },
        seriesTime: seriesTime('2026-01-31', '2026-06-30'),
      }),
    ).toEqual(['2026-01-31', '2026-02-28', '2026-03-31', '2026-04-30', '2026-05-31', '2026-06-30']);
    // The day of the start date when the properties name none; 29 February in a leap year.
    expect(
      dates({
        recurrenceType: 'monthly',
        recurrenceProperties: { interval: 1 },
        seriesTime: seriesTime('2027-12-30', '2028-04-30'),
      }),
    ).toEqual(['2027-12-30', '2028-01-30', '2028-02-29', '2028-03-30', '2028-04-30']);
    expect(
      dates({
        recurrenceType: 'monthly',
        recurrenceProperties: { interval: 2, dayOfMonth: 29 },
        seriesTime: seriesTime('2026-02-01', '2026-06-30'),
      }),
    ).toEqual(['2026-02-28', '2026-04-29', '2026-06-29']);
    // Not before the series' start: a series starting 15 February has its first on the 28th.
    expect(
      dates({
        recurrenceType: 'monthly',
        recurrenceProperties: { interval: 1, dayOfMonth: 31 },
        seriesTime: seriesTime('2026-02-15', '2026-03-31'),
      }),
    ).toEqual(['2026-02-28', '2026-03-31']);
  });

  it('puts a yearly 29 February on 28 February in years that are not leap years, as Outlook does', () => {
    const dates = occurrences(
      expandOutlookRecurrence(
        {
          recurrenceType: 'yearly',
          recurrenceProperties: { interval: 1, month: 'feb', dayOfMonth: 29 },
          seriesTime: seriesTime('2026-01-01', '2032-12-31'),
        },
        ZURICH,
      ),
    ).map((o) => o.date);
    expect(dates).toEqual([
      '2026-02-28',
      '2027-02-28',
      '2028-02-29',
      '2029-02-28',
      '2030-02-28',
      '2031-02-28',
      '2032-02-29',
    ]);
  });

  it('keeps the duration of an Outlook occurrence on the spring-forward and fall-back nights', () => {
    const list = (startDate: string, startTime: string, endTime: string, durationMinutes: number) =>
      occurrences(
        expandOutlookRecurrence(
          {
            recurrenceType: 'daily',
            recurrenceProperties: { interval: 1 },
            seriesTime: { startDate, endDate: startDate, startTime, endTime, durationMinutes },
            recurrenceTimeZone: { name: 'W. Europe Standard Time' },
          },
          ZURICH,
        ),
      );
    expect(list('2027-03-28', '02:30', '03:30', 60)).toEqual([
      { date: '2027-03-28', start: '2027-03-28T01:30:00.000Z', end: '2027-03-28T02:30:00.000Z' },
    ]);
    expect(list('2027-10-31', '02:30', '03:00', 30)).toEqual([
      { date: '2027-10-31', start: '2027-10-31T00:30:00.000Z', end: '2027-10-31T01:00:00.000Z' },
    ]);
  });

  it('refuses an endless series and bad times with field errors', () => {
    expect(
      expandOutlookRecurrence(
        { recurrenceType: 'daily', seriesTime: seriesTime('2026-11-23', null, 'soon') },
        ZURICH,
      ),
    ).toEqual({
      ok: false,
      errors: {
        'seriesTime.endDate': [RECURRENCE_MESSAGES.noEnd],
        'seriesTime.startTime': [RECURRENCE_MESSAGES.time],
      },
    });
    expect(
      expandOutlookRecurrence(
        { recurrenceType: 'daily', seriesTime: seriesTime('2026-01-01', '2030-01-01') },
        ZURICH,
      ),
    ).toEqual({ ok: false, errors: { recurrence: [RECURRENCE_MESSAGES.tooMany] } });
  });
});
