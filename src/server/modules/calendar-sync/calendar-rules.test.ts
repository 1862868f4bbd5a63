import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../test/support/server-app';
import { ACCOUNTS, companyIdOf } from '../../../../test/support/server-factories';
import { startFakeGraph, type FakeGraph } from '../../../../test/support/fake-graph';
import { dayAhead, givenFloor, slot, ZONE } from '../declarations/declarations.fixtures';
import { BOOKING_MESSAGES, closed, REFUSALS } from '../declarations';
import { CALENDAR_MESSAGES } from './calendar-rules';
import { drainCalendarSync, givenCalendarConnector, graphFields } from './calendar-sync.fixtures';

const OPEN_ROOM = 'rules-open@acme.test';
const OFFICE_HOURS_ROOM = 'rules-hours@acme.test';
const ROLES_ROOM = 'rules-roles@acme.test';

/**
 * A meeting booked on a room's calendar becomes a booking only where the booking engine would make
 * one: closures, working hours and roles decline it with the engine's reason, told to the organiser.
 */
describeEachDatabase('calendar bookings keep the booking engine rules (fake Graph)', (server) => {
  let graph: FakeGraph;
  let companyId: number;
  let openRoom: number;
  let hoursRoom: number;
  let rolesRoom: number;
  const day = dayAhead(4);
  const db = () => server().db.kysely;
  const sync = (pull = false) => drainCalendarSync(server(), { pull });
  const at = (hour: number, minute = 0) =>
    new Date(new Date(slot(day, hour).datetime_from).getTime() + minute * 60_000);
  const bookingOf = async (externalId: string) => {
    const { rows } = await sql<{ id: number; status: string; starts_at: Date }>`
      select id, status, starts_at from declarations where external_ref = ${externalId}`.execute(db());
    return rows[0] ?? null;
  };
  const declineOf = (eventId: string) => graph.declines.find((one) => one.eventId === eventId)?.comment;

  beforeAll(async () => {
    graph = await startFakeGraph([OPEN_ROOM, OFFICE_HOURS_ROOM, ROLES_ROOM]);
    companyId = await companyIdOf(server(), 'acme');
    const floor = await givenFloor(server());
    openRoom = await floor.resource('Rules open room', 'room');
    rolesRoom = await floor.resource('Rules roles room', 'room');
    const officeFloor = await givenFloor(server());
    await sql`update levels set working_hours_from = '08:00', working_hours_to = '18:00'
      where id = ${officeFloor.levelId}`.execute(db());
    hoursRoom = await officeFloor.resource('Rules hours room', 'room');
    // the roles room is kept for a role nobody holds
    const { rows } = await sql<{ id: number }>`
      insert into roles (company_id, name) values (${companyId}, 'Calendar rules board') returning id`.execute(
      db(),
    );
    await sql`insert into resource_roles (company_id, resource_id, role_id)
      values (${companyId}, ${rolesRoom}, ${rows[0]!.id})`.execute(db());
    await givenCalendarConnector(db(), server().config, {
      companyId,
      provider: 'outlook',
      fields: graphFields(graph),
      secrets: { client_secret: graph.clientSecret },
      rooms: [
        { resourceId: openRoom, calendarId: OPEN_ROOM },
        { resourceId: hoursRoom, calendarId: OFFICE_HOURS_ROOM },
        { resourceId: rolesRoom, calendarId: ROLES_ROOM },
      ],
    });
    await sync(true);
  });
  afterAll(async () => graph?.close());

  it('declines a meeting over a closure of the room, naming it, and books the one beside it', async () => {
    await sql`insert into resource_unavailabilities (company_id, resource_id, starts_at, ends_at, reason)
      values (${companyId}, ${openRoom}, ${at(10)}, ${at(12)}, 'Painting')`.execute(db());
    const closedOne = graph.organizerBooks(OPEN_ROOM, {
      subject: 'During the painting',
      start: at(11, 30),
      end: at(12, 30),
      organizer: ACCOUNTS.employee,
    });
    const beside = graph.organizerBooks(OPEN_ROOM, {
      subject: 'After the painting',
      start: at(12),
      end: at(13),
      organizer: ACCOUNTS.employee,
    });
    await sync(true);
    expect(declineOf(closedOne.id)).toBe(closed('Rules open room', at(11, 30), at(12, 30), ZONE));
    expect(await bookingOf(closedOne.id)).toBeNull();
    expect(await bookingOf(beside.id)).toMatchObject({ status: 'booked' });
    const { rows } = await sql<{ reason: string }>`
      select reason from calendar_sync_declines where external_id = ${closedOne.id}`.execute(db());
    expect(rows).toEqual([{ reason: closed('Rules open room', at(11, 30), at(12, 30), ZONE) }]);
  });

  it("keeps to the level's working hours", async () => {
    const evening = graph.organizerBooks(OFFICE_HOURS_ROOM, {
      subject: 'After hours',
      start: at(17, 30),
      end: at(18, 30),
      organizer: ACCOUNTS.employee,
    });
    const morning = graph.organizerBooks(OFFICE_HOURS_ROOM, {
      subject: 'In hours',
      start: at(9, 10),
      end: at(9, 50),
      organizer: ACCOUNTS.employee,
    });
    await sync(true);
    expect(declineOf(evening.id)).toBe(closed('Rules hours room', at(17, 30), at(18, 30), ZONE));
    expect(await bookingOf(evening.id)).toBeNull();
    // a meeting keeps its own times: no slot alignment asked of it
    expect(await bookingOf(morning.id)).toMatchObject({ status: 'booked', starts_at: at(9, 10) });
  });

  it('declines a meeting in a room kept for roles the organiser does not hold', async () => {
    const meeting = graph.organizerBooks(ROLES_ROOM, {
      subject: 'Not my room',
      start: at(14),
      end: at(15),
      organizer: ACCOUNTS.employee,
    });
    await sync(true);
    expect(declineOf(meeting.id)).toBe(REFUSALS['not-your-role']);
    expect(await bookingOf(meeting.id)).toBeNull();
  });

  it('declines a meeting whose organiser may not book (no PLAN), as the plan and Outlook refuse them', async () => {
    const meeting = graph.organizerBooks(OPEN_ROOM, {
      subject: 'Reception briefing',
      start: at(8),
      end: at(9),
      organizer: ACCOUNTS.reception,
    });
    await sync(true);
    expect(declineOf(meeting.id)).toBe(CALENDAR_MESSAGES.mayNotBook);
    expect(await bookingOf(meeting.id)).toBeNull();
  });

  it('a meeting moved into a closure loses its booking and is declined', async () => {
    await sql`insert into resource_unavailabilities (company_id, resource_id, starts_at, ends_at, reason)
      values (${companyId}, ${openRoom}, ${at(16)}, ${at(17)}, 'Cleaning')`.execute(db());
    const meeting = graph.organizerBooks(OPEN_ROOM, {
      subject: 'Will move',
      start: at(14),
      end: at(15),
      organizer: ACCOUNTS.employee,
    });
    await sync(true);
    const booking = await bookingOf(meeting.id);
    expect(booking).toMatchObject({ status: 'booked' });

    // the organiser moves it in Outlook into the cleaning
    const patch = await fetch(`${graph.baseUrl}/users/${OPEN_ROOM}/events/${meeting.id}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${await tokenOf(graph)}` },
      body: JSON.stringify({
        start: { dateTime: at(16, 30).toISOString().replace(/Z$/, ''), timeZone: 'UTC' },
        end: { dateTime: at(17, 30).toISOString().replace(/Z$/, ''), timeZone: 'UTC' },
      }),
    });
    expect(patch.status).toBe(200);
    await sync(true);
    expect(declineOf(meeting.id)).toBe(closed('Rules open room', at(16, 30), at(17, 30), ZONE));
    const { rows } = await sql<{ status: string }>`
      select status from declarations where id = ${booking!.id}`.execute(db());
    expect(rows).toEqual([{ status: 'cancelled' }]);
  });

  it('the level where nothing can be booked declines too', async () => {
    const floor = await givenFloor(server());
    const room = await floor.resource('Rules undeclarable room', 'room');
    await sql`update levels set is_declarable = false where id = ${floor.levelId}`.execute(db());
    await sql`update calendar_connector_resources set resource_id = ${room}
      where company_id = ${companyId} and calendar_id = ${ROLES_ROOM}`.execute(db());
    const meeting = graph.organizerBooks(ROLES_ROOM, {
      subject: 'Nowhere',
      start: at(8),
      end: at(9),
      organizer: ACCOUNTS.employee,
    });
    await sync(true);
    expect(declineOf(meeting.id)).toBe(BOOKING_MESSAGES.levelNotDeclarable);
  });
});

/** A token of the fake's own, as an organiser's Outlook would hold one. */
async function tokenOf(graph: FakeGraph): Promise<string> {
  const response = await fetch(graph.tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: graph.clientId,
      client_secret: graph.clientSecret,
      scope: 'https://graph.microsoft.com/.default',
    }),
  });
  return ((await response.json()) as { access_token: string }).access_token;
}
