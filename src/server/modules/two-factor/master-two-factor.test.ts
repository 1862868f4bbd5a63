import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { describeEachDatabase, type TestServer } from '../../../../test/support/server-app';
import {
  ACCOUNTS,
  call,
  claimsOf,
  DEMO_PASSWORD,
  expectErrorShape,
  freshIp,
  signIn,
} from '../../../../test/support/server-factories';

const MASTER = '/api/master/v1';
const NOT_VALID = { code: ['Code is not valid.'] };

const codeAt = (secret: string, steps = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

function masterLogin(server: TestServer) {
  return call(server, 'POST', `${MASTER}/auth/login?includes=all`, {
    body: { email: ACCOUNTS.platform, password: DEMO_PASSWORD },
    ip: freshIp(),
  });
}

async function challenge(server: TestServer): Promise<string> {
  const answer = await masterLogin(server);
  expect(answer.statusCode, answer.body).toBe(200);
  const body = answer.json<{ two_factor?: string; challenge?: string; access_token?: string }>();
  expect(body.access_token).toBeUndefined();
  expect(body.two_factor).toBe('code');
  return body.challenge!;
}

const verify = (server: TestServer, challengeToken: string, code: string) =>
  call(server, 'POST', `${MASTER}/auth/two-factor?includes=all`, {
    body: { challenge: challengeToken, code },
    ip: freshIp(),
  });

describeEachDatabase('master two-factor sign-in (spec §7 "Master also has 2fa")', (server) => {
  it("refuses a company administrator's token on the master two-factor routes", async () => {
    const token = await signIn(server(), ACCOUNTS.acmeAdmin);
    for (const [method, path] of [
      ['GET', 'two-factor'],
      ['POST', 'two-factor/setup'],
      ['POST', 'two-factor/enable'],
      ['POST', 'two-factor/disable'],
    ] as const) {
      const refused = await call(server(), method, `${MASTER}/${path}`, {
        token,
        subdomain: 'acme',
        ...(method === 'POST' ? { body: {} } : {}),
      });
      expectErrorShape(refused, 403);
    }
  });

  describe('a platform administrator turns it on, signs in with a code, then turns it off', () => {
    let secret = '';
    let recovery: string[] = [];
    let token = '';

    it('is off at first and the master sign-in opens a session directly', async () => {
      token = await signIn(server(), ACCOUNTS.platform, null);
      const status = await call(server(), 'GET', `${MASTER}/two-factor`, { token });
      expect(status.json()).toEqual({ enabled: false, required: false, recovery_codes_left: 0 });
    });

    it('answers 422 with the field error for a wrong or missing first code, and stays off', async () => {
      const setup = await call(server(), 'POST', `${MASTER}/two-factor/setup`, { token, body: {} });
      expect(setup.statusCode, setup.body).toBe(200);
      const body = setup.json<{ secret: string; otpauth_url: string }>();
      secret = body.secret;
      expect(body.otpauth_url).toContain('otpauth://totp/');
      expect(
        expectErrorShape(
          await call(server(), 'POST', `${MASTER}/two-factor/enable`, { token, body: { code: '000000' } }),
          422,
        ).errors,
      ).toEqual(NOT_VALID);
      expect(
        expectErrorShape(
          await call(server(), 'POST', `${MASTER}/two-factor/enable`, { token, body: {} }),
          422,
        ).errors,
      ).toEqual({ code: ['This field is required.'] });
      expect((await masterLogin(server())).json()).toHaveProperty('access_token');
    });

    it('turns on with the first code and answers ten recovery codes', async () => {
      const enabled = await call(server(), 'POST', `${MASTER}/two-factor/enable`, {
        token,
        body: { code: await codeAt(secret) },
      });
      expect(enabled.statusCode, enabled.body).toBe(200);
      recovery = enabled.json<{ recovery_codes: string[] }>().recovery_codes;
      expect(recovery).toHaveLength(10);
      const status = await call(server(), 'GET', `${MASTER}/two-factor`, { token });
      expect(status.json()).toEqual({ enabled: true, required: false, recovery_codes_left: 10 });
    });

    it('asks the master sign-in for the code; a wrong code is 422 and opens nothing', async () => {
      const pending = await challenge(server());
      expect(expectErrorShape(await verify(server(), pending, '000000'), 422).errors).toEqual(NOT_VALID);
      const opened = await verify(server(), pending, await codeAt(secret, 1));
      expect(opened.statusCode, opened.body).toBe(200);
      const session = opened.json<{ access_token: string; company: unknown }>();
      expect(session.company).toBeNull();
      expect(claimsOf(session.access_token).aud).toBe('master');
    });

    it('accepts a recovery code once', async () => {
      const first = await verify(server(), await challenge(server()), recovery[0]!);
      expect(first.statusCode, first.body).toBe(200);
      const again = await verify(server(), await challenge(server()), recovery[0]!);
      expect(expectErrorShape(again, 422).errors).toEqual(NOT_VALID);
    });

    it('does not accept a master challenge on a company host', async () => {
      const pending = await challenge(server());
      const elsewhere = await call(server(), 'POST', '/api/company/v1/auth/two-factor', {
        subdomain: 'acme',
        body: { challenge: pending, code: recovery[1]! },
        ip: freshIp(),
      });
      expectErrorShape(elsewhere, 401);
    });

    it('turns off with the password and a code; the sign-in no longer asks', async () => {
      const wrongPassword = await call(server(), 'POST', `${MASTER}/two-factor/disable`, {
        token,
        body: { password: 'not-the-password', code: recovery[2]! },
      });
      expect(expectErrorShape(wrongPassword, 422).errors).toHaveProperty('password');
      const off = await call(server(), 'POST', `${MASTER}/two-factor/disable`, {
        token,
        body: { password: DEMO_PASSWORD, code: recovery[3]! },
      });
      expect(off.statusCode, off.body).toBe(200);
      expect((await masterLogin(server())).json()).toHaveProperty('access_token');
    });
  });
});
