import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../test/support/server-app';
import { expectErrorShape } from '../../../../test/support/server-factories';
import type { BookingPreset, BookingPresetList, ShowGrid } from '../../../shared/contract/bookings';
import type { Declaration } from '../../../shared/contract/declarations';
import { dayAhead, type Floor } from '../declarations/declarations.fixtures';
import { B, bookingActors, bookingsApi, slotIn, ZURICH } from './bookings.fixtures';

describeEachDatabase('bookings', (server) => {
  const api = bookingsApi(server);
  const { request, expectStatus } = api;
  let admin: string;
  let globex: string;
  let floor: Floor;

  beforeAll(async () => {
    ({ admin, globex, floor } = await bookingActors(server()));
  });

  describe('tenant isolation: a globex token never reaches acme data', () => {
    let acmePreset: BookingPreset;
    let acmeBooking: Declaration;
    let acmeDesk: number;
    const day = dayAhead(9);

    beforeAll(async () => {
      acmeDesk = await floor.resource('Isolation desk');
      acmePreset = await api.preset(admin, 'Acme only', { resources: [acmeDesk] });
      acmeBooking = await api.store(admin, {
        resource_id: acmeDesk,
        slots: [slotIn(ZURICH, day, 9)],
        subject: 'Acme',
      });
    });

    it('answers 404 for every acme preset, booking and resource id', async () => {
      const g = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
        request(globex, method, url, body, 'globex');
      const calls = [
        await g('PUT', `${B}/presets/${acmePreset.id}`, { name: 'Stolen' }),
        await g('POST', `${B}/presets/${acmePreset.id}/activate`),
        await g('POST', `${B}/presets/${acmePreset.id}/deactivate`),
        await g('DELETE', `${B}/presets/${acmePreset.id}`),
        await g('POST', `${B}/preset/${acmePreset.id}`),
        await g('GET', `${B}/${acmeBooking.id}`),
        await g('PUT', `${B}/${acmeBooking.id}`, { subject: 'Stolen' }),
        await g('DELETE', `${B}/${acmeBooking.id}`),
        await g('PUT', `${B}/resize`, {
          id: acmeBooking.id,
          resource_id: acmeDesk,
          slots: [slotIn(ZURICH, day, 9, 11)],
        }),
        await g('GET', `${B}/grid/${acmePreset.id}?date=${day}`),
        await g('POST', `${B}/grid-bookings`, { preset_id: acmePreset.id, date: day }),
        await g('POST', `${B}/resources-availability`, {
          preset: acmePreset.id,
          type: 'hours',
          slots: [slotIn(ZURICH, day, 10)],
        }),
        await g('POST', `${B}/declaration-cost`, { resource_id: acmeDesk, slots: [slotIn(ZURICH, day, 10)] }),
        await g('POST', `${B}/store`, { resource_id: acmeDesk, slots: [slotIn(ZURICH, day, 10)] }),
      ];
      for (const response of calls) {
        expectErrorShape(response, 404);
        expect(response.body).not.toContain('Acme');
      }
      const reorder = await g('POST', `${B}/presets/order`, { order: [{ id: acmePreset.id, order: 0 }] });
      expectErrorShape(reorder, 422);
      const list = expectStatus<BookingPresetList>(await g('GET', `${B}/presets`), 200);
      expect(list.data.map((preset) => preset.id)).not.toContain(acmePreset.id);
      const show = expectStatus<ShowGrid>(await g('GET', `${B}/show-grid`), 200);
      expect(show.preset_id).not.toBe(acmePreset.id);
      const untouched = expectStatus<Declaration>(await request(admin, 'GET', `${B}/${acmeBooking.id}`), 200);
      expect(untouched).toMatchObject({ subject: 'Acme', status: 'booked', ends_at: acmeBooking.ends_at });
    });

    it('refuses a globex token on the acme host', async () => {
      const response = await request(globex, 'GET', `${B}/presets`, undefined, 'acme');
      expect([401, 403]).toContain(response.statusCode);
    });
  });
});
