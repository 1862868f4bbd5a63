// POST declarations (spec §7): from the plan's chosen slots to bookings, or a refusal that names why.
import {
  bookingRefusal,
  costCents,
  mergeContiguous,
  overlapsItself,
  type Interval,
} from '../../../shared/booking/declaration-rules';
import { dateValidForBooking } from '../../../shared/booking/date-valid';
import { BOOKING_PREFERENCE_DEFAULTS, readBookingPreferences } from '../../../shared/booking/preferences';
import type {
  CreateDeclarationBody,
  DECLARATION_SOURCES,
  DeclarationList,
} from '../../../shared/contract/declarations';
import type { SlotType } from '../../../shared/time/slots';
import { wallClockAt } from '../../../shared/time/zone';
import type { FieldErrors } from '../../../shared/validation';
import type { ServiceContext } from '../../context';
import { forbidden, notFound, unprocessable } from '../../http/errors';
import { dayBounds, resourceSlots } from './availability';
import { bookingContext, insertBooking, type BookingContext } from './declarations.queries';
import {
  answeringDoubleBooking,
  checkSharedCapacity,
  limitFor,
  MESSAGES,
  refuseOverLimit,
  REFUSALS,
} from './declarations.rules';
import { toDeclaration, type DeclarationRow } from './declarations.view';

interface MatchedSlot extends Interval {
  type: SlotType;
}

/**
 * Each requested slot must be one of the resource's available slots of its day, of a slot type the
 * user may use, and not over (spec §4 date valid for booking). 422 names every bad slot.
 */
function matchSlots(context: BookingContext, requested: readonly Interval[], now: Date): MatchedSlot[] {
  const { target, windows, closures } = context;
  const preferences = readBookingPreferences(context.preferences);
  const zone = target.timezone;
  const cache = new Map<string, ReturnType<typeof resourceSlots>>();
  const slotsOf = (date: string, type: SlotType) => {
    const key = `${date}/${type}`;
    let slots = cache.get(key);
    if (!slots) {
      slots = resourceSlots(target, date, type, preferences.afternoonFrom, windows, closures);
      cache.set(key, slots);
    }
    return slots;
  };
  const errors: FieldErrors = {};
  const matched: MatchedSlot[] = [];
  requested.forEach((slot, index) => {
    const date = wallClockAt(slot.datetime_from, zone).date;
    if (!dateValidForBooking({ date }, now, zone) || slot.datetime_to <= now) {
      errors[`slots.${index}`] = [MESSAGES.slotPast];
      return;
    }
    const type = preferences.availableSlots.find((candidate) =>
      slotsOf(date, candidate).some(
        (built) =>
          built.available &&
          built.datetime_from.getTime() === slot.datetime_from.getTime() &&
          built.datetime_to.getTime() === slot.datetime_to.getTime(),
      ),
    );
    if (!type) errors[`slots.${index}`] = [MESSAGES.slotNotAvailable];
    else matched.push({ ...slot, type });
  });
  if (Object.keys(errors).length > 0) throw unprocessable(errors);
  return matched;
}

// Closures are read for the requested instants give or take two days: every day a slot lies in.
const TWO_DAYS_MS = 2 * 86_400_000;

/**
 * Who a booking is for and where it was made: the host defaults to the caller (the caller's right
 * to book for someone else is checked before, by the bookings module), the source to the plan.
 */
export interface CreateOptions {
  hostId?: number;
  source?: (typeof DECLARATION_SOURCES)[number];
}

/**
 * POST declarations: one transaction under the host's lock (the limit) and the resource's (shared
 * capacity); an exclusive resource's overlap is refused by the exclusion constraint itself.
 */
export async function createDeclarations(
  ctx: ServiceContext,
  body: CreateDeclarationBody,
  now = new Date(),
  options: CreateOptions = {},
): Promise<DeclarationList> {
  const hostId = options.hostId ?? ctx.userId;
  // The host's roles, limit and slot preferences decide; the caller is recorded as created_by.
  const forHost: ServiceContext = { ...ctx, userId: hostId };
  const requested: Interval[] = body.slots.map((slot) => ({
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

  const created = await answeringDoubleBooking((attempting) =>
    ctx.db.transaction().execute(async (tx) => {
      const instants = requested.flatMap((slot) => [
        slot.datetime_from.getTime(),
        slot.datetime_to.getTime(),
      ]);
      // Takes the user's lock (the limit), then the resource's (shared capacity).
      const context = await bookingContext(
        tx,
        forHost,
        body.resource_id,
        new Date(Math.min(...instants) - TWO_DAYS_MS),
        new Date(Math.max(...instants) + TWO_DAYS_MS),
        Object.keys(BOOKING_PREFERENCE_DEFAULTS),
      );
      if (!context) throw notFound(MESSAGES.resourceNotFound);
      const { target, price } = context;
      const refusal = bookingRefusal(target, context.roles);
      if (refusal) throw forbidden(REFUSALS[refusal]);
      if (!target.is_declarable) throw unprocessable({ resource_id: [MESSAGES.levelNotDeclarable] });
      const matched = matchSlots(context, requested, now);
      const bookings = mergeContiguous(matched);
      // The per-user limit is counted by each insert (insertBooking `heldIn`), one round trip fewer.
      const limit = limitFor(forHost, target);
      const dayOf = (instant: Date) => {
        const date = wallClockAt(instant, target.timezone).date;
        const { start, end } = dayBounds(date, target.timezone);
        return { date, from: start, to: end };
      };
      const name = context.name ?? 'The resource';
      const rows: DeclarationRow[] = [];
      for (const [index, booking] of bookings.entries()) {
        await checkSharedCapacity(tx, ctx, target, name, booking);
        attempting({ name, zone: target.timezone, booking });
        const type = matched.find(
          (slot) => slot.datetime_from.getTime() === booking.datetime_from.getTime(),
        )!.type;
        const values = {
          company_id: ctx.companyId,
          resource_id: target.id,
          user_id: hostId,
          created_by: ctx.userId,
          starts_at: booking.datetime_from,
          ends_at: booking.datetime_to,
          subject: body.subject?.trim() ?? '',
          is_private: body.is_private ?? false,
          slot_type: type,
          approval_status: target.resource_model === 'on_request' ? 'pending' : 'approved',
          exclusive: target.resource_capacity_type === 'exclusive',
          cost_cents: price ? costCents(price.price_cents, booking.datetime_from, booking.datetime_to) : null,
          currency_id: price?.currency_id ?? null,
          source: options.source ?? 'plan',
        } as const;
        const day = limit === null ? null : dayOf(booking.datetime_from);
        // The request counts one visit of the level, with its first booking.
        const { held_places, ...inserted } = await insertBooking(
          tx,
          values,
          {
            resourceId: target.id,
            levelId: target.level_id,
            levelIds: context.chain.map((level) => level.id),
          },
          index === 0 ? { userId: hostId } : null,
          day,
        );
        if (limit !== null && day) refuseOverLimit(limit, held_places ?? 0, day.date);
        rows.push({
          ...values,
          ...inserted,
          level_id: target.level_id,
          checked_in_at: null,
          checked_out_at: null,
          currency_code: price?.currency_code ?? null,
          timezone: target.timezone,
          resource_name: context.name,
          host_name: context.hostName,
        });
      }
      return { rows, chain: context.chain };
    }),
  );
  // The answer is what was written, as declarationsByIds would read it back after the commit.
  return { data: created.rows.map((row) => toDeclaration(ctx, row, created.chain, { now })) };
}
