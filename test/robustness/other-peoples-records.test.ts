import { beforeAll, expect, it } from 'vitest';
import type { SpacePass } from '../../src/shared/contract/passes';
import {
  givenFloor,
  insertBooking,
  type Floor,
} from '../../src/server/modules/declarations/declarations.fixtures';
import { describeEachDatabase } from '../support/server-app';
import { ACCOUNTS, call, expectErrorShape, signIn } from '../support/server-factories';

/**
 * Issue 37, point 5: records of other people and other companies that a caller could reach or
 * store. Cross-company reads are held by test/tenancy; these are the cases it did not cover.
 */
describeEachDatabase('other people’s records', (server) => {
  let floor: Floor;
  let admin: string;
  let employee: string;

  beforeAll(async () => {
    floor = await givenFloor(server());
    admin = await signIn(server(), ACCOUNTS.acmeAdmin);
    employee = await signIn(server(), ACCOUNTS.employee);
  });

  it('a space pass’s QR code is shown to its holder only, not to whoever may read all bookings', async () => {
    const desk = await floor.resource('Desk Q1');
    const now = Date.now();
    const id = await insertBooking(server(), {
      companyId: floor.companyId,
      resourceId: desk,
      email: ACCOUNTS.employee,
      startsAt: new Date(now - 30 * 60_000),
      endsAt: new Date(now + 60 * 60_000),
    });
    const url = `/api/company/v1/space-passes/${id}`;
    const own = await call(server(), 'GET', `${url}/qr-code`, { subdomain: 'acme', token: employee });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.headers['content-type']).toMatch(/^image\/svg\+xml/);

    // The administrator reads the pass (reception at the door) but gets no QR code of it.
    const read = await call(server(), 'GET', url, { subdomain: 'acme', token: admin });
    expect(read.statusCode).toBe(200);
    expect(read.json<SpacePass>().qr_code_url).toBeNull();
    expect(
      expectErrorShape(
        await call(server(), 'GET', `${url}/qr-code`, { subdomain: 'acme', token: admin }),
        403,
      ).message,
    ).toBe('Only the holder of this pass can show its QR code.');
  });
});

describeEachDatabase('presets and other companies’ ids', (server) => {
  it('refuses a preset naming another company’s levels, resource types or resources, and keeps nothing', async () => {
    const db = server().db.kysely;
    const admin = await signIn(server(), ACCOUNTS.acmeAdmin);
    const ownFloor = await givenFloor(server());
    const theirFloor = await givenFloor(server(), 'globex');
    const theirDesk = await theirFloor.resource('Globex desk');
    const { id: theirType } = await db
      .selectFrom('resource_types')
      .innerJoin('companies', 'companies.id', 'resource_types.company_id')
      .select('resource_types.id')
      .where('companies.subdomain', '=', 'globex')
      .executeTakeFirstOrThrow();
    const presets = '/api/company/v1/bookings/presets';
    const before = (await call(server(), 'GET', presets, { subdomain: 'acme', token: admin })).json<{
      data: unknown[];
    }>().data;

    const refused = await call(server(), 'POST', presets, {
      subdomain: 'acme',
      token: admin,
      body: {
        name: 'Theirs',
        preset: { levels: [theirFloor.levelId], resource_types: [theirType], resources: [theirDesk] },
      },
    });
    expect(expectErrorShape(refused, 422).errors).toEqual({
      'preset.levels': ['Levels is not valid.'],
      'preset.resource_types': ['Resource types is not valid.'],
      'preset.resources': ['Resources is not valid.'],
    });
    const after = (await call(server(), 'GET', presets, { subdomain: 'acme', token: admin })).json<{
      data: unknown[];
    }>().data;
    expect(after).toEqual(before);

    const own = await call(server(), 'POST', presets, {
      subdomain: 'acme',
      token: admin,
      body: { name: 'Ours', preset: { levels: [ownFloor.levelId] } },
    });
    expect(own.statusCode, own.body).toBe(201);
    const changed = await call(server(), 'PUT', `${presets}/${own.json<{ id: number }>().id}`, {
      subdomain: 'acme',
      token: admin,
      body: { preset: { levels: [ownFloor.levelId, theirFloor.levelId] } },
    });
    expect(Object.keys(expectErrorShape(changed, 422).errors ?? {})).toEqual(['preset.levels']);
  });
});
