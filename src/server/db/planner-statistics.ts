import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Db } from './connection';

/** How often the embedded database refreshes its planner statistics. */
export const ANALYZE_INTERVAL_MS = 60 * 60 * 1000;

/**
 * PGlite runs no autovacuum, so without this its planner never learns how big the tables are and
 * guesses one row for everything (a 2,000-resource level then took seconds, not milliseconds). A
 * PostgreSQL server analyses on its own. Runs once now, then hourly; answers the stop function.
 */
export async function keepPlannerStatistics(
  db: Db,
  log: Pick<FastifyBaseLogger, 'error'>,
  intervalMs = ANALYZE_INTERVAL_MS,
): Promise<() => void> {
  if (db.kind !== 'pglite') return () => {};
  const analyze = () => sql`analyze`.execute(db.kysely);
  await analyze();
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    analyze()
      .catch((error: unknown) => log.error({ err: error }, 'analyze failed'))
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
