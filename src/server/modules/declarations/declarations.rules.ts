// The checks and messages that creating and changing a booking share.
import { scopedBookingRefusal } from '../../permissions/scoped';
import type { Kysely } from 'kysely';
import {
  bookingRefusal,
  costCents,
  countsTowardsLimit,
  planResourceLimit,
  type BookingRefusal,
  type Interval,
  type Stretch,
} from '../../../shared/booking/declaration-rules';
import { minutesOf, wallClockAt, zonedInstant } from '../../../shared/time/zone';
import type { ServiceContext } from '../../context';
import type { Database } from '../../db/schema';
import { conflict, unprocessable } from '../../http/errors';
import { clockTime, dayBounds, maxConcurrent } from './availability';
import { assignmentAccess } from './assignment-access.queries';
import type { BookingTarget } from './booking-context.queries';
import type { DeclarationChange } from './declarations.notify';
import { bookingRoles, dateCapacities, heldPlaces } from './declarations.queries';
import { heldBookings } from './level-day.queries';

type Db = Kysely<Database>;

export const MESSAGES = {
  notFound: 'Booking not found.',
  resourceNotFound: 'Resource not found.',
  notBookable: 'This resource cannot be booked.',
  assigned: 'This resource is kept for the users it is assigned to.',
  notYourRole: 'You are not allowed to book this resource.',
  levelNotDeclarable: 'This resource is on a level where nothing can be booked.',
  slotNotAvailable: 'This slot cannot be booked.',
  slotPast: 'This slot is in the past.',
  slotsOverlap: 'The slots overlap.',
  onlyHost: "Only the booking's host can do this.",
  checkInClosed: 'Check-in opens 15 minutes before the start and closes at the end of the booking.',
  notCheckedIn: 'Only a checked-in booking can be checked out.',
  cannotExtend: 'This booking can no longer be extended.',
  changeInCalendar:
    'This booking comes from a meeting in the room’s calendar: change its time, room or organiser there.',
  endOfDay: 'The booking already ends at the end of the working day.',
  cannotCancel: 'Only a booking that is not checked in and not over can be cancelled.',
  costTooLarge: 'This booking would cost more than a booking can record: book a shorter time.',
} as const;

// A booking's cost is kept in cents as a 32-bit integer (declarations.cost_cents).
const MAX_COST_CENTS = 2_147_483_647;

/**
 * costCents, refused as a 422 on `field` when it is more than a booking records (a long booking of a
 * resource priced near the allowed maximum): the database would refuse the row without saying why.
 */
export function bookingCost(
  pricePerHourCents: number,
  startsAt: Date,
  endsAt: Date,
  field = 'slots',
): number {
  const cents = costCents(pricePerHourCents, startsAt, endsAt);
  if (cents > MAX_COST_CENTS) throw unprocessable({ [field]: [MESSAGES.costTooLarge] });
  return cents;
}

/**
 * What a booking checked out at `endedAt` costs: its share of what it was charged, as the time used
 * is of the time booked (never more than it already cost, whatever the price is now).
 */
export function usedCost(chargedCents: number, startsAt: Date, endsAt: Date, endedAt: Date): number {
  const booked = endsAt.getTime() - startsAt.getTime();
  const used = Math.min(Math.max(endedAt.getTime() - startsAt.getTime(), 0), booked);
  return Math.round((chargedCents * used) / booked);
}

export const taken = (name: string, from: Date, to: Date, zone: string) =>
  `${name} is already booked from ${clockTime(from, zone)} to ${clockTime(to, zone)}.`;
export const full = (name: string, from: Date, to: Date, zone: string) =>
  `${name} is fully booked from ${clockTime(from, zone)} to ${clockTime(to, zone)}.`;
export const closed = (name: string, from: Date, to: Date, zone: string) =>
  `${name} cannot be booked from ${clockTime(from, zone)} to ${clockTime(to, zone)}.`;
export const overLimit = (limit: number, date: string) =>
  `You can book at most ${limit} ${limit === 1 ? 'place' : 'places'} a day and already hold ${
    limit === 1 ? 'one' : limit
  } on ${date}.`;

/** SQLSTATE 23P01: the no-double-booking exclusion constraint refused the row. */
const isDoubleBooking = (error: unknown) =>
  error !== null && typeof error === 'object' && 'code' in error && error.code === '23P01';

/** The booking a change is writing, for the refusal of a double booking to name. */
export interface BookingAttempt {
  name: string;
  zone: string;
  booking: Interval;
}

/**
 * Runs a change that writes bookings; when the exclusion constraint refuses one (a race lost to
 * another request), answers 409 naming the resource and the slot last announced through `attempting`.
 */
export async function answeringDoubleBooking<T>(
  work: (attempting: (attempt: BookingAttempt) => void) => Promise<T>,
): Promise<T> {
  let last: BookingAttempt | null = null;
  try {
    return await work((attempt) => {
      last = attempt;
    });
  } catch (error) {
    if (!isDoubleBooking(error) || !last) throw error;
    const { name, zone, booking } = last as BookingAttempt;
    throw conflict(taken(name, booking.datetime_from, booking.datetime_to, zone));
  }
}

export const REFUSALS: Record<BookingRefusal, string> = {
  'not-bookable': MESSAGES.notBookable,
  assigned: MESSAGES.assigned,
  'not-your-role': MESSAGES.notYourRole,
};

/**
 * Why the caller may not book the resource (403), or null: the one booking rule every place that
 * offers or books a resource asks (the resource's model and roles, an assigned resource's holders
 * and their breaks: bookingRefusal; the level and resource containers: scopedBookingRefusal).
 * `slots`: the times asked for, which an assigned resource's breaks are judged against (none: only
 * its holders may).
 */
export async function refusalToBook(
  db: Db,
  ctx: ServiceContext,
  target: BookingTarget,
  slots: readonly Stretch[] = [],
): Promise<string | null> {
  const [refusal] = await refusalsToBook(db, ctx, target, [slots]);
  return refusal ?? null;
}

/**
 * refusalToBook for several requests of the same resource, each judged on its own (the plan's
 * slots of one resource: an assigned desk is offered only in its holder's breaks), read once.
 */
export async function refusalsToBook(
  db: Db,
  ctx: ServiceContext,
  target: BookingTarget,
  requests: readonly (readonly Stretch[])[],
): Promise<Array<string | null>> {
  const read = await assignmentAccess(db, ctx.companyId, target, ctx.userId, requests.flat());
  const assignment = (slots: readonly Stretch[]) => read && { ...read, slots };
  const byModel = requests.map((slots) => bookingRefusal(target, undefined, assignment(slots)));
  if (byModel.every((refusal) => refusal !== null)) return byModel.map((refusal) => REFUSALS[refusal!]);
  const roles = await bookingRoles(db, ctx.companyId, target.id, ctx.userId);
  const byRoles = requests.map(
    (slots, index) => byModel[index] ?? bookingRefusal(target, roles, assignment(slots)),
  );
  const scoped = byRoles.some((refusal) => refusal === null)
    ? await scopedBookingRefusal(ctx, ctx.userId, target, null, db)
    : null;
  return byRoles.map((refusal) => (refusal ? REFUSALS[refusal] : scoped));
}

/** The per-user limit (spec §7 planResourceLimit): different personal places per day. */
export async function checkLimit(
  db: Db,
  ctx: ServiceContext,
  target: BookingTarget,
  bookings: readonly Interval[],
): Promise<void> {
  const limit = limitFor(ctx, target);
  if (limit === null) return;
  const dates = new Set(bookings.map((booking) => wallClockAt(booking.datetime_from, target.timezone).date));
  for (const date of dates) {
    const { start, end } = dayBounds(date, target.timezone);
    refuseOverLimit(limit, await heldPlaces(db, ctx.companyId, ctx.userId, start, end, target.id), date);
  }
}

/** The user's per-day limit of places when a booking of `target` counts towards it, else null. */
export function limitFor(ctx: ServiceContext, target: BookingTarget): number | null {
  const limit = planResourceLimit(ctx.permissions);
  const counts = countsTowardsLimit({
    exclusive: target.resource_capacity_type === 'exclusive',
    capacity: target.capacity,
  });
  return limit !== null && counts ? limit : null;
}

/** 409 when one more place on `date` would exceed the limit. */
export function refuseOverLimit(limit: number, held: number, date: string): void {
  if (held + 1 > limit) throw conflict(overLimit(limit, date));
}

/** Shared capacity: the bookings already overlapping, at their busiest, leave a seat. */
export async function checkSharedCapacity(
  db: Db,
  ctx: ServiceContext,
  target: BookingTarget,
  name: string,
  booking: Interval,
  exceptId = 0,
): Promise<void> {
  if (target.resource_capacity_type !== 'shared') return;
  const date = wallClockAt(booking.datetime_from, target.timezone).date;
  const capacity =
    (await dateCapacities(db, ctx.companyId, [target.id], date)).get(target.id) ?? target.capacity;
  const held = await heldBookings(
    db,
    ctx.companyId,
    [target.id],
    booking.datetime_from,
    booking.datetime_to,
    exceptId,
  );
  if (maxConcurrent(held, booking.datetime_from, booking.datetime_to) + 1 > capacity)
    throw conflict(full(name, booking.datetime_from, booking.datetime_to, target.timezone));
}

export const change = (
  action: DeclarationChange['action'],
  companyId: number,
  row: { id: number; resource_id: number; level_id: number },
): DeclarationChange => ({
  action,
  id: row.id,
  company_id: companyId,
  resource_id: row.resource_id,
  level_id: row.level_id,
});

/** The end of the level's working day that the booking ends in. */
export function endOfWorkingDay(target: BookingTarget, end: Date): Date {
  const date = wallClockAt(new Date(end.getTime() - 1), target.timezone).date;
  const minutes = target.working_hours_to === '23:59' ? 1440 : minutesOf(target.working_hours_to);
  return zonedInstant(date, minutes, target.timezone);
}
