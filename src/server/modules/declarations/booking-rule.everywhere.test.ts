import { beforeAll, describe, expect, it } from 'vitest';
import { addContainer, addRole } from '../../../../test/support/access-factories';
import { describeEachDatabase } from '../../../../test/support/server-app';
import { ACCOUNTS, call, signIn } from '../../../../test/support/server-factories';
import type { OutlookRoomList } from '../../../shared/contract/outlook';
import type { PlanSlots } from '../../../shared/contract/plan';
import type { ServiceContext } from '../../context';
import { occurrence, OUTLOOK } from '../outlook/outlook.fixtures';
import { checkSeries } from '../scheduler/series';
import { dayAhead, givenFloor, PLAN, slot, type Floor } from './declarations.fixtures';

const API = '/api/company/v1';

/*
 * Issue 38: the plan, the scheduler and the Outlook pane offer a resource exactly when the bookings
 * API would book it: declarations.rules refusalToBook (bookingRefusal with an assigned resource's
 * holders and their breaks, scopedBookingRefusal for level and resource containers).
 */
describeEachDatabase('the booking rule everywhere a resource is offered (refusalToBook)', (server) => {
  let admin: string;
  let employee: string;
  let employeeId: number;
  let adminId: number;

  const get = (token: string, url: string) => call(server(), 'GET', url, { subdomain: 'acme', token });
  const userId = async (email: string) =>
    (
      await server()
        .db.kysely.selectFrom('users')
        .select('id')
        .where('email', '=', email)
        .executeTakeFirstOrThrow()
    ).id;

  beforeAll(async () => {
    admin = await signIn(server(), ACCOUNTS.acmeAdmin);
    employee = await signIn(server(), ACCOUNTS.employee);
    employeeId = await userId(ACCOUNTS.employee);
    adminId = await userId(ACCOUNTS.acmeAdmin);
  });

  /** A resource container keeping the resource for the administrator, whose role grants RESOURCE_BOOK. */
  async function keepFor(floor: Floor, resourceId: number) {
    const db = server().db.kysely;
    const role = await addRole(db, floor.companyId, 'RESOURCE', [{ name: 'RESOURCE_BOOK' }]);
    await addContainer(db, floor.companyId, 'RESOURCE', {
      users: [adminId],
      resources: [resourceId],
      roles: [role],
    });
  }

  /** `name` on `floor` made assigned to the employee, with a break from 12:00 to 14:00 on `date`. */
  async function assignedWithLunchBreak(
    floor: Floor,
    name: string,
    date: string,
    kind: 'desk' | 'room' = 'desk',
  ) {
    const db = server().db.kysely;
    const id = await floor.resource(name, kind);
    await db.updateTable('resources').set({ resource_model: 'assigned' }).where('id', '=', id).execute();
    const assignment = await db
      .insertInto('resource_assignments')
      .values({ company_id: floor.companyId, user_id: employeeId, resource_id: id })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('resource_assignment_breaks')
      .values({
        company_id: floor.companyId,
        assignment_id: assignment.id,
        starts_at: new Date(slot(date, 12).datetime_from),
        ends_at: new Date(slot(date, 14).datetime_from),
      })
      .execute();
    return id;
  }

  /** The hours the caller may book on the plan of a resource or a level, on `date`. */
  async function bookableHours(token: string, type: 'resource' | 'level', id: number, date: string) {
    const response = await get(token, `${PLAN}/slots/${type}/${id}?date=${date}&slot_type=hours`);
    expect(response.statusCode, response.body).toBe(200);
    return response
      .json<PlanSlots>()
      .slots.filter((one) => one.available)
      .map((one) => one.from);
  }

  describe('the plan', () => {
    it('offers an assigned desk to others during its holder’s break only, and to its holder all day', async () => {
      const floor = await givenFloor(server());
      const date = dayAhead(3);
      const desk = await assignedWithLunchBreak(floor, 'Rule desk', date);
      expect(await bookableHours(admin, 'resource', desk, date)).toEqual(['12:00', '13:00']);
      expect(await bookableHours(admin, 'level', floor.levelId, date)).toEqual(['12:00', '13:00']);
      expect(await bookableHours(employee, 'resource', desk, date)).toHaveLength(24);
      expect(await bookableHours(employee, 'level', floor.levelId, date)).toHaveLength(24);
      // what the plan offers, the bookings API books; what it does not, it refuses
      const during = await call(server(), 'POST', `${API}/declarations`, {
        subdomain: 'acme',
        token: admin,
        body: { resource_id: desk, slots: [slot(date, 12)] },
      });
      expect(during.statusCode, during.body).toBe(201);
      const outside = await call(server(), 'POST', `${API}/declarations`, {
        subdomain: 'acme',
        token: admin,
        body: { resource_id: desk, slots: [slot(date, 9)] },
      });
      expect(outside.statusCode).toBe(403);
    });

    it('offers nothing on a resource a resource container keeps from the user, on its plan or its level’s', async () => {
      const floor = await givenFloor(server());
      const date = dayAhead(3);
      const desk = await floor.resource('Kept desk');
      await keepFor(floor, desk);
      expect(await bookableHours(employee, 'resource', desk, date)).toEqual([]);
      expect(await bookableHours(employee, 'level', floor.levelId, date)).toEqual([]);
    });
  });

  describe('the Outlook pane’s room search and the scheduler', () => {
    const search = (token: string, floor: Floor, date: string, from: number, to: number) => {
      const { start, end } = occurrence(date, from, to);
      return get(
        token,
        `${OUTLOOK}/resources?start=${encodeURIComponent(start)}&end=${encodeURIComponent(end)}&level_id=${floor.levelId}`,
      );
    };
    const names = async (token: string, floor: Floor, date: string, from: number, to: number) => {
      const response = await search(token, floor, date, from, to);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<OutlookRoomList>().data.map((room) => room.name);
    };

    it('proposes an assigned room during its holder’s break only, and never a room the user may not book', async () => {
      const floor = await givenFloor(server());
      const date = dayAhead(5);
      await assignedWithLunchBreak(floor, 'Rule assigned room', date, 'room');
      const kept = await floor.resource('Rule kept room', 'room');
      await keepFor(floor, kept);
      expect(await names(admin, floor, date, 12, 13)).toEqual(
        expect.arrayContaining(['Rule assigned room', 'Rule kept room']),
      );
      expect(await names(admin, floor, date, 9, 10)).not.toContain('Rule assigned room');
      expect(await names(employee, floor, date, 9, 10)).toContain('Rule assigned room');
      expect(await names(employee, floor, date, 12, 13)).not.toContain('Rule kept room');
    });

    it('offers as the alternative of a conflicting room only one the user may book', async () => {
      const floor = await givenFloor(server());
      const date = dayAhead(6);
      const taken = await floor.resource('Rule busy room', 'room');
      const kept = await floor.resource('Rule kept spare', 'room');
      await keepFor(floor, kept);
      const { start, end } = occurrence(date, 10, 11);
      await call(server(), 'POST', `${API}/declarations`, {
        subdomain: 'acme',
        token: admin,
        body: { resource_id: taken, slots: [slot(date, 10)] },
      });
      const input = {
        subject: 'Rule review',
        isPrivate: false,
        source: 'scheduler' as const,
        attendees: 1,
        occurrences: [{ start: new Date(start), end: new Date(end), resourceIds: [taken] }],
      };
      const as = (id: number): ServiceContext => ({
        db: server().db.kysely,
        companyId: floor.companyId,
        userId: id,
        permissions: [],
      });
      const forAdmin = await checkSeries(as(adminId), input);
      expect(forAdmin[0]?.alternative?.id).toBe(kept);
      const forEmployee = await checkSeries(as(employeeId), input);
      expect(forEmployee[0]?.reason).toBe('taken');
      expect(forEmployee[0]?.alternative?.id).not.toBe(kept);
    });
  });
});
