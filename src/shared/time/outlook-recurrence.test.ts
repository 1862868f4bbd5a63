import { describe, expect, it } from 'vitest';
import { expandOutlookRecurrence } from './outlook-recurrence';
import { RECURRENCE_MESSAGES, type Expansion } from './recurrence';
import { OUTLOOK_ZONE_NAMES, meetingZoneOf, zoneOfOutlookName } from './windows-zones';
import {
  BOOKING_HORIZON_MAX,
  horizonEnd,
  lastBookableDay,
  readHorizonDays,
} from '../booking/booking-horizon';

const ZURICH = 'Europe/Zurich';

function occurrences(expansion: Expansion) {
  if (!expansion.ok) throw new Error(JSON.stringify(expansion.errors));
  return expansion.occurrences.map((o) => ({
    date: o.date,
    start: o.start.toISOString(),
    end: o.end.toISOString(),
  }));
}

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

  describe('an endless series and the booking horizon', () => {
    const endless = (recurrenceType: 'daily' | 'weekly', startDate: string) => ({
      recurrenceType,
      recurrenceProperties: { interval: 1, days: ['tue' as const] },
      // Office.js's SeriesTime of a series with "no end date": getEndDate() answers null
      seriesTime: {
        getStartDate: () => startDate,
        getEndDate: () => null,
        getStartTime: () => 'T09:00:00:000',
        getEndTime: () => 'T10:00:00:000',
        getDuration: () => 60,
      },
      recurrenceTimeZone: { name: 'W. Europe Standard Time', offset: 60 },
    });

    it("is booked from today up to the horizon's last day, and says it was cut there", () => {
      const expansion = expandOutlookRecurrence(endless('weekly', '2026-01-06'), ZURICH, {
        from: '2026-11-24',
        until: '2027-03-31',
      });
      if (!expansion.ok) throw new Error(JSON.stringify(expansion.errors));
      expect(expansion.until).toBe('2027-03-31');
      const dates = expansion.occurrences.map((o) => o.date);
      expect(dates[0]).toBe('2026-11-24');
      expect(dates.at(-1)).toBe('2027-03-30');
      expect(dates).toHaveLength(19);
    });

    it('cuts a series ending after the horizon at its last day; one ending before is left whole', () => {
      const dated = (endDate: string) => ({
        recurrenceType: 'daily' as const,
        recurrenceProperties: { interval: 1 },
        seriesTime: seriesTime('2026-12-01', endDate),
        recurrenceTimeZone: { name: 'W. Europe Standard Time' },
      });
      const horizon = { from: '2026-11-24', until: '2026-12-10' };
      const long = expandOutlookRecurrence(dated('2027-06-01'), ZURICH, horizon);
      const short = expandOutlookRecurrence(dated('2026-12-05'), ZURICH, horizon);
      if (!long.ok || !short.ok) throw new Error('refused');
      expect([long.occurrences.length, long.until]).toEqual([10, '2026-12-10']);
      expect([short.occurrences.length, short.until]).toEqual([5, null]);
    });

    it('keeps to the 731 cap: a daily endless series begun years ago holds 731 at the longest horizon', () => {
      const expansion = expandOutlookRecurrence(endless('daily', '2020-01-01'), ZURICH, {
        from: '2026-11-24',
        until: lastBookableDay(new Date('2026-11-24T12:00:00Z'), BOOKING_HORIZON_MAX, ZURICH),
      });
      if (!expansion.ok) throw new Error(JSON.stringify(expansion.errors));
      expect(expansion.occurrences).toHaveLength(731);
      expect(expansion.occurrences[0]!.date).toBe('2026-11-24');
    });

    it('without a horizon is still refused', () => {
      expect(expandOutlookRecurrence(endless('weekly', '2026-01-06'), ZURICH)).toEqual({
        ok: false,
        errors: { 'seriesTime.endDate': [RECURRENCE_MESSAGES.noEnd] },
      });
    });
  });

  it("places a meeting in its series' zone, else the mailbox's, else the Workplace user's", () => {
    expect(meetingZoneOf('Tokyo Standard Time', 'W. Europe Standard Time', ZURICH)).toBe('Asia/Tokyo');
    expect(meetingZoneOf(null, 'W. Europe Standard Time', ZURICH)).toBe('Europe/Berlin');
    expect(meetingZoneOf(undefined, 'Nowhere Standard Time', ZURICH)).toBe(ZURICH);
  });
});

describe('the booking horizon', () => {
  it('ends with the last bookable day in the zone asked, and reads the preference within bounds', () => {
    // 23:30 UTC on 24 November is already the 25th in Zurich
    const now = new Date('2026-11-24T23:30:00Z');
    expect(lastBookableDay(now, 365, ZURICH)).toBe('2027-11-25');
    expect(lastBookableDay(now, 365, 'UTC')).toBe('2027-11-24');
    expect(horizonEnd(now, 365, ZURICH).toISOString()).toBe('2027-11-25T23:00:00.000Z');
    expect(readHorizonDays(null)).toBe(365);
    expect(readHorizonDays('90')).toBe(90);
    expect(readHorizonDays('731')).toBe(365);
    expect(readHorizonDays('x')).toBe(365);
  });
});
