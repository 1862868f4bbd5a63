import type { Occupancy, PlanElementParams } from '../../../shared/contract/plan';
import type { Slot } from '../../../shared/time/slots';
import { wallClockAt } from '../../../shared/time/zone';
import type { ServiceContext } from '../../context';
import { notFound } from '../../http/errors';
import { bookingPreferences, bookingTarget, type BookingTarget } from '../declarations';
import { loadDay, loadLevelDay, NOT_FOUND, offered, type Day } from './plan-day.service';

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
