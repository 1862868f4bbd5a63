import { resourceImagePath, type Resource } from '../../../shared/contract/resources';
import { foldForSearch } from '../../../shared/text/search';
import { calendarDateIn } from '../../../shared/time/calendar-date';
import type { ServiceContext } from '../../context';
import { levelNaming, preferredName } from '../levels/level-names';
import { companyTree, translationsOf } from '../levels/levels.queries';
import { CATALOGUE_TABLES, catalogueNames, languagesOf } from '../resource-types/catalogue.queries';
import { lookupVersion, type ResourceDetails, type ResourceKey, type ResourceRow } from './resources.queries';

/**
 * The read side of resources: everything an answer names (levels with their paths and maps, types,
 * attributes) is read once per request, then each resource is built from set-based reads over all
 * the resources answered, never one query per resource.
 */

export interface LevelInfo {
  id: number;
  name: string;
  path: string;
  /** the level whose floor plan positions refer to: itself if it has a map, else the nearest ancestor with one */
  mapLevelId: number | null;
  mapId: number | null;
  timezone: string;
  workingHoursFrom: string;
  workingHoursTo: string;
  /** top level first, itself last */
  ancestry: number[];
}

export interface Lookups {
  languages: { user: number; company: number; english: number | null };
  locales: Map<number, string>;
  levels: Map<number, LevelInfo>;
  /** each level's place in level-path order, to sort resources without comparing paths each time */
  levelRank: Map<number, number>;
  types: Map<number, { id: number; key: string; name: string; icon: string | null }>;
  attributes: Map<number, string>;
}

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

function groupBy<T, K>(rows: readonly T[], key: (row: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = groups.get(k);
    if (list) list.push(row);
    else groups.set(k, [row]);
  }
  return groups;
}

interface CachedLookups {
  version: string;
  languagesKey: string;
  lookups: Lookups;
}

/**
 * Lookups per database and company, valid while the company's lookup version (migration 0011) is
 * unchanged. Inside a transaction the cache is neither read nor filled: the transaction may see, or
 * have made, changes others do not.
 */
const cachedLookups = new WeakMap<object, Map<number, CachedLookups>>();
const CACHED_COMPANIES_MAX = 200;

export async function loadLookups(ctx: ServiceContext): Promise<Lookups> {
  const [languages, version] = await Promise.all([
    languagesOf(ctx.db, ctx.companyId, ctx.userId),
    ctx.db.isTransaction ? null : lookupVersion(ctx.db, ctx.companyId),
  ]);
  const languagesKey = `${languages.user}:${languages.company}:${languages.english}`;
  const companies = cachedLookups.get(ctx.db) ?? new Map<number, CachedLookups>();
  const cached = companies.get(ctx.companyId);
  if (version !== null && cached?.version === version && cached.languagesKey === languagesKey)
    return cached.lookups;
  const lookups = await readLookups(ctx, languages);
  if (version !== null) {
    if (companies.size >= CACHED_COMPANIES_MAX) companies.delete(companies.keys().next().value!);
    companies.set(ctx.companyId, { version, languagesKey, lookups });
    cachedLookups.set(ctx.db, companies);
  }
  return lookups;
}

async function readLookups(ctx: ServiceContext, languages: Lookups['languages']): Promise<Lookups> {
  const [tree, levelNames, types, attributes, locales] = await Promise.all([
    companyTree(ctx.db, ctx.companyId),
    translationsOf(ctx.db, ctx.companyId),
    catalogueNames(ctx.db, CATALOGUE_TABLES.resource_types, ctx.companyId, languages),
    catalogueNames(ctx.db, CATALOGUE_TABLES.resource_attributes, ctx.companyId, languages),
    ctx.db.selectFrom('languages').select(['id', 'locale']).execute(),
  ]);
  const { nameOf, pathOf } = levelNaming(levelNames, languages);
  const byId = new Map(tree.map((row) => [row.id, row]));
  const levels = new Map<number, LevelInfo>();
  for (const row of tree) {
    // The ancestry runs top first; the nearest level with a map is the last one in it that has one.
    const mapLevelId = [...row.ancestry].reverse().find((id) => byId.get(id)?.map_id != null) ?? null;
    levels.set(row.id, {
      id: row.id,
      name: nameOf(row.id),
      path: pathOf(row.ancestry),
      mapLevelId,
      mapId: mapLevelId === null ? null : (byId.get(mapLevelId)!.map_id ?? null),
      timezone: row.timezone,
      workingHoursFrom: row.working_hours_from,
      workingHoursTo: row.working_hours_to,
      ancestry: row.ancestry,
    });
  }
  const byPath = [...levels.values()].sort((a, b) => collator.compare(a.path, b.path) || a.id - b.id);
  return {
    languages,
    locales: new Map(locales.map((language) => [language.id, language.locale])),
    levels,
    levelRank: new Map(byPath.map((level, index) => [level.id, index])),
    types: new Map(
      types.map((type) => [
        type.id,
        { id: type.id, key: type.key, name: type.name ?? type.key, icon: type.icon },
      ]),
    ),
    attributes: new Map(attributes.map((attribute) => [attribute.id, attribute.name ?? attribute.key])),
  };
}

/** The level and every level below it (ids); empty for a level the company does not have. */
export function subtreeOf(lookups: Lookups, levelId: number): number[] {
  if (!lookups.levels.has(levelId)) return [];
  return [...lookups.levels.values()].filter((level) => level.ancestry.includes(levelId)).map((l) => l.id);
}

export interface NameRow {
  resource_id: number;
  language_id: number;
  name: string;
}

/** A resource row with its names, ready to be searched, sorted and built. */
export interface NamedRow {
  row: ResourceKey;
  name: string;
  translations: NameRow[];
}

export function nameRows(lookups: Lookups, rows: readonly ResourceKey[], names: readonly NameRow[]) {
  const byResource = groupBy(names, (entry) => entry.resource_id);
  return rows.map((row): NamedRow => {
    const translations = (byResource.get(row.id) ?? []).sort((a, b) => a.language_id - b.language_id);
    return { row, translations, name: preferredName(translations, lookups.languages) };
  });
}

/** spec: the search ignores case and accents and looks at the names in every language. */
export function searchNames(rows: NamedRow[], query: string | undefined): NamedRow[] {
  const wanted = foldForSearch(query?.trim() ?? '');
  if (wanted === '') return rows;
  return rows.filter((entry) => entry.translations.some((t) => foldForSearch(t.name).includes(wanted)));
}

/** Level path then name ('Desk 2' before 'Desk 10'), then id so equal names keep one order. */
export function sortByPlace(lookups: Lookups, rows: NamedRow[]): NamedRow[] {
  const rank = (entry: NamedRow) => lookups.levelRank.get(entry.row.level_id) ?? -1;
  return [...rows].sort(
    (a, b) => rank(a) - rank(b) || collator.compare(a.name, b.name) || a.row.id - b.row.id,
  );
}

/**
 * Today where each level is (a date capacity covers a level's calendar date, not the server's),
 * and the span of those dates, which the details read covers.
 */
export function todayByLevel(lookups: Lookups): { of: Map<number, string>; from: string; to: string } {
  const byZone = new Map<string, string>();
  const of = new Map<number, string>();
  for (const level of lookups.levels.values()) {
    let today = byZone.get(level.timezone);
    if (today === undefined) byZone.set(level.timezone, (today = calendarDateIn(level.timezone)));
    of.set(level.id, today);
  }
  const days = [...byZone.values()].sort();
  const fallback = calendarDateIn('UTC');
  return { of, from: days[0] ?? fallback, to: days[days.length - 1] ?? fallback };
}

/** The answers for these resources, in their order, from their rows, names and details. */
export function buildResources(
  lookups: Lookups,
  today: ReturnType<typeof todayByLevel>,
  entries: readonly NamedRow[],
  details: ResourceDetails & { rows: readonly ResourceRow[] },
): Resource[] {
  const rowOf = new Map(details.rows.map((row) => [row.id, row]));
  const attributesOf = groupBy(details.attributes, (link) => link.resource_id);
  const servicesOf = groupBy(details.services, (link) => link.resource_id);
  const capacitiesOf = groupBy(details.capacities, (entry) => entry.resource_id);
  const byName = (a: { name: string }, b: { name: string }) => collator.compare(a.name, b.name);
  // A resource deleted between the two reads is left out rather than answered half.
  return entries.flatMap(({ row: key, name, translations }) => {
    const row = rowOf.get(key.id);
    if (!row) return [];
    const level = lookups.levels.get(row.level_id);
    const type = lookups.types.get(row.resource_type_id);
    const day = today.of.get(row.level_id) ?? today.from;
    // Where two date capacities overlap, the one starting later (then the newer) holds.
    const dated = (capacitiesOf.get(row.id) ?? [])
      .filter((c) => c.date_from <= day && c.date_to >= day)
      .sort((a, b) => b.date_from.localeCompare(a.date_from) || b.id - a.id)[0];
    const hasImage = details.images.has(row.id);
    return {
      id: row.id,
      name,
      translations: translations.map(({ language_id, name: text }) => ({
        language_id,
        locale: lookups.locales.get(language_id) ?? '',
        name: text,
      })),
      level_id: row.level_id,
      level: { id: row.level_id, name: level?.name ?? '', path: level?.path ?? '' },
      resource_type_id: row.resource_type_id,
      resource_type: type ?? { id: row.resource_type_id, key: '', name: '', icon: null },
      resource_capacity_type: row.resource_capacity_type,
      resource_model: row.resource_model,
      capacity: row.capacity,
      max_capacity: row.max_capacity,
      current_capacity: dated ? dated.capacity : row.capacity,
      propagate_capacity: row.propagate_capacity,
      description: row.description,
      email: row.email,
      resource_attributes: (attributesOf.get(row.id) ?? [])
        .map((link) => ({
          id: link.resource_attribute_id,
          name: lookups.attributes.get(link.resource_attribute_id) ?? '',
        }))
        .sort(byName),
      resource_services: (servicesOf.get(row.id) ?? [])
        .map((link) => ({ id: link.id, name: link.name }))
        .sort(byName),
      map_level_id: level?.mapLevelId ?? null,
      map_id: level?.mapId ?? null,
      map_x: row.map_x,
      map_y: row.map_y,
      is_favorite: details.favorites.has(row.id),
      has_image: hasImage,
      image_url: hasImage ? resourceImagePath(row.id) : null,
    };
  });
}
