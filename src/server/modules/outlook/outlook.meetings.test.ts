import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../test/support/server-app';
import { expectErrorShape } from '../../../../test/support/server-factories';
import type { OutlookMeeting, OutlookRoomList } from '../../../shared/contract/outlook';
import { dayAhead, type Floor } from '../declarations/declarations.fixtures';
import { newKey, occurrence, OUTLOOK, outlookActors, outlookApi } from './outlook.fixtures';

describeEachDatabase('Outlook add-in calls', (server) => {
  let employee: string;
  let admin: string;
  let globex: string;
  let floor: Floor;
  const { request, statusesOf, search } = outlookApi(server, () => floor);

  beforeAll(async () => {
    ({ employee, admin, globex, floor } = await outlookActors(server()));
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
});
