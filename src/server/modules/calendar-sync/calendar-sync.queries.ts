import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { PushState } from './calendar-push.queries';

type Db = Kysely<Database>;

/** Every room mapped to an active connector: what the pulls go through. */
export interface MappedCalendar {
  company_id: number;
  calendar_connector_id: number;
  calendar_id: string;
  resource_id: number;
}

export async function mappedCalendars(db: Db, companyId?: number): Promise<MappedCalendar[]> {
  const { rows } = await sql<MappedCalendar>`
    select m.company_id, m.calendar_connector_id, m.calendar_id, m.resource_id
    from calendar_connector_resources m
    join calendar_connectors c on c.company_id = m.company_id and c.id = m.calendar_connector_id
    where c.is_active ${companyId === undefined ? sql`` : sql`and m.company_id = ${companyId}`}
    order by m.company_id, m.calendar_connector_id, m.resource_id`.execute(db);
  return rows;
}

export async function mappedCalendar(
  db: Db,
  companyId: number,
  connectorId: number,
  calendarId: string,
): Promise<MappedCalendar | null> {
  const { rows } = await sql<MappedCalendar>`
    select m.company_id, m.calendar_connector_id, m.calendar_id, m.resource_id
    from calendar_connector_resources m
    join calendar_connectors c on c.company_id = m.company_id and c.id = m.calendar_connector_id
    where c.is_active and m.company_id = ${companyId} and m.calendar_connector_id = ${connectorId}
      and lower(m.calendar_id) = lower(${calendarId})`.execute(db);
  return rows[0] ?? null;
}

export async function readCursor(db: Db, calendar: MappedCalendar): Promise<string | null> {
  const { rows } = await sql<{ cursor: string | null }>`
    select cursor from calendar_sync_cursors
    where company_id = ${calendar.company_id} and calendar_connector_id = ${calendar.calendar_connector_id}
      and calendar_id = ${calendar.calendar_id}`.execute(db);
  return rows[0]?.cursor ?? null;
}

export async function saveCursor(db: Db, calendar: MappedCalendar, cursor: string): Promise<void> {
  await sql`
    insert into calendar_sync_cursors (company_id, calendar_connector_id, calendar_id, cursor, synced_at)
    values (${calendar.company_id}, ${calendar.calendar_connector_id}, ${calendar.calendar_id}, ${cursor}, now())
    on conflict (company_id, calendar_connector_id, calendar_id)
    do update set cursor = excluded.cursor, synced_at = excluded.synced_at`.execute(db);
}

export interface LinkedBooking {
  declaration_id: number;
  origin: 'product' | 'calendar';
  starts_at: Date;
  ends_at: Date;
  status: PushState['status'];
  resource_id: number | null;
  level_id: number | null;
}

export async function bookingOfEvent(
  db: Db,
  companyId: number,
  connectorId: number,
  externalId: string,
): Promise<LinkedBooking | null> {
  const { rows } = await sql<LinkedBooking>`
    select l.declaration_id, l.origin, d.starts_at, d.ends_at, d.status, d.resource_id, r.level_id
    from calendar_event_links l
    join declarations d on d.company_id = l.company_id and d.id = l.declaration_id
    left join resources r on r.company_id = d.company_id and r.id = d.resource_id
    where l.company_id = ${companyId} and l.calendar_connector_id = ${connectorId}
      and l.external_id = ${externalId}`.execute(db);
  return rows[0] ?? null;
}

/**
 * The linked events of calendar objects (CalDAV: an object's own event, `<id>`, or its occurrences,
 * `<id>#<original start>`) whose bookings fall in the window.
 */
export async function linkedEventsOfObjects(
  db: Db,
  companyId: number,
  connectorId: number,
  objectIds: readonly string[],
  window: { from: Date; to: Date },
): Promise<string[]> {
  if (objectIds.length === 0) return [];
  const { rows } = await sql<{ external_id: string }>`
    select l.external_id from calendar_event_links l
    join declarations d on d.company_id = l.company_id and d.id = l.declaration_id
    where l.company_id = ${companyId} and l.calendar_connector_id = ${connectorId}
      and split_part(l.external_id, '#', 1) = any(${sql.val([...objectIds])}::text[])
      and d.ends_at > ${window.from} and d.starts_at < ${window.to}`.execute(db);
  return rows.map((row) => row.external_id);
}

/** The database's clock. */
export async function databaseNow(db: Db): Promise<Date> {
  const { rows } = await sql<{ now: Date }>`select now() as now`.execute(db);
  return rows[0]!.now;
}

/**
 * The events of this calendar that stand for bookings in `span`, linked before `linkedBefore`. A
 * pull that read the whole calendar and did not see one of them finds it deleted.
 */
export async function linkedEventsOfCalendar(
  db: Db,
  calendar: MappedCalendar,
  span: { from: Date; to: Date; linkedBefore: Date },
): Promise<string[]> {
  const { rows } = await sql<{ external_id: string }>`
    select l.external_id from calendar_event_links l
    join declarations d on d.company_id = l.company_id and d.id = l.declaration_id
    where l.company_id = ${calendar.company_id} and l.calendar_connector_id = ${calendar.calendar_connector_id}
      and lower(l.calendar_id) = lower(${calendar.calendar_id}) and l.synced_at < ${span.linkedBefore}
      and d.ends_at > ${span.from} and d.starts_at < ${span.to}`.execute(db);
  return rows.map((row) => row.external_id);
}

/** The link of an event now known by another id (a CalDAV series' occurrence, linked by its object before). */
export async function relinkEvent(
  db: Db,
  companyId: number,
  connectorId: number,
  from: string,
  to: string,
): Promise<void> {
  await sql`
    with link as (
      update calendar_event_links set external_id = ${to}, synced_at = now()
      where company_id = ${companyId} and calendar_connector_id = ${connectorId} and external_id = ${from}
      returning declaration_id
    )
    update declarations d set external_ref = ${to}
    from link where d.company_id = ${companyId} and d.id = link.declaration_id and d.source = 'calendar'`.execute(
    db,
  );
}
