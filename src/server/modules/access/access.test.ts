import { beforeAll, describe, expect, it } from 'vitest';
import { addContainer, addRole, addUser } from '../../../../test/support/access-factories';
import { describeEachDatabase } from '../../../../test/support/server-app';
import {
  ACCOUNTS,
  call,
  companyIdOf,
  expectErrorShape,
  signIn,
} from '../../../../test/support/server-factories';
import type { Explanation, MemberList, RolePermissionList } from '../../../shared/contract/access';
import { givenFloor, type Floor } from '../declarations/declarations.fixtures';

const API = '/api/company/v1';

describeEachDatabase(
  'containers, roles and permissions (spec §2 containers-*, roles-*, permissions-*)',
  (server) => {
    let admin: string;
    let employee: string;
    let floor: Floor;
    let companyId: number;
    const as = (token: string) => ({
      get: (url: string) => call(server(), 'GET', `${API}${url}`, { subdomain: 'acme', token }),
      post: (url: string, body: unknown) =>
        call(server(), 'POST', `${API}${url}`, { subdomain: 'acme', token, body }),
      put: (url: string, body: unknown) =>
        call(server(), 'PUT', `${API}${url}`, { subdomain: 'acme', token, body }),
      remove: (url: string, body?: unknown) =>
        call(server(), 'DELETE', `${API}${url}`, { subdomain: 'acme', token, body }),
    });

    beforeAll(async () => {
      admin = await signIn(server(), ACCOUNTS.acmeAdmin);
      employee = await signIn(server(), ACCOUNTS.employee);
      floor = await givenFloor(server());
      companyId = await companyIdOf(server(), 'acme');
    });

    it('grants a floor through a level role: role, its permissions in bulk, container, members saved by diff', async () => {
      const api = as(admin);
      const role = (await api.post('/roles', { name: 'Floor booker', kind: 'LEVEL' })).json<{ id: number }>();
      const permissions = (await api.get(`/roles/${role.id}/rolepermissions`)).json<RolePermissionList>()
        .data;
      expect(permissions.map((p) => p.permission)).toEqual(['LEVEL_BOOK', 'LEVEL_SERVICES', 'LEVEL_VIEW']);
      const bulk = await api.put(`/roles/${role.id}/rolepermissions/bulk`, {
        permissions: permissions.map((p) => ({ permission_id: p.permission_id, granted: true })),
      });
      expect(bulk.statusCode, bulk.body).toBe(200);
      expect(bulk.json<RolePermissionList>().data.every((p) => p.granted && p.is_active)).toBe(true);

      const container = await api.post('/containers', { name: 'Booking floor people', access_type: 'LEVEL' });
      expect(container.statusCode, container.body).toBe(201);
      const id = container.json<{ id: number }>().id;
      await api.post(`/containers/${id}/levels`, { level_ids: [floor.levelId] });
      await api.post(`/containers/${id}/roles`, { role_ids: [role.id] });
      const users = await server()
        .db.kysely.selectFrom('users')
        .select(['id', 'email'])
        .where('email', 'in', [ACCOUNTS.employee, ACCOUNTS.teammate])
        .execute();
      const added = await api.post(`/containers/${id}/users`, { user_ids: users.map((u) => u.id) });
      expect(added.json<MemberList>().data).toHaveLength(2);
      // §4: the removed one deleted, the rest kept
      const teammate = users.find((u) => u.email === ACCOUNTS.teammate)!;
      const left = await api.remove(`/containers/${id}/users`, { user_ids: [teammate.id] });
      expect(left.json<MemberList>().data.map((m) => m.id)).toEqual([
        users.find((u) => u.email === ACCOUNTS.employee)!.id,
      ]);

      const explained = await api.get(`/access/explain?user_id=${teammate.id}&level_id=${floor.levelId}`);
      expect(explained.statusCode, explained.body).toBe(200);
      const why = explained.json<Explanation>();
      expect(why).toMatchObject({ may_see: false, may_book: false });
      expect(why.message).toContain('“Booking floor people”');
      expect(why.rules).toContainEqual(
        expect.objectContaining({
          effect: 'refuse',
          kind: 'not-member',
          container: { id, name: 'Booking floor people' },
        }),
      );
      const employeeId = users.find((u) => u.email === ACCOUNTS.employee)!.id;
      const granted = (
        await api.get(`/access/explain?user_id=${employeeId}&level_id=${floor.levelId}`)
      ).json<Explanation>();
      expect(granted).toMatchObject({ may_see: true, may_book: true, message: null });
      expect(granted.rules).toContainEqual(
        expect.objectContaining({
          effect: 'grant',
          permission: 'LEVEL_BOOK',
          role: { id: role.id, name: 'Floor booker' },
        }),
      );
      await api.remove(`/containers/${id}`);
    });

    describe('bad input answers 422 with field errors and writes nothing', () => {
      it('needs a name, unique in the company', async () => {
        const api = as(admin);
        const blank = await api.post('/containers', { name: '  ', access_type: 'USER' });
        expect(expectErrorShape(blank, 422).errors).toEqual({ name: ['This field is required.'] });
        await api.post('/roles', { name: 'Twice', kind: 'USER' });
        expect(
          expectErrorShape(await api.post('/roles', { name: 'twice', kind: 'LEVEL' }), 422).errors,
        ).toEqual({
          name: ['The name has already been taken.'],
        });
      });

      it('refuses a role of another kind in a container, and a permission of another category in a role', async () => {
        const api = as(admin);
        const container = await addContainer(server().db.kysely, companyId, 'LEVEL', {});
        const userRole = await addRole(server().db.kysely, companyId, 'USER', []);
        const wrongKind = await api.post(`/containers/${container}/roles`, { role_ids: [userRole] });
        expect(expectErrorShape(wrongKind, 422).errors).toEqual({
          role_ids: ['A container holds only roles of its own kind.'],
        });
        const general = (await api.get(`/roles/${userRole}/rolepermissions`)).json<RolePermissionList>().data;
        const levelRole = await addRole(server().db.kysely, companyId, 'LEVEL', []);
        const misplaced = await api.put(`/roles/${levelRole}/rolepermissions/bulk`, {
          permissions: [{ permission_id: general[0]!.permission_id, granted: true }],
        });
        expect(expectErrorShape(misplaced, 422).errors).toEqual({
          'permissions.0.permission_id': ['permissions.0.permission_id is not valid.'],
        });
        const unknownLevel = await api.post(`/containers/${container}/levels`, { level_ids: [2_000_000] });
        expect(expectErrorShape(unknownLevel, 422).errors).toEqual({
          level_ids: ['level_ids is not valid.'],
        });
        expect((await api.get(`/containers/${container}/levels`)).json<MemberList>().data).toEqual([]);
      });
    });

    describe('safety', () => {
      it('never lets an administrator grant a general permission they do not hold', async () => {
        const db = server().db.kysely;
        const delegatedAdmin = await addUser(db, companyId);
        const manageAccess = await addRole(db, companyId, 'USER', [
          { name: 'USERS_ROLES', crud: 'crud' },
          { name: 'USERS_CONTAINERS', crud: 'crud' },
          { name: 'PLAN', value: 2 },
        ]);
        const theirs = await addContainer(db, companyId, 'USER', {
          users: [delegatedAdmin.id],
          roles: [manageAccess],
        });
        const token = await signIn(server(), delegatedAdmin.email);
        const api = as(token);
        const role = (await api.post('/roles', { name: 'Wants reports', kind: 'USER' })).json<{
          id: number;
        }>();
        const catalogue = (await api.get(`/roles/${role.id}/rolepermissions`)).json<RolePermissionList>()
          .data;
        const idOf = (name: string) => catalogue.find((p) => p.permission === name)!.permission_id;
        const reports = await api.put(`/roles/${role.id}/rolepermissions/bulk`, {
          permissions: [{ permission_id: idOf('REPORTS'), granted: true }],
        });
        expect(expectErrorShape(reports, 403).message).toBe(
          'You cannot grant REPORTS: you do not hold it yourself.',
        );
        const morePlan = await api.put(`/roles/${role.id}/rolepermissions/bulk`, {
          permissions: [{ permission_id: idOf('PLAN'), granted: true, value: 5 }],
        });
        expect(expectErrorShape(morePlan, 403).message).toContain('PLAN');
        const samePlan = await api.put(`/roles/${role.id}/rolepermissions/bulk`, {
          permissions: [{ permission_id: idOf('PLAN'), granted: true, value: 2 }],
        });
        expect(samePlan.statusCode, samePlan.body).toBe(200);
        // Handing out the Administrator role by putting oneself into the Administrators container is granting too.
        const administrators = await db
          .selectFrom('user_containers')
          .select('id')
          .where('company_id', '=', companyId)
          .where('name', '=', 'Administrators')
          .executeTakeFirstOrThrow();
        const joining = await api.post(`/containers/${administrators.id}/users`, {
          user_ids: [delegatedAdmin.id],
        });
        expect(joining.statusCode, joining.body).toBe(403);
        await db.deleteFrom('user_containers').where('id', '=', theirs).execute();
      });

      it('cannot remove the last administrator', async () => {
        const db = server().db.kysely;
        const api = as(admin);
        const administrators = await db
          .selectFrom('user_containers')
          .select('id')
          .where('company_id', '=', companyId)
          .where('name', '=', 'Administrators')
          .executeTakeFirstOrThrow();
        const adminId = (
          await db
            .selectFrom('users')
            .select('id')
            .where('email', '=', ACCOUNTS.acmeAdmin)
            .executeTakeFirstOrThrow()
        ).id;
        const out = await api.remove(`/containers/${administrators.id}/users`, { user_ids: [adminId] });
        expect(expectErrorShape(out, 422).message).toBe('The company must keep at least one administrator.');
        const role = await db
          .selectFrom('roles')
          .select('id')
          .where('company_id', '=', companyId)
          .where('name', '=', 'Administrator')
          .executeTakeFirstOrThrow();
        expect(expectErrorShape(await api.remove(`/roles/${role.id}`), 422).message).toBe(
          'The company must keep at least one administrator.',
        );
        expect(
          (await api.get(`/containers/${administrators.id}/users`)).json<MemberList>().data.map((m) => m.id),
        ).toContain(adminId);
      });
    });

    describe('wrong role: an employee holds none of these permissions', () => {
      it('is refused every route with 403', async () => {
        const api = as(employee);
        const role = await addRole(server().db.kysely, companyId, 'LEVEL', []);
        const container = await addContainer(server().db.kysely, companyId, 'LEVEL', {});
        for (const response of [
          await api.get('/containers'),
          await api.get('/containers/access-types'),
          await api.post('/containers', { name: 'Mine', access_type: 'USER' }),
          await api.get(`/containers/${container}`),
          await api.put(`/containers/${container}`, { name: 'Mine' }),
          await api.remove(`/containers/${container}`),
          await api.get(`/containers/${container}/users`),
          await api.post(`/containers/${container}/users`, { user_ids: [1] }),
          await api.remove(`/containers/${container}/users`, { user_ids: [1] }),
          await api.get('/mega-containers'),
          await api.post('/mega-containers', { name: 'Mine' }),
          await api.get('/roles'),
          await api.post('/roles', { name: 'Mine', kind: 'USER' }),
          await api.get(`/roles/${role}`),
          await api.remove(`/roles/${role}`),
          await api.get(`/roles/${role}/rolepermissions`),
          await api.put(`/roles/${role}/rolepermissions/bulk`, { permissions: [] }),
          await api.get('/permissions'),
          await api.get('/permissions/1/roles'),
          await api.put('/permissions/1/roles/bulk', { roles: [] }),
          await api.get(`/access/explain?user_id=1&level_id=${floor.levelId}`),
        ])
          expectErrorShape(response, 403);
      });

      it('lets a level-container administrator manage level containers only', async () => {
        const db = server().db.kysely;
        const levels = await addUser(db, companyId);
        await addContainer(db, companyId, 'USER', {
          users: [levels.id],
          roles: [await addRole(db, companyId, 'USER', [{ name: 'LEVELS_CONTAINERS', crud: 'crud' }])],
        });
        const api = as(await signIn(server(), levels.email));
        expect(
          (await api.post('/containers', { name: 'Levels only', access_type: 'LEVEL' })).statusCode,
        ).toBe(201);
        expectErrorShape(await api.post('/containers', { name: 'Users too', access_type: 'USER' }), 403);
        const administrators = await db
          .selectFrom('user_containers')
          .select('id')
          .where('company_id', '=', companyId)
          .where('name', '=', 'Administrators')
          .executeTakeFirstOrThrow();
        expectErrorShape(await api.get(`/containers/${administrators.id}/users`), 403);
        const listed = (await api.get('/containers')).json<{ data: Array<{ access_type: string }> }>().data;
        expect(new Set(listed.map((c) => c.access_type))).toEqual(new Set(['LEVEL']));
      });
    });
  },
);
