/**
 * Reports bench: `npm run bench reports`. One JSON object per line: { name, value, unit }.
 *
 * 1. The prediction backtest: a year and a half of generated daily occupancy with a known weekly
 *    pattern, a slow season and noise; each day of the last 26 weeks forecast a week ahead by
 *    predictions.ts and by the naive "same weekday last week". Mean absolute errors, in points.
 * 2. Issue 44's fixture: 500 resources × 365 days of bookings with check-ins and no-shows, written
 *    into a fresh database (the triggers keep the figures as they are written), then the real server
 *    in a process of its own: the dashboard for the year (target p95 < 300 ms on PostgreSQL), the
 *    minimum-average-maximum for a month (< 150 ms), and a CSV export of the year's bookings with the
 *    server's RSS growth meanwhile (< 50 MB). On PGlite, and on PostgreSQL as well when
 *    BENCH_DATABASE_URL names a server the bench may create (and then drops) a database on; figures
 *    are named by database (reports_pglite_…, reports_postgres_…), and with both the PGlite figures
 *    over PostgreSQL's (target: within 3×).
 */
import { readFileSync } from 'node:fs';
import { sql, type Kysely } from 'kysely';
import { migrate } from '../src/server/db/migrate';
import type { Database } from '../src/server/db/schema';
import { forecast, naiveForecast } from '../src/server/modules/reports/predictions';
import { DEMO_PASSWORD, seed } from '../src/server/seed';
import { addDays } from '../src/shared/time/zone';
import { createBenchCompany, insertChunked, insertResources } from './lib/bench-company';
import { onEachBenchDatabase, type BenchDatabase } from './lib/bench-databases';
import { companyHeaders, startBenchServer } from './lib/bench-server';
import { percentile, report, timedRuns } from './lib/report';

const SUBDOMAIN = 'reports';
const EMAIL = 'admin@reports.test';
const RESOURCES = 500;
const DAYS = 365;
const RUNS = 20;

function backtest(): void {
  let seed = 42;
  const noise = () => ((seed = (seed * 16807) % 2147483647) / 2147483647 - 0.5) * 30;
  const pattern = [45, 65, 80, 65, 35, null, null];
  const end = '2026-06-30';
  const history = new Map<string, number | null>();
  for (let back = 0; back < 550; back += 1) {
    const day = addDays(end, -back);
    const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
    const base = pattern[weekday];
    // a summer dip: July and August a third lower
    const month = Number(day.slice(5, 7));
    const season = month === 7 || month === 8 ? 0.67 : 1;
    history.set(
      day,
      base === null || base === undefined ? null : Math.max(0, Math.min(100, base * season + noise())),
    );
  }
  let ours = 0;
  let naive = 0;
  let count = 0;
  for (let back = 26 * 7; back >= 7; back -= 1) {
    const asOf = addDays(end, -back);
    const target = addDays(asOf, 7);
    const actual = history.get(target);
    const a = forecast(history, target, asOf);
    const b = naiveForecast(history, target, asOf);
    if (actual === null || actual === undefined || a === null || b === null) continue;
    ours += Math.abs(a - actual);
    naive += Math.abs(b - actual);
    count += 1;
  }
  report('reports_prediction_mae', ours / count, 'points');
  report('reports_prediction_naive_mae', naive / count, 'points');
}

/** The fixture: one floor tree of 500 desks, a booking 08:00–17:00 on most days, most checked in. */
async function seedFixture(
  db: Kysely<Database>,
  firstDay: string,
  name: (figure: string) => string,
): Promise<void> {
  const company = await createBenchCompany(db, SUBDOMAIN, EMAIL);
  const { id: typeId } = await db
    .insertInto('resource_types')
    .values({ company_id: company.companyId, key: 'desk' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const floors: number[] = [];
  for (let floor = 1; floor <= 5; floor += 1) {
    const { id } = await db
      .insertInto('levels')
      .values({
        company_id: company.companyId,
        parent_id: null,
        kind: 'floor',
        timezone: 'Europe/Zurich',
        country_id: company.countryId,
        is_declarable: true,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('level_translations')
      .values({
        company_id: company.companyId,
        level_id: id,
        language_id: company.languageId,
        name: `Floor ${floor}`,
      })
      .execute();
    floors.push(id);
  }
  const ids = await insertResources(
    db,
    Array.from({ length: RESOURCES }, (_, index) => ({
      company_id: company.companyId,
      level_id: floors[index % floors.length]!,
      resource_type_id: typeId,
      map_x: ((index % 25) + 0.5) / 25,
      map_y: ((Math.floor(index / 25) % 20) + 0.5) / 20,
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
  // A month per statement: the triggers fold each statement's bookings into the figures at once.
  const started = Date.now();
  for (let month = 0; month < 12; month += 1) {
    const from = addDays(firstDay, Math.floor((month * DAYS) / 12));
    const to = addDays(firstDay, Math.floor(((month + 1) * DAYS) / 12) - 1);
    await sql`
      insert into declarations (company_id, resource_id, user_id, created_by, starts_at, ends_at, status,
        checked_in_at, checked_out_at, released_at, created_at)
      select ${company.companyId}, r.id, ${company.userId}, ${company.userId},
        (d::date + time '08:00') at time zone 'Europe/Zurich', (d::date + time '17:00') at time zone 'Europe/Zurich',
        case when h < 0.12 then 'released' when h < 0.85 then 'checked_out' else 'booked' end,
        case when h >= 0.12 and h < 0.85 then (d::date + time '08:10') at time zone 'Europe/Zurich' end,
        case when h >= 0.12 and h < 0.85 then (d::date + time '17:00') at time zone 'Europe/Zurich' end,
        case when h < 0.12 then (d::date + time '08:15') at time zone 'Europe/Zurich' end,
        (d::date - 1)::timestamptz
      from resources r
      cross join generate_series(${from}::date, ${to}::date, interval '1 day') d
      cross join lateral (select ((hashint4(r.id * 1000 + extract(doy from d)::int) & 65535) / 65536.0) as h) x
      where r.company_id = ${company.companyId}
        -- weekdays three in four desks, weekends one in ten
        and x.h < case when extract(isodow from d) < 6 then 0.75 else 0.1 end`.execute(db);
    process.stderr.write(
      `bench: month ${month + 1} of bookings written (${Math.round((Date.now() - started) / 1000)} s)\n`,
    );
  }
  const { rows } = await sql<{
    count: number;
  }>`select count(*)::int as count from declarations where company_id = ${company.companyId}`.execute(db);
  report(name('fixture_bookings'), rows[0]!.count, 'bookings');
  report(name('fixture_write_seconds'), (Date.now() - started) / 1000, 's');
}

function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
}

/** The fixture written and the server timed on one database; answers the p95s, for the ratio. */
async function bench(target: BenchDatabase, ratios: Map<string, Record<string, number>>): Promise<void> {
  const name = (figure: string) => `reports_${target.label}_${figure}`;
  const lastDay = addDays(new Date().toISOString().slice(0, 10), -1);
  const firstDay = addDays(lastDay, -(DAYS - 1));
  const setup = await target.open();
  try {
    await migrate(setup.pool);
    await seed(setup.kysely);
    await seedFixture(setup.kysely, firstDay, name);
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
    const headers = {
      ...(await companyHeaders(server.base, SUBDOMAIN, EMAIL, DEMO_PASSWORD)),
      'content-type': 'application/json',
    };
    const post = (path: string, body: unknown) =>
      fetch(`${server.base}/api/company/v1/reports/${path}`, {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
      });
    const year = { datetime_from: `${firstDay}T00:00`, datetime_to: `${lastDay}T24:00` };
    const month = { datetime_from: `${addDays(lastDay, -29)}T08:00`, datetime_to: `${lastDay}T18:00` };
    const dashboard = await timedRuns(RUNS, () =>
      post('calculate', { section: 'dashboard', interval_id: 4, ...year }),
    );
    report(name('dashboard_year_p50'), percentile(dashboard, 50), 'ms');
    report(name('dashboard_year_p95'), percentile(dashboard, 95), 'ms');
    const minAvgMax = await timedRuns(RUNS, () =>
      post('calculate', { section: 'min_max_average', interval_id: 2, ...month }),
    );
    report(name('min_average_max_month_p50'), percentile(minAvgMax, 50), 'ms');
    report(name('min_average_max_month_p95'), percentile(minAvgMax, 95), 'ms');

    const before = rssOf(server.pid);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssOf(server.pid))), 50);
    const started = performance.now();
    const exported = await post('export', { section: 'technical_list', ...year });
    let bytes = 0;
    const reader = exported.body!.getReader();
    for (let part = await reader.read(); !part.done; part = await reader.read())
      bytes += part.value.byteLength;
    clearInterval(sampler);
    const exportSeconds = (performance.now() - started) / 1000;
    report(name('export_year_seconds'), exportSeconds, 's');
    report(name('export_year_megabytes'), bytes / 1e6, 'MB');
    report(name('export_year_rss_growth'), (peak - before) / 1e6, 'MB');
    ratios.set(target.label, {
      dashboard_year_p95: percentile(dashboard, 95),
      min_average_max_month_p95: percentile(minAvgMax, 95),
      export_year_seconds: exportSeconds,
    });
  } finally {
    await server.stop();
  }
}

backtest();
// Issue 44: PGlite within 3× of PostgreSQL. The ratios, when both ran (BENCH_DATABASE_URL set).
const ratios = new Map<string, Record<string, number>>();
await onEachBenchDatabase('reports', (target) => bench(target, ratios));
const [pglite, postgres] = [ratios.get('pglite'), ratios.get('postgres')];
if (pglite && postgres)
  for (const figure of Object.keys(pglite))
    report(`reports_pglite_over_postgres_${figure}`, pglite[figure]! / postgres[figure]!, 'ratio');
