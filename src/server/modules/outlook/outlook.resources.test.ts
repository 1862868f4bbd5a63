import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../test/support/server-app';
import { expectErrorShape } from '../../../../test/support/server-factories';
import type { OutlookRoomList } from '../../../shared/contract/outlook';
import { addDays } from '../../../shared/time/zone';
import { dayAhead, givenFloor, type Floor } from '../declarations/declarations.fixtures';
import { newKey, occurrence, OUTLOOK, outlookActors, outlookApi } from './outlook.fixtures';

describeEachDatabase('Outlook add-in calls', (server) => {
  let employee: string;
  let globex: string;
  let floor: Floor;
  const { request, search } = outlookApi(server, () => floor);

  beforeAll(async () => {
    ({ employee, globex, floor } = await outlookActors(server()));
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
});
