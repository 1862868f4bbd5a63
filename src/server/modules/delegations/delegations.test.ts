import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../test/support/server-app';
import { ACCOUNTS, expectErrorShape } from '../../../../test/support/server-factories';
import {
  DELEGATION_MESSAGES,
  delegationsPath,
  type AvailablePermissionList,
  type DelegateUserPage,
  type Delegation,
  type DelegationList,
} from '../../../shared/contract/delegations';
import { bookingsApi, setRolePermission, userId } from '../bookings/bookings.fixtures';
import { delegationActors } from './delegations.fixtures';

const D = delegationsPath;

/**
 * spec §2 /profile my-delegates and delegated-by, §5 delegations, issue 7 item 4: booking on
 * behalf of someone else where "a delegation allows it". The teammate holds MY_BOOKINGS and no
 * BOOKINGS: without a delegation they see and book only their own.
 */
describeEachDatabase('delegations', (server) => {
  let employee: string;
  let teammate: string;
  let admin: string;
  let reception: string;
  let globex: string;
  let employeeId: number;
  let teammateId: number;
  const api = bookingsApi(server);
  const { request, expectStatus } = api;

  const delegationCount = async () =>
    Number(
      (await sql<{ n: string }>`select count(*) as n from delegations`.execute(server().db.kysely)).rows[0]!
        .n,
    );

  const delegate = (token: string, body: unknown) => request(token, 'POST', D, body);

  beforeAll(async () => {
    ({ employee, teammate, admin, reception, globex, employeeId, teammateId } =
      await delegationActors(server()));
  });

  describe('giving, changing and withdrawing (spec §5 "delegate available permissions")', () => {
    it('refuses what cannot be a delegation with a 422 naming the field, and writes nothing', async () => {
      const before = await delegationCount();
      const globexAdmin = await userId(server(), ACCOUNTS.globexAdmin);
      const visitor = await sql<{ id: number }>`
        insert into users (company_id, email, first_name, last_name, language_id, timezone, is_visitor)
        select company_id, 'visiting-delegate@acme.test', 'Vera', 'Visitor', language_id, timezone, true
        from users where id = ${employeeId} returning id`.execute(server().db.kysely);
      const cases: Array<[unknown, Record<string, string[]>]> = [
        [{ permissions: ['MY_BOOKINGS'] }, { delegate_id: [DELEGATION_MESSAGES.delegateRequired] }],
        [
          { delegate_id: employeeId, permissions: ['MY_BOOKINGS'] },
          { delegate_id: [DELEGATION_MESSAGES.notYourself] },
        ],
        [
          { delegate_id: globexAdmin, permissions: ['MY_BOOKINGS'] },
          { delegate_id: [DELEGATION_MESSAGES.delegateNotValid] },
        ],
        [
          { delegate_id: visitor.rows[0]!.id, permissions: ['MY_BOOKINGS'] },
          { delegate_id: [DELEGATION_MESSAGES.delegateNotValid] },
        ],
        [
          { delegate_id: 999_999, permissions: ['MY_BOOKINGS'] },
          { delegate_id: [DELEGATION_MESSAGES.delegateNotValid] },
        ],
        [
          { delegate_id: teammateId, permissions: [] },
          { permissions: [DELEGATION_MESSAGES.permissionsRequired] },
        ],
        // A company-wide permission is for roles to give, and LEVELS the employee does not even hold.
        [
          { delegate_id: teammateId, permissions: ['MY_BOOKINGS', 'BOOKINGS', 'LEVELS'] },
          {
            'permissions.1': [DELEGATION_MESSAGES.notAvailable],
            'permissions.2': [DELEGATION_MESSAGES.notAvailable],
          },
        ],
      ];
      for (const [body, errors] of cases) {
        const error = expectErrorShape(await delegate(employee, body), 422);
        expect(error.errors, JSON.stringify(body)).toEqual(errors);
      }
      expect(await delegationCount()).toBe(before);
    });

    it('answers what the caller can delegate to a person, and the people who can be delegates, paginated', async () => {
      const available = expectStatus<AvailablePermissionList>(
        await request(employee, 'GET', `${D}/available-permissions/${teammateId}`),
        200,
      );
      expect(available).toEqual({
        user: { id: teammateId, name: 'Tom Teammate', email: ACCOUNTS.teammate },
        delegation_id: null,
        data: [{ permission: 'MY_BOOKINGS', delegated: false }],
      });
      const none = expectStatus<AvailablePermissionList>(
        await request(reception, 'GET', `${D}/available-permissions/${teammateId}`),
        200,
      );
      expect(none.data).toEqual([]);
      const self = expectErrorShape(
        await request(employee, 'GET', `${D}/available-permissions/${employeeId}`),
        422,
      );
      expect(self.errors).toEqual({ id: [DELEGATION_MESSAGES.notYourself] });
      const globexUser = await userId(server(), ACCOUNTS.globexAdmin);
      // Another company's person is not found (as any record of theirs would be).
      expectErrorShape(await request(employee, 'GET', `${D}/available-permissions/${globexUser}`), 404);

      const found = expectStatus<DelegateUserPage>(
        await request(employee, 'GET', `${D}/delegate-users?query=TOM`),
        200,
      );
      expect(found.data).toEqual([
        { id: teammateId, name: 'Tom Teammate', email: ACCOUNTS.teammate, delegation_id: null },
      ]);
      const everyone = expectStatus<DelegateUserPage>(
        await request(employee, 'GET', `${D}/delegate-users?per_page=2`),
        200,
      );
      // acme's other people (never the caller, never Globex's), two a page
      expect(everyone.data).toHaveLength(2);
      expect(everyone.meta).toMatchObject({ current_page: 1, per_page: 2 });
      expect(everyone.meta.total).toBeGreaterThanOrEqual(3);
      const page2 = expectStatus<DelegateUserPage>(
        await request(employee, 'GET', `${D}/delegate-users?per_page=2&page=2`),
        200,
      );
      const all = [...everyone.data, ...page2.data].map((person) => person.email);
      expect(all).not.toContain(ACCOUNTS.employee);
      expect(all).not.toContain(ACCOUNTS.globexAdmin);
      expect(new Set(all).size).toBe(all.length);
      const past = expectStatus<DelegateUserPage>(
        await request(employee, 'GET', `${D}/delegate-users?per_page=2&page=99`),
        200,
      );
      expect(past).toMatchObject({ data: [], meta: { total: everyone.meta.total } });
    });

    it('gives a delegation both people see, which only its delegator changes and either withdraws', async () => {
      const given = expectStatus<Delegation>(
        await delegate(employee, { delegate_id: teammateId, permissions: ['MY_BOOKINGS', 'MY_BOOKINGS'] }),
        201,
      );
      expect(given).toMatchObject({
        delegated_by: { id: employeeId, name: 'Emil Employee', email: ACCOUNTS.employee },
        delegated_to: { id: teammateId, name: 'Tom Teammate' },
        permissions: ['MY_BOOKINGS'],
      });
      const twice = expectErrorShape(
        await delegate(employee, { delegate_id: teammateId, permissions: ['MY_BOOKINGS'] }),
        422,
      );
      expect(twice.errors).toEqual({ delegate_id: [DELEGATION_MESSAGES.alreadyDelegate] });

      const mine = expectStatus<DelegationList>(await request(employee, 'GET', D), 200);
      expect(mine.data.map((one) => one.id)).toEqual([given.id]);
      expect(
        expectStatus<DelegationList>(await request(employee, 'GET', `${D}?direction=received`), 200).data,
      ).toEqual([]);
      const received = expectStatus<DelegationList>(
        await request(teammate, 'GET', `${D}?direction=received`),
        200,
      );
      expect(received.data).toEqual([given]);
      const marked = expectStatus<AvailablePermissionList>(
        await request(employee, 'GET', `${D}/available-permissions/${teammateId}`),
        200,
      );
      expect(marked).toMatchObject({
        delegation_id: given.id,
        data: [{ permission: 'MY_BOOKINGS', delegated: true }],
      });

      // The delegate cannot widen or rewrite what they were given; nobody else even sees it.
      const widened = expectErrorShape(
        await request(teammate, 'PUT', `${D}/${given.id}`, { permissions: ['MY_BOOKINGS'] }),
        403,
      );
      expect(widened.message).toBe(DELEGATION_MESSAGES.onlyDelegator);
      for (const [token, subdomain] of [
        [admin, 'acme'],
        [globex, 'globex'],
      ] as const) {
        expectErrorShape(await request(token, 'GET', `${D}/${given.id}`, undefined, subdomain), 404);
        expectErrorShape(
          await request(token, 'PUT', `${D}/${given.id}`, { permissions: ['MY_BOOKINGS'] }, subdomain),
          404,
        );
        expectErrorShape(await request(token, 'DELETE', `${D}/${given.id}`, undefined, subdomain), 404);
        const theirs = expectStatus<DelegationList>(
          await request(token, 'GET', D, undefined, subdomain),
          200,
        );
        expect(theirs.data.map((one) => one.id)).not.toContain(given.id);
      }
      const emptied = expectErrorShape(
        await request(employee, 'PUT', `${D}/${given.id}`, { permissions: [] }),
        422,
      );
      expect(emptied.errors).toEqual({ permissions: [DELEGATION_MESSAGES.permissionsRequired] });
      expect(
        expectStatus<Delegation>(
          await request(employee, 'PUT', `${D}/${given.id}`, { permissions: ['MY_BOOKINGS'] }),
          200,
        ).permissions,
      ).toEqual(['MY_BOOKINGS']);

      // The delegate gives it back; then it is gone for both.
      expectStatus(await request(teammate, 'DELETE', `${D}/${given.id}`), 200);
      expectErrorShape(await request(employee, 'GET', `${D}/${given.id}`), 404);
      expect(expectStatus<DelegationList>(await request(employee, 'GET', D), 200).data).toEqual([]);
    });

    it('needs USER_PROFILE: read to see delegations, update to give one (403)', async () => {
      await setRolePermission(server(), 'acme', 'Reception desk', 'USER_PROFILE', false);
      try {
        expectErrorShape(await request(reception, 'GET', D), 403);
      } finally {
        await setRolePermission(server(), 'acme', 'Reception desk', 'USER_PROFILE', true);
      }
      // Reception's USER_PROFILE is read-only.
      expectStatus(await request(reception, 'GET', D), 200);
      expectErrorShape(
        await delegate(reception, { delegate_id: teammateId, permissions: ['MY_BOOKINGS'] }),
        403,
      );
    });
  });
});
