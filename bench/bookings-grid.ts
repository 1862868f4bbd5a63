/**
 * Server bench: `npx tsx bench/bookings-grid.ts`. One JSON object per line: { name, value, unit }.
 * The booking grid's server answer (issue 7: a level of 1,000 resources with 3,000 bookings on one
 * day, GET bookings/grid/{presetId}?date and POST bookings/grid-bookings for that day, p95 under
 * 100 ms). The bench writes its company into a fresh PGlite directory (migrated, catalogue and demo
 * seeded, then the large company added), closes it and starts the real server on that directory in
 * its own process; the requests are made one at a time, as one user opening the grid.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { openDatabase } from '../src/server/db/connection';
import { migrate } from '../src/server/db/migrate';
import type { Database } from '../src/server/db/schema';
import { DEMO_PASSWORD, seed } from '../src/server/db/seed';
import { addDays, wallClockAt, zonedInstant } from '../src/shared/time/zone';
import { createBenchCompany, insertChunked } from './lib/bench-company';
import { companyHeaders, startBenchServer } from './lib/bench-server';
import { percentile, report } from './lib/report';

const RESOURCES = 1_000;
const BOOKINGS_PER_RESOURCE = 3;
const REQUESTS = 200;
const WARMUP = 10;
const SUBDOMAIN = 'gridbench';
const EMAIL = 'admin@gridbench.test';
const ZONE = 'Europe/Zurich';
// Three bookings a resource: 08:00–10:00, 11:00–12:30, 14:00–17:00.
const BOOKED_HOURS: Array<[number, number]> = [
  [8, 10],
  [11, 12.5],
  [14, 17],
];

/** The grid level, its resources and their day's bookings, and the administrator's preset. */
async function seedGrid(db: Kysely<Database>, date: string): Promise<number> {
  const company = await createBenchCompany(db, SUBDOMAIN, EMAIL);
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
      timezone: ZONE,
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
  const ids: number[] = [];
  for (let start = 0; start < RESOURCES; start += 500) {
    const rows = await db
      .insertInto('resources')
      .values(
        Array.from({ length: Math.min(500, RESOURCES - start) }, (_, offset) => ({
          company_id: companyId,
          level_id: levelId,
          resource_type_id: typeId,
          capacity: 1,
          max_capacity: 1,
          position: start + offset,
        })),
      )
      .returning(['id', 'position'])
      .execute();
    for (const row of rows) ids[row.position] = row.id;
  }
  await insertChunked(
    db,
    'resource_translations',
    ids.map((id, index) => ({
      company_id: companyId,
      resource_id: id,
      language_id: company.languageId,
      name: `Desk G.${String(index + 1).padStart(4, '0')}`,
      search_name: `desk g.${String(index + 1).padStart(4, '0')}`,
    })),
  );
  await insertChunked(
    db,
    'declarations',
    ids.flatMap((id) =>
      BOOKED_HOURS.slice(0, BOOKINGS_PER_RESOURCE).map(([from, to]) => ({
        company_id: companyId,
        resource_id: id,
        user_id: company.userId,
        created_by: company.userId,
        starts_at: zonedInstant(date, from * 60, ZONE),
        ends_at: zonedInstant(date, to * 60, ZONE),
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
    `bench: ${ids.length} resources, ${ids.length * BOOKINGS_PER_RESOURCE} bookings on ${date}, preset ${presetId}\n`,
  );
  return presetId;
}

async function timed(request: () => Promise<Response>): Promise<{ ms: number; body: unknown }> {
  const started = performance.now();
  const response = await request();
  const body: unknown = await response.json();
  const ms = performance.now() - started;
  if (!response.ok) throw new Error(`${response.status} ${JSON.stringify(body)}`);
  return { ms, body };
}

async function main(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'workplace-bench-grid-'));
  const date = addDays(wallClockAt(new Date(), ZONE).date, 1);
  try {
    const db = await openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'pglite') });
    let presetId: number;
    try {
      await migrate(db.pool);
      await seed(db.kysely);
      presetId = await seedGrid(db.kysely, date);
    } finally {
      await db.close();
    }
    const server = await startBenchServer({
      DATA_DIR: dataDir,
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret-42',
    });
    try {
      const headers = await companyHeaders(server.base, SUBDOMAIN, EMAIL, DEMO_PASSWORD);
      const api = `${server.base}/api/company/v1/bookings`;
      const grid = () => fetch(`${api}/grid/${presetId}?date=${date}`, { headers });
      const gridBookings = () =>
        fetch(`${api}/grid-bookings`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify({ preset_id: presetId, date }),
        });
      const first = await timed(grid);
      const cells = await timed(gridBookings);
      const resources = (first.body as { data: unknown[] }).data.length;
      const bookings = (cells.body as { data: unknown[] }).data.length;
      if (resources !== RESOURCES || bookings !== RESOURCES * BOOKINGS_PER_RESOURCE)
        throw new Error(`the grid answered ${resources} resources and ${bookings} bookings`);
      for (let round = 0; round < WARMUP; round += 1) {
        await timed(grid);
        await timed(gridBookings);
      }
      const gridTimes: number[] = [];
      const bookingTimes: number[] = [];
      const both: number[] = [];
      for (let round = 0; round < REQUESTS; round += 1) {
        const a = await timed(grid);
        const b = await timed(gridBookings);
        gridTimes.push(a.ms);
        bookingTimes.push(b.ms);
        both.push(a.ms + b.ms);
      }
      for (const list of [gridTimes, bookingTimes, both]) list.sort((x, y) => x - y);
      report('bookings_grid_resources_p50', percentile(gridTimes, 50), 'ms');
      report('bookings_grid_resources_p95', percentile(gridTimes, 95), 'ms');
      report('bookings_grid_bookings_p50', percentile(bookingTimes, 50), 'ms');
      report('bookings_grid_bookings_p95', percentile(bookingTimes, 95), 'ms');
      // The grid's server answer: both calls of one day, as the screen makes them.
      report('bookings_grid_answer_p95', percentile(both, 95), 'ms');
    } finally {
      await server.stop();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
