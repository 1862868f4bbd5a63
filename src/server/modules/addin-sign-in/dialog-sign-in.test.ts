import { inflateRawSync } from 'node:zlib';
import { beforeAll, expect, it } from 'vitest';
import { signedAssertionResponse, toBase64, type SigningPair } from '../../../../test/support/saml-fixtures';
import { describeEachDatabase } from '../../../../test/support/server-app';
import { ACCOUNTS, call } from '../../../../test/support/server-factories';
import { ADDIN_DIALOG_PAGE, addinSignInPaths } from '../../../shared/contract/addin-sign-in';
import type { SsoConnector } from '../../../shared/contract/sso';
import { ssoActors, ssoHelpers } from '../sso/sso.fixtures';

/** The add-in's sign-in dialog: a company's single sign-on, ending on the pane's origin with a code. */
describeEachDatabase('The Outlook add-in’s sign-in dialog through single sign-on', (server) => {
  let admin: string;
  let idp: SigningPair;
  let connector: SsoConnector;
  const { assertion } = ssoHelpers(
    server,
    () => admin,
    () => idp,
    () => connector,
  );
  beforeAll(async () => {
    ({ admin, idp, connector } = await ssoActors(server()));
  });

  it('finds the company and connector an address of an SSO domain signs in through', async () => {
    const realm = await call(server(), 'GET', `${addinSignInPaths.ssoRealm}?email=Employee%40ACME.test`);
    expect(realm.json()).toEqual({ login_url: `/api/sso/acme/${connector.id}/login?surface=addin` });
    const none = await call(server(), 'GET', `${addinSignInPaths.ssoRealm}?email=someone%40elsewhere.test`);
    expect(none.json()).toEqual({ login_url: null });
  });

  it('answers 422 for an address that is not one', async () => {
    expect((await call(server(), 'GET', `${addinSignInPaths.ssoRealm}?email=nobody`)).statusCode).toBe(422);
  });

  it('sends the identity provider’s answer back to the dialog page on the master host with a hand-over code', async () => {
    const start = await call(server(), 'GET', `/api/sso/acme/${connector.id}/login?surface=addin`);
    expect(start.statusCode).toBe(302);
    const location = new URL(start.headers.location as string);
    expect(location.searchParams.get('RelayState')).toBe('addin');
    const request = inflateRawSync(
      Buffer.from(location.searchParams.get('SAMLRequest')!, 'base64'),
    ).toString();
    const requestId = /ID="([^"]+)"/.exec(request)![1]!;

    const xml = signedAssertionResponse(assertion({ inResponseTo: requestId }), idp);
    const acs = await call(server(), 'POST', `/api/sso/acme/${connector.id}/acs`, {
      raw: {
        payload: new URLSearchParams({ SAMLResponse: toBase64(xml), RelayState: 'addin' }).toString(),
        contentType: 'application/x-www-form-urlencoded',
      },
    });
    expect(acs.statusCode, acs.body).toBe(303);
    const back = new URL(acs.headers.location as string);
    expect(back.hostname.startsWith('acme.')).toBe(false);
    expect(back.pathname).toBe(ADDIN_DIALOG_PAGE);
    expect(back.searchParams.get('subdomain')).toBe('acme');
    const session = await call(server(), 'POST', '/api/company/v1/auth/login?includes=all', {
      subdomain: 'acme',
      body: { token: back.searchParams.get('handover') },
    });
    expect(session.statusCode, session.body).toBe(200);
    expect(session.json<{ user: { email: string } }>().user.email).toBe(ACCOUNTS.employee);
  });

  it('sends a refusal back to the dialog page with its reason, and no code', async () => {
    const xml = signedAssertionResponse(assertion({ inResponseTo: '_never-sent' }), idp);
    const acs = await call(server(), 'POST', `/api/sso/acme/${connector.id}/acs`, {
      raw: {
        payload: new URLSearchParams({ SAMLResponse: toBase64(xml), RelayState: 'addin' }).toString(),
        contentType: 'application/x-www-form-urlencoded',
      },
    });
    const back = new URL(acs.headers.location as string);
    expect(back.pathname).toBe(ADDIN_DIALOG_PAGE);
    expect(back.searchParams.get('handover')).toBeNull();
    expect(back.searchParams.get('message')).toBeTruthy();
  });
});
