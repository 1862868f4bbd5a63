import { sql, type Kysely } from 'kysely';
import { rowsWritten } from '../../db/planner-statistics';
import type { Database } from '../../db/schema';
import { notifyChanged } from '../declarations/declarations.notify';
import { dropLink, saveLink } from './calendar-push.queries';
import type { LinkedBooking, MappedCalendar } from './calendar-sync.queries';

type Db = Kysely<Database>;

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
