/**
 * The booking grid benches' company (issue 7: a level of 1,000 resources with 3,000 bookings on one
 * day): written into a fresh PGlite directory (migrated, catalogue and demo seeded, then the large
 * company added) and closed, for the real server to be started on it.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import type { DatabaseTarget } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/connection';
import { migrate } from '../../src/server/db/migrate';
import type { Database } from '../../src/server/db/schema';
import { seed } from '../../src/server/seed';
import { addDays, wallClockAt, zonedInstant } from '../../src/shared/time/zone';
import { createBenchCompany, insertChunked, insertResources } from './bench-company';

export const GRID_RESOURCES = 1_000;
export const GRID_BOOKINGS_PER_RESOURCE = 3;
export const GRID_SUBDOMAIN = 'gridbench';
export const GRID_EMAIL = 'admin@gridbench.test';
export const GRID_ZONE = 'Europe/Zurich';
/** The name of the grid's resource `index` (0-based): they sort as they were made. */
export const gridResourceName = (index: number) => `Desk G.${String(index + 1).padStart(4, '0')}`;
// Three bookings a resource: 08:00–10:00, 11:00–12:30, 14:00–17:00.
const BOOKED_HOURS: Array<[number, number]> = [
  [8, 10],
  [11, 12.5],
  [14, 17],
];

/** The grid level, its resources and their day's bookings, and the administrator's preset. */
export async function seedGridCompany(db: Kysely<Database>, date: string): Promise<number> {
  const company = await createBenchCompany(db, GRID_SUBDOMAIN, GRID_EMAIL);
  const { companyId } = company;
  const { id: typeId } = await db
    .insertInto('resource_types')
    .values({ company_id: companyId, key: 'desk' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { id: levelId } = await db
    .insertInto('levels')
    .values({
      company_id: companyId,
      parent_id: null,
      kind: 'floor',
      timezone: GRID_ZONE,
      country_id: company.countryId,
      working_hours_from: '07:00',
      working_hours_to: '19:00',
      is_declarable: true,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('level_translations')
    .values({ company_id: companyId, level_id: levelId, language_id: company.languageId, name: 'Grid floor' })
    .execute();
  const ids = await insertResources(
    db,
    Array.from({ length: GRID_RESOURCES }, (_, position) => ({
      company_id: companyId,
      level_id: levelId,
      resource_type_id: typeId,
      capacity: 1,
      max_capacity: 1,
      position,
    })),
    500,
  );
  await insertChunked(
    db,
    'resource_translations',
    ids.map((id, index) => ({
      company_id: companyId,
      resource_id: id,
      language_id: company.languageId,
      name: gridResourceName(index),
      search_name: gridResourceName(index).toLowerCase(),
    })),
  );
  await insertChunked(
    db,
    'declarations',
    ids.flatMap((id) =>
      BOOKED_HOURS.slice(0, GRID_BOOKINGS_PER_RESOURCE).map(([from, to]) => ({
        company_id: companyId,
        resource_id: id,
        user_id: company.userId,
        created_by: company.userId,
        starts_at: zonedInstant(date, from * 60, GRID_ZONE),
        ends_at: zonedInstant(date, to * 60, GRID_ZONE),
        subject: 'Bench',
        source: 'grid',
      })),
    ),
  );
  const { id: presetId } = await db
    .insertInto('booking_presets')
    .values({
      company_id: companyId,
      user_id: company.userId,
      name: 'Grid floor',
      preset: JSON.stringify({ levels: [levelId] }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  process.stderr.write(
    `bench: ${ids.length} resources, ${ids.length * GRID_BOOKINGS_PER_RESOURCE} bookings on ${date}, preset ${presetId}\n`,
  );
  return presetId;
}

export interface GridCompany {
  /** what the server's environment needs to open the database (DATA_DIR or DATABASE_URL) */
  serverEnv: Record<string, string>;
  presetId: number;
  /** the grid's day: tomorrow in the company's zone */
  date: string;
  /** deletes the directory or drops the database */
  remove(): Promise<void>;
}

/**
 * The demo and the grid company in a fresh PGlite directory or, with `postgresUrl` (a server on
 * which the bench may create and drop a database), in a throw-away PostgreSQL database; closed again.
 */
export async function prepareGridCompany(postgresUrl?: string): Promise<GridCompany> {
  const date = addDays(wallClockAt(new Date(), GRID_ZONE).date, 1);
  let serverEnv: Record<string, string>;
  let target: DatabaseTarget;
  let remove: () => Promise<void>;
  if (postgresUrl) {
    const name = `bench_grid_${process.pid}_${Date.now()}`;
    const admin = async (statement: string) => {
      const client = new pg.Client({ connectionString: postgresUrl });
      await client.connect();
      try {
        await client.query(statement);
      } finally {
        await client.end();
      }
    };
    await admin(`create database ${name}`);
    const url = new URL(postgresUrl);
    url.pathname = `/${name}`;
    serverEnv = { DATABASE_URL: url.toString() };
    target = { kind: 'postgres', url: url.toString() };
    remove = () => admin(`drop database if exists ${name} with (force)`);
  } else {
    const dataDir = await mkdtemp(join(tmpdir(), 'workplace-bench-grid-'));
    serverEnv = { DATA_DIR: dataDir };
    target = { kind: 'pglite', dataDir: join(dataDir, 'pglite') };
    remove = () => rm(dataDir, { recursive: true, force: true });
  }
  try {
    const db = await openDatabase(target);
    try {
      await migrate(db.pool);
      await seed(db.kysely);
      const presetId = await seedGridCompany(db.kysely, date);
      // PGlite's server gathers statistics when it starts; a PostgreSQL server's autovacuum would
      // have by the time anyone opens the grid (without them, the first minute's plans are several
      // times slower), so the bench does not wait for it.
      if (target.kind === 'postgres') await sql`analyze`.execute(db.kysely);
      return { serverEnv, presetId, date, remove };
    } finally {
      await db.close();
    }
  } catch (error) {
    await remove();
    throw error;
  }
}
