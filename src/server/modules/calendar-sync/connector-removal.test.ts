import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startFakeGraph, type FakeGraph } from '../../../../test/support/fake-graph';
import { describeEachDatabase } from '../../../../test/support/server-app';
import { ACCOUNTS, companyIdOf, signIn } from '../../../../test/support/server-factories';
import { api, dayAhead, givenFloor, slot } from '../declarations/declarations.fixtures';
import { drainCalendarSync, givenCalendarConnector, graphFields } from './calendar-sync.fixtures';

const ROOM = 'room-removed@acme.test';

describeEachDatabase('removing a calendar connector (fake Graph)', (server) => {
  let graph: FakeGraph;
  let connectorId: number;
  let room: number;
  const day = dayAhead(3);
  const db = () => server().db.kysely;
  const sync = (pull = false) => drainCalendarSync(server(), { pull });

  beforeAll(async () => {
    graph = await startFakeGraph([ROOM]);
    const floor = await givenFloor(server());
    room = await floor.resource('Room of a removed connector', 'room');
    ({ id: connectorId } = await givenCalendarConnector(db(), server().config, {
      companyId: await companyIdOf(server(), 'acme'),
      provider: 'outlook',
      fields: graphFields(graph),
      secrets: { client_secret: graph.clientSecret },
      rooms: [{ resourceId: room, calendarId: ROOM }],
    }));
  });
  afterAll(async () => graph?.close());

  it('takes the events it wrote for bookings off the room calendar, and leaves the meetings booked there', async () => {
    const employee = await signIn(server(), ACCOUNTS.employee);
    const [booking] = await api(server).bookOk(employee, {
      resource_id: room,
      slots: [slot(day, 9)],
      subject: 'Booked here',
    });
    const meeting = graph.organizerBooks(ROOM, {
      subject: 'Booked in Outlook',
      start: new Date(slot(day, 14).datetime_from),
      end: new Date(slot(day, 14).datetime_to),
      organizer: ACCOUNTS.employee,
    });
    await sync(true);
    expect(
      graph
        .eventsOf(ROOM)
        .map((event) => event.subject)
        .sort(),
    ).toEqual(['Booked here', 'Booked in Outlook']);

    const admin = await signIn(server(), ACCOUNTS.acmeAdmin);
    const removed = await api(server).remove(admin, `/api/company/v1/connectors/calendars/${connectorId}`);
    expect(removed.statusCode, removed.body).toBe(200);
    await sync();
    // the room is no longer busy on its calendar for a booking the product no longer shows there
    expect(graph.eventsOf(ROOM).map((event) => event.id)).toEqual([meeting.id]);
    // the bookings themselves stay
    const { rows } = await sql<{ id: number; status: string }>`
      select id, status from declarations where resource_id = ${room} order by starts_at`.execute(db());
    expect(rows.map((row) => row.status)).toEqual(['booked', 'booked']);
    expect(rows[0]!.id).toBe(booking!.id);
  });

  it('leaves an event the room’s new connector has taken for the booking', async () => {
    const companyId = await companyIdOf(server(), 'acme');
    const { id: first } = await givenCalendarConnector(db(), server().config, {
      companyId,
      provider: 'outlook',
      fields: graphFields(graph),
      secrets: { client_secret: graph.clientSecret },
      rooms: [{ resourceId: room, calendarId: ROOM }],
    });
    const employee = await signIn(server(), ACCOUNTS.employee);
    const [booking] = await api(server).bookOk(employee, {
      resource_id: room,
      slots: [slot(day, 11)],
      subject: 'Kept by the new connector',
    });
    await sync();
    const event = graph.eventsOf(ROOM).find((one) => one.subject === 'Kept by the new connector')!;

    const admin = await signIn(server(), ACCOUNTS.acmeAdmin);
    const removed = await api(server).remove(admin, `/api/company/v1/connectors/calendars/${first}`);
    expect(removed.statusCode, removed.body).toBe(200);
    // before the retract runs, the room's new connector has written the booking and found the
    // same event (Graph answers a repeated transactionId with the event it created)
    const { id: second } = await givenCalendarConnector(db(), server().config, {
      companyId,
      provider: 'outlook',
      fields: graphFields(graph),
      secrets: { client_secret: graph.clientSecret },
      rooms: [{ resourceId: room, calendarId: ROOM }],
    });
    await sql`
      insert into calendar_event_links
        (company_id, declaration_id, calendar_connector_id, calendar_id, external_id, origin)
      values (${companyId}, ${booking!.id}, ${second}, ${ROOM}, ${event.id}, 'product')`.execute(db());
    await sync();
    expect(graph.eventsOf(ROOM).map((one) => one.id)).toContain(event.id);
  });
});
