import type { Kysely } from 'kysely';
import type { ResourcePermissions } from '../../../shared/contract/resources';
import { notValid } from '../../../shared/validation';
import type { ServiceContext } from '../../context';
import type { Database } from '../../db/schema';
import { unprocessable } from '../../http/errors';
import { allInCompany, changeResource, ownedResource } from './resource-settings.queries';

/** Who may book the resource: the roles listed; none listed means everyone who may use the plan. */
async function permissionsOf(
  db: Kysely<Database>,
  companyId: number,
  resourceId: number,
): Promise<ResourcePermissions> {
  const [roles, chosen] = await Promise.all([
    db
      .selectFrom('roles')
      .select(['id', 'name'])
      .where('company_id', '=', companyId)
      .orderBy('name')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('resource_roles')
      .select('role_id')
      .where('company_id', '=', companyId)
      .where('resource_id', '=', resourceId)
      .execute(),
  ]);
  const chosenIds = new Set(chosen.map((row) => row.role_id));
  const chosenRoles = roles.filter((role) => chosenIds.has(role.id));
  return { role_ids: chosenRoles.map((role) => role.id), roles: chosenRoles, available_roles: roles };
}

export async function getPermissions(ctx: ServiceContext, resourceId: number): Promise<ResourcePermissions> {
  await ownedResource(ctx.db, ctx.companyId, resourceId);
  return permissionsOf(ctx.db, ctx.companyId, resourceId);
}

/** PUT resources/{id}/permissions: the list replaces the old one, in one transaction. */
export function updatePermissions(
  ctx: ServiceContext,
  resourceId: number,
  roleIds: readonly number[],
): Promise<ResourcePermissions> {
  const ids = [...new Set(roleIds)];
  return changeResource(ctx, resourceId, async (tx) => {
    if (!(await allInCompany(tx, ctx.companyId, 'roles', ids)))
      throw unprocessable({ role_ids: [notValid('role_ids')] });
    await tx
      .deleteFrom('resource_roles')
      .where('company_id', '=', ctx.companyId)
      .where('resource_id', '=', resourceId)
      .execute();
    if (ids.length > 0)
      await tx
        .insertInto('resource_roles')
        .values(
          ids.map((roleId) => ({ company_id: ctx.companyId, resource_id: resourceId, role_id: roleId })),
        )
        .execute();
    return permissionsOf(tx, ctx.companyId, resourceId);
  });
}
