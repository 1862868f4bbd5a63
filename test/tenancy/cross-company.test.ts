import { beforeAll, describe, expect, it } from 'vitest';
import { operationsUnder, type ApiDocument, type Method } from '../support/api-document';
import { describeEachDatabase } from '../support/server-app';
import { ACCOUNTS, call, expectErrorShape, signIn } from '../support/server-factories';
import { givenOwnedRecords, type OwnedRecords } from './owned-records.fixtures';

interface Operation {
  method: Method;
  path: string;
  url: string;
  secured: boolean;
}

const SAMPLE_PARAMS: Record<string, string> = {
  id: '4',
  token: 'sample-token',
  code: '123456',
  locale: 'en',
  type: 'resource',
  section: 'dashboard',
};

/** Every route of the OpenAPI document under a prefix, with sample values for its parameters. */
function sampleOperationsUnder(document: ApiDocument, prefix: string): Operation[] {
  return operationsUnder(document, prefix).map(({ method, path, secured }) => ({
    method,
    path,
    url:
      path.replace(/\{(\w+)\}/g, (_whole, name: string) => SAMPLE_PARAMS[name] ?? '1') +
      (path.endsWith('/help-pages/lookup') ? '?path=/home' : '') +
      (path.endsWith('/plan/scan') ? '?type_id=1&element_id=4' : '') +
      (path.endsWith('/reports/filters') ? '?section=dashboard' : ''),
    secured,
  }));
}

describeEachDatabase('tenancy', (server) => {
  let company: Operation[];
  let master: Operation[];
  let acme: string;
  let globex: string;
  let platform: string;
  let owned: OwnedRecords;

  beforeAll(async () => {
    const document = (await call(server(), 'GET', '/api/docs/json')).json<ApiDocument>();
    company = sampleOperationsUnder(document, '/api/company/v1/');
    master = sampleOperationsUnder(document, '/api/master/v1/');
    acme = await signIn(server(), ACCOUNTS.acmeAdmin, 'acme');
    globex = await signIn(server(), ACCOUNTS.globexAdmin, 'globex');
    platform = await signIn(server(), ACCOUNTS.platform, null);
    // acme's bookings 1…4, so that the routes reading one booking by id have one of acme's to answer.
    const db = server().db.kysely;
    const admin = await db
      .selectFrom('users')
      .select(['id', 'company_id'])
      .where('email', '=', ACCOUNTS.acmeAdmin)
      .executeTakeFirstOrThrow();
    const resource = await db
      .selectFrom('resources')
      .select('id')
      .where('company_id', '=', admin.company_id!)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('declarations')
      .values(
        [1, 2, 3, 4].map((days) => ({
          company_id: admin.company_id!,
          resource_id: resource.id,
          user_id: admin.id,
          starts_at: new Date(Date.now() + days * 86_400_000),
          ends_at: new Date(Date.now() + days * 86_400_000 + 3_600_000),
        })),
      )
      .execute();
    // acme's booking preset 1, so that bookings/grid/{presetId} has one of acme's to answer.
    await db
      .insertInto('booking_presets')
      .values({ company_id: admin.company_id!, user_id: admin.id, name: 'Sample', preset: '{}' })
      .execute();
    // acme's connectors, SSO connector, Outlook meeting and scheduler meeting: the routes reading
    // them are called at addresses naming these records (their sample ids would name nothing).
    owned = await givenOwnedRecords(server(), acme);
    for (const operation of company) operation.url = owned.urls[operation.path] ?? operation.url;
  });

  describe('every company route', () => {
    it('is found in the API document, most of them behind a token', () => {
      expect(company.filter((operation) => operation.secured).length).toBeGreaterThanOrEqual(8);
    });

    it('refuses another company’s token and never answers that company’s data', async () => {
      for (const operation of company.filter((candidate) => candidate.secured)) {
        const response = await call(server(), operation.method, operation.url, {
          subdomain: 'acme',
          token: globex,
          body: {},
        });
        expect([401, 403], `${operation.method} ${operation.path}: ${response.body}`).toContain(
          response.statusCode,
        );
        expectErrorShape(response);
        expect(response.body).not.toMatch(/acme|globex/i);
      }
    });

    it('refuses a platform administrator’s token with 403', async () => {
      for (const operation of company.filter((candidate) => candidate.secured)) {
        const response = await call(server(), operation.method, operation.url, {
          subdomain: 'acme',
          token: platform,
          body: {},
        });
        expect(response.statusCode, `${operation.method} ${operation.path}`).toBe(403);
        expectErrorShape(response);
      }
    });

    it('answers 404 without a Subdomain or with an unknown one, whatever the token', async () => {
      for (const operation of company) {
        for (const subdomain of [null, 'initech']) {
          const response = await call(server(), operation.method, operation.url, {
            subdomain,
            token: acme,
            body: {},
          });
          expect(response.statusCode, `${operation.method} ${operation.path} with ${subdomain}`).toBe(404);
          expectErrorShape(response);
        }
      }
    });

    it('accepts the company’s own token (the refusals above are about the company, not the route)', async () => {
      const refused: string[] = [];
      for (const operation of company.filter(
        (candidate) => candidate.secured && candidate.method === 'GET' && !candidate.path.endsWith('/logout'),
      )) {
        const response = await call(server(), operation.method, operation.url, {
          subdomain: 'acme',
          token: acme,
        });
        if (response.statusCode !== 200)
          refused.push(`${operation.method} ${operation.path}: ${response.statusCode} ${response.body}`);
      }
      expect(refused).toEqual([]);
    });

    it('answers 404 to another company, on its own host, for a record of acme’s', async () => {
      // The user's own calendar link and consent address name no record (they are the caller's own),
      // and the Outlook room and place searches are searches: the room search has its own test below.
      const byRecord = company.filter(
        (operation) =>
          operation.method === 'GET' &&
          operation.path in owned.urls &&
          !operation.path.includes('{provider}') &&
          !operation.path.endsWith('/outlook/resources') &&
          !operation.path.endsWith('/outlook/places') &&
          // every company has its own audit-log switch at configs/1
          !operation.path.endsWith('/logs/configs/{id}') &&
          // a desk named in the query is refused as any field naming another company's record: 422
          !operation.path.endsWith('/visitors/report'),
      );
      expect(byRecord.length).toBe(56);
      for (const operation of byRecord) {
        const response = await call(server(), 'GET', operation.url, { subdomain: 'globex', token: globex });
        expect(response.statusCode, `GET ${operation.url}: ${response.body}`).toBe(404);
        expectErrorShape(response);
        expect(response.body).not.toMatch(/acme|tenancy/i);
      }
    });

    it('never lists acme’s room in another company’s Outlook room search', async () => {
      const url = owned.urls['/api/company/v1/outlook/resources']!;
      const fromAcme = await call(server(), 'GET', url, { subdomain: 'acme', token: acme });
      const fromGlobex = await call(server(), 'GET', url, { subdomain: 'globex', token: globex });
      expect(fromGlobex.statusCode, fromGlobex.body).toBe(200);
      const ids = (response: typeof fromAcme) =>
        response.json<{ data: { id: number }[] }>().data.map((room) => room.id);
      expect(ids(fromAcme)).toContain(owned.roomId);
      expect(ids(fromGlobex)).not.toContain(owned.roomId);
    });

    it('answers another company’s own calendar link and consent address from its own connectors', async () => {
      const link = await call(
        server(),
        'GET',
        owned.urls['/api/company/v1/users/calendar-links/{provider}']!,
        {
          subdomain: 'globex',
          token: globex,
        },
      );
      expect(link.statusCode, link.body).toBe(200);
      // acme's active Outlook connector is not globex's: globex has none, so no consent address.
      expect(link.json()).toMatchObject({ provider: 'outlook', available: false, status: 'none' });
      const consent = await call(
        server(),
        'GET',
        owned.urls['/api/company/v1/users/calendar-auth-url/{provider}']!,
        {
          subdomain: 'globex',
          token: globex,
        },
      );
      expect(consent.body).not.toMatch(/tenancy/i);
      expect(expectErrorShape(consent, 409).message).toBe(
        'No active calendar connector for this provider. Ask your administrator to add one.',
      );
    });
  });

  describe('every master route', () => {
    it('refuses a company token with 403', async () => {
      const secured = master.filter((operation) => operation.secured);
      expect(secured.length).toBeGreaterThanOrEqual(4);
      for (const operation of secured) {
        for (const token of [acme, globex]) {
          const response = await call(server(), operation.method, operation.url, { token, body: {} });
          expect(response.statusCode, `${operation.method} ${operation.path}`).toBe(403);
          expectErrorShape(response);
        }
      }
    });

    it('lets the platform administrator in', async () => {
      for (const operation of master.filter(
        (candidate) => candidate.secured && candidate.method === 'GET' && !candidate.path.endsWith('/logout'),
      )) {
        const response = await call(server(), operation.method, operation.url, { token: platform });
        // A sample id may name no record (companies/4): "not found" is an answer, a refusal is not.
        const expected = operation.path.includes('{') ? [200, 404] : [200];
        expect(expected, `${operation.method} ${operation.path}: ${response.body}`).toContain(
          response.statusCode,
        );
      }
    });
  });

  describe('GET /api/company/v1/initial-data', () => {
    it('answers each company only its own company and user', async () => {
      const fromAcme = (
        await call(server(), 'GET', '/api/company/v1/initial-data', { subdomain: 'acme', token: acme })
      ).json();
      const fromGlobex = (
        await call(server(), 'GET', '/api/company/v1/initial-data', { subdomain: 'globex', token: globex })
      ).json();
      expect(fromAcme.company.subdomain).toBe('acme');
      expect(fromGlobex.company.subdomain).toBe('globex');
      expect(JSON.stringify(fromAcme)).not.toContain('globex');
      expect(JSON.stringify(fromGlobex)).not.toContain('acme');
    });

    it('refuses an employee token of acme with Subdomain: globex', async () => {
      const employee = await signIn(server(), ACCOUNTS.employee, 'acme');
      const response = await call(server(), 'GET', '/api/company/v1/initial-data', {
        subdomain: 'globex',
        token: employee,
      });
      expect(expectErrorShape(response, 401).message).toBe('This token belongs to another company.');
    });
  });
});
