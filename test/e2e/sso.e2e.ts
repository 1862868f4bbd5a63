import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SsoConnector } from '../../src/shared/contract/sso';
import { newContext, seriousAxeViolations, watchPageProblems } from '../support/browser';
import { prepareSimpleSamlPhp, type PreparedIdp, type RunningIdp } from '../support/simplesamlphp/start-idp';
import { DEMO_PASSWORD, storedToken, useServerAndBrowser } from './journeys';

const stage = useServerAndBrowser();

/** A company API call from the test itself (Node resolves no *.localhost names: the loopback address and the Subdomain header). */
async function companyApi<T>(
  path: string,
  init: { method: string; token?: string; body?: unknown },
): Promise<T> {
  const response = await fetch(`http://127.0.0.1:${stage.server().port}${path}`, {
    method: init.method,
    headers: {
      Accept: 'application/json',
      'Content-Type': 'application/json',
      Subdomain: 'acme',
      ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (!response.ok) throw new Error(`${init.method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

describe('single sign-on through a real identity provider (SimpleSAMLphp)', () => {
  let idp: PreparedIdp;
  let running: RunningIdp | undefined;

  beforeAll(async () => {
    idp = await prepareSimpleSamlPhp();
    const { access_token: admin } = await companyApi<{ access_token: string }>('/api/company/v1/auth/login', {
      method: 'POST',
      body: { email: 'admin@acme.test', password: DEMO_PASSWORD },
    });
    // The administrator's part: the IdP's entity id, sign-in address and certificate, the domain.
    const connector = await companyApi<SsoConnector>('/api/company/v1/connectors/ssos', {
      method: 'POST',
      token: admin,
      body: {
        provider: 'google',
        name: 'Acme test IdP',
        idp_entity_id: idp.entityId,
        sso_url: idp.ssoUrl,
        idp_certificates: [idp.certificate],
        domains: ['acme.test'],
      },
    });
    // The IdP administrator's part: our entity id and assertion consumer service.
    running = await idp.start({ entityId: connector.effective_sp_entity_id, acsUrl: connector.acs_url });
  });

  afterAll(async () => {
    await running?.stop();
  });

  it('an acme employee signs in at the IdP from the login screen and lands logged in', async () => {
    const context = await newContext(stage.browser());
    const page = await context.newPage();
    const problems = watchPageProblems(page);
    await page.goto(`${stage.server().companyUrl('acme')}/login`);

    // An address of an SSO domain: no password here, the company account instead.
    await page.getByLabel('Email').fill('employee@acme.test');
    const go = page.getByRole('button', { name: 'Continue with your company account' });
    await go.waitFor();
    expect(await page.getByLabel('Password').count()).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await go.click();

    // SimpleSAMLphp's own login form
    await page.waitForURL((url) => url.host === new URL(idp.baseUrl).host);
    await page.locator('#username').fill('employee@acme.test');
    await page.locator('#password').fill(DEMO_PASSWORD);
    await page.locator('#password').press('Enter');

    // back through our ACS and the hand-over: logged in on the employee's start-up page (the plan)
    await page.waitForURL(
      (url) =>
        url.host === new URL(stage.server().companyUrl('acme')).host && url.pathname.startsWith('/plan'),
    );
    await expect.poll(() => storedToken(page)).toBeTruthy();
    expect(new URL(page.url()).search).not.toContain('handover');
    await page.getByRole('region', { name: 'All locations and favorites' }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('an address of another domain still signs in with its password', async () => {
    const context = await newContext(stage.browser());
    const page = await context.newPage();
    await page.goto(`${stage.server().companyUrl('acme')}/login`);
    await page.getByLabel('Email').fill('someone@elsewhere.test');
    await page.getByLabel('Password').waitFor();
    expect(await page.getByRole('button', { name: 'Continue with your company account' }).count()).toBe(0);
    await context.close();
  });

  it('a refused sign-in comes back to the login screen with its reason', async () => {
    const context = await newContext(stage.browser());
    const page = await context.newPage();
    const reason = 'This sign-in answer has already been used. Please sign in again.';
    await page.goto(`${stage.server().companyUrl('acme')}/login?message=${encodeURIComponent(reason)}`);
    await page.getByRole('alert').filter({ hasText: reason }).waitFor();
    await context.close();
  });
});
