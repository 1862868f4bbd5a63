import { calendarDateIn } from '../time/calendar-date';
import { addDays, zonedInstant } from '../time/zone';
import { storedInteger } from '../validation/stored-integer';

/**
 * Ours (issue 41; the spec names no horizon): how far ahead a series is booked, in days after
 * today. A company preference: an Outlook series without an end date ("no end date") is booked up
 * to its last day, and the Outlook routes refuse an occurrence beyond it. At most two years, which
 * keeps a daily series within the 731 occurrences a booking may hold (today and 730 days after).
 */
export const BOOKING_HORIZON_KEY = 'BookingHorizonDays';
export const BOOKING_HORIZON_DEFAULT = 365;
export const BOOKING_HORIZON_MIN = 1;
export const BOOKING_HORIZON_MAX = 730;

/** The horizon a stored BookingHorizonDays value sets (the default for a value out of range). */
export function readHorizonDays(stored: string | null | undefined): number {
  return storedInteger(stored, {
    min: BOOKING_HORIZON_MIN,
    max: BOOKING_HORIZON_MAX,
    fallback: BOOKING_HORIZON_DEFAULT,
  });
}

/** The last day that may be booked, 'YYYY-MM-DD': today in `zone` plus the horizon's days. */
export function lastBookableDay(now: Date, days: number, zone: string): string {
  return addDays(calendarDateIn(zone, now), days);
}

/** When the last bookable day ends in `zone`: an occurrence must start before this instant. */
export function horizonEnd(now: Date, days: number, zone: string): Date {
  return zonedInstant(addDays(lastBookableDay(now, days, zone), 1), 0, zone);
}
