import { describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../test/support/server-app';
import {
  ACCOUNTS,
  call,
  claimsOf,
  companyIdOf,
  DEMO_PASSWORD,
  expectErrorShape,
  freshIp,
  signIn,
} from '../../../../test/support/server-factories';

const COMPANY = '/api/company/v1';
const MASTER = '/api/master/v1';

describeEachDatabase('auth sessions', (server) => {
  describe('POST /api/company/v1/auth/login', () => {
    it('answers a token whose claims carry sub, exp, iat, jti and the company as audience', async () => {
      const response = await call(server(), 'POST', `${COMPANY}/auth/login`, {
        subdomain: 'acme',
        body: { email: ACCOUNTS.employee, password: DEMO_PASSWORD },
        ip: freshIp(),
      });
      expect(response.statusCode).toBe(200);
      const body = response.json<{ access_token: string; subdomain: string }>();
      expect(body.subdomain).toBe('acme');
      const claims = claimsOf(body.access_token);
      expect(claims).toMatchObject({ aud: String(await companyIdOf(server(), 'acme')) });
      expect(typeof claims.sub).toBe('string');
      expect(claims.exp).toBe((claims.iat as number) + server().config.accessTokenTtl);
      expect(claims.jti).toMatch(/^[0-9a-f-]{36}$/);
    });

    it('answers the initial response with includes=all', async () => {
      const response = await call(server(), 'POST', `${COMPANY}/auth/login?includes=all`, {
        subdomain: 'acme',
        body: { email: ACCOUNTS.employee, password: DEMO_PASSWORD },
        ip: freshIp(),
      });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.user).toMatchObject({
        email: ACCOUNTS.employee,
        language: { code: 'en' },
        is_platform_admin: false,
      });
      expect(body.company).toMatchObject({ subdomain: 'acme', name: 'Acme Corporation' });
      expect(body.subdomain).toBe('acme');
      expect(body.startup_page).toBe('PLAN');
      expect(body.general_permissions.map((p: { permission: string }) => p.permission)).toContain('PLAN');
      expect(body.labels.length).toBeGreaterThan(60);
      expect(body.languages.map((l: { code: string }) => l.code)).toEqual(
        expect.arrayContaining(['en', 'fr', 'de']),
      );
      expect(body.countries.length).toBeGreaterThanOrEqual(20);
      expect(body.timezones.find((t: { name: string }) => t.name === 'Europe/Zurich')).toMatchObject({
        offset: '+01:00',
      });
      expect(body.currencies.length).toBeGreaterThanOrEqual(10);
      expect(body.preferencecategories.length).toBeGreaterThan(0);
      expect(body.usertimepreference).toEqual({
        date_format: 'd.M.yyyy',
        time_format: 'HH:mm',
        timezone: 'Europe/Zurich',
      });
      expect(body.devicetemplates.length).toBeGreaterThan(0);
      expect(body.device).toBeNull();
      expect(typeof body.access_token).toBe('string');
    });

    it('refuses a wrong password with 401 in the error shape', async () => {
      const response = await call(server(), 'POST', `${COMPANY}/auth/login`, {
        subdomain: 'acme',
        body: { email: ACCOUNTS.employee, password: 'wrong-password' },
        ip: freshIp(),
      });
      expect(expectErrorShape(response, 401).message).toBe('These credentials do not match our records.');
    });

    it('refuses an account of another company on this host', async () => {
      const response = await call(server(), 'POST', `${COMPANY}/auth/login`, {
        subdomain: 'globex',
        body: { email: ACCOUNTS.employee, password: DEMO_PASSWORD },
        ip: freshIp(),
      });
      expectErrorShape(response, 401);
    });

    it('refuses a platform administrator on a company host', async () => {
      const response = await call(server(), 'POST', `${COMPANY}/auth/login`, {
        subdomain: 'acme',
        body: { email: ACCOUNTS.platform, password: DEMO_PASSWORD },
        ip: freshIp(),
      });
      expectErrorShape(response, 401);
    });

    it('answers 404 for a subdomain that names no company, and for none at all', async () => {
      const body = { email: ACCOUNTS.employee, password: DEMO_PASSWORD };
      expect(
        expectErrorShape(
          await call(server(), 'POST', `${COMPANY}/auth/login`, { subdomain: 'initech', body }),
          404,
        ).message,
      ).toBe('Company not found.');
      expectErrorShape(await call(server(), 'POST', `${COMPANY}/auth/login`, { body }), 404);
    });

    it('reads the Subdomain header case-insensitively', async () => {
      const token = await signIn(server(), ACCOUNTS.employee, 'ACME');
      expect(claimsOf(token).aud).toBe(String(await companyIdOf(server(), 'acme')));
    });

    it('answers 429 after five failed logins for one account from one address, not from another', async () => {
      const email = ACCOUNTS.reception;
      const ip = freshIp();
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const failed = await call(server(), 'POST', `${COMPANY}/auth/login`, {
          subdomain: 'acme',
          body: { email, password: `nope-${attempt}` },
          ip,
        });
        expect(failed.statusCode).toBe(401);
      }
      // Even the right password now waits from that address: nothing is checked there any more.
      const throttled = await call(server(), 'POST', `${COMPANY}/auth/login`, {
        subdomain: 'acme',
        body: { email, password: DEMO_PASSWORD },
        ip,
      });
      expect(expectErrorShape(throttled, 429).message).toBe(
        'Too many login attempts. Try again in 15 minutes.',
      );
      expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(14 * 60);
      // The same address on another company is another account.
      const elsewhere = await call(server(), 'POST', `${COMPANY}/auth/login`, {
        subdomain: 'globex',
        body: { email, password: 'x' },
        ip,
      });
      expect(elsewhere.statusCode).toBe(401);
      // The user, from another address, still signs in.
      const owner = await call(server(), 'POST', `${COMPANY}/auth/login`, {
        subdomain: 'acme',
        body: { email, password: DEMO_PASSWORD },
        ip: freshIp(),
      });
      expect(owner.statusCode).toBe(200);
    });

    it('counts failures in the database, so a second server process sees them', async () => {
      const email = ACCOUNTS.acmeAdmin;
      const company = await companyIdOf(server(), 'acme');
      const ip = freshIp();
      await server()
        .db.kysely.insertInto('throttle_counters')
        .values({
          key: `pair:${company}:${email}:${ip}`,
          count: 5,
          window_ends: new Date(Date.now() + 600_000),
        })
        .execute();
      const throttled = await call(server(), 'POST', `${COMPANY}/auth/login`, {
        subdomain: 'acme',
        body: { email, password: DEMO_PASSWORD },
        ip,
      });
      expectErrorShape(throttled, 429);
    });
  });

  describe('POST /api/master/v1/auth/login', () => {
    it('gives a platform administrator a master token', async () => {
      const token = await signIn(server(), ACCOUNTS.platform, null);
      expect(claimsOf(token).aud).toBe('master');
    });

    it('answers the master initial response with includes=all', async () => {
      const response = await call(server(), 'POST', `${MASTER}/auth/login?includes=all`, {
        body: { email: ACCOUNTS.platform, password: DEMO_PASSWORD },
        ip: freshIp(),
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        company: null,
        subdomain: null,
        general_permissions: [],
        user: { is_platform_admin: true },
      });
    });

    it('hands a company user over to the company host with a single-use code instead of a token', async () => {
      const response = await call(server(), 'POST', `${MASTER}/auth/login?includes=all`, {
        body: { email: ACCOUNTS.employee, password: DEMO_PASSWORD },
        ip: freshIp(),
      });
      expect(response.statusCode).toBe(200);
      const body = response.json<{ subdomain: string; handover_code: string }>();
      expect(Object.keys(body).sort()).toEqual(['handover_code', 'subdomain']);
      expect(body.subdomain).toBe('acme');
      expect(body.handover_code).toMatch(/^[A-Za-z0-9_-]{40,}$/);
      const stored = await server().db.kysely.selectFrom('handover_codes').select('code_hash').execute();
      expect(stored.some((row) => row.code_hash === body.handover_code)).toBe(false);
    });
  });
});
