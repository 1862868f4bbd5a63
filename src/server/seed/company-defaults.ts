import type { Kysely } from 'kysely';
import { PERMISSION_NAMES, PERMISSION_TYPE_OF, type PermissionName } from '../../shared/permissions';
import type { Database } from '../db/schema';
import { seedDefaultServiceTypes } from '../modules/resource-settings';
import { MENU_MODULES } from './catalogue';
import { seedCompanyPreferences } from './preferences.seed';

/**
 * What every company starts with, whether the demo seed or the master area creates it: its
 * preferences, service types, the resource types a first desk and room need, and the roles with a
 * user container each. One place, so a company created from the master area works like the demo's.
 */
export type Grant = { name: PermissionName; crud?: string; value?: number };

export const EVERYDAY: Grant[] = [
  { name: 'PLAN', value: 1 },
  { name: 'BOOKINGS', crud: 'cr' },
  { name: 'MY_BOOKINGS' },
  { name: 'MY_VISITORS' },
  { name: 'MY_VISITS' },
  { name: 'USER_PROFILE', crud: 'ru' },
  { name: 'ONE-CLICK' },
  { name: 'REAL_TIME' },
];
export const EVERYTHING: Grant[] = PERMISSION_NAMES.map((name) => ({ name, crud: 'crud', value: 10 }));

/** The roles a new company gets; the first administrator joins the first one's container. */
export const DEFAULT_ROLES: Record<string, Grant[]> = { Administrator: EVERYTHING, Employee: EVERYDAY };

const DEFAULT_RESOURCE_TYPES = [
  { key: 'desk', icon: 'desk', names: { en: 'Desk', fr: 'Bureau', de: 'Arbeitsplatz' } },
  {
    key: 'room',
    icon: 'conference-room',
    names: { en: 'Meeting room', fr: 'Salle de réunion', de: 'Besprechungsraum' },
  },
];

async function idsByKey(db: Kysely<Database>) {
  const [categories, permissions] = await Promise.all([
    db.selectFrom('preference_categories').select(['id', 'key']).execute(),
    db.selectFrom('permissions').select(['id', 'name']).execute(),
  ]);
  const category = new Map(categories.map((row) => [row.key, row.id]));
  const permission = new Map(permissions.map((row) => [row.name, row.id]));
  const need = (map: Map<string, number>, key: string) => {
    const id = map.get(key);
    if (id === undefined) throw new Error(`Catalogue: no ${key}`);
    return id;
  };
  return {
    category: (key: string) => need(category, key),
    permission: (key: string) => need(permission, key),
  };
}

/** Menu, start-up, date and time preferences, then every catalogue preference at its initial value. */
export async function insertCompanyPreferences(
  db: Kysely<Database>,
  companyId: number,
  automaticMenus: readonly string[] = [],
): Promise<void> {
  const ids = await idsByKey(db);
  const menu = ids.category('MENU');
  await db
    .insertInto('company_preferences')
    .values([
      ...MENU_MODULES.map((key) => ({
        company_id: companyId,
        key,
        category_id: menu,
        value: null,
        is_automatic: automaticMenus.includes(key),
      })),
      { company_id: companyId, key: 'StartUpPage', category_id: ids.category('GENERAL'), value: 'MAIN_MENU' },
      { company_id: companyId, key: 'DateFormat', category_id: ids.category('TIME'), value: 'd.M.yyyy' },
      { company_id: companyId, key: 'TimeFormat', category_id: ids.category('TIME'), value: 'HH:mm' },
    ])
    .execute();
  await seedCompanyPreferences(db, companyId);
}

/** A role with its grants and a user container holding it (named after the role, in the plural). */
export async function insertRoleWithContainer(
  db: Kysely<Database>,
  companyId: number,
  roleName: string,
  grants: readonly Grant[],
): Promise<{ roleId: number; containerId: number }> {
  const ids = await idsByKey(db);
  const role = await db
    .insertInto('roles')
    .values({ company_id: companyId, name: roleName })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('role_permissions')
    .values(
      grants.map((grant) => {
        const crud = PERMISSION_TYPE_OF[grant.name] === 'CRUD' ? (grant.crud ?? '') : '';
        return {
          company_id: companyId,
          role_id: role.id,
          permission_id: ids.permission(grant.name),
          can_create: crud.includes('c'),
          can_read: crud.includes('r'),
          can_update: crud.includes('u'),
          can_delete: crud.includes('d'),
          value: PERMISSION_TYPE_OF[grant.name] === 'NUMERICAL' ? (grant.value ?? 1) : null,
          is_active: true,
        };
      }),
    )
    .execute();
  const container = await db
    .insertInto('user_containers')
    .values({ company_id: companyId, name: `${roleName}s` })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('user_container_roles')
    .values({ company_id: companyId, container_id: container.id, role_id: role.id })
    .execute();
  return { roleId: role.id, containerId: container.id };
}

/**
 * A new company's defaults: preferences, service types, a desk and a meeting-room type, and the
 * DEFAULT_ROLES. Answers the container of each role by role name.
 */
export async function provisionCompanyDefaults(
  db: Kysely<Database>,
  companyId: number,
): Promise<Map<string, number>> {
  await insertCompanyPreferences(db, companyId);
  await seedDefaultServiceTypes(db, companyId);
  const languages = new Map(
    (await db.selectFrom('languages').select(['id', 'code']).execute()).map((row) => [row.code, row.id]),
  );
  for (const type of DEFAULT_RESOURCE_TYPES) {
    const { id } = await db
      .insertInto('resource_types')
      .values({ company_id: companyId, key: type.key, icon: type.icon, is_bookable: true })
      .returning('id')
      .executeTakeFirstOrThrow();
    const names = Object.entries(type.names).flatMap(([code, name]) => {
      const languageId = languages.get(code);
      return languageId === undefined
        ? []
        : [{ company_id: companyId, resource_type_id: id, language_id: languageId, name }];
    });
    if (names.length > 0) await db.insertInto('resource_type_translations').values(names).execute();
  }
  const containers = new Map<string, number>();
  for (const [roleName, grants] of Object.entries(DEFAULT_ROLES)) {
    containers.set(roleName, (await insertRoleWithContainer(db, companyId, roleName, grants)).containerId);
  }
  return containers;
}
