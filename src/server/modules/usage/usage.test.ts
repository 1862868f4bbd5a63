import { parse } from 'csv-parse/sync';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../test/support/server-app';
import {
  ACCOUNTS,
  call,
  companyIdOf,
  expectErrorShape,
  signIn,
} from '../../../../test/support/server-factories';

const PATH = '/api/master/v1/usage';
const today = () => new Date().toISOString().slice(0, 10);

describeEachDatabase('master usage', (server) => {
  let platform: string;
  beforeAll(async () => {
    platform = await signIn(server(), ACCOUNTS.platform, null);
    await signIn(server(), ACCOUNTS.acmeAdmin, 'acme');
    await signIn(server(), ACCOUNTS.employee, 'acme');
  });

  it('counts per company the people who signed in, the bookings and resources of the period', async () => {
    const acmeId = await companyIdOf(server(), 'acme');
    const db = server().db.kysely;
    const resource = await db
      .selectFrom('resources')
      .select('id')
      .where('company_id', '=', acmeId)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const user = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', ACCOUNTS.employee)
      .executeTakeFirstOrThrow();
    // Inside today's UTC day whatever the hour the suite runs (now + 2 h may already be tomorrow).
    const at = new Date(`${today()}T00:05:00Z`);
    await db
      .insertInto('declarations')
      .values({
        company_id: acmeId,
        resource_id: resource.id,
        user_id: user.id,
        starts_at: at,
        ends_at: new Date(at.getTime() + 3_600_000),
      })
      .execute();

    const response = await call(server(), 'GET', `${PATH}?from=${today()}&to=${today()}`, {
      token: platform,
    });
    expect(response.statusCode, response.body).toBe(200);
    const acme = response.json().data.find((row: { subdomain: string }) => row.subdomain === 'acme');
    const globex = response.json().data.find((row: { subdomain: string }) => row.subdomain === 'globex');
    expect(acme.active_users).toBeGreaterThanOrEqual(2);
    expect(acme.bookings).toBeGreaterThanOrEqual(1);
    expect(acme.resources).toBeGreaterThan(0);
    expect(acme.storage_bytes).toBeGreaterThan(0);
    expect(globex.active_users).toBe(0);

    const past = (
      await call(server(), 'GET', `${PATH}?from=2020-01-01&to=2020-01-31`, { token: platform })
    ).json();
    expect(past.data.find((row: { subdomain: string }) => row.subdomain === 'acme')).toMatchObject({
      active_users: 0,
      bookings: 0,
    });
  });

  it('exports the same report as CSV with a byte order mark', async () => {
    const response = await call(server(), 'GET', `${PATH}/export?from=${today()}&to=${today()}`, {
      token: platform,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    const rows = parse(response.body.slice(1)) as string[][];
    expect(rows[0]).toEqual([
      'Company',
      'Subdomain',
      'Active users',
      'Bookings',
      'Resources',
      'Storage (bytes)',
    ]);
    expect(rows.some((row) => row[1] === 'acme')).toBe(true);
  });

  it('answers 422 for a bad period, and 403 to a company token', async () => {
    expect(
      expectErrorShape(
        await call(server(), 'GET', `${PATH}?from=2026-02-01&to=2026-01-01`, { token: platform }),
        422,
      ).errors,
    ).toEqual({
      to: ['The end date must not be before the start date.'],
    });
    expectErrorShape(await call(server(), 'GET', `${PATH}?from=yesterday`, { token: platform }), 422);
    const admin = await signIn(server(), ACCOUNTS.acmeAdmin, 'acme');
    expectErrorShape(await call(server(), 'GET', PATH, { token: admin }), 403);
  });
});
