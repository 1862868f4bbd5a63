import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../test/support/server-app';
import { call, expectErrorShape } from '../../../../test/support/server-factories';
import {
  api,
  givenResourceTree,
  LEVELS,
  RESOURCES,
  type Fixture,
  type ResourceAnswer,
  type ResourceTree,
} from './resources.fixtures';

describeEachDatabase('resources', (server) => {
  const { acme, level, resource, names } = api(server, () => fx);
  const db = () => server().db.kysely;

  /** A booking of the resource `days` from now (negative: in the past); answers its id. */
  async function book(resourceId: number, days: number): Promise<number> {
    const user = await db()
      .selectFrom('users')
      .select(['id', 'company_id'])
      .where('email', '=', 'admin@acme.test')
      .executeTakeFirstOrThrow();
    const start = new Date(Date.now() + days * 86_400_000);
    const row = await db()
      .insertInto('declarations')
      .values({
        company_id: user.company_id!,
        resource_id: resourceId,
        user_id: user.id,
        starts_at: start.toISOString(),
        ends_at: new Date(start.getTime() + 3_600_000).toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  let fx: Fixture;
  let tree: ResourceTree;

  beforeAll(async () => {
    ({ fx, tree } = await givenResourceTree(server()));
  });

  describe(`GET ${RESOURCES}`, () => {
    it('pages the company’s resources in level path then name order, filtered by level', async () => {
      const site = await level(null, 'site', 'Paging site');
      for (const name of ['P 10', 'P 2', 'P 1']) await resource(site, name);
      const first = (await acme('GET', `${RESOURCES}?level_id=${site}&per_page=2`)).json<{
        data: ResourceAnswer[];
        meta: { total: number; last_page: number; current_page: number };
      }>();
      expect(first.data.map((r) => r.name)).toEqual(['P 1', 'P 2']);
      expect(first.meta).toMatchObject({ total: 3, last_page: 2, current_page: 1 });
      const second = (await acme('GET', `${RESOURCES}?level_id=${site}&per_page=2&page=2`)).json<{
        data: ResourceAnswer[];
      }>();
      expect(second.data.map((r) => r.name)).toEqual(['P 10']);
      const searched = (await acme('GET', `${RESOURCES}?level_id=${site}&query=p 1`)).json<{
        data: ResourceAnswer[];
      }>();
      expect(searched.data.map((r) => r.name)).toEqual(['P 1', 'P 10']);
    });

    it('finds a name by the search rule whether the server folded it (search_name) or not (a row from before 0011)', async () => {
      const site = await level(null, 'site', 'Search site');
      const folded = await resource(site, names('Bureau Zürich'));
      const unfolded = await resource(site, names('Salle Genève'));
      await sql`update resource_translations set search_name = null where resource_id = ${unfolded.id}`.execute(
        db(),
      );
      const found = async (query: string) =>
        (await acme('GET', `${LEVELS}/${site}/resources/all?query=${encodeURIComponent(query)}`))
          .json<{ data: ResourceAnswer[] }>()
          .data.map((r) => r.id);
      expect(await found('ZURICH')).toEqual([folded.id]);
      expect(await found('genève')).toEqual([unfolded.id]);
      expect(await found('geneve')).toEqual([unfolded.id]);
      expect(await found('lyon')).toEqual([]);
    });

    it('shows a renamed level, a renamed type and a failed rename as they are now (the lookups cache follows every change)', async () => {
      const site = await level(null, 'site', 'Cache site');
      const { id } = await resource(site, 'Cache desk');
      const read = async () => (await acme('GET', `${RESOURCES}/${id}`)).json<ResourceAnswer>();
      expect((await read()).level.path).toBe('Cache site');

      const renamed = await acme('PUT', `${LEVELS}/${site}`, { translations: names('Renamed site') });
      expect(renamed.statusCode, renamed.body).toBe(200);
      expect((await read()).level.path).toBe('Renamed site');

      const typeName = async (name: string) =>
        sql`update resource_type_translations set name = ${name}
            where resource_type_id = ${fx.types.desk} and language_id = ${fx.lang.en}`.execute(db());
      await typeName('Workstation');
      expect((await read()).resource_type.name).toBe('Workstation');
      await typeName('Desk');

      // A change that rolls back leaves the answer as it was, before and after the next real change.
      await db()
        .transaction()
        .execute(async (tx) => {
          await sql`update level_translations set name = 'Never committed' where level_id = ${site}`.execute(
            tx,
          );
          throw new Error('roll back');
        })
        .catch(() => undefined);
      expect((await read()).level.path).toBe('Renamed site');
      await acme('PUT', `${LEVELS}/${site}`, { translations: names('Final site') });
      expect((await read()).level.path).toBe('Final site');
    });
  });

  describe('favourites', () => {
    it('favor and disfavor are each user’s own; favorites=1 lists them', async () => {
      const desk = await resource(tree.floor, 'Favourite desk');
      const favored = await acme('POST', `${RESOURCES}/${desk.id}/favor`, undefined, fx.employee);
      expect(favored.statusCode, favored.body).toBe(200);
      expect(favored.json<ResourceAnswer>().is_favorite).toBe(true);
      expect((await acme('GET', `${RESOURCES}/${desk.id}`)).json<ResourceAnswer>().is_favorite).toBe(false);
      await acme('POST', `${RESOURCES}/${desk.id}/favor`);
      const mine = (await acme('GET', `${RESOURCES}?favorites=1`)).json<{ data: ResourceAnswer[] }>();
      expect(mine.data.map((r) => r.id)).toEqual([desk.id]);
      const dropped = await acme('POST', `${RESOURCES}/${desk.id}/disfavor`);
      expect(dropped.json<ResourceAnswer>().is_favorite).toBe(false);
      expect((await acme('GET', `${RESOURCES}?favorites=1`)).json<{ data: unknown[] }>().data).toEqual([]);
    });
  });

  describe('deleting', () => {
    it('refuses while there are future bookings (checkdelete says why), then deletes with its QR code, keeping past bookings as history', async () => {
      const desk = await resource(tree.floor, 'Booked desk');
      const booking = await book(desk.id, 1);
      const check = await acme('GET', `${RESOURCES}/${desk.id}/checkdelete`);
      expect(check.statusCode, check.body).toBe(200);
      expect(check.json()).toEqual({
        can_delete: false,
        future_bookings: 1,
        message: 'This resource has a future booking; cancel or move it before deleting the resource.',
      });
      const refused = expectErrorShape(await acme('DELETE', `${RESOURCES}/${desk.id}`), 409);
      expect(refused.message).toMatch(/future booking/);
      // Cancelled: no longer in the way; the past booking stays as history.
      await db().updateTable('declarations').set({ status: 'cancelled' }).where('id', '=', booking).execute();
      const past = await book(desk.id, -2);
      expect((await acme('GET', `${RESOURCES}/${desk.id}/checkdelete`)).json()).toEqual({
        can_delete: true,
        future_bookings: 0,
        message: null,
      });
      const { code } = (await acme('GET', `${RESOURCES}/${desk.id}/qr-code`)).json<{ code: string }>();
      expect((await call(server(), 'GET', `/api/qrcode-read/${code}`)).json()).toMatchObject({
        entity_kind: 1,
        entity_id: desk.id,
      });
      expect((await acme('DELETE', `${RESOURCES}/${desk.id}`)).statusCode).toBe(200);
      expectErrorShape(await acme('GET', `${RESOURCES}/${desk.id}`), 404);
      expectErrorShape(await call(server(), 'GET', `/api/qrcode-read/${code}`), 404);
      const history = await db()
        .selectFrom('declarations')
        .select(['resource_id', 'resource_name'])
        .where('id', '=', past)
        .executeTakeFirstOrThrow();
      expect(history).toEqual({ resource_id: null, resource_name: 'Booked desk' });
    });

    it('makes a used resource type or attribute undeletable (409)', async () => {
      const made = await acme('POST', '/api/company/v1/resource-types', { translations: names('Pod') });
      const attribute = await acme('POST', '/api/company/v1/resource-attributes', {
        translations: names('Lamp'),
      });
      expect(made.statusCode, made.body).toBe(201);
      const typeId = made.json<{ id: number }>().id;
      const attributeId = attribute.json<{ id: number }>().id;
      await resource(tree.floor, 'Pod 1', {
        resource_type_id: typeId,
        resource_attribute_ids: [attributeId],
      });
      expect(
        expectErrorShape(await acme('DELETE', `/api/company/v1/resource-types/${typeId}`), 409).message,
      ).toBe('This resource type is used by resources and cannot be deleted.');
      expect(
        expectErrorShape(await acme('DELETE', `/api/company/v1/resource-attributes/${attributeId}`), 409)
          .message,
      ).toBe('This resource attribute is used by resources and cannot be deleted.');
    });
  });

  describe('info, current capacity and codes', () => {
    it('info answers the card with the level’s timezone and working hours', async () => {
      const desk = await resource(tree.floor, 'Info desk', { description: 'Quiet' });
      const response = await acme('GET', `${RESOURCES}/${desk.id}/info`, undefined, fx.employee);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({
        id: desk.id,
        name: 'Info desk',
        path: 'Resource site / Mapped floor',
        resource_type: 'Desk',
        description: 'Quiet',
        timezone: 'Pacific/Auckland',
        working_hours_from: '00:00',
        working_hours_to: '23:59',
        is_favorite: false,
        image_url: null,
      });
    });

    it('current_capacity follows a date capacity covering today in the level’s timezone', async () => {
      const room = await resource(tree.floor, 'Reduced room', { capacity: 10, max_capacity: 10 });
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Auckland' }).format(new Date());
      const companyId = (
        await db()
          .selectFrom('resources')
          .select('company_id')
          .where('id', '=', room.id)
          .executeTakeFirstOrThrow()
      ).company_id;
      await db()
        .insertInto('resource_date_capacities')
        .values({
          company_id: companyId,
          resource_id: room.id,
          date_from: '1999-01-01',
          date_to: '1999-01-02',
          capacity: 1,
        })
        .execute();
      expect((await acme('GET', `${RESOURCES}/${room.id}`)).json<ResourceAnswer>().current_capacity).toBe(10);
      await db()
        .insertInto('resource_date_capacities')
        .values({
          company_id: companyId,
          resource_id: room.id,
          date_from: today,
          date_to: today,
          capacity: 4,
        })
        .execute();
      expect((await acme('GET', `${RESOURCES}/${room.id}`)).json<ResourceAnswer>().current_capacity).toBe(4);
    });

    it('codes gives every resource of a level its QR code, the same on each call', async () => {
      const site = await level(null, 'site', 'Code site');
      const a = await resource(site, 'Code A');
      await resource(site, 'Code B', { resource_type_id: fx.types.room });
      const first = (await acme('GET', `${RESOURCES}/codes?level_id=${site}`)).json<{
        data: { resource_id: number; name: string; path: string; code: string; image_url: string }[];
      }>();
      expect(first.data.map((c) => [c.name, c.path])).toEqual([
        ['Code A', 'Code site'],
        ['Code B', 'Code site'],
      ]);
      expect(first.data[0]!.image_url).toBe(`/api/qrcode/${first.data[0]!.code}`);
      const onlyDesks = (
        await acme('GET', `${RESOURCES}/codes?level_id=${site}&resource_type=${fx.types.desk}`)
      ).json<{
        data: { resource_id: number; code: string }[];
      }>();
      expect(onlyDesks.data).toEqual([
        expect.objectContaining({ resource_id: a.id, code: first.data[0]!.code }),
      ]);
      const single = (await acme('GET', `${RESOURCES}/${a.id}/qr-code`)).json<{ code: string }>();
      expect(single.code).toBe(first.data[0]!.code);
    });
  });

  describe('another company', () => {
    it('never sees acme’s resources: by id, in lists, and cannot change them (404)', async () => {
      const desk = await resource(tree.floor, 'Private desk');
      const globex = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
        call(server(), method, url, { subdomain: 'globex', token: fx.globex, body });
      for (const [method, url, body] of [
        ['GET', `${RESOURCES}/${desk.id}`],
        ['GET', `${RESOURCES}/${desk.id}/info`],
        ['GET', `${RESOURCES}/${desk.id}/checkdelete`],
        ['GET', `${RESOURCES}/${desk.id}/qr-code`],
        ['GET', `${LEVELS}/${tree.floor}/resources/all`],
        ['PUT', `${RESOURCES}/${desk.id}`, { description: 'mine now' }],
        ['PUT', `${RESOURCES}/${desk.id}/position`, { map_x: 0.5, map_y: 0.5 }],
        ['PUT', `${RESOURCES}/${desk.id}/attributes`, { resource_attribute_ids: [] }],
        ['POST', `${RESOURCES}/${desk.id}/favor`],
        ['POST', `${RESOURCES}/${desk.id}/duplicate`, { name: 'Stolen' }],
        ['DELETE', `${RESOURCES}/${desk.id}`],
      ] as const) {
        const response = await globex(method, url, body);
        expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(404);
        expectErrorShape(response);
      }
      const listed = (await globex('GET', `${RESOURCES}?per_page=200`)).json<{ data: ResourceAnswer[] }>();
      expect(listed.data.map((r) => r.id)).not.toContain(desk.id);
      expect(JSON.stringify(listed)).not.toMatch(/Resource site|Private desk/);
      const codes = await globex('GET', `${RESOURCES}/codes`);
      expect(codes.body).not.toMatch(/Private desk/);
      expect((await acme('GET', `${RESOURCES}/${desk.id}`)).json<ResourceAnswer>().description).toBe('');
    });
  });
});
