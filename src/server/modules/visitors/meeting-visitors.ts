import { sql, type Kysely } from 'kysely';
import type { SchedulerAttendee } from '../../../shared/contract/scheduler';
import { can } from '../../../shared/permissions';
import type { FieldErrors } from '../../../shared/validation';
import { notValid } from '../../../shared/validation/messages';
import type { ServiceContext } from '../../context';
import type { Database } from '../../db/schema';
import { blockedErrors } from './block-list';
import { checkContainers, insertVisitor } from './visitors.service';
import { announceNewVisit, insertVisit, languageOf, setStatus, type Deps } from './visits.service';
import { visitRows } from './visitors.queries';

/**
 * The scheduler's external attendees registered as visitors (spec §2 /scheduler
 * reception-desks/visitor/:attendeeId, docs/visitors.md "Scheduler"): checked before the meeting's
 * transaction, written inside it with the room bookings, cancelled with the meeting.
 */
export const VISITORS_NEED_PERMISSION = 'Registering visitors needs the permission MY_VISITORS.';
export const ONLY_OUTSIDERS = 'Only someone from outside is registered as a visitor.';

const registered = (attendees: readonly SchedulerAttendee[]) =>
  attendees.flatMap((attendee, index) =>
    attendee.reception_desk_id ? [{ attendee, index, deskId: attendee.reception_desk_id }] : [],
  );

/** Field errors of the attendees registered at a desk (its existence, the caller's right, the block list). */
export async function checkMeetingVisitors(
  ctx: ServiceContext,
  attendees: readonly SchedulerAttendee[],
  errors: FieldErrors,
): Promise<void> {
  for (const { attendee, index, deskId } of registered(attendees)) {
    const field = `attendees.${index}.reception_desk_id`;
    if (attendee.user_id !== null) errors[field] = [ONLY_OUTSIDERS];
    else if (!can(ctx.permissions ?? [], 'MY_VISITORS')) errors[field] = [VISITORS_NEED_PERMISSION];
    else if (!(await checkContainersOk(ctx, deskId))) errors[field] = [notValid('reception_desk_id')];
    else {
      const blocked = await blockedErrors(ctx.db, ctx.companyId, deskId, 'invitation', {
        [`attendees.${index}.email`]: attendee.email,
      });
      Object.assign(errors, blocked);
    }
  }
}

async function checkContainersOk(ctx: ServiceContext, deskId: number): Promise<boolean> {
  const errors: FieldErrors = {};
  await checkContainers(ctx, ctx.db, deskId, undefined, errors);
  return Object.keys(errors).length === 0;
}

/** Inside the meeting's transaction: each registered attendee a visitor, with a visit per occurrence. */
export async function registerMeetingVisitors(
  ctx: ServiceContext,
  tx: Kysely<Database>,
  deps: Deps,
  meeting: { id: number; hostId: number; occurrences: ReadonlyArray<{ start: Date; end: Date }> },
  attendees: readonly SchedulerAttendee[],
): Promise<void> {
  for (const { attendee, deskId } of registered(attendees)) {
    const [first, ...rest] = (attendee.name.trim() || attendee.email.split('@')[0]!).split(/\s+/);
    const containers = await checkContainers(ctx, tx, deskId, undefined, {});
    const visitorId = await insertVisitor(
      ctx,
      tx,
      deskId,
      meeting.hostId,
      null,
      { first_name: first!, last_name: rest.join(' '), email: attendee.email },
      containers,
    );
    for (const occurrence of meeting.occurrences) {
      const visitId = await insertVisit(ctx, tx, {
        visitorId,
        deskId,
        hostId: meeting.hostId,
        startsAt: occurrence.start,
        endsAt: occurrence.end,
        meetingId: meeting.id,
      });
      await announceNewVisit(ctx, tx, deps, visitId);
    }
  }
}

/** Cancelling the meeting: its expected visits are cancelled, each visitor mailed (setStatus). */
export async function cancelMeetingVisits(
  ctx: ServiceContext,
  tx: Kysely<Database>,
  deps: Deps,
  meetingId: number,
): Promise<number> {
  const { rows } = await sql<{ id: number }>`select id from visits
    where company_id = ${ctx.companyId} and scheduler_meeting_id = ${meetingId} and status = 'expected'
    for update`.execute(tx);
  if (rows.length === 0) return 0;
  const visits = await visitRows(tx, ctx.companyId, await languageOf(ctx, tx), {
    ids: rows.map((row) => row.id),
  });
  for (const visit of visits) await setStatus(ctx, tx, deps, visit, 'cancelled');
  return visits.length;
}
