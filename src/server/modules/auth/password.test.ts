import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { describeEachDatabase, type TestServer } from '../../../../test/support/server-app';
import {
  ACCOUNTS,
  call,
  DEMO_PASSWORD,
  expectErrorShape,
  freshIp,
  signIn,
} from '../../../../test/support/server-factories';

const COMPANY = '/api/company/v1';
const FORGOT_MESSAGE = 'If the address belongs to an account, we have emailed a link to reset the password.';

async function lastMailTo(server: TestServer, address: string) {
  return server.db.kysely
    .selectFrom('outbox')
    .selectAll()
    .where('to_address', '=', address)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

function resetLinkOf(text: string): URL {
  const match = /https?:\/\/\S+\/reset-password\?\S+/.exec(text);
  if (!match) throw new Error(`No reset link in: ${text}`);
  return new URL(match[0]);
}

describeEachDatabase('passwords and codes', (server) => {
  describe('POST /api/company/v1/auth/password-forgot', () => {
    it('answers the same message for a known and an unknown address', async () => {
      const known = await call(server(), 'POST', `${COMPANY}/auth/password-forgot`, {
        subdomain: 'acme',
        body: { email: ACCOUNTS.reception },
      });
      const unknown = await call(server(), 'POST', `${COMPANY}/auth/password-forgot`, {
        subdomain: 'acme',
        body: { email: 'nobody@acme.test' },
      });
      const otherCompany = await call(server(), 'POST', `${COMPANY}/auth/password-forgot`, {
        subdomain: 'acme',
        body: { email: ACCOUNTS.globexAdmin },
      });
      for (const response of [known, unknown, otherCompany]) {
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({ message: FORGOT_MESSAGE });
      }
      expect(await lastMailTo(server(), 'nobody@acme.test')).toBeUndefined();
      expect(await lastMailTo(server(), ACCOUNTS.globexAdmin)).toBeUndefined();
    });

    it('queues a mail with a reset link to the company host, and stores only a digest of the token', async () => {
      await call(server(), 'POST', `${COMPANY}/auth/password-forgot`, {
        subdomain: 'acme',
        body: { email: ACCOUNTS.reception },
      });
      const mail = await lastMailTo(server(), ACCOUNTS.reception);
      expect(mail?.subject).toBe('Reset your Workplace password');
      const link = resetLinkOf(mail!.text_body);
      expect(link.hostname).toBe('acme.workplace.localhost');
      expect(link.pathname).toBe('/reset-password');
      expect(link.searchParams.get('email')).toBe(ACCOUNTS.reception);
      const token = link.searchParams.get('token')!;
      const stored = await server().db.kysely.selectFrom('password_resets').select('token_hash').execute();
      expect(stored.map((row) => row.token_hash)).not.toContain(token);
    });
  });

  describe('GET and POST /api/company/v1/auth/password-reset', () => {
    it('resets the password once, ends every session, and the new password signs in', async () => {
      const oldToken = await signIn(server(), ACCOUNTS.employee);
      await call(server(), 'POST', `${COMPANY}/auth/password-forgot`, {
        subdomain: 'acme',
        body: { email: ACCOUNTS.employee },
      });
      const token = resetLinkOf((await lastMailTo(server(), ACCOUNTS.employee))!.text_body).searchParams.get(
        'token',
      )!;

      const check = await call(server(), 'GET', `${COMPANY}/auth/password-reset/${token}`, {
        subdomain: 'acme',
      });
      expect(check.statusCode).toBe(200);
      expect(check.json()).toEqual({ email: ACCOUNTS.employee });
      expectErrorShape(
        await call(server(), 'GET', `${COMPANY}/auth/password-reset/${token}`, { subdomain: 'globex' }),
        404,
      );

      const body = {
        token,
        email: ACCOUNTS.employee,
        password: 'a-new-secret',
        password_confirmation: 'a-new-secret',
      };
      const reset = await call(server(), 'POST', `${COMPANY}/auth/password-reset`, {
        subdomain: 'acme',
        body,
      });
      expect(reset.statusCode).toBe(200);
      expect(reset.json()).toEqual({ message: 'Your password has been reset.' });

      expectErrorShape(
        await call(server(), 'POST', `${COMPANY}/auth/password-reset`, { subdomain: 'acme', body }),
        404,
      );
      expectErrorShape(
        await call(server(), 'GET', `${COMPANY}/auth/password-reset/${token}`, { subdomain: 'acme' }),
        404,
      );
      expectErrorShape(
        await call(server(), 'GET', `${COMPANY}/initial-data`, { subdomain: 'acme', token: oldToken }),
        401,
      );
      expectErrorShape(
        await call(server(), 'POST', `${COMPANY}/auth/refresh`, { subdomain: 'acme', token: oldToken }),
        401,
      );

      const login = (password: string) =>
        call(server(), 'POST', `${COMPANY}/auth/login`, {
          subdomain: 'acme',
          body: { email: ACCOUNTS.employee, password },
          ip: freshIp(),
        });
      expect((await login(DEMO_PASSWORD)).statusCode).toBe(401);
      expect((await login('a-new-secret')).statusCode).toBe(200);
      // Back to the demo password for the other tests.
      await call(server(), 'POST', `${COMPANY}/auth/password-forgot`, {
        subdomain: 'acme',
        body: { email: ACCOUNTS.employee },
      });
      const again = resetLinkOf((await lastMailTo(server(), ACCOUNTS.employee))!.text_body).searchParams.get(
        'token',
      )!;
      const restore = {
        token: again,
        email: ACCOUNTS.employee,
        password: DEMO_PASSWORD,
        password_confirmation: DEMO_PASSWORD,
      };
      expect(
        (await call(server(), 'POST', `${COMPANY}/auth/password-reset`, { subdomain: 'acme', body: restore }))
          .statusCode,
      ).toBe(200);
    });

    it('refuses a common password with 422 and keeps the link and the old password', async () => {
      // From an address of its own: each address may ask for ten mails per window (issue 37).
      await call(server(), 'POST', `${COMPANY}/auth/password-forgot`, {
        subdomain: 'acme',
        body: { email: ACCOUNTS.reception },
        ip: freshIp(),
      });
      const token = resetLinkOf((await lastMailTo(server(), ACCOUNTS.reception))!.text_body).searchParams.get(
        'token',
      )!;
      const body = {
        token,
        email: ACCOUNTS.reception,
        password: 'Password1',
        password_confirmation: 'Password1',
      };
      const refused = expectErrorShape(
        await call(server(), 'POST', `${COMPANY}/auth/password-reset`, { subdomain: 'acme', body }),
        422,
      );
      expect(refused.errors).toEqual({ password: ['This password is too common. Please choose another.'] });
      expect(
        (await call(server(), 'GET', `${COMPANY}/auth/password-reset/${token}`, { subdomain: 'acme' }))
          .statusCode,
      ).toBe(200);
      expect(
        (
          await call(server(), 'POST', `${COMPANY}/auth/login`, {
            subdomain: 'acme',
            body: { email: ACCOUNTS.reception, password: DEMO_PASSWORD },
            ip: freshIp(),
          })
        ).statusCode,
      ).toBe(200);
    });

    it('refuses a link for another address, and an expired link', async () => {
      await call(server(), 'POST', `${COMPANY}/auth/password-forgot`, {
        subdomain: 'acme',
        body: { email: ACCOUNTS.acmeAdmin },
      });
      const token = resetLinkOf((await lastMailTo(server(), ACCOUNTS.acmeAdmin))!.text_body).searchParams.get(
        'token',
      )!;
      const body = {
        token,
        email: ACCOUNTS.reception,
        password: 'another-secret',
        password_confirmation: 'another-secret',
      };
      const wrongAddress = expectErrorShape(
        await call(server(), 'POST', `${COMPANY}/auth/password-reset`, { subdomain: 'acme', body }),
        422,
      );
      expect(wrongAddress.errors).toEqual({ email: ['This link was sent to another address.'] });
      await server()
        .db.kysely.updateTable('password_resets')
        .set({ expires_at: sql<Date>`now() - interval '1 second'` })
        .execute();
      expectErrorShape(
        await call(server(), 'POST', `${COMPANY}/auth/password-reset`, {
          subdomain: 'acme',
          body: { ...body, email: ACCOUNTS.acmeAdmin },
        }),
        404,
      );
      expect(
        (
          await call(server(), 'POST', `${COMPANY}/auth/login`, {
            subdomain: 'acme',
            body: { email: ACCOUNTS.acmeAdmin, password: DEMO_PASSWORD },
            ip: freshIp(),
          })
        ).statusCode,
      ).toBe(200);
    });
  });

  describe('POST and GET /api/company/v1/auth/temp-code', () => {
    const codeIn = async (address: string) =>
      /\b(\d{6})\b/.exec((await lastMailTo(server(), address))!.text_body)![1]!;

    it('mails a six-digit code, tells whose it is, and signs in with it once', async () => {
      const send = await call(server(), 'POST', `${COMPANY}/auth/temp-code`, {
        subdomain: 'acme',
        body: { email: ACCOUNTS.reception },
      });
      expect(send.statusCode).toBe(200);
      expect(send.json()).toEqual({
        message: 'If the address belongs to an account, we have emailed a sign-in code.',
      });
      const code = await codeIn(ACCOUNTS.reception);
      const check = await call(server(), 'GET', `${COMPANY}/auth/temp-code/${code}`, {
        subdomain: 'acme',
        ip: freshIp(),
      });
      expect(check.json()).toEqual({ email: ACCOUNTS.reception });
      const signInBody = { email: ACCOUNTS.reception, code };
      const first = await call(server(), 'POST', `${COMPANY}/auth/temp-code?startup_page=profile`, {
        subdomain: 'acme',
        body: signInBody,
        ip: freshIp(),
      });
      expect(first.statusCode).toBe(200);
      expect(first.json()).toMatchObject({
        user: { email: ACCOUNTS.reception },
        company: { subdomain: 'acme' },
      });
      expect(typeof first.json().access_token).toBe('string');
      expectErrorShape(
        await call(server(), 'POST', `${COMPANY}/auth/temp-code`, {
          subdomain: 'acme',
          body: signInBody,
          ip: freshIp(),
        }),
        401,
      );
    });

    it('answers the same for an unknown address and refuses a wrong code', async () => {
      const send = await call(server(), 'POST', `${COMPANY}/auth/temp-code`, {
        subdomain: 'acme',
        body: { email: 'ghost@acme.test' },
      });
      expect(send.json()).toEqual({
        message: 'If the address belongs to an account, we have emailed a sign-in code.',
      });
      expectErrorShape(
        await call(server(), 'GET', `${COMPANY}/auth/temp-code/000000`, { subdomain: 'acme', ip: freshIp() }),
        404,
      );
      const wrong = await call(server(), 'POST', `${COMPANY}/auth/temp-code`, {
        subdomain: 'acme',
        body: { email: ACCOUNTS.reception, code: '12345' },
        ip: freshIp(),
      });
      expect(expectErrorShape(wrong, 422).errors).toEqual({ code: ['Only numbers allowed.'] });
    });

    it('does not accept a code on another company host', async () => {
      await call(server(), 'POST', `${COMPANY}/auth/temp-code`, {
        subdomain: 'acme',
        body: { email: ACCOUNTS.acmeAdmin },
      });
      const code = await codeIn(ACCOUNTS.acmeAdmin);
      expectErrorShape(
        await call(server(), 'GET', `${COMPANY}/auth/temp-code/${code}`, {
          subdomain: 'globex',
          ip: freshIp(),
        }),
        404,
      );
      expectErrorShape(
        await call(server(), 'POST', `${COMPANY}/auth/temp-code`, {
          subdomain: 'globex',
          body: { email: ACCOUNTS.acmeAdmin, code },
          ip: freshIp(),
        }),
        401,
      );
    });
  });

  describe('GET /api/company/v1/auth/login/labels/{locale}', () => {
    it('answers the labels in the locale, with every translation', async () => {
      const response = await call(server(), 'GET', `${COMPANY}/auth/login/labels/fr-CH`, {
        subdomain: 'acme',
      });
      expect(response.statusCode).toBe(200);
      const body = response.json<{
        status: string;
        labels: Array<{ code: string; content: string; translations: unknown[] }>;
      }>();
      expect(body.status).toBe('success');
      const title = body.labels.find((label) => label.code === 'general.login.title');
      expect(title?.content).toBe('Connexion');
      expect(title?.translations).toEqual(
        expect.arrayContaining([
          { locale: 'en', content: 'Sign in' },
          { locale: 'de', content: 'Anmeldung' },
        ]),
      );
    });

    it('falls back to English for a language without labels', async () => {
      const body = (
        await call(server(), 'GET', `${COMPANY}/auth/login/labels/es`, { subdomain: 'acme' })
      ).json();
      expect(
        body.labels.find((label: { code: string }) => label.code === 'general.login.title').content,
      ).toBe('Sign in');
    });
  });

  describe('GET /api/company/v1/auth/sso-domains', () => {
    it('answers the company’s SSO domains, none in the demo', async () => {
      const response = await call(server(), 'GET', `${COMPANY}/auth/sso-domains`, { subdomain: 'acme' });
      expect(response.json()).toEqual({ domains: [] });
      const company = await server()
        .db.kysely.selectFrom('companies')
        .select('id')
        .where('subdomain', '=', 'globex')
        .executeTakeFirstOrThrow();
      await server()
        .db.kysely.insertInto('sso_domains')
        .values({
          company_id: company.id,
          domain: 'globex.test',
          provider: 'azure',
          login_url: 'https://login.example/globex',
        })
        .execute();
      expect(
        (await call(server(), 'GET', `${COMPANY}/auth/sso-domains`, { subdomain: 'acme' })).json(),
      ).toEqual({ domains: [] });
      expect(
        (await call(server(), 'GET', `${COMPANY}/auth/sso-domains`, { subdomain: 'globex' })).json(),
      ).toEqual({
        domains: [{ domain: 'globex.test', provider: 'azure', login_url: 'https://login.example/globex' }],
      });
    });
  });
});
