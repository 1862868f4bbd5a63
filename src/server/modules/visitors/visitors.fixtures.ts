import { expect } from 'vitest';
import type { TestServer } from '../../../../test/support/server-app';
import { ACCOUNTS, call, signIn } from '../../../../test/support/server-factories';
import type { ReceptionDesk } from '../../../shared/contract/reception-desks';

export const COMPANY = '/api/company/v1';
export const DESKS = `${COMPANY}/reception-desks`;
export const VISITORS = `${COMPANY}/visitors`;
export const VISITS = `${COMPANY}/visits`;

export interface VisitorActors {
  admin: string;
  employee: string;
  reception: string;
  teammate: string;
  globex: string;
  en: number;
  fr: number;
}

export async function visitorActors(server: TestServer): Promise<VisitorActors> {
  const languages = await server.db.kysely.selectFrom('languages').select(['id', 'code']).execute();
  const id = (code: string) => languages.find((language) => language.code === code)!.id;
  return {
    admin: await signIn(server, ACCOUNTS.acmeAdmin),
    employee: await signIn(server, ACCOUNTS.employee),
    reception: await signIn(server, ACCOUNTS.reception),
    teammate: await signIn(server, ACCOUNTS.teammate),
    globex: await signIn(server, ACCOUNTS.globexAdmin, 'globex'),
    en: id('en'),
    fr: id('fr'),
  };
}

/** A caller of one company: `send(method, url, body)` answers the response. */
export const caller =
  (server: () => TestServer, token: () => string, subdomain = 'acme') =>
  (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
    call(server(), method, url, { subdomain, token: token(), ...(body === undefined ? {} : { body }) });

/** A desk made through the API by acme's administrator. */
export async function givenDesk(
  server: TestServer,
  admin: string,
  en: number,
  name: string,
  extra: Record<string, unknown> = {},
): Promise<ReceptionDesk> {
  const response = await call(server, 'POST', DESKS, {
    subdomain: 'acme',
    token: admin,
    body: { translations: [{ language_id: en, name }], ...extra },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<ReceptionDesk>();
}

/** A user container of acme's (access type USER). */
export async function givenContainer(server: TestServer, admin: string, name: string): Promise<number> {
  const response = await call(server, 'POST', `${COMPANY}/containers`, {
    subdomain: 'acme',
    token: admin,
    body: { name, access_type: 'USER' },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number }>().id;
}

const HOUR = 3_600_000;

/** A visit's times `days` from now (0: starting now), an hour long. */
export function hoursFromNow(hours: number, length = 1) {
  const start = new Date(Date.now() + hours * HOUR);
  return { starts_at: start.toISOString(), ends_at: new Date(start.getTime() + length * HOUR).toISOString() };
}

export async function outboxTo(server: TestServer, address: string) {
  return server.db.kysely
    .selectFrom('outbox')
    .selectAll()
    .where('to_address', '=', address)
    .orderBy('id')
    .execute();
}
