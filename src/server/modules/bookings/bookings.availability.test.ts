import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../test/support/server-app';
import { expectErrorShape } from '../../../../test/support/server-factories';
import type { BookingPreset, ResourcesAvailability } from '../../../shared/contract/bookings';
import { dayAhead, givenFloor } from '../declarations/declarations.fixtures';
import { B, bookingActors, bookingsApi, slotIn, ZURICH } from './bookings.fixtures';

describeEachDatabase('bookings', (server) => {
  const api = bookingsApi(server);
  const { request, expectStatus } = api;
  let admin: string;
  let employee: string;

  beforeAll(async () => {
    ({ admin, employee } = await bookingActors(server()));
  });

  describe('resources-availability and declaration cost', () => {
    let free: number;
    let busy: number;
    let priced: number;
    let preset: BookingPreset;
    let adminsBooking: number;
    const day = dayAhead(7);

    beforeAll(async () => {
      const level = await givenFloor(server());
      free = await level.resource('Availability free');
      busy = await level.resource('Availability busy');
      priced = await level.resource('Availability priced', 'priced');
      adminsBooking = (await api.store(admin, { resource_id: busy, slots: [slotIn(ZURICH, day, 9)] })).id;
      preset = await api.preset(employee, 'Availability', { levels: [level.levelId] });
    });

    it('names which resources of the preset are free for the slots, and why not', async () => {
      const result = expectStatus<ResourcesAvailability>(
        await request(employee, 'POST', `${B}/resources-availability`, {
          preset: preset.id,
          type: 'hours',
          slots: [slotIn(ZURICH, day, 9)],
        }),
        200,
      );
      const byId = new Map(result.data.map((entry) => [entry.id, entry]));
      expect(byId.get(free)).toMatchObject({ available: true, reason: null });
      expect(byId.get(busy)).toMatchObject({
        available: false,
        reason: 'Availability busy is already booked from 09:00 to 10:00.',
      });
      const notASlot = expectStatus<ResourcesAvailability>(
        await request(employee, 'POST', `${B}/resources-availability`, {
          preset: preset.id,
          type: 'hours',
          slots: [slotIn(ZURICH, day, 9.5, 10.5)],
        }),
        200,
      );
      expect(notASlot.data.every((entry) => !entry.available)).toBe(true);
    });

    it('does not count the booking being edited against itself (declaration_id)', async () => {
      const booking = await api.store(employee, { resource_id: free, slots: [slotIn(ZURICH, day, 11)] });
      const body = { preset: preset.id, type: 'hours', slots: [slotIn(ZURICH, day, 11)] };
      const without = expectStatus<ResourcesAvailability>(
        await request(employee, 'POST', `${B}/resources-availability`, body),
        200,
      );
      expect(without.data.find((entry) => entry.id === free)!.available).toBe(false);
      const editing = expectStatus<ResourcesAvailability>(
        await request(employee, 'POST', `${B}/resources-availability`, {
          ...body,
          declaration_id: booking.id,
        }),
        200,
      );
      expect(editing.data.find((entry) => entry.id === free)!.available).toBe(true);
      // Only a booking the caller may change is set aside: someone else's still takes its slot.
      const others = expectStatus<ResourcesAvailability>(
        await request(employee, 'POST', `${B}/resources-availability`, {
          preset: preset.id,
          type: 'hours',
          slots: [slotIn(ZURICH, day, 9)],
          declaration_id: adminsBooking,
        }),
        200,
      );
      expect(others.data.find((entry) => entry.id === busy)!.available).toBe(false);
    });

    it('prices the slots by the resource price per hour (null when free)', async () => {
      const cost = expectStatus<{ cost: unknown }>(
        await request(employee, 'POST', `${B}/declaration-cost`, {
          resource_id: priced,
          slots: [slotIn(ZURICH, day, 9), slotIn(ZURICH, day, 10, 10.5)],
        }),
        200,
      );
      expect(cost.cost).toEqual({ cents: 1800, currency: 'CHF' });
      const none = expectStatus<{ cost: unknown }>(
        await request(employee, 'POST', `${B}/declaration-cost`, {
          resource_id: free,
          slots: [slotIn(ZURICH, day, 9)],
        }),
        200,
      );
      expect(none.cost).toBeNull();
    });

    it('refuses to price a slot longer than a day: 422, not an answer too large to send', async () => {
      const error = expectErrorShape(
        await request(employee, 'POST', `${B}/declaration-cost`, {
          resource_id: priced,
          slots: [{ datetime_from: '2030-01-01T00:00:00Z', datetime_to: '2300-01-01T00:00:00Z' }],
        }),
        422,
      );
      expect(error.errors).toEqual({ 'slots.0': ['A booking starts and ends on the same day.'] });
    });

    it('refuses a booking costing more than a booking records with a field error, writing nothing', async () => {
      const level = await givenFloor(server());
      const luxury = await level.resource('Availability luxury', 'priced');
      // the highest price per hour a resource may have (1,000,000.00)
      await server()
        .db.kysely.updateTable('resource_functions')
        .set({ price_cents: 100_000_000 })
        .where('resource_id', '=', luxury)
        .execute();
      const wholeDay = Array.from({ length: 24 }, (_, hour) => slotIn(ZURICH, day, hour));
      const refused = expectErrorShape(
        await request(admin, 'POST', `${B}/store`, { resource_id: luxury, slots: wholeDay }),
        422,
      );
      expect(refused.errors).toEqual({
        slots: ['This booking would cost more than a booking can record: book a shorter time.'],
      });
      const { rows } = await sql<{ count: number }>`
        select count(*)::int as count from declarations where resource_id = ${luxury}`.execute(
        server().db.kysely,
      );
      expect(rows[0]!.count).toBe(0);
      // an hour of it books
      await api.store(admin, { resource_id: luxury, slots: [slotIn(ZURICH, day, 9)] });
    });
  });
});
