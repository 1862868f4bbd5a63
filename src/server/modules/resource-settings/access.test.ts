import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../test/support/server-app';
import {
  ACCOUNTS,
  call,
  companyIdOf,
  expectErrorShape,
  signIn,
} from '../../../../test/support/server-factories';
import { givenResource } from './resource-settings.fixtures';

const resourceUrl = (id: number) => `/api/company/v1/resources/${id}`;
const SERVICE_TYPES = '/api/company/v1/services/types';

interface Ref {
  id: number;
  name: string;
}

describeEachDatabase('resource permissions and services', (server) => {
  let admin: string;
  let employee: string;
  let globex: string;
  let resource: number;

  const send = (method: 'GET' | 'PUT', url: string, body?: unknown, token = admin, subdomain = 'acme') =>
    call(server(), method, url, { subdomain, token, body });
  const ok = async <T>(method: 'GET' | 'PUT', url: string, body?: unknown) => {
    const response = await send(method, url, body);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<T>();
  };
  const rolesOf = async (subdomain: string) =>
    server()
      .db.kysely.selectFrom('roles')
      .select(['id', 'name'])
      .where('company_id', '=', await companyIdOf(server(), subdomain))
      .orderBy('name')
      .execute();

  beforeAll(async () => {
    admin = await signIn(server(), ACCOUNTS.acmeAdmin);
    employee = await signIn(server(), ACCOUNTS.employee);
    globex = await signIn(server(), ACCOUNTS.globexAdmin, 'globex');
    resource = await givenResource(server(), 'acme');
  });

  describe('GET/PUT resources/{id}/permissions (who may book)', () => {
    const url = () => `${resourceUrl(resource)}/permissions`;

    it('answers no roles (everyone who may use the plan) and the company’s roles by name to choose from', async () => {
      const roles = await rolesOf('acme');
      expect(roles.map((role) => role.name)).toEqual([
        'Administrator',
        'Employee',
        'Reception desk',
        'Team member',
      ]);
      expect(await ok('GET', url())).toEqual({ role_ids: [], roles: [], available_roles: roles });
    });

    it('keeps the chosen roles, replaces them on the next PUT, and empties them again', async () => {
      const [administrator, employeeRole, reception] = await rolesOf('acme');
      const chosen = await ok<{ role_ids: number[]; roles: Ref[] }>('PUT', url(), {
        role_ids: [reception!.id, employeeRole!.id, reception!.id],
      });
      expect(chosen.roles).toEqual([employeeRole, reception]);
      expect(chosen.role_ids).toEqual([employeeRole!.id, reception!.id]);
      await ok('PUT', url(), { role_ids: [administrator!.id] });
      expect(await ok('GET', url())).toMatchObject({ role_ids: [administrator!.id], roles: [administrator] });
      expect(await ok('PUT', url(), { role_ids: [] })).toMatchObject({ role_ids: [], roles: [] });
    });

    it('answers 422 for a role of another company or none at all, and keeps the old list', async () => {
      const [administrator] = await rolesOf('acme');
      const [globexRole] = await rolesOf('globex');
      await ok('PUT', url(), { role_ids: [administrator!.id] });
      for (const ids of [[administrator!.id, globexRole!.id], [999_999]])
        expect(expectErrorShape(await send('PUT', url(), { role_ids: ids }), 422).errors).toEqual({
          role_ids: ['Role ids is not valid.'],
        });
      expect(await ok('GET', url())).toMatchObject({ role_ids: [administrator!.id] });
    });
  });

  describe('services: GET services/types and GET/PUT resources/{id}/services', () => {
    const url = () => `${resourceUrl(resource)}/services`;

    it('gives every company the default service types, each its own', async () => {
      const acme = await ok<{ data: Array<{ id: number; key: string; name: string }> }>('GET', SERVICE_TYPES);
      expect(acme.data.map((type) => [type.key, type.name])).toEqual([
        ['catering', 'Catering'],
        ['cleaning', 'Cleaning'],
        ['equipment', 'Equipment'],
        ['it-support', 'IT support'],
      ]);
      const fromGlobex = await send('GET', SERVICE_TYPES, undefined, globex, 'globex');
      const globexIds = fromGlobex.json<{ data: Ref[] }>().data.map((type) => type.id);
      expect(globexIds).toHaveLength(4);
      expect(globexIds.some((id) => acme.data.some((type) => type.id === id))).toBe(false);
    });

    it('keeps the service types chosen for the resource, replacing the old choice', async () => {
      const types = (await ok<{ data: Array<Ref & { key: string }> }>('GET', SERVICE_TYPES)).data;
      const byKey = (key: string) => types.find((type) => type.key === key)!;
      expect(await ok('GET', url())).toEqual({ data: [] });
      const chosen = await ok('PUT', url(), {
        service_type_ids: [byKey('it-support').id, byKey('catering').id],
      });
      expect(chosen).toEqual({ data: [byKey('catering'), byKey('it-support')] });
      await ok('PUT', url(), { service_type_ids: [byKey('cleaning').id] });
      expect(await ok('GET', url())).toEqual({ data: [byKey('cleaning')] });
    });

    it('answers 422 for a service type of another company, and keeps the old choice', async () => {
      const before = await ok('GET', url());
      const globexType = (await send('GET', SERVICE_TYPES, undefined, globex, 'globex')).json<{
        data: Ref[];
      }>().data[0]!;
      expect(
        expectErrorShape(await send('PUT', url(), { service_type_ids: [globexType.id] }), 422).errors,
      ).toEqual({
        service_type_ids: ['Service type ids is not valid.'],
      });
      expect(await ok('GET', url())).toEqual(before);
    });
  });

  describe('tenancy and permissions of every settings route', () => {
    const routes = (id: number) =>
      [
        ['GET', 'availabilities', undefined],
        ['POST', 'availabilities', { weekdays: [1], time_from: '08:00', time_to: '09:00' }],
        ['PUT', 'availabilities/1', { weekdays: [1], time_from: '08:00', time_to: '09:00' }],
        ['DELETE', 'availabilities/1', undefined],
        ['GET', 'unavailabilities', undefined],
        ['POST', 'unavailabilities', { starts_at: '2030-01-01T08:00:00Z', ends_at: '2030-01-01T09:00:00Z' }],
        ['PUT', 'unavailabilities/1', { starts_at: '2030-01-01T08:00:00Z', ends_at: '2030-01-01T09:00:00Z' }],
        ['DELETE', 'unavailabilities/1', undefined],
        ['GET', 'date-capacities', undefined],
        ['POST', 'date-capacities', { date_from: '2030-01-01', date_to: '2030-01-02', capacity: 1 }],
        ['PUT', 'date-capacities/1', { date_from: '2030-01-01', date_to: '2030-01-02', capacity: 1 }],
        ['DELETE', 'date-capacities/1', undefined],
        ['GET', 'functions', undefined],
        ['PUT', 'functions/language', { active: false }],
        ['GET', 'permissions', undefined],
        ['PUT', 'permissions', { role_ids: [] }],
        ['GET', 'services', undefined],
        ['PUT', 'services', { service_type_ids: [] }],
        ['GET', 'image', undefined],
        ['PUT', 'image', { content_base64: Buffer.from('<svg width="1" height="1"/>').toString('base64') }],
        ['DELETE', 'image', undefined],
      ].map(([method, path, body]) => ({
        method: method as 'GET' | 'POST' | 'PUT' | 'DELETE',
        url: `${resourceUrl(id)}/${path as string}`,
        body,
      }));

    it('answers 404 to another company’s administrator for every setting of an acme resource, and changes nothing', async () => {
      const acmeResource = await givenResource(server(), 'acme');
      await ok('PUT', `${resourceUrl(acmeResource)}/permissions`, {
        role_ids: [(await rolesOf('acme'))[0]!.id],
      });
      for (const route of routes(acmeResource)) {
        const response = await call(server(), route.method, route.url, {
          subdomain: 'globex',
          token: globex,
          body: route.body,
        });
        expect(response.statusCode, `${route.method} ${route.url}: ${response.body}`).toBe(404);
        expectErrorShape(response);
      }
      expect(
        (await ok<{ role_ids: number[] }>('GET', `${resourceUrl(acmeResource)}/permissions`)).role_ids,
      ).toHaveLength(1);
      expect(await ok('GET', `${resourceUrl(acmeResource)}/availabilities`)).toEqual({ data: [] });
    });

    it('refuses an employee without RESOURCES (403), except for reading the picture', async () => {
      for (const route of routes(resource)) {
        const response = await call(server(), route.method, route.url, {
          subdomain: 'acme',
          token: employee,
          body: route.body,
        });
        const expected = route.method === 'GET' && route.url.endsWith('/image') ? 404 : 403;
        expect(response.statusCode, `${route.method} ${route.url}`).toBe(expected);
      }
    });
  });
});
