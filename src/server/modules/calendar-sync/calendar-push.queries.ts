import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

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
