import { addDays, zonedInstant } from '../time/zone';

/**
 * spec §4 "Date valid for booking": not in the past; with an end date, now must lie between the
 * start of the first day and the end of the last day. Days are calendar days in `timeZone`.
 */
export function dateValidForBooking(
  range: { date: string; endDate?: string | null },
  now: Date,
  timeZone: string,
): boolean {
  const endOfDay = (date: string) => zonedInstant(addDays(date, 1), 0, timeZone);
  if (!range.endDate) return now < endOfDay(range.date);
  return zonedInstant(range.date, 0, timeZone) <= now && now < endOfDay(range.endDate);
}
