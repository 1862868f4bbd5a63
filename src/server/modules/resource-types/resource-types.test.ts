import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../test/support/server-app';
import { ACCOUNTS, call, expectErrorShape, signIn } from '../../../../test/support/server-factories';

const PATH = '/api/company/v1/resource-types';

interface Item {
  id: number;
  key: string;
  name: string;
  is_bookable: boolean;
  translations: Array<{ language_id: number; locale: string; name: string }>;
}

describeEachDatabase('resource types', (server) => {
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
  const count = async () =>
    Number(
      (await sql<{ n: string }>`select count(*) as n from resource_types`.execute(server().db.kysely))
        .rows[0]!.n,
    ) +
    Number(
      (
        await sql<{ n: string }>`select count(*) as n from resource_type_translations`.execute(
          server().db.kysely,
        )
      ).rows[0]!.n,
    );

  beforeAll(async () => {
    admin = await signIn(server(), ACCOUNTS.acmeAdmin);
    employee = await signIn(server(), ACCOUNTS.employee);
    globex = await signIn(server(), ACCOUNTS.globexAdmin, 'globex');
    const rows = await server().db.kysely.selectFrom('languages').select(['id', 'code']).execute();
    lang = Object.fromEntries(rows.map((row) => [row.code, row.id]));
  });

  describe(`GET ${PATH}`, () => {
    it('lists the company’s types by name with their translations, one page of at most 200', async () => {
      const page = await list();
      expect(page.data.map((item) => item.key)).toEqual(['desk', 'locker', 'room', 'parking']);
      expect(page.meta).toEqual({ current_page: 1, last_page: 1, per_page: 200, total: 4 });
      expect(page.data[0]).toMatchObject({ name: 'Desk', icon: 'desk', is_bookable: true });
      expect(page.data[0]!.translations).toEqual([
        { language_id: lang.en, locale: 'en-GB', name: 'Desk' },
        { language_id: lang.fr, locale: 'fr-FR', name: 'Bureau' },
        { language_id: lang.de, locale: 'de-DE', name: 'Arbeitsplatz' },
      ]);
    });

    it('searches the names in every language, ignoring case', async () => {
      expect((await list('&query=SCHLIESS')).data.map((item) => item.key)).toEqual([]);
      expect((await list('&query=schließ')).data.map((item) => item.key)).toEqual(['locker']);
      expect((await list('&query=SALLE')).data.map((item) => item.key)).toEqual(['room']);
      expect((await list('&query=%25')).data).toEqual([]);
    });

    it('pages with page and per_page, and refuses more than 200 per page', async () => {
      const second = await list('&per_page=3&page=2');
      expect(second.meta).toEqual({ current_page: 2, last_page: 2, per_page: 3, total: 4 });
      expect(second.data.map((item) => item.key)).toEqual(['parking']);
      const refused = await call(server(), 'GET', `${PATH}?per_page=201`, {
        subdomain: 'acme',
        token: admin,
      });
      expect(expectErrorShape(refused, 422).errors).toHaveProperty('per_page');
    });

    it('answers names in the user’s language, else in English', async () => {
      await server()
        .db.kysely.updateTable('users')
        .set({ language_id: lang.de! })
        .where('email', '=', ACCOUNTS.acmeAdmin)
        .execute();
      try {
        expect((await list()).data.map((item) => item.name)).toContain('Schließfach');
        await server()
          .db.kysely.updateTable('users')
          .set({ language_id: lang.it! })
          .where('email', '=', ACCOUNTS.acmeAdmin)
          .execute();
        // No Italian names: English, the fallback.
        expect((await list()).data.map((item) => item.name)).toContain('Locker');
      } finally {
        await server()
          .db.kysely.updateTable('users')
          .set({ language_id: lang.en! })
          .where('email', '=', ACCOUNTS.acmeAdmin)
          .execute();
      }
    });

    it('answers 403 to an employee without RESOURCE_TYPES', async () => {
      expectErrorShape(await call(server(), 'GET', PATH, { subdomain: 'acme', token: employee }), 403);
      expectErrorShape(
        await call(server(), 'GET', `${PATH}/all`, { subdomain: 'acme', token: employee }),
        403,
      );
    });
  });

  describe(`GET ${PATH}/all and /{id}`, () => {
    it('answers every type for the pickers, and one by id', async () => {
      const all = (await call(server(), 'GET', `${PATH}/all`, { subdomain: 'acme', token: admin })).json<{
        data: Item[];
      }>();
      expect(all.data).toHaveLength(4);
      const locker = all.data.find((item) => item.key === 'locker')!;
      const one = await call(server(), 'GET', `${PATH}/${locker.id}`, { subdomain: 'acme', token: admin });
      expect(one.json()).toEqual(locker);
    });

    it('lets a user with RESOURCES read (and no RESOURCE_TYPES) read the picker list', async () => {
      const acme = await server()
        .db.kysely.selectFrom('companies')
        .select('id')
        .where('subdomain', '=', 'acme')
        .executeTakeFirstOrThrow();
      const role = await server()
        .db.kysely.selectFrom('roles')
        .select('id')
        .where('company_id', '=', acme.id)
        .where('name', '=', 'Reception desk')
        .executeTakeFirstOrThrow();
      const permission = await server()
        .db.kysely.selectFrom('permissions')
        .select('id')
        .where('name', '=', 'RESOURCES')
        .executeTakeFirstOrThrow();
      await server()
        .db.kysely.insertInto('role_permissions')
        .values({ company_id: acme.id, role_id: role.id, permission_id: permission.id, can_read: true })
        .execute();
      const reception = await signIn(server(), ACCOUNTS.reception);
      expect(
        (await call(server(), 'GET', `${PATH}/all`, { subdomain: 'acme', token: reception })).statusCode,
      ).toBe(200);
      expectErrorShape(await call(server(), 'GET', PATH, { subdomain: 'acme', token: reception }), 403);
    });

    it('never answers another company’s type, even by id (404)', async () => {
      const acmeIds = (await list()).data.map((item) => item.id);
      for (const id of acmeIds) {
        expectErrorShape(
          await call(server(), 'GET', `${PATH}/${id}`, { subdomain: 'globex', token: globex }),
          404,
        );
        expectErrorShape(
          await call(server(), 'PUT', `${PATH}/${id}`, {
            subdomain: 'globex',
            token: globex,
            body: { icon: 'x' },
          }),
          404,
        );
        expectErrorShape(
          await call(server(), 'DELETE', `${PATH}/${id}`, { subdomain: 'globex', token: globex }),
          404,
        );
      }
      const theirs = await list('', globex, 'globex');
      expect(theirs.data.map((item) => item.name)).toEqual(['Board room', 'Hot desk']);
      expect(theirs.data.some((item) => acmeIds.includes(item.id))).toBe(false);
      expect((await list()).data).toHaveLength(4);
    });
  });

  describe(`POST, PUT and DELETE ${PATH}`, () => {
    it('adds a type with its names and a key from the company-language name, renames it, deletes it', async () => {
      const created = await call(server(), 'POST', PATH, {
        subdomain: 'acme',
        token: admin,
        body: {
          icon: 'box',
          is_bookable: false,
          translations: names('  Équipement  AV ', 'Matériel AV', ''),
        },
      });
      expect(created.statusCode, created.body).toBe(201);
      const item = created.json<Item>();
      expect(item).toMatchObject({
        key: 'equipement-av',
        name: 'Équipement  AV',
        is_bookable: false,
        icon: 'box',
      });
      expect(item.translations.map((t) => t.name)).toEqual(['Équipement  AV', 'Matériel AV']);

      const renamed = await call(server(), 'PUT', `${PATH}/${item.id}`, {
        subdomain: 'acme',
        token: admin,
        body: { translations: names('AV equipment', '', 'AV-Ausrüstung') },
      });
      expect(renamed.statusCode, renamed.body).toBe(200);
      expect(renamed.json()).toMatchObject({
        key: 'equipement-av',
        name: 'AV equipment',
        is_bookable: false,
      });
      expect(renamed.json<Item>().translations.map((t) => t.name)).toEqual(['AV equipment', 'AV-Ausrüstung']);

      const again = await call(server(), 'POST', PATH, {
        subdomain: 'acme',
        token: admin,
        body: { translations: names('Équipement AV!') },
      });
      expect(again.json<Item>().key).toBe('equipement-av-2');
      await call(server(), 'DELETE', `${PATH}/${again.json<Item>().id}`, { subdomain: 'acme', token: admin });

      const deleted = await call(server(), 'DELETE', `${PATH}/${item.id}`, {
        subdomain: 'acme',
        token: admin,
      });
      expect(deleted.statusCode).toBe(200);
      expectErrorShape(
        await call(server(), 'GET', `${PATH}/${item.id}`, { subdomain: 'acme', token: admin }),
        404,
      );
      expectErrorShape(
        await call(server(), 'DELETE', `${PATH}/${item.id}`, { subdomain: 'acme', token: admin }),
        404,
      );
    });

    it('answers 422 for a name already taken in that language (any case), and writes nothing', async () => {
      const before = await count();
      const response = await call(server(), 'POST', PATH, {
        subdomain: 'acme',
        token: admin,
        body: { translations: names('Kiosk', 'CASIER') },
      });
      expect(expectErrorShape(response, 422).errors).toEqual({
        'translations.1.name': ['The name has already been taken.'],
      });
      expect(await count()).toBe(before);
      // The same name in another company, or in another language, is fine.
      const elsewhere = await call(server(), 'POST', PATH, {
        subdomain: 'globex',
        token: globex,
        body: { translations: names('Locker') },
      });
      expect(elsewhere.statusCode, elsewhere.body).toBe(201);
    });

    it('answers 422 when renaming onto another type’s name, and keeps the old names', async () => {
      const desk = (await list('&query=desk')).data[0]!;
      const response = await call(server(), 'PUT', `${PATH}/${desk.id}`, {
        subdomain: 'acme',
        token: admin,
        body: { key: 'room', translations: names('Locker', 'Bureau') },
      });
      expect(expectErrorShape(response, 422).errors).toEqual({
        key: ['The key has already been taken.'],
        'translations.0.name': ['The name has already been taken.'],
      });
      const unchanged = await call(server(), 'GET', `${PATH}/${desk.id}`, {
        subdomain: 'acme',
        token: admin,
      });
      expect(unchanged.json()).toEqual(desk);
      // Its own names may be sent again unchanged.
      const same = await call(server(), 'PUT', `${PATH}/${desk.id}`, {
        subdomain: 'acme',
        token: admin,
        body: { translations: names('DESK', 'Bureau', 'Arbeitsplatz') },
      });
      expect(same.statusCode, same.body).toBe(200);
      await call(server(), 'PUT', `${PATH}/${desk.id}`, {
        subdomain: 'acme',
        token: admin,
        body: { translations: names('Desk', 'Bureau', 'Arbeitsplatz') },
      });
    });

    it('answers 422 "This field is required." without a name in the company’s language', async () => {
      const before = await count();
      const blank = await call(server(), 'POST', PATH, {
        subdomain: 'acme',
        token: admin,
        body: { translations: names('   ', 'Vestiaire') },
      });
      expect(expectErrorShape(blank, 422).errors).toEqual({
        'translations.0.name': ['This field is required.'],
      });
      const missing = await call(server(), 'POST', PATH, {
        subdomain: 'acme',
        token: admin,
        body: { translations: [{ language_id: lang.fr, name: 'Vestiaire' }] },
      });
      expect(expectErrorShape(missing, 422).errors).toEqual({ translations: ['This field is required.'] });
      const none = await call(server(), 'POST', PATH, { subdomain: 'acme', token: admin, body: {} });
      expect(expectErrorShape(none, 422).errors).toEqual({ translations: ['This field is required.'] });
      expect(await count()).toBe(before);
    });

    it('answers 422 for unknown fields, unknown languages and malformed keys', async () => {
      const before = await count();
      const unknown = await call(server(), 'POST', PATH, {
        subdomain: 'acme',
        token: admin,
        body: { translations: names('Bench'), company_id: 2 },
      });
      expect(expectErrorShape(unknown, 422).errors).toEqual({ company_id: ['Company id is not valid.'] });
      const language = await call(server(), 'POST', PATH, {
        subdomain: 'acme',
        token: admin,
        body: { translations: [...names('Bench'), { language_id: 9999, name: 'Banc' }] },
      });
      expect(expectErrorShape(language, 422).errors).toEqual({
        'translations.3.language_id': ['Language id is not valid.'],
      });
      const key = await call(server(), 'POST', PATH, {
        subdomain: 'acme',
        token: admin,
        body: { key: 'Not A Key', translations: names('Bench') },
      });
      expect(expectErrorShape(key, 422).errors).toEqual({ key: ['Key is not valid.'] });
      const long = await call(server(), 'POST', PATH, {
        subdomain: 'acme',
        token: admin,
        body: { translations: names('x'.repeat(121)) },
      });
      expect(expectErrorShape(long, 422).errors).toEqual({
        'translations.0.name': ['The field must contain 120 or fewer characters.'],
      });
      expect(await count()).toBe(before);
    });

    it('answers 403 to an employee for every change', async () => {
      const desk = (await list('&query=desk')).data[0]!;
      expectErrorShape(
        await call(server(), 'POST', PATH, {
          subdomain: 'acme',
          token: employee,
          body: { translations: names('Mine') },
        }),
        403,
      );
      expectErrorShape(
        await call(server(), 'PUT', `${PATH}/${desk.id}`, {
          subdomain: 'acme',
          token: employee,
          body: { icon: 'x' },
        }),
        403,
      );
      expectErrorShape(
        await call(server(), 'DELETE', `${PATH}/${desk.id}`, { subdomain: 'acme', token: employee }),
        403,
      );
    });

    it('answers 409 to a delete while resources still use the type', async () => {
      const db = server().db.kysely;
      const room = (await list('&query=meeting')).data[0]!;
      const level = await db
        .selectFrom('levels as l')
        .innerJoin('companies as c', 'c.id', 'l.company_id')
        .select('l.id')
        .where('c.subdomain', '=', 'acme')
        .executeTakeFirstOrThrow();
      const created = await call(server(), 'POST', '/api/company/v1/resources', {
        subdomain: 'acme',
        token: admin,
        body: { level_id: level.id, resource_type_id: room.id, translations: names('Type check room') },
      });
      expect(created.statusCode, created.body).toBe(201);
      const refused = await call(server(), 'DELETE', `${PATH}/${room.id}`, {
        subdomain: 'acme',
        token: admin,
      });
      expect(expectErrorShape(refused, 409).message).toBe(
        'This resource type is used by resources and cannot be deleted.',
      );
      expect(
        (await call(server(), 'GET', `${PATH}/${room.id}`, { subdomain: 'acme', token: admin })).statusCode,
      ).toBe(200);
    });
  });
});
