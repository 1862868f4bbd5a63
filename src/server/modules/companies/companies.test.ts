import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase, type TestServer } from '../../../../test/support/server-app';
import {
  ACCOUNTS,
  call,
  companyIdOf,
  expectErrorShape,
  freshIp,
  signIn,
} from '../../../../test/support/server-factories';
import { purgeDeletedCompanies } from './company-purge';

const PATH = '/api/master/v1/companies';

async function referenceIds(server: TestServer) {
  const db = server.db.kysely;
  const id = async (table: 'countries' | 'languages' | 'data_regions' | 'company_types', code: string) =>
    (await db.selectFrom(table).select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
  return {
    country_id: await id('countries', 'FR'),
    language_id: await id('languages', 'fr'),
    data_region_id: await id('data_regions', 'EU'),
    company_type_id: await id('company_types', 'SME'),
    timezone: 'Europe/Paris',
  };
}

/** The password link of the last mail to `to`, as the invitation wrote it. */
async function invitationLink(server: TestServer, to: string): Promise<URL> {
  const mail = await server.db.kysely
    .selectFrom('outbox')
    .select(['subject', 'text_body'])
    .where('to_address', '=', to)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const link = /https?:\/\/\S+/.exec(mail.text_body)?.[0];
  expect(link, mail.text_body).toBeDefined();
  return new URL(link!);
}

async function rowsOf(server: TestServer, companyId: number): Promise<number> {
  const tables = [
    'users',
    'roles',
    'user_containers',
    'company_preferences',
    'resource_types',
    'levels',
    'resources',
  ];
  let total = 0;
  for (const table of tables) {
    const { rows } = await sql<{
      n: number;
    }>`select count(*)::int as n from ${sql.table(table)} where company_id = ${companyId}`.execute(
      server.db.kysely,
    );
    total += rows[0]!.n;
  }
  return total;
}

describeEachDatabase('master companies', (server) => {
  let platform: string;
  let acmeAdmin: string;
  let refs: Awaited<ReturnType<typeof referenceIds>>;
  const create = (body: Record<string, unknown>, token = platform) =>
    call(server(), 'POST', PATH, { token, body });

  beforeAll(async () => {
    platform = await signIn(server(), ACCOUNTS.platform, null);
    acmeAdmin = await signIn(server(), ACCOUNTS.acmeAdmin, 'acme');
    refs = await referenceIds(server());
  });

  describe('GET /api/master/v1/companies/all', () => {
    it('lists every company with its user count', async () => {
      const response = await call(server(), 'GET', `${PATH}/all`, { token: platform });
      expect(response.statusCode).toBe(200);
      const acme = response
        .json()
        .data.find((company: { subdomain: string }) => company.subdomain === 'acme');
      expect(acme).toMatchObject({ name: 'Acme Corporation', deleted_at: null });
      expect(acme.users_count).toBeGreaterThanOrEqual(4);
    });

    it('refuses a company administrator’s token with 403, with or without a Subdomain header', async () => {
      for (const subdomain of [null, 'acme']) {
        const response = await call(server(), 'GET', `${PATH}/all`, { token: acmeAdmin, subdomain });
        expectErrorShape(response, 403);
      }
      expectErrorShape(await call(server(), 'GET', `${PATH}/all`), 401);
    });
  });

  describe('POST /api/master/v1/companies', () => {
    it('provisions Initech and invites its first administrator, who sets a password on the company host', async () => {
      const response = await create({
        name: 'Initech',
        subdomain: 'Initech ',
        ...refs,
        admin_email: 'Bill@Initech.test',
        admin_first_name: 'Bill',
        admin_last_name: 'Lumbergh',
      });
      expect(response.statusCode, response.body).toBe(201);
      const company = response.json();
      expect(company).toMatchObject({
        name: 'Initech',
        subdomain: 'initech',
        users_count: 1,
        deleted_at: null,
      });

      const db = server().db.kysely;
      // No currency in the body (the master form has no currency picker): the platform's default.
      const euro = await db
        .selectFrom('currencies')
        .select('id')
        .where('code', '=', 'EUR')
        .executeTakeFirstOrThrow();
      expect(company.currency_id).toBe(euro.id);
      const roles = await db
        .selectFrom('roles')
        .select('name')
        .where('company_id', '=', company.id)
        .execute();
      expect(roles.map((role) => role.name).sort()).toEqual(['Administrator', 'Employee']);
      const types = await db
        .selectFrom('resource_types')
        .select('key')
        .where('company_id', '=', company.id)
        .execute();
      expect(types.map((type) => type.key).sort()).toEqual(['desk', 'room']);
      const preferences = await db
        .selectFrom('company_preferences')
        .select('key')
        .where('company_id', '=', company.id)
        .execute();
      expect(preferences.map((preference) => preference.key)).toEqual(
        expect.arrayContaining(['PLAN', 'StartUpPage']),
      );

      const link = await invitationLink(server(), 'bill@initech.test');
      expect(link.hostname).toBe('initech.workplace.localhost');
      expect(link.pathname).toBe('/accept-invitation');
      const reset = await call(server(), 'POST', '/api/company/v1/auth/invitation', {
        subdomain: 'initech',
        body: {
          token: link.searchParams.get('token'),
          password: 'initech-2026',
          password_confirmation: 'initech-2026',
        },
      });
      expect(reset.statusCode, reset.body).toBe(200);
      const login = await call(server(), 'POST', '/api/company/v1/auth/login?includes=all', {
        subdomain: 'initech',
        body: { email: 'bill@initech.test', password: 'initech-2026' },
        ip: freshIp(),
      });
      expect(login.statusCode, login.body).toBe(200);
      const permissions = login.json().general_permissions.map((p: { permission: string }) => p.permission);
      expect(permissions).toEqual(expect.arrayContaining(['LEVELS', 'RESOURCES', 'COMPANY_PROFILE']));
      expect(login.json().company.subdomain).toBe('initech');
    });

    it.each([
      ['www', 'This subdomain is reserved.'],
      ['staging', 'This subdomain is reserved.'],
      ['acme', 'This subdomain is already taken.'],
      ['-acme', 'A subdomain starts and ends with a letter or a digit.'],
      ['ac_me', 'Use lower-case letters, digits and hyphens only.'],
      ['', 'This field is required.'],
    ])('answers 422 for the subdomain %j: %s, and writes nothing', async (subdomain, message) => {
      const before = await server().db.kysely.selectFrom('companies').select('id').execute();
      const response = await create({ name: 'Hooli', subdomain, ...refs, admin_email: 'gavin@hooli.test' });
      expect(expectErrorShape(response, 422).errors?.subdomain).toEqual([message]);
      expect(await server().db.kysely.selectFrom('companies').select('id').execute()).toHaveLength(
        before.length,
      );
    });

    it('answers 422 with field errors for missing and unknown values, and writes nothing', async () => {
      const empty = expectErrorShape(await create({}), 422);
      expect(empty.errors).toMatchObject({
        name: ['This field is required.'],
        admin_email: ['This field is required.'],
      });
      const unknown = expectErrorShape(
        await create({
          name: 'Hooli',
          subdomain: 'hooli',
          ...refs,
          country_id: 99999,
          timezone: 'Mars/Olympus',
          admin_email: 'g@hooli.test',
        }),
        422,
      );
      expect(unknown.errors).toEqual({
        country_id: ['Country is not valid.'],
        timezone: ['Timezone is not valid.'],
      });
      expect(
        await server()
          .db.kysely.selectFrom('companies')
          .select('id')
          .where('subdomain', '=', 'hooli')
          .execute(),
      ).toEqual([]);
      expect(
        await server()
          .db.kysely.selectFrom('outbox')
          .select('id')
          .where('to_address', '=', 'g@hooli.test')
          .execute(),
      ).toEqual([]);
    });
  });

  describe('PUT /api/master/v1/companies/{id}', () => {
    it('changes the name, timezone and data region of one company only', async () => {
      const globexId = await companyIdOf(server(), 'globex');
      const acmeBefore = (
        await call(server(), 'GET', `${PATH}/${await companyIdOf(server(), 'acme')}`, { token: platform })
      ).json();
      const response = await call(server(), 'PUT', `${PATH}/${globexId}`, {
        token: platform,
        body: { name: 'Globex Corporation', timezone: 'America/Chicago' },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({
        name: 'Globex Corporation',
        timezone: 'America/Chicago',
        subdomain: 'globex',
      });
      const acmeAfter = (await call(server(), 'GET', `${PATH}/${acmeBefore.id}`, { token: platform })).json();
      expect(acmeAfter).toEqual(acmeBefore);
      await call(server(), 'PUT', `${PATH}/${globexId}`, {
        token: platform,
        body: { name: 'Globex', timezone: 'America/New_York' },
      });
    });

    it('changes one default alone, as a picker of edit-company sends it', async () => {
      const globexId = await companyIdOf(server(), 'globex');
      const before = (await call(server(), 'GET', `${PATH}/${globexId}`, { token: platform })).json();
      const response = await call(server(), 'PUT', `${PATH}/${globexId}`, {
        token: platform,
        body: { country_id: refs.country_id },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ ...before, country_id: refs.country_id });
      await call(server(), 'PUT', `${PATH}/${globexId}`, {
        token: platform,
        body: { country_id: before.country_id },
      });
    });

    it('refuses a subdomain change and unknown values with 422', async () => {
      const globexId = await companyIdOf(server(), 'globex');
      expectErrorShape(
        await call(server(), 'PUT', `${PATH}/${globexId}`, { token: platform, body: { subdomain: 'evil' } }),
        422,
      );
      const bad = expectErrorShape(
        await call(server(), 'PUT', `${PATH}/${globexId}`, {
          token: platform,
          body: { data_region_id: 99999, name: ' ' },
        }),
        422,
      );
      expect(bad.errors).toMatchObject({ name: ['This field is required.'] });
      expectErrorShape(
        await call(server(), 'PUT', `${PATH}/99999`, { token: platform, body: { name: 'X' } }),
        404,
      );
    });
  });

  describe('DELETE /api/master/v1/companies/{id}', () => {
    it('stops the company’s host at once, keeps its data until the purge, and touches no other company', async () => {
      const created = await create({
        name: 'Soon Gone',
        subdomain: 'soon-gone',
        ...refs,
        admin_email: 'a@soon-gone.test',
      });
      expect(created.statusCode, created.body).toBe(201);
      const id = created.json().id as number;
      const acmeId = await companyIdOf(server(), 'acme');
      const acmeRows = await rowsOf(server(), acmeId);
      const ownRows = await rowsOf(server(), id);

      const deleted = await call(server(), 'DELETE', `${PATH}/${id}`, { token: platform });
      expect(deleted.statusCode, deleted.body).toBe(200);
      expect(deleted.json().deleted_at).not.toBeNull();
      expect(new Date(deleted.json().purge_after).getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);
      expectErrorShape(
        await call(server(), 'POST', '/api/company/v1/auth/login', {
          subdomain: 'soon-gone',
          body: { email: 'a@soon-gone.test', password: 'whatever1' },
          ip: freshIp(),
        }),
        404,
      );
      expect(await rowsOf(server(), id)).toBe(ownRows);
      // Acme still answers.
      expect(
        (await call(server(), 'GET', '/api/company/v1/initial-data', { subdomain: 'acme', token: acmeAdmin }))
          .statusCode,
      ).toBe(200);

      // Not due yet: the purge keeps it.
      expect(await purgeDeletedCompanies(server().db.kysely)).toEqual([]);
      await server()
        .db.kysely.updateTable('companies')
        .set({ purge_after: new Date(Date.now() - 1000) })
        .where('id', '=', id)
        .execute();
      expect(await purgeDeletedCompanies(server().db.kysely)).toEqual([id]);
      expect(await rowsOf(server(), id)).toBe(0);
      expect(await rowsOf(server(), acmeId)).toBe(acmeRows);
      expectErrorShape(await call(server(), 'GET', `${PATH}/${id}`, { token: platform }), 404);
    });

    it('ends the sessions of the deleted company, and a restore lets its users sign in again', async () => {
      const created = await create({
        name: 'Back Again',
        subdomain: 'back-again',
        ...refs,
        admin_email: 'a@back-again.test',
      });
      const id = created.json().id as number;
      const hash = (
        await server()
          .db.kysely.selectFrom('users')
          .select('password_hash')
          .where('email', '=', ACCOUNTS.acmeAdmin)
          .executeTakeFirstOrThrow()
      ).password_hash;
      await server()
        .db.kysely.updateTable('users')
        .set({ password_hash: hash })
        .where('company_id', '=', id)
        .execute();
      const token = await signIn(server(), 'a@back-again.test', 'back-again');
      expect(
        (await call(server(), 'GET', '/api/company/v1/initial-data', { subdomain: 'back-again', token }))
          .statusCode,
      ).toBe(200);

      await call(server(), 'DELETE', `${PATH}/${id}`, { token: platform });
      expectErrorShape(
        await call(server(), 'GET', '/api/company/v1/initial-data', { subdomain: 'back-again', token }),
        404,
      );
      expectErrorShape(
        await call(server(), 'PUT', `${PATH}/${id}`, { token: platform, body: { name: 'X' } }),
        409,
      );

      const restored = await call(server(), 'POST', `${PATH}/${id}/restore`, { token: platform });
      expect(restored.json()).toMatchObject({ deleted_at: null, purge_after: null });
      // The old session stays ended; a new sign-in works.
      expectErrorShape(
        await call(server(), 'GET', '/api/company/v1/initial-data', { subdomain: 'back-again', token }),
        401,
      );
      await signIn(server(), 'a@back-again.test', 'back-again');
    });
  });
});
