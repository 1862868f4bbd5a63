// POST bookings/store, PUT bookings/{id}, PUT bookings/resize, DELETE bookings/{id} (spec §7 Bookings).
import { scopedBookingRefusal } from '../../permissions/scoped';
import { sql } from 'kysely';
import {
  approvalOnBooking,
  bookingRefusal,
  changesInItsCalendar,
  mergeContiguous,
  overlapsItself,
  type Interval,
} from '../../../shared/booking/declaration-rules';
import { BOOKING_PREFERENCE_DEFAULTS } from '../../../shared/booking/preferences';
import type { ResizeBody, StoreBookingBody, UpdateBookingBody } from '../../../shared/contract/bookings';
import type { BookingSlot, Declaration, DeclarationList } from '../../../shared/contract/declarations';
import { wallClockAt } from '../../../shared/time/zone';
import type { FieldErrors } from '../../../shared/validation';
import type { ServiceContext } from '../../context';
import { conflict, forbidden, notFound, unprocessable } from '../../http/errors';
import {
  answeringDoubleBooking,
  assignmentAccess,
  asStretch,
  BOOKING_MESSAGES as MESSAGES,
  bookingCost,
  bookingRoles,
  bookingTarget,
  cancelDeclaration,
  change,
  checkLimit,
  checkSharedCapacity,
  closed,
  closuresOf,
  createDeclarations,
  dayBounds,
  getDeclaration,
  heldBookings,
  hostContext,
  lockUser,
  nameInUserLanguage,
  notifyChanged,
  priceOf,
  REFUSALS,
  resourceSlots,
  selectDeclarations,
  taken,
  windowsOf,
} from '../declarations';
import { companyUserExists } from './bookings.queries';
import { actsFor } from '../delegations';
import { recordAudit } from '../logs';
import { BOOKING_MESSAGES, mayBookFor, mayChangeOthers, seesEveryone } from './bookings.rules';

/** The host a booking is for: the caller, or someone the caller may book for (403 otherwise). */
async function hostFor(
  ctx: ServiceContext,
  db: ServiceContext['db'],
  hostId: number | null | undefined,
  current: number,
  action: 'create' | 'update',
): Promise<number> {
  const host = hostId ?? current;
  if (host === current) return host;
  // Handing a booking on to oneself takes no permission beyond changing it (checked before).
  if (host !== ctx.userId && !(await mayBookFor(ctx, action, host, db)))
    throw forbidden(BOOKING_MESSAGES.hostNotAllowed);
  // Another company's user reads as unknown, like any id that is not one of ours.
  if (!(await companyUserExists(db, ctx.companyId, host)))
    throw unprocessable({ host_id: [BOOKING_MESSAGES.hostNotValid] });
  return host;
}

/**
 * POST bookings/store: the booking engine's create (slots of the resource's day, per-user limit of
 * the host, shared capacity, the exclusion constraint), for the host and marked with its source.
 * Ours: a booking added from the /bookings list has the source 'plan', one from the grid 'grid'.
 */
export async function storeBooking(
  ctx: ServiceContext,
  body: StoreBookingBody,
  now = new Date(),
): Promise<DeclarationList> {
  const hostId = await hostFor(ctx, ctx.db, body.host_id, ctx.userId, 'create');
  return createDeclarations(
    ctx,
    {
      resource_id: body.resource_id,
      slots: body.slots,
      ...(body.subject !== undefined ? { subject: body.subject } : {}),
      ...(body.is_private !== undefined ? { is_private: body.is_private } : {}),
    },
    now,
    { hostId, source: body.is_grid ? 'grid' : 'plan' },
  );
}

export const showBooking = (ctx: ServiceContext, id: number, now = new Date()) =>
  getDeclaration(ctx, id, now);

/** DELETE bookings/{id}: cancels (the host's own, or anyone's with BOOKINGS update). */
export async function deleteBooking(ctx: ServiceContext, id: number, now = new Date()): Promise<Declaration> {
  const booking = await cancelDeclaration(ctx, id, now);
  if (booking.host.id !== ctx.userId)
    await recordAudit(ctx.db, {
      companyId: ctx.companyId,
      actorId: ctx.userId,
      kind: 'booking-cancelled-by-other',
      subject: `#${id} ${booking.resource.name}`,
      details: `host: ${booking.host.name}`,
    });
  return booking;
}

/** The one interval a change's slots make: each slot forward, none overlapping, all following each other. */
function oneInterval(slots: readonly BookingSlot[]): Interval {
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
  const merged = mergeContiguous(requested);
  if (merged.length !== 1) throw unprocessable({ slots: [BOOKING_MESSAGES.slotsApart] });
  return merged[0]!;
}

type Changes = UpdateBookingBody;

/**
 * Moves, resizes, re-hosts or renames one booking in one transaction under its row lock and its
 * resource's lock. The new time must lie in the resource's open time of one day (working hours,
 * weekly windows, closures, in 15-minute steps) and not be over; another booking in the way is
 * refused with 409 naming the resource and that booking's time, and nothing changes.
 */
export function changeBooking(
  ctx: ServiceContext,
  id: number,
  changes: Changes,
  now = new Date(),
): Promise<Declaration> {
  return answeringDoubleBooking(async (attempting) => {
    await ctx.db.transaction().execute(async (tx) => {
      await sql`select id from declarations where company_id = ${ctx.companyId} and id = ${id} for no key update`.execute(
        tx,
      );
      const [row] = await selectDeclarations(tx, ctx, sql`d.id = ${id}`);
      const host = row?.user_id === ctx.userId;
      // A delegator's booking is the delegate's to see and change (MY_BOOKINGS delegated).
      const delegator =
        row && !host && !mayChangeOthers(ctx) && (await actsFor(ctx, row.user_id, 'MY_BOOKINGS', tx));
      if (!row || (!host && !delegator && !seesEveryone(ctx)))
        throw notFound(BOOKING_MESSAGES.bookingNotFound);
      if (!host && !delegator && !mayChangeOthers(ctx)) throw forbidden(BOOKING_MESSAGES.changeNotAllowed);
      // A private booking's subject is its host's alone (spec §1): nobody else is shown it, so nobody
      // else may overwrite it (a form sends back the blank it showed) or make it public. Their other
      // changes (time, resource, host) still apply.
      const hostsSecret = row.is_private && !host;
      const active = row.status === 'booked' || row.status === 'checked_in';
      if (!active || row.ends_at <= now) throw conflict(BOOKING_MESSAGES.cannotMove);

      // In the transaction: on PGlite's one connection, a query outside it would wait for it forever.
      const hostId = await hostFor(ctx, tx, changes.host_id, row.user_id, 'update');
      // The host's lock, as booking takes it (and before the resource's, in booking's order): two
      // moves into one day counted at once would each see the other's old day and pass the limit.
      await lockUser(tx, ctx.companyId, hostId);
      const resourceId = changes.resource_id ?? row.resource_id;
      const target = await bookingTarget(tx, ctx.companyId, resourceId, true);
      if (!target) throw notFound(BOOKING_MESSAGES.resourceNotFound);
      const otherResource = resourceId !== row.resource_id;
      const otherHost = hostId !== row.user_id;
      const interval = changes.slots
        ? oneInterval(changes.slots)
        : { datetime_from: row.starts_at, datetime_to: row.ends_at };
      const moved =
        interval.datetime_from.getTime() !== row.starts_at.getTime() ||
        interval.datetime_to.getTime() !== row.ends_at.getTime();
      // an assigned resource is judged again on a move in time too: another's break may not cover it
      if (otherResource || otherHost || (moved && target.resource_model === 'assigned')) {
        const assignment = await assignmentAccess(tx, ctx.companyId, target, hostId, [asStretch(interval)]);
        const roles = await bookingRoles(tx, ctx.companyId, target.id, hostId);
        const refusal = bookingRefusal(target, roles, assignment);
        if (refusal) throw forbidden(REFUSALS[refusal]);
        const scoped = await scopedBookingRefusal(ctx, hostId, target, null, tx);
        if (scoped) throw forbidden(scoped);
        if (!target.is_declarable) throw unprocessable({ resource_id: [MESSAGES.levelNotDeclarable] });
      }

      if (moved) {
        if (row.status === 'checked_in' && interval.datetime_from.getTime() !== row.starts_at.getTime())
          throw unprocessable({ slots: [BOOKING_MESSAGES.startedMoves] });
        const startMoved = interval.datetime_from.getTime() !== row.starts_at.getTime();
        if ((startMoved && interval.datetime_from < now) || interval.datetime_to <= now)
          throw unprocessable({ slots: [MESSAGES.slotPast] });
      }
      if ((moved || otherResource || otherHost) && changesInItsCalendar(row))
        throw conflict(MESSAGES.changeInCalendar);
      const name =
        (otherResource ? await resourceName(tx, ctx, resourceId) : row.resource_name) ?? 'The resource';
      if (moved || otherResource) await checkOpen(tx, ctx, target, name, interval);

      if (moved || otherResource || otherHost) {
        if (target.resource_capacity_type === 'shared')
          await checkSharedCapacity(tx, ctx, target, name, interval, id);
        else {
          const [blocking] = await heldBookings(
            tx,
            ctx.companyId,
            [target.id],
            interval.datetime_from,
            interval.datetime_to,
            id,
          );
          if (blocking) throw conflict(taken(name, blocking.starts_at, blocking.ends_at, target.timezone));
        }
      }
      attempting({ name, zone: target.timezone, booking: interval });
      const price = await priceOf(tx, ctx.companyId, target.id);
      // On another resource the booking is asked for anew; on an on-request one, a new time too:
      // what an approver approved was that resource at that time.
      const approval =
        otherResource || (moved && target.resource_model === 'on_request') ? approvalOnBooking(target) : null;
      await tx
        .updateTable('declarations')
        .set({
          resource_id: target.id,
          user_id: hostId,
          starts_at: interval.datetime_from,
          ends_at: interval.datetime_to,
          exclusive: target.resource_capacity_type === 'exclusive',
          cost_cents: price
            ? bookingCost(price.price_cents, interval.datetime_from, interval.datetime_to)
            : null,
          currency_id: price?.currency_id ?? null,
          ...(approval ? { approval_status: approval } : {}),
          ...(changes.subject !== undefined && !hostsSecret ? { subject: changes.subject.trim() } : {}),
          // Handed to another host by someone else, a private booking keeps its privacy but not its
          // subject: the new host was never meant to read the old one's.
          ...(hostsSecret && otherHost ? { subject: '' } : {}),
          ...(changes.is_private !== undefined && !hostsSecret ? { is_private: changes.is_private } : {}),
        })
        .where('company_id', '=', ctx.companyId)
        .where('id', '=', id)
        .execute();
      // Counted after the write, so the booking's old place is no longer the host's.
      if (moved || otherResource || otherHost)
        await checkLimit(tx, await hostContext(tx, ctx, hostId), target, [interval]);
      if (!host)
        await recordAudit(tx, {
          companyId: ctx.companyId,
          actorId: ctx.userId,
          kind: 'booking-changed-by-other',
          subject: `#${id} ${name}`,
          details: `host user #${row.user_id}: ${interval.datetime_from.toISOString()} – ${interval.datetime_to.toISOString()}`,
        });
      // 'extended' is the engine's notice of a booking whose time changed; listeners refetch.
      await notifyChanged(
        tx,
        change('extended', ctx.companyId, { id, resource_id: row.resource_id, level_id: row.level_id }),
      );
      if (otherResource)
        await notifyChanged(
          tx,
          change('extended', ctx.companyId, { id, resource_id: target.id, level_id: target.level_id }),
        );
    });
    return getDeclaration(ctx, id, now);
  });
}

/** PUT bookings/resize: the spec §3 resize payload (a drag to another row moves it to that resource). */
export function resizeBooking(ctx: ServiceContext, body: ResizeBody, now = new Date()): Promise<Declaration> {
  const { id, is_grid: _grid, ...changes } = body;
  return changeBooking(ctx, id, changes, now);
}

async function resourceName(db: ServiceContext['db'], ctx: ServiceContext, resourceId: number) {
  const { rows } = await sql<{ name: string | null }>`
    select ${nameInUserLanguage(ctx.companyId, ctx.userId, 'resource', sql`${resourceId}::int`)} as name`.execute(
    db,
  );
  return rows[0]?.name ?? null;
}

/** 422 unless the interval is inside one day's open time of the resource, on its 15-minute steps. */
async function checkOpen(
  db: ServiceContext['db'],
  ctx: ServiceContext,
  target: NonNullable<Awaited<ReturnType<typeof bookingTarget>>>,
  name: string,
  interval: Interval,
): Promise<void> {
  const date = wallClockAt(interval.datetime_from, target.timezone).date;
  const day = dayBounds(date, target.timezone);
  if (interval.datetime_to > day.end) throw unprocessable({ slots: [BOOKING_MESSAGES.oneDay] });
  const [windows, closures] = await Promise.all([
    windowsOf(db, ctx.companyId, [target.id]),
    closuresOf(db, ctx.companyId, [target.id], day.start, day.end),
  ]);
  const slots = resourceSlots(
    target,
    date,
    '15-minutes',
    BOOKING_PREFERENCE_DEFAULTS.AfternoonFrom,
    windows.get(target.id) ?? [],
    closures.get(target.id) ?? [],
  );
  const covering = slots.filter(
    (slot) => slot.datetime_from < interval.datetime_to && slot.datetime_to > interval.datetime_from,
  );
  const fits =
    covering.length > 0 &&
    covering[0]!.datetime_from.getTime() === interval.datetime_from.getTime() &&
    covering.at(-1)!.datetime_to.getTime() === interval.datetime_to.getTime() &&
    covering.every(
      (slot, index) =>
        slot.available &&
        (index === 0 || covering[index - 1]!.datetime_to.getTime() === slot.datetime_from.getTime()),
    );
  if (!fits)
    throw unprocessable({
      slots: [closed(name, interval.datetime_from, interval.datetime_to, target.timezone)],
    });
}
