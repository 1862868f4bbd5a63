import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../test/support/server-app';
import { ACCOUNTS, call, expectErrorShape, signIn } from '../../../../test/support/server-factories';

const PATH = '/api/company/v1/resource-attributes';

interface Item {
  id: number;
  key: string;
  name: string;
  translations: Array<{ language_id: number; locale: string; name: string }>;
}

describeEachDatabase('resource attributes', (server) => {
  let admin: string;
  let employee: string;
  let globex: string;
  let lang: Record<string, number>;
  const names = (en: string, fr = '', de = '') => [
    { language_id: lang.en!, name: en },
    { language_id: lang.fr!, name: fr },
    { language_id: lang.de!, name: de },
  ];
  const list = async (query = '', token = admin, subdomain = 'acme') =>
    (await call(server(), 'GET', `${PATH}?lang=en${query}`, { subdomain, token })).json<{
      data: Item[];
      meta: { current_page: number; last_page: number; per_page: number; total: number };
    }>();
  const rows = async () =>
    (
      await sql<{ n: string }>`select (select count(*) from resource_attributes)
        + (select count(*) from resource_attribute_translations) as n`.execute(server().db.kysely)
    ).rows[0]!.n;

  beforeAll(async () => {
    admin = await signIn(server(), ACCOUNTS.acmeAdmin);
    employee = await signIn(server(), ACCOUNTS.employee);
    globex = await signIn(server(), ACCOUNTS.globexAdmin, 'globex');
    const languages = await server().db.kysely.selectFrom('languages').select(['id', 'code']).execute();
    lang = Object.fromEntries(languages.map((row) => [row.code, row.id]));
  });

  describe(`GET ${PATH}`, () => {
    it('lists the company’s six attributes by name, searchable in every language, paged', async () => {
      const page = await list();
      expect(page.data.map((item) => item.name)).toEqual([
        'Docking station',
        'Monitor',
        'Standing desk',
        'Video conferencing',
        'Wheelchair access',
        'Whiteboard',
      ]);
      expect(page.meta.total).toBe(6);
      expect((await list('&query=TABLEAU')).data.map((item) => item.key)).toEqual(['whiteboard']);
      expect((await list('&query=bild')).data.map((item) => item.key)).toEqual(['monitor']);
      const second = await list('&per_page=4&page=2');
      expect(second.meta).toEqual({ current_page: 2, last_page: 2, per_page: 4, total: 6 });
      expect(second.data).toHaveLength(2);
    });

    it('answers 403 to an employee without RESOURCE_ATTRIBUTES', async () => {
      expectErrorShape(await call(server(), 'GET', PATH, { subdomain: 'acme', token: employee }), 403);
      expectErrorShape(
        await call(server(), 'POST', PATH, {
          subdomain: 'acme',
          token: employee,
          body: { translations: names('X') },
        }),
        403,
      );
    });

    it('keeps companies apart: globex sees only its own, and acme’s ids answer 404', async () => {
      const theirs = await list('', globex, 'globex');
      expect(theirs.data.map((item) => item.name)).toEqual(['Dual monitor', 'Projector']);
      for (const { id } of (await list()).data) {
        expectErrorShape(
          await call(server(), 'GET', `${PATH}/${id}`, { subdomain: 'globex', token: globex }),
          404,
        );
        expectErrorShape(
          await call(server(), 'DELETE', `${PATH}/${id}`, { subdomain: 'globex', token: globex }),
          404,
        );
      }
      expect((await list()).meta.total).toBe(6);
    });
  });

  describe(`POST, PUT, DELETE ${PATH}`, () => {
    it('adds, renames and deletes an attribute', async () => {
      const created = await call(server(), 'POST', PATH, {
        subdomain: 'acme',
        token: admin,
        body: {
          translations: names('Height-adjustable desk', 'Bureau réglable', 'Höhenverstellbarer Tisch'),
        },
      });
      expect(created.statusCode, created.body).toBe(201);
      const item = created.json<Item>();
      expect(item).toMatchObject({
        key: 'height-adjustable-desk',
        name: 'Height-adjustable desk',
        icon: null,
      });
      const renamed = await call(server(), 'PUT', `${PATH}/${item.id}`, {
        subdomain: 'acme',
        token: admin,
        body: { icon: 'arrow-autofit-height', translations: names('Sit-stand desk', 'Bureau assis-debout') },
      });
      expect(renamed.json()).toMatchObject({ name: 'Sit-stand desk', icon: 'arrow-autofit-height' });
      expect(renamed.json<Item>().translations).toHaveLength(2);
      expect(
        (await call(server(), 'DELETE', `${PATH}/${item.id}`, { subdomain: 'acme', token: admin }))
          .statusCode,
      ).toBe(200);
      expect((await list()).meta.total).toBe(6);
    });

    it('answers 422 for a taken name, a missing company-language name or an unknown field, writing nothing', async () => {
      const before = await rows();
      const taken = await call(server(), 'POST', PATH, {
        subdomain: 'acme',
        token: admin,
        body: { translations: names('whiteboard') },
      });
      expect(expectErrorShape(taken, 422).errors).toEqual({
        'translations.0.name': ['The name has already been taken.'],
      });
      const missing = await call(server(), 'POST', PATH, {
        subdomain: 'acme',
        token: admin,
        body: { translations: names('', 'Tableau noir') },
      });
      expect(expectErrorShape(missing, 422).errors).toEqual({
        'translations.0.name': ['This field is required.'],
      });
      const unknown = await call(server(), 'POST', PATH, {
        subdomain: 'acme',
        token: admin,
        body: { translations: names('Chalkboard'), is_bookable: true },
      });
      expect(expectErrorShape(unknown, 422).errors).toEqual({ is_bookable: ['Is bookable is not valid.'] });
      expect(await rows()).toBe(before);
    });

    it('answers 409 to a delete while resources still carry the attribute', async () => {
      const db = server().db.kysely;
      const monitor = (await list('&query=monitor')).data[0]!;
      const acme = await db
        .selectFrom('companies')
        .select('id')
        .where('subdomain', '=', 'acme')
        .executeTakeFirstOrThrow();
      const level = await db
        .selectFrom('levels')
        .select('id')
        .where('company_id', '=', acme.id)
        .executeTakeFirstOrThrow();
      const type = await db
        .selectFrom('resource_types')
        .select('id')
        .where('company_id', '=', acme.id)
        .executeTakeFirstOrThrow();
      const created = await call(server(), 'POST', '/api/company/v1/resources', {
        subdomain: 'acme',
        token: admin,
        body: {
          level_id: level.id,
          resource_type_id: type.id,
          resource_attribute_ids: [monitor.id],
          translations: names('Attribute check desk'),
        },
      });
      expect(created.statusCode, created.body).toBe(201);
      const refused = await call(server(), 'DELETE', `${PATH}/${monitor.id}`, {
        subdomain: 'acme',
        token: admin,
      });
      expect(expectErrorShape(refused, 409).message).toBe(
        'This resource attribute is used by resources and cannot be deleted.',
      );
    });
  });
});
