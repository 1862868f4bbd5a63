import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../test/support/server-app';
import { ACCOUNTS, companyIdOf, expectErrorShape, signIn } from '../../../../test/support/server-factories';
import type { DeletedUsers, ManagedUser, ManagedUserList } from '../../../shared/contract/users';
import { givenFloor, type Floor } from '../declarations/declarations.fixtures';
import { LAST_ADMINISTRATOR } from './administrators';
import { CANNOT_DELETE_YOURSELF } from './user-deletion.service';
import { signInAs, USERS, usersApi } from './users.fixtures';

const HOUR = 3_600_000;

describeEachDatabase('deleting users (spec §2 /manage-users delete and bulk delete)', (server) => {
  let admin: string;
  let employee: string;
  let acmeId: number;
  let floor: Floor;
  const api = usersApi(server);
  const { request, ok } = api;

  /** A booking of `user`, `hours` from now (negative: in the past). */
  async function book(user: ManagedUser, hours: number): Promise<number> {
    const resource = await floor.resource(`Desk ${Math.random().toString(36).slice(2, 8)}`);
    const { rows } = await sql<{ id: number }>`
      insert into declarations (company_id, resource_id, user_id, created_by, starts_at, ends_at, created_at)
      values (${acmeId}, ${resource}, ${user.id}, ${user.id}, ${new Date(Date.now() + hours * HOUR)},
        ${new Date(Date.now() + (hours + 1) * HOUR)}, ${new Date(Date.now() - 48 * HOUR)})
      returning id`.execute(server().db.kysely);
    return rows[0]!.id;
  }
  const statusOf = async (id: number) =>
    await server()
      .db.kysely.selectFrom('declarations')
      .select(['status', 'user_id'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const exists = async (id: number) => (await request(admin, 'GET', `${USERS}/${id}`)).statusCode === 200;

  beforeAll(async () => {
    admin = await signIn(server(), ACCOUNTS.acmeAdmin);
    employee = await signIn(server(), ACCOUNTS.employee);
    acmeId = await companyIdOf(server(), 'acme');
    floor = await givenFloor(server());
  });

  it('deletes a user without bookings ahead: gone from the list, and they can no longer sign in', async () => {
    const user = await api.create(admin);
    await ok(
      request(admin, 'PUT', `${USERS}/${user.id}/password`, {
        password: 'gone-soon',
        password_confirmation: 'gone-soon',
      }),
    );
    const result = await ok<DeletedUsers>(request(admin, 'DELETE', `${USERS}/${user.id}`));
    expect(result).toMatchObject({ deleted: 1, cancelled_bookings: 0 });
    expect(await exists(user.id)).toBe(false);
    expect((await signInAs(server(), user.email, 'gone-soon')).statusCode).toBe(401);
  });

  it('refuses while the user has bookings ahead, naming them and the count (409), and deletes nothing', async () => {
    const user = await api.create(admin, { first_name: 'Bea', last_name: 'Booker' });
    await book(user, 24);
    await book(user, 48);
    const refused = expectErrorShape(await request(admin, 'DELETE', `${USERS}/${user.id}`), 409);
    expect(refused.message).toBe('Bea Booker has 2 bookings ahead. Cancel them to delete the user.');
    expect(await exists(user.id)).toBe(true);
  });

  it('cancels the bookings ahead when the administrator chooses to, and keeps past bookings as history', async () => {
    const user = await api.create(admin, { first_name: 'Cy' });
    const ahead = await book(user, 24);
    const past = await book(user, -48);
    const result = await ok<DeletedUsers>(request(admin, 'DELETE', `${USERS}/${user.id}?cancel_bookings=1`));
    expect(result).toMatchObject({ deleted: 1, cancelled_bookings: 1 });
    expect(await exists(user.id)).toBe(false);
    expect((await statusOf(ahead)).status).toBe('cancelled');
    const kept = await statusOf(past);
    expect(kept.status).toBe('booked');
    const holder = await server()
      .db.kysely.selectFrom('users')
      .select(['first_name', 'last_name', 'password_hash', 'stands_for_removed'])
      .where('id', '=', kept.user_id)
      .executeTakeFirstOrThrow();
    expect(holder).toEqual({
      first_name: 'Removed',
      last_name: 'user',
      password_hash: null,
      stands_for_removed: true,
    });
    // The placeholder is nobody's to list or manage.
    const list = await ok<ManagedUserList>(request(admin, 'GET', `${USERS}?query=removed`));
    expect(list.data).toEqual([]);
    expectErrorShape(await request(admin, 'GET', `${USERS}/${kept.user_id}`), 404);
  });

  it('bulk delete is all or nothing: one user with bookings ahead keeps every user', async () => {
    const [free, busy] = [
      await api.create(admin),
      await api.create(admin, { first_name: 'Busy', last_name: 'Bee' }),
    ];
    await book(busy, 5);
    const refused = expectErrorShape(
      await request(admin, 'POST', `${USERS}/bulk-delete`, { user_ids: [free.id, busy.id] }),
      409,
    );
    expect(refused.message).toBe('Busy Bee has 1 booking ahead. Cancel it to delete the user.');
    expect(await exists(free.id)).toBe(true);
    const done = await ok<DeletedUsers>(
      request(admin, 'POST', `${USERS}/bulk-delete`, { user_ids: [free.id, busy.id], cancel_bookings: true }),
    );
    expect(done).toMatchObject({ deleted: 2, cancelled_bookings: 1 });
    expect(await exists(free.id)).toBe(false);
    expect(await exists(busy.id)).toBe(false);
  });

  it('never deletes yourself (422), alone or in a bulk', async () => {
    const me = (await ok<ManagedUserList>(request(admin, 'GET', `${USERS}?query=${ACCOUNTS.acmeAdmin}`)))
      .data[0]!;
    const other = await api.create(admin);
    expect(expectErrorShape(await request(admin, 'DELETE', `${USERS}/${me.id}`), 422).message).toBe(
      CANNOT_DELETE_YOURSELF,
    );
    expectErrorShape(
      await request(admin, 'POST', `${USERS}/bulk-delete`, { user_ids: [other.id, me.id] }),
      422,
    );
    expect(await exists(other.id)).toBe(true);
  });

  it('never deletes the last administrator, even for someone allowed to delete users', async () => {
    // A clerk may read and delete users but not manage them: not an administrator themself.
    const db = server().db.kysely;
    const permission = await db
      .selectFrom('permissions')
      .select('id')
      .where('name', '=', 'USERS_CONTAINERS')
      .executeTakeFirstOrThrow();
    const role = await db
      .insertInto('roles')
      .values({ company_id: acmeId, name: 'User clerk' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('role_permissions')
      .values({
        company_id: acmeId,
        role_id: role.id,
        permission_id: permission.id,
        can_read: true,
        can_delete: true,
      })
      .execute();
    const container = await db
      .insertInto('user_containers')
      .values({ company_id: acmeId, name: 'User clerks' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('user_container_roles')
      .values({ company_id: acmeId, container_id: container.id, role_id: role.id })
      .execute();
    const clerk = await api.create(admin, { container_ids: [container.id] });
    await ok(
      request(admin, 'PUT', `${USERS}/${clerk.id}/password`, {
        password: 'clerk-pass',
        password_confirmation: 'clerk-pass',
      }),
    );
    const clerkToken = (await signInAs(server(), clerk.email, 'clerk-pass')).json<{ access_token: string }>()
      .access_token;
    const adminId = (await ok<ManagedUserList>(request(admin, 'GET', `${USERS}?query=${ACCOUNTS.acmeAdmin}`)))
      .data[0]!.id;
    const refused = await request(clerkToken, 'DELETE', `${USERS}/${adminId}?cancel_bookings=1`);
    expect(expectErrorShape(refused, 409).message).toBe(LAST_ADMINISTRATOR);
    expect(await exists(adminId)).toBe(true);
    // The clerk cannot edit users (update), only delete them.
    expectErrorShape(await request(clerkToken, 'PUT', `${USERS}/${adminId}`, { first_name: 'X' }), 403);
  });

  it('refuses someone without the delete permission (403) and another company’s users (404)', async () => {
    const user = await api.create(admin);
    expectErrorShape(await request(employee, 'DELETE', `${USERS}/${user.id}`), 403);
    expectErrorShape(await request(employee, 'POST', `${USERS}/bulk-delete`, { user_ids: [user.id] }), 403);
    const globex = await signIn(server(), ACCOUNTS.globexAdmin, 'globex');
    expectErrorShape(
      await request(globex, 'POST', `${USERS}/bulk-delete`, { user_ids: [user.id] }, 'globex'),
      404,
    );
    expect(await exists(user.id)).toBe(true);
  });

  it('answers 422 to a bulk delete without users', async () => {
    const refused = expectErrorShape(
      await request(admin, 'POST', `${USERS}/bulk-delete`, { user_ids: [] }),
      422,
    );
    expect(refused.errors).toEqual({ user_ids: ['This field is required.'] });
  });
});
