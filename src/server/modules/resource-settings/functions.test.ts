import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, type TestServer } from '../../../../test/support/server-app';
import { ACCOUNTS, call, expectErrorShape, signIn } from '../../../../test/support/server-factories';
import { givenResource } from './resource-settings.fixtures';

const functionsUrl = (id: number) => `/api/company/v1/resources/${id}/functions`;

interface FunctionAnswer {
  function: string;
  resource_function_type_id: number;
  active: boolean;
  resources: Array<{ id: number; name: string }>;
  language_id: number | null;
  device_template_id: number | null;
  currency_id: number | null;
  price: number | null;
}

async function idOf(server: TestServer, table: 'languages' | 'currencies', code: string): Promise<number> {
  const row = await server.db.kysely
    .selectFrom(table)
    .select('id')
    .where('code', '=', code)
    .executeTakeFirstOrThrow();
  return row.id;
}

describeEachDatabase('resource functions (spec §2 functions/:function)', (server) => {
  let admin: string;
  let resource: number;

  const put = (key: string, body: unknown, id = resource) =>
    call(server(), 'PUT', `${functionsUrl(id)}/${key}`, { subdomain: 'acme', token: admin, body });
  const putOk = async (key: string, body: unknown, id = resource) => {
    const response = await put(key, body, id);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<FunctionAnswer>();
  };
  const all = async (id = resource) => {
    const response = await call(server(), 'GET', functionsUrl(id), { subdomain: 'acme', token: admin });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: FunctionAnswer[] }>().data;
  };
  const one = async (key: string, id = resource) => (await all(id)).find((item) => item.function === key)!;

  beforeAll(async () => {
    admin = await signIn(server(), ACCOUNTS.acmeAdmin);
    resource = await givenResource(server(), 'acme', { name: 'Room Eiger' });
  });

  it('answers all five functions, off and empty until set, with their type ids', async () => {
    const fresh = await givenResource(server(), 'acme');
    expect(await all(fresh)).toEqual(
      ['linked-resources', 'distance-resources', 'language', 'device-template', 'currency'].map(
        (key, index) => ({
          function: key,
          resource_function_type_id: index + 1,
          active: false,
          resources: [],
          language_id: null,
          device_template_id: null,
          currency_id: null,
          price: null,
        }),
      ),
    );
  });

  it('links other resources of the company by name, and a new list replaces the old one', async () => {
    const pantry = await givenResource(server(), 'acme', { name: 'Pantry' });
    const beamer = await givenResource(server(), 'acme', { name: 'Beamer' });
    const linked = await putOk('linked-resources', { active: true, resource_ids: [pantry, beamer, pantry] });
    expect(linked).toMatchObject({
      function: 'linked-resources',
      active: true,
      resources: [
        { id: beamer, name: 'Beamer' },
        { id: pantry, name: 'Pantry' },
      ],
    });
    await putOk('linked-resources', { active: true, resource_ids: [pantry] });
    expect((await one('linked-resources')).resources).toEqual([{ id: pantry, name: 'Pantry' }]);
    // Distance resources are a list of their own.
    expect((await one('distance-resources')).resources).toEqual([]);
  });

  it('answers 422 for linking the resource to itself, or to one that is not the company’s', async () => {
    const globexResource = await givenResource(server(), 'globex');
    expect(
      expectErrorShape(await put('distance-resources', { active: true, resource_ids: [resource] }), 422)
        .errors,
    ).toEqual({
      resource_ids: ['A resource cannot be linked to itself.'],
    });
    for (const ids of [[globexResource], [999_999]])
      expect(
        expectErrorShape(await put('distance-resources', { active: true, resource_ids: ids }), 422).errors,
      ).toEqual({
        resource_ids: ['Resource ids is not valid.'],
      });
    expect((await one('distance-resources')).active).toBe(false);
  });

  it('sets the language, the device template and the currency with the price of one hour', async () => {
    const fr = await idOf(server(), 'languages', 'fr');
    const chf = await idOf(server(), 'currencies', 'CHF');
    const template = await server()
      .db.kysely.selectFrom('device_templates')
      .select('id')
      .executeTakeFirstOrThrow();
    expect(await putOk('language', { active: true, language_id: fr })).toMatchObject({
      active: true,
      language_id: fr,
    });
    expect(await putOk('device-template', { active: true, device_template_id: template.id })).toMatchObject({
      device_template_id: template.id,
    });
    expect(await putOk('currency', { active: true, currency_id: chf, price: 12.5 })).toMatchObject({
      currency_id: chf,
      price: 12.5,
    });
    const stored = await server()
      .db.kysely.selectFrom('resource_functions')
      .select('price_cents')
      .where('resource_id', '=', resource)
      .where('function_key', '=', 'currency')
      .executeTakeFirstOrThrow();
    expect(stored.price_cents).toBe(1250);
  });

  it('keeps the settings when a function is turned off, for when it is turned on again', async () => {
    const chf = await idOf(server(), 'currencies', 'CHF');
    await putOk('currency', { active: true, currency_id: chf, price: 3 });
    expect(await putOk('currency', { active: false })).toMatchObject({
      active: false,
      currency_id: chf,
      price: 3,
    });
    expect(await putOk('currency', { active: true })).toMatchObject({
      active: true,
      currency_id: chf,
      price: 3,
    });
  });

  it('refuses the fields of another function (422) and writes nothing', async () => {
    const fr = await idOf(server(), 'languages', 'fr');
    const fresh = await givenResource(server(), 'acme');
    const errors = expectErrorShape(
      await put('language', { active: true, language_id: fr, price: 10, resource_ids: [resource] }, fresh),
      422,
    ).errors;
    expect(errors).toEqual({ price: ['Price is not valid.'], resource_ids: ['Resource ids is not valid.'] });
    expect(
      expectErrorShape(await put('linked-resources', { active: true, currency_id: 1 }, fresh), 422).errors,
    ).toEqual({ currency_id: ['Currency id is not valid.'] });
    expect((await one('language', fresh)).active).toBe(false);
  });

  it('answers 422 for a language, template or currency that does not exist, or a price in fractions of a cent', async () => {
    expect(
      expectErrorShape(await put('language', { active: true, language_id: 999_999 }), 422).errors,
    ).toEqual({
      language_id: ['Language id is not valid.'],
    });
    expect(
      expectErrorShape(await put('device-template', { active: true, device_template_id: 999_999 }), 422)
        .errors,
    ).toEqual({
      device_template_id: ['Device template id is not valid.'],
    });
    expect(
      expectErrorShape(await put('currency', { active: true, currency_id: 999_999, price: 1.005 }), 422)
        .errors,
    ).toEqual({
      currency_id: ['Currency id is not valid.'],
      price: ['The price can have at most 2 decimals.'],
    });
  });

  it('answers 422 without active, and for a function that does not exist', async () => {
    expect(expectErrorShape(await put('language', {}), 422).errors).toEqual({
      active: ['This field is required.'],
    });
    expectErrorShape(await put('teleport', { active: true }), 422);
  });
});
