import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import {
  generateSigningPair,
  toBase64,
  type AssertionOptions,
  type SigningPair,
} from '../../../../test/support/saml-fixtures';
import type { TestServer } from '../../../../test/support/server-app';
import { ACCOUNTS, call, companyIdOf, signIn } from '../../../../test/support/server-factories';
import type { SsoConnector } from '../../../shared/contract/sso';
import { samlStateStore } from './sso.queries';

export const SSOS = '/api/company/v1/connectors/ssos';
export const SSO_LOGIN = '/api/company/v1/auth/sso-login';
export const idpEntityId = 'https://idp.acme.example/metadata';

/** A connector's body, an assertion for it, a sign-in with one, and the administrator's calls. */
export function ssoHelpers(
  server: () => TestServer,
  admin: () => string,
  idp: () => SigningPair,
  connector: () => SsoConnector,
) {
  const body = (overrides: Record<string, unknown> = {}) => ({
    provider: 'azure',
    name: 'Acme Entra ID',
    idp_entity_id: idpEntityId,
    sso_url: 'https://idp.acme.example/sso',
    idp_certificates: [idp().cert],
    domains: ['acme.test'],
    ...overrides,
  });
  const assertion = (overrides: Partial<AssertionOptions> = {}): AssertionOptions => ({
    idpEntityId,
    audience: connector().effective_sp_entity_id,
    acsUrl: connector().acs_url,
    email: ACCOUNTS.employee,
    // Unsolicited answers are refused: each one answers a sign-in started here (see ssoLogin).
    inResponseTo: `_started-${randomUUID()}`,
    ...overrides,
  });
  /** Posts the answer, its AuthnRequest first recorded as sent by this company (as /login does). */
  const ssoLogin = async (xml: string, subdomain = 'acme') => {
    const requestId = /<samlp:Response[^>]* InResponseTo="([^"]+)"/.exec(xml)?.[1];
    if (requestId)
      await samlStateStore(server().db.kysely, await companyIdOf(server(), subdomain)).rememberRequest(
        requestId,
        600,
      );
    return call(server(), 'POST', `${SSO_LOGIN}?includes=all`, {
      subdomain,
      body: { SAMLResponse: toBase64(xml) },
    });
  };
  const asAdmin = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    call(server(), method, url, { subdomain: 'acme', token: admin(), body: payload });
  return { body, assertion, ssoLogin, asAdmin };
}

/**
 * What every SSO test file starts from: an IdP's key pair and a stranger's, the demo accounts signed
 * in, and acme's connector trusting that IdP.
 */
export async function ssoActors(server: TestServer): Promise<{
  admin: string;
  employee: string;
  globex: string;
  idp: SigningPair;
  stranger: SigningPair;
  connector: SsoConnector;
}> {
  const idp = generateSigningPair('acme-idp');
  const stranger = generateSigningPair('stranger');
  const admin = await signIn(server, ACCOUNTS.acmeAdmin);
  const employee = await signIn(server, ACCOUNTS.employee);
  const globex = await signIn(server, ACCOUNTS.globexAdmin, 'globex');
  const { asAdmin, body } = ssoHelpers(
    () => server,
    () => admin,
    () => idp,
    () => {
      throw new Error('no connector yet');
    },
  );
  const created = await asAdmin('POST', SSOS, body());
  expect(created.statusCode, created.body).toBe(201);
  const connector = created.json<SsoConnector>();
  return { admin, employee, globex, idp, stranger, connector };
}
