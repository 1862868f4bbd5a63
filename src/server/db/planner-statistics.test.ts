import { describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/support/server-app';
import { keepPlannerStatistics } from './planner-statistics';

describe('planner statistics on the embedded database', () => {
  it('are gathered at start, so the planner knows how many resources there are', async () => {
    const db = await openTestDatabase('pglite');
    const tuples = async () =>
      (
        await db.pool.query<{ reltuples: number }>(
          `select reltuples from pg_class where relname = 'resources' and relkind = 'r'`,
        )
      ).rows[0]!.reltuples;
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
