import { canSeeResource, mayBookResource } from '../../../shared/permissions/scoped-access';
import { factsSeeingLevel } from '../../permissions/scoped';
import { countsTowardsLimit, planResourceLimit } from '../../../shared/booking/declaration-rules';
import type {
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
  dayBounds,
  heldPlaces,
  levelInfo,
  asStretch,
  refusalsToBook,
  resourceSlots,
  subtreeTargets,
  type BookingTarget,
} from '../declarations';
import { isFull, loadDay, loadLevelDay, NOT_FOUND, offered, overlapping } from './plan-day.service';

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
    await factsSeeingLevel(ctx, target.level_id);
    const zone = target.timezone;
    const date = query.date ?? wallClockAt(now, zone).date;
    const day = await loadDay(ctx, [target], date, zone);
    const own = day.slotsOf(target, type, preferences.afternoonFrom);
    // The booking's own rule, slot by slot: an assigned desk is offered in its holders' breaks.
    const refusals = target.is_declarable
      ? await refusalsToBook(
          ctx.db,
          ctx,
          target,
          own.map((slot) => [asStretch(slot)]),
        )
      : [];
    const slots = own.map((slot, index) => {
      const mayBook = target.is_declarable && refusals[index] === null;
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
  // An assigned resource is open to the caller only where the booking's rule lets them book it.
  for (const { target, mayBookIn } of loaded.lent) {
    const own = openFor(day.slotsOf(target, type, afternoonFrom));
    const open = own.map((isOpen, index) => isOpen && mayBookIn(asStretch(base[index]!)));
    if (!open.some(Boolean)) continue;
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
    const facts = await factsSeeingLevel(ctx, target.level_id);
    return {
      type_id: typeId,
      element_id: elementId,
      level_id: target.level_id,
      resource_id: target.id,
      // the booking's own rule: the model and roles, then the level and resource containers
      declarable: offered(target) && mayBookResource(facts, target),
    };
  }
  const level = await levelInfo(ctx.db, ctx.companyId, elementId);
  if (!level) throw notFound(NOT_FOUND.level);
  const facts = await factsSeeingLevel(ctx, level.id);
  const direct = (await subtreeTargets(ctx.db, ctx.companyId, level.id)).filter(
    (target) => target.level_id === level.id && offered(target) && canSeeResource(facts, target),
  );
  return {
    type_id: typeId,
    element_id: elementId,
    level_id: level.id,
    resource_id: level.is_directly_declarable && direct.length === 1 ? direct[0]!.id : null,
    declarable: level.is_declarable,
  };
}
