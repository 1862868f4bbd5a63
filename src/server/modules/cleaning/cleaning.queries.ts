import { sql, type Kysely, type RawBuilder } from 'kysely';
import { CLEAN_BEFORE_BOOKING_KEY } from '../../../shared/booking/cleaning';
import type { Database } from '../../db/schema';
import { nearestMap } from '../maps';

type Db = Kysely<Database>;

/**
 * A resource's or level's name in the user's language, else the company's, else any (the
 * translations' rule; the declarations module has it too, but it calls this module while booking).
 */
function nameInUserLanguage(
  companyId: number,
  userId: number,
  of: 'resource' | 'level',
  id: RawBuilder<unknown>,
) {
  const table = of === 'resource' ? sql`resource_translations` : sql`level_translations`;
  const column = of === 'resource' ? sql`resource_id` : sql`level_id`;
  return sql<string | null>`(select t.name from ${table} t
    where t.company_id = ${companyId} and t.${column} = ${id}
    order by t.language_id = (select language_id from users where company_id = ${companyId} and id = ${userId}) desc,
      t.language_id = (select language_id from companies where id = ${companyId}) desc, t.language_id
    limit 1)`;
}

/** When a booking's use ended: its check-out, else its end. Bookings that held the resource only. */
const USED_UNTIL = sql`case when d.status = 'checked_out' then d.checked_out_at else d.ends_at end`;
const USED = sql`d.status in ('booked', 'checked_in', 'checked_out') and d.approval_status <> 'rejected'`;

export interface AwaitingRow {
  id: number;
  name: string | null;
  level_id: number;
  level_name: string | null;
  map_id: number | null;
  map_x: number | null;
  map_y: number | null;
  icon: string | null;
  used_until: Date;
  cleaned_at: Date | null;
  cleaned_by: string | null;
}

/**
 * The company's resources (on `levelId` or below it, when given) whose last use ended by `now` and
 * after their last cleaning. Each resource reads its latest cleaning, then only the bookings ending
 * after it (the declarations index on company, resource and end).
 */
export async function awaitingCleaning(
  db: Db,
  companyId: number,
  userId: number,
  levelId: number | null,
  now: Date,
): Promise<AwaitingRow[]> {
  const { rows } = await sql<AwaitingRow>`
    with recursive ${nearestMap(companyId)},
    chosen(id) as (
      select l.id from levels l
      where l.company_id = ${companyId} and (${levelId}::int is null or l.id = ${levelId}::int)
      union
      select l.id from levels l join chosen c on l.parent_id = c.id
      where l.company_id = ${companyId} and ${levelId}::int is not null
    )
    select r.id, ${nameInUserLanguage(companyId, userId, 'resource', sql`r.id`)} as name,
      r.level_id, ${nameInUserLanguage(companyId, userId, 'level', sql`r.level_id`)} as level_name,
      n.map_id, r.map_x, r.map_y, rt.icon, u.used_until, last.cleaned_at,
      nullif(trim(coalesce(p.first_name, '') || ' ' || coalesce(p.last_name, '')), '') as cleaned_by
    from resources r
    join chosen ch on ch.id = r.level_id
    join nearest_map n on n.id = r.level_id
    join resource_types rt on rt.company_id = r.company_id and rt.id = r.resource_type_id
    left join lateral (
      select c.cleaned_at, c.cleaned_by from resource_cleanings c
      where c.company_id = ${companyId} and c.resource_id = r.id
      order by c.cleaned_at desc limit 1
    ) last on true
    left join users p on p.id = last.cleaned_by
    join lateral (
      select max(${USED_UNTIL}) as used_until from declarations d
      where d.company_id = ${companyId} and d.resource_id = r.id and ${USED}
        and d.ends_at > coalesce(last.cleaned_at, '-infinity'::timestamptz)
        and ${USED_UNTIL} <= ${now}
        and ${USED_UNTIL} > coalesce(last.cleaned_at, '-infinity'::timestamptz)
    ) u on u.used_until is not null
    where r.company_id = ${companyId}
    order by level_name, name, r.id`.execute(db);
  return rows;
}

/**
 * The resources among `resourceIds` that cannot be booked now for want of a cleaning: the company's
 * rule is on and their last use ended after their last cleaning. One statement, asked by the booking
 * engine before it writes and by the plan for its markers.
 */
export async function refusedUntilCleaned(
  db: Db,
  companyId: number,
  resourceIds: readonly number[],
  now: Date,
): Promise<Set<number>> {
  if (resourceIds.length === 0) return new Set();
  const { rows } = await sql<{ id: number }>`
    select r.id from unnest(${sql`${[...resourceIds]}::int[]`}) as r(id)
    where exists (
      select 1 from company_preferences p
      where p.company_id = ${companyId} and p.key = ${CLEAN_BEFORE_BOOKING_KEY} and p.value = '1'
    ) and exists (
      select 1 from declarations d
      left join lateral (
        select max(c.cleaned_at) as cleaned_at from resource_cleanings c
        where c.company_id = ${companyId} and c.resource_id = r.id
      ) last on true
      where d.company_id = ${companyId} and d.resource_id = r.id and ${USED}
        and d.ends_at > coalesce(last.cleaned_at, '-infinity'::timestamptz)
        and ${USED_UNTIL} <= ${now}
        and ${USED_UNTIL} > coalesce(last.cleaned_at, '-infinity'::timestamptz)
    )`.execute(db);
  return new Set(rows.map((row) => row.id));
}

export async function cleanBeforeBookingOn(db: Db, companyId: number): Promise<boolean> {
  const row = await db
    .selectFrom('company_preferences')
    .select('value')
    .where('company_id', '=', companyId)
    .where('key', '=', CLEAN_BEFORE_BOOKING_KEY)
    .executeTakeFirst();
  return row?.value === '1';
}

export async function resourceExists(db: Db, companyId: number, resourceId: number): Promise<boolean> {
  const row = await db
    .selectFrom('resources')
    .select('id')
    .where('company_id', '=', companyId)
    .where('id', '=', resourceId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertCleaning(
  db: Db,
  companyId: number,
  resourceId: number,
  userId: number,
  at: Date,
) {
  return db
    .insertInto('resource_cleanings')
    .values({ company_id: companyId, resource_id: resourceId, cleaned_by: userId, cleaned_at: at })
    .returning(['resource_id', 'cleaned_at'])
    .executeTakeFirstOrThrow();
}

export function mapsByIds(db: Db, companyId: number, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('maps')
    .select(['id', 'name', 'width', 'height'])
    .where('company_id', '=', companyId)
    .where('id', 'in', [...ids])
    .orderBy('name')
    .execute();
}

export async function userName(db: Db, companyId: number, userId: number): Promise<string> {
  const row = await db
    .selectFrom('users')
    .select(['first_name', 'last_name', 'email'])
    .where('company_id', '=', companyId)
    .where('id', '=', userId)
    .executeTakeFirst();
  return row ? `${row.first_name ?? ''} ${row.last_name ?? ''}`.trim() || row.email : '';
}
