import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase, type TestServer } from '../../../../test/support/server-app';
import {
  ACCOUNTS,
  call,
  claimsOf,
  companyIdOf,
  expectErrorShape,
  freshIp,
  signIn,
} from '../../../../test/support/server-factories';

const MASTER = '/api/master/v1';
const COMPANY = '/api/company/v1';
const REASON = 'Support ticket 4711: the floor plan does not show';

interface Started {
  subdomain: string;
  handover_code: string;
  expires_at: string;
}

async function open(server: TestServer, masterToken: string, companyId: number, reason = REASON) {
  const started = await call(server, 'POST', `${MASTER}/companies/${companyId}/impersonations`, {
    token: masterToken,
    body: { reason },
  });
  expect(started.statusCode, started.body).toBe(201);
  return started.json<Started>();
}

/** The company host exchanges the hand-over code, as after a master sign-in. */
function exchange(server: TestServer, code: string, subdomain = 'acme') {
  return call(server, 'POST', `${COMPANY}/auth/login?includes=all`, {
    subdomain,
    body: { token: code },
    ip: freshIp(),
  });
}

async function recordCount(server: TestServer): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from company_impersonations`.execute(
    server.db.kysely,
  );
  return rows[0]!.n;
}

describeEachDatabase('open company as administrator (logged, time-limited impersonation)', (server) => {
  let master: string;
  let acmeId: number;
  let acmeAdmin: string;

  beforeAll(async () => {
    master = await signIn(server(), ACCOUNTS.platform, null);
    acmeId = await companyIdOf(server(), 'acme');
    acmeAdmin = await signIn(server(), ACCOUNTS.acmeAdmin);
  });

  describe(`POST ${MASTER}/companies/{id}/impersonations`, () => {
    it("refuses a company administrator's token (403), with or without a Subdomain", async () => {
      for (const subdomain of ['acme', null]) {
        const refused = await call(server(), 'POST', `${MASTER}/companies/${acmeId}/impersonations`, {
          token: acmeAdmin,
          subdomain,
          body: { reason: REASON },
        });
        expectErrorShape(refused, 403);
      }
    });

    it('answers 422 with the reason field error and records nothing when the reason is missing or short', async () => {
      const before = await recordCount(server());
      for (const [body, message] of [
        [{}, 'This field is required.'],
        [{ reason: '   ' }, 'This field is required.'],
        [{ reason: 'because' }, 'The field must contain 10 or more characters.'],
      ] as const) {
        const refused = await call(server(), 'POST', `${MASTER}/companies/${acmeId}/impersonations`, {
          token: master,
          body,
        });
        expect(expectErrorShape(refused, 422).errors).toEqual({ reason: [message] });
      }
      expect(await recordCount(server())).toBe(before);
    });

    it('answers 404 for a company that does not exist', async () => {
      const refused = await call(server(), 'POST', `${MASTER}/companies/999999/impersonations`, {
        token: master,
        body: { reason: REASON },
      });
      expectErrorShape(refused, 404);
    });
  });

  describe('the session it opens', () => {
    let started: Started;
    let token: string;
    let impersonationId: number;

    beforeAll(async () => {
      started = await open(server(), master, acmeId);
      const opened = await exchange(server(), started.handover_code);
      expect(opened.statusCode, opened.body).toBe(200);
      token = opened.json<{ access_token: string }>().access_token;
      impersonationId = (
        await server()
          .db.kysely.selectFrom('company_impersonations')
          .select('id')
          .orderBy('id', 'desc')
          .executeTakeFirstOrThrow()
      ).id;
    });

    it('lasts 30 minutes, is a session of the company, and says so in the initial data', async () => {
      expect(started.subdomain).toBe('acme');
      const minutes = (Date.parse(started.expires_at) - Date.now()) / 60_000;
      expect(minutes).toBeGreaterThan(25);
      expect(minutes).toBeLessThanOrEqual(30);
      expect(claimsOf(token).aud).toBe(String(acmeId));
      const initial = await call(server(), 'GET', `${COMPANY}/initial-data`, { subdomain: 'acme', token });
      expect(initial.statusCode, initial.body).toBe(200);
      expect(initial.json<{ impersonation: unknown }>().impersonation).toEqual({
        company_name: expect.any(String),
        platform_user_email: ACCOUNTS.platform,
        expires_at: started.expires_at,
      });
      const session = await server()
        .db.kysely.selectFrom('sessions')
        .select(sql<string>`to_json(expires_at)#>>'{}'`.as('expires_at'))
        .where('impersonation_id', '=', impersonationId)
        .executeTakeFirstOrThrow();
      expect(Date.parse(session.expires_at)).toBe(Date.parse(started.expires_at));
    });

    it('the hand-over code opens one session only', async () => {
      expectErrorShape(await exchange(server(), started.handover_code), 401);
    });

    it("reads the company's data with the administrator's rights", async () => {
      const levels = await call(server(), 'GET', `${COMPANY}/levels/all`, { subdomain: 'acme', token });
      expect(levels.statusCode, levels.body).toBe(200);
    });

    it('is refused on the master routes and on another company', async () => {
      expectErrorShape(await call(server(), 'GET', `${MASTER}/companies/all`, { token }), 403);
      expectErrorShape(
        await call(server(), 'GET', `${COMPANY}/levels/all`, { subdomain: 'globex', token }),
        401,
      );
    });

    it("cannot change the acted-as administrator's password or second factor", async () => {
      const password = await call(server(), 'POST', `${COMPANY}/profile/change-password`, {
        subdomain: 'acme',
        token,
        body: {
          current_password: 'demo1234',
          password: 'a-new-long-password',
          password_confirmation: 'a-new-long-password',
        },
      });
      expectErrorShape(password, 403);
      expectErrorShape(
        await call(server(), 'POST', `${COMPANY}/two-factor/setup`, { subdomain: 'acme', token, body: {} }),
        403,
      );
    });

    it("logs every change made or tried under it; the company's administrators read the list and the changes", async () => {
      const change = await call(server(), 'PUT', `${COMPANY}/levels/999999`, {
        subdomain: 'acme',
        token,
        body: { is_declarable: true },
      });
      const list = await call(server(), 'GET', `${COMPANY}/impersonations`, {
        subdomain: 'acme',
        token: acmeAdmin,
      });
      expect(list.statusCode, list.body).toBe(200);
      const record = list
        .json<{
          data: { id: number; reason: string; platform_user_email: string; actions_count: number }[];
        }>()
        .data.find((row) => row.id === impersonationId);
      expect(record).toMatchObject({
        reason: REASON,
        platform_user_email: ACCOUNTS.platform,
        actions_count: 3,
      });
      const detail = await call(server(), 'GET', `${COMPANY}/impersonations/${impersonationId}`, {
        subdomain: 'acme',
        token: acmeAdmin,
      });
      expect(detail.json<{ actions: unknown[] }>().actions).toEqual([
        { at: expect.any(String), method: 'POST', route: `${COMPANY}/profile/change-password`, status: 403 },
        { at: expect.any(String), method: 'POST', route: `${COMPANY}/two-factor/setup`, status: 403 },
        { at: expect.any(String), method: 'PUT', route: `${COMPANY}/levels/:id`, status: change.statusCode },
      ]);
    });

    it('cannot be refreshed past its end', async () => {
      const refreshed = await call(server(), 'POST', `${COMPANY}/auth/refresh`, {
        subdomain: 'acme',
        token,
        body: {},
      });
      expectErrorShape(refreshed, 401);
    });
  });

  describe('the audit list', () => {
    it("is the company's own: another company sees none of Acme's openings, and 404 for one of them", async () => {
      await open(server(), master, acmeId);
      const acmeRecord = (
        await server()
          .db.kysely.selectFrom('company_impersonations')
          .select('id')
          .where('company_id', '=', acmeId)
          .executeTakeFirstOrThrow()
      ).id;
      const globex = await signIn(server(), ACCOUNTS.globexAdmin, 'globex');
      const list = await call(server(), 'GET', `${COMPANY}/impersonations`, {
        subdomain: 'globex',
        token: globex,
      });
      expect(list.json<{ data: unknown[] }>().data).toEqual([]);
      expectErrorShape(
        await call(server(), 'GET', `${COMPANY}/impersonations/${acmeRecord}`, {
          subdomain: 'globex',
          token: globex,
        }),
        404,
      );
    });

    it('is refused (403) to a user without LOG-FILES', async () => {
      const employee = await signIn(server(), ACCOUNTS.employee);
      expectErrorShape(
        await call(server(), 'GET', `${COMPANY}/impersonations`, { subdomain: 'acme', token: employee }),
        403,
      );
    });

    it("is refused (403) to the platform administrator's own token: company data only through the logged path", async () => {
      expectErrorShape(
        await call(server(), 'GET', `${COMPANY}/impersonations`, { subdomain: 'acme', token: master }),
        403,
      );
    });
  });

  describe('its end', () => {
    it('"End" (sign-out) ends the record and the session at once', async () => {
      const started = await open(server(), master, acmeId);
      const token = (await exchange(server(), started.handover_code)).json<{ access_token: string }>()
        .access_token;
      const out = await call(server(), 'GET', `${COMPANY}/auth/logout`, { subdomain: 'acme', token });
      expect(out.statusCode, out.body).toBe(200);
      expectErrorShape(
        await call(server(), 'GET', `${COMPANY}/levels/all`, { subdomain: 'acme', token }),
        401,
      );
      const list = await call(server(), 'GET', `${COMPANY}/impersonations`, {
        subdomain: 'acme',
        token: acmeAdmin,
      });
      expect(list.json<{ data: { ended_at: string | null }[] }>().data[0]!.ended_at).not.toBeNull();
    });

    it('once its time is up, its session is refused and its hand-over code opens nothing', async () => {
      const started = await open(server(), master, acmeId);
      const unused = await open(server(), master, acmeId);
      const token = (await exchange(server(), started.handover_code)).json<{ access_token: string }>()
        .access_token;
      // The clock moved past the end: the record's and its session's end are set in the past.
      await sql`update company_impersonations set expires_at = now() - interval '1 second'
        where company_id = ${acmeId}`.execute(server().db.kysely);
      await sql`update sessions set expires_at = now() - interval '1 second'
        where impersonation_id is not null`.execute(server().db.kysely);
      expectErrorShape(
        await call(server(), 'GET', `${COMPANY}/levels/all`, { subdomain: 'acme', token }),
        401,
      );
      expectErrorShape(await exchange(server(), unused.handover_code), 401);
    });
  });
});
