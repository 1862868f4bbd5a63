import type { Kysely } from 'kysely';
import { hashPassword } from '../../src/server/auth/passwords';
import type { Database } from '../../src/server/db/schema';
import type { AccessType } from '../../src/shared/permissions';
import { DEMO_PASSWORD } from './server-factories';

/**
 * Builders for the access model (docs/permissions.md) written straight into a test database:
 * users, roles with their permissions, containers with their members, mega containers.
 */

export interface Grant {
  name: string;
  /** CRUD flags as letters: 'cr', 'crud' */
  crud?: string;
  value?: number;
  active?: boolean;
}

let counter = 0;
const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}-${(counter += 1)}`;

/** A user of the company, password demo1234, member of nothing. */
export async function addUser(
  db: Kysely<Database>,
  companyId: number,
  email = `${unique('user').replace(/\W+/g, '.')}@acme.test`,
) {
  const company = await db
    .selectFrom('companies')
    .select(['language_id', 'country_id', 'timezone'])
    .where('id', '=', companyId)
    .executeTakeFirstOrThrow();
  const { id } = await db
    .insertInto('users')
    .values({
      company_id: companyId,
      email: email.toLowerCase(),
      password_hash: await hashPassword(DEMO_PASSWORD),
      first_name: 'Test',
      last_name: email.split('@')[0]!,
      language_id: company.language_id,
      country_id: company.country_id,
      timezone: company.timezone,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id, email: email.toLowerCase() };
}

export async function addRole(
  db: Kysely<Database>,
  companyId: number,
  kind: AccessType,
  grants: readonly Grant[],
  name = unique(`${kind} role`),
): Promise<number> {
  const { id } = await db
    .insertInto('roles')
    .values({ company_id: companyId, name, kind })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (grants.length === 0) return id;
  const permissions = await db
    .selectFrom('permissions')
    .select(['id', 'name', 'type'])
    .where(
      'name',
      'in',
      grants.map((grant) => grant.name),
    )
    .execute();
  await db
    .insertInto('role_permissions')
    .values(
      grants.map((grant) => {
        const permission = permissions.find((p) => p.name === grant.name);
        if (!permission) throw new Error(`No permission ${grant.name}`);
        const crud = grant.crud ?? '';
        return {
          company_id: companyId,
          role_id: id,
          permission_id: permission.id,
          can_create: crud.includes('c'),
          can_read: crud.includes('r'),
          can_update: crud.includes('u'),
          can_delete: crud.includes('d'),
          value: grant.value ?? null,
          is_active: grant.active ?? true,
        };
      }),
    )
    .execute();
  return id;
}

export interface ContainerMembers {
  users?: readonly number[];
  managers?: readonly number[];
  levels?: readonly number[];
  resources?: readonly number[];
  receptionDesks?: readonly number[];
  roles?: readonly number[];
}

export async function addContainer(
  db: Kysely<Database>,
  companyId: number,
  accessType: AccessType,
  members: ContainerMembers,
  name = unique(`${accessType} container`),
): Promise<number> {
  const { id } = await db
    .insertInto('user_containers')
    .values({ company_id: companyId, name, access_type: accessType })
    .returning('id')
    .executeTakeFirstOrThrow();
  const rows = <K extends string>(key: K, ids: readonly number[] | undefined) =>
    (ids ?? []).map(
      (value) =>
        ({ company_id: companyId, container_id: id, [key]: value }) as {
          company_id: number;
          container_id: number;
        } & Record<K, number>,
    );
  if (members.users?.length)
    await db.insertInto('user_container_members').values(rows('user_id', members.users)).execute();
  if (members.managers?.length)
    await db.insertInto('container_user_managers').values(rows('user_id', members.managers)).execute();
  if (members.levels?.length)
    await db.insertInto('container_levels').values(rows('level_id', members.levels)).execute();
  if (members.resources?.length)
    await db.insertInto('container_resources').values(rows('resource_id', members.resources)).execute();
  if (members.receptionDesks?.length)
    await db
      .insertInto('container_reception_desks')
      .values(rows('reception_desk_id', members.receptionDesks))
      .execute();
  if (members.roles?.length)
    await db.insertInto('user_container_roles').values(rows('role_id', members.roles)).execute();
  return id;
}

export async function addMegaContainer(
  db: Kysely<Database>,
  companyId: number,
  containerIds: readonly number[],
  name = unique('mega container'),
): Promise<number> {
  const { id } = await db
    .insertInto('mega_containers')
    .values({ company_id: companyId, name })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('mega_container_containers')
    .values(
      containerIds.map((container_id) => ({ company_id: companyId, mega_container_id: id, container_id })),
    )
    .execute();
  return id;
}
