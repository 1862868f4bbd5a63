import type { Kysely } from 'kysely';
import type {
  CreateResourceBody,
  DuplicateResourceBody,
  PositionBody,
  Resource,
  UpdateResourceBody,
} from '../../../shared/contract/resources';
import { MESSAGES } from '../../../shared/validation';
import type { KeptName } from '../../../shared/validation/name-translations';
import type { ServiceContext } from '../../context';
import type { Database } from '../../db/schema';
import { conflict, notFound, unprocessable } from '../../http/errors';
import type { ReferenceData } from '../../reference';
import { languagesOf } from '../resource-types/catalogue.queries';
import { applyCapacityType, isLockBusy, lockOpenBookings } from './capacity-type';
import { copyResourceSettings } from './resources.copy';
import {
  deleteResourceRows,
  futureBookingCounts,
  lockLevelResources,
  namesTakenOnLevel,
  replaceResourceAttributes,
  replaceResourceTranslations,
} from './resource-changes.queries';
import { resourceTranslations } from './resources.queries';
import { futureBookingsMessage, getResource, NOT_FOUND } from './resources.service';
import { checkResource, RESOURCE_MESSAGES, type CheckContext } from './resources.validation';
import { loadLookups } from './resources.view';

type Db = Kysely<Database>;

/**
 * Read before a transaction opens: on PGlite the pool has one connection, which the transaction
 * holds, so a read outside it would wait forever.
 */
async function checkContext(ctx: ServiceContext, reference: ReferenceData): Promise<CheckContext> {
  const [{ languages }, own] = await Promise.all([
    reference.referenceLists(),
    languagesOf(ctx.db, ctx.companyId, ctx.userId),
  ]);
  return {
    companyId: ctx.companyId,
    companyLanguage: own.company,
    knownLanguages: new Set(languages.map((language) => language.id)),
  };
}

async function currentRow(tx: Db, companyId: number, id: number) {
  const row = await tx
    .selectFrom('resources')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw notFound(NOT_FOUND);
  return row;
}

/** A capacity-type change gives way to a booking change holding one of its bookings (capacity-type.ts). */
async function retryingBusyLocks<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (!isLockBusy(error)) throw error;
      if (attempt >= 10) throw conflict(RESOURCE_MESSAGES.busy);
    }
  }
}

/** POST resources: the resource, its names, attributes and chosen functions in one transaction. */
export async function createResource(
  ctx: ServiceContext,
  reference: ReferenceData,
  body: CreateResourceBody,
): Promise<Resource> {
  const check = await checkContext(ctx, reference);
  const capacity = body.capacity ?? 1;
  const id = await ctx.db.transaction().execute(async (tx) => {
    const names = await checkResource(
      tx,
      check,
      {
        level_id: body.level_id,
        resource_type_id: body.resource_type_id,
        capacity,
        max_capacity: body.max_capacity ?? capacity,
        resource_attribute_ids: body.resource_attribute_ids,
        translations: body.translations,
      },
      null,
      null,
    );
    const { id: resourceId } = await tx
      .insertInto('resources')
      .values({
        company_id: ctx.companyId,
        level_id: body.level_id,
        resource_type_id: body.resource_type_id,
        capacity,
        max_capacity: body.max_capacity ?? capacity,
        ...(body.resource_capacity_type ? { resource_capacity_type: body.resource_capacity_type } : {}),
        ...(body.resource_model ? { resource_model: body.resource_model } : {}),
        ...(body.propagate_capacity !== undefined ? { propagate_capacity: body.propagate_capacity } : {}),
        description: body.description ?? '',
        email: body.email?.trim() || null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await replaceResourceTranslations(tx, ctx.companyId, resourceId, names!);
    if (body.resource_attribute_ids)
      await replaceResourceAttributes(tx, ctx.companyId, resourceId, body.resource_attribute_ids);
    const functions = [...new Set(body.functions ?? [])];
    if (functions.length > 0)
      await tx
        .insertInto('resource_functions')
        .values(
          functions.map((key) => ({
            company_id: ctx.companyId,
            resource_id: resourceId,
            function_key: key,
            active: true,
          })),
        )
        .execute();
    return resourceId;
  });
  return getResource(ctx, id);
}

/**
 * PUT resources/{id}: what is sent changes. A move to another level re-checks the names there, and
 * takes the resource off the plan when the floor plan its position refers to is not the same.
 */
export async function updateResource(
  ctx: ServiceContext,
  reference: ReferenceData,
  id: number,
  body: UpdateResourceBody,
): Promise<Resource> {
  const check = await checkContext(ctx, reference);
  const lookups = await loadLookups(ctx);
  const typeChange = body.resource_capacity_type;
  await retryingBusyLocks(() =>
    ctx.db.transaction().execute(async (tx) => {
      if (typeChange) await lockOpenBookings(tx, ctx.companyId, id);
      const current = await currentRow(tx, ctx.companyId, id);
      if (typeChange && typeChange !== current.resource_capacity_type)
        await applyCapacityType(tx, ctx.companyId, id, typeChange);
      const levelId = body.level_id ?? current.level_id;
      const moved = levelId !== current.level_id;
      const currentNames: KeptName[] | null =
        moved && !body.translations
          ? (await resourceTranslations(tx, ctx.companyId, [id])).map((row, index) => ({
              language_id: row.language_id,
              name: row.name,
              index,
            }))
          : null;
      const names = await checkResource(
        tx,
        check,
        {
          level_id: levelId,
          resource_type_id: body.resource_type_id ?? current.resource_type_id,
          capacity: body.capacity ?? current.capacity,
          max_capacity: body.max_capacity ?? current.max_capacity,
          resource_attribute_ids: body.resource_attribute_ids,
          translations: body.translations,
        },
        id,
        currentNames,
      );
      const { translations: _names, resource_attribute_ids: attributeIds, ...columns } = body;
      const otherPlan =
        moved && lookups.levels.get(levelId)?.mapLevelId !== lookups.levels.get(current.level_id)?.mapLevelId;
      const change = {
        ...columns,
        ...(columns.email !== undefined ? { email: columns.email?.trim() || null } : {}),
        ...(otherPlan ? { map_x: null, map_y: null } : {}),
      };
      if (Object.keys(change).length > 0)
        await tx
          .updateTable('resources')
          .set(change)
          .where('company_id', '=', ctx.companyId)
          .where('id', '=', id)
          .execute();
      if (names) await replaceResourceTranslations(tx, ctx.companyId, id, names);
      if (attributeIds) await replaceResourceAttributes(tx, ctx.companyId, id, attributeIds);
    }),
  );
  // The change touches no level or catalogue name: the lookups read before it still hold.
  return getResource(ctx, id, lookups);
}

/** DELETE resources/{id}: refused with 409 while it has future bookings (checkdelete says so first). */
export async function deleteResource(ctx: ServiceContext, id: number): Promise<void> {
  await ctx.db.transaction().execute(async (tx) => {
    await currentRow(tx, ctx.companyId, id);
    const [future] = await futureBookingCounts(tx, ctx.companyId, { resourceIds: [id] });
    if (future) throw conflict(futureBookingsMessage(future.count));
    await deleteResourceRows(tx, ctx.companyId, [id]);
  });
}

/**
 * PUT resources/{id}/position: where an administrator dropped it on the floor plan of its level (or
 * of the nearest level above with one); null for both takes it off the plan.
 */
export async function placeResource(ctx: ServiceContext, id: number, body: PositionBody): Promise<Resource> {
  const lookups = await loadLookups(ctx);
  const row = await ctx.db
    .selectFrom('resources')
    .select('level_id')
    .where('company_id', '=', ctx.companyId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound(NOT_FOUND);
  if ((body.map_x === null) !== (body.map_y === null))
    throw unprocessable(
      body.map_x === null ? { map_x: [MESSAGES.required] } : { map_y: [MESSAGES.required] },
    );
  if (body.map_x !== null && lookups.levels.get(row.level_id)?.mapId == null)
    throw unprocessable({ map_x: [RESOURCE_MESSAGES.noFloorPlan] });
  await ctx.db
    .updateTable('resources')
    .set({ map_x: body.map_x, map_y: body.map_y })
    .where('company_id', '=', ctx.companyId)
    .where('id', '=', id)
    .execute();
  return getResource(ctx, id, lookups);
}

/** PUT resources/{id}/attributes: the ids sent replace the resource's attributes. */
export async function setResourceAttributes(
  ctx: ServiceContext,
  reference: ReferenceData,
  id: number,
  attributeIds: readonly number[],
): Promise<Resource> {
  return updateResource(ctx, reference, id, { resource_attribute_ids: [...attributeIds] });
}

/** POST resources/{id}/favor and disfavor: the signed-in user's own favourites. */
export async function setResourceFavorite(
  ctx: ServiceContext,
  id: number,
  favorite: boolean,
): Promise<Resource> {
  const lookups = await loadLookups(ctx);
  const exists = await ctx.db
    .selectFrom('resources')
    .select('id')
    .where('company_id', '=', ctx.companyId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!exists) throw notFound(NOT_FOUND);
  if (favorite)
    await ctx.db
      .insertInto('resource_favorites')
      .values({ company_id: ctx.companyId, user_id: ctx.userId, resource_id: id })
      .onConflict((oc) => oc.columns(['company_id', 'user_id', 'resource_id']).doNothing())
      .execute();
  else
    await ctx.db
      .deleteFrom('resource_favorites')
      .where('company_id', '=', ctx.companyId)
      .where('user_id', '=', ctx.userId)
      .where('resource_id', '=', id)
      .execute();
  return getResource(ctx, id, lookups);
}

/**
 * POST resources/{id}/duplicate: a copy on the same level with its settings (attributes, functions
 * and their resources, availabilities, date capacities, roles, services), named `name` in every
 * language the original has a name in, and not placed on the plan (two markers on one spot).
 */
export async function duplicateResource(
  ctx: ServiceContext,
  id: number,
  body: DuplicateResourceBody,
): Promise<Resource> {
  const copyId = await ctx.db.transaction().execute(async (tx) => {
    const source = await currentRow(tx, ctx.companyId, id);
    await lockLevelResources(tx, ctx.companyId, source.level_id);
    const name = body.name.trim();
    const names = (await resourceTranslations(tx, ctx.companyId, [id])).map((row) => ({
      language_id: row.language_id,
      name,
    }));
    const taken = await namesTakenOnLevel(tx, ctx.companyId, source.level_id, names, null);
    if (taken.length > 0) throw unprocessable({ name: [RESOURCE_MESSAGES.nameTaken] });
    const { id: newId } = await tx
      .insertInto('resources')
      .values({
        company_id: ctx.companyId,
        level_id: source.level_id,
        resource_type_id: source.resource_type_id,
        resource_capacity_type: source.resource_capacity_type,
        resource_model: source.resource_model,
        capacity: source.capacity,
        max_capacity: source.max_capacity,
        propagate_capacity: source.propagate_capacity,
        description: source.description,
        email: source.email,
        position: source.position,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await replaceResourceTranslations(tx, ctx.companyId, newId, names);
    await copyResourceSettings(tx, ctx.companyId, id, newId);
    return newId;
  });
  return getResource(ctx, copyId);
}
