import { sql, type Kysely } from 'kysely';
import {
  APPROVAL_STATUSES,
  canCancel,
  canCheckIn,
  canCheckOut,
  canExtend,
  costCents,
  countsTowardsLimit,
  extendedEnd,
  mergeContiguous,
  overlapsItself,
  planResourceLimit,
  type ExtendingType,
  type Interval,
} from '../../../shared/booking/declaration-rules';
import { dateValidForBooking } from '../../../shared/booking/date-valid';
import {
  APPROVE_STATUS_NAMES,
  approveStatusId,
  type ApproveStatusList,
  type CreateDeclarationBody,
  type Declaration,
  type DeclarationList,
  type DeclarationListQuery,
} from '../../../shared/contract/declarations';
import type { SlotType } from '../../../shared/time/slots';
import { minutesOf, wallClockAt, zonedInstant } from '../../../shared/time/zone';
import type { FieldErrors } from '../../../shared/validation';
import type { ServiceContext } from '../../context';
import type { Database } from '../../db/schema';
import { conflict, forbidden, notFound, unprocessable } from '../../http/errors';
import { bookingPreferences, clockTime, dayBounds, maxConcurrent, resourceSlots } from './availability';
import {
  bookingRoles,
  bookingTarget,
  closuresOf,
  countVisit,
  dateCapacities,
  heldBookings,
  heldPlaces,
  lockUser,
  notifyChanged,
  priceOf,
  windowsOf,
  type BookingTarget,
  type DeclarationChange,
} from './declarations.queries';
import {
  declarationsByIds,
  isHost,
  mayChangeOthers,
  mayReadOthers,
  selectDeclarations,
  toDeclarations,
  type DeclarationRow,
} from './declarations.view';

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
  endOfDay: 'The booking already ends at the end of the working day.',
  cannotCancel: 'Only a booking that is not checked in and not over can be cancelled.',
} as const;

const taken = (name: string, from: Date, to: Date, zone: string) =>
  `${name} is already booked from ${clockTime(from, zone)} to ${clockTime(to, zone)}.`;
const full = (name: string, from: Date, to: Date, zone: string) =>
  `${name} is fully booked from ${clockTime(from, zone)} to ${clockTime(to, zone)}.`;
const closed = (name: string, from: Date, to: Date, zone: string) =>
  `${name} cannot be booked from ${clockTime(from, zone)} to ${clockTime(to, zone)}.`;
const overLimit = (limit: number, date: string) =>
  `You can book at most ${limit} ${limit === 1 ? 'place' : 'places'} a day and already hold ${
    limit === 1 ? 'one' : limit
  } on ${date}.`;

/** SQLSTATE 23P01: the no-double-booking exclusion constraint refused the row. */
const isDoubleBooking = (error: unknown) =>
  error !== null && typeof error === 'object' && 'code' in error && error.code === '23P01';

async function resourceName(db: Db, ctx: ServiceContext, resourceId: number): Promise<string> {
  const { rows } = await sql<{ name: string | null }>`
    select (select t.name from resource_translations t
      where t.company_id = ${ctx.companyId} and t.resource_id = ${resourceId}
      order by t.language_id = u.language_id desc, t.language_id = c.language_id desc, t.language_id
      limit 1) as name
    from users u join companies c on c.id = u.company_id
    where u.company_id = ${ctx.companyId} and u.id = ${ctx.userId}`.execute(db);
  return rows[0]?.name ?? 'The resource';
}

/** Why the caller may not book the resource (403), or null. */
async function refusalToBook(db: Db, ctx: ServiceContext, target: BookingTarget): Promise<string | null> {
  if (target.resource_model === 'not_bookable') return MESSAGES.notBookable;
  // Assignments come with the users issue; until then nobody books an assigned resource.
  if (target.resource_model === 'assigned') return MESSAGES.assigned;
  const roles = await bookingRoles(db, ctx.companyId, target.id, ctx.userId);
  if (roles.allowed.length > 0 && !roles.allowed.some((role) => roles.mine.includes(role)))
    return MESSAGES.notYourRole;
  return null;
}

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

/** The per-user limit (spec §7 planResourceLimit): different personal places per day. */
async function checkLimit(
  db: Db,
  ctx: ServiceContext,
  target: BookingTarget,
  bookings: readonly Interval[],
): Promise<void> {
  const limit = planResourceLimit(ctx.permissions);
  if (
    limit === null ||
    !countsTowardsLimit({
      exclusive: target.resource_capacity_type === 'exclusive',
      capacity: target.capacity,
    })
  )
    return;
  const dates = new Set(bookings.map((booking) => wallClockAt(booking.datetime_from, target.timezone).date));
  for (const date of dates) {
    const { start, end } = dayBounds(date, target.timezone);
    const held = await heldPlaces(db, ctx.companyId, ctx.userId, start, end, target.id);
    if (held + 1 > limit) throw conflict(overLimit(limit, date));
  }
}

/** Shared capacity: the bookings already overlapping, at their busiest, leave a seat. */
async function checkSharedCapacity(
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

const change = (
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

  // What the refusal of a double booking names: set before each insert.
  let attempt: { name: string; zone: string; booking: Interval } | null = null;
  try {
    const ids = await ctx.db.transaction().execute(async (tx) => {
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
        attempt = { name, zone: target.timezone, booking };
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
    });
    return { data: await declarationsByIds(ctx.db, ctx, ids) };
  } catch (error) {
    if (!isDoubleBooking(error) || !attempt) throw error;
    const { name, zone, booking } = attempt as { name: string; zone: string; booking: Interval };
    throw conflict(taken(name, booking.datetime_from, booking.datetime_to, zone));
  }
}

/** GET declarations: the caller's own bookings from date_from (their zone's day), cancelled left out. */
export async function listDeclarations(
  ctx: ServiceContext,
  query: DeclarationListQuery,
  now = new Date(),
): Promise<DeclarationList> {
  const user = await ctx.db
    .selectFrom('users')
    .select('timezone')
    .where('company_id', '=', ctx.companyId)
    .where('id', '=', ctx.userId)
    .executeTakeFirstOrThrow();
  const zone = user.timezone;
  const from = dayBounds(query.date_from ?? wallClockAt(now, zone).date, zone).start;
  const to = query.date_to ? dayBounds(query.date_to, zone).end : null;
  if (to && to <= from)
    throw unprocessable({ date_to: ['The date to must be a date after or equal to date from.'] });
  const rows = await selectDeclarations(
    ctx.db,
    ctx,
    sql`d.user_id = ${ctx.userId} and d.status <> 'cancelled' and d.ends_at > ${from}
      ${to ? sql`and d.starts_at < ${to}` : sql``}`,
  );
  return {
    data: await toDeclarations(ctx.db, ctx, rows, { allParents: query.includes === 'all_parents', now }),
  };
}

/** One booking of the company the caller may see: their own, or anyone's with BOOKINGS read. */
async function visibleRow(db: Db, ctx: ServiceContext, id: number, lock = false): Promise<DeclarationRow> {
  if (lock)
    await sql`select id from declarations where company_id = ${ctx.companyId} and id = ${id} for update`.execute(
      db,
    );
  const [row] = await selectDeclarations(db, ctx, sql`d.id = ${id}`);
  if (!row || (!isHost(ctx, row) && !mayReadOthers(ctx))) throw notFound(MESSAGES.notFound);
  return row;
}

export async function getDeclaration(
  ctx: ServiceContext,
  id: number,
  now = new Date(),
): Promise<Declaration> {
  const row = await visibleRow(ctx.db, ctx, id);
  return (await toDeclarations(ctx.db, ctx, [row], { now }))[0]!;
}

/** One change to one booking, in one transaction under the booking's row lock. */
async function changeOne(
  ctx: ServiceContext,
  id: number,
  now: Date,
  body: (tx: Db, row: DeclarationRow) => Promise<DeclarationChange['action']>,
): Promise<Declaration> {
  await ctx.db.transaction().execute(async (tx) => {
    const row = await visibleRow(tx, ctx, id, true);
    const action = await body(tx, row);
    await notifyChanged(tx, change(action, ctx.companyId, row));
  });
  return getDeclaration(ctx, id, now);
}

/** DELETE declarations/{id}: cancels; the host's own, or anyone's with BOOKINGS update. */
export function cancelDeclaration(ctx: ServiceContext, id: number, now = new Date()): Promise<Declaration> {
  return changeOne(ctx, id, now, async (tx, row) => {
    if (!isHost(ctx, row) && !mayChangeOthers(ctx)) throw forbidden(MESSAGES.onlyHost);
    if (!canCancel(row, now)) throw conflict(MESSAGES.cannotCancel);
    await tx
      .updateTable('declarations')
      .set({ status: 'cancelled', cancelled_at: now })
      .where('company_id', '=', ctx.companyId)
      .where('id', '=', id)
      .execute();
    return 'cancelled';
  });
}

export function checkIn(ctx: ServiceContext, id: number, now = new Date()): Promise<Declaration> {
  return changeOne(ctx, id, now, async (tx, row) => {
    if (!isHost(ctx, row)) throw forbidden(MESSAGES.onlyHost);
    if (!canCheckIn(row, now)) throw conflict(MESSAGES.checkInClosed);
    await tx
      .updateTable('declarations')
      .set({ status: 'checked_in', checked_in_at: now })
      .where('company_id', '=', ctx.companyId)
      .where('id', '=', id)
      .execute();
    return 'checked_in';
  });
}

/** Check-out ends the booking now: the rest of it is free again (the cost follows the time used). */
export function checkOut(ctx: ServiceContext, id: number, now = new Date()): Promise<Declaration> {
  return changeOne(ctx, id, now, async (tx, row) => {
    if (!isHost(ctx, row)) throw forbidden(MESSAGES.onlyHost);
    if (!canCheckOut(row, now)) throw conflict(MESSAGES.notCheckedIn);
    const ends = now > row.starts_at ? now : row.ends_at;
    const price = await priceOf(tx, ctx.companyId, row.resource_id);
    await tx
      .updateTable('declarations')
      .set({
        status: 'checked_out',
        checked_out_at: now,
        ends_at: ends,
        ...(price ? { cost_cents: costCents(price.price_cents, row.starts_at, ends) } : {}),
      })
      .where('company_id', '=', ctx.companyId)
      .where('id', '=', id)
      .execute();
    return 'checked_out';
  });
}

/** The end of the level's working day that the booking ends in. */
function endOfWorkingDay(target: BookingTarget, end: Date): Date {
  const date = wallClockAt(new Date(end.getTime() - 1), target.timezone).date;
  const minutes = target.working_hours_to === '23:59' ? 1440 : minutesOf(target.working_hours_to);
  return zonedInstant(date, minutes, target.timezone);
}

/**
 * POST declarations/{id}/extend: pushes the end by the extending type, never past the working
 * day; refused with 409 naming the booking in the way, and nothing changes.
 */
export async function extendDeclaration(
  ctx: ServiceContext,
  id: number,
  type: ExtendingType,
  now = new Date(),
): Promise<Declaration> {
  let attempt: { name: string; zone: string; booking: Interval } | null = null;
  try {
    return await changeOne(ctx, id, now, async (tx, row) => {
      if (!isHost(ctx, row)) throw forbidden(MESSAGES.onlyHost);
      if (!canExtend(row, now)) throw conflict(MESSAGES.cannotExtend);
      const target = (await bookingTarget(tx, ctx.companyId, row.resource_id, true))!;
      const ends = extendedEnd(row.ends_at, type, endOfWorkingDay(target, row.ends_at));
      if (ends <= row.ends_at) throw conflict(MESSAGES.endOfDay);
      const name = row.resource_name ?? 'The resource';
      const added: Interval = { datetime_from: row.ends_at, datetime_to: ends };
      const closures = (await closuresOf(tx, ctx.companyId, [target.id], row.ends_at, ends)).get(target.id);
      if (closures?.length) throw conflict(closed(name, row.ends_at, ends, target.timezone));
      if (target.resource_capacity_type === 'shared')
        await checkSharedCapacity(tx, ctx, target, name, added, id);
      else {
        const [blocking] = await heldBookings(tx, ctx.companyId, [target.id], row.ends_at, ends, id);
        if (blocking) throw conflict(taken(name, blocking.starts_at, blocking.ends_at, target.timezone));
      }
      attempt = { name, zone: target.timezone, booking: added };
      const price = await priceOf(tx, ctx.companyId, row.resource_id);
      await tx
        .updateTable('declarations')
        .set({
          ends_at: ends,
          ...(price ? { cost_cents: costCents(price.price_cents, row.starts_at, ends) } : {}),
        })
        .where('company_id', '=', ctx.companyId)
        .where('id', '=', id)
        .execute();
      return 'extended';
    });
  } catch (error) {
    if (!isDoubleBooking(error) || !attempt) throw error;
    const { name, zone, booking } = attempt as { name: string; zone: string; booking: Interval };
    throw conflict(taken(name, booking.datetime_from, booking.datetime_to, zone));
  }
}

export function approveStatuses(): ApproveStatusList {
  return {
    data: APPROVAL_STATUSES.map((key) => ({
      id: approveStatusId(key),
      key,
      name: APPROVE_STATUS_NAMES[key],
    })),
  };
}

/** GET declarations/assign/{declarationId}/{statusId} (BOOKINGS update): approve or reject. */
export async function assignApprovalStatus(
  ctx: ServiceContext,
  id: number,
  statusId: number,
  now = new Date(),
): Promise<Declaration> {
  const key = APPROVAL_STATUSES[statusId - 1];
  if (!key) throw unprocessable({ statusId: ['The selected status is not valid.'] });
  let attempt: { name: string; zone: string; booking: Interval } | null = null;
  try {
    return await changeOne(ctx, id, now, async (tx, row) => {
      attempt = {
        name: row.resource_name ?? 'The resource',
        zone: row.timezone,
        booking: { datetime_from: row.starts_at, datetime_to: row.ends_at },
      };
      await tx
        .updateTable('declarations')
        .set({ approval_status: key })
        .where('company_id', '=', ctx.companyId)
        .where('id', '=', id)
        .execute();
      return 'approval';
    });
  } catch (error) {
    if (!isDoubleBooking(error) || !attempt) throw error;
    const { name, zone, booking } = attempt as { name: string; zone: string; booking: Interval };
    throw conflict(taken(name, booking.datetime_from, booking.datetime_to, zone));
  }
}
