import { AWAITING_CLEANING_MESSAGE } from '../../../shared/booking/cleaning';
import type { Cleaning, CleanResources } from '../../../shared/contract/cleaning';
import type { ServiceContext } from '../../context';
import { conflict, notFound } from '../../http/errors';
import {
  awaitingCleaning,
  cleanBeforeBookingOn,
  insertCleaning,
  mapsByIds,
  refusedUntilCleaned,
  resourceExists,
  userName,
} from './cleaning.queries';

export const RESOURCE_NOT_FOUND = 'Resource not found.';

/** spec §7 GET clean resources (level_id): what awaits cleaning, with the maps to show it on. */
export async function cleanResources(
  ctx: ServiceContext,
  levelId: number | null,
  now = new Date(),
): Promise<CleanResources> {
  const [rows, rule] = await Promise.all([
    awaitingCleaning(ctx.db, ctx.companyId, ctx.userId, levelId, now),
    cleanBeforeBookingOn(ctx.db, ctx.companyId),
  ]);
  const mapIds = [...new Set(rows.flatMap((row) => (row.map_id === null ? [] : [row.map_id])))];
  const maps = await mapsByIds(ctx.db, ctx.companyId, mapIds);
  return {
    data: rows.map((row) => ({
      id: row.id,
      name: row.name ?? '',
      level_id: row.level_id,
      level_name: row.level_name ?? '',
      map_id: row.map_id,
      map_x: row.map_x,
      map_y: row.map_y,
      icon: row.icon,
      used_until: new Date(row.used_until).toISOString(),
      last_cleaning: row.cleaned_at
        ? {
            resource_id: row.id,
            cleaned_at: new Date(row.cleaned_at).toISOString(),
            cleaned_by: row.cleaned_by ?? '',
          }
        : null,
    })),
    maps,
    clean_before_booking: rule,
  };
}

/** Marks a resource cleaned now, by the caller (a cleaning without a use before it is recorded too). */
export async function markCleaned(
  ctx: ServiceContext,
  resourceId: number,
  now = new Date(),
): Promise<Cleaning> {
  if (!(await resourceExists(ctx.db, ctx.companyId, resourceId))) throw notFound(RESOURCE_NOT_FOUND);
  const row = await insertCleaning(ctx.db, ctx.companyId, resourceId, ctx.userId, now);
  return {
    resource_id: row.resource_id,
    cleaned_at: new Date(row.cleaned_at).toISOString(),
    cleaned_by: await userName(ctx.db, ctx.companyId, ctx.userId),
  };
}

/** The booking engine's rule (409): a used resource waits for its cleaning when the company says so. */
export async function refuseUntilCleaned(
  db: ServiceContext['db'],
  companyId: number,
  resourceId: number,
  now: Date,
): Promise<void> {
  if ((await refusedUntilCleaned(db, companyId, [resourceId], now)).has(resourceId))
    throw conflict(AWAITING_CLEANING_MESSAGE);
}
