import { runEvery } from '../../jobs/every';
import { sql, type Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import { CHECK_IN_GRACE_KEY, readGraceMinutes } from '../../../shared/booking/declaration-rules';
import type { Database } from '../../db/schema';
import { DECLARATION_CHANNEL } from './declarations.notify';
import { intArray } from './declarations.queries';

/** How often a server process looks for bookings to release. */
export const AUTO_RELEASE_INTERVAL_MS = 60_000;

/** Each company's grace period (readGraceMinutes of its CheckInGraceMinutes), companies with 0 left out. */
export async function gracePeriods(
  db: Kysely<Database>,
): Promise<Array<{ companyId: number; minutes: number }>> {
  const { rows } = await sql<{ company_id: number; value: string | null }>`
    select c.id as company_id, p.value from companies c
    left join company_preferences p on p.company_id = c.id and p.key = ${CHECK_IN_GRACE_KEY}`.execute(db);
  return rows
    .map((row) => ({ companyId: row.company_id, minutes: readGraceMinutes(row.value) }))
    .filter((grace) => grace.minutes > 0);
}

/**
 * Auto-release (issue 5): a booking still not checked in when its company's grace period after its
 * start has passed is released. A booking made once its slot had begun (the slot under way can be
 * booked), or approved after it had begun (pending, it could not be checked in), gets the whole
 * grace period from when it was made or approved, not a release at the next run. The
 * claim skips rows another process has locked (SKIP LOCKED), and the UPDATE re-reads the status
 * under its lock, so with several processes running the job at once each booking is released, and
 * announced, exactly once and no process waits for another. Answers the released ids.
 */
export async function releaseOverdueBookings(db: Kysely<Database>, now = new Date()): Promise<number[]> {
  const grace = await gracePeriods(db);
  if (grace.length === 0) return [];
  const shortest = Math.min(...grace.map((period) => period.minutes));
  const { rows } = await sql<{ id: number }>`
    with grace (company_id, minutes) as (
      select * from unnest(${intArray(grace.map((period) => period.companyId))},
        ${intArray(grace.map((period) => period.minutes))})
    ),
    due as (
      select d.id from declarations d join grace g on g.company_id = d.company_id
      where d.status = 'booked' and d.approval_status = 'approved'
        and d.starts_at <= ${new Date(now.getTime() - shortest * 60_000)}
        and greatest(d.starts_at, d.created_at, d.approved_at) + make_interval(mins => g.minutes) <= ${now}
      for update of d skip locked
    ),
    released as (
      update declarations d set status = 'released', released_at = ${now}
      from due where d.id = due.id and d.status = 'booked'
      returning d.id, d.company_id, d.resource_id,
        (select r.level_id from resources r where r.company_id = d.company_id and r.id = d.resource_id) as level_id
    )
    select id, pg_notify(${DECLARATION_CHANNEL}, json_build_object(
      'action', 'released', 'id', id, 'company_id', company_id, 'resource_id', resource_id,
      'level_id', level_id, 'schema', current_schema())::text) as notified
    from released order by id`.execute(db);
  return rows.map((row) => row.id);
}

/** Runs the release on an interval from a server process (main.ts); answers the stop function. */
export function startAutoRelease(
  db: Kysely<Database>,
  log: FastifyBaseLogger,
  intervalMs = AUTO_RELEASE_INTERVAL_MS,
): () => void {
  return runEvery(intervalMs, log, 'auto-release failed', async () => {
    const ids = await releaseOverdueBookings(db);
    if (ids.length > 0) log.info({ released: ids.length }, 'bookings auto-released');
  });
}
