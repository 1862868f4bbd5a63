// POST declarations (spec §7): from the plan's chosen slots to bookings, or a refusal that names why.
import type { Kysely } from 'kysely';
import {
  costCents,
  mergeContiguous,
  overlapsItself,
  type Interval,
} from '../../../shared/booking/declaration-rules';
import { dateValidForBooking } from '../../../shared/booking/date-valid';
import type { CreateDeclarationBody, DeclarationList } from '../../../shared/contract/declarations';
import type { SlotType } from '../../../shared/time/slots';
import { wallClockAt } from '../../../shared/time/zone';
import type { FieldErrors } from '../../../shared/validation';
import type { ServiceContext } from '../../context';
import type { Database } from '../../db/schema';
import { forbidden, notFound, unprocessable } from '../../http/errors';
import { bookingPreferences, dayBounds, resourceSlots } from './availability';
import {
  bookingTarget,
  closuresOf,
  countVisit,
  lockUser,
  notifyChanged,
  priceOf,
  windowsOf,
  type BookingTarget,
} from './declarations.queries';
import {
  answeringDoubleBooking,
  change,
  checkLimit,
  checkSharedCapacity,
  MESSAGES,
  refusalToBook,
  resourceName,
} from './declarations.rules';
import { declarationsByIds } from './declarations.view';

type Db = Kysely<Database>;

interface MatchedSlot extends Interval {
  type: SlotType;
}

/**
 * Each requested slot must be one of the resource's available slots of its day, of a slot type the
 * user may use, and not over (spec §4 date valid for booking). 422 names every bad slot.
 */
async function matchSlots(
  db: Db,
  ctx: ServiceContext,
  target: BookingTarget,
  requested: readonly Interval[],
  now: Date,
): Promise<MatchedSlot[]> {
  const preferences = await bookingPreferences(db, ctx);
  const zone = target.timezone;
  const dates = [...new Set(requested.map((slot) => wallClockAt(slot.datetime_from, zone).date))].sort();
  const first = dayBounds(dates[0]!, zone).start;
  const last = dayBounds(dates.at(-1)!, zone).end;
  const [windows, closures] = await Promise.all([
    windowsOf(db, ctx.companyId, [target.id]),
    closuresOf(db, ctx.companyId, [target.id], first, last),
  ]);
  const cache = new Map<string, ReturnType<typeof resourceSlots>>();
  const slotsOf = (date: string, type: SlotType) => {
    const key = `${date}/${type}`;
    let slots = cache.get(key);
    if (!slots) {
      slots = resourceSlots(
        target,
        date,
        type,
        preferences.afternoonFrom,
        windows.get(target.id) ?? [],
        closures.get(target.id) ?? [],
      );
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

/**
 * POST declarations: one transaction under the user's lock (the limit) and the resource's (shared
 * capacity); an exclusive resource's overlap is refused by the exclusion constraint itself.
 */
export async function createDeclarations(
  ctx: ServiceContext,
  body: CreateDeclarationBody,
  now = new Date(),
): Promise<DeclarationList> {
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

  const ids = await answeringDoubleBooking((attempting) =>
    ctx.db.transaction().execute(async (tx) => {
      await lockUser(tx, ctx.companyId, ctx.userId);
      const target = await bookingTarget(tx, ctx.companyId, body.resource_id, true);
      if (!target) throw notFound(MESSAGES.resourceNotFound);
      const refusal = await refusalToBook(tx, ctx, target);
      if (refusal) throw forbidden(refusal);
      if (!target.is_declarable) throw unprocessable({ resource_id: [MESSAGES.levelNotDeclarable] });
      const matched = await matchSlots(tx, ctx, target, requested, now);
      const bookings = mergeContiguous(matched);
      await checkLimit(tx, ctx, target, bookings);
      const name = await resourceName(tx, ctx, target.id);
      const price = await priceOf(tx, ctx.companyId, target.id);
      const created: number[] = [];
      for (const booking of bookings) {
        await checkSharedCapacity(tx, ctx, target, name, booking);
        attempting({ name, zone: target.timezone, booking });
        const type = matched.find(
          (slot) => slot.datetime_from.getTime() === booking.datetime_from.getTime(),
        )!.type;
        const { id } = await tx
          .insertInto('declarations')
          .values({
            company_id: ctx.companyId,
            resource_id: target.id,
            user_id: ctx.userId,
            created_by: ctx.userId,
            starts_at: booking.datetime_from,
            ends_at: booking.datetime_to,
            subject: body.subject?.trim() ?? '',
            is_private: body.is_private ?? false,
            slot_type: type,
            approval_status: target.resource_model === 'on_request' ? 'pending' : 'approved',
            exclusive: target.resource_capacity_type === 'exclusive',
            cost_cents: price
              ? costCents(price.price_cents, booking.datetime_from, booking.datetime_to)
              : null,
            currency_id: price?.currency_id ?? null,
            source: 'plan',
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        created.push(id);
        await notifyChanged(
          tx,
          change('created', ctx.companyId, { id, resource_id: target.id, level_id: target.level_id }),
        );
      }
      await countVisit(tx, ctx.companyId, ctx.userId, target.level_id);
      return created;
    }),
  );
  return { data: await declarationsByIds(ctx.db, ctx, ids) };
}
