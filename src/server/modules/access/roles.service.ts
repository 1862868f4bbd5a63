import { sql, type Kysely } from 'kysely';
import { can, type AccessType } from '../../../shared/permissions';
import type {
  PermissionList,
  PermissionRoles,
  PermissionRolesBulkBody,
  Role,
  RoleBody,
  RoleList,
  RolePermission,
  RolePermissionList,
  RolePermissionsBulkBody,
} from '../../../shared/contract/access';
import type { ServiceContext } from '../../context';
import type { Database } from '../../db/schema';
import { notFound, unprocessable } from '../../http/errors';
import {
  assertAdministratorRemains,
  assertHolds,
  requireAction,
  ROLE_PERMISSION,
  type GrantLike,
} from './access.rules';
import { MESSAGES } from './containers.service';
import { recordAudit } from '../logs';

/* spec §2 /roles-user, -user-manager, -level, -resource, -reception-desk and /permissions-*; §7 Roles. */

type Grant = {
  granted: boolean;
  is_active?: boolean;
  create?: boolean;
  read?: boolean;
  update?: boolean;
  delete?: boolean;
  value?: number | null;
};

async function roleOf(ctx: ServiceContext, id: number, action: 'read' | 'update' | 'delete') {
  const row = await ctx.db
    .selectFrom('roles')
    .select(['id', 'name', 'kind'])
    .where('company_id', '=', ctx.companyId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound();
  requireAction(ctx, ROLE_PERMISSION[row.kind], action);
  return row;
}

async function withContainers(
  ctx: ServiceContext,
  rows: Array<{ id: number; name: string; kind: AccessType }>,
): Promise<Role[]> {
  if (rows.length === 0) return [];
  const links = await ctx.db
    .selectFrom('user_container_roles as cr')
    .innerJoin('user_containers as c', (join) =>
      join.onRef('c.company_id', '=', 'cr.company_id').onRef('c.id', '=', 'cr.container_id'),
    )
    .select(['cr.role_id', 'c.id', 'c.name'])
    .where('cr.company_id', '=', ctx.companyId)
    .where(
      'cr.role_id',
      'in',
      rows.map((row) => row.id),
    )
    .orderBy('c.name')
    .execute();
  return rows.map((row) => ({
    ...row,
    containers: links.filter((link) => link.role_id === row.id).map(({ id, name }) => ({ id, name })),
  }));
}

export async function listRoles(ctx: ServiceContext, kind?: AccessType): Promise<RoleList> {
  const readable = (Object.keys(ROLE_PERMISSION) as AccessType[]).filter(
    (type) => (!kind || type === kind) && can(ctx.permissions ?? [], [ROLE_PERMISSION[type], 'read']),
  );
  if (readable.length === 0) return { data: [] };
  const rows = await ctx.db
    .selectFrom('roles')
    .select(['id', 'name', 'kind'])
    .where('company_id', '=', ctx.companyId)
    .where('kind', 'in', readable)
    .orderBy('name')
    .execute();
  return { data: await withContainers(ctx, rows) };
}

export async function getRole(ctx: ServiceContext, id: number): Promise<Role> {
  return (await withContainers(ctx, [await roleOf(ctx, id, 'read')]))[0]!;
}

async function assertNameFree(ctx: ServiceContext, name: string, except?: number) {
  let query = ctx.db
    .selectFrom('roles')
    .select('id')
    .where('company_id', '=', ctx.companyId)
    .where(sql<boolean>`lower(name) = lower(${name})`);
  if (except !== undefined) query = query.where('id', '<>', except);
  if (await query.executeTakeFirst()) throw unprocessable({ name: [MESSAGES.taken] });
}

export async function createRole(ctx: ServiceContext, body: RoleBody): Promise<Role> {
  requireAction(ctx, ROLE_PERMISSION[body.kind], 'create');
  await assertNameFree(ctx, body.name.trim());
  const row = await ctx.db
    .insertInto('roles')
    .values({ company_id: ctx.companyId, name: body.name.trim(), kind: body.kind })
    .returning(['id', 'name', 'kind'])
    .executeTakeFirstOrThrow();
  return { ...row, containers: [] };
}

export async function renameRole(ctx: ServiceContext, id: number, name: string): Promise<Role> {
  await roleOf(ctx, id, 'update');
  await assertNameFree(ctx, name.trim(), id);
  await ctx.db
    .updateTable('roles')
    .set({ name: name.trim() })
    .where('company_id', '=', ctx.companyId)
    .where('id', '=', id)
    .execute();
  return getRole(ctx, id);
}

export async function deleteRole(ctx: ServiceContext, id: number): Promise<void> {
  const role = await roleOf(ctx, id, 'delete');
  await ctx.db.transaction().execute(async (tx) => {
    await tx.deleteFrom('roles').where('company_id', '=', ctx.companyId).where('id', '=', id).execute();
    if (role.kind === 'USER') await assertAdministratorRemains(tx, ctx.companyId);
  });
}

/** GET roles/{id}/rolepermissions: every permission of the role's category, granted or not. */
export async function rolePermissions(ctx: ServiceContext, id: number): Promise<RolePermissionList> {
  const role = await roleOf(ctx, id, 'read');
  const { rows } = await sql<RolePermission>`
    select p.id as permission_id, p.name as permission, p.type, rp.role_id is not null as granted,
      coalesce(rp.is_active, false) as is_active, coalesce(rp.can_create, false) as create,
      coalesce(rp.can_read, false) as read, coalesce(rp.can_update, false) as update,
      coalesce(rp.can_delete, false) as delete, rp.value
    from permissions p
    left join role_permissions rp on rp.company_id = ${ctx.companyId} and rp.role_id = ${id} and rp.permission_id = p.id
    where p.category = ${role.kind}
    order by p.name`.execute(ctx.db);
  return { data: rows };
}

type Catalogue = Map<number, { name: string; type: GrantLike['type']; category: AccessType }>;
async function catalogue(db: Kysely<Database>): Promise<Catalogue> {
  const rows = await db.selectFrom('permissions').select(['id', 'name', 'type', 'category']).execute();
  return new Map(rows.map((row) => [row.id, row]));
}

/** A grant as stored: flags only on CRUD, a value only on NUMERICAL (spec §6). */
function normalized(grant: Grant, type: GrantLike['type']) {
  const crud = type === 'CRUD';
  return {
    is_active: grant.is_active ?? true,
    can_create: crud && (grant.create ?? false),
    can_read: crud && (grant.read ?? false),
    can_update: crud && (grant.update ?? false),
    can_delete: crud && (grant.delete ?? false),
    value: type === 'NUMERICAL' ? (grant.value ?? 0) : null,
  };
}

/**
 * Sets grants of (role, permission) pairs in one transaction: granted ones written, others taken
 * away. The caller must hold every general permission they grant; the company keeps an administrator.
 */
async function writeGrants(
  ctx: ServiceContext,
  pairs: Array<{ roleId: number; permissionId: number; kind: AccessType; grant: Grant; field: string }>,
): Promise<void> {
  const known = await catalogue(ctx.db);
  const errors: Record<string, string[]> = {};
  for (const pair of pairs) {
    const permission = known.get(pair.permissionId);
    if (!permission || permission.category !== pair.kind)
      errors[pair.field] = [`${pair.field} is not valid.`];
  }
  if (Object.keys(errors).length > 0) throw unprocessable(errors);
  const granted = pairs.filter((pair) => pair.grant.granted);
  assertHolds(
    ctx,
    granted
      .filter((pair) => pair.kind === 'USER')
      .map((pair) => {
        const permission = known.get(pair.permissionId)!;
        const row = normalized(pair.grant, permission.type);
        return {
          permission: permission.name,
          type: permission.type,
          is_active: row.is_active,
          create: row.can_create,
          read: row.can_read,
          update: row.can_update,
          delete: row.can_delete,
          value: row.value,
        };
      }),
  );
  await ctx.db.transaction().execute(async (tx) => {
    for (const pair of pairs) {
      const permission = known.get(pair.permissionId)!;
      if (!pair.grant.granted) {
        await tx
          .deleteFrom('role_permissions')
          .where('company_id', '=', ctx.companyId)
          .where('role_id', '=', pair.roleId)
          .where('permission_id', '=', pair.permissionId)
          .execute();
        continue;
      }
      const row = normalized(pair.grant, permission.type);
      await tx
        .insertInto('role_permissions')
        .values({ company_id: ctx.companyId, role_id: pair.roleId, permission_id: pair.permissionId, ...row })
        .onConflict((oc) => oc.columns(['company_id', 'role_id', 'permission_id']).doUpdateSet(row))
        .execute();
    }
    if (pairs.some((pair) => pair.kind === 'USER')) await assertAdministratorRemains(tx, ctx.companyId);
  });
}

/** PUT roles/{id}/rolepermissions/bulk */
export async function setRolePermissions(
  ctx: ServiceContext,
  id: number,
  body: RolePermissionsBulkBody,
): Promise<RolePermissionList> {
  const role = await roleOf(ctx, id, 'update');
  await writeGrants(
    ctx,
    body.permissions.map((grant, index) => ({
      roleId: id,
      permissionId: grant.permission_id,
      kind: role.kind,
      grant,
      field: `permissions.${index}.permission_id`,
    })),
  );
  await recordAudit(ctx.db, {
    companyId: ctx.companyId,
    actorId: ctx.userId,
    kind: 'role-permissions-changed',
    subject: role.name,
    details: `${body.permissions.length} permissions`,
  });
  return rolePermissions(ctx, id);
}

/** GET permissions (of one category): the catalogue the role screens offer. */
export async function listPermissions(ctx: ServiceContext, category?: AccessType): Promise<PermissionList> {
  let query = ctx.db.selectFrom('permissions').select(['id', 'name', 'type', 'category']).orderBy('name');
  if (category) query = query.where('category', '=', category);
  return { data: await query.execute() };
}

/** GET permissions/{id}/roles: /permissions-level edit-permission, the roles of its kind with their grant. */
export async function permissionRoles(ctx: ServiceContext, id: number): Promise<PermissionRoles> {
  const permission = await ctx.db
    .selectFrom('permissions')
    .select(['id', 'name', 'type', 'category'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!permission) throw notFound();
  requireAction(ctx, ROLE_PERMISSION[permission.category], 'read');
  const { rows } = await sql<PermissionRoles['data'][number]>`
    select json_build_object('id', r.id, 'name', r.name) as role, rp.role_id is not null as granted,
      coalesce(rp.is_active, false) as is_active, coalesce(rp.can_create, false) as create,
      coalesce(rp.can_read, false) as read, coalesce(rp.can_update, false) as update,
      coalesce(rp.can_delete, false) as delete, rp.value
    from roles r
    left join role_permissions rp on rp.company_id = r.company_id and rp.role_id = r.id and rp.permission_id = ${id}
    where r.company_id = ${ctx.companyId} and r.kind = ${permission.category}
    order by r.name, r.id`.execute(ctx.db);
  return { permission, data: rows };
}

/** PUT permissions/{id}/roles/bulk: the same grants, set from the permission's side. */
export async function setPermissionRoles(
  ctx: ServiceContext,
  id: number,
  body: PermissionRolesBulkBody,
): Promise<PermissionRoles> {
  const permission = await ctx.db
    .selectFrom('permissions')
    .select(['id', 'category'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!permission) throw notFound();
  requireAction(ctx, ROLE_PERMISSION[permission.category], 'update');
  const roles = await ctx.db
    .selectFrom('roles')
    .select(['id', 'kind'])
    .where('company_id', '=', ctx.companyId)
    .where('id', 'in', body.roles.length > 0 ? body.roles.map((role) => role.role_id) : [0])
    .execute();
  const errors: Record<string, string[]> = {};
  body.roles.forEach((grant, index) => {
    const role = roles.find((r) => r.id === grant.role_id);
    if (!role || role.kind !== permission.category)
      errors[`roles.${index}.role_id`] = [`roles.${index}.role_id is not valid.`];
  });
  if (Object.keys(errors).length > 0) throw unprocessable(errors);
  await writeGrants(
    ctx,
    body.roles.map((grant, index) => ({
      roleId: grant.role_id,
      permissionId: id,
      kind: permission.category,
      grant,
      field: `roles.${index}.role_id`,
    })),
  );
  return permissionRoles(ctx, id);
}
