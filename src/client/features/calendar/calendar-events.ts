import {
  canCancel,
  canCheckIn,
  canCheckOut,
  canExtend,
  type BookingMoment,
} from '../../../shared/booking/declaration-rules';
import type { Declaration } from '../../../shared/contract/declarations';
import { addDays, wallClockAt } from '../../../shared/time/zone';

/** The calendar's views; 'work_week' stands in for 'week' when the weekend is not displayed. */
export const CALENDAR_VIEWS = ['month', 'week', 'work_week', 'day', 'agenda'] as const;
export type CalendarView = (typeof CALENDAR_VIEWS)[number];
/** react-big-calendar's agenda shows this many days from its date. */
export const AGENDA_DAYS = 30;

export interface BookingEvent {
  id: number;
  title: string;
  start: Date;
  end: Date;
  booking: Declaration;
}

/**
 * react-big-calendar places events by the browser's clock. A booking is shown at the time its
 * level's clock reads (spec: times in the level's timezone), so each instant becomes a browser-local
 * Date with the same face: 09:00 in Zurich sits at 09:00 in the grid wherever the browser is.
 */
export function levelClockDate(instant: string, timeZone: string): Date {
  const clock = wallClockAt(new Date(instant), timeZone);
  const [year, month, day] = clock.date.split('-').map(Number) as [number, number, number];
  const [hour, minute] = clock.time.split(':').map(Number) as [number, number];
  return new Date(year, month - 1, day, hour, minute);
}

/**
 * react-big-calendar puts an event from one midnight to the next in the all-day row, which this
 * calendar hides (bookings have times), so an all-day booking vanished from the week and day views.
 * A booking that ends at midnight is drawn to the last minute of its day instead: in the hours grid.
 */
function drawnEnd(start: Date, end: Date): Date {
  const midnight = end.getHours() === 0 && end.getMinutes() === 0;
  return midnight && end > start ? new Date(end.getTime() - 60_000) : end;
}

export function toBookingEvents(bookings: readonly Declaration[]): BookingEvent[] {
  return bookings.map((booking) => {
    const start = levelClockDate(booking.starts_at, booking.timezone);
    return {
      id: booking.id,
      title: booking.resource.name,
      start,
      end: drawnEnd(start, levelClockDate(booking.ends_at, booking.timezone)),
      booking,
    };
  });
}

/** 'YYYY-MM-DD' of a browser-local Date. */
export function localDate(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The browser-local midnight of 'YYYY-MM-DD'; null for anything else. */
export function parseLocalDate(text: string | null): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text ?? '');
  if (!match) return null;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return localDate(date) === text ? date : null;
}

/** react-big-calendar numbers week days from Sunday (0); the FirstDayOfWeek preference from Monday (0). */
export const weekStartOf = (firstDayOfWeek: number) => (firstDayOfWeek + 1) % 7;

function startOfWeek(date: Date, weekStart: number): Date {
  const back = (date.getDay() - weekStart + 7) % 7;
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() - back);
}

/** The first and last day a view shows around `date`, as 'YYYY-MM-DD'. */
export function visibleDays(
  view: CalendarView,
  date: Date,
  weekStart: number,
): { first: string; last: string } {
  const day = localDate(date);
  if (view === 'day') return { first: day, last: day };
  if (view === 'agenda') return { first: day, last: addDays(day, AGENDA_DAYS - 1) };
  if (view === 'week' || view === 'work_week') {
    const first = localDate(startOfWeek(date, weekStart));
    return { first, last: addDays(first, 6) };
  }
  const first = localDate(startOfWeek(new Date(date.getFullYear(), date.getMonth(), 1), weekStart));
  const monthEnd = new Date(date.getFullYear(), date.getMonth() + 1, 0);
  const lastWeek = localDate(startOfWeek(monthEnd, weekStart));
  return { first, last: addDays(lastWeek, 6) };
}

/**
 * GET declarations reads date_from and date_to in the user's zone while the grid shows each booking
 * in its level's: a day more on each side catches the bookings a zone difference moves into view.
 */
export function listQuery(days: { first: string; last: string }) {
  return {
    date_from: addDays(days.first, -1),
    date_to: addDays(days.last, 1),
    includes: 'all_parents' as const,
  };
}

export type BookingAction = 'check-in' | 'check-out' | 'extend' | 'cancel';

/**
 * What may be done with a booking at `now`, by the rules the server enforces (spec §4). Evaluated
 * when the panel shows, so a booking opened a while after loading offers what is allowed by then.
 */
export function allowedActions(booking: Declaration, now: Date): BookingAction[] {
  const moment: BookingMoment = {
    starts_at: new Date(booking.starts_at),
    ends_at: new Date(booking.ends_at),
    status: booking.status,
    approval_status: booking.approval_status,
    source: booking.source,
  };
  const actions: BookingAction[] = [];
  if (canCheckIn(moment, now)) actions.push('check-in');
  if (canCheckOut(moment, now)) actions.push('check-out');
  if (canExtend(moment, now)) actions.push('extend');
  if (canCancel(moment, now)) actions.push('cancel');
  return actions;
}

/** How the grid colours a booking (spec: booked, checked in, released or cancelled). */
export type StatusTone = 'booked' | 'checked-in' | 'ended' | 'released';
export function statusTone(status: Declaration['status']): StatusTone {
  if (status === 'checked_in') return 'checked-in';
  if (status === 'checked_out') return 'ended';
  if (status === 'released' || status === 'cancelled') return 'released';
  return 'booked';
}
