import { sql, type Kysely } from 'kysely';
import {
  ACTIVE_STATUSES,
  APPROVAL_STATUSES,
  canCancel,
  canCheckIn,
  canCheckOut,
  canExtend,
  changesInItsCalendar,
  extendedEnd,
  type ExtendingType,
  type Interval,
} from '../../../shared/booking/declaration-rules';
import {
  APPROVE_STATUS_NAMES,
  approveStatusId,
  type ApproveStatusList,
  type Declaration,
  type DeclarationList,
  type DeclarationListQuery,
} from '../../../shared/contract/declarations';
import { wallClockAt } from '../../../shared/time/zone';
import type { ServiceContext } from '../../context';
import type { Database } from '../../db/schema';
import { conflict, forbidden, notFound, unprocessable } from '../../http/errors';
import { actsFor } from '../delegations';
import { dayBounds, openFrom } from './availability';
import { bookingTarget } from './booking-context.queries';
import { notifyChanged, type DeclarationChange } from './declarations.notify';
import { hostContext, lockUser, priceOf } from './declarations.queries';
import { heldBookings } from './level-day.queries';
import {
  answeringDoubleBooking,
  bookingCost,
  usedCost,
  change,
  checkLimit,
  checkSharedCapacity,
  closed,
  endOfWorkingDay,
  MESSAGES,
  taken,
} from './declarations.rules';
import {
  isHost,
  mayChangeOthers,
  mayReadOthers,
  selectDeclarations,
  toDeclarations,
  type DeclarationRow,
} from './declarations.view';

type Db = Kysely<Database>;

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

/** One booking of the company the caller may see: their own, a delegator's, or anyone's with BOOKINGS read. */
async function visibleRow(db: Db, ctx: ServiceContext, id: number, lock = false): Promise<DeclarationRow> {
  if (lock)
    await sql`select id from declarations where company_id = ${ctx.companyId} and id = ${id} for no key update`.execute(
      db,
    );
  const [row] = await selectDeclarations(db, ctx, sql`d.id = ${id}`);
  if (
    !row ||
    (!isHost(ctx, row) && !mayReadOthers(ctx) && !(await actsFor(ctx, row.user_id, 'MY_BOOKINGS', db)))
  )
    throw notFound(MESSAGES.notFound);
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

/** DELETE declarations/{id}: cancels; the host's own, a delegator's, or anyone's with BOOKINGS update. */
export function cancelDeclaration(ctx: ServiceContext, id: number, now = new Date()): Promise<Declaration> {
  return changeOne(ctx, id, now, async (tx, row) => {
    if (!isHost(ctx, row) && !mayChangeOthers(ctx) && !(await actsFor(ctx, row.user_id, 'MY_BOOKINGS', tx)))
      throw forbidden(MESSAGES.onlyHost);
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
    // Out before the start (check-in opens early): nothing was used, and the booked time stays as
    // the record of what was booked.
    const started = now > row.starts_at;
    const ends = started ? now : row.ends_at;
    await tx
      .updateTable('declarations')
      .set({
        status: 'checked_out',
        checked_out_at: now,
        ends_at: ends,
        ...(row.cost_cents !== null
          ? {
              cost_cents: usedCost(
                row.cost_cents,
                row.starts_at,
                row.ends_at,
                started ? ends : row.starts_at,
              ),
            }
          : {}),
      })
      .where('company_id', '=', ctx.companyId)
      .where('id', '=', id)
      .execute();
    return 'checked_out';
  });
}

/**
 * POST declarations/{id}/extend: pushes the end by the extending type, never past the working day
 * nor past the resource's open time (weekly windows, closures); refused with 409 naming the booking
 * in the way, and nothing changes.
 */
export function extendDeclaration(
  ctx: ServiceContext,
  id: number,
  type: ExtendingType,
  now = new Date(),
): Promise<Declaration> {
  return answeringDoubleBooking((attempting) =>
    changeOne(ctx, id, now, async (tx, row) => {
      if (!isHost(ctx, row)) throw forbidden(MESSAGES.onlyHost);
      if (!canExtend(row, now))
        throw conflict(changesInItsCalendar(row) ? MESSAGES.changeInCalendar : MESSAGES.cannotExtend);
      const target = (await bookingTarget(tx, ctx.companyId, row.resource_id, true))!;
      const wanted = extendedEnd(row.ends_at, type, endOfWorkingDay(target, row.ends_at));
      if (wanted <= row.ends_at) throw conflict(MESSAGES.endOfDay);
      const name = row.resource_name ?? 'The resource';
      const open = await openFrom(tx, ctx.companyId, target, row.ends_at);
      const ends = open < wanted ? open : wanted;
      if (ends <= row.ends_at) throw conflict(closed(name, row.ends_at, wanted, target.timezone));
      const added: Interval = { datetime_from: row.ends_at, datetime_to: ends };
      if (target.resource_capacity_type === 'shared')
        await checkSharedCapacity(tx, ctx, target, name, added, id);
      else {
        const [blocking] = await heldBookings(tx, ctx.companyId, [target.id], row.ends_at, ends, id);
        if (blocking) throw conflict(taken(name, blocking.starts_at, blocking.ends_at, target.timezone));
      }
      attempting({ name, zone: target.timezone, booking: added });
      const price = await priceOf(tx, ctx.companyId, row.resource_id);
      await tx
        .updateTable('declarations')
        .set({
          ends_at: ends,
          // A cost always names its currency: a booking made before its resource had a price gets both.
          ...(price
            ? {
                cost_cents: bookingCost(price.price_cents, row.starts_at, ends, 'extending_type'),
                currency_id: price.currency_id,
              }
            : {}),
        })
        .where('company_id', '=', ctx.companyId)
        .where('id', '=', id)
        .execute();
      return 'extended';
    }),
  );
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

/**
 * GET declarations/assign/{declarationId}/{statusId} (BOOKINGS update): approve or reject. A rejected
 * booking holds nothing: approving it again takes its seat back, so a shared resource's seats are
 * counted under the resource's lock as when booking, and an exclusive one's constraint answers 409.
 */
export async function assignApprovalStatus(
  ctx: ServiceContext,
  id: number,
  statusId: number,
  now = new Date(),
): Promise<Declaration> {
  const key = APPROVAL_STATUSES[statusId - 1];
  if (!key) throw unprocessable({ statusId: ['The selected status is not valid.'] });
  return answeringDoubleBooking((attempting) =>
    changeOne(ctx, id, now, async (tx, row) => {
      const name = row.resource_name ?? 'The resource';
      const booking: Interval = { datetime_from: row.starts_at, datetime_to: row.ends_at };
      const takesSeatBack =
        row.approval_status === 'rejected' &&
        key !== 'rejected' &&
        (ACTIVE_STATUSES as readonly string[]).includes(row.status);
      if (takesSeatBack) {
        // The host's lock, then the resource's, as booking takes them: the place counts again
        // towards the host's limit, and a shared resource's seats are counted.
        await lockUser(tx, ctx.companyId, row.user_id);
        const target = (await bookingTarget(tx, ctx.companyId, row.resource_id, true))!;
        await checkSharedCapacity(tx, ctx, target, name, booking, id);
        await checkLimit(tx, await hostContext(tx, ctx, row.user_id), target, [booking]);
      }
      attempting({ name, zone: row.timezone, booking });
      await tx
        .updateTable('declarations')
        .set({ approval_status: key, ...(key === 'approved' ? { approved_at: now } : {}) })
        .where('company_id', '=', ctx.companyId)
        .where('id', '=', id)
        .execute();
      return 'approval';
    }),
  );
}
