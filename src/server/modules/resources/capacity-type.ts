import { sql, type Kysely } from 'kysely';
import { wallClockAt } from '../../../shared/time/zone';
import type { Database } from '../../db/schema';
import { conflict } from '../../http/errors';

type Db = Kysely<Database>;
type CapacityType = 'exclusive' | 'shared';

/**
 * A capacity-type change keeps the no-overlap invariant of exclusive resources (migration 0031):
 * it is refused with 409 naming the bookings that overlap, or it flags the resource's open bookings
 * so that the exclusion constraint covers them from now on, in the caller's transaction.
 *
 * Locks are taken in the order the booking changes take them (a booking, then its resource):
 * `lockOpenBookings` before the resource's row, `applyCapacityType` after it.
 */

/** Bookings that can still hold the resource: booked or checked in, not over (`d` unless named). */
const open = (companyId: number, resourceId: number, alias = 'd') => {
  const d = sql.raw(alias);
  return sql`${d}.company_id = ${companyId} and ${d}.resource_id = ${resourceId}
    and ${d}.status in ('booked', 'checked_in') and ${d}.ends_at > now()`;
};
/** Open and holding: not rejected (ACTIVE_STATUSES, as the exclusion constraint counts). */
const holding = (companyId: number, resourceId: number, alias: string) =>
  sql`${open(companyId, resourceId, alias)} and ${sql.raw(alias)}.approval_status <> 'rejected'`;

export async function lockOpenBookings(tx: Db, companyId: number, resourceId: number): Promise<void> {
  await sql`select d.id from declarations d where ${open(companyId, resourceId)} order by d.id for update`.execute(
    tx,
  );
}

const SHOWN_OVERLAPS = 5;

export async function applyCapacityType(
  tx: Db,
  companyId: number,
  resourceId: number,
  to: CapacityType,
): Promise<void> {
  if (to === 'exclusive') {
    const { rows } = await sql<{ a: number; b: number; starts_at: Date; ends_at: Date }>`
      select a.id as a, b.id as b, greatest(a.starts_at, b.starts_at) as starts_at,
             least(a.ends_at, b.ends_at) as ends_at
        from declarations a
        join declarations b on b.company_id = a.company_id and b.resource_id = a.resource_id
             and b.id > a.id and b.period && a.period
       where ${holding(companyId, resourceId, 'a')} and ${holding(companyId, resourceId, 'b')}
       order by 3, 1, 2 limit ${SHOWN_OVERLAPS + 1}`.execute(tx);
    if (rows.length > 0) throw conflict(overlapMessage(await nameAndZone(tx, companyId, resourceId), rows));
  }
  // Bookings written since lockOpenBookings are committed; one taken by a change in flight would
  // wait for this resource's lock while this waits for it: give way and let the caller try again.
  await sql`select d.id from declarations d where ${open(companyId, resourceId)} order by d.id for update nowait`.execute(
    tx,
  );
  await sql`update declarations d set exclusive = ${to === 'exclusive'} where ${open(companyId, resourceId)}`.execute(
    tx,
  );
}

async function nameAndZone(tx: Db, companyId: number, resourceId: number) {
  return tx
    .selectFrom('resources as r')
    .innerJoin('levels as l', (join) =>
      join.onRef('l.company_id', '=', 'r.company_id').onRef('l.id', '=', 'r.level_id'),
    )
    .leftJoin('resource_translations as t', (join) =>
      join.onRef('t.company_id', '=', 'r.company_id').onRef('t.resource_id', '=', 'r.id'),
    )
    .select(['l.timezone', sql<string>`coalesce(min(t.name), 'The resource')`.as('name')])
    .where('r.company_id', '=', companyId)
    .where('r.id', '=', resourceId)
    .groupBy(['r.id', 'l.timezone'])
    .executeTakeFirstOrThrow();
}

function overlapMessage(
  target: { name: string; timezone: string },
  rows: Array<{ a: number; b: number; starts_at: Date; ends_at: Date }>,
): string {
  const at = (instant: Date) => wallClockAt(new Date(instant), target.timezone);
  const shown = rows.slice(0, SHOWN_OVERLAPS).map((row) => {
    const from = at(row.starts_at);
    const to = at(row.ends_at);
    const until = to.date === from.date ? to.time : `${to.date} ${to.time}`;
    return `#${row.a} and #${row.b} on ${from.date} from ${from.time} to ${until}`;
  });
  const more = rows.length > SHOWN_OVERLAPS ? '; and more' : '';
  return `${target.name} cannot become exclusive while bookings overlap: ${shown.join('; ')}${more}.`;
}

/** SQLSTATE 55P03: a row another change holds; the capacity-type change is tried again. */
export const isLockBusy = (error: unknown): boolean =>
  error !== null && typeof error === 'object' && 'code' in error && error.code === '55P03';
