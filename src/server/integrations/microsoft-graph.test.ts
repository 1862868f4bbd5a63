import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeGraph, type FakeGraph } from '../../../test/support/fake-graph';
import { CalendarServiceError, DEFAULT_RETRY } from './calendar-http';
import { fromGraphDateTime, MicrosoftGraphClient } from './microsoft-graph';

const ROOM = 'room-1.01@acme.test';
const at = (iso: string) => new Date(iso);

describe('Microsoft Graph client against the fake Graph', () => {
  let graph: FakeGraph;
  let client: MicrosoftGraphClient;

  beforeAll(async () => {
    graph = await startFakeGraph([ROOM, 'room-1.02@acme.test']);
    client = new MicrosoftGraphClient({
      tenantId: graph.tenantId,
      clientId: graph.clientId,
      clientSecret: graph.clientSecret,
      baseUrl: graph.baseUrl,
      tokenUrl: graph.tokenUrl,
      pageSize: 2,
    });
  });
  afterAll(async () => graph?.close());

  it('creates, moves and deletes an event on a room mailbox with a client-credentials token', async () => {
    const created = await client.createEvent(ROOM, {
      subject: 'Planning',
      start: at('2026-11-23T08:00:00Z'),
      end: at('2026-11-23T09:00:00Z'),
      transactionId: 'workplace-1-1',
    });
    expect(graph.eventsOf(ROOM).map((event) => event.id)).toEqual([created.id]);
    expect(fromGraphDateTime(created.start)?.toISOString()).toBe('2026-11-23T08:00:00.000Z');
    const tokenRequest = graph.http.requests.find((request) => request.url.pathname.endsWith('/token'));
    expect(new URLSearchParams(tokenRequest!.body).get('scope')).toBe('https://graph.microsoft.com/.default');

    const moved = await client.updateEvent(ROOM, created.id, {
      subject: 'Planning',
      start: at('2026-11-23T10:00:00Z'),
      end: at('2026-11-23T11:30:00Z'),
    });
    expect(fromGraphDateTime(moved.end)?.toISOString()).toBe('2026-11-23T11:30:00.000Z');

    await client.deleteEvent(ROOM, created.id);
    expect(graph.eventsOf(ROOM)).toEqual([]);
    // a second delete (the job ran twice) is not an error
    await expect(client.deleteEvent(ROOM, created.id)).resolves.toBeUndefined();
  });

  it('answers the event already made when a create with the same transactionId is repeated', async () => {
    const input = {
      subject: 'Once',
      start: at('2026-11-24T08:00:00Z'),
      end: at('2026-11-24T09:00:00Z'),
      transactionId: 'workplace-1-2',
    };
    const first = await client.createEvent(ROOM, input);
    const second = await client.createEvent(ROOM, input);
    expect(second.id).toBe(first.id);
    await client.deleteEvent(ROOM, first.id);
  });

  it('follows @odata.nextLink pages to the deltaLink, then gets only what changed since', async () => {
    const events = [10, 11, 12, 13, 14].map((hour) =>
      graph.organizerBooks('room-1.02@acme.test', {
        subject: `Meeting ${hour}`,
        start: at(`2026-11-25T${hour}:00:00Z`),
        end: at(`2026-11-25T${hour}:30:00Z`),
        organizer: 'someone@acme.test',
      }),
    );
    const window = { from: at('2026-11-01T00:00:00Z'), to: at('2026-12-31T00:00:00Z') };
    const before = graph.http.requests.length;
    const first = await client.calendarViewDelta('room-1.02@acme.test', window);
    expect(first.changed.map((event) => event.subject).sort()).toEqual(
      events.map((event) => event.subject).sort(),
    );
    const pages = graph.http.requests
      .slice(before)
      .filter((request) => request.url.pathname.endsWith('/delta'));
    expect(pages.length).toBe(3);
    expect(pages[1]!.url.searchParams.get('$skiptoken')).toBeTruthy();

    graph.organizerCancels('room-1.02@acme.test', events[0]!.id);
    const added = graph.organizerBooks('room-1.02@acme.test', {
      subject: 'Late addition',
      start: at('2026-11-26T08:00:00Z'),
      end: at('2026-11-26T09:00:00Z'),
      organizer: 'someone@acme.test',
    });
    const second = await client.calendarViewDelta('room-1.02@acme.test', { deltaLink: first.deltaLink });
    expect(second.removed).toEqual([events[0]!.id]);
    expect(second.changed.map((event) => event.id)).toEqual([added.id]);
    expect(second.changed[0]!.organizer?.emailAddress?.address).toBe('someone@acme.test');

    const third = await client.calendarViewDelta('room-1.02@acme.test', { deltaLink: second.deltaLink });
    expect(third).toMatchObject({ changed: [], removed: [] });
  });

  it('waits for the Retry-After of a 429 and then succeeds', async () => {
    graph.throttleNext(1, 1);
    const started = Date.now();
    const event = await client.createEvent(ROOM, {
      subject: 'Throttled',
      start: at('2026-11-27T08:00:00Z'),
      end: at('2026-11-27T09:00:00Z'),
    });
    const requests = graph.http.requests.filter(
      (request) => request.method === 'POST' && request.url.pathname.endsWith('/events'),
    );
    const [throttled, retried] = requests.slice(-2);
    expect(retried!.at - throttled!.at).toBeGreaterThanOrEqual(1000);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    await client.deleteEvent(ROOM, event.id);
  });

  it('gives up with the Retry-After in the error when the wait is longer than it may wait', async () => {
    const impatient = new MicrosoftGraphClient({
      tenantId: graph.tenantId,
      clientId: graph.clientId,
      clientSecret: graph.clientSecret,
      baseUrl: graph.baseUrl,
      tokenUrl: graph.tokenUrl,
      retry: { ...DEFAULT_RETRY, maxWaitMs: 500 },
    });
    graph.throttleNext(1, 120);
    const refusal = await impatient
      .createEvent(ROOM, { subject: 'x', start: at('2026-11-27T08:00:00Z'), end: at('2026-11-27T09:00:00Z') })
      .catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(CalendarServiceError);
    expect((refusal as CalendarServiceError).retryAfterMs).toBe(120_000);
  });

  it('declines an event with a comment for the organiser', async () => {
    const event = graph.organizerBooks(ROOM, {
      subject: 'Clash',
      start: at('2026-11-28T08:00:00Z'),
      end: at('2026-11-28T09:00:00Z'),
      organizer: 'someone@acme.test',
    });
    await client.declineEvent(ROOM, event.id, 'The room is already booked.');
    expect(graph.declines).toContainEqual({
      mailbox: ROOM,
      eventId: event.id,
      comment: 'The room is already booked.',
    });
  });

  it('is refused without valid client credentials', async () => {
    const wrong = new MicrosoftGraphClient({
      tenantId: graph.tenantId,
      clientId: graph.clientId,
      clientSecret: 'not-the-secret',
      baseUrl: graph.baseUrl,
      tokenUrl: graph.tokenUrl,
    });
    const refusal = await wrong.deleteEvent(ROOM, 'x').catch((error: unknown) => error);
    expect((refusal as CalendarServiceError).status).toBe(401);
  });
});
