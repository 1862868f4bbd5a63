import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../test/support/server-app';
import { ACCOUNTS, call, expectErrorShape, signIn } from '../../../../test/support/server-factories';
import { api, dayAhead, declarationActors, slot, type Floor } from '../declarations/declarations.fixtures';

const API = '/api/company/v1';
const ASSIGNED = 'This resource is kept for the users it is assigned to.';

describeEachDatabase(
  'assigned resources and their breaks (spec §2 /profile assigned-resources)',
  (server) => {
    const http = api(server);
    let admin: string;
    let employee: string;
    let reception: string;
    let globex: string;
    let floor: Floor;

    beforeAll(async () => {
      ({ admin, employee, globex, floor } = await declarationActors(server()));
      reception = await signIn(server(), ACCOUNTS.reception);
    });

    const as = (token: string, method: 'GET' | 'PUT' | 'POST' | 'DELETE', path: string, body?: unknown) =>
      call(server(), method, `${API}/${path}`, { subdomain: 'acme', token, body });

    /** A desk of the floor made 'assigned' and given to the employee: the assignment's id. */
    async function employeesDesk(name: string): Promise<{ desk: number; assignment: number }> {
      const db = server().db.kysely;
      const desk = await floor.resource(name);
      await db.updateTable('resources').set({ resource_model: 'assigned' }).where('id', '=', desk).execute();
      const user = await db
        .selectFrom('users')
        .select('id')
        .where('email', '=', ACCOUNTS.employee)
        .executeTakeFirstOrThrow();
      const { id } = await db
        .insertInto('resource_assignments')
        .values({ company_id: floor.companyId, user_id: user.id, resource_id: desk })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { desk, assignment: id };
    }

    const lunch = (date: string) => ({
      starts_at: slot(date, 12).datetime_from,
      ends_at: slot(date, 14).datetime_from,
    });

    it('lists the user’s own resources with their breaks, and adds, changes and deletes a break', async () => {
      const { desk, assignment } = await employeesDesk('Desk Own 1');
      const listed = await as(employee, 'GET', 'profile/assigned-resources');
      expect(listed.statusCode, listed.body).toBe(200);
      expect(listed.json().data).toContainEqual(
        expect.objectContaining({
          id: assignment,
          resource_id: desk,
          resource_name: 'Desk Own 1',
          breaks: [],
        }),
      );

      const date = dayAhead(2);
      const added = await as(
        employee,
        'POST',
        `profile/assigned-resources/${assignment}/breaks`,
        lunch(date),
      );
      expect(added.statusCode, added.body).toBe(200);
      const [made] = added.json().breaks;
      expect(made).toMatchObject(lunch(date));

      const longer = { ...lunch(date), ends_at: slot(date, 16).datetime_from };
      const changed = await as(
        employee,
        'PUT',
        `profile/assigned-resources/${assignment}/breaks/${made.id}`,
        longer,
      );
      expect(changed.statusCode, changed.body).toBe(200);
      expect(changed.json().breaks).toEqual([{ id: made.id, ...longer }]);

      const removed = await as(
        employee,
        'DELETE',
        `profile/assigned-resources/${assignment}/breaks/${made.id}`,
      );
      expect(removed.json().breaks).toEqual([]);
      expectErrorShape(
        await as(employee, 'DELETE', `profile/assigned-resources/${assignment}/breaks/${made.id}`),
        404,
      );
    });

    it('refuses with 422 a break in the past, one ending before it starts, and one overlapping another', async () => {
      const { assignment } = await employeesDesk('Desk Own 2');
      const path = `profile/assigned-resources/${assignment}/breaks`;
      const past = expectErrorShape(
        await as(employee, 'POST', path, {
          starts_at: slot(dayAhead(-1), 9).datetime_from,
          ends_at: slot(dayAhead(2), 9).datetime_from,
        }),
        422,
      );
      expect(past.errors).toEqual({ starts_at: ['A break cannot start in the past.'] });
      const date = dayAhead(3);
      const backwards = expectErrorShape(
        await as(employee, 'POST', path, {
          starts_at: slot(date, 14).datetime_from,
          ends_at: slot(date, 12).datetime_from,
        }),
        422,
      );
      expect(backwards.errors).toEqual({ ends_at: ['The end must be after the start.'] });
      const garbled = expectErrorShape(
        await as(employee, 'POST', path, { starts_at: 'soon', ends_at: '' }),
        422,
      );
      expect(Object.keys(garbled.errors ?? {}).sort()).toEqual(['ends_at', 'starts_at']);

      expect((await as(employee, 'POST', path, lunch(date))).statusCode).toBe(200);
      const overlap = expectErrorShape(
        await as(employee, 'POST', path, {
          starts_at: slot(date, 13).datetime_from,
          ends_at: slot(date, 15).datetime_from,
        }),
        422,
      );
      expect(overlap.errors).toEqual({ starts_at: ['This break overlaps another break of this resource.'] });
      const breaks = (await as(employee, 'GET', `profile/assigned-resources/${assignment}`)).json().breaks;
      expect(breaks).toHaveLength(1);
    });

    it('lets another user book the desk during its holder’s break, and refuses them outside it', async () => {
      const { desk, assignment } = await employeesDesk('Desk Own 3');
      const date = dayAhead(4);
      expect(
        expectErrorShape(await http.book(admin, { resource_id: desk, slots: [slot(date, 12)] }), 403).message,
      ).toBe(ASSIGNED);
      await as(employee, 'POST', `profile/assigned-resources/${assignment}/breaks`, lunch(date));

      const during = await http.bookOk(admin, { resource_id: desk, slots: [slot(date, 12), slot(date, 13)] });
      expect(during[0]).toMatchObject({
        starts_at: slot(date, 12).datetime_from,
        ends_at: slot(date, 14).datetime_from,
      });
      for (const outside of [slot(date, 9), slot(date, 14), slot(date, 13, 15)]) {
        const refused = await http.book(admin, { resource_id: desk, slots: [outside] });
        expect(expectErrorShape(refused, 403).message).toBe(ASSIGNED);
      }
      // moving the booking in time out of the break is refused too (PUT bookings/{id})
      const moved = await as(admin, 'PUT', `bookings/${during[0]!.id}`, { slots: [slot(date, 13, 15)] });
      expect(expectErrorShape(moved, 403).message).toBe(ASSIGNED);
      const inside = await as(admin, 'PUT', `bookings/${during[0]!.id}`, { slots: [slot(date, 12, 13)] });
      expect(inside.statusCode, inside.body).toBe(200);
      // the holder books their own desk at any time
      await http.bookOk(employee, { resource_id: desk, slots: [slot(date, 9)] });
    });

    it('refuses a break change without USER_PROFILE update (403)', async () => {
      const { assignment } = await employeesDesk('Desk Own 4');
      const date = dayAhead(5);
      expectErrorShape(
        await as(reception, 'POST', `profile/assigned-resources/${assignment}/breaks`, lunch(date)),
        403,
      );
    });

    it('shows nobody another user’s or another company’s assignment (404), nor answers another company’s token', async () => {
      const { assignment } = await employeesDesk('Desk Own 5');
      const date = dayAhead(5);
      const made = (
        await as(employee, 'POST', `profile/assigned-resources/${assignment}/breaks`, lunch(date))
      ).json().breaks[0];
      expectErrorShape(await as(admin, 'GET', `profile/assigned-resources/${assignment}`), 404);
      expectErrorShape(
        await as(admin, 'POST', `profile/assigned-resources/${assignment}/breaks`, lunch(dayAhead(6))),
        404,
      );
      expectErrorShape(
        await as(admin, 'DELETE', `profile/assigned-resources/${assignment}/breaks/${made.id}`),
        404,
      );
      // another company's token on acme's address is not signed in there
      expectErrorShape(await as(globex, 'GET', 'profile/assigned-resources'), 401);
      // and in its own company it finds none of acme's
      const own = await call(server(), 'GET', `${API}/profile/assigned-resources/${assignment}`, {
        subdomain: 'globex',
        token: globex,
      });
      expectErrorShape(own, 404);
      const afterAll = (await as(employee, 'GET', `profile/assigned-resources/${assignment}`)).json().breaks;
      expect(afterAll).toHaveLength(1);
    });

    it('takes an assignment’s breaks away with it when an administrator removes the assignment', async () => {
      const { assignment } = await employeesDesk('Desk Own 6');
      await as(employee, 'POST', `profile/assigned-resources/${assignment}/breaks`, lunch(dayAhead(7)));
      const db = server().db.kysely;
      const { id: userId } = await db
        .selectFrom('users')
        .select('id')
        .where('email', '=', ACCOUNTS.employee)
        .executeTakeFirstOrThrow();
      const removed = await as(admin, 'DELETE', `users/${userId}/assignments/${assignment}`);
      expect(removed.statusCode, removed.body).toBe(200);
      const left = await db
        .selectFrom('resource_assignment_breaks')
        .select('id')
        .where('assignment_id', '=', assignment)
        .execute();
      expect(left).toEqual([]);
    });
  },
);
