import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../test/support/server-app';
import {
  ACCOUNTS,
  call,
  companyIdOf,
  expectErrorShape,
  signIn,
} from '../../../../test/support/server-factories';
import { BASE, levelActors, levelsApi, type DemoTree, type LevelAnswer } from './levels.fixtures';

describeEachDatabase('levels', (server) => {
  let admin: string;
  let employee: string;
  let reception: string;
  let en: number;
  let fr: number;
  let demo: DemoTree;
  const { get, list } = levelsApi(
    server,
    () => admin,
    () => en,
  );

  beforeAll(async () => {
    ({ admin, employee, reception, en, fr, demo } = await levelActors(server()));
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
});
