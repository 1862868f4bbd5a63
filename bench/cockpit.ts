/**
 * Cockpit bench: `npm run bench cockpit`. One JSON object per line: { name, value, unit }.
 *
 * Issue 46's fixture: a company of 5,000 desks (5 sites × 10 floors × 100 desks) and 200,000
 * bookings (every desk every weekday from six weeks back to two weeks ahead: checked out, released
 * as no-shows, checked in today, booked ahead, a few awaiting approval), written into a fresh
 * database so that the reports' triggers keep their figures as they are written. Then the real
 * server in a process of its own answers each of the cockpit's figures (GET item/{widget}/{item})
 * 20 times for the administrator: p50 and p95 per item, and the p95 over all of them (target < 200 ms
 * on PostgreSQL). On PostgreSQL when BENCH_DATABASE_URL is set, else on PGlite: writing the 200,000
 * bookings through the figures' triggers takes PGlite the better part of an hour, for a figure the
 * issue asks of PostgreSQL.
 */
import { sql, type Kysely } from 'kysely';
import { migrate } from '../src/server/db/migrate';
import type { Database } from '../src/server/db/schema';
import { DEMO_PASSWORD, seed } from '../src/server/seed';
import { WIDGET_ITEMS, WIDGET_TYPES } from '../src/shared/cockpit/widgets';
import type { WidgetList } from '../src/shared/contract/cockpit';
import { addDays, wallClockAt } from '../src/shared/time/zone';
import { createBenchCompany, insertChunked, insertResources } from './lib/bench-company';
import { onEachBenchDatabase, type BenchDatabase } from './lib/bench-databases';
import { companyHeaders, startBenchServer } from './lib/bench-server';
import { percentile, report, timedRuns } from './lib/report';

const SUBDOMAIN = 'cockpit';
const EMAIL = 'admin@cockpit.test';
const ZONE = 'Europe/Zurich';
const SITES = 5;
const FLOORS_PER_SITE = 10;
const DESKS_PER_FLOOR = 100;
const RUNS = 20;

async function level(
  db: Kysely<Database>,
  company: { companyId: number; countryId: number; languageId: number },
  parentId: number | null,
  name: string,
): Promise<number> {
  const { id } = await db
    .insertInto('levels')
    .values({
      company_id: company.companyId,
      parent_id: parentId,
      kind: parentId === null ? 'site' : 'floor',
      timezone: ZONE,
      country_id: company.countryId,
      is_declarable: true,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('level_translations')
    .values({ company_id: company.companyId, level_id: id, language_id: company.languageId, name })
    .execute();
  return id;
}

async function seedFixture(db: Kysely<Database>, name: (figure: string) => string): Promise<void> {
  const company = await createBenchCompany(db, SUBDOMAIN, EMAIL);
  const { id: typeId } = await db
    .insertInto('resource_types')
    .values({ company_id: company.companyId, key: 'desk' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const floors: number[] = [];
  for (let site = 1; site <= SITES; site += 1) {
    const siteId = await level(db, company, null, `Site ${site}`);
    for (let floor = 1; floor <= FLOORS_PER_SITE; floor += 1)
      floors.push(await level(db, company, siteId, `Site ${site} floor ${floor}`));
  }
  const count = floors.length * DESKS_PER_FLOOR;
  const ids = await insertResources(
    db,
    Array.from({ length: count }, (_, index) => ({
      company_id: company.companyId,
      level_id: floors[index % floors.length]!,
      resource_type_id: typeId,
      position: index,
    })),
  );
  await insertChunked(
    db,
    'resource_translations',
    ids.map((id, index) => ({
      company_id: company.companyId,
      resource_id: id,
      language_id: company.languageId,
      name: `Desk ${index + 1}`,
    })),
  );
  const today = wallClockAt(new Date(), ZONE).date;
  // Monday six weeks back to Sunday two weeks ahead: 8 weeks, 40 weekdays a desk.
  const monday = addDays(today, -((new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7) - 42);
  const started = Date.now();
  // A week per statement: the triggers fold each statement's bookings into the figures at once.
  for (let week = 0; week < 8; week += 1) {
    const from = addDays(monday, week * 7);
    const to = addDays(from, 4);
    await sql`
      insert into declarations (company_id, resource_id, user_id, created_by, starts_at, ends_at, status,
        approval_status, checked_in_at, checked_out_at, released_at, created_at)
      select ${company.companyId}, r.id, ${company.userId}, ${company.userId}, s.starts_at, s.ends_at,
        case when d::date > ${today}::date then 'booked'
          when h < 0.12 then 'released'
          when d::date = ${today}::date then 'checked_in'
          else 'checked_out' end,
        case when d::date > ${today}::date and h > 0.98 then 'pending' else 'approved' end,
        case when d::date <= ${today}::date and h >= 0.12 then s.starts_at + interval '10 minutes' end,
        case when d::date < ${today}::date and h >= 0.12 then s.ends_at end,
        case when d::date <= ${today}::date and h < 0.12 then s.starts_at + interval '15 minutes' end,
        (d::date - 7)::timestamptz
      from resources r
      cross join generate_series(${from}::date, ${to}::date, interval '1 day') d
      cross join lateral (select ((hashint4(r.id * 1000 + extract(doy from d)::int) & 65535) / 65536.0) as h) x
      cross join lateral (select (d::date + time '08:00') at time zone ${ZONE} as starts_at,
        (d::date + time '17:00') at time zone ${ZONE} as ends_at) s
      where r.company_id = ${company.companyId}`.execute(db);
    process.stderr.write(
      `bench: week ${week + 1} of 8 written (${Math.round((Date.now() - started) / 1000)} s)\n`,
    );
  }
  const { rows } = await sql<{ count: number }>`
    select count(*)::int as count from declarations where company_id = ${company.companyId}`.execute(db);
  report(name('fixture_resources'), count, 'resources');
  report(name('fixture_bookings'), rows[0]!.count, 'bookings');
  report(name('fixture_write_seconds'), (Date.now() - started) / 1000, 's');
}

async function bench(target: BenchDatabase): Promise<void> {
  if (target.label === 'pglite' && process.env.BENCH_DATABASE_URL) return;
  const name = (figure: string) => `cockpit_${target.label}_${figure}`;
  const setup = await target.open();
  try {
    await migrate(setup.pool);
    await seed(setup.kysely);
    await seedFixture(setup.kysely, name);
    // PostgreSQL plans from statistics; autovacuum would gather them a while after the load
    if (target.label === 'postgres') await sql`analyze`.execute(setup.kysely);
  } finally {
    await setup.close();
  }
  const server = await startBenchServer({
    ...target.serverEnv,
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-42',
  });
  try {
    const headers = await companyHeaders(server.base, SUBDOMAIN, EMAIL, DEMO_PASSWORD);
    const get = (path: string) => fetch(`${server.base}/api/company/v1/cockpit/${path}`, { headers });
    const widgets = await timedRuns(RUNS, () => get('widgets'));
    report(name('widgets_p95'), percentile(widgets, 95), 'ms');
    const { data } = (await (await get('widgets')).json()) as WidgetList;
    const all: number[] = [];
    for (const type of WIDGET_TYPES) {
      const widget = data.find((each) => each.type === type)!;
      for (const item of WIDGET_ITEMS[type]) {
        const times = await timedRuns(RUNS, () => get(`item/${widget.id}/${item}`));
        report(name(`${item}_p50`), percentile(times, 50), 'ms');
        report(name(`${item}_p95`), percentile(times, 95), 'ms');
        all.push(...times);
      }
    }
    all.sort((a, b) => a - b);
    report(name('figures_p95'), percentile(all, 95), 'ms');
  } finally {
    await server.stop();
  }
}

await onEachBenchDatabase('cockpit', bench);
