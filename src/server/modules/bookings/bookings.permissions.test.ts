import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../test/support/server-app';
import { ACCOUNTS, expectErrorShape } from '../../../../test/support/server-factories';
import type { GridBookings, PresetResult, ShowGrid } from '../../../shared/contract/bookings';
import type { Declaration } from '../../../shared/contract/declarations';
import { dayAhead, type Floor } from '../declarations/declarations.fixtures';
import {
  B,
  bookingActors,
  bookingsApi,
  setRolePermission,
  slotIn,
  userId,
  ZURICH,
} from './bookings.fixtures';

describeEachDatabase('bookings', (server) => {
  const api = bookingsApi(server);
  const { request, expectStatus } = api;
  let admin: string;
  let employee: string;
  let reception: string;
  let employeeId: number;
  let floor: Floor;

  beforeAll(async () => {
    ({ admin, employee, reception, employeeId, floor } = await bookingActors(server()));
  });

  describe('permissions (spec §6 BOOKINGS, MY_BOOKINGS)', () => {
    let desk: number;
    const day = dayAhead(4);

    beforeAll(async () => {
      desk = await floor.resource('Permission desk');
    });

    it('refuses a user with neither BOOKINGS nor MY_BOOKINGS (403)', async () => {
      expectErrorShape(await request(reception, 'GET', `${B}/presets`), 403);
      expectErrorShape(await request(reception, 'GET', `${B}/show-grid`), 403);
      expectErrorShape(
        await request(reception, 'POST', `${B}/store`, {
          resource_id: desk,
          slots: [slotIn(ZURICH, day, 9)],
        }),
        403,
      );
    });

    it("MY_BOOKINGS alone: the caller's own bookings only, no grid offered, no booking for others", async () => {
      const theirs = await api.store(admin, {
        resource_id: desk,
        slots: [slotIn(ZURICH, day, 8)],
        subject: 'Admin meeting',
      });
      const mine = await api.store(employee, { resource_id: desk, slots: [slotIn(ZURICH, day, 10)] });
      const preset = await api.preset(employee, 'Only mine', {
        resources: [desk],
        date_period: { type: 'custom', date_from: day, date_to: day },
      });
      await setRolePermission(server(), 'acme', 'Employee', 'BOOKINGS', false);
      try {
        const result = expectStatus<PresetResult>(
          await request(employee, 'POST', `${B}/preset/${preset.id}`),
          200,
        );
        expect(result.bookings.map((row) => row.booking_id)).toEqual([mine.id]);
        expectErrorShape(await request(employee, 'GET', `${B}/${theirs.id}`), 404);
        const show = expectStatus<ShowGrid>(await request(employee, 'GET', `${B}/show-grid`), 200);
        expect(show.show_grid).toBe(false);
        const forAdmin = expectErrorShape(
          await request(employee, 'POST', `${B}/store`, {
            resource_id: desk,
            slots: [slotIn(ZURICH, day, 12)],
            host_id: await userId(server(), ACCOUNTS.acmeAdmin),
          }),
          403,
        );
        expect(forAdmin.message).toBe('You are not allowed to book on behalf of someone else.');
        // The grid still shows the time taken, without whose it is.
        const cells = expectStatus<GridBookings>(
          await request(employee, 'POST', `${B}/grid-bookings`, { preset_id: preset.id, date: day }),
          200,
        );
        const other = cells.data.find((cell) => cell.id === theirs.id)!;
        expect(other).toMatchObject({ subject: '', host: { id: 0, name: '' }, mine: false, can_edit: false });
      } finally {
        await setRolePermission(server(), 'acme', 'Employee', 'BOOKINGS', true);
      }
    });

    it('books on behalf of someone else with BOOKINGS create (host_id)', async () => {
      const forEmployee = await api.store(admin, {
        resource_id: desk,
        slots: [slotIn(ZURICH, day, 14)],
        host_id: employeeId,
      });
      expect(forEmployee.host).toEqual({ id: employeeId, name: 'Emil Employee' });
      const created = await server()
        .db.kysely.selectFrom('declarations')
        .select(['user_id', 'created_by'])
        .where('id', '=', forEmployee.id)
        .executeTakeFirstOrThrow();
      expect(created).toEqual({
        user_id: employeeId,
        created_by: await userId(server(), ACCOUNTS.acmeAdmin),
      });
      const unknown = expectErrorShape(
        await request(admin, 'POST', `${B}/store`, {
          resource_id: desk,
          slots: [slotIn(ZURICH, day, 15)],
          host_id: 999_999,
        }),
        422,
      );
      expect(unknown.errors).toEqual({ host_id: ['The selected host is not valid.'] });
    });

    it('books for someone else while booking the same shared resource for oneself: both, no deadlock', async () => {
      // The caller's own row is checked by the other booking's foreign key (created_by): the locks
      // must not block that check.
      const rounds = await Promise.all(
        Array.from({ length: 8 }, async (_, round) => ({
          resource: await floor.resource(`Shared both ${round}`, 'shared'),
          date: dayAhead(70 + round),
        })),
      );
      const answers = await Promise.all(
        rounds.flatMap(({ resource, date }) => [
          request(admin, 'POST', `${B}/store`, {
            resource_id: resource,
            slots: [slotIn(ZURICH, date, 9)],
            host_id: employeeId,
          }),
          request(admin, 'POST', `${B}/store`, { resource_id: resource, slots: [slotIn(ZURICH, date, 10)] }),
        ]),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 201));
    });

    it("refuses to move another person's booking to a new host without BOOKINGS update (403)", async () => {
      const own = await api.store(employee, { resource_id: desk, slots: [slotIn(ZURICH, day, 16)] });
      const refused = expectErrorShape(
        await request(employee, 'PUT', `${B}/${own.id}`, {
          host_id: await userId(server(), ACCOUNTS.acmeAdmin),
        }),
        403,
      );
      expect(refused.message).toBe('You are not allowed to book on behalf of someone else.');
      const adminOwn = await api.store(admin, { resource_id: desk, slots: [slotIn(ZURICH, day, 17)] });
      expectErrorShape(await request(employee, 'PUT', `${B}/${adminOwn.id}`, { subject: 'Mine now' }), 403);
    });

    it('hands a private booking to another host without its subject: the new host never reads the old one’s', async () => {
      const secret = await api.store(employee, {
        resource_id: desk,
        slots: [slotIn(ZURICH, day, 20)],
        subject: 'Doctor appointment',
        is_private: true,
      });
      const adminId = await userId(server(), ACCOUNTS.acmeAdmin);
      const handed = expectStatus<Declaration>(
        await request(admin, 'PUT', `${B}/${secret.id}`, { host_id: adminId }),
        200,
      );
      expect(handed).toMatchObject({ host: { id: adminId }, subject: '', is_private: true });
      // Handed back, it does not carry the secret either: it is gone with the first hand-over.
      const back = expectStatus<Declaration>(
        await request(admin, 'PUT', `${B}/${secret.id}`, { host_id: employeeId }),
        200,
      );
      expect(back.subject).toBe('');
    });

    it('books for someone else within that person’s per-user limit, not the caller’s', async () => {
      // The employee holds one place that day, their limit; the admin's own limit is far higher.
      const held = dayAhead(60);
      await api.store(employee, {
        resource_id: await floor.resource('Host limit 1'),
        slots: [slotIn(ZURICH, held, 9)],
      });
      const refused = expectErrorShape(
        await request(admin, 'POST', `${B}/store`, {
          resource_id: await floor.resource('Host limit 2'),
          slots: [slotIn(ZURICH, held, 11)],
          host_id: employeeId,
        }),
        409,
      );
      expect(refused.message).toMatch(/^You can book at most 1 place a day/);
    });

    it("keeps a private booking's subject and privacy when someone other than its host saves it", async () => {
      const secret = await api.store(employee, {
        resource_id: desk,
        slots: [slotIn(ZURICH, day, 18)],
        subject: 'Interview',
        is_private: true,
      });
      // The admin's edit form shows a blank subject and sends it back with the new time.
      const moved = expectStatus<Declaration>(
        await request(admin, 'PUT', `${B}/${secret.id}`, {
          slots: [slotIn(ZURICH, day, 19)],
          subject: '',
          is_private: false,
        }),
        200,
      );
      expect(moved).toMatchObject({ subject: '', is_private: true });
      expect(moved.starts_at).toBe(slotIn(ZURICH, day, 19).datetime_from);
      const stored = await server()
        .db.kysely.selectFrom('declarations')
        .select(['subject', 'is_private', 'starts_at'])
        .where('id', '=', secret.id)
        .executeTakeFirstOrThrow();
      expect(stored).toMatchObject({ subject: 'Interview', is_private: true });
      // Its host still changes both.
      const mine = expectStatus<Declaration>(
        await request(employee, 'PUT', `${B}/${secret.id}`, { subject: 'Team interview', is_private: false }),
        200,
      );
      expect(mine).toMatchObject({ subject: 'Team interview', is_private: false });
    });
  });
});
