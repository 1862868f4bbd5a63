import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../test/support/server-app';
import { ACCOUNTS, companyIdOf } from '../../../../test/support/server-factories';
import {
  MAX_EVENT_SUBSCRIPTION_MINUTES,
  startFakeGraph,
  type FakeGraph,
} from '../../../../test/support/fake-graph';
import { dayAhead, givenFloor, slot } from '../declarations/declarations.fixtures';
import { drainCalendarSync, givenCalendarConnector, graphFields } from './calendar-sync.fixtures';
import { GRAPH_NOTIFICATIONS_PATH, SUBSCRIPTIONS_JOB } from './index';
import { RENEW_BEFORE_MS } from './subscriptions.service';

const ROOM_A = 'subs-a@acme.test';
const ROOM_B = 'subs-b@acme.test';
const DAY_MS = 86_400_000;

describeEachDatabase('Graph change-notification subscriptions (fake Graph)', (server) => {
  let graph: FakeGraph;
  let companyId: number;
  let connectorId: number;
  let roomA: number;
  let roomB: number;
  let notificationUrl: string;
  // the clock of the sync, its jobs and the fake Graph, moved by the renewal test
  let shift = 0;
  const clock = () => new Date(Date.now() + shift);
  const day = dayAhead(3);
  const db = () => server().db.kysely;
  /** runs due jobs, without queueing the periodic pulls */
  const sync = () => drainCalendarSync(server(), { now: clock });
  const at = (hour: number) => new Date(slot(day, hour).datetime_from).getTime();
  const ourSubscriptions = async () => {
    const { rows } = await sql<{ calendar_id: string; subscription_id: string; expires_at: Date }>`
      select calendar_id, subscription_id, expires_at from calendar_subscriptions
      where calendar_connector_id = ${connectorId} order by calendar_id`.execute(db());
    return rows;
  };
  const queuedPulls = async () => {
    const { rows } = await sql<{ key: string }>`
      select key from jobs where status = 'queued' and kind = 'calendar.pull'
        and company_id = ${companyId}`.execute(db());
    return rows.map((row) => row.key);
  };

  beforeAll(async () => {
    graph = await startFakeGraph([ROOM_A, ROOM_B], { allowHttpNotificationUrl: true, now: clock });
    await server().app.listen({ port: 0, host: '127.0.0.1' });
    const address = server().app.server.address();
    const port = address && typeof address === 'object' ? address.port : 0;
    notificationUrl = `http://127.0.0.1:${port}${GRAPH_NOTIFICATIONS_PATH}`;
    companyId = await companyIdOf(server(), 'acme');
    const floor = await givenFloor(server());
    roomA = await floor.resource('Subscribed A', 'room');
    roomB = await floor.resource('Subscribed B', 'room');
    connectorId = (
      await givenCalendarConnector(db(), server().config, {
        companyId,
        provider: 'outlook',
        fields: { ...graphFields(graph), notification_url: notificationUrl },
        secrets: { client_secret: graph.clientSecret },
        rooms: [
          { resourceId: roomA, calendarId: ROOM_A },
          { resourceId: roomB, calendarId: ROOM_B },
        ],
      })
    ).id;
  });
  afterAll(async () => graph?.close());

  it('subscribes to each mapped room mailbox once the mapping is made, after the validation handshake', async () => {
    const { rows: queued } = await sql<{ key: string }>`
      select key from jobs where status = 'queued' and kind = ${SUBSCRIPTIONS_JOB}`.execute(db());
    expect(queued).toContainEqual({ key: String(connectorId) });
    await sync();
    const subscriptions = graph.subscriptions();
    expect(subscriptions.map((one) => one.mailbox).sort()).toEqual([ROOM_A, ROOM_B]);
    for (const subscription of subscriptions) {
      expect(subscription).toMatchObject({
        changeType: 'created,updated,deleted',
        notificationUrl,
        resource: `users/${subscription.mailbox}/events`,
      });
      expect(subscription.clientState).toMatch(/^[\w-]{32,128}$/);
      const lifetime = Date.parse(subscription.expirationDateTime) - clock().getTime();
      expect(lifetime).toBeLessThanOrEqual(MAX_EVENT_SUBSCRIPTION_MINUTES * 60_000);
      expect(lifetime).toBeGreaterThan(6 * DAY_MS);
    }
    expect(graph.validations.filter((one) => one.ok)).toHaveLength(2);
    // the clientState is kept sealed, never as it was sent
    const { rows } = await sql<{ sealed_client_state: string }>`
      select sealed_client_state from calendar_subscriptions where calendar_connector_id = ${connectorId}`.execute(
      db(),
    );
    expect(rows).toHaveLength(2);
    for (const row of rows)
      expect(subscriptions.map((one) => one.clientState)).not.toContain(row.sealed_client_state);

    // run again: nothing new at Graph
    await sql`update jobs set run_at = now() where kind = ${SUBSCRIPTIONS_JOB} and status = 'queued'`.execute(
      db(),
    );
    await sync();
    expect(graph.subscriptions()).toHaveLength(2);
  });

  it('answers the validation handshake with the token as plain text', async () => {
    const response = await server().app.inject({
      method: 'POST',
      url: `${GRAPH_NOTIFICATIONS_PATH}?validationToken=${encodeURIComponent('Validation: a token <b>')}`,
      headers: { 'content-type': 'text/plain' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.body).toBe('Validation: a token <b>');
  });

  it('books an event made in Outlook through its notification, without the periodic pull', async () => {
    await sync();
    expect(await queuedPulls()).toEqual([]);
    const before = graph.deliveries.length;
    const event = graph.organizerBooks(ROOM_A, {
      subject: 'Notified',
      start: new Date(at(10)),
      end: new Date(at(11)),
      organizer: ACCOUNTS.employee,
    });
    // several changes in a row: one waiting pull of the room
    graph.organizerBooks(ROOM_A, {
      subject: 'Notified too',
      start: new Date(at(12)),
      end: new Date(at(13)),
      organizer: ACCOUNTS.employee,
    });
    await graph.notificationsSettled();
    const sent = graph.deliveries.slice(before);
    expect(sent).toHaveLength(2);
    expect(sent.every((delivery) => delivery.status === 202)).toBe(true);
    expect(await queuedPulls()).toEqual([`${connectorId}:${ROOM_A}`]);

    await sync();
    const { rows } = await sql<{ status: string; source: string; external_ref: string }>`
      select status, source, external_ref from declarations
      where resource_id = ${roomA} and starts_at = ${new Date(at(10))}`.execute(db());
    expect(rows).toEqual([{ status: 'booked', source: 'calendar', external_ref: event.id }]);
  });

  it('ignores a notification with a wrong clientState (202, nothing queued, nothing booked)', async () => {
    await sync();
    const [subscription] = graph.subscriptions().filter((one) => one.mailbox === ROOM_B);
    const forged = await server().app.inject({
      method: 'POST',
      url: GRAPH_NOTIFICATIONS_PATH,
      payload: {
        value: [
          {
            subscriptionId: subscription!.id,
            clientState: 'not-the-secret',
            changeType: 'created',
            resource: `Users/${ROOM_B}/Events/AAMkforged`,
          },
          { subscriptionId: 'unknown-subscription', clientState: subscription!.clientState },
        ],
      },
    });
    expect(forged.statusCode).toBe(202);
    expect(await queuedPulls()).toEqual([]);

    const malformed = await server().app.inject({
      method: 'POST',
      url: GRAPH_NOTIFICATIONS_PATH,
      payload: { value: [{ clientState: 'x' }] },
    });
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json()).toMatchObject({
      data: { errors: { 'value.0.subscriptionId': [expect.any(String)] } },
    });
    expect(await queuedPulls()).toEqual([]);
  });

  it('renews a subscription before it expires, not earlier than needed', async () => {
    await sync();
    const before = await ourSubscriptions();
    const first = before[0];
    const patches = () =>
      graph.http.requests.filter(
        (request) => request.method === 'PATCH' && request.url.pathname.includes('/subscriptions/'),
      );
    const patchedBefore = patches().length;

    shift = DAY_MS; // a day later: nothing due
    await sync();
    expect(patches().length).toBe(patchedBefore);

    // within a day of the expiry: the renewal job is due and extends it at Graph and here
    shift = first!.expires_at.getTime() - Date.now() - RENEW_BEFORE_MS + 60_000;
    await sync();
    expect(patches().length).toBe(patchedBefore + 2);
    const renewed = await ourSubscriptions();
    // the same subscriptions, renewed rather than made anew
    expect(renewed.map((row) => row.subscription_id)).toEqual(before.map((row) => row.subscription_id));
    for (const row of renewed)
      expect(row.expires_at.getTime()).toBeGreaterThan(first!.expires_at.getTime() + 5 * DAY_MS);
    expect(graph.subscriptions()).toHaveLength(2);
    // still alive when the first expiry has passed
    shift = first!.expires_at.getTime() - Date.now() + 60_000;
    expect(
      graph
        .subscriptions()
        .map((one) => one.id)
        .sort(),
    ).toEqual(renewed.map((row) => row.subscription_id).sort());
    shift = 0;
  });

  it('deletes the subscription of a room unmapped, and the rest when the connector is removed', async () => {
    shift = 0;
    await sql`delete from calendar_connector_resources
      where calendar_connector_id = ${connectorId} and resource_id = ${roomB}`.execute(db());
    await sync();
    expect(graph.subscriptions().map((one) => one.mailbox)).toEqual([ROOM_A]);
    expect((await ourSubscriptions()).map((row) => row.calendar_id)).toEqual([ROOM_A]);

    await sql`delete from calendar_connectors where id = ${connectorId}`.execute(db());
    await sync();
    expect(graph.subscriptions()).toEqual([]);
    expect(await ourSubscriptions()).toEqual([]);
  });
});
