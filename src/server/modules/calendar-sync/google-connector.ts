import {
  fromGoogleDateTime,
  GoogleSyncTokenExpiredError,
  googleEventId,
  keyOfGoogleEventId,
  type GoogleCalendarClient,
} from '../../integrations/google-calendar';
import {
  EVENT_KEY_PREFIX,
  syncWindow,
  type BookingEvent,
  type CalendarChanges,
  type CalendarConnector,
  type EventRef,
  type ExternalEvent,
} from './calendar-connector';

/** Google Workspace: rooms are resource calendars; changes come from events list with syncToken. */
export class GoogleConnector implements CalendarConnector {
  readonly provider = 'google';

  constructor(
    private readonly google: GoogleCalendarClient,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async upsertEvent(calendarId: string, booking: BookingEvent, existing: EventRef | null): Promise<EventRef> {
    const input = {
      summary: booking.subject,
      start: booking.start,
      end: booking.end,
      location: booking.location,
      description: booking.description,
    };
    // the id is derived from the booking, so an insert repeated by a retried job patches instead
    const event = existing
      ? await this.google.patchEvent(calendarId, existing.externalId, input)
      : await this.google.insertEvent(calendarId, { ...input, id: googleEventId(booking.key) });
    return { externalId: event.id, etag: event.etag ?? null };
  }

  deleteEvent(calendarId: string, event: EventRef): Promise<void> {
    return this.google.deleteEvent(calendarId, event.externalId);
  }

  declineEvent(calendarId: string, event: EventRef, reason: string): Promise<void> {
    return this.google.declineEvent(calendarId, event.externalId, reason);
  }

  async changesSince(calendarId: string, cursor: string | null): Promise<CalendarChanges> {
    let list;
    // a full sync (no token yet, or an expired one) lists every event of the window
    let complete = !cursor;
    try {
      list = await this.google.listChanges(
        calendarId,
        cursor ? { syncToken: cursor } : syncWindow(this.now()),
      );
    } catch (error) {
      if (!(error instanceof GoogleSyncTokenExpiredError)) throw error;
      list = await this.google.listChanges(calendarId, syncWindow(this.now()));
      complete = true;
    }
    const changed: ExternalEvent[] = [];
    const removed: string[] = [];
    for (const event of list.events) {
      const start = fromGoogleDateTime(event.start);
      const end = fromGoogleDateTime(event.end);
      const room = event.attendees?.find(
        (attendee) => attendee.email.toLowerCase() === calendarId.toLowerCase(),
      );
      if (event.status === 'cancelled' || room?.responseStatus === 'declined') {
        removed.push(event.id);
        continue;
      }
      if (!start || !end) continue;
      changed.push({
        externalId: event.id,
        etag: event.etag ?? null,
        subject: event.summary ?? '',
        start,
        end,
        organizer: event.organizer?.email ?? event.creator?.email ?? null,
        ours: keyOfGoogleEventId(event.id)?.startsWith(EVENT_KEY_PREFIX) ?? false,
      });
    }
    return { changed, removed, complete, cursor: list.nextSyncToken };
  }
}
