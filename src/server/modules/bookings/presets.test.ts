import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../test/support/server-app';
import { expectErrorShape } from '../../../../test/support/server-factories';
import type { BookingPreset, BookingPresetList } from '../../../shared/contract/bookings';
import { B, bookingActors, bookingsApi } from './bookings.fixtures';

describeEachDatabase('bookings', (server) => {
  const api = bookingsApi(server);
  const { request, expectStatus } = api;
  let admin: string;
  let employee: string;

  beforeAll(async () => {
    ({ admin, employee } = await bookingActors(server()));
  });

  describe('presets (spec §3 booking preset, §4 activate, deactivate, reorder)', () => {
    it('adds a preset last and active, with every filter defaulted', async () => {
      const first = await api.preset(employee, 'First');
      const second = await api.preset(employee, '  Second  ', { my_bookings: true });
      expect(second).toMatchObject({ name: 'Second', is_active: true, order: first.order + 1 });
      expect(first.preset).toEqual({
        levels: [],
        resource_types: [],
        capacity: null,
        resources: [],
        date_period: { type: 'today' },
        declaration_status: [],
        declaration_approval_status: [],
        my_bookings: false,
      });
    });

    it('needs a name: 422 "This field is required." (spec §5 presets need a name)', async () => {
      for (const name of ['', '   ']) {
        const error = expectErrorShape(await request(employee, 'POST', `${B}/presets`, { name }), 422);
        expect(error.errors).toEqual({ name: ['This field is required.'] });
      }
      const edit = await api.preset(employee, 'Named');
      const error = expectErrorShape(
        await request(employee, 'PUT', `${B}/presets/${edit.id}`, { name: '' }),
        422,
      );
      expect(error.errors).toEqual({ name: ['This field is required.'] });
    });

    it('refuses a custom period without its dates, or ending before it starts', async () => {
      const missing = expectErrorShape(
        await request(employee, 'POST', `${B}/presets`, {
          name: 'P',
          preset: { date_period: { type: 'custom' } },
        }),
        422,
      );
      expect(missing.errors).toMatchObject({
        'preset.date_period.date_from': ['This field is required.'],
        'preset.date_period.date_to': ['This field is required.'],
      });
      const backwards = expectErrorShape(
        await request(employee, 'POST', `${B}/presets`, {
          name: 'P',
          preset: { date_period: { type: 'custom', date_from: '2026-12-10', date_to: '2026-12-01' } },
        }),
        422,
      );
      expect(backwards.errors?.['preset.date_period.date_to']).toBeDefined();
    });

    it('edits, deactivates, activates and deletes a preset', async () => {
      const preset = await api.preset(employee, 'Edit me');
      const edited = expectStatus<BookingPreset>(
        await request(employee, 'PUT', `${B}/presets/${preset.id}`, {
          name: 'Edited',
          preset: { capacity: 4, my_bookings: true },
        }),
        200,
      );
      expect(edited).toMatchObject({ name: 'Edited', preset: { capacity: 4, my_bookings: true } });
      const off = expectStatus<BookingPreset>(
        await request(employee, 'POST', `${B}/presets/${preset.id}/deactivate`),
        200,
      );
      expect(off.is_active).toBe(false);
      const on = expectStatus<BookingPreset>(
        await request(employee, 'POST', `${B}/presets/${preset.id}/activate`),
        200,
      );
      expect(on.is_active).toBe(true);
      expectStatus(await request(employee, 'DELETE', `${B}/presets/${preset.id}`), 200);
      expectErrorShape(await request(employee, 'DELETE', `${B}/presets/${preset.id}`), 404);
    });

    it('reorders the presets, all or nothing', async () => {
      const a = await api.preset(admin, 'Order A');
      const b = await api.preset(admin, 'Order B');
      const list = expectStatus<BookingPresetList>(
        await request(admin, 'POST', `${B}/presets/order`, {
          order: [
            { id: a.id, order: 1 },
            { id: b.id, order: 0 },
          ],
        }),
        200,
      );
      const names = list.data.map((preset) => preset.name);
      expect(names.indexOf('Order B')).toBeLessThan(names.indexOf('Order A'));
      const foreign = await api.preset(employee, 'Not admin');
      const refused = expectErrorShape(
        await request(admin, 'POST', `${B}/presets/order`, {
          order: [
            { id: a.id, order: 5 },
            { id: foreign.id, order: 6 },
          ],
        }),
        422,
      );
      expect(refused.errors).toEqual({ 'order.1.id': ['Preset not found.'] });
      const after = expectStatus<BookingPresetList>(await request(admin, 'GET', `${B}/presets`), 200);
      expect(after.data.find((preset) => preset.id === a.id)!.order).toBe(1);
    });

    it('adds and reorders at once without clashing: distinct orders, no deadlock (the owner’s lock)', async () => {
      const added = await Promise.all(
        ['Rush 1', 'Rush 2', 'Rush 3', 'Rush 4'].map((name) => api.preset(admin, name)),
      );
      expect(new Set(added.map((preset) => preset.order)).size).toBe(4);
      const [a, b] = added;
      const swaps = await Promise.all(
        Array.from({ length: 6 }, (_, round) =>
          request(admin, 'POST', `${B}/presets/order`, {
            order:
              round % 2 === 0
                ? [
                    { id: a!.id, order: 0 },
                    { id: b!.id, order: 1 },
                  ]
                : [
                    { id: b!.id, order: 0 },
                    { id: a!.id, order: 1 },
                  ],
          }),
        ),
      );
      expect(swaps.map((answer) => answer.statusCode)).toEqual(swaps.map(() => 200));
    });

    it("keeps a user's presets their own: another user's is not found", async () => {
      const mine = await api.preset(employee, 'Private preset');
      expectErrorShape(await request(admin, 'PUT', `${B}/presets/${mine.id}`, { name: 'Taken' }), 404);
      expectErrorShape(await request(admin, 'POST', `${B}/preset/${mine.id}`), 404);
      const list = expectStatus<BookingPresetList>(await request(admin, 'GET', `${B}/presets`), 200);
      expect(list.data.map((preset) => preset.id)).not.toContain(mine.id);
    });
  });
});
