import type { DayName, When } from '../../i18n/format-when';

export type { DayName };

/**
 * A booking's time as its place's clock shows it (the level's zone, not the viewer's), in the user's
 * formats (i18n/format-when): "24.11.2026 09:00–10:00", an all-day desk "24.11.2026 00:00–24:00",
 * with the end date too when it ends on another day.
 */
export function bookingTime(
  booking: { starts_at: string; ends_at: string; timezone: string },
  when: When,
): string {
  return when.dateTimeRange(booking.starts_at, booking.ends_at, booking.timezone);
}

/** The day a booking starts on, in its zone, named relative to `now` there. */
export function bookingDay(booking: { starts_at: string; timezone: string }, when: When, now: Date): DayName {
  return when.relativeDay(booking.starts_at, now, booking.timezone);
}
