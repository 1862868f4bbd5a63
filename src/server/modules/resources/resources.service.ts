import type { z } from 'zod';
import {
  QR_ENTITY_KINDS,
  qrCodeImagePath,
  qrCodeReadScreen,
  type QrCodeInfo,
} from '../../../shared/contract/qr-codes';
import type {
  CheckDeleteAnswer,
  LevelResourcesQuery,
  Resource,
  ResourceCodeList,
  ResourceCodesQuery,
  ResourceInfo,
  ResourceList,
  ResourceListQuery,
  ResourcePage,
} from '../../../shared/contract/resources';
import type { AppDeps, ServiceContext } from '../../context';
import { notFound } from '../../http/errors';
import { qrCodeInfo } from '../qr-codes';
import {
  ensureResourceCodes,
  futureBookingCounts,
  resourceTranslations,
  selectResources,
  type ResourceFilter,
} from './resources.queries';
import {
  buildResources,
  loadLookups,
  nameRows,
  searchNames,
  sortByPlace,
  subtreeOf,
  type Lookups,
} from './resources.view';

export type LevelQuery = z.output<typeof LevelResourcesQuery>;
export type ListQuery = z.output<typeof ResourceListQuery>;

export const NOT_FOUND = 'Resource not found.';

function filterOf(query: LevelQuery, levelIds: number[] | undefined): ResourceFilter {
  return {
    levelIds,
    resourceTypeIds: query.resource_type,
    models: query.resource_model,
    attributeIds: query.resource_attribute,
    minCapacity: query.capacity,
  };
}

/** The filtered resources, named, searched and in place order: what both lists answer. */
async function findResources(ctx: ServiceContext, lookups: Lookups, filter: ResourceFilter, query?: string) {
  const rows = await selectResources(ctx.db, ctx.companyId, filter);
  const names = await resourceTranslations(
    ctx.db,
    ctx.companyId,
    rows.map((row) => row.id),
  );
  return sortByPlace(lookups, searchNames(nameRows(lookups, rows, names), query));
}

/** spec §7 GET levels/{id}/resources/all: every resource on the level and below it, filtered. */
export async function levelResources(
  ctx: ServiceContext,
  levelId: number,
  query: LevelQuery,
): Promise<ResourceList> {
  const lookups = await loadLookups(ctx);
  const levelIds = subtreeOf(lookups, levelId);
  if (levelIds.length === 0) throw notFound('Level not found.');
  const found = await findResources(ctx, lookups, filterOf(query, levelIds), query.query);
  return { data: await buildResources(ctx, lookups, found) };
}

/** spec §7 GET resources: the same filters, plus a level (with its sublevels), favourites, placed; paged. */
export async function listResources(ctx: ServiceContext, query: ListQuery): Promise<ResourcePage> {
  const lookups = await loadLookups(ctx);
  const levelIds = query.level_id === undefined ? undefined : subtreeOf(lookups, query.level_id);
  const found = await findResources(
    ctx,
    lookups,
    {
      ...filterOf(query, levelIds),
      favoriteOf: query.favorites === '1' ? ctx.userId : undefined,
      placed: query.placed === '1',
    },
    query.query,
  );
  const { page, per_page: perPage } = query;
  const total = found.length;
  return {
    data: await buildResources(ctx, lookups, found.slice((page - 1) * perPage, page * perPage)),
    meta: {
      current_page: page,
      last_page: Math.max(1, Math.ceil(total / perPage)),
      per_page: perPage,
      total,
    },
  };
}

/** One resource as every answer shows it; 404 when the company has no such resource. */
export async function getResource(ctx: ServiceContext, id: number, lookups?: Lookups): Promise<Resource> {
  const known = lookups ?? (await loadLookups(ctx));
  const found = await findResources(ctx, known, { ids: [id] });
  if (found.length === 0) throw notFound(NOT_FOUND);
  return (await buildResources(ctx, known, found))[0]!;
}

/** spec §7 GET resources/{id}/info: the card the plan and the Outlook add-in show. */
export async function resourceInfo(ctx: ServiceContext, id: number): Promise<ResourceInfo> {
  const lookups = await loadLookups(ctx);
  const resource = await getResource(ctx, id, lookups);
  const level = lookups.levels.get(resource.level_id)!;
  return {
    id: resource.id,
    name: resource.name,
    path: resource.level.path,
    resource_type: resource.resource_type.name,
    resource_model: resource.resource_model,
    capacity: resource.capacity,
    current_capacity: resource.current_capacity,
    description: resource.description,
    resource_attributes: resource.resource_attributes,
    resource_services: resource.resource_services,
    timezone: level.timezone,
    working_hours_from: level.workingHoursFrom,
    working_hours_to: level.workingHoursTo,
    is_favorite: resource.is_favorite,
    image_url: resource.image_url,
  };
}

/** Whether the resource exists in the company (404 otherwise). */
export async function requireResource(ctx: ServiceContext, id: number): Promise<void> {
  const rows = await selectResources(ctx.db, ctx.companyId, { ids: [id] });
  if (rows.length === 0) throw notFound(NOT_FOUND);
}

export const futureBookingsMessage = (count: number) =>
  count === 1
    ? 'This resource has a future booking; cancel or move it before deleting the resource.'
    : `This resource has ${count} future bookings; cancel or move them before deleting the resource.`;

/** spec §7 GET resources/{id}/checkdelete: a resource with future bookings cannot go. */
export async function checkDelete(ctx: ServiceContext, id: number): Promise<CheckDeleteAnswer> {
  await requireResource(ctx, id);
  const [counted] = await futureBookingCounts(ctx.db, ctx.companyId, { resourceIds: [id] });
  const count = counted?.count ?? 0;
  return {
    can_delete: count === 0,
    message: count === 0 ? null : futureBookingsMessage(count),
    future_bookings: count,
  };
}

/** The resource's QR code (made on first use): the edit screen's qr-code step shows it. */
export async function resourceQrCode(ctx: ServiceContext, deps: AppDeps, id: number): Promise<QrCodeInfo> {
  await requireResource(ctx, id);
  return qrCodeInfo(deps, ctx.companyId, QR_ENTITY_KINDS.resource, id);
}

/** spec §7 GET resources/codes: the codes of many resources at once, to print them. */
export async function resourceCodes(
  ctx: ServiceContext,
  query: z.output<typeof ResourceCodesQuery>,
): Promise<z.infer<typeof ResourceCodeList>> {
  const lookups = await loadLookups(ctx);
  const levelIds = query.level_id === undefined ? undefined : subtreeOf(lookups, query.level_id);
  const found = await findResources(ctx, lookups, { levelIds, resourceTypeIds: query.resource_type });
  const codes = await ensureResourceCodes(
    ctx.db,
    ctx.companyId,
    found.map((entry) => entry.row.id),
  );
  return {
    data: found.map((entry) => {
      const code = codes.get(entry.row.id)!;
      return {
        resource_id: entry.row.id,
        name: entry.name,
        path: lookups.levels.get(entry.row.level_id)?.path ?? '',
        code,
        image_url: qrCodeImagePath(code),
        read_url: qrCodeReadScreen(code),
      };
    }),
  };
}
