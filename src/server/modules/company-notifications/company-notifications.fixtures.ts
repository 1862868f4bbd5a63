import type { LightMyRequestResponse } from 'fastify';
import type { TestServer } from '../../../../test/support/server-app';
import { ACCOUNTS, companyApi, signIn } from '../../../../test/support/server-factories';
import {
  notificationPaths,
  type CompanyNotification,
  type CompanyNotificationBodyInput,
} from '../../../shared/contract/company-notifications';

/** A notification body in the company's language (English for acme and globex). */
export async function notificationBody(
  server: TestServer,
  name: string,
  change: Partial<CompanyNotificationBodyInput> = {},
): Promise<CompanyNotificationBodyInput> {
  const english = await server.db.kysely
    .selectFrom('languages')
    .select('id')
    .where('code', '=', 'en')
    .executeTakeFirstOrThrow();
  return {
    translations: [{ language_id: english.id, name, description: `${name}: details` }],
    send_to: 'all_users',
    ...change,
  };
}

/** The id of a user container (type USER) of a company by its name: the demo's role containers. */
export async function containerId(server: TestServer, subdomain: string, name: string): Promise<number> {
  const row = await server.db.kysely
    .selectFrom('user_containers as uc')
    .innerJoin('companies as c', 'c.id', 'uc.company_id')
    .select('uc.id')
    .where('c.subdomain', '=', subdomain)
    .where('uc.name', '=', name)
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function userIdOf(server: TestServer, email: string): Promise<number> {
  const row = await server.db.kysely
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Who received notification `id`, by e-mail address. */
export async function recipientsOf(server: TestServer, id: number): Promise<string[]> {
  const rows = await server.db.kysely
    .selectFrom('user_notifications as un')
    .innerJoin('users as u', 'u.id', 'un.user_id')
    .select('u.email')
    .where('un.notification_id', '=', id)
    .orderBy('u.email')
    .execute();
  return rows.map((row) => row.email);
}

/** The administrators' side: acme's and globex's, signed in. */
export function notificationsAdmin(server: () => TestServer) {
  const { request, expectStatus } = companyApi(server);
  let acme = '';
  let globex = '';
  return {
    async signIn() {
      acme = await signIn(server(), ACCOUNTS.acmeAdmin);
      globex = await signIn(server(), ACCOUNTS.globexAdmin, 'globex');
    },
    get acme() {
      return acme;
    },
    get globex() {
      return globex;
    },
    request,
    expectStatus,
    async create(body: CompanyNotificationBodyInput): Promise<CompanyNotification> {
      return expectStatus<CompanyNotification>(
        await request(acme, 'POST', notificationPaths.list, body),
        201,
      );
    },
    update(id: number, body: CompanyNotificationBodyInput): Promise<LightMyRequestResponse> {
      return request(acme, 'PUT', notificationPaths.oneOf(id), body);
    },
  };
}
