/**
 * The databases a server bench runs on: PGlite in a throw-away folder, and PostgreSQL as well when
 * BENCH_DATABASE_URL names a server the bench may create a database on (dropped afterwards).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase, type Db } from '../../src/server/db/connection';

export interface BenchDatabase {
  label: 'pglite' | 'postgres';
  /** the server's environment for this database */
  serverEnv: Record<string, string>;
  /**
   * A PostgreSQL server's fsync and synchronous_commit: whether a commit waits for the WAL to reach
   * the disk, which figures of many small commits depend on (docs/testing.md, "Benches").
   */
  durability?: { fsync: string; synchronousCommit: string };
  open(): Promise<Db>;
  dispose(): Promise<void>;
}

async function pgliteDatabase(name: string): Promise<BenchDatabase> {
  const dataDir = await mkdtemp(join(tmpdir(), `workplace-bench-${name}-`));
  return {
    label: 'pglite',
    serverEnv: { DATA_DIR: dataDir },
    open: () => openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'pglite') }),
    dispose: () => rm(dataDir, { recursive: true, force: true }),
  };
}

async function postgresDatabase(name: string, serverUrl: string): Promise<BenchDatabase> {
  const database = `bench_${name}_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${database}`);
  const { rows } = await admin.query<{ fsync: string; synchronous_commit: string }>(
    `select current_setting('fsync') as fsync, current_setting('synchronous_commit') as synchronous_commit`,
  );
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return {
    label: 'postgres',
    serverEnv: { DATABASE_URL: url.toString() },
    durability: { fsync: rows[0]!.fsync, synchronousCommit: rows[0]!.synchronous_commit },
    open: () => openDatabase({ kind: 'postgres', url: url.toString() }),
    async dispose() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${database} with (force)`);
      await client.end();
    },
  };
}

/** Runs `bench` on each database in turn (named `name` in folders and databases), disposing each. */
export async function onEachBenchDatabase(
  name: string,
  bench: (database: BenchDatabase) => Promise<void>,
): Promise<void> {
  const makers: Array<() => Promise<BenchDatabase>> = [() => pgliteDatabase(name)];
  const serverUrl = process.env.BENCH_DATABASE_URL;
  if (serverUrl) makers.push(() => postgresDatabase(name, serverUrl));
  else process.stderr.write('bench: BENCH_DATABASE_URL is not set, PostgreSQL skipped\n');
  for (const make of makers) {
    const database = await make();
    try {
      await bench(database);
    } finally {
      await database.dispose();
    }
  }
}
