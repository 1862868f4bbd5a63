import { sql, type Kysely } from 'kysely';
import { BOOKING_PREFERENCE_DEFAULTS } from '../../../shared/booking/preferences';
import type { Closure, WeeklyWindow } from '../../../shared/time/slots';
import type { Database } from '../../db/schema';
import { dayBounds } from './availability';
import { companyStamps, type BookingContext, type BookingTarget } from './booking-context.queries';

type Db = Kysely<Database>;

export interface LevelMemory {
  level: Pick<BookingTarget, 'timezone' | 'working_hours_from' | 'working_hours_to' | 'is_declarable'>;
  resources: Map<number, ResourceMemory>;
  /** the level and its ancestors, top first, with their names by language */
  chain: Array<{ id: number; names: Array<[number, string]> }>;
  /** the chain as read in a language, by the user's then the company's language */
  chainIn: Map<string, BookingContext['chain']>;
  /** by date in the level's zone: the closures of its resources that day give or take two days */
  days: Map<string, Map<number, Closure[]>>;
}

interface ResourceMemory {
  target: Pick<BookingTarget, 'resource_capacity_type' | 'resource_model' | 'capacity'>;
  allowed: number[];
  windows: WeeklyWindow[];
  price: BookingContext['price'];
  /** [language id, name] */
  names: Array<[number, string]>;
}

interface UserMemory {
  preferences: Record<string, string | null>;
  mine: number[];
  name: string;
  languageId: number;
}

export interface CompanyMemory {
  planVersion: string;
  bookingVersion: string;
  languageId: number;
  /** resource id → [level id, level zone] */
  whereIs: Map<number, [number, string]>;
  levels: Map<number, LevelMemory>;
  users: Map<number, UserMemory>;
  /** reads under way, by what they read ('level:1', 'day:1:2026-11-28', 'user:7') */
  reading: Map<string, Promise<boolean>>;
}

interface Stamps {
  plan_version: string | null;
  booking_version: string | null;
}

/** What a read of one part of the memory answers: the company's stamps it was read at, and the part. */
export interface Read<T> {
  stamps: Stamps;
  value: T | null;
}

export const sameStamps = (memory: CompanyMemory, stamps: Stamps) =>
  stamps.plan_version === memory.planVersion && stamps.booking_version === memory.bookingVersion;

export async function companyMemory(db: Db, companyId: number): Promise<CompanyMemory | null> {
  const { rows } = await sql<Stamps & { language_id: number; resources: string; levels: string }>`
    select ${companyStamps(companyId)},
      (select language_id from companies where id = ${companyId}) as language_id,
      (select coalesce(json_agg(json_build_array(r.id, r.level_id)), '[]')::text
        from resources r where r.company_id = ${companyId}) as resources,
      (select coalesce(json_agg(json_build_array(l.id, l.timezone)), '[]')::text
        from levels l where l.company_id = ${companyId}) as levels`.execute(db);
  const row = rows[0]!;
  if (row.plan_version === null || row.booking_version === null || row.language_id === null) return null;
  const zones = new Map(JSON.parse(row.levels) as Array<[number, string]>);
  const whereIs = new Map<number, [number, string]>();
  for (const [resourceId, levelId] of JSON.parse(row.resources) as Array<[number, number]>)
    whereIs.set(resourceId, [levelId, zones.get(levelId)!]);
  return {
    planVersion: row.plan_version,
    bookingVersion: row.booking_version,
    languageId: row.language_id,
    whereIs,
    levels: new Map(),
    users: new Map(),
    reading: new Map(),
  };
}

// Closures are read for the day give or take two days, as bookingContext reads them for the
// requested instants: every day a slot of that day can lie in.
const TWO_DAYS_MS = 2 * 86_400_000;

export async function levelMemory(db: Db, companyId: number, levelId: number): Promise<Read<LevelMemory>> {
  const { rows } = await sql<
    Stamps & {
      level: [string, string, string, boolean] | null;
      resources: string;
      windows: string;
      roles: string;
      prices: string;
      names: string;
      chain: string;
    }
  >`
    with recursive up as (
      select l.id, l.parent_id, 0 as depth from levels l where l.company_id = ${companyId} and l.id = ${levelId}
      union all
      select p.id, p.parent_id, u.depth + 1 from levels p join up u on p.id = u.parent_id
      where p.company_id = ${companyId} and u.depth < 50
    ),
    here as materialized (
      select r.id, r.resource_capacity_type, r.resource_model, r.capacity from resources r
      where r.company_id = ${companyId} and r.level_id = ${levelId}
    )
    select ${companyStamps(companyId)},
      (select json_build_array(l.timezone, to_char(l.working_hours_from, 'HH24:MI'),
          to_char(l.working_hours_to, 'HH24:MI'), l.is_declarable)
        from levels l where l.company_id = ${companyId} and l.id = ${levelId}) as level,
      (select coalesce(json_agg(json_build_array(h.id, h.resource_capacity_type, h.resource_model, h.capacity)), '[]')::text
        from here h) as resources,
      (select coalesce(json_agg(json_build_array(a.resource_id, a.weekdays, to_char(a.time_from, 'HH24:MI'),
          to_char(a.time_to, 'HH24:MI'), a.date_from, a.date_to)), '[]')::text
        from resource_availabilities a
        where a.company_id = ${companyId} and a.resource_id in (select id from here)) as windows,
      (select coalesce(json_agg(json_build_array(rr.resource_id, rr.role_id)), '[]')::text
        from resource_roles rr
        where rr.company_id = ${companyId} and rr.resource_id in (select id from here)) as roles,
      (select coalesce(json_agg(json_build_array(f.resource_id, f.currency_id, f.price_cents, cur.code)), '[]')::text
        from resource_functions f join currencies cur on cur.id = f.currency_id
        where f.company_id = ${companyId} and f.resource_id in (select id from here)
          and f.function_key = 'currency' and f.active and f.price_cents is not null) as prices,
      (select coalesce(json_agg(json_build_array(t.resource_id, t.language_id, t.name)), '[]')::text
        from resource_translations t
        where t.company_id = ${companyId} and t.resource_id in (select id from here)) as names,
      (select coalesce(json_agg(json_build_array(up.id, (select coalesce(json_agg(json_build_array(lt.language_id, lt.name)), '[]')
          from level_translations lt where lt.company_id = ${companyId} and lt.level_id = up.id))
          order by up.depth desc), '[]')::text
        from up) as chain`.execute(db);
  const row = rows[0]!;
  if (!row.level) return { stamps: row, value: null };
  const [timezone, hoursFrom, hoursTo, declarable] = row.level;
  const resources = new Map<number, ResourceMemory>();
  const resourceOf = (id: number) => resources.get(id);
  type Model = BookingTarget['resource_model'];
  type CapacityType = BookingTarget['resource_capacity_type'];
  for (const [id, capacityType, model, capacity] of JSON.parse(row.resources) as Array<
    [number, CapacityType, Model, number]
  >)
    resources.set(id, {
      target: { resource_capacity_type: capacityType, resource_model: model, capacity },
      allowed: [],
      windows: [],
      price: null,
      names: [],
    });
  type WindowRow = [number, number[], string, string, string | null, string | null];
  for (const [id, weekdays, time_from, time_to, date_from, date_to] of JSON.parse(row.windows) as WindowRow[])
    resourceOf(id)?.windows.push({ weekdays: weekdays.map(Number), time_from, time_to, date_from, date_to });
  for (const [id, role] of JSON.parse(row.roles) as Array<[number, number]>)
    resourceOf(id)?.allowed.push(role);
  for (const [id, currency_id, price_cents, currency_code] of JSON.parse(row.prices) as Array<
    [number, number, number, string]
  >) {
    const resource = resourceOf(id);
    if (resource) resource.price = { currency_id, price_cents, currency_code };
  }
  for (const [id, language, name] of JSON.parse(row.names) as Array<[number, number, string]>)
    resourceOf(id)?.names.push([language, name]);
  return {
    stamps: row,
    value: {
      level: {
        timezone,
        working_hours_from: hoursFrom,
        working_hours_to: hoursTo,
        is_declarable: declarable,
      },
      resources,
      chain: (JSON.parse(row.chain) as Array<[number, Array<[number, string]>]>).map(([id, names]) => ({
        id,
        names,
      })),
      chainIn: new Map(),
      days: new Map(),
    },
  };
}

/** The closures of a level's resources over a day of its zone, give or take two days, by resource. */
export async function dayClosures(
  db: Db,
  companyId: number,
  levelId: number,
  date: string,
  timeZone: string,
): Promise<Read<Map<number, Closure[]>>> {
  const { start, end } = dayBounds(date, timeZone);
  const from = new Date(start.getTime() - TWO_DAYS_MS);
  const to = new Date(end.getTime() + TWO_DAYS_MS);
  const { rows } = await sql<Stamps & { closures: string }>`
    select ${companyStamps(companyId)},
      (select coalesce(json_agg(json_build_array(u.resource_id, extract(epoch from u.starts_at) * 1000,
          extract(epoch from u.ends_at) * 1000)), '[]')::text
        from resource_unavailabilities u join resources r on r.company_id = u.company_id and r.id = u.resource_id
        where u.company_id = ${companyId} and r.level_id = ${levelId}
          and u.starts_at < ${to} and u.ends_at > ${from}) as closures`.execute(db);
  const row = rows[0]!;
  const closures = new Map<number, Closure[]>();
  for (const [id, starts, ends] of JSON.parse(row.closures) as Array<[number, number, number]>) {
    let list = closures.get(id);
    if (!list) closures.set(id, (list = []));
    list.push({ starts_at: new Date(Number(starts)), ends_at: new Date(Number(ends)) });
  }
  return { stamps: row, value: closures };
}

export async function userMemory(db: Db, companyId: number, userId: number): Promise<Read<UserMemory>> {
  const keys = Object.keys(BOOKING_PREFERENCE_DEFAULTS);
  const { rows } = await sql<
    Stamps & { preferences: string; mine: number[] | null; name: string | null; language_id: number | null }
  >`
    select ${companyStamps(companyId)},
      (select coalesce(json_object_agg(c.key, coalesce(u.value, c.value)), '{}')::text
        from company_preferences c
        left join user_preferences u on u.company_id = c.company_id and u.key = c.key and u.user_id = ${userId}
        where c.company_id = ${companyId} and c.key = any(${sql`${keys}::text[]`})) as preferences,
      (select array_agg(cr.role_id) from user_container_members m
        join user_container_roles cr on cr.company_id = m.company_id and cr.container_id = m.container_id
        where m.company_id = ${companyId} and m.user_id = ${userId}) as mine,
      (select btrim(h.first_name || ' ' || h.last_name) from users h
        where h.company_id = ${companyId} and h.id = ${userId}) as name,
      (select h.language_id from users h where h.company_id = ${companyId} and h.id = ${userId}) as language_id`.execute(
    db,
  );
  const row = rows[0]!;
  if (row.name === null || row.language_id === null) return { stamps: row, value: null };
  return {
    stamps: row,
    value: {
      preferences: JSON.parse(row.preferences) as Record<string, string | null>,
      mine: row.mine ?? [],
      name: row.name,
      languageId: row.language_id,
    },
  };
}
