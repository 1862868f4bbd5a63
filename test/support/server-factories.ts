import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { TestServer } from './server-app';

export const DEMO_PASSWORD = 'demo1234';
export const ACCOUNTS = {
  platform: 'platform@workplace.test',
  acmeAdmin: 'admin@acme.test',
  employee: 'employee@acme.test',
  reception: 'reception@acme.test',
  teammate: 'teammate@acme.test',
  globexAdmin: 'admin@globex.test',
} as const;

export interface CallOptions {
  subdomain?: string | null;
  token?: string;
  body?: unknown;
  /** a raw payload with its own content type */
  raw?: { payload: string | Buffer; contentType: string };
  ip?: string;
  headers?: Record<string, string>;
}

let addressCounter = 0;
/** A client address of its own, so one test's failed logins never throttle another's. */
export function freshIp(): string {
  addressCounter += 1;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

export function call(
  server: TestServer,
  method: InjectOptions['method'],
  url: string,
  options: CallOptions = {},
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.subdomain) headers['subdomain'] = options.subdomain;
  if (options.token) headers['authorization'] = `Bearer ${options.token}`;
  if (options.raw) headers['content-type'] = options.raw.contentType;
  return server.app.inject({
    method,
    url,
    headers,
    remoteAddress: options.ip ?? '127.0.0.1',
    ...(options.raw
      ? { payload: options.raw.payload }
      : options.body !== undefined
        ? { payload: options.body as InjectOptions['payload'] }
        : {}),
  });
}

/**
 * A module's fixtures' way to the API: `request` as a user (a token) on a company host (acme unless
 * named), `expectStatus` checks the status and answers the body.
 */
export function companyApi(server: () => TestServer) {
  const request = (
    token: string,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    body?: unknown,
    subdomain = 'acme',
  ): Promise<LightMyRequestResponse> => call(server(), method, url, { subdomain, token, body });
  const expectStatus = <T>(response: LightMyRequestResponse, status: number): T => {
    expect(response.statusCode, response.body).toBe(status);
    return response.json<T>();
  };
  return { request, expectStatus };
}

/** Signs in on the company host (or the master host with null) and answers the access token. */
export async function signIn(
  server: TestServer,
  email: string,
  subdomain: string | null = 'acme',
): Promise<string> {
  const prefix = subdomain ? '/api/company/v1' : '/api/master/v1';
  const response = await call(server, 'POST', `${prefix}/auth/login`, {
    subdomain,
    body: { email, password: DEMO_PASSWORD },
    ip: freshIp(),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ access_token: string }>().access_token;
}

/** The error shape of ARCHITECTURE.md: { data: { message, errors? } }, and nothing else. */
export function expectErrorShape(
  response: LightMyRequestResponse,
  status?: number,
): { message: string; errors?: Record<string, string[]> } {
  if (status !== undefined) expect(response.statusCode, response.body).toBe(status);
  expect(response.statusCode).toBeGreaterThanOrEqual(400);
  expect(response.statusCode).toBeLessThan(500);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  const body = response.json<{ data: { message: string; errors?: Record<string, string[]> } }>();
  expect(Object.keys(body)).toEqual(['data']);
  expect(typeof body.data.message).toBe('string');
  expect(response.body).not.toMatch(/\bat .+\.(ts|js):\d+/); // no stack trace
  if (body.data.errors)
    for (const messages of Object.values(body.data.errors))
      expect(messages.every((m) => typeof m === 'string')).toBe(true);
  return body.data;
}

export function claimsOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as Record<
    string,
    unknown
  >;
}

export async function companyIdOf(server: TestServer, subdomain: string): Promise<number> {
  const row = await server.db.kysely
    .selectFrom('companies')
    .select('id')
    .where('subdomain', '=', subdomain)
    .executeTakeFirstOrThrow();
  return row.id;
}
