import { afterAll, describe, expect, it } from 'vitest';
import type { InitialData } from '../../shared/contract/auth';
import { applyDateLocale } from './dates';
import { createWhen, userZoneOf, whenSettings, type WhenSettings } from './format-when';

const zurich: WhenSettings = {
  dateFormat: 'd.M.yyyy',
  timeFormat: 'HH:mm',
  zone: 'Europe/Zurich',
  language: 'en',
};
const iso: WhenSettings = {
  dateFormat: 'yyyy-MM-dd',
  timeFormat: 'h:mm',
  zone: 'Europe/Zurich',
  language: 'en',
};

describe('spec §9 date and time formats: every date and time in the user’s DateFormat and TimeFormat', () => {
  const when = createWhen(zurich);
  const at = '2026-11-24T08:05:00.000Z'; // 09:05 in Zurich

  it('writes d.M.yyyy / HH:mm as day.month.year and a 24-hour clock', () => {
    expect(when.date(at)).toBe('24.11.2026');
    expect(when.time(at)).toBe('09:05');
    expect(when.dateTime(at)).toBe('24.11.2026 09:05');
    expect(when.dateTime(new Date(at))).toBe('24.11.2026 09:05');
  });

  it('writes yyyy-MM-dd / h:mm with AM/PM (spec §9: a format with h adds AM/PM)', () => {
    const twelve = createWhen(iso);
    expect(twelve.date(at)).toBe('2026-11-24');
    expect(twelve.time(at)).toBe('9:05 AM');
    expect(twelve.dateTime('2026-06-01T13:30:00Z')).toBe('2026-06-01 3:30 PM');
    expect(twelve.clock('17:30:00')).toBe('5:30 PM');
  });

  it('shows a calendar day as it is, in no zone', () => {
    expect(createWhen({ ...zurich, zone: 'Pacific/Kiritimati' }).date('2030-06-01')).toBe('1.6.2030');
    expect(createWhen({ ...zurich, zone: 'Pacific/Pago_Pago' }).date('2030-06-01')).toBe('1.6.2030');
  });

  it('shows a text that is no date as it came, rather than “Invalid Date”', () => {
    expect(when.dateTime('soon')).toBe('soon');
    expect(when.clock('')).toBe('');
  });
});

describe('spec §9 time zones: the user’s zone by default, a place’s zone when the screen names it', () => {
  const start = '2026-06-01T13:30:00Z';

  it('converts to the user’s zone, not the browser’s (the tests run in UTC)', () => {
    expect(createWhen(zurich).dateTime(start)).toBe('1.6.2026 15:30');
    expect(createWhen({ ...zurich, zone: 'America/New_York', timeFormat: 'h:mm' }).dateTime(start)).toBe(
      '1.6.2026 9:30 AM',
    );
  });

  it('takes an explicit zone (a level’s) over the user’s, the day included', () => {
    const when = createWhen(zurich);
    expect(when.dateTime('2026-11-24T02:00:00Z', 'America/Los_Angeles')).toBe('23.11.2026 18:00');
    expect(when.date('2026-11-24T02:00:00Z')).toBe('24.11.2026');
  });

  it('shows an unknown zone’s instants on the browser’s clock rather than nothing', () =>
    expect(createWhen({ ...zurich, zone: 'Mars/Olympus' }).time(start)).toBe('13:30'));

  it('takes the preference’s zone, else the profile’s, else the browser’s', () => {
    const session = (preference: string, profile: string) =>
      ({
        usertimepreference: { date_format: 'd.M.yyyy', time_format: 'HH:mm', timezone: preference },
        user: { timezone: profile },
      }) as InitialData;
    expect(userZoneOf(session('Asia/Tokyo', 'Europe/Zurich'))).toBe('Asia/Tokyo');
    expect(userZoneOf(session('', 'Europe/Zurich'))).toBe('Europe/Zurich');
    expect(userZoneOf(null)).toBe('UTC');
    expect(whenSettings(session('Asia/Tokyo', ''), 'de')).toEqual({
      dateFormat: 'd.M.yyyy',
      timeFormat: 'HH:mm',
      zone: 'Asia/Tokyo',
      language: 'de',
    });
  });
});

describe('time ranges: "09:00–10:00"; an end at the next midnight is 24:00, as bookings show it', () => {
  const when = createWhen(zurich);

  it('writes a range on one day with its date once', () => {
    expect(when.timeRange('2026-11-24T08:00:00Z', '2026-11-24T09:00:00Z')).toBe('09:00–10:00');
    expect(when.dateTimeRange('2026-11-24T08:00:00Z', '2026-11-24T09:00:00Z')).toBe('24.11.2026 09:00–10:00');
  });

  it('labels an all-day booking from midnight to midnight 00:00–24:00 on its day, not 00:00–00:00', () => {
    expect(when.dateTimeRange('2026-11-23T23:00:00Z', '2026-11-24T23:00:00Z')).toBe('24.11.2026 00:00–24:00');
    expect(when.timeRange('2026-11-23T23:00:00Z', '2026-11-24T23:00:00Z')).toBe('00:00–24:00');
    expect(createWhen({ ...zurich, timeFormat: 'H:mm' }).clockRange('0:00', '24:00')).toBe('0:00–24:00');
  });

  it('names the end day of a range over midnight', () => {
    expect(when.dateTimeRange('2026-11-24T21:00:00Z', '2026-11-25T07:30:00Z')).toBe(
      '24.11.2026 22:00 – 25.11.2026 08:30',
    );
    expect(
      createWhen({ ...zurich, dateFormat: 'dd/MM/yyyy', timeFormat: 'h:mm' }).dateTimeRange(
        '2026-11-24T21:00:00Z',
        '2026-11-25T07:30:00Z',
      ),
    ).toBe('24/11/2026 10:00 PM – 25/11/2026 8:30 AM');
  });

  it('has no 24 on a 12-hour clock: the all-day end is midnight', () =>
    expect(createWhen(iso).timeRange('2026-11-23T23:00:00Z', '2026-11-24T23:00:00Z')).toBe(
      '12:00 AM–12:00 AM',
    ));

  it('writes wall-clock times of a place’s settings in the user’s time format', () => {
    expect(when.clockRange('08:00:00', '17:00:00')).toBe('08:00–17:00');
    expect(createWhen(iso).clockRange('08:00', '24:00')).toBe('8:00 AM–12:00 AM');
  });
});

describe('weekday and date, and today / tomorrow (passes, home)', () => {
  const when = createWhen(zurich);
  const now = new Date('2026-11-24T06:00:00.000Z');

  it('writes the weekday before the date', () =>
    expect(when.weekdayDate('2026-11-27')).toBe('Friday 27.11.2026'));

  it('names today and tomorrow in the zone given, other days by weekday and date', () => {
    expect(when.relativeDay('2026-11-24T23:30:00.000Z', now)).toEqual({ kind: 'tomorrow' });
    expect(when.relativeDay('2026-11-24T22:30:00.000Z', now)).toEqual({ kind: 'today' });
    expect(when.relativeDay('2026-11-24T22:30:00.000Z', now, 'Asia/Tokyo')).toEqual({ kind: 'tomorrow' });
    expect(when.relativeDay('2026-11-27T10:00:00.000Z', now)).toEqual({
      kind: 'date',
      text: 'Friday 27.11.2026',
    });
  });
});

describe('spec §9 date locales: month and weekday names in the user’s language', () => {
  afterAll(async () => {
    await applyDateLocale('en');
  });

  it('writes German month and weekday names once the German date locale is loaded', async () => {
    await applyDateLocale('de');
    await applyDateLocale('en'); // the page's global locale stays English: the formatter asks for German
    const german = createWhen({ ...zurich, dateFormat: 'd. MMMM yyyy', language: 'de' });
    expect(german.date('2026-03-04')).toBe('4. März 2026');
    expect(german.weekdayDate('2026-11-24')).toBe('Dienstag 24. November 2026');
    expect(createWhen({ ...zurich, dateFormat: 'd. MMMM yyyy' }).date('2026-03-04')).toBe('4. March 2026');
  });

  it('falls back to the loaded locale for a language whose date locale is not loaded', () =>
    expect(createWhen({ ...zurich, dateFormat: 'd MMM yyyy', language: 'xx' }).date('2026-03-04')).toBe(
      '4 Mar 2026',
    ));
});

describe('before sign-in: no preferences, the language’s own formats', () => {
  const none = (language: string): WhenSettings => ({
    dateFormat: null,
    timeFormat: null,
    zone: 'UTC',
    language,
  });

  it('writes English and German dates and times as those languages do', () => {
    expect(createWhen(none('en')).dateTime('2026-11-24T15:05:00Z')).toBe('11/24/2026 03:05 PM');
    expect(createWhen(none('de')).dateTime('2026-11-24T15:05:00Z')).toBe('24.11.2026 15:05');
    expect(createWhen(none('de')).timeRange('2026-11-24T00:00:00Z', '2026-11-25T00:00:00Z')).toBe(
      '00:00–24:00',
    );
    expect(createWhen(none('de')).weekdayDate('2026-11-24')).toBe('Dienstag, 24.11.2026');
  });

  it('reads the session: no preferences before sign-in', () =>
    expect(whenSettings(null, 'fr')).toEqual({
      dateFormat: null,
      timeFormat: null,
      zone: 'UTC',
      language: 'fr',
    }));
});
