import { foldForSearch } from '../../../shared/text/search';
import type { Kysely } from 'kysely';
import type { Level, LevelList, LevelMapList } from '../../../shared/contract/levels';
import type { LevelListQuery as LevelListQuerySchema } from '../../../shared/contract/levels';
import type { z } from 'zod';
import { QR_ENTITY_KINDS, type QrCodeInfo } from '../../../shared/contract/qr-codes';
import type { AppDeps, ServiceContext } from '../../context';
import type { Database } from '../../db/schema';
import { forbidden, notFound } from '../../http/errors';
import { can, type PermissionRequirement } from '../../../shared/permissions';
import { canViewLevel } from '../../../shared/permissions/scoped-access';
import { factsSeeingLevel, scopedFactsFor } from '../../permissions/scoped';
import { qrCodeInfo } from '../qr-codes';
import { languagesOf } from '../resource-types/catalogue.queries';
import { resourceCountsByLevel } from '../resources';
import { levelNaming } from './level-names';
import {
  companyTree,
  favoriteIds,
  frequentIds,
  levelById,
  translationsOf,
  type LevelRow,
} from './levels.queries';
import { pageMeta } from '../../../shared/contract/common';

/** spec §9: the most-frequently-used list shows 3 levels. */
const FREQUENT_LIMIT = 3;

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

/**
 * Which levels the caller sees (docs/permissions.md): an administrator of levels every one; anyone
 * else those their level containers let them see (LEVEL_VIEW; levels no container covers are open).
 */
async function levelVisibility(ctx: ServiceContext): Promise<(levelId: number) => boolean> {
  if (ctx.permissions && can(ctx.permissions, LEVEL_ADMINISTRATION)) return () => true;
  const facts = await scopedFactsFor(ctx);
  if (facts.levelCover.size === 0) return () => true;
  return (levelId) => canViewLevel(facts, levelId).allowed;
}
const LEVEL_ADMINISTRATION: PermissionRequirement = [
  ['LEVELS', 'read'],
  ['MANAGE_LEVELS', 'read'],
];

/** spec §7 GET levels/all: see LevelListQuery for the flags. */
export async function listLevels(
  ctx: ServiceContext,
  query: z.output<typeof LevelListQuerySchema>,
): Promise<LevelList> {
  const [view, sees] = await Promise.all([loadView(ctx), levelVisibility(ctx)]);
  const filtered =
    query.favorites === '1' ||
    query.frequent === '1' ||
    query.declarable === '1' ||
    query.default === '1' ||
    Boolean(query.query?.trim());
  const depth = query.depth ?? (filtered ? 'ALL' : 'TOP');
  let rows = view.rows.filter((row) => (depth === 'ALL' || row.parent_id === null) && sees(row.id));
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
  const [view, sees] = await Promise.all([loadView(ctx), levelVisibility(ctx)]);
  const row = view.byId.get(id);
  if (!row) throw notFound();
  // Opened by its address (a link, a bookmark): refused with the rule that refuses it.
  if (!sees(id)) {
    await factsSeeingLevel(ctx, id);
    throw forbidden();
  }
  return view.toLevel(row);
}

/** spec §7 GET levels/{id}/sublevels: the levels directly under it. */
export async function listSublevels(ctx: ServiceContext, id: number): Promise<LevelList> {
  const [view, sees] = await Promise.all([loadView(ctx), levelVisibility(ctx)]);
  if (!view.byId.has(id) || !sees(id)) throw notFound();
  const children = view.rows.filter((row) => row.parent_id === id && sees(row.id)).map(view.toLevel);
  return page(children, 1, Math.max(children.length, 1));
}

/** spec §7 GET levels/maps: the levels that have a floor map, in tree order. */
export async function listLevelMaps(ctx: ServiceContext): Promise<LevelMapList> {
  const [view, sees] = await Promise.all([loadView(ctx), levelVisibility(ctx)]);
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
      .filter((row) => row.map_id !== null && sees(row.id))
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

/** The level's QR code (made on first use): the edit screen shows its image. */
export async function levelQrCode(ctx: ServiceContext, deps: AppDeps, id: number): Promise<QrCodeInfo> {
  if (!(await levelById(ctx.db, ctx.companyId, id))) throw notFound();
  return qrCodeInfo(deps, ctx.companyId, QR_ENTITY_KINDS.level, id);
}
