import { pageMeta, type Paginated } from '../../../shared/contract/common';
import {
  servicePaths,
  type ServiceItem,
  type ServiceItemBody,
  type ServiceType,
  type ServiceTypeBody,
} from '../../../shared/contract/services';
import { can } from '../../../shared/permissions';
import { SERVICE_MESSAGES } from '../../../shared/services/order-rules';
import { foldForSearch } from '../../../shared/text/search';
import { notValid, type FieldErrors } from '../../../shared/validation';
import { checkNameTranslations } from '../../../shared/validation/name-translations';
import type { ServiceContext } from '../../context';
import { notFound, unprocessable } from '../../http/errors';
import { generalPermissionsOf } from '../../permissions/resolve';
import { acceptImage, decodeBase64Content } from '../maps/accepted-image';
import { ownIds, replaceItemPlaces, selectItems } from './catalogue.queries';

export const SERVICE_ITEM_IMAGE_MAX_BYTES = 2 * 1024 * 1024;

// ---- service types

export async function getServiceType(ctx: ServiceContext, id: number): Promise<ServiceType> {
  const row = await ctx.db
    .selectFrom('service_types')
    .select(['id', 'key', 'name'])
    .where('company_id', '=', ctx.companyId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound(SERVICE_MESSAGES.typeNotFound);
  return row;
}

async function checkTypeName(ctx: ServiceContext, name: string, exceptId: number | null) {
  const rows = await ctx.db
    .selectFrom('service_types')
    .select(['id', 'name', 'key'])
    .where('company_id', '=', ctx.companyId)
    .execute();
  if (rows.some((row) => row.id !== exceptId && row.name.toLowerCase() === name.toLowerCase()))
    throw unprocessable({ name: [SERVICE_MESSAGES.nameTaken] });
  return new Set(rows.map((row) => row.key));
}

export async function createServiceType(ctx: ServiceContext, body: ServiceTypeBody): Promise<ServiceType> {
  const name = body.name.trim();
  const keys = await checkTypeName(ctx, name, null);
  const base =
    foldForSearch(name)
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 56)
      .replace(/-+$/, '') || 'service';
  let key = base;
  for (let n = 2; keys.has(key); n += 1) key = `${base}-${n}`;
  return ctx.db
    .insertInto('service_types')
    .values({ company_id: ctx.companyId, key, name })
    .returning(['id', 'key', 'name'])
    .executeTakeFirstOrThrow();
}

export async function updateServiceType(
  ctx: ServiceContext,
  id: number,
  body: ServiceTypeBody,
): Promise<ServiceType> {
  await getServiceType(ctx, id);
  const name = body.name.trim();
  await checkTypeName(ctx, name, id);
  return ctx.db
    .updateTable('service_types')
    .set({ name })
    .where('company_id', '=', ctx.companyId)
    .where('id', '=', id)
    .returning(['id', 'key', 'name'])
    .executeTakeFirstOrThrow();
}

// ---- service items

/** Inactive items are the catalogue managers' to see; everyone else sees what can be ordered. */
async function managesItems(ctx: ServiceContext): Promise<boolean> {
  const permissions = ctx.permissions ?? (await generalPermissionsOf(ctx.db, ctx.companyId, ctx.userId));
  return can(permissions, ['SERVICE_ITEMS', 'read']);
}

export async function listServiceItems(
  ctx: ServiceContext,
  query: { query?: string | undefined; resource_id?: number | undefined; page: number; per_page: number },
): Promise<Paginated<ServiceItem>> {
  const { items, total } = await selectItems(ctx.db, ctx.companyId, ctx.userId, {
    ...(query.query ? { query: query.query } : {}),
    ...(query.resource_id !== undefined ? { offeredAt: query.resource_id } : {}),
    includeInactive: query.resource_id === undefined && (await managesItems(ctx)),
    page: query.page,
    perPage: query.per_page,
  });
  return { data: items, meta: pageMeta(query.page, query.per_page, total) };
}

export async function getServiceItem(ctx: ServiceContext, id: number): Promise<ServiceItem> {
  const { items } = await selectItems(ctx.db, ctx.companyId, ctx.userId, {
    id,
    includeInactive: await managesItems(ctx),
  });
  if (!items[0]) throw notFound(SERVICE_MESSAGES.itemNotFound);
  return items[0];
}

/** The checks zod cannot make: the type, resources and levels are the company's; names per language. */
async function checkItem(ctx: ServiceContext, body: ServiceItemBody) {
  const errors: FieldErrors = {};
  const [types, resources, levels, languages, company] = await Promise.all([
    ownIds(ctx.db, ctx.companyId, 'service_types', [body.service_type_id]),
    ownIds(ctx.db, ctx.companyId, 'resources', body.resource_ids),
    ownIds(ctx.db, ctx.companyId, 'levels', body.level_ids),
    ctx.db.selectFrom('languages').select('id').execute(),
    ctx.db
      .selectFrom('companies')
      .select('language_id')
      .where('id', '=', ctx.companyId)
      .executeTakeFirstOrThrow(),
  ]);
  if (!types.has(body.service_type_id)) errors.service_type_id = [notValid('service_type_id')];
  body.resource_ids.forEach((id, index) => {
    if (!resources.has(id)) errors[`resource_ids.${index}`] = [notValid('resource_ids')];
  });
  body.level_ids.forEach((id, index) => {
    if (!levels.has(id)) errors[`level_ids.${index}`] = [notValid('level_ids')];
  });
  const kept = checkNameTranslations(
    body.translations,
    company.language_id,
    new Set(languages.map((language) => language.id)),
    errors,
  );
  if (Object.keys(errors).length > 0) throw unprocessable(errors);
  return kept.map((entry) => ({
    language_id: entry.language_id,
    name: entry.name,
    description: body.translations[entry.index]!.description.trim(),
  }));
}

async function writeItem(ctx: ServiceContext, body: ServiceItemBody, id: number | null): Promise<number> {
  const names = await checkItem(ctx, body);
  const values = {
    service_type_id: body.service_type_id,
    price_cents: body.price_cents,
    lead_time_minutes: body.lead_time_minutes,
    is_active: body.is_active,
  };
  return ctx.db.transaction().execute(async (tx) => {
    const itemId =
      id ??
      (
        await tx
          .insertInto('service_items')
          .values({ company_id: ctx.companyId, ...values })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    if (id !== null) {
      const updated = await tx
        .updateTable('service_items')
        .set(values)
        .where('company_id', '=', ctx.companyId)
        .where('id', '=', id)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) throw notFound(SERVICE_MESSAGES.itemNotFound);
      await tx
        .deleteFrom('service_item_translations')
        .where('company_id', '=', ctx.companyId)
        .where('service_item_id', '=', id)
        .execute();
    }
    await tx
      .insertInto('service_item_translations')
      .values(names.map((name) => ({ company_id: ctx.companyId, service_item_id: itemId, ...name })))
      .execute();
    await replaceItemPlaces(
      tx,
      ctx.companyId,
      itemId,
      [...new Set(body.resource_ids)],
      [...new Set(body.level_ids)],
    );
    return itemId;
  });
}

export async function createServiceItem(ctx: ServiceContext, body: ServiceItemBody): Promise<ServiceItem> {
  return getServiceItem(ctx, await writeItem(ctx, body, null));
}

export async function updateServiceItem(
  ctx: ServiceContext,
  id: number,
  body: ServiceItemBody,
): Promise<ServiceItem> {
  await getServiceItem(ctx, id); // 404 before 422
  return getServiceItem(ctx, await writeItem(ctx, body, id));
}

/** PUT services/items/{id}/image: the floor plans' checks (type from the content, SVG sanitised), 2 MB. */
export async function storeServiceItemImage(ctx: ServiceContext, id: number, contentBase64: string) {
  await getServiceItem(ctx, id);
  const image = acceptImage(decodeBase64Content(contentBase64), SERVICE_ITEM_IMAGE_MAX_BYTES);
  const row = { ...image, updated_at: new Date() };
  await ctx.db
    .insertInto('service_item_images')
    .values({ company_id: ctx.companyId, service_item_id: id, ...row })
    .onConflict((conflict) => conflict.columns(['company_id', 'service_item_id']).doUpdateSet(row))
    .execute();
  return { image_url: servicePaths.itemImageOf(id), mime: row.mime, width: row.width, height: row.height };
}

export async function getServiceItemImage(ctx: ServiceContext, id: number) {
  const image = await ctx.db
    .selectFrom('service_item_images')
    .select(['mime', 'bytes', 'sha256'])
    .where('company_id', '=', ctx.companyId)
    .where('service_item_id', '=', id)
    .executeTakeFirst();
  if (!image) throw notFound();
  return image;
}
