import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import {
  Kysely,
  PostgresDialect,
  type PostgresCursor,
  type PostgresPool,
  type PostgresPoolClient,
} from 'kysely';
import pg from 'pg';
import type { DatabaseTarget } from '../config';
import { clusterTemplate } from './cluster-template';
import type { Database } from './schema';

// A calendar date ('2026-11-23') stays a string: node-postgres would make it a Date at local midnight,
// which shifts it by a day wherever the process runs east or west of UTC.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);

export type DatabaseKind = 'pglite' | 'postgres';

/** One database for the whole process: a pg pool (over PGlite or a server) and kysely on top. */
export interface Db {
  kind: DatabaseKind;
  pool: pg.Pool;
  kysely: Kysely<Database>;
  /** The embedded engine, when it is one (tests dump it as a template). */
  pglite: PGlite | null;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** A PGlite data directory dump to start from (tests start from a migrated, seeded template). */
  loadDataDir?: Blob;
  /** PostgreSQL only: the schema every connection uses (tests give each file its own). */
  searchPath?: string;
  /**
   * PostgreSQL only: the name the connections show in pg_stat_activity, 'workplace' by default (tests
   * name theirs after their schema, so that one file can act on its own connections alone).
   */
  applicationName?: string;
}

export async function openDatabase(target: DatabaseTarget, options: OpenOptions = {}): Promise<Db> {
  if (target.kind === 'postgres') return fromPool('postgres', postgresPool(target.url, options), null);
  if (target.dataDir) await mkdir(target.dataDir, { recursive: true });
  const fresh = !target.dataDir || !existsSync(join(target.dataDir, 'PG_VERSION'));
  const loadDataDir = options.loadDataDir ?? (fresh ? await clusterTemplate() : undefined);
  const pglite = await PGlite.create(target.dataDir ?? 'memory://', {
    extensions: { btree_gist },
    ...(loadDataDir ? { loadDataDir } : {}),
  });
  return fromPool('pglite', new pg.Pool(createPgConfig(pglite)), pglite);
}

/**
 * Kysely's queries run as named prepared statements (named after their text), so each connection
 * parses and plans a statement once. On PGlite that is most of a query's cost: a permission join
 * takes 0.5 ms prepared against 1.8 ms re-planned. (Behind PgBouncer, use a version with
 * prepared-statement support, 1.21 or later.)
 */
function withPreparedStatements(pool: pg.Pool, kind: DatabaseKind): PostgresPool {
  return {
    async connect() {
      const client = await pool.connect();
      const run = (sqlText: string, parameters?: ReadonlyArray<unknown>) =>
        client.query({ name: statementName(sqlText), text: sqlText, values: [...(parameters ?? [])] });
      return {
        query: ((sqlOrCursor: string | PostgresCursor<unknown>, parameters?: ReadonlyArray<unknown>) => {
          if (typeof sqlOrCursor !== 'string') return client.query(sqlOrCursor as never);
          // PGlite runs a statement synchronously on this thread, and the requests waiting for its one
          // connection follow each other in microtasks: without a turn of the event loop before each
          // statement, timers, sockets and new requests would wait for all of them.
          if (kind === 'pglite')
            return new Promise((resolve) => setImmediate(resolve)).then(() => run(sqlOrCursor, parameters));
          return run(sqlOrCursor, parameters);
        }) as unknown as PostgresPoolClient['query'],
        release: () => client.release(),
      };
    },
    end: () => pool.end(),
  };
}

// Hashing the text of every statement run shows in profiles; the set of texts is small, but a
// query built with a varying list (`in (…)`) makes new ones, hence the bound.
const statementNames = new Map<string, string>();
function statementName(text: string): string {
  let name = statementNames.get(text);
  if (name === undefined) {
    if (statementNames.size >= 5_000) statementNames.clear();
    name = `k_${createHash('sha1').update(text).digest('base64url')}`;
    statementNames.set(text, name);
  }
  return name;
}

function postgresPool(url: string, { searchPath, applicationName }: OpenOptions): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    application_name: applicationName ?? 'workplace',
    ...(searchPath ? { options: `-c search_path=${searchPath}` } : {}),
  });
  // An idle connection the server drops (a restart, a failover, an administrator) emits 'error' on
  // the pool; unheard, that ends the process. pg-pool has already discarded the connection and the
  // next query opens a new one, so there is nothing else to do.
  pool.on('error', (error) => console.warn(`database: an idle connection was lost (${error.message})`));
  return pool;
}

function fromPool(kind: DatabaseKind, pool: pg.Pool, pglite: PGlite | null): Db {
  const kysely = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: withPreparedStatements(pool, kind) }),
  });
  let closed: Promise<void> | null = null;
  return {
    kind,
    pool,
    kysely,
    pglite,
    close() {
      // kysely.destroy() ends the pool; PGlite itself is owned by us and closed after it.
      closed ??= kysely.destroy().then(() => pglite?.close());
      return closed;
    },
  };
}
