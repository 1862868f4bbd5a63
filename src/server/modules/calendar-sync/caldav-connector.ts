import { CalDavClient, type CalDavSettings } from '../../integrations/caldav';
import { parseEvent, serializeEvent, type CalendarEvent } from '../../integrations/icalendar';
import {
  EVENT_KEY_PREFIX,
  type BookingEvent,
  type CalendarChanges,
  type CalendarConnector,
  type EventRef,
  type ExternalEvent,
} from './calendar-connector';

/**
 * Any CalDAV server (RFC 4791): a room is a calendar collection, addressed by its URL (absolute, or
 * relative to the connector's server URL); a booking's event is the object `<key>.ics` in it.
 */
export class CalDavConnector implements CalendarConnector {
  readonly provider = 'caldav';

  constructor(
    private readonly settings: Omit<CalDavSettings, 'calendarUrl'> & { serverUrl: string },
    /** the room's address for ATTENDEE and a declined event's PARTSTAT */
    private readonly roomAddress: (calendarUrl: string) => string = (url) => url,
  ) {}

  private client(calendarId: string): CalDavClient {
    return new CalDavClient({
      ...this.settings,
      calendarUrl: new URL(calendarId, this.settings.serverUrl).toString(),
    });
  }

  async upsertEvent(calendarId: string, booking: BookingEvent, existing: EventRef | null): Promise<EventRef> {
    const client = this.client(calendarId);
    const href = existing?.externalId ?? client.hrefOf(booking.key);
    const etag = await client.putEvent(
      href,
      serializeEvent({
        uid: booking.key,
        start: booking.start,
        end: booking.end,
        summary: booking.subject,
        location: booking.location,
        description: booking.description,
        status: 'CONFIRMED',
      }),
    );
    return { externalId: href, etag };
  }

  deleteEvent(calendarId: string, event: EventRef): Promise<void> {
    return this.client(calendarId).deleteEvent(event.externalId);
  }

  /**
   * CalDAV has no decline call without a scheduling server: the object is rewritten cancelled, with
   * the room's attendance DECLINED and the reason as a COMMENT, which the organiser's client shows.
   */
  async declineEvent(calendarId: string, event: ExternalEvent | EventRef, reason: string): Promise<void> {
    const raw = 'raw' in event ? event.raw : undefined;
    const parsed = raw ? parseEvent(raw) : null;
    if (!parsed) {
      await this.client(calendarId).deleteEvent(event.externalId);
      return;
    }
    const room = this.roomAddress(calendarId);
    const declined: CalendarEvent = {
      ...parsed,
      status: 'CANCELLED',
      sequence: (parsed.sequence ?? 0) + 1,
      comment: reason,
      attendees: [
        ...(parsed.attendees ?? []).filter((attendee) => attendee.address !== room),
        { address: room, cutype: 'ROOM', partstat: 'DECLINED' },
      ],
    };
    await this.client(calendarId).putEvent(event.externalId, serializeEvent(declined));
  }

  async changesSince(calendarId: string, cursor: string | null): Promise<CalendarChanges> {
    const changes = await this.client(calendarId).changesSince(cursor);
    const changed: ExternalEvent[] = [];
    const removed = [...changes.removed];
    for (const object of changes.changed) {
      const event = parseEvent(object.data);
      if (!event) continue;
      if (event.status === 'CANCELLED') {
        removed.push(object.href);
        continue;
      }
      changed.push({
        externalId: object.href,
        etag: object.etag,
        subject: event.summary,
        start: event.start,
        end: event.end,
        organizer: event.organizer ?? null,
        ours: event.uid.startsWith(EVENT_KEY_PREFIX),
        raw: object.data,
      });
    }
    return { changed, removed, cursor: changes.syncToken };
  }
}
