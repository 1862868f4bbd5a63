import type { Kysely } from 'kysely';
import type { DateCapacity, DateCapacityBody, DateCapacityList } from '../../../shared/contract/resources';
import {
  capacityAboveMaxMessage,
  dateRangeErrors,
  dateRangesOverlap,
  RESOURCE_SETTINGS_MESSAGES,
} from '../../../shared/validation/resource-settings';
import type { FieldErrors } from '../../../shared/validation';
import type { ServiceContext } from '../../context';
import type { Database } from '../../db/schema';
import { notFound, unprocessable } from '../../http/errors';
import {
  changeResource,
  deleteResourceItem,
  ownedResource,
  resourceItemExists,
  type OwnedResource,
} from './resource-settings.queries';

/** spec §2 "capacity (capacity type and time)": a capacity that holds between two dates. */
const columns = ['id', 'resource_id', 'date_from', 'date_to', 'capacity'] as const;

function capacitiesOf(db: Kysely<Database>, companyId: number, resourceId: number) {
  return db
    .selectFrom('resource_date_capacities')
    .select(columns)
    .where('company_id', '=', companyId)
    .where('resource_id', '=', resourceId)
    .orderBy('date_from')
    .orderBy('id')
    .execute();
}

/**
 * Checks the body against the resource and its other date capacities. Runs under the resource's
 * row lock, so two requests cannot each add a capacity for the same days.
 */
async function check(
  tx: Kysely<Database>,
  ctx: ServiceContext,
  resource: OwnedResource,
  body: DateCapacityBody,
  exceptId: number | null,
): Promise<void> {
  const errors: FieldErrors = dateRangeErrors(body);
  if (body.capacity > resource.max_capacity)
    errors.capacity = [capacityAboveMaxMessage(resource.max_capacity)];
  if (!errors.date_from && !errors.date_to) {
    const others = await capacitiesOf(tx, ctx.companyId, resource.id);
    if (others.some((other) => other.id !== exceptId && dateRangesOverlap(other, body)))
      errors.date_from = [RESOURCE_SETTINGS_MESSAGES.capacityOverlap];
  }
  if (Object.keys(errors).length > 0) throw unprocessable(errors);
}

export async function listDateCapacities(ctx: ServiceContext, resourceId: number): Promise<DateCapacityList> {
  await ownedResource(ctx.db, ctx.companyId, resourceId);
  return { data: await capacitiesOf(ctx.db, ctx.companyId, resourceId) };
}

export function createDateCapacity(
  ctx: ServiceContext,
  resourceId: number,
  body: DateCapacityBody,
): Promise<DateCapacity> {
  return changeResource(ctx, resourceId, async (tx, resource) => {
    await check(tx, ctx, resource, body, null);
    return tx
      .insertInto('resource_date_capacities')
      .values({ company_id: ctx.companyId, resource_id: resourceId, ...body })
      .returning(columns)
      .executeTakeFirstOrThrow();
  });
}

export function updateDateCapacity(
  ctx: ServiceContext,
  resourceId: number,
  id: number,
  body: DateCapacityBody,
): Promise<DateCapacity> {
  return changeResource(ctx, resourceId, async (tx, resource) => {
    if (!(await resourceItemExists(tx, ctx.companyId, 'resource_date_capacities', resourceId, id)))
      throw notFound();
    await check(tx, ctx, resource, body, id);
    return tx
      .updateTable('resource_date_capacities')
      .set(body)
      .where('company_id', '=', ctx.companyId)
      .where('id', '=', id)
      .returning(columns)
      .executeTakeFirstOrThrow();
  });
}

export function deleteDateCapacity(ctx: ServiceContext, resourceId: number, id: number): Promise<void> {
  return deleteResourceItem(ctx, 'resource_date_capacities', resourceId, id);
}
