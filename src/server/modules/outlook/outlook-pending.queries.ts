import { sql, type Kysely } from 'kysely';
import { OUTLOOK_PENDING_KEY, readPendingMinutes } from '../../../shared/booking/outlook-pending';
import type { Database } from '../../db/schema';
import { DECLARATION_CHANNEL } from '../declarations/declarations.notify';
import { intArray } from '../declarations/declarations.queries';

type Db = Kysely<Database>;

/** A company preference's stored text, or undefined (the reader's default then). */
export async function companyPreferenceText(db: Db, companyId: number, key: string) {
  const row = await db
    .selectFrom('company_preferences')
    .select('value')
    .where('company_id', '=', companyId)
    .where('key', '=', key)
    .executeTakeFirst();
  return row?.value;
}

/** How long a company's pending meetings hold their rooms (readPendingMinutes of its preference). */
export async function pendingMinutes(db: Db, companyId: number): Promise<number> {
  return readPendingMinutes(await companyPreferenceText(db, companyId, OUTLOOK_PENDING_KEY));
}

/** When a meeting pending since `since` loses its room unless it is sent first. */
export async function releaseAt(db: Db, companyId: number, since: Date): Promise<Date> {
  return new Date(since.getTime() + (await pendingMinutes(db, companyId)) * 60_000);
}

/** The meeting's room is confirmed (inside the caller's transaction, which locked the meeting). */
export async function confirmMeeting(
  db: Db,
  companyId: number,
  key: string,
  by: 'send' | 'calendar',
): Promise<void> {
  await db
    .updateTable('outlook_meetings')
    .set({ pending_since: null, confirmed_at: new Date(), confirmed_by: by })
    .where('company_id', '=', companyId)
    .where('meeting_key', '=', key)
    .where('pending_since', 'is not', null)
    .execute();
}

/**
 * The meeting holding this booking is confirmed by the room's calendar: its invitation reached the
 * room mailbox, so the meeting was sent even if the add-in's send handler never ran.
 */
export async function confirmByCalendar(db: Db, companyId: number, declarationId: number): Promise<void> {
  await sql`
    update outlook_meetings m set pending_since = null, confirmed_at = now(), confirmed_by = 'calendar'
    from outlook_meeting_bookings b
    where b.company_id = ${companyId} and b.declaration_id = ${declarationId}
      and m.company_id = b.company_id and m.meeting_key = b.meeting_key and m.pending_since is not null`.execute(
    db,
  );
}

/** Which of these bookings belong to an Outlook meeting still pending (the bookings list marks them). */
export async function pendingMeetingBookings(
  db: Db,
  companyId: number,
  declarationIds: readonly number[],
): Promise<Set<number>> {
  if (declarationIds.length === 0) return new Set();
  const { rows } = await sql<{ declaration_id: number }>`
    select b.declaration_id from outlook_meeting_bookings b
    join outlook_meetings m on m.company_id = b.company_id and m.meeting_key = b.meeting_key
    where b.company_id = ${companyId} and b.declaration_id = any(${intArray(declarationIds)})
      and m.pending_since is not null`.execute(db);
  return new Set(rows.map((row) => row.declaration_id));
}

/** Each company's wait (its OutlookPendingMinutes, or the default). */
async function pendingWaits(db: Db): Promise<Array<{ companyId: number; minutes: number }>> {
  const { rows } = await sql<{ company_id: number; value: string | null }>`
    select c.id as company_id, p.value from companies c
    left join company_preferences p on p.company_id = c.id and p.key = ${OUTLOOK_PENDING_KEY}
    where exists (select 1 from outlook_meetings m where m.company_id = c.id and m.pending_since is not null)`.execute(
    db,
  );
  return rows.map((row) => ({ companyId: row.company_id, minutes: readPendingMinutes(row.value) }));
}

/**
 * The meetings still pending when their company's wait has passed (a draft discarded, or a client
 * that could not run the send handler and no room calendar to say otherwise) lose their room: the
 * meeting forgets it and its bookings still holding it are released, in one statement. Meetings
 * claimed with SKIP LOCKED, bookings released only while still booked: with several processes
 * running the job, each booking is released and announced once. Answers the released ids.
 */
export async function releaseLapsedMeetings(db: Db, now = new Date()): Promise<number[]> {
  const waits = await pendingWaits(db);
  if (waits.length === 0) return [];
  const { rows } = await sql<{ id: number }>`
    with waits (company_id, minutes) as (
      select * from unnest(${intArray(waits.map((wait) => wait.companyId))},
        ${intArray(waits.map((wait) => wait.minutes))})
    ),
    lapsed as (
      select m.company_id, m.meeting_key from outlook_meetings m
      join waits w on w.company_id = m.company_id
      where m.pending_since is not null and m.pending_since + make_interval(mins => w.minutes) <= ${now}
      for update of m skip locked
    ),
    forgotten as (
      update outlook_meetings m set resource_id = null, pending_since = null, updated_at = ${now}
      from lapsed where m.company_id = lapsed.company_id and m.meeting_key = lapsed.meeting_key
      returning m.company_id, m.meeting_key
    ),
    released as (
      update declarations d set status = 'released', released_at = ${now}
      from outlook_meeting_bookings b
      join forgotten f on f.company_id = b.company_id and f.meeting_key = b.meeting_key
      where d.company_id = b.company_id and d.id = b.declaration_id and d.status = 'booked'
      returning d.id, d.company_id, d.resource_id,
        (select r.level_id from resources r where r.company_id = d.company_id and r.id = d.resource_id) as level_id
    )
    select id, pg_notify(${DECLARATION_CHANNEL}, json_build_object(
      'action', 'released', 'id', id, 'company_id', company_id, 'resource_id', resource_id,
      'level_id', level_id, 'schema', current_schema())::text) as notified
    from released order by id`.execute(db);
  return rows.map((row) => row.id);
}
