/**
 * Server bench: `npx tsx bench/level-resources.ts`. One JSON object per line: { name, value, unit }.
 * GET levels/{id}/resources/all on a level holding 2,000 resources (issue 4: with filters, p95 under
 * 30 ms on PGlite). The bench writes its own company into a fresh PGlite directory first (migrated,
 * catalogue and demo seeded, then the large company added), closes it, and starts the real server
 * (main.ts) on that directory in its own process, so autocannon does not share its event loop.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import type { Kysely } from 'kysely';
import { hashPassword } from '../src/server/auth/passwords';
import { openDatabase } from '../src/server/db/connection';
import { migrate } from '../src/server/db/migrate';
import type { Database } from '../src/server/db/schema';
import { DEMO_PASSWORD, seed } from '../src/server/seed';
import { PERMISSION_NAMES } from '../src/shared/permissions';
import { foldForSearch } from '../src/shared/text/search';
import { insertChunked, insertResources } from './lib/bench-company';
import { startBenchServer } from './lib/bench-server';
import { percentile, report } from './lib/report';

const DURATION_SECONDS = 5;
const CONNECTIONS = 10;
const RESOURCES = 2_000;
const FLOORS = 4;
const SUBDOMAIN = 'bench';
const EMAIL = 'admin@bench.test';
const TYPES = ['desk', 'room', 'parking', 'locker'] as const;
const ATTRIBUTES = ['monitor', 'standing-desk', 'docking-station', 'video-conferencing', 'wheelchair-access'];

/**
 * The bench company: an administrator with every permission, and a site → building → 4 floors tree
 * holding 2,000 resources of four types (desks mostly), most with one to three attributes and names in
 * three languages. Answers the site's id.
 */
async function seedBenchCompany(db: Kysely<Database>): Promise<number> {
  const ref = await db
    .selectFrom('companies')
    .select(['country_id', 'language_id', 'currency_id', 'data_region_id', 'company_type_id'])
    .where('subdomain', '=', 'acme')
    .executeTakeFirstOrThrow();
  const { id: companyId } = await db
    .insertInto('companies')
    .values({ subdomain: SUBDOMAIN, name: 'Bench Corporation', timezone: 'Europe/Zurich', ...ref })
    .returning('id')
    .executeTakeFirstOrThrow();
  const languages = await db
    .selectFrom('languages')
    .select(['id', 'code'])
    .where('code', 'in', ['en', 'fr', 'de'])
    .execute();

  const role = await db
    .insertInto('roles')
    .values({ company_id: companyId, name: 'Administrator' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const permissions = await db
    .selectFrom('permissions')
    .select(['id', 'type'])
    .where('name', 'in', [...PERMISSION_NAMES])
    .execute();
  await db
    .insertInto('role_permissions')
    .values(
      permissions.map((permission) => ({
        company_id: companyId,
        role_id: role.id,
        permission_id: permission.id,
        can_create: permission.type === 'CRUD',
        can_read: permission.type === 'CRUD',
        can_update: permission.type === 'CRUD',
        can_delete: permission.type === 'CRUD',
        value: permission.type === 'NUMERICAL' ? 10 : null,
        is_active: true,
      })),
    )
    .execute();
  const container = await db
    .insertInto('user_containers')
    .values({ company_id: companyId, name: 'Administrators' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('user_container_roles')
    .values({ company_id: companyId, container_id: container.id, role_id: role.id })
    .execute();
  const user = await db
    .insertInto('users')
    .values({
      company_id: companyId,
      email: EMAIL,
      password_hash: await hashPassword(DEMO_PASSWORD),
      first_name: 'Bea',
      last_name: 'Bench',
      language_id: ref.language_id,
      country_id: ref.country_id,
      timezone: 'Europe/Zurich',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('user_container_members')
    .values({ company_id: companyId, container_id: container.id, user_id: user.id })
    .execute();

  const catalogue = async (table: 'resource_types' | 'resource_attributes', keys: readonly string[]) => {
    const rows = await db
      .insertInto(table)
      .values(keys.map((key) => ({ company_id: companyId, key })))
      .returning(['id', 'key'])
      .execute();
    const translations = rows.flatMap((row) =>
      languages.map((language) => ({
        company_id: companyId,
        [table === 'resource_types' ? 'resource_type_id' : 'resource_attribute_id']: row.id,
        language_id: language.id,
        name: `${row.key} (${language.code})`,
      })),
    );
    await insertChunked(
      db,
      table === 'resource_types' ? 'resource_type_translations' : 'resource_attribute_translations',
      translations,
    );
    return rows.map((row) => row.id);
  };
  const typeIds = await catalogue('resource_types', TYPES);
  const attributeIds = await catalogue('resource_attributes', ATTRIBUTES);

  const level = async (kind: 'site' | 'building' | 'floor', name: string, parentId: number | null) => {
    const { id } = await db
      .insertInto('levels')
      .values({
        company_id: companyId,
        parent_id: parentId,
        kind,
        timezone: 'Europe/Zurich',
        country_id: ref.country_id,
        is_declarable: kind === 'floor',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('level_translations')
      .values(
        languages.map((language) => ({
          company_id: companyId,
          level_id: id,
          language_id: language.id,
          name,
        })),
      )
      .execute();
    return id;
  };
  const site = await level('site', 'Bench campus', null);
  const building = await level('building', 'Tower', site);
  const floors: number[] = [];
  for (let floor = 1; floor <= FLOORS; floor += 1)
    floors.push(await level('floor', `Floor ${floor}`, building));

  // Desks 70 %, rooms 15 %, parking 10 %, lockers 5 %; rooms seat 2 to 20.
  const typeOf = (index: number) => {
    const slot = index % 20;
    return slot < 14 ? 0 : slot < 17 ? 1 : slot < 19 ? 2 : 3;
  };
  const resources = Array.from({ length: RESOURCES }, (_, index) => {
    const type = typeOf(index);
    const capacity = type === 1 ? 2 + (index % 19) : 1;
    return {
      company_id: companyId,
      level_id: floors[index % FLOORS]!,
      resource_type_id: typeIds[type]!,
      capacity,
      max_capacity: capacity,
      map_x: (index % 50) / 50 + 0.01,
      map_y: Math.floor(index / 50) / 40 + 0.01,
      position: index,
    };
  });
  const ids = await insertResources(db, resources);
  await insertChunked(
    db,
    'resource_translations',
    ids.flatMap((id, index) =>
      languages.map((language) => {
        const name = `${TYPES[typeOf(index)]} ${Math.floor(index / FLOORS) + 1}.${index % FLOORS} ${language.code}`;
        return {
          company_id: companyId,
          resource_id: id,
          language_id: language.id,
          name,
          search_name: foldForSearch(name),
        };
      }),
    ),
  );
  // Three in four resources carry attributes: one to three of them, varying with the index.
  await insertChunked(
    db,
    'resource_resource_attributes',
    ids.flatMap((id, index) =>
      index % 4 === 3
        ? []
        : attributeIds
            .filter((_, a) => a === index % ATTRIBUTES.length || (index + a) % 3 === 0)
            .slice(0, 3)
            .map((attributeId) => ({
              company_id: companyId,
              resource_id: id,
              resource_attribute_id: attributeId,
            })),
    ),
  );
  process.stderr.write(`bench: company ${SUBDOMAIN} with ${ids.length} resources under level ${site}\n`);
  return site;
}

async function load(name: string, url: string, headers: Record<string, string>, connections: number) {
  const times: number[] = [];
  let failures = 0;
  const instance = autocannon({ url, headers, connections, duration: DURATION_SECONDS });
  instance.on('response', (_client, status, _bytes, responseTime) => {
    if (status >= 200 && status < 300) times.push(responseTime);
    else failures += 1;
  });
  const result = await instance;
  // Requests still queued at the deadline are answered before the next run starts.
  await fetch(url, { headers });
  times.sort((a, b) => a - b);
  if (times.length === 0) throw new Error(`${name}: no answer within ${DURATION_SECONDS} s`);
  if (failures > 0 || result.errors > 0)
    throw new Error(`${name}: ${failures} non-2xx answers, ${result.errors} errors`);
  report(`${name}_throughput`, result.requests.average, 'req/s');
  report(`${name}_p50`, percentile(times, 50), 'ms');
  report(`${name}_p95`, percentile(times, 95), 'ms');
}

async function main(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'workplace-bench-'));
  try {
    const db = await openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'pglite') });
    let siteId: number;
    let ids: { desk: number; room: number; monitor: number; video: number };
    try {
      await migrate(db.pool);
      await seed(db.kysely);
      siteId = await seedBenchCompany(db.kysely);
      // No analyse here: the server gathers planner statistics itself when it starts (PGlite runs no
      // autovacuum), so the bench measures what an operator gets.
      const id = async (table: 'resource_types' | 'resource_attributes', key: string) =>
        (
          await db.kysely
            .selectFrom(table)
            .innerJoin('companies', 'companies.id', `${table}.company_id`)
            .select(`${table}.id as id`)
            .where('companies.subdomain', '=', SUBDOMAIN)
            .where(`${table}.key`, '=', key)
            .executeTakeFirstOrThrow()
        ).id;
      ids = {
        desk: await id('resource_types', 'desk'),
        room: await id('resource_types', 'room'),
        monitor: await id('resource_attributes', 'monitor'),
        video: await id('resource_attributes', 'video-conferencing'),
      };
    } finally {
      await db.close();
    }

    const server = await startBenchServer({
      DATA_DIR: dataDir,
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret-42',
    });
    try {
      const login = await fetch(`${server.base}/api/company/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', subdomain: SUBDOMAIN },
        body: JSON.stringify({ email: EMAIL, password: DEMO_PASSWORD }),
      });
      const { access_token } = (await login.json()) as { access_token: string };
      const headers = { subdomain: SUBDOMAIN, authorization: `Bearer ${access_token}` };
      const base = `${server.base}/api/company/v1/levels/${siteId}/resources/all`;
      // A plan's filter panel: desks or rooms with a monitor, seating at least one, named like "desk 1…".
      const filtered = `${base}?resource_type=${ids.desk},${ids.room}&resource_attribute=${ids.monitor}&capacity=1&query=desk%201`;
      const rooms = `${base}?resource_type=${ids.room}&resource_attribute=${ids.video}&capacity=6`;
      for (const [label, url] of [
        ['filtered', filtered],
        ['rooms', rooms],
        ['unfiltered', base],
      ] as const) {
        const answer = await fetch(url, { headers });
        if (!answer.ok) throw new Error(`${label}: ${answer.status} ${await answer.text()}`);
        const { data } = (await answer.json()) as { data: unknown[] };
        process.stderr.write(`bench: ${label} answers ${data.length} resources\n`);
      }
      // One client at a time first: the latency of the request itself, without queueing.
      await load('level_resources_all_1conn', filtered, headers, 1);
      await load('level_resources_all_rooms_1conn', rooms, headers, 1);
      // The whole level (2,000 resources, every field): what an unfiltered plan loads.
      await load('level_resources_all_unfiltered_1conn', base, headers, 1);
      await load('level_resources_all', filtered, headers, CONNECTIONS);
    } finally {
      await server.stop();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
