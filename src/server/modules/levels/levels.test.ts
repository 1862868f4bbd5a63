import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase, type TestServer } from '../../../../test/support/server-app';
import {
  ACCOUNTS,
  call,
  companyIdOf,
  expectErrorShape,
  signIn,
} from '../../../../test/support/server-factories';

const BASE = '/api/company/v1/levels';

interface LevelAnswer {
  id: number;
  parent_id: number | null;
  name: string;
  path: string;
  all_parents: { id: number; name: string }[];
  all_children: number[];
  is_favorite: boolean;
  is_default: boolean;
  is_declarable: boolean;
  translations: { language_id: number; locale: string; name: string }[];
  working_hours_from: string;
  working_hours_to: string;
  timezone: string;
  resources_count: number;
}

async function languageId(server: TestServer, code: string): Promise<number> {
  const row = await server.db.kysely
    .selectFrom('languages')
    .select('id')
    .where('code', '=', code)
    .executeTakeFirstOrThrow();
  return row.id;
}

describeEachDatabase('levels', (server) => {
  let admin: string;
  let employee: string;
  let reception: string;
  let globex: string;
  let en: number;
  let fr: number;
  /** the demo tree: Acme HQ / Building A / Floor 1..3 */
  const demo = { site: 0, building: 0, floors: [] as number[] };

  const get = (url: string, token = admin) => call(server(), 'GET', url, { subdomain: 'acme', token });
  const list = async (query: string, token = admin) => {
    const response = await get(`${BASE}/all${query}`, token);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: LevelAnswer[]; meta: { total: number } }>().data;
  };
  const create = (body: unknown, token = admin) =>
    call(server(), 'POST', BASE, { subdomain: 'acme', token, body });
  const createOk = async (body: Record<string, unknown>) => {
    const response = await create(body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<LevelAnswer>();
  };
  const zone = (parentId: number, name: string) =>
    createOk({ parent_id: parentId, kind: 'zone', translations: [{ language_id: en, name }] });

  beforeAll(async () => {
    admin = await signIn(server(), ACCOUNTS.acmeAdmin);
    employee = await signIn(server(), ACCOUNTS.employee);
    reception = await signIn(server(), ACCOUNTS.reception);
    globex = await signIn(server(), ACCOUNTS.globexAdmin, 'globex');
    en = await languageId(server(), 'en');
    fr = await languageId(server(), 'fr');
    const all = await list('?depth=ALL');
    demo.site = all.find((level) => level.name === 'Acme HQ')!.id;
    demo.building = all.find((level) => level.name === 'Building A')!.id;
    demo.floors = ['Floor 1', 'Floor 2', 'Floor 3'].map(
      (name) => all.find((level) => level.name === name)!.id,
    );
  });

  describe(`GET ${BASE}/all`, () => {
    it('answers the top levels by default (spec §9 depth TOP)', async () => {
      const top = await list('');
      expect(top.map((level) => level.name)).toEqual(['Acme HQ']);
      expect(top[0]).toMatchObject({ path: 'Acme HQ', all_parents: [] });
      expect(top[0]!.all_children).toEqual(expect.arrayContaining([demo.building, ...demo.floors]));
    });

    it('answers every level with depth=ALL, with path and parents top first', async () => {
      const all = await list('?depth=ALL');
      const floor2 = all.find((level) => level.id === demo.floors[1])!;
      expect(floor2).toMatchObject({
        path: 'Acme HQ / Building A / Floor 2',
        all_parents: [
          { id: demo.site, name: 'Acme HQ' },
          { id: demo.building, name: 'Building A' },
        ],
        all_children: [],
        working_hours_from: '07:00',
        working_hours_to: '19:00',
        timezone: 'Europe/Zurich',
        is_declarable: true,
      });
      expect(floor2.translations.map((t) => t.locale).sort()).toEqual(['de-DE', 'en-GB', 'fr-FR']);
    });

    it('answers names in the language of the request user', async () => {
      const frenchUser = await server()
        .db.kysely.updateTable('users')
        .set({ language_id: fr })
        .where('email', '=', ACCOUNTS.reception)
        .returning('id')
        .executeTakeFirstOrThrow();
      expect(frenchUser.id).toBeGreaterThan(0);
      await server()
        .db.kysely.insertInto('role_permissions')
        .values({
          company_id: await companyIdOf(server(), 'acme'),
          role_id: (
            await server()
              .db.kysely.selectFrom('roles')
              .select('id')
              .where('name', '=', 'Reception desk')
              .executeTakeFirstOrThrow()
          ).id,
          permission_id: (
            await server()
              .db.kysely.selectFrom('permissions')
              .select('id')
              .where('name', '=', 'MANAGE_LEVELS')
              .executeTakeFirstOrThrow()
          ).id,
          can_read: true,
        })
        .execute();
      const floor = (await list('?depth=ALL', reception)).find((level) => level.id === demo.floors[0])!;
      expect(floor.path).toBe('Siège Acme / Bâtiment A / Étage 1');
    });

    it('declarable=1 answers only declarable levels, at every depth', async () => {
      const found = await list('?declarable=1');
      expect(found.map((level) => level.id).sort()).toEqual(expect.arrayContaining(demo.floors));
      expect(found.every((level) => level.is_declarable)).toBe(true);
    });

    it('default=1 answers the default level', async () => {
      const found = await list('?default=1');
      expect(found.map((level) => level.name)).toEqual(['Floor 1']);
    });

    it('all_parents=1 adds the ancestors of the levels found', async () => {
      const found = await list('?default=1&all_parents=1');
      expect(found.map((level) => level.name)).toEqual(['Acme HQ', 'Building A', 'Floor 1']);
    });

    it('depth=TOP with a filter keeps only top levels', async () => {
      expect(await list('?declarable=1&depth=TOP')).toEqual([]);
    });

    it('favorites=1 answers the user’s own favourites only', async () => {
      const favor = await call(server(), 'POST', `${BASE}/${demo.floors[2]}/favor`, {
        subdomain: 'acme',
        token: admin,
      });
      expect(favor.statusCode, favor.body).toBe(200);
      expect(favor.json()).toMatchObject({ id: demo.floors[2], is_favorite: true });
      expect((await list('?favorites=1', admin)).map((level) => level.id)).toEqual([demo.floors[2]]);
      expect(await list('?favorites=1', employee)).toEqual([]);
      const disfavor = await call(server(), 'POST', `${BASE}/${demo.floors[2]}/disfavor`, {
        subdomain: 'acme',
        token: admin,
      });
      expect(disfavor.json()).toMatchObject({ is_favorite: false });
      expect(await list('?favorites=1', admin)).toEqual([]);
    });

    it('the favourite toggle needs update permission on levels (spec §2): a plan user gets 403', async () => {
      for (const action of ['favor', 'disfavor'])
        expectErrorShape(
          await call(server(), 'POST', `${BASE}/${demo.floors[2]}/${action}`, {
            subdomain: 'acme',
            token: employee,
          }),
          403,
        );
      expect(await list('?favorites=1', employee)).toEqual([]);
    });

    it('frequent=1 answers the user’s three most visited levels, most visited first', async () => {
      const db = server().db.kysely;
      const companyId = await companyIdOf(server(), 'acme');
      const user = await db
        .selectFrom('users')
        .select('id')
        .where('email', '=', ACCOUNTS.acmeAdmin)
        .executeTakeFirstOrThrow();
      const visits = [
        [demo.floors[0]!, 2],
        [demo.floors[1]!, 9],
        [demo.floors[2]!, 5],
        [demo.building, 1],
      ] as const;
      await db
        .insertInto('level_visits')
        .values(
          visits.map(([levelId, count]) => ({
            company_id: companyId,
            user_id: user.id,
            level_id: levelId,
            visits: count,
          })),
        )
        .execute();
      expect((await list('?frequent=1')).map((level) => level.id)).toEqual([
        demo.floors[1],
        demo.floors[2],
        demo.floors[0],
      ]);
      await db.deleteFrom('level_visits').where('user_id', '=', user.id).execute();
    });

    it('query= searches names at every depth', async () => {
      expect((await list('?query=building')).map((level) => level.name)).toEqual(['Building A']);
    });

    it('lets a plan user read, and refuses a user with neither LEVELS, MANAGE_LEVELS nor PLAN', async () => {
      expect((await list('', employee)).length).toBe(1);
      const platformLike = await signIn(server(), ACCOUNTS.reception);
      await server()
        .db.kysely.deleteFrom('role_permissions')
        .where(
          'permission_id',
          '=',
          (
            await server()
              .db.kysely.selectFrom('permissions')
              .select('id')
              .where('name', '=', 'MANAGE_LEVELS')
              .executeTakeFirstOrThrow()
          ).id,
        )
        .where(
          'role_id',
          '=',
          (
            await server()
              .db.kysely.selectFrom('roles')
              .select('id')
              .where('name', '=', 'Reception desk')
              .executeTakeFirstOrThrow()
          ).id,
        )
        .execute();
      expectErrorShape(await get(`${BASE}/all`, platformLike), 403);
    });
  });

  describe(`GET ${BASE}/{id} and sublevels`, () => {
    it('answers one level and its direct sublevels', async () => {
      const building = (await get(`${BASE}/${demo.building}`)).json<LevelAnswer>();
      expect(building).toMatchObject({
        name: 'Building A',
        path: 'Acme HQ / Building A',
        parent_id: demo.site,
      });
      const sub = await get(`${BASE}/${demo.building}/sublevels`);
      expect(sub.statusCode).toBe(200);
      expect(sub.json<{ data: LevelAnswer[] }>().data.map((level) => level.name)).toEqual([
        'Floor 1',
        'Floor 2',
        'Floor 3',
      ]);
    });

    it('answers 404 for an unknown id', async () => {
      expectErrorShape(await get(`${BASE}/999999`), 404);
      expectErrorShape(await get(`${BASE}/999999/sublevels`), 404);
    });
  });

  describe(`GET ${BASE}/maps`, () => {
    it('answers the levels that have a floor map, with the map’s name', async () => {
      const response = await get(`${BASE}/maps`);
      expect(response.statusCode, response.body).toBe(200);
      const rows = response.json<{ data: { level_id: number; path: string; map_name: string }[] }>().data;
      expect(rows.find((row) => row.level_id === demo.floors[1])).toMatchObject({
        path: 'Acme HQ / Building A / Floor 2',
        map_name: 'Building A – Floor 2',
      });
      expect(rows.find((row) => row.level_id === demo.site)).toMatchObject({
        map_name: 'Acme HQ – Site plan',
      });
      expect(rows.some((row) => row.level_id === demo.building)).toBe(false);
    });
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
