import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { allows, type GeneralPermission } from '../../shared/permissions';
import type { Database } from '../db/schema';

/*
 * A user's permissions, resolved in one place for every caller (the request hook, the realtime
 * socket, the modules). Each source of grants is a function of its own: here the general permissions,
 * from the roles of the user containers the user belongs to (containerRoleGrants); per level and
 * resource in scoped.ts; what user managers may do to whom in user-managers.ts.
 */

/**
 * A user's general permissions (spec §3), through containers → roles → role permissions, merged
 * per permission: active when any grant is active; each CRUD flag and the NUMERICAL value taken
 * from the active grants only (OR of the flags, max of the values). Inactive grants still list the
 * permission, inactive.
 */
export function generalPermissionsQuery(db: Kysely<Database>, companyId: number, userId: number) {
  return containerRoleGrants(db, companyId)
    .where('m.user_id', '=', userId)
    .groupBy(['p.id', 'p.name', 'p.type'])
    .orderBy('p.name');
}

/**
 * Source: the roles of the user containers the company's members belong to, merged per permission;
 * before they are narrowed to users and grouped.
 */
function containerRoleGrants(db: Kysely<Database>, companyId: number) {
  return (
    db
      .selectFrom('user_container_members as m')
      .innerJoin('user_container_roles as cr', (join) =>
        join.onRef('cr.company_id', '=', 'm.company_id').onRef('cr.container_id', '=', 'm.container_id'),
      )
      .innerJoin('role_permissions as rp', (join) =>
        join.onRef('rp.company_id', '=', 'cr.company_id').onRef('rp.role_id', '=', 'cr.role_id'),
      )
      // Only general permissions: a scoped role's (level, resource…) are granted over its container's members (scoped.ts).
      .innerJoin('permissions as p', (join) =>
        join.onRef('p.id', '=', 'rp.permission_id').on('p.category', '=', 'USER'),
      )
      .select([
        'p.name as permission',
        'p.type as type',
        sql<boolean>`bool_or(rp.is_active)`.as('is_active'),
        sql<boolean>`coalesce(bool_or(rp.can_create) filter (where rp.is_active), false)`.as('create'),
        sql<boolean>`coalesce(bool_or(rp.can_read) filter (where rp.is_active), false)`.as('read'),
        sql<boolean>`coalesce(bool_or(rp.can_update) filter (where rp.is_active), false)`.as('update'),
        sql<boolean>`coalesce(bool_or(rp.can_delete) filter (where rp.is_active), false)`.as('delete'),
        sql<number | null>`max(rp.value) filter (where rp.is_active)`.as('value'),
      ])
      .where('m.company_id', '=', companyId)
  );
}

/** Several users' general permissions in one query, by user (a user with none is absent). */
export async function generalPermissionsOfUsers(
  db: Kysely<Database>,
  companyId: number,
  userIds: readonly number[],
): Promise<Map<number, GeneralPermission[]>> {
  const byUser = new Map<number, GeneralPermission[]>();
  if (userIds.length === 0) return byUser;
  const rows = await containerRoleGrants(db, companyId)
    .select('m.user_id as user_id')
    .where('m.user_id', 'in', [...userIds])
    .groupBy(['m.user_id', 'p.id', 'p.name', 'p.type'])
    .orderBy('p.name')
    .execute();
  for (const { user_id: userId, ...row } of rows) {
    const list = byUser.get(userId) ?? [];
    list.push(row);
    byUser.set(userId, list);
  }
  for (const [userId, list] of byUser) byUser.set(userId, normalizePermissions(list));
  return byUser;
}

/**
 * The company's people whose merged general permission `name` allows `action` (for a notice to
 * whoever may act: the providers told of a problem report). Visitors and the removed users'
 * placeholder hold no roles, so they are never among them.
 */
export async function holdersOfPermission(
  db: Kysely<Database>,
  companyId: number,
  name: string,
  action: 'read' | 'update' = 'read',
): Promise<number[]> {
  const rows = await containerRoleGrants(db, companyId)
    .select('m.user_id as user_id')
    .where('p.name', '=', name)
    .groupBy(['m.user_id', 'p.id', 'p.name', 'p.type'])
    .orderBy('m.user_id')
    .execute();
  return rows
    .filter(({ user_id: _user, ...row }) => allows(normalizePermissions([row])[0]!, action))
    .map((row) => row.user_id);
}

export async function generalPermissionsOf(
  db: Kysely<Database>,
  companyId: number,
  userId: number,
): Promise<GeneralPermission[]> {
  return normalizePermissions(await generalPermissionsQuery(db, companyId, userId).execute());
}

export function normalizePermissions(rows: GeneralPermission[]): GeneralPermission[] {
  return rows.map((row) => ({
    ...row,
    // CRUD flags mean nothing on the other types; NUMERICAL alone carries a value.
    ...(row.type === 'CRUD' ? {} : { create: false, read: false, update: false, delete: false }),
    value: row.type === 'NUMERICAL' ? row.value : null,
  }));
}
