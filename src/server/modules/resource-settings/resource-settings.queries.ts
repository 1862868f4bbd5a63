import { sql, type Kysely } from 'kysely';
import type { ServiceContext } from '../../context';
import type { Database } from '../../db/schema';
import { notFound } from '../../http/errors';

export interface OwnedResource {
  id: number;
  max_capacity: number;
}

/** The resource when it belongs to the company; another company's id reads as not there. */
export function resourceInCompany(
  db: Kysely<Database>,
  companyId: number,
  resourceId: number,
  options: { lock?: boolean } = {},
): Promise<OwnedResource | undefined> {
  let query = db
    .selectFrom('resources')
    .select(['id', 'max_capacity'])
    .where('company_id', '=', companyId)
    .where('id', '=', resourceId);
  // Held until the transaction ends: settings checked against each other (overlapping capacities)
  // are written one request at a time per resource.
  if (options.lock) query = query.forUpdate();
  return query.executeTakeFirst();
}

/** resourceInCompany, or 404: every settings endpoint starts here. */
export async function ownedResource(
  db: Kysely<Database>,
  companyId: number,
  resourceId: number,
  options: { lock?: boolean } = {},
): Promise<OwnedResource> {
  const resource = await resourceInCompany(db, companyId, resourceId, options);
  if (!resource) throw notFound();
  return resource;
}

/** Whether every id names a row of the company: another company's id reads as not there. */
export async function allInCompany(
  db: Kysely<Database>,
  companyId: number,
  table: 'resources' | 'roles' | 'service_types',
  ids: readonly number[],
): Promise<boolean> {
  const wanted = new Set(ids);
  if (wanted.size === 0) return true;
  const found = await db
    .selectFrom(table)
    .select('id')
    .where('company_id', '=', companyId)
    .where('id', 'in', [...wanted])
    .execute();
  return found.length === wanted.size;
}

/** A resource's schedule rows: each belongs to one resource and is changed in the resource's change. */
export type ResourceItemTable =
  'resource_availabilities' | 'resource_unavailabilities' | 'resource_date_capacities';

/** Whether the row is one of the resource's. */
export async function resourceItemExists(
  db: Kysely<Database>,
  companyId: number,
  table: ResourceItemTable,
  resourceId: number,
  id: number,
): Promise<boolean> {
  const row = await db
    .selectFrom(table)
    .select('id')
    .where('company_id', '=', companyId)
    .where('resource_id', '=', resourceId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row !== undefined;
}

/** DELETE resources/{id}/…/{item_id}: one of the resource's schedule rows, 404 when it is not one. */
export async function deleteResourceItem(
  ctx: Pick<ServiceContext, 'db' | 'companyId'>,
  table: ResourceItemTable,
  resourceId: number,
  id: number,
): Promise<void> {
  const deleted = await changeResource(ctx, resourceId, (tx) =>
    tx
      .deleteFrom(table)
      .where('company_id', '=', ctx.companyId)
      .where('resource_id', '=', resourceId)
      .where('id', '=', id)
      .executeTakeFirst(),
  );
  if (deleted.numDeletedRows === 0n) throw notFound();
}

/** Resource names in the user's language, else the company's, else any they have. */
export async function resourceNames(
  db: Kysely<Database>,
  ctx: Pick<ServiceContext, 'companyId' | 'userId'>,
  resourceIds: readonly number[],
): Promise<Map<number, string>> {
  if (resourceIds.length === 0) return new Map();
  const { rows } = await sql<{ resource_id: number; name: string }>`
    select distinct on (t.resource_id) t.resource_id, t.name
    from resource_translations t
    cross join (
      select u.language_id as user_language, c.language_id as company_language
      from companies c
      left join users u on u.company_id = c.id and u.id = ${ctx.userId}
      where c.id = ${ctx.companyId}
    ) preferred
    where t.company_id = ${ctx.companyId}
      and t.resource_id in (${sql.join(resourceIds)})
    order by t.resource_id,
      t.language_id = preferred.user_language is true desc,
      t.language_id = preferred.company_language is true desc,
      t.language_id
  `.execute(db);
  return new Map(rows.map((row) => [row.resource_id, row.name]));
}

/**
 * One change to a resource's settings: a transaction holding the resource's row lock (404 when it
 * is not the company's), so the resource cannot go away, nor another change to it interleave.
 */
export function changeResource<T>(
  ctx: Pick<ServiceContext, 'db' | 'companyId'>,
  resourceId: number,
  work: (tx: Kysely<Database>, resource: OwnedResource) => Promise<T>,
): Promise<T> {
  return ctx.db.transaction().execute(async (tx) => {
    const resource = await ownedResource(tx, ctx.companyId, resourceId, { lock: true });
    return work(tx, resource);
  });
}
