import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import {
  AvailabilityBody,
  UnavailabilityBody,
  type Availability,
  type Unavailability,
} from '../../../../shared/contract/resources';
import { fieldErrorsFromZod } from '../../../../shared/validation/field-errors';
import { MESSAGES } from '../../../../shared/validation/messages';
import {
  availabilityErrors,
  normalizeWeekdays,
  unavailabilityErrors,
} from '../../../../shared/validation/resource-settings';
import type { Checked } from './checked';

dayjs.extend(customParseFormat);
dayjs.extend(utc);
dayjs.extend(timezone);

/** ISO weekdays, Monday (1) to Sunday (7). */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

// 1 January 2024 was a Monday: day n of that month is ISO weekday n.
const weekdayDate = (weekday: number) => new Date(Date.UTC(2024, 0, weekday, 12));

/** A weekday's name in a language: weekdayName(1, 'en', 'short') → 'Mon'. */
export function weekdayName(weekday: number, locale: string, width: 'short' | 'long' = 'short'): string {
  return new Intl.DateTimeFormat(locale, { weekday: width, timeZone: 'UTC' }).format(weekdayDate(weekday));
}

/**
 * Weekdays as people write them: runs of three or more joined with a dash ('Mon–Fri'), the rest
 * listed ('Mon, Wed, Sat–Sun' reads 'Mon, Wed, Sat, Sun').
 */
export function formatWeekdays(weekdays: readonly number[], locale: string): string {
  const days = [...new Set(weekdays)].filter((day) => day >= 1 && day <= 7).sort((a, b) => a - b);
  const parts: string[] = [];
  for (let start = 0; start < days.length;) {
    let end = start;
    while (end + 1 < days.length && days[end + 1] === days[end]! + 1) end += 1;
    const run = days.slice(start, end + 1).map((day) => weekdayName(day, locale));
    parts.push(run.length >= 3 ? `${run[0]}–${run.at(-1)}` : run.join(', '));
    start = end + 1;
  }
  return parts.join(', ');
}

/** 'HH:MM' from what the server may write ('08:00:00'). */
export const shortTime = (time: string) => time.slice(0, 5);

const LOCAL_INPUT = 'YYYY-MM-DDTHH:mm';
// A datetime-local input writes seconds only when they are not zero.
const LOCAL_INPUTS = [LOCAL_INPUT, 'YYYY-MM-DDTHH:mm:ss'];

/** The browser's own timezone (the zone datetime-local inputs are read in). */
export const browserZone = () => dayjs.tz.guess();

/** A datetime-local value ('2026-06-01T09:30') in `zone` as an ISO instant in UTC; null if not a date. */
export function localInputToIso(value: string, zone: string): string | null {
  const format = LOCAL_INPUTS.find((candidate) => dayjs(value, candidate, true).isValid());
  if (!format) return null;
  return dayjs.tz(value, format, zone).utc().format('YYYY-MM-DDTHH:mm:ss[Z]');
}

/** An ISO instant as a datetime-local value in `zone`; '' when it cannot be read. */
export function isoToLocalInput(iso: string, zone: string): string {
  const instant = dayjs(iso);
  return instant.isValid() ? instant.tz(zone).format(LOCAL_INPUT) : '';
}

export interface AvailabilityDraft {
  weekdays: number[];
  time_from: string;
  time_to: string;
  /** '' for no limit */
  date_from: string;
  date_to: string;
}

export function availabilityDraft(item?: Availability): AvailabilityDraft {
  return {
    weekdays: item ? [...item.weekdays] : [1, 2, 3, 4, 5],
    time_from: item ? shortTime(item.time_from) : '08:00',
    time_to: item ? shortTime(item.time_to) : '18:00',
    date_from: item?.date_from ?? '',
    date_to: item?.date_to ?? '',
  };
}

/** The request body of an availability window, or the field errors to show instead of sending it. */
export function availabilityBody(draft: AvailabilityDraft): Checked<AvailabilityBody> {
  const candidate = {
    weekdays: normalizeWeekdays(draft.weekdays),
    time_from: draft.time_from,
    time_to: draft.time_to,
    date_from: draft.date_from || null,
    date_to: draft.date_to || null,
  };
  const parsed = AvailabilityBody.safeParse(candidate);
  // The shape's messages first, then the rules between fields (the server's, from src/shared).
  const errors = {
    ...availabilityErrors(candidate),
    ...(parsed.success ? {} : fieldErrorsFromZod(parsed.error)),
  };
  return parsed.success && Object.keys(errors).length === 0
    ? { body: parsed.data, errors: null }
    : { body: null, errors };
}

export interface UnavailabilityDraft {
  /** datetime-local values in the browser's zone */
  starts_at: string;
  ends_at: string;
  reason: string;
}

export function unavailabilityDraft(item: Unavailability | undefined, zone: string): UnavailabilityDraft {
  if (item)
    return {
      starts_at: isoToLocalInput(item.starts_at, zone),
      ends_at: isoToLocalInput(item.ends_at, zone),
      reason: item.reason,
    };
  // A new one starts at the next full hour and lasts a day: the usual "closed tomorrow" case.
  const start = dayjs().tz(zone).add(1, 'hour').startOf('hour');
  return {
    starts_at: start.format(LOCAL_INPUT),
    ends_at: start.add(1, 'day').format(LOCAL_INPUT),
    reason: '',
  };
}

/** The request body of an unavailability (times as UTC instants), or the field errors instead. */
export function unavailabilityBody(draft: UnavailabilityDraft, zone: string): Checked<UnavailabilityBody> {
  const instant = (value: string) => (value === '' ? undefined : (localInputToIso(value, zone) ?? value));
  const candidate = {
    starts_at: instant(draft.starts_at),
    ends_at: instant(draft.ends_at),
    reason: draft.reason.trim(),
  };
  const parsed = UnavailabilityBody.safeParse(candidate);
  const errors = {
    ...unavailabilityErrors({ starts_at: candidate.starts_at ?? '', ends_at: candidate.ends_at ?? '' }),
    ...(parsed.success ? {} : fieldErrorsFromZod(parsed.error)),
  };
  // The schema's own message ('The date is not valid.') would hide that nothing was entered.
  for (const field of ['starts_at', 'ends_at'] as const)
    if (candidate[field] === undefined) errors[field] = [MESSAGES.required];
  return parsed.success && Object.keys(errors).length === 0
    ? { body: parsed.data, errors: null }
    : { body: null, errors };
}
