import { generate } from 'otplib';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase, type TestServer } from '../../../../test/support/server-app';
import {
  ACCOUNTS,
  call,
  companyIdOf,
  DEMO_PASSWORD,
  expectErrorShape,
  freshIp,
  signIn,
} from '../../../../test/support/server-factories';

const COMPANY = '/api/company/v1';
const NOT_VALID = { code: ['Code is not valid.'] };

/** A code of the step `steps` after now: each step's code is accepted once, so a test moves on. */
const codeAt = (secret: string, steps = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

function passwordLogin(server: TestServer, email: string, subdomain = 'acme') {
  return call(server, 'POST', `${COMPANY}/auth/login?includes=all`, {
    subdomain,
    body: { email, password: DEMO_PASSWORD },
    ip: freshIp(),
  });
}

async function challengeOf(server: TestServer, email: string, subdomain = 'acme') {
  const answer = await passwordLogin(server, email, subdomain);
  expect(answer.statusCode, answer.body).toBe(200);
  const body = answer.json<{ two_factor?: string; challenge?: string; access_token?: string }>();
  expect(body.access_token).toBeUndefined();
  return body as { two_factor: string; challenge: string };
}

function answer(server: TestServer, challenge: string, code: string, subdomain = 'acme', ip = freshIp()) {
  return call(server, 'POST', `${COMPANY}/auth/two-factor?includes=all`, {
    subdomain,
    body: { challenge, code },
    ip,
  });
}

/** Turns two-factor sign-in on for a signed-in user: the secret and the recovery codes. */
async function enable(server: TestServer, token: string) {
  const setup = await call(server, 'POST', `${COMPANY}/two-factor/setup`, {
    subdomain: 'acme',
    token,
    body: {},
  });
  expect(setup.statusCode, setup.body).toBe(200);
  const { secret, otpauth_url } = setup.json<{ secret: string; otpauth_url: string }>();
  const enabled = await call(server, 'POST', `${COMPANY}/two-factor/enable`, {
    subdomain: 'acme',
    token,
    body: { code: await codeAt(secret) },
  });
  expect(enabled.statusCode, enabled.body).toBe(200);
  return { secret, otpauth_url, recovery: enabled.json<{ recovery_codes: string[] }>().recovery_codes };
}

describeEachDatabase('two-factor sign-in', (server) => {
  describe('enable-2fa, then signing in with a code', () => {
    let token: string;
    let secret: string;
    let recovery: string[];

    beforeAll(async () => {
      token = await signIn(server(), ACCOUNTS.teammate);
    });

    it('answers the status: off, not required', async () => {
      const status = await call(server(), 'GET', `${COMPANY}/two-factor`, { subdomain: 'acme', token });
      expect(status.json()).toEqual({ enabled: false, required: false, recovery_codes_left: 0 });
    });

    it('refuses a wrong first code with 422 and stays off', async () => {
      await call(server(), 'POST', `${COMPANY}/two-factor/setup`, { subdomain: 'acme', token, body: {} });
      for (const code of ['000000', '12345', '', 'abcdef']) {
        const refused = await call(server(), 'POST', `${COMPANY}/two-factor/enable`, {
          subdomain: 'acme',
          token,
          body: { code },
        });
        expect(expectErrorShape(refused, 422).errors).toEqual(
          code === '' ? { code: ['This field is required.'] } : NOT_VALID,
        );
      }
      const status = await call(server(), 'GET', `${COMPANY}/two-factor`, { subdomain: 'acme', token });
      expect(status.json<{ enabled: boolean }>().enabled).toBe(false);
    });

    it('turns on with a code from the app, shows 10 recovery codes once and stores only digests', async () => {
      ({ secret, recovery } = await enable(server(), token));
      expect(recovery).toHaveLength(10);
      expect(new Set(recovery).size).toBe(10);
      for (const code of recovery) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
      const stored = await server().db.kysely.selectFrom('user_recovery_codes').select('code_hash').execute();
      for (const code of recovery) expect(stored.map((row) => row.code_hash)).not.toContain(code);
      const sealed = await server().db.kysely.selectFrom('user_two_factor').select('secret_sealed').execute();
      expect(sealed.map((row) => row.secret_sealed).join()).not.toContain(secret);
      const status = await call(server(), 'GET', `${COMPANY}/two-factor`, { subdomain: 'acme', token });
      expect(status.json()).toEqual({ enabled: true, required: false, recovery_codes_left: 10 });
      const again = await call(server(), 'POST', `${COMPANY}/two-factor/setup`, {
        subdomain: 'acme',
        token,
        body: {},
      });
      expectErrorShape(again, 409);
    });

    it('asks for the code after the password, refuses a wrong code and signs in with the right one', async () => {
      const { two_factor, challenge } = await challengeOf(server(), ACCOUNTS.teammate);
      expect(two_factor).toBe('code');
      expect(expectErrorShape(await answer(server(), challenge, '000000'), 422).errors).toEqual(NOT_VALID);
      // One code throughout: a 30 s step may pass meanwhile on a slow machine.
      const code = await codeAt(secret, 1);
      const signedIn = await answer(server(), challenge, code);
      expect(signedIn.statusCode, signedIn.body).toBe(200);
      expect(signedIn.json<{ user: { email: string }; access_token: string }>().user.email).toBe(
        ACCOUNTS.teammate,
      );
      // The challenge is single use, and so is the code.
      expectErrorShape(await answer(server(), challenge, code), 401);
      const next = await challengeOf(server(), ACCOUNTS.teammate);
      expectErrorShape(await answer(server(), next.challenge, code), 422);
    });

    it('accepts a recovery code once', async () => {
      const first = await challengeOf(server(), ACCOUNTS.teammate);
      const used = recovery[0]!;
      expect((await answer(server(), first.challenge, used.toUpperCase())).statusCode).toBe(200);
      const second = await challengeOf(server(), ACCOUNTS.teammate);
      expect(expectErrorShape(await answer(server(), second.challenge, used), 422).errors).toEqual(NOT_VALID);
      expect((await answer(server(), second.challenge, recovery[1]!)).statusCode).toBe(200);
      const status = await call(server(), 'GET', `${COMPANY}/two-factor`, { subdomain: 'acme', token });
      expect(status.json<{ recovery_codes_left: number }>().recovery_codes_left).toBe(8);
    });

    it('refuses a challenge on another company’s host', async () => {
      const { challenge } = await challengeOf(server(), ACCOUNTS.teammate);
      expectErrorShape(await answer(server(), challenge, await codeAt(secret, 2), 'globex'), 401);
    });

    it('counts wrong codes as failed sign-ins: the sixth in a row from one address answers 429', async () => {
      const { challenge } = await challengeOf(server(), ACCOUNTS.teammate);
      const ip = freshIp();
      for (let attempt = 0; attempt < 5; attempt += 1)
        expectErrorShape(await answer(server(), challenge, '000000', 'acme', ip), 422);
      expectErrorShape(await answer(server(), challenge, await codeAt(secret, 2), 'acme', ip), 429);
      await server()
        .db.kysely.deleteFrom('throttle_counters')
        .where('key', 'like', '%:two-factor:%')
        .execute();
    });

    it('refuses even the right code once wrong ones came from many addresses (no e-mailed proof stands in for it)', async () => {
      const { challenge } = await challengeOf(server(), ACCOUNTS.teammate);
      for (let attempt = 0; attempt < 20; attempt += 1)
        expectErrorShape(await answer(server(), challenge, '000000'), 422);
      expectErrorShape(await answer(server(), challenge, await codeAt(secret, 2)), 429);
      await server()
        .db.kysely.deleteFrom('throttle_counters')
        .where('key', 'like', '%:two-factor:%')
        .execute();
    });

    it('disable-2fa asks for the password and a code, then signing in needs the password only', async () => {
      const disable = (body: object) =>
        call(server(), 'POST', `${COMPANY}/two-factor/disable`, { subdomain: 'acme', token, body });
      expect(
        expectErrorShape(await disable({ password: 'wrong-one', code: recovery[2] }), 422).errors,
      ).toEqual({
        password: ['The password is not correct.'],
      });
      expect(
        expectErrorShape(await disable({ password: DEMO_PASSWORD, code: '000000' }), 422).errors,
      ).toEqual(NOT_VALID);
      expect(expectErrorShape(await disable({}), 422).errors).toEqual({
        password: ['This field is required.'],
        code: ['This field is required.'],
      });
      expect((await disable({ password: DEMO_PASSWORD, code: recovery[2] })).statusCode).toBe(200);
      const login = await passwordLogin(server(), ACCOUNTS.teammate);
      expect(login.json<{ access_token?: string }>().access_token).toBeTruthy();
      expect(await server().db.kysely.selectFrom('user_recovery_codes').selectAll().execute()).toEqual([]);
    });

    it('refuses the routes without a session', async () => {
      for (const [method, path] of [
        ['GET', 'two-factor'],
        ['POST', 'two-factor/setup'],
        ['POST', 'two-factor/enable'],
        ['POST', 'two-factor/disable'],
      ] as const)
        expectErrorShape(
          await call(server(), method, `${COMPANY}/${path}`, { subdomain: 'acme', body: {} }),
          401,
        );
    });
  });

  describe('the company requires two-factor sign-in of administrators', () => {
    let acmeId: number;

    beforeAll(async () => {
      acmeId = await companyIdOf(server(), 'acme');
      await server()
        .db.kysely.insertInto('company_preferences')
        .values({
          company_id: acmeId,
          key: 'REQUIRE_2FA_FOR_ADMINISTRATORS',
          category_id: (
            await server()
              .db.kysely.selectFrom('preference_categories')
              .select('id')
              .where('key', '=', 'GENERAL')
              .executeTakeFirstOrThrow()
          ).id,
          value: '1',
        })
        .onConflict((oc) => oc.columns(['company_id', 'key']).doUpdateSet({ value: '1' }))
        .execute();
    });

    it('takes an administrator without it to set it up before any session opens', async () => {
      const { two_factor, challenge } = await challengeOf(server(), ACCOUNTS.acmeAdmin);
      expect(two_factor).toBe('setup');
      const setup = await call(server(), 'POST', `${COMPANY}/auth/two-factor/setup`, {
        subdomain: 'acme',
        body: { challenge },
      });
      const { secret, otpauth_url } = setup.json<{ secret: string; otpauth_url: string }>();
      expect(otpauth_url).toMatch(/^otpauth:\/\/totp\/Workplace/);
      expect(new URL(otpauth_url).searchParams.get('secret')).toBe(secret);
      expect(setup.json<{ qr_code: string }>().qr_code).toMatch(/^data:image\/svg\+xml;base64,/);
      const enable = (code: string) =>
        call(server(), 'POST', `${COMPANY}/auth/two-factor/enable`, {
          subdomain: 'acme',
          body: { challenge, code },
          ip: freshIp(),
        });
      expect(expectErrorShape(await enable('000000'), 422).errors).toEqual(NOT_VALID);
      const signedIn = await enable(await codeAt(secret));
      expect(signedIn.statusCode, signedIn.body).toBe(200);
      const body = signedIn.json<{ access_token: string; recovery_codes: string[] }>();
      expect(body.recovery_codes).toHaveLength(10);
      const status = await call(server(), 'GET', `${COMPANY}/two-factor`, {
        subdomain: 'acme',
        token: body.access_token,
      });
      expect(status.json()).toEqual({ enabled: true, required: true, recovery_codes_left: 10 });
      const disable = await call(server(), 'POST', `${COMPANY}/two-factor/disable`, {
        subdomain: 'acme',
        token: body.access_token,
        body: { password: DEMO_PASSWORD, code: body.recovery_codes[0] },
      });
      expect(expectErrorShape(disable, 403).message).toBe(
        'Your company requires two-factor sign-in for administrators.',
      );
      // Next time: the code, like anyone who has it on.
      expect((await challengeOf(server(), ACCOUNTS.acmeAdmin)).two_factor).toBe('code');
    });

    it('leaves employees and other companies’ administrators alone', async () => {
      expect(
        (await passwordLogin(server(), ACCOUNTS.employee)).json<{ access_token?: string }>().access_token,
      ).toBeTruthy();
      const globex = await passwordLogin(server(), ACCOUNTS.globexAdmin, 'globex');
      expect(globex.json<{ access_token?: string }>().access_token).toBeTruthy();
    });
  });
});
