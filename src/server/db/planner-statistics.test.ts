import { describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/support/server-app';
import type { Db } from './connection';
import { keepPlannerStatistics, rowsWritten } from './planner-statistics';

/** How many rows the planner believes `table` holds (pg_class.reltuples). */
async function plannedRows(db: Db, table: string): Promise<number> {
  const { rows } = await db.pool.query<{ reltuples: number }>(
    `select reltuples from pg_class where relname = $1 and relkind = 'r'`,
    [table],
  );
  return rows[0]!.reltuples;
}

describe('planner statistics on the embedded database', () => {
  it('are gathered at start, so the planner knows how many resources there are', async () => {
    const db = await openTestDatabase('pglite');
    const tuples = () => plannedRows(db, 'resources');
    try {
      const resources = (await db.pool.query<{ n: number }>('select count(*)::int as n from resources'))
        .rows[0]!.n;
      expect(resources).toBeGreaterThan(0);
      expect(await tuples()).not.toBe(resources); // never analysed: the planner guesses
      const stop = await keepPlannerStatistics(db, { error: () => {} });
      stop();
      expect(await tuples()).toBe(resources);
    } finally {
      await db.close();
    }
  });
});

describe('planner statistics that follow the bookings written (rowsWritten)', () => {
  it('analyse the bookings table once 50 rows and a tenth of it were written, at most once a second', async () => {
    const db = await openTestDatabase('pglite');
    const tuples = () => plannedRows(db, 'declarations');
    const insert = async (count: number, dayOffset: number) => {
      await db.pool.query(
        `insert into declarations (company_id, resource_id, user_id, starts_at, ends_at, exclusive)
         select r.company_id, r.id, (select u.id from users u where u.company_id = r.company_id limit 1),
           now() + make_interval(days => $2 + g), now() + make_interval(days => $2 + g, hours => 1), false
         from (select company_id, id from resources order by id limit 1) r, generate_series(1, $1) g`,
        [count, dayOffset],
      );
      return Number(
        (await db.pool.query<{ n: string }>('select count(*) as n from declarations')).rows[0]!.n,
      );
    };
    const start = 1_000_000;
    try {
      const stop = await keepPlannerStatistics(db, { error: () => {} });
      stop();
      const before = await tuples();
      // Fewer than 50 rows: no analysis; the planner's idea of the table stays as it was.
      await insert(40, 0);
      expect(rowsWritten(db.kysely, 'declarations', 40, start)).toBeNull();
      expect(await tuples()).toBe(before);
      // The fiftieth: the table is analysed.
      let total = await insert(20, 100);
      await rowsWritten(db.kysely, 'declarations', 20, start);
      expect(await tuples()).toBe(total);
      // As many again within the second: not yet; after it, yes.
      total = await insert(60, 200);
      expect(rowsWritten(db.kysely, 'declarations', 60, start + 500)).toBeNull();
      expect(await tuples()).not.toBe(total);
      await rowsWritten(db.kysely, 'declarations', 1, start + 1_001);
      expect(await tuples()).toBe(total);
      // Never from inside a transaction, whose rows are not yet anyone's.
      await db.kysely.transaction().execute(async (tx) => {
        expect(rowsWritten(tx, 'declarations', 1_000, start + 5_000)).toBeNull();
      });
    } finally {
      await db.close();
    }
  });
});
