import { sql, type Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import { CHECK_IN_GRACE_DEFAULT, CHECK_IN_GRACE_KEY } from '../../../shared/booking/declaration-rules';
import type { Database } from '../../db/schema';
import { DECLARATION_CHANNEL } from './declarations.queries';

/** How often a server process looks for bookings to release. */
export const AUTO_RELEASE_INTERVAL_MS = 60_000;

/**
 * Auto-release (issue 5): a booking still not checked in when its company's grace period after
 * its start has passed is released. One UPDATE claims the rows: with several processes running it
 * at once, the row locks make the second wait and then find the status no longer 'booked', so each
 * booking is released, and announced, exactly once. Answers the released ids.
 */
export async function releaseOverdueBookings(db: Kysely<Database>, now = new Date()): Promise<number[]> {
  const grace = sql`case when p.value ~ '^[0-9]{1,4}$' and p.value::int <= 1440 then p.value::int
    else ${CHECK_IN_GRACE_DEFAULT}::int end`;
  const { rows } = await sql<{ id: number }>`
    with released as (
      update declarations d set status = 'released', released_at = ${now}
      from companies c
      left join company_preferences p on p.company_id = c.id and p.key = ${CHECK_IN_GRACE_KEY}
      where c.id = d.company_id and d.status = 'booked' and d.approval_status = 'approved'
        and d.starts_at <= ${now}
        and ${grace} > 0
        and d.starts_at + make_interval(mins => ${grace}) <= ${now}
      returning d.id, d.company_id, d.resource_id,
        (select r.level_id from resources r where r.company_id = d.company_id and r.id = d.resource_id) as level_id
    )
    select id, pg_notify(${DECLARATION_CHANNEL}, json_build_object(
      'action', 'released', 'id', id, 'company_id', company_id, 'resource_id', resource_id,
      'level_id', level_id)::text) as notified
    from released order by id`.execute(db);
  return rows.map((row) => row.id);
}

/** Runs the release on an interval from a server process (main.ts); answers the stop function. */
export function startAutoRelease(
  db: Kysely<Database>,
  log: FastifyBaseLogger,
  intervalMs = AUTO_RELEASE_INTERVAL_MS,
): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    releaseOverdueBookings(db)
      .then((ids) => {
        if (ids.length > 0) log.info({ released: ids.length }, 'bookings auto-released');
      })
      .catch((error: unknown) => log.error({ err: error }, 'auto-release failed'))
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
