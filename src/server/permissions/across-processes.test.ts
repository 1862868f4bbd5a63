import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestServer, testDatabases, type TestServer } from '../../../test/support/server-app';
import { ACCOUNTS, call, expectErrorShape, signIn } from '../../../test/support/server-factories';
import { dayAhead, givenFloor, PLAN, slot, type Floor } from '../modules/declarations/declarations.fixtures';
import { secondProcess } from '../realtime/realtime.fixtures';

const API = '/api/company/v1';

/*
 * Issue 38, realtime: a role or container change takes effect on the next request of every affected
 * session, in every process, with no restart and no new token. Process A takes the administrator's
 * changes; process B serves the employee, whose session, snapshot, scoped facts and booking memory
 * it has already warmed. Two apps on one database (PGlite), or two pools on one schema (PostgreSQL).
 */
for (const kind of testDatabases()) {
  describe(`a role or container change reaches the other process's next request (${kind})`, () => {
    let a: TestServer;
    let b: TestServer;
    let closeB: () => Promise<void>;
    let floor: Floor;
    let desk: number;
    let admin: string;
    let employee: string;
    let employeeId: number;

    const onA = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
      call(a, method, `${API}/${url}`, { subdomain: 'acme', token: admin, body });
    const onB = (method: 'GET' | 'POST', url: string, body?: unknown) =>
      call(b, method, url, { subdomain: 'acme', token: employee, body });
    const ok = async <T>(response: Promise<{ statusCode: number; body: string; json: () => unknown }>) => {
      const answer = await response;
      expect(answer.statusCode, answer.body).toBeLessThan(300);
      return answer.json() as T;
    };
    const book = (date: string, hour: number) =>
      onB('POST', `${API}/declarations`, { resource_id: desk, slots: [slot(date, hour)] });
    const levelPlan = () => onB('GET', `${PLAN}/slots/level/${floor.levelId}?slot_type=hours`);

    beforeAll(async () => {
      a = await buildTestServer({ database: kind });
      const second = await secondProcess(a);
      b = { ...a, app: second.app };
      closeB = second.close;
      floor = await givenFloor(a);
      desk = await floor.resource('Across desk');
      admin = await signIn(a, ACCOUNTS.acmeAdmin);
      // Signed in through A: the token is the company's, not a process's.
      employee = await signIn(a, ACCOUNTS.employee);
      const user = await a.db.kysely
        .selectFrom('users')
        .select('id')
        .where('email', '=', ACCOUNTS.employee)
        .executeTakeFirstOrThrow();
      employeeId = user.id;
    });
    afterAll(async () => {
      await closeB?.();
      await a?.close();
    });

    it('a level container and its role, changed through A, refuse and then grant on B at once', async () => {
      const date = dayAhead(3);
      // B knows the employee: a plan and a booking served (session, snapshot, facts and memory kept).
      expect((await levelPlan()).statusCode).toBe(200);
      expect((await book(date, 8)).statusCode).toBe(201);

      const role = await ok<{ id: number }>(onA('POST', 'roles', { name: 'Across floor', kind: 'LEVEL' }));
      const container = await ok<{ id: number }>(
        onA('POST', 'containers', { name: 'Across team', access_type: 'LEVEL' }),
      );
      await ok(onA('POST', `containers/${container.id}/roles`, { role_ids: [role.id] }));
      await ok(onA('POST', `containers/${container.id}/levels`, { level_ids: [floor.levelId] }));

      // The floor is now kept for the container's people: B's next requests refuse, naming the rule.
      const hidden = await levelPlan();
      expect(expectErrorShape(hidden, 403).message).toContain('the container “Across team” keeps it');
      const refused = await book(date, 9);
      expect(expectErrorShape(refused, 403).message).toContain('the container “Across team” keeps it');

      // Through A the employee joins, and the role grants seeing and booking the floor.
      await ok(onA('POST', `containers/${container.id}/users`, { user_ids: [employeeId] }));
      const permissions = await ok<{ data: Array<{ id: number; name: string }> }>(
        onA('GET', 'permissions?category=LEVEL'),
      );
      const grants = permissions.data
        .filter((permission) => ['LEVEL_VIEW', 'LEVEL_BOOK'].includes(permission.name))
        .map((permission) => ({ permission_id: permission.id, granted: true }));
      await ok(onA('PUT', `roles/${role.id}/rolepermissions/bulk`, { permissions: grants }));

      // Same token, same process B: the next requests see the grant.
      expect((await levelPlan()).statusCode).toBe(200);
      expect((await book(date, 9)).statusCode).toBe(201);

      // And a removal from the container, through A, counts on B's next booking.
      await ok(onA('DELETE', `containers/${container.id}/users`, { user_ids: [employeeId] }));
      expect((await book(date, 10)).statusCode).toBe(403);
    });

    it('a general permission taken from the employee’s role through A is refused on B’s next request, and given back', async () => {
      const open = await (await givenFloor(a)).resource('Across open desk');
      const deskPlan = () => onB('GET', `${PLAN}/slots/resource/${open}`);
      expect((await deskPlan()).statusCode).toBe(200);
      const roles = await ok<{ data: Array<{ id: number; name: string }> }>(onA('GET', 'roles?kind=USER'));
      const employeeRole = roles.data.find((role) => role.name === 'Employee')!;
      const granted = await ok<{
        data: Array<{
          permission_id: number;
          permission: string;
          granted: boolean;
          is_active: boolean;
          value: number | null;
        }>;
      }>(onA('GET', `roles/${employeeRole.id}/rolepermissions`));
      const plan = granted.data.find((row) => row.permission === 'PLAN')!;
      expect(plan.granted).toBe(true);

      await ok(
        onA('PUT', `roles/${employeeRole.id}/rolepermissions/bulk`, {
          permissions: [{ permission_id: plan.permission_id, granted: false }],
        }),
      );
      expectErrorShape(await deskPlan(), 403);

      await ok(
        onA('PUT', `roles/${employeeRole.id}/rolepermissions/bulk`, {
          permissions: [
            {
              permission_id: plan.permission_id,
              granted: true,
              is_active: plan.is_active,
              value: plan.value,
            },
          ],
        }),
      );
      expect((await deskPlan()).statusCode).toBe(200);
    });
  });
}
