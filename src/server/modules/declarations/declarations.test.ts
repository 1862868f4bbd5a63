import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../test/support/server-app';
import { ACCOUNTS, expectErrorShape, signIn } from '../../../../test/support/server-factories';
import type { Declaration } from '../../../shared/contract/declarations';
import { addDays } from '../../../shared/time/zone';
import {
  api,
  dayAhead,
  DECLARATIONS,
  givenFloor,
  insertBooking,
  minutesFromNow,
  plainBooking,
  slot,
  type Floor,
} from './declarations.fixtures';
import { bookDeclarations } from './declarations.queries';

describeEachDatabase('declarations', (server) => {
  let admin: string;
  let employee: string;
  let globex: string;
  let floor: Floor;
  const http = api(server);

  const activeCount = async (resourceId: number) => {
    const { rows } = await sql<{ count: string | number }>`
      select count(*) as count from declarations
      where resource_id = ${resourceId} and status in ('booked', 'checked_in')`.execute(server().db.kysely);
    return Number(rows[0]!.count);
  };

  beforeAll(async () => {
    admin = await signIn(server(), ACCOUNTS.acmeAdmin);
    employee = await signIn(server(), ACCOUNTS.employee);
    globex = await signIn(server(), ACCOUNTS.globexAdmin, 'globex');
    floor = await givenFloor(server());
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

  describe(`GET ${DECLARATIONS}`, () => {
    it('lists the caller’s bookings from date_from with the level’s parents, and gets one', async () => {
      const desk = await floor.resource('Desk List');
      const date = dayAhead(6);
      const [booked] = await http.bookOk(employee, { resource_id: desk, slots: [slot(date, 9)] });
      const list = await http.get(employee, `${DECLARATIONS}?date_from=${date}&includes=all_parents`);
      expect(list.statusCode, list.body).toBe(200);
      const data = list.json<{ data: Declaration[] }>().data;
      expect(data.map((item) => item.id)).toContain(booked!.id);
      expect(data.find((item) => item.id === booked!.id)!.all_parents).toEqual([
        { id: floor.levelId, name: floor.levelName },
      ]);
      // not the admin's
      const later = await http.get(admin, `${DECLARATIONS}?date_from=${date}`);
      expect(later.json<{ data: Declaration[] }>().data.map((item) => item.id)).not.toContain(booked!.id);
      const one = await http.get(employee, `${DECLARATIONS}/${booked!.id}`);
      expect(one.json()).toMatchObject({ id: booked!.id, status: 'booked' });
    });

    it('hides a private booking’s subject from everyone but its host', async () => {
      const desk = await floor.resource('Desk Private');
      const [own] = await http.bookOk(admin, {
        resource_id: desk,
        slots: [slot(dayAhead(2), 9)],
        subject: 'Interview',
        is_private: true,
      });
      expect(own!.subject).toBe('Interview');
      const seen = await http.get(employee, `${DECLARATIONS}/${own!.id}`);
      expect(seen.json()).toMatchObject({ subject: '', is_private: true, host: { name: 'Ada Admin' } });
    });
  });

  describe(`DELETE ${DECLARATIONS}/{id}`, () => {
    it('cancels the booking and frees its slot', async () => {
      const desk = await floor.resource('Desk Cancel');
      const date = dayAhead(2);
      const [booked] = await http.bookOk(admin, { resource_id: desk, slots: [slot(date, 9)] });
      const cancelled = await http.remove(admin, `${DECLARATIONS}/${booked!.id}`);
      expect(cancelled.json()).toMatchObject({ status: 'cancelled', can_cancel: false });
      await http.bookOk(admin, { resource_id: desk, slots: [slot(date, 9)] });
      // a cancelled booking is not cancelled twice
      expectErrorShape(await http.remove(admin, `${DECLARATIONS}/${booked!.id}`), 409);
    });

    it('is refused on someone else’s booking without BOOKINGS update (403)', async () => {
      const desk = await floor.resource('Desk Other');
      const [booked] = await http.bookOk(admin, { resource_id: desk, slots: [slot(dayAhead(2), 9)] });
      expectErrorShape(await http.remove(employee, `${DECLARATIONS}/${booked!.id}`), 403);
    });
  });

  describe('check-in, check-out, extend (spec §4)', () => {
    it('checks in from 15 minutes before the start, not earlier', async () => {
      const desk = await floor.resource('Desk Check');
      const soon = await insertBooking(server(), {
        companyId: floor.companyId,
        resourceId: desk,
        email: ACCOUNTS.employee,
        startsAt: minutesFromNow(10),
        endsAt: minutesFromNow(70),
      });
      const later = await insertBooking(server(), {
        companyId: floor.companyId,
        resourceId: desk,
        email: ACCOUNTS.employee,
        startsAt: minutesFromNow(120),
        endsAt: minutesFromNow(180),
      });
      expect((await http.get(employee, `${DECLARATIONS}/${soon}`)).json()).toMatchObject({
        can_check_in: true,
      });
      // only the host checks in
      expectErrorShape(await http.post(admin, `${DECLARATIONS}/${soon}/check-in`), 403);
      const checkedIn = await http.post(employee, `${DECLARATIONS}/${soon}/check-in`);
      expect(checkedIn.json()).toMatchObject({
        status: 'checked_in',
        can_check_out: true,
        can_cancel: false,
      });
      expect(
        expectErrorShape(await http.post(employee, `${DECLARATIONS}/${later}/check-in`), 409).message,
      ).toBe('Check-in opens 15 minutes before the start and closes at the end of the booking.');
      const out = await http.post(employee, `${DECLARATIONS}/${soon}/check-out`);
      expect(out.json()).toMatchObject({ status: 'checked_out', can_check_out: false });
      expectErrorShape(await http.post(employee, `${DECLARATIONS}/${soon}/check-out`), 409);
    });

    it('check-out ends a started booking now and frees the rest', async () => {
      const desk = await floor.resource('Desk Leave');
      const id = await insertBooking(server(), {
        companyId: floor.companyId,
        resourceId: desk,
        email: ACCOUNTS.employee,
        startsAt: minutesFromNow(-30),
        endsAt: minutesFromNow(90),
      });
      await http.post(employee, `${DECLARATIONS}/${id}/check-in`);
      const before = Date.now();
      const out = (await http.post(employee, `${DECLARATIONS}/${id}/check-out`)).json<Declaration>();
      expect(Date.parse(out.ends_at)).toBeGreaterThanOrEqual(before - 1000);
      expect(Date.parse(out.ends_at)).toBeLessThanOrEqual(Date.now() + 1000);
      expect(await activeCount(desk)).toBe(0);
    });

    it('check-out charges the share of the time used: nothing when out before the start', async () => {
      const desk = await floor.resource('Desk Early Leave', 'priced');
      const date = dayAhead(20);
      // Booked for 10 minutes from now, for an hour at 12.00 CHF: checked in early, out before the start.
      const early = await insertBooking(server(), {
        companyId: floor.companyId,
        resourceId: desk,
        email: ACCOUNTS.employee,
        startsAt: minutesFromNow(10),
        endsAt: minutesFromNow(70),
      });
      await sql`update declarations set cost_cents = 1200, currency_id = (select id from currencies where code = 'CHF')
        where id = ${early}`.execute(server().db.kysely);
      await http.post(employee, `${DECLARATIONS}/${early}/check-in`);
      const out = (await http.post(employee, `${DECLARATIONS}/${early}/check-out`)).json<Declaration>();
      expect(out).toMatchObject({ status: 'checked_out', cost: { cents: 0, currency: 'CHF' } });
      // Half of a two-hour booking used: half its cost, even though the price has doubled since.
      const [half] = await http.bookOk(admin, { resource_id: desk, slots: [slot(date, 9), slot(date, 10)] });
      expect(half!.cost).toEqual({ cents: 2400, currency: 'CHF' });
      await sql`update declarations set starts_at = ${minutesFromNow(-60)}, ends_at = ${minutesFromNow(60)}
        where id = ${half!.id}`.execute(server().db.kysely);
      await sql`update resource_functions set price_cents = 2400 where resource_id = ${desk}`.execute(
        server().db.kysely,
      );
      await http.post(admin, `${DECLARATIONS}/${half!.id}/check-in`);
      const used = (await http.post(admin, `${DECLARATIONS}/${half!.id}/check-out`)).json<Declaration>();
      expect(used.cost!.cents).toBeGreaterThanOrEqual(1195);
      expect(used.cost!.cents).toBeLessThanOrEqual(1205);
    });

    it('extends a booking made before its resource had a price: the cost comes with its currency, no 500', async () => {
      const desk = await floor.resource('Desk Priced Later', 'priced');
      // Booked while free (no cost), the price set afterwards.
      const hour = slot(dayAhead(21), 9);
      const id = await insertBooking(server(), {
        companyId: floor.companyId,
        resourceId: desk,
        email: ACCOUNTS.employee,
        startsAt: new Date(hour.datetime_from),
        endsAt: new Date(hour.datetime_to),
      });
      const extended = await http.post(employee, `${DECLARATIONS}/${id}/extend?extending_type=30-minutes`);
      expect(extended.statusCode, extended.body).toBe(200);
      expect(extended.json<Declaration>().cost).toEqual({ cents: 1800, currency: 'CHF' });
    });

    it('extend into another booking answers 409 naming it and changes nothing; a free extension moves the end', async () => {
      const desk = await floor.resource('Desk Extend');
      const date = dayAhead(7);
      const [mine] = await http.bookOk(admin, { resource_id: desk, slots: [slot(date, 10)] });
      await http.bookOk(employee, { resource_id: desk, slots: [slot(date, 11)] });
      const refused = await http.post(admin, `${DECLARATIONS}/${mine!.id}/extend?extending_type=hours`);
      expect(expectErrorShape(refused, 409).message).toBe(
        'Desk Extend is already booked from 11:00 to 12:00.',
      );
      expect((await http.get(admin, `${DECLARATIONS}/${mine!.id}`)).json()).toMatchObject({
        ends_at: slot(date, 11).datetime_from,
      });

      const [free] = await http.bookOk(admin, { resource_id: desk, slots: [slot(date, 15)] });
      const longer = await http.post(admin, `${DECLARATIONS}/${free!.id}/extend?extending_type=30-minutes`);
      expect(longer.json()).toMatchObject({
        ends_at: new Date(Date.parse(slot(date, 16).datetime_from) + 30 * 60_000).toISOString(),
      });
      const untilEnd = await http.post(
        admin,
        `${DECLARATIONS}/${free!.id}/extend?extending_type=until-end-of-day`,
      );
      expect(untilEnd.json()).toMatchObject({ ends_at: slot(dayAhead(8), 0).datetime_from });
      expectErrorShape(
        await http.post(admin, `${DECLARATIONS}/${free!.id}/extend?extending_type=hours`),
        409,
      );
      expectErrorShape(await http.post(admin, `${DECLARATIONS}/${free!.id}/extend?extending_type=days`), 422);
    });
  });

  describe('extend within the resource’s availability (spec §7 slots: windows as well as closures)', () => {
    it('stops an extension where the weekly window closes, and refuses one starting outside it', async () => {
      const desk = await floor.resource('Desk Window');
      const date = dayAhead(9);
      // open every day from 08:00 to 11:30 only
      await sql`insert into resource_availabilities (company_id, resource_id, weekdays, time_from, time_to)
        values (${floor.companyId}, ${desk}, '{1,2,3,4,5,6,7}', '08:00', '11:30')`.execute(
        server().db.kysely,
      );
      const [early] = await http.bookOk(admin, { resource_id: desk, slots: [slot(date, 9)] });
      const stretched = await http.post(admin, `${DECLARATIONS}/${early!.id}/extend?extending_type=hours`);
      expect(stretched.statusCode, stretched.body).toBe(200);
      expect(stretched.json()).toMatchObject({ ends_at: slot(date, 11).datetime_from });
      const clipped = await http.post(
        admin,
        `${DECLARATIONS}/${early!.id}/extend?extending_type=until-end-of-day`,
      );
      expect(clipped.json()).toMatchObject({
        ends_at: new Date(Date.parse(slot(date, 11).datetime_from) + 30 * 60_000).toISOString(),
      });
      const refused = await http.post(admin, `${DECLARATIONS}/${early!.id}/extend?extending_type=15-minutes`);
      expect(expectErrorShape(refused, 409).message).toBe(
        'Desk Window cannot be booked from 11:30 to 11:45.',
      );
      expect((await http.get(admin, `${DECLARATIONS}/${early!.id}`)).json()).toMatchObject({
        ends_at: new Date(Date.parse(slot(date, 11).datetime_from) + 30 * 60_000).toISOString(),
      });
    });
  });

  describe('approval (spec §4: a rejected booking holds nothing)', () => {
    it('approving a rejected booking of a full shared resource answers 409 and keeps it rejected', async () => {
      const area = await floor.resource('Bike shed', 'shared');
      const date = dayAhead(10);
      const [first] = await http.bookOk(admin, { resource_id: area, slots: [slot(date, 8)] });
      await http.bookOk(employee, { resource_id: area, slots: [slot(date, 8)] });
      expect((await http.get(admin, `${DECLARATIONS}/assign/${first!.id}/3`)).json()).toMatchObject({
        approval_status: 'rejected',
      });
      // the freed seat is taken again
      await http.bookOk(admin, { resource_id: area, slots: [slot(date, 8)] });
      const approved = await http.get(admin, `${DECLARATIONS}/assign/${first!.id}/2`);
      expect(expectErrorShape(approved, 409).message).toBe('Bike shed is fully booked from 08:00 to 09:00.');
      expect((await http.get(admin, `${DECLARATIONS}/${first!.id}`)).json()).toMatchObject({
        approval_status: 'rejected',
      });
      expect(await activeCount(area)).toBe(3);
    });

    it('approving a rejected booking answers 409 when its host has since used their place of the day', async () => {
      // The employee may hold one place a day; a rejected booking holds none.
      const date = dayAhead(13);
      const [first] = await http.bookOk(employee, {
        resource_id: await floor.resource('Desk Limit approval 1'),
        slots: [slot(date, 9)],
      });
      await http.get(admin, `${DECLARATIONS}/assign/${first!.id}/3`);
      await http.bookOk(employee, {
        resource_id: await floor.resource('Desk Limit approval 2'),
        slots: [slot(date, 9)],
      });
      const approved = await http.get(admin, `${DECLARATIONS}/assign/${first!.id}/2`);
      expect(expectErrorShape(approved, 409).message).toMatch(/^You can book at most 1 place a day/);
      expect((await http.get(admin, `${DECLARATIONS}/${first!.id}`)).json()).toMatchObject({
        approval_status: 'rejected',
      });
    });

    it('approving a rejected booking of a desk booked since answers 409 naming the desk and slot', async () => {
      const desk = await floor.resource('Desk Approval');
      const date = dayAhead(12);
      const [first] = await http.bookOk(admin, { resource_id: desk, slots: [slot(date, 9)] });
      await http.get(admin, `${DECLARATIONS}/assign/${first!.id}/3`);
      await http.bookOk(employee, { resource_id: desk, slots: [slot(date, 9)] });
      const approved = await http.get(admin, `${DECLARATIONS}/assign/${first!.id}/2`);
      expect(expectErrorShape(approved, 409).message).toBe(
        'Desk Approval is already booked from 09:00 to 10:00.',
      );
    });
  });

  describe('deleting what is booked (issue 4, active = booked or checked in)', () => {
    it('refuses to delete a resource or its level while a booking is ahead; a cancelled one does not block', async () => {
      const level = await givenFloor(server());
      const desk = await level.resource('Desk Kept');
      const [booked] = await http.bookOk(admin, { resource_id: desk, slots: [slot(dayAhead(2), 9)] });
      expectErrorShape(await http.remove(admin, `/api/company/v1/resources/${desk}`), 409);
      expectErrorShape(await http.remove(admin, `/api/company/v1/levels/${level.levelId}`), 409);
      await http.remove(admin, `${DECLARATIONS}/${booked!.id}`);
      expect((await http.remove(admin, `/api/company/v1/resources/${desk}`)).statusCode).toBe(200);
    });
  });

  describe('tenant isolation', () => {
    it('another company’s token never reaches acme’s bookings or resources (404)', async () => {
      const desk = await floor.resource('Desk Tenant');
      const date = dayAhead(2);
      const [booked] = await http.bookOk(admin, { resource_id: desk, slots: [slot(date, 9)] });
      const id = booked!.id;
      expectErrorShape(await http.get(globex, `${DECLARATIONS}/${id}`, 'globex'), 404);
      expectErrorShape(await http.remove(globex, `${DECLARATIONS}/${id}`, 'globex'), 404);
      expectErrorShape(await http.post(globex, `${DECLARATIONS}/${id}/check-in`, 'globex'), 404);
      expectErrorShape(await http.post(globex, `${DECLARATIONS}/${id}/check-out`, 'globex'), 404);
      expectErrorShape(
        await http.post(globex, `${DECLARATIONS}/${id}/extend?extending_type=hours`, 'globex'),
        404,
      );
      expectErrorShape(await http.get(globex, `${DECLARATIONS}/assign/${id}/3`, 'globex'), 404);
      expectErrorShape(
        await http.book(globex, { resource_id: desk, slots: [slot(date, 10)] }, 'globex'),
        404,
      );
      const list = await http.get(globex, `${DECLARATIONS}?date_from=${date}`, 'globex');
      expect(list.json<{ data: unknown[] }>().data).toEqual([]);
      for (const url of [
        `/api/company/v1/plan/slots/resource/${desk}?date=${date}`,
        `/api/company/v1/plan/occupancy/resource/${desk}?date=${date}`,
        `/api/company/v1/plan/slots/level/${floor.levelId}`,
        `/api/company/v1/plan/planResourceLimit/${desk}`,
        `/api/company/v1/plan/scan?type_id=1&element_id=${desk}`,
        `/api/company/v1/plan/scan?type_id=2&element_id=${floor.levelId}`,
        `/api/company/v1/plan/occupancy/level/${floor.levelId}?date=${date}`,
      ])
        expectErrorShape(await http.get(globex, url, 'globex'), 404);
      // acme's token on globex's host is refused before anything is read
      expect((await http.get(admin, `${DECLARATIONS}/${id}`, 'globex')).statusCode).toBeGreaterThanOrEqual(
        401,
      );
      expect((await http.get(admin, `${DECLARATIONS}/${id}`)).statusCode).toBe(200);
    });
  });
});
