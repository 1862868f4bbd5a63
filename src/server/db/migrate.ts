import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));
const FILE_NAME = /^(\d{4})_([a-z0-9_]+)\.sql$/;
// Any constant shared by every process of this application; it names the migration lock.
const MIGRATION_LOCK = 7_202_611;

export interface Migration {
  version: string;
  name: string;
  sql: string;
}

export async function loadMigrations(dir = MIGRATIONS_DIR): Promise<Migration[]> {
  const files = (await readdir(dir)).filter((file) => file.endsWith('.sql')).sort();
  return Promise.all(
    files.map(async (file) => {
      const match = FILE_NAME.exec(file);
      if (!match) throw new Error(`Migration file name must look like 0001_name.sql: ${file}`);
      return { version: match[1]!, name: match[2]!, sql: await readFile(dir + file, 'utf8') };
    }),
  );
}

/**
 * Applies the committed migrations that are not applied yet, each in its own transaction, and
 * answers the versions it applied. A session-level advisory lock, held on one connection for the
 * whole run, lets several processes start at once: the others wait and then find nothing to do.
 */
export async function migrate(pool: pg.Pool, migrations?: Migration[]): Promise<string[]> {
  const pending = migrations ?? (await loadMigrations());
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await client.query(`create table if not exists schema_migrations (
        version text primary key,
        name text not null,
        applied_at timestamptz not null default now()
      )`);
      const { rows } = await client.query<{ version: string }>('select version from schema_migrations');
      const applied = new Set(rows.map((row) => row.version));
      const done: string[] = [];
      for (const migration of pending) {
        if (applied.has(migration.version)) continue;
        await applyOne(client, migration);
        done.push(migration.version);
      }
      return done;
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
}

async function applyOne(client: pg.PoolClient, migration: Migration): Promise<void> {
  await client.query('begin');
  try {
    await client.query(migration.sql);
    await client.query('insert into schema_migrations (version, name) values ($1, $2)', [
      migration.version,
      migration.name,
    ]);
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    throw new Error(`Migration ${migration.version}_${migration.name} failed: ${(error as Error).message}`, {
      cause: error,
    });
  }
}
