import { calendarDateIn } from '../time/calendar-date';
import { addDays } from '../time/zone';

/** spec §9: the work queue's default range, 7 days before to 7 days after today (in the company's zone). */
export const QUEUE_DAYS_AROUND = 7;

export function defaultQueueDates(timezone: string, now: Date = new Date()): { start: string; end: string } {
  const today = calendarDateIn(timezone, now);
  return { start: addDays(today, -QUEUE_DAYS_AROUND), end: addDays(today, QUEUE_DAYS_AROUND) };
}
