import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../test/support/server-app';
import {
  ACCOUNTS,
  call,
  companyIdOf,
  expectErrorShape,
  signIn,
} from '../../../../test/support/server-factories';
import { startFakeGraph, type FakeGraph } from '../../../../test/support/fake-graph';
import type { Declaration } from '../../../shared/contract/declarations';
import { fromGraphDateTime } from '../../integrations/microsoft-graph';
import { api, dayAhead, DECLARATIONS, givenFloor, slot } from '../declarations/declarations.fixtures';
import { MESSAGES } from '../declarations/declarations.rules';
import { drainCalendarSync, givenCalendarConnector, graphFields } from './calendar-sync.fixtures';
import { DECLINE_REASONS } from './index';

const ROOM_A = 'room-a@acme.test';
const ROOM_B = 'room-b@acme.test';

describeEachDatabase('calendar sync with Microsoft 365 (fake Graph)', (server) => {
  let graph: FakeGraph;
  let token: string;
  let companyId: number;
  let roomA: number;
  let roomB: number;
  const day = dayAhead(2);
  const db = () => server().db.kysely;
  const sync = (pull = false) => drainCalendarSync(server(), { pull });
  const at = (hour: number, minute = 0) =>
    new Date(slot(day, hour).datetime_from).getTime() + minute * 60_000;
  const bookingsOfRoom = async (resourceId: number) => {
    const { rows } = await sql<{
      id: number;
      status: string;
      source: string;
      user_id: number;
      starts_at: Date;
    }>`
      select id, status, source, user_id, starts_at from declarations
      where resource_id = ${resourceId} order by id`.execute(db());
    return rows;
  };

  beforeAll(async () => {
    graph = await startFakeGraph([ROOM_A, ROOM_B], { pageLimit: 3 });
    companyId = await companyIdOf(server(), 'acme');
    const floor = await givenFloor(server());
    roomA = await floor.resource('Room A', 'room');
    roomB = await floor.resource('Room B', 'room');
    await givenCalendarConnector(db(), server().config, {
      companyId,
      provider: 'outlook',
      fields: graphFields(graph),
      secrets: { client_secret: graph.clientSecret },
      rooms: [
        { resourceId: roomA, calendarId: ROOM_A },
        { resourceId: roomB, calendarId: ROOM_B },
      ],
    });
    token = await signIn(server(), ACCOUNTS.employee);
  });
  afterAll(async () => graph?.close());

  it('puts a booking made through the API on the room calendar once the push job runs, once', async () => {
    const [booking] = await api(server).bookOk(token, {
      resource_id: roomA,
      slots: [slot(day, 9)],
      subject: 'Design review',
    });
    const { rows: queued } = await sql<{ kind: string; key: string }>`
      select kind, key from jobs where status = 'queued' and kind = 'calendar.push'`.execute(db());
    expect(queued).toContainEqual({ kind: 'calendar.push', key: String(booking!.id) });

    await sync();
    const events = graph.eventsOf(ROOM_A);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ subject: 'Design review', location: { displayName: 'Room A' } });
    expect(fromGraphDateTime(events[0]!.start)?.getTime()).toBe(at(9));
    expect(fromGraphDateTime(events[0]!.end)?.getTime()).toBe(at(10));

    // the same change handled again (a retried job) leaves one event
    await sql`update declarations set status = status where id = ${booking!.id}`.execute(db());
    await sync();
    expect(graph.eventsOf(ROOM_A)).toHaveLength(1);
  });

  it('moves the event with the booking, and removes it when the booking is cancelled', async () => {
    const [booking] = await api(server).bookOk(token, { resource_id: roomA, slots: [slot(day, 11)] });
    await sync();
    const eventId = (
      await sql<{ external_ref: string }>`
      select external_ref from declarations where id = ${booking!.id}`.execute(db())
    ).rows[0]!.external_ref;
    expect(graph.eventsOf(ROOM_A).map((event) => event.id)).toContain(eventId);

    await sql`update declarations set starts_at = ${new Date(at(12))}, ends_at = ${new Date(at(13, 30))}
      where id = ${booking!.id}`.execute(db());
    await sync();
    const moved = graph.eventsOf(ROOM_A).find((event) => event.id === eventId)!;
    expect(fromGraphDateTime(moved.start)?.getTime()).toBe(at(12));
    expect(fromGraphDateTime(moved.end)?.getTime()).toBe(at(13, 30));

    const cancelled = await api(server).remove(token, `${DECLARATIONS}/${booking!.id}`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await sync();
    expect(graph.eventsOf(ROOM_A).map((event) => event.id)).not.toContain(eventId);
  });

  it('turns an event booked on the room mailbox in Outlook into a booking of its organiser, and cancels it when the organiser does', async () => {
    const event = graph.organizerBooks(ROOM_B, {
      subject: 'Sales weekly',
      start: new Date(at(14)),
      end: new Date(at(15)),
      organizer: 'Employee@Acme.test',
    });
    await sync(true);
    const [booking] = (await bookingsOfRoom(roomB)).filter((row) => row.starts_at.getTime() === at(14));
    expect(booking).toMatchObject({ status: 'booked', source: 'calendar' });

    const list = await api(server).get(token, `${DECLARATIONS}?date_from=${day}&date_to=${day}`);
    const mine = list.json<{ data: Declaration[] }>().data.find((row) => row.id === booking!.id);
    expect(mine).toMatchObject({ source: 'calendar', subject: 'Sales weekly', resource: { id: roomB } });
    // the booking is not pushed back as a second event
    await sync();
    expect(graph.eventsOf(ROOM_B)).toHaveLength(1);

    graph.organizerCancels(ROOM_B, event.id);
    await sync(true);
    expect((await bookingsOfRoom(roomB)).find((row) => row.id === booking!.id)?.status).toBe('cancelled');
  });

  it('takes the meeting a room was booked for in the Outlook add-in as that booking’s event once its invitation reaches the room: no event of its own, no decline', async () => {
    // the room's mailbox is the calendar it is mapped to: the add-in puts it into the meeting
    await db().updateTable('resources').set({ email: ROOM_A }).where('id', '=', roomA).execute();
    const date = dayAhead(6);
    const { datetime_from: start, datetime_to: end } = slot(date, 11);
    const booked = await call(server(), 'POST', '/api/company/v1/outlook/resource', {
      subdomain: 'acme',
      token,
      body: {
        meeting_key: `meeting-${Date.now()}`,
        item_id: 'AAMkAD-review',
        resource_id: roomA,
        subject: 'Design review',
        occurrences: [{ start, end }],
      },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const heldAtEleven = async () =>
      (await bookingsOfRoom(roomA)).filter(
        (row) => row.starts_at.toISOString() === start && row.status !== 'cancelled',
      );
    const eventsAtEleven = () =>
      graph.eventsOf(ROOM_A).filter((event) => fromGraphDateTime(event.start)?.toISOString() === start);
    await sync();
    // the meeting carries the room to its calendar once it is sent: a second event would clash with it
    expect(eventsAtEleven()).toEqual([]);

    const invitation = graph.organizerBooks(ROOM_A, {
      subject: 'Design review',
      start: new Date(start),
      end: new Date(end),
      organizer: ACCOUNTS.employee,
    });
    await sync(true);
    expect(graph.declines.filter((decline) => decline.eventId === invitation.id)).toEqual([]);
    expect(eventsAtEleven().map((event) => event.id)).toEqual([invitation.id]);
    const [held] = await heldAtEleven();
    expect(await heldAtEleven()).toEqual([expect.objectContaining({ source: 'outlook', status: 'booked' })]);

    // the meeting cancelled in Outlook: the room is free again
    graph.organizerCancels(ROOM_A, invitation.id);
    await sync(true);
    expect((await bookingsOfRoom(roomA)).find((row) => row.id === held!.id)?.status).toBe('cancelled');
  });

  it('cancelling in the product a booking made in Outlook declines the meeting for the room', async () => {
    const event = graph.organizerBooks(ROOM_B, {
      subject: 'Retro',
      start: new Date(at(16)),
      end: new Date(at(17)),
      organizer: ACCOUNTS.employee,
    });
    await sync(true);
    const booking = (await bookingsOfRoom(roomB)).find((row) => row.starts_at.getTime() === at(16))!;
    const cancelled = await api(server).remove(token, `${DECLARATIONS}/${booking.id}`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await sync();
    expect(graph.declines).toContainEqual({
      mailbox: ROOM_B,
      eventId: event.id,
      comment: DECLINE_REASONS.cancelledInProduct,
    });
    expect(graph.eventsOf(ROOM_B).map((one) => one.id)).not.toContain(event.id);
  });

  it("keeps a meeting's booking at the meeting's time: moved or extended here it is refused, renamed it is not", async () => {
    graph.organizerBooks(ROOM_B, {
      subject: 'Board',
      start: new Date(at(7)),
      end: new Date(at(8)),
      organizer: ACCOUNTS.employee,
    });
    await sync(true);
    const booking = (await bookingsOfRoom(roomB)).find((row) => row.starts_at.getTime() === at(7))!;
    const as = { subdomain: 'acme', token };
    const moved = await call(server(), 'PUT', `/api/company/v1/bookings/${booking.id}`, {
      ...as,
      body: { resource_id: roomB, slots: [slot(day, 9.5, 10.5)] },
    });
    expect(expectErrorShape(moved, 409).message).toBe(MESSAGES.changeInCalendar);
    const extended = await call(
      server(),
      'POST',
      `${DECLARATIONS}/${booking.id}/extend?extending_type=30-minutes`,
      as,
    );
    expect(expectErrorShape(extended, 409).message).toBe(MESSAGES.changeInCalendar);
    const read = await api(server).get(token, `${DECLARATIONS}/${booking.id}`);
    expect(read.json<Declaration>().can_extend).toBe(false);
    const renamed = await call(server(), 'PUT', `/api/company/v1/bookings/${booking.id}`, {
      ...as,
      body: { subject: 'Board (room B)' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await bookingsOfRoom(roomB)).find((row) => row.id === booking.id)?.starts_at.getTime()).toBe(
      at(7),
    );
  });

  it('never double-books: an Outlook event over an existing booking is declined and the organiser told why', async () => {
    await api(server).bookOk(token, { resource_id: roomB, slots: [slot(day, 18)] });
    await sync();
    const clash = graph.organizerBooks(ROOM_B, {
      subject: 'Clash',
      start: new Date(at(18, 30)),
      end: new Date(at(19, 30)),
      organizer: ACCOUNTS.acmeAdmin,
    });
    await sync(true);
    expect(graph.declines).toContainEqual({
      mailbox: ROOM_B,
      eventId: clash.id,
      comment: DECLINE_REASONS.taken,
    });
    const overlapping = (await bookingsOfRoom(roomB)).filter(
      (row) =>
        row.status === 'booked' && row.starts_at.getTime() >= at(18) && row.starts_at.getTime() < at(19, 30),
    );
    expect(overlapping).toHaveLength(1);
    const { rows } = await sql<{ reason: string; organizer: string }>`
      select reason, organizer from calendar_sync_declines where external_id = ${clash.id}`.execute(db());
    expect(rows).toEqual([{ reason: DECLINE_REASONS.taken, organizer: ACCOUNTS.acmeAdmin }]);
  });

  it('declines an event whose organiser has no account at the company', async () => {
    const stranger = graph.organizerBooks(ROOM_B, {
      subject: 'Outside',
      start: new Date(at(6)),
      end: new Date(at(7)),
      organizer: 'someone@elsewhere.test',
    });
    await sync(true);
    expect(graph.declines).toContainEqual({
      mailbox: ROOM_B,
      eventId: stranger.id,
      comment: DECLINE_REASONS.unknownOrganizer,
    });
  });

  it('books an event with a NUL in its subject, and one the database refuses holds up none of the others', async () => {
    const nul = graph.organizerBooks(ROOM_A, {
      subject: 'Budget\u0000review',
      start: new Date(at(8)),
      end: new Date(at(9)),
      organizer: ACCOUNTS.employee,
    });
    // no e-mail address holds a NUL: the database refuses the organiser's lookup
    graph.organizerBooks(ROOM_A, {
      subject: 'Broken organiser',
      start: new Date(at(10)),
      end: new Date(at(11)),
      organizer: 'bro\u0000ken@acme.test',
    });
    graph.organizerBooks(ROOM_A, {
      subject: 'After them',
      start: new Date(at(12)),
      end: new Date(at(13)),
      organizer: ACCOUNTS.employee,
    });
    await sync(true);
    const booked = (await bookingsOfRoom(roomA)).filter((row) => row.source === 'calendar');
    expect(booked.map((row) => row.starts_at.getTime())).toEqual([at(8), at(12)]);
    const { rows } = await sql<{ subject: string }>`
      select d.subject from declarations d join calendar_event_links l on l.declaration_id = d.id
      where l.external_id = ${nul.id}`.execute(db());
    expect(rows).toEqual([{ subject: 'Budgetreview' }]);
  });

  it('cancels the booking of a meeting deleted while the delta token was expiring: the new round does not list it', async () => {
    const event = graph.organizerBooks(ROOM_A, {
      subject: 'Deleted unseen',
      start: new Date(at(17)),
      end: new Date(at(18)),
      organizer: ACCOUNTS.employee,
    });
    await sync(true);
    const status = async () =>
      (
        await sql<{ status: string }>`
          select status from declarations where external_ref = ${event.id}`.execute(db())
      ).rows.map((row) => row.status);
    expect(await status()).toEqual(['booked']);

    graph.organizerCancels(ROOM_A, event.id);
    graph.expireDeltaTokens(ROOM_A);
    await sync(true);
    expect(await status()).toEqual(['cancelled']);
  });

  it('follows @odata.nextLink pages of a delta round (the fake pages by 3)', async () => {
    const before = graph.http.requests.length;
    const made = [20, 21, 22, 23].map((hour) =>
      graph.organizerBooks(ROOM_B, {
        subject: `Evening ${hour}`,
        start: new Date(at(hour)),
        end: new Date(at(hour, 30)),
        organizer: ACCOUNTS.employee,
      }),
    );
    expect(made).toHaveLength(4);
    await sync(true);
    const pages = graph.http.requests
      .slice(before)
      .filter((request) =>
        decodeURIComponent(request.url.pathname).endsWith(`/users/${ROOM_B}/calendarView/delta`),
      );
    expect(pages.some((request) => request.url.searchParams.has('$skiptoken'))).toBe(true);
    const evening = (await bookingsOfRoom(roomB)).filter((row) => row.starts_at.getTime() >= at(20));
    expect(evening).toHaveLength(4);
  });

  it('honours 429 Retry-After from Graph and still writes the event', async () => {
    const [booking] = await api(server).bookOk(token, { resource_id: roomA, slots: [slot(day, 15)] });
    graph.throttleNext(1, 1);
    await sync();
    const posts = graph.http.requests.filter(
      (request) =>
        request.method === 'POST' &&
        decodeURIComponent(request.url.pathname) === `/v1.0/users/${ROOM_A}/events`,
    );
    const [throttled, retried] = posts.slice(-2);
    expect(retried!.at - throttled!.at).toBeGreaterThanOrEqual(1000);
    const ref = (
      await sql<{
        external_ref: string;
      }>`select external_ref from declarations where id = ${booking!.id}`.execute(db())
    ).rows[0]!.external_ref;
    expect(graph.eventsOf(ROOM_A).map((event) => event.id)).toContain(ref);
  });

  describe('tenancy', () => {
    it('a pull job of another company for this connector reads nothing and books nothing', async () => {
      const globex = await companyIdOf(server(), 'globex');
      const { rows } = await sql<{
        id: number;
      }>`select id from calendar_connectors where company_id = ${companyId}`.execute(db());
      graph.organizerBooks(ROOM_B, {
        subject: 'Not for globex',
        start: new Date(at(5)),
        end: new Date(at(5, 30)),
        organizer: ACCOUNTS.globexAdmin,
      });
      await sql`insert into jobs (company_id, kind, key, payload) values (${globex}, 'calendar.pull', 'x',
        ${JSON.stringify({ connector_id: rows[0]!.id, calendar_id: ROOM_B })}::jsonb)`.execute(db());
      const before = graph.http.requests.length;
      await sync();
      expect(graph.http.requests.length).toBe(before);
      const { rows: globexBookings } =
        await sql`select id from declarations where company_id = ${globex} and source = 'calendar'`.execute(
          db(),
        );
      expect(globexBookings).toEqual([]);
    });
  });
});
