import { sql, type Kysely } from 'kysely';
import { BOOKING_PREFERENCE_DEFAULTS } from '../../../shared/booking/preferences';
import type { Closure, WeeklyWindow } from '../../../shared/time/slots';
import { wallClockAt } from '../../../shared/time/zone';
import type { ServiceContext } from '../../context';
import type { Database } from '../../db/schema';
import { dayBounds } from './availability';
import { companyStamps, type BookingContext, type BookingTarget } from './declarations.queries';

type Db = Kysely<Database>;

/**
 * What creating a booking reads (bookingContext), kept in memory per database and company so that
 * a booking costs one statement: the write (book_declarations) checks that the company's plan stamp
 * (0013) and booking stamp (0029) are still those this memory was read at, and the caller's session
 * still live, and answers 'stale' otherwise; the caller then reads everything afresh
 * (declarations.create.ts). Kept per company: where each resource is (its level and zone), per level
 * what the level's resources are with their windows, roles, prices and names in every language, and
 * per day their closures, and per user their preferences, roles and name. A part read at other stamps
 * than the rest makes the company's memory start again. A part being read is read once: the requests
 * that want it meanwhile wait for that read.
 */
interface LevelMemory {
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

interface CompanyMemory {
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

const NO_CLOSURES: Closure[] = [];

// Bounds: companies and users by count, days of closures per level by count; levels by the
// resources and the kept days' closures they hold, across every company of a database (a level of
// 2,000 desks is about a megabyte).
const COMPANIES_KEPT = 50;
const USERS_KEPT = 5_000;
const DAYS_KEPT = 100;
const LEVEL_ENTRIES_KEPT = 100_000;
const memories = new WeakMap<object, Map<number, CompanyMemory>>();
interface Budget {
  total: number;
  /** every level kept, least recently used first, with its company's memory and its size */
  kept: Map<LevelMemory, { memory: CompanyMemory; levelId: number; size: number }>;
}
const levelBudgets = new WeakMap<object, Budget>();

function budgetOf(db: object): Budget {
  let budget = levelBudgets.get(db);
  if (!budget) levelBudgets.set(db, (budget = { total: 0, kept: new Map() }));
  return budget;
}

/** Forgets the least recently used levels beyond the database's budget, `spared` aside. */
function trim(budget: Budget, spared: LevelMemory): void {
  for (const [oldest, entry] of budget.kept) {
    if (budget.total <= LEVEL_ENTRIES_KEPT) break;
    if (oldest === spared) continue;
    budget.kept.delete(oldest);
    budget.total -= entry.size;
    if (entry.memory.levels.get(entry.levelId) === oldest) entry.memory.levels.delete(entry.levelId);
  }
}

/** Keeps a level, forgetting the least recently used ones beyond the database's budget. */
function keepLevel(db: object, memory: CompanyMemory, levelId: number, level: LevelMemory): LevelMemory {
  const budget = budgetOf(db);
  const size = Math.max(1, level.resources.size);
  budget.kept.set(level, { memory, levelId, size });
  budget.total += size;
  memory.levels.set(levelId, level);
  trim(budget, level);
  return level;
}

const closuresIn = (day: Map<number, Closure[]>) => {
  let count = 0;
  for (const list of day.values()) count += list.length;
  return count;
};

/**
 * Keeps a day's closures with its level (a day not kept yet: keptOrRead reads it once), the closures
 * counted in the level's size.
 */
function keepDay(db: object, level: LevelMemory, date: string, closures: Map<number, Closure[]>): void {
  let change = closuresIn(closures);
  if (level.days.size >= DAYS_KEPT) {
    const [oldest, dropped] = level.days.entries().next().value!;
    level.days.delete(oldest);
    change -= closuresIn(dropped);
  }
  level.days.set(date, closures);
  const budget = budgetOf(db);
  const entry = budget.kept.get(level);
  if (!entry) return;
  entry.size += change;
  budget.total += change;
  trim(budget, level);
}

/** A level used again moves to the end of the budget's order. */
function touchLevel(db: object, level: LevelMemory): void {
  const budget = levelBudgets.get(db);
  const entry = budget?.kept.get(level);
  if (!budget || !entry) return;
  budget.kept.delete(level);
  budget.kept.set(level, entry);
}

function keep<K, V>(map: Map<K, V>, key: K, value: V, most: number): V {
  map.delete(key);
  if (map.size >= most) map.delete(map.keys().next().value!);
  map.set(key, value);
  return value;
}

interface Stamps {
  plan_version: string | null;
  booking_version: string | null;
}

/** What a read of one part of the memory answers: the company's stamps it was read at, and the part. */
interface Read<T> {
  stamps: Stamps;
  value: T | null;
}

const sameStamps = (memory: CompanyMemory, stamps: Stamps) =>
  stamps.plan_version === memory.planVersion && stamps.booking_version === memory.bookingVersion;

async function companyMemory(db: Db, companyId: number): Promise<CompanyMemory | null> {
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

async function levelMemory(db: Db, companyId: number, levelId: number): Promise<Read<LevelMemory>> {
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
async function dayClosures(
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

async function userMemory(db: Db, companyId: number, userId: number): Promise<Read<UserMemory>> {
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

/** nameInUserLanguage's choice: the user's language, else the company's, else the first there is. */
function nameIn(names: ReadonlyArray<[number, string]>, userLanguage: number, companyLanguage: number) {
  let best: [number, string] | undefined;
  const rank = ([language]: [number, string]) =>
    language === userLanguage ? 0 : language === companyLanguage ? 1 : 2;
  for (const entry of names)
    if (!best || rank(entry) < rank(best) || (rank(entry) === rank(best) && entry[0] < best[0])) best = entry;
  return best?.[1] ?? null;
}

/** `start()`, once for whoever asks for `key` while it is under way. */
function once<K, V>(reads: Map<K, Promise<V>>, key: K, start: () => Promise<V>): Promise<V> {
  let reading = reads.get(key);
  if (!reading) {
    reading = start().finally(() => reads.delete(key));
    reads.set(key, reading);
  }
  return reading;
}

const companyReads = new WeakMap<object, Map<number, Promise<CompanyMemory | null>>>();

/** companyMemory, read once for whoever asks while it is under way. */
function companyMemoryOnce(db: Db, companyId: number): Promise<CompanyMemory | null> {
  let reads = companyReads.get(db);
  if (!reads) companyReads.set(db, (reads = new Map()));
  return once(reads, companyId, () => companyMemory(db, companyId));
}

/**
 * What `kept` answers from the company's memory; when it answers nothing yet, the part is read (once
 * for whoever asks while that read is under way) and kept with `keepIt` if it was read at the
 * memory's stamps. Null when it was not: the memory is then to be forgotten.
 */
async function keptOrRead<T>(
  memory: CompanyMemory,
  key: string,
  kept: () => T | undefined,
  read: () => Promise<Read<T>>,
  keepIt: (value: T) => void,
): Promise<T | null> {
  const known = kept();
  if (known) return known;
  const keptNow = await once(memory.reading, key, async () => {
    const { stamps, value } = await read();
    if (!sameStamps(memory, stamps) || value === null) return false;
    keepIt(value);
    return true;
  });
  return keptNow ? (kept() ?? null) : null;
}

/**
 * The booking context of a resource for bookings within one day of its zone, from memory (reading
 * what is not kept yet), as bookingContext would read it at the stamps it carries; null when the
 * memory cannot answer for the company's booking stamp the caller's session was read at (or the
 * resource is unknown, or the instants span several days): the caller reads afresh.
 */
export async function contextFromMemory(
  ctx: ServiceContext,
  resourceId: number,
  instants: readonly Date[],
  bookingVersion: string | null,
): Promise<BookingContext | null> {
  if (bookingVersion === null || ctx.db.isTransaction) return null;
  let companies = memories.get(ctx.db);
  if (!companies) memories.set(ctx.db, (companies = new Map()));
  let memory = companies.get(ctx.companyId);
  if (memory && memory.bookingVersion !== bookingVersion) {
    companies.delete(ctx.companyId);
    memory = undefined;
  }
  if (!memory) {
    const read = await companyMemoryOnce(ctx.db, ctx.companyId);
    if (!read || read.bookingVersion !== bookingVersion) return null;
    memory =
      companies.get(ctx.companyId) === read ? read : keep(companies, ctx.companyId, read, COMPANIES_KEPT);
  }
  const where = memory.whereIs.get(resourceId);
  if (!where) return null;
  const [levelId, timeZone] = where;
  const date = wallClockAt(instants[0]!, timeZone).date;
  const { start, end } = dayBounds(date, timeZone);
  if (instants.some((instant) => instant < start || instant > end)) return null;

  const known = memory;
  const level = await keptOrRead(
    known,
    `level:${levelId}`,
    () => known.levels.get(levelId),
    () => levelMemory(ctx.db, ctx.companyId, levelId),
    (read) => keepLevel(ctx.db, known, levelId, read),
  );
  if (!level) return forget(companies, ctx.companyId, known);
  touchLevel(ctx.db, level);
  const closures = await keptOrRead(
    known,
    `day:${levelId}:${date}`,
    () => level.days.get(date),
    () => dayClosures(ctx.db, ctx.companyId, levelId, date, timeZone),
    (read) => keepDay(ctx.db, level, date, read),
  );
  if (!closures) return forget(companies, ctx.companyId, known);
  const user = await keptOrRead(
    known,
    `user:${ctx.userId}`,
    () => known.users.get(ctx.userId),
    () => userMemory(ctx.db, ctx.companyId, ctx.userId),
    (read) => keep(known.users, ctx.userId, read, USERS_KEPT),
  );
  if (!user) return forget(companies, ctx.companyId, known);
  const resource = level.resources.get(resourceId);
  if (!resource) return null;
  const language = user.languageId;
  return {
    target: { id: resourceId, level_id: levelId, ...resource.target, ...level.level },
    roles: { allowed: resource.allowed, mine: user.mine },
    windows: resource.windows,
    closures: closures.get(resourceId) ?? NO_CLOSURES,
    price: resource.price,
    name: nameIn(resource.names, language, memory.languageId),
    preferences: user.preferences,
    chain: chainIn(level, language, memory.languageId),
    hostName: user.name,
    planVersion: memory.planVersion,
    bookingVersion: memory.bookingVersion,
  };
}

function chainIn(kept: LevelMemory, language: number, companyLanguage: number): BookingContext['chain'] {
  const key = `${language}:${companyLanguage}`;
  let chain = kept.chainIn.get(key);
  if (!chain) {
    chain = kept.chain.map((level) => ({
      id: level.id,
      name: nameIn(level.names, language, companyLanguage) ?? '',
    }));
    kept.chainIn.set(key, chain);
  }
  return chain;
}

/** Forgets the company's memory, unless another has taken its place meanwhile. */
function forget(companies: Map<number, CompanyMemory>, companyId: number, memory: CompanyMemory): null {
  if (companies.get(companyId) === memory) companies.delete(companyId);
  return null;
}

/** After the write found the memory stale: the company's is read afresh next time. */
export function forgetCompanyMemory(db: object, companyId: number): void {
  memories.get(db)?.delete(companyId);
}
