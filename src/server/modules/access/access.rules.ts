import { sql, type Kysely } from 'kysely';
import {
  allows,
  can,
  type AccessType,
  type Action,
  type GeneralPermission,
  type PermissionName,
} from '../../../shared/permissions';
import type { ServiceContext } from '../../context';
import type { Database } from '../../db/schema';
import { forbidden, HttpError } from '../../http/errors';

/*
 * Who may administer which part of the access model (spec §2: each screen's permission), and the two
 * safety rules of issue 38: nobody grants a permission they do not hold, and a company always keeps
 * an administrator.
 */

export const CONTAINER_PERMISSION: Record<AccessType, PermissionName> = {
  USER: 'USERS_CONTAINERS',
  USER_MANAGER: 'USER_MANAGER_CONTAINERS',
  LEVEL: 'LEVELS_CONTAINERS',
  RESOURCE: 'RESOURCES_CONTAINERS',
  RECEPTION_DESK: 'RECEPTION_DESK_CONTAINERS',
};

export const ROLE_PERMISSION: Record<AccessType, PermissionName> = {
  USER: 'USERS_ROLES',
  USER_MANAGER: 'USER_MANAGER_ROLES',
  LEVEL: 'LEVELS_ROLES',
  RESOURCE: 'RESOURCES_ROLES',
  RECEPTION_DESK: 'RECEPTION_DESK_ROLES',
};

/** Any container (or role) screen's permission with `action`: what a route needs before the kind is known. */
export const anyOf = (table: Record<AccessType, PermissionName>, action: Action) =>
  Object.values(table).map((name) => [name, action] as const);

export function requireAction(ctx: ServiceContext, name: PermissionName, action: Action): void {
  if (!can(ctx.permissions ?? [], [name, action])) throw forbidden();
}

export interface GrantLike {
  permission: string;
  type: GeneralPermission['type'];
  is_active: boolean;
  create: boolean;
  read: boolean;
  update: boolean;
  delete: boolean;
  value: number | null;
}

/**
 * Issue 38: an administrator never grants a general permission they do not hold themselves, active,
 * with each CRUD flag granted and at least the NUMERICAL value. Scoped permissions (levels,
 * resources…) are no one's to hold: the screen's own permission decides them.
 */
export function assertHolds(ctx: ServiceContext, grants: readonly GrantLike[]): void {
  const mine = new Map((ctx.permissions ?? []).map((permission) => [permission.permission, permission]));
  for (const grant of grants) {
    if (!grant.is_active) continue;
    const held = mine.get(grant.permission);
    const flags = (['create', 'read', 'update', 'delete'] as const).filter((flag) => grant[flag]);
    const holds =
      held !== undefined &&
      allows(held, undefined) &&
      (grant.type !== 'CRUD' || flags.every((flag) => allows(held, flag))) &&
      (grant.type !== 'NUMERICAL' || (held.value ?? 0) >= (grant.value ?? 0));
    if (!holds) throw forbidden(`You cannot grant ${grant.permission}: you do not hold it yourself.`);
  }
}

/** What the USER roles `roleIds` grant (general permissions), to check with assertHolds. */
export async function grantsOfRoles(
  db: Kysely<Database>,
  companyId: number,
  roleIds: readonly number[],
): Promise<GrantLike[]> {
  if (roleIds.length === 0) return [];
  return db
    .selectFrom('role_permissions as rp')
    .innerJoin('permissions as p', 'p.id', 'rp.permission_id')
    .select([
      'p.name as permission',
      'p.type as type',
      'rp.is_active',
      'rp.can_create as create',
      'rp.can_read as read',
      'rp.can_update as update',
      'rp.can_delete as delete',
      'rp.value',
    ])
    .where('rp.company_id', '=', companyId)
    .where('rp.role_id', 'in', [...roleIds])
    .where('p.category', '=', 'USER')
    .execute();
}

export const LAST_ADMINISTRATOR = 'The company must keep at least one administrator.';

/**
 * Issue 38: a change may not leave the company without an administrator, someone who can give access
 * back (USERS_CONTAINERS and USERS_ROLES, both with update). Run in the change's transaction.
 */
export async function assertAdministratorRemains(db: Kysely<Database>, companyId: number): Promise<void> {
  const { rows } = await sql<{ found: number }>`
    select 1 as found from user_container_members m
      join user_container_roles cr on cr.company_id = m.company_id and cr.container_id = m.container_id
      join role_permissions rp on rp.company_id = cr.company_id and rp.role_id = cr.role_id
        and rp.is_active and rp.can_update
      join permissions p on p.id = rp.permission_id and p.category = 'USER'
        and p.name in ('USERS_CONTAINERS', 'USERS_ROLES')
      where m.company_id = ${companyId}
      group by m.user_id having count(distinct p.name) = 2
      limit 1`.execute(db);
  if (rows.length === 0) throw new HttpError(422, LAST_ADMINISTRATOR);
}
