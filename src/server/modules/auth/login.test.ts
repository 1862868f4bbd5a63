import { sql } from 'kysely';
import { expect, it, describe } from 'vitest';
import { describeEachDatabase } from '../../../../test/support/server-app';
import { openSession } from '../../auth/sessions';
import { TokenSigner } from '../../auth/tokens';
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

    it('answers 429 after repeated failed logins for one account', async () => {
      const email = ACCOUNTS.reception;
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const failed = await call(server(), 'POST', `${COMPANY}/auth/login`, {
          subdomain: 'acme',
          body: { email, password: `nope-${attempt}` },
          ip: freshIp(),
        });
        expect(failed.statusCode).toBe(401);
      }
      // Even the right password now waits: the account is throttled, whatever address it comes from.
      const throttled = await call(server(), 'POST', `${COMPANY}/auth/login`, {
        subdomain: 'acme',
        body: { email, password: DEMO_PASSWORD },
        ip: freshIp(),
      });
      expect(expectErrorShape(throttled, 429).message).toBe(
        'Too many login attempts. Try again in 15 minutes.',
      );
      expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(14 * 60);
      // The same address on another company is another account.
      const elsewhere = await call(server(), 'POST', `${COMPANY}/auth/login`, {
        subdomain: 'globex',
        body: { email, password: 'x' },
        ip: freshIp(),
      });
      expect(elsewhere.statusCode).toBe(401);
      await server().db.kysely.deleteFrom('login_attempts').where('account', '=', email).execute();
    });

    it('answers 429 after repeated failed logins from one address', async () => {
      const ip = freshIp();
      for (let attempt = 0; attempt < 20; attempt += 1) {
        const failed = await call(server(), 'POST', `${COMPANY}/auth/login`, {
          subdomain: 'acme',
          body: { email: `nobody${attempt}@acme.test`, password: 'whatever' },
          ip,
        });
        expect(failed.statusCode).toBe(401);
      }
      const throttled = await call(server(), 'POST', `${COMPANY}/auth/login`, {
        subdomain: 'acme',
        body: { email: ACCOUNTS.employee, password: DEMO_PASSWORD },
        ip,
      });
      expectErrorShape(throttled, 429);
      expect(throttled.headers['retry-after']).toBeDefined();
      const otherAddress = await call(server(), 'POST', `${COMPANY}/auth/login`, {
        subdomain: 'acme',
        body: { email: ACCOUNTS.employee, password: DEMO_PASSWORD },
        ip: freshIp(),
      });
      expect(otherAddress.statusCode).toBe(200);
    });

    it('counts failures in the database, so a second server process sees them', async () => {
      const email = ACCOUNTS.acmeAdmin;
      const company = await companyIdOf(server(), 'acme');
      await server()
        .db.kysely.insertInto('login_attempts')
        .values(
          Array.from({ length: 5 }, () => ({
            scope: String(company),
            account: email,
            ip: '192.0.2.1',
            succeeded: false,
          })),
        )
        .execute();
      const throttled = await call(server(), 'POST', `${COMPANY}/auth/login`, {
        subdomain: 'acme',
        body: { email, password: DEMO_PASSWORD },
        ip: freshIp(),
      });
      expectErrorShape(throttled, 429);
      await server().db.kysely.deleteFrom('login_attempts').where('account', '=', email).execute();
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

  describe('POST /api/company/v1/auth/login { token } (hand-over code)', () => {
    const handOver = async (email: string = ACCOUNTS.employee) => {
      const response = await call(server(), 'POST', `${MASTER}/auth/login`, {
        body: { email, password: DEMO_PASSWORD },
        ip: freshIp(),
      });
      return response.json<{ subdomain: string; handover_code: string }>();
    };

    it('exchanges the code for a session of that company', async () => {
      const { subdomain, handover_code } = await handOver();
      const response = await call(server(), 'POST', `${COMPANY}/auth/login?includes=all`, {
        subdomain,
        body: { token: handover_code },
        ip: freshIp(),
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        user: { email: ACCOUNTS.employee },
        company: { subdomain: 'acme' },
      });
    });

    it('accepts a code once', async () => {
      const { subdomain, handover_code } = await handOver();
      expect(
        (
          await call(server(), 'POST', `${COMPANY}/auth/login`, {
            subdomain,
            body: { token: handover_code },
            ip: freshIp(),
          })
        ).statusCode,
      ).toBe(200);
      expectErrorShape(
        await call(server(), 'POST', `${COMPANY}/auth/login`, {
          subdomain,
          body: { token: handover_code },
          ip: freshIp(),
        }),
        401,
      );
    });

    it('refuses a code on another company host', async () => {
      const { handover_code } = await handOver();
      expectErrorShape(
        await call(server(), 'POST', `${COMPANY}/auth/login`, {
          subdomain: 'globex',
          body: { token: handover_code },
          ip: freshIp(),
        }),
        401,
      );
    });

    it('refuses a code older than a minute', async () => {
      const { subdomain, handover_code } = await handOver();
      await server()
        .db.kysely.updateTable('handover_codes')
        .set({ expires_at: sql<Date>`now() - interval '1 second'` })
        .where('used_at', 'is', null)
        .execute();
      expectErrorShape(
        await call(server(), 'POST', `${COMPANY}/auth/login`, {
          subdomain,
          body: { token: handover_code },
          ip: freshIp(),
        }),
        401,
      );
    });

    it('refuses a code on the master host', async () => {
      const { handover_code } = await handOver();
      expectErrorShape(
        await call(server(), 'POST', `${MASTER}/auth/login`, {
          body: { token: handover_code },
          ip: freshIp(),
        }),
        401,
      );
    });
  });

  describe('GET /api/company/v1/auth/logout', () => {
    it('revokes the session: the token no longer works', async () => {
      const token = await signIn(server(), ACCOUNTS.employee);
      expect(
        (await call(server(), 'GET', `${COMPANY}/initial-data`, { subdomain: 'acme', token })).statusCode,
      ).toBe(200);
      const logout = await call(server(), 'GET', `${COMPANY}/auth/logout`, { subdomain: 'acme', token });
      expect(logout.statusCode).toBe(200);
      expect(logout.json()).toEqual({ message: 'Logged out.' });
      expectErrorShape(
        await call(server(), 'GET', `${COMPANY}/initial-data`, { subdomain: 'acme', token }),
        401,
      );
    });

    it('answers 401 without a token', async () => {
      expectErrorShape(await call(server(), 'GET', `${COMPANY}/auth/logout`, { subdomain: 'acme' }), 401);
    });
  });

  describe('POST /api/company/v1/auth/refresh', () => {
    it('rotates a current token: a new token works, the old one is revoked', async () => {
      const token = await signIn(server(), ACCOUNTS.employee);
      const response = await call(server(), 'POST', `${COMPANY}/auth/refresh`, { subdomain: 'acme', token });
      expect(response.statusCode).toBe(200);
      const fresh = response.json<{ access_token: string }>().access_token;
      expect(Object.keys(response.json())).toEqual(['access_token']);
      expect(claimsOf(fresh).jti).not.toBe(claimsOf(token).jti);
      expect(
        (await call(server(), 'GET', `${COMPANY}/initial-data`, { subdomain: 'acme', token: fresh }))
          .statusCode,
      ).toBe(200);
      expectErrorShape(
        await call(server(), 'GET', `${COMPANY}/initial-data`, { subdomain: 'acme', token }),
        401,
      );
      expectErrorShape(
        await call(server(), 'POST', `${COMPANY}/auth/refresh`, { subdomain: 'acme', token }),
        401,
      );
    });

    it('accepts an empty JSON body or none', async () => {
      const token = await signIn(server(), ACCOUNTS.employee);
      const withEmpty = await call(server(), 'POST', `${COMPANY}/auth/refresh`, {
        subdomain: 'acme',
        token,
        raw: { payload: '', contentType: 'application/json' },
      });
      expect(withEmpty.statusCode).toBe(200);
      const next = withEmpty.json<{ access_token: string }>().access_token;
      const withObject = await call(server(), 'POST', `${COMPANY}/auth/refresh`, {
        subdomain: 'acme',
        token: next,
        body: {},
      });
      expect(withObject.statusCode).toBe(200);
    });

    it('refuses a logged-out token', async () => {
      const token = await signIn(server(), ACCOUNTS.employee);
      await call(server(), 'GET', `${COMPANY}/auth/logout`, { subdomain: 'acme', token });
      expectErrorShape(
        await call(server(), 'POST', `${COMPANY}/auth/refresh`, { subdomain: 'acme', token }),
        401,
      );
    });

    it('refuses without a token, with a forged token, and with another company', async () => {
      expectErrorShape(await call(server(), 'POST', `${COMPANY}/auth/refresh`, { subdomain: 'acme' }), 401);
      const token = await signIn(server(), ACCOUNTS.employee);
      const [header, payload] = token.split('.');
      expectErrorShape(
        await call(server(), 'POST', `${COMPANY}/auth/refresh`, {
          subdomain: 'acme',
          token: `${header}.${payload}.forged`,
        }),
        401,
      );
      expectErrorShape(
        await call(server(), 'POST', `${COMPANY}/auth/refresh`, { subdomain: 'globex', token }),
        401,
      );
    });

    it('refreshes a master token on the master host only', async () => {
      const token = await signIn(server(), ACCOUNTS.platform, null);
      expectErrorShape(
        await call(server(), 'POST', `${COMPANY}/auth/refresh`, { subdomain: 'acme', token }),
        403,
      );
      expect((await call(server(), 'POST', `${MASTER}/auth/refresh`, { token })).statusCode).toBe(200);
    });
  });
});

describeEachDatabase(
  'expired tokens',
  (server) => {
    describe('POST /api/company/v1/auth/refresh with an expired token', () => {
      // Tokens minted as the server would have minted them some time ago: a negative lifetime.
      const expiredToken = async (secondsAgo: number) => {
        const signer = new TokenSigner(server().config.jwtSecret!, -secondsAgo);
        const user = await server()
          .db.kysely.selectFrom('users')
          .select(['id', 'company_id'])
          .where('email', '=', ACCOUNTS.employee)
          .executeTakeFirstOrThrow();
        return (await openSession(server().db.kysely, signer, user)).token;
      };

      it('accepts a token expired within the refresh window, once', async () => {
        const token = await expiredToken(60);
        expectErrorShape(
          await call(server(), 'GET', `${COMPANY}/initial-data`, { subdomain: 'acme', token }),
          401,
        );
        const refreshed = await call(server(), 'POST', `${COMPANY}/auth/refresh`, {
          subdomain: 'acme',
          token,
        });
        expect(refreshed.statusCode).toBe(200);
        const fresh = refreshed.json<{ access_token: string }>().access_token;
        expect(
          (await call(server(), 'GET', `${COMPANY}/initial-data`, { subdomain: 'acme', token: fresh }))
            .statusCode,
        ).toBe(200);
        expectErrorShape(
          await call(server(), 'POST', `${COMPANY}/auth/refresh`, { subdomain: 'acme', token }),
          401,
        );
      });

      it('refuses a token expired before the refresh window', async () => {
        const token = await expiredToken(121);
        expectErrorShape(
          await call(server(), 'POST', `${COMPANY}/auth/refresh`, { subdomain: 'acme', token }),
          401,
        );
      });
    });
  },
  { config: { refreshWindow: 120 } },
);
