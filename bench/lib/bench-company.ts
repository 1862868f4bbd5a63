/**
 * A company of the bench's own beside the demo ones: an administrator holding every permission,
 * so a bench measures a request's work rather than its refusal.
 */
import type { Insertable, Kysely } from 'kysely';
import { hashPassword } from '../../src/server/auth/passwords';
import type { Database } from '../../src/server/db/schema';
import { DEMO_PASSWORD } from '../../src/server/seed';
import { PERMISSION_NAMES } from '../../src/shared/permissions';

/** Inserts many rows in statements of a size PostgreSQL's parameter limit allows. */
export async function insertChunked<T extends keyof Database>(
  db: Kysely<Database>,
  table: T,
  rows: readonly Record<string, unknown>[],
  chunk = 1_000,
): Promise<void> {
  for (let start = 0; start < rows.length; start += chunk)
    await db
      .insertInto(table)
      .values(rows.slice(start, start + chunk) as never)
      .execute();
}

/** Inserts resources in chunks; answers their ids in the order of their `position`. */
export async function insertResources(
  db: Kysely<Database>,
  resources: readonly (Insertable<Database['resources']> & { position: number })[],
  chunk = 1_000,
): Promise<number[]> {
  const ids: number[] = [];
  for (let start = 0; start < resources.length; start += chunk) {
    const rows = await db
      .insertInto('resources')
      .values(resources.slice(start, start + chunk))
      .returning(['id', 'position'])
      .execute();
    for (const row of rows) ids[row.position] = row.id;
  }
  return ids;
}

export interface BenchCompany {
  companyId: number;
  userId: number;
  languageId: number;
  countryId: number;
}

/** The company `subdomain` (acme's country, language and currency) and its administrator `email`. */
export async function createBenchCompany(
  db: Kysely<Database>,
  subdomain: string,
  email: string,
): Promise<BenchCompany> {
  const ref = await db
    .selectFrom('companies')
    .select(['country_id', 'language_id', 'currency_id', 'data_region_id', 'company_type_id'])
    .where('subdomain', '=', 'acme')
    .executeTakeFirstOrThrow();
  const { id: companyId } = await db
    .insertInto('companies')
    .values({ subdomain, name: `Bench ${subdomain}`, timezone: 'Europe/Zurich', ...ref })
    .returning('id')
    .executeTakeFirstOrThrow();
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
      email,
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
  return { companyId, userId: user.id, languageId: ref.language_id, countryId: ref.country_id };
}
