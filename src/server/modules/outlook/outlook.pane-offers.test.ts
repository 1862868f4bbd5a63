import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../test/support/server-app';
import { ACCOUNTS, expectErrorShape, signIn } from '../../../../test/support/server-factories';
import type { OutlookMeeting, OutlookRoom, OutlookRoomList } from '../../../shared/contract/outlook';
import { acceptImage } from '../maps/accepted-image';
import { dayAhead, givenFloor, type Floor } from '../declarations/declarations.fixtures';
import { newKey, occurrence, OUTLOOK, outlookActors, outlookApi } from './outlook.fixtures';

// Issue 41, what peers offer in the pane: seats below the invitees, favourites and the user's own
// floor first, rooms that need approval, a room's picture.
describeEachDatabase('Outlook add-in: what the pane offers', (server) => {
  let employee: string;
  let reception: string;
  let admin: string;
  let globex: string;
  let floor: Floor;
  const { request, search } = outlookApi(server, () => floor);
  const db = () => server().db.kysely;

  const room = async (name: string, capacity: number, on: Floor = floor) => {
    const id = await on.resource(name, 'room');
    await db()
      .updateTable('resources')
      .set({ capacity, max_capacity: capacity })
      .where('id', '=', id)
      .execute();
    return id;
  };
  const employeeId = async () =>
    (
      await db()
        .selectFrom('users')
        .select('id')
        .where('email', '=', ACCOUNTS.employee)
        .executeTakeFirstOrThrow()
    ).id;
  const listed = async (date: string, extra: string, on: Floor = floor) => {
    const response = await request(
      'GET',
      `${OUTLOOK}/resources?start=${encodeURIComponent(occurrence(date, 9).start)}&end=${encodeURIComponent(
        occurrence(date, 9).end,
      )}&level_id=${on.levelId}${extra}`,
      employee,
    );
    expect(response.statusCode, response.body).toBe(200);
    return response.json<OutlookRoomList>().data;
  };

  beforeAll(async () => {
    ({ employee, globex, floor } = await outlookActors(server()));
    reception = await signIn(server(), ACCOUNTS.reception);
    admin = await signIn(server(), ACCOUNTS.acmeAdmin);
  });

  describe('the seats wanted may be fewer than the invitees', () => {
    it('lists a room for the in-person attendees, and advanced search’s seats go below the attendees too', async () => {
      const pair = await room('Seats pair', 2);
      const date = dayAhead(21);
      // six invited, all in the room: a two-seat room is not proposed
      expect((await listed(date, '&attendees=6')).map((r) => r.id)).not.toContain(pair);
      // two of them in person
      expect((await listed(date, '&attendees=2')).map((r) => r.id)).toContain(pair);
      // advanced search's own seat figure replaces the attendees, below them too
      expect((await listed(date, '&attendees=6&capacity=2')).map((r) => r.id)).toContain(pair);
      expect((await listed(date, '&attendees=1&capacity=3')).map((r) => r.id)).not.toContain(pair);
    });

    it('answers 422 with a field error for a seat count that is not a whole number of at least 1', async () => {
      const date = dayAhead(21);
      for (const [extra, field] of [
        ['&attendees=0', 'attendees'],
        ['&attendees=1.5', 'attendees'],
        ['&attendees=two', 'attendees'],
        ['&capacity=0', 'capacity'],
        ['&capacity=-3', 'capacity'],
      ] as const) {
        const response = await search(employee, date, 9, 10, extra);
        expectErrorShape(response, 422);
        const errors = response.json<{ data: { errors: Record<string, string[]> } }>().data.errors;
        expect(Object.keys(errors), extra).toEqual([field]);
        expect(errors[field]!.length).toBe(1);
      }
    });

    it('is refused to a user who may not book (403) and shows no other company’s rooms', async () => {
      const date = dayAhead(21);
      expectErrorShape(await search(reception, date, 9, 10, '&attendees=2'), 403);
      const mine = await room('Seats isolated', 2);
      const other = await request(
        'GET',
        `${OUTLOOK}/resources?start=${encodeURIComponent(occurrence(date, 9).start)}&end=${encodeURIComponent(
          occurrence(date, 9).end,
        )}&attendees=1&capacity=1`,
        globex,
        undefined,
        'globex',
      );
      expect(other.statusCode).toBe(200);
      expect(other.json<OutlookRoomList>().data.map((r) => r.id)).not.toContain(mine);
    });
  });

  describe('favourites and the user’s own floor first', () => {
    it('proposes the favourites, then rooms on the user’s default location, each smallest first, marked', async () => {
      const own = await givenFloor(server());
      const small = await room('Order small', 3);
      const big = await room('Order big', 12);
      const liked = await room('Order liked', 20);
      const mineSmall = await room('Order home', 10, own);
      const favored = await request('POST', `/api/company/v1/resources/${liked}/favor`, employee);
      expect(favored.statusCode, favored.body).toBe(200);
      const put = await request('PUT', '/api/company/v1/user-preferences/DefaultLocation', employee, {
        value: String(own.levelId),
      });
      expect(put.statusCode, put.body).toBe(200);
      try {
        const date = dayAhead(22);
        // both floors: no level asked
        const response = await request(
          'GET',
          `${OUTLOOK}/resources?start=${encodeURIComponent(occurrence(date, 9).start)}&end=${encodeURIComponent(
            occurrence(date, 9).end,
          )}&attendees=2`,
          employee,
        );
        const rooms = response.json<OutlookRoomList>().data;
        const ids = rooms.map((r) => r.id);
        const at = (id: number) => ids.indexOf(id);
        expect(at(liked)).toBe(0);
        expect(at(mineSmall)).toBe(1);
        expect(at(small)).toBeLessThan(at(big));
        expect(at(mineSmall)).toBeLessThan(at(small));
        const marks = (id: number) => {
          const found = rooms.find((r) => r.id === id)!;
          return [found.is_favorite, found.on_default_level];
        };
        expect(marks(liked)).toEqual([true, false]);
        expect(marks(mineSmall)).toEqual([false, true]);
        expect(marks(small)).toEqual([false, false]);
        // the company's default level is no one's own floor
        expect(rooms.filter((r) => r.on_default_level).map((r) => r.level.id)).toEqual([own.levelId]);
      } finally {
        await request('POST', `/api/company/v1/resources/${liked}/disfavor`, employee);
        await request('DELETE', '/api/company/v1/user-preferences/DefaultLocation', employee);
      }
    });

    it('never takes another company’s level for the user’s own floor', async () => {
      const globexFloor = await givenFloor(server(), 'globex');
      const userId = await employeeId();
      await db()
        .insertInto('user_preferences')
        .values({
          company_id: floor.companyId,
          user_id: userId,
          key: 'DefaultLocation',
          value: String(globexFloor.levelId),
          is_automatic: null,
        })
        .execute();
      try {
        await room('Foreign default', 4);
        const rooms = await listed(dayAhead(22), '&attendees=1');
        expect(rooms.length).toBeGreaterThan(0);
        expect(rooms.some((r) => r.on_default_level)).toBe(false);
      } finally {
        await db()
          .deleteFrom('user_preferences')
          .where('user_id', '=', userId)
          .where('key', '=', 'DefaultLocation')
          .execute();
      }
    });
  });

  describe('rooms that need approval', () => {
    it('marks an on-request room, and a meeting booked in it waits for approval, not booked', async () => {
      const onRequest = await room('Approval room', 6);
      await db()
        .updateTable('resources')
        .set({ resource_model: 'on_request' })
        .where('id', '=', onRequest)
        .execute();
      const plain = await room('Approval plain', 6);
      const date = dayAhead(23);
      const rooms = await listed(date, '&attendees=2');
      const byId = (id: number) => rooms.find((r) => r.id === id)!;
      expect(byId(onRequest).needs_approval).toBe(true);
      expect(byId(plain).needs_approval).toBe(false);

      const key = newKey();
      const booked = await request('POST', `${OUTLOOK}/resource`, employee, {
        meeting_key: key,
        resource_id: onRequest,
        occurrences: [occurrence(date, 9)],
      });
      expect(booked.statusCode, booked.body).toBe(201);
      const meeting = booked.json<OutlookMeeting>();
      expect(meeting.awaiting_approval).toBe(true);
      expect(meeting.bookings.map((b) => b.approval_status)).toEqual(['pending']);
      expect(meeting.resource?.needs_approval).toBe(true);
      const read = (await request('GET', `${OUTLOOK}/meetings/${key}`, employee)).json<OutlookMeeting>();
      expect(read.awaiting_approval).toBe(true);
      // another company does not know the meeting
      expectErrorShape(await request('GET', `${OUTLOOK}/meetings/${key}`, globex, undefined, 'globex'), 404);

      const plainKey = newKey();
      const plainBooked = await request('POST', `${OUTLOOK}/resource`, employee, {
        meeting_key: plainKey,
        resource_id: plain,
        occurrences: [occurrence(date, 9)],
      });
      expect(plainBooked.json<OutlookMeeting>()).toMatchObject({ awaiting_approval: false });

      // an approver declines it: the meeting holds nothing, says so, and cannot be sent with it
      const declinedId = meeting.bookings[0]!.id;
      const rejected = await request('GET', `/api/company/v1/declarations/assign/${declinedId}/3`, admin);
      expect(rejected.statusCode, rejected.body).toBe(200);
      const after = (await request('GET', `${OUTLOOK}/meetings/${key}`, employee)).json<OutlookMeeting>();
      expect(after).toMatchObject({ bookings: [], awaiting_approval: false, declined: true });
      expectErrorShape(await request('POST', `${OUTLOOK}/meetings/${key}/sent`, employee), 409);
      expect(
        (await request('GET', `${OUTLOOK}/meetings/${plainKey}`, employee)).json<OutlookMeeting>().declined,
      ).toBe(false);
    });
  });

  describe('a room’s picture', () => {
    it('names the picture a room has, which the booking user may read, and none for a room without', async () => {
      const pictured = await room('Picture room', 4);
      const bare = await room('Picture bare', 4);
      const svg =
        '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="30"><rect width="40" height="30"/></svg>';
      await db()
        .insertInto('resource_images')
        .values({ company_id: floor.companyId, resource_id: pictured, ...acceptImage(Buffer.from(svg)) })
        .execute();
      const info = (await request('GET', `${OUTLOOK}/resources/${pictured}`, employee)).json<OutlookRoom>();
      expect(info.image_url).toBe(`/api/company/v1/resources/${pictured}/image`);
      const image = await request('GET', info.image_url!, employee);
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toContain('image/svg+xml');
      expect(
        (await request('GET', `${OUTLOOK}/resources/${bare}`, employee)).json<OutlookRoom>().image_url,
      ).toBe(null);
      // another company reads neither the room nor its picture
      expectErrorShape(
        await request('GET', `${OUTLOOK}/resources/${pictured}`, globex, undefined, 'globex'),
        404,
      );
      expect((await request('GET', info.image_url!, globex, undefined, 'globex')).statusCode).toBe(404);
    });
  });
});
