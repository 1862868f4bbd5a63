import { sql, type Kysely } from 'kysely';
import type { Closure, WeeklyWindow } from '../../../shared/time/slots';
import type { Database } from '../../db/schema';
import { type BookingTarget, targetsFromJson } from './booking-context.queries';
import { HOLDS, intArray, textArray } from './declarations.queries';

type Db = Kysely<Database>;

/** What the plan of a level needs for a day, for the level and every level below it. */
export interface LevelDay {
  targets: BookingTarget[];
  windows: Map<number, WeeklyWindow[]>;
  closures: Map<number, Closure[]>;
  held: HeldBooking[];
  capacities: Map<number, number>;
  /** bookingRoles of each resource */
  roles: (resourceId: number) => { allowed: number[]; mine: number[] };
  /** the roles that may book each resource kept for some (resource_roles) */
  allowed: Record<string, number[]>;
}

const grouped = <T>(pairs: Array<[number, T]>): Map<number, T[]> => {
  const result = new Map<number, T[]>();
  for (const [id, value] of pairs) {
    const list = result.get(id) ?? [];
    list.push(value);
    result.set(id, list);
  }
  return result;
};

/**
 * subtreeTargets with, for its resources, what windowsOf, closuresOf, heldBookings, dateCapacities
 * and bookingRoles read, between the instants of a day: one statement answering JSON values, where
 * passing thousands of resource ids back and forth through five queries cost more than the reading.
 */
export async function levelDay(
  db: Db,
  who: { companyId: number; userId: number },
  levelId: number,
  day: { date: string; start: Date; end: Date },
): Promise<LevelDay> {
  const { companyId, userId } = who;
  const { rows } = await sql<{
    levels: string;
    resources: string;
    windows: string;
    closures: string;
    held: string;
    capacities: string;
    roles: string;
    mine: number[] | null;
  }>`
    with recursive down as (
      select id, 0 as depth from levels where company_id = ${companyId} and id = ${levelId}
      union all
      select c.id, d.depth + 1 from levels c join down d on c.parent_id = d.id
      where c.company_id = ${companyId} and d.depth < 50
    ),
    here as materialized (
      select r.id, r.level_id, r.resource_capacity_type, r.resource_model, r.capacity from resources r
      where r.company_id = ${companyId} and r.level_id in (select id from down)
    )
    select
      (select coalesce(json_agg(json_build_array(l.id, l.timezone, to_char(l.working_hours_from, 'HH24:MI'),
          to_char(l.working_hours_to, 'HH24:MI'), l.is_declarable)), '[]')::text
        from levels l where l.company_id = ${companyId} and l.id in (select id from down)) as levels,
      (select coalesce(json_agg(json_build_array(h.id, h.level_id, h.resource_capacity_type, h.resource_model,
          h.capacity) order by h.id), '[]')::text from here h) as resources,
      (select coalesce(json_agg(json_build_array(a.resource_id, a.weekdays, to_char(a.time_from, 'HH24:MI'),
          to_char(a.time_to, 'HH24:MI'), a.date_from, a.date_to)), '[]')::text
        from resource_availabilities a
        where a.company_id = ${companyId} and a.resource_id in (select id from here)) as windows,
      (select coalesce(json_agg(json_build_array(u.resource_id, extract(epoch from u.starts_at) * 1000,
          extract(epoch from u.ends_at) * 1000)), '[]')::text
        from resource_unavailabilities u
        where u.company_id = ${companyId} and u.resource_id in (select id from here)
          and u.starts_at < ${day.end} and u.ends_at > ${day.start}) as closures,
      (select coalesce(json_agg(json_build_array(d.id, d.resource_id, d.user_id,
          extract(epoch from d.starts_at) * 1000, extract(epoch from d.ends_at) * 1000) order by d.starts_at), '[]')::text
        from declarations d
        where d.company_id = ${companyId} and d.resource_id in (select id from here)
          and d.starts_at < ${day.end} and d.ends_at > ${day.start} and ${HOLDS}) as held,
      (select coalesce(json_agg(json_build_array(c.resource_id, c.capacity)), '[]')::text
        from resource_date_capacities c
        where c.company_id = ${companyId} and c.resource_id in (select id from here)
          and c.date_from <= ${day.date}::date and c.date_to >= ${day.date}::date) as capacities,
      (select coalesce(json_object_agg(resource_id, roles), '{}')::text from (
        select resource_id, array_agg(role_id) as roles from resource_roles
        where company_id = ${companyId} and resource_id in (select id from here)
        group by resource_id) kept) as roles,
      (select array_agg(cr.role_id) from user_container_members m
        join user_container_roles cr on cr.company_id = m.company_id and cr.container_id = m.container_id
        where m.company_id = ${companyId} and m.user_id = ${userId}) as mine`.execute(db);
  const row = rows[0]!;
  const targets = targetsFromJson(row.levels, row.resources);
  type WindowRow = [number, number[], string, string, string | null, string | null];
  const allowed = JSON.parse(row.roles) as Record<string, number[]>;
  const mine = row.mine ?? [];
  return {
    targets,
    windows: grouped(
      (JSON.parse(row.windows) as WindowRow[]).map(
        ([id, weekdays, time_from, time_to, date_from, date_to]) => [
          id,
          { weekdays: weekdays.map(Number), time_from, time_to, date_from, date_to },
        ],
      ),
    ),
    closures: grouped(
      (JSON.parse(row.closures) as Array<[number, number, number]>).map(([id, starts, ends]) => [
        id,
        { starts_at: new Date(Number(starts)), ends_at: new Date(Number(ends)) },
      ]),
    ),
    held: parseHeld(row.held),
    capacities: new Map(JSON.parse(row.capacities) as Array<[number, number]>),
    roles: (resourceId) => ({ allowed: allowed[resourceId] ?? [], mine }),
    allowed,
  };
}

export interface LevelInfo {
  id: number;
  timezone: string;
  working_hours_from: string;
  working_hours_to: string;
  is_declarable: boolean;
  is_directly_declarable: boolean;
}

export async function levelInfo(db: Db, companyId: number, levelId: number): Promise<LevelInfo | undefined> {
  const { rows } = await sql<LevelInfo>`
    select id, timezone, to_char(working_hours_from, 'HH24:MI') as working_hours_from,
      to_char(working_hours_to, 'HH24:MI') as working_hours_to, is_declarable, is_directly_declarable
    from levels where company_id = ${companyId} and id = ${levelId}`.execute(db);
  return rows[0];
}

export async function windowsOf(
  db: Db,
  companyId: number,
  resourceIds: readonly number[],
): Promise<Map<number, WeeklyWindow[]>> {
  const result = new Map<number, WeeklyWindow[]>();
  if (resourceIds.length === 0) return result;
  const { rows } = await sql<WeeklyWindow & { resource_id: number }>`
    select resource_id, weekdays, to_char(time_from, 'HH24:MI') as time_from,
      to_char(time_to, 'HH24:MI') as time_to, date_from, date_to
    from resource_availabilities
    where company_id = ${companyId} and resource_id = any(${intArray(resourceIds)})`.execute(db);
  for (const { resource_id, ...window } of rows) {
    const list = result.get(resource_id) ?? [];
    list.push({ ...window, weekdays: window.weekdays.map(Number) });
    result.set(resource_id, list);
  }
  return result;
}

export async function closuresOf(
  db: Db,
  companyId: number,
  resourceIds: readonly number[],
  from: Date,
  to: Date,
): Promise<Map<number, Closure[]>> {
  const result = new Map<number, Closure[]>();
  if (resourceIds.length === 0) return result;
  const { rows } = await sql<Closure & { resource_id: number }>`
    select resource_id, starts_at, ends_at from resource_unavailabilities
    where company_id = ${companyId} and resource_id = any(${intArray(resourceIds)})
      and starts_at < ${to} and ends_at > ${from}`.execute(db);
  for (const { resource_id, ...closure } of rows) {
    const list = result.get(resource_id) ?? [];
    list.push(closure);
    result.set(resource_id, list);
  }
  return result;
}

export interface HeldBooking {
  id: number;
  resource_id: number;
  user_id: number;
  starts_at: Date;
  ends_at: Date;
}

/** The bookings holding any of the resources between two instants (as one JSON value: see subtreeTargets). */
export async function heldBookings(
  db: Db,
  companyId: number,
  resourceIds: readonly number[],
  from: Date,
  to: Date,
  exceptId = 0,
): Promise<HeldBooking[]> {
  if (resourceIds.length === 0) return [];
  const { rows } = await sql<{ held: string }>`
    select coalesce(json_agg(json_build_array(d.id, d.resource_id, d.user_id,
        extract(epoch from d.starts_at) * 1000, extract(epoch from d.ends_at) * 1000) order by d.starts_at), '[]')::text as held
    from declarations d
    where d.company_id = ${companyId} and d.resource_id = any(${intArray(resourceIds)})
      and d.starts_at < ${to} and d.ends_at > ${from} and ${HOLDS} and d.id <> ${exceptId}`.execute(db);
  return parseHeld(rows[0]!.held);
}

/** The held bookings of a json_agg of [id, resource_id, user_id, starts ms, ends ms]. */
export const parseHeld = (text: string): HeldBooking[] =>
  (JSON.parse(text) as Array<[number, number, number, number, number]>).map(
    ([id, resource_id, user_id, starts, ends]) => ({
      id,
      resource_id,
      user_id,
      starts_at: new Date(Number(starts)),
      ends_at: new Date(Number(ends)),
    }),
  );

/** What a plan view reads on every request besides what its level day cache keeps. */
export interface PlanDayState {
  /** company_plan_versions (migration 0013); null when the company has none yet */
  version: string | null;
  /** preferenceTexts of the keys asked for */
  preferences: Record<string, string | null>;
  /** the user's roles (bookingRoles' mine) */
  mine: number[];
  /** with `held`: the bookings holding a resource of those levels in the day */
  held: HeldBooking[] | null;
}

/**
 * One statement: the company's plan version, the user's preferences and roles, and (with `held`)
 * the day's bookings of the resources on some levels: all a cached level day needs to be current.
 */
export async function planDayState(
  db: Db,
  who: { companyId: number; userId: number },
  preferenceKeys: readonly string[],
  held: { levelIds: readonly number[]; start: Date; end: Date } | null,
): Promise<PlanDayState> {
  const { companyId, userId } = who;
  const { rows } = await sql<{
    version: string | null;
    preferences: string;
    mine: number[] | null;
    held: string | null;
  }>`
    select
      (select version::text from company_plan_versions where company_id = ${companyId}) as version,
      (select coalesce(json_object_agg(c.key, coalesce(u.value, c.value)), '{}')::text
        from company_preferences c
        left join user_preferences u on u.company_id = c.company_id and u.key = c.key and u.user_id = ${userId}
        where c.company_id = ${companyId} and c.key = any(${textArray(preferenceKeys)})) as preferences,
      (select array_agg(cr.role_id) from user_container_members m
        join user_container_roles cr on cr.company_id = m.company_id and cr.container_id = m.container_id
        where m.company_id = ${companyId} and m.user_id = ${userId}) as mine,
      ${
        held
          ? sql`(select coalesce(json_agg(json_build_array(d.id, d.resource_id, d.user_id,
              extract(epoch from d.starts_at) * 1000, extract(epoch from d.ends_at) * 1000) order by d.starts_at), '[]')::text
            from (select d.id, d.resource_id, d.user_id, d.starts_at, d.ends_at from declarations d
              where d.company_id = ${companyId} and ${HOLDS}
                and d.period && tstzrange(${held.start}, ${held.end}, '[)') offset 0) d
            join resources r on r.company_id = ${companyId} and r.id = d.resource_id
            where r.level_id = any(${intArray(held.levelIds)}))`
          : sql`null`
      } as held`.execute(db);
  const row = rows[0]!;
  return {
    version: row.version,
    preferences: JSON.parse(row.preferences) as Record<string, string | null>,
    mine: row.mine ?? [],
    held: row.held === null ? null : parseHeld(row.held),
  };
}
