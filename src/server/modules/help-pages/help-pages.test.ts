import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../test/support/server-app';
import { ACCOUNTS, call, expectErrorShape, signIn } from '../../../../test/support/server-factories';

describeEachDatabase('help pages', (server) => {
  let employee: string;
  beforeAll(async () => {
    employee = await signIn(server(), ACCOUNTS.employee);
  });

  describe('GET /api/company/v1/help-pages/lookup', () => {
    it('finds a page by the route path without numeric segments, in the user’s language', async () => {
      const response = await call(server(), 'GET', '/api/company/v1/help-pages/lookup?path=/level/12/edit/', {
        subdomain: 'acme',
        token: employee,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ path: '/level/edit', title: 'Editing a level' });
    });

    it('answers in the ?lang language, English where the page has none', async () => {
      const french = await call(server(), 'GET', '/api/company/v1/help-pages/lookup?path=/home&lang=fr', {
        subdomain: 'acme',
        token: employee,
      });
      expect(french.json().title).toBe('Accueil');
      const italian = await call(server(), 'GET', '/api/company/v1/help-pages/lookup?path=/home&lang=it', {
        subdomain: 'acme',
        token: employee,
      });
      expect(italian.json().title).toBe('Home');
    });

    it('answers 404 when a route has no help, and 422 without a path', async () => {
      expectErrorShape(
        await call(server(), 'GET', '/api/company/v1/help-pages/lookup?path=/reports', {
          subdomain: 'acme',
          token: employee,
        }),
        404,
      );
      expectErrorShape(
        await call(server(), 'GET', '/api/company/v1/help-pages/lookup', {
          subdomain: 'acme',
          token: employee,
        }),
        422,
      );
    });
  });

  describe('GET /api/company/v1/help-pages/lookup without a session', () => {
    it('answers the company login screen its help, in the asked language', async () => {
      const login = await call(server(), 'GET', '/api/company/v1/help-pages/lookup?path=/login&lang=de', {
        subdomain: 'acme',
      });
      expect(login.statusCode).toBe(200);
      expect(login.json().title).toBe('Anmeldung');
    });

    it('lists the paths that have help, so that no screen asks for a help it does not have (no 404 per page)', async () => {
      const index = await call(server(), 'GET', '/api/company/v1/help-pages/index?lang=de', {
        subdomain: 'acme',
      });
      expect(index.statusCode, index.body).toBe(200);
      const entries = index.json<{ data: Array<{ path: string; title: string }> }>().data;
      expect(entries.find((entry) => entry.path === '/calendar')?.title).toBe('Ihre Buchungen');
      expect(entries.map((entry) => entry.path)).toEqual(
        expect.arrayContaining(['/login', '/plan', '/home']),
      );
    });

    it('still needs a company that exists', async () => {
      expectErrorShape(
        await call(server(), 'GET', '/api/company/v1/help-pages/lookup?path=/login', {
          subdomain: 'nowhere',
        }),
        404,
      );
    });
  });

  describe('GET /api/master/v1/help-pages/lookup and index', () => {
    it('is public, for the sign-in screens', async () => {
      const login = await call(server(), 'GET', '/api/master/v1/help-pages/lookup?path=/login&lang=de');
      expect(login.json().title).toBe('Anmeldung');
      const index = (await call(server(), 'GET', '/api/master/v1/help-pages/index?lang=fr')).json();
      expect(index.data.map((page: { path: string }) => page.path)).toEqual([
        '/about',
        '/bookings',
        '/bookings-grid',
        '/calendar',
        '/forgot-password',
        '/help-and-documents',
        '/home',
        '/level/edit',
        '/levels',
        '/login',
        '/manage-users',
        '/pass',
        '/permissions',
        '/plan',
        '/preferences',
        '/profile',
        '/resources',
        '/scheduler',
        '/tmp-code',
      ]);
      expect(index.data.find((page: { path: string }) => page.path === '/about').title).toBe('À propos');
    });
  });
});
