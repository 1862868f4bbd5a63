import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../test/support/server-app';
import { expectErrorShape } from '../../../../test/support/server-factories';
import type { GridBookings, PresetResult } from '../../../shared/contract/bookings';
import type { Declaration } from '../../../shared/contract/declarations';
import {
  DELEGATION_MESSAGES,
  delegationsPath,
  type Delegation,
  type DelegationList,
} from '../../../shared/contract/delegations';
import { B, bookingsApi, setRolePermission, slotIn } from '../bookings/bookings.fixtures';
import { dayAhead, DECLARATIONS } from '../declarations/declarations.fixtures';
import { delegationActors } from './delegations.fixtures';

const D = delegationsPath;
const ZURICH = 'Europe/Zurich';

/**
 * spec §2 /profile my-delegates and delegated-by, §5 delegations, issue 7 item 4: booking on
 * behalf of someone else where "a delegation allows it". The teammate holds MY_BOOKINGS and no
 * BOOKINGS: without a delegation they see and book only their own.
 */
describeEachDatabase('delegations', (server) => {
  let employee: string;
  let teammate: string;
  let employeeId: number;
  let teammateId: number;
  let desk: number;
  let deskTwo: number;
  const api = bookingsApi(server);
  const { request, expectStatus } = api;
  const delegate = (token: string, body: unknown) => request(token, 'POST', D, body);

  beforeAll(async () => {
    ({ employee, teammate, employeeId, teammateId, desk, deskTwo } = await delegationActors(server()));
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
