import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../test/support/server-app';
import { openSession, REFRESH_REUSE_SECONDS } from '../../auth/sessions';
import { TokenSigner } from '../../auth/tokens';
import {
  ACCOUNTS,
  call,
  claimsOf,
  DEMO_PASSWORD,
  expectErrorShape,
  freshIp,
  signIn,
} from '../../../../test/support/server-factories';

const COMPANY = '/api/company/v1';
const MASTER = '/api/master/v1';

describeEachDatabase('auth sessions', (server) => {
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
    });

    it(`refreshes a spent token again within ${REFRESH_REUSE_SECONDS} s (an answer lost on the way), not later`, async () => {
      const token = await signIn(server(), ACCOUNTS.employee);
      const first = await call(server(), 'POST', `${COMPANY}/auth/refresh`, { subdomain: 'acme', token });
      expect(first.statusCode).toBe(200);
      // The tab that sent it closed before the answer arrived: its stored token is the spent one.
      const again = await call(server(), 'POST', `${COMPANY}/auth/refresh`, { subdomain: 'acme', token });
      expect(again.statusCode).toBe(200);
      const second = again.json<{ access_token: string }>().access_token;
      expect(
        (await call(server(), 'GET', `${COMPANY}/initial-data`, { subdomain: 'acme', token: second }))
          .statusCode,
      ).toBe(200);
      // The first answer's token still works too (another tab may hold it).
      const firstToken = first.json<{ access_token: string }>().access_token;
      expect(
        (await call(server(), 'GET', `${COMPANY}/initial-data`, { subdomain: 'acme', token: firstToken }))
          .statusCode,
      ).toBe(200);
      await sql`update sessions set revoked_at = now() - make_interval(secs => ${REFRESH_REUSE_SECONDS + 1})
        where jti = ${claimsOf(token).jti}`.execute(server().db.kysely);
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

      it('accepts a token expired within the refresh window', async () => {
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
          await call(server(), 'GET', `${COMPANY}/initial-data`, { subdomain: 'acme', token }),
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
