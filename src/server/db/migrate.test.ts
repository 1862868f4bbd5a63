import { describe, expect, it } from 'vitest';
import { openTestDatabase, testDatabases } from '../../../test/support/server-app';
import { loadMigrations, migrate } from './migrate';
import { seed } from '../seed';

describe.each(testDatabases())('migrations (%s)', (kind) => {
  it('apply every committed file once, in order, and do nothing the second time', async () => {
    const db = await openTestDatabase(kind, true);
    try {
      const files = await loadMigrations();
      expect(files.map((file) => file.version)).toEqual([...files.map((file) => file.version)].sort());
      expect(await migrate(db.pool)).toEqual(files.map((file) => file.version));
      expect(await migrate(db.pool)).toEqual([]);
      const { rows } = await db.pool.query<{ version: string }>(
        'select version from schema_migrations order by version',
      );
      expect(rows.map((row) => row.version)).toEqual(files.map((file) => file.version));
    } finally {
      await db.close();
    }
  });

  it('are safe with two runners at once: each migration is applied exactly once', async () => {
    const db = await openTestDatabase(kind, true);
    try {
      const [first, second] = await Promise.all([migrate(db.pool), migrate(db.pool)]);
      const versions = (await loadMigrations()).map((file) => file.version);
      expect([...first, ...second].sort()).toEqual(versions);
      const { rows } = await db.pool.query<{ count: number }>(
        'select count(*)::int as count from schema_migrations',
      );
      expect(rows[0]!.count).toBe(versions.length);
    } finally {
      await db.close();
    }
  });

  it('roll a failing migration back entirely and leave the recorded ones alone', async () => {
    const db = await openTestDatabase(kind, true);
    try {
      const broken = [
        {
          version: '0001',
          name: 'broken',
          sql: 'create table half_done (id int); select * from no_such_table;',
        },
      ];
      await expect(migrate(db.pool, broken)).rejects.toThrow(/0001_broken failed/);
      const { rows } = await db.pool.query(
        `select to_regclass('half_done') as table, (select count(*)::int from schema_migrations) as recorded`,
      );
      expect(rows[0]).toEqual({ table: null, recorded: 0 });
    } finally {
      await db.close();
    }
  });

  it('seed the demo data into an empty database only', async () => {
    const db = await openTestDatabase(kind, true);
    try {
      await migrate(db.pool);
      expect(await seed(db.kysely)).toEqual({ demo: true });
      expect(await seed(db.kysely)).toEqual({ demo: false });
      const companies = await db.kysely
        .selectFrom('companies')
        .select('subdomain')
        .orderBy('subdomain')
        .execute();
      expect(companies.map((company) => company.subdomain)).toEqual(['acme', 'globex']);
      const applications = await db.kysely.selectFrom('applications').select('id').orderBy('id').execute();
      expect(applications.map((application) => application.id)).toEqual([4, 5, 7, 8, 11, 12, 13, 14]);
    } finally {
      await db.close();
    }
  });
});
