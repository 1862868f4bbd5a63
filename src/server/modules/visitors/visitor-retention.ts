import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { VISITOR_RETENTION_DEFAULT, VISITOR_RETENTION_KEY } from '../../../shared/validation/visitors';
import type { Database } from '../../db/schema';
import { runEvery } from '../../jobs/every';

const RETENTION_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Erases the visitors whose company's retention period (VisitorRetentionDays, days after their last
 * visit ended, or after they were added when they have none) is over as of `now`: the visitor, their
 * visits and containers (cascade). A visitor with a visit still to come is kept. Answers how many.
 */
export async function eraseExpiredVisitors(db: Kysely<Database>, now = new Date()): Promise<number> {
  const { rows } = await sql<{ id: number }>`
    delete from visitors p
    using companies c
    left join company_preferences pr on pr.company_id = c.id and pr.key = ${VISITOR_RETENTION_KEY}
    where p.company_id = c.id
      and coalesce(
        (select max(v.ends_at) from visits v where v.company_id = p.company_id and v.visitor_id = p.id),
        p.created_at
      ) < ${now}::timestamptz - make_interval(days => case when pr.value ~ '^[0-9]{1,5}$'
        then pr.value::int else ${VISITOR_RETENTION_DEFAULT} end)
    returning p.id`.execute(db);
  return rows.length;
}

/** The erasure in a server process (main.ts): hourly, the periods are counted in days. */
export function startVisitorRetention(
  db: Kysely<Database>,
  log: FastifyBaseLogger,
  intervalMs = RETENTION_INTERVAL_MS,
): () => void {
  return runEvery(intervalMs, log, 'visitor retention failed', async () => {
    const erased = await eraseExpiredVisitors(db);
    if (erased > 0) log.info({ erased }, 'visitors past their retention period erased');
  });
}
