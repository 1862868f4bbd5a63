import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../test/support/server-app';
import { ACCOUNTS, expectErrorShape, signIn } from '../../../../test/support/server-factories';
import { zonedInstant } from '../../../shared/time/zone';
import {
  api,
  dayAhead,
  givenFloor,
  PLAN,
  slot,
  ZONE,
  type Floor,
} from '../declarations/declarations.fixtures';

interface SlotAnswer {
  from: string;
  to: string;
  datetime_from: string;
  datetime_to: string;
  available: boolean;
  occupied: boolean;
  mine: boolean;
}
interface SlotsAnswer {
  default: boolean;
  type: string;
  date: string;
  timezone: string;
  slots: SlotAnswer[];
}

const hours = (slotAnswer: SlotAnswer) =>
  (Date.parse(slotAnswer.datetime_to) - Date.parse(slotAnswer.datetime_from)) / 3_600_000;

describeEachDatabase('plan', (server) => {
  let admin: string;
  let employee: string;
  let floor: Floor;
  const http = api(server);
  const slotsOf = async (url: string, token = admin) => {
    const response = await http.get(token, `${PLAN}/slots/${url}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<SlotsAnswer>();
  };
  const occupancy = async (url: string) => {
    const response = await http.get(admin, `${PLAN}/occupancy/${url}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ date: string; occupancy_percentage: number }>();
  };

  beforeAll(async () => {
    admin = await signIn(server(), ACCOUNTS.acmeAdmin);
    employee = await signIn(server(), ACCOUNTS.employee);
    floor = await givenFloor(server());
  });

  describe(`GET ${PLAN}/slots/{type}/{id}`, () => {
    it('cuts the day into the default slot type in the level’s zone', async () => {
      const desk = await floor.resource('Desk Slots');
      const date = dayAhead(2);
      const answer = await slotsOf(`resource/${desk}?date=${date}`);
      expect(answer).toMatchObject({ default: true, type: 'hours', date, timezone: ZONE });
      expect(answer.slots).toHaveLength(24);
      expect(answer.slots[9]).toEqual({
        from: '09:00',
        to: '10:00',
        ...slot(date, 9),
        available: true,
        occupied: false,
        mine: false,
      });
      const halves = await slotsOf(`resource/${desk}?date=${date}&slot_type=half-day`);
      expect(halves).toMatchObject({ default: false, type: 'half-day' });
      expect(halves.slots.map((s) => [s.from, s.to])).toEqual([
        ['00:00', '12:00'],
        ['12:00', '24:00'],
      ]);
      expectErrorShape(await http.get(admin, `${PLAN}/slots/resource/${desk}?slot_type=weeks`), 422);
      expectErrorShape(await http.get(admin, `${PLAN}/slots/resource/${desk}?date=tomorrow`), 422);
      expectErrorShape(await http.get(admin, `${PLAN}/slots/resource/${desk}?date=2027-02-30`), 422);
      expectErrorShape(await http.get(admin, `${PLAN}/slots/resource/${desk}?timezone=Mars/Olympus`), 422);
      // The last day of year 9999 ends in year 10000: outside the dates the plan takes, said as such.
      const far = await http.get(admin, `${PLAN}/occupancy/resource/${desk}?date=9999-12-31`);
      expect(expectErrorShape(far, 422).errors).toEqual({ date: ['The date is not valid.'] });
      expect((await http.get(admin, `${PLAN}/slots/resource/${desk}?timezone=Asia/Tokyo`)).statusCode).toBe(
        200,
      );
    });

    it('has 23 hourly slots on the spring-forward day and 25, two of them 02:00, on the fall-back day (Europe/Zurich)', async () => {
      const desk = await floor.resource('Desk DST');
      const spring = await slotsOf(`resource/${desk}?date=2027-03-28`);
      expect(spring.slots).toHaveLength(23);
      expect(spring.slots.every((s) => hours(s) === 1)).toBe(true);
      expect(spring.slots.map((s) => s.from)).not.toContain('02:00');
      expect(spring.slots[2]).toMatchObject({ from: '03:00', datetime_from: '2027-03-28T01:00:00.000Z' });

      const autumn = await slotsOf(`resource/${desk}?date=2027-10-31`);
      expect(autumn.slots).toHaveLength(25);
      expect(autumn.slots.every((s) => hours(s) === 1)).toBe(true);
      expect(autumn.slots.filter((s) => s.from === '02:00')).toEqual([
        expect.objectContaining({
          to: '03:00',
          datetime_from: '2027-10-31T00:00:00.000Z',
          datetime_to: '2027-10-31T01:00:00.000Z',
        }),
        expect.objectContaining({
          to: '03:00',
          datetime_from: '2027-10-31T01:00:00.000Z',
          datetime_to: '2027-10-31T02:00:00.000Z',
        }),
      ]);
      // the repeated hour's second pass books like any other hour
      await http.bookOk(admin, {
        resource_id: desk,
        slots: [{ datetime_from: '2027-10-31T01:00:00.000Z', datetime_to: '2027-10-31T02:00:00.000Z' }],
      });
    });

    it('marks a booked slot occupied for others and mine for its host; a closure makes a slot unavailable', async () => {
      const desk = await floor.resource('Desk Busy');
      const date = dayAhead(3);
      await http.bookOk(admin, { resource_id: desk, slots: [slot(date, 9)] });
      await server()
        .db.kysely.insertInto('resource_unavailabilities')
        .values({
          company_id: floor.companyId,
          resource_id: desk,
          starts_at: zonedInstant(date, 14 * 60, ZONE),
          ends_at: zonedInstant(date, 15 * 60, ZONE),
        })
        .execute();
      const others = await slotsOf(`resource/${desk}?date=${date}`, employee);
      expect(others.slots[9]).toMatchObject({ available: false, occupied: true, mine: false });
      expect(others.slots[14]).toMatchObject({ available: false, occupied: false });
      expect(others.slots[10]).toMatchObject({ available: true });
      const mine = await slotsOf(`resource/${desk}?date=${date}`, admin);
      expect(mine.slots[9]).toMatchObject({ available: false, occupied: true, mine: true });
      // the closed slot cannot be booked either
      expectErrorShape(await http.book(admin, { resource_id: desk, slots: [slot(date, 14)] }), 422);
    });

    it('offers a level’s slot while one of its resources is free', async () => {
      const level = await givenFloor(server());
      const first = await level.resource('Desk Level 1');
      const second = await level.resource('Desk Level 2');
      const date = dayAhead(4);
      await http.bookOk(admin, { resource_id: first, slots: [slot(date, 9), slot(date, 10)] });
      await http.bookOk(admin, { resource_id: second, slots: [slot(date, 10)] });
      const answer = await slotsOf(`level/${level.levelId}?date=${date}`, employee);
      expect(answer.slots[9]).toMatchObject({ available: true, occupied: false });
      expect(answer.slots[10]).toMatchObject({ available: false, occupied: true });
      expectErrorShape(await http.get(admin, `${PLAN}/slots/level/999999`), 404);
    });

    it('offers a level’s slot only through desks the caller may book (a desk kept for a role they lack does not count)', async () => {
      const level = await givenFloor(server());
      const open = await level.resource('Desk Everyone');
      const reserved = await level.resource('Desk Board Only');
      const db = server().db.kysely;
      const { id: roleId } = await db
        .insertInto('roles')
        .values({ company_id: level.companyId, name: 'Board of the plan' })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('resource_roles')
        .values({ company_id: level.companyId, resource_id: reserved, role_id: roleId })
        .execute();
      const date = dayAhead(4);
      await http.bookOk(admin, { resource_id: open, slots: [slot(date, 9)] });
      const answer = await slotsOf(`level/${level.levelId}?date=${date}`, employee);
      expect(answer.slots[9]).toMatchObject({ available: false, occupied: true });
      expect(answer.slots[10]).toMatchObject({ available: true });
    });

    it('follows bookings, closures and roles added after the level was read (its cached day is restamped)', async () => {
      const level = await givenFloor(server());
      const desk = await level.resource('Desk Cached');
      const db = server().db.kysely;
      const date = dayAhead(7);
      const url = `level/${level.levelId}?date=${date}`;
      const first = await slotsOf(url, employee);
      expect(first.slots[9]).toMatchObject({ available: true, occupied: false });
      expect(first.slots[11]).toMatchObject({ available: true, occupied: false });
      expect(await occupancy(url)).toEqual({ date, occupancy_percentage: 0 });

      await http.bookOk(admin, { resource_id: desk, slots: [slot(date, 9)] });
      await db
        .insertInto('resource_unavailabilities')
        .values({
          company_id: level.companyId,
          resource_id: desk,
          starts_at: zonedInstant(date, 11 * 60, ZONE),
          ends_at: zonedInstant(date, 12 * 60, ZONE),
        })
        .execute();
      const second = await slotsOf(url, employee);
      expect(second.slots[9]).toMatchObject({ available: false, occupied: true });
      expect(second.slots[11]).toMatchObject({ available: false, occupied: true });
      expect(second.slots[10]).toMatchObject({ available: true, occupied: false });
      // one hour booked of the 23 the closure leaves
      expect(await occupancy(url)).toEqual({ date, occupancy_percentage: 4 });

      const { id: roleId } = await db
        .insertInto('roles')
        .values({ company_id: level.companyId, name: 'Cached plan board' })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('resource_roles')
        .values({ company_id: level.companyId, resource_id: desk, role_id: roleId })
        .execute();
      // the only desk is now kept for a role the employee lacks: nothing on the level for them
      expect((await slotsOf(url, employee)).slots[10]).toMatchObject({ available: false });
    });

    it('does not count a free desk on a sublevel where nothing can be booked (is_declarable false)', async () => {
      const level = await givenFloor(server());
      const bookable = await level.resource('Desk Open Floor');
      const hidden = await level.resource('Desk Storage');
      const db = server().db.kysely;
      const { id: storage } = await db
        .insertInto('levels')
        .values({
          company_id: level.companyId,
          parent_id: level.levelId,
          kind: 'zone',
          timezone: ZONE,
          country_id: null,
          working_hours_from: '00:00',
          working_hours_to: '23:59',
          is_declarable: false,
          is_directly_declarable: false,
          map_id: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db.updateTable('resources').set({ level_id: storage }).where('id', '=', hidden).execute();
      const date = dayAhead(4);
      await http.bookOk(admin, { resource_id: bookable, slots: [slot(date, 9)] });
      const answer = await slotsOf(`level/${level.levelId}?date=${date}`, employee);
      expect(answer.slots[9]).toMatchObject({ available: false, occupied: true });
      expect(answer.slots[10]).toMatchObject({ available: true, occupied: false });
      // nor in the level's occupancy: one desk, booked one hour of 24
      expect(await occupancy(`level/${level.levelId}?date=${date}`)).toEqual({
        date,
        occupancy_percentage: 4,
      });
    });
  });

  describe(`GET ${PLAN}/occupancy/{type}/{id}`, () => {
    it('is 100 for a day booked through, on the 23-hour and the 25-hour day alike (Europe/Zurich)', async () => {
      const desk = await floor.resource('Desk DST Full');
      for (const [date, hoursOfDay] of [
        ['2027-03-28', 23],
        ['2027-10-31', 25],
      ] as const) {
        const [booked] = await http.bookOk(admin, { resource_id: desk, slots: [slot(date, 0, 24)] });
        expect((Date.parse(booked!.ends_at) - Date.parse(booked!.starts_at)) / 3_600_000).toBe(hoursOfDay);
        expect(await occupancy(`resource/${desk}?date=${date}`)).toEqual({ date, occupancy_percentage: 100 });
      }
    });

    it('is 100 for a fully booked day, 50 for half of it, and the level’s is the share of all its time', async () => {
      const level = await givenFloor(server());
      const full = await level.resource('Desk Full');
      const half = await level.resource('Desk Half');
      const date = dayAhead(5);
      expect(await occupancy(`resource/${full}?date=${date}`)).toEqual({ date, occupancy_percentage: 0 });
      await http.bookOk(admin, { resource_id: full, slots: [slot(date, 0, 24)] });
      await http.bookOk(admin, { resource_id: half, slots: [slot(date, 0, 12)] });
      expect(await occupancy(`resource/${full}?date=${date}`)).toEqual({ date, occupancy_percentage: 100 });
      expect(await occupancy(`resource/${half}?date=${date}`)).toEqual({ date, occupancy_percentage: 50 });
      expect(await occupancy(`level/${level.levelId}?date=${date}`)).toEqual({
        date,
        occupancy_percentage: 75,
      });
    });

    it('counts each seat of a shared resource', async () => {
      const area = await floor.resource('Area Occupancy', 'shared');
      const date = dayAhead(6);
      await http.bookOk(admin, { resource_id: area, slots: [slot(date, 0, 24)] });
      expect(await occupancy(`resource/${area}?date=${date}`)).toEqual({ date, occupancy_percentage: 50 });
    });
  });

  describe(`GET ${PLAN}/scan`, () => {
    it('answers where the plan opens for a scanned resource or level', async () => {
      const desk = await floor.resource('Desk Scan');
      const scanned = await http.get(employee, `${PLAN}/scan?type_id=1&element_id=${desk}`);
      expect(scanned.json()).toEqual({
        type_id: 1,
        element_id: desk,
        level_id: floor.levelId,
        resource_id: desk,
        declarable: true,
      });
      const level = await http.get(employee, `${PLAN}/scan?type_id=2&element_id=${floor.levelId}`);
      expect(level.json()).toMatchObject({ level_id: floor.levelId, resource_id: null, declarable: true });
      expectErrorShape(await http.get(employee, `${PLAN}/scan?type_id=3&element_id=1`), 422);
    });
  });
});
