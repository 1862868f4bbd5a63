import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH, TOO_DEEP_MESSAGE, nestsDeeperThan } from '../../src/server/http/body-bounds';
import { operationsUnder, type ApiDocument, type Operation } from '../support/api-document';
import { describeEachDatabase } from '../support/server-app';
import { ACCOUNTS, call, expectErrorShape, freshIp, signIn } from '../support/server-factories';

/**
 * Issue 37, point 1: a 36 KB body nested 6,000 levels deep overflowed the stack of the validation
 * and answered 500 on 72 of 78 JSON routes, the sign-in routes included. Every route that takes a
 * JSON body now refuses it before parsing, signed in or not, and the server goes on answering.
 */
const LEVELS = 6_000;
const NESTED = `${'{"a":'.repeat(LEVELS)}1${'}'.repeat(LEVELS)}`;
const NESTED_ARRAY = `${'['.repeat(LEVELS)}${']'.repeat(LEVELS)}`;
// Session-ending routes are called too: the body is refused before they could end anything.
const withBody = (operation: Operation) => operation.body !== null;

describe('the depth check', () => {
  it('counts brackets outside strings only', () => {
    expect(nestsDeeperThan('{"a":"[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["}', 3)).toBe(false);
    expect(nestsDeeperThan('{"a":"\\"[[[[[["}', 1)).toBe(false);
    expect(nestsDeeperThan('[[[1]]]', 3)).toBe(false);
    expect(nestsDeeperThan('[[[[1]]]]', 3)).toBe(true);
    expect(
      nestsDeeperThan(`${'['.repeat(MAX_JSON_DEPTH)}${']'.repeat(MAX_JSON_DEPTH)}`, MAX_JSON_DEPTH),
    ).toBe(false);
  });
});

describeEachDatabase('nested request bodies', (server) => {
  let document: ApiDocument;
  let companyToken: string;
  let masterToken: string;

  beforeAll(async () => {
    document = (await call(server(), 'GET', '/api/docs/json')).json<ApiDocument>();
    companyToken = await signIn(server(), ACCOUNTS.acmeAdmin, 'acme');
    masterToken = await signIn(server(), ACCOUNTS.platform, null);
  });

  async function flood(prefix: string, subdomain: string | null, token: string) {
    const operations = operationsUnder(document, prefix).filter(withBody);
    const answers: string[] = [];
    for (const operation of operations) {
      const url = operation.path.replace(/\{\w+\}/g, '1');
      for (const payload of [NESTED, NESTED_ARRAY])
        for (const signedIn of [true, false]) {
          const response = await call(server(), operation.method, url, {
            subdomain,
            ...(signedIn ? { token } : {}),
            ip: freshIp(),
            raw: { payload, contentType: 'application/json' },
          });
          const refused = expectErrorShape(response);
          // Public routes (sign-in, password-forgot) and signed-in callers read the body: it is
          // refused for its depth. Others stop at the missing token, before the body.
          if (signedIn || !operation.secured) {
            answers.push(`${operation.method} ${operation.path} → ${response.statusCode}`);
            expect(response.statusCode, `${operation.method} ${url}`).toBe(422);
            expect(refused.message).toBe(TOO_DEEP_MESSAGE);
          } else expect(response.statusCode, `${operation.method} ${url}`).toBe(401);
        }
    }
    return { operations, answers };
  }

  it('refuses a deeply nested body on every company route with a 422 naming the limit', async () => {
    const { operations } = await flood('/api/company/v1/', 'acme', companyToken);
    expect(operations.length).toBeGreaterThan(60);
    expect(operations.map((operation) => operation.path)).toContain('/api/company/v1/auth/login');
  }, 120_000);

  it('refuses it on every master route too', async () => {
    const { operations } = await flood('/api/master/v1/', null, masterToken);
    expect(operations.map((operation) => operation.path)).toContain('/api/master/v1/auth/login');
  }, 60_000);

  it('still answers the health check and signs people in afterwards', async () => {
    const health = await call(server(), 'GET', '/api/health');
    expect(health.statusCode).toBe(200);
    expect(health.json()).toMatchObject({ status: 'ok' });
    await signIn(server(), ACCOUNTS.employee, 'acme');
  });

  it('accepts a body exactly as deep as the limit as far as the contract goes', async () => {
    const body = `{"email":"x@acme.test","password":${'['.repeat(MAX_JSON_DEPTH - 1)}${']'.repeat(MAX_JSON_DEPTH - 1)}}`;
    const response = await call(server(), 'POST', '/api/company/v1/auth/login', {
      subdomain: 'acme',
      ip: freshIp(),
      raw: { payload: body, contentType: 'application/json' },
    });
    // Read and validated: the password is not text.
    expect(Object.keys(expectErrorShape(response, 422).errors ?? {})).toEqual(['password']);
  });
});
