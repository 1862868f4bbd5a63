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
export const FUTURE_BOOKING = sql`d.ends_at > now() and d.status in ('booked', 'checked_in')`;

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

/** Counts of resources per level (the levels answer sums them over each level's subtree). */
export async function resourceCountsByLevel(db: Db, companyId: number): Promise<Map<number, number>> {
  const { rows } = await sql<{ level_id: number; count: string | number }>`
    select level_id, count(*) as count from resources where company_id = ${companyId}
    group by level_id`.execute(db);
  return new Map(rows.map((row) => [row.level_id, Number(row.count)]));
}
