import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../test/support/server-app';
import { ACCOUNTS, call, expectErrorShape, signIn } from '../../../../test/support/server-factories';
import type { ServiceItem, ServiceType } from '../../../shared/contract/services';
import { givenCatering, ok, SERVICES, type Catering } from './services.fixtures';

const PNG_1X1 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

describeEachDatabase('service catalogue', (server) => {
  let admin: string;
  let employee: string;
  let globex: string;
  let catering: Catering;

  beforeAll(async () => {
    admin = await signIn(server(), ACCOUNTS.acmeAdmin);
    employee = await signIn(server(), ACCOUNTS.employee);
    globex = await signIn(server(), ACCOUNTS.globexAdmin, 'globex');
    catering = await givenCatering(server(), admin);
  });

  const itemBody = (overrides: Record<string, unknown> = {}) => ({
    service_type_id: catering.cateringTypeId,
    translations: [{ language_id: catering.english, name: 'Water', description: 'Still' }],
    price_cents: 150,
    ...overrides,
  });

  describe(`${SERVICES}/types`, () => {
    it('lists the seeded types and adds and renames one (SERVICE_ITEMS create, update)', async () => {
      const listed = await ok<{ data: ServiceType[] }>(server(), admin, 'GET', `${SERVICES}/types`);
      expect(listed.data.map((type) => type.key)).toEqual(
        expect.arrayContaining(['catering', 'equipment', 'cleaning', 'it-support']),
      );
      const added = await ok<ServiceType>(server(), admin, 'POST', `${SERVICES}/types`, { name: 'Flowers' });
      expect(added).toMatchObject({ key: 'flowers', name: 'Flowers' });
      const renamed = await ok<ServiceType>(server(), admin, 'PUT', `${SERVICES}/types/${added.id}`, {
        name: 'Flowers and plants',
      });
      expect(renamed).toMatchObject({ id: added.id, key: 'flowers', name: 'Flowers and plants' });
    });

    it('refuses a blank or taken name with the field’s message, and an employee with 403', async () => {
      const blank = await call(server(), 'POST', `${SERVICES}/types`, {
        subdomain: 'acme',
        token: admin,
        body: { name: '  ' },
      });
      expect(expectErrorShape(blank, 422).errors).toEqual({ name: ['This field is required.'] });
      const taken = await call(server(), 'POST', `${SERVICES}/types`, {
        subdomain: 'acme',
        token: admin,
        body: { name: 'catering' },
      });
      expect(expectErrorShape(taken, 422).errors).toEqual({ name: ['The name has already been taken.'] });
      const refused = await call(server(), 'POST', `${SERVICES}/types`, {
        subdomain: 'acme',
        token: employee,
        body: { name: 'Mine' },
      });
      expectErrorShape(refused, 403);
    });
  });

  describe(`${SERVICES}/items`, () => {
    it('creates an item with names, descriptions, price in the company currency, lead time and places', async () => {
      const item = await ok<ServiceItem>(
        server(),
        admin,
        'POST',
        `${SERVICES}/items`,
        itemBody({ lead_time_minutes: 90, level_ids: [catering.floor.levelId] }),
      );
      expect(item).toMatchObject({
        name: 'Water',
        description: 'Still',
        price_cents: 150,
        currency: 'CHF',
        lead_time_minutes: 90,
        is_active: true,
        level_ids: [catering.floor.levelId],
        resource_ids: [],
        image_url: null,
        service_type: { key: 'catering' },
      });
      expect(item.translations).toEqual([
        { language_id: catering.english, locale: 'en-GB', name: 'Water', description: 'Still' },
      ]);
    });

    it('lists at a resource only the active items offered there', async () => {
      const at = await ok<{ data: ServiceItem[] }>(
        server(),
        employee,
        'GET',
        `${SERVICES}/items?resource_id=${catering.room}`,
      );
      expect(at.data.map((item) => item.id)).toEqual(
        expect.arrayContaining([catering.coffee.id, catering.cake.id]),
      );
      const bare = await ok<{ data: ServiceItem[] }>(
        server(),
        employee,
        'GET',
        `${SERVICES}/items?resource_id=${catering.bareRoom}`,
      );
      expect(bare.data).toEqual([]);
      await ok(server(), admin, 'PUT', `${SERVICES}/items/${catering.cake.id}`, {
        ...itemBody({ translations: [{ language_id: catering.english, name: catering.cake.name }] }),
        resource_ids: [catering.room],
        price_cents: 2500,
        lead_time_minutes: 1440,
        is_active: false,
      });
      const without = await ok<{ data: ServiceItem[] }>(
        server(),
        employee,
        'GET',
        `${SERVICES}/items?resource_id=${catering.room}`,
      );
      expect(without.data.map((item) => item.id)).not.toContain(catering.cake.id);
      // the catalogue's managers still see it; an employee does not find it
      expect(
        (await ok<ServiceItem>(server(), admin, 'GET', `${SERVICES}/items/${catering.cake.id}`)).is_active,
      ).toBe(false);
      expectErrorShape(
        await call(server(), 'GET', `${SERVICES}/items/${catering.cake.id}`, {
          subdomain: 'acme',
          token: employee,
        }),
        404,
      );
      await ok(server(), admin, 'PUT', `${SERVICES}/items/${catering.cake.id}`, {
        ...itemBody({ translations: [{ language_id: catering.english, name: catering.cake.name }] }),
        resource_ids: [catering.room],
        price_cents: 2500,
        lead_time_minutes: 1440,
      });
    });

    it('refuses a missing name, a negative or fractional price, another company’s resource, with field errors', async () => {
      const response = await call(server(), 'POST', `${SERVICES}/items`, {
        subdomain: 'acme',
        token: admin,
        body: itemBody({
          translations: [{ language_id: catering.english, name: ' ' }],
          resource_ids: [999_999],
        }),
      });
      expect(expectErrorShape(response, 422).errors).toEqual({
        'translations.0.name': ['This field is required.'],
        'resource_ids.0': ['Resource ids is not valid.'],
      });
      for (const price of [-1, 1.5]) {
        const bad = await call(server(), 'POST', `${SERVICES}/items`, {
          subdomain: 'acme',
          token: admin,
          body: itemBody({ price_cents: price }),
        });
        expect(expectErrorShape(bad, 422).errors).toHaveProperty('price_cents');
      }
    });

    it('needs SERVICE_ITEMS create and update: an employee is refused with 403 and nothing changes', async () => {
      expectErrorShape(
        await call(server(), 'POST', `${SERVICES}/items`, {
          subdomain: 'acme',
          token: employee,
          body: itemBody(),
        }),
        403,
      );
      expectErrorShape(
        await call(server(), 'PUT', `${SERVICES}/items/${catering.coffee.id}`, {
          subdomain: 'acme',
          token: employee,
          body: itemBody(),
        }),
        403,
      );
      expect(
        (await ok<ServiceItem>(server(), admin, 'GET', `${SERVICES}/items/${catering.coffee.id}`)).name,
      ).toBe(catering.coffee.name);
    });

    it('stores a picture by the floor plans’ rules and refuses what is not an image', async () => {
      const stored = await ok<{ image_url: string }>(
        server(),
        admin,
        'PUT',
        `${SERVICES}/items/${catering.coffee.id}/image`,
        { content_base64: PNG_1X1 },
      );
      expect(stored.image_url).toBe(`${SERVICES}/items/${catering.coffee.id}/image`);
      const image = await call(server(), 'GET', stored.image_url, { subdomain: 'acme', token: employee });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/png');
      const refused = await call(server(), 'PUT', `${SERVICES}/items/${catering.coffee.id}/image`, {
        subdomain: 'acme',
        token: admin,
        body: { content_base64: Buffer.from('not an image').toString('base64') },
      });
      expect(expectErrorShape(refused, 422).errors).toHaveProperty('content_base64');
    });

    it('answers 404 to another company for an item of acme’s', async () => {
      for (const url of [
        `${SERVICES}/items/${catering.coffee.id}`,
        `${SERVICES}/items/${catering.coffee.id}/image`,
      ])
        expectErrorShape(await call(server(), 'GET', url, { subdomain: 'globex', token: globex }), 404);
      expectErrorShape(
        await call(server(), 'PUT', `${SERVICES}/items/${catering.coffee.id}`, {
          subdomain: 'globex',
          token: globex,
          body: itemBody(),
        }),
        404,
      );
    });
  });
});
