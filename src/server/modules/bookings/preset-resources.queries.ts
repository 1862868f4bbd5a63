import { sql, type Kysely } from 'kysely';
import type { PresetFilters } from '../../../shared/contract/bookings';
import type { Closure, WeeklyWindow } from '../../../shared/time/slots';
import type { ServiceContext } from '../../context';
import type { Database } from '../../db/schema';
import { intArray, type BookingTarget } from '../declarations';

type Db = Kysely<Database>;

/** A resource a preset covers: a booking target with its name in the user's language. */
export interface PresetResource extends BookingTarget {
  name: string;
  resource_type_id: number;
  /** with `openBetween`: its weekly windows and the closures between the instants */
  windows: WeeklyWindow[];
  closures: Closure[];
}

export interface PresetResourceOptions {
  /** only these resources (among those the filters select) */
  only?: readonly number[] | null;
  /** read the names (in the user's language, else the company's, else any) and order by them */
  names?: boolean;
  /** read the weekly windows and the closures between these instants */
  openBetween?: { from: Date; to: Date } | null;
  /**
   * only these places in the order by name (the grid's first screen): skip `offset`, take `limit`
   * (null: the rest). The names are read for the order.
   */
  window?: { offset: number; limit: number | null } | null;
  /** leave out the resources of these levels (those the user may not see: permissions/scoped.ts) */
  hiddenLevels?: readonly number[];
}

/**
 * The CTEs sub, selected (the preset's resources), names, picked (selected, or its window), windows
 * and closures.
 */
export function resourceCtes(
  ctx: ServiceContext,
  filters: Pick<PresetFilters, 'levels' | 'resource_types' | 'capacity' | 'resources'>,
  options: PresetResourceOptions,
) {
  const { companyId } = ctx;
  const { only = null, openBetween = null, window = null, hiddenLevels = [] } = options;
  const names = (options.names ?? true) || window !== null;
  const levels = filters.levels.length > 0;
  return sql`
sub as (
      select id, 0 as depth from levels where company_id = ${companyId} and id = any(${intArray(filters.levels)})
      union all
      select l.id, s.depth + 1 from levels l join sub s on l.parent_id = s.id
      where l.company_id = ${companyId} and s.depth < 50
    ),
    selected as materialized (
      select r.id, r.level_id, r.resource_capacity_type, r.resource_model, r.capacity, r.resource_type_id
      from resources r
      where r.company_id = ${companyId}
        ${levels ? sql`and r.level_id in (select id from sub)` : sql``}
        ${filters.resource_types.length > 0 ? sql`and r.resource_type_id = any(${intArray(filters.resource_types)})` : sql``}
        ${filters.capacity !== null ? sql`and r.capacity >= ${filters.capacity}` : sql``}
        ${filters.resources.length > 0 ? sql`and r.id = any(${intArray(filters.resources)})` : sql``}
        ${only ? sql`and r.id in (select unnest(${intArray(only)}))` : sql``}
        ${hiddenLevels.length > 0 ? sql`and r.level_id <> all(${intArray(hiddenLevels)})` : sql``}
    ),
    names as (
      ${
        names
          ? sql`select distinct on (t.resource_id) t.resource_id, t.name
            from resource_translations t
            where t.company_id = ${companyId} and t.resource_id in (select id from selected)
            order by t.resource_id,
              t.language_id = (select language_id from users where company_id = ${companyId} and id = ${ctx.userId}) desc,
              t.language_id = (select language_id from companies where id = ${companyId}) desc, t.language_id`
          : sql`select null::int as resource_id, null::text as name where false`
      }
    ),
    picked as ${
      window
        ? sql`materialized (select s.* from selected s left join names n on n.resource_id = s.id
            order by coalesce(n.name, ''), s.id offset ${window.offset} limit ${window.limit})`
        : sql`(select * from selected)`
    },
    windows as (
      ${
        openBetween
          ? sql`select a.resource_id, json_agg(json_build_array(a.weekdays, to_char(a.time_from, 'HH24:MI'),
              to_char(a.time_to, 'HH24:MI'), a.date_from, a.date_to)) as list
            from resource_availabilities a
            where a.company_id = ${companyId} and a.resource_id in (select id from picked)
            group by a.resource_id`
          : sql`select null::int as resource_id, null::json as list where false`
      }
    ),
    closures as (
      ${
        openBetween
          ? sql`select u.resource_id, json_agg(json_build_array(extract(epoch from u.starts_at) * 1000,
              extract(epoch from u.ends_at) * 1000)) as list
            from resource_unavailabilities u
            where u.company_id = ${companyId} and u.resource_id in (select id from picked)
              and u.starts_at < ${openBetween.to} and u.ends_at > ${openBetween.from}
            group by u.resource_id`
          : sql`select null::int as resource_id, null::json as list where false`
      }
    )`;
}

/**
 * The resources of resourceCtes as one JSON text: a column of each field (building a JSON array for
 * each of a thousand rows costs several times more on the embedded database), the place of each in
 * the order by name, their levels (zone, working hours) once each, and the windows and closures of
 * the few resources that have any.
 */
export const RESOURCES_JSON = sql`(
    select json_build_array(
      coalesce(array_agg(o.id), '{}'), coalesce(array_agg(o.level_id), '{}'),
      coalesce(array_agg(o.resource_capacity_type), '{}'), coalesce(array_agg(o.resource_model), '{}'),
      coalesce(array_agg(o.capacity), '{}'), coalesce(array_agg(o.resource_type_id), '{}'),
      coalesce(array_agg(o.name), '{}'), coalesce(array_agg(o.place), '{}'),
      (select coalesce(json_agg(json_build_array(l.id, l.timezone, to_char(l.working_hours_from, 'HH24:MI'),
          to_char(l.working_hours_to, 'HH24:MI'), l.is_declarable)), '[]')
        from levels l where l.id in (select level_id from picked)),
      (select coalesce(json_agg(json_build_array(w.resource_id, w.list)), '[]') from windows w),
      (select coalesce(json_agg(json_build_array(c.resource_id, c.list)), '[]') from closures c),
      (select count(*) from selected))::text
    from (
      select p.*, coalesce(n.name, '') as name,
        row_number() over (order by coalesce(n.name, ''), p.id) as place
      from picked p left join names n on n.resource_id = p.id
    ) o
  )`;

/**
 * The resources a preset's resource filters select (spec §3: levels with their sublevels,
 * resource types, least capacity, resources; an empty filter selects all), by name, with what the
 * grid needs to build their day. One statement answering one JSON value: a grid of a thousand
 * resources would otherwise be thousands of rows and several round trips.
 */
export async function presetResources(
  db: Db,
  ctx: ServiceContext,
  filters: Pick<PresetFilters, 'levels' | 'resource_types' | 'capacity' | 'resources'>,
  options: PresetResourceOptions = {},
): Promise<PresetResource[]> {
  return (await presetResourcesCounted(db, ctx, filters, options)).resources;
}

export interface CountedResources {
  resources: PresetResource[];
  /** how many the filters select, whatever the window */
  total: number;
}

/** presetResources with how many there are in all (the grid's first rows come as a window). */
export async function presetResourcesCounted(
  db: Db,
  ctx: ServiceContext,
  filters: Pick<PresetFilters, 'levels' | 'resource_types' | 'capacity' | 'resources'>,
  options: PresetResourceOptions = {},
): Promise<CountedResources> {
  const { rows } = await sql<{ resources: string }>`
    with recursive ${resourceCtes(ctx, filters, options)}
    select ${RESOURCES_JSON} as resources`.execute(db);
  return parseResources(rows[0]!.resources);
}

export function parseResources(text: string): CountedResources {
  type WindowRow = [number[], string, string, string | null, string | null];
  type LevelRow = [number, string, string, string, boolean];
  const [
    ids,
    levelIds,
    capacityTypes,
    models,
    capacities,
    typeIds,
    names,
    places,
    levels,
    windows,
    closures,
    total,
  ] = JSON.parse(text) as [
    number[],
    number[],
    Array<BookingTarget['resource_capacity_type']>,
    Array<BookingTarget['resource_model']>,
    number[],
    number[],
    string[],
    number[],
    LevelRow[],
    Array<[number, WindowRow[]]>,
    Array<[number, Array<[number, number]>]>,
    number,
  ];
  const levelOf = new Map(levels.map((level) => [level[0], level]));
  const windowsOf = new Map(windows);
  const closuresOf = new Map(closures);
  const resources = new Array<PresetResource>(ids.length);
  ids.forEach((id, index) => {
    const level_id = levelIds[index]!;
    const [, timezone, from, to, declarable] = levelOf.get(level_id)!;
    resources[places[index]! - 1] = {
      id,
      level_id,
      resource_capacity_type: capacityTypes[index]!,
      resource_model: models[index]!,
      capacity: capacities[index]!,
      resource_type_id: typeIds[index]!,
      timezone,
      working_hours_from: from,
      working_hours_to: to,
      is_declarable: declarable,
      name: names[index]!,
      windows: (windowsOf.get(id) ?? []).map(([weekdays, time_from, time_to, date_from, date_to]) => ({
        weekdays: weekdays.map(Number),
        time_from,
        time_to,
        date_from,
        date_to,
      })),
      closures: (closuresOf.get(id) ?? []).map(([starts, ends]) => ({
        starts_at: new Date(Number(starts)),
        ends_at: new Date(Number(ends)),
      })),
    };
  });
  return { resources, total };
}
