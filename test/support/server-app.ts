import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe } from 'vitest';
import { buildApp } from '../../src/server/app';
import { loadConfig, type Config } from '../../src/server/config';
import { openDatabase, type Db, type DatabaseKind } from '../../src/server/db/connection';
import { migrate } from '../../src/server/db/migrate';
import { seed } from '../../src/server/seed';

/**
 * The real app on a fresh, migrated and seeded database: PGlite in memory always, and a private
 * schema on the PostgreSQL server of TEST_DATABASE_URL when that is set.
 */
export interface TestServer {
  app: FastifyInstance;
  db: Db;
  config: Config;
  kind: DatabaseKind;
  close(): Promise<void>;
}

export interface TestServerOptions {
  database?: DatabaseKind;
  config?: Partial<Config>;
  /** Start from an empty database (no migrations, no seed): for migration tests. */
  empty?: boolean;
  /** Routes only a test needs, added before the app is ready (e.g. to drive a hook). */
  extend?: (app: FastifyInstance) => void;
}

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || null;

/**
 * Both databases when TEST_DATABASE_URL names a server, else PGlite. The server-postgres project
 * (vitest.config.ts) sets TEST_DATABASES=postgres: its suites run on the server alone when there is
 * one, and on PGlite when there is none.
 */
export function testDatabases(): DatabaseKind[] {
  const available: DatabaseKind[] = TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
  const wanted = process.env.TEST_DATABASES?.split(',');
  const chosen = wanted ? available.filter((kind) => wanted.includes(kind)) : available;
  return chosen.length > 0 ? chosen : ['pglite'];
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  // Sign-in waits of 1 ms instead of 250: a sweep that fails many sign-ins from one address must not
  // wait seconds each (the wait's growth is tested on its own, in test/robustness/login-throttle).
  const base = loadConfig({
    DATABASE_URL: 'memory://',
    LOG_LEVEL: 'silent',
    STATIC_DIR: '/nonexistent',
    LOGIN_DELAY_MS: '1',
  });
  return { ...base, jwtSecret: randomBytes(32).toString('hex'), ...overrides };
}

export async function openTestDatabase(kind: DatabaseKind, empty = false): Promise<Db> {
  if (kind === 'postgres') return openPostgresSchema(empty);
  if (empty) return openDatabase({ kind: 'pglite', dataDir: null });
  return openDatabase({ kind: 'pglite', dataDir: null }, { loadDataDir: await pgliteTemplate() });
}

export async function buildTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const kind = options.database ?? 'pglite';
  const db = await openTestDatabase(kind, options.empty);
  const config = testConfig(options.config);
  const app = await buildApp({ db, config });
  options.extend?.(app);
  await app.ready();
  return {
    app,
    db,
    config,
    kind,
    async close() {
      await app.close();
      await db.close();
    },
  };
}

/** Runs the suites once per test database; `server()` is the running app of the current run. */
export function describeEachDatabase(
  title: string,
  body: (server: () => TestServer) => void,
  options: Omit<TestServerOptions, 'database'> = {},
): void {
  for (const kind of testDatabases()) {
    describe(`${title} (${kind})`, () => {
      let current: TestServer | undefined;
      beforeAll(async () => {
        current = await buildTestServer({ ...options, database: kind });
      });
      afterAll(async () => current?.close());
      body(() => {
        if (!current) throw new Error('The test server is not running');
        return current;
      });
    });
  }
}

// A fresh PGlite takes seconds to create (initdb); a migrated, seeded one is dumped once per
// version of the migrations and seed, and every test file starts from a copy of it.
let template: Promise<Blob> | null = null;

function pgliteTemplate(): Promise<Blob> {
  template ??= loadOrCreateTemplate();
  return template;
}

async function loadOrCreateTemplate(): Promise<Blob> {
  const file = join(tmpdir(), `workplace-test-db-${sourceFingerprint()}.tar`);
  try {
    return new Blob([await readFile(file)]);
  } catch {
    const db = await openDatabase({ kind: 'pglite', dataDir: null });
    try {
      await migrate(db.pool);
      await seed(db.kysely);
      const dump = await db.pglite!.dumpDataDir('none');
      const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
      await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
      await rename(partial, file);
      return dump;
    } finally {
      await db.close();
    }
  }
}

function sourceFingerprint(): string {
  const hash = createHash('sha256');
  // The seed and the module code it calls (maps, service types …), so no test runs on a stale template.
  const dirs = [
    'src/server/db/migrations',
    'src/server/seed',
    'src/server/modules',
    'src/shared/permissions',
    'src/shared/contract',
  ];
  for (const dir of dirs) {
    const path = join(process.cwd(), dir);
    // Recursive: the seed keeps its labels in a folder of per-feature files.
    for (const name of (readdirSync(path, { recursive: true }) as string[]).sort())
      if (statSync(join(path, name)).isFile()) hash.update(name).update(readFileSync(join(path, name)));
  }
  return hash.digest('hex').slice(0, 16);
}

async function openPostgresSchema(empty: boolean): Promise<Db> {
  const url = TEST_DATABASE_URL!;
  const schema = `test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    // Extensions live in public, shared by every test schema, so dropping a schema never drops them.
    await admin.query('create extension if not exists btree_gist schema public').catch(() => undefined);
    await admin.query(`create schema ${schema}`);
  } finally {
    await admin.end();
  }
  const db = await openDatabase(
    { kind: 'postgres', url },
    { searchPath: `${schema},public`, applicationName: schema },
  );
  if (!empty) {
    await migrate(db.pool);
    await seed(db.kysely);
  }
  const close = db.close.bind(db);
  return {
    ...db,
    async close() {
      await close();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`drop schema if exists ${schema} cascade`);
      await cleanup.end();
    },
  };
}
