import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Db } from './connection';
import type { Database } from './schema';

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

/** Tables that can grow by thousands of rows within minutes: bookings made, imported or synced. */
export type GrowingTable = 'declarations';

// PostgreSQL's autovacuum analyses a table once 50 rows and a tenth of it have changed since its
// last analysis (autovacuum_analyze_threshold, autovacuum_analyze_scale_factor); here at most once a
// second, a process by itself.
const ANALYZE_THRESHOLD_ROWS = 50;
const ANALYZE_SCALE_FACTOR = 0.1;
const ANALYZE_AT_MOST_EVERY_MS = 1_000;

interface Growth {
  written: number;
  /** every row this process has counted: the table holds at least these */
  total: number;
  threshold: number;
  analysedAt: number;
  running: boolean;
}

const growths = new WeakMap<object, Map<GrowingTable, Growth>>();

/**
 * Rows this process has just written, and committed, to `table` (never a transaction's handle: call
 * it once the transaction is over): once enough have been (autovacuum's rule above), the table is
 * analysed in the background; answers that analysis, if this call started one. A table that grew
 * from nothing since its last analysis (PGlite analyses at start and hourly; a server's autovacuum
 * wakes once a minute) is otherwise planned as empty: the per-user limit's count of a host's
 * bookings then read every booking of the company through the period index (0.17 ms a booking in
 * the booking bench, 0.03 ms once analysed). The analysis skips a table another analysis or a
 * vacuum holds (`skip_locked`), and waits for the next rows when it fails (the database closing,
 * say): the statistics are an aid to the planner, never a condition of the write.
 */
export function rowsWritten(
  db: Kysely<Database>,
  table: GrowingTable,
  rows: number,
  now = Date.now(),
): Promise<void> | null {
  if (rows <= 0 || db.isTransaction) return null;
  let tables = growths.get(db);
  if (!tables) growths.set(db, (tables = new Map()));
  let growth = tables.get(table);
  if (!growth) {
    growth = { written: 0, total: 0, threshold: ANALYZE_THRESHOLD_ROWS, analysedAt: 0, running: false };
    tables.set(table, growth);
  }
  growth.written += rows;
  growth.total += rows;
  if (growth.running || growth.written < growth.threshold) return null;
  if (now - growth.analysedAt < ANALYZE_AT_MOST_EVERY_MS) return null;
  const own = growth;
  own.running = true;
  own.analysedAt = now;
  own.written = 0;
  return analyseTable(db, table)
    .then((tuples) => {
      // An analysis that could not count the table (skipped, or not the table's owner) still
      // spaces the next one by what this process has written.
      own.threshold = ANALYZE_THRESHOLD_ROWS + ANALYZE_SCALE_FACTOR * Math.max(tuples, own.total);
    })
    .catch(() => undefined)
    .finally(() => {
      own.running = false;
    });
}

async function analyseTable(db: Kysely<Database>, table: GrowingTable): Promise<number> {
  await sql`analyze (skip_locked) ${sql.table(table)}`.execute(db);
  const { rows } = await sql<{ tuples: number }>`
    select reltuples::float8 as tuples from pg_class where oid = to_regclass(${table})`.execute(db);
  return rows[0]?.tuples ?? 0;
}
