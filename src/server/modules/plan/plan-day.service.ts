import {
  bookingRefusal,
  type AssignmentAccess,
  type Stretch,
} from '../../../shared/booking/declaration-rules';
import { readBookingPreferences } from '../../../shared/booking/preferences';
import type { Slot, SlotType } from '../../../shared/time/slots';
import { mayBookResource, canSeeResource } from '../../../shared/permissions/scoped-access';
import type { ServiceContext } from '../../context';
import { factsSeeingLevel } from '../../permissions/scoped';
import {
  closuresOf,
  dateCapacities,
  dayBounds,
  heldBookings,
  holdersOf,
  maxConcurrent,
  resourceSlots,
  windowsOf,
  type BookingTarget,
  type LevelDay,
} from '../declarations';
import { loadPlanDay, memoized } from './level-day-cache';

type HeldBooking = Awaited<ReturnType<typeof heldBookings>>[number];

export const NOT_FOUND = { resource: 'Resource not found.', level: 'Level not found.' } as const;

/**
 * Resources the plan counts on a day: on a declarable level, of a model anyone may book (the rule
 * booking itself applies: declarations.rules refusalToBook). Assigned resources are their holders'
 * and, in the holders' breaks, everyone's: the level's `lent` judges them slot by slot.
 */
export const offered = (target: BookingTarget) => target.is_declarable && bookingRefusal(target) === null;

/** A day of some resources from what was read about them: slots, bookings held and capacities. */
function dayOf(
  read: Pick<LevelDay, 'windows' | 'closures' | 'held' | 'capacities'>,
  date: string,
  zone: string,
  shared = new Map<string, unknown>(),
) {
  const { windows, closures, held, capacities } = read;
  const heldBy = new Map<number, HeldBooking[]>();
  for (const booking of held) {
    const list = heldBy.get(booking.resource_id) ?? [];
    list.push(booking);
    heldBy.set(booking.resource_id, list);
  }
  // Resources with the same hours and windows and no closure share their slots: computed once (and
  // kept with a cached level day: level-day-cache).
  const slotsOf = (target: BookingTarget, type: SlotType, afternoonFrom: string): Slot[] => {
    const own = windows.get(target.id) ?? [];
    const closed = closures.get(target.id) ?? [];
    const key =
      closed.length > 0
        ? `slots#${target.id}|${type}|${afternoonFrom}`
        : own.length === 0
          ? `slots|${target.working_hours_from}|${target.working_hours_to}|${type}|${afternoonFrom}`
          : JSON.stringify([target.working_hours_from, target.working_hours_to, type, afternoonFrom, own]);
    let slots = shared.get(key) as Slot[] | undefined;
    if (!slots) {
      slots = resourceSlots({ ...target, timezone: zone }, date, type, afternoonFrom, own, closed);
      shared.set(key, slots);
    }
    return slots;
  };
  return {
    slotsOf,
    held: (id: number) => heldBy.get(id) ?? [],
    capacity: (target: BookingTarget) => capacities.get(target.id) ?? target.capacity,
  };
}

/** Everything a day of some resources needs, read in four queries whatever their number. */
export async function loadDay(
  ctx: ServiceContext,
  targets: readonly BookingTarget[],
  date: string,
  zone: string,
) {
  const ids = targets.map((target) => target.id);
  const { start, end } = dayBounds(date, zone);
  const [windows, closures, held, capacities] = await Promise.all([
    windowsOf(ctx.db, ctx.companyId, ids),
    closuresOf(ctx.db, ctx.companyId, ids, start, end),
    heldBookings(ctx.db, ctx.companyId, ids, start, end),
    dateCapacities(ctx.db, ctx.companyId, ids, date),
  ]);
  return dayOf({ windows, closures, held, capacities }, date, zone);
}

/**
 * The resources the plan counts on a level and below it, with their day, from the level day cache
 * (one statement while it is current), and the user's booking preferences.
 */
export async function loadLevelDay(
  ctx: ServiceContext,
  levelId: number,
  dateWanted: string | undefined,
  now: Date,
) {
  const loaded = await loadPlanDay(ctx, levelId, dateWanted, now);
  const preferences = readBookingPreferences(loaded.preferences);
  if (!loaded.template) return { preferences, found: null };
  const { template, mine, held } = loaded;
  // spec issue 38: a level the user may not see is refused with the rule that refuses it.
  const facts = await factsSeeingLevel(ctx, template.level.id);
  const zone = template.level.timezone;
  const roles = (resourceId: number) => ({ allowed: template.read.allowed[resourceId] ?? [], mine });
  const offeredToAll = memoized(template, 'offered', () => template.read.targets.filter(offered));
  const restricted = facts.levelCover.size > 0 || facts.resourceCover.size > 0;
  const targets = restricted ? offeredToAll.filter((target) => canSeeResource(facts, target)) : offeredToAll;
  const mayBookByAccess = (target: BookingTarget) => !restricted || mayBookResource(facts, target);
  const lent = await lentResources(
    ctx,
    template.read.targets,
    template.date,
    zone,
    (target, assignment) =>
      target.is_declarable &&
      bookingRefusal(target, roles(target.id), assignment) === null &&
      mayBookByAccess(target),
  );
  const found = {
    level: template.level,
    zone,
    date: template.date,
    targets,
    /** the targets the caller may book (their roles, their level and resource containers) */
    bookable: () => {
      const byRoles = memoized(template, `bookable|${[...mine].sort((a, b) => a - b).join(',')}`, () =>
        offeredToAll.filter((target) => bookingRefusal(target, roles(target.id)) === null),
      );
      return restricted ? byRoles.filter((target) => mayBookResource(facts, target)) : byRoles;
    },
    /** the assigned resources on the level with whether the caller may book each in a slot */
    lent,
    day: dayOf({ ...template.read, held }, template.date, zone, template.memo),
    memo: <T>(key: string, build: () => T) => memoized(template, key, build),
  };
  return { preferences, found };
}

type AssignedVerdict = (target: BookingTarget, assignment: AssignmentAccess) => boolean;

/**
 * The assigned resources among `targets`, each with whether the caller may book it in a slot by
 * the booking's rule (`verdict`, bookingRefusal with the holders' breaks): always for a holder,
 * inside every holder's break for anyone else. Their holders are read in one query, none without.
 */
async function lentResources(
  ctx: ServiceContext,
  targets: readonly BookingTarget[],
  date: string,
  zone: string,
  verdict: AssignedVerdict,
) {
  const assigned = targets.filter((target) => target.resource_model === 'assigned');
  if (assigned.length === 0) return [];
  const { start } = dayBounds(date, zone);
  const holders = await holdersOf(
    ctx.db,
    ctx.companyId,
    assigned.map((target) => target.id),
    start,
  );
  return assigned.map((target) => {
    const access = { userId: ctx.userId, holders: holders.get(target.id) ?? new Map(), slots: [] };
    return {
      target,
      mayBookIn: (slot: Stretch) => verdict(target, { ...access, slots: [slot] }),
    };
  });
}

export type Day = Awaited<ReturnType<typeof loadDay>>;

export const overlapping = (bookings: readonly HeldBooking[], from: Date, to: Date) =>
  bookings.filter((booking) => booking.starts_at < to && from < booking.ends_at);

/** Whether the resource has no seat left at some instant of the slot. */
export function isFull(day: Day, target: BookingTarget, from: Date, to: Date): boolean {
  const inSlot = overlapping(day.held(target.id), from, to);
  if (target.resource_capacity_type === 'exclusive') return inSlot.length > 0;
  return maxConcurrent(inSlot, from, to) >= day.capacity(target);
}
