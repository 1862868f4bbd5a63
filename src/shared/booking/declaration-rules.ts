import type { GeneralPermission } from '../permissions';
import { storedInteger } from '../validation/stored-integer';

/**
 * The rules of a booking's life (spec §4 Declarations, §7 check-in/check-out/extend), shared so the
 * server enforces what the client offers. Where the spec is silent the choice is ours and named.
 */

export const DECLARATION_STATUSES = ['booked', 'checked_in', 'checked_out', 'released', 'cancelled'] as const;
export type DeclarationStatus = (typeof DECLARATION_STATUSES)[number];
/** Bookings that hold their resource (the exclusion constraint and every count use the same set). */
export const ACTIVE_STATUSES = ['booked', 'checked_in'] as const satisfies readonly DeclarationStatus[];

export const APPROVAL_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

/** Ours: check-in opens this many minutes before the start and stays open until the end. */
export const CHECK_IN_EARLY_MINUTES = 15;

/**
 * Ours: the company preference giving the minutes after its start a booking waits for its check-in
 * before auto-release frees it; 0 turns auto-release off.
 */
export const CHECK_IN_GRACE_KEY = 'CheckInGraceMinutes';
export const CHECK_IN_GRACE_DEFAULT = 15;

/** The grace period a stored CheckInGraceMinutes value sets (auto-release reads it through here). */
export function readGraceMinutes(stored: string | null | undefined): number {
  return storedInteger(stored, { min: 0, max: 1440, fallback: CHECK_IN_GRACE_DEFAULT });
}

/**
 * Ours: how a user is reminded to check in when check-in opens (CHECK_IN_EARLY_MINUTES before the
 * start), so that a booking is not released while they are on their way. Each user may choose; the
 * company sets the default. Only where a grace period releases bookings.
 */
export const CHECK_IN_REMINDER_KEY = 'CheckInReminder';
export const CHECK_IN_REMINDER_CHANNELS = ['push-and-mail', 'push', 'mail', 'off'] as const;
export type CheckInReminderChannel = (typeof CHECK_IN_REMINDER_CHANNELS)[number];
export const CHECK_IN_REMINDER_DEFAULT: CheckInReminderChannel = 'push-and-mail';

/** The channels a stored CheckInReminder value asks for (an unknown value: the default's). */
export function reminderChannels(stored: string | null | undefined): { push: boolean; mail: boolean } {
  const value = CHECK_IN_REMINDER_CHANNELS.find((channel) => channel === stored) ?? CHECK_IN_REMINDER_DEFAULT;
  return {
    push: value === 'push-and-mail' || value === 'push',
    mail: value === 'push-and-mail' || value === 'mail',
  };
}

/**
 * spec §7 extend?extending_type: how far one extension pushes the end. until-end-of-day goes to the
 * end of the level's working day; no extension goes past it.
 */
export const EXTENDING_TYPES = ['15-minutes', '30-minutes', 'hours', 'until-end-of-day'] as const;
export type ExtendingType = (typeof EXTENDING_TYPES)[number];
const EXTENSION_MINUTES: Record<Exclude<ExtendingType, 'until-end-of-day'>, number> = {
  '15-minutes': 15,
  '30-minutes': 30,
  hours: 60,
};

/** The new end of a booking extended by `type`, never past the end of the working day. */
export function extendedEnd(end: Date, type: ExtendingType, endOfWorkingDay: Date): Date {
  if (type === 'until-end-of-day') return endOfWorkingDay;
  const wanted = new Date(end.getTime() + EXTENSION_MINUTES[type] * 60_000);
  return wanted < endOfWorkingDay ? wanted : endOfWorkingDay;
}

export interface BookingMoment {
  starts_at: Date;
  ends_at: Date;
  status: DeclarationStatus;
  approval_status: ApprovalStatus;
  /** where it was made: one made from a calendar meeting changes its time in that calendar */
  source?: string;
}

/**
 * A booking made from a meeting on a room's calendar (calendar sync) is the organiser's: its time,
 * room and host change in the calendar, whose changes the sync brings here. Changed here, the room's
 * calendar would keep the meeting at its old time while the product gave that time away.
 */
export const changesInItsCalendar = (booking: { source?: string }) => booking.source === 'calendar';

const holds = (booking: BookingMoment) =>
  (ACTIVE_STATUSES as readonly string[]).includes(booking.status) && booking.approval_status !== 'rejected';

/** Check-in: a booked, approved booking, from CHECK_IN_EARLY_MINUTES before its start until its end. */
export function canCheckIn(booking: BookingMoment, now: Date): boolean {
  const opens = booking.starts_at.getTime() - CHECK_IN_EARLY_MINUTES * 60_000;
  return (
    booking.status === 'booked' &&
    booking.approval_status === 'approved' &&
    opens <= now.getTime() &&
    now < booking.ends_at
  );
}

/** Check-out ends a checked-in booking now and frees the rest of it. */
export function canCheckOut(booking: BookingMoment, now: Date): boolean {
  return booking.status === 'checked_in' && now < booking.ends_at;
}

/** Extend: a booking that still holds its resource and has not ended. */
export function canExtend(booking: BookingMoment, now: Date): boolean {
  return holds(booking) && now < booking.ends_at && !changesInItsCalendar(booking);
}

/** Cancel (DELETE): a booking not checked in yet and not over. A checked-in one is checked out instead. */
export function canCancel(booking: BookingMoment, now: Date): boolean {
  return booking.status === 'booked' && now < booking.ends_at;
}

/**
 * spec §7 planResourceLimit, ours in detail: the value of the user's PLAN permission (spec §6, a
 * NUMERICAL permission) is how many different personal places they may hold on one calendar day
 * (the level's). No value, or 0, means no limit.
 */
export function planResourceLimit(permissions: readonly GeneralPermission[] | undefined): number | null {
  const plan = permissions?.find((permission) => permission.permission === 'PLAN' && permission.is_active);
  const value = plan?.value ?? null;
  return value !== null && value > 0 ? value : null;
}

/**
 * A personal place counts towards the limit: a one-seat resource (a desk, a parking bay, a locker)
 * or a seat in a shared one. An exclusive resource seating more (a meeting room) is booked by a host
 * for a group, several times a day, and is not limited.
 */
export function countsTowardsLimit(resource: { exclusive: boolean; capacity: number }): boolean {
  return !resource.exclusive || resource.capacity <= 1;
}

/** Why a user may not book a resource (spec §3 resource_model, resource roles), or null. */
export type BookingRefusal = 'not-bookable' | 'assigned' | 'not-your-role';

/** A stretch of time: a requested booking, or a holder's break (spec §2 assigned-resources add-break). */
export interface Stretch {
  starts_at: Date;
  ends_at: Date;
}

/**
 * Who holds an assigned resource and when they are away, with who asks and for when. The breaks
 * are each holder's, listed under their user id.
 */
export interface AssignmentAccess {
  userId: number;
  holders: ReadonlyMap<number, readonly Stretch[]>;
  slots: readonly Stretch[];
}

const inside = (slot: Stretch, stretch: Stretch) =>
  stretch.starts_at <= slot.starts_at && slot.ends_at <= stretch.ends_at;

/**
 * An assigned resource is its holders' at any time. Anybody else may book it only for slots each
 * entirely inside one break of every holder: the desk is free only while all who hold it are away.
 * Without a holder, or without `assignment` (what a level's occupancy counts), nobody may.
 */
function assignedRefusal(assignment: AssignmentAccess | undefined): boolean {
  if (!assignment || assignment.holders.size === 0) return true;
  if (assignment.holders.has(assignment.userId)) return false;
  if (assignment.slots.length === 0) return true;
  return ![...assignment.holders.values()].every((breaks) =>
    assignment.slots.every((slot) => breaks.some((stretch) => inside(slot, stretch))),
  );
}

/**
 * Who may book a resource: a not-bookable one nobody; an assigned one its holders, and others
 * during their breaks (assignedRefusal); one kept for roles only holders of one of them.
 * Without `roles` only the resource's model is judged.
 */
export function bookingRefusal(
  resource: { resource_model: 'bookable' | 'on_request' | 'assigned' | 'not_bookable' },
  roles?: { allowed: readonly number[]; mine: readonly number[] },
  assignment?: AssignmentAccess,
): BookingRefusal | null {
  if (resource.resource_model === 'not_bookable') return 'not-bookable';
  if (resource.resource_model === 'assigned' && assignedRefusal(assignment)) return 'assigned';
  if (roles && roles.allowed.length > 0 && !roles.allowed.some((role) => roles.mine.includes(role)))
    return 'not-your-role';
  return null;
}

/** spec §3 resource_model: a booking of an on-request resource waits for an approver; others are approved. */
export function approvalOnBooking(resource: { resource_model: string }): 'pending' | 'approved' {
  return resource.resource_model === 'on_request' ? 'pending' : 'approved';
}

/** The 'currency' function's price per hour times the booked hours, rounded to the minor unit. */
export function costCents(pricePerHourCents: number, startsAt: Date, endsAt: Date): number {
  const minutes = (endsAt.getTime() - startsAt.getTime()) / 60_000;
  return Math.round((pricePerHourCents * minutes) / 60);
}

export interface Interval {
  datetime_from: Date;
  datetime_to: Date;
}

/** Slots that follow each other without a gap become one booking (spec §7 POST declarations). */
export function mergeContiguous<T extends Interval>(slots: readonly T[]): Interval[] {
  const sorted = [...slots].sort((a, b) => a.datetime_from.getTime() - b.datetime_from.getTime());
  const merged: Interval[] = [];
  for (const slot of sorted) {
    const last = merged.at(-1);
    if (last && last.datetime_to.getTime() === slot.datetime_from.getTime())
      last.datetime_to = slot.datetime_to;
    else merged.push({ datetime_from: slot.datetime_from, datetime_to: slot.datetime_to });
  }
  return merged;
}

/** Whether any two of the slots overlap (a request naming a slot twice is refused). */
export function overlapsItself(slots: readonly Interval[]): boolean {
  const sorted = [...slots].sort((a, b) => a.datetime_from.getTime() - b.datetime_from.getTime());
  return sorted.some((slot, index) => index > 0 && slot.datetime_from < sorted[index - 1]!.datetime_to);
}
