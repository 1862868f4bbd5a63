import { sql, type Kysely } from 'kysely';
import { rowsWritten } from '../../db/planner-statistics';
import type { Database } from '../../db/schema';
import { notifyChanged } from '../declarations/declarations.queries';

type Db = Kysely<Database>;

/** A booking as the push needs it, with its room's calendar mapping and its event link. */
export interface PushState {
  id: number;
  company_id: number;
  resource_id: number | null;
  starts_at: Date;
  ends_at: Date;
  status: 'booked' | 'checked_in' | 'checked_out' | 'released' | 'cancelled';
  approval_status: 'pending' | 'approved' | 'rejected';
  subject: string;
  is_private: boolean;
  resource_name: string;
  host_name: string;
  host_email: string;
  map_connector_id: number | null;
  map_calendar_id: string | null;
  link_connector_id: number | null;
  link_calendar_id: string | null;
  external_id: string | null;
  etag: string | null;
  origin: 'product' | 'calendar' | null;
  /**
   * Booked from the Outlook add-in for a room whose mailbox is the calendar it is mapped to: the
   * meeting itself invites the room, so its invitation, not an event of the product's, becomes the
   * booking's event (adoptMeetingBooking).
   */
  meeting_invites_room: boolean;
}

export async function pushState(db: Db, companyId: number, declarationId: number): Promise<PushState | null> {
  const { rows } = await sql<PushState>`
    select d.id, d.company_id, d.resource_id, d.starts_at, d.ends_at, d.status, d.approval_status,
      d.subject, d.is_private,
      coalesce(nullif(d.resource_name, ''), (select t.name from resource_translations t
        where t.company_id = d.company_id and t.resource_id = d.resource_id order by t.language_id limit 1),
        '') as resource_name,
      btrim(u.first_name || ' ' || u.last_name) as host_name, u.email as host_email,
      m.calendar_connector_id as map_connector_id, m.calendar_id as map_calendar_id,
      l.calendar_connector_id as link_connector_id, l.calendar_id as link_calendar_id,
      l.external_id, l.etag, l.origin,
      coalesce(d.source = 'outlook' and lower(r.email) = lower(m.calendar_id), false) as meeting_invites_room
    from declarations d
    join users u on u.company_id = d.company_id and u.id = d.user_id
    left join resources r on r.company_id = d.company_id and r.id = d.resource_id
    left join (calendar_connector_resources m
      join calendar_connectors c on c.company_id = m.company_id and c.id = m.calendar_connector_id
        and c.is_active)
      on m.company_id = d.company_id and m.resource_id = d.resource_id
    left join calendar_event_links l on l.company_id = d.company_id and l.declaration_id = d.id
    where d.company_id = ${companyId} and d.id = ${declarationId}`.execute(db);
  return rows[0] ?? null;
}

export async function saveLink(
  db: Db,
  link: {
    companyId: number;
    declarationId: number;
    connectorId: number;
    calendarId: string;
    externalId: string;
    etag: string | null;
    origin: 'product' | 'calendar';
  },
): Promise<void> {
  await sql`
    with link as (
      insert into calendar_event_links
        (company_id, declaration_id, calendar_connector_id, calendar_id, external_id, etag, origin)
      values (${link.companyId}, ${link.declarationId}, ${link.connectorId}, ${link.calendarId},
        ${link.externalId}, ${link.etag}, ${link.origin})
      on conflict (company_id, declaration_id) do update set
        calendar_connector_id = excluded.calendar_connector_id, calendar_id = excluded.calendar_id,
        external_id = excluded.external_id, etag = excluded.etag, synced_at = now()
    )
    update declarations set external_ref = ${link.externalId}
    where company_id = ${link.companyId} and id = ${link.declarationId}`.execute(db);
}

export async function dropLink(db: Db, companyId: number, declarationId: number): Promise<void> {
  await sql`delete from calendar_event_links where company_id = ${companyId} and declaration_id = ${declarationId}`.execute(
    db,
  );
}

/**
 * Queues the pushes (job 'calendar.push', as the trigger of migration 0018 does) that bring
 * calendars to bookings they have not followed. A push finds out itself what to do; one already
 * waiting, perhaps in a back-off, runs now.
 * - `resourceIds`: rooms just mapped, or mapped to another calendar: their bookings to come that
 *   hold the room, and their linked ones not over before the sync window (an event may have to
 *   leave the calendar the room followed).
 * - `activated`: a connector made active again: the bookings to come of its rooms that hold them
 *   (made meanwhile), and those linked to its events not over before the sync window (changed
 *   meanwhile: their event may have to move or go).
 * - `removed`: a connector about to be removed, with the links to its events: its linked bookings
 *   whose room it no longer maps, kept waiting for it while it was inactive, go to the room's
 *   calendar now.
 */
export async function queueBookingPushes(
  db: Db,
  companyId: number,
  of: { resourceIds: readonly number[] } | { activated: number } | { removed: number },
): Promise<void> {
  const linkedTo = (connectorId: number | null) => sql`exists (select 1 from calendar_event_links l
    where l.company_id = d.company_id and l.declaration_id = d.id
      ${connectorId === null ? sql`` : sql`and l.calendar_connector_id = ${connectorId}`})`;
  const roomsOf = (connectorId: number) => sql`d.resource_id in (select m.resource_id
    from calendar_connector_resources m
    where m.company_id = ${companyId} and m.calendar_connector_id = ${connectorId})`;
  const holdsRoom = sql`d.ends_at > now() and d.status in ('booked', 'checked_in')
    and d.approval_status = 'approved'`;
  const inWindow = sql`d.ends_at > now() - interval '1 day'`;
  let which;
  if ('resourceIds' in of) {
    if (of.resourceIds.length === 0) return;
    which = sql`d.resource_id = any(${sql.val([...of.resourceIds])}::integer[])
      and ((${holdsRoom}) or (${inWindow} and ${linkedTo(null)}))`;
  } else if ('activated' in of) {
    which = sql`((${roomsOf(of.activated)} and ${holdsRoom})
      or (${inWindow} and ${linkedTo(of.activated)}))`;
  } else {
    which = sql`${holdsRoom} and ${linkedTo(of.removed)} and not ${roomsOf(of.removed)}`;
  }
  const { rows } = await sql<{ id: string }>`
    insert into jobs (company_id, kind, key, payload)
    select d.company_id, 'calendar.push', d.id::text, jsonb_build_object('declaration_id', d.id)
    from declarations d
    where d.company_id = ${companyId} and ${which}
    on conflict (company_id, kind, key) where status = 'queued'
      do update set run_at = least(jobs.run_at, excluded.run_at)
    returning id::text as id`.execute(db);
  if (rows.length > 0) await sql`select pg_notify('jobs_queued', 'calendar.push')`.execute(db);
}

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

/**
 * Whether the room has declined the event at this time already. Moved since (its organiser trying
 * another hour), it is judged again: booked if free, else declined again.
 */
export async function wasDeclined(
  db: Db,
  companyId: number,
  connectorId: number,
  externalId: string,
  at: { start: Date; end: Date },
): Promise<boolean> {
  const { rows } = await sql`
    select 1 from calendar_sync_declines
    where company_id = ${companyId} and calendar_connector_id = ${connectorId} and external_id = ${externalId}
      and starts_at = ${at.start} and ends_at = ${at.end}`.execute(db);
  return rows.length > 0;
}

export async function recordDecline(
  db: Db,
  decline: {
    calendar: MappedCalendar;
    externalId: string;
    organizer: string | null;
    subject: string;
    start: Date;
    end: Date;
    reason: string;
  },
): Promise<void> {
  await sql`
    insert into calendar_sync_declines (company_id, calendar_connector_id, calendar_id, external_id,
      resource_id, organizer, subject, starts_at, ends_at, reason)
    values (${decline.calendar.company_id}, ${decline.calendar.calendar_connector_id},
      ${decline.calendar.calendar_id}, ${decline.externalId}, ${decline.calendar.resource_id},
      ${decline.organizer}, ${decline.subject.slice(0, 255)}, ${decline.start}, ${decline.end}, ${decline.reason})
    on conflict (company_id, calendar_connector_id, external_id) do update set
      calendar_id = excluded.calendar_id, resource_id = excluded.resource_id,
      organizer = excluded.organizer, subject = excluded.subject, starts_at = excluded.starts_at,
      ends_at = excluded.ends_at, reason = excluded.reason, created_at = now()`.execute(db);
}

/**
 * The room's invitation to a meeting booked from the Outlook add-in arrived on its calendar: the
 * organiser's add-in booking of the room over that time that has no event yet takes it as its event
 * (origin 'calendar': the meeting is the organiser's, its changes in Outlook reach the booking).
 * Answers the booking, or null when there is none to take it.
 */
export async function adoptMeetingBooking(
  db: Db,
  meeting: {
    calendar: MappedCalendar;
    userId: number;
    start: Date;
    end: Date;
    externalId: string;
    etag: string | null;
  },
): Promise<number | null> {
  const { calendar } = meeting;
  const { rows } = await sql<{ declaration_id: number }>`
    insert into calendar_event_links
      (company_id, declaration_id, calendar_connector_id, calendar_id, external_id, etag, origin)
    select d.company_id, d.id, ${calendar.calendar_connector_id}, ${calendar.calendar_id},
      ${meeting.externalId}, ${meeting.etag}, 'calendar'
    from declarations d
    where d.company_id = ${calendar.company_id} and d.resource_id = ${calendar.resource_id}
      and d.user_id = ${meeting.userId} and d.source = 'outlook'
      and d.status in ('booked', 'checked_in') and d.approval_status <> 'rejected'
      and d.period && tstzrange(${meeting.start}, ${meeting.end}, '[)')
      and not exists (select 1 from calendar_event_links l
        where l.company_id = d.company_id and l.declaration_id = d.id)
    order by abs(extract(epoch from d.starts_at - ${meeting.start})), d.id
    limit 1
    on conflict do nothing
    returning declaration_id`.execute(db);
  return rows[0]?.declaration_id ?? null;
}

/** The company's user an organiser's address belongs to (addresses compare without case). */
export async function userByEmail(db: Db, companyId: number, email: string): Promise<number | null> {
  const { rows } = await sql<{ id: number }>`
    select id from users where company_id = ${companyId} and lower(email) = lower(${email}) and not is_visitor
    order by id limit 1`.execute(db);
  return rows[0]?.id ?? null;
}

/**
 * A booking for an event booked on the room's calendar, with its link, in one transaction. The
 * exclusion constraint refuses it (SQLSTATE 23P01) when the room is booked already.
 */
export async function insertCalendarBooking(
  db: Db,
  booking: {
    calendar: MappedCalendar;
    levelId: number;
    userId: number;
    start: Date;
    end: Date;
    subject: string;
    externalId: string;
    etag: string | null;
    approval: 'approved' | 'pending';
  },
): Promise<number> {
  const { calendar } = booking;
  const id = await db.transaction().execute(async (tx) => {
    const { rows } = await sql<{ id: number }>`
      insert into declarations (company_id, resource_id, user_id, created_by, starts_at, ends_at, subject,
        slot_type, approval_status, exclusive, source, external_ref, resource_name)
      select r.company_id, r.id, ${booking.userId}, ${booking.userId}, ${booking.start}, ${booking.end},
        ${booking.subject.slice(0, 255)}, 'hours', ${booking.approval}, r.resource_capacity_type = 'exclusive',
        'calendar', ${booking.externalId},
        coalesce((select t.name from resource_translations t
          where t.company_id = r.company_id and t.resource_id = r.id order by t.language_id limit 1), '')
      from resources r where r.company_id = ${calendar.company_id} and r.id = ${calendar.resource_id}
      returning id`.execute(tx);
    const id = rows[0]!.id;
    await saveLink(tx, {
      companyId: calendar.company_id,
      declarationId: id,
      connectorId: calendar.calendar_connector_id,
      calendarId: calendar.calendar_id,
      externalId: booking.externalId,
      etag: booking.etag,
      origin: 'calendar',
    });
    await notifyChanged(tx, {
      action: 'created',
      id,
      company_id: calendar.company_id,
      resource_id: calendar.resource_id,
      level_id: booking.levelId,
    });
    return id;
  });
  void rowsWritten(db, 'declarations', 1);
  return id;
}

/** The organiser moved their event: the booking follows (23P01 when the new time is taken). */
export async function moveCalendarBooking(
  db: Db,
  companyId: number,
  booking: LinkedBooking,
  start: Date,
  end: Date,
): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await sql`
      update declarations set starts_at = ${start}, ends_at = ${end}
      where company_id = ${companyId} and id = ${booking.declaration_id}`.execute(tx);
    if (booking.resource_id !== null && booking.level_id !== null) {
      await notifyChanged(tx, {
        action: 'extended',
        id: booking.declaration_id,
        company_id: companyId,
        resource_id: booking.resource_id,
        level_id: booking.level_id,
      });
    }
  });
}

/**
 * The event is gone from the room's calendar: the link goes, and the booking is cancelled when it
 * still holds the room (one already checked out or released stays as it is, for the history).
 */
export async function cancelForRemovedEvent(
  db: Db,
  companyId: number,
  booking: LinkedBooking,
): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await dropLink(tx, companyId, booking.declaration_id);
    const { rows } = await sql<{ id: number }>`
      update declarations set status = 'cancelled', cancelled_at = now()
      where company_id = ${companyId} and id = ${booking.declaration_id} and status in ('booked', 'checked_in')
      returning id`.execute(tx);
    if (rows.length > 0 && booking.resource_id !== null && booking.level_id !== null) {
      await notifyChanged(tx, {
        action: 'cancelled',
        id: booking.declaration_id,
        company_id: companyId,
        resource_id: booking.resource_id,
        level_id: booking.level_id,
      });
    }
  });
}

export function isDoubleBooking(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23P01';
}
