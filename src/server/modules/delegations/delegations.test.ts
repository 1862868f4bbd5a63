import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../test/support/server-app';
import { ACCOUNTS, expectErrorShape, signIn } from '../../../../test/support/server-factories';
import type { GridBookings, PresetResult } from '../../../shared/contract/bookings';
import type { Declaration } from '../../../shared/contract/declarations';
import {
  DELEGATION_MESSAGES,
  delegationsPath,
  type AvailablePermissionList,
  type DelegateUserPage,
  type Delegation,
  type DelegationList,
} from '../../../shared/contract/delegations';
import { B, bookingsApi, setRolePermission, slotIn, userId } from '../bookings/bookings.fixtures';
import { dayAhead, DECLARATIONS, givenFloor } from '../declarations/declarations.fixtures';

const D = delegationsPath;
const ZURICH = 'Europe/Zurich';

/**
 * spec §2 /profile my-delegates and delegated-by, §5 delegations, issue 7 item 4: booking on
 * behalf of someone else where "a delegation allows it". The teammate holds MY_BOOKINGS and no
 * BOOKINGS: without a delegation they see and book only their own.
 */
describeEachDatabase('delegations', (server) => {
  const api = bookingsApi(server);
  const { request, expectStatus } = api;
  let employee: string;
  let teammate: string;
  let admin: string;
  let reception: string;
  let globex: string;
  let employeeId: number;
  let teammateId: number;
  let desk: number;
  let deskTwo: number;

  const delegationCount = async () =>
    Number(
      (await sql<{ n: string }>`select count(*) as n from delegations`.execute(server().db.kysely)).rows[0]!
        .n,
    );
  const delegate = (token: string, body: unknown) => request(token, 'POST', D, body);

  beforeAll(async () => {
    employee = await signIn(server(), ACCOUNTS.employee);
    teammate = await signIn(server(), ACCOUNTS.teammate);
    admin = await signIn(server(), ACCOUNTS.acmeAdmin);
    reception = await signIn(server(), ACCOUNTS.reception);
    globex = await signIn(server(), ACCOUNTS.globexAdmin, 'globex');
    employeeId = await userId(server(), ACCOUNTS.employee);
    teammateId = await userId(server(), ACCOUNTS.teammate);
    const floor = await givenFloor(server());
    desk = await floor.resource('Delegation desk');
    deskTwo = await floor.resource('Delegation desk two');
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

  describe('acting for the delegator (issue 7 item 4: "or a delegation allows it")', () => {
    const day = dayAhead(5);
    const otherDay = dayAhead(6);

    it('without a delegation the teammate books only for themselves (403) and never sees the employee’s bookings', async () => {
      const theirs = await api.store(employee, {
        resource_id: desk,
        slots: [slotIn(ZURICH, dayAhead(7), 9)],
      });
      const refused = expectErrorShape(
        await request(teammate, 'POST', `${B}/store`, {
          resource_id: desk,
          slots: [slotIn(ZURICH, day, 9)],
          host_id: employeeId,
        }),
        403,
      );
      expect(refused.message).toBe('You are not allowed to book on behalf of someone else.');
      expectErrorShape(await request(teammate, 'GET', `${B}/${theirs.id}`), 404);
      expectErrorShape(await request(teammate, 'DELETE', `${B}/${theirs.id}`), 404);
      const preset = await api.preset(teammate, 'Availability for Emil', { resources: [desk] });
      const ask = { preset: preset.id, type: 'hours', slots: [slotIn(ZURICH, day, 13)], host_id: employeeId };
      expectErrorShape(await request(teammate, 'POST', `${B}/resources-availability`, ask), 403);
      const given = expectStatus<Delegation>(
        await delegate(employee, { delegate_id: teammateId, permissions: ['MY_BOOKINGS'] }),
        201,
      );
      // With the delegation, the select-slots screen may ask what is free for Emil.
      const free = expectStatus<{ data: Array<{ id: number; available: boolean }> }>(
        await request(teammate, 'POST', `${B}/resources-availability`, ask),
        200,
      );
      expect(free.data).toEqual([expect.objectContaining({ id: desk, available: true })]);
      expectStatus(await request(employee, 'DELETE', `${D}/${given.id}`), 200);
    });

    it('with MY_BOOKINGS delegated, books for the delegator, sees, moves and cancels their bookings', async () => {
      const given = expectStatus<Delegation>(
        await delegate(employee, { delegate_id: teammateId, permissions: ['MY_BOOKINGS'] }),
        201,
      );
      const forEmployee = await api.store(teammate, {
        resource_id: desk,
        slots: [slotIn(ZURICH, day, 9)],
        subject: 'Board review',
        host_id: employeeId,
      });
      expect(forEmployee).toMatchObject({
        host: { id: employeeId },
        subject: 'Board review',
        can_cancel: true,
      });
      const own = await api.store(employee, {
        resource_id: deskTwo,
        slots: [slotIn(ZURICH, otherDay, 10)],
        subject: 'Dentist',
        is_private: true,
      });

      const preset = await api.preset(teammate, 'Emil and me', {
        resources: [desk, deskTwo],
        date_period: { type: 'custom', date_from: day, date_to: otherDay },
      });
      const listed = expectStatus<PresetResult>(
        await request(teammate, 'POST', `${B}/preset/${preset.id}`),
        200,
      );
      expect(listed.bookings.map((row) => [row.booking_id, row.subject, row.can_edit])).toEqual([
        [forEmployee.id, 'Board review', true],
        // A private booking's subject stays its host's alone, delegate or not.
        [own.id, '', true],
      ]);
      const cells = expectStatus<GridBookings>(
        await request(teammate, 'POST', `${B}/grid-bookings`, { preset_id: preset.id, date: day }),
        200,
      );
      expect(cells.data.find((cell) => cell.id === forEmployee.id)).toMatchObject({
        subject: 'Board review',
        host: { id: employeeId, name: 'Emil Employee' },
        mine: false,
        can_edit: true,
      });

      expect(
        expectStatus<Declaration>(await request(teammate, 'GET', `${B}/${forEmployee.id}`), 200).can_cancel,
      ).toBe(true);
      const moved = expectStatus<Declaration>(
        await request(teammate, 'PUT', `${B}/${forEmployee.id}`, { slots: [slotIn(ZURICH, day, 11)] }),
        200,
      );
      expect(moved).toMatchObject({ host: { id: employeeId }, subject: 'Board review' });
      expect(new Date(moved.starts_at).getTime()).toBe(
        new Date(slotIn(ZURICH, day, 11).datetime_from).getTime(),
      );
      // The private subject is not the delegate's to overwrite: the time changes, the subject stays.
      const privateMoved = expectStatus<Declaration>(
        await request(teammate, 'PUT', `${B}/${own.id}`, {
          slots: [slotIn(ZURICH, otherDay, 12)],
          subject: '',
        }),
        200,
      );
      expect(privateMoved.is_private).toBe(true);
      const stored = await server()
        .db.kysely.selectFrom('declarations')
        .select('subject')
        .where('id', '=', own.id)
        .executeTakeFirstOrThrow();
      expect(stored.subject).toBe('Dentist');
      const cancelled = expectStatus<Declaration>(await request(teammate, 'DELETE', `${B}/${own.id}`), 200);
      expect(cancelled.status).toBe('cancelled');

      // The delegator is not the delegate's delegate: the employee's own rights are unchanged.
      const teammatesOwn = await api.store(teammate, {
        resource_id: deskTwo,
        slots: [slotIn(ZURICH, day, 15)],
      });
      expect(teammatesOwn.host.id).toBe(teammateId);
      expectStatus(await request(teammate, 'DELETE', `${D}/${given.id}`), 200);
      expectErrorShape(await request(teammate, 'GET', `${B}/${forEmployee.id}`), 404);
      expectErrorShape(
        await request(teammate, 'POST', `${B}/store`, {
          resource_id: desk,
          slots: [slotIn(ZURICH, dayAhead(8), 9)],
          host_id: employeeId,
        }),
        403,
      );
    });

    it('lapses while the delegator no longer holds the permission themselves', async () => {
      const given = expectStatus<Delegation>(
        await delegate(employee, { delegate_id: teammateId, permissions: ['MY_BOOKINGS'] }),
        201,
      );
      const booking = await api.store(teammate, {
        resource_id: desk,
        slots: [slotIn(ZURICH, dayAhead(9), 9)],
        host_id: employeeId,
      });
      await setRolePermission(server(), 'acme', 'Employee', 'MY_BOOKINGS', false);
      try {
        expectErrorShape(
          await request(teammate, 'POST', `${B}/store`, {
            resource_id: desk,
            slots: [slotIn(ZURICH, dayAhead(10), 9)],
            host_id: employeeId,
          }),
          403,
        );
        expectErrorShape(await request(teammate, 'DELETE', `${B}/${booking.id}`), 404);
        // Both sides see it waiting (the booking form then offers nobody).
        for (const [token, direction] of [
          [teammate, 'received'],
          [employee, 'given'],
        ] as const) {
          const [listed] = expectStatus<DelegationList>(
            await request(token, 'GET', `${D}?direction=${direction}`),
            200,
          ).data;
          expect(listed).toMatchObject({ id: given.id, permissions: ['MY_BOOKINGS'], in_force: [] });
        }
      } finally {
        await setRolePermission(server(), 'acme', 'Employee', 'MY_BOOKINGS', true);
      }
      const received = expectStatus<DelegationList>(
        await request(teammate, 'GET', `${D}?direction=received`),
        200,
      );
      expect(received.data[0]!.in_force).toEqual(['MY_BOOKINGS']);

      // The delegate's own booking rights taken away take the delegated ones with them, on every path.
      await setRolePermission(server(), 'acme', 'Team member', 'MY_BOOKINGS', false);
      try {
        for (const path of [`${B}/${booking.id}`, `${DECLARATIONS}/${booking.id}`]) {
          expect((await request(teammate, 'GET', path)).statusCode, path).toBeGreaterThanOrEqual(403);
          expect((await request(teammate, 'DELETE', path)).statusCode, path).toBeGreaterThanOrEqual(403);
        }
        const stored = await server()
          .db.kysely.selectFrom('declarations')
          .select('status')
          .where('id', '=', booking.id)
          .executeTakeFirstOrThrow();
        expect(stored.status).toBe('booked');
      } finally {
        await setRolePermission(server(), 'acme', 'Team member', 'MY_BOOKINGS', true);
      }
      expectStatus(await request(teammate, 'DELETE', `${B}/${booking.id}`), 200);
      expectStatus(await request(employee, 'DELETE', `${D}/${given.id}`), 200);
    });

    it('answers a change racing the delegation’s end with the delegation or 404, never an empty 200', async () => {
      for (let round = 0; round < 12; round++) {
        const given = expectStatus<Delegation>(
          await delegate(employee, { delegate_id: teammateId, permissions: ['MY_BOOKINGS'] }),
          201,
        );
        const [changed, ended] = await Promise.all([
          request(employee, 'PUT', `${D}/${given.id}`, { permissions: ['MY_BOOKINGS'] }),
          request(teammate, 'DELETE', `${D}/${given.id}`),
        ]);
        expect(ended.statusCode).toBe(200);
        if (changed.statusCode === 200) expect(changed.json<Delegation>().id, changed.body).toBe(given.id);
        else expect(expectErrorShape(changed, 404).message).toBe(DELEGATION_MESSAGES.notFound);
      }
    });
  });
});
