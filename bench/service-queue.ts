/**
 * Server bench: `npx tsx bench/service-queue.ts`. One JSON object per line: { name, value, unit },
 * each name prefixed with the database (service_queue_pglite_…, service_queue_postgres_…).
 * Issue 43: the providers' work queue (GET services/orders, one page of 200) over a month holding
 * 20,000 orders of 100 rooms, sorted by delivery time and grouped by date. Runs on PGlite, and on
 * PostgreSQL as well when BENCH_DATABASE_URL names a server the bench may create a database on.
 * The real server (main.ts) runs in its own process; requests are sent one after another.
 */
import { sql } from 'kysely';
import type { Db } from '../src/server/db/connection';
import { migrate } from '../src/server/db/migrate';
import { DEMO_PASSWORD, seed } from '../src/server/seed';
import { addDays, wallClockAt } from '../src/shared/time/zone';
import { createBenchCompany, insertChunked, insertResources } from './lib/bench-company';
import { companyHeaders, startBenchServer } from './lib/bench-server';
import { onEachBenchDatabase, type BenchDatabase } from './lib/bench-databases';
import { percentile, report } from './lib/report';

const SUBDOMAIN = 'benchservices';
const EMAIL = 'admin@benchservices.test';
const ZONE = 'Europe/Zurich';
const ORDERS = 20_000;
const ROOMS = 100;
const DAYS = 30;
const WARM = 5;
const TIMED = 40;

async function seedOrders(db: Db['kysely'], firstDay: string): Promise<void> {
  const company = await createBenchCompany(db, SUBDOMAIN, EMAIL);
  const { companyId } = company;
  const { id: levelId } = await db
    .insertInto('levels')
    .values({ company_id: companyId, parent_id: null, kind: 'floor', timezone: ZONE, country_id: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('level_translations')
    .values({ company_id: companyId, level_id: levelId, language_id: company.languageId, name: 'Floor 1' })
    .execute();
  const { id: typeId } = await db
    .insertInto('resource_types')
    .values({ company_id: companyId, key: 'room' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const rooms = await insertResources(
    db,
    Array.from({ length: ROOMS }, (_, index) => ({
      company_id: companyId,
      level_id: levelId,
      resource_type_id: typeId,
      position: index,
    })),
  );
  await insertChunked(
    db,
    'resource_translations',
    rooms.map((id, index) => ({
      company_id: companyId,
      resource_id: id,
      language_id: company.languageId,
      name: `Room ${index + 1}`,
    })),
  );
  const { id: cateringId } = await db
    .insertInto('service_types')
    .values({ company_id: companyId, key: 'catering', name: 'Catering' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const items = await db
    .insertInto('service_items')
    .values(
      [350, 280, 1400, 500, 900].map((price) => ({
        company_id: companyId,
        service_type_id: cateringId,
        price_cents: price,
      })),
    )
    .returning('id')
    .execute();
  await insertChunked(
    db,
    'service_item_translations',
    items.map((item, index) => ({
      company_id: companyId,
      service_item_id: item.id,
      language_id: company.languageId,
      name: `Item ${index + 1}`,
    })),
  );
  const { currency_id } = await db
    .selectFrom('companies')
    .select('currency_id')
    .where('id', '=', companyId)
    .executeTakeFirstOrThrow();
  const start = Date.parse(`${firstDay}T06:00:00Z`);
  const statuses = ['requested', 'confirmed', 'in_preparation', 'delivered', 'cancelled'] as const;
  const orders = Array.from({ length: ORDERS }, (_, index) => ({
    company_id: companyId,
    resource_id: rooms[index % ROOMS]!,
    ordered_by: company.userId,
    // spread over the month's working hours, 15-minute steps
    delivery_at: new Date(start + (index % DAYS) * 86_400_000 + ((index * 7) % 48) * 15 * 60_000),
    status: statuses[index % statuses.length]!,
    currency_id,
  }));
  const ids: number[] = [];
  for (let from = 0; from < orders.length; from += 1_000) {
    const rows = await db
      .insertInto('service_orders')
      .values(orders.slice(from, from + 1_000))
      .returning('id')
      .execute();
    ids.push(...rows.map((row) => row.id));
  }
  await insertChunked(
    db,
    'service_order_items',
    ids.flatMap((orderId, index) =>
      Array.from({ length: 1 + (index % 3) }, (_, line) => ({
        company_id: companyId,
        service_order_id: orderId,
        service_item_id: items[(index + line) % items.length]!.id,
        quantity: 1 + ((index + line) % 12),
        unit_price_cents: 350,
        status: orders[index]!.status,
      })),
    ),
  );
}

async function bench(target: BenchDatabase): Promise<void> {
  const firstDay = addDays(wallClockAt(new Date(), ZONE).date, 1);
  const setup = await target.open();
  try {
    await migrate(setup.pool);
    await seed(setup.kysely);
    await seedOrders(setup.kysely, firstDay);
    if (target.label === 'postgres') await sql`analyze`.execute(setup.kysely);
  } finally {
    await setup.close();
  }
  const server = await startBenchServer(target.serverEnv);
  try {
    const headers = await companyHeaders(server.base, SUBDOMAIN, EMAIL, DEMO_PASSWORD);
    const url =
      `${server.base}/api/company/v1/services/orders?start=${firstDay}&end=${addDays(firstDay, DAYS - 1)}` +
      '&sortBy=delivery_at&sortOrder=asc&groupBy=date&page=1&per_page=200';
    const times: number[] = [];
    for (let round = 0; round < WARM + TIMED; round += 1) {
      const started = performance.now();
      const response = await fetch(url, { headers });
      const body = (await response.json()) as { data: unknown[]; meta: { total: number } };
      const elapsed = performance.now() - started;
      if (!response.ok || body.data.length !== 200 || body.meta.total !== ORDERS)
        throw new Error(`queue: ${response.status}, ${body.data?.length} rows of ${body.meta?.total}`);
      if (round >= WARM) times.push(elapsed);
    }
    times.sort((a, b) => a - b);
    report(`service_queue_${target.label}_page_p50`, percentile(times, 50), 'ms');
    report(`service_queue_${target.label}_page_p95`, percentile(times, 95), 'ms');
  } finally {
    await server.stop();
  }
}

await onEachBenchDatabase('services', bench);
