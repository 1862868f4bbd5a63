import { isKnownZone, wallClockAt } from './zone';

/**
 * The calendar date ('2026-11-23') at `instant` in an IANA timezone: a level's "today", which is
 * not the server's when the level is far east or west of it. An unknown zone name (none is stored
 * unchecked) reads as UTC rather than failing the answer.
 */
export function calendarDateIn(timezone: string, instant: Date = new Date()): string {
  return wallClockAt(instant, isKnownZone(timezone) ? timezone : 'UTC').date;
}

/** 'YYYY-MM-DD' naming a day that exists (not 2026-02-30). */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
