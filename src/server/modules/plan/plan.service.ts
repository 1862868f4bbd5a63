import {
  bookingRefusal,
  countsTowardsLimit,
  planResourceLimit,
} from '../../../shared/booking/declaration-rules';
import { readBookingPreferences } from '../../../shared/booking/preferences';
import type {
  Occupancy,
  PlanElementParams,
  PlanResourceLimit,
  PlanScan,
  PlanSlot,
  PlanSlots,
  SlotsQuery,
} from '../../../shared/contract/plan';
import type { Slot, SlotType } from '../../../shared/time/slots';
import { isKnownZone, wallClockAt } from '../../../shared/time/zone';
import type { ServiceContext } from '../../context';
import { notFound, unprocessable } from '../../http/errors';
import {
  bookingPreferences,
  bookingTarget,
  closuresOf,
  dateCapacities,
  dayBounds,
  heldBookings,
  heldPlaces,
  levelInfo,
  maxConcurrent,
  refusalToBook,
  resourceSlots,
  subtreeTargets,
  windowsOf,
  type BookingTarget,
  type LevelDay,
} from '../declarations';
import { loadPlanDay, memoized } from './level-day-cache';

type HeldBooking = Awaited<ReturnType<typeof heldBookings>>[number];

const NOT_FOUND = { resource: 'Resource not found.', level: 'Level not found.' } as const;

/**
 * Resources the plan counts on a day: on a declarable level, of a model someone may book (the rule
 * booking itself applies: declarations.rules refusalToBook).
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
async function loadLevelDay(ctx: ServiceContext, levelId: number, dateWanted: string | undefined, now: Date) {
  const loaded = await loadPlanDay(ctx, levelId, dateWanted, now);
  const preferences = readBookingPreferences(loaded.preferences);
  if (!loaded.template) return { preferences, found: null };
  const { template, mine, held } = loaded;
  const zone = template.level.timezone;
  const roles = (resourceId: number) => ({ allowed: template.read.allowed[resourceId] ?? [], mine });
  const targets = memoized(template, 'offered', () => template.read.targets.filter(offered));
  const found = {
    level: template.level,
    zone,
    date: template.date,
    targets,
    /** the targets the caller may book (their roles) */
    bookable: () =>
      memoized(template, `bookable|${[...mine].sort((a, b) => a - b).join(',')}`, () =>
        targets.filter((target) => bookingRefusal(target, roles(target.id)) === null),
      ),
    day: dayOf({ ...template.read, held }, template.date, zone, template.memo),
    memo: <T>(key: string, build: () => T) => memoized(template, key, build),
  };
  return { preferences, found };
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

function slotType(query: SlotsQuery, available: readonly SlotType[], fallback: SlotType): SlotType {
  if (query.slot_type === undefined) return fallback;
  if (!available.includes(query.slot_type))
    throw unprocessable({ slot_type: ['The selected value is not valid.'] });
  return query.slot_type;
}

/** spec §7 GET plan/slots/{type}/{id}: the day's slots of a resource, or of a level's resources together. */
export async function planSlots(
  ctx: ServiceContext,
  params: PlanElementParams,
  query: SlotsQuery,
  now = new Date(),
): Promise<PlanSlots> {
  if (query.timezone !== undefined && !isKnownZone(query.timezone))
    throw unprocessable({ timezone: ['The selected timezone is not valid.'] });
  const levelDay = params.type === 'level' ? await loadLevelDay(ctx, params.id, query.date, now) : null;
  const preferences = levelDay?.preferences ?? (await bookingPreferences(ctx.db, ctx));
  const type = slotType(query, preferences.availableSlots, preferences.defaultSlot);
  const answer = (zone: string, date: string, slots: PlanSlot[]): PlanSlots => ({
    default: type === preferences.defaultSlot,
    type,
    date,
    timezone: zone,
    slots,
  });
  const iso = (slot: Slot) => ({
    from: slot.from,
    to: slot.to,
    datetime_from: slot.datetime_from.toISOString(),
    datetime_to: slot.datetime_to.toISOString(),
  });

  if (!levelDay) {
    const target = await bookingTarget(ctx.db, ctx.companyId, params.id);
    if (!target) throw notFound(NOT_FOUND.resource);
    const zone = target.timezone;
    const date = query.date ?? wallClockAt(now, zone).date;
    const day = await loadDay(ctx, [target], date, zone);
    const mayBook = target.is_declarable && (await refusalToBook(ctx.db, ctx, target)) === null;
    const slots = day.slotsOf(target, type, preferences.afternoonFrom).map((slot) => {
      const occupied = isFull(day, target, slot.datetime_from, slot.datetime_to);
      const mine = overlapping(day.held(target.id), slot.datetime_from, slot.datetime_to).some(
        (booking) => booking.user_id === ctx.userId,
      );
      const available = slot.available && mayBook && slot.datetime_to > now && !occupied && !mine;
      return { ...iso(slot), available, occupied, mine };
    });
    return answer(zone, date, slots);
  }

  const loaded = levelDay.found;
  if (!loaded) throw notFound(NOT_FOUND.level);
  const { level, zone, date, day } = loaded;
  const { afternoonFrom } = preferences;
  // The level offers a slot while a resource the caller may book is free in it.
  const targets = loaded.bookable();
  const base = loaded.memo(`base|${type}|${afternoonFrom}`, () =>
    resourceSlots({ ...level, timezone: zone }, date, type, afternoonFrom, [], []),
  );
  // A resource's slots are cut from its own level's hours; the level's view asks each resource
  // about the level's slot instants. Resources sharing their slots share the answer.
  const openings = loaded.memo(`openings|${type}|${afternoonFrom}`, () => new Map<Slot[], boolean[]>());
  const openFor = (own: Slot[]): boolean[] => {
    let open = openings.get(own);
    if (!open) {
      open = base.map((slot) =>
        own.some(
          (candidate) =>
            candidate.available &&
            candidate.datetime_from <= slot.datetime_from &&
            slot.datetime_to <= candidate.datetime_to,
        ),
      );
      openings.set(own, open);
    }
    return open;
  };
  const unbooked = new Set<boolean[]>();
  const booked: Array<{ target: BookingTarget; open: boolean[] }> = [];
  for (const target of targets) {
    const open = openFor(day.slotsOf(target, type, afternoonFrom));
    if (day.held(target.id).length === 0) unbooked.add(open);
    else booked.push({ target, open });
  }
  // A resource without bookings is free wherever it is open; only booked ones need a closer look,
  // slot by slot, through flat flags rather than per-slot lists.
  const free = new Uint8Array(base.length);
  const mine = new Uint8Array(base.length);
  for (const open of unbooked) open.forEach((isOpen, index) => isOpen && (free[index] = 1));
  const bounds = loaded.memo(`bounds|${type}|${afternoonFrom}`, () =>
    base.map((slot) => [slot.datetime_from.getTime(), slot.datetime_to.getTime()] as const),
  );
  for (const { target, open } of booked) {
    const held = day.held(target.id);
    const exclusive = target.resource_capacity_type === 'exclusive';
    bounds.forEach(([from, to], index) => {
      let overlaps = false;
      for (const booking of held) {
        if (booking.starts_at.getTime() >= to || from >= booking.ends_at.getTime()) continue;
        overlaps = true;
        if (booking.user_id === ctx.userId) mine[index] = 1;
      }
      if (free[index] || !open[index]) return;
      const slot = base[index]!;
      if (exclusive ? !overlaps : !isFull(day, target, slot.datetime_from, slot.datetime_to)) free[index] = 1;
    });
  }
  const slots = base.map((slot, index) => {
    const occupied = targets.length > 0 && !free[index];
    const available = slot.available && level.is_declarable && slot.datetime_to > now && free[index] === 1;
    return { ...iso(slot), available, occupied, mine: mine[index] === 1 };
  });
  return answer(zone, date, slots);
}

/** Bookable and booked capacity-minutes of one resource on the day. */
export function resourceLoad(
  day: Day,
  target: BookingTarget,
  afternoonFrom: string,
  openMinutes: Map<Slot[], number>,
) {
  const slots = day.slotsOf(target, '15-minutes', afternoonFrom);
  let minutes = openMinutes.get(slots);
  if (minutes === undefined) {
    minutes = slots
      .filter((slot) => slot.available)
      .reduce((sum, slot) => sum + (slot.datetime_to.getTime() - slot.datetime_from.getTime()) / 60_000, 0);
    openMinutes.set(slots, minutes);
  }
  const seats = target.resource_capacity_type === 'shared' ? day.capacity(target) : 1;
  const bookable = minutes * seats;
  const held = day.held(target.id);
  if (held.length === 0) return { bookable, booked: 0 };
  let booked = 0;
  for (const [from, to] of openSpans(slots)) {
    for (const booking of held) {
      const overlap = Math.min(to, booking.ends_at.getTime()) - Math.max(from, booking.starts_at.getTime());
      if (overlap > 0) booked += overlap / 60_000;
    }
  }
  return { bookable, booked: Math.min(booked, bookable) };
}

/** The available slots of a day joined where one ends as the next starts, as instants in ms. */
const spansOf = new WeakMap<Slot[], Array<[number, number]>>();
function openSpans(slots: Slot[]): Array<[number, number]> {
  let spans = spansOf.get(slots);
  if (!spans) {
    spans = [];
    for (const slot of slots) {
      if (!slot.available) continue;
      const from = slot.datetime_from.getTime();
      const to = slot.datetime_to.getTime();
      const last = spans.at(-1);
      if (last && last[1] === from) last[1] = to;
      else spans.push([from, to]);
    }
    spansOf.set(slots, spans);
  }
  return spans;
}

/** A day with nothing left to book counts as full (spec §9 "full day at 100%"). */
export const occupancyPercentage = (booked: number, bookable: number) =>
  bookable === 0 ? 100 : Math.min(100, Math.round((booked * 100) / bookable));

/**
 * spec §7 GET plan/occupancy/{type}/{id}: the share of the day's bookable capacity-time that is
 * booked (a shared resource's seats each count). A day fully booked, or with nothing left to book
 * at all, is 100 (spec §9 "full day at 100%").
 */
export async function planOccupancy(
  ctx: ServiceContext,
  params: PlanElementParams,
  dateWanted: string | undefined,
  now = new Date(),
): Promise<Occupancy> {
  if (params.type === 'level') {
    const { preferences, found } = await loadLevelDay(ctx, params.id, dateWanted, now);
    if (!found) throw notFound(NOT_FOUND.level);
    const openMinutes = found.memo('openMinutes', () => new Map<Slot[], number>());
    return {
      date: found.date,
      ...occupancyOf(found.day, found.targets, preferences.afternoonFrom, openMinutes),
    };
  }
  const { afternoonFrom } = await bookingPreferences(ctx.db, ctx);
  const target = await bookingTarget(ctx.db, ctx.companyId, params.id);
  if (!target) throw notFound(NOT_FOUND.resource);
  const zone = target.timezone;
  const targets = offered(target) ? [target] : [];
  const date = dateWanted ?? wallClockAt(now, zone).date;
  const day = await loadDay(ctx, targets, date, zone);
  return { date, ...occupancyOf(day, targets, afternoonFrom, new Map()) };
}

function occupancyOf(
  day: Day,
  targets: readonly BookingTarget[],
  afternoonFrom: string,
  openMinutes: Map<Slot[], number>,
) {
  let bookable = 0;
  let booked = 0;
  for (const target of targets) {
    const load = resourceLoad(day, target, afternoonFrom, openMinutes);
    bookable += load.bookable;
    booked += load.booked;
  }
  return { occupancy_percentage: occupancyPercentage(booked, bookable) };
}

/** spec §7 GET plan/planResourceLimit/{id}: the caller's limit for the resource's kind and its use on the day. */
export async function planLimit(
  ctx: ServiceContext,
  resourceId: number,
  dateWanted: string | undefined,
  now = new Date(),
): Promise<PlanResourceLimit> {
  const target = await bookingTarget(ctx.db, ctx.companyId, resourceId);
  if (!target) throw notFound(NOT_FOUND.resource);
  const date = dateWanted ?? wallClockAt(now, target.timezone).date;
  const counts = countsTowardsLimit({
    exclusive: target.resource_capacity_type === 'exclusive',
    capacity: target.capacity,
  });
  const { start, end } = dayBounds(date, target.timezone);
  const [used, usedElsewhere] = await Promise.all([
    heldPlaces(ctx.db, ctx.companyId, ctx.userId, start, end, 0),
    heldPlaces(ctx.db, ctx.companyId, ctx.userId, start, end, target.id),
  ]);
  const limit = counts ? planResourceLimit(ctx.permissions) : null;
  return {
    resource_id: target.id,
    date,
    counts,
    limit,
    used,
    // As the booking counts it: this resource again that day is the same place.
    remaining: limit === null ? null : Math.max(0, limit - usedElsewhere),
  };
}

/**
 * spec §7 GET plan scan (type_id 1 resource, 2 level): where the plan opens for a scanned code. A
 * directly declarable level with exactly one resource opens that resource's slots (spec §2).
 */
export async function planScan(ctx: ServiceContext, typeId: number, elementId: number): Promise<PlanScan> {
  if (typeId === 1) {
    const target = await bookingTarget(ctx.db, ctx.companyId, elementId);
    if (!target) throw notFound(NOT_FOUND.resource);
    return {
      type_id: typeId,
      element_id: elementId,
      level_id: target.level_id,
      resource_id: target.id,
      declarable: offered(target),
    };
  }
  const level = await levelInfo(ctx.db, ctx.companyId, elementId);
  if (!level) throw notFound(NOT_FOUND.level);
  const direct = (await subtreeTargets(ctx.db, ctx.companyId, level.id)).filter(
    (target) => target.level_id === level.id && offered(target),
  );
  return {
    type_id: typeId,
    element_id: elementId,
    level_id: level.id,
    resource_id: level.is_directly_declarable && direct.length === 1 ? direct[0]!.id : null,
    declarable: level.is_declarable,
  };
}
