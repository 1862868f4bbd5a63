import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { OutlookBooking, OutlookRoom } from '../../../shared/contract/outlook';
import { resourceImagePath } from '../../../shared/contract/resources';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

const intArray = (values: readonly number[]): RawBuilder<number[]> => sql`${[...values]}::int[]`;

type Translated = 'resource' | 'level' | 'resource_type' | 'resource_attribute';

/** A name in the user's language, else the company's, else the first there is. */
function nameOf(companyId: number, userId: number, of: Translated, id: RawBuilder<unknown>) {
  const table = sql.raw(`${of}_translations`);
  const column = sql.raw(`${of}_id`);
  return sql<string | null>`(select t.name from ${table} t
    where t.company_id = ${companyId} and t.${column} = ${id}
    order by t.language_id = (select language_id from users where company_id = ${companyId} and id = ${userId}) desc,
      t.language_id = (select language_id from companies where id = ${companyId}) desc, t.language_id
    limit 1)`;
}

export interface RoomFilter {
  seats: number;
  levelId?: number;
  resourceTypeId?: number;
  attributeIds?: readonly number[];
  /** only these resources (a room's info, the meeting's own room) */
  resourceIds?: readonly number[];
  /** free over every one of these periods; none: free or not */
  freeDuring?: readonly { start: Date; end: Date }[];
  /** bookings that do not count as taking the room (the meeting's own, while it moves) */
  ignoreBookings?: readonly number[];
}

interface RoomRow {
  id: number;
  capacity: number;
  email: string | null;
  description: string;
  map_x: number | null;
  map_y: number | null;
  level_id: number;
  map_id: number | null;
  timezone: string;
  type_id: number;
  type_key: string;
  name: string | null;
  type_name: string | null;
  is_favorite: boolean;
  on_default_level: boolean;
  needs_approval: boolean;
  has_image: boolean;
}

/**
 * Bookable rooms (or the asked type) that seat `seats`, on the level's subtree, with every asked
 * attribute, free over each period: the user's favourites first, then those on their own default
 * location (their DefaultLocation preference, and the levels under it), each group smallest fitting
 * first (the least wasted seats), then by name. The company's default level is no one's own: put
 * first, it would propose the same floor to everyone.
 * Assigned rooms are among them: whether the caller may book one then is the booking's rule
 * (series-rooms roomsAbleToHold).
 */
export async function findRooms(
  db: Db,
  companyId: number,
  userId: number,
  filter: RoomFilter,
): Promise<OutlookRoom[]> {
  const periods = filter.freeDuring ?? [];
  const attributes = filter.attributeIds ?? [];
  const { rows } = await sql<RoomRow>`
    with recursive scope as (
      select id from levels where company_id = ${companyId} and id = ${filter.levelId ?? null}
      union all
      select l.id from levels l join scope s on l.parent_id = s.id where l.company_id = ${companyId}
    ),
    home as (
      select id from levels where company_id = ${companyId} and id = (
        select case when p.value ~ '^[0-9]{1,9}$' then p.value::int end from user_preferences p
        where p.company_id = ${companyId} and p.user_id = ${userId} and p.key = 'DefaultLocation')
      union all
      select l.id from levels l join home h on l.parent_id = h.id where l.company_id = ${companyId}
    )
    select r.id, r.capacity, r.email, r.description, r.map_x, r.map_y, r.level_id, l.map_id, l.timezone,
      rt.id as type_id, rt.key as type_key,
      ${nameOf(companyId, userId, 'resource', sql`r.id`)} as name,
      ${nameOf(companyId, userId, 'resource_type', sql`rt.id`)} as type_name,
      exists (select 1 from resource_favorites f
        where f.company_id = ${companyId} and f.user_id = ${userId} and f.resource_id = r.id) as is_favorite,
      r.level_id in (select id from home) as on_default_level,
      r.resource_model = 'on_request' as needs_approval,
      exists (select 1 from resource_images i
        where i.company_id = ${companyId} and i.resource_id = r.id) as has_image
    from resources r
    join levels l on l.company_id = r.company_id and l.id = r.level_id
    join resource_types rt on rt.company_id = r.company_id and rt.id = r.resource_type_id
    where r.company_id = ${companyId}
      and r.resource_model in ('bookable', 'on_request', 'assigned') and rt.is_bookable and l.is_declarable
      and r.capacity >= ${filter.seats}
      and ${
        filter.resourceTypeId !== undefined
          ? sql`rt.id = ${filter.resourceTypeId}`
          : filter.resourceIds !== undefined
            ? sql`true`
            : sql`rt.key = 'room'`
      }
      and ${filter.levelId === undefined ? sql`true` : sql`r.level_id in (select id from scope)`}
      and ${filter.resourceIds === undefined ? sql`true` : sql`r.id = any(${intArray(filter.resourceIds)})`}
      and (select count(*) from resource_resource_attributes a
           where a.company_id = ${companyId} and a.resource_id = r.id
             and a.resource_attribute_id = any(${intArray(attributes)})) = ${attributes.length}
      and not exists (
        select 1 from declarations d
        where d.company_id = ${companyId} and d.resource_id = r.id and d.exclusive
          and d.status in ('booked', 'checked_in') and d.approval_status <> 'rejected'
          and not (d.id = any(${intArray(filter.ignoreBookings ?? [])}))
          and d.period && any(${sql`${periods.map((p) => `[${p.start.toISOString()},${p.end.toISOString()})`)}::tstzrange[]`})
      )
    order by is_favorite desc, on_default_level desc, r.capacity, name, r.id`.execute(db);
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [attributeRows, levels] = await Promise.all([
    sql<{ resource_id: number; id: number; name: string | null }>`
      select a.resource_id, a.resource_attribute_id as id,
        ${nameOf(companyId, userId, 'resource_attribute', sql`a.resource_attribute_id`)} as name
      from resource_resource_attributes a
      where a.company_id = ${companyId} and a.resource_id = any(${intArray(ids)})
      order by a.resource_attribute_id`.execute(db),
    levelNames(db, companyId, userId),
  ]);
  return rows.map((row) => {
    const chain = levelChain(levels, row.level_id);
    return {
      id: row.id,
      name: row.name ?? `#${row.id}`,
      capacity: row.capacity,
      email: row.email,
      description: row.description,
      resource_type: { id: row.type_id, key: row.type_key, name: row.type_name ?? row.type_key },
      attributes: attributeRows.rows
        .filter((attribute) => attribute.resource_id === row.id)
        .map((attribute) => ({ id: attribute.id, name: attribute.name ?? `#${attribute.id}` })),
      level: {
        id: row.level_id,
        name: chain.at(-1) ?? '',
        path: chain.join(' › '),
        map_id: row.map_id,
      },
      timezone: row.timezone,
      map_x: row.map_x,
      map_y: row.map_y,
      is_favorite: row.is_favorite,
      on_default_level: row.on_default_level,
      needs_approval: row.needs_approval,
      image_url: row.has_image ? resourceImagePath(row.id) : null,
    };
  });
}

type LevelNames = Map<number, { parent: number | null; name: string }>;

async function levelNames(db: Db, companyId: number, userId: number): Promise<LevelNames> {
  const { rows } = await sql<{ id: number; parent_id: number | null; name: string | null }>`
    select l.id, l.parent_id, ${nameOf(companyId, userId, 'level', sql`l.id`)} as name
    from levels l where l.company_id = ${companyId}`.execute(db);
  return new Map(rows.map((row) => [row.id, { parent: row.parent_id, name: row.name ?? `#${row.id}` }]));
}

/** The level's name and its ancestors', top first. */
function levelChain(levels: LevelNames, levelId: number): string[] {
  const chain: string[] = [];
  const seen = new Set<number>();
  for (let id: number | null = levelId; id !== null && !seen.has(id);) {
    seen.add(id);
    const level = levels.get(id);
    if (!level) break;
    chain.unshift(level.name);
    id = level.parent;
  }
  return chain;
}

export interface MeetingRow {
  meeting_key: string;
  item_id: string | null;
  organizer_id: number;
  resource_id: number | null;
  /** null once the meeting was sent (or its invitation reached the room's calendar) */
  pending_since: Date | null;
}

/**
 * Serialises the changes of one meeting until the transaction ends: two requests for one meeting
 * key (a double click, two clients) would each read its bookings before the other wrote, and both
 * book. A transaction-scoped advisory lock on the company and the key's hash: a row lock would need
 * the meeting's row, which a new meeting does not have yet.
 */
export async function lockMeeting(db: Db, companyId: number, key: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(${companyId}::int, hashtext(${key}))`.execute(db);
}

export async function meetingOf(
  db: Db,
  companyId: number,
  key: string,
  forUpdate = false,
): Promise<MeetingRow | undefined> {
  const query = db
    .selectFrom('outlook_meetings')
    .select(['meeting_key', 'item_id', 'organizer_id', 'resource_id', 'pending_since'])
    .where('company_id', '=', companyId)
    .where('meeting_key', '=', key);
  return (forUpdate ? query.forUpdate() : query).executeTakeFirst();
}

/** How many meetings GET outlook/meetings answers at most (the organizer's latest). */
const MEETINGS_LISTED = 50;

/**
 * The keys of the organizer's meetings that hold a room, latest change first; with `itemId`, only
 * the meeting kept for that Outlook item.
 */
export async function organizerMeetingKeys(
  db: Db,
  companyId: number,
  organizerId: number,
  itemId: string | null,
): Promise<string[]> {
  let query = db
    .selectFrom('outlook_meetings')
    .select('meeting_key')
    .where('company_id', '=', companyId)
    .where('organizer_id', '=', organizerId)
    .where('resource_id', 'is not', null);
  if (itemId !== null) query = query.where('item_id', '=', itemId);
  const rows = await query
    .orderBy('updated_at', 'desc')
    .orderBy('meeting_key')
    .limit(MEETINGS_LISTED)
    .execute();
  return rows.map((row) => row.meeting_key);
}

/** The meeting's bookings, earliest first; `holding` only those that still hold their room. */
export async function meetingBookings(
  db: Db,
  companyId: number,
  key: string,
  holding = false,
  userId: number | null = null,
): Promise<OutlookBooking[]> {
  const { rows } = await sql<{
    id: number;
    resource_id: number | null;
    resource_name: string;
    starts_at: Date;
    ends_at: Date;
    status: string;
    approval_status: string;
  }>`
    select d.id, d.resource_id, d.starts_at, d.ends_at, d.status, d.approval_status,
      -- resource_name keeps a deleted resource's name; a live one is named in the reader's language
      coalesce(${userId === null ? sql`null` : nameOf(companyId, userId, 'resource', sql`d.resource_id`)}, d.resource_name) as resource_name
    from outlook_meeting_bookings m
    join declarations d on d.company_id = m.company_id and d.id = m.declaration_id
    where m.company_id = ${companyId} and m.meeting_key = ${key}
      and ${holding ? sql`d.status in ('booked', 'checked_in') and d.approval_status <> 'rejected'` : sql`true`}
    order by d.starts_at, d.id`.execute(db);
  return rows.map((row) => ({
    id: row.id,
    resource_id: row.resource_id,
    resource_name: row.resource_name,
    start: new Date(row.starts_at).toISOString(),
    end: new Date(row.ends_at).toISOString(),
    status: row.status,
    approval_status: row.approval_status,
  }));
}

/** The bookable resource types and every attribute of the company, named for the user. */
export async function searchFilters(db: Db, companyId: number, userId: number) {
  const [types, attributes] = await Promise.all([
    sql<{ id: number; key: string; name: string | null }>`
      select rt.id, rt.key, ${nameOf(companyId, userId, 'resource_type', sql`rt.id`)} as name
      from resource_types rt where rt.company_id = ${companyId} and rt.is_bookable
      order by rt.key = 'room' desc, name, rt.id`.execute(db),
    sql<{ id: number; name: string | null }>`
      select a.id, ${nameOf(companyId, userId, 'resource_attribute', sql`a.id`)} as name
      from resource_attributes a where a.company_id = ${companyId}
      order by name, a.id`.execute(db),
  ]);
  return {
    resource_types: types.rows.map((row) => ({ id: row.id, key: row.key, name: row.name ?? row.key })),
    resource_attributes: attributes.rows.map((row) => ({ id: row.id, name: row.name ?? `#${row.id}` })),
  };
}

/**
 * The user's booking of a place of `kind` (resource type key) on `date`, the day read on the
 * place's own clock; the earliest if there are several. Held ones only (booked or checked in, not
 * rejected).
 */
export async function ownPlaceBooking(
  db: Db,
  companyId: number,
  userId: number,
  date: string,
  kind: string,
): Promise<OutlookBooking | null> {
  const { rows } = await sql<{
    id: number;
    resource_id: number;
    resource_name: string;
    starts_at: Date;
    ends_at: Date;
    status: string;
    approval_status: string;
  }>`
    select d.id, d.resource_id, d.starts_at, d.ends_at, d.status, d.approval_status,
      coalesce(${nameOf(companyId, userId, 'resource', sql`d.resource_id`)}, d.resource_name) as resource_name
    from declarations d
    join resources r on r.company_id = d.company_id and r.id = d.resource_id
    join resource_types rt on rt.company_id = r.company_id and rt.id = r.resource_type_id
    join levels l on l.company_id = r.company_id and l.id = r.level_id
    where d.company_id = ${companyId} and d.user_id = ${userId} and rt.key = ${kind}
      and d.status in ('booked', 'checked_in') and d.approval_status <> 'rejected'
      and (d.starts_at at time zone l.timezone)::date = ${date}::date
    order by d.starts_at, d.id
    limit 1`.execute(db);
  const row = rows[0];
  if (!row) return null;
  return {
    id: row.id,
    resource_id: row.resource_id,
    resource_name: row.resource_name,
    start: new Date(row.starts_at).toISOString(),
    end: new Date(row.ends_at).toISOString(),
    status: row.status,
    approval_status: row.approval_status,
  };
}

/** The levels' zones and working hours, as a day's slots are cut from them. */
export async function levelHours(
  db: Db,
  companyId: number,
  levelIds: readonly number[],
): Promise<Map<number, { timezone: string; working_hours_from: string; working_hours_to: string }>> {
  if (levelIds.length === 0) return new Map();
  const { rows } = await sql<{
    id: number;
    timezone: string;
    working_hours_from: string;
    working_hours_to: string;
  }>`
    select id, timezone, to_char(working_hours_from, 'HH24:MI') as working_hours_from,
      to_char(working_hours_to, 'HH24:MI') as working_hours_to
    from levels where company_id = ${companyId} and id = any(${intArray(levelIds)})`.execute(db);
  return new Map(rows.map(({ id, ...hours }) => [id, hours]));
}
