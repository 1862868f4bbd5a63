import { sql } from 'kysely';
import type { Availability, AvailabilityBody, AvailabilityList } from '../../../shared/contract/resources';
import { availabilityErrors, normalizeWeekdays } from '../../../shared/validation/resource-settings';
import type { ServiceContext } from '../../context';
import { notFound, unprocessable } from '../../http/errors';
import { changeResource, deleteResourceItem, ownedResource } from './resource-settings.queries';

/** Weekly windows in which the resource can be booked; without any, its level's working hours apply. */
const columns = [
  'id',
  'resource_id',
  'weekdays',
  sql<string>`to_char(time_from, 'HH24:MI')`.as('time_from'),
  sql<string>`to_char(time_to, 'HH24:MI')`.as('time_to'),
  'date_from',
  'date_to',
] as const;

function toAvailability(row: Availability): Availability {
  return { ...row, weekdays: row.weekdays.map(Number) };
}

function checked(body: AvailabilityBody) {
  const errors = availabilityErrors(body);
  if (Object.keys(errors).length > 0) throw unprocessable(errors);
  return {
    weekdays: normalizeWeekdays(body.weekdays),
    time_from: body.time_from,
    time_to: body.time_to,
    date_from: body.date_from ?? null,
    date_to: body.date_to ?? null,
  };
}

export async function listAvailabilities(ctx: ServiceContext, resourceId: number): Promise<AvailabilityList> {
  await ownedResource(ctx.db, ctx.companyId, resourceId);
  const rows = await ctx.db
    .selectFrom('resource_availabilities')
    .select(columns)
    .where('company_id', '=', ctx.companyId)
    .where('resource_id', '=', resourceId)
    .orderBy('date_from', (order) => order.asc().nullsFirst())
    .orderBy('time_from')
    .orderBy('id')
    .execute();
  return { data: rows.map(toAvailability) };
}

export async function createAvailability(
  ctx: ServiceContext,
  resourceId: number,
  body: AvailabilityBody,
): Promise<Availability> {
  const row = await changeResource(ctx, resourceId, (tx) =>
    tx
      .insertInto('resource_availabilities')
      .values({ company_id: ctx.companyId, resource_id: resourceId, ...checked(body) })
      .returning(columns)
      .executeTakeFirstOrThrow(),
  );
  return toAvailability(row);
}

export async function updateAvailability(
  ctx: ServiceContext,
  resourceId: number,
  id: number,
  body: AvailabilityBody,
): Promise<Availability> {
  const row = await changeResource(ctx, resourceId, (tx) =>
    tx
      .updateTable('resource_availabilities')
      .set(checked(body))
      .where('company_id', '=', ctx.companyId)
      .where('resource_id', '=', resourceId)
      .where('id', '=', id)
      .returning(columns)
      .executeTakeFirst(),
  );
  if (!row) throw notFound();
  return toAvailability(row);
}

export function deleteAvailability(ctx: ServiceContext, resourceId: number, id: number): Promise<void> {
  return deleteResourceItem(ctx, 'resource_availabilities', resourceId, id);
}
