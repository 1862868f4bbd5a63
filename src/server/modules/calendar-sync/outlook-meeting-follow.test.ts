import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../test/support/server-app';
import { ACCOUNTS, call, companyIdOf, signIn } from '../../../../test/support/server-factories';
import { startFakeGraph, type FakeGraph } from '../../../../test/support/fake-graph';
import type { OutlookMeeting } from '../../../shared/contract/outlook';
import { dayAhead, givenFloor, slot } from '../declarations/declarations.fixtures';
import { releaseLapsedMeetings } from '../outlook';
import { drainCalendarSync, givenCalendarConnector, graphFields } from './calendar-sync.fixtures';
import { DECLINE_REASONS } from './index';

const ROOM_A = 'follow-a@acme.test';
const ROOM_B = 'follow-b@acme.test';

/**
 * Issue 41: a meeting whose room was booked in the Outlook add-in is followed through the room's
 * calendar (a calendar connector on the room mailbox) when it changes outside the pane.
 */
describeEachDatabase('Outlook add-in meetings followed through the room calendar', (server) => {
  let graph: FakeGraph;
  let token: string;
  let companyId: number;
  let roomA: number;
  let roomB: number;
  let spare: number;
  let busy: number;
  const db = () => server().db.kysely;
  const sync = () => drainCalendarSync(server(), { pull: true });
  const statusOf = async (id: number) =>
    (
      await db()
        .selectFrom('declarations')
        .select(['status', 'starts_at'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).status;
  const bookInPane = async (resourceId: number, occurrences: Array<{ start: string; end: string }>) => {
    const answer = await call(server(), 'POST', '/api/company/v1/outlook/resource', {
      subdomain: 'acme',
      token,
      body: {
        meeting_key: `follow-${Date.now()}-${Math.random().toString(36).slice(2)}`,
        resource_id: resourceId,
        subject: 'Roadmap',
        occurrences,
      },
    });
    expect(answer.statusCode, answer.body).toBe(201);
    return answer.json<OutlookMeeting>();
  };
  const invite = (mailbox: string, start: string, end: string) =>
    graph.organizerBooks(mailbox, {
      subject: 'Roadmap',
      start: new Date(start),
      end: new Date(end),
      organizer: ACCOUNTS.employee,
    });

  beforeAll(async () => {
    graph = await startFakeGraph([ROOM_A, ROOM_B]);
    companyId = await companyIdOf(server(), 'acme');
    const floor = await givenFloor(server());
    roomA = await floor.resource('Follow A', 'room');
    roomB = await floor.resource('Follow B', 'room');
    spare = await floor.resource('Follow spare', 'room');
    busy = await floor.resource('Follow busy', 'room');
    // an uncommon size, so that the rooms of similar capacity proposed are these
    await sql`update resources set capacity = 13, max_capacity = 13 where id in (${sql.join([roomA, roomB, spare, busy])})`.execute(
      db(),
    );
    await sql`update resources set email = case id when ${roomA} then ${ROOM_A} else ${ROOM_B} end where id in (${roomA}, ${roomB})`.execute(
      db(),
    );
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

  it('the invitation reaching the room mailbox confirms the pending booking: the job never releases it', async () => {
    const { datetime_from: start, datetime_to: end } = slot(dayAhead(4), 9);
    const booked = await bookInPane(roomA, [{ start, end }]);
    expect(booked.pending).toBe(true);
    invite(ROOM_A, start, end);
    await sync();
    const row = await db()
      .selectFrom('outlook_meetings')
      .select(['pending_since', 'confirmed_by'])
      .where('meeting_key', '=', booked.meeting_key)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ pending_since: null, confirmed_by: 'calendar' });
    await releaseLapsedMeetings(db(), new Date(Date.now() + 7 * 24 * 3_600_000));
    expect(await statusOf(booked.bookings[0]!.id)).toBe('booked');
  });

  it('a meeting dragged to a free time moves its booking; deleted, its booking is cancelled', async () => {
    const date = dayAhead(5);
    const { datetime_from: start, datetime_to: end } = slot(date, 9);
    const booked = await bookInPane(roomA, [{ start, end }]);
    const event = invite(ROOM_A, start, end);
    await sync();
    const later = slot(date, 14);
    graph.organizerMoves(ROOM_A, event.id, {
      start: new Date(later.datetime_from),
      end: new Date(later.datetime_to),
    });
    await sync();
    const moved = await db()
      .selectFrom('declarations')
      .select(['status', 'starts_at'])
      .where('id', '=', booked.bookings[0]!.id)
      .executeTakeFirstOrThrow();
    expect(moved).toEqual({ status: 'booked', starts_at: new Date(later.datetime_from) });
    graph.organizerCancels(ROOM_A, event.id);
    await sync();
    expect(await statusOf(booked.bookings[0]!.id)).toBe('cancelled');
  });

  it('moved onto a time its room is taken, the room declines and the organiser gets a mail proposing free rooms of similar size', async () => {
    const date = dayAhead(6);
    const { datetime_from: start, datetime_to: end } = slot(date, 9);
    const booked = await bookInPane(roomA, [{ start, end }]);
    const event = invite(ROOM_A, start, end);
    await sync();
    // someone else holds room A, and the busy room, at 15:00
    const taken = slot(date, 15);
    const other = await signIn(server(), ACCOUNTS.acmeAdmin);
    for (const resource_id of [roomA, busy]) {
      const answer = await call(server(), 'POST', '/api/company/v1/outlook/resource', {
        subdomain: 'acme',
        token: other,
        body: {
          meeting_key: `other-${resource_id}-${Date.now()}`,
          resource_id,
          occurrences: [{ start: taken.datetime_from, end: taken.datetime_to }],
        },
      });
      expect(answer.statusCode, answer.body).toBe(201);
    }
    graph.organizerMoves(ROOM_A, event.id, {
      start: new Date(taken.datetime_from),
      end: new Date(taken.datetime_to),
    });
    await sync();
    expect(await statusOf(booked.bookings[0]!.id)).toBe('cancelled');
    expect(graph.declines.filter((decline) => decline.eventId === event.id)).toEqual([
      expect.objectContaining({ comment: DECLINE_REASONS.taken }),
    ]);
    const mails = await db()
      .selectFrom('outbox')
      .select(['subject', 'text_body'])
      .where('to_address', '=', ACCOUNTS.employee)
      .where('subject', 'like', '%not available%')
      .execute();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Follow A is not available for Roadmap');
    expect(mails[0]!.text_body).toContain('Follow spare');
    expect(mails[0]!.text_body).toContain('13 seats');
    expect(mails[0]!.text_body).not.toContain('Follow busy');
    expect(mails[0]!.text_body).not.toMatch(/- Follow A /);
    // the next rounds do not mail again
    await sync();
    expect(
      await db().selectFrom('outbox').select('id').where('subject', '=', mails[0]!.subject).execute(),
    ).toHaveLength(1);
  });

  it('one occurrence of a series moved in the calendar moves its own booking only, never the series’', async () => {
    const days = [dayAhead(8), dayAhead(9), dayAhead(10)];
    const occurrences = days.map((date) => ({
      start: slot(date, 10).datetime_from,
      end: slot(date, 10).datetime_to,
    }));
    const booked = await bookInPane(roomB, occurrences);
    expect(booked.bookings).toHaveLength(3);
    const events = occurrences.map((occurrence) => invite(ROOM_B, occurrence.start, occurrence.end));
    await sync();
    const later = slot(days[1]!, 16);
    graph.organizerMoves(ROOM_B, events[1]!.id, {
      start: new Date(later.datetime_from),
      end: new Date(later.datetime_to),
    });
    await sync();
    const rows = await db()
      .selectFrom('declarations')
      .select(['id', 'status', 'starts_at'])
      .where(
        'id',
        'in',
        booked.bookings.map((entry) => entry.id),
      )
      .orderBy('id')
      .execute();
    expect(rows.map((row) => [row.status, row.starts_at.toISOString()])).toEqual([
      ['booked', occurrences[0]!.start],
      ['booked', later.datetime_from],
      ['booked', occurrences[2]!.start],
    ]);
  });
});
