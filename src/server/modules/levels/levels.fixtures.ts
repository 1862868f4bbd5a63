import { expect } from 'vitest';
import type { TestServer } from '../../../../test/support/server-app';
import { ACCOUNTS, call, signIn } from '../../../../test/support/server-factories';

export const BASE = '/api/company/v1/levels';

export interface LevelAnswer {
  id: number;
  parent_id: number | null;
  name: string;
  path: string;
  all_parents: { id: number; name: string }[];
  all_children: number[];
  is_favorite: boolean;
  is_default: boolean;
  is_declarable: boolean;
  translations: { language_id: number; locale: string; name: string }[];
  working_hours_from: string;
  working_hours_to: string;
  timezone: string;
  resources_count: number;
}

export async function languageId(server: TestServer, code: string): Promise<number> {
  const row = await server.db.kysely
    .selectFrom('languages')
    .select('id')
    .where('code', '=', code)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The levels API as `admin` calls it, naming levels in English (`en`). */
export function levelsApi(server: () => TestServer, admin: () => string, en: () => number) {
  const get = (url: string, token = admin()) => call(server(), 'GET', url, { subdomain: 'acme', token });
  const list = async (query: string, token = admin()) => {
    const response = await get(`${BASE}/all${query}`, token);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: LevelAnswer[]; meta: { total: number } }>().data;
  };
  const create = (body: unknown, token = admin()) =>
    call(server(), 'POST', BASE, { subdomain: 'acme', token, body });
  const createOk = async (body: Record<string, unknown>) => {
    const response = await create(body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<LevelAnswer>();
  };
  const zone = (parentId: number, name: string) =>
    createOk({ parent_id: parentId, kind: 'zone', translations: [{ language_id: en(), name }] });
  return { get, list, create, createOk, zone };
}

/** the demo tree: Acme HQ / Building A / Floor 1..3 */
export interface DemoTree {
  site: number;
  building: number;
  floors: number[];
}

/** What every levels test file starts from: the demo accounts signed in, the languages, the demo tree. */
export async function levelActors(server: TestServer): Promise<{
  admin: string;
  employee: string;
  reception: string;
  globex: string;
  en: number;
  fr: number;
  demo: DemoTree;
}> {
  const admin = await signIn(server, ACCOUNTS.acmeAdmin);
  const employee = await signIn(server, ACCOUNTS.employee);
  const reception = await signIn(server, ACCOUNTS.reception);
  const globex = await signIn(server, ACCOUNTS.globexAdmin, 'globex');
  const en = await languageId(server, 'en');
  const fr = await languageId(server, 'fr');
  const { list } = levelsApi(
    () => server,
    () => admin,
    () => en,
  );
  const demo = { site: 0, building: 0, floors: [] as number[] };
  const all = await list('?depth=ALL');
  demo.site = all.find((level) => level.name === 'Acme HQ')!.id;
  demo.building = all.find((level) => level.name === 'Building A')!.id;
  demo.floors = ['Floor 1', 'Floor 2', 'Floor 3'].map((name) => all.find((level) => level.name === name)!.id);
  return { admin, employee, reception, globex, en, fr, demo };
}
