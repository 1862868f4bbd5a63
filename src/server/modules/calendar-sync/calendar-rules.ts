import type { Kysely } from 'kysely';
import { BOOKING_PREFERENCE_DEFAULTS } from '../../../shared/booking/preferences';
import { can } from '../../../shared/permissions';
import { wallClockAt } from '../../../shared/time/zone';
import type { Database } from '../../db/schema';
import { HttpError } from '../../http/errors';
import {
  BOOKING_MESSAGES,
  bookingTarget,
  checkLimit,
  checkSharedCapacity,
  closed,
  closuresOf,
  dayBounds,
  openUntil,
  refusalToBook,
  resourceSlots,
  windowsOf,
  type BookingTarget,
} from '../declarations';
import { generalPermissionsOf } from '../../permissions/resolve';
import { resourceNames } from '../resource-settings';

/**
 * The booking engine's rules, as they apply to a meeting that already exists on a room's calendar
 * (booked in Outlook, Google Calendar or a CalDAV client) and is to become a booking, or was moved
 * there. The rules are the engine's own functions (the declarations module), not a copy:
 * - the organiser's PLAN permission, which booking from the plan or Outlook asks for;
 * - who may book the room: its model (not bookable, assigned) and the roles it is kept for;
 * - a level where nothing can be booked;
 * - when the room can be booked: its level's working hours, its weekly availability windows and its
 *   closures (unavailabilities), the whole meeting inside one open run, as the finest slots read it;
 * - shared capacity, and the organiser's per-day limit of places (when it counts: not for a room
 *   seating a group);
 * - the exclusion constraint, last and always, when the booking is written (not here).
 * Not applied: slot alignment (a meeting keeps its own times), the past and the booking horizon
 * (the meeting is already in the calendar). A refusal is the engine's message, which the room's
 * decline passes on to the organiser.
 */
export const CALENDAR_MESSAGES = {
  mayNotBook: 'You are not allowed to book rooms.',
} as const;

export interface EventBooking {
  companyId: number;
  resourceId: number;
  userId: number;
  start: Date;
  end: Date;
  /** the booking being moved, which does not count against itself */
  exceptId?: number;
}

export interface RuleVerdict {
  refusal: string | null;
  target: BookingTarget | null;
}

export async function calendarEventRefusal(
  db: Kysely<Database>,
  booking: EventBooking,
): Promise<RuleVerdict> {
  const { companyId, resourceId, userId, start, end } = booking;
  const target = await bookingTarget(db, companyId, resourceId);
  if (!target) return { refusal: BOOKING_MESSAGES.resourceNotFound, target: null };
  const permissions = await generalPermissionsOf(db, companyId, userId);
  // As POST declarations asks: inviting the room's mailbox is no way round a missing PLAN.
  if (!can(permissions, 'PLAN')) return { refusal: CALENDAR_MESSAGES.mayNotBook, target };
  const ctx = { db, companyId, userId, permissions };
  const refusal = await refusalToBook(db, ctx, target, [{ starts_at: start, ends_at: end }]);
  if (refusal) return { refusal, target };
  if (!target.is_declarable) return { refusal: BOOKING_MESSAGES.levelNotDeclarable, target };

  // the organiser reads the refusal: the room's name in their language where it has one
  const name = (await resourceNames(db, ctx, [resourceId])).get(resourceId) || 'The room';
  const date = wallClockAt(start, target.timezone).date;
  const day = dayBounds(date, target.timezone);
  const [windows, closures] = await Promise.all([
    windowsOf(db, companyId, [resourceId]),
    closuresOf(db, companyId, [resourceId], day.start, day.end),
  ]);
  const slots = resourceSlots(
    target,
    date,
    '15-minutes',
    BOOKING_PREFERENCE_DEFAULTS.AfternoonFrom,
    windows.get(resourceId) ?? [],
    closures.get(resourceId) ?? [],
  );
  if (openUntil(slots, start) < end) return { refusal: closed(name, start, end, target.timezone), target };

  const interval = { datetime_from: start, datetime_to: end };
  try {
    await checkSharedCapacity(db, ctx, target, name, interval, booking.exceptId ?? 0);
    await checkLimit(db, ctx, target, [interval]);
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 409) return { refusal: error.message, target };
    throw error;
  }
  return { refusal: null, target };
}
