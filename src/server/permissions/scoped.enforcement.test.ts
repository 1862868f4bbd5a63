import { beforeAll, describe, expect, it } from 'vitest';
import { addContainer, addRole } from '../../../test/support/access-factories';
import { describeEachDatabase } from '../../../test/support/server-app';
import { ACCOUNTS, expectErrorShape } from '../../../test/support/server-factories';
import { levelPaths } from '../../shared/contract/levels';
import { schedulerPaths } from '../../shared/contract/scheduler';
import { outlookPaths } from '../../shared/contract/outlook';
import {
  activeCounter,
  api,
  dayAhead,
  declarationActors,
  PLAN,
  slot,
  type Floor,
} from '../modules/declarations/declarations.fixtures';

/**
 * Issue 38: a user without access to a floor neither sees nor books it, anywhere (levels, plan,
 * booking, Outlook pane, scheduler), is told which rule refused, and may on their next request once
 * a level role grants it, without signing in again.
 */
describeEachDatabase('level and resource containers, where the user meets them', (server) => {
  const http = api(server);
  const activeCount = activeCounter(server);
  let admin: string;
  let employee: string;
  let floor: Floor;
  let desk: number;
  let room: number;
  let container: number;
  let employeeId: number;

  beforeAll(async () => {
    ({ admin, employee, floor } = await declarationActors(server()));
    desk = await floor.resource('Restricted desk');
    room = await floor.resource('Restricted room', 'room');
    const db = server().db.kysely;
    employeeId = (
      await db
        .selectFrom('users')
        .select('id')
        .where('email', '=', ACCOUNTS.employee)
        .executeTakeFirstOrThrow()
    ).id;
    const book = await addRole(db, floor.companyId, 'LEVEL', [
      { name: 'LEVEL_VIEW' },
      { name: 'LEVEL_BOOK' },
    ]);
    container = await addContainer(
      db,
      floor.companyId,
      'LEVEL',
      { levels: [floor.levelId], roles: [book] },
      'Board floor',
    );
  });

  const levelIds = async (token: string) =>
    (await http.get(token, `${levelPaths.all}?depth=ALL`))
      .json<{ data: Array<{ id: number }> }>()
      .data.map((l) => l.id);

  describe('a user outside the floor’s level container', () => {
    it('does not find the floor among the levels; a level administrator still does', async () => {
      expect(await levelIds(employee)).not.toContain(floor.levelId);
      expect(await levelIds(admin)).toContain(floor.levelId);
      expect(
        expectErrorShape(await http.get(employee, levelPaths.one.replace(':id', String(floor.levelId))), 403)
          .message,
      ).toContain('“Board floor”');
    });

    it('is refused the floor’s plan with the rule that refuses it', async () => {
      const refused = expectErrorShape(await http.get(employee, `${PLAN}/slots/level/${floor.levelId}`), 403);
      expect(refused.message).toBe(
        'You may not see this level: the container “Board floor” keeps it for its members, and you are not one of them.',
      );
    });

    it('is refused the floor’s map occupancy and a scanned code of it, with the rule', async () => {
      const occupancy = await http.get(employee, `${PLAN}/occupancy/level/${floor.levelId}/resources`);
      expect(expectErrorShape(occupancy, 403).message).toContain('“Board floor”');
      for (const scan of [`type_id=1&element_id=${desk}`, `type_id=2&element_id=${floor.levelId}`])
        expect(expectErrorShape(await http.get(employee, `${PLAN}/scan?${scan}`), 403).message).toContain(
          '“Board floor”',
        );
    });

    it('is refused a booking, told which container refused it, and nothing is written', async () => {
      const response = await http.book(employee, { resource_id: desk, slots: [slot(dayAhead(3), 9)] });
      expect(expectErrorShape(response, 403).message).toContain('“Board floor”');
      expect(await activeCount(desk)).toBe(0);
    });

    it('is offered none of the floor’s rooms in the scheduler or the Outlook pane', async () => {
      const rooms = await http.get(employee, `${schedulerPaths.resources}?level_id=${floor.levelId}`);
      expect(rooms.statusCode, rooms.body).toBe(200);
      expect(rooms.json<{ data: Array<{ id: number }> }>().data.map((r) => r.id)).not.toContain(room);
      const start = slot(dayAhead(3), 14);
      const pane = await http.get(
        employee,
        `${outlookPaths.resources}?start=${encodeURIComponent(start.datetime_from)}&end=${encodeURIComponent(start.datetime_to)}&level_id=${floor.levelId}`,
      );
      expect(pane.statusCode, pane.body).toBe(200);
      expect(pane.json<{ data: Array<{ id: number }> }>().data.map((r) => r.id)).not.toContain(room);
      const adminRooms = await http.get(admin, `${schedulerPaths.resources}?level_id=${floor.levelId}`);
      expect(adminRooms.json<{ data: Array<{ id: number }> }>().data.map((r) => r.id)).toEqual([]);
    });
  });

  describe('once the container counts the user among its people', () => {
    it('sees and books the floor on the next request of the same session', async () => {
      await server()
        .db.kysely.insertInto('user_container_members')
        .values({ company_id: floor.companyId, container_id: container, user_id: employeeId })
        .execute();
      expect(await levelIds(employee)).toContain(floor.levelId);
      expect((await http.get(employee, `${PLAN}/slots/level/${floor.levelId}`)).statusCode).toBe(200);
      const [booked] = await http.bookOk(employee, { resource_id: desk, slots: [slot(dayAhead(3), 9)] });
      expect(booked?.id).toBeGreaterThan(0);
      expect(await activeCount(desk)).toBe(1);
      const rooms = await http.get(employee, `${schedulerPaths.resources}?level_id=${floor.levelId}`);
      expect(rooms.json<{ data: Array<{ id: number }> }>().data.map((r) => r.id)).toContain(room);
      const map = await http.get(employee, `${PLAN}/occupancy/level/${floor.levelId}/resources`);
      expect(map.json<{ data: Array<{ resource_id: number }> }>().data.map((r) => r.resource_id)).toContain(
        desk,
      );
      const scanned = await http.get(employee, `${PLAN}/scan?type_id=1&element_id=${desk}`);
      expect(scanned.json()).toMatchObject({ resource_id: desk, declarable: true });
    });

    it('loses it again on the next request when taken out', async () => {
      await server()
        .db.kysely.deleteFrom('user_container_members')
        .where('container_id', '=', container)
        .where('user_id', '=', employeeId)
        .execute();
      const response = await http.book(employee, { resource_id: desk, slots: [slot(dayAhead(4), 9)] });
      expectErrorShape(response, 403);
    });
  });
});

describeEachDatabase('a level role granted its permissions on the roles screen', (server) => {
  const http = api(server);
  it('lets the container’s people see and book the floor on their next request', async () => {
    const { admin, employee, floor } = await declarationActors(server());
    const desk = await floor.resource('Granted desk');
    const db = server().db.kysely;
    const employeeId = (
      await db
        .selectFrom('users')
        .select('id')
        .where('email', '=', ACCOUNTS.employee)
        .executeTakeFirstOrThrow()
    ).id;
    const role = await addRole(db, floor.companyId, 'LEVEL', []);
    await addContainer(db, floor.companyId, 'LEVEL', {
      users: [employeeId],
      levels: [floor.levelId],
      roles: [role],
    });
    expectErrorShape(await http.get(employee, `/api/company/v1/levels/${floor.levelId}/resources/all`), 403);
    const catalogue = (await http.get(admin, `/api/company/v1/roles/${role}/rolepermissions`)).json<{
      data: Array<{ permission_id: number }>;
    }>().data;
    const { call } = await import('../../../test/support/server-factories');
    const saved = await call(server(), 'PUT', `/api/company/v1/roles/${role}/rolepermissions/bulk`, {
      subdomain: 'acme',
      token: admin,
      body: { permissions: catalogue.map((p) => ({ permission_id: p.permission_id, granted: true })) },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const resources = await http.get(employee, `/api/company/v1/levels/${floor.levelId}/resources/all`);
    expect(resources.statusCode, resources.body).toBe(200);
    expect(resources.json<{ data: Array<{ id: number }> }>().data.map((r) => r.id)).toContain(desk);
    await http.bookOk(employee, { resource_id: desk, slots: [slot(dayAhead(5), 9)] });
  });
});
