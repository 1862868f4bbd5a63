import type { Kysely } from 'kysely';
import type { ServiceTypeList } from '../../../shared/contract/resources';
import { notValid } from '../../../shared/validation';
import type { ServiceContext } from '../../context';
import type { Database } from '../../db/schema';
import { unprocessable } from '../../http/errors';
import { allInCompany, changeResource, ownedResource } from './resource-settings.queries';

/** The kinds of service (catering, equipment…) the company offers, and which a resource has. */
export async function listServiceTypes(ctx: ServiceContext): Promise<ServiceTypeList> {
  const rows = await ctx.db
    .selectFrom('service_types')
    .select(['id', 'key', 'name'])
    .where('company_id', '=', ctx.companyId)
    .orderBy('name')
    .orderBy('id')
    .execute();
  return { data: rows };
}

async function servicesOf(
  db: Kysely<Database>,
  companyId: number,
  resourceId: number,
): Promise<ServiceTypeList> {
  const rows = await db
    .selectFrom('resource_service_types as rs')
    .innerJoin('service_types as s', (join) =>
      join.onRef('s.company_id', '=', 'rs.company_id').onRef('s.id', '=', 'rs.service_type_id'),
    )
    .select(['s.id', 's.key', 's.name'])
    .where('rs.company_id', '=', companyId)
    .where('rs.resource_id', '=', resourceId)
    .orderBy('s.name')
    .orderBy('s.id')
    .execute();
  return { data: rows };
}

export async function getResourceServices(ctx: ServiceContext, resourceId: number): Promise<ServiceTypeList> {
  await ownedResource(ctx.db, ctx.companyId, resourceId);
  return servicesOf(ctx.db, ctx.companyId, resourceId);
}

/** PUT resources/{id}/services: the list replaces the old one, in one transaction. */
export function updateResourceServices(
  ctx: ServiceContext,
  resourceId: number,
  serviceTypeIds: readonly number[],
): Promise<ServiceTypeList> {
  const ids = [...new Set(serviceTypeIds)];
  return changeResource(ctx, resourceId, async (tx) => {
    if (!(await allInCompany(tx, ctx.companyId, 'service_types', ids)))
      throw unprocessable({ service_type_ids: [notValid('service_type_ids')] });
    await tx
      .deleteFrom('resource_service_types')
      .where('company_id', '=', ctx.companyId)
      .where('resource_id', '=', resourceId)
      .execute();
    if (ids.length > 0)
      await tx
        .insertInto('resource_service_types')
        .values(
          ids.map((id) => ({ company_id: ctx.companyId, resource_id: resourceId, service_type_id: id })),
        )
        .execute();
    return servicesOf(tx, ctx.companyId, resourceId);
  });
}
