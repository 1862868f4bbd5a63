import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../test/support/server-app';
import { ACCOUNTS, call, expectErrorShape, signIn } from '../../../../test/support/server-factories';
import type { OutlookCheck, OutlookMeeting, OutlookRoomList } from '../../../shared/contract/outlook';
import { addDays } from '../../../shared/time/zone';
import { dayAhead, givenFloor, slot, type Floor } from '../declarations/declarations.fixtures';

const OUTLOOK = '/api/company/v1/outlook';
let keys = 0;
const newKey = () => `meeting-${Date.now()}-${(keys += 1)}`;
const occurrence = (date: string, from: number, to = from + 1) => {
  const { datetime_from, datetime_to } = slot(date, from, to);
  return { start: datetime_from, end: datetime_to };
};

describeEachDatabase('Outlook add-in calls', (server) => {
  let employee: string;
  let admin: string;
  let globex: string;
  let floor: Floor;
  const request = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    token: string,
    body?: unknown,
    subdomain = 'acme',
  ) => call(server(), method, url, { subdomain, token, body });
  /** The bookings' statuses as stored, by id. */
  const statusesOf = (ids: number[]) =>
    server()
      .db.kysely.selectFrom('declarations')
      .select(['id', 'status'])
      .where('id', 'in', ids)
      .orderBy('id')
      .execute();
  const search = (token: string, date: string, from: number, to: number, extra = '') =>
    request(
      'GET',
      `${OUTLOOK}/resources?start=${encodeURIComponent(occurrence(date, from, to).start)}&end=${encodeURIComponent(
        occurrence(date, from, to).end,
      )}&level_id=${floor.levelId}${extra}`,
      token,
    );

  beforeAll(async () => {
    employee = await signIn(server(), ACCOUNTS.employee);
    admin = await signIn(server(), ACCOUNTS.acmeAdmin);
    globex = await signIn(server(), ACCOUNTS.globexAdmin, 'globex');
    floor = await givenFloor(server());
  });

  describe('GET outlook/resources', () => {
    it('proposes only rooms booking would accept: none kept for a role the user lacks, closed then, or shut', async () => {
      const db = server().db.kysely;
      const companyId = floor.companyId;
      await floor.resource('Rule open', 'room');
      const restricted = await floor.resource('Rule restricted', 'room');
      const windowed = await floor.resource('Rule mornings', 'room');
      const shut = await floor.resource('Rule shut', 'room');
      const role = await db
        .insertInto('roles')
        .values({ company_id: companyId, name: 'Rule board' })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('resource_roles')
        .values({ company_id: companyId, resource_id: restricted, role_id: role.id })
        .execute();
      await db
        .insertInto('resource_availabilities')
        .values({
          company_id: companyId,
          resource_id: windowed,
          weekdays: [1, 2, 3, 4, 5, 6, 7],
          time_from: '08:00',
          time_to: '09:00',
        })
        .execute();
      const date = dayAhead(12);
      const meeting = occurrence(date, 14, 15);
      await db
        .insertInto('resource_unavailabilities')
        .values({
          company_id: companyId,
          resource_id: shut,
          starts_at: new Date(meeting.start),
          ends_at: new Date(meeting.end),
        })
        .execute();
      const names = (await search(employee, date, 14, 15)).json<OutlookRoomList>().data.map((r) => r.name);
      expect(names).toContain('Rule open');
      expect(names).not.toContain('Rule restricted');
      expect(names).not.toContain('Rule mornings');
      expect(names).not.toContain('Rule shut');
      // and each one left out is one booking refuses
      for (const id of [restricted, windowed, shut]) {
        const refused = await request('POST', `${OUTLOOK}/resource`, employee, {
          meeting_key: newKey(),
          resource_id: id,
          occurrences: [meeting],
        });
        expect([403, 409]).toContain(refused.statusCode);
      }
    });

    it('holds a meeting over midnight in a room open round the clock, and refuses it where the room closes', async () => {
      const db = server().db.kysely;
      // the floor is open round the clock; a second one closes at 22:00
      const evening = await givenFloor(server());
      await db
        .updateTable('levels')
        .set({ working_hours_from: '08:00', working_hours_to: '22:00' })
        .where('id', '=', evening.levelId)
        .execute();
      const date = dayAhead(13);
      const late = { start: occurrence(date, 23, 24).start, end: occurrence(addDays(date, 1), 1, 2).start };
      const allNight = await floor.resource('Night room', 'room');
      const names = (
        await request(
          'GET',
          `${OUTLOOK}/resources?start=${encodeURIComponent(late.start)}&end=${encodeURIComponent(late.end)}&level_id=${floor.levelId}`,
          employee,
        )
      )
        .json<OutlookRoomList>()
        .data.map((room) => room.name);
      expect(names).toContain('Night room');
      const booked = await request('POST', `${OUTLOOK}/resource`, employee, {
        meeting_key: newKey(),
        resource_id: allNight,
        occurrences: [late],
      });
      expect(booked.statusCode, booked.body).toBe(201);
      const daytime = await evening.resource('Day room', 'room');
      const refused = await request('POST', `${OUTLOOK}/resource`, employee, {
        meeting_key: newKey(),
        resource_id: daytime,
        occurrences: [occurrence(date, 21, 23)],
      });
      expect(refused.statusCode).toBe(409);
    });

    it('proposes the rooms free for the meeting that seat the attendees, smallest first', async () => {
      const big = await floor.resource('Search big', 'room');
      const small = await floor.resource('Search small', 'room');
      await server()
        .db.kysely.updateTable('resources')
        .set({ capacity: 20, max_capacity: 20 })
        .where('id', '=', big)
        .execute();
      await server()
        .db.kysely.updateTable('resources')
        .set({ capacity: 4, max_capacity: 4 })
        .where('id', '=', small)
        .execute();
      const date = dayAhead(3);
      const few = await search(employee, date, 9, 10, '&attendees=3');
      expect(few.statusCode, few.body).toBe(200);
      const ids = few.json<OutlookRoomList>().data.map((room) => room.id);
      expect(ids.indexOf(small)).toBeLessThan(ids.indexOf(big));
      const many = await search(employee, date, 9, 10, '&attendees=10');
      expect(many.json<OutlookRoomList>().data.map((room) => room.id)).not.toContain(small);
      expect(many.json<OutlookRoomList>().data.map((room) => room.id)).toContain(big);
    });

    it('leaves out a room booked over the meeting', async () => {
      const room = await floor.resource('Search taken', 'room');
      const date = dayAhead(4);
      const booked = await request('POST', `${OUTLOOK}/resource`, employee, {
        meeting_key: newKey(),
        resource_id: room,
        occurrences: [occurrence(date, 10, 11)],
      });
      expect(booked.statusCode, booked.body).toBe(201);
      const during = (await search(employee, date, 10, 12)).json<OutlookRoomList>().data.map((r) => r.id);
      const after = (await search(employee, date, 11, 12)).json<OutlookRoomList>().data.map((r) => r.id);
      expect(during).not.toContain(room);
      expect(after).toContain(room);
    });

    it('answers 422 with a field error when the end is not after the start', async () => {
      const response = await search(employee, dayAhead(3), 10, 9);
      expectErrorShape(response, 422);
      expect(response.json<{ data: { errors: Record<string, string[]> } }>().data.errors.end).toEqual([
        'The end must be after the start.',
      ]);
    });

    it('never shows another company its rooms', async () => {
      const room = await floor.resource('Search isolated', 'room');
      const date = dayAhead(3);
      const other = await request(
        'GET',
        `${OUTLOOK}/resources?start=${encodeURIComponent(occurrence(date, 9).start)}&end=${encodeURIComponent(occurrence(date, 9).end)}`,
        globex,
        undefined,
        'globex',
      );
      expect(other.statusCode).toBe(200);
      expect(other.json<OutlookRoomList>().data.map((r) => r.id)).not.toContain(room);
      const info = await request('GET', `${OUTLOOK}/resources/${room}`, globex, undefined, 'globex');
      expectErrorShape(info, 404);
    });
  });

  describe('POST outlook/resource and the meeting it keeps', () => {
    it('books the room, and the meeting answers it when reopened', async () => {
      const room = await floor.resource('Book me', 'room');
      const key = newKey();
      const date = dayAhead(5);
      const booked = await request('POST', `${OUTLOOK}/resource`, employee, {
        meeting_key: key,
        item_id: 'AAMkAD-item',
        resource_id: room,
        subject: 'Planning',
        occurrences: [occurrence(date, 9, 10)],
      });
      expect(booked.statusCode, booked.body).toBe(201);
      const reopened = await request('GET', `${OUTLOOK}/meetings/${key}`, employee);
      const meeting = reopened.json<OutlookMeeting>();
      expect(meeting.resource?.id).toBe(room);
      expect(meeting.bookings).toHaveLength(1);
      expect(meeting.bookings[0]).toMatchObject({ start: occurrence(date, 9, 10).start, status: 'booked' });
      const row = await server()
        .db.kysely.selectFrom('declarations')
        .select(['source', 'external_ref', 'subject'])
        .where('id', '=', meeting.bookings[0]!.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ source: 'outlook', external_ref: 'AAMkAD-item', subject: 'Planning' });
    });

    it('of two rooms booked for one meeting at once, the meeting ends up holding one (the meeting’s lock)', async () => {
      // Several meetings at once, each asked for two rooms at the same moment (a double click, two
      // clients): without the lock, both requests read no bookings and both book.
      const meetings = await Promise.all(
        Array.from({ length: 4 }, async (_, index) => ({
          key: newKey(),
          rooms: [
            await floor.resource(`Twice ${index}a`, 'room'),
            await floor.resource(`Twice ${index}b`, 'room'),
          ],
        })),
      );
      const date = dayAhead(9);
      const answers = await Promise.all(
        meetings.flatMap(({ key, rooms }) =>
          rooms.map((room) =>
            request('POST', `${OUTLOOK}/resource`, employee, {
              meeting_key: key,
              resource_id: room,
              occurrences: [occurrence(date, 16, 17)],
            }),
          ),
        ),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 201));
      for (const { key, rooms } of meetings) {
        const live = await server()
          .db.kysely.selectFrom('declarations')
          .select('resource_id')
          .where('resource_id', 'in', rooms)
          .where('status', '=', 'booked')
          .execute();
        expect(live, key).toHaveLength(1);
        const meeting = (await request('GET', `${OUTLOOK}/meetings/${key}`, employee)).json<OutlookMeeting>();
        const held = meeting.bookings.filter((booking) => booking.status === 'booked');
        expect(held.map((booking) => booking.resource_id)).toEqual([meeting.resource?.id]);
      }
    });

    it('moves the booking with the meeting, and keeps it when the new time is taken', async () => {
      const room = await floor.resource('Move me', 'room');
      const key = newKey();
      const date = dayAhead(6);
      await request('POST', `${OUTLOOK}/resource`, employee, {
        meeting_key: key,
        resource_id: room,
        occurrences: [occurrence(date, 9, 10)],
      });
      // an hour later: moving onto the next slot right after its own old time
      const moved = await request('PUT', `${OUTLOOK}/meetings/${key}`, employee, {
        occurrences: [occurrence(date, 10, 11)],
      });
      expect(moved.statusCode, moved.body).toBe(200);
      expect(moved.json<OutlookMeeting>().bookings.map((b) => b.start)).toEqual([
        occurrence(date, 10, 11).start,
      ]);

      const blocker = await request('POST', `${OUTLOOK}/resource`, admin, {
        meeting_key: newKey(),
        resource_id: room,
        occurrences: [occurrence(date, 14, 15)],
      });
      expect(blocker.statusCode, blocker.body).toBe(201);
      const refused = await request('PUT', `${OUTLOOK}/meetings/${key}`, employee, {
        occurrences: [occurrence(date, 14, 15)],
      });
      expectErrorShape(refused, 409);
      const kept = (await request('GET', `${OUTLOOK}/meetings/${key}`, employee)).json<OutlookMeeting>();
      expect(kept.bookings.map((b) => [b.start, b.status])).toEqual([
        [occurrence(date, 10, 11).start, 'booked'],
      ]);
    });

    it('DELETE cancels the bookings when the room leaves the meeting', async () => {
      const room = await floor.resource('Remove me', 'room');
      const key = newKey();
      const date = dayAhead(7);
      await request('POST', `${OUTLOOK}/resource`, employee, {
        meeting_key: key,
        resource_id: room,
        occurrences: [occurrence(date, 9)],
      });
      const removed = await request('DELETE', `${OUTLOOK}/meetings/${key}`, employee);
      expect(removed.statusCode, removed.body).toBe(200);
      expect(removed.json<OutlookMeeting>()).toMatchObject({ resource: null, bookings: [] });
      const free = (await search(employee, date, 9, 10)).json<OutlookRoomList>().data.map((r) => r.id);
      expect(free).toContain(room);

      // A series under way: its occurrence checked in stays so; only those still ahead are cancelled.
      const series = newKey();
      const booked = await request('POST', `${OUTLOOK}/resource`, employee, {
        meeting_key: series,
        resource_id: room,
        occurrences: [occurrence(date, 11), occurrence(dayAhead(8), 11)],
      });
      const [held, ahead] = booked.json<OutlookMeeting>().bookings.map((booking) => booking.id);
      await server()
        .db.kysely.updateTable('declarations')
        .set({ status: 'checked_in', checked_in_at: new Date() })
        .where('id', '=', held!)
        .execute();
      expect((await request('DELETE', `${OUTLOOK}/meetings/${series}`, employee)).statusCode).toBe(200);
      expect(await statusesOf([held!, ahead!])).toEqual([
        { id: held, status: 'checked_in' },
        { id: ahead, status: 'cancelled' },
      ]);
    });

    it('moves a series under way from its next occurrence on: the occurrence already held stays as it was', async () => {
      const room = await floor.resource('Under way', 'room');
      const key = newKey();
      const booked = await request('POST', `${OUTLOOK}/resource`, employee, {
        meeting_key: key,
        resource_id: room,
        occurrences: [occurrence(dayAhead(7), 9), occurrence(dayAhead(14), 9)],
      });
      const [first, second] = booked.json<OutlookMeeting>().bookings.map((booking) => booking.id);
      // The first occurrence is now last week's (held, over).
      await server()
        .db.kysely.updateTable('declarations')
        .set({
          starts_at: new Date(Date.now() - 7 * 86_400_000),
          ends_at: new Date(Date.now() - 7 * 86_400_000 + 3_600_000),
        })
        .where('id', '=', first!)
        .execute();
      // The pane sends the occurrences still to come, an hour later.
      const moved = await request('PUT', `${OUTLOOK}/meetings/${key}`, employee, {
        occurrences: [occurrence(dayAhead(14), 10)],
      });
      expect(moved.statusCode, moved.body).toBe(200);
      expect(await statusesOf([first!, second!])).toEqual([
        { id: first, status: 'booked' },
        { id: second, status: 'cancelled' },
      ]);
      const bookings = moved.json<OutlookMeeting>().bookings;
      expect(bookings.map((booking) => [booking.start, booking.status])).toEqual([
        [expect.any(String), 'booked'],
        [occurrence(dayAhead(14), 10).start, 'booked'],
      ]);
    });

    it('finds a meeting by its Outlook item, once booked for it or linked to it, and only the organizer’s', async () => {
      const room = await floor.resource('Found by item', 'room');
      const date = dayAhead(9);
      const saved = newKey();
      await request('POST', `${OUTLOOK}/resource`, employee, {
        meeting_key: saved,
        item_id: 'AAMkAD-saved/item+1=',
        resource_id: room,
        occurrences: [occurrence(date, 9)],
      });
      const byItem = (itemId: string, token = employee) =>
        request('GET', `${OUTLOOK}/meetings?item_id=${encodeURIComponent(itemId)}`, token);
      const found = await byItem('AAMkAD-saved/item+1=');
      expect(found.statusCode, found.body).toBe(200);
      expect(found.json<{ data: OutlookMeeting[] }>().data.map((meeting) => meeting.meeting_key)).toEqual([
        saved,
      ]);
      expect((await byItem('AAMkAD-saved/item+1=', admin)).json<{ data: OutlookMeeting[] }>().data).toEqual(
        [],
      );

      // a new item's meeting, linked once Outlook saved the item
      const fresh = newKey();
      await request('POST', `${OUTLOOK}/resource`, employee, {
        meeting_key: fresh,
        resource_id: room,
        occurrences: [occurrence(date, 11)],
      });
      expect((await byItem('AAMkAD-new')).json<{ data: OutlookMeeting[] }>().data).toEqual([]);
      expectErrorShape(
        await request('PUT', `${OUTLOOK}/meetings/${fresh}/item`, admin, { item_id: 'AAMkAD-new' }),
        404,
      );
      expectErrorShape(
        await request('PUT', `${OUTLOOK}/meetings/${fresh}/item`, employee, { item_id: '' }),
        422,
      );
      const linked = await request('PUT', `${OUTLOOK}/meetings/${fresh}/item`, employee, {
        item_id: 'AAMkAD-new',
      });
      expect(linked.statusCode, linked.body).toBe(200);
      const [meeting] = (await byItem('AAMkAD-new')).json<{ data: OutlookMeeting[] }>().data;
      expect(meeting).toMatchObject({ meeting_key: fresh, item_id: 'AAMkAD-new', resource: { id: room } });
      const row = await server()
        .db.kysely.selectFrom('declarations')
        .select('external_ref')
        .where('id', '=', meeting!.bookings[0]!.id)
        .executeTakeFirstOrThrow();
      expect(row.external_ref).toBe('AAMkAD-new');

      // its room removed, the meeting is no longer one that holds a room
      await request('DELETE', `${OUTLOOK}/meetings/${fresh}`, employee);
      expect((await byItem('AAMkAD-new')).json<{ data: OutlookMeeting[] }>().data).toEqual([]);
    });

    it('answers 422 with field errors for a bad body and writes nothing', async () => {
      const response = await request('POST', `${OUTLOOK}/resource`, employee, {
        meeting_key: 'x',
        resource_id: floor.levelId,
        occurrences: [],
      });
      expectErrorShape(response, 422);
      const errors = response.json<{ data: { errors: Record<string, string[]> } }>().data.errors;
      expect(errors.meeting_key).toEqual(['This meeting key is not valid.']);
      expect(errors.occurrences).toEqual(['This field is required.']);
    });

    it("keeps one organizer's meeting from other users and other companies", async () => {
      const room = await floor.resource('Private meeting room', 'room');
      const key = newKey();
      await request('POST', `${OUTLOOK}/resource`, employee, {
        meeting_key: key,
        resource_id: room,
        occurrences: [occurrence(dayAhead(8), 9)],
      });
      expectErrorShape(await request('GET', `${OUTLOOK}/meetings/${key}`, admin), 404);
      expectErrorShape(await request('DELETE', `${OUTLOOK}/meetings/${key}`, admin), 404);
      expectErrorShape(await request('GET', `${OUTLOOK}/meetings/${key}`, globex, undefined, 'globex'), 404);
      expectErrorShape(
        await request(
          'PUT',
          `${OUTLOOK}/meetings/${key}`,
          globex,
          { occurrences: [occurrence(dayAhead(8), 11)] },
          'globex',
        ),
        404,
      );
      const booked = await request(
        'POST',
        `${OUTLOOK}/resource`,
        globex,
        { meeting_key: newKey(), resource_id: room, occurrences: [occurrence(dayAhead(8), 12)] },
        'globex',
      );
      expectErrorShape(booked, 404);
      expect(
        (await request('GET', `${OUTLOOK}/meetings/${key}`, employee)).json<OutlookMeeting>().bookings,
      ).toHaveLength(1);
    });
  });

  describe('a weekly series', () => {
    it('of 20 where occurrence 17 is taken is refused whole, naming that date; with the alternative it books', async () => {
      const room = await floor.resource('Series room', 'room');
      await floor.resource('Series spare', 'room'); // a free room on the same level to suggest
      const first = dayAhead(9);
      const series = Array.from({ length: 20 }, (_, week) => occurrence(addDays(first, week * 7), 13, 14));
      const takenDate = addDays(first, 16 * 7);
      const blocker = await request('POST', `${OUTLOOK}/resource`, admin, {
        meeting_key: newKey(),
        resource_id: room,
        occurrences: [series[16]],
      });
      expect(blocker.statusCode, blocker.body).toBe(201);

      const key = newKey();
      const refused = await request('POST', `${OUTLOOK}/resource`, employee, {
        meeting_key: key,
        resource_id: room,
        occurrences: series,
      });
      expectErrorShape(refused, 409);
      const body = refused.json<{ data: { message: string; errors: Record<string, string[]> } }>().data;
      expect(body.message).toBe(`Nothing was booked: the series conflicts on ${takenDate}.`);
      expect(Object.keys(body.errors)).toEqual(['occurrences.16']);
      expect(body.errors['occurrences.16']![0]).toMatch(
        new RegExp(`^Series room is already booked on ${takenDate} from 13:00 to 14:00\\.`),
      );
      expectErrorShape(await request('GET', `${OUTLOOK}/meetings/${key}`, employee), 404);

      const check = await request('POST', `${OUTLOOK}/check`, employee, {
        resource_id: room,
        occurrences: series,
        attendees: 4,
      });
      const conflicts = check.json<OutlookCheck>().conflicts;
      expect(conflicts.map((c) => c.date)).toEqual([takenDate]);
      expect(conflicts[0]!.alternative?.level.id).toBe(floor.levelId);
      const alternative = conflicts[0]!.alternative!.id;

      const booked = await request('POST', `${OUTLOOK}/resource`, employee, {
        meeting_key: key,
        resource_id: room,
        occurrences: series,
        alternatives: [{ start: series[16]!.start, resource_id: alternative }],
      });
      expect(booked.statusCode, booked.body).toBe(201);
      const meeting = booked.json<OutlookMeeting>();
      expect(meeting.bookings).toHaveLength(20);
      expect(meeting.bookings[16]!.resource_id).toBe(alternative);
      expect(meeting.bookings.filter((b) => b.resource_id === room)).toHaveLength(19);
      expect(meeting.bookings[0]!.resource_name).toBe('Series room');

      // The series moves an hour later: the 17th occurrence keeps its room, the others follow.
      const later = series.map((entry) => ({
        start: new Date(Date.parse(entry.start) + 3_600_000).toISOString(),
        end: new Date(Date.parse(entry.end) + 3_600_000).toISOString(),
      }));
      const moved = await request('PUT', `${OUTLOOK}/meetings/${key}`, employee, { occurrences: later });
      expect(moved.statusCode, moved.body).toBe(200);
      const after = moved.json<OutlookMeeting>().bookings;
      expect(after.map((b) => b.start)).toEqual(later.map((entry) => entry.start));
      expect(after[16]!.resource_id).toBe(alternative);
      expect(after.filter((b) => b.resource_id === room)).toHaveLength(19);
    });

    it('moved across midnight in UTC, keeps each occurrence’s alternative on its own occurrence', async () => {
      const room = await floor.resource('Midnight room', 'room');
      const spare = await floor.resource('Midnight spare', 'room');
      const first = dayAhead(11);
      // 00:30 in Zurich is 23:30 UTC the day before; moved an hour later it is 00:30 UTC.
      const daily = [0, 1, 2].map((day) => occurrence(addDays(first, day), 0.5, 1));
      const blocker = await request('POST', `${OUTLOOK}/resource`, admin, {
        meeting_key: newKey(),
        resource_id: room,
        occurrences: [occurrence(addDays(first, 1), 0, 1)],
      });
      expect(blocker.statusCode, blocker.body).toBe(201);
      const key = newKey();
      const booked = await request('POST', `${OUTLOOK}/resource`, employee, {
        meeting_key: key,
        resource_id: room,
        occurrences: daily,
        alternatives: [{ start: daily[1]!.start, resource_id: spare }],
      });
      expect(booked.statusCode, booked.body).toBe(201);
      const moved = await request('PUT', `${OUTLOOK}/meetings/${key}`, employee, {
        occurrences: [0, 1, 2].map((day) => occurrence(addDays(first, day), 1.5, 2)),
      });
      expect(moved.statusCode, moved.body).toBe(200);
      expect(moved.json<OutlookMeeting>().bookings.map((b) => b.resource_id)).toEqual([room, spare, room]);
    });
  });
});
