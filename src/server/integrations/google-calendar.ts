import {
  authorizedFetch,
  DEFAULT_RETRY,
  failure,
  type FetchLike,
  type RetryPolicy,
  ServiceAccountToken,
} from './calendar-http';

/**
 * Google Calendar API v3, the parts calendar sync uses on resource calendars: events insert,
 * patch, delete and get, and events list with a full sync over a time window followed by
 * incremental syncs with syncToken, page by page through nextPageToken
 * (https://developers.google.com/calendar/api/guides/sync). Token: a service account's JWT bearer
 * grant on the configured token endpoint; the resource calendars are shared with that account.
 */
export interface GoogleSettings {
  /** the service account's e-mail (client_email of its key file) */
  serviceAccountEmail: string;
  /** its private key, PKCS#8 PEM (private_key of its key file) */
  privateKey: string;
  /** default https://www.googleapis.com/calendar/v3 */
  baseUrl?: string;
  /** default https://oauth2.googleapis.com/token */
  tokenUrl?: string;
  fetch?: FetchLike;
  retry?: RetryPolicy;
  /** maxResults per page of events list */
  pageSize?: number;
}

/** An instant (dateTime, RFC 3339) or, for all-day events, a date. */
export interface GoogleEventDateTime {
  dateTime?: string;
  date?: string;
  timeZone?: string;
}

export interface GoogleAttendee {
  email: string;
  resource?: boolean;
  self?: boolean;
  responseStatus?: 'needsAction' | 'declined' | 'tentative' | 'accepted';
  comment?: string;
}

export interface GoogleEvent {
  id: string;
  status?: 'confirmed' | 'tentative' | 'cancelled';
  summary?: string;
  description?: string;
  location?: string;
  start?: GoogleEventDateTime;
  end?: GoogleEventDateTime;
  organizer?: { email?: string; self?: boolean };
  creator?: { email?: string };
  attendees?: GoogleAttendee[];
  etag?: string;
  updated?: string;
}

export interface GoogleEventInput {
  /** a client-chosen id (base32hex, 5 to 1024 characters) makes the insert idempotent */
  id?: string;
  summary: string;
  start: Date;
  end: Date;
  location?: string;
  description?: string;
}

export interface GoogleChanges {
  /** cancelled events are listed too (status 'cancelled') */
  events: GoogleEvent[];
  nextSyncToken: string;
}

/** The sync token is no longer valid (410 Gone): the caller starts a full sync. */
export class GoogleSyncTokenExpiredError extends Error {
  constructor() {
    super('Google Calendar: the sync token expired; a full sync is needed');
    this.name = 'GoogleSyncTokenExpiredError';
  }
}

const SERVICE = 'Google Calendar';

/**
 * What an administrator pastes as the service account key: Google's JSON key file as downloaded
 * (its client_email and private_key), or the PEM private key alone. Null when it is neither.
 */
export function readServiceAccountKey(text: string): { email: string | null; privateKey: string } | null {
  const trimmed = text.trim();
  if (trimmed.startsWith('{')) {
    try {
      const file = JSON.parse(trimmed) as { client_email?: unknown; private_key?: unknown };
      if (typeof file.private_key !== 'string' || !file.private_key.includes('PRIVATE KEY')) return null;
      return {
        email: typeof file.client_email === 'string' ? file.client_email : null,
        privateKey: file.private_key,
      };
    } catch {
      return null;
    }
  }
  return /-----BEGIN PRIVATE KEY-----[\s\S]+-----END PRIVATE KEY-----/.test(trimmed)
    ? { email: null, privateKey: trimmed }
    : null;
}

export class GoogleCalendarClient {
  private readonly baseUrl: string;
  private readonly fetchFn: FetchLike;
  private readonly retry: RetryPolicy;
  private readonly token: ServiceAccountToken;
  private readonly pageSize: number;

  constructor(settings: GoogleSettings) {
    this.baseUrl = (settings.baseUrl ?? 'https://www.googleapis.com/calendar/v3').replace(/\/$/, '');
    this.fetchFn = settings.fetch ?? fetch;
    this.retry = settings.retry ?? DEFAULT_RETRY;
    this.pageSize = settings.pageSize ?? 250;
    this.token = new ServiceAccountToken(
      SERVICE,
      {
        tokenUrl: settings.tokenUrl ?? 'https://oauth2.googleapis.com/token',
        email: settings.serviceAccountEmail,
        privateKey: settings.privateKey,
        scope: 'https://www.googleapis.com/auth/calendar.events',
      },
      this.fetchFn,
      this.retry,
    );
  }

  /** Inserts the event; with a client id already used, answers the existing event (idempotent). */
  async insertEvent(calendarId: string, input: GoogleEventInput): Promise<GoogleEvent> {
    const response = await this.send(
      `${this.eventsUrl(calendarId)}?sendUpdates=none`,
      'POST',
      eventBody(input),
    );
    if (response.status === 409 && input.id) {
      await response.arrayBuffer();
      return this.patchEvent(calendarId, input.id, input);
    }
    if (!response.ok) throw await failure(SERVICE, response);
    return (await response.json()) as GoogleEvent;
  }

  async patchEvent(
    calendarId: string,
    eventId: string,
    input: Partial<GoogleEventInput>,
  ): Promise<GoogleEvent> {
    const { id: _fixed, ...changes } = input;
    const response = await this.send(
      `${this.eventUrl(calendarId, eventId)}?sendUpdates=none`,
      'PATCH',
      // a deleted event with a client id comes back when patched to confirmed
      { ...eventBody(changes), status: 'confirmed' },
    );
    if (!response.ok) throw await failure(SERVICE, response);
    return (await response.json()) as GoogleEvent;
  }

  async getEvent(calendarId: string, eventId: string): Promise<GoogleEvent | null> {
    const response = await this.send(this.eventUrl(calendarId, eventId), 'GET');
    if (response.status === 404 || response.status === 410) {
      await response.arrayBuffer();
      return null;
    }
    if (!response.ok) throw await failure(SERVICE, response);
    return (await response.json()) as GoogleEvent;
  }

  /** Deletes the event; one already deleted (410) or unknown (404) is fine. */
  async deleteEvent(calendarId: string, eventId: string): Promise<void> {
    const response = await this.send(`${this.eventUrl(calendarId, eventId)}?sendUpdates=none`, 'DELETE');
    if (!response.ok && response.status !== 404 && response.status !== 410)
      throw await failure(SERVICE, response);
    await response.arrayBuffer();
  }

  /**
   * The resource calendar declines the event: its attendance becomes 'declined' with the reason as
   * the comment, and Google tells the attendees (sendUpdates=all).
   */
  async declineEvent(calendarId: string, eventId: string, comment: string): Promise<void> {
    const event = await this.getEvent(calendarId, eventId);
    if (!event) return;
    const others = (event.attendees ?? []).filter(
      (attendee) => attendee.email.toLowerCase() !== calendarId.toLowerCase(),
    );
    const response = await this.send(`${this.eventUrl(calendarId, eventId)}?sendUpdates=all`, 'PATCH', {
      attendees: [...others, { email: calendarId, resource: true, responseStatus: 'declined', comment }],
    });
    if (!response.ok && response.status !== 404 && response.status !== 410)
      throw await failure(SERVICE, response);
    await response.arrayBuffer();
  }

  /**
   * A full sync of [from, to) when there is no sync token, an incremental one with it; every page
   * through nextPageToken, to the last page's nextSyncToken.
   */
  async listChanges(
    calendarId: string,
    cursor: { syncToken: string } | { from: Date; to: Date },
  ): Promise<GoogleChanges> {
    const changes: GoogleChanges = { events: [], nextSyncToken: '' };
    let pageToken: string | null = null;
    for (let page = 0; page < 10_000; page += 1) {
      const query = new URLSearchParams({ maxResults: String(this.pageSize), singleEvents: 'true' });
      // a sync token cannot be combined with a time window (Google answers 400)
      if ('syncToken' in cursor) query.set('syncToken', cursor.syncToken);
      else {
        query.set('timeMin', cursor.from.toISOString());
        query.set('timeMax', cursor.to.toISOString());
      }
      if (pageToken) query.set('pageToken', pageToken);
      const response = await this.send(`${this.eventsUrl(calendarId)}?${query.toString()}`, 'GET');
      if (response.status === 410 && 'syncToken' in cursor) {
        await response.arrayBuffer();
        throw new GoogleSyncTokenExpiredError();
      }
      if (!response.ok) throw await failure(SERVICE, response);
      const body = (await response.json()) as {
        items?: GoogleEvent[];
        nextPageToken?: string;
        nextSyncToken?: string;
      };
      changes.events.push(...(body.items ?? []));
      if (body.nextPageToken) {
        pageToken = body.nextPageToken;
        continue;
      }
      if (!body.nextSyncToken) throw new Error(`${SERVICE}: the last page has no nextSyncToken`);
      changes.nextSyncToken = body.nextSyncToken;
      return changes;
    }
    throw new Error(`${SERVICE}: the event list did not end`);
  }

  private eventsUrl(calendarId: string): string {
    return `${this.baseUrl}/calendars/${encodeURIComponent(calendarId)}/events`;
  }

  private eventUrl(calendarId: string, eventId: string): string {
    return `${this.eventsUrl(calendarId)}/${encodeURIComponent(eventId)}`;
  }

  private send(url: string, method: string, body?: unknown): Promise<Response> {
    return authorizedFetch(SERVICE, this.token, this.fetchFn, this.retry, url, {
      method,
      headers: {
        accept: 'application/json',
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
  }
}

/** Reads an event time; all-day dates are read as midnight UTC. */
export function fromGoogleDateTime(value: GoogleEventDateTime | undefined): Date | null {
  const text = value?.dateTime ?? (value?.date ? `${value.date}T00:00:00Z` : null);
  if (!text) return null;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * An event id Google accepts (base32hex: 0-9 and a-v, 5 to 1024 characters) that carries `key`,
 * so the insert is idempotent and the key can be read back from the id.
 */
export function googleEventId(key: string): string {
  const alphabet = '0123456789abcdefghijklmnopqrstuv';
  let bits = 0;
  let value = 0;
  let id = '';
  for (const byte of Buffer.from(key, 'utf8')) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      id += alphabet[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= (1 << bits) - 1;
  }
  if (bits > 0) id += alphabet[(value << (5 - bits)) & 31];
  return id.padEnd(5, '0');
}

/** The key an id made by googleEventId carries, or null for ids Google or others chose. */
export function keyOfGoogleEventId(id: string): string | null {
  if (!/^[0-9a-v]+$/.test(id)) return null;
  const alphabet = '0123456789abcdefghijklmnopqrstuv';
  let bits = 0;
  let value = 0;
  const bytes: number[] = [];
  for (const char of id) {
    value = (value << 5) | alphabet.indexOf(char);
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 255);
      bits -= 8;
      value &= (1 << bits) - 1;
    }
  }
  const text = Buffer.from(bytes).toString('utf8');
  return /^[\x20-\x7e]+$/.test(text) ? text : null;
}

function eventBody(input: Partial<GoogleEventInput>): Record<string, unknown> {
  return {
    ...(input.id ? { id: input.id } : {}),
    ...(input.summary !== undefined ? { summary: input.summary } : {}),
    ...(input.description ? { description: input.description } : {}),
    ...(input.location ? { location: input.location } : {}),
    ...(input.start ? { start: { dateTime: input.start.toISOString(), timeZone: 'UTC' } } : {}),
    ...(input.end ? { end: { dateTime: input.end.toISOString(), timeZone: 'UTC' } } : {}),
  };
}
