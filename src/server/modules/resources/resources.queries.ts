import { randomBytes } from 'node:crypto';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { ResourceModel } from '../../../shared/contract/resources';
import { foldForSearch } from '../../../shared/text/search';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

/**
 * An id list as one array parameter: one prepared statement whatever its length (an `in (…)` list
 * would prepare a new statement per length), and cheap for the 2,000 ids of a large floor.
 */
export const intArray = (values: readonly number[]): RawBuilder<number[]> => sql`${[...values]}::int[]`;

/** Bookings that keep a resource (and its level) from being deleted: not yet over, not given up. */
const FUTURE_BOOKING = sql`d.ends_at > now() and d.status in ('booked', 'checked_in')`;

export interface ResourceRow {
  id: number;
  level_id: number;
  resource_type_id: number;
  resource_capacity_type: 'exclusive' | 'shared';
  resource_model: ResourceModel;
  capacity: number;
  max_capacity: number;
  propagate_capacity: boolean;
  description: string;
  email: string | null;
  map_x: number | null;
  map_y: number | null;
}

/** What the lists filter on in SQL; the name search is applied afterwards (see resources.view.ts). */
/** What the lists need to filter, search and sort before the rows answered are read whole. */
export interface ResourceKey {
  id: number;
  level_id: number;
}

export interface ResourceFilter {
  ids?: readonly number[] | undefined;
  levelIds?: readonly number[] | undefined;
  resourceTypeIds?: readonly number[] | undefined;
  models?: readonly string[] | undefined;
  minCapacity?: number | undefined;
  favoriteOf?: number | undefined;
  placed?: boolean | undefined;
  /** a name in some language may contain it (folded): narrows; the caller applies the exact rule */
  nameQuery?: string | undefined;
}

/**
 * The resources matching the filters that live on the row itself, read with one scan of the
 * resources table. Attribute and name filters are applied by the caller on the links and names read
 * next: PGlite never analyses its tables, and without statistics the planner joins the attribute
 * links in ways that cost seconds on a floor of 2,000 resources.
 */
function filteredResources(companyId: number, filter: ResourceFilter, wanted: readonly string[]) {
  return sql`
    select ${columns('r', wanted)} from resources r
    where r.company_id = ${companyId}
      ${filter.ids ? sql`and r.id = any(${intArray(filter.ids)})` : sql``}
      ${filter.levelIds ? sql`and r.level_id = any(${intArray(filter.levelIds)})` : sql``}
      ${filter.resourceTypeIds ? sql`and r.resource_type_id = any(${intArray(filter.resourceTypeIds)})` : sql``}
      ${filter.models ? sql`and r.resource_model = any(${[...filter.models]}::text[])` : sql``}
      ${filter.minCapacity !== undefined ? sql`and r.capacity >= ${filter.minCapacity}` : sql``}
      ${filter.placed ? sql`and r.map_x is not null` : sql``}
      ${nameMayMatch(filter.nameQuery)}
      ${
        filter.favoriteOf !== undefined
          ? sql`and r.id in (select f.resource_id from resource_favorites f
              where f.company_id = ${companyId} and f.user_id = ${filter.favoriteOf})`
          : sql``
      }`;
}

/** Resources with a name containing the folded query, or a name not yet folded (see migration 0011). */
function nameMayMatch(query: string | undefined) {
  const wanted = foldForSearch(query?.trim() ?? '');
  if (wanted === '') return sql``;
  return sql`and exists (select 1 from resource_translations t
    where t.company_id = r.company_id and t.resource_id = r.id
      and (t.search_name is null or strpos(t.search_name, ${wanted}) > 0))`;
}

export async function selectResources(
  db: Db,
  companyId: number,
  filter: ResourceFilter,
): Promise<ResourceRow[]> {
  const { rows } = await sql<{
    rows: string | null;
  }>`select (${filteredResources(companyId, filter, RESOURCE_COLUMNS)}) as rows`.execute(db);
  return rowsOf<ResourceRow>(rows[0]!.rows);
}

/** What the answers show beyond a resource's own row, read for a set of resources at once. */
export interface ResourceDetails {
  attributes: Array<{ resource_id: number; resource_attribute_id: number }>;
  services: Array<{ resource_id: number; id: number; name: string }>;
  images: Set<number>;
  favorites: Set<number>;
  /** date capacities touching the dates between `from` and `to` */
  capacities: Array<{
    resource_id: number;
    id: number;
    date_from: string;
    date_to: string;
    capacity: number;
  }>;
}

/** Which details to read: whose favourites, and the calendar dates "today" may be across timezones. */
interface DetailsWanted {
  userId: number;
  from: string;
  to: string;
}

/**
 * `select columns(...) from …`: the rows as one JSON object of column arrays
 * ({"id": [1, 2], "name": ["a", "b"]}). On PGlite, decoding thousands of rows field by field costs
 * several times more than the database's own work; one JSON text per part and one JSON.parse is
 * cheap, and arrays per column are cheaper to build than an array per row.
 */
function columns(alias: string, names: readonly string[]) {
  return sql`json_build_object(${sql.join(
    names.map((name) => sql`${sql.lit(name)}::text, array_agg(${sql.ref(`${alias}.${name}`)})`),
  )})::text`;
}

/** The rows back from `columns`: an empty set aggregates to nulls. */
function rowsOf<T>(text: string | null): T[] {
  if (text === null) return [];
  const table = JSON.parse(text) as Record<string, unknown[] | null>;
  const keys = Object.keys(table);
  const length = table[keys[0]!]?.length ?? 0;
  const rows: T[] = [];
  for (let i = 0; i < length; i += 1) {
    const row: Record<string, unknown> = {};
    for (const key of keys) row[key] = table[key]![i];
    rows.push(row as T);
  }
  return rows;
}

const RESOURCE_COLUMNS = [
  'id',
  'level_id',
  'resource_type_id',
  'resource_capacity_type',
  'resource_model',
  'capacity',
  'max_capacity',
  'propagate_capacity',
  'description',
  'email',
  'map_x',
  'map_y',
] as const satisfies readonly (keyof ResourceRow)[];

/**
 * Ids as a table to join: `= any($ids)` over a long array is a linear search per row once the
 * prepared statement runs a generic plan, while a join probes the tables' primary keys.
 */
const idTable = (ids: readonly number[]) => sql`unnest(${intArray(ids)}) as found(id)`;

/**
 * The resources matching the row filters and having every attribute asked, with their names and
 * attribute links. The rows come from one scan; names and links by probing their primary keys for
 * the ids found (the links first when they filter, so fewer names are read).
 */
export async function selectResourceSet(
  db: Db,
  companyId: number,
  filter: ResourceFilter,
  /** the resources must have every one of these; checked before the names are read */
  attributeIds: readonly number[] = [],
): Promise<{
  rows: ResourceKey[];
  names: Array<{ resource_id: number; language_id: number; name: string }>;
  attributes: Array<{ resource_id: number; resource_attribute_id: number }>;
}> {
  const { rows: keys } = await sql<{ rows: string | null }>`
    select (${filteredResources(companyId, filter, ['id', 'level_id'])}) as rows`.execute(db);
  let rows = rowsOf<ResourceKey>(keys[0]!.rows);
  if (rows.length === 0) return { rows, names: [], attributes: [] };
  const namesOf = (
    ids: readonly number[],
  ) => sql`(select ${columns('t', ['resource_id', 'language_id', 'name'])}
    from ${idTable(ids)} join resource_translations t on t.company_id = ${companyId} and t.resource_id = found.id)`;
  const linksOf = (
    ids: readonly number[],
  ) => sql`(select ${columns('a', ['resource_id', 'resource_attribute_id'])}
    from ${idTable(ids)} join resource_resource_attributes a on a.company_id = ${companyId} and a.resource_id = found.id)`;
  const wanted = [...new Set(attributeIds)];
  if (wanted.length === 0) {
    const ids = rows.map((row) => row.id);
    const { rows: parts } = await sql<{ names: string | null; attributes: string | null }>`
      select ${namesOf(ids)} as names, ${linksOf(ids)} as attributes`.execute(db);
    return { rows, names: rowsOf(parts[0]!.names), attributes: rowsOf(parts[0]!.attributes) };
  }
  const { rows: links } = await sql<{ attributes: string | null }>`
    select ${linksOf(rows.map((row) => row.id))} as attributes`.execute(db);
  const attributes = rowsOf<{ resource_id: number; resource_attribute_id: number }>(links[0]!.attributes);
  const has = new Set(attributes.map((link) => `${link.resource_id}:${link.resource_attribute_id}`));
  rows = rows.filter((row) => wanted.every((id) => has.has(`${row.id}:${id}`)));
  if (rows.length === 0) return { rows, names: [], attributes: [] };
  const { rows: names } = await sql<{ names: string | null }>`
    select ${namesOf(rows.map((row) => row.id))} as names`.execute(db);
  return { rows, names: rowsOf(names[0]!.names), attributes };
}

/**
 * The resources answered, whole, with their details (services, picture, favourite, date
 * capacities), in one statement: only the few a filtered list keeps are read column by column.
 */
export async function selectResourceDetails(
  db: Db,
  companyId: number,
  resourceIds: readonly number[],
  wanted: DetailsWanted,
): Promise<Omit<ResourceDetails, 'attributes'> & { rows: ResourceRow[] }> {
  if (resourceIds.length === 0)
    return { rows: [], services: [], images: new Set(), favorites: new Set(), capacities: [] };
  const found = idTable(resourceIds);
  type Part = 'resources' | 'services' | 'images' | 'favorites' | 'capacities';
  const { rows } = await sql<Record<Part, string | null>>`
    select
      (select ${columns('r', RESOURCE_COLUMNS)} from ${found}
        join resources r on r.company_id = ${companyId} and r.id = found.id) as resources,
      (select ${columns('s', ['resource_id', 'id', 'name'])}
        from (select l.resource_id, s.id, s.name from ${found}
          join resource_service_types l on l.company_id = ${companyId} and l.resource_id = found.id
          join service_types s on s.company_id = l.company_id and s.id = l.service_type_id) s) as services,
      (select ${columns('i', ['resource_id'])} from ${found}
        join resource_images i on i.company_id = ${companyId} and i.resource_id = found.id) as images,
      (select ${columns('v', ['resource_id'])} from ${found}
        join resource_favorites v
          on v.company_id = ${companyId} and v.user_id = ${wanted.userId} and v.resource_id = found.id) as favorites,
      (select ${columns('c', ['resource_id', 'id', 'date_from', 'date_to', 'capacity'])} from ${found}
        join resource_date_capacities c on c.company_id = ${companyId} and c.resource_id = found.id
          and c.date_from <= ${wanted.to}::date and c.date_to >= ${wanted.from}::date) as capacities`.execute(
    db,
  );
  const result = rows[0]!;
  const idsOf = (text: string | null) =>
    new Set(rowsOf<{ resource_id: number }>(text).map((row) => row.resource_id));
  return {
    rows: rowsOf(result.resources),
    services: rowsOf(result.services),
    images: idsOf(result.images),
    favorites: idsOf(result.favorites),
    capacities: rowsOf(result.capacities),
  };
}

interface ResourceNameRow {
  resource_id: number;
  language_id: number;
  locale: string;
  name: string;
}

export async function resourceTranslations(
  db: Db,
  companyId: number,
  ids: readonly number[],
): Promise<ResourceNameRow[]> {
  if (ids.length === 0) return [];
  const { rows } = await sql<ResourceNameRow>`
    select t.resource_id, t.language_id, g.locale, t.name
    from resource_translations t join languages g on g.id = t.language_id
    where t.company_id = ${companyId} and t.resource_id = any(${intArray(ids)})
    order by t.resource_id, t.language_id`.execute(db);
  return rows;
}

/** The company's lookup version (migration 0011) as text, or null before its first level or type. */
export async function lookupVersion(db: Db, companyId: number): Promise<string | null> {
  const { rows } = await sql<{ version: string }>`
    select version::text as version from company_lookup_versions where company_id = ${companyId}`.execute(db);
  return rows[0]?.version ?? null;
}

/**
 * Serialises the name checks of one level: two concurrent creates (or a create and a rename) on the
 * same level cannot both pass "no other resource here has this name". Held until the transaction ends.
 */
export async function lockLevelResources(db: Db, companyId: number, levelId: number): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`workplace.resources.${companyId}`}), ${levelId})`.execute(
    db,
  );
}

/**
 * The names asked for (as given) that other resources on the level already use in that language,
 * ignoring case. Both sides are folded by the database's lower(): JavaScript folds some letters
 * otherwise (the Greek final sigma), which let duplicates by.
 */
export async function namesTakenOnLevel(
  db: Db,
  companyId: number,
  levelId: number,
  names: readonly { language_id: number; name: string }[],
  exceptId: number | null,
): Promise<Array<{ language_id: number; name: string }>> {
  if (names.length === 0) return [];
  const { rows } = await sql<{ language_id: number; name: string }>`
    select c.language_id, c.name
    from unnest(${names.map((entry) => entry.name)}::text[], ${names.map((entry) => entry.language_id)}::int[])
      as c(name, language_id)
    where exists (
      select 1 from resource_translations t
      join resources r on r.company_id = t.company_id and r.id = t.resource_id
      where t.company_id = ${companyId} and r.level_id = ${levelId} and t.language_id = c.language_id
        and lower(t.name) = lower(c.name)
        ${exceptId !== null ? sql`and r.id <> ${exceptId}` : sql``})`.execute(db);
  return rows;
}

export async function existingCatalogueIds(
  db: Db,
  companyId: number,
  table: 'resource_types' | 'resource_attributes' | 'levels',
  ids: readonly number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const { rows } = await sql<{ id: number }>`
    select id from ${sql.table(table)}
    where company_id = ${companyId} and id = any(${intArray(ids)})`.execute(db);
  return new Set(rows.map((row) => row.id));
}

export async function replaceResourceTranslations(
  db: Db,
  companyId: number,
  resourceId: number,
  names: readonly { language_id: number; name: string }[],
): Promise<void> {
  await db
    .deleteFrom('resource_translations')
    .where('company_id', '=', companyId)
    .where('resource_id', '=', resourceId)
    .execute();
  if (names.length === 0) return;
  await db
    .insertInto('resource_translations')
    .values(
      names.map((entry) => ({
        company_id: companyId,
        resource_id: resourceId,
        language_id: entry.language_id,
        name: entry.name,
        search_name: foldForSearch(entry.name),
      })),
    )
    .execute();
}

export async function replaceResourceAttributes(
  db: Db,
  companyId: number,
  resourceId: number,
  attributeIds: readonly number[],
): Promise<void> {
  await db
    .deleteFrom('resource_resource_attributes')
    .where('company_id', '=', companyId)
    .where('resource_id', '=', resourceId)
    .execute();
  const unique = [...new Set(attributeIds)];
  if (unique.length === 0) return;
  await db
    .insertInto('resource_resource_attributes')
    .values(
      unique.map((id) => ({ company_id: companyId, resource_id: resourceId, resource_attribute_id: id })),
    )
    .execute();
}

/** How many bookings that are not over yet each of the resources has (only those with any). */
export async function futureBookingCounts(
  db: Db,
  companyId: number,
  filter: { resourceIds: readonly number[] } | { levelIds: readonly number[] },
) {
  const ids = 'resourceIds' in filter ? filter.resourceIds : filter.levelIds;
  if (ids.length === 0) return [];
  const { rows } = await sql<{ resource_id: number; name: string | null; count: string | number }>`
    select r.id as resource_id, count(*) as count,
      (select t.name from resource_translations t
        where t.company_id = r.company_id and t.resource_id = r.id
        order by t.language_id = c.language_id desc, t.language_id limit 1) as name
    from declarations d
    join resources r on r.company_id = d.company_id and r.id = d.resource_id
    join companies c on c.id = r.company_id
    where d.company_id = ${companyId} and ${FUTURE_BOOKING}
      and ${'resourceIds' in filter ? sql`r.id` : sql`r.level_id`} = any(${intArray(ids)})
    group by r.id, r.company_id, c.language_id
    order by r.id`.execute(db);
  return rows.map((row) => ({
    resource_id: row.resource_id,
    name: row.name ?? '',
    count: Number(row.count),
  }));
}

/**
 * Deletes resources with their QR codes (a resource with future bookings is refused before this
 * runs). Past bookings stay as history: they keep the resource's name in the company's language,
 * and the foreign key clears their link (0008_booking_history). Everything else cascades.
 */
export async function deleteResourceRows(db: Db, companyId: number, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await sql`delete from qr_codes where company_id = ${companyId} and entity_kind = 1
    and entity_id = any(${intArray(ids)})`.execute(db);
  await sql`update declarations d set resource_name = coalesce((
      select t.name from resource_translations t join companies c on c.id = t.company_id
      where t.company_id = d.company_id and t.resource_id = d.resource_id
      order by t.language_id = c.language_id desc, t.language_id limit 1), '')
    where d.company_id = ${companyId} and d.resource_id = any(${intArray(ids)})`.execute(db);
  await sql`delete from resources where company_id = ${companyId}
    and id = any(${intArray(ids)})`.execute(db);
}

/** The QR codes of many resources, made (128 random bits each) for those that have none yet. */
export async function ensureResourceCodes(
  db: Db,
  companyId: number,
  ids: readonly number[],
): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const codes = ids.map(() => randomBytes(16).toString('base64url'));
  await sql`insert into qr_codes (company_id, code, entity_kind, entity_id)
    select ${companyId}, code, 1, entity_id
    from unnest(${codes}::text[], ${intArray(ids)}) as n(code, entity_id)
    on conflict (company_id, entity_kind, entity_id) do nothing`.execute(db);
  const { rows } = await sql<{ entity_id: number; code: string }>`
    select entity_id, code from qr_codes
    where company_id = ${companyId} and entity_kind = 1 and entity_id = any(${intArray(ids)})`.execute(db);
  return new Map(rows.map((row) => [row.entity_id, row.code]));
}

/** Counts of resources per level (the levels answer sums them over each level's subtree). */
export async function resourceCountsByLevel(db: Db, companyId: number): Promise<Map<number, number>> {
  const { rows } = await sql<{ level_id: number; count: string | number }>`
    select level_id, count(*) as count from resources where company_id = ${companyId}
    group by level_id`.execute(db);
  return new Map(rows.map((row) => [row.level_id, Number(row.count)]));
}
