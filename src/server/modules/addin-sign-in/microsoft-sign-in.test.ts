import { afterAll, beforeAll, expect, it } from 'vitest';
import { generateSigningPair } from '../../../../test/support/saml-fixtures';
import { startFakeEntra, type FakeEntra } from '../../../../test/support/fake-entra';
import { describeEachDatabase, type TestServer } from '../../../../test/support/server-app';
import { ACCOUNTS, call, expectErrorShape, signIn } from '../../../../test/support/server-factories';
import { ADDIN_SIGN_IN_MESSAGES, addinSignInPaths } from '../../../shared/contract/addin-sign-in';
import type { HandoverResponse, InitialResponse } from '../../../shared/contract/auth';
import { connectorPaths } from '../../../shared/contract/connectors';
import { ENTRA_REFUSALS } from '../../integrations/entra-id';

const CLIENT_ID = '6f1a2b3c-4d5e-4f60-8a9b-0c1d2e3f4a5b';
const SIGN_IN = addinSignInPaths.microsoft;

/** Acme connects its Microsoft 365 tenant through a calendar connector whose sign-in endpoint is the fake. */
async function connectTenant(
  server: TestServer,
  entra: FakeEntra,
  subdomain = 'acme',
  account = ACCOUNTS.acmeAdmin,
) {
  const admin = await signIn(server, account, subdomain);
  const created = await call(server, 'POST', connectorPaths.calendars, {
    subdomain,
    token: admin,
    body: {
      provider: 'outlook',
      name: 'Microsoft 365',
      fields: {
        tenant_id: entra.tenantId,
        client_id: CLIENT_ID,
        client_secret: 'a secret',
        login_url: entra.authority,
      },
    },
  });
  expect(created.statusCode, created.body).toBe(200);
}

describeEachDatabase(
  'POST /api/master/v1/auth/microsoft (Outlook add-in, nested app authentication)',
  (server) => {
    let entra: FakeEntra;
    const signInWith = (token: string) => call(server(), 'POST', SIGN_IN, { body: { token } });

    beforeAll(async () => {
      entra = await startFakeEntra({ clientId: CLIENT_ID, email: ACCOUNTS.employee });
      await connectTenant(server(), entra);
    });
    afterAll(async () => entra?.close());

    it('tells the pane the app registration to ask Microsoft 365 for', async () => {
      const answer = await call(server(), 'GET', SIGN_IN);
      expect(answer.json()).toEqual({ client_id: CLIENT_ID });
    });

    it('answers a hand-over code of the tenant’s company, which opens the mailbox user’s session', async () => {
      const answer = await signInWith(await entra.token());
      expect(answer.statusCode, answer.body).toBe(200);
      const handover = answer.json<HandoverResponse>();
      expect(handover.subdomain).toBe('acme');
      const session = await call(server(), 'POST', '/api/company/v1/auth/login?includes=all', {
        subdomain: 'acme',
        body: { token: handover.handover_code },
      });
      expect(session.statusCode, session.body).toBe(200);
      expect(session.json<InitialResponse>().user.email).toBe(ACCOUNTS.employee);
      // the code is single-use
      expectErrorShape(
        await call(server(), 'POST', '/api/company/v1/auth/login', {
          subdomain: 'acme',
          body: { token: handover.handover_code },
        }),
        401,
      );
    });

    it('refuses a token signed with a key the tenant does not publish (401)', async () => {
      const refused = expectErrorShape(await signInWith(await entra.token({ strangerKey: true })), 401);
      expect(refused.message).toBe(ENTRA_REFUSALS.signature);
    });

    it('refuses a token issued for another application (401)', async () => {
      const token = await entra.token({ audience: '00000003-0000-0000-c000-000000000000' });
      expect(expectErrorShape(await signInWith(token), 401).message).toBe(ENTRA_REFUSALS.audience);
    });

    it('refuses a token whose issuer is not the tenant’s (401)', async () => {
      const token = await entra.token({ issuer: 'https://sts.windows.net/someone-else/' });
      expect(expectErrorShape(await signInWith(token), 401).message).toBe(ENTRA_REFUSALS.issuer);
    });

    it('refuses an expired token (401), beyond five minutes of clock skew', async () => {
      const token = await entra.token({ expiresIn: -600 });
      expect(expectErrorShape(await signInWith(token), 401).message).toBe(ENTRA_REFUSALS.expired);
    });

    it('refuses what is not a token (401)', async () => {
      expect(expectErrorShape(await signInWith('not.a.token'), 401).message).toBe(ENTRA_REFUSALS.malformed);
    });

    it('refuses an organisation no company has connected (403)', async () => {
      const token = await entra.token({ tenantId: '0b1c2d3e-0000-4000-8000-000000000001' });
      expect(expectErrorShape(await signInWith(token), 403).message).toBe(
        ADDIN_SIGN_IN_MESSAGES.unknownTenant,
      );
    });

    it('refuses a person without a Workplace account in the company (403)', async () => {
      const token = await entra.token({ email: 'newcomer@acme.test' });
      expect(expectErrorShape(await signInWith(token), 403).message).toBe(
        ADDIN_SIGN_IN_MESSAGES.unknownUser('newcomer@acme.test'),
      );
    });

    it('never signs in another company’s user through this tenant (403)', async () => {
      const token = await entra.token({ email: ACCOUNTS.globexAdmin });
      expect(expectErrorShape(await signInWith(token), 403).message).toBe(
        ADDIN_SIGN_IN_MESSAGES.unknownUser(ACCOUNTS.globexAdmin),
      );
    });

    it('keeps an account to the Microsoft 365 identity it first signed in with', async () => {
      expect((await signInWith(await entra.token({ email: ACCOUNTS.teammate }))).statusCode).toBe(200);
      const impostor = await entra.token({
        email: ACCOUNTS.teammate,
        objectId: '11111111-2222-4333-8444-555555555555',
      });
      expect(expectErrorShape(await signInWith(impostor), 403).message).toBe(
        ADDIN_SIGN_IN_MESSAGES.otherIdentity(ACCOUNTS.teammate),
      );
    });

    it('maps a tenant through an Entra ID single sign-on connector too', async () => {
      const other = await startFakeEntra({ clientId: CLIENT_ID, email: ACCOUNTS.globexAdmin });
      try {
        const admin = await signIn(server(), ACCOUNTS.globexAdmin, 'globex');
        const created = await call(server(), 'POST', '/api/company/v1/connectors/ssos', {
          subdomain: 'globex',
          token: admin,
          body: {
            provider: 'azure',
            name: 'Globex Entra ID',
            idp_entity_id: `https://sts.windows.net/${other.tenantId}/`,
            sso_url: `${other.authority}/${other.tenantId}/saml2`,
            idp_certificates: [generateSigningPair('globex-entra').cert],
            domains: ['globex.test'],
          },
        });
        expect(created.statusCode, created.body).toBe(201);
        const answer = await signInWith(await other.token());
        expect(answer.statusCode, answer.body).toBe(200);
        expect(answer.json<HandoverResponse>().subdomain).toBe('globex');
      } finally {
        await other.close();
      }
    });
  },
  { config: { addinClientId: CLIENT_ID, allowPrivateConnectorUrls: true } },
);

describeEachDatabase('Microsoft 365 sign-in on a server without the add-in’s app registration', (server) => {
  it('is not offered, and refused with why (404)', async () => {
    expect((await call(server(), 'GET', SIGN_IN)).json()).toEqual({ client_id: null });
    const refused = expectErrorShape(
      await call(server(), 'POST', SIGN_IN, { body: { token: 'a.b.c' } }),
      404,
    );
    expect(refused.message).toBe(ADDIN_SIGN_IN_MESSAGES.notSetUp);
  });
});
