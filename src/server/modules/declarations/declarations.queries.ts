import { CompiledQuery, sql, type Insertable, type Kysely, type RawBuilder } from 'kysely';
import type { Closure, WeeklyWindow } from '../../../shared/time/slots';
import { rowsWritten } from '../../db/planner-statistics';
import type { Database } from '../../db/schema';
import type { ServiceContext } from '../../context';
import { generalPermissionsOf } from '../permissions/permissions.queries';

type Db = Kysely<Database>;

export const intArray = (values: readonly number[]): RawBuilder<number[]> => sql`${[...values]}::int[]`;
const textArray = (values: readonly string[]): RawBuilder<string[]> => sql`${[...values]}::text[]`;

/**
 * The name a user reads of a resource or level: in their language, else the company's, else the
 * first there is. The two language look-ups do not depend on the row: PostgreSQL runs them once.
 */
export function nameInUserLanguage(
  companyId: number,
  userId: number,
  of: 'resource' | 'level',
  id: RawBuilder<unknown>,
): RawBuilder<string | null> {
  const table = of === 'resource' ? sql`resource_translations` : sql`level_translations`;
  const column = of === 'resource' ? sql`resource_id` : sql`level_id`;
  return sql<string | null>`(select t.name from ${table} t
    where t.company_id = ${companyId} and t.${column} = ${id}
    order by t.language_id = (select language_id from users where company_id = ${companyId} and id = ${userId}) desc,
      t.language_id = (select language_id from companies where id = ${companyId}) desc, t.language_id
    limit 1)`;
}

/** Bookings that hold their resource: the exclusion constraint's WHERE, for reads. */
export const HOLDS = sql`d.status in ('booked', 'checked_in') and d.approval_status <> 'rejected'`;

/** A resource as a booking sees it: its model, capacity and its level's zone and hours. */
export interface BookingTarget {
  id: number;
  level_id: number;
  resource_capacity_type: 'exclusive' | 'shared';
  resource_model: 'bookable' | 'on_request' | 'assigned' | 'not_bookable';
  capacity: number;
  timezone: string;
  working_hours_from: string;
  working_hours_to: string;
  is_declarable: boolean;
}

const TARGET_COLUMNS = sql`r.id, r.level_id, r.resource_capacity_type, r.resource_model, r.capacity,
  l.timezone, to_char(l.working_hours_from, 'HH24:MI') as working_hours_from,
  to_char(l.working_hours_to, 'HH24:MI') as working_hours_to, l.is_declarable`;

/** One resource of the company; `lock` takes its row lock (shared capacity is counted under it). */
export async function bookingTarget(
  db: Db,
  companyId: number,
  resourceId: number,
  lock = false,
): Promise<BookingTarget | undefined> {
  const { rows } = await sql<BookingTarget>`
    select ${TARGET_COLUMNS}
    from resources r join levels l on l.company_id = r.company_id and l.id = r.level_id
    where r.company_id = ${companyId} and r.id = ${resourceId}
    ${lock ? sql`for no key update of r` : sql``}`.execute(db);
  return rows[0];
}

/** Everything creating a booking reads about its resource and its user, besides the bookings. */
export interface BookingContext {
  target: BookingTarget;
  roles: { allowed: number[]; mine: number[] };
  windows: WeeklyWindow[];
  /** the closures between the instants asked for */
  closures: Closure[];
  price: { currency_id: number; price_cents: number; currency_code: string } | null;
  /** in the user's language (nameInUserLanguage) */
  name: string | null;
  /** preferenceTexts of `preferenceKeys` */
  preferences: Record<string, string | null>;
  /** the resource's level and its ancestors, top first, named in the user's language */
  chain: Array<{ id: number; name: string }>;
  /** the user's full name, as a booking's host is named */
  hostName: string;
  /** company_plan_versions (migration 0013) as read with the rest; null when the company has none */
  planVersion: string | null;
  /** company_booking_versions (migration 0029) as read with the rest; null when the company has none */
  bookingVersion: string | null;
}

/**
 * The company's plan stamp (migration 0013) and booking stamp (0029) as select-list columns
 * `plan_version` and `booking_version`, text (null when the company has none yet): what a booking
 * read is checked against when it is written.
 */
export const companyStamps = (companyId: number) => sql<string>`
  (select version::text from company_plan_versions where company_id = ${companyId}) as plan_version,
  (select version::text from company_booking_versions where company_id = ${companyId}) as booking_version`;

/**
 * One statement that takes the user's row lock (the per-user limit), then the resource's (shared
 * capacity), and reads what bookingTarget, bookingRoles, windowsOf, closuresOf, priceOf,
 * nameInUserLanguage, preferenceTexts and levelChains read one by one: a booking's round trips are
 * most of its cost. The user's lock is an uncorrelated sub-select, which PostgreSQL runs once
 * before it scans (and locks) the resource: the locks are taken in lockUser's order. Without `lock`
 * it only reads, with the company's plan stamp that book_declarations checks (migration 0020).
 */
export async function bookingContext(
  db: Db,
  who: { companyId: number; userId: number },
  resourceId: number,
  closuresFrom: Date,
  closuresTo: Date,
  preferenceKeys: readonly string[],
  lock = true,
): Promise<BookingContext | undefined> {
  const { companyId, userId } = who;
  const { rows } = await sql<
    BookingTarget & {
      allowed: number[] | null;
      mine: number[] | null;
      windows: string;
      closures: string;
      price: string | null;
      name: string | null;
      preferences: string;
      chain: string;
      host_name: string;
      plan_version: string | null;
      booking_version: string | null;
    }
  >`
    with recursive up as (
      select l.id, l.parent_id, 0 as depth from levels l
      where l.company_id = ${companyId}
        and l.id = (select level_id from resources where company_id = ${companyId} and id = ${resourceId})
      union all
      select p.id, p.parent_id, u.depth + 1 from levels p join up u on p.id = u.parent_id
      where p.company_id = ${companyId} and u.depth < 50
    )
    select ${TARGET_COLUMNS},
      (select array_agg(role_id) from resource_roles
        where company_id = ${companyId} and resource_id = r.id) as allowed,
      (select array_agg(cr.role_id) from user_container_members m
        join user_container_roles cr on cr.company_id = m.company_id and cr.container_id = m.container_id
        where m.company_id = ${companyId} and m.user_id = ${userId}) as mine,
      (select coalesce(json_agg(json_build_array(weekdays, to_char(time_from, 'HH24:MI'),
          to_char(time_to, 'HH24:MI'), date_from, date_to)), '[]')::text
        from resource_availabilities where company_id = ${companyId} and resource_id = r.id) as windows,
      (select coalesce(json_agg(json_build_array(extract(epoch from starts_at) * 1000,
          extract(epoch from ends_at) * 1000)), '[]')::text
        from resource_unavailabilities where company_id = ${companyId} and resource_id = r.id
          and starts_at < ${closuresTo} and ends_at > ${closuresFrom}) as closures,
      (select json_build_object('currency_id', f.currency_id, 'price_cents', f.price_cents,
          'currency_code', cur.code)::text
        from resource_functions f join currencies cur on cur.id = f.currency_id
        where f.company_id = ${companyId} and f.resource_id = r.id
          and f.function_key = 'currency' and f.active and f.price_cents is not null) as price,
      ${nameInUserLanguage(companyId, userId, 'resource', sql`r.id`)} as name,
      (select coalesce(json_object_agg(c.key, coalesce(u.value, c.value)), '{}')::text
        from company_preferences c
        left join user_preferences u on u.company_id = c.company_id and u.key = c.key and u.user_id = ${userId}
        where c.company_id = ${companyId} and c.key = any(${textArray(preferenceKeys)})) as preferences,
      (select coalesce(json_agg(json_build_array(up.id,
          coalesce(${nameInUserLanguage(companyId, userId, 'level', sql`up.id`)}, '')) order by up.depth desc), '[]')::text
        from up) as chain,
      (select btrim(h.first_name || ' ' || h.last_name) from users h
        where h.company_id = ${companyId} and h.id = ${userId}) as host_name,
      ${companyStamps(companyId)}
    from resources r join levels l on l.company_id = r.company_id and l.id = r.level_id
    where r.company_id = ${companyId} and r.id = ${resourceId}
      and (select id from users where company_id = ${companyId} and id = ${userId}
        ${lock ? sql`for no key update` : sql``}) = ${userId}
    ${lock ? sql`for no key update of r` : sql``}`.execute(db);
  const row = rows[0];
  if (!row) return undefined;
  const {
    allowed,
    mine,
    windows,
    closures,
    price,
    name,
    preferences,
    chain,
    host_name,
    plan_version,
    booking_version,
    ...target
  } = row;
  type WindowRow = [number[], string, string, string | null, string | null];
  return {
    target,
    roles: { allowed: allowed ?? [], mine: mine ?? [] },
    windows: (JSON.parse(windows) as WindowRow[]).map(
      ([weekdays, time_from, time_to, date_from, date_to]) => ({
        weekdays: weekdays.map(Number),
        time_from,
        time_to,
        date_from,
        date_to,
      }),
    ),
    closures: (JSON.parse(closures) as Array<[number, number]>).map(([starts, ends]) => ({
      starts_at: new Date(Number(starts)),
      ends_at: new Date(Number(ends)),
    })),
    price: price ? (JSON.parse(price) as BookingContext['price']) : null,
    name,
    preferences: JSON.parse(preferences) as Record<string, string | null>,
    chain: (JSON.parse(chain) as Array<[number, string]>).map(([id, levelName]) => ({ id, name: levelName })),
    hostName: host_name,
    planVersion: plan_version,
    bookingVersion: booking_version,
  };
}

/**
 * Booking targets from the two JSON values the set reads answer: levels as [id, timezone, from,
 * to, declarable] and resources as [id, level_id, capacity type, model, capacity].
 */
function targetsFromJson(levelsJson: string, resourcesJson: string): BookingTarget[] {
  const levels = new Map(
    (JSON.parse(levelsJson) as Array<[number, string, string, string, boolean]>).map(
      ([id, timezone, from, to, declarable]) => [id, { timezone, from, to, declarable }],
    ),
  );
  type Row = [
    number,
    number,
    BookingTarget['resource_capacity_type'],
    BookingTarget['resource_model'],
    number,
  ];
  return (JSON.parse(resourcesJson) as Row[]).map(([id, level, capacityType, model, capacity]) => {
    const where = levels.get(level)!;
    return {
      id,
      level_id: level,
      resource_capacity_type: capacityType,
      resource_model: model,
      capacity,
      timezone: where.timezone,
      working_hours_from: where.from,
      working_hours_to: where.to,
      is_declarable: where.declarable,
    };
  });
}

/**
 * The resources on a level and every level below it. A level of a few thousand resources is read
 * as two JSON values rather than thousands of rows: the row-by-row transfer is what costs.
 */
export async function subtreeTargets(db: Db, companyId: number, levelId: number): Promise<BookingTarget[]> {
  const { rows } = await sql<{ levels: string; resources: string }>`
    with recursive down as (
      select id, 0 as depth from levels where company_id = ${companyId} and id = ${levelId}
      union all
      select c.id, d.depth + 1 from levels c join down d on c.parent_id = d.id
      where c.company_id = ${companyId} and d.depth < 50
    )
    select
      (select coalesce(json_agg(json_build_array(l.id, l.timezone, to_char(l.working_hours_from, 'HH24:MI'),
          to_char(l.working_hours_to, 'HH24:MI'), l.is_declarable)), '[]')::text
        from levels l where l.company_id = ${companyId} and l.id in (select id from down)) as levels,
      (select coalesce(json_agg(json_build_array(r.id, r.level_id, r.resource_capacity_type, r.resource_model,
          r.capacity) order by r.id), '[]')::text
        from resources r where r.company_id = ${companyId} and r.level_id in (select id from down)) as resources
  `.execute(db);
  return targetsFromJson(rows[0]!.levels, rows[0]!.resources);
}

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

/** spec §2 capacity for a time: the capacity a date capacity sets for `date`, per resource. */
export async function dateCapacities(
  db: Db,
  companyId: number,
  resourceIds: readonly number[],
  date: string,
): Promise<Map<number, number>> {
  if (resourceIds.length === 0) return new Map();
  const { rows } = await sql<{ resource_id: number; capacity: number }>`
    select resource_id, capacity from resource_date_capacities
    where company_id = ${companyId} and resource_id = any(${intArray(resourceIds)})
      and date_from <= ${date}::date and date_to >= ${date}::date`.execute(db);
  return new Map(rows.map((row) => [row.resource_id, row.capacity]));
}

/** Preference texts as the user reads them: their own value where set, else the company's. */
export async function preferenceTexts(
  db: Db,
  companyId: number,
  userId: number,
  keys: readonly string[],
): Promise<Record<string, string | null>> {
  const { rows } = await sql<{ key: string; value: string | null }>`
    select c.key, coalesce(u.value, c.value) as value
    from company_preferences c
    left join user_preferences u on u.company_id = c.company_id and u.key = c.key and u.user_id = ${userId}
    where c.company_id = ${companyId} and c.key = any(${textArray(keys)})`.execute(db);
  return Object.fromEntries(rows.map((row) => [row.key, row.value]));
}

/** The roles that may book the resource (none: everyone who may use the plan) and the user's roles. */
export async function bookingRoles(db: Db, companyId: number, resourceId: number, userId: number) {
  const { rows } = await sql<{ allowed: number[] | null; mine: number[] | null }>`
    select
      (select array_agg(role_id) from resource_roles
        where company_id = ${companyId} and resource_id = ${resourceId}) as allowed,
      (select array_agg(cr.role_id) from user_container_members m
        join user_container_roles cr on cr.company_id = m.company_id and cr.container_id = m.container_id
        where m.company_id = ${companyId} and m.user_id = ${userId}) as mine`.execute(db);
  return { allowed: rows[0]?.allowed ?? [], mine: rows[0]?.mine ?? [] };
}

/** The 'currency' function of a resource when active and priced. */
export async function priceOf(db: Db, companyId: number, resourceId: number) {
  const { rows } = await sql<{ currency_id: number; price_cents: number }>`
    select currency_id, price_cents from resource_functions
    where company_id = ${companyId} and resource_id = ${resourceId} and function_key = 'currency'
      and active and currency_id is not null and price_cents is not null`.execute(db);
  return rows[0] ?? null;
}

/**
 * The personal places (see countsTowardsLimit) a user holds between two instants, other than
 * `exceptResourceId`: the per-user limit counts different resources, not bookings.
 */
export async function heldPlaces(
  db: Db,
  companyId: number,
  userId: number,
  from: Date,
  to: Date,
  exceptResourceId: number,
): Promise<number> {
  const { rows } = await sql<{
    count: string | number;
  }>`${heldPlacesCount(companyId, userId, from, to, exceptResourceId)}`.execute(db);
  return Number(rows[0]?.count ?? 0);
}

/** The places (distinct resources that count towards the per-user limit) a user holds in a period. */
function heldPlacesCount(companyId: number, userId: number, from: Date, to: Date, exceptResourceId: number) {
  return sql`
    select count(distinct d.resource_id) as count from declarations d
    join resources r on r.company_id = d.company_id and r.id = d.resource_id
    where d.company_id = ${companyId} and d.user_id = ${userId} and ${HOLDS}
      and d.starts_at < ${to} and d.ends_at > ${from} and d.resource_id <> ${exceptResourceId}
      and (r.resource_capacity_type = 'shared' or r.capacity <= 1)`;
}

/**
 * The context a booking for `hostId` is checked in: the host's own permissions (their per-user
 * limit), whoever asks for it.
 */
export async function hostContext(db: Db, ctx: ServiceContext, hostId: number): Promise<ServiceContext> {
  if (hostId === ctx.userId) return ctx;
  return { ...ctx, userId: hostId, permissions: await generalPermissionsOf(db, ctx.companyId, hostId) };
}

/** Serialises one user's bookings: two requests cannot both pass the per-user limit. */
export async function lockUser(db: Db, companyId: number, userId: number): Promise<void> {
  await sql`select id from users where company_id = ${companyId} and id = ${userId} for no key update`.execute(
    db,
  );
}

/** A booking counts as a visit of its level for the location picker's frequent list (spec §2). */
export async function countVisit(db: Db, companyId: number, userId: number, levelId: number): Promise<void> {
  await sql`
    insert into level_visits (company_id, user_id, level_id, visits, last_visit_at)
    values (${companyId}, ${userId}, ${levelId}, 1, now())
    on conflict (company_id, user_id, level_id)
    do update set visits = level_visits.visits + 1, last_visit_at = now()`.execute(db);
}

/** spec §4 'declaration changed': fanned out to every server process by LISTEN/NOTIFY. */
export const DECLARATION_CHANNEL = 'declaration_changed';

export interface DeclarationChange {
  action: 'created' | 'cancelled' | 'checked_in' | 'checked_out' | 'extended' | 'released' | 'approval';
  id: number;
  company_id: number;
  resource_id: number;
  level_id: number;
  /**
   * What a listener would otherwise read back (ISO instants, the level and its ancestors top first),
   * when the notifier knows it, with the schema that wrote it: a listener trusts these only from its
   * own schema (databases sharing a server's channels).
   */
  known?: { starts_at: string; ends_at: string; level_ids: number[]; schema: string };
}

/**
 * Inside the changing transaction: delivered only when it commits, with the schema that wrote it
 * (`schema`): schemas of one database share its channels, and a listener reads only its own.
 */
export async function notifyChanged(db: Db, change: DeclarationChange): Promise<void> {
  await sql`select pg_notify(${DECLARATION_CHANNEL},
    (${JSON.stringify(change)}::jsonb || jsonb_build_object('schema', current_schema()))::text)`.execute(db);
}

/** A new booking as inserted (createBooking). */
export interface InsertedBooking {
  id: number;
  status: 'booked';
  approval_status: 'approved' | 'pending';
  created_at: Date;
  /** with `heldIn`: the places the user held in that period besides this booking's resource */
  held_places: number | null;
}

/**
 * Inserts one booking and, in the same statement, announces it ('created', delivered at commit) and,
 * with `visitOf`, counts the visit of its level (countVisit): one round trip instead of three. With
 * `heldIn` it also counts the user's other places in that period for the per-user limit: the
 * statement's snapshot is taken after bookingContext locked the user, so every booking of theirs
 * committed before is seen, and one refused by the caller is rolled back with its transaction.
 */
export async function insertBooking(
  db: Db,
  values: Insertable<Database['declarations']> & { starts_at: Date; ends_at: Date },
  notice: { resourceId: number; levelId: number; levelIds: number[] },
  visitOf: { userId: number } | null,
  heldIn: { from: Date; to: Date } | null = null,
): Promise<InsertedBooking> {
  const companyId = values.company_id;
  const announced = {
    action: 'created',
    company_id: companyId,
    resource_id: notice.resourceId,
    level_id: notice.levelId,
  } satisfies Omit<DeclarationChange, 'id' | 'known'>;
  const known = {
    starts_at: values.starts_at.toISOString(),
    ends_at: values.ends_at.toISOString(),
    level_ids: notice.levelIds,
  } satisfies Omit<NonNullable<DeclarationChange['known']>, 'schema'>;
  const visit = visitOf
    ? sql`, visit as (
        insert into level_visits (company_id, user_id, level_id, visits, last_visit_at)
        values (${companyId}, ${visitOf.userId}, ${notice.levelId}, 1, now())
        on conflict (company_id, user_id, level_id)
        do update set visits = level_visits.visits + 1, last_visit_at = now())`
    : sql``;
  const { rows } = await sql<InsertedBooking>`
    with inserted as (
      ${db.insertInto('declarations').values(values).returning(['id', 'status', 'approval_status', 'created_at'])}
    )${visit}
    select i.id, i.status, i.approval_status, i.created_at,
      ${
        heldIn
          ? sql`(${heldPlacesCount(companyId, values.user_id, heldIn.from, heldIn.to, notice.resourceId)})::int`
          : sql`null::int`
      } as held_places,
      pg_notify(${DECLARATION_CHANNEL}, (${JSON.stringify(announced)}::jsonb
        || jsonb_build_object('id', i.id, 'known', ${JSON.stringify(known)}::jsonb
          || jsonb_build_object('schema', current_schema())))::text) as notified
    from inserted i`.execute(db);
  return rows[0]!;
}

/** One booking of those book_declarations writes in one call. */
export interface NewBooking {
  starts_at: Date;
  ends_at: Date;
  slot_type: NonNullable<Insertable<Database['declarations']>['slot_type']>;
  cost_cents: number | null;
  /** the host's day the booking lies in, where the per-user limit counts their places */
  day: { from: Date; to: Date };
}

/** What book_declarations answers: the bookings, or why it wrote nothing. */
export type BookOutcome =
  | { outcome: 'booked'; rows: Array<Omit<InsertedBooking, 'held_places'>> }
  | { outcome: 'stale' }
  /** `booking`: the index (0-based) of the booking whose day already holds `held` places */
  | { outcome: 'over_limit'; booking: number; held: number };

/** SQLSTATE 23P01 raised by book_declarations: the index (0-based) of the booking refused. */
export const refusedBooking = (error: { detail?: unknown }): number | null =>
  typeof error.detail === 'string' && /^\d+$/.test(error.detail) ? Number(error.detail) - 1 : null;

/**
 * book_declarations (migrations 0020, 0029): the host's and the resource's locks, the per-user limit
 * (`limit`, null for none) counted in each booking's day, the inserts, the visit of the level
 * (`countVisit`) and the 'created' announcements, in one statement. With `expectedPlanVersion` it
 * writes nothing and answers 'stale' when the company's plan stamp moved since it was read.
 */
export async function bookDeclarations(
  db: Db,
  booking: {
    companyId: number;
    hostId: number;
    createdBy: number;
    resourceId: number;
    levelId: number;
    levelIds: readonly number[];
    expectedPlanVersion: string | null;
    limit: number | null;
    currencyId: number | null;
    subject: string;
    isPrivate: boolean;
    approvalStatus: 'approved' | 'pending';
    exclusive: boolean;
    source: NonNullable<Insertable<Database['declarations']>['source']>;
    countVisit: boolean;
    /**
     * Booking from memory: the caller's session must still be live and the company's booking stamp
     * (migration 0029) still this one, else the answer is 'stale'. Null: neither is checked.
     */
    fromMemory?: { session: string; bookingVersion: string } | null;
  },
  bookings: readonly NewBooking[],
): Promise<BookOutcome> {
  const notices = bookings.map((one) =>
    JSON.stringify({
      action: 'created',
      company_id: booking.companyId,
      resource_id: booking.resourceId,
      level_id: booking.levelId,
      known: {
        starts_at: one.starts_at.toISOString(),
        ends_at: one.ends_at.toISOString(),
        level_ids: [...booking.levelIds],
      },
    } satisfies Omit<DeclarationChange, 'id' | 'known'> & {
      known: Omit<NonNullable<DeclarationChange['known']>, 'schema'>;
    }),
  );
  const item: BatchItem = {
    company: booking.companyId,
    user: booking.hostId,
    created_by: booking.createdBy,
    resource: booking.resourceId,
    level: booking.levelId,
    expected_plan_version: booking.expectedPlanVersion,
    limit: booking.limit,
    starts: bookings.map((one) => one.starts_at),
    ends: bookings.map((one) => one.ends_at),
    day_starts: bookings.map((one) => one.day.from),
    day_ends: bookings.map((one) => one.day.to),
    slot_types: bookings.map((one) => one.slot_type),
    costs: bookings.map((one) => one.cost_cents),
    currency: booking.currencyId,
    subject: booking.subject,
    is_private: booking.isPrivate,
    approval_status: booking.approvalStatus,
    exclusive: booking.exclusive,
    source: booking.source,
    count_visit: booking.countVisit,
    notices,
    session: booking.fromMemory?.session ?? null,
    expected_booking_version: booking.fromMemory?.bookingVersion ?? null,
  };
  // Inside a transaction the caller holds locks and reads its own writes: the call is its own.
  const rows = db.isTransaction ? await bookOne(db, item) : await bookInBatch(db, item);
  const first = rows[0];
  if (first?.outcome === 'stale') return { outcome: 'stale' };
  if (first?.outcome === 'over_limit')
    return { outcome: 'over_limit', booking: first.booking! - 1, held: first.held! };
  return {
    outcome: 'booked',
    rows: rows.map(({ id, status, approval_status, created_at }) => ({
      id,
      status,
      approval_status,
      created_at,
    })),
  };
}

/** One request's bookings: an item of book_declarations_batch (migration 0029). */
interface BatchItem {
  company: number;
  user: number;
  created_by: number;
  resource: number;
  level: number;
  expected_plan_version: string | null;
  limit: number | null;
  starts: Date[];
  ends: Date[];
  day_starts: Date[];
  day_ends: Date[];
  slot_types: string[];
  costs: Array<number | null>;
  currency: number | null;
  subject: string;
  is_private: boolean;
  approval_status: string;
  exclusive: boolean;
  source: string;
  count_visit: boolean;
  notices: string[];
  session: string | null;
  expected_booking_version: string | null;
}

interface BookRow {
  outcome: 'booked' | 'stale' | 'over_limit';
  booking: number | null;
  held: number | null;
  id: number;
  status: 'booked';
  approval_status: 'approved' | 'pending';
  created_at: Date;
}

type BatchRow = Omit<BookRow, 'outcome'> & {
  item: number;
  outcome: BookRow['outcome'] | 'error';
  error_code: string | null;
  error_message: string | null;
  error_detail: string | null;
};

const BOOK_BATCH = `select * from book_declarations_batch($1::int[], $2::int[], $3::int[], $4::int[],
  $5::int[], $6::bigint[], $7::int[], $8::int[], $9::text[], $10::boolean[], $11::text[], $12::boolean[],
  $13::text[], $14::boolean[], $15::uuid[], $16::bigint[], $17::int[], $18::int[], $19::timestamptz[],
  $20::timestamptz[], $21::timestamptz[], $22::timestamptz[], $23::text[], $24::int[], $25::jsonb[])`;

/**
 * book_declarations_batch for `items`, each its own answer: its rows, or the error that failed it,
 * as node-postgres raises one (the SQLSTATE as `code`; for a double booking, the number of the
 * booking refused as `detail`).
 */
async function bookItems(db: Db, items: readonly BatchItem[]): Promise<Array<BookRow[] | Error>> {
  const each = <T>(pick: (item: BatchItem) => T) => items.map(pick);
  const all = <T>(pick: (item: BatchItem) => T[]) => items.flatMap(pick);
  const firsts: number[] = [];
  let next = 1;
  for (const item of items) {
    firsts.push(next);
    next += item.starts.length;
  }
  // A constant text, compiled once: the statement is prepared once per connection (connection.ts).
  const { rows } = await db.executeQuery<BatchRow>(
    CompiledQuery.raw(BOOK_BATCH, [
      each((item) => item.company),
      each((item) => item.user),
      each((item) => item.created_by),
      each((item) => item.resource),
      each((item) => item.level),
      each((item) => item.expected_plan_version),
      each((item) => item.limit),
      each((item) => item.currency),
      each((item) => item.subject),
      each((item) => item.is_private),
      each((item) => item.approval_status),
      each((item) => item.exclusive),
      each((item) => item.source),
      each((item) => item.count_visit),
      each((item) => item.session),
      each((item) => item.expected_booking_version),
      firsts,
      each((item) => item.starts.length),
      all((item) => item.starts),
      all((item) => item.ends),
      all((item) => item.day_starts),
      all((item) => item.day_ends),
      all((item) => item.slot_types),
      all((item) => item.costs),
      all((item) => item.notices),
    ]),
  );
  const answers: Array<BookRow[] | Error> = items.map(() => []);
  // Counted where the batch committed; a caller's transaction counts its own once it is over.
  void rowsWritten(db, 'declarations', rows.filter((row) => row.outcome === 'booked').length);
  for (const { item, error_code, error_message, error_detail, ...row } of rows) {
    if (row.outcome === 'error')
      answers[item - 1] = Object.assign(new Error(error_message ?? 'book_declarations_batch failed'), {
        code: error_code,
        detail: error_detail ?? undefined,
      });
    else (answers[item - 1] as BookRow[]).push(row as BookRow);
  }
  return answers;
}

async function bookOne(db: Db, item: BatchItem): Promise<BookRow[]> {
  const [answer] = await bookItems(db, [item]);
  if (answer instanceof Error) throw answer;
  return answer!;
}

interface Waiting {
  item: BatchItem;
  resolve(rows: BookRow[]): void;
  reject(error: unknown): void;
}

// A statement's round trip costs more than a booking's work (on a PostgreSQL server, most of the
// server's CPU is its socket writes; on PGlite, each statement's protocol and commit): the bookings
// requested while a batch is written go together in the next, one batch at a time per database
// (two at once were slower on a server: smaller batches, and their locks waiting on each other).
// Alone, a booking goes at once.
const BATCH_MAX = 64;
const batches = new WeakMap<object, { waiting: Waiting[]; writing: boolean }>();

function bookInBatch(db: Db, item: BatchItem): Promise<BookRow[]> {
  let queue = batches.get(db);
  if (!queue) batches.set(db, (queue = { waiting: [], writing: false }));
  const own = queue;
  return new Promise((resolve, reject) => {
    own.waiting.push({ item, resolve, reject });
    if (own.writing) return;
    own.writing = true;
    // The requests that arrived in this turn of the event loop join the first batch.
    setImmediate(() => void writeBatches(db, own));
  });
}

async function writeBatches(db: Db, queue: { waiting: Waiting[]; writing: boolean }): Promise<void> {
  try {
    while (queue.waiting.length > 0) await writeBatch(db, queue.waiting.splice(0, BATCH_MAX));
  } finally {
    queue.writing = false;
  }
}

async function writeBatch(db: Db, batch: Waiting[]): Promise<void> {
  let answers: Array<BookRow[] | Error>;
  try {
    answers = await bookItems(
      db,
      batch.map((waiting) => waiting.item),
    );
  } catch (error) {
    if (batch.length === 1) return batch[0]!.reject(error);
    // The batch as a whole failed (a lost connection; a deadlock with another server process's
    // batch, whose items took the same hosts' and resources' locks in another order, which the
    // database breaks after its deadlock_timeout): each booking is written by itself instead.
    for (const waiting of batch)
      await bookItems(db, [waiting.item]).then(
        ([answer]) => (answer instanceof Error ? waiting.reject(answer) : waiting.resolve(answer!)),
        (error: unknown) => waiting.reject(error),
      );
    return;
  }
  batch.forEach((waiting, index) => {
    const answer = answers[index]!;
    if (answer instanceof Error) waiting.reject(answer);
    else waiting.resolve(answer);
  });
}
