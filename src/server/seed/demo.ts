import type { Kysely, Transaction } from 'kysely';
import { hashPassword } from '../auth/passwords';
import { seedDefaultServiceTypes } from '../modules/resource-settings';
import type { Database } from '../db/schema';
import {
  EVERYDAY,
  EVERYTHING,
  insertCompanyPreferences,
  insertRoleWithContainer,
  type Grant,
} from './company-defaults';
import { seedDemoLevels } from './demo-levels';
import { seedResourceCatalogue } from './demo-resource-catalogue';
import { seedDemoResources } from './demo-resources';
import { seedDemoServices } from './demo-services';

/**
 * The demo companies and accounts of ARCHITECTURE.md "Operator contract" (password demo1234).
 * Written only into a database without companies.
 */
export const DEMO_PASSWORD = 'demo1234';

// Someone who sees and books only their own bookings (and, by delegation, those of whoever delegates to them).
const OWN_BOOKINGS_ONLY: Grant[] = EVERYDAY.filter((grant) => grant.name !== 'BOOKINGS');
const RECEPTION: Grant[] = [
  { name: 'VISITOR_MANAGEMENT', crud: 'crud' },
  { name: 'RECEPTIONS', crud: 'r' },
  { name: 'MY_VISITORS' },
  { name: 'USER_PROFILE', crud: 'r' },
];

interface DemoCompany {
  subdomain: string;
  name: string;
  country: string;
  language: string;
  timezone: string;
  currency: string;
  region: string;
  type: string;
  automaticMenus: string[];
  people: Array<{ email: string; first: string; last: string; role: string; startup?: string }>;
  roles: Record<string, Grant[]>;
}

const COMPANIES: DemoCompany[] = [
  {
    subdomain: 'acme',
    name: 'Acme Corporation',
    country: 'CH',
    language: 'en',
    timezone: 'Europe/Zurich',
    currency: 'CHF',
    region: 'CH',
    type: 'ENTERPRISE',
    automaticMenus: ['5D_MAPS', 'CLEAN', 'SCHEDULER'],
    roles: {
      Administrator: EVERYTHING,
      Employee: EVERYDAY,
      'Team member': OWN_BOOKINGS_ONLY,
      'Reception desk': RECEPTION,
    },
    people: [
      { email: 'admin@acme.test', first: 'Ada', last: 'Admin', role: 'Administrator' },
      { email: 'employee@acme.test', first: 'Emil', last: 'Employee', role: 'Employee', startup: 'PLAN' },
      { email: 'reception@acme.test', first: 'Rita', last: 'Reception', role: 'Reception desk' },
      { email: 'teammate@acme.test', first: 'Tom', last: 'Teammate', role: 'Team member' },
    ],
  },
  {
    subdomain: 'globex',
    name: 'Globex',
    country: 'US',
    language: 'en',
    timezone: 'America/New_York',
    currency: 'USD',
    region: 'US',
    type: 'SME',
    automaticMenus: ['5D_MAPS'],
    roles: { Administrator: EVERYTHING },
    people: [{ email: 'admin@globex.test', first: 'Gina', last: 'Globex', role: 'Administrator' }],
  },
];

export async function seedDemo(db: Kysely<Database>): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    // Two processes starting on one empty database: the second waits here, then finds companies.
    await tx.selectNoFrom((eb) => eb.fn('pg_advisory_xact_lock', [eb.lit(7_202_612)]).as('locked')).execute();
    const existing = await tx.selectFrom('companies').select('id').limit(1).executeTakeFirst();
    if (existing) return false;
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    const ids = await referenceIds(tx);
    await tx
      .insertInto('users')
      .values({
        company_id: null,
        email: 'platform@workplace.test',
        password_hash: passwordHash,
        first_name: 'Paula',
        last_name: 'Platform',
        language_id: ids.language('en'),
        country_id: ids.country('CH'),
        timezone: 'Europe/Zurich',
        is_platform_admin: true,
      })
      .execute();
    for (const company of COMPANIES) await seedCompany(tx, company, ids, passwordHash);
    return true;
  });
}

async function seedCompany(
  tx: Transaction<Database>,
  demo: DemoCompany,
  ids: Awaited<ReturnType<typeof referenceIds>>,
  passwordHash: string,
): Promise<void> {
  const { id: companyId } = await tx
    .insertInto('companies')
    .values({
      subdomain: demo.subdomain,
      name: demo.name,
      country_id: ids.country(demo.country),
      language_id: ids.language(demo.language),
      timezone: demo.timezone,
      currency_id: ids.currency(demo.currency),
      data_region_id: ids.region(demo.region),
      company_type_id: ids.companyType(demo.type),
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  await seedDemoLevels(tx, companyId, demo.subdomain);
  await seedResourceCatalogue(tx, companyId, demo.subdomain);
  await seedDefaultServiceTypes(tx, companyId);
  await seedDemoResources(tx, companyId, demo.subdomain);
  if (demo.subdomain === 'acme') await seedDemoServices(tx, companyId);
  await insertCompanyPreferences(tx, companyId, demo.automaticMenus);

  for (const [roleName, grants] of Object.entries(demo.roles)) {
    const { containerId } = await insertRoleWithContainer(tx, companyId, roleName, grants);
    for (const person of demo.people.filter((p) => p.role === roleName)) {
      const user = await tx
        .insertInto('users')
        .values({
          company_id: companyId,
          email: person.email,
          password_hash: passwordHash,
          first_name: person.first,
          last_name: person.last,
          language_id: ids.language(demo.language),
          country_id: ids.country(demo.country),
          timezone: demo.timezone,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await tx
        .insertInto('user_container_members')
        .values({ company_id: companyId, container_id: containerId, user_id: user.id })
        .execute();
      if (person.startup)
        await tx
          .insertInto('user_preferences')
          .values({
            company_id: companyId,
            user_id: user.id,
            key: 'StartUpPage',
            value: person.startup,
            is_automatic: null,
          })
          .execute();
    }
  }
}

async function referenceIds(tx: Transaction<Database>) {
  const lookup = async (
    table: 'countries' | 'currencies' | 'languages' | 'data_regions' | 'company_types',
  ) => {
    const rows = await tx.selectFrom(table).select(['id', 'code']).execute();
    return byKey(
      rows.map((row) => [row.code, row.id]),
      table,
    );
  };
  const categories = await tx.selectFrom('preference_categories').select(['id', 'key']).execute();
  const permissions = await tx.selectFrom('permissions').select(['id', 'name']).execute();
  return {
    country: await lookup('countries'),
    currency: await lookup('currencies'),
    language: await lookup('languages'),
    region: await lookup('data_regions'),
    companyType: await lookup('company_types'),
    category: byKey(
      categories.map((row) => [row.key, row.id]),
      'preference_categories',
    ),
    permission: byKey(
      permissions.map((row) => [row.name, row.id]),
      'permissions',
    ),
  };
}

function byKey(entries: Array<[string, number]>, table: string): (key: string) => number {
  const map = new Map(entries);
  return (key) => {
    const id = map.get(key);
    if (id === undefined) throw new Error(`Seed: no ${key} in ${table}`);
    return id;
  };
}
