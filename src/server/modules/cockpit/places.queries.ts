import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

/** A floor's (or, with floor_id null, a site's own) sums over the period, from the kept figures. */
export interface PlaceTotals {
  site_id: number;
  /** the site's level the resources are on or below; null for resources on the site itself */
  floor_id: number | null;
  /** seat-seconds open: every seat, every whole day of the period (spec §9: a full day is 100%) */
  open_s: number;
  booked_s: number;
  bookings: number;
  no_shows: number;
  /** today's bookings whose hour has begun, and how many of them were checked in */
  started: number;
  started_check_ins: number;
  /** the first and last day, on the clock of the site's first resource */
  first_day: string;
  last_day: string;
}

/**
 * The sums of the levels the viewer may read, by site (a top level) and floor (a site's child,
 * with everything below it), over today or this week (Monday to Sunday) on each level's own clock.
 * Read from the aggregates the reports' triggers keep (report_days, report_hours), never from the
 * bookings: a site of 5,000 desks reads 5,000 × 7 rows at most. A hidden level hides what is below it.
 */
export async function placeTotals(
  db: Db,
  companyId: number,
  hiddenLevelIds: readonly number[],
  now: Date,
  period: 'today' | 'week',
  /** whether to count today's bookings begun so far (the check-in rate), an extra read of hours */
  started = false,
): Promise<PlaceTotals[]> {
  const hidden = [...hiddenLevelIds];
  const week = period === 'week';
  const withStarted = started && !week;
  const { rows } = await sql<PlaceTotals>`
    with recursive tree as (
      select l.id, l.id as site_id, null::integer as floor_id, 0 as depth, l.timezone
      from levels l
      where l.company_id = ${companyId} and l.parent_id is null and l.id <> all (${hidden}::int[])
      union all
      select c.id, t.site_id, coalesce(t.floor_id, c.id), t.depth + 1, c.timezone
      from levels c join tree t on c.parent_id = t.id
      where c.company_id = ${companyId} and c.id <> all (${hidden}::int[]) and t.depth < 64
    ),
    placed as (
      select r.id, t.site_id, t.floor_id,
        case when r.resource_capacity_type = 'shared' then r.capacity else 1 end as seats,
        (${now}::timestamptz at time zone t.timezone) as local_now
      from resources r join tree t on t.id = r.level_id
      where r.company_id = ${companyId}
    ),
    spans as (
      select p.id, p.site_id, p.floor_id, p.seats, p.local_now::date as today,
        extract(hour from p.local_now)::int as hour_now,
        case when ${week} then date_trunc('week', p.local_now)::date else p.local_now::date end as first_day
      from placed p
    ),
    days as (
      select s.id, sum(d.booked_s)::float8 as booked_s, sum(d.bookings)::int as bookings,
        sum(d.no_shows)::int as no_shows
      from spans s
      join report_days d on d.company_id = ${companyId} and d.resource_id = s.id
        and d.day between s.first_day and s.first_day + ${week ? 6 : 0}::int
      group by s.id
    ),
    started as (
      select s.id, sum(h.bookings)::int as bookings, sum(h.check_ins)::int as check_ins
      from spans s
      join report_hours h on h.company_id = ${companyId} and h.resource_id = s.id
        and h.day = s.today and h.hour <= s.hour_now
      where ${withStarted}
      group by s.id
    )
    select s.site_id, s.floor_id,
      sum(s.seats)::float8 * ${week ? 7 : 1} * 86400 as open_s,
      coalesce(sum(d.booked_s), 0)::float8 as booked_s,
      coalesce(sum(d.bookings), 0)::int as bookings,
      coalesce(sum(d.no_shows), 0)::int as no_shows,
      coalesce(sum(st.bookings), 0)::int as started,
      coalesce(sum(st.check_ins), 0)::int as started_check_ins,
      to_char(min(s.first_day), 'YYYY-MM-DD') as first_day,
      to_char(min(s.first_day) + ${week ? 6 : 0}::int, 'YYYY-MM-DD') as last_day
    from spans s
    left join days d on d.id = s.id
    left join started st on st.id = s.id
    group by s.site_id, s.floor_id`.execute(db);
  return rows;
}

/**
 * Bookings waiting for approval (spec §3 approval status) that have not ended yet, by site, on
 * the levels the viewer may read.
 */
export async function pendingApprovals(
  db: Db,
  companyId: number,
  hiddenLevelIds: readonly number[],
  now: Date,
): Promise<Array<{ site_id: number; count: number }>> {
  const { rows } = await sql<{ site_id: number; count: number }>`
    with recursive tree as (
      select l.id, l.id as site_id, 0 as depth from levels l
      where l.company_id = ${companyId} and l.parent_id is null and l.id <> all (${[...hiddenLevelIds]}::int[])
      union all
      select c.id, t.site_id, t.depth + 1 from levels c join tree t on c.parent_id = t.id
      where c.company_id = ${companyId} and c.id <> all (${[...hiddenLevelIds]}::int[]) and t.depth < 64
    )
    select t.site_id, count(*)::int as count
    from declarations d
    join resources r on r.company_id = d.company_id and r.id = d.resource_id
    join tree t on t.id = r.level_id
    where d.company_id = ${companyId} and d.approval_status = 'pending' and d.status = 'booked'
      and d.ends_at > ${now}
    group by t.site_id`.execute(db);
  return rows;
}
