import { CalDavClient, type CalDavSettings } from '../../integrations/caldav';
import { parseEvent, serializeEvent, withOverride, type CalendarEvent } from '../../integrations/icalendar';
import { CalendarServiceError } from '../../integrations/calendar-http';
import { occurrenceAt, occurrencesIn, recurrenceIdProperty } from '../../integrations/icalendar-occurrences';
import {
  EVENT_KEY_PREFIX,
  syncWindow,
  type BookingEvent,
  type CalendarChanges,
  type CalendarConnector,
  type EventRef,
  type ExternalEvent,
} from './calendar-connector';

/**
 * Ours: the whole calendar is read again weekly (with the round's changes), so the occurrences of
 * a long series come in as the sync window's year moves on: a sync-collection report names only
 * the objects that changed, and an unchanged series would never be expanded further.
 */
const READ_WHOLE_EVERY_MS = 7 * 86_400_000;
/** Writes of one occurrence's decline over an object that keeps changing, before the job retries. */
const MAX_WRITE_ATTEMPTS = 3;

/** The cursor of a CalDAV calendar: the server's sync token, and when the whole calendar was last read. */
interface CalDavCursor {
  token: string;
  read_whole_at: string;
}

function readCursor(cursor: string | null): CalDavCursor | null {
  if (cursor === null) return null;
  try {
    const parsed = JSON.parse(cursor) as Partial<CalDavCursor>;
    if (typeof parsed.token === 'string' && typeof parsed.read_whole_at === 'string')
      return { token: parsed.token, read_whole_at: parsed.read_whole_at };
  } catch {
    // a bare sync token, as saved before: read whole at the next round
  }
  return { token: cursor, read_whole_at: new Date(0).toISOString() };
}

/**
 * An occurrence of a recurring event is `<object URL>#<its original start, ISO>`; a one-off event
 * is its object's URL. (A URL read from a multistatus has no fragment of its own.)
 */
const occurrenceId = (href: string, recurrenceId: Date | null) =>
  recurrenceId ? `${href}#${recurrenceId.toISOString()}` : href;

function splitId(externalId: string): { href: string; recurrenceId: Date | null } {
  const hash = externalId.indexOf('#');
  if (hash < 0) return { href: externalId, recurrenceId: null };
  const recurrenceId = new Date(externalId.slice(hash + 1));
  return {
    href: externalId.slice(0, hash),
    recurrenceId: Number.isNaN(recurrenceId.getTime()) ? null : recurrenceId,
  };
}

/**
 * Any CalDAV server (RFC 4791): a room is a calendar collection, addressed by its URL (absolute, or
 * relative to the connector's server URL); a booking's event is the object `<key>.ics` in it.
 * Events are read in the sync window, as the other providers' are: a recurring event's occurrences
 * each (RRULE, RDATE, EXDATE and overriding VEVENTs), and nothing before or after the window (a
 * room's history is neither booked nor declined when the room is first mapped).
 */
export class CalDavConnector implements CalendarConnector {
  readonly provider = 'caldav';

  constructor(
    private readonly settings: Omit<CalDavSettings, 'calendarUrl'> & { serverUrl: string },
    private readonly now: () => Date = () => new Date(),
    /** the zone of the calendar's room: floating times and all-day events are read in it */
    private readonly zoneOf: (calendarId: string) => Promise<string> = () => Promise.resolve('UTC'),
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
   * One occurrence of a series is declined alone, by an overriding VEVENT for it: the rest of the
   * series keeps the room.
   */
  async declineEvent(calendarId: string, event: ExternalEvent | EventRef, reason: string): Promise<void> {
    const client = this.client(calendarId);
    const { href, recurrenceId } = splitId(event.externalId);
    const declined = (occurrence: CalendarEvent): CalendarEvent => {
      const room = this.roomAddress(calendarId);
      return {
        ...occurrence,
        status: 'CANCELLED',
        sequence: (occurrence.sequence ?? 0) + 1,
        comment: reason,
        attendees: [
          ...(occurrence.attendees ?? []).filter((attendee) => attendee.address !== room),
          { address: room, cutype: 'ROOM', partstat: 'DECLINED' },
        ],
      };
    };
    if (!recurrenceId) {
      const raw = 'raw' in event && event.raw ? event.raw : (await client.getEvent(href))?.data;
      const parsed = raw ? parseEvent(raw, await this.zoneOf(calendarId)) : null;
      if (parsed) await client.putEvent(href, serializeEvent(declined(parsed)));
      else await client.deleteEvent(href);
      return;
    }
    // One occurrence: the object is read as it is now (a round may decline several occurrences of
    // one series) and written over that version only, read again when it changed meanwhile.
    const zone = await this.zoneOf(calendarId);
    for (let attempt = 1; ; attempt += 1) {
      const current = await client.getEvent(href);
      const occurrence = current ? occurrenceAt(current.data, recurrenceId, zone) : null;
      if (!current || !occurrence) return;
      const text = withOverride(current.data, declined(occurrence), {
        id: recurrenceId,
        property: recurrenceIdProperty(current.data, recurrenceId, zone),
        zone,
      });
      try {
        await client.putEvent(href, text, current.etag);
        return;
      } catch (error) {
        const changedMeanwhile = error instanceof CalendarServiceError && error.status === 412;
        if (!changedMeanwhile || attempt === MAX_WRITE_ATTEMPTS) throw error;
      }
    }
  }

  async changesSince(calendarId: string, cursor: string | null): Promise<CalendarChanges> {
    const client = this.client(calendarId);
    const now = this.now();
    const previous = readCursor(cursor);
    const round = await client.changesSince(previous?.token ?? null);
    let objects = round.changed;
    let token = round.syncToken;
    // no token, or one the server had forgotten: the round read the whole calendar
    let whole = round.whole;
    let readWholeAt = whole ? now.toISOString() : previous!.read_whole_at;
    if (!whole && now.getTime() - Date.parse(readWholeAt) >= READ_WHOLE_EVERY_MS) {
      // the round's removals are kept; the whole calendar stands for its changes
      const all = await client.changesSince(null);
      objects = all.changed;
      token = all.syncToken;
      whole = true;
      readWholeAt = now.toISOString();
    }
    const window = syncWindow(now);
    const zone = await this.zoneOf(calendarId);
    const changed: ExternalEvent[] = [];
    for (const object of objects) {
      for (const { recurrenceId, event } of occurrencesIn(object.data, window, zone)) {
        if (event.status === 'CANCELLED') continue;
        changed.push({
          externalId: occurrenceId(object.href, recurrenceId),
          etag: object.etag,
          subject: event.summary,
          start: event.start,
          end: event.end,
          organizer: event.organizer ?? null,
          ours: event.uid.startsWith(EVENT_KEY_PREFIX),
          raw: object.data,
        });
      }
    }
    return {
      changed,
      removed: [...round.removed],
      // every object read is read whole: its events in the window not among `changed` are gone
      // (cancelled, excluded, moved out of the window)
      replaced: objects.map((object) => object.href),
      complete: whole,
      cursor: JSON.stringify({ token, read_whole_at: readWholeAt } satisfies CalDavCursor),
    };
  }
}
