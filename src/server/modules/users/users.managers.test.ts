import { beforeAll, expect, it } from 'vitest';
import { addContainer, addRole, addUser } from '../../../../test/support/access-factories';
import { describeEachDatabase } from '../../../../test/support/server-app';
import { ACCOUNTS, companyIdOf, signIn } from '../../../../test/support/server-factories';
import { companyAuth, type InitialData } from '../../../shared/contract/auth';
import type { ManagedUser, ManagedUserList } from '../../../shared/contract/users';
import { USERS, usersApi } from './users.fixtures';

// spec §2 /containers-users-manager: the users API asks permissions/user-managers.ts which users a
// user manager may read, change or delete; a company administrator still manages everyone.
describeEachDatabase('users managed by a user manager (spec §2 user-manager containers)', (server) => {
  const { request, ok } = usersApi(server);
  let manager: string;
  let managed: { id: number };
  let stranger: { id: number };
  let outsider: string;

  beforeAll(async () => {
    const db = server().db.kysely;
    const companyId = await companyIdOf(server(), 'acme');
    const managerUser = await addUser(db, companyId);
    managed = await addUser(db, companyId);
    stranger = await addUser(db, companyId);
    const outsiderUser = await addUser(db, companyId);
    const readUpdate = await addRole(db, companyId, 'USER_MANAGER', [{ name: 'MANAGE_USERS', crud: 'ru' }]);
    await addContainer(db, companyId, 'USER_MANAGER', {
      managers: [managerUser.id],
      users: [managed.id],
      roles: [readUpdate],
    });
    manager = await signIn(server(), managerUser.email);
    outsider = await signIn(server(), outsiderUser.email);
  });

  it('is told MANAGE_USERS with their roles’ flags on sign-in (the users screens open), an outsider nothing', async () => {
    const manages = async (token: string) =>
      (await ok<InitialData>(request(token, 'GET', companyAuth.initialData))).general_permissions.filter(
        (permission) => permission.permission === 'MANAGE_USERS',
      );
    expect(await manages(manager)).toEqual([
      {
        permission: 'MANAGE_USERS',
        type: 'CRUD',
        is_active: true,
        create: false,
        read: true,
        update: true,
        delete: false,
        value: null,
      },
    ]);
    expect(await manages(outsider)).toEqual([]);
  });

  it('lists and opens only the users their user-manager containers hold', async () => {
    const list = await ok<ManagedUserList>(request(manager, 'GET', USERS));
    expect(list.data.map((user) => user.id)).toEqual([managed.id]);
    expect(list.meta.total).toBe(1);
    await ok<ManagedUser>(request(manager, 'GET', `${USERS}/${managed.id}`));
    expect((await request(manager, 'GET', `${USERS}/${stranger.id}`)).statusCode).toBe(404);
  });

  it('changes a managed user with the role’s update flag, never another', async () => {
    const changed = await ok<ManagedUser>(
      request(manager, 'PUT', `${USERS}/${managed.id}`, { first_name: 'Managed' }),
    );
    expect(changed.first_name).toBe('Managed');
    expect((await request(manager, 'PUT', `${USERS}/${stranger.id}`, { first_name: 'X' })).statusCode).toBe(
      404,
    );
  });

  it('refuses what the role does not grant (delete) and what stays the administrator’s (create)', async () => {
    expect((await request(manager, 'DELETE', `${USERS}/${managed.id}`)).statusCode).toBe(403);
    expect((await request(manager, 'POST', USERS, { email: 'new@acme.test' })).statusCode).toBe(403);
  });

  it('refuses someone who manages nobody, and leaves the administrator managing everyone', async () => {
    expect((await request(outsider, 'GET', USERS)).statusCode).toBe(403);
    const admin = await signIn(server(), ACCOUNTS.acmeAdmin);
    const everyone = await ok<ManagedUserList>(request(admin, 'GET', `${USERS}?per_page=200`));
    expect(everyone.data.map((user) => user.id)).toEqual(expect.arrayContaining([managed.id, stranger.id]));
  });
});
