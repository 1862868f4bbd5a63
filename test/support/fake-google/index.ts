import { createPublicKey, generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import { jwtVerify, type JWTPayload } from 'jose';
import type {
  GoogleAttendee,
  GoogleEvent,
  GoogleEventDateTime,
} from '../../../src/server/integrations/google-calendar';
import {
  bearerOf,
  jsonOf,
  startFakeHttp,
  type FakeAnswer,
  type FakeHttp,
  type FakeRequest,
} from '../fake-http';

/**
 * A local Google Calendar API v3 for exactly what calendar sync calls, following the published
 * reference: the OAuth2 token endpoint for service accounts (the JWT bearer grant: an RS256
 * assertion by the account's key, issuer the account, audience the token endpoint, at most an
 * hour long, the calendar scope; anything else is refused as Google does), events insert (client ids in base32hex, 409 for one in use),
 * get, patch (attendees replaced as a whole) and delete (the event stays, cancelled, for
 * incremental syncs; a second delete answers 410), and events list: a full sync over
 * timeMin/timeMax, then incremental syncs with syncToken (which no other restriction may
 * accompany), pages through nextPageToken, nextSyncToken on the last page only, 410 for an unknown
 * sync token. A bearer token it issued is required; 429 with Retry-After when the test throttles it.
 */
export interface FakeGoogleEvent extends GoogleEvent {
  id: string;
  status: 'confirmed' | 'tentative' | 'cancelled';
  summary: string;
  start: GoogleEventDateTime;
  end: GoogleEventDateTime;
  organizer: { email: string; self?: boolean };
  creator: { email: string };
  attendees: GoogleAttendee[];
  etag: string;
  updated: string;
  sequence: number;
}

export interface FakeGoogle {
  origin: string;
  baseUrl: string;
  tokenUrl: string;
  /** the service account the resource calendars are shared with, and its JSON key file */
  serviceAccount: { email: string; privateKey: string; keyFile: string };
  /** another account's key, which the fake does not know */
  strangerKey: string;
  http: FakeHttp;
  /** the calendar's events that are not cancelled */
  eventsOf(calendarId: string): FakeGoogleEvent[];
  event(calendarId: string, id: string): FakeGoogleEvent | undefined;
  /** Someone invites the room to a meeting; the resource calendar accepts it. */
  organizerBooks(
    calendarId: string,
    event: { summary: string; start: Date; end: Date; organizer: string },
  ): FakeGoogleEvent;
  organizerCancels(calendarId: string, id: string): void;
  /** The calendar's sync tokens expire, as Google's do: the next incremental sync answers 410. */
  expireSyncTokens(calendarId: string): void;
  throttleNext(count: number, retryAfterSeconds: number): void;
  close(): Promise<void>;
}

interface Calendar {
  events: Map<string, FakeGoogleEvent>;
  changes: string[];
}

interface Listing {
  calendarId: string;
  pending: FakeGoogleEvent[];
  position: number;
  query: string;
}

const API = '/calendar/v3';
const BASE32HEX_ID = /^[0-9a-v]{5,1024}$/;

export async function startFakeGoogle(calendarIds: string[]): Promise<FakeGoogle> {
  const keyPair = () =>
    generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
  const account = keyPair();
  const email = `calendar-sync@workplace-${randomUUID().slice(0, 8)}.iam.gserviceaccount.com`;
  const keyFile = JSON.stringify({
    type: 'service_account',
    project_id: 'workplace-tests',
    private_key_id: randomBytes(20).toString('hex'),
    private_key: account.privateKey,
    client_email: email,
    client_id: String(randomBytes(8).readBigUInt64BE()),
    token_uri: '(the fake token endpoint)',
  });
  let origin = '';
  const tokenUrl = () => `${origin}/token`;
  const tokens = new Set<string>();
  const calendars = new Map<string, Calendar>(
    calendarIds.map((id) => [id.toLowerCase(), { events: new Map(), changes: [] }]),
  );
  const syncTokens = new Map<string, { calendarId: string; position: number }>();
  const pages = new Map<string, Listing>();

  const error = (code: number, reason: string, message: string): FakeAnswer => ({
    status: code,
    body: { error: { code, message, errors: [{ domain: 'global', reason, message }] } },
  });

  const touch = (calendar: Calendar, event: FakeGoogleEvent) => {
    event.updated = new Date().toISOString();
    event.etag = `"${randomBytes(8).toString('hex')}"`;
    calendar.changes.push(event.id);
  };

  const handle = (request: FakeRequest): FakeAnswer | Promise<FakeAnswer> => {
    const path = request.url.pathname;
    if (request.method === 'POST' && path === '/token') return token(request);
    if (!bearerOf(request) || !tokens.has(bearerOf(request)!)) {
      return error(401, 'authError', 'Request had invalid authentication credentials.');
    }
    const match = /^\/calendar\/v3\/calendars\/([^/]+)\/events(?:\/([^/]+))?$/.exec(path);
    if (!match) return error(404, 'notFound', 'Not Found');
    const calendarId = decodeURIComponent(match[1]!).toLowerCase();
    const calendar = calendars.get(calendarId);
    if (!calendar) return error(404, 'notFound', 'Not Found');
    const eventId = match[2] ? decodeURIComponent(match[2]) : null;
    if (!eventId && request.method === 'POST') return insert(request, calendarId, calendar);
    if (!eventId && request.method === 'GET') return list(request, calendarId, calendar);
    const event = eventId ? calendar.events.get(eventId) : undefined;
    if (!event) return error(404, 'notFound', 'Not Found');
    if (request.method === 'GET') return { status: 200, body: event };
    if (request.method === 'PATCH') return patch(request, calendar, event);
    if (request.method === 'DELETE') {
      if (event.status === 'cancelled') return error(410, 'deleted', 'Resource has been deleted');
      event.status = 'cancelled';
      touch(calendar, event);
      return { status: 204 };
    }
    return error(405, 'badRequest', 'Method not allowed');
  };

  const grantError = (description: string): FakeAnswer => ({
    status: 400,
    body: { error: 'invalid_grant', error_description: description },
  });

  const token = async (request: FakeRequest): Promise<FakeAnswer> => {
    const form = new URLSearchParams(request.body);
    if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer')
      return {
        status: 400,
        body: { error: 'unsupported_grant_type', error_description: 'Invalid grant_type' },
      };
    let claims: JWTPayload;
    try {
      ({ payload: claims } = await jwtVerify(
        form.get('assertion') ?? '',
        createPublicKey(account.publicKey),
        {
          algorithms: ['RS256'],
          issuer: email,
          audience: tokenUrl(),
        },
      ));
    } catch (problem) {
      return grantError(`Invalid JWT Signature or claims: ${(problem as Error).message}`);
    }
    if (typeof claims.iat !== 'number' || typeof claims.exp !== 'number' || claims.exp - claims.iat > 3600)
      return grantError(
        'Invalid JWT: Token must be a short-lived token (60 minutes) and in a reasonable timeframe.',
      );
    const scopes = typeof claims.scope === 'string' ? claims.scope.split(' ') : [];
    if (!scopes.includes('https://www.googleapis.com/auth/calendar.events'))
      return { status: 400, body: { error: 'invalid_scope', error_description: 'Invalid OAuth scope.' } };
    const value = `ya29.${randomBytes(24).toString('base64url')}`;
    tokens.add(value);
    return { status: 200, body: { access_token: value, expires_in: 3599, token_type: 'Bearer' } };
  };

  const insert = (request: FakeRequest, calendarId: string, calendar: Calendar): FakeAnswer => {
    const body = jsonOf(request) as Record<string, unknown> | undefined;
    const problem = invalidTimes(body, true);
    if (problem) return error(400, 'required', problem);
    const id = typeof body!.id === 'string' ? body!.id : randomBytes(13).toString('hex');
    if (!BASE32HEX_ID.test(id)) return error(400, 'invalid', 'Invalid resource id value.');
    if (calendar.events.has(id)) return error(409, 'duplicate', 'The requested identifier already exists.');
    const event: FakeGoogleEvent = {
      id,
      status: 'confirmed',
      summary: typeof body!.summary === 'string' ? body!.summary : '',
      description: typeof body!.description === 'string' ? body!.description : undefined,
      location: typeof body!.location === 'string' ? body!.location : undefined,
      start: body!.start as GoogleEventDateTime,
      end: body!.end as GoogleEventDateTime,
      // an application writing on a resource calendar organises the event as that calendar
      organizer: { email: calendarId, self: true },
      creator: { email: calendarId },
      attendees: [],
      etag: '',
      updated: '',
      sequence: 0,
    };
    calendar.events.set(id, event);
    touch(calendar, event);
    return { status: 200, body: event };
  };

  const patch = (request: FakeRequest, calendar: Calendar, event: FakeGoogleEvent): FakeAnswer => {
    const body = jsonOf(request) as Record<string, unknown> | undefined;
    const problem = invalidTimes(body, false);
    if (problem) return error(400, 'invalid', problem);
    if (body!.id !== undefined && body!.id !== event.id)
      return error(400, 'invalid', 'The event id cannot change.');
    for (const key of ['summary', 'description', 'location'] as const) {
      if (typeof body![key] === 'string') event[key] = body![key] as string;
    }
    if (body!.start) event.start = body!.start as GoogleEventDateTime;
    if (body!.end) event.end = body!.end as GoogleEventDateTime;
    if (body!.status === 'confirmed' || body!.status === 'cancelled' || body!.status === 'tentative') {
      event.status = body!.status;
    }
    if (Array.isArray(body!.attendees)) event.attendees = body!.attendees as GoogleAttendee[];
    event.sequence += 1;
    touch(calendar, event);
    return { status: 200, body: event };
  };

  const list = (request: FakeRequest, calendarId: string, calendar: Calendar): FakeAnswer => {
    const params = request.url.searchParams;
    const syncToken = params.get('syncToken');
    const pageToken = params.get('pageToken');
    const maxResults = Math.min(2500, Math.max(1, Number(params.get('maxResults') ?? 250) || 250));
    if (
      syncToken &&
      (params.has('timeMin') || params.has('timeMax') || params.has('q') || params.has('orderBy'))
    ) {
      return error(400, 'invalid', 'Sync token cannot be used with other request restrictions.');
    }
    // a page token belongs to the listing it came from, with the same parameters
    const query = [...params.entries()]
      .filter(([key]) => key !== 'pageToken')
      .map(([k, v]) => `${k}=${v}`)
      .sort()
      .join('&');
    let listing: Listing;
    if (pageToken) {
      const found = pages.get(pageToken);
      if (!found || found.query !== query || found.calendarId !== calendarId) {
        return error(400, 'invalid', 'Invalid page token value.');
      }
      pages.delete(pageToken);
      listing = found;
    } else if (syncToken) {
      const state = syncTokens.get(syncToken);
      if (!state || state.calendarId !== calendarId)
        return error(410, 'fullSyncRequired', 'Sync token is no longer valid, a full sync is required.');
      const ids = [...new Set(calendar.changes.slice(state.position))];
      listing = {
        calendarId,
        query,
        position: calendar.changes.length,
        pending: ids.map((id) => calendar.events.get(id)!),
      };
    } else {
      const from = Date.parse(params.get('timeMin') ?? '') || Number.NEGATIVE_INFINITY;
      const to = Date.parse(params.get('timeMax') ?? '') || Number.POSITIVE_INFINITY;
      const showDeleted = params.get('showDeleted') === 'true';
      listing = {
        calendarId,
        query,
        position: calendar.changes.length,
        pending: [...calendar.events.values()].filter(
          (event) =>
            (showDeleted || event.status !== 'cancelled') &&
            instant(event.start) < to &&
            instant(event.end) > from,
        ),
      };
    }
    const items = listing.pending.slice(0, maxResults);
    const rest = listing.pending.slice(maxResults);
    const answer: Record<string, unknown> = { kind: 'calendar#events', summary: calendarId, items };
    if (rest.length > 0) {
      const next = randomBytes(12).toString('base64url');
      pages.set(next, { ...listing, pending: rest });
      answer.nextPageToken = next;
    } else {
      const next = randomBytes(12).toString('base64url');
      syncTokens.set(next, { calendarId, position: listing.position });
      answer.nextSyncToken = next;
    }
    return { status: 200, body: answer };
  };

  const http = await startFakeHttp(
    handle,
    (status, seconds) => ({
      ...error(status, 'rateLimitExceeded', 'Rate Limit Exceeded'),
      headers: { 'retry-after': String(seconds) },
    }),
    (request) => request.url.pathname === '/token',
  );

  origin = http.origin;

  const calendarOf = (calendarId: string) => {
    const calendar = calendars.get(calendarId.toLowerCase());
    if (!calendar) throw new Error(`no calendar ${calendarId}`);
    return calendar;
  };

  return {
    origin: http.origin,
    baseUrl: `${http.origin}${API}`,
    tokenUrl: tokenUrl(),
    serviceAccount: { email, privateKey: account.privateKey, keyFile },
    strangerKey: keyPair().privateKey,
    http,
    eventsOf(calendarId) {
      return [...calendarOf(calendarId).events.values()].filter((event) => event.status !== 'cancelled');
    },
    event(calendarId, id) {
      return calendarOf(calendarId).events.get(id);
    },
    organizerBooks(calendarId, input) {
      const calendar = calendarOf(calendarId);
      const event: FakeGoogleEvent = {
        id: randomBytes(13).toString('hex'),
        status: 'confirmed',
        summary: input.summary,
        start: { dateTime: input.start.toISOString() },
        end: { dateTime: input.end.toISOString() },
        organizer: { email: input.organizer },
        creator: { email: input.organizer },
        attendees: [
          { email: input.organizer, responseStatus: 'accepted' },
          { email: calendarId, resource: true, self: true, responseStatus: 'accepted' },
        ],
        etag: '',
        updated: '',
        sequence: 0,
      };
      calendar.events.set(event.id, event);
      touch(calendar, event);
      return event;
    },
    organizerCancels(calendarId, id) {
      const calendar = calendarOf(calendarId);
      const event = calendar.events.get(id);
      if (!event) throw new Error(`no event ${id}`);
      event.status = 'cancelled';
      touch(calendar, event);
    },
    expireSyncTokens(calendarId) {
      for (const [token, state] of syncTokens) if (state.calendarId === calendarId) syncTokens.delete(token);
    },
    throttleNext: http.throttleNext,
    close: http.close,
  };
}

function instant(value: GoogleEventDateTime): number {
  return Date.parse(value.dateTime ?? `${value.date}T00:00:00Z`);
}

function isEventDateTime(value: unknown): value is GoogleEventDateTime {
  if (!value || typeof value !== 'object') return false;
  const { dateTime, date } = value as Record<string, unknown>;
  if (typeof dateTime === 'string')
    return !Number.isNaN(Date.parse(dateTime)) && /[zZ]|[+-]\d{2}:\d{2}$/.test(dateTime);
  return typeof date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(date);
}

function invalidTimes(body: Record<string, unknown> | undefined, creating: boolean): string | null {
  if (!body || typeof body !== 'object') return 'The request body is not a JSON object.';
  if (creating && (!isEventDateTime(body.start) || !isEventDateTime(body.end)))
    return 'Missing start or end time.';
  if (body.start !== undefined && !isEventDateTime(body.start)) return 'Invalid start time.';
  if (body.end !== undefined && !isEventDateTime(body.end)) return 'Invalid end time.';
  return null;
}
