/**
 * Outlook's recurring meetings (Office.js Recurrence, Mailbox 1.7: recurrenceType,
 * recurrenceProperties, seriesTime, recurrenceTimeZone) → every occurrence, expanded as the
 * scheduler's are (recurrence.ts).
 */
import type { Options, Weekday } from 'rrule';
import type { FieldErrors } from '../validation';
import {
  durationMinutes,
  expandDates,
  finish,
  floating,
  isDate,
  RECURRENCE_MESSAGES,
  RRULE_DAYS,
  RRule,
  TIME,
  type Expansion,
} from './recurrence';
import { zoneOfOutlookName } from './windows-zones';
import { minutesOf } from './zone';

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
 * How far a series is booked (the company's booking horizon, booking-horizon.ts): `until` its last
 * bookable day, and an endless series `from` today, both calendar dates of the meeting's zone.
 */
export interface SeriesHorizon {
  from: string;
  until: string;
}

/** An expansion; `until` when the series goes on past the horizon and is cut at its last day. */
export type OutlookExpansion = (Expansion & { ok: false }) | (Expansion & { ok: true; until: string | null });

/**
 * Every occurrence of an Outlook series. `fallbackZone` (the mailbox's, or the user's) is used when
 * the series names no zone. Errors are keyed by the Office.js field at fault. Without a horizon an
 * endless series is refused; with one it runs from `horizon.from` to `horizon.until`, and a series
 * ending later stops at `horizon.until` (either way `until` says so).
 */
export function expandOutlookRecurrence(
  recurrence: OutlookRecurrence,
  fallbackZone: string,
  horizon: SeriesHorizon | null = null,
): OutlookExpansion {
  const errors: FieldErrors = {};
  const series = readSeriesTime(recurrence.seriesTime);
  const properties = recurrence.recurrenceProperties ?? {};
  const zone = zoneOfOutlookName(recurrence.recurrenceTimeZone?.name) ?? zoneOfOutlookName(fallbackZone);
  if (!zone) errors['recurrenceTimeZone'] = [RECURRENCE_MESSAGES.zone];
  if (!isDate(series.startDate)) errors['seriesTime.startDate'] = [RECURRENCE_MESSAGES.date];
  if (series.endDate === null) {
    if (!horizon) errors['seriesTime.endDate'] = [RECURRENCE_MESSAGES.noEnd];
  } else if (!isDate(series.endDate)) errors['seriesTime.endDate'] = [RECURRENCE_MESSAGES.date];
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
  const cutAt =
    horizon !== null && (series.endDate === null || series.endDate > horizon.until) ? horizon.until : null;
  const options: Partial<Options> = {
    dtstart,
    until: floating(cutAt ?? series.endDate!),
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
  const expansion = finish(
    expandDates(options, series.endDate === null ? horizon!.from : null),
    { startMinutes: minutesOf(startTime!), duration, zone: zone! },
    'recurrence',
  );
  return expansion.ok ? { ...expansion, until: cutAt } : expansion;
}
