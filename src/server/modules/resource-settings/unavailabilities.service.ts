import type {
  Unavailability,
  UnavailabilityBody,
  UnavailabilityList,
  UnavailabilityQuery,
} from '../../../shared/contract/resources';
import {
  RESOURCE_SETTINGS_MESSAGES,
  unavailabilityErrors,
} from '../../../shared/validation/resource-settings';
import type { ServiceContext } from '../../context';
import { notFound, unprocessable } from '../../http/errors';
import { changeResource, deleteResourceItem, ownedResource } from './resource-settings.queries';

/** Times the resource cannot be booked whatever its availability says (maintenance, an event). */
const columns = ['id', 'resource_id', 'starts_at', 'ends_at', 'reason'] as const;

interface UnavailabilityRow {
  id: number;
  resource_id: number;
  starts_at: Date | string;
  ends_at: Date | string;
  reason: string;
}

function toUnavailability(row: UnavailabilityRow): Unavailability {
  return {
    ...row,
    starts_at: new Date(row.starts_at).toISOString(),
    ends_at: new Date(row.ends_at).toISOString(),
  };
}

function checked(body: UnavailabilityBody) {
  const errors = unavailabilityErrors(body);
  if (Object.keys(errors).length > 0) throw unprocessable(errors);
  return {
    starts_at: new Date(body.starts_at),
    ends_at: new Date(body.ends_at),
    reason: (body.reason ?? '').trim(),
  };
}

/** Those overlapping from–to; with neither given, those that have not ended yet. */
export async function listUnavailabilities(
  ctx: ServiceContext,
  resourceId: number,
  query: UnavailabilityQuery,
): Promise<UnavailabilityList> {
  await ownedResource(ctx.db, ctx.companyId, resourceId);
  if (query.from && query.to && Date.parse(query.to) <= Date.parse(query.from))
    throw unprocessable({ to: [RESOURCE_SETTINGS_MESSAGES.instantOrder] });
  const from = query.from ? new Date(query.from) : query.to ? null : new Date();
  let select = ctx.db
    .selectFrom('resource_unavailabilities')
    .select(columns)
    .where('company_id', '=', ctx.companyId)
    .where('resource_id', '=', resourceId);
  if (from) select = select.where('ends_at', '>', from);
  if (query.to) select = select.where('starts_at', '<', new Date(query.to));
  const rows = await select.orderBy('starts_at').orderBy('id').execute();
  return { data: rows.map(toUnavailability) };
}

export async function createUnavailability(
  ctx: ServiceContext,
  resourceId: number,
  body: UnavailabilityBody,
): Promise<Unavailability> {
  const row = await changeResource(ctx, resourceId, (tx) =>
    tx
      .insertInto('resource_unavailabilities')
      .values({ company_id: ctx.companyId, resource_id: resourceId, ...checked(body) })
      .returning(columns)
      .executeTakeFirstOrThrow(),
  );
  return toUnavailability(row);
}

export async function updateUnavailability(
  ctx: ServiceContext,
  resourceId: number,
  id: number,
  body: UnavailabilityBody,
): Promise<Unavailability> {
  const row = await changeResource(ctx, resourceId, (tx) =>
    tx
      .updateTable('resource_unavailabilities')
      .set(checked(body))
      .where('company_id', '=', ctx.companyId)
      .where('resource_id', '=', resourceId)
      .where('id', '=', id)
      .returning(columns)
      .executeTakeFirst(),
  );
  if (!row) throw notFound();
  return toUnavailability(row);
}

export function deleteUnavailability(ctx: ServiceContext, resourceId: number, id: number): Promise<void> {
  return deleteResourceItem(ctx, 'resource_unavailabilities', resourceId, id);
}
