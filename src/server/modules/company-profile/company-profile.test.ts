import { describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../test/support/server-app';
import { ACCOUNTS, call, expectErrorShape, signIn } from '../../../../test/support/server-factories';

const PATH = '/api/company/v1/company-profile';

describeEachDatabase('company profile', (server) => {
  describe(`GET ${PATH}`, () => {
    it('answers the company of the subdomain to a user with COMPANY_PROFILE read', async () => {
      const token = await signIn(server(), ACCOUNTS.acmeAdmin);
      const response = await call(server(), 'GET', PATH, { subdomain: 'acme', token });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        name: 'Acme Corporation',
        subdomain: 'acme',
        timezone: 'Europe/Zurich',
      });
    });

    it('answers 403 to an employee without COMPANY_PROFILE', async () => {
      const token = await signIn(server(), ACCOUNTS.employee);
      expectErrorShape(await call(server(), 'GET', PATH, { subdomain: 'acme', token }), 403);
    });
  });

  describe(`PUT ${PATH}`, () => {
    it('changes the name and the timezone', async () => {
      const token = await signIn(server(), ACCOUNTS.acmeAdmin);
      const response = await call(server(), 'PUT', PATH, {
        subdomain: 'acme',
        token,
        body: { name: '  Acme Worldwide ', timezone: 'Europe/Paris' },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ name: 'Acme Worldwide', timezone: 'Europe/Paris' });
      const again = await call(server(), 'GET', PATH, { subdomain: 'acme', token });
      expect(again.json()).toMatchObject({ name: 'Acme Worldwide', timezone: 'Europe/Paris' });
      await call(server(), 'PUT', PATH, {
        subdomain: 'acme',
        token,
        body: { name: 'Acme Corporation', timezone: 'Europe/Zurich' },
      });
    });

    it('answers 422 "This field is required." for a blank name and changes nothing', async () => {
      const token = await signIn(server(), ACCOUNTS.acmeAdmin);
      const response = await call(server(), 'PUT', PATH, {
        subdomain: 'acme',
        token,
        body: { name: '   ', timezone: 'Europe/Paris' },
      });
      expect(expectErrorShape(response, 422).errors).toEqual({ name: ['This field is required.'] });
      expect((await call(server(), 'GET', PATH, { subdomain: 'acme', token })).json()).toMatchObject({
        timezone: 'Europe/Zurich',
      });
    });

    it('answers 422 for ids that name no reference row, and changes nothing', async () => {
      const token = await signIn(server(), ACCOUNTS.acmeAdmin);
      const response = await call(server(), 'PUT', PATH, {
        subdomain: 'acme',
        token,
        body: { country_id: 99999, timezone: 'Mars/Olympus_Mons', name: 'Changed' },
      });
      expect(expectErrorShape(response, 422).errors).toEqual({
        country_id: ['Country id is not valid.'],
        timezone: ['Timezone is not valid.'],
      });
      expect((await call(server(), 'GET', PATH, { subdomain: 'acme', token })).json()).toMatchObject({
        name: 'Acme Corporation',
      });
    });

    it('refuses the subdomain as a field: it is not the profile’s to change', async () => {
      const token = await signIn(server(), ACCOUNTS.acmeAdmin);
      const response = await call(server(), 'PUT', PATH, {
        subdomain: 'acme',
        token,
        body: { subdomain: 'evil' },
      });
      expect(expectErrorShape(response, 422).errors).toEqual({ subdomain: ['Subdomain is not valid.'] });
    });

    it('answers 403 to an employee', async () => {
      const token = await signIn(server(), ACCOUNTS.employee);
      expectErrorShape(
        await call(server(), 'PUT', PATH, { subdomain: 'acme', token, body: { name: 'Mine' } }),
        403,
      );
    });

    it('changes only the token’s own company', async () => {
      const token = await signIn(server(), ACCOUNTS.globexAdmin, 'globex');
      await call(server(), 'PUT', PATH, { subdomain: 'globex', token, body: { name: 'Globex Renamed' } });
      const acme = await signIn(server(), ACCOUNTS.acmeAdmin);
      expect((await call(server(), 'GET', PATH, { subdomain: 'acme', token: acme })).json()).toMatchObject({
        name: 'Acme Corporation',
      });
    });
  });
});
