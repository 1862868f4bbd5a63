import { sql, type Kysely } from 'kysely';
import type { Closure, WeeklyWindow } from '../../../shared/time/slots';
import type { Database } from '../../db/schema';
import { nameInUserLanguage, textArray } from './declarations.queries';

type Db = Kysely<Database>;

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
export function targetsFromJson(levelsJson: string, resourcesJson: string): BookingTarget[] {
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
