import { sql, type Kysely } from 'kysely';
import type { SchedulerPerson, SchedulerResource } from '../../../shared/contract/scheduler';
import type { ServiceContext } from '../../context';
import type { Database } from '../../db/schema';
import { nameInUserLanguage } from '../declarations';

type Db = Kysely<Database>;
type Who = Pick<ServiceContext, 'companyId' | 'userId'>;

const ids = (values: readonly number[]) => sql`${[...values]}::int[]`;

/**
 * The rooms the scheduler offers (resource type 'room', bookable or on request), named in the
 * user's language with their level's path, filtered by level (and everything below it), seats, name.
 */
export async function selectRooms(
  db: Db,
  who: Who,
  filter: { levelId?: number; capacity?: number; query?: string; resourceId?: number },
): Promise<SchedulerResource[]> {
  const { companyId, userId } = who;
  const query = filter.query?.trim().toLowerCase() ?? '';
  const { rows } = await sql<
    Omit<SchedulerResource, 'level' | 'attributes'> & {
      level_id: number;
      map_id: number | null;
      path: string;
      level_name: string;
      attributes: string[] | null;
    }
  >`
    with recursive chain as (
      select l.id as level_id, l.id, l.parent_id, 0 as depth from levels l where l.company_id = ${companyId}
      union all
      select c.level_id, p.id, p.parent_id, c.depth + 1 from chain c
      join levels p on p.company_id = ${companyId} and p.id = c.parent_id
      where c.depth < 50
    ),
    paths as (
      select c.level_id,
        string_agg(coalesce(${nameInUserLanguage(companyId, userId, 'level', sql`c.id`)}, ''), ' / ' order by c.depth desc) as path,
        array_agg(c.id) as ancestors
      from chain c group by c.level_id
    )
    select r.id, coalesce(${nameInUserLanguage(companyId, userId, 'resource', sql`r.id`)}, '') as name,
      r.capacity, r.description, r.email, r.resource_model, r.map_x, r.map_y,
      l.id as level_id, l.map_id, p.path,
      coalesce(${nameInUserLanguage(companyId, userId, 'level', sql`l.id`)}, '') as level_name,
      (select array_agg(coalesce((select t.name from resource_attribute_translations t
            where t.company_id = ${companyId} and t.resource_attribute_id = a.id
            order by t.language_id = (select language_id from users where company_id = ${companyId} and id = ${userId}) desc,
              t.language_id limit 1), a.key) order by a.key)
        from resource_resource_attributes ra
        join resource_attributes a on a.company_id = ra.company_id and a.id = ra.resource_attribute_id
        where ra.company_id = ${companyId} and ra.resource_id = r.id) as attributes
    from resources r
    join resource_types t on t.company_id = r.company_id and t.id = r.resource_type_id
    join levels l on l.company_id = r.company_id and l.id = r.level_id
    join paths p on p.level_id = l.id
    where r.company_id = ${companyId} and t.key = 'room' and r.resource_model in ('bookable', 'on_request')
      ${filter.resourceId ? sql`and r.id = ${filter.resourceId}` : sql``}
      ${filter.levelId ? sql`and ${filter.levelId} = any(p.ancestors)` : sql``}
      ${filter.capacity ? sql`and r.capacity >= ${filter.capacity}` : sql``}
    order by p.path, r.capacity, r.id`.execute(db);
  return rows
    .filter(
      (row) => !query || row.name.toLowerCase().includes(query) || row.path.toLowerCase().includes(query),
    )
    .map(({ level_id, map_id, path, level_name, attributes, ...room }) => ({
      ...room,
      level: { id: level_id, name: level_name, path, map_id },
      attributes: attributes ?? [],
    }));
}

/** People of the company whose name or email holds the query, at most 20, for attendees and hosts. */
export async function selectPeople(db: Db, companyId: number, query: string): Promise<SchedulerPerson[]> {
  const like = `%${query
    .trim()
    .toLowerCase()
    .replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const { rows } = await sql<SchedulerPerson>`
    select id, btrim(first_name || ' ' || last_name) as name, email, is_visitor from users
    where company_id = ${companyId} and not stands_for_removed
      and (lower(email) like ${like} or lower(first_name || ' ' || last_name) like ${like})
    order by last_name, first_name, id limit 20`.execute(db);
  return rows;
}

/** The users among `userIds` that belong to the company, with their names. */
export async function usersOf(db: Db, companyId: number, userIds: readonly number[]) {
  if (userIds.length === 0) return new Map<number, string>();
  const { rows } = await sql<{ id: number; name: string }>`
    select id, btrim(first_name || ' ' || last_name) as name from users
    where company_id = ${companyId} and id = any(${ids(userIds)})`.execute(db);
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** The working hours of the rooms' levels: an all-day meeting runs from the earliest to the latest. */
export async function workingHoursOf(db: Db, companyId: number, resourceIds: readonly number[]) {
  const { rows } = await sql<{ from: string | null; to: string | null; zones: string[] | null }>`
    select to_char(min(l.working_hours_from), 'HH24:MI') as from, to_char(max(l.working_hours_to), 'HH24:MI') as to,
      array_agg(distinct l.timezone) as zones
    from resources r join levels l on l.company_id = r.company_id and l.id = r.level_id
    where r.company_id = ${companyId} and r.id = any(${ids(resourceIds)})`.execute(db);
  const row = rows[0];
  return row?.from && row.to ? { from: row.from, to: row.to, zones: row.zones ?? [] } : null;
}

export interface MeetingRow {
  id: number;
  organizer_id: number;
  organizer_name: string;
  host_id: number;
  host_name: string;
  subject: string;
  notes: string;
  timezone: string;
  all_day: boolean;
  private_meeting: boolean;
  teams: boolean;
  date: string;
  start_time: string;
  end_time: string;
  recurrence: unknown;
  attendees: unknown;
  created_at: Date;
  bookings: Array<{
    occurrence: number;
    declaration_id: number;
    resource_id: number | null;
    resource_name: string;
    starts_at: string;
    ends_at: string;
    status: string;
  }>;
}

/**
 * Meetings of the company with their bookings; `where` narrows them (by id, or to the user's own).
 * Another company's meeting is simply not found.
 */
export async function selectMeetings(
  db: Db,
  who: Who,
  where: { id?: number; mine?: boolean; endingAfter?: Date },
): Promise<MeetingRow[]> {
  const { companyId, userId } = who;
  const { rows } = await sql<MeetingRow>`
    select m.id, m.organizer_id, btrim(o.first_name || ' ' || o.last_name) as organizer_name,
      m.host_id, btrim(h.first_name || ' ' || h.last_name) as host_name, m.subject, m.notes, m.timezone,
      m.all_day, m.private_meeting, m.teams, to_char(m.date, 'YYYY-MM-DD') as date,
      to_char(m.start_time, 'HH24:MI') as start_time, to_char(m.end_time, 'HH24:MI') as end_time,
      m.recurrence, m.attendees, m.created_at,
      coalesce((select json_agg(json_build_object('occurrence', b.occurrence, 'declaration_id', d.id,
          'resource_id', d.resource_id,
          'resource_name', coalesce(${nameInUserLanguage(companyId, userId, 'resource', sql`d.resource_id`)}, d.resource_name),
          'starts_at', d.starts_at, 'ends_at', d.ends_at, 'status', d.status)
          order by b.occurrence, d.resource_id)
        from scheduler_meeting_bookings b
        join declarations d on d.company_id = b.company_id and d.id = b.declaration_id
        where b.company_id = m.company_id and b.meeting_id = m.id), '[]') as bookings
    from scheduler_meetings m
    join users o on o.company_id = m.company_id and o.id = m.organizer_id
    join users h on h.company_id = m.company_id and h.id = m.host_id
    where m.company_id = ${companyId}
      ${where.id !== undefined ? sql`and m.id = ${where.id}` : sql``}
      ${where.mine ? sql`and (m.organizer_id = ${userId} or m.host_id = ${userId})` : sql``}
      ${
        where.endingAfter
          ? sql`and exists (select 1 from scheduler_meeting_bookings b
              join declarations d on d.company_id = b.company_id and d.id = b.declaration_id
              where b.company_id = m.company_id and b.meeting_id = m.id and d.ends_at > ${where.endingAfter})`
          : sql``
      }
    order by m.date, m.start_time, m.id`.execute(db);
  return rows;
}
