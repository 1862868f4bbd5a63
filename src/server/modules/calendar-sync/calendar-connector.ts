/**
 * One interface for every calendar service a room can be synchronised with (Microsoft 365, Google
 * Calendar, CalDAV); one adapter per provider turns it into that service's calls. `calendarId` is
 * what the administrator mapped the room to: the room mailbox, the resource calendar id, or the
 * CalDAV collection URL.
 */
export interface CalendarConnector {
  readonly provider: 'outlook' | 'google' | 'caldav';

  /**
   * Creates the booking's event on the room's calendar, or updates the one it has (`existing`).
   * Idempotent: a repeated create for the same booking answers the same event.
   */
  upsertEvent(calendarId: string, booking: BookingEvent, existing: EventRef | null): Promise<EventRef>;

  /** Removes the booking's event; one already gone is fine. */
  deleteEvent(calendarId: string, event: EventRef): Promise<void>;

  /** The room declines an event booked in the calendar, telling its organiser why. */
  declineEvent(calendarId: string, event: ExternalEvent | EventRef, reason: string): Promise<void>;

  /** What changed on the calendar since `cursor` (everything in the sync window when null). */
  changesSince(calendarId: string, cursor: string | null): Promise<CalendarChanges>;
}

/** A booking as its event shows it. */
export interface BookingEvent {
  /** stable across retries: the idempotency key of the create */
  key: string;
  subject: string;
  start: Date;
  end: Date;
  location: string;
  description: string;
}

/** The event that stands for a booking: its id on the service and, where there is one, its ETag. */
export interface EventRef {
  externalId: string;
  etag: string | null;
}

/** An event as read from the calendar. */
export interface ExternalEvent extends EventRef {
  subject: string;
  start: Date;
  end: Date;
  /** e-mail address of whoever booked it */
  organizer: string | null;
  /** written by this product (its key shows it), so not a booking made in the calendar */
  ours: boolean;
  /** iCalendar text, for CalDAV, which declines by rewriting the object */
  raw?: string;
}

export interface CalendarChanges {
  changed: ExternalEvent[];
  /** ids of events removed or cancelled since the cursor */
  removed: string[];
  /**
   * CalDAV: ids of objects read whole this round. An object holds one event (its id) or a recurring
   * event's occurrences (`<id>#<original start>`); an event of it in the sync window that is not
   * among `changed` is gone. The other providers list each event, removals included.
   */
  replaced?: string[];
  /**
   * The round read every event of the calendar in the sync window (no cursor yet, one the service
   * had forgotten, or a periodic read of the whole), not only what changed. An event it does not
   * list was deleted meanwhile, perhaps while the cursor was stale, when deletions go unreported.
   */
  complete: boolean;
  /** where the next look starts */
  cursor: string;
}

/** The idempotency key of a booking's event: also how events written by this product are told apart. */
export const EVENT_KEY_PREFIX = 'workplace-';
export const bookingEventKey = (companyId: number, declarationId: number) =>
  `${EVENT_KEY_PREFIX}${companyId}-${declarationId}`;

/**
 * The window of a calendar the sync looks at: a day back (a meeting in progress can still be
 * cancelled) to a year ahead (Outlook's room booking horizon is usually shorter).
 */
export function syncWindow(now = new Date()): { from: Date; to: Date } {
  return {
    from: new Date(now.getTime() - 24 * 3_600_000),
    to: new Date(now.getTime() + 365 * 24 * 3_600_000),
  };
}
