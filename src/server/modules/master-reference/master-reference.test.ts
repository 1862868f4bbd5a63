import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../test/support/server-app';
import { ACCOUNTS, call, expectErrorShape, signIn } from '../../../../test/support/server-factories';

const MASTER = '/api/master/v1';

describeEachDatabase('master reference lists', (server) => {
  let platform: string;
  beforeAll(async () => {
    platform = await signIn(server(), ACCOUNTS.platform, null);
  });
  const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) =>
    call(server(), method, `${MASTER}${path}`, { token: platform, ...(body === undefined ? {} : { body }) });

  describe('countries', () => {
    it('adds, edits and deletes a country, and the pickers of the initial data show it at once', async () => {
      const created = await send('POST', '/countries', { code: 'IS', name: 'Island' });
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json()).toMatchObject({ code: 'IS', name: 'Island', in_use: 0 });
      const id = created.json().id as number;
      const edited = await send('PUT', `/countries/${id}`, { code: 'IS', name: 'Iceland' });
      expect(edited.json().name).toBe('Iceland');
      const initial = (await call(server(), 'GET', `${MASTER}/initial-data`)).json();
      expect(initial.countries).toContainEqual({ id, code: 'IS', name: 'Iceland' });

      expect((await send('DELETE', `/countries/${id}`)).statusCode).toBe(200);
      expectErrorShape(await send('GET', `/countries/${id}`), 404);
      const after = (await call(server(), 'GET', `${MASTER}/initial-data`)).json();
      expect(after.countries.some((country: { id: number }) => country.id === id)).toBe(false);
    });

    it('refuses to delete a country in use, with the reason, and changes nothing', async () => {
      const list = (await send('GET', '/countries/all')).json().data as Array<{
        id: number;
        code: string;
        in_use: number;
      }>;
      const switzerland = list.find((country) => country.code === 'CH')!;
      expect(switzerland.in_use).toBeGreaterThan(0);
      const refused = expectErrorShape(await send('DELETE', `/countries/${switzerland.id}`), 409);
      expect(refused.message).toMatch(/^This country is in use \(.*companies.*\) and cannot be deleted\.$/);
      expect((await send('GET', `/countries/${switzerland.id}`)).json()).toMatchObject({ code: 'CH' });
    });

    it('answers 422 with field errors for bad and duplicate codes', async () => {
      const bad = expectErrorShape(await send('POST', '/countries', { code: 'che', name: '' }), 422);
      expect(bad.errors).toEqual({
        code: ['Use the two capital letters of ISO 3166 (CH, FR).'],
        name: ['This field is required.'],
      });
      const taken = expectErrorShape(await send('POST', '/countries', { code: 'CH', name: 'Again' }), 422);
      expect(taken.errors).toEqual({ code: ['This code is already used.'] });
    });
  });

  describe('languages, currencies, data regions and company types', () => {
    it('refuses to delete what companies use and deletes what nothing uses', async () => {
      for (const [kind, inUseCode, fresh] of [
        ['languages', 'en', { code: 'is', locale: 'is-IS', name: 'Íslenska' }],
        ['currencies', 'CHF', { code: 'ISK', name: 'Icelandic króna', symbol: 'kr' }],
        ['data-regions', 'CH', { code: 'IS', name: 'Iceland' }],
        ['company-types', 'ENTERPRISE', { code: 'NON_PROFIT', name: 'Non-profit' }],
      ] as const) {
        const list = (await send('GET', `/${kind}/all`)).json().data as Array<{ id: number; code: string }>;
        const used = list.find((row) => row.code === inUseCode);
        expect(used, kind).toBeDefined();
        expect(expectErrorShape(await send('DELETE', `/${kind}/${used!.id}`), 409).message).toMatch(/in use/);
        const created = await send('POST', `/${kind}`, fresh);
        expect(created.statusCode, `${kind}: ${created.body}`).toBe(201);
        expect((await send('DELETE', `/${kind}/${created.json().id}`)).statusCode).toBe(200);
      }
    });

    it('refuses renaming a language code its labels point at', async () => {
      const english = (
        (await send('GET', '/languages/all')).json().data as Array<{ id: number; code: string }>
      ).find((language) => language.code === 'en')!;
      expectErrorShape(
        await send('PUT', `/languages/${english.id}`, { code: 'xx', locale: 'en-GB', name: 'English' }),
        409,
      );
    });
  });

  it('answers the platform administrator’s whole session on GET initial-data, so a reload keeps the master area', async () => {
    const session = (await call(server(), 'GET', `${MASTER}/initial-data`, { token: platform })).json();
    expect(session.user).toMatchObject({ email: ACCOUNTS.platform, is_platform_admin: true });
    expect(session.countries.length).toBeGreaterThan(0);
    const anonymous = (await call(server(), 'GET', `${MASTER}/initial-data`)).json();
    expect(anonymous.user).toBeUndefined();
    expectErrorShape(await call(server(), 'GET', `${MASTER}/initial-data`, { token: 'not-a-token' }), 401);
  });

  it('refuses a company administrator’s token on every reference call', async () => {
    const admin = await signIn(server(), ACCOUNTS.acmeAdmin, 'acme');
    for (const kind of ['countries', 'currencies', 'languages', 'data-regions', 'company-types'])
      expectErrorShape(await call(server(), 'GET', `${MASTER}/${kind}/all`, { token: admin }), 403);
  });
});
