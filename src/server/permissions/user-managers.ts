import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Action } from '../../shared/permissions';
import type { Database } from '../db/schema';

/*
 * User managers (spec §2 /containers-users-manager, /roles-user-manager): a user-manager container
 * names its user managers and the users they manage, and its roles (kind USER_MANAGER) say what they
 * may do to them through MANAGE_USERS' CRUD flags. The users managed are the container's own users
 * and the users of every user container sharing a mega container with it. Company-wide user
 * administration (a general permission) is the users module's to decide; these helpers answer only
 * what user-manager containers grant. Signatures documented in docs/permissions.md.
 */

const FLAG: Record<Action, RawBuilder<boolean>> = {
  create: sql<boolean>`rp.can_create`,
  read: sql<boolean>`rp.can_read`,
  update: sql<boolean>`rp.can_update`,
  delete: sql<boolean>`rp.can_delete`,
};

/**
 * The ids of the users `managerId` may `action` through user-manager containers (never themselves:
 * their own account is the profile's), as a subquery of
 * one column `user_id` (to filter a list in SQL: `where users.id in (managedUsersQuery(...))`).
 */
export function managedUsersQuery(
  companyId: number,
  managerId: number,
  action: Action,
): RawBuilder<{ user_id: number }> {
  return sql<{ user_id: number }>`
    with managing as (
      select distinct um.container_id
        from container_user_managers um
        join user_containers c on c.company_id = um.company_id and c.id = um.container_id and c.access_type = 'USER_MANAGER'
        join user_container_roles ucr on ucr.company_id = c.company_id and ucr.container_id = c.id
        join roles r on r.company_id = ucr.company_id and r.id = ucr.role_id and r.kind = 'USER_MANAGER'
        join role_permissions rp on rp.company_id = r.company_id and rp.role_id = r.id and rp.is_active
        join permissions p on p.id = rp.permission_id and p.name = 'MANAGE_USERS'
        where um.company_id = ${companyId} and um.user_id = ${managerId} and ${FLAG[action]}
    )
    select m.user_id from user_container_members m
      where m.company_id = ${companyId} and m.container_id in (select container_id from managing)
        and m.user_id <> ${managerId}
    union
    select m.user_id
      from managing
      join mega_container_containers mine on mine.company_id = ${companyId} and mine.container_id = managing.container_id
      join mega_container_containers other
        on other.company_id = mine.company_id and other.mega_container_id = mine.mega_container_id
      join user_containers uc on uc.company_id = other.company_id and uc.id = other.container_id and uc.access_type = 'USER'
      join user_container_members m on m.company_id = uc.company_id and m.container_id = uc.id
      where m.user_id <> ${managerId}`;
}

/** The users `managerId` may `action` through user-manager containers (never themselves). */
export async function managedUserIds(
  db: Kysely<Database>,
  companyId: number,
  managerId: number,
  action: Action,
): Promise<Set<number>> {
  const { rows } = await managedUsersQuery(companyId, managerId, action).execute(db);
  return new Set(rows.map((row) => row.user_id));
}

export interface ManagerFlags {
  read: boolean;
  update: boolean;
  delete: boolean;
}

/**
 * What `managerId`'s user-manager containers let them do to their users (MANAGE_USERS' flags,
 * any container's), as one scalar column: the initial answer tells the client so that the users
 * screens open for a user manager (the routes still judge user by user: canManageUser).
 */
export function managerFlagsColumn(companyId: number, managerId: number): RawBuilder<ManagerFlags> {
  return sql<ManagerFlags>`(
    select json_build_object(
        'read', coalesce(bool_or(rp.can_read), false),
        'update', coalesce(bool_or(rp.can_update), false),
        'delete', coalesce(bool_or(rp.can_delete), false))
      from container_user_managers um
      join user_containers c on c.company_id = um.company_id and c.id = um.container_id and c.access_type = 'USER_MANAGER'
      join user_container_roles ucr on ucr.company_id = c.company_id and ucr.container_id = c.id
      join roles r on r.company_id = ucr.company_id and r.id = ucr.role_id and r.kind = 'USER_MANAGER'
      join role_permissions rp on rp.company_id = r.company_id and rp.role_id = r.id and rp.is_active
      join permissions p on p.id = rp.permission_id and p.name = 'MANAGE_USERS'
      where um.company_id = ${companyId} and um.user_id = ${managerId})`;
}

/** Whether `managerId` may `action` user `userId` through a user-manager container. */
export async function canManageUser(
  db: Kysely<Database>,
  companyId: number,
  managerId: number,
  userId: number,
  action: Action,
): Promise<boolean> {
  if (managerId === userId) return false;
  const { rows } = await sql<{ user_id: number }>`
    select user_id from (${managedUsersQuery(companyId, managerId, action)}) managed
      where user_id = ${userId} limit 1`.execute(db);
  return rows.length > 0;
}

/** Whether `managerId` may `action` anyone through user-manager containers (the users routes' gate). */
export async function managesAnyone(
  db: Kysely<Database>,
  companyId: number,
  managerId: number,
  action: Action,
): Promise<boolean> {
  const { rows } = await sql<{ user_id: number }>`
    select user_id from (${managedUsersQuery(companyId, managerId, action)}) managed limit 1`.execute(db);
  return rows.length > 0;
}
