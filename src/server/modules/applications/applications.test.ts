import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../test/support/server-app';
import {
  ACCOUNTS,
  call,
  companyIdOf,
  expectErrorShape,
  signIn,
} from '../../../../test/support/server-factories';

describeEachDatabase('applications', (server) => {
  let employee: string;
  let platform: string;
  beforeAll(async () => {
    employee = await signIn(server(), ACCOUNTS.employee);
    platform = await signIn(server(), ACCOUNTS.platform, null);
  });

  describe('GET /api/company/v1/applications/all', () => {
    it('lists the spec’s applications with their ids', async () => {
      const response = await call(server(), 'GET', '/api/company/v1/applications/all', {
        subdomain: 'acme',
        token: employee,
      });
      expect(response.json().data.map((app: { id: number; key: string }) => [app.id, app.key])).toEqual([
        [4, 'hub'],
        [5, 'maps'],
        [7, 'real-time'],
        [8, 'plan'],
        [11, 'visitor'],
        [12, 'one-click'],
        [13, 'my-visits'],
        [14, 'bookings'],
      ]);
    });

    it('needs a session', async () => {
      expectErrorShape(
        await call(server(), 'GET', '/api/company/v1/applications/all', { subdomain: 'acme' }),
        401,
      );
    });
  });

  describe('GET /api/company/v1/applications/{id} and /{id}/versions', () => {
    it('answers one application and its versions, 404 for an unknown id, 422 for a malformed one', async () => {
      expect(
        (
          await call(server(), 'GET', '/api/company/v1/applications/8', {
            subdomain: 'acme',
            token: employee,
          })
        ).json(),
      ).toEqual({ id: 8, key: 'plan', name: 'Plan' });
      const versions = (
        await call(server(), 'GET', '/api/company/v1/applications/8/versions', {
          subdomain: 'acme',
          token: employee,
        })
      ).json();
      expect(versions.data[0]).toMatchObject({ application_id: 8, version: '1.0.0' });
      expectErrorShape(
        await call(server(), 'GET', '/api/company/v1/applications/9', { subdomain: 'acme', token: employee }),
        404,
      );
      expectErrorShape(
        await call(server(), 'GET', '/api/company/v1/applications/abc', {
          subdomain: 'acme',
          token: employee,
        }),
        422,
      );
    });
  });

  describe('POST /api/master/v1/applications/{id}/versions', () => {
    it('adds a version for a platform administrator, 409 for a duplicate', async () => {
      const body = { version: '1.1.0', notes: 'Faster plan.' };
      const created = await call(server(), 'POST', '/api/master/v1/applications/8/versions', {
        token: platform,
        body,
      });
      expect(created.statusCode).toBe(201);
      expect(created.json()).toMatchObject({ application_id: 8, version: '1.1.0', notes: 'Faster plan.' });
      expectErrorShape(
        await call(server(), 'POST', '/api/master/v1/applications/8/versions', { token: platform, body }),
        409,
      );
      const versions = (
        await call(server(), 'GET', '/api/master/v1/applications/8/versions', { token: platform })
      ).json();
      expect(versions.data.map((v: { version: string }) => v.version)).toContain('1.1.0');
    });

    it('refuses a company token and validates the version', async () => {
      expectErrorShape(
        await call(server(), 'POST', '/api/master/v1/applications/8/versions', {
          token: employee,
          body: { version: '2.0' },
        }),
        403,
      );
      const invalid = expectErrorShape(
        await call(server(), 'POST', '/api/master/v1/applications/8/versions', {
          token: platform,
          body: { version: 'two' },
        }),
        422,
      );
      expect(invalid.errors).toEqual({ version: ['Version is not valid.'] });
    });
  });

  describe('GET /api/company/v1/applications/{id}/accepted-by-user', () => {
    it('is accepted with no documents, and follows the published documents and acceptances', async () => {
      const url = '/api/company/v1/applications/8/accepted-by-user';
      expect((await call(server(), 'GET', url, { subdomain: 'acme', token: employee })).json()).toEqual({
        accepted: true,
        unaccepted_document_ids: [],
      });

      const db = server().db.kysely;
      const acme = await companyIdOf(server(), 'acme');
      const globex = await companyIdOf(server(), 'globex');
      const document = await db
        .insertInto('company_documents')
        .values({ company_id: acme })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('company_document_applications')
        .values({ company_id: acme, document_id: document.id, application_id: 8 })
        .execute();
      const future = await db
        .insertInto('company_documents')
        .values({ company_id: acme, publish_date: new Date(Date.now() + 86_400_000) })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('company_document_applications')
        .values({ company_id: acme, document_id: future.id, application_id: 8 })
        .execute();
      const elsewhere = await db
        .insertInto('company_documents')
        .values({ company_id: globex })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('company_document_applications')
        .values({ company_id: globex, document_id: elsewhere.id, application_id: 8 })
        .execute();

      expect((await call(server(), 'GET', url, { subdomain: 'acme', token: employee })).json()).toEqual({
        accepted: false,
        unaccepted_document_ids: [document.id],
      });
      const user = await db
        .selectFrom('users')
        .select('id')
        .where('email', '=', ACCOUNTS.employee)
        .executeTakeFirstOrThrow();
      await db
        .insertInto('document_acceptances')
        .values({ company_id: acme, document_id: document.id, user_id: user.id })
        .execute();
      expect((await call(server(), 'GET', url, { subdomain: 'acme', token: employee })).json()).toEqual({
        accepted: true,
        unaccepted_document_ids: [],
      });
      expect(
        (
          await call(server(), 'GET', '/api/company/v1/applications/14/accepted-by-user', {
            subdomain: 'acme',
            token: employee,
          })
        ).json().accepted,
      ).toBe(true);
    });
  });
});
