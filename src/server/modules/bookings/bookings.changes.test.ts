import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../test/support/server-app';
import { expectErrorShape } from '../../../../test/support/server-factories';
import type { Declaration } from '../../../shared/contract/declarations';
import { dayAhead, type Floor } from '../declarations/declarations.fixtures';
import { B, bookingActors, bookingsApi, quarters, slotIn, ZURICH } from './bookings.fixtures';

describeEachDatabase('bookings', (server) => {
  const api = bookingsApi(server);
  const { request, expectStatus } = api;
  let admin: string;
  let employee: string;
  let employeeId: number;
  let floor: Floor;

  beforeAll(async () => {
    ({ admin, employee, employeeId, floor } = await bookingActors(server()));
  });

  describe('store, edit, resize and delete (spec §7, §3 resize payload)', () => {
    // The employee may hold one personal place a day (PLAN value 1): their bookings here are all
    // on one desk; the admin's (no practical limit) move between desks.
    let desk: number;
    let neighbour: number;
    const day = dayAhead(6);

    beforeAll(async () => {
      desk = await floor.resource('Resize desk');
      neighbour = await floor.resource('Resize neighbour');
    });

    it("marks a booking made from the grid with the source 'grid'", async () => {
      const fromGrid = await api.store(employee, {
        resource_id: desk,
        slots: quarters(ZURICH, day, 7, 8),
        is_grid: true,
      });
      expect(fromGrid).toMatchObject({ source: 'grid', starts_at: slotIn(ZURICH, day, 7).datetime_from });
      const fromList = await api.store(admin, { resource_id: neighbour, slots: [slotIn(ZURICH, day, 7)] });
      expect(fromList.source).toBe('plan');
    });

    it('resizes validly: the booking keeps its id and start and takes the new end', async () => {
      const booking = await api.store(employee, {
        resource_id: desk,
        slots: quarters(ZURICH, day, 9, 10),
        is_grid: true,
      });
      const resized = expectStatus<Declaration>(
        await request(employee, 'PUT', `${B}/resize`, {
          id: booking.id,
          resource_id: desk,
          slots: quarters(ZURICH, day, 9, 10.75),
          is_grid: true,
        }),
        200,
      );
      expect(resized).toMatchObject({
        id: booking.id,
        starts_at: slotIn(ZURICH, day, 9).datetime_from,
        ends_at: slotIn(ZURICH, day, 10.75).datetime_from,
      });
    });

    it('refuses a resize into another booking with 409 naming resource and slot, and changes nothing', async () => {
      const blocker = await api.store(admin, { resource_id: desk, slots: [slotIn(ZURICH, day, 12)] });
      const booking = await api.store(employee, { resource_id: desk, slots: [slotIn(ZURICH, day, 11)] });
      const refused = expectErrorShape(
        await request(employee, 'PUT', `${B}/resize`, {
          id: booking.id,
          resource_id: desk,
          slots: [slotIn(ZURICH, day, 11, 12.5)],
          is_grid: true,
        }),
        409,
      );
      expect(refused.message).toBe('Resize desk is already booked from 12:00 to 13:00.');
      const after = expectStatus<Declaration>(await request(employee, 'GET', `${B}/${booking.id}`), 200);
      expect(after).toMatchObject({ starts_at: booking.starts_at, ends_at: booking.ends_at });
      expect(blocker.id).toBeGreaterThan(0);
    });

    it('refuses a move that would give the host a second place that day (per-user limit)', async () => {
      const booking = await api.store(employee, { resource_id: desk, slots: [slotIn(ZURICH, day, 21)] });
      const refused = expectErrorShape(
        await request(employee, 'PUT', `${B}/${booking.id}`, { resource_id: neighbour }),
        409,
      );
      expect(refused.message).toMatch(/^You can book at most 1 place a day/);
      const after = expectStatus<Declaration>(await request(employee, 'GET', `${B}/${booking.id}`), 200);
      expect(after.resource.id).toBe(desk);
    });

    it('of two moves into one day sent at once, the per-user limit lets one through (the host’s lock)', async () => {
      // Several pairs at once, each on its own days: a race shows in some of them without the lock.
      const pairs = await Promise.all(
        Array.from({ length: 6 }, async (_, pair) => {
          const [dayA, dayB, dayC] = [
            dayAhead(40 + 3 * pair),
            dayAhead(41 + 3 * pair),
            dayAhead(42 + 3 * pair),
          ];
          const a = await api.store(employee, {
            resource_id: await floor.resource(`Limit race ${pair}a`),
            slots: [slotIn(ZURICH, dayA, 9)],
          });
          const b = await api.store(employee, {
            resource_id: await floor.resource(`Limit race ${pair}b`),
            slots: [slotIn(ZURICH, dayB, 9)],
          });
          return { a, b, dayC };
        }),
      );
      const answers = await Promise.all(
        pairs.flatMap(({ a, b, dayC }) => [
          request(employee, 'PUT', `${B}/${a.id}`, { slots: [slotIn(ZURICH, dayC, 9)] }),
          request(employee, 'PUT', `${B}/${b.id}`, { slots: [slotIn(ZURICH, dayC, 11)] }),
        ]),
      );
      for (let pair = 0; pair < pairs.length; pair += 1)
        expect([answers[2 * pair]!.statusCode, answers[2 * pair + 1]!.statusCode].sort()).toEqual([200, 409]);
      for (const { dayC } of pairs) {
        const { rows } = await sql<{ count: string | number }>`
          select count(distinct resource_id) as count from declarations
          where user_id = ${employeeId} and status = 'booked'
            and starts_at >= ${new Date(slotIn(ZURICH, dayC, 0).datetime_from)}
            and starts_at < ${new Date(slotIn(ZURICH, dayC, 23).datetime_to)}`.execute(server().db.kysely);
        expect(Number(rows[0]!.count)).toBe(1);
      }
    });

    it('moves a booking to another resource, refusing one that is taken', async () => {
      const taken = await api.store(admin, { resource_id: neighbour, slots: [slotIn(ZURICH, day, 14)] });
      const booking = await api.store(admin, { resource_id: desk, slots: [slotIn(ZURICH, day, 14)] });
      const refused = expectErrorShape(
        await request(admin, 'PUT', `${B}/${booking.id}`, { resource_id: neighbour }),
        409,
      );
      expect(refused.message).toBe('Resize neighbour is already booked from 14:00 to 15:00.');
      const moved = expectStatus<Declaration>(
        await request(admin, 'PUT', `${B}/${booking.id}`, {
          resource_id: neighbour,
          slots: [slotIn(ZURICH, day, 15)],
          subject: 'Moved',
        }),
        200,
      );
      expect(moved).toMatchObject({
        resource: { id: neighbour },
        subject: 'Moved',
        starts_at: slotIn(ZURICH, day, 15).datetime_from,
      });
      expect(taken.id).toBeGreaterThan(0);
    });

    it('asks for approval anew when a booking moves onto an on-request resource or to a new time on one', async () => {
      const onRequest = await floor.resource('Resize request room', 'on_request');
      const approvedDesk = await api.store(admin, { resource_id: desk, slots: [slotIn(ZURICH, day, 20)] });
      expect(approvedDesk.approval_status).toBe('approved');
      const onto = expectStatus<Declaration>(
        await request(admin, 'PUT', `${B}/${approvedDesk.id}`, { resource_id: onRequest }),
        200,
      );
      expect(onto.approval_status).toBe('pending');
      // An approver approves it; a new time on that resource is a new request again.
      await server()
        .db.kysely.updateTable('declarations')
        .set({ approval_status: 'approved' })
        .where('id', '=', approvedDesk.id)
        .execute();
      const later = expectStatus<Declaration>(
        await request(admin, 'PUT', `${B}/${approvedDesk.id}`, { slots: [slotIn(ZURICH, day, 21)] }),
        200,
      );
      expect(later.approval_status).toBe('pending');
      // Back on a bookable resource, it no longer waits for anyone.
      const back = expectStatus<Declaration>(
        await request(admin, 'PUT', `${B}/${approvedDesk.id}`, { resource_id: neighbour }),
        200,
      );
      expect(back.approval_status).toBe('approved');
    });

    it('refuses slots apart, over two days, off the quarter hours or in the past (422)', async () => {
      const booking = await api.store(employee, { resource_id: desk, slots: [slotIn(ZURICH, day, 17)] });
      const resize = (slots: unknown) =>
        request(employee, 'PUT', `${B}/resize`, { id: booking.id, resource_id: desk, slots });
      const apart = expectErrorShape(await resize([slotIn(ZURICH, day, 17), slotIn(ZURICH, day, 19)]), 422);
      expect(apart.errors).toEqual({ slots: ['The slots must follow each other.'] });
      const twoDays = expectErrorShape(await resize([slotIn(ZURICH, day, 17, 25)]), 422);
      expect(twoDays.errors).toEqual({ slots: ['A booking starts and ends on the same day.'] });
      const offStep = expectErrorShape(await resize([slotIn(ZURICH, day, 17, 18.1)]), 422);
      expect(offStep.errors?.slots?.[0]).toMatch(/^Resize desk cannot be booked from 17:00 to 18:06\.$/);
      const past = expectErrorShape(await resize([slotIn(ZURICH, dayAhead(-1), 9)]), 422);
      expect(past.errors).toEqual({ slots: ['This slot is in the past.'] });
      const backwards = expectErrorShape(
        await resize([
          {
            datetime_from: slotIn(ZURICH, day, 18).datetime_from,
            datetime_to: slotIn(ZURICH, day, 17).datetime_from,
          },
        ]),
        422,
      );
      expect(backwards.errors).toEqual({ 'slots.0.datetime_to': ['This slot cannot be booked.'] });
    });

    it('deletes (cancels) a booking; a cancelled one can no longer be resized (409)', async () => {
      const booking = await api.store(employee, { resource_id: desk, slots: [slotIn(ZURICH, day, 20)] });
      const cancelled = expectStatus<Declaration>(
        await request(employee, 'DELETE', `${B}/${booking.id}`),
        200,
      );
      expect(cancelled.status).toBe('cancelled');
      expectErrorShape(
        await request(employee, 'PUT', `${B}/resize`, {
          id: booking.id,
          resource_id: desk,
          slots: [slotIn(ZURICH, day, 20, 21)],
        }),
        409,
      );
    });
  });
});
