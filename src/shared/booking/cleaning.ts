import { BOOKING_PREFERENCE_DEFAULTS } from './preferences';

/**
 * Cleaning after use (docs/real-time-and-cleaning.md). A resource awaits cleaning when its last use
 * (a booking that ended, a check-out) ended after its last cleaning; with the company preference
 * CleanBeforeBooking on, it cannot be booked until someone marks it cleaned.
 */
export const CLEAN_BEFORE_BOOKING_KEY = 'CleanBeforeBooking';
export const CLEAN_BEFORE_BOOKING_DEFAULT = BOOKING_PREFERENCE_DEFAULTS.CleanBeforeBooking;

export const AWAITING_CLEANING_MESSAGE =
  'This resource has been used since it was last cleaned: it can be booked again once it is cleaned.';

/** The stored preference text: only '1' turns the rule on. */
export const cleanBeforeBooking = (stored: string | null | undefined): boolean => stored === '1';
