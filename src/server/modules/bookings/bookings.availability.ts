// POST bookings/resources-availability and POST bookings/declaration-cost (spec §7 Bookings).
import { canBookResource, refusalMessage, refusingRule } from '../../../shared/permissions/scoped-access';
import { hiddenOf, scopedFactsFor } from '../../permissions/scoped';
import {
  bookingRefusal,
  costCents,
  mergeContiguous,
  overlapsItself,
  type Interval,
} from '../../../shared/booking/declaration-rules';
import { readBookingPreferences } from '../../../shared/booking/preferences';
import type {
  DeclarationCost,
  DeclarationCostBody,
  ResourcesAvailability,
  ResourcesAvailabilityBody,
} from '../../../shared/contract/bookings';
import type { BookingSlot } from '../../../shared/contract/declarations';
import { wallClockAt } from '../../../shared/time/zone';
import type { FieldErrors } from '../../../shared/validation';
import type { ServiceContext } from '../../context';
import { forbidden, notFound, unprocessable } from '../../http/errors';
import {
  assignmentAccess,
  asStretch,
  bookingTarget,
  closed,
  dateCapacities,
  full,
  heldBookings,
  maxConcurrent,
  BOOKING_MESSAGES as MESSAGES,
  REFUSALS,
  resourceSlots,
  taken,
} from '../declarations';
import { describeResources } from './bookings.list';
import { priceWithCode, rolesOf, viewerSettings } from './bookings.queries';
import { presetResources } from './preset-resources.queries';
import { BOOKING_MESSAGES, mayBookFor, mayChangeBookingOf } from './bookings.rules';
import { ownPreset } from './presets.service';

function intervalsOf(slots: readonly BookingSlot[]): { requested: Interval[]; merged: Interval[] } {
  const requested = slots.map((slot) => ({
    datetime_from: new Date(slot.datetime_from),
    datetime_to: new Date(slot.datetime_to),
  }));
  const errors: FieldErrors = {};
  requested.forEach((slot, index) => {
    if (slot.datetime_from >= slot.datetime_to)
      errors[`slots.${index}.datetime_to`] = [MESSAGES.slotNotAvailable];
  });
  if (Object.keys(errors).length > 0) throw unprocessable(errors);
  if (overlapsItself(requested)) throw unprocessable({ slots: [MESSAGES.slotsOverlap] });
  return { requested, merged: mergeContiguous(requested) };
}

/**
 * Which of the preset's resources the host could book for the slots, and why not: the resource's
 * model and roles (the host's), its level, the slots being slots of `type` on the resource's day
 * and open, not over, and the bookings already there (besides `declaration_id`, the one being
 * edited). A hint for the select-slots screens: storing checks everything again.
 */
/**
 * `id` when the caller may change that booking (their own, a delegator's, or anyone's with BOOKINGS update), else
 * 0: someone else's booking is not set aside, or a user could make any booked slot look free.
 */
async function changeableBooking(ctx: ServiceContext, id: number): Promise<number> {
  const row = await ctx.db
    .selectFrom('declarations')
    .select('user_id')
    .where('company_id', '=', ctx.companyId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row && (await mayChangeBookingOf(ctx, row.user_id)) ? id : 0;
}

export async function resourcesAvailability(
  ctx: ServiceContext,
  body: ResourcesAvailabilityBody,
  now = new Date(),
): Promise<ResourcesAvailability> {
  const preset = await ownPreset(ctx, body.preset);
  const hostId = body.host_id ?? ctx.userId;
  if (hostId !== ctx.userId && !(await mayBookFor(ctx, 'create', hostId)))
    throw forbidden(BOOKING_MESSAGES.hostNotAllowed);
  const { requested, merged } = intervalsOf(body.slots);
  const from = new Date(Math.min(...requested.map((slot) => slot.datetime_from.getTime())));
  const to = new Date(Math.max(...requested.map((slot) => slot.datetime_to.getTime())));
  // Closures of every day a slot lies in, whatever the resource's zone.
  const facts = await scopedFactsFor(ctx, hostId);
  const resources = await presetResources(ctx.db, ctx, preset.preset, {
    hiddenLevels: hiddenOf(facts),
    openBetween: { from: new Date(from.getTime() - 86_400_000), to: new Date(to.getTime() + 86_400_000) },
  });
  const ids = resources.map((resource) => resource.id);
  const editing = body.declaration_id ? await changeableBooking(ctx, body.declaration_id) : 0;
  const [roles, held, settings, described] = await Promise.all([
    rolesOf(ctx.db, ctx.companyId, ids, hostId),
    heldBookings(ctx.db, ctx.companyId, ids, from, to, editing),
    viewerSettings(ctx.db, ctx, ['AfternoonFrom']),
    describeResources(ctx, resources),
  ]);
  const afternoonFrom = readBookingPreferences(settings.preferences).afternoonFrom;
  const capacityDates = new Map<string, Map<number, number>>();
  const capacityOn = async (date: string) => {
    let capacities = capacityDates.get(date);
    if (!capacities) {
      capacities = await dateCapacities(ctx.db, ctx.companyId, ids, date);
      capacityDates.set(date, capacities);
    }
    return capacities;
  };

  const data = [];
  for (const resource of resources) {
    const name = resource.name || 'The resource';
    const reason = await (async (): Promise<string | null> => {
      const assignment = await assignmentAccess(
        ctx.db,
        ctx.companyId,
        resource,
        hostId,
        requested.map(asStretch),
      );
      const refusal = bookingRefusal(
        resource,
        { allowed: roles.allowed.get(resource.id) ?? [], mine: roles.mine },
        assignment,
      );
      if (refusal) return REFUSALS[refusal];
      const scoped = refusingRule(canBookResource(facts, resource));
      if (scoped) return refusalMessage(scoped);
      if (!resource.is_declarable) return MESSAGES.levelNotDeclarable;
      for (const slot of requested) {
        if (slot.datetime_to <= now) return MESSAGES.slotPast;
        const date = wallClockAt(slot.datetime_from, resource.timezone).date;
        const open = resourceSlots(
          resource,
          date,
          body.type,
          afternoonFrom,
          resource.windows,
          resource.closures,
        ).some(
          (built) =>
            built.available &&
            built.datetime_from.getTime() === slot.datetime_from.getTime() &&
            built.datetime_to.getTime() === slot.datetime_to.getTime(),
        );
        if (!open) return closed(name, slot.datetime_from, slot.datetime_to, resource.timezone);
      }
      const mine = held.filter((booking) => booking.resource_id === resource.id);
      for (const booking of merged) {
        if (resource.resource_capacity_type === 'exclusive') {
          const blocking = mine.find(
            (other) => other.starts_at < booking.datetime_to && other.ends_at > booking.datetime_from,
          );
          if (blocking) return taken(name, blocking.starts_at, blocking.ends_at, resource.timezone);
        } else {
          const date = wallClockAt(booking.datetime_from, resource.timezone).date;
          const capacity = (await capacityOn(date)).get(resource.id) ?? resource.capacity;
          if (maxConcurrent(mine, booking.datetime_from, booking.datetime_to) + 1 > capacity)
            return full(name, booking.datetime_from, booking.datetime_to, resource.timezone);
        }
      }
      return null;
    })();
    data.push({ ...described.get(resource.id)!, available: reason === null, reason });
  }
  return { data };
}

const LONGEST_DAY_MS = 25 * 3_600_000;

/** What the slots would cost on the resource: its price per hour times the hours (null: free). */
export async function declarationCost(
  ctx: ServiceContext,
  body: DeclarationCostBody,
): Promise<DeclarationCost> {
  const { merged } = intervalsOf(body.slots);
  // A booking lies within one day (25 hours on a daylight-saving day): a longer slot prices nothing.
  const errors: FieldErrors = {};
  body.slots.forEach((slot, index) => {
    if (Date.parse(slot.datetime_to) - Date.parse(slot.datetime_from) > LONGEST_DAY_MS)
      errors[`slots.${index}`] = [BOOKING_MESSAGES.oneDay];
  });
  if (Object.keys(errors).length > 0) throw unprocessable(errors);
  const target = await bookingTarget(ctx.db, ctx.companyId, body.resource_id);
  if (!target) throw notFound(MESSAGES.resourceNotFound);
  const price = await priceWithCode(ctx.db, ctx.companyId, target.id);
  if (!price) return { cost: null };
  const cents = merged.reduce(
    (sum, booking) => sum + costCents(price.price_cents, booking.datetime_from, booking.datetime_to),
    0,
  );
  return { cost: { cents, currency: price.currency } };
}
