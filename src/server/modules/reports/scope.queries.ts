import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

export interface ScopeFilters {
  query: string;
  location_ids: readonly number[];
  type_ids: readonly number[];
}

/** A resource a report covers: where it is, what it is, how many seats count, on whose clock. */
export interface ScopedResource {
  id: number;
  name: string;
  level_id: number;
  level_name: string;
  type_id: number;
  type_name: string;
  timezone: string;
  /** an exclusive resource is one place whatever its seats; a shared one counts each seat */
  seats: number;
  map_x: number | null;
  map_y: number | null;
  /** the floor plan it is drawn on: its level's, or the nearest ancestor's with one */
  map_id: number | null;
}

/** A name in the caller's language, else the company's, else any (the translations' rule). */
export function nameIn(
  table:
    | 'resource_translations'
    | 'level_translations'
    | 'resource_type_translations'
    | 'reception_desk_translations',
  column: 'resource_id' | 'level_id' | 'resource_type_id' | 'reception_desk_id',
  companyId: number,
  userId: number,
  id: RawBuilder<unknown>,
): RawBuilder<string> {
  return sql<string>`coalesce((select t.name from ${sql.table(table)} t
    where t.company_id = ${companyId} and t.${sql.ref(column)} = ${id}
    order by t.language_id = (select language_id from users where company_id = ${companyId} and id = ${userId}) desc,
      t.language_id = (select language_id from companies where id = ${companyId}) desc, t.language_id
    limit 1), '')`;
}

/**
 * The resources the filters name (spec §3 report payload): on the chosen levels or below them, of
 * the chosen types, whose name holds the query; all of the company's when a list is empty.
 */
export async function scopedResources(
  db: Db,
  companyId: number,
  userId: number,
  filters: ScopeFilters,
): Promise<ScopedResource[]> {
  const levels = filters.location_ids.length > 0 ? [...filters.location_ids] : null;
  const types = filters.type_ids.length > 0 ? [...filters.type_ids] : null;
  const query = filters.query.trim();
  const { rows } = await sql<ScopedResource>`
    with recursive chosen as (
      select l.id, 1 as depth from levels l
      where l.company_id = ${companyId} and (${levels}::int[] is null or l.id = any (${levels}::int[]))
        and (${levels}::int[] is not null or l.parent_id is null)
      union
      select c.id, p.depth + 1 from levels c join chosen p on c.parent_id = p.id
      where c.company_id = ${companyId} and p.depth < 64
    ),
    named as (
      select r.id, r.level_id, r.resource_type_id as type_id, l.timezone,
        case when r.resource_capacity_type = 'shared' then r.capacity else 1 end as seats,
        r.map_x, r.map_y,
        (with recursive up as (
          select u.id, u.parent_id, u.map_id, 1 as depth from levels u
          where u.company_id = r.company_id and u.id = r.level_id
          union all
          select p.id, p.parent_id, p.map_id, up.depth + 1 from levels p join up on p.id = up.parent_id
          where p.company_id = r.company_id and up.depth < 64
        ) select up.map_id from up where up.map_id is not null order by up.depth limit 1) as map_id,
        ${nameIn('resource_translations', 'resource_id', companyId, userId, sql`r.id`)} as name,
        ${nameIn('level_translations', 'level_id', companyId, userId, sql`r.level_id`)} as level_name,
        ${nameIn('resource_type_translations', 'resource_type_id', companyId, userId, sql`r.resource_type_id`)} as type_name
      from resources r
      join levels l on l.company_id = r.company_id and l.id = r.level_id
      where r.company_id = ${companyId}
        and r.level_id in (select id from chosen)
        and (${types}::int[] is null or r.resource_type_id = any (${types}::int[]))
    )
    select * from named
    where ${query} = '' or strpos(lower(name), lower(${query})) > 0
    order by level_id, name, id`.execute(db);
  return rows;
}

/** The caller's company's ids among `ids` in `table`: the filters may name nothing else. */
export async function foreignIds(
  db: Db,
  companyId: number,
  table: 'levels' | 'resource_types',
  ids: readonly number[],
): Promise<number[]> {
  if (ids.length === 0) return [];
  const found = await db
    .selectFrom(table)
    .select('id')
    .where('company_id', '=', companyId)
    .where('id', 'in', [...ids])
    .execute();
  const owned = new Set(found.map((row) => row.id));
  return ids.filter((id) => !owned.has(id));
}
