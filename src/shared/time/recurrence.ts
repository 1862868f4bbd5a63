/**
 * Recurring meetings → every occurrence's start and end instant. Two inputs: the scheduler's own
 * recurrence (spec §3 "Scheduler state": dateRange, type, days, interval) and the one Outlook reports
 * (Office.js `item.recurrence.getAsync`: recurrenceType, recurrenceProperties, seriesTime,
 * recurrenceTimeZone). Both are expanded by `rrule` over calendar dates only ("floating" dates in
 * UTC fields); each date's wall-clock start is then placed in the meeting's zone, so a 09:00 meeting
 * stays at 09:00 on both sides of a daylight-saving change, and its end is that start plus the
 * meeting's duration.
 */
import * as rrulePackage from 'rrule';
import type { Options, Weekday } from 'rrule';
import type { FieldErrors } from '../validation';
import { addDays, isKnownZone, minutesOf, zonedInstant } from './zone';

// Node loads rrule's CommonJS build, whose exports sit on the default export; bundlers load its ES
// build with named exports. Either way, the same RRule (also the server's, for iCalendar RRULEs).
export const { RRule } =
  'RRule' in rrulePackage && rrulePackage.RRule
    ? rrulePackage
    : (rrulePackage as unknown as { default: typeof rrulePackage }).default;

export interface Occurrence {
  /** the occurrence's calendar date in the meeting's zone, 'YYYY-MM-DD' */
  date: string;
  start: Date;
  end: Date;
}

export type Expansion = { ok: true; occurrences: Occurrence[] } | { ok: false; errors: FieldErrors };

/**
 * Beyond this many occurrences a series is refused (a validation error), never cut short: every
 * occurrence is checked and booked or none is. A daily meeting for two years.
 */
export const MAX_OCCURRENCES = 731;

export const RECURRENCE_MESSAGES = {
  tooMany: `A recurring meeting can have at most ${MAX_OCCURRENCES} occurrences.`,
  noEnd: 'A recurring meeting needs an end date.',
  endBeforeStart: 'The end date must be on or after the start date.',
  noOccurrence: 'The recurrence has no occurrence in its date range.',
  noDays: 'Choose at least one day of the week.',
  interval: 'The interval must be a whole number from 1 to 99.',
  date: 'Enter a date as YYYY-MM-DD.',
  time: 'Enter a time as HH:MM.',
  endTime: 'The end must be after the start.',
  zone: 'Unknown time zone.',
  type: 'Unknown recurrence type.',
} as const;

// ---------------------------------------------------------------------------------------------
// Scheduler recurrence (spec §3)

export const SCHEDULER_RECURRENCE_TYPES = ['daily', 'weekly', 'monthly', 'yearly'] as const;
export type SchedulerRecurrenceType = (typeof SCHEDULER_RECURRENCE_TYPES)[number];

export interface SchedulerRecurrence {
  dateRange: { start: string; end: string };
  type: SchedulerRecurrenceType;
  /** weekly: the days, Monday 0 … Sunday 6 (spec §9) */
  days: number[];
  /** every `interval` days, weeks, months or years */
  interval: number;
}

/** The meeting's time of day in its zone; an end at or before the start ends on the next day. */
export interface MeetingTime {
  startTime: string;
  endTime: string;
  timeZone: string;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const RRULE_DAYS = [RRule.MO, RRule.TU, RRule.WE, RRule.TH, RRule.FR, RRule.SA, RRule.SU];

const isDate = (value: string) => DATE.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));
const floating = (date: string) => new Date(`${date}T00:00:00Z`);
const dateOf = (floatingDate: Date) => floatingDate.toISOString().slice(0, 10);

/**
 * The meeting's duration in minutes. Decision (spec silent): an end time equal to or before the
 * start time means the meeting runs past midnight; an all-day meeting is given as 00:00–00:00.
 */
function durationMinutes(startTime: string, endTime: string): number {
  const duration = minutesOf(endTime) - minutesOf(startTime);
  return duration > 0 ? duration : duration + 1440;
}

function occurrencesOn(
  dates: readonly string[],
  startMinutes: number,
  duration: number,
  zone: string,
): Occurrence[] {
  return dates.map((date) => {
    const start = zonedInstant(date, startMinutes, zone);
    // The end is the start plus the meeting's duration in real time (Outlook's model: start +
    // duration), so every occurrence keeps the meeting's length: a 09:00–10:00 meeting still ends
    // at 10:00 on the clock on a daylight-saving day, and one across the change itself (02:30–03:30
    // on a spring-forward night) neither shrinks to nothing nor grows by the hour repeated in autumn.
    // An all-day meeting (00:00–00:00) covers its local day instead, 23 or 25 hours on those days.
    const end =
      startMinutes === 0 && duration === 1440
        ? zonedInstant(addDays(date, 1), 0, zone)
        : new Date(start.getTime() + duration * 60_000);
    return { date, start, end };
  });
}

/** Runs an rrule over floating dates, refusing (not truncating) more than MAX_OCCURRENCES. */
function expandDates(options: Partial<Options>): { dates: string[] } | { tooMany: true } {
  const dates: string[] = [];
  let tooMany = false;
  new RRule(options).all((date) => {
    if (dates.length === MAX_OCCURRENCES) {
      tooMany = true;
      return false;
    }
    dates.push(dateOf(date));
    return true;
  });
  return tooMany ? { tooMany: true } : { dates };
}

function finish(
  result: { dates: string[] } | { tooMany: true },
  time: { startMinutes: number; duration: number; zone: string },
  field: string,
): Expansion {
  if ('tooMany' in result) return { ok: false, errors: { [field]: [RECURRENCE_MESSAGES.tooMany] } };
  if (result.dates.length === 0)
    return { ok: false, errors: { [field]: [RECURRENCE_MESSAGES.noOccurrence] } };
  return { ok: true, occurrences: occurrencesOn(result.dates, time.startMinutes, time.duration, time.zone) };
}

/**
 * Every occurrence of a scheduler recurrence. Monthly repeats on the start date's day of the month
 * and yearly on its day and month (decision: the §3 state has no other field for them); a month
 * without that day (the 31st in April) has no occurrence (decision, unlike Outlook's "day N of
 * every month", which falls on the month's last day: see expandOutlookRecurrence).
 * Field names in errors are those of the scheduler state (recurrence.dateRange.end, …).
 */
export function expandSchedulerRecurrence(recurrence: SchedulerRecurrence, time: MeetingTime): Expansion {
  const errors: FieldErrors = {};
  const { start, end } = recurrence.dateRange;
  if (!isDate(start)) errors['recurrence.dateRange.start'] = [RECURRENCE_MESSAGES.date];
  if (!isDate(end)) errors['recurrence.dateRange.end'] = [RECURRENCE_MESSAGES.date];
  else if (isDate(start) && end < start)
    errors['recurrence.dateRange.end'] = [RECURRENCE_MESSAGES.endBeforeStart];
  if (!SCHEDULER_RECURRENCE_TYPES.includes(recurrence.type))
    errors['recurrence.type'] = [RECURRENCE_MESSAGES.type];
  if (!Number.isInteger(recurrence.interval) || recurrence.interval < 1 || recurrence.interval > 99)
    errors['recurrence.interval'] = [RECURRENCE_MESSAGES.interval];
  const days = [...new Set(recurrence.days)].filter((day) => Number.isInteger(day) && day >= 0 && day <= 6);
  if (recurrence.type === 'weekly' && days.length === 0)
    errors['recurrence.days'] = [RECURRENCE_MESSAGES.noDays];
  if (!TIME.test(time.startTime)) errors['dateTime.startTime'] = [RECURRENCE_MESSAGES.time];
  if (!TIME.test(time.endTime)) errors['dateTime.endTime'] = [RECURRENCE_MESSAGES.time];
  if (!isKnownZone(time.timeZone)) errors.timezone = [RECURRENCE_MESSAGES.zone];
  if (Object.keys(errors).length > 0) return { ok: false, errors };

  const dtstart = floating(start);
  const options: Partial<Options> = {
    dtstart,
    until: floating(end),
    interval: recurrence.interval,
    wkst: RRule.MO,
  };
  if (recurrence.type === 'daily') options.freq = RRule.DAILY;
  else if (recurrence.type === 'weekly') {
    options.freq = RRule.WEEKLY;
    options.byweekday = days.sort().map((day) => RRULE_DAYS[day]!);
  } else if (recurrence.type === 'monthly') {
    options.freq = RRule.MONTHLY;
    options.bymonthday = [dtstart.getUTCDate()];
  } else {
    options.freq = RRule.YEARLY;
    options.bymonth = [dtstart.getUTCMonth() + 1];
    options.bymonthday = [dtstart.getUTCDate()];
  }
  return finish(
    expandDates(options),
    {
      startMinutes: minutesOf(time.startTime),
      duration: durationMinutes(time.startTime, time.endTime),
      zone: time.timeZone,
    },
    'recurrence',
  );
}

/** A one-off meeting as the single occurrence a series of one would have. */
export function singleOccurrence(date: string, time: MeetingTime): Expansion {
  const errors: FieldErrors = {};
  if (!isDate(date)) errors['dateTime.date'] = [RECURRENCE_MESSAGES.date];
  if (!TIME.test(time.startTime)) errors['dateTime.startTime'] = [RECURRENCE_MESSAGES.time];
  if (!TIME.test(time.endTime)) errors['dateTime.endTime'] = [RECURRENCE_MESSAGES.time];
  if (!isKnownZone(time.timeZone)) errors.timezone = [RECURRENCE_MESSAGES.zone];
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const startMinutes = minutesOf(time.startTime);
  return {
    ok: true,
    occurrences: occurrencesOn(
      [date],
      startMinutes,
      durationMinutes(time.startTime, time.endTime),
      time.timeZone,
    ),
  };
}

// ---------------------------------------------------------------------------------------------
// Outlook recurrence (Office.js Recurrence, Mailbox 1.7)

export type OutlookDay = 'mon' | 'tue' | 'wed' | 'thu' | 'fri' | 'sat' | 'sun';
export const OUTLOOK_DAYS: readonly OutlookDay[] = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];
const OUTLOOK_MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const WEEK_NUMBERS: Record<string, number> = { first: 1, second: 2, third: 3, fourth: 4, last: -1 };

/**
 * Office.js's SeriesTime is an object of getters; a test double or a copy sent over HTTP is plain
 * data. Both are read: start and end dates 'YYYY-MM-DD' (no end date: an endless series), times
 * 'HH:mm' with optional 'T' prefix and seconds, and the duration in minutes.
 */
export type OutlookSeriesTime =
  | {
      getStartDate(): string;
      getEndDate(): string | null;
      getStartTime(): string;
      getEndTime(): string;
      getDuration(): number;
    }
  | {
      startDate: string;
      endDate: string | null;
      startTime: string;
      endTime: string;
      durationMinutes?: number;
    };

export interface OutlookRecurrence {
  recurrenceType: 'daily' | 'weekday' | 'weekly' | 'monthly' | 'yearly';
  recurrenceProperties?: {
    interval?: number;
    days?: OutlookDay[];
    dayOfMonth?: number;
    dayOfWeek?: OutlookDay | 'day' | 'weekday' | 'weekendDay';
    weekNumber?: 'first' | 'second' | 'third' | 'fourth' | 'last';
    month?: string;
    firstDayOfWeek?: OutlookDay;
  } | null;
  seriesTime: OutlookSeriesTime;
  /** name: an IANA zone or a Windows zone name as Outlook reports it */
  recurrenceTimeZone?: { name?: string | null; offset?: number } | null;
}

/** Plain fields of a SeriesTime, whichever form it came in. */
export function readSeriesTime(seriesTime: OutlookSeriesTime): {
  startDate: string;
  endDate: string | null;
  startTime: string;
  endTime: string;
  durationMinutes: number | null;
} {
  if ('getStartDate' in seriesTime)
    return {
      startDate: seriesTime.getStartDate(),
      endDate: seriesTime.getEndDate() || null,
      startTime: seriesTime.getStartTime(),
      endTime: seriesTime.getEndTime(),
      durationMinutes: seriesTime.getDuration(),
    };
  return { ...seriesTime, durationMinutes: seriesTime.durationMinutes ?? null };
}

const clockOf = (text: string): string | null => {
  const match = /^T?(\d{1,2}):(\d{2})/.exec(text.trim());
  if (!match) return null;
  const time = `${match[1]!.padStart(2, '0')}:${match[2]}`;
  return TIME.test(time) ? time : null;
};

/**
 * Windows zone names (what Outlook reports as recurrenceTimeZone.name) → IANA: every zone of CLDR's
 * windowsZones table, each to its "001" (main) zone, under the older of its IANA names where it was
 * renamed (Europe/Kiev, Asia/Calcutta), which every browser's time-zone data knows; an IANA name
 * passes as it is.
 */
const WINDOWS_ZONES: Record<string, string> = {
  'Dateline Standard Time': 'Etc/GMT+12',
  'UTC-11': 'Etc/GMT+11',
  'Aleutian Standard Time': 'America/Adak',
  'Hawaiian Standard Time': 'Pacific/Honolulu',
  'Marquesas Standard Time': 'Pacific/Marquesas',
  'Alaskan Standard Time': 'America/Anchorage',
  'UTC-09': 'Etc/GMT+9',
  'Pacific Standard Time (Mexico)': 'America/Tijuana',
  'UTC-08': 'Etc/GMT+8',
  'Pacific Standard Time': 'America/Los_Angeles',
  'US Mountain Standard Time': 'America/Phoenix',
  'Mountain Standard Time (Mexico)': 'America/Mazatlan',
  'Mountain Standard Time': 'America/Denver',
  'Yukon Standard Time': 'America/Whitehorse',
  'Central America Standard Time': 'America/Guatemala',
  'Central Standard Time': 'America/Chicago',
  'Easter Island Standard Time': 'Pacific/Easter',
  'Central Standard Time (Mexico)': 'America/Mexico_City',
  'Canada Central Standard Time': 'America/Regina',
  'SA Pacific Standard Time': 'America/Bogota',
  'Eastern Standard Time (Mexico)': 'America/Cancun',
  'Eastern Standard Time': 'America/New_York',
  'Haiti Standard Time': 'America/Port-au-Prince',
  'Cuba Standard Time': 'America/Havana',
  'US Eastern Standard Time': 'America/Indianapolis',
  'Turks And Caicos Standard Time': 'America/Grand_Turk',
  'Paraguay Standard Time': 'America/Asuncion',
  'Atlantic Standard Time': 'America/Halifax',
  'Venezuela Standard Time': 'America/Caracas',
  'Central Brazilian Standard Time': 'America/Cuiaba',
  'SA Western Standard Time': 'America/La_Paz',
  'Pacific SA Standard Time': 'America/Santiago',
  'Newfoundland Standard Time': 'America/St_Johns',
  'Tocantins Standard Time': 'America/Araguaina',
  'E. South America Standard Time': 'America/Sao_Paulo',
  'SA Eastern Standard Time': 'America/Cayenne',
  'Argentina Standard Time': 'America/Buenos_Aires',
  'Greenland Standard Time': 'America/Godthab',
  'Montevideo Standard Time': 'America/Montevideo',
  'Magallanes Standard Time': 'America/Punta_Arenas',
  'Saint Pierre Standard Time': 'America/Miquelon',
  'Bahia Standard Time': 'America/Bahia',
  'UTC-02': 'Etc/GMT+2',
  'Mid-Atlantic Standard Time': 'Etc/GMT+2',
  'Azores Standard Time': 'Atlantic/Azores',
  'Cape Verde Standard Time': 'Atlantic/Cape_Verde',
  UTC: 'UTC',
  'GMT Standard Time': 'Europe/London',
  'Greenwich Standard Time': 'Atlantic/Reykjavik',
  'Sao Tome Standard Time': 'Africa/Sao_Tome',
  'Morocco Standard Time': 'Africa/Casablanca',
  'W. Europe Standard Time': 'Europe/Berlin',
  'Central Europe Standard Time': 'Europe/Budapest',
  'Romance Standard Time': 'Europe/Paris',
  'Central European Standard Time': 'Europe/Warsaw',
  'W. Central Africa Standard Time': 'Africa/Lagos',
  'Jordan Standard Time': 'Asia/Amman',
  'GTB Standard Time': 'Europe/Bucharest',
  'Middle East Standard Time': 'Asia/Beirut',
  'Egypt Standard Time': 'Africa/Cairo',
  'E. Europe Standard Time': 'Europe/Chisinau',
  'Syria Standard Time': 'Asia/Damascus',
  'West Bank Standard Time': 'Asia/Hebron',
  'South Africa Standard Time': 'Africa/Johannesburg',
  'FLE Standard Time': 'Europe/Kiev',
  'Israel Standard Time': 'Asia/Jerusalem',
  'South Sudan Standard Time': 'Africa/Juba',
  'Kaliningrad Standard Time': 'Europe/Kaliningrad',
  'Sudan Standard Time': 'Africa/Khartoum',
  'Libya Standard Time': 'Africa/Tripoli',
  'Namibia Standard Time': 'Africa/Windhoek',
  'Arabic Standard Time': 'Asia/Baghdad',
  'Turkey Standard Time': 'Europe/Istanbul',
  'Arab Standard Time': 'Asia/Riyadh',
  'Belarus Standard Time': 'Europe/Minsk',
  'Russian Standard Time': 'Europe/Moscow',
  'E. Africa Standard Time': 'Africa/Nairobi',
  'Volgograd Standard Time': 'Europe/Volgograd',
  'Iran Standard Time': 'Asia/Tehran',
  'Arabian Standard Time': 'Asia/Dubai',
  'Astrakhan Standard Time': 'Europe/Astrakhan',
  'Azerbaijan Standard Time': 'Asia/Baku',
  'Russia Time Zone 3': 'Europe/Samara',
  'Mauritius Standard Time': 'Indian/Mauritius',
  'Saratov Standard Time': 'Europe/Saratov',
  'Georgian Standard Time': 'Asia/Tbilisi',
  'Caucasus Standard Time': 'Asia/Yerevan',
  'Afghanistan Standard Time': 'Asia/Kabul',
  'West Asia Standard Time': 'Asia/Tashkent',
  'Ekaterinburg Standard Time': 'Asia/Yekaterinburg',
  'Pakistan Standard Time': 'Asia/Karachi',
  'Qyzylorda Standard Time': 'Asia/Qyzylorda',
  'India Standard Time': 'Asia/Calcutta',
  'Sri Lanka Standard Time': 'Asia/Colombo',
  'Nepal Standard Time': 'Asia/Katmandu',
  'Central Asia Standard Time': 'Asia/Bishkek',
  'Bangladesh Standard Time': 'Asia/Dhaka',
  'Omsk Standard Time': 'Asia/Omsk',
  'Myanmar Standard Time': 'Asia/Rangoon',
  'SE Asia Standard Time': 'Asia/Bangkok',
  'Altai Standard Time': 'Asia/Barnaul',
  'W. Mongolia Standard Time': 'Asia/Hovd',
  'North Asia Standard Time': 'Asia/Krasnoyarsk',
  'N. Central Asia Standard Time': 'Asia/Novosibirsk',
  'Tomsk Standard Time': 'Asia/Tomsk',
  'China Standard Time': 'Asia/Shanghai',
  'North Asia East Standard Time': 'Asia/Irkutsk',
  'Singapore Standard Time': 'Asia/Singapore',
  'W. Australia Standard Time': 'Australia/Perth',
  'Taipei Standard Time': 'Asia/Taipei',
  'Ulaanbaatar Standard Time': 'Asia/Ulaanbaatar',
  'Aus Central W. Standard Time': 'Australia/Eucla',
  'Transbaikal Standard Time': 'Asia/Chita',
  'Tokyo Standard Time': 'Asia/Tokyo',
  'North Korea Standard Time': 'Asia/Pyongyang',
  'Korea Standard Time': 'Asia/Seoul',
  'Yakutsk Standard Time': 'Asia/Yakutsk',
  'Cen. Australia Standard Time': 'Australia/Adelaide',
  'AUS Central Standard Time': 'Australia/Darwin',
  'E. Australia Standard Time': 'Australia/Brisbane',
  'AUS Eastern Standard Time': 'Australia/Sydney',
  'West Pacific Standard Time': 'Pacific/Port_Moresby',
  'Tasmania Standard Time': 'Australia/Hobart',
  'Vladivostok Standard Time': 'Asia/Vladivostok',
  'Lord Howe Standard Time': 'Australia/Lord_Howe',
  'Bougainville Standard Time': 'Pacific/Bougainville',
  'Russia Time Zone 10': 'Asia/Srednekolymsk',
  'Magadan Standard Time': 'Asia/Magadan',
  'Norfolk Standard Time': 'Pacific/Norfolk',
  'Sakhalin Standard Time': 'Asia/Sakhalin',
  'Central Pacific Standard Time': 'Pacific/Guadalcanal',
  'Russia Time Zone 11': 'Asia/Kamchatka',
  'New Zealand Standard Time': 'Pacific/Auckland',
  'UTC+12': 'Etc/GMT-12',
  'Fiji Standard Time': 'Pacific/Fiji',
  'Chatham Islands Standard Time': 'Pacific/Chatham',
  'UTC+13': 'Etc/GMT-13',
  'Tonga Standard Time': 'Pacific/Tongatapu',
  'Samoa Standard Time': 'Pacific/Apia',
  'Line Islands Standard Time': 'Pacific/Kiritimati',
};

/** Every Windows zone name Outlook may report, for tests. */
export const OUTLOOK_ZONE_NAMES: readonly string[] = Object.keys(WINDOWS_ZONES);

/** The IANA zone of an Outlook time-zone name, or null when it is neither known nor IANA. */
export function zoneOfOutlookName(name: string | null | undefined): string | null {
  if (!name) return null;
  const mapped = WINDOWS_ZONES[name] ?? name;
  return isKnownZone(mapped) ? mapped : null;
}

/**
 * Every occurrence of an Outlook series. `fallbackZone` (the mailbox's, or the user's) is used when
 * the series names no zone. Errors are keyed by the Office.js field at fault.
 */
export function expandOutlookRecurrence(recurrence: OutlookRecurrence, fallbackZone: string): Expansion {
  const errors: FieldErrors = {};
  const series = readSeriesTime(recurrence.seriesTime);
  const properties = recurrence.recurrenceProperties ?? {};
  const zone = zoneOfOutlookName(recurrence.recurrenceTimeZone?.name) ?? zoneOfOutlookName(fallbackZone);
  if (!zone) errors['recurrenceTimeZone'] = [RECURRENCE_MESSAGES.zone];
  if (!isDate(series.startDate)) errors['seriesTime.startDate'] = [RECURRENCE_MESSAGES.date];
  if (series.endDate === null) errors['seriesTime.endDate'] = [RECURRENCE_MESSAGES.noEnd];
  else if (!isDate(series.endDate)) errors['seriesTime.endDate'] = [RECURRENCE_MESSAGES.date];
  else if (series.endDate < series.startDate)
    errors['seriesTime.endDate'] = [RECURRENCE_MESSAGES.endBeforeStart];
  const startTime = clockOf(series.startTime);
  const endTime = clockOf(series.endTime);
  if (!startTime) errors['seriesTime.startTime'] = [RECURRENCE_MESSAGES.time];
  if (!endTime && series.durationMinutes === null) errors['seriesTime.endTime'] = [RECURRENCE_MESSAGES.time];
  const interval = properties.interval ?? 1;
  if (!Number.isInteger(interval) || interval < 1 || interval > 999)
    errors['recurrenceProperties.interval'] = [RECURRENCE_MESSAGES.interval];
  if (Object.keys(errors).length > 0) return { ok: false, errors };

  const dtstart = floating(series.startDate);
  const options: Partial<Options> = {
    dtstart,
    until: floating(series.endDate!),
    interval,
    wkst: RRULE_DAYS[OUTLOOK_DAYS.indexOf(properties.firstDayOfWeek ?? 'sun')] ?? RRule.SU,
  };
  const dayList = (days: readonly OutlookDay[] | undefined) =>
    (days ?? []).map((day) => RRULE_DAYS[OUTLOOK_DAYS.indexOf(day)]).filter((day): day is Weekday => !!day);
  /** The relative "first Monday", "last weekday" … of a month: a day set and its position. */
  const relative = (): boolean => {
    const nth = WEEK_NUMBERS[properties.weekNumber ?? ''];
    const dayOfWeek = properties.dayOfWeek;
    if (nth === undefined || !dayOfWeek) return false;
    const set =
      dayOfWeek === 'day'
        ? RRULE_DAYS
        : dayOfWeek === 'weekday'
          ? RRULE_DAYS.slice(0, 5)
          : dayOfWeek === 'weekendDay'
            ? RRULE_DAYS.slice(5)
            : dayList([dayOfWeek]);
    options.byweekday = set;
    options.bysetpos = [nth];
    return true;
  };
  /**
   * "Day N of the month": Outlook puts day 29, 30 or 31 on the last day of a month without it
   * (31 → 30 April, 28 or 29 February; a yearly 29 February → 28 February in other years), as
   * Microsoft documents for RecurrencePattern.DayOfMonth. The last existing day of 28 … N.
   */
  const byDayOfMonth = (day: number): void => {
    if (day > 28 && day <= 31) {
      options.bymonthday = Array.from({ length: day - 27 }, (_, index) => 28 + index);
      options.bysetpos = [-1];
    } else options.bymonthday = [day];
  };
  switch (recurrence.recurrenceType) {
    case 'daily':
      options.freq = RRule.DAILY;
      break;
    case 'weekday':
      // "Every weekday": Monday to Friday of every week, whatever the interval says.
      options.freq = RRule.WEEKLY;
      options.interval = 1;
      options.byweekday = RRULE_DAYS.slice(0, 5);
      break;
    case 'weekly': {
      options.freq = RRule.WEEKLY;
      const days = dayList(properties.days);
      options.byweekday = days.length > 0 ? days : [RRULE_DAYS[(dtstart.getUTCDay() + 6) % 7]!];
      break;
    }
    case 'monthly':
      options.freq = RRule.MONTHLY;
      if (!relative()) byDayOfMonth(properties.dayOfMonth ?? dtstart.getUTCDate());
      break;
    case 'yearly': {
      options.freq = RRule.YEARLY;
      const month = OUTLOOK_MONTHS.indexOf((properties.month ?? '').slice(0, 3).toLowerCase());
      options.bymonth = [month >= 0 ? month + 1 : dtstart.getUTCMonth() + 1];
      if (!relative()) byDayOfMonth(properties.dayOfMonth ?? dtstart.getUTCDate());
      break;
    }
    default:
      return { ok: false, errors: { recurrenceType: [RECURRENCE_MESSAGES.type] } };
  }
  const duration =
    series.durationMinutes !== null && series.durationMinutes > 0
      ? series.durationMinutes
      : durationMinutes(startTime!, endTime!);
  return finish(
    expandDates(options),
    { startMinutes: minutesOf(startTime!), duration, zone: zone! },
    'recurrence',
  );
}
