import { z } from 'zod';
import { isCalendarDate } from '../time/calendar-date';

// A module of its own, not common.ts: common.ts is in every browser bundle's first download, and a
// schema there (used by a lazy screen) would keep zod in it too.
/**
 * The years a date may name: more than any booking, report or history needs, and clear of years 0
 * and 10000, where a zone's wall clock (a day before or after UTC's) leaves the 'YYYY-MM-DD' form.
 */
export const SUPPORTED_YEARS = { first: 1900, last: 9998 } as const;
const supportedYear = (year: number) => year >= SUPPORTED_YEARS.first && year <= SUPPORTED_YEARS.last;

/** A calendar date 'YYYY-MM-DD' that exists (no 2026-02-30), in the supported years. */
export const CalendarDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'The date is not valid.')
  .refine(
    (text) => isCalendarDate(text) && supportedYear(Number(text.slice(0, 4))),
    'The date is not valid.',
  );

/** An ISO 8601 instant with its offset ('2026-11-24T09:00:00+01:00'), in the supported years. */
export const Instant = (message = 'The date is not valid.') =>
  z.iso
    .datetime({ offset: true, message })
    .refine((text) => supportedYear(new Date(text).getUTCFullYear()), message);
