import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../test/support/server-app';
import { call, expectErrorShape } from '../../../../test/support/server-factories';
import { BASE, levelActors, levelsApi, type DemoTree, type LevelAnswer } from './levels.fixtures';

describeEachDatabase('levels', (server) => {
  let admin: string;
  let employee: string;
  let globex: string;
  let en: number;
  let fr: number;
  let demo: DemoTree;
  const { get, list, create, createOk, zone } = levelsApi(
    server,
    () => admin,
    () => en,
  );

  beforeAll(async () => {
    ({ admin, employee, globex, en, fr, demo } = await levelActors(server()));
  });

  describe(`POST ${BASE} and PUT ${BASE}/{id}`, () => {
    it('creates a floor under the building, inheriting timezone and working hours', async () => {
      const floor = await createOk({
        parent_id: demo.building,
        kind: 'floor',
        is_declarable: true,
        translations: [
          { language_id: en, name: ' Floor 4 ' },
          { language_id: fr, name: 'Étage 4' },
        ],
      });
      expect(floor).toMatchObject({
        name: 'Floor 4',
        path: 'Acme HQ / Building A / Floor 4',
        timezone: 'Europe/Zurich',
        working_hours_from: '07:00',
        working_hours_to: '19:00',
      });
      const renamed = await call(server(), 'PUT', `${BASE}/${floor.id}`, {
        subdomain: 'acme',
        token: admin,
        body: { translations: [{ language_id: en, name: 'Floor Four' }], working_hours_from: '08:30' },
      });
      expect(renamed.statusCode, renamed.body).toBe(200);
      expect(renamed.json()).toMatchObject({ name: 'Floor Four', working_hours_from: '08:30' });
      expect(renamed.json<LevelAnswer>().translations).toHaveLength(1);
    });

    it('refuses working hours 18:00 → 08:00 with a message that says the end must come after the start', async () => {
      const before = (await list('?depth=ALL')).length;
      const response = await create({
        parent_id: demo.building,
        kind: 'floor',
        working_hours_from: '18:00',
        working_hours_to: '08:00',
        translations: [{ language_id: en, name: 'Night floor' }],
      });
      expect(expectErrorShape(response, 422).errors).toEqual({
        working_hours_to: ['The end must be after the start.'],
      });
      expect((await list('?depth=ALL')).length).toBe(before);
      const changed = await call(server(), 'PUT', `${BASE}/${demo.floors[0]!}`, {
        subdomain: 'acme',
        token: admin,
        body: { working_hours_from: '20:00' }, // the floor closes at 19:00
      });
      expect(expectErrorShape(changed, 422).errors).toEqual({
        working_hours_to: ['The end must be after the start.'],
      });
    });

    it('answers 422 for a name its siblings already use in that language, and writes nothing', async () => {
      const before = (await list('?depth=ALL')).length;
      const response = await create({
        parent_id: demo.building,
        kind: 'floor',
        translations: [{ language_id: en, name: 'floor 2' }],
      });
      expect(expectErrorShape(response, 422).errors).toEqual({
        'translations.0.name': ['Another level under the same parent already has this name.'],
      });
      expect((await list('?depth=ALL')).length).toBe(before);
      // The same name under another parent, or in another language, is fine.
      const elsewhere = await zone(demo.floors[0]!, 'Floor 2');
      expect(elsewhere.path).toBe('Acme HQ / Building A / Floor 1 / Floor 2');
    });

    it('refuses the same name again whatever its letters fold to (Greek final sigma, Turkish dotted İ)', async () => {
      for (const name of ['ΟΡΟΦΟΣ', 'KATİ']) {
        await zone(demo.floors[2]!, name);
        const again = await create({
          parent_id: demo.floors[2]!,
          kind: 'zone',
          translations: [{ language_id: en, name }],
        });
        expect(expectErrorShape(again, 422).errors, name).toEqual({
          'translations.0.name': ['Another level under the same parent already has this name.'],
        });
      }
    });

    it('answers 422 when a move would make a level its own ancestor', async () => {
      const a = await zone(demo.floors[1]!, 'Zone A');
      const b = await zone(a.id, 'Zone B');
      const intoChild = await call(server(), 'PUT', `${BASE}/${a.id}`, {
        subdomain: 'acme',
        token: admin,
        body: { parent_id: b.id },
      });
      expect(expectErrorShape(intoChild, 422).errors).toEqual({
        parent_id: ['A level cannot be placed under itself or one of its sublevels.'],
      });
      const intoItself = await call(server(), 'PUT', `${BASE}/${a.id}`, {
        subdomain: 'acme',
        token: admin,
        body: { parent_id: a.id },
      });
      expectErrorShape(intoItself, 422);
      expect((await get(`${BASE}/${a.id}`)).json()).toMatchObject({ parent_id: demo.floors[1] });
    });

    it('serialises two concurrent crossing moves: at most one succeeds, never a cycle', async () => {
      const a = await zone(demo.floors[2]!, 'Cross A');
      const b = await zone(demo.floors[2]!, 'Cross B');
      const [first, second] = await Promise.all([
        call(server(), 'PUT', `${BASE}/${a.id}`, {
          subdomain: 'acme',
          token: admin,
          body: { parent_id: b.id },
        }),
        call(server(), 'PUT', `${BASE}/${b.id}`, {
          subdomain: 'acme',
          token: admin,
          body: { parent_id: a.id },
        }),
      ]);
      expect([first.statusCode, second.statusCode].sort()).toEqual([200, 422]);
      const all = await list('?depth=ALL');
      expect(all.some((level) => level.id === a.id)).toBe(true);
      expect(all.some((level) => level.id === b.id)).toBe(true);
    });

    it('answers 422 for a parent, map, timezone or language that does not exist', async () => {
      const response = await create({
        parent_id: 999999,
        kind: 'zone',
        map_id: 999999,
        timezone: 'Mars/Olympus',
        translations: [{ language_id: 999999, name: 'Nowhere' }],
      });
      expect(Object.keys(expectErrorShape(response, 422).errors ?? {}).sort()).toEqual([
        'map_id',
        'parent_id',
        'timezone',
        'translations.0.language_id',
      ]);
    });

    it('answers 422 "This field is required." without a name', async () => {
      const response = await create({ kind: 'zone', translations: [{ language_id: en, name: '  ' }] });
      expect(expectErrorShape(response, 422).errors).toEqual({
        'translations.0.name': ['This field is required.'],
      });
    });

    it('keeps one default level: setting one clears the other', async () => {
      const level = await createOk({
        parent_id: demo.floors[2],
        kind: 'zone',
        is_default: true,
        translations: [{ language_id: en, name: 'Default zone' }],
      });
      expect((await list('?default=1')).map((l) => l.id)).toEqual([level.id]);
      await call(server(), 'PUT', `${BASE}/${demo.floors[0]}`, {
        subdomain: 'acme',
        token: admin,
        body: { is_default: true },
      });
      expect((await list('?default=1')).map((l) => l.id)).toEqual([demo.floors[0]]);
    });

    it('answers 403 to an employee', async () => {
      expectErrorShape(
        await create({ kind: 'site', translations: [{ language_id: en, name: 'Mine' }] }, employee),
        403,
      );
    });
  });

  describe(`DELETE ${BASE}/{id} and ${BASE}/sublevels`, () => {
    it('refuses a level with sublevels and says why', async () => {
      const response = await call(server(), 'DELETE', `${BASE}/${demo.building}`, {
        subdomain: 'acme',
        token: admin,
      });
      expect(expectErrorShape(response, 409).message).toBe(
        'This level has sublevels; delete or move them first.',
      );
    });

    it('deletes a leaf level', async () => {
      const leaf = await zone(demo.floors[0]!, 'Leaf');
      const response = await call(server(), 'DELETE', `${BASE}/${leaf.id}`, {
        subdomain: 'acme',
        token: admin,
      });
      expect(response.statusCode, response.body).toBe(200);
      expectErrorShape(await get(`${BASE}/${leaf.id}`), 404);
    });

    it('deletes several levels, a parent with its children, all or nothing', async () => {
      const parent = await zone(demo.floors[0]!, 'Bulk parent');
      const child = await zone(parent.id, 'Bulk child');
      const other = await zone(demo.floors[0]!, 'Bulk other');
      const withChild = await zone(other.id, 'Kept child');
      const refused = await call(server(), 'DELETE', `${BASE}/sublevels`, {
        subdomain: 'acme',
        token: admin,
        body: { level_ids: [parent.id, child.id, other.id] },
      });
      expectErrorShape(refused, 409);
      expect((await get(`${BASE}/${parent.id}`)).statusCode).toBe(200);
      const unknown = await call(server(), 'DELETE', `${BASE}/sublevels`, {
        subdomain: 'acme',
        token: admin,
        body: { level_ids: [parent.id, 999999] },
      });
      expectErrorShape(unknown, 422);
      const done = await call(server(), 'DELETE', `${BASE}/sublevels`, {
        subdomain: 'acme',
        token: admin,
        body: { level_ids: [child.id, parent.id, withChild.id] },
      });
      expect(done.statusCode, done.body).toBe(200);
      for (const id of [parent.id, child.id, withChild.id]) expectErrorShape(await get(`${BASE}/${id}`), 404);
      expect((await get(`${BASE}/${other.id}`)).statusCode).toBe(200);
    });
  });

  describe('tenant isolation', () => {
    it('globex never sees acme’s levels, even by id', async () => {
      const asGlobex = (method: 'GET' | 'PUT' | 'DELETE' | 'POST', url: string, body?: unknown) =>
        call(server(), method, url, { subdomain: 'globex', token: globex, body });
      const all = await asGlobex('GET', `${BASE}/all?depth=ALL`);
      // Its own demo site only (Globex Tower / Floor 12), none of acme's.
      const ids = all.json<{ data: LevelAnswer[] }>().data.map((level) => level.id);
      expect(ids).toHaveLength(2);
      expect(ids).not.toContain(demo.site);
      for (const id of [demo.site, demo.floors[0]]) {
        expectErrorShape(await asGlobex('GET', `${BASE}/${id}`), 404);
        expectErrorShape(await asGlobex('GET', `${BASE}/${id}/sublevels`), 404);
        expectErrorShape(await asGlobex('PUT', `${BASE}/${id}`, { position: 3 }), 404);
        expectErrorShape(await asGlobex('DELETE', `${BASE}/${id}`), 404);
        expectErrorShape(await asGlobex('POST', `${BASE}/${id}/favor`), 404);
      }
      // An acme parent is not a parent a globex level can have.
      const moved = await asGlobex('POST', BASE, {
        parent_id: demo.building,
        kind: 'floor',
        translations: [{ language_id: en, name: 'Intruder' }],
      });
      expect(expectErrorShape(moved, 422).errors).toEqual({ parent_id: ['Parent id is not valid.'] });
    });
  });
});
