import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { TestServer } from '../../../../test/support/server-app';
import { call, freshIp } from '../../../../test/support/server-factories';
import type { ManagedUser } from '../../../shared/contract/users';
import { usersPath } from '../../../shared/contract/users';

export const USERS = usersPath;

/** Calls as acme (or another company) with a token; `ok` asserts the status and answers the body. */
export function usersApi(server: () => TestServer) {
  const request = (
    token: string,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    body?: unknown,
    subdomain = 'acme',
  ) => call(server(), method, url, { subdomain, token, body });
  return {
    request,
    async ok<T>(response: Promise<LightMyRequestResponse>, status = 200): Promise<T> {
      const answer = await response;
      expect(answer.statusCode, answer.body).toBe(status);
      return answer.json<T>();
    },
    /** A user created through the API, with a unique address. */
    async create(token: string, overrides: Record<string, unknown> = {}): Promise<ManagedUser> {
      const languageId = await englishId(server());
      const response = await request(token, 'POST', USERS, {
        email: `person-${Math.random().toString(36).slice(2, 10)}@acme.test`,
        first_name: 'Pat',
        last_name: 'Person',
        language_id: languageId,
        timezone: 'Europe/Zurich',
        country_id: null,
        is_visitor: false,
        sso: false,
        ...overrides,
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<ManagedUser>();
    },
  };
}

export async function englishId(server: TestServer): Promise<number> {
  const row = await server.db.kysely
    .selectFrom('languages')
    .select('id')
    .where('code', '=', 'en')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The invitation link's token from the last mail the outbox holds for this address. */
export async function invitationTokenFor(server: TestServer, email: string): Promise<string> {
  const mail = await server.db.kysely
    .selectFrom('outbox')
    .select(['text_body', 'subject'])
    .where('to_address', '=', email)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const match = /\/accept-invitation\?token=([A-Za-z0-9_%-]+)/.exec(mail.text_body);
  expect(match, mail.text_body).not.toBeNull();
  return decodeURIComponent(match![1]!);
}

export function signInAs(server: TestServer, email: string, password: string) {
  return call(server, 'POST', '/api/company/v1/auth/login', {
    subdomain: 'acme',
    body: { email, password },
    ip: freshIp(),
  });
}
