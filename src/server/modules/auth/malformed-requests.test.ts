import { expect, it, describe } from 'vitest';
import { describeEachDatabase } from '../../../../test/support/server-app';
import {
  ACCOUNTS,
  call,
  DEMO_PASSWORD,
  expectErrorShape,
  freshIp,
  signIn,
  type CallOptions,
} from '../../../../test/support/server-factories';

const LOGIN = '/api/company/v1/auth/login';
const REFRESH = '/api/company/v1/auth/refresh';
const RESET = '/api/company/v1/auth/password-reset';
const MEGABYTE = 'x'.repeat(1024 * 1024);
const json = (payload: string) => ({ raw: { payload, contentType: 'application/json' } });

interface Case {
  name: string;
  url: string;
  options: CallOptions;
  status: number;
  errors?: Record<string, string[]>;
}

const CASES: Case[] = [
  { name: 'login without a body', url: LOGIN, options: {}, status: 422 },
  {
    name: 'login with an empty object',
    url: LOGIN,
    options: { body: {} },
    status: 422,
    errors: { email: ['This field is required.'], password: ['This field is required.'] },
  },
  {
    name: 'login without a password',
    url: LOGIN,
    options: { body: { email: ACCOUNTS.employee } },
    status: 422,
    errors: { password: ['This field is required.'] },
  },
  {
    name: 'login with a whitespace password',
    url: LOGIN,
    options: { body: { email: ACCOUNTS.employee, password: '   ' } },
    status: 422,
    errors: { password: ['This field is required.'] },
  },
  {
    name: 'login with a malformed email',
    url: LOGIN,
    options: { body: { email: 'not-an-email', password: 'x' } },
    status: 422,
    errors: { email: ['Please enter valid email.'] },
  },
  {
    name: 'login with a number as email',
    url: LOGIN,
    options: { body: { email: 42, password: 'x' } },
    status: 422,
    errors: { email: ['Email is not valid.'] },
  },
  {
    name: 'login with null fields',
    url: LOGIN,
    options: { body: { email: null, password: null } },
    status: 422,
  },
  {
    name: 'login with an array body',
    url: LOGIN,
    options: { body: [ACCOUNTS.employee, DEMO_PASSWORD] },
    status: 422,
  },
  { name: 'login with a JSON null body', url: LOGIN, options: json('null'), status: 422 },
  { name: 'login with a JSON string body', url: LOGIN, options: json('"employee@acme.test"'), status: 422 },
  {
    name: 'login with an unknown field',
    url: LOGIN,
    options: { body: { email: ACCOUNTS.employee, password: DEMO_PASSWORD, is_admin: true } },
    status: 422,
    errors: { is_admin: ['Is admin is not valid.'] },
  },
  {
    name: 'login with a nested object as password',
    url: LOGIN,
    options: { body: { email: ACCOUNTS.employee, password: { $ne: '' } } },
    status: 422,
    errors: { password: ['Password is not valid.'] },
  },
  {
    name: 'login with SQL in the email',
    url: LOGIN,
    options: { body: { email: "' OR 1=1; DROP TABLE users; --", password: 'x' } },
    status: 422,
    errors: { email: ['Please enter valid email.'] },
  },
  {
    name: 'login with SQL in the password',
    url: LOGIN,
    options: { body: { email: ACCOUNTS.employee, password: "' OR '1'='1" }, ip: '198.51.100.7' },
    status: 401,
  },
  {
    name: 'login with unicode everywhere',
    url: LOGIN,
    options: { body: { email: 'émile@exämple.test', password: '🔑密码пароль\u0000' } },
    status: 422,
    // a NUL is refused in any field, before the schema reads the email
    errors: { password: ['The field contains a character that is not allowed.'] },
  },
  {
    name: 'login with a unicode password for a real account',
    url: LOGIN,
    options: { body: { email: ACCOUNTS.employee, password: '🔑密码пароль' }, ip: '198.51.100.8' },
    status: 401,
  },
  {
    name: 'login with a 1 MB password',
    url: LOGIN,
    options: { body: { email: ACCOUNTS.employee, password: MEGABYTE.slice(0, 1000 * 1000) } },
    status: 422,
    errors: { password: ['The field must contain 1024 or fewer characters.'] },
  },
  {
    name: 'login with a body over 1 MB',
    url: LOGIN,
    options: { body: { email: ACCOUNTS.employee, password: MEGABYTE } },
    status: 413,
  },
  {
    name: 'login with a 1 MB hand-over code',
    url: LOGIN,
    options: { body: { token: MEGABYTE.slice(0, 1000 * 1000) } },
    status: 422,
  },
  {
    name: 'login with malformed JSON',
    url: LOGIN,
    options: json('{"email": "employee@acme.test", "password": '),
    status: 400,
  },
  {
    name: 'login with a prototype-polluting body',
    url: LOGIN,
    options: json('{"__proto__": {"admin": true}, "email": "a@b.co", "password": "x"}'),
    status: 400,
  },
  {
    name: 'login as text/plain',
    url: LOGIN,
    options: { raw: { payload: 'email=employee@acme.test&password=demo1234', contentType: 'text/plain' } },
    status: 415,
  },
  {
    name: 'login as a form',
    url: LOGIN,
    options: {
      raw: {
        payload: 'email=employee@acme.test&password=demo1234',
        contentType: 'application/x-www-form-urlencoded',
      },
    },
    status: 415,
  },
  {
    name: 'login with an unknown includes value',
    url: `${LOGIN}?includes=everything`,
    options: { body: { email: ACCOUNTS.employee, password: DEMO_PASSWORD } },
    status: 422,
    errors: { includes: ['Includes is not valid.'] },
  },
  {
    name: 'refresh with a non-empty body',
    url: REFRESH,
    options: { body: { refresh_token: 'x' } },
    status: 422,
  },
  { name: 'refresh with malformed JSON', url: REFRESH, options: json('{'), status: 400 },
  {
    name: 'refresh with a garbage bearer',
    url: REFRESH,
    options: { headers: { authorization: 'Bearer not.a.jwt' } },
    status: 401,
  },
  {
    name: 'refresh with a 1 MB bearer',
    url: REFRESH,
    options: { headers: { authorization: `Bearer ${MEGABYTE.slice(0, 8000)}` } },
    status: 401,
  },
  {
    name: 'refresh with a token signed with "none"',
    url: REFRESH,
    options: {
      headers: {
        authorization: `Bearer ${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from('{"sub":"1","aud":"1"}').toString('base64url')}.`,
      },
    },
    status: 401,
  },
  {
    name: 'password reset with an empty object',
    url: RESET,
    options: { body: {} },
    status: 422,
    errors: {
      token: ['This field is required.'],
      email: ['This field is required.'],
      password: ['This field is required.'],
      password_confirmation: ['This field is required.'],
    },
  },
  {
    name: 'password reset with a short password',
    url: RESET,
    options: { body: { token: 't', email: 'a@b.co', password: 'short', password_confirmation: 'short' } },
    status: 422,
    errors: { password: ['The field must contain 8 or more characters.'] },
  },
  {
    name: 'password reset with mismatched confirmation',
    url: RESET,
    options: {
      body: { token: 't', email: 'a@b.co', password: 'longenough', password_confirmation: 'different1' },
    },
    status: 422,
    errors: { password_confirmation: ['Passwords do not match.'] },
  },
  {
    name: 'password reset with a numeric token',
    url: RESET,
    options: {
      body: { token: 123, email: 'a@b.co', password: 'longenough', password_confirmation: 'longenough' },
    },
    status: 422,
    errors: { token: ['Token is not valid.'] },
  },
  {
    name: 'password reset with a 1 MB token',
    url: RESET,
    options: {
      body: {
        token: MEGABYTE.slice(0, 1000 * 1000),
        email: 'a@b.co',
        password: 'longenough',
        password_confirmation: 'longenough',
      },
    },
    status: 422,
  },
  {
    name: 'password reset with SQL in the token',
    url: RESET,
    options: {
      body: {
        token: "x' OR '1'='1",
        email: ACCOUNTS.employee,
        password: 'longenough',
        password_confirmation: 'longenough',
      },
    },
    status: 404,
  },
  {
    name: 'password reset as text/plain',
    url: RESET,
    options: { raw: { payload: 'token=x', contentType: 'text/plain' } },
    status: 415,
  },
];

describeEachDatabase('malformed requests', (server) => {
  describe('POST auth/login, auth/refresh and auth/password-reset', () => {
    it.each(CASES)(
      'answers $status for $name, in the error shape',
      async ({ url, options, status, errors }) => {
        const response = await call(server(), 'POST', url, { subdomain: 'acme', ip: freshIp(), ...options });
        const body = expectErrorShape(response, status);
        if (errors) expect(body.errors).toEqual(errors);
        if (status === 422) expect(body.message).toBe('The given data was invalid.');
      },
    );

    it('keeps serving and changes nothing after all of them', async () => {
      const health = await call(server(), 'GET', '/api/health');
      expect(health.json()).toEqual({ status: 'ok', database: server().kind });
      const sessions = await server().db.kysely.selectFrom('sessions').select('jti').execute();
      expect(sessions).toEqual([]);
      const users = await server().db.kysely.selectFrom('users').select('email').execute();
      expect(users).toHaveLength(6);
      expect(await signIn(server(), ACCOUNTS.employee)).toBeTruthy();
    });
  });

  describe('GET auth/password-reset/{token} and auth/login/labels/{locale}', () => {
    it('answers 404 for an unknown token, 422 or 414 for an overlong one, and 422 for a malformed locale', async () => {
      expectErrorShape(
        await call(server(), 'GET', '/api/company/v1/auth/password-reset/nope', { subdomain: 'acme' }),
        404,
      );
      expectErrorShape(
        await call(server(), 'GET', `/api/company/v1/auth/password-reset/${'a'.repeat(129)}`, {
          subdomain: 'acme',
        }),
        422,
      );
      const overlong = await call(server(), 'GET', `/api/company/v1/auth/password-reset/${'a'.repeat(300)}`, {
        subdomain: 'acme',
      });
      expectErrorShape(overlong, 414);
      expect(overlong.headers['x-content-type-options']).toBe('nosniff');
      expectErrorShape(
        await call(server(), 'GET', '/api/company/v1/auth/password-reset/%E0%A4%A', { subdomain: 'acme' }),
        400,
      );
      expectErrorShape(
        await call(
          server(),
          'GET',
          `/api/company/v1/auth/login/labels/${encodeURIComponent("en'; drop table labels")}`,
          { subdomain: 'acme' },
        ),
        422,
      );
    });
  });
});
