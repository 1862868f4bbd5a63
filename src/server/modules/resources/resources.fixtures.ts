import type { Resource } from '../../../shared/contract/resources';
import { expect } from 'vitest';
import type { TestServer } from '../../../../test/support/server-app';
import { ACCOUNTS, call, signIn } from '../../../../test/support/server-factories';

/** Test set-up shared by the resources suites: a tree of their own, made through the API. */

export const LEVELS = '/api/company/v1/levels';
export const RESOURCES = '/api/company/v1/resources';

/** What the API answers for a resource: the contract's shape. */
export type ResourceAnswer = Resource;

export interface Fixture {
  admin: string;
  employee: string;
  globex: string;
  lang: Record<'en' | 'fr' | 'de', number>;
  types: Record<string, number>;
  attributes: Record<string, number>;
  /** a map of the demo floors, to give the test floor a plan */
  mapId: number;
}

export async function setUp(server: TestServer): Promise<Fixture> {
  const admin = await signIn(server, ACCOUNTS.acmeAdmin);
  const employee = await signIn(server, ACCOUNTS.employee);
  const globex = await signIn(server, ACCOUNTS.globexAdmin, 'globex');
  const db = server.db.kysely;
  const languages = await db.selectFrom('languages').select(['id', 'code']).execute();
  const lang = Object.fromEntries(languages.map((row) => [row.code, row.id])) as Fixture['lang'];
  const acme = await db
    .selectFrom('companies')
    .select('id')
    .where('subdomain', '=', 'acme')
    .executeTakeFirstOrThrow();
  const types = await db
    .selectFrom('resource_types')
    .select(['id', 'key'])
    .where('company_id', '=', acme.id)
    .execute();
  const attributes = await db
    .selectFrom('resource_attributes')
    .select(['id', 'key'])
    .where('company_id', '=', acme.id)
    .execute();
  const map = await db
    .selectFrom('maps')
    .select('id')
    .where('company_id', '=', acme.id)
    .executeTakeFirstOrThrow();
  return {
    admin,
    employee,
    globex,
    lang,
    types: Object.fromEntries(types.map((row) => [row.key, row.id])),
    attributes: Object.fromEntries(attributes.map((row) => [row.key, row.id])),
    mapId: map.id,
  };
}

export function api(server: () => TestServer, fixture: () => Fixture) {
  const acme = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, token?: string) =>
    call(server(), method, url, { subdomain: 'acme', token: token ?? fixture().admin, body });
  const names = (en: string, fr?: string, de?: string) => [
    { language_id: fixture().lang.en, name: en },
    ...(fr ? [{ language_id: fixture().lang.fr, name: fr }] : []),
    ...(de ? [{ language_id: fixture().lang.de, name: de }] : []),
  ];
  return {
    acme,
    names,
    async level(parentId: number | null, kind: string, name: string, extra: Record<string, unknown> = {}) {
      const response = await acme('POST', LEVELS, {
        parent_id: parentId,
        kind,
        translations: names(name),
        ...extra,
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<{ id: number }>().id;
    },
    async resource(
      levelId: number,
      name: string | ReturnType<typeof names>,
      extra: Record<string, unknown> = {},
    ) {
      const response = await acme('POST', RESOURCES, {
        level_id: levelId,
        resource_type_id: fixture().types.desk,
        translations: typeof name === 'string' ? names(name) : name,
        ...extra,
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<ResourceAnswer>();
    },
  };
}

export interface ResourceTree {
  site: number;
  floor: number;
  zone: number;
  plain: number;
}

/**
 * What every resources test file starts from: the fixture, and a site with a mapped floor (with a
 * zone) and a floor without plan.
 */
export async function givenResourceTree(server: TestServer): Promise<{ fx: Fixture; tree: ResourceTree }> {
  const fx = await setUp(server);
  const { level } = api(
    () => server,
    () => fx,
  );
  const tree = { site: 0, floor: 0, zone: 0, plain: 0 };
  tree.site = await level(null, 'site', 'Resource site');
  tree.floor = await level(tree.site, 'floor', 'Mapped floor', {
    map_id: fx.mapId,
    timezone: 'Pacific/Auckland',
  });
  tree.zone = await level(tree.floor, 'zone', 'Zone A');
  tree.plain = await level(tree.site, 'floor', 'Floor without plan');
  return { fx, tree };
}
