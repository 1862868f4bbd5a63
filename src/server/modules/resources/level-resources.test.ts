import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../test/support/server-app';
import { call, expectErrorShape } from '../../../../test/support/server-factories';
import { api, LEVELS, setUp, type Fixture, type ResourceAnswer } from './resources.fixtures';

describeEachDatabase('level resources', (server) => {
  let fx: Fixture;
  const { acme, level, resource, names } = api(server, () => fx);
  const tree = { site: 0, building: 0, floor1: 0, zone: 0, floor2: 0 };

  const all = async (levelId: number, query = '', token?: string) => {
    const response = await acme('GET', `${LEVELS}/${levelId}/resources/all${query}`, undefined, token);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: ResourceAnswer[] }>().data;
  };
  const namesOf = async (levelId: number, query = '') => (await all(levelId, query)).map((r) => r.name);

  beforeAll(async () => {
    fx = await setUp(server());
    tree.site = await level(null, 'site', 'Lab site');
    tree.building = await level(tree.site, 'building', 'Lab building');
    tree.floor1 = await level(tree.building, 'floor', 'Floor L1', { map_id: fx.mapId });
    tree.zone = await level(tree.floor1, 'zone', 'Quiet zone');
    tree.floor2 = await level(tree.building, 'floor', 'Floor L2');
    const { monitor, 'standing-desk': standing, 'video-conferencing': video } = fx.attributes;
    await resource(tree.floor1, 'Desk 2', {
      resource_attribute_ids: [monitor],
      resource_model: 'on_request',
    });
    await resource(tree.floor1, 'Desk 1', { resource_attribute_ids: [monitor, standing] });
    await resource(tree.floor1, names('Room Zürich', 'Salle Genève'), {
      resource_type_id: fx.types.room,
      capacity: 8,
      max_capacity: 12,
      resource_attribute_ids: [video],
    });
    await resource(tree.zone, 'Desk 10', { resource_attribute_ids: [standing] });
    await resource(tree.floor2, 'Parking P1', {
      resource_type_id: fx.types.parking,
      resource_model: 'assigned',
    });
  });

  describe(`GET ${LEVELS}/{id}/resources/all (spec §7)`, () => {
    it('answers every resource on the level and all levels below it, by level path then name', async () => {
      const found = await all(tree.building);
      expect(found.map((r) => [r.level.path, r.name])).toEqual([
        ['Lab site / Lab building / Floor L1', 'Desk 1'],
        ['Lab site / Lab building / Floor L1', 'Desk 2'],
        ['Lab site / Lab building / Floor L1', 'Room Zürich'],
        ['Lab site / Lab building / Floor L1 / Quiet zone', 'Desk 10'],
        ['Lab site / Lab building / Floor L2', 'Parking P1'],
      ]);
      expect(await namesOf(tree.floor1)).toEqual(['Desk 1', 'Desk 2', 'Room Zürich', 'Desk 10']);
      expect(await namesOf(tree.zone)).toEqual(['Desk 10']);
    });

    it('answers each resource whole: type, attributes, capacity and the floor plan it is drawn on', async () => {
      const [desk1] = await all(tree.floor1, '?query=desk 1');
      expect(desk1).toMatchObject({
        name: 'Desk 1',
        resource_type: { id: fx.types.desk, key: 'desk', name: 'Desk' },
        resource_model: 'bookable',
        capacity: 1,
        max_capacity: 1,
        current_capacity: 1,
        map_level_id: tree.floor1,
        map_id: fx.mapId,
        map_x: null,
        is_favorite: false,
        has_image: false,
        image_url: null,
      });
      expect(desk1!.resource_attributes.map((a) => a.name).sort()).toEqual(['Monitor', 'Standing desk']);
      // The zone has no plan of its own: its resources are drawn on the floor's.
      const [desk10] = await all(tree.zone);
      expect(desk10).toMatchObject({ map_level_id: tree.floor1, map_id: fx.mapId });
      const [parking] = await all(tree.floor2);
      expect(parking).toMatchObject({ map_level_id: null, map_id: null });
    });

    it('resource_type keeps the resources of any of the types listed', async () => {
      expect(await namesOf(tree.building, `?resource_type=${fx.types.desk}`)).toEqual([
        'Desk 1',
        'Desk 2',
        'Desk 10',
      ]);
      expect(await namesOf(tree.building, `?resource_type=${fx.types.room},${fx.types.parking}`)).toEqual([
        'Room Zürich',
        'Parking P1',
      ]);
    });

    it('resource_model keeps the resources of any of the models listed', async () => {
      expect(await namesOf(tree.building, '?resource_model=on_request')).toEqual(['Desk 2']);
      expect(await namesOf(tree.building, '?resource_model=on_request,assigned')).toEqual([
        'Desk 2',
        'Parking P1',
      ]);
    });

    it('resource_attribute keeps the resources that have every attribute listed', async () => {
      const { monitor, 'standing-desk': standing } = fx.attributes;
      expect(await namesOf(tree.building, `?resource_attribute=${monitor}`)).toEqual(['Desk 1', 'Desk 2']);
      expect(await namesOf(tree.building, `?resource_attribute=${monitor},${standing}`)).toEqual(['Desk 1']);
      expect(await namesOf(tree.building, `?resource_attribute=${standing}`)).toEqual(['Desk 1', 'Desk 10']);
    });

    it('capacity keeps the resources with at least that many places', async () => {
      expect(await namesOf(tree.building, '?capacity=2')).toEqual(['Room Zürich']);
      expect(await namesOf(tree.building, '?capacity=13')).toEqual([]);
      expect((await namesOf(tree.building, '?capacity=1')).length).toBe(5);
    });

    it('query searches the names in every language, ignoring case and accents', async () => {
      expect(await namesOf(tree.building, '?query=zurich')).toEqual(['Room Zürich']);
      expect(await namesOf(tree.building, '?query=ZÜR')).toEqual(['Room Zürich']);
      expect(await namesOf(tree.building, '?query=geneve')).toEqual(['Room Zürich']);
      expect(await namesOf(tree.building, '?query=desk 1')).toEqual(['Desk 1', 'Desk 10']);
      expect(await namesOf(tree.building, '?query=%25')).toEqual([]);
    });

    it('combines the filters (all must hold)', async () => {
      const { 'standing-desk': standing } = fx.attributes;
      expect(
        await namesOf(
          tree.building,
          `?resource_type=${fx.types.desk}&resource_attribute=${standing}&query=10`,
        ),
      ).toEqual(['Desk 10']);
      expect(await namesOf(tree.floor1, `?resource_type=${fx.types.desk}&resource_model=on_request`)).toEqual(
        ['Desk 2'],
      );
      expect(await namesOf(tree.floor2, `?resource_type=${fx.types.desk}`)).toEqual([]);
      expect(await namesOf(tree.building, `?capacity=2&resource_model=bookable&query=salle`)).toEqual([
        'Room Zürich',
      ]);
    });

    it('lets a plan user (PLAN, no RESOURCES) read it', async () => {
      expect((await all(tree.floor1, '', fx.employee)).length).toBe(4);
    });

    it('answers 404 for an unknown level and 422 for a filter that is not valid', async () => {
      expectErrorShape(await acme('GET', `${LEVELS}/999999/resources/all`), 404);
      const bad = expectErrorShape(
        await acme('GET', `${LEVELS}/${tree.building}/resources/all?resource_model=nope&capacity=0`),
        422,
      );
      expect(Object.keys(bad.errors ?? {}).sort()).toEqual(['capacity', 'resource_model.0']);
    });

    it('answers 404 to another company for this level, and never lists these resources to it', async () => {
      const asGlobex = (url: string) => call(server(), 'GET', url, { subdomain: 'globex', token: fx.globex });
      expectErrorShape(await asGlobex(`${LEVELS}/${tree.floor1}/resources/all`), 404);
      const ours = new Set((await all(tree.building)).map((r) => r.id));
      const own = await asGlobex(`${LEVELS}/all?depth=ALL`);
      for (const globexLevel of own.json<{ data: { id: number }[] }>().data) {
        const listed = await asGlobex(`${LEVELS}/${globexLevel.id}/resources/all`);
        expect(listed.statusCode).toBe(200);
        expect(listed.json<{ data: ResourceAnswer[] }>().data.filter((r) => ours.has(r.id))).toEqual([]);
        expect(listed.body).not.toMatch(/Zürich|Lab site/);
      }
    });
  });

  describe('levels and their resources', () => {
    it('counts the resources in each level’s subtree (resources_count)', async () => {
      const count = async (id: number) =>
        (await acme('GET', `${LEVELS}/${id}`)).json<{ resources_count: number }>().resources_count;
      expect(await count(tree.building)).toBe(5);
      expect(await count(tree.floor1)).toBe(4);
      expect(await count(tree.zone)).toBe(1);
      expect(await count(tree.floor2)).toBe(1);
    });

    it('refuses to delete a level whose resources have future bookings, naming them', async () => {
      const floor = await level(tree.building, 'floor', 'Booked floor');
      const booked = await resource(floor, 'Booked desk');
      await bookingOn(booked.id, 1);
      const refused = expectErrorShape(await acme('DELETE', `${LEVELS}/${floor}`), 409);
      expect(refused.message).toMatch(/future bookings/);
      expect(refused.message).toContain('Booked desk');
      // Deleting its parent with it is refused the same way, and nothing is deleted.
      const both = await acme('DELETE', `${LEVELS}/sublevels`, { level_ids: [floor] });
      expect(both.statusCode).toBe(409);
      expect((await acme('GET', `${LEVELS}/${floor}`)).statusCode).toBe(200);
      expect((await acme('GET', `/api/company/v1/resources/${booked.id}`)).statusCode).toBe(200);
    });

    it('deletes the resources of a deleted level with it (past bookings too), in one transaction', async () => {
      const floor = await level(tree.building, 'floor', 'Old floor');
      const desk = await resource(floor, 'Old desk');
      await bookingOn(desk.id, -1);
      await acme('GET', `/api/company/v1/resources/${desk.id}/qr-code`);
      const deleted = await acme('DELETE', `${LEVELS}/${floor}`);
      expect(deleted.statusCode, deleted.body).toBe(200);
      expectErrorShape(await acme('GET', `/api/company/v1/resources/${desk.id}`), 404);
      const db = server().db.kysely;
      expect(
        await db.selectFrom('declarations').selectAll().where('resource_id', '=', desk.id).execute(),
      ).toEqual([]);
      expect(
        await db
          .selectFrom('qr_codes')
          .selectAll()
          .where('entity_kind', '=', 1)
          .where('entity_id', '=', desk.id)
          .execute(),
      ).toEqual([]);
    });
  });

  /** A booking of the resource a day from now (days > 0) or a day ago (days < 0), by the admin. */
  async function bookingOn(resourceId: number, days: number) {
    const db = server().db.kysely;
    const user = await db
      .selectFrom('users')
      .select(['id', 'company_id'])
      .where('email', '=', 'admin@acme.test')
      .executeTakeFirstOrThrow();
    const start = new Date(Date.now() + days * 86_400_000);
    await db
      .insertInto('declarations')
      .values({
        company_id: user.company_id!,
        resource_id: resourceId,
        user_id: user.id,
        starts_at: start.toISOString(),
        ends_at: new Date(start.getTime() + 3_600_000).toISOString(),
      })
      .execute();
  }
});
