/**
 * Recurring meetings → every occurrence's start and end instant. Two inputs: the scheduler's own
 * recurrence (spec §3 "Scheduler state": dateRange, type, days, interval), here, and the one Outlook
 * reports (Office.js `item.recurrence.getAsync`), in outlook-recurrence.ts. Both are expanded by
 * `rrule` over calendar dates only ("floating" dates in UTC fields); each date's wall-clock start is
 * then placed in the meeting's zone, so a 09:00 meeting stays at 09:00 on both sides of a
 * daylight-saving change, and its end is that start plus the meeting's duration.
 */
import * as rrulePackage from 'rrule';
import type { Options } from 'rrule';
import type { FieldErrors } from '../validation';
import { addDays, isKnownZone, minutesOf, zonedInstant } from './zone';

type RRuleExports = typeof rrulePackage;

/**
 * rrule has no "exports" map: Node (tsx, vitest) loads its CommonJS (UMD) build, whose exports it
 * finds on the default export only; webpack loads its ES build, with named exports and no default.
 * The namespace is read as a value here, not as `rrulePackage.default`, which webpack would check
 * against the ES build and warn about.
 */
function rruleExports(loaded: Partial<RRuleExports> & { default?: RRuleExports }): RRuleExports {
  return loaded.RRule ? (loaded as RRuleExports) : loaded.default!;
}

/** The same RRule in Node and in the bundle (also the server's, for iCalendar RRULEs). */
export const { RRule } = rruleExports(rrulePackage);

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
export const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
export const RRULE_DAYS = [RRule.MO, RRule.TU, RRule.WE, RRule.TH, RRule.FR, RRule.SA, RRule.SU];

export const isDate = (value: string) => DATE.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));
export const floating = (date: string) => new Date(`${date}T00:00:00Z`);
const dateOf = (floatingDate: Date) => floatingDate.toISOString().slice(0, 10);

/**
 * The meeting's duration in minutes. Decision (spec silent): an end time equal to or before the
 * start time means the meeting runs past midnight; an all-day meeting is given as 00:00–00:00.
 */
export function durationMinutes(startTime: string, endTime: string): number {
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

/**
 * Runs an rrule over floating dates, refusing (not truncating) more than MAX_OCCURRENCES. With
 * `from`, the dates before it are passed over, uncounted (an endless series under way is booked from
 * today: its years behind count for nothing).
 */
export function expandDates(
  options: Partial<Options>,
  from: string | null = null,
): { dates: string[] } | { tooMany: true } {
  const dates: string[] = [];
  let tooMany = false;
  new RRule(options).all((date) => {
    const day = dateOf(date);
    if (from !== null && day < from) return true;
    if (dates.length === MAX_OCCURRENCES) {
      tooMany = true;
      return false;
    }
    dates.push(day);
    return true;
  });
  return tooMany ? { tooMany: true } : { dates };
}

export function finish(
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
