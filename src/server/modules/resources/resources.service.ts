import { canViewLevel, refusalMessage, refusingRule } from '../../../shared/permissions/scoped-access';
import { scopedFactsFor } from '../../permissions/scoped';
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
import { forbidden, notFound } from '../../http/errors';
import { qrCodeInfo } from '../qr-codes';
import { ensureResourceCodes, futureBookingCounts } from './resource-changes.queries';
import {
  selectResourceDetails,
  selectResources,
  selectResourceSet,
  type ResourceDetails,
  type ResourceFilter,
} from './resources.queries';
import {
  buildResources,
  loadLookups,
  nameRows,
  searchNames,
  sortByPlace,
  subtreeOf,
  todayByLevel,
  type Lookups,
  type NamedRow,
} from './resources.view';
import { pageMeta } from '../../../shared/contract/common';

type LevelQuery = z.output<typeof LevelResourcesQuery>;
type ListQuery = z.output<typeof ResourceListQuery>;

export const NOT_FOUND = 'Resource not found.';

/** What the lists filter on: the row's own fields in SQL, the attributes and names after it. */
interface Search {
  filter: ResourceFilter;
  /** the resource must have every one of these */
  attributeIds?: readonly number[] | undefined;
  /** a name in any language contains it (case and accents ignored) */
  query?: string | undefined;
}

function searchOf(query: LevelQuery, levelIds: number[] | undefined): Search {
  return {
    filter: {
      levelIds,
      resourceTypeIds: query.resource_type,
      models: query.resource_model,
      minCapacity: query.capacity,
      nameQuery: query.query,
    },
    attributeIds: query.resource_attribute,
    query: query.query,
  };
}

/** The resources found, named, searched and in place order, with the attribute links read for them. */
async function findResources(ctx: ServiceContext, lookups: Lookups, search: Search) {
  const found = await selectResourceSet(ctx.db, ctx.companyId, search.filter, search.attributeIds);
  const named = sortByPlace(lookups, searchNames(nameRows(lookups, found.rows, found.names), search.query));
  return { named, attributes: found.attributes };
}

/** The answers for resources found: their details are read for them alone, in one statement. */
async function answer(
  ctx: ServiceContext,
  lookups: Lookups,
  entries: NamedRow[],
  attributes: ResourceDetails['attributes'],
): Promise<Resource[]> {
  const today = todayByLevel(lookups);
  const details = await selectResourceDetails(
    ctx.db,
    ctx.companyId,
    entries.map((entry) => entry.row.id),
    { userId: ctx.userId, from: today.from, to: today.to },
  );
  return buildResources(lookups, today, entries, { ...details, attributes });
}

/** spec §7 GET levels/{id}/resources/all: every resource on the level and below it, filtered. */
export async function levelResources(
  ctx: ServiceContext,
  levelId: number,
  query: LevelQuery,
): Promise<ResourceList> {
  const lookups = await loadLookups(ctx);
  const facts = await scopedFactsFor(ctx);
  const refusal = refusingRule(canViewLevel(facts, levelId));
  if (refusal) throw forbidden(refusalMessage(refusal));
  // The sublevels the user may not see are left out with their resources.
  const levelIds = subtreeOf(lookups, levelId).filter((id) => canViewLevel(facts, id).allowed);
  if (levelIds.length === 0) throw notFound('Level not found.');
  const found = await findResources(ctx, lookups, searchOf(query, levelIds));
  return { data: await answer(ctx, lookups, found.named, found.attributes) };
}

/** spec §7 GET resources: the same filters, plus a level (with its sublevels), favourites, placed; paged. */
export async function listResources(ctx: ServiceContext, query: ListQuery): Promise<ResourcePage> {
  const lookups = await loadLookups(ctx);
  const levelIds = query.level_id === undefined ? undefined : subtreeOf(lookups, query.level_id);
  const search = searchOf(query, levelIds);
  search.filter.favoriteOf = query.favorites === '1' ? ctx.userId : undefined;
  search.filter.placed = query.placed === '1';
  const found = await findResources(ctx, lookups, search);
  const { page, per_page: perPage } = query;
  const total = found.named.length;
  // Only the page is answered, so only its details are read.
  const shown = found.named.slice((page - 1) * perPage, page * perPage);
  return {
    data: await answer(ctx, lookups, shown, found.attributes),
    meta: pageMeta(page, perPage, total),
  };
}

/** One resource as every answer shows it; 404 when the company has no such resource. */
export async function getResource(ctx: ServiceContext, id: number, lookups?: Lookups): Promise<Resource> {
  const known = lookups ?? (await loadLookups(ctx));
  const found = await findResources(ctx, known, { filter: { ids: [id] } });
  const [resource] = await answer(ctx, known, found.named, found.attributes);
  if (!resource) throw notFound(NOT_FOUND);
  return resource;
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
  const { named: found } = await findResources(ctx, lookups, {
    filter: { levelIds, resourceTypeIds: query.resource_type },
  });
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
