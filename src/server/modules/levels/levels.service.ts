import { foldForSearch } from '../../../shared/text/search';
import type { Kysely } from 'kysely';
import type {
  CreateLevelBody,
  Level,
  LevelList,
  LevelMapList,
  UpdateLevelBody,
} from '../../../shared/contract/levels';
import type { LevelListQuery as LevelListQuerySchema } from '../../../shared/contract/levels';
import type { z } from 'zod';
import { QR_ENTITY_KINDS, type QrCodeInfo } from '../../../shared/contract/qr-codes';
import { notValid, type FieldErrors } from '../../../shared/validation';
import type { AppDeps, ServiceContext } from '../../context';
import type { Database } from '../../db/schema';
import { conflict, notFound, unprocessable } from '../../http/errors';
import { deleteQrCodes, qrCodeInfo } from '../qr-codes';
import { languagesOf } from '../resource-types/catalogue.queries';
import type { ReferenceData, ReferenceLists } from '../reference';
import { deleteResourcesOnLevels, levelsWithFutureBookings, resourceCountsByLevel } from '../resources';
import { levelNaming } from './level-names';
import {
  ancestorsOf,
  companyTree,
  existingIds,
  favoriteIds,
  frequentIds,
  levelById,
  lockCompanyLevels,
  siblingNamesTaken,
  translationsOf,
  type LevelRow,
} from './levels.queries';
import { pageMeta } from '../../../shared/contract/common';

/** spec §9: the most-frequently-used list shows 3 levels. */
const FREQUENT_LIMIT = 3;

export const MESSAGES = {
  cycle: 'A level cannot be placed under itself or one of its sublevels.',
  duplicate: 'Another level under the same parent already has this name.',
  hasSublevels: 'This level has sublevels; delete or move them first.',
  someHaveSublevels: 'Some of these levels have sublevels that are not deleted with them.',
} as const;

/**
 * What may refuse a deletion, each answering why (or null): sublevels left behind, and resources
 * with future bookings (issue 4). All run inside the deleting transaction.
 */
export type LevelDeleteCheck = (
  db: Kysely<Database>,
  companyId: number,
  levelIds: readonly number[],
) => Promise<string | null>;

const deleteChecks: LevelDeleteCheck[] = [
  async (db, companyId, levelIds) => {
    // Children that are deleted in the same call do not block their parent.
    const deleted = new Set(levelIds);
    const children = await db
      .selectFrom('levels')
      .select(['id', 'parent_id'])
      .where('company_id', '=', companyId)
      .where('parent_id', 'in', levelIds)
      .execute();
    const outside = children.filter((child) => !deleted.has(child.id));
    if (outside.length === 0) return null;
    return levelIds.length === 1 ? MESSAGES.hasSublevels : MESSAGES.someHaveSublevels;
  },
  levelsWithFutureBookings,
];

/** Everything the answers are built from, read once per request. */
async function loadView(ctx: ServiceContext, db: Kysely<Database> = ctx.db) {
  const [rows, translations, favorites, languages, resourceCounts] = await Promise.all([
    companyTree(db, ctx.companyId),
    translationsOf(db, ctx.companyId),
    favoriteIds(db, ctx.companyId, ctx.userId),
    languagesOf(db, ctx.companyId, ctx.userId),
    resourceCountsByLevel(db, ctx.companyId),
  ]);
  const { nameOf, pathOf, translationsOf: levelTranslations } = levelNaming(translations, languages);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const descendants = new Map<number, number[]>();
  for (const row of rows)
    for (const ancestor of row.ancestry.slice(0, -1)) {
      const list = descendants.get(ancestor) ?? [];
      list.push(row.id);
      descendants.set(ancestor, list);
    }
  const toLevel = (row: LevelRow): Level => {
    return {
      id: row.id,
      parent_id: row.parent_id,
      kind: row.kind,
      name: nameOf(row.id),
      path: pathOf(row.ancestry),
      all_parents: row.ancestry.slice(0, -1).map((id) => ({ id, name: nameOf(id) })),
      all_children: descendants.get(row.id) ?? [],
      working_hours_from: row.working_hours_from,
      working_hours_to: row.working_hours_to,
      timezone: row.timezone,
      country_id: row.country_id,
      translations: levelTranslations(row.id).map(({ language_id, locale, name: text }) => ({
        language_id,
        locale,
        name: text,
      })),
      is_default: row.is_default,
      is_favorite: favorites.has(row.id),
      is_declarable: row.is_declarable,
      is_directly_declarable: row.is_directly_declarable,
      map_id: row.map_id,
      position: row.position,
      // Every resource in the level's subtree: a building counts the desks on its floors.
      resources_count: [row.id, ...(descendants.get(row.id) ?? [])].reduce(
        (sum, id) => sum + (resourceCounts.get(id) ?? 0),
        0,
      ),
    };
  };
  return { rows, byId, toLevel, favorites, nameOf };
}

function page(levels: Level[], pageNumber: number, perPage: number): LevelList {
  return {
    data: levels.slice((pageNumber - 1) * perPage, pageNumber * perPage),
    meta: pageMeta(pageNumber, perPage, levels.length),
  };
}

/** spec §7 GET levels/all: see LevelListQuery for the flags. */
export async function listLevels(
  ctx: ServiceContext,
  query: z.output<typeof LevelListQuerySchema>,
): Promise<LevelList> {
  const view = await loadView(ctx);
  const filtered =
    query.favorites === '1' ||
    query.frequent === '1' ||
    query.declarable === '1' ||
    query.default === '1' ||
    Boolean(query.query?.trim());
  const depth = query.depth ?? (filtered ? 'ALL' : 'TOP');
  let rows = view.rows.filter((row) => depth === 'ALL' || row.parent_id === null);
  if (query.favorites === '1') rows = rows.filter((row) => view.favorites.has(row.id));
  if (query.declarable === '1') rows = rows.filter((row) => row.is_declarable);
  if (query.default === '1') rows = rows.filter((row) => row.is_default);
  const wanted = foldForSearch(query.query?.trim() ?? '');
  if (wanted) rows = rows.filter((row) => foldForSearch(view.nameOf(row.id)).includes(wanted));
  if (query.frequent === '1') {
    const order = await frequentIds(ctx.db, ctx.companyId, ctx.userId, FREQUENT_LIMIT);
    const kept = new Set(rows.map((row) => row.id));
    rows = order.filter((id) => kept.has(id)).map((id) => view.byId.get(id)!);
  }
  if (query.all_parents === '1') {
    const ids = new Set(rows.flatMap((row) => row.ancestry));
    const found = new Set(rows.map((row) => row.id));
    // Ancestors first in tree order, then the levels found in their own order.
    rows = [...view.rows.filter((row) => ids.has(row.id) && !found.has(row.id)), ...rows];
  }
  return page(rows.map(view.toLevel), query.page, query.per_page);
}

export async function getLevel(ctx: ServiceContext, id: number): Promise<Level> {
  const view = await loadView(ctx);
  const row = view.byId.get(id);
  if (!row) throw notFound();
  return view.toLevel(row);
}

/** spec §7 GET levels/{id}/sublevels: the levels directly under it. */
export async function listSublevels(ctx: ServiceContext, id: number): Promise<LevelList> {
  const view = await loadView(ctx);
  if (!view.byId.has(id)) throw notFound();
  const children = view.rows.filter((row) => row.parent_id === id).map(view.toLevel);
  return page(children, 1, Math.max(children.length, 1));
}

/** spec §7 GET levels/maps: the levels that have a floor map, in tree order. */
export async function listLevelMaps(ctx: ServiceContext): Promise<LevelMapList> {
  const view = await loadView(ctx);
  const mapIds = [...new Set(view.rows.flatMap((row) => (row.map_id === null ? [] : [row.map_id])))];
  const maps =
    mapIds.length === 0
      ? []
      : await ctx.db
          .selectFrom('maps')
          .select(['id', 'name'])
          .where('company_id', '=', ctx.companyId)
          .where('id', 'in', mapIds)
          .execute();
  const mapName = new Map(maps.map((map) => [map.id, map.name]));
  return {
    data: view.rows
      .filter((row) => row.map_id !== null)
      .map((row) => {
        const level = view.toLevel(row);
        return {
          level_id: row.id,
          name: level.name,
          path: level.path,
          map_id: row.map_id!,
          map_name: mapName.get(row.map_id!) ?? '',
        };
      }),
  };
}

type LevelChange = UpdateLevelBody;

/** Reference ids and names checked against the data; 422 with every bad field at once. */
async function validate(
  tx: Kysely<Database>,
  ctx: ServiceContext,
  lists: ReferenceLists,
  change: LevelChange,
  levelId: number | null,
  parentId: number | null,
): Promise<void> {
  const errors: FieldErrors = {};
  if (change.timezone !== undefined && !lists.timezones.some((zone) => zone.name === change.timezone))
    errors.timezone = [notValid('timezone')];
  if (
    change.country_id !== undefined &&
    change.country_id !== null &&
    !lists.countries.some((country) => country.id === change.country_id)
  )
    errors.country_id = [notValid('country_id')];
  if (change.map_id !== undefined && change.map_id !== null) {
    const map = await tx
      .selectFrom('maps')
      .select('id')
      .where('company_id', '=', ctx.companyId)
      .where('id', '=', change.map_id)
      .executeTakeFirst();
    if (!map) errors.map_id = [notValid('map_id')];
  }
  if (change.parent_id !== undefined && change.parent_id !== null) {
    // The parent's chain up to the top: the level itself in it means a cycle.
    const chain = await ancestorsOf(tx, ctx.companyId, change.parent_id);
    if (chain.length === 0) errors.parent_id = [notValid('parent_id')];
    else if (levelId !== null && chain.includes(levelId)) errors.parent_id = [MESSAGES.cycle];
  }
  if (change.working_hours_from !== undefined && change.working_hours_to !== undefined) {
    if (change.working_hours_from >= change.working_hours_to)
      errors.working_hours_to = [notValid('working_hours_to')];
  }
  if (change.translations) {
    const seen = new Set<number>();
    change.translations.forEach((translation, index) => {
      if (
        !lists.languages.some((language) => language.id === translation.language_id) ||
        seen.has(translation.language_id)
      )
        errors[`translations.${index}.language_id`] = [notValid('language_id')];
      seen.add(translation.language_id);
    });
  }
  if (Object.keys(errors).length > 0) throw unprocessable(errors);

  // Unique name per parent per language (checked under the company's level lock).
  const names = change.translations;
  if (names) {
    const taken = await siblingNamesTaken(tx, ctx.companyId, parentId, levelId, names);
    for (const index of taken) errors[`translations.${index}.name`] = [MESSAGES.duplicate];
    if (Object.keys(errors).length > 0) throw unprocessable(errors);
  }
}

async function writeTranslations(
  tx: Kysely<Database>,
  companyId: number,
  levelId: number,
  translations: NonNullable<LevelChange['translations']>,
): Promise<void> {
  await tx
    .deleteFrom('level_translations')
    .where('company_id', '=', companyId)
    .where('level_id', '=', levelId)
    .execute();
  await tx
    .insertInto('level_translations')
    .values(
      translations.map((translation) => ({
        company_id: companyId,
        level_id: levelId,
        language_id: translation.language_id,
        name: translation.name.trim(),
      })),
    )
    .execute();
}

/** spec §2: one default level per company; setting one clears the others. */
async function clearDefault(tx: Kysely<Database>, companyId: number, exceptId: number): Promise<void> {
  await tx
    .updateTable('levels')
    .set({ is_default: false })
    .where('company_id', '=', companyId)
    .where('is_default', '=', true)
    .where('id', '<>', exceptId)
    .execute();
}

/** POST levels: one transaction; timezone, country and working hours default from the parent, else the company. */
export async function createLevel(
  ctx: ServiceContext,
  reference: ReferenceData,
  body: CreateLevelBody,
): Promise<Level> {
  // Read before the transaction: on PGlite the pool has one connection, which the transaction holds.
  const lists = await reference.referenceLists();
  const id = await ctx.db.transaction().execute(async (tx) => {
    await lockCompanyLevels(tx, ctx.companyId);
    const parentId = body.parent_id ?? null;
    await validate(tx, ctx, lists, body, null, parentId);
    const parent = parentId === null ? undefined : await levelById(tx, ctx.companyId, parentId);
    const company = await tx
      .selectFrom('companies')
      .select(['timezone', 'country_id'])
      .where('id', '=', ctx.companyId)
      .executeTakeFirstOrThrow();
    const from = body.working_hours_from ?? (parent ? hhmm(parent.working_hours_from) : '00:00');
    const to = body.working_hours_to ?? (parent ? hhmm(parent.working_hours_to) : '23:59');
    if (from >= to) throw unprocessable({ working_hours_to: [notValid('working_hours_to')] });
    if (body.is_default) await clearDefault(tx, ctx.companyId, 0);
    const { id: levelId } = await tx
      .insertInto('levels')
      .values({
        company_id: ctx.companyId,
        parent_id: parentId,
        kind: body.kind,
        timezone: body.timezone ?? parent?.timezone ?? company.timezone,
        country_id:
          body.country_id !== undefined ? body.country_id : (parent?.country_id ?? company.country_id),
        working_hours_from: from,
        working_hours_to: to,
        is_default: body.is_default ?? false,
        is_declarable: body.is_declarable ?? false,
        is_directly_declarable: body.is_directly_declarable ?? false,
        map_id: body.map_id ?? null,
        position: body.position ?? 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await writeTranslations(tx, ctx.companyId, levelId, body.translations);
    return levelId;
  });
  return getLevel(ctx, id);
}

/** PUT levels/{id}: one transaction; a move is checked against cycles under the company's level lock. */
export async function updateLevel(
  ctx: ServiceContext,
  reference: ReferenceData,
  id: number,
  body: UpdateLevelBody,
): Promise<Level> {
  const lists = await reference.referenceLists();
  await ctx.db.transaction().execute(async (tx) => {
    await lockCompanyLevels(tx, ctx.companyId);
    const current = await levelById(tx, ctx.companyId, id);
    if (!current) throw notFound();
    const parentId = body.parent_id !== undefined ? body.parent_id : current.parent_id;
    const moved = parentId !== current.parent_id;
    // A move re-checks the names against the new siblings.
    const names =
      body.translations ??
      (moved
        ? (await translationsOf(tx, ctx.companyId, [id])).map(({ language_id, name }) => ({
            language_id,
            name,
          }))
        : undefined);
    await validate(tx, ctx, lists, { ...body, ...(names ? { translations: names } : {}) }, id, parentId);
    const from = body.working_hours_from ?? hhmm(current.working_hours_from);
    const to = body.working_hours_to ?? hhmm(current.working_hours_to);
    if (from >= to) throw unprocessable({ working_hours_to: [notValid('working_hours_to')] });
    const { translations, ...columns } = body;
    // Before the update: the unique index allows one default level at any moment.
    if (body.is_default) await clearDefault(tx, ctx.companyId, id);
    if (Object.keys(columns).length > 0)
      await tx
        .updateTable('levels')
        .set(columns)
        .where('company_id', '=', ctx.companyId)
        .where('id', '=', id)
        .execute();
    if (translations) await writeTranslations(tx, ctx.companyId, id, translations);
  });
  return getLevel(ctx, id);
}

/** DELETE levels/{id} and DELETE levels/sublevels: all or nothing, refused with the reason. */
export async function deleteLevels(ctx: ServiceContext, levelIds: readonly number[]): Promise<void> {
  const ids = [...new Set(levelIds)];
  await ctx.db.transaction().execute(async (tx) => {
    await lockCompanyLevels(tx, ctx.companyId);
    const found = await existingIds(tx, ctx.companyId, ids);
    if (found.size !== ids.length) {
      if (ids.length === 1) throw notFound();
      throw unprocessable({ level_ids: [notValid('level_ids')] });
    }
    for (const check of deleteChecks) {
      const refusal = await check(tx, ctx.companyId, ids);
      if (refusal) throw conflict(refusal);
    }
    await deleteQrCodes(tx, ctx.companyId, QR_ENTITY_KINDS.level, ids);
    // The resources on the deleted levels go with them (none has a future booking: checked above).
    await deleteResourcesOnLevels(tx, ctx.companyId, ids);
    // One statement: a parent and its children deleted together pass the parent key check.
    await tx.deleteFrom('levels').where('company_id', '=', ctx.companyId).where('id', 'in', ids).execute();
  });
}

/** POST levels/{id}/favor and disfavor: the signed-in user's own favourites. */
export async function setFavorite(ctx: ServiceContext, id: number, favorite: boolean): Promise<Level> {
  const level = await levelById(ctx.db, ctx.companyId, id);
  if (!level) throw notFound();
  if (favorite)
    await ctx.db
      .insertInto('level_favorites')
      .values({ company_id: ctx.companyId, user_id: ctx.userId, level_id: id })
      .onConflict((oc) => oc.columns(['company_id', 'user_id', 'level_id']).doNothing())
      .execute();
  else
    await ctx.db
      .deleteFrom('level_favorites')
      .where('company_id', '=', ctx.companyId)
      .where('user_id', '=', ctx.userId)
      .where('level_id', '=', id)
      .execute();
  return getLevel(ctx, id);
}

/** A time column as 'HH:MM' ('07:00:00' → '07:00'). */
function hhmm(value: string): string {
  return String(value).slice(0, 5);
}

/** The level's QR code (made on first use): the edit screen shows its image. */
export async function levelQrCode(ctx: ServiceContext, deps: AppDeps, id: number): Promise<QrCodeInfo> {
  if (!(await levelById(ctx.db, ctx.companyId, id))) throw notFound();
  return qrCodeInfo(deps, ctx.companyId, QR_ENTITY_KINDS.level, id);
}
