import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import type { InitialData } from '../../shared/contract/auth';
import { addDays, browserZone, isKnownZone, wallClockAt } from '../../shared/time/zone';
import { dayjsDateFormat, dayjsTimeFormat } from './dates';

dayjs.extend(utc);

/**
 * Every date and time a screen shows goes through here (spec §9 date and time formats, time mode,
 * date locales; docs/dates-and-times.md): the signed-in user's DateFormat ('d.M.yyyy') and
 * TimeFormat ('HH:mm'; an 'h' format is a 12-hour clock with AM/PM), in the user's zone unless the
 * screen names a place's zone, with month and weekday names in the user's language. Before sign-in
 * there are no preferences: the language's own short forms.
 *
 * One shape everywhere: a date and a time are joined by a space ('24.11.2026 09:00'), two times by
 * an en dash ('09:00–10:00'), two date-times by a spaced one ('24.11.2026 22:00 – 25.11.2026 08:30').
 * An end at the next midnight is that day's 24:00, as bookings show an all-day desk ('00:00–24:00').
 */

/** A calendar day 'YYYY-MM-DD' (shown as it is, whatever the zone), an ISO instant, or a Date. */
export type WhenValue = Date | string;

export interface WhenSettings {
  /** the user's DateFormat ('d.M.yyyy'); null before sign-in: the language's own */
  dateFormat: string | null;
  /** the user's TimeFormat ('HH:mm', 'h:mm'); null before sign-in: the language's own */
  timeFormat: string | null;
  /** the zone instants are shown in unless a call names another (a level's, a desk's) */
  zone: string;
  /** the language code ('en', 'de'): month and weekday names, and the formats before sign-in */
  language: string;
}

/** Today, tomorrow, or another day written as weekday and date (passes, home). */
export type DayName = { kind: 'today' } | { kind: 'tomorrow' } | { kind: 'date'; text: string };

export interface When {
  /** the zone instants are shown in when a call names none */
  readonly zone: string;
  /** '24.11.2026' */
  date(value: WhenValue, zone?: string): string;
  /** '09:00', '9:00 AM' */
  time(value: WhenValue, zone?: string): string;
  /** '24.11.2026 09:00' */
  dateTime(value: WhenValue, zone?: string): string;
  /** '09:00–10:00'; an end at the next midnight reads '24:00' */
  timeRange(start: WhenValue, end: WhenValue, zone?: string): string;
  /** '24.11.2026 09:00–10:00', or '24.11.2026 22:00 – 25.11.2026 08:30' across days */
  dateTimeRange(start: WhenValue, end: WhenValue, zone?: string): string;
  /** 'Tuesday 24.11.2026' */
  weekdayDate(value: WhenValue, zone?: string): string;
  /** the day `value` falls on, named relative to `now` in the same zone; an earlier day is today */
  relativeDay(value: WhenValue, now: Date, zone?: string): DayName;
  /** a wall-clock time of a place's settings ('08:00', '17:30:00', '24:00') in the time format */
  clock(time: string): string;
  /** two wall-clock times: '08:00–17:00' */
  clockRange(from: string, to: string): string;
}

/** The zone the user sees times in: their preference, else their profile's, else the browser's. */
export function userZoneOf(session: InitialData | null): string {
  return session?.usertimepreference?.timezone || session?.user.timezone || browserZone();
}

/**
 * A zone's name for people, in their language ('Central European Time', 'heure normale du Japon'):
 * Intl's generic long name, the IANA id where the browser has none.
 */
export function zoneName(zone: string, language: string): string {
  try {
    const parts = new Intl.DateTimeFormat(language, {
      timeZone: zone,
      timeZoneName: 'longGeneric',
    }).formatToParts();
    return parts.find((part) => part.type === 'timeZoneName')?.value ?? zone;
  } catch {
    return zone;
  }
}

/** What the formatter reads from the session and the language (none before sign-in). */
export function whenSettings(session: InitialData | null, language: string): WhenSettings {
  const preference = session?.usertimepreference;
  return {
    dateFormat: preference ? preference.date_format : null,
    timeFormat: preference ? preference.time_format : null,
    zone: userZoneOf(session),
    language,
  };
}

/* ---------------------------------------------------------------- writing a wall clock */

interface Clock {
  date: string;
  /** 'HH:MM', or '24:00' for the end of `date` */
  time: string;
}

/** Writes a wall-clock day and time: the user's formats, or the language's before sign-in. */
interface Writer {
  date(day: string): string;
  time(time: string): string;
  weekdayDate(day: string): string;
}

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;
const SPACE = ' ';
const TIMES = '–';
const DATE_TIMES = ' – ';

const asUtc = (day: string, time: string) =>
  Date.UTC(
    Number(day.slice(0, 4)),
    Number(day.slice(5, 7)) - 1,
    Number(day.slice(8, 10)),
    Number(time.slice(0, 2)),
    Number(time.slice(3, 5)),
  );

/** The user's formats through dayjs (its date locale loaded on demand, i18n/dates applyDateLocale). */
function preferenceWriter(dateFormat: string, timeFormat: string, language: string): Writer {
  const datePattern = dayjsDateFormat(dateFormat);
  const timePattern = dayjsTimeFormat(timeFormat);
  const wanted = language.toLowerCase();
  // A date locale not loaded yet: the one in use (English until the session loads another).
  const locale = () => (dayjs.Ls[wanted] ? wanted : dayjs.locale());
  const write = (day: string, time: string, pattern: string) =>
    dayjs.utc(asUtc(day, time)).locale(locale()).format(pattern);
  return {
    date: (day) => write(day, '00:00', datePattern),
    // 24:00 on a 24-hour clock; a 12-hour clock has no 24 and writes the midnight it is.
    time: (time) =>
      time === '24:00' && /H/.test(timePattern)
        ? write('2000-01-01', '00:00', timePattern).replace(/^0?0/, '24')
        : write('2000-01-01', time, timePattern),
    weekdayDate: (day) => write(day, '00:00', `dddd ${datePattern}`),
  };
}

function intlFormat(language: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  try {
    return new Intl.DateTimeFormat(language, { ...options, timeZone: 'UTC' });
  } catch {
    return new Intl.DateTimeFormat('en', { ...options, timeZone: 'UTC' });
  }
}

/** Before sign-in: the language's own numeric date and two-digit time. */
function languageWriter(language: string): Writer {
  const date = intlFormat(language, { year: 'numeric', month: 'numeric', day: 'numeric' });
  const time = intlFormat(language, { hour: '2-digit', minute: '2-digit' });
  const weekday = intlFormat(language, {
    weekday: 'long',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
  });
  const twentyFour = time.resolvedOptions().hourCycle === 'h23';
  return {
    date: (day) => date.format(asUtc(day, '00:00')),
    time: (clock) =>
      clock === '24:00' && twentyFour
        ? time
            .formatToParts(asUtc('2000-01-01', '00:00'))
            .map((part) => (part.type === 'hour' ? '24' : part.value))
            .join('')
        : time.format(asUtc('2000-01-01', clock)),
    weekdayDate: (day) => weekday.format(asUtc(day, '00:00')),
  };
}

/* ---------------------------------------------------------------- the formatter */

const writers = new Map<string, Writer>();

function writerFor(settings: WhenSettings): Writer {
  const key = `${settings.dateFormat ?? ''}|${settings.timeFormat ?? ''}|${settings.dateFormat === null}|${settings.language}`;
  let writer = writers.get(key);
  if (!writer) {
    writer =
      settings.dateFormat === null || settings.timeFormat === null
        ? languageWriter(settings.language)
        : preferenceWriter(settings.dateFormat, settings.timeFormat, settings.language);
    writers.set(key, writer);
  }
  return writer;
}

/** The formatter for given preferences, zone and language (pure: tests and non-React code). */
export function createWhen(settings: WhenSettings): When {
  const write = writerFor(settings);
  // An unknown zone name shows the browser's clock rather than nothing.
  const zoneOf = (zone: string | undefined) => {
    const wanted = zone || settings.zone;
    return isKnownZone(wanted) ? wanted : browserZone();
  };
  const defaultZone = zoneOf(undefined);
  /** The wall clock of a value; null when it is no date (the text is then shown as it came). */
  const clockOf = (value: WhenValue, zone: string | undefined): Clock | null => {
    if (typeof value === 'string' && CALENDAR_DAY.test(value)) return { date: value, time: '00:00' };
    const instant = typeof value === 'string' ? new Date(value) : value;
    return Number.isNaN(instant.getTime()) ? null : wallClockAt(instant, zoneOf(zone));
  };
  const raw = (value: WhenValue) => (typeof value === 'string' ? value : '');
  /** The end of a range: the next midnight is the start day's 24:00 (an all-day desk: 00:00–24:00). */
  const endOf = (start: Clock, end: Clock): Clock =>
    end.time === '00:00' && end.date === addDays(start.date, 1) ? { date: start.date, time: '24:00' } : end;
  const dateTime = (clock: Clock) => `${write.date(clock.date)}${SPACE}${write.time(clock.time)}`;
  const clockText = (time: string) => (/^\d{2}:\d{2}/.test(time) ? write.time(time.slice(0, 5)) : time);

  return {
    zone: defaultZone,
    date: (value, zone) => {
      const clock = clockOf(value, zone);
      return clock ? write.date(clock.date) : raw(value);
    },
    time: (value, zone) => {
      const clock = clockOf(value, zone);
      return clock ? write.time(clock.time) : raw(value);
    },
    dateTime: (value, zone) => {
      const clock = clockOf(value, zone);
      return clock ? dateTime(clock) : raw(value);
    },
    timeRange: (start, end, zone) => {
      const from = clockOf(start, zone);
      const to = clockOf(end, zone);
      if (!from || !to) return `${raw(start)}${TIMES}${raw(end)}`;
      return `${write.time(from.time)}${TIMES}${write.time(endOf(from, to).time)}`;
    },
    dateTimeRange: (start, end, zone) => {
      const from = clockOf(start, zone);
      const next = clockOf(end, zone);
      if (!from || !next) return `${raw(start)}${DATE_TIMES}${raw(end)}`;
      const to = endOf(from, next);
      return to.date === from.date
        ? `${dateTime(from)}${TIMES}${write.time(to.time)}`
        : `${dateTime(from)}${DATE_TIMES}${dateTime(to)}`;
    },
    weekdayDate: (value, zone) => {
      const clock = clockOf(value, zone);
      return clock ? write.weekdayDate(clock.date) : raw(value);
    },
    relativeDay: (value, now, zone) => {
      const day = clockOf(value, zone)?.date ?? '';
      const today = wallClockAt(now, zoneOf(zone)).date;
      if (day <= today) return { kind: 'today' };
      if (day === addDays(today, 1)) return { kind: 'tomorrow' };
      return { kind: 'date', text: write.weekdayDate(day) };
    },
    clock: clockText,
    clockRange: (from, to) => `${clockText(from)}${TIMES}${clockText(to)}`,
  };
}
