import { randomBytes, randomUUID } from 'node:crypto';
import type { GraphDateTime, GraphEvent } from '../../../src/server/integrations/microsoft-graph';
import {
  bearerOf,
  jsonOf,
  startFakeHttp,
  type FakeAnswer,
  type FakeHttp,
  type FakeRequest,
} from '../fake-http';

/**
 * A local Microsoft Graph v1.0 for exactly what calendar sync calls, following the published API
 * reference: the v2.0 client-credentials token endpoint, events of a user (room mailbox) created,
 * updated, deleted and declined, and the calendarView delta query with @odata.nextLink pages
 * ($skiptoken) and an @odata.deltaLink ($deltatoken) that yields only what changed since. Its
 * rules are enforced: a bearer token it issued, known mailboxes, dateTimeTimeZone bodies, a
 * transactionId answering the event already created, Prefer: odata.maxpagesize, and 429 with
 * Retry-After when the test throttles it. Change notifications: subscriptions to a mailbox's events
 * created (after the validation handshake with the notification URL, which must be https unless
 * the test allows http), renewed with PATCH, deleted; an expiry at most 10,070 minutes ahead, an
 * expired subscription gone (404); every change of a subscribed calendar POSTed to the subscriber
 * with its clientState.
 */
export interface FakeGraphEvent extends GraphEvent {
  id: string;
  subject: string;
  start: GraphDateTime;
  end: GraphDateTime;
  organizer: { emailAddress: { name: string; address: string } };
  location: { displayName: string };
  isCancelled: boolean;
  transactionId: string | null;
  createdDateTime: string;
  lastModifiedDateTime: string;
  changeKey: string;
}

export interface FakeGraph {
  origin: string;
  /** base URL of the API, as the client's baseUrl */
  baseUrl: string;
  tokenUrl: string;
  tenantId: string;
  clientId: string;
  clientSecret: string;
  http: FakeHttp;
  /** the live events of a mailbox's calendar */
  eventsOf(mailbox: string): FakeGraphEvent[];
  /** Someone books the room in Outlook: the event lands on the room mailbox's calendar. */
  organizerBooks(
    mailbox: string,
    event: { subject: string; start: Date; end: Date; organizer: string },
  ): FakeGraphEvent;
  /** The organiser cancels their meeting in Outlook. */
  organizerCancels(mailbox: string, eventId: string): void;
  /** The organiser drags their meeting to another time in Outlook's calendar. */
  organizerMoves(mailbox: string, eventId: string, to: { start: Date; end: Date }): void;
  /** The mailbox's delta tokens expire, as Graph's do: the next delta round answers 410 SyncStateNotFound. */
  expireDeltaTokens(mailbox: string): void;
  /** declines the room sent, with their comments */
  declines: Array<{ mailbox: string; eventId: string; comment: string }>;
  throttleNext(count: number, retryAfterSeconds: number): void;
  /**
   * An outage until `restore()`: every API call answers 503 ServiceUnavailable with Retry-After
   * (the token endpoint, a separate service, still answers).
   */
  outage(retryAfterSeconds?: number): void;
  restore(): void;
  /** the live (unexpired) subscriptions */
  subscriptions(): FakeGraphSubscription[];
  /** every notification POSTed to a subscriber, with the status it answered (0: no answer) */
  deliveries: Array<{ subscriptionId: string; changeType: string; status: number }>;
  /** validation handshakes made, with whether the URL echoed the token in time */
  validations: Array<{ notificationUrl: string; ok: boolean }>;
  /** resolves once every notification sent so far has been answered */
  notificationsSettled(): Promise<void>;
  close(): Promise<void>;
}

export interface FakeGraphSubscription {
  id: string;
  resource: string;
  changeType: string;
  notificationUrl: string;
  expirationDateTime: string;
  clientState: string | null;
  mailbox: string;
  applicationId: string;
  creatorId: string;
}

/** Graph's longest subscription to Outlook events, in minutes (a little under seven days). */
export const MAX_EVENT_SUBSCRIPTION_MINUTES = 10_070;

interface Mailbox {
  events: Map<string, FakeGraphEvent>;
  /** every change in order: the delta tokens are positions in it */
  changes: string[];
}

interface Round {
  mailbox: string;
  from: number;
  to: number;
  /** what the round still has to hand out */
  pending: Array<FakeGraphEvent | { id: string; '@removed': { reason: 'deleted' } }>;
  /** change position the round's deltaLink continues from */
  position: number;
}

const API = '/v1.0';
/** Graph's default page size for event delta when Prefer: odata.maxpagesize is absent */
const DEFAULT_PAGE = 10;

export interface FakeGraphOptions {
  /** the most events a delta page holds whatever the client prefers (Graph may page smaller) */
  pageLimit?: number;
  /** notification URLs over plain http accepted (tests reach the server on 127.0.0.1); Graph wants https */
  allowHttpNotificationUrl?: boolean;
  /** the fake's clock (subscription expiries), the real one unless a test moves it */
  now?: () => Date;
}

export async function startFakeGraph(
  mailboxes: string[],
  options: FakeGraphOptions = {},
): Promise<FakeGraph> {
  const tenantId = randomUUID();
  const clientId = randomUUID();
  const clientSecret = randomBytes(16).toString('base64url');
  const tokens = new Set<string>();
  const boxes = new Map<string, Mailbox>(
    mailboxes.map((address) => [address.toLowerCase(), { events: new Map(), changes: [] }]),
  );
  const rounds = new Map<string, Round>();
  const deltaTokens = new Map<string, { mailbox: string; from: number; to: number; position: number }>();
  const declines: FakeGraph['declines'] = [];
  const transactions = new Map<string, string>();
  const now = options.now ?? (() => new Date());
  const subscriptions = new Map<string, FakeGraphSubscription>();
  const deliveries: FakeGraph['deliveries'] = [];
  const validations: FakeGraph['validations'] = [];
  const inFlight = new Set<Promise<void>>();
  let down: number | null = null;
  const live = (subscription: FakeGraphSubscription) =>
    Date.parse(subscription.expirationDateTime) > now().getTime();

  const error = (
    status: number,
    code: string,
    message: string,
    headers?: Record<string, string>,
  ): FakeAnswer => ({
    status,
    body: { error: { code, message } },
    headers,
  });

  const record = (box: Mailbox, id: string, changeType: 'created' | 'updated' | 'deleted') => {
    box.changes.push(id);
    notify(box, id, changeType);
  };

  const notify = (box: Mailbox, eventId: string, changeType: 'created' | 'updated' | 'deleted') => {
    const mailbox = [...boxes.entries()].find(([, candidate]) => candidate === box)![0];
    for (const subscription of subscriptions.values()) {
      if (subscription.mailbox !== mailbox || !live(subscription)) continue;
      if (!subscription.changeType.split(',').includes(changeType)) continue;
      const resource = `Users/${mailbox}/Events/${eventId}`;
      const body = {
        value: [
          {
            subscriptionId: subscription.id,
            subscriptionExpirationDateTime: subscription.expirationDateTime,
            changeType,
            resource,
            resourceData: {
              '@odata.type': '#Microsoft.Graph.Event',
              '@odata.id': resource,
              id: eventId,
            },
            clientState: subscription.clientState,
            tenantId,
          },
        ],
      };
      const delivery = { subscriptionId: subscription.id, changeType, status: 0 };
      deliveries.push(delivery);
      const sent = fetch(subscription.notificationUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        // Graph gives a subscriber 3 seconds (then counts the notification as failed)
        signal: AbortSignal.timeout(3_000),
      })
        .then(async (response) => {
          delivery.status = response.status;
          await response.arrayBuffer();
        })
        .catch(() => undefined)
        .finally(() => inFlight.delete(sent));
      inFlight.add(sent);
    }
  };

  const subscriptionRequest = async (request: FakeRequest, id: string | undefined): Promise<FakeAnswer> => {
    if (id === undefined && request.method === 'POST') return subscribe(request);
    const subscription = id ? subscriptions.get(id) : undefined;
    if (!subscription || !live(subscription)) {
      return error(404, 'ResourceNotFound', 'The object was not found.');
    }
    if (request.method === 'GET') return { status: 200, body: subscription };
    if (request.method === 'DELETE') {
      subscriptions.delete(subscription.id);
      return { status: 204 };
    }
    if (request.method === 'PATCH') {
      const body = jsonOf(request) as { expirationDateTime?: unknown } | undefined;
      const problem = expiryProblem(body?.expirationDateTime);
      if (problem) return error(400, 'ExtensionError', problem);
      subscription.expirationDateTime = new Date(body!.expirationDateTime as string).toISOString();
      return { status: 200, body: subscription };
    }
    return error(405, 'ErrorInvalidRequest', 'The OData request is not supported.');
  };

  const expiryProblem = (value: unknown): string | null => {
    const at = typeof value === 'string' ? Date.parse(value) : Number.NaN;
    if (Number.isNaN(at)) return 'expirationDateTime is required and must be a date.';
    if (at <= now().getTime()) return 'Subscription expiration can only be in the future.';
    if (at > now().getTime() + MAX_EVENT_SUBSCRIPTION_MINUTES * 60_000) {
      return `Subscription expiration can only be ${MAX_EVENT_SUBSCRIPTION_MINUTES} minutes in the future.`;
    }
    return null;
  };

  const subscribe = async (request: FakeRequest): Promise<FakeAnswer> => {
    const body = jsonOf(request) as Record<string, unknown> | undefined;
    if (!body || typeof body !== 'object') return error(400, 'InvalidRequest', 'The body is not JSON.');
    const { changeType, notificationUrl, resource, clientState } = body;
    if (
      typeof changeType !== 'string' ||
      changeType === '' ||
      !changeType.split(',').every((one) => ['created', 'updated', 'deleted'].includes(one))
    ) {
      return error(400, 'InvalidRequest', 'changeType must be created, updated or deleted, comma separated.');
    }
    const match = typeof resource === 'string' ? /^\/?users\/([^/]+)\/events$/i.exec(resource) : null;
    if (!match) return error(400, 'InvalidRequest', 'Unsupported resource for this subscription.');
    const mailbox = decodeURIComponent(match[1]!).toLowerCase();
    if (!boxes.has(mailbox))
      return error(404, 'ErrorInvalidUser', `The requested user '${match[1]}' is invalid.`);
    let url: URL;
    try {
      url = new URL(String(notificationUrl));
    } catch {
      return error(400, 'InvalidRequest', 'notificationUrl is not a valid URL.');
    }
    if (url.protocol !== 'https:' && !(options.allowHttpNotificationUrl && url.protocol === 'http:')) {
      return error(400, 'InvalidRequest', 'The notificationUrl must use https.');
    }
    if (clientState !== undefined && (typeof clientState !== 'string' || clientState.length > 128)) {
      return error(400, 'InvalidRequest', 'clientState must be a string of at most 128 characters.');
    }
    const problem = expiryProblem(body.expirationDateTime);
    if (problem) return error(400, 'ExtensionError', problem);
    // the validation handshake: the URL must echo the token, as text/plain, within 10 seconds
    const token = `Validation: Testing client application reachability ${randomBytes(12).toString('hex')}`;
    const check = new URL(url);
    check.searchParams.set('validationToken', token);
    let ok = false;
    try {
      const answer = await fetch(check, {
        method: 'POST',
        headers: { 'content-type': 'text/plain; charset=utf-8' },
        signal: AbortSignal.timeout(10_000),
      });
      const text = await answer.text();
      ok =
        answer.status === 200 &&
        (answer.headers.get('content-type') ?? '').startsWith('text/plain') &&
        text === token;
    } catch {
      ok = false;
    }
    validations.push({ notificationUrl: url.toString(), ok });
    if (!ok) {
      return error(
        400,
        'ValidationError',
        'Subscription validation request failed. Notification endpoint must respond with 200 OK to validation request.',
      );
    }
    const subscription: FakeGraphSubscription = {
      id: randomUUID(),
      resource: resource as string,
      changeType,
      notificationUrl: url.toString(),
      expirationDateTime: new Date(body.expirationDateTime as string).toISOString(),
      clientState: (clientState as string | undefined) ?? null,
      mailbox,
      applicationId: clientId,
      creatorId: randomUUID(),
    };
    subscriptions.set(subscription.id, subscription);
    return { status: 201, body: subscription };
  };

  const handle = (request: FakeRequest): FakeAnswer | Promise<FakeAnswer> => {
    const path = request.url.pathname;
    if (request.method === 'POST' && path === `/${tenantId}/oauth2/v2.0/token`) return token(request);
    const subscriptionPath = /^\/v1\.0\/subscriptions(?:\/([^/]+))?$/.exec(path);
    if (!path.startsWith(`${API}/users/`) && !subscriptionPath)
      return error(404, 'BadRequest', 'Resource not found for the segment.');
    if (down !== null) {
      return error(503, 'ServiceUnavailable', 'The service is temporarily unavailable.', {
        'retry-after': String(down),
      });
    }
    const bearer = bearerOf(request);
    if (!bearer || !tokens.has(bearer)) {
      return error(401, 'InvalidAuthenticationToken', 'Access token is empty or not valid.');
    }
    if (subscriptionPath) {
      const id = subscriptionPath[1] === undefined ? undefined : decodeURIComponent(subscriptionPath[1]);
      return subscriptionRequest(request, id);
    }
    const segments = path.slice(`${API}/users/`.length).split('/').map(decodeURIComponent);
    const mailbox = segments[0]!.toLowerCase();
    const box = boxes.get(mailbox);
    if (!box) return error(404, 'ErrorInvalidUser', `The requested user '${segments[0]}' is invalid.`);
    const rest = segments.slice(1);

    if (rest[0] === 'calendarView' && rest[1] === 'delta' && rest.length === 2 && request.method === 'GET') {
      return delta(request, mailbox, box);
    }
    if (rest[0] !== 'events') return error(400, 'BadRequest', 'Unsupported segment.');
    if (rest.length === 1 && request.method === 'POST') return create(request, mailbox, box);
    const event = rest[1] ? box.events.get(rest[1]) : undefined;
    if (rest.length >= 2 && !event)
      return error(404, 'ErrorItemNotFound', 'The specified object was not found in the store.');
    if (rest.length === 2 && request.method === 'GET') return { status: 200, body: event };
    if (rest.length === 2 && request.method === 'PATCH') return update(request, box, event!);
    if (rest.length === 2 && request.method === 'DELETE') {
      box.events.delete(event!.id);
      record(box, event!.id, 'deleted');
      return { status: 204 };
    }
    if (rest.length === 3 && rest[2] === 'decline' && request.method === 'POST') {
      const body = jsonOf(request) as { comment?: unknown; sendResponse?: unknown } | undefined;
      if (body?.comment !== undefined && typeof body.comment !== 'string') {
        return error(400, 'ErrorInvalidRequest', 'comment must be a string.');
      }
      declines.push({ mailbox, eventId: event!.id, comment: (body?.comment as string | undefined) ?? '' });
      // a room that declines drops the meeting from its calendar
      box.events.delete(event!.id);
      record(box, event!.id, 'deleted');
      return { status: 202 };
    }
    return error(405, 'ErrorInvalidRequest', 'The OData request is not supported.');
  };

  const token = (request: FakeRequest): FakeAnswer => {
    const form = new URLSearchParams(request.body);
    if (form.get('grant_type') !== 'client_credentials') {
      return { status: 400, body: { error: 'unsupported_grant_type' } };
    }
    if (form.get('client_id') !== clientId || form.get('client_secret') !== clientSecret) {
      return {
        status: 401,
        body: {
          error: 'invalid_client',
          error_description: 'AADSTS7000215: Invalid client secret provided.',
        },
      };
    }
    if (form.get('scope') !== 'https://graph.microsoft.com/.default') {
      return { status: 400, body: { error: 'invalid_scope' } };
    }
    const value = randomBytes(24).toString('base64url');
    tokens.add(value);
    return {
      status: 200,
      body: { token_type: 'Bearer', expires_in: 3599, ext_expires_in: 3599, access_token: value },
    };
  };

  const create = (request: FakeRequest, mailbox: string, box: Mailbox): FakeAnswer => {
    const body = jsonOf(request) as Record<string, unknown> | undefined;
    const problem = invalidEventBody(body, true);
    if (problem) return error(400, 'ErrorInvalidRequest', problem);
    const transactionId = typeof body!.transactionId === 'string' ? body!.transactionId : null;
    const known = transactionId ? transactions.get(`${mailbox}|${transactionId}`) : undefined;
    if (known && box.events.has(known)) return { status: 201, body: box.events.get(known) };
    const now = new Date().toISOString();
    const event: FakeGraphEvent = {
      id: `AAMk${randomBytes(18).toString('base64url')}`,
      subject: (body!.subject as string | undefined) ?? '',
      start: normalised(body!.start as GraphDateTime),
      end: normalised(body!.end as GraphDateTime),
      // events an application creates on a room mailbox are organised by the room itself
      organizer: { emailAddress: { name: mailbox, address: mailbox } },
      location: { displayName: (body!.location as { displayName?: string } | undefined)?.displayName ?? '' },
      isCancelled: false,
      transactionId,
      createdDateTime: now,
      lastModifiedDateTime: now,
      changeKey: randomBytes(8).toString('base64url'),
    };
    box.events.set(event.id, event);
    if (transactionId) transactions.set(`${mailbox}|${transactionId}`, event.id);
    record(box, event.id, 'created');
    return { status: 201, body: event };
  };

  const update = (request: FakeRequest, box: Mailbox, event: FakeGraphEvent): FakeAnswer => {
    const body = jsonOf(request) as Record<string, unknown> | undefined;
    const problem = invalidEventBody(body, false);
    if (problem) return error(400, 'ErrorInvalidRequest', problem);
    if (typeof body!.subject === 'string') event.subject = body!.subject;
    if (body!.start) event.start = normalised(body!.start as GraphDateTime);
    if (body!.end) event.end = normalised(body!.end as GraphDateTime);
    if (body!.location)
      event.location = { displayName: (body!.location as { displayName?: string }).displayName ?? '' };
    event.lastModifiedDateTime = new Date().toISOString();
    event.changeKey = randomBytes(8).toString('base64url');
    record(box, event.id, 'updated');
    return { status: 200, body: event };
  };

  const delta = (request: FakeRequest, mailbox: string, box: Mailbox): FakeAnswer => {
    const params = request.url.searchParams;
    const pageSize = Math.min(
      maxPageSize(request.headers.prefer),
      options.pageLimit ?? Number.MAX_SAFE_INTEGER,
    );
    const skip = params.get('$skiptoken');
    const deltaToken = params.get('$deltatoken');
    let round: Round | undefined;
    let roundId: string;
    if (skip) {
      round = rounds.get(skip);
      if (!round || round.mailbox !== mailbox)
        return error(400, 'SyncStateNotFound', 'The sync state is not valid.');
      rounds.delete(skip);
    } else if (deltaToken) {
      const state = deltaTokens.get(deltaToken);
      if (!state || state.mailbox !== mailbox)
        return error(410, 'SyncStateNotFound', 'The sync state is not valid.');
      round = changesSince(box, state);
    } else {
      const from = Date.parse(params.get('startDateTime') ?? '');
      const to = Date.parse(params.get('endDateTime') ?? '');
      if (Number.isNaN(from) || Number.isNaN(to)) {
        return error(400, 'ErrorInvalidParameter', 'startDateTime and endDateTime are required.');
      }
      round = {
        mailbox,
        from,
        to,
        pending: [...box.events.values()].filter((event) => inWindow(event, from, to)),
        position: box.changes.length,
      };
    }
    const page = round.pending.slice(0, pageSize);
    const rest = round.pending.slice(pageSize);
    const base = `${request.url.origin}${API}/users/${encodeURIComponent(mailbox)}/calendarView/delta`;
    if (rest.length > 0) {
      roundId = randomBytes(12).toString('base64url');
      rounds.set(roundId, { ...round, pending: rest });
      return { status: 200, body: { value: page, '@odata.nextLink': `${base}?$skiptoken=${roundId}` } };
    }
    const next = randomBytes(12).toString('base64url');
    deltaTokens.set(next, { mailbox, from: round.from, to: round.to, position: round.position });
    return { status: 200, body: { value: page, '@odata.deltaLink': `${base}?$deltatoken=${next}` } };
  };

  const changesSince = (
    box: Mailbox,
    state: { mailbox: string; from: number; to: number; position: number },
  ): Round => {
    const ids = [...new Set(box.changes.slice(state.position))];
    return {
      mailbox: state.mailbox,
      from: state.from,
      to: state.to,
      pending: ids.map((id) => {
        const event = box.events.get(id);
        return event && inWindow(event, state.from, state.to)
          ? event
          : { id, '@removed': { reason: 'deleted' as const } };
      }),
      position: box.changes.length,
    };
  };

  const http = await startFakeHttp(
    handle,
    (status, seconds) => ({
      ...error(status, 'TooManyRequests', 'Application is over its MailboxConcurrency limit.'),
      headers: { 'retry-after': String(seconds) },
    }),
    (request) => request.url.pathname.endsWith('/oauth2/v2.0/token'),
  );

  return {
    origin: http.origin,
    baseUrl: `${http.origin}${API}`,
    tokenUrl: `${http.origin}/${tenantId}/oauth2/v2.0/token`,
    tenantId,
    clientId,
    clientSecret,
    http,
    declines,
    eventsOf(mailbox) {
      return [...(boxes.get(mailbox.toLowerCase())?.events.values() ?? [])];
    },
    organizerBooks(mailbox, input) {
      const box = boxes.get(mailbox.toLowerCase());
      if (!box) throw new Error(`no mailbox ${mailbox}`);
      const now = new Date().toISOString();
      const event: FakeGraphEvent = {
        id: `AAMk${randomBytes(18).toString('base64url')}`,
        subject: input.subject,
        start: utc(input.start),
        end: utc(input.end),
        organizer: { emailAddress: { name: input.organizer, address: input.organizer } },
        location: { displayName: mailbox },
        isCancelled: false,
        transactionId: null,
        createdDateTime: now,
        lastModifiedDateTime: now,
        changeKey: randomBytes(8).toString('base64url'),
      };
      box.events.set(event.id, event);
      record(box, event.id, 'created');
      return event;
    },
    organizerCancels(mailbox, eventId) {
      const box = boxes.get(mailbox.toLowerCase());
      if (!box?.events.delete(eventId)) throw new Error(`no event ${eventId} in ${mailbox}`);
      record(box, eventId, 'deleted');
    },
    organizerMoves(mailbox, eventId, to) {
      const event = boxes.get(mailbox.toLowerCase())?.events.get(eventId);
      if (!event) throw new Error(`no event ${eventId} in ${mailbox}`);
      event.start = utc(to.start);
      event.end = utc(to.end);
      event.lastModifiedDateTime = new Date().toISOString();
      event.changeKey = randomBytes(8).toString('base64url');
      record(boxes.get(mailbox.toLowerCase())!, eventId, 'updated');
    },
    expireDeltaTokens(mailbox) {
      for (const [token, state] of deltaTokens)
        if (state.mailbox === mailbox.toLowerCase()) deltaTokens.delete(token);
    },
    throttleNext: http.throttleNext,
    outage(retryAfterSeconds = 600) {
      down = retryAfterSeconds;
    },
    restore() {
      down = null;
    },
    subscriptions() {
      return [...subscriptions.values()].filter(live);
    },
    deliveries,
    validations,
    async notificationsSettled() {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
    async close() {
      await Promise.all([...inFlight]);
      await http.close();
    },
  };
}

function utc(date: Date): GraphDateTime {
  return { dateTime: `${date.toISOString().slice(0, 19)}.0000000`, timeZone: 'UTC' };
}

/** Graph answers dateTime with seven fractional digits in the zone asked for (UTC here). */
function normalised(value: GraphDateTime): GraphDateTime {
  return utc(new Date(`${value.dateTime.replace(/Z$/, '').slice(0, 23)}Z`));
}

function instant(value: GraphDateTime): number {
  return Date.parse(`${value.dateTime.slice(0, 23)}Z`);
}

function inWindow(event: FakeGraphEvent, from: number, to: number): boolean {
  return instant(event.start) < to && instant(event.end) > from;
}

function maxPageSize(prefer: string | string[] | undefined): number {
  const text = Array.isArray(prefer) ? prefer.join(',') : (prefer ?? '');
  const match = /odata\.maxpagesize=(\d+)/.exec(text);
  return match ? Math.max(1, Number(match[1])) : DEFAULT_PAGE;
}

function isDateTimeTimeZone(value: unknown): value is GraphDateTime {
  if (!value || typeof value !== 'object') return false;
  const { dateTime, timeZone } = value as Record<string, unknown>;
  return (
    typeof dateTime === 'string' &&
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(dateTime) &&
    // this fake keeps to UTC, which is all the product sends
    timeZone === 'UTC'
  );
}

function invalidEventBody(body: Record<string, unknown> | undefined, creating: boolean): string | null {
  if (!body || typeof body !== 'object') return 'The request body is not a JSON object.';
  if (body.subject !== undefined && typeof body.subject !== 'string') return 'subject must be a string.';
  if (creating && (!isDateTimeTimeZone(body.start) || !isDateTimeTimeZone(body.end))) {
    return 'start and end must be dateTimeTimeZone values.';
  }
  if (!creating && body.start !== undefined && !isDateTimeTimeZone(body.start)) return 'start is not valid.';
  if (!creating && body.end !== undefined && !isDateTimeTimeZone(body.end)) return 'end is not valid.';
  if (!creating && body.transactionId !== undefined) return 'transactionId cannot be changed.';
  return null;
}
