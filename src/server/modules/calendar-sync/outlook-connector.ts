import { CalendarServiceError } from '../../integrations/calendar-http';
import {
  fromGraphDateTime,
  type GraphEvent,
  type MicrosoftGraphClient,
} from '../../integrations/microsoft-graph';
import {
  EVENT_KEY_PREFIX,
  syncWindow,
  type BookingEvent,
  type CalendarChanges,
  type CalendarConnector,
  type EventRef,
  type ExternalEvent,
} from './calendar-connector';

/** Microsoft 365: rooms are room mailboxes; changes come from the calendarView delta query. */
export class OutlookConnector implements CalendarConnector {
  readonly provider = 'outlook';

  constructor(
    private readonly graph: MicrosoftGraphClient,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async upsertEvent(mailbox: string, booking: BookingEvent, existing: EventRef | null): Promise<EventRef> {
    const input = {
      subject: booking.subject,
      start: booking.start,
      end: booking.end,
      location: booking.location,
      body: booking.description,
    };
    if (existing) {
      try {
        const updated = await this.graph.updateEvent(mailbox, existing.externalId, input);
        return { externalId: updated.id, etag: null };
      } catch (error) {
        // deleted in Outlook meanwhile: the booking still holds the room, so the event comes back
        if (!(error instanceof CalendarServiceError && error.status === 404)) throw error;
      }
    }
    const created = await this.graph.createEvent(mailbox, { ...input, transactionId: booking.key });
    return { externalId: created.id, etag: null };
  }

  deleteEvent(mailbox: string, event: EventRef): Promise<void> {
    return this.graph.deleteEvent(mailbox, event.externalId);
  }

  declineEvent(mailbox: string, event: EventRef, reason: string): Promise<void> {
    return this.graph.declineEvent(mailbox, event.externalId, reason);
  }

  /**
   * A delta link keeps the time window of the round that began it, so a cursor carries the end of
   * its window too: once the window is a week old (RENEW_WINDOW_MS) its last changes are read and a
   * new round of the current window begins, so the sync always sees about a year ahead.
   */
  async changesSince(mailbox: string, cursor: string | null): Promise<CalendarChanges> {
    const window = syncWindow(this.now());
    const saved = readCursor(cursor);
    const events = new Map<string, GraphEvent>();
    const removed = new Set<string>();
    const take = (delta: { changed: GraphEvent[]; removed: string[] }) => {
      for (const id of delta.removed) {
        events.delete(id);
        removed.add(id);
      }
      for (const event of delta.changed) {
        removed.delete(event.id);
        events.set(event.id, event);
      }
    };
    if (saved) {
      let deltaLink: string | null = null;
      try {
        const delta = await this.graph.calendarViewDelta(mailbox, { deltaLink: saved.deltaLink });
        take(delta);
        deltaLink = delta.deltaLink;
      } catch (error) {
        // an expired delta token (410 Gone, SyncStateNotFound): a full round again
        if (!(
          error instanceof CalendarServiceError &&
          (error.status === 410 || /SyncState/.test(error.body))
        ))
          throw error;
      }
      if (
        deltaLink !== null &&
        saved.windowEnd !== null &&
        window.to.getTime() - saved.windowEnd.getTime() < RENEW_WINDOW_MS
      )
        return changesOf(events, removed, false, writeCursor(deltaLink, saved.windowEnd));
    }
    // no cursor, an expired one, or a window whose end draws near: a round of the current window
    // (what the old one still held is read first, so no cancellation in it is missed)
    const delta = await this.graph.calendarViewDelta(mailbox, window);
    take(delta);
    return changesOf(events, removed, true, writeCursor(delta.deltaLink, window.to));
  }
}

/** How old a delta round's window may get before a new round begins (its end a week nearer). */
export const RENEW_WINDOW_MS = 7 * 24 * 3_600_000;

/**
 * The stored cursor: the delta link and the end of its window, as JSON. A bare delta link (stored
 * before windows were renewed) has an unknown window, so a new round begins.
 */
function readCursor(cursor: string | null): { deltaLink: string; windowEnd: Date | null } | null {
  if (cursor === null) return null;
  if (!cursor.startsWith('{')) return { deltaLink: cursor, windowEnd: null };
  try {
    const parsed = JSON.parse(cursor) as { delta_link?: unknown; window_end?: unknown };
    const windowEnd = typeof parsed.window_end === 'string' ? new Date(parsed.window_end) : null;
    if (typeof parsed.delta_link !== 'string') return null;
    return {
      deltaLink: parsed.delta_link,
      windowEnd: windowEnd && !Number.isNaN(windowEnd.getTime()) ? windowEnd : null,
    };
  } catch {
    return null;
  }
}

function writeCursor(deltaLink: string, windowEnd: Date): string {
  return JSON.stringify({ delta_link: deltaLink, window_end: windowEnd.toISOString() });
}

function changesOf(
  events: Map<string, GraphEvent>,
  gone: Set<string>,
  complete: boolean,
  cursor: string,
): CalendarChanges {
  const changed: ExternalEvent[] = [];
  const removed = [...gone];
  for (const event of events.values()) {
    const read = readEvent(event);
    if (read === 'cancelled') removed.push(event.id);
    else if (read) changed.push(read);
  }
  return { changed, removed, complete, cursor };
}

function readEvent(event: GraphEvent): ExternalEvent | 'cancelled' | null {
  if (event.isCancelled) return 'cancelled';
  const start = fromGraphDateTime(event.start);
  const end = fromGraphDateTime(event.end);
  if (!start || !end) return null;
  return {
    externalId: event.id,
    etag: null,
    subject: event.subject ?? '',
    start,
    end,
    organizer: event.organizer?.emailAddress?.address ?? null,
    ours: typeof event.transactionId === 'string' && event.transactionId.startsWith(EVENT_KEY_PREFIX),
  };
}
