import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../test/support/server-app';
import { ACCOUNTS, expectErrorShape } from '../../../../test/support/server-factories';
import { addDays } from '../../../shared/time/zone';
import {
  activeCounter,
  api,
  dayAhead,
  declarationActors,
  DECLARATIONS,
  givenFloor,
  plainBooking,
  slot,
  type Floor,
} from './declarations.fixtures';
import { bookDeclarations } from './booking-writes.queries';

describeEachDatabase('declarations', (server) => {
  const http = api(server);
  const activeCount = activeCounter(server);
  let admin: string;
  let employee: string;
  let floor: Floor;

  beforeAll(async () => {
    ({ admin, employee, floor } = await declarationActors(server()));
  });

  describe(`POST ${DECLARATIONS}`, () => {
    it('books a slot, merging slots that follow each other into one booking (spec §7)', async () => {
      const desk = await floor.resource('Desk M1');
      const date = dayAhead(2);
      const created = await http.bookOk(admin, {
        resource_id: desk,
        slots: [slot(date, 9), slot(date, 10), slot(date, 14)],
        subject: 'Focus',
      });
      expect(created).toHaveLength(2);
      expect(created[0]).toMatchObject({
        resource: { id: desk, name: 'Desk M1', path: `${floor.levelName} / Desk M1` },
        level_id: floor.levelId,
        starts_at: slot(date, 9).datetime_from,
        ends_at: slot(date, 11).datetime_from,
        timezone: 'Europe/Zurich',
        status: 'booked',
        approval_status: 'approved',
        subject: 'Focus',
        host: { name: 'Ada Admin' },
        can_cancel: true,
      });
      expect(created[1]!.starts_at).toBe(slot(date, 14).datetime_from);
    });

    it('answers 409 naming the resource and slot when the desk is already booked', async () => {
      const desk = await floor.resource('Desk 1.01');
      const date = dayAhead(3);
      await http.bookOk(admin, { resource_id: desk, slots: [slot(date, 9)] });
      const response = await http.book(employee, { resource_id: desk, slots: [slot(date, 9)] });
      expect(expectErrorShape(response, 409).message).toBe(
        'Desk 1.01 is already booked from 09:00 to 10:00.',
      );
    });

    it('of two bookings asked at once, a taken second one is named in the 409 and the first is not kept', async () => {
      const desk = await floor.resource('Desk 1.02');
      const date = dayAhead(3);
      await http.bookOk(employee, { resource_id: desk, slots: [slot(date, 14)] });
      const response = await http.book(admin, { resource_id: desk, slots: [slot(date, 9), slot(date, 14)] });
      expect(expectErrorShape(response, 409).message).toBe(
        'Desk 1.02 is already booked from 14:00 to 15:00.',
      );
      expect(await activeCount(desk)).toBe(1);
    });

    it('writes nothing when the plan stamp moved after the checks (book_declarations answers stale)', async () => {
      const desk = await floor.resource('Desk Stale');
      const date = dayAhead(3);
      const { companyId } = floor;
      const db = server().db.kysely;
      const { id: userId } = await db
        .selectFrom('users')
        .select('id')
        .where('email', '=', ACCOUNTS.acmeAdmin)
        .executeTakeFirstOrThrow();
      const { version } = await db
        .selectFrom('company_plan_versions')
        .select('version')
        .where('company_id', '=', companyId)
        .executeTakeFirstOrThrow();
      const one = slot(date, 9);
      const { booking, written } = plainBooking(floor, userId, desk, one);
      // A change to the plan's tables (here: another resource) commits between the read and the write.
      await floor.resource('Desk Stale 2');
      expect(await bookDeclarations(db, { ...booking, expectedPlanVersion: version }, written)).toEqual({
        outcome: 'stale',
      });
      expect(await activeCount(desk)).toBe(0);
      // Through the API the booking is checked again under the locks and made.
      await http.bookOk(admin, { resource_id: desk, slots: [one] });
      expect(await activeCount(desk)).toBe(1);
    });

    it('lets exactly one of 10 simultaneous bookings of one slot through; the others get 409', async () => {
      const desk = await floor.resource('Desk Race');
      const date = dayAhead(4);
      const body = { resource_id: desk, slots: [slot(date, 9)] };
      const responses = await Promise.all(
        Array.from({ length: 10 }, (_, index) => http.book(index % 2 ? employee : admin, body)),
      );
      const statuses = responses.map((response) => response.statusCode).sort();
      expect(statuses).toEqual([201, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
      for (const response of responses.filter((answer) => answer.statusCode === 409))
        expect(expectErrorShape(response).message).toBe('Desk Race is already booked from 09:00 to 10:00.');
      expect(await activeCount(desk)).toBe(1);
    });

    it('seats a shared resource up to its capacity', async () => {
      const area = await floor.resource('Visitor parking', 'shared');
      const date = dayAhead(2);
      await http.bookOk(admin, { resource_id: area, slots: [slot(date, 8)] });
      await http.bookOk(employee, { resource_id: area, slots: [slot(date, 8)] });
      const third = await http.book(admin, { resource_id: area, slots: [slot(date, 8)] });
      expect(expectErrorShape(third, 409).message).toBe(
        'Visitor parking is fully booked from 08:00 to 09:00.',
      );
      expect(await activeCount(area)).toBe(2);
    });

    it('answers 422 for a slot that is not one of the day’s slots, or is past, and writes nothing', async () => {
      const desk = await floor.resource('Desk Bad');
      const date = dayAhead(2);
      const odd = {
        datetime_from: new Date(Date.parse(slot(date, 9).datetime_from) + 10 * 60_000).toISOString(),
        datetime_to: new Date(Date.parse(slot(date, 10).datetime_from) + 10 * 60_000).toISOString(),
      };
      const response = await http.book(admin, {
        resource_id: desk,
        slots: [slot(date, 8), odd, slot(dayAhead(-1), 9)],
      });
      const error = expectErrorShape(response, 422);
      expect(error.errors).toEqual({
        'slots.1': ['This slot cannot be booked.'],
        'slots.2': ['This slot is in the past.'],
      });
      expect(await activeCount(desk)).toBe(0);
      expectErrorShape(await http.book(admin, { resource_id: desk, slots: [] }), 422);
    });

    it('answers 422, not a server error, for a slot in a year a zone’s clock cannot write, or a subject with a NUL', async () => {
      const desk = await floor.resource('Desk Edge');
      // In Zurich, 23:00 UTC on 31 December 9999 is already the year 10000; 0000 is before year 1.
      const response = await http.book(admin, {
        resource_id: desk,
        slots: [
          { datetime_from: '9999-12-31T23:00:00Z', datetime_to: '9999-12-31T23:15:00Z' },
          { datetime_from: '0000-06-01T00:00:00Z', datetime_to: '0000-06-01T01:00:00Z' },
        ],
      });
      expect(expectErrorShape(response, 422).errors).toEqual({
        'slots.0.datetime_from': ['The date is not valid.'],
        'slots.0.datetime_to': ['The date is not valid.'],
        'slots.1.datetime_from': ['The date is not valid.'],
        'slots.1.datetime_to': ['The date is not valid.'],
      });
      const nul = await http.book(admin, {
        resource_id: desk,
        slots: [slot(dayAhead(2), 9)],
        subject: 'a\u0000b',
      });
      expect(expectErrorShape(nul, 422).errors).toEqual({
        subject: ['The field contains a character that is not allowed.'],
      });
      expect(await activeCount(desk)).toBe(0);
    });

    it('refuses a resource that is not bookable (403) and an unknown one (404)', async () => {
      const hidden = await floor.resource('Display wall', 'hidden');
      const date = dayAhead(2);
      expect(
        expectErrorShape(await http.book(admin, { resource_id: hidden, slots: [slot(date, 9)] }), 403)
          .message,
      ).toBe('This resource cannot be booked.');
      expectErrorShape(await http.book(admin, { resource_id: 999_999, slots: [slot(date, 9)] }), 404);
    });

    it('refuses a resource kept for some roles (403), an assigned one (403) and one on a level not declarable (422)', async () => {
      const db = server().db.kysely;
      const date = dayAhead(2);
      const reserved = await floor.resource('Desk Board');
      const { id: roleId } = await db
        .insertInto('roles')
        .values({ company_id: floor.companyId, name: 'Board members' })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('resource_roles')
        .values({ company_id: floor.companyId, resource_id: reserved, role_id: roleId })
        .execute();
      const refused = await http.book(employee, { resource_id: reserved, slots: [slot(date, 9)] });
      expect(expectErrorShape(refused, 403).message).toBe('You are not allowed to book this resource.');

      const assigned = await floor.resource('Desk Assigned');
      await db
        .updateTable('resources')
        .set({ resource_model: 'assigned' })
        .where('id', '=', assigned)
        .execute();
      expect(
        expectErrorShape(await http.book(admin, { resource_id: assigned, slots: [slot(date, 9)] }), 403)
          .message,
      ).toBe('This resource is kept for the users it is assigned to.');

      const closedFloor = await givenFloor(server());
      const desk = await closedFloor.resource('Desk Closed Floor');
      await db
        .updateTable('levels')
        .set({ is_declarable: false })
        .where('id', '=', closedFloor.levelId)
        .execute();
      const notDeclarable = await http.book(admin, { resource_id: desk, slots: [slot(date, 9)] });
      expect(expectErrorShape(notDeclarable, 422).errors).toEqual({
        resource_id: ['This resource is on a level where nothing can be booked.'],
      });
      expect(await activeCount(reserved)).toBe(0);
    });

    it('enforces the per-user limit (the PLAN value: employee 1 place a day); a room does not count', async () => {
      const first = await floor.resource('Desk L1');
      const second = await floor.resource('Desk L2');
      const room = await floor.resource('Room L', 'room');
      const date = dayAhead(5);
      await http.bookOk(employee, { resource_id: first, slots: [slot(date, 9)] });
      // the same desk again later that day is the same place
      await http.bookOk(employee, { resource_id: first, slots: [slot(date, 15)] });
      const refused = await http.book(employee, { resource_id: second, slots: [slot(date, 11)] });
      expect(expectErrorShape(refused, 409).message).toBe(
        `You can book at most 1 place a day and already hold one on ${date}.`,
      );
      await http.bookOk(employee, { resource_id: room, slots: [slot(date, 11)] });
      const limit = await http.get(employee, `/api/company/v1/plan/planResourceLimit/${second}?date=${date}`);
      expect(limit.json()).toEqual({
        resource_id: second,
        date,
        counts: true,
        limit: 1,
        used: 1,
        remaining: 0,
      });
      // The desk they hold: its other slots that day are still theirs to book (the same place).
      const held = await http.get(employee, `/api/company/v1/plan/planResourceLimit/${first}?date=${date}`);
      expect(held.json()).toEqual({
        resource_id: first,
        date,
        counts: true,
        limit: 1,
        used: 1,
        remaining: 1,
      });
      const roomLimit = await http.get(
        employee,
        `/api/company/v1/plan/planResourceLimit/${room}?date=${date}`,
      );
      expect(roomLimit.json()).toMatchObject({ counts: false, limit: null });
    });

    it('cuts slots joined over midnight into one booking a day, each counted on its own day', async () => {
      const held = await floor.resource('Desk M1');
      const overnight = await floor.resource('Desk M2');
      const evening = dayAhead(16);
      const morning = addDays(evening, 1);
      await http.bookOk(employee, { resource_id: held, slots: [slot(morning, 9)] });
      // the part after midnight would be a second place on a day the employee already holds one
      const refused = await http.book(employee, {
        resource_id: overnight,
        slots: [slot(evening, 23, 24), slot(morning, 0, 1)],
      });
      expect(expectErrorShape(refused, 409).message).toBe(
        `You can book at most 1 place a day and already hold one on ${morning}.`,
      );
      expect(await activeCount(overnight)).toBe(0);
      // an administrator's two days are two bookings, each within its day
      const booked = await http.bookOk(admin, {
        resource_id: overnight,
        slots: [slot(evening, 23, 24), slot(morning, 0, 1)],
      });
      expect(booked.map((booking) => [booking.starts_at, booking.ends_at])).toEqual([
        [slot(evening, 23, 24).datetime_from, slot(evening, 23, 24).datetime_to],
        [slot(morning, 0, 1).datetime_from, slot(morning, 0, 1).datetime_to],
      ]);
    });

    it('holds the per-user limit when the same user books two desks at once: exactly one goes through', async () => {
      const first = await floor.resource('Desk Twin 1');
      const second = await floor.resource('Desk Twin 2');
      const date = dayAhead(11);
      const responses = await Promise.all([
        http.book(employee, { resource_id: first, slots: [slot(date, 9)] }),
        http.book(employee, { resource_id: second, slots: [slot(date, 9)] }),
      ]);
      expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409]);
      expect((await activeCount(first)) + (await activeCount(second))).toBe(1);
    });

    it('prices a booking from the currency function and starts an on-request booking pending', async () => {
      const priced = await floor.resource('Desk Paid', 'priced');
      const asked = await floor.resource('Board room', 'on_request');
      const date = dayAhead(2);
      const [paid] = await http.bookOk(admin, {
        resource_id: priced,
        slots: [slot(date, 9), slot(date, 10)],
      });
      expect(paid!.cost).toEqual({ cents: 2400, currency: 'CHF' });
      const [pending] = await http.bookOk(admin, { resource_id: asked, slots: [slot(date, 9)] });
      expect(pending!.approval_status).toBe('pending');
      const statuses = await http.get(admin, `${DECLARATIONS}/approve-statuses`);
      expect(statuses.json<{ data: { id: number; key: string }[] }>().data.map((s) => s.key)).toEqual([
        'pending',
        'approved',
        'rejected',
      ]);
      const approved = await http.get(admin, `${DECLARATIONS}/assign/${pending!.id}/2`);
      expect(approved.json()).toMatchObject({ approval_status: 'approved' });
      // the employee may not approve (BOOKINGS update)
      expectErrorShape(await http.get(employee, `${DECLARATIONS}/assign/${pending!.id}/3`), 403);
    });
  });
});
