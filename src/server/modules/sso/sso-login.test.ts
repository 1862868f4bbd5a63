import { inflateRawSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  signedAssertionResponse,
  signedResponse,
  toBase64,
  unsignedResponse,
  wrappedResponse,
  type SigningPair,
} from '../../../../test/support/saml-fixtures';
import { describeEachDatabase } from '../../../../test/support/server-app';
import { ACCOUNTS, call, companyIdOf, expectErrorShape } from '../../../../test/support/server-factories';
import type { SsoConnector, SsoField } from '../../../shared/contract/sso';
import { SSO_LOGIN, ssoActors, ssoHelpers, SSOS } from './sso.fixtures';

describeEachDatabase('SSO connectors and sign-in', (server) => {
  let admin: string;
  let globex: string;
  let idp: SigningPair;
  let stranger: SigningPair;
  let connector: SsoConnector;

  const { assertion, ssoLogin, asAdmin } = ssoHelpers(
    server,
    () => admin,
    () => idp,
    () => connector,
  );

  beforeAll(async () => {
    ({ admin, globex, idp, stranger, connector } = await ssoActors(server()));
  });

  // First, as it ran before the sign-ins when they shared a file: they read the last name from the
  // 'sn' attribute this maps.
  describe('SSO fields /api/company/v1/connectors/ssos/{id}/fields', () => {
    it('lists, reads, changes, deletes and adds a field again', async () => {
      const fields = (await asAdmin('GET', `${SSOS}/${connector.id}/fields`)).json<{ data: SsoField[] }>()
        .data;
      const lastName = fields.find((field) => field.field === 'last_name')!;
      expect((await asAdmin('GET', `${SSOS}/${connector.id}/fields/${lastName.id}`)).json()).toEqual(
        lastName,
      );
      const changed = await asAdmin('PUT', `${SSOS}/${connector.id}/fields/${lastName.id}`, {
        attribute: 'sn',
      });
      expect(changed.json<SsoField>().attribute).toBe('sn');
      expectErrorShape(
        await asAdmin('PUT', `${SSOS}/${connector.id}/fields/${lastName.id}`, { attribute: '' }),
        422,
      );
      const taken = expectErrorShape(
        await asAdmin('POST', `${SSOS}/${connector.id}/fields`, { field: 'last_name', attribute: 'x' }),
        422,
      );
      expect(taken.errors?.field).toEqual(['This field is already mapped for this connector.']);
      await asAdmin('DELETE', `${SSOS}/${connector.id}/fields/${lastName.id}`);
      expectErrorShape(await asAdmin('GET', `${SSOS}/${connector.id}/fields/${lastName.id}`), 404);
      const again = await asAdmin('POST', `${SSOS}/${connector.id}/fields`, {
        field: 'last_name',
        attribute: 'sn',
      });
      expect(again.statusCode, again.body).toBe(201);
    });
  });

  describe('POST /api/company/v1/auth/sso-login', () => {
    it('signs the employee in with a signed assertion: the answer of a password login', async () => {
      const response = await ssoLogin(signedAssertionResponse(assertion(), idp));
      expect(response.statusCode, response.body).toBe(200);
      const answer = response.json<{ access_token: string; user: { email: string }; subdomain: string }>();
      expect(answer.user.email).toBe(ACCOUNTS.employee);
      expect(answer.subdomain).toBe('acme');
      const initial = await call(server(), 'GET', '/api/company/v1/initial-data', {
        subdomain: 'acme',
        token: answer.access_token,
      });
      expect(initial.statusCode).toBe(200);
    });

    it('refuses a replayed SAMLResponse', async () => {
      const xml = signedResponse(assertion(), idp);
      expect((await ssoLogin(xml)).statusCode).toBe(200);
      expect(expectErrorShape(await ssoLogin(xml), 401).message).toBe(
        'This sign-in answer has already been used. Please sign in again.',
      );
    });

    it('refuses an unsigned SAMLResponse', async () => {
      expect(expectErrorShape(await ssoLogin(unsignedResponse(assertion())), 401).message).toBe(
        'The sign-in answer of your identity provider is not signed.',
      );
    });

    it('refuses a SAMLResponse signed with another key', async () => {
      expect(
        expectErrorShape(await ssoLogin(signedAssertionResponse(assertion(), stranger)), 401).message,
      ).toBe('The signature of the sign-in answer does not match the identity provider’s certificate.');
    });

    it('refuses an assertion for another audience', async () => {
      const xml = signedAssertionResponse(assertion({ audience: 'https://other.example/sp' }), idp);
      expect(expectErrorShape(await ssoLogin(xml), 401).message).toBe(
        'The sign-in answer is meant for another application.',
      );
    });

    it('refuses an expired assertion', async () => {
      const ended = Date.now() - 15 * 60_000;
      const xml = signedAssertionResponse(
        assertion({ notBefore: new Date(ended - 60_000), notOnOrAfter: new Date(ended) }),
        idp,
      );
      expect(expectErrorShape(await ssoLogin(xml), 401).message).toBe(
        'The sign-in answer has expired. Please sign in again.',
      );
    });

    it('refuses a wrapped assertion (signature wrapping) and signs no one in', async () => {
      const xml = wrappedResponse(assertion({ email: 'reception@acme.test' }), idp, ACCOUNTS.acmeAdmin);
      expect(expectErrorShape(await ssoLogin(xml), 401).message).toBe(
        'The sign-in answer was altered after it was signed.',
      );
    });

    it('answers 422 without a SAMLResponse', async () => {
      const response = await call(server(), 'POST', SSO_LOGIN, { subdomain: 'acme', body: {} });
      expect(expectErrorShape(response, 422).errors?.SAMLResponse).toEqual(['This field is required.']);
    });

    it('refuses an address outside the connector’s domains', async () => {
      const xml = signedAssertionResponse(assertion({ email: 'someone@elsewhere.test' }), idp);
      expect(expectErrorShape(await ssoLogin(xml), 403).message).toBe(
        'The address someone@elsewhere.test is not in a domain that signs in through this identity provider.',
      );
    });

    it('refuses a person without an account unless the connector creates accounts', async () => {
      const xml = () =>
        signedAssertionResponse(
          assertion({
            email: 'newcomer@acme.test',
            attributes: {
              'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/givenname': 'Nina',
              sn: 'Newcomer',
            },
          }),
          idp,
        );
      expect(expectErrorShape(await ssoLogin(xml()), 403).message).toBe(
        'No account exists for newcomer@acme.test. Please ask your administrator to create one.',
      );

      const companyId = await companyIdOf(server(), 'acme');
      // the picker's list: the company's user containers only
      const containers = (await asAdmin('GET', `${SSOS}/user-containers`)).json<{
        data: Array<{ id: number; name: string }>;
      }>().data;
      const globexContainers = (
        await call(server(), 'GET', `${SSOS}/user-containers`, { subdomain: 'globex', token: globex })
      ).json<{ data: Array<{ id: number }> }>().data;
      expect(globexContainers.some((item) => containers.some((mine) => mine.id === item.id))).toBe(false);
      const container = containers.find((item) => item.name === 'Employees')!;
      const changed = await asAdmin('PUT', `${SSOS}/${connector.id}`, {
        create_accounts: true,
        default_container_id: container.id,
      });
      expect(changed.statusCode, changed.body).toBe(200);
      const response = await ssoLogin(xml());
      expect(response.statusCode, response.body).toBe(200);
      const user = await server()
        .db.kysely.selectFrom('users')
        .select(['id', 'first_name', 'last_name', 'sso', 'password_hash'])
        .where('company_id', '=', companyId)
        .where('email', '=', 'newcomer@acme.test')
        .executeTakeFirstOrThrow();
      expect(user).toMatchObject({
        first_name: 'Nina',
        last_name: 'Newcomer',
        sso: true,
        password_hash: null,
      });
      const member = await server()
        .db.kysely.selectFrom('user_container_members')
        .select('user_id')
        .where('container_id', '=', container.id)
        .where('user_id', '=', user.id)
        .executeTakeFirst();
      expect(member).toBeTruthy();
      await asAdmin('PUT', `${SSOS}/${connector.id}`, { create_accounts: false });
    });
  });

  describe('the browser’s way: /api/sso/{subdomain}/{id}/login, acs and metadata', () => {
    it('sends the browser to the IdP with an AuthnRequest whose answer is then accepted once', async () => {
      const start = await call(server(), 'GET', `/api/sso/acme/${connector.id}/login`);
      expect(start.statusCode).toBe(302);
      const location = new URL(start.headers.location as string);
      expect(`${location.origin}${location.pathname}`).toBe('https://idp.acme.example/sso');
      const request = inflateRawSync(
        Buffer.from(location.searchParams.get('SAMLRequest')!, 'base64'),
      ).toString();
      const requestId = /ID="([^"]+)"/.exec(request)![1]!;
      expect(request).toContain(`AssertionConsumerServiceURL="${connector.acs_url}"`);

      const xml = signedAssertionResponse(assertion({ inResponseTo: requestId }), idp);
      const acs = await call(server(), 'POST', `/api/sso/acme/${connector.id}/acs`, {
        raw: {
          payload: new URLSearchParams({ SAMLResponse: toBase64(xml), RelayState: 'app' }).toString(),
          contentType: 'application/x-www-form-urlencoded',
        },
      });
      expect(acs.statusCode, acs.body).toBe(303);
      const back = new URL(acs.headers.location as string);
      expect(back.pathname).toBe('/login');
      const code = back.searchParams.get('handover')!;
      expect(code).toBeTruthy();
      const session = await call(server(), 'POST', '/api/company/v1/auth/login', {
        subdomain: 'acme',
        body: { token: code },
      });
      expect(session.statusCode, session.body).toBe(200);

      // the same answer again: back to the login screen with the reason
      const again = await call(server(), 'POST', `/api/sso/acme/${connector.id}/acs`, {
        raw: {
          payload: new URLSearchParams({ SAMLResponse: toBase64(xml) }).toString(),
          contentType: 'application/x-www-form-urlencoded',
        },
      });
      expect(again.statusCode).toBe(303);
      const refused = new URL(again.headers.location as string);
      expect(refused.searchParams.get('handover')).toBeNull();
      expect(refused.searchParams.get('message')).toMatch(/sign-in answer/);
    });

    it('answers 404 for a connector of another company named under this one', async () => {
      expectErrorShape(await call(server(), 'GET', `/api/sso/globex/${connector.id}/login`), 404);
      expectErrorShape(await call(server(), 'GET', `/api/sso/nobody/${connector.id}/metadata`), 404);
    });

    it('publishes our service provider metadata for the IdP administrator', async () => {
      const response = await call(server(), 'GET', `/api/sso/acme/${connector.id}/metadata`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/samlmetadata\+xml/);
      expect(response.body).toContain(`entityID="${connector.effective_sp_entity_id}"`);
      expect(response.body).toContain(`Location="${connector.acs_url}"`);
    });
  });
});
