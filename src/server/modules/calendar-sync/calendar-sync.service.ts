import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { approvalOnBooking } from '../../../shared/booking/declaration-rules';
import type { Database } from '../../db/schema';
import { CalendarServiceError } from '../../integrations/calendar-http';
import { enqueueJob, RetryLaterError } from '../../jobs';
import { confirmByCalendar } from '../outlook';
import { calendarEventRefusal } from './calendar-rules';
import { mailRoomTakenAtNewTime, outboxOnly, type SyncMailer } from './moved-meeting-mail';
import {
  bookingEventKey,
  syncWindow,
  type BookingEvent,
  type CalendarConnector,
  type ExternalEvent,
} from './calendar-connector';
import {
  adoptMeetingBooking,
  cancelForRemovedEvent,
  insertCalendarBooking,
  isDoubleBooking,
  moveCalendarBooking,
  recordDecline,
  userByEmail,
  wasDeclined,
} from './calendar-events.queries';
import { dropLink, pushState, saveLink, type PushState } from './calendar-push.queries';
import {
  bookingOfEvent,
  databaseNow,
  linkedEventsOfCalendar,
  linkedEventsOfObjects,
  mappedCalendar,
  readCursor,
  relinkEvent,
  saveCursor,
  type MappedCalendar,
} from './calendar-sync.queries';

/** The job kinds of calendar sync (the push kind is also written by the trigger of migration 0018). */
export const PUSH_JOB = 'calendar.push';
export const PULL_JOB = 'calendar.pull';

/** Builds (or reuses) the adapter of a company's connector; null when it is gone or inactive. */
export type ConnectorSource = (companyId: number, connectorId: number) => Promise<CalendarConnector | null>;

export interface SyncContext {
  db: Kysely<Database>;
  connectors: ConnectorSource;
  /** where a pull says which event it had to skip (a server process's log) */
  log?: Pick<FastifyBaseLogger, 'warn'>;
  /** the clock (tests move it) */
  now?: () => Date;
  /** where the mails to organisers go (the outbox alone when absent) */
  mailer?: SyncMailer;
}

/** What the room tells an organiser whose event it declines (the provider passes it on). */
export const DECLINE_REASONS = {
  taken: 'The room is already booked for this time in Workplace, so it cannot accept this meeting.',
  unknownOrganizer:
    'The room can only be booked by people with a Workplace account at this company; the organiser has none.',
  notBookable: 'This room cannot be booked.',
  cancelledInProduct: 'The booking of this room was cancelled in Workplace.',
  invalidTime: 'The meeting has no valid start and end.',
} as const;

/** A booking holds its room's calendar event while it is approved and not released or cancelled. */
function holdsRoom(state: PushState): boolean {
  return (
    state.approval_status === 'approved' &&
    (state.status === 'booked' || state.status === 'checked_in' || state.status === 'checked_out')
  );
}

function eventOf(state: PushState): BookingEvent {
  // the room's calendar is read by many: a private booking shows neither its subject nor its host
  const subject = state.is_private
    ? 'Private booking'
    : state.subject.trim() || `${state.host_name || state.host_email} (Workplace)`;
  return {
    key: bookingEventKey(state.company_id, state.id),
    subject,
    start: new Date(state.starts_at),
    end: new Date(state.ends_at),
    location: state.resource_name,
    description: state.is_private
      ? 'Booked in Workplace.'
      : `Booked in Workplace by ${state.host_name || state.host_email} (${state.host_email}).`,
  };
}

/** A throttled or unavailable service: the job comes back after the wait it asked for. */
/**
 * An error that reading one calendar event again will not mend: the database refusing its data
 * (SQLSTATE classes 22 and 23, say a NUL in a text; 54, a value too large) or the provider refusing
 * the room's answer to it (a 4xx other than 401, 408 and 429, which concern the whole connector or
 * pass). Anything else (the database or the provider unreachable, throttling) fails the round.
 */
function refusedForGood(error: unknown): boolean {
  if (error instanceof CalendarServiceError)
    return (
      error.retryAfterMs === null &&
      error.status >= 400 &&
      error.status < 500 &&
      ![401, 408, 429].includes(error.status)
    );
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^(22|23|54)/.test(code);
}

/** A call the service throttled (saying when to come back) as the job runner's wait; else null. */
export function retryLaterOf(error: unknown): RetryLaterError | null {
  return error instanceof CalendarServiceError && error.retryAfterMs !== null
    ? new RetryLaterError(error.message, error.retryAfterMs)
    : null;
}

/** Rethrows a job's failure; a throttled call as a wait. */
export function retryable(error: unknown): never {
  throw retryLaterOf(error) ?? error;
}

/**
 * Push (job 'calendar.push', queued by the declarations trigger, and by queueBookingPushes when a
 * room is mapped or a connector made active): the room's calendar is brought to the booking's
 * current state. Created or moved: the event is written; cancelled, released or rejected: it is
 * removed; moved to a room of another calendar: it moves with it. An event that came from the
 * calendar is the organiser's: it is left alone unless the booking is cancelled here, when the room
 * declines it. Running twice does no harm.
 */
export async function pushBooking(ctx: SyncContext, companyId: number, declarationId: number): Promise<void> {
  const state = await pushState(ctx.db, companyId, declarationId);
  // a booking over before the sync window is the calendar's past: a push (retried without end
  // through an outage, calendar-sync.jobs.ts) stops there
  if (!state || new Date(state.ends_at) < syncWindow(ctx.now?.()).from) return;
  try {
    if (state.external_id && state.link_connector_id !== null && state.link_calendar_id !== null) {
      const linked = await ctx.connectors(companyId, state.link_connector_id);
      // The event's connector is inactive: its calendar cannot be reached, so the link is kept (the
      // event is not orphaned) and the push runs again when the connector is made active
      // (queueBookingPushes). A removed connector takes its links with it.
      if (!linked) return;
      const ref = { externalId: state.external_id, etag: state.etag };
      if (state.origin === 'calendar') {
        if (!holdsRoom(state)) {
          await linked.declineEvent(state.link_calendar_id, ref, DECLINE_REASONS.cancelledInProduct);
          await dropLink(ctx.db, companyId, declarationId);
        }
        return;
      }
      const sameCalendar =
        state.map_connector_id === state.link_connector_id &&
        state.map_calendar_id === state.link_calendar_id;
      if (!holdsRoom(state) || !sameCalendar) {
        await linked.deleteEvent(state.link_calendar_id, ref);
        await dropLink(ctx.db, companyId, declarationId);
        if (!holdsRoom(state)) return;
      } else {
        const written = await linked.upsertEvent(state.link_calendar_id, eventOf(state), ref);
        await saveLinkOf(ctx, state, state.link_connector_id, state.link_calendar_id, written);
        return;
      }
    }
    if (!holdsRoom(state) || state.map_connector_id === null || state.map_calendar_id === null) return;
    // the meeting's invitation will be the event (pullCalendar adopts it); one of the product's
    // beside it would clash with it, and the room would decline the meeting it was booked for
    if (state.meeting_invites_room) return;
    const connector = await ctx.connectors(companyId, state.map_connector_id);
    if (!connector) return;
    const written = await connector.upsertEvent(state.map_calendar_id, eventOf(state), null);
    await saveLinkOf(ctx, state, state.map_connector_id, state.map_calendar_id, written);
  } catch (error) {
    retryable(error);
  }
}

async function saveLinkOf(
  ctx: SyncContext,
  state: PushState,
  connectorId: number,
  calendarId: string,
  written: { externalId: string; etag: string | null },
): Promise<void> {
  await saveLink(ctx.db, {
    companyId: state.company_id,
    declarationId: state.id,
    connectorId,
    calendarId,
    externalId: written.externalId,
    etag: written.etag,
    origin: 'product',
  });
}

/** A day: the margin of a whole read's judgement at the window's far end. */
const WINDOW_EDGE_MS = 24 * 3_600_000;

/**
 * Pull (job 'calendar.pull', one per mapped room, queued on a schedule): what changed on the
 * room's calendar since the last cursor. An event booked there becomes a booking of its organiser;
 * moved, the booking follows; cancelled or deleted, the booking is cancelled. When the room is
 * already booked, the exclusion constraint refuses the booking and the room declines the event,
 * telling the organiser why. Events this product wrote are its own bookings' and are skipped. The
 * cursor is saved only after the whole round, so a failed round is read again.
 */
export async function pullCalendar(
  ctx: SyncContext,
  companyId: number,
  connectorId: number,
  calendarId: string,
): Promise<{
  created: number;
  declined: number;
  cancelled: number;
  moved: number;
  adopted: number;
  skipped: number;
}> {
  const counts = { created: 0, declined: 0, cancelled: 0, moved: 0, adopted: 0, skipped: 0 };
  const calendar = await mappedCalendar(ctx.db, companyId, connectorId, calendarId);
  if (!calendar) return counts;
  const connector = await ctx.connectors(companyId, connectorId);
  if (!connector) return counts;
  try {
    const started = ctx.now?.() ?? new Date();
    const window = syncWindow(started);
    // on the database's clock, as the links' synced_at (saved once their event was written)
    const linkedBefore = await databaseNow(ctx.db);
    const changes = await connector.changesSince(calendar.calendar_id, await readCursor(ctx.db, calendar));
    const present = new Set(changes.changed.map((event) => event.externalId));
    const gone = new Set(changes.removed);
    // The whole calendar read: a linked event it does not hold was deleted, perhaps while the
    // cursor was stale. Only bookings not over yet and clear of the window's far end, whose link
    // was saved before the read began, are judged: a booking's history stays as it was, and an
    // event of ours written during the read is not taken as deleted. Else, CalDAV objects: an
    // occurrence no longer in the object (or the object gone) is removed too.
    const linked = changes.complete
      ? await linkedEventsOfCalendar(ctx.db, calendar, {
          from: started,
          to: new Date(window.to.getTime() - WINDOW_EDGE_MS),
          linkedBefore,
        })
      : await linkedEventsOfObjects(
          ctx.db,
          companyId,
          connectorId,
          [...changes.removed, ...(changes.replaced ?? [])],
          window,
        );
    for (const externalId of linked) if (!present.has(externalId)) gone.add(externalId);
    for (const externalId of gone) {
      const booking = await bookingOfEvent(ctx.db, companyId, connectorId, externalId);
      if (!booking) continue;
      // a CalDAV series linked by its object alone (as read before its occurrences were): the
      // booking is its occurrence at the booking's time, not a removed event
      const occurrence = externalId.includes('#')
        ? undefined
        : changes.changed.find(
            (event) =>
              event.externalId.startsWith(`${externalId}#`) &&
              event.start.getTime() === booking.starts_at.getTime(),
          );
      if (occurrence) {
        await relinkEvent(ctx.db, companyId, connectorId, externalId, occurrence.externalId);
        continue;
      }
      if (booking.origin === 'product') {
        // an event of a booking made here was deleted in the calendar: the booking still holds the
        // room (the product is its master), so the push writes the event again
        await dropLink(ctx.db, companyId, booking.declaration_id);
        await enqueueJob(ctx.db, { companyId, kind: PUSH_JOB, key: String(booking.declaration_id) });
        continue;
      }
      await cancelForRemovedEvent(ctx.db, companyId, booking);
      counts.cancelled += 1;
    }
    for (const event of changes.changed) {
      if (event.ours) continue;
      try {
        const outcome = await takeEvent(ctx, connector, calendar, event);
        if (outcome) counts[outcome] += 1;
      } catch (error) {
        // One event refused for good must not stop the room's other events round after round.
        if (!refusedForGood(error)) throw error;
        counts.skipped += 1;
        ctx.log?.warn(
          { err: error, companyId, connectorId, calendarId, externalId: event.externalId },
          'calendar sync: an event was skipped',
        );
      }
    }
    await saveCursor(ctx.db, calendar, changes.cursor);
  } catch (error) {
    retryable(error);
  }
  return counts;
}

async function takeEvent(
  ctx: SyncContext,
  connector: CalendarConnector,
  calendar: MappedCalendar,
  received: ExternalEvent,
): Promise<'created' | 'declined' | 'moved' | 'adopted' | null> {
  const companyId = calendar.company_id;
  // PostgreSQL stores no NUL in a text; a calendar may send one in a subject
  const event = { ...received, subject: received.subject.replaceAll('\u0000', '') };
  const decline = async (reason: string) => {
    if (await wasDeclined(ctx.db, companyId, calendar.calendar_connector_id, event.externalId, event))
      return null;
    await connector.declineEvent(calendar.calendar_id, event, reason);
    await recordDecline(ctx.db, {
      calendar,
      externalId: event.externalId,
      organizer: event.organizer,
      subject: event.subject,
      start: event.start,
      end: event.end,
      reason,
    });
    return 'declined' as const;
  };

  const linked = await bookingOfEvent(ctx.db, companyId, calendar.calendar_connector_id, event.externalId);
  if (linked) {
    if (linked.origin !== 'calendar') return null;
    const moved =
      linked.starts_at.getTime() !== event.start.getTime() ||
      linked.ends_at.getTime() !== event.end.getTime();
    if (!moved || (linked.status !== 'booked' && linked.status !== 'checked_in')) return null;
    if (event.end <= event.start) return decline(DECLINE_REASONS.invalidTime);
    // the new time must be one the room can be booked at, as for a new meeting
    const userId = event.organizer ? await userByEmail(ctx.db, companyId, event.organizer) : null;
    const { refusal, target } =
      userId === null
        ? { refusal: DECLINE_REASONS.unknownOrganizer, target: null }
        : await calendarEventRefusal(ctx.db, {
            companyId,
            resourceId: calendar.resource_id,
            userId,
            start: event.start,
            end: event.end,
            exceptId: linked.declaration_id,
          });
    if (refusal) {
      await cancelForRemovedEvent(ctx.db, companyId, linked);
      return decline(refusal);
    }
    try {
      await moveCalendarBooking(ctx.db, companyId, linked, event.start, event.end);
      return 'moved';
    } catch (error) {
      if (!isDoubleBooking(error)) throw error;
      // the new time is taken: the room declines the moved meeting, so it holds nothing any more,
      // and its organiser is told which rooms of similar size are free then (once per new time)
      await cancelForRemovedEvent(ctx.db, companyId, linked);
      const declined = await decline(DECLINE_REASONS.taken);
      if (declined && userId !== null && target && event.organizer)
        await mailRoomTakenAtNewTime(ctx.db, ctx.mailer ?? outboxOnly(ctx.db), {
          companyId,
          organizerId: userId,
          organizerEmail: event.organizer,
          resourceId: calendar.resource_id,
          timeZone: target.timezone,
          subject: event.subject,
          start: event.start,
          end: event.end,
        });
      return declined;
    }
  }

  if (event.end <= event.start) return decline(DECLINE_REASONS.invalidTime);
  const userId = event.organizer ? await userByEmail(ctx.db, companyId, event.organizer) : null;
  if (userId === null) return decline(DECLINE_REASONS.unknownOrganizer);
  // the invitation of a meeting the organiser booked the room for in the Outlook add-in: it is that
  // booking's event, followed from now on like any meeting booked in the calendar (moved to where
  // the booking is not, the booking moves with it)
  const adopted = await adoptMeetingBooking(ctx.db, {
    calendar,
    userId,
    start: event.start,
    end: event.end,
    externalId: event.externalId,
    etag: event.etag,
  });
  if (adopted !== null) {
    // the invitation reached the room: the meeting was sent, its pending room is confirmed
    await confirmByCalendar(ctx.db, companyId, adopted);
    return (await takeEvent(ctx, connector, calendar, received)) ?? 'adopted';
  }
  // the engine's rules (who may book the room, when it is open, capacity, the organiser's limit);
  // the exclusion constraint judges the overlap itself when the booking is written
  const { refusal, target: room } = await calendarEventRefusal(ctx.db, {
    companyId,
    resourceId: calendar.resource_id,
    userId,
    start: event.start,
    end: event.end,
  });
  if (refusal || !room) return decline(refusal ?? DECLINE_REASONS.notBookable);
  try {
    await insertCalendarBooking(ctx.db, {
      calendar,
      levelId: room.level_id,
      userId,
      start: event.start,
      end: event.end,
      subject: event.subject,
      externalId: event.externalId,
      etag: event.etag,
      approval: approvalOnBooking(room),
    });
    return 'created';
  } catch (error) {
    if (!isDoubleBooking(error)) throw error;
    return decline(DECLINE_REASONS.taken);
  }
}
