import { describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../test/support/server-app';
import {
  ACCOUNTS,
  call,
  companyIdOf,
  expectErrorShape,
  signIn,
} from '../../../../test/support/server-factories';

describeEachDatabase('preferences', (server) => {
  describe('GET /api/company/v1/preferences/menu', () => {
    it('answers the company’s menu preferences, the user’s own choice winning', async () => {
      const token = await signIn(server(), ACCOUNTS.employee);
      const before = (
        await call(server(), 'GET', '/api/company/v1/preferences/menu', { subdomain: 'acme', token })
      ).json();
      const valueOf = (body: { data: Array<{ key: string; is_automatic: boolean }> }, key: string) =>
        body.data.find((p) => p.key === key)?.is_automatic;
      expect(valueOf(before, 'PLAN')).toBe(false);
      expect(valueOf(before, 'CLEAN')).toBe(true);
      expect(before.data.some((p: { key: string }) => p.key === 'StartUpPage')).toBe(false);

      const db = server().db.kysely;
      const user = await db
        .selectFrom('users')
        .select('id')
        .where('email', '=', ACCOUNTS.employee)
        .executeTakeFirstOrThrow();
      await db
        .insertInto('user_preferences')
        .values({
          company_id: await companyIdOf(server(), 'acme'),
          user_id: user.id,
          key: 'PLAN',
          value: null,
          is_automatic: true,
        })
        .execute();
      const after = (
        await call(server(), 'GET', '/api/company/v1/preferences/menu', { subdomain: 'acme', token })
      ).json();
      expect(valueOf(after, 'PLAN')).toBe(true);

      const admin = await signIn(server(), ACCOUNTS.acmeAdmin);
      expect(
        valueOf(
          (
            await call(server(), 'GET', '/api/company/v1/preferences/menu', {
              subdomain: 'acme',
              token: admin,
            })
          ).json(),
          'PLAN',
        ),
      ).toBe(false);
    });

    it('needs a session', async () => {
      expectErrorShape(
        await call(server(), 'GET', '/api/company/v1/preferences/menu', { subdomain: 'acme' }),
        401,
      );
    });
  });
});
