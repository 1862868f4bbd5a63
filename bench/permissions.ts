/**
 * Bench of effective-permission resolution (issue 38): `npx tsx bench/permissions.ts`. In an embedded
 * database with the demo data, a company of 5,000 resources on 10 floors, and a user in 20
 * containers (10 level containers, one per floor, and 10 resource containers of 500 resources each,
 * every one with a role granting its permissions): the facts read for the user in one statement and
 * every resource decided (see and book), p95 over 60 runs after 10 untimed ones.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { openDatabase } from '../src/server/db/connection';
import { migrate } from '../src/server/db/migrate';
import { scopedFactsOf } from '../src/server/permissions/scoped';
import { seed } from '../src/server/seed';
import { mayBookResource, canSeeResource } from '../src/shared/permissions/scoped-access';
import { addContainer, addRole, addUser } from '../test/support/access-factories';
import { percentile, report } from './lib/report';

const FLOORS = 10;
const RESOURCES = 5_000;
const RUNS = 60;
const WARM = 10;

const db = await openDatabase({ kind: 'pglite', dataDir: null });
try {
  await migrate(db.pool);
  await seed(db.kysely);
  const k = db.kysely;
  const { id: companyId } = await k
    .selectFrom('companies')
    .select('id')
    .where('subdomain', '=', 'acme')
    .executeTakeFirstOrThrow();
  const { rows: floors } = await sql<{ id: number }>`
    insert into levels (company_id, parent_id, kind, timezone, is_declarable)
    select ${companyId}, null, 'floor', 'Europe/Zurich', true from generate_series(1, ${FLOORS})
    returning id`.execute(k);
  const type = await k
    .selectFrom('resource_types')
    .select('id')
    .where('company_id', '=', companyId)
    .executeTakeFirstOrThrow();
  const { rows: resources } = await sql<{ id: number; level_id: number }>`
    insert into resources (company_id, level_id, resource_type_id, resource_capacity_type, resource_model, capacity, max_capacity)
    select ${companyId}, (${sql.raw(`array[${floors.map((f) => f.id).join(',')}]`)})[1 + (n % ${FLOORS})], ${type.id},
      'exclusive', 'bookable', 1, 1
    from generate_series(1, ${RESOURCES}) n
    returning id, level_id`.execute(k);
  const user = await addUser(k, companyId, 'bench.resolution@acme.test');
  const levelRole = await addRole(k, companyId, 'LEVEL', [{ name: 'LEVEL_VIEW' }, { name: 'LEVEL_BOOK' }]);
  const resourceRole = await addRole(k, companyId, 'RESOURCE', [{ name: 'RESOURCE_BOOK' }]);
  for (const floor of floors)
    await addContainer(k, companyId, 'LEVEL', { users: [user.id], levels: [floor.id], roles: [levelRole] });
  const share = RESOURCES / 10;
  for (let index = 0; index < 10; index += 1)
    await addContainer(k, companyId, 'RESOURCE', {
      users: [user.id],
      resources: resources.slice(index * share, (index + 1) * share).map((r) => r.id),
      roles: [resourceRole],
    });

  const times: number[] = [];
  for (let run = 0; run < WARM + RUNS; run += 1) {
    const started = performance.now();
    const facts = await scopedFactsOf(k, companyId, user.id);
    let bookable = 0;
    for (const resource of resources)
      if (canSeeResource(facts, resource) && mayBookResource(facts, resource)) bookable += 1;
    if (bookable !== RESOURCES) throw new Error(`expected every resource bookable, got ${bookable}`);
    if (run >= WARM) times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  report('permissions_resolution_20_containers_5000_resources_p50', percentile(times, 50), 'ms');
  report('permissions_resolution_20_containers_5000_resources_p95', percentile(times, 95), 'ms');
} finally {
  await db.close();
}
