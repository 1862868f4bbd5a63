import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_ID } from '../../src/shared/contract/common';
import { operationsUnder, type ApiDocument, type JsonSchema, type Operation } from '../support/api-document';
import { describeEachDatabase } from '../support/server-app';
import { ACCOUNTS, call, expectErrorShape, signIn } from '../support/server-factories';

/**
 * The quality bar's "bad input gets a clear error and changes nothing … never a 500", route by
 * route: every route of the API document is called, signed in as an administrator who may use it,
 * with ids that name nothing or are not numbers, query values of the wrong kind, bodies of the wrong
 * shape, and bodies the contract accepts but for one property at an edge (a huge or negative
 * number, an empty or 70,000-character text, year 1 or 9999, null). Every answer is a 4xx in the
 * error shape or a success; none is a server error.
 */

// Signing out or changing one's own password ends the session the sweep signs in with.
const SESSION_ENDING = /\/logout$|\/password/;
const BEYOND_INTEGER = String(MAX_ID + 1);
const BAD_PATH_IDS = ['abc', '-1', '0', '1.5', '1e3', '%00', BEYOND_INTEGER, '99999999999999999999'];
const BAD_QUERY_VALUES = [
  'abc',
  '-1',
  BEYOND_INTEGER,
  `${BEYOND_INTEGER},1`,
  '99999999999999999999',
  '2026-02-30',
  '99999-01-01',
  '',
  '%ZZ',
];
// Each becomes the value of every property of a route's body at once.
const BAD_VALUES: unknown[] = [
  MAX_ID + 1,
  [MAX_ID + 1],
  Number.MAX_SAFE_INTEGER,
  1e308,
  -1,
  0.5,
  'x',
  'x'.repeat(70_000),
  '99999-01-01T00:00:00Z',
  '2026-02-30',
  true,
  null,
  [],
  {},
  [1, 'a', null],
];

/**
 * A value the schema probably accepts: its JSON Schema, and for strings whose pattern it cannot
 * read, the property's name (a date, a time, an end after the start, an address).
 */
function sampleOf(schema: JsonSchema, key = ''): unknown {
  const options = schema.anyOf ?? schema.oneOf;
  if (options) return sampleOf(options.find((option) => option.type !== 'null') ?? options[0]!, key);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  const isEnd = /(_to|end|endTime|_ends?)$/i.test(key);
  switch (type) {
    case 'object':
      return Object.fromEntries(
        (schema.required ?? []).map((name) => [name, sampleOf(schema.properties?.[name] ?? {}, name)]),
      );
    case 'array':
      return Array.from({ length: Math.max(1, schema.minItems ?? 0) }, () =>
        sampleOf(schema.items ?? {}, key),
      );
    case 'integer':
    case 'number': {
      const least = (schema.minimum ?? 1) + (schema.exclusiveMinimum === true ? 1 : 0);
      return Math.min(Math.max(1, least), schema.maximum ?? Infinity);
    }
    case 'boolean':
      return true;
    case 'string':
      if (schema.format === 'date-time' || /^(start|end|datetime_\w+|\w+_at)$/.test(key))
        return isEnd ? '2030-01-07T10:00:00Z' : '2030-01-07T09:00:00Z';
      if (schema.format === 'date' || /(^|_)date($|_)/i.test(key)) return isEnd ? '2030-01-08' : '2030-01-07';
      if (key === 'timezone') return 'Europe/Zurich';
      if (/time/i.test(key)) return isEnd ? '10:00' : '09:00';
      if (schema.format === 'email' || /email/.test(key)) return 'someone@acme.test';
      if (/url$/.test(key)) return 'https://intranet.acme.test';
      return 'x'.repeat(Math.max(1, schema.minLength ?? 1));
    default:
      return null;
  }
}

// Each replaces one property of an otherwise acceptable body.
const EDGE_VALUES: unknown[] = [
  MAX_ID + 1,
  -1,
  0,
  1e308,
  '',
  ' ',
  'x'.repeat(70_000),
  '0001-01-01T00:00:00Z',
  '9999-12-31T23:59:59Z',
  '0001-01-01',
  '9999-12-31',
  null,
  [],
  [MAX_ID + 1],
  {},
];

/** The calls of one route: bad path ids, bad query values, bodies of the wrong shape, broken JSON. */
function badCalls(operation: Operation): Array<{ url: string; body?: unknown; raw?: string }> {
  const sample = operation.path.replace(/\{\w+\}/g, '1');
  const calls: Array<{ url: string; body?: unknown; raw?: string }> = [];
  const emptyBody = operation.body ? {} : undefined;
  for (const name of operation.params)
    for (const bad of BAD_PATH_IDS)
      calls.push({ url: operation.path.replace(`{${name}}`, bad).replace(/\{\w+\}/g, '1'), body: emptyBody });
  for (const name of operation.query)
    for (const bad of BAD_QUERY_VALUES)
      calls.push({ url: `${sample}?${name}=${encodeURIComponent(bad)}`, body: emptyBody });
  if (!operation.body) return [...calls, { url: sample }];
  for (const body of [{}, [], 'text', 42]) calls.push({ url: sample, body });
  const properties = Object.keys(operation.body.properties ?? {});
  if (properties.length > 0)
    for (const bad of BAD_VALUES)
      calls.push({ url: sample, body: Object.fromEntries(properties.map((key) => [key, bad])) });
  calls.push({ url: sample, raw: '{"name":' });
  const acceptable = sampleOf(operation.body);
  if (acceptable !== null && typeof acceptable === 'object' && !Array.isArray(acceptable)) {
    calls.push({ url: sample, body: acceptable });
    for (const key of properties)
      for (const edge of EDGE_VALUES) calls.push({ url: sample, body: { ...acceptable, [key]: edge } });
  }
  return calls;
}

describeEachDatabase('malformed input', (server) => {
  let document: ApiDocument;

  beforeAll(async () => {
    document = (await call(server(), 'GET', '/api/docs/json')).json<ApiDocument>();
  });

  /** Calls every route under `prefix`; answers the server errors, as "METHOD url body → status". */
  async function sweep(prefix: string, subdomain: string | null, email: string) {
    let token = await signIn(server(), email, subdomain);
    const serverErrors: string[] = [];
    const refusals = new Set<number>();
    const operations = operationsUnder(document, prefix).filter(
      (operation) => !SESSION_ENDING.test(operation.path),
    );
    for (const operation of operations) {
      for (const attempt of badCalls(operation)) {
        const response = await call(server(), operation.method, attempt.url, {
          subdomain,
          token,
          ...(attempt.raw !== undefined
            ? { raw: { payload: attempt.raw, contentType: 'application/json' } }
            : { body: attempt.body }),
        });
        const shown = `${operation.method} ${attempt.url} ${JSON.stringify(attempt.body ?? attempt.raw)?.slice(0, 60)}`;
        if (response.statusCode >= 500)
          serverErrors.push(`${shown} → ${response.statusCode} ${response.body}`);
        else if (response.statusCode >= 400) {
          refusals.add(response.statusCode);
          expectErrorShape(response);
        }
      }
      // A call that ended the session (refreshing it, signing in as someone) must not leave the
      // rest of the sweep unauthenticated: it would only test the 401.
      const probe = await call(server(), 'GET', `${prefix}initial-data`, { subdomain, token });
      if (probe.statusCode === 401) token = await signIn(server(), email, subdomain);
    }
    return { operations, serverErrors, refusals };
  }

  describe('every route', () => {
    it('answers bad ids, query values and bodies of a company route with a 4xx, never a server error', async () => {
      const { operations, serverErrors, refusals } = await sweep(
        '/api/company/v1/',
        'acme',
        ACCOUNTS.acmeAdmin,
      );
      expect(operations.length).toBeGreaterThan(100);
      expect(serverErrors).toEqual([]);
      // The refusals are about the input, not about the caller.
      expect(refusals).toContain(422);
      expect(refusals).toContain(404);
    }, 300_000);

    it('answers bad input on a master route with a 4xx, never a server error', async () => {
      const { operations, serverErrors } = await sweep('/api/master/v1/', null, ACCOUNTS.platform);
      expect(operations.length).toBeGreaterThan(5);
      expect(serverErrors).toEqual([]);
    }, 120_000);
  });

  describe('ids beyond PostgreSQL’s integer', () => {
    let token: string;
    beforeAll(async () => {
      token = await signIn(server(), ACCOUNTS.acmeAdmin, 'acme');
    });

    it('refuses one in a path with the field’s error', async () => {
      const response = await call(server(), 'GET', `/api/company/v1/resources/${BEYOND_INTEGER}`, {
        subdomain: 'acme',
        token,
      });
      expect(Object.keys(expectErrorShape(response, 422).errors ?? {})).toEqual(['id']);
    });

    it('refuses one in a list filter with the field’s error', async () => {
      const response = await call(
        server(),
        'GET',
        `/api/company/v1/resources?resource_type=1,${BEYOND_INTEGER}`,
        { subdomain: 'acme', token },
      );
      expect(Object.keys(expectErrorShape(response, 422).errors ?? {})).toEqual(['resource_type']);
    });
  });

  describe('a change with nothing in it', () => {
    let token: string;
    beforeAll(async () => {
      token = await signIn(server(), ACCOUNTS.acmeAdmin, 'acme');
    });

    it('answers the company profile unchanged', async () => {
      const before = await call(server(), 'GET', '/api/company/v1/company-profile', {
        subdomain: 'acme',
        token,
      });
      const response = await call(server(), 'PUT', '/api/company/v1/company-profile', {
        subdomain: 'acme',
        token,
        body: {},
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual(before.json());
    });

    it('answers a booking preset unchanged', async () => {
      const created = await call(server(), 'POST', '/api/company/v1/bookings/presets', {
        subdomain: 'acme',
        token,
        body: { name: 'Unchanged' },
      });
      expect(created.statusCode, created.body).toBe(201);
      const preset = created.json<{ id: number }>();
      const response = await call(server(), 'PUT', `/api/company/v1/bookings/presets/${preset.id}`, {
        subdomain: 'acme',
        token,
        body: {},
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual(created.json());
    });
  });
});
