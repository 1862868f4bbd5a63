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

  async changesSince(mailbox: string, cursor: string | null): Promise<CalendarChanges> {
    let delta;
    try {
      delta = await this.graph.calendarViewDelta(
        mailbox,
        cursor ? { deltaLink: cursor } : syncWindow(this.now()),
      );
    } catch (error) {
      // an expired delta token (410 Gone, SyncStateNotFound): a full round again
      if (!(
        cursor &&
        error instanceof CalendarServiceError &&
        (error.status === 410 || /SyncState/.test(error.body))
      ))
        throw error;
      delta = await this.graph.calendarViewDelta(mailbox, syncWindow(this.now()));
    }
    const changed: ExternalEvent[] = [];
    const removed = [...delta.removed];
    for (const event of delta.changed) {
      const read = readEvent(event);
      if (read === 'cancelled') removed.push(event.id);
      else if (read) changed.push(read);
    }
    return { changed, removed, cursor: delta.deltaLink };
  }
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
