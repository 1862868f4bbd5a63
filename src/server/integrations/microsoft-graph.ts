import {
  authorizedFetch,
  ClientCredentialsToken,
  DEFAULT_RETRY,
  failure,
  type FetchLike,
  type RetryPolicy,
} from './calendar-http';

/**
 * Microsoft Graph v1.0, the parts calendar sync uses on room mailboxes with application
 * permissions: events (create, update, delete, decline) and the calendarView delta query
 * (https://learn.microsoft.com/graph/api/event-delta). Token: client credentials on the tenant's
 * v2.0 token endpoint with the `.default` scope.
 */
export interface GraphSettings {
  tenantId: string;
  clientId: string;
  clientSecret: string;
  /** default https://graph.microsoft.com/v1.0 */
  baseUrl?: string;
  /** default https://login.microsoftonline.com/{tenantId}/oauth2/v2.0/token */
  tokenUrl?: string;
  fetch?: FetchLike;
  retry?: RetryPolicy;
  /** Prefer: odata.maxpagesize for delta pages */
  pageSize?: number;
}

/** dateTimeTimeZone: a wall time and the zone it is in; we always ask for and send UTC. */
export interface GraphDateTime {
  dateTime: string;
  timeZone: string;
}

export interface GraphEmailAddress {
  name?: string;
  address?: string;
}

export interface GraphEvent {
  id: string;
  subject?: string | null;
  start?: GraphDateTime;
  end?: GraphDateTime;
  organizer?: { emailAddress?: GraphEmailAddress };
  isCancelled?: boolean;
  /** set by the creator; Graph drops a second create with the same one */
  transactionId?: string | null;
  responseStatus?: { response?: string };
}

export interface GraphEventInput {
  subject: string;
  start: Date;
  end: Date;
  location?: string;
  body?: string;
  /** an idempotency key: a repeated create with it answers the event already made */
  transactionId?: string;
}

export interface GraphDelta {
  changed: GraphEvent[];
  /** ids of events deleted (or gone from the view) since the previous round */
  removed: string[];
  /** the address of the next round */
  deltaLink: string;
}

/** A change-notification subscription (https://learn.microsoft.com/graph/api/resources/subscription). */
export interface GraphSubscription {
  id: string;
  resource: string;
  changeType: string;
  notificationUrl: string;
  expirationDateTime: string;
}

export interface GraphSubscriptionInput {
  /** e.g. users/{mailbox}/events */
  resource: string;
  changeType: string;
  notificationUrl: string;
  expirationDateTime: Date;
  /** sent back with every notification, so the receiver can tell them from forgeries */
  clientState: string;
}

const SERVICE = 'Microsoft Graph';

export class MicrosoftGraphClient {
  private readonly baseUrl: string;
  private readonly fetchFn: FetchLike;
  private readonly retry: RetryPolicy;
  private readonly token: ClientCredentialsToken;
  private readonly pageSize: number;

  constructor(settings: GraphSettings) {
    this.baseUrl = (settings.baseUrl ?? 'https://graph.microsoft.com/v1.0').replace(/\/$/, '');
    this.fetchFn = settings.fetch ?? fetch;
    this.retry = settings.retry ?? DEFAULT_RETRY;
    this.pageSize = settings.pageSize ?? 100;
    this.token = new ClientCredentialsToken(
      SERVICE,
      {
        tokenUrl:
          settings.tokenUrl ??
          `https://login.microsoftonline.com/${encodeURIComponent(settings.tenantId)}/oauth2/v2.0/token`,
        clientId: settings.clientId,
        clientSecret: settings.clientSecret,
        scope: 'https://graph.microsoft.com/.default',
      },
      this.fetchFn,
      this.retry,
    );
  }

  async createEvent(mailbox: string, input: GraphEventInput): Promise<GraphEvent> {
    const response = await this.send(`${this.eventsUrl(mailbox)}`, 'POST', eventBody(input));
    if (response.status !== 201 && response.status !== 200) throw await failure(SERVICE, response);
    return (await response.json()) as GraphEvent;
  }

  async updateEvent(mailbox: string, eventId: string, input: GraphEventInput): Promise<GraphEvent> {
    const { transactionId: _unchangeable, ...changes } = input;
    const response = await this.send(
      `${this.eventsUrl(mailbox)}/${encodeURIComponent(eventId)}`,
      'PATCH',
      eventBody(changes),
    );
    if (!response.ok) throw await failure(SERVICE, response);
    return (await response.json()) as GraphEvent;
  }

  /** Deletes the event; one already gone (404) is fine, the job may run twice. */
  async deleteEvent(mailbox: string, eventId: string): Promise<void> {
    const response = await this.send(`${this.eventsUrl(mailbox)}/${encodeURIComponent(eventId)}`, 'DELETE');
    if (!response.ok && response.status !== 404) throw await failure(SERVICE, response);
    await response.arrayBuffer();
  }

  /** The room declines the meeting; Graph sends the organiser the response with the comment. */
  async declineEvent(mailbox: string, eventId: string, comment: string): Promise<void> {
    const response = await this.send(
      `${this.eventsUrl(mailbox)}/${encodeURIComponent(eventId)}/decline`,
      'POST',
      { comment, sendResponse: true },
    );
    if (!response.ok && response.status !== 404) throw await failure(SERVICE, response);
    await response.arrayBuffer();
  }

  /**
   * One round of the calendarView delta query: from `deltaLink` when there is one, else a full
   * round over [from, to). Follows every @odata.nextLink to the round's @odata.deltaLink.
   */
  async calendarViewDelta(
    mailbox: string,
    cursor: { deltaLink: string } | { from: Date; to: Date },
  ): Promise<GraphDelta> {
    let url =
      'deltaLink' in cursor
        ? cursor.deltaLink
        : `${this.baseUrl}/users/${encodeURIComponent(mailbox)}/calendarView/delta?` +
          new URLSearchParams({
            startDateTime: cursor.from.toISOString(),
            endDateTime: cursor.to.toISOString(),
          }).toString();
    const delta: GraphDelta = { changed: [], removed: [], deltaLink: '' };
    // a guard against a server that links in a circle
    for (let page = 0; page < 10_000; page += 1) {
      const response = await this.send(url, 'GET', undefined, [`odata.maxpagesize=${this.pageSize}`]);
      if (!response.ok) throw await failure(SERVICE, response);
      const body = (await response.json()) as {
        value?: Array<GraphEvent & { '@removed'?: unknown }>;
        '@odata.nextLink'?: string;
        '@odata.deltaLink'?: string;
      };
      for (const item of body.value ?? []) {
        if (item['@removed'] !== undefined) delta.removed.push(item.id);
        else delta.changed.push(item);
      }
      if (body['@odata.deltaLink']) {
        delta.deltaLink = body['@odata.deltaLink'];
        return delta;
      }
      if (!body['@odata.nextLink']) throw new Error(`${SERVICE}: a delta page without next or delta link`);
      url = body['@odata.nextLink'];
    }
    throw new Error(`${SERVICE}: the delta round did not end`);
  }

  /**
   * POST /subscriptions: Graph first checks the notification URL (its validation handshake) and
   * answers 201 only when the URL echoed the token.
   */
  async createSubscription(input: GraphSubscriptionInput): Promise<GraphSubscription> {
    const response = await this.send(`${this.baseUrl}/subscriptions`, 'POST', {
      changeType: input.changeType,
      notificationUrl: input.notificationUrl,
      resource: input.resource,
      expirationDateTime: input.expirationDateTime.toISOString(),
      clientState: input.clientState,
    });
    if (response.status !== 201 && response.status !== 200) throw await failure(SERVICE, response);
    return (await response.json()) as GraphSubscription;
  }

  /** PATCH /subscriptions/{id}: a new expiry (a 404 when it expired or was removed meanwhile). */
  async renewSubscription(id: string, expirationDateTime: Date): Promise<GraphSubscription> {
    const response = await this.send(`${this.baseUrl}/subscriptions/${encodeURIComponent(id)}`, 'PATCH', {
      expirationDateTime: expirationDateTime.toISOString(),
    });
    if (!response.ok) throw await failure(SERVICE, response);
    return (await response.json()) as GraphSubscription;
  }

  /** DELETE /subscriptions/{id}; one already gone (404) is fine. */
  async deleteSubscription(id: string): Promise<void> {
    const response = await this.send(`${this.baseUrl}/subscriptions/${encodeURIComponent(id)}`, 'DELETE');
    if (!response.ok && response.status !== 404) throw await failure(SERVICE, response);
    await response.arrayBuffer();
  }

  private eventsUrl(mailbox: string): string {
    return `${this.baseUrl}/users/${encodeURIComponent(mailbox)}/events`;
  }

  private send(url: string, method: string, body?: unknown, preferences: string[] = []): Promise<Response> {
    return authorizedFetch(SERVICE, this.token, this.fetchFn, this.retry, url, {
      method,
      headers: {
        accept: 'application/json',
        // times in answers in UTC rather than the mailbox's zone
        prefer: ['outlook.timezone="UTC"', ...preferences].join(', '),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
  }
}

/** A Graph dateTimeTimeZone in UTC, without the offset (Graph reads the zone from timeZone). */
export function graphDateTime(date: Date): GraphDateTime {
  return { dateTime: date.toISOString().replace(/Z$/, ''), timeZone: 'UTC' };
}

/** Reads a dateTimeTimeZone answered in UTC (we ask for it with Prefer: outlook.timezone). */
export function fromGraphDateTime(value: GraphDateTime | undefined): Date | null {
  if (!value?.dateTime) return null;
  if (value.timeZone !== 'UTC' && value.timeZone !== 'Etc/UTC') return null;
  const date = new Date(`${value.dateTime.replace(/Z$/, '').slice(0, 23)}Z`);
  return Number.isNaN(date.getTime()) ? null : date;
}

function eventBody(input: Partial<GraphEventInput>): Record<string, unknown> {
  return {
    ...(input.subject !== undefined ? { subject: input.subject } : {}),
    ...(input.start ? { start: graphDateTime(input.start) } : {}),
    ...(input.end ? { end: graphDateTime(input.end) } : {}),
    ...(input.location ? { location: { displayName: input.location } } : {}),
    ...(input.body ? { body: { contentType: 'text', content: input.body } } : {}),
    ...(input.transactionId ? { transactionId: input.transactionId } : {}),
  };
}
