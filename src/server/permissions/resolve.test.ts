import { beforeAll, describe, expect, it } from 'vitest';
import { PERMISSION_NAMES } from '../../shared/permissions';
import { describeEachDatabase } from '../../../test/support/server-app';
import { ACCOUNTS, call, companyIdOf, signIn } from '../../../test/support/server-factories';
import { generalPermissionsOf } from './resolve';

describeEachDatabase('general permissions', (server) => {
  const userId = async (email: string) =>
    (
      await server()
        .db.kysely.selectFrom('users')
        .select('id')
        .where('email', '=', email)
        .executeTakeFirstOrThrow()
    ).id;

  describe('the demo roles', () => {
    it('give the company administrator every permission, active, with all CRUD flags', async () => {
      const permissions = await generalPermissionsOf(
        server().db.kysely,
        await companyIdOf(server(), 'acme'),
        await userId(ACCOUNTS.acmeAdmin),
      );
      expect(permissions.map((p) => p.permission).sort()).toEqual([...PERMISSION_NAMES].sort());
      for (const permission of permissions) {
        expect(permission.is_active).toBe(true);
        if (permission.type === 'CRUD')
          expect([permission.create, permission.read, permission.update, permission.delete]).toEqual([
            true,
            true,
            true,
            true,
          ]);
        else
          expect([permission.create, permission.read, permission.update, permission.delete]).toEqual([
            false,
            false,
            false,
            false,
          ]);
        expect(permission.value).toBe(permission.type === 'NUMERICAL' ? 10 : null);
      }
    });

    it('give the employee the everyday permissions only', async () => {
      const permissions = await generalPermissionsOf(
        server().db.kysely,
        await companyIdOf(server(), 'acme'),
        await userId(ACCOUNTS.employee),
      );
      const byName = new Map(permissions.map((p) => [p.permission, p]));
      expect(byName.get('BOOKINGS')).toMatchObject({
        type: 'CRUD',
        is_active: true,
        create: true,
        read: true,
        update: false,
        delete: false,
      });
      expect(byName.get('PLAN')).toMatchObject({ type: 'NUMERICAL', is_active: true, value: 1 });
      expect(byName.get('USER_PROFILE')).toMatchObject({
        read: true,
        update: true,
        create: false,
        delete: false,
      });
      expect(byName.has('MY_VISITS')).toBe(true);
      expect(byName.has('RESOURCES')).toBe(false);
      expect(byName.has('VISITOR_MANAGEMENT')).toBe(false);
    });

    it('give the reception desk visitor management', async () => {
      const permissions = await generalPermissionsOf(
        server().db.kysely,
        await companyIdOf(server(), 'acme'),
        await userId(ACCOUNTS.reception),
      );
      expect(permissions.find((p) => p.permission === 'VISITOR_MANAGEMENT')).toMatchObject({
        is_active: true,
        create: true,
        delete: true,
      });
      expect(permissions.find((p) => p.permission === 'RECEPTIONS')).toMatchObject({
        read: true,
        create: false,
      });
    });
  });

  describe('merging grants from several roles', () => {
    let company: number;
    let user: number;

    beforeAll(async () => {
      const db = server().db.kysely;
      company = await companyIdOf(server(), 'acme');
      user = await userId(ACCOUNTS.reception);
      const permission = async (name: string) =>
        (await db.selectFrom('permissions').select('id').where('name', '=', name).executeTakeFirstOrThrow())
          .id;
      const container = await db
        .insertInto('user_containers')
        .values({ company_id: company, name: 'Merge test' })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('user_container_members')
        .values({ company_id: company, container_id: container.id, user_id: user })
        .execute();
      const grants = [
        { role: 'Merge A', permission: 'RESOURCES', can_read: true, is_active: true },
        { role: 'Merge B', permission: 'RESOURCES', can_update: true, is_active: true },
        { role: 'Merge C', permission: 'RESOURCES', can_delete: true, is_active: false },
        { role: 'Merge A', permission: 'PLAN', value: 3, is_active: true },
        { role: 'Merge B', permission: 'PLAN', value: 7, is_active: true },
        { role: 'Merge C', permission: 'PLAN', value: 99, is_active: false },
        { role: 'Merge C', permission: 'SYNC', is_active: false },
      ];
      const roles = new Map<string, number>();
      for (const name of ['Merge A', 'Merge B', 'Merge C']) {
        const role = await db
          .insertInto('roles')
          .values({ company_id: company, name })
          .returning('id')
          .executeTakeFirstOrThrow();
        roles.set(name, role.id);
        await db
          .insertInto('user_container_roles')
          .values({ company_id: company, container_id: container.id, role_id: role.id })
          .execute();
      }
      for (const { role, permission: name, value, ...flags } of grants) {
        await db
          .insertInto('role_permissions')
          .values({
            company_id: company,
            role_id: roles.get(role)!,
            permission_id: await permission(name),
            value: value ?? null,
            ...flags,
          })
          .execute();
      }
    });

    it('ORs the CRUD flags of active grants and ignores inactive ones', async () => {
      const permissions = await generalPermissionsOf(server().db.kysely, company, user);
      expect(permissions.find((p) => p.permission === 'RESOURCES')).toEqual({
        permission: 'RESOURCES',
        type: 'CRUD',
        is_active: true,
        create: false,
        read: true,
        update: true,
        delete: false,
        value: null,
      });
    });

    it('takes the highest value of the active NUMERICAL grants', async () => {
      const permissions = await generalPermissionsOf(server().db.kysely, company, user);
      expect(permissions.find((p) => p.permission === 'PLAN')).toMatchObject({ is_active: true, value: 7 });
    });

    it('lists a permission with only inactive grants as inactive', async () => {
      const permissions = await generalPermissionsOf(server().db.kysely, company, user);
      expect(permissions.find((p) => p.permission === 'SYNC')).toMatchObject({
        is_active: false,
        value: null,
      });
    });

    it('is what the login answer carries', async () => {
      const token = await signIn(server(), ACCOUNTS.reception);
      const body = (
        await call(server(), 'GET', '/api/company/v1/initial-data', { subdomain: 'acme', token })
      ).json();
      expect(body.general_permissions).toEqual(await generalPermissionsOf(server().db.kysely, company, user));
    });

    it('never mixes in another company’s grants', async () => {
      const globex = await companyIdOf(server(), 'globex');
      expect(await generalPermissionsOf(server().db.kysely, globex, user)).toEqual([]);
    });
  });
});
