import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../test/support/server-app';
import { ACCOUNTS, expectErrorShape } from '../../../../test/support/server-factories';
import type { Declaration } from '../../../shared/contract/declarations';
import {
  activeCounter,
  api,
  dayAhead,
  declarationActors,
  DECLARATIONS,
  givenFloor,
  insertBooking,
  minutesFromNow,
  slot,
  type Floor,
} from './declarations.fixtures';

describeEachDatabase('declarations', (server) => {
  const http = api(server);
  const activeCount = activeCounter(server);
  let admin: string;
  let employee: string;
  let globex: string;
  let floor: Floor;

  beforeAll(async () => {
    ({ admin, employee, globex, floor } = await declarationActors(server()));
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
