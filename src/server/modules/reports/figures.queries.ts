import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

/** A report's window on the levels' clocks: days [from, to], hours [fromHour, toHour), weekdays 0 = Monday. */
export interface Window {
  from: string;
  to: string;
  fromHour: number;
  toHour: number;
  weekdays: readonly number[];
}

/** Whole days read the daily rows; a part of each day needs the hourly ones. */
export const wholeDays = (window: Window) => window.fromHour === 0 && window.toHour === 24;

const inWindow = (window: Window, day: string, hour: string) => sql`
  ${sql.ref(day)} between ${window.from}::date and ${window.to}::date
  and ${sql.ref(hour)} >= ${window.fromHour} and ${sql.ref(hour)} < ${window.toHour}
  and extract(isodow from ${sql.ref(day)})::int - 1 = any (${[...window.weekdays]}::int[])`;

export interface Cell {
  day: string;
  hour: number;
  seconds: number;
}

/**
 * The seconds each local hour of the window lasts on each zone's clock (3,600 but on DST days). A
 * day 24 hours long has no change in it: its hours are 3,600 s each, without cutting it; only the
 * other days (two a year in most zones) are cut by report_pieces, as the bookings are. `perDay`
 * sums each day's hours into one cell (hour 0): what a figure by day reads.
 */
export async function zoneHours(
  db: Db,
  zones: readonly string[],
  window: Window,
  perDay = false,
): Promise<Map<string, Cell[]>> {
  if (zones.length === 0) return new Map();
  const { rows } = await sql<Cell & { tz: string }>`
    select z.tz, p.day::text as day, ${perDay ? sql`0` : sql`p.hour`} as hour, sum(p.seconds)::int as seconds
    from unnest(${[...zones]}::text[]) z (tz)
    cross join lateral (
      select d::date as day, d::date::timestamp at time zone z.tz as s,
        (d::date + 1)::timestamp at time zone z.tz as e
      from generate_series(${window.from}::date, ${window.to}::date, interval '1 day') d
    ) days
    cross join lateral (
      select days.day, h.hour::smallint as hour, 3600 as seconds
      from generate_series(${window.fromHour}::int, ${window.toHour}::int - 1) h (hour)
      where days.e - days.s = interval '24 hours'
      union all
      select c.day, c.hour, c.seconds from report_pieces(days.s, days.e, z.tz) c
      where days.e - days.s <> interval '24 hours'
    ) p
    where ${inWindow(window, 'p.day', 'p.hour')}
    group by 1, 2, 3`.execute(db);
  const byZone = new Map<string, Cell[]>();
  for (const row of rows) {
    const list = byZone.get(row.tz) ?? [];
    list.push({ day: row.day, hour: row.hour, seconds: row.seconds });
    byZone.set(row.tz, list);
  }
  return byZone;
}

/** The closed seconds (spec: closures, resource unavailabilities) of each resource and local hour. */
export async function closedHours(
  db: Db,
  companyId: number,
  resourceIds: readonly number[],
  window: Window,
): Promise<Array<Cell & { resource_id: number }>> {
  if (resourceIds.length === 0) return [];
  const { rows } = await sql<Cell & { resource_id: number }>`
    select u.resource_id, p.day::text as day, p.hour, sum(p.seconds)::int as seconds
    from resource_unavailabilities u
    join resources r on r.company_id = u.company_id and r.id = u.resource_id
    join levels l on l.company_id = r.company_id and l.id = r.level_id
    cross join lateral report_pieces(
      greatest(u.starts_at, ${window.from}::date::timestamp at time zone l.timezone),
      least(u.ends_at, (${window.to}::date + 1)::timestamp at time zone l.timezone), l.timezone) p
    where u.company_id = ${companyId} and u.resource_id = any (${[...resourceIds]}::int[])
      and u.ends_at > ${window.from}::date - 2 and u.starts_at < ${window.to}::date + 3
      and ${inWindow(window, 'p.day', 'p.hour')}
    group by 1, 2, 3`.execute(db);
  return rows;
}

export interface Totals {
  booked_s: number;
  used_s: number;
  bookings: number;
  check_ins: number;
  no_shows: number;
}

export interface BucketTotals {
  byResource: Map<number, Totals>;
  /** key 'YYYY-MM-DD HH' (or 'YYYY-MM-DD' for whole days) */
  byCell: Map<string, Totals>;
}

const cellKey = (day: string, hour: number | null) =>
  hour === null ? day : `${day} ${String(hour).padStart(2, '0')}`;

/**
 * One pass over the kept figures: totals per resource and per local day-hour (per day when the
 * window is whole days, read from report_days), never the bookings themselves.
 */
export async function bucketTotals(
  db: Db,
  companyId: number,
  resourceIds: readonly number[],
  window: Window,
  grain: 'hour' | 'day',
): Promise<BucketTotals> {
  const byResource = new Map<number, Totals>();
  const byCell = new Map<string, Totals>();
  if (resourceIds.length === 0) return { byResource, byCell };
  const daily = grain === 'day' && wholeDays(window);
  const source = daily
    ? sql`select resource_id, day, null::int as hour, booked_s, used_s, bookings, check_ins, no_shows
        from report_days where company_id = ${companyId}`
    : sql`select resource_id, day, hour::int as hour, booked_s, used_s, bookings, check_ins, no_shows
        from report_hours where company_id = ${companyId}`;
  const { rows } = await sql<
    Totals & { resource_id: number | null; day: string | null; hour: number | null }
  >`
    with b as (${source})
    select resource_id, day::text as day, hour,
      sum(booked_s)::float8 as booked_s, sum(used_s)::float8 as used_s, sum(bookings)::int as bookings,
      sum(check_ins)::int as check_ins, sum(no_shows)::int as no_shows
    from b
    where resource_id = any (${[...resourceIds]}::int[])
      and ${daily ? sql`b.day between ${window.from}::date and ${window.to}::date and extract(isodow from b.day)::int - 1 = any (${[...window.weekdays]}::int[])` : inWindow(window, 'b.day', 'b.hour')}
    group by grouping sets ((resource_id), (day, hour))`.execute(db);
  for (const row of rows) {
    const totals = {
      booked_s: Number(row.booked_s),
      used_s: Number(row.used_s),
      bookings: row.bookings,
      check_ins: row.check_ins,
      no_shows: row.no_shows,
    };
    if (row.resource_id !== null) byResource.set(row.resource_id, totals);
    else if (row.day !== null) byCell.set(cellKey(row.day, row.hour), totals);
  }
  return { byResource, byCell };
}

export { cellKey };

/** Bookings by user container: the hosts' days (report_user_days) by the containers they are in now. */
export async function containerTotals(
  db: Db,
  companyId: number,
  window: Window,
): Promise<
  Array<{ id: number; name: string; booked_s: number; used_s: number; bookings: number; no_shows: number }>
> {
  const { rows } = await sql<{
    id: number;
    name: string;
    booked_s: number;
    used_s: number;
    bookings: number;
    no_shows: number;
  }>`
    select c.id, c.name, sum(u.booked_s)::float8 as booked_s, sum(u.used_s)::float8 as used_s,
      sum(u.bookings)::int as bookings, sum(u.no_shows)::int as no_shows
    from report_user_days u
    join user_container_members m on m.company_id = u.company_id and m.user_id = u.user_id
    join user_containers c on c.company_id = m.company_id and c.id = m.container_id
    where u.company_id = ${companyId} and c.access_type = 'USER' and u.day between ${window.from}::date and ${window.to}::date
      and extract(isodow from u.day)::int - 1 = any (${[...window.weekdays]}::int[])
    group by c.id, c.name
    order by c.name, c.id`.execute(db);
  return rows.map((row) => ({ ...row, booked_s: Number(row.booked_s), used_s: Number(row.used_s) }));
}
