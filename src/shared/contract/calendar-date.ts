import { z } from 'zod';
import { isCalendarDate } from '../time/calendar-date';

// A module of its own, not common.ts: common.ts is in every browser bundle's first download, and a
// schema there (used by a lazy screen) would keep zod in it too.
/** A calendar date 'YYYY-MM-DD' that exists (no 2026-02-30). */
export const CalendarDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'The date is not valid.')
  .refine(isCalendarDate, 'The date is not valid.');
