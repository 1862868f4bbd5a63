import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../test/support/server-app';
import { expectErrorShape } from '../../../../test/support/server-factories';
import {
  api,
  givenResourceTree,
  RESOURCES,
  type Fixture,
  type ResourceAnswer,
  type ResourceTree,
} from './resources.fixtures';

const NAME_TAKEN = 'Another resource on this level already has this name.';

describeEachDatabase('resources', (server) => {
  const { acme, resource, names } = api(server, () => fx);
  const db = () => server().db.kysely;

  const count = async (table: 'resources' | 'resource_translations' | 'resource_resource_attributes') =>
    Number(
      (await sql<{ n: string }>`select count(*) as n from ${sql.table(table)}`.execute(db())).rows[0]!.n,
    );

  const rows = async () =>
    (await count('resources')) +
    (await count('resource_translations')) +
    (await count('resource_resource_attributes'));

  let fx: Fixture;
  let tree: ResourceTree;

  beforeAll(async () => {
    ({ fx, tree } = await givenResourceTree(server()));
  });

  describe(`POST ${RESOURCES}`, () => {
    it('creates a resource with names, attributes and functions; max_capacity defaults to capacity', async () => {
      const created = await resource(tree.zone, names('Desk Z1', 'Bureau Z1'), {
        capacity: 2,
        resource_attribute_ids: [fx.attributes.monitor],
        description: 'By the window',
        functions: ['language'],
      });
      expect(created).toMatchObject({
        name: 'Desk Z1',
        level_id: tree.zone,
        level: { id: tree.zone, name: 'Zone A', path: 'Resource site / Mapped floor / Zone A' },
        resource_type: { key: 'desk' },
        resource_capacity_type: 'exclusive',
        resource_model: 'bookable',
        capacity: 2,
        max_capacity: 2,
        current_capacity: 2,
        description: 'By the window',
        resource_attributes: [{ id: fx.attributes.monitor, name: 'Monitor' }],
        map_level_id: tree.floor,
        map_id: fx.mapId,
      });
      expect(created.translations.map((t) => t.name)).toEqual(['Desk Z1', 'Bureau Z1']);
      const functions = await db()
        .selectFrom('resource_functions')
        .select(['function_key', 'active'])
        .where('resource_id', '=', created.id)
        .execute();
      expect(functions).toEqual([{ function_key: 'language', active: true }]);
    });

    it('refuses a name another resource on the same level has (any case), and allows it on another level', async () => {
      await resource(tree.floor, 'Room 1');
      const refused = expectErrorShape(
        await acme('POST', RESOURCES, {
          level_id: tree.floor,
          resource_type_id: fx.types.room,
          translations: names('ROOM 1'),
        }),
        422,
      );
      expect(refused.errors).toEqual({ 'translations.0.name': [NAME_TAKEN] });
      await resource(tree.plain, 'Room 1');
    });

    it('refuses the same name again whatever its letters fold to (Greek final sigma, Turkish dotted İ)', async () => {
      // JavaScript lower-cases 'ΣΟΦΙΑΣ' to 'σοφιας' (final sigma), the database otherwise: the
      // check once compared the two and let the very same name through twice.
      for (const name of ['ΣΟΦΙΑΣ', 'İZMİR']) {
        await resource(tree.floor, name);
        const again = expectErrorShape(
          await acme('POST', RESOURCES, {
            level_id: tree.floor,
            resource_type_id: fx.types.room,
            translations: names(name),
          }),
          422,
        );
        expect(again.errors, name).toEqual({ 'translations.0.name': [NAME_TAKEN] });
      }
    });

    it('answers every bad field at once and writes nothing', async () => {
      const before = await rows();
      const refused = expectErrorShape(
        await acme('POST', RESOURCES, {
          level_id: 999999,
          resource_type_id: 999999,
          capacity: 5,
          max_capacity: 4,
          resource_attribute_ids: [fx.attributes.monitor, 999999],
          translations: [{ language_id: fx.lang.fr, name: 'Sans nom anglais' }],
        }),
        422,
      );
      expect(Object.keys(refused.errors ?? {}).sort()).toEqual([
        'capacity',
        'level_id',
        'resource_attribute_ids',
        'resource_type_id',
        'translations',
      ]);
      expect(refused.errors!['capacity']).toEqual(['The capacity cannot be more than the maximum capacity.']);
      expect(await rows()).toBe(before);
    });

    it('leaves no resource behind when only an attribute id is unknown', async () => {
      const before = await rows();
      const refused = expectErrorShape(
        await acme('POST', RESOURCES, {
          level_id: tree.floor,
          resource_type_id: fx.types.desk,
          resource_attribute_ids: [999999],
          translations: names('Ghost desk'),
        }),
        422,
      );
      expect(Object.keys(refused.errors ?? {})).toEqual(['resource_attribute_ids']);
      expect(await rows()).toBe(before);
    });

    it('refuses another company’s level, type or attribute as unknown (422)', async () => {
      const globexLevel = await db()
        .selectFrom('levels as l')
        .innerJoin('companies as c', 'c.id', 'l.company_id')
        .select('l.id')
        .where('c.subdomain', '=', 'globex')
        .executeTakeFirstOrThrow();
      const refused = expectErrorShape(
        await acme('POST', RESOURCES, {
          level_id: globexLevel.id,
          resource_type_id: fx.types.desk,
          translations: names('Borrowed desk'),
        }),
        422,
      );
      expect(Object.keys(refused.errors ?? {})).toEqual(['level_id']);
    });

    it('lets exactly one of two simultaneous creates of one name on one level through', async () => {
      const body = {
        level_id: tree.floor,
        resource_type_id: fx.types.desk,
        translations: names('Race desk'),
      };
      const answers = await Promise.all([acme('POST', RESOURCES, body), acme('POST', RESOURCES, body)]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 422]);
      const loser = answers.find((answer) => answer.statusCode === 422)!;
      expect(expectErrorShape(loser).errors).toEqual({ 'translations.0.name': [NAME_TAKEN] });
    });

    it('is refused to a user without RESOURCES create', async () => {
      expectErrorShape(
        await acme(
          'POST',
          RESOURCES,
          { level_id: tree.floor, resource_type_id: fx.types.desk, translations: names('x') },
          fx.employee,
        ),
        403,
      );
      expectErrorShape(await acme('GET', RESOURCES, undefined, fx.employee), 403);
    });
  });

  describe(`PUT ${RESOURCES}/{id}`, () => {
    it('changes what is sent and keeps the rest', async () => {
      const desk = await resource(tree.floor, 'Edit me', { capacity: 1, max_capacity: 4 });
      const response = await acme('PUT', `${RESOURCES}/${desk.id}`, {
        capacity: 3,
        resource_model: 'on_request',
        translations: names('Edited', 'Modifié'),
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<ResourceAnswer>()).toMatchObject({
        name: 'Edited',
        capacity: 3,
        max_capacity: 4,
        resource_model: 'on_request',
        level_id: tree.floor,
      });
      const tooMany = expectErrorShape(await acme('PUT', `${RESOURCES}/${desk.id}`, { capacity: 5 }), 422);
      expect(Object.keys(tooMany.errors ?? {})).toEqual(['capacity']);
    });

    it('keeps a room mailbox under the spec §5 email rule; an empty one clears it', async () => {
      const room = await resource(tree.floor, 'Mailbox room');
      const set = await acme('PUT', `${RESOURCES}/${room.id}`, { email: 'room-a@acme.test' });
      expect(set.json<ResourceAnswer>().email).toBe('room-a@acme.test');
      const bad = expectErrorShape(await acme('PUT', `${RESOURCES}/${room.id}`, { email: 'room-a@' }), 422);
      expect(bad.errors).toEqual({ email: ['Please enter valid email.'] });
      const cleared = await acme('PUT', `${RESOURCES}/${room.id}`, { email: '' });
      expect(cleared.json<ResourceAnswer>().email).toBeNull();
    });

    it('checks the names against the new level on a move, and takes it off a plan it left', async () => {
      await resource(tree.plain, 'Mover');
      const mover = await resource(tree.floor, 'Mover');
      await acme('PUT', `${RESOURCES}/${mover.id}/position`, { map_x: 0.5, map_y: 0.5 });
      const refused = expectErrorShape(
        await acme('PUT', `${RESOURCES}/${mover.id}`, { level_id: tree.plain }),
        422,
      );
      expect(refused.errors).toEqual({ 'translations.0.name': [NAME_TAKEN] });
      // Into the zone: the same floor plan, so the position stays.
      const zoned = await acme('PUT', `${RESOURCES}/${mover.id}`, { level_id: tree.zone });
      expect(zoned.json<ResourceAnswer>()).toMatchObject({ level_id: tree.zone, map_x: 0.5, map_y: 0.5 });
      const moved = await acme('PUT', `${RESOURCES}/${mover.id}`, {
        level_id: tree.plain,
        translations: names('Mover 2'),
      });
      expect(moved.statusCode, moved.body).toBe(200);
      expect(moved.json<ResourceAnswer>()).toMatchObject({ level_id: tree.plain, map_x: null, map_y: null });
    });

    it('PUT attributes replaces the attributes; an unknown one changes nothing', async () => {
      const desk = await resource(tree.floor, 'Attribute desk', {
        resource_attribute_ids: [fx.attributes.monitor],
      });
      const url = `${RESOURCES}/${desk.id}/attributes`;
      const both = [fx.attributes['standing-desk']!, fx.attributes.whiteboard!];
      const response = await acme('PUT', url, { resource_attribute_ids: both });
      expect(response.statusCode, response.body).toBe(200);
      expect(
        response
          .json<ResourceAnswer>()
          .resource_attributes.map((a) => a.id)
          .sort(),
      ).toEqual(both.sort());
      expectErrorShape(await acme('PUT', url, { resource_attribute_ids: [999999] }), 422);
      const after = (await acme('GET', `${RESOURCES}/${desk.id}`)).json<ResourceAnswer>();
      expect(after.resource_attributes.length).toBe(2);
    });
  });

  describe(`PUT ${RESOURCES}/{id}/position`, () => {
    it('stores where it was dropped, on its level’s plan or the nearest one above', async () => {
      const desk = await resource(tree.zone, 'Dropped desk');
      const placed = await acme('PUT', `${RESOURCES}/${desk.id}/position`, { map_x: 0.25, map_y: 0.75 });
      expect(placed.statusCode, placed.body).toBe(200);
      expect(placed.json<ResourceAnswer>()).toMatchObject({
        map_x: 0.25,
        map_y: 0.75,
        map_level_id: tree.floor,
        map_id: fx.mapId,
      });
      const again = (await acme('GET', `${RESOURCES}/${desk.id}`)).json<ResourceAnswer>();
      expect([again.map_x, again.map_y]).toEqual([0.25, 0.75]);
      const placedList = (await acme('GET', `${RESOURCES}?placed=1&level_id=${tree.zone}`)).json<{
        data: ResourceAnswer[];
      }>();
      expect(placedList.data.map((r) => r.id)).toContain(desk.id);
      const cleared = await acme('PUT', `${RESOURCES}/${desk.id}/position`, { map_x: null, map_y: null });
      expect(cleared.json<ResourceAnswer>()).toMatchObject({ map_x: null, map_y: null });
    });

    it('answers 422 when no level up the tree has a floor plan, or for half a position', async () => {
      const desk = await resource(tree.plain, 'Unmapped desk');
      const refused = expectErrorShape(
        await acme('PUT', `${RESOURCES}/${desk.id}/position`, { map_x: 0.5, map_y: 0.5 }),
        422,
      );
      expect(refused.errors).toEqual({ map_x: ['The level has no floor plan.'] });
      expectErrorShape(
        await acme('PUT', `${RESOURCES}/${desk.id}/position`, { map_x: 1.5, map_y: 0.5 }),
        422,
      );
      expectErrorShape(
        await acme('PUT', `${RESOURCES}/${desk.id}/position`, { map_x: 0.5, map_y: null }),
        422,
      );
    });
  });

  describe(`POST ${RESOURCES}/{id}/duplicate`, () => {
    it('copies the settings under the new name in every language the original is named in, off the plan', async () => {
      const original = await resource(tree.floor, names('Original', 'Originale'), {
        resource_type_id: fx.types.room,
        capacity: 6,
        max_capacity: 10,
        resource_model: 'on_request',
        resource_attribute_ids: [fx.attributes['video-conferencing']],
      });
      await acme('PUT', `${RESOURCES}/${original.id}/position`, { map_x: 0.1, map_y: 0.2 });
      const companyId = (
        await db()
          .selectFrom('resources')
          .select('company_id')
          .where('id', '=', original.id)
          .executeTakeFirstOrThrow()
      ).company_id;
      await db()
        .insertInto('resource_availabilities')
        .values({
          company_id: companyId,
          resource_id: original.id,
          weekdays: [1, 2],
          time_from: '08:00',
          time_to: '12:00',
          date_from: null,
          date_to: null,
        })
        .execute();
      await db()
        .insertInto('resource_date_capacities')
        .values({
          company_id: companyId,
          resource_id: original.id,
          date_from: '2000-01-01',
          date_to: '2999-12-31',
          capacity: 3,
        })
        .execute();
      const response = await acme('POST', `${RESOURCES}/${original.id}/duplicate`, { name: 'Copy' });
      expect(response.statusCode, response.body).toBe(201);
      const copy = response.json<ResourceAnswer>();
      expect(copy).toMatchObject({
        name: 'Copy',
        level_id: tree.floor,
        resource_type_id: fx.types.room,
        capacity: 6,
        max_capacity: 10,
        current_capacity: 3,
        resource_model: 'on_request',
        resource_attributes: [{ id: fx.attributes['video-conferencing'] }],
        map_x: null,
        map_y: null,
      });
      expect(copy.id).not.toBe(original.id);
      expect(copy.translations.map((t) => [t.language_id, t.name])).toEqual([
        [fx.lang.en, 'Copy'],
        [fx.lang.fr, 'Copy'],
      ]);
      const availabilities = await db()
        .selectFrom('resource_availabilities')
        .select(['weekdays', 'time_from'])
        .where('resource_id', '=', copy.id)
        .execute();
      expect(availabilities).toEqual([{ weekdays: [1, 2], time_from: '08:00:00' }]);
      const taken = expectErrorShape(
        await acme('POST', `${RESOURCES}/${original.id}/duplicate`, { name: 'copy' }),
        422,
      );
      expect(taken.errors).toEqual({ name: [NAME_TAKEN] });
    });
  });
});
