import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PermissionRequirement } from '../../shared/permissions';
import { buildTestServer, type TestServer } from '../../../test/support/server-app';
import { ACCOUNTS, call, expectErrorShape, signIn } from '../../../test/support/server-factories';

// Routes that exist only in this test, to drive the permission hook with every kind of requirement.
const GUARDED: Record<string, PermissionRequirement> = {
  'resources-create': ['RESOURCES', 'create'],
  'bookings-read': ['BOOKINGS', 'read'],
  'bookings-delete': ['BOOKINGS', 'delete'],
  'plan-or-reports': 'PLAN,REPORTS',
  'plan-read': ['PLAN', 'read'],
  never: false,
};

describe('route config `permission` (spec §6, checked on the server)', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await buildTestServer({
      extend: (app) => {
        for (const [name, permission] of Object.entries(GUARDED))
          app.get(
            `/api/company/v1/test-guard/${name}`,
            { config: { auth: true, permission } },
            async (request) => ({
              permissions: request.permissions?.length ?? 0,
            }),
          );
      },
    });
  });
  afterAll(() => server.close());

  const statusFor = async (email: string, name: string) =>
    (
      await call(server, 'GET', `/api/company/v1/test-guard/${name}`, {
        subdomain: 'acme',
        token: await signIn(server, email),
      })
    ).statusCode;

  it('lets the administrator through everything but `false` and an action on a non-CRUD permission', async () => {
    for (const name of Object.keys(GUARDED))
      expect(await statusFor(ACCOUNTS.acmeAdmin, name), name).toBe(
        name === 'never' || name === 'plan-read' ? 403 : 200,
      );
  });

  it('holds the employee to their CRUD flags', async () => {
    expect(await statusFor(ACCOUNTS.employee, 'resources-create')).toBe(403);
    expect(await statusFor(ACCOUNTS.employee, 'bookings-read')).toBe(200);
    expect(await statusFor(ACCOUNTS.employee, 'bookings-delete')).toBe(403);
    expect(await statusFor(ACCOUNTS.employee, 'plan-or-reports')).toBe(200);
  });

  it('answers 403 in the error shape, after authentication (401 first)', async () => {
    const token = await signIn(server, ACCOUNTS.reception);
    const refused = await call(server, 'GET', '/api/company/v1/test-guard/plan-or-reports', {
      subdomain: 'acme',
      token,
    });
    expect(expectErrorShape(refused, 403).message).toBe('This action is unauthorized.');
    expectErrorShape(
      await call(server, 'GET', '/api/company/v1/test-guard/plan-or-reports', { subdomain: 'acme' }),
      401,
    );
  });
});
