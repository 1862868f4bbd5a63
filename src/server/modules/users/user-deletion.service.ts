import { sql, type Kysely } from 'kysely';
import type { DeletedUsers } from '../../../shared/contract/users';
import type { ServiceContext } from '../../context';
import type { Database } from '../../db/schema';
import { conflict, notFound, unprocessable } from '../../http/errors';
import { assertAdministratorRemains } from './administrators';
import { selectUsersById } from './users.queries';
import { USER_NOT_FOUND } from './users.service';

export const CANNOT_DELETE_YOURSELF = 'You cannot delete yourself.';

const intArray = (values: readonly number[]) => sql`${[...values]}::int[]`;
// A booking "ahead": not over yet and still holding its resource.
const AHEAD = sql`d.ends_at > now() and d.status in ('booked', 'checked_in') and d.approval_status <> 'rejected'`;

export function bookingsAheadMessage(rows: readonly { name: string; bookings: number }[]): string {
  if (rows.length === 1) {
    const { name, bookings } = rows[0]!;
    return bookings === 1
      ? `${name} has 1 booking ahead. Cancel it to delete the user.`
      : `${name} has ${bookings} bookings ahead. Cancel them to delete the user.`;
  }
  const who = rows.map((row) => `${row.name} (${row.bookings})`).join(', ');
  return `These users have bookings ahead: ${who}. Cancel them to delete the users.`;
}

/**
 * spec §2 delete and bulk delete, all or nothing in one transaction: refused for yourself, for a
 * user another company owns or nobody may manage (404), while a user has bookings ahead (409 naming
 * them, unless `cancelBookings`, which cancels those bookings first), and when the company would be
 * left without an administrator. Past bookings stay as history, held by the company's "Removed user".
 */
export async function deleteUsers(
  ctx: ServiceContext,
  ids: readonly number[],
  cancelBookings: boolean,
): Promise<DeletedUsers> {
  const wanted = [...new Set(ids)];
  if (wanted.includes(ctx.userId))
    throw unprocessable({ user_ids: [CANNOT_DELETE_YOURSELF] }, CANNOT_DELETE_YOURSELF);
  return ctx.db.transaction().execute(async (tx) => {
    const users = await selectUsersById(tx, ctx, wanted, 'delete');
    if (users.length !== wanted.length) throw notFound(USER_NOT_FOUND);
    await assertAdministratorRemains(tx, ctx.companyId, { removedUsers: wanted });
    const ahead = await bookingsAhead(tx, ctx.companyId, wanted);
    if (ahead.size > 0 && !cancelBookings)
      throw conflict(
        bookingsAheadMessage(
          users
            .filter((user) => ahead.has(user.id))
            .map((user) => ({
              name: user.name || user.email,
              bookings: ahead.get(user.id)!,
            })),
        ),
      );
    const cancelled = ahead.size > 0 ? await cancelBookingsAhead(tx, ctx.companyId, wanted) : 0;
    const holder = await removedUserOf(tx, ctx.companyId);
    await tx
      .updateTable('declarations')
      .set({ user_id: holder })
      .where('company_id', '=', ctx.companyId)
      .where('user_id', 'in', wanted)
      .execute();
    await tx
      .updateTable('declarations')
      .set({ created_by: holder })
      .where('company_id', '=', ctx.companyId)
      .where('created_by', 'in', wanted)
      .execute();
    await tx.deleteFrom('users').where('company_id', '=', ctx.companyId).where('id', 'in', wanted).execute();
    return {
      message:
        wanted.length === 1 ? 'The user has been deleted.' : `${wanted.length} users have been deleted.`,
      deleted: wanted.length,
      cancelled_bookings: cancelled,
    };
  });
}

async function bookingsAhead(db: Kysely<Database>, companyId: number, userIds: readonly number[]) {
  const { rows } = await sql<{ user_id: number; bookings: number }>`
    select d.user_id, count(*)::int as bookings from declarations d
    where d.company_id = ${companyId} and d.user_id = any(${intArray(userIds)}) and ${AHEAD}
    group by d.user_id`.execute(db);
  return new Map(rows.map((row) => [row.user_id, row.bookings]));
}

async function cancelBookingsAhead(db: Kysely<Database>, companyId: number, userIds: readonly number[]) {
  const { numAffectedRows } = await sql`update declarations d set status = 'cancelled', cancelled_at = now()
    where d.company_id = ${companyId} and d.user_id = any(${intArray(userIds)}) and ${AHEAD}`.execute(db);
  return Number(numAffectedRows ?? 0n);
}

/** The company's "Removed user", made the first time it is needed. */
async function removedUserOf(db: Kysely<Database>, companyId: number): Promise<number> {
  const found = await db
    .selectFrom('users')
    .select('id')
    .where('company_id', '=', companyId)
    .where('stands_for_removed', '=', true)
    .executeTakeFirst();
  if (found) return found.id;
  const { rows } = await sql<{ id: number }>`
    insert into users (company_id, email, first_name, last_name, language_id, timezone, stands_for_removed)
    select c.id, 'removed-user@' || c.subdomain || '.invalid', 'Removed', 'user', c.language_id, c.timezone, true
    from companies c where c.id = ${companyId}
    on conflict (company_id) where stands_for_removed do update set stands_for_removed = true
    returning id`.execute(db);
  if (!rows[0]) throw notFound();
  return rows[0].id;
}
