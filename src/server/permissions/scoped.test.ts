import { sql } from 'kysely';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { can, delegationInForce } from '../../shared/permissions';
import { canBookResource, canViewLevel, refusingRule } from '../../shared/permissions/scoped-access';
import { addContainer, addMegaContainer, addRole, addUser } from '../../../test/support/access-factories';
import { describeEachDatabase } from '../../../test/support/server-app';
import { companyIdOf } from '../../../test/support/server-factories';
import { generalPermissionsOf } from './resolve';
import { scopedFactsOf } from './scoped';
import { canManageUser, managedUserIds } from './user-managers';

describeEachDatabase('effective permissions from containers and roles', (server) => {
  let companyId: number;
  let floors: Array<{ id: number }>;
  let building: number;
  let desk: { id: number; level_id: number };
  const db = () => server().db.kysely;

  beforeAll(async () => {
    companyId = await companyIdOf(server(), 'acme');
    const rows = await sql<{ id: number; parent_id: number; kind: string }>`
      select id, parent_id, kind from levels where company_id = ${companyId} and kind = 'floor' order by id`.execute(
      db(),
    );
    floors = rows.rows;
    building = rows.rows[0]!.parent_id;
    desk = await db()
      .selectFrom('resources')
      .select(['id', 'level_id'])
      .where('company_id', '=', companyId)
      .where('level_id', '=', floors[0]!.id)
      .orderBy('id')
      .executeTakeFirstOrThrow();
  });

  // Each test starts with no level, resource or user-manager container: all levels open.
  afterEach(async () => {
    await db().deleteFrom('mega_containers').where('company_id', '=', companyId).execute();
    await db()
      .deleteFrom('user_containers')
      .where('company_id', '=', companyId)
      .where('access_type', '<>', 'USER')
      .execute();
  });

  describe('general permissions (CRUD, LOGICAL, NUMERICAL) over several user containers', () => {
    it('OR the CRUD flags, take the highest NUMERICAL value, and ignore inactive grants', async () => {
      const user = await addUser(db(), companyId);
      const reader = await addRole(db(), companyId, 'USER', [
        { name: 'RESOURCES', crud: 'r' },
        { name: 'PLAN', value: 2 },
        { name: 'REPORTS' },
      ]);
      const creator = await addRole(db(), companyId, 'USER', [
        { name: 'RESOURCES', crud: 'c' },
        { name: 'PLAN', value: 5 },
        { name: 'CLEAN', active: false },
        { name: 'LEVELS', crud: 'crud', active: false },
      ]);
      await addContainer(db(), companyId, 'USER', { users: [user.id], roles: [reader] });
      await addContainer(db(), companyId, 'USER', { users: [user.id], roles: [creator] });
      const permissions = await generalPermissionsOf(db(), companyId, user.id);
      expect(can(permissions, ['RESOURCES', 'read'])).toBe(true);
      expect(can(permissions, ['RESOURCES', 'create'])).toBe(true);
      expect(can(permissions, ['RESOURCES', 'delete'])).toBe(false);
      expect(permissions.find((p) => p.permission === 'PLAN')?.value).toBe(5);
      expect(can(permissions, 'REPORTS')).toBe(true);
      expect(can(permissions, ['REPORTS', 'read'])).toBe(false); // spec §6: LOGICAL with an action
      expect(can(permissions, 'CLEAN')).toBe(false);
      expect(can(permissions, ['LEVELS', 'read'])).toBe(false);
    });

    it('deny by absence: a permission no role grants is not there at all', async () => {
      const user = await addUser(db(), companyId);
      await addContainer(db(), companyId, 'USER', {
        users: [user.id],
        roles: [await addRole(db(), companyId, 'USER', [{ name: 'PLAN', value: 1 }])],
      });
      const permissions = await generalPermissionsOf(db(), companyId, user.id);
      expect(permissions.map((p) => p.permission)).toEqual(['PLAN']);
      expect(can(permissions, 'BOOKINGS')).toBe(false);
    });

    it('never count a scoped role (level, resource, user manager) as general permissions', async () => {
      const user = await addUser(db(), companyId);
      const levelRole = await addRole(db(), companyId, 'LEVEL', [
        { name: 'LEVEL_VIEW' },
        { name: 'LEVEL_BOOK' },
      ]);
      await addContainer(db(), companyId, 'LEVEL', {
        users: [user.id],
        levels: [floors[1]!.id],
        roles: [levelRole],
      });
      expect(await generalPermissionsOf(db(), companyId, user.id)).toEqual([]);
    });
  });

  describe('levels and resources', () => {
    it('leave a level no container covers open to everyone', async () => {
      const user = await addUser(db(), companyId);
      const facts = await scopedFactsOf(db(), companyId, user.id, { levelIds: [floors[2]!.id] });
      expect(canViewLevel(facts, floors[2]!.id)).toMatchObject({ allowed: true, rules: [{ kind: 'open' }] });
    });

    it('refuse by absence once a container covers the level, naming each container and why', async () => {
      const outsider = await addUser(db(), companyId);
      const member = await addUser(db(), companyId);
      const viewOnly = await addRole(db(), companyId, 'LEVEL', [{ name: 'LEVEL_VIEW' }]);
      const container = await addContainer(db(), companyId, 'LEVEL', {
        users: [member.id],
        levels: [floors[0]!.id],
        roles: [viewOnly],
      });
      const outsiderFacts = await scopedFactsOf(db(), companyId, outsider.id);
      const seen = canViewLevel(outsiderFacts, floors[0]!.id);
      expect(seen.allowed).toBe(false);
      expect(refusingRule(seen)).toMatchObject({ kind: 'not-member', container: { id: container } });

      const memberFacts = await scopedFactsOf(db(), companyId, member.id);
      expect(canViewLevel(memberFacts, floors[0]!.id)).toMatchObject({
        allowed: true,
        rules: [{ kind: 'granted', container: { id: container }, role: { id: viewOnly } }],
      });
      const booking = canBookResource(memberFacts, desk);
      expect(booking.allowed).toBe(false);
      expect(refusingRule(booking)).toMatchObject({ permission: 'LEVEL_BOOK', kind: 'not-granted' });
    });

    it('grant through any one of several covering containers, and keep the others as reasons', async () => {
      const user = await addUser(db(), companyId);
      const book = await addRole(db(), companyId, 'LEVEL', [{ name: 'LEVEL_VIEW' }, { name: 'LEVEL_BOOK' }]);
      const elsewhere = await addContainer(db(), companyId, 'LEVEL', {
        levels: [floors[1]!.id],
        roles: [book],
      });
      const mine = await addContainer(db(), companyId, 'LEVEL', {
        users: [user.id],
        levels: [floors[1]!.id],
        roles: [book],
      });
      const facts = await scopedFactsOf(db(), companyId, user.id);
      const decision = canViewLevel(facts, floors[1]!.id);
      expect(decision.allowed).toBe(true);
      expect(decision.rules.map((rule) => [rule.container?.id, rule.kind])).toEqual(
        expect.arrayContaining([
          [mine, 'granted'],
          [elsewhere, 'not-member'],
        ]),
      );
    });

    it('cover the sublevels of a covered level, and grant the people of a mega container’s user containers', async () => {
      const user = await addUser(db(), companyId);
      const team = await addContainer(db(), companyId, 'USER', { users: [user.id] });
      const book = await addRole(db(), companyId, 'LEVEL', [{ name: 'LEVEL_VIEW' }, { name: 'LEVEL_BOOK' }]);
      const wholeBuilding = await addContainer(db(), companyId, 'LEVEL', {
        levels: [building],
        roles: [book],
      });
      const before = await scopedFactsOf(db(), companyId, user.id);
      expect(canBookResource(before, desk).allowed).toBe(false);
      await addMegaContainer(db(), companyId, [team, wholeBuilding]);
      const after = await scopedFactsOf(db(), companyId, user.id);
      expect(canBookResource(after, desk)).toMatchObject({ allowed: true });
    });

    it('need RESOURCE_BOOK from a resource container holding the resource', async () => {
      const user = await addUser(db(), companyId);
      const bookRole = await addRole(db(), companyId, 'RESOURCE', [{ name: 'RESOURCE_BOOK' }]);
      const readers = await addRole(db(), companyId, 'RESOURCE', [{ name: 'RESOURCE_BOOK', active: false }]);
      const kept = await addContainer(db(), companyId, 'RESOURCE', {
        users: [user.id],
        resources: [desk.id],
        roles: [readers],
      });
      const refused = canBookResource(await scopedFactsOf(db(), companyId, user.id), desk);
      expect(refusingRule(refused)).toMatchObject({
        scope: 'resource',
        kind: 'not-granted',
        container: { id: kept },
      });
      await db()
        .insertInto('user_container_roles')
        .values({ company_id: companyId, container_id: kept, role_id: bookRole })
        .execute();
      expect(canBookResource(await scopedFactsOf(db(), companyId, user.id), desk).allowed).toBe(true);
    });
  });

  describe('user managers and delegations together', () => {
    it('let a user manager act only on the users of their containers, with their role’s CRUD flags', async () => {
      const manager = await addUser(db(), companyId);
      const direct = await addUser(db(), companyId);
      const viaMega = await addUser(db(), companyId);
      const stranger = await addUser(db(), companyId);
      const team = await addContainer(db(), companyId, 'USER', { users: [viaMega.id] });
      await addContainer(db(), companyId, 'USER', { users: [stranger.id] });
      const readUpdate = await addRole(db(), companyId, 'USER_MANAGER', [
        { name: 'MANAGE_USERS', crud: 'ru' },
      ]);
      const managing = await addContainer(db(), companyId, 'USER_MANAGER', {
        managers: [manager.id],
        users: [direct.id, manager.id],
        roles: [readUpdate],
      });
      await addMegaContainer(db(), companyId, [managing, team]);
      expect(await managedUserIds(db(), companyId, manager.id, 'update')).toEqual(
        new Set([direct.id, viaMega.id]),
      );
      expect(await managedUserIds(db(), companyId, manager.id, 'delete')).toEqual(new Set());
      expect(await canManageUser(db(), companyId, manager.id, stranger.id, 'read')).toBe(false);
      expect(await canManageUser(db(), companyId, manager.id, manager.id, 'read')).toBe(false);
      expect(await canManageUser(db(), companyId, direct.id, manager.id, 'read')).toBe(false);
      // A user manager holds no general permission by it, so it adds nothing a delegation could pass on.
      expect(await generalPermissionsOf(db(), companyId, manager.id)).toEqual([]);
    });

    it('judge a delegation by general permissions and a booking for the delegator by the delegator’s access', async () => {
      const delegator = await addUser(db(), companyId);
      const delegate = await addUser(db(), companyId);
      const everyday = await addRole(db(), companyId, 'USER', [
        { name: 'MY_BOOKINGS' },
        { name: 'PLAN', value: 1 },
      ]);
      await addContainer(db(), companyId, 'USER', { users: [delegator.id, delegate.id], roles: [everyday] });
      const book = await addRole(db(), companyId, 'LEVEL', [{ name: 'LEVEL_VIEW' }, { name: 'LEVEL_BOOK' }]);
      await addContainer(db(), companyId, 'LEVEL', {
        users: [delegate.id],
        levels: [floors[0]!.id],
        roles: [book],
      });
      const [ofDelegator, ofDelegate] = await Promise.all([
        generalPermissionsOf(db(), companyId, delegator.id),
        generalPermissionsOf(db(), companyId, delegate.id),
      ]);
      expect(delegationInForce('MY_BOOKINGS', ofDelegator, ofDelegate)).toBe(true);
      // The delegate may book the floor; booking for the delegator is judged by the delegator's access.
      expect(canBookResource(await scopedFactsOf(db(), companyId, delegate.id), desk).allowed).toBe(true);
      expect(canBookResource(await scopedFactsOf(db(), companyId, delegator.id), desk).allowed).toBe(false);
    });
  });
});
