import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startFakeGraph, type FakeGraph } from '../../../../test/support/fake-graph';
import { describeEachDatabase } from '../../../../test/support/server-app';
import { ACCOUNTS, call, companyIdOf, signIn } from '../../../../test/support/server-factories';
import { fromGraphDateTime } from '../../integrations/microsoft-graph';
import { userId } from '../bookings/bookings.fixtures';
import { api, dayAhead, DECLARATIONS, givenFloor, slot } from '../declarations/declarations.fixtures';
import { drainCalendarSync, givenCalendarConnector, graphFields } from './calendar-sync.fixtures';

const OUTAGE_ROOM = 'outage-room@acme.test';
const LATE_ROOM = 'late-room@acme.test';
const OTHER_ROOM = 'other-room@acme.test';
const PAUSED_ROOM = 'paused-room@acme.test';
const LEFT_ROOM = 'left-room@acme.test';
const NEW_HOME = 'new-home@acme.test';
const FAR_ROOM = 'far-room@acme.test';
const CALENDARS = '/api/company/v1/connectors/calendars';

/**
 * The room calendars come right again after what a single push cannot mend: an outage longer than
 * a push job's retries.
 */
describeEachDatabase('calendar sync heals (fake Graph)', (server) => {
  let graph: FakeGraph;
  let employee: string;
  let admin: string;
  let companyId: number;
  let connectorId: number;
  let outageRoom: number;
  let lateRoom: number;
  const db = () => server().db.kysely;
  const day = dayAhead(3);

  const pushJobsOf = async (declarationId: number) => {
    const { rows } = await sql<{ status: string; attempts: number }>`
      select status, attempts from jobs where kind = 'calendar.push' and key = ${String(declarationId)}
      order by id`.execute(db());
    return rows;
  };

  beforeAll(async () => {
    graph = await startFakeGraph([
      OUTAGE_ROOM,
      LATE_ROOM,
      OTHER_ROOM,
      PAUSED_ROOM,
      LEFT_ROOM,
      NEW_HOME,
      FAR_ROOM,
    ]);
    companyId = await companyIdOf(server(), 'acme');
    const floor = await givenFloor(server());
    outageRoom = await floor.resource('Outage room', 'room');
    lateRoom = await floor.resource('Late room', 'room');
    ({ id: connectorId } = await givenCalendarConnector(db(), server().config, {
      companyId,
      provider: 'outlook',
      fields: graphFields(graph),
      secrets: { client_secret: graph.clientSecret },
      rooms: [{ resourceId: outageRoom, calendarId: OUTAGE_ROOM }],
    }));
    employee = await signIn(server(), ACCOUNTS.employee);
    admin = await signIn(server(), ACCOUNTS.acmeAdmin);
  });
  afterAll(async () => {
    graph?.restore();
    await graph?.close();
  });

  /**
   * A booking of the outage room made while Graph is down, and the sync run every two hours of a
   * 30-hour outage (its clock runs on with them): each push fails and waits its back-off, until the
   * job has spent its retries.
   */
  const bookThroughOutage = async (hour: number, subject: string) => {
    graph.outage();
    const [booking] = await api(server).bookOk(employee, {
      resource_id: outageRoom,
      slots: [slot(day, hour)],
      subject,
    });
    const clock = { at: Date.now() };
    const now = () => new Date(clock.at);
    for (let round = 0; round < 15; round += 1) {
      await drainCalendarSync(server(), { now });
      clock.at += 2 * 3_600_000;
    }
    return { id: booking!.id, clock, now };
  };

  it('writes the event of a booking made during a Graph outage longer than all its retries, once the outage is over', async () => {
    const booking = await bookThroughOutage(9, 'Through the outage');
    const [tried] = await pushJobsOf(booking.id);
    expect(tried!.attempts).toBeGreaterThanOrEqual(10);
    expect(graph.eventsOf(OUTAGE_ROOM)).toEqual([]);

    graph.restore();
    booking.clock.at += 2 * 3_600_000;
    await drainCalendarSync(server(), { now: booking.now });
    const events = graph.eventsOf(OUTAGE_ROOM);
    expect(events.map((event) => event.subject)).toEqual(['Through the outage']);
    expect(fromGraphDateTime(events[0]!.start)?.toISOString()).toBe(slot(day, 9).datetime_from);
    expect((await pushJobsOf(booking.id)).map((job) => job.status)).toEqual(['done']);
  });

  it("puts a room's future bookings on its calendar once the room is mapped, moves them when it is mapped to another calendar, and takes them off when it is unmapped", async () => {
    await api(server).bookOk(employee, {
      resource_id: lateRoom,
      slots: [slot(day, 10)],
      subject: 'Booked before the mapping',
    });
    await api(server).bookOk(employee, {
      resource_id: lateRoom,
      slots: [slot(dayAhead(5), 14)],
      subject: 'Next week',
    });
    const [cancelled] = await api(server).bookOk(employee, {
      resource_id: lateRoom,
      slots: [slot(day, 12)],
      subject: 'Cancelled before the mapping',
    });
    const removed = await api(server).remove(employee, `${DECLARATIONS}/${cancelled!.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    await drainCalendarSync(server());
    expect(graph.eventsOf(LATE_ROOM)).toEqual([]);

    const mapTo = async (calendarId: string | null) => {
      const response = await call(server(), 'PUT', `${CALENDARS}/${connectorId}/resources`, {
        subdomain: 'acme',
        token: admin,
        body: {
          mappings: [
            { resource_id: outageRoom, calendar_id: OUTAGE_ROOM },
            ...(calendarId === null ? [] : [{ resource_id: lateRoom, calendar_id: calendarId }]),
          ],
        },
      });
      expect(response.statusCode, response.body).toBe(200);
      await drainCalendarSync(server());
    };
    const subjectsOf = (mailbox: string) =>
      graph
        .eventsOf(mailbox)
        .map((event) => event.subject)
        .sort();

    await mapTo(LATE_ROOM);
    expect(subjectsOf(LATE_ROOM)).toEqual(['Booked before the mapping', 'Next week']);
    const event = graph.eventsOf(LATE_ROOM).find((one) => one.subject === 'Booked before the mapping')!;
    expect(fromGraphDateTime(event.start)?.toISOString()).toBe(slot(day, 10).datetime_from);

    await mapTo(OTHER_ROOM);
    expect(subjectsOf(LATE_ROOM)).toEqual([]);
    expect(subjectsOf(OTHER_ROOM)).toEqual(['Booked before the mapping', 'Next week']);

    // unmapped: the calendar no longer follows the room, so the events written for its bookings go
    await mapTo(null);
    expect(subjectsOf(OTHER_ROOM)).toEqual([]);
    expect(subjectsOf(OUTAGE_ROOM)).toEqual(['Through the outage']);
  });

  it('keeps the event of a booking changed while its connector is inactive, and brings it up to date once the connector is active again', async () => {
    const floor = await givenFloor(server());
    const pausedRoom = await floor.resource('Paused room', 'room');
    const { id: pausedConnector } = await givenCalendarConnector(db(), server().config, {
      companyId,
      provider: 'outlook',
      fields: graphFields(graph),
      secrets: { client_secret: graph.clientSecret },
      rooms: [{ resourceId: pausedRoom, calendarId: PAUSED_ROOM }],
    });
    const [toCancel] = await api(server).bookOk(employee, {
      resource_id: pausedRoom,
      slots: [slot(day, 9)],
      subject: 'Cancelled while paused',
    });
    const [toMove] = await api(server).bookOk(employee, {
      resource_id: pausedRoom,
      slots: [slot(day, 11)],
      subject: 'Moved while paused',
    });
    await drainCalendarSync(server());
    expect(graph.eventsOf(PAUSED_ROOM)).toHaveLength(2);

    const setActive = async (isActive: boolean) => {
      const response = await call(server(), 'PUT', `${CALENDARS}/${pausedConnector}`, {
        subdomain: 'acme',
        token: admin,
        body: { is_active: isActive },
      });
      expect(response.statusCode, response.body).toBe(200);
    };
    await setActive(false);
    const cancelled = await api(server).remove(employee, `${DECLARATIONS}/${toCancel!.id}`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await sql`update declarations set starts_at = ${new Date(slot(day, 15).datetime_from)},
      ends_at = ${new Date(slot(day, 16).datetime_from)} where id = ${toMove!.id}`.execute(db());
    await api(server).bookOk(employee, {
      resource_id: pausedRoom,
      slots: [slot(day, 13)],
      subject: 'Booked while paused',
    });
    await drainCalendarSync(server());
    // nothing reaches the calendar of an inactive connector
    expect(
      graph
        .eventsOf(PAUSED_ROOM)
        .map((event) => event.subject)
        .sort(),
    ).toEqual(['Cancelled while paused', 'Moved while paused']);
    // and the bookings keep the links to their events there
    const { rows: links } = await sql<{ declaration_id: number }>`
      select declaration_id from calendar_event_links
      where declaration_id in (${toCancel!.id}, ${toMove!.id}) order by declaration_id`.execute(db());
    expect(links.map((link) => link.declaration_id)).toEqual([toCancel!.id, toMove!.id]);

    await setActive(true);
    await drainCalendarSync(server());
    const events = graph.eventsOf(PAUSED_ROOM);
    expect(events.map((event) => event.subject).sort()).toEqual([
      'Booked while paused',
      'Moved while paused',
    ]);
    const moved = events.find((event) => event.subject === 'Moved while paused')!;
    expect(fromGraphDateTime(moved.start)?.toISOString()).toBe(slot(day, 15).datetime_from);
  });

  it('writes a booking kept waiting for an inactive connector to the calendar its room follows now, once that connector is removed', async () => {
    const floor = await givenFloor(server());
    const room = await floor.resource('Moving room', 'room');
    const { id: leftConnector } = await givenCalendarConnector(db(), server().config, {
      companyId,
      provider: 'outlook',
      fields: graphFields(graph),
      secrets: { client_secret: graph.clientSecret },
      rooms: [{ resourceId: room, calendarId: LEFT_ROOM }],
    });
    await api(server).bookOk(employee, { resource_id: room, slots: [slot(day, 18)], subject: 'Moving' });
    await drainCalendarSync(server());
    expect(graph.eventsOf(LEFT_ROOM).map((event) => event.subject)).toEqual(['Moving']);

    const as = { subdomain: 'acme', token: admin };
    const ok = (response: { statusCode: number; body: string }) =>
      expect(response.statusCode, response.body).toBe(200);
    ok(await call(server(), 'PUT', `${CALENDARS}/${leftConnector}`, { ...as, body: { is_active: false } }));
    ok(
      await call(server(), 'PUT', `${CALENDARS}/${leftConnector}/resources`, {
        ...as,
        body: { mappings: [] },
      }),
    );
    const mappings = await db()
      .selectFrom('calendar_connector_resources')
      .select(['resource_id', 'calendar_id'])
      .where('calendar_connector_id', '=', connectorId)
      .execute();
    ok(
      await call(server(), 'PUT', `${CALENDARS}/${connectorId}/resources`, {
        ...as,
        body: { mappings: [...mappings, { resource_id: room, calendar_id: NEW_HOME }] },
      }),
    );
    await drainCalendarSync(server());
    // the event still stands in the inactive connector's calendar: the booking waits for it
    expect(graph.eventsOf(NEW_HOME)).toEqual([]);

    ok(await call(server(), 'DELETE', `${CALENDARS}/${leftConnector}`, as));
    await drainCalendarSync(server());
    expect(graph.eventsOf(NEW_HOME).map((event) => event.subject)).toEqual(['Moving']);
  });

  it('imports a meeting booked in Outlook more than a year after the room was mapped, once the year ahead reaches it, and misses no cancellation on the way', async () => {
    const floor = await givenFloor(server());
    const room = await floor.resource('Far room', 'room');
    await givenCalendarConnector(db(), server().config, {
      companyId,
      provider: 'outlook',
      fields: graphFields(graph),
      secrets: { client_secret: graph.clientSecret },
      rooms: [{ resourceId: room, calendarId: FAR_ROOM }],
    });
    const bookingsAt = async (start: string) => {
      const { rows } = await sql<{ status: string; source: string }>`
        select status, source from declarations
        where resource_id = ${room} and starts_at = ${new Date(start)}`.execute(db());
      return rows;
    };
    const soon = slot(dayAhead(6), 10);
    const far = slot(dayAhead(400), 10);
    // the sync's clock runs ahead of the real one by `ahead`
    let ahead = 0;
    const now = () => new Date(Date.now() + ahead);
    const soonMeeting = graph.organizerBooks(FAR_ROOM, {
      subject: 'Soon',
      start: new Date(soon.datetime_from),
      end: new Date(soon.datetime_to),
      organizer: ACCOUNTS.employee,
    });
    await drainCalendarSync(server(), { pull: true, now });
    expect(await bookingsAt(soon.datetime_from)).toEqual([{ status: 'booked', source: 'calendar' }]);

    // two months on, a meeting is booked 400 days from the mapping, and the first one cancelled
    ahead += 60 * 86_400_000;
    graph.organizerBooks(FAR_ROOM, {
      subject: 'Far ahead',
      start: new Date(far.datetime_from),
      end: new Date(far.datetime_to),
      organizer: ACCOUNTS.employee,
    });
    graph.organizerCancels(FAR_ROOM, soonMeeting.id);
    await drainCalendarSync(server(), { pull: true, now });
    expect(await bookingsAt(far.datetime_from)).toEqual([{ status: 'booked', source: 'calendar' }]);
    expect(await bookingsAt(soon.datetime_from)).toEqual([{ status: 'cancelled', source: 'calendar' }]);
  });

  it('pushes a booking changed while its push waits out an outage at once, not at the waiting time', async () => {
    // past its retries, the push waits about an hour between attempts
    const booking = await bookThroughOutage(15, 'Waiting out the outage');
    const [waiting] = await pushJobsOf(booking.id);
    expect(waiting!.status).toBe('queued');
    graph.restore();
    const moved = await call(server(), 'PUT', `/api/company/v1/bookings/${booking.id}`, {
      subdomain: 'acme',
      token: employee,
      body: { slots: [slot(day, 16)] },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    // now, on the real clock: the waiting push was brought forward by the change
    await drainCalendarSync(server());
    const event = graph.eventsOf(OUTAGE_ROOM).find((one) => one.subject === 'Waiting out the outage');
    expect(fromGraphDateTime(event!.start)?.toISOString()).toBe(slot(day, 16).datetime_from);
  });

  it("brings the room calendar's event up to date when the booking's subject, privacy or host changes", async () => {
    const [booking] = await api(server).bookOk(employee, {
      resource_id: outageRoom,
      slots: [slot(day, 18)],
      subject: 'Budget review',
    });
    await drainCalendarSync(server());
    const eventOf = () =>
      graph
        .eventsOf(OUTAGE_ROOM)
        .find((one) => fromGraphDateTime(one.start)?.toISOString() === slot(day, 18).datetime_from);
    expect(eventOf()?.subject).toBe('Budget review');
    const change = async (token: string, body: Record<string, unknown>) => {
      const response = await call(server(), 'PUT', `/api/company/v1/bookings/${booking!.id}`, {
        subdomain: 'acme',
        token,
        body,
      });
      expect(response.statusCode, response.body).toBe(200);
      await drainCalendarSync(server());
    };
    await change(employee, { subject: 'Budget review (moved online)' });
    expect(eventOf()?.subject).toBe('Budget review (moved online)');
    // made private afterwards: the room calendar, read by many, no longer shows the subject
    await change(employee, { is_private: true });
    expect(eventOf()?.subject).toBe('Private booking');
    // without a subject the event shows its host: handed to another, it shows the new one
    await change(employee, { is_private: false, subject: '' });
    const adminId = await userId(server(), ACCOUNTS.acmeAdmin);
    const { first_name, last_name } = await db()
      .selectFrom('users')
      .select(['first_name', 'last_name'])
      .where('id', '=', adminId)
      .executeTakeFirstOrThrow();
    await change(admin, { host_id: adminId });
    expect(eventOf()?.subject).toBe(`${first_name} ${last_name} (Workplace)`);
  });
});
