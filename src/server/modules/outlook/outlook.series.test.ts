import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../test/support/server-app';
import { expectErrorShape } from '../../../../test/support/server-factories';
import type { OutlookCheck, OutlookMeeting } from '../../../shared/contract/outlook';
import { addDays } from '../../../shared/time/zone';
import { dayAhead, type Floor } from '../declarations/declarations.fixtures';
import { newKey, occurrence, OUTLOOK, outlookActors, outlookApi } from './outlook.fixtures';

describeEachDatabase('Outlook add-in calls', (server) => {
  let employee: string;
  let admin: string;
  let floor: Floor;
  const { request } = outlookApi(server, () => floor);

  beforeAll(async () => {
    ({ employee, admin, floor } = await outlookActors(server()));
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
