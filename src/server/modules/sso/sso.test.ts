import { beforeAll, describe, expect, it } from 'vitest';
import { signedAssertionResponse, type SigningPair } from '../../../../test/support/saml-fixtures';
import { describeEachDatabase } from '../../../../test/support/server-app';
import { call, expectErrorShape } from '../../../../test/support/server-factories';
import type { SsoConnector } from '../../../shared/contract/sso';
import { ssoActors, ssoHelpers, SSOS } from './sso.fixtures';

describeEachDatabase('SSO connectors and sign-in', (server) => {
  let admin: string;
  let employee: string;
  let globex: string;
  let idp: SigningPair;
  let connector: SsoConnector;

  const { body, assertion, ssoLogin, asAdmin } = ssoHelpers(
    server,
    () => admin,
    () => idp,
    () => connector,
  );

  beforeAll(async () => {
    ({ admin, employee, globex, idp, connector } = await ssoActors(server()));
  });

  describe('POST /api/company/v1/connectors/ssos', () => {
    it('creates the connector with the provider’s default fields and addresses for the IdP', () => {
      expect(connector).toMatchObject({
        provider: 'azure',
        name: 'Acme Entra ID',
        is_active: true,
        domains: ['acme.test'],
        create_accounts: false,
        sp_entity_id: null,
      });
      expect(connector.acs_url).toMatch(new RegExp(`/api/sso/acme/${connector.id}/acs$`));
      expect(connector.effective_sp_entity_id).toBe(connector.metadata_url);
      expect(connector.fields.map((field) => field.field)).toEqual(['email', 'first_name', 'last_name']);
      expect(connector.fields[0]!.attribute).toBe(
        'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress',
      );
    });

    it('offers its domains to the login screen (auth/sso-domains) with its login address', async () => {
      const response = await call(server(), 'GET', '/api/company/v1/auth/sso-domains', { subdomain: 'acme' });
      expect(response.json()).toEqual({
        domains: [
          { domain: 'acme.test', provider: 'azure', login_url: `/api/sso/acme/${connector.id}/login` },
        ],
      });
    });

    it('answers 422 with the spec message for each missing required field', async () => {
      const response = await asAdmin('POST', SSOS, { provider: 'google' });
      const error = expectErrorShape(response, 422);
      for (const field of ['name', 'idp_entity_id', 'sso_url', 'idp_certificates', 'domains'])
        expect(error.errors?.[field], field).toEqual([expect.any(String)]);
      expect(error.errors?.name).toEqual(['This field is required.']);
    });

    it('answers 422 for a certificate that does not parse', async () => {
      const error = expectErrorShape(
        await asAdmin(
          'POST',
          SSOS,
          body({ idp_certificates: ['bm90IGEgY2VydGlmaWNhdGU='], domains: ['cert.test'] }),
        ),
        422,
      );
      expect(error.errors?.['idp_certificates.0']).toEqual(['This is not a valid certificate.']);
    });

    it('answers 422 for a domain another connector signs in', async () => {
      const error = expectErrorShape(await asAdmin('POST', SSOS, body({ domains: ['ACME.test'] })), 422);
      expect(error.errors?.domains).toEqual([
        'The domain acme.test already signs in through another connector.',
      ]);
    });

    it('answers 422 for an SSO address that is not http(s), a malformed domain or a container of no one', async () => {
      const error = expectErrorShape(
        await asAdmin('POST', SSOS, body({ sso_url: 'javascript:alert(1)', domains: ['not a domain'] })),
        422,
      );
      expect(error.errors?.sso_url).toEqual(['Sso url is not valid.']);
      expect(error.errors?.['domains.0']).toEqual(['Please enter a valid domain, e.g. example.com.']);
      const container = expectErrorShape(
        await asAdmin('POST', SSOS, body({ domains: ['other.test'], default_container_id: 999999 })),
        422,
      );
      expect(container.errors?.default_container_id).toEqual(['The selected user container does not exist.']);
    });

    it('answers 403 to a user without the CONNECTORS permission', async () => {
      const response = await call(server(), 'POST', SSOS, {
        subdomain: 'acme',
        token: employee,
        body: body(),
      });
      expectErrorShape(response, 403);
      expectErrorShape(await call(server(), 'GET', SSOS, { subdomain: 'acme', token: employee }), 403);
    });
  });

  describe('GET, PUT and DELETE /api/company/v1/connectors/ssos/{id}', () => {
    it('reads, changes and deletes a connector; its domains follow', async () => {
      const created = (
        await asAdmin('POST', SSOS, body({ provider: 'google', name: 'Google', domains: ['g.acme.test'] }))
      ).json<SsoConnector>();
      expect(created.fields.find((field) => field.field === 'email')?.attribute).toBe('NameID');
      const list = (await asAdmin('GET', SSOS)).json<{ data: SsoConnector[] }>();
      expect(list.data.map((item) => item.id)).toEqual(expect.arrayContaining([connector.id, created.id]));

      const changed = await asAdmin('PUT', `${SSOS}/${created.id}`, {
        domains: ['g2.acme.test'],
        is_active: false,
      });
      expect(changed.statusCode, changed.body).toBe(200);
      expect(changed.json<SsoConnector>()).toMatchObject({ domains: ['g2.acme.test'], is_active: false });
      // a switched-off connector does not send anyone to its IdP
      const offered = (
        await call(server(), 'GET', '/api/company/v1/auth/sso-domains', { subdomain: 'acme' })
      ).json<{
        domains: Array<{ domain: string }>;
      }>();
      expect(offered.domains.map((domain) => domain.domain)).toEqual(['acme.test']);

      expect((await asAdmin('DELETE', `${SSOS}/${created.id}`)).json()).toEqual({
        message: 'The SSO connector was deleted.',
      });
      expectErrorShape(await asAdmin('GET', `${SSOS}/${created.id}`), 404);
      expectErrorShape(await asAdmin('DELETE', `${SSOS}/${created.id}`), 404);
    });

    it('answers 422 for a change that empties the required fields', async () => {
      const error = expectErrorShape(
        await asAdmin('PUT', `${SSOS}/${connector.id}`, { name: '  ', domains: [] }),
        422,
      );
      expect(error.errors?.name).toEqual(['This field is required.']);
      expect(error.errors?.domains).toEqual(['This field is required.']);
    });
  });

  describe('tenant isolation', () => {
    it('never shows or changes another company’s connector or fields', async () => {
      const asGlobex = (method: 'GET' | 'PUT' | 'DELETE' | 'POST', url: string, payload?: unknown) =>
        call(server(), method, url, { subdomain: 'globex', token: globex, body: payload });
      expect((await asGlobex('GET', SSOS)).json()).toEqual({ data: [] });
      expectErrorShape(await asGlobex('GET', `${SSOS}/${connector.id}`), 404);
      expectErrorShape(await asGlobex('PUT', `${SSOS}/${connector.id}`, { name: 'Taken' }), 404);
      expectErrorShape(await asGlobex('DELETE', `${SSOS}/${connector.id}`), 404);
      expectErrorShape(await asGlobex('GET', `${SSOS}/${connector.id}/fields`), 404);
      const field = connector.fields[0]!;
      expectErrorShape(await asGlobex('GET', `${SSOS}/${connector.id}/fields/${field.id}`), 404);
      expectErrorShape(
        await asGlobex('PUT', `${SSOS}/${connector.id}/fields/${field.id}`, { attribute: 'x' }),
        404,
      );
      expectErrorShape(await asGlobex('DELETE', `${SSOS}/${connector.id}/fields/${field.id}`), 404);
      expectErrorShape(
        await asGlobex('POST', `${SSOS}/${connector.id}/fields`, { field: 'email', attribute: 'x' }),
        404,
      );
      // an acme token on the globex host is refused outright
      expect((await call(server(), 'GET', SSOS, { subdomain: 'globex', token: admin })).statusCode).toBe(401);
      expect((await asAdmin('GET', `${SSOS}/${connector.id}`)).json<SsoConnector>().name).toBe(
        'Acme Entra ID',
      );
    });

    it('does not sign anyone in to another company with this company’s IdP answer', async () => {
      const response = await ssoLogin(signedAssertionResponse(assertion(), idp), 'globex');
      expect(expectErrorShape(response, 401).message).toBe(
        'No identity provider of this company matches this sign-in answer.',
      );
    });
  });
});
