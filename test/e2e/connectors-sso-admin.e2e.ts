import { describe, expect, it } from 'vitest';
import type { SsoConnector } from '../../src/shared/contract/sso';
import { watchPageProblems } from '../support/browser';
import { generateSigningPair } from '../support/saml-fixtures';
import { expectAccessible, hiddenFromScreenReaders, onPage } from './connectors-pages';
import { apiCall, expectPath, signedIn, useServerAndBrowser } from './journeys';

/**
 * spec §2 /connectors and /company-connectors (CONNECTORS), issue 8. The server runs with the
 * operator's default: ALLOW_PRIVATE_CONNECTOR_URLS is off, so connector URLs into the server's own
 * network are refused (the calendar sync journey turns it on for its local fakes). The addresses
 * that are stored here are literal public ones, which need no DNS (the test machine has none).
 */
const stage = useServerAndBrowser({ ALLOW_PRIVATE_CONNECTOR_URLS: 'false' });

describe('single sign-on connectors administration (spec §2 connectors-sso)', () => {
  it('adds an SSO connector, edits a field and deletes it; the warning modal leaves the page readable', async () => {
    const { context, page } = await signedIn(stage, 'admin@acme.test');
    const problems = watchPageProblems(page);
    const base = stage.server().companyUrl('acme');
    const idp = generateSigningPair('acme-e2e-idp');

    await page.goto(`${base}/connectors/connectors-sso`);
    await page.getByText('No single sign-on connector yet: everyone signs in with a password.').waitFor();
    await expectAccessible(page);

    // {ssoId}/add in the Google variant: its own labels
    await page.getByRole('link', { name: /Add Google Workspace single sign-on/ }).click();
    await expectPath(page, '/connectors/connectors-sso/google/add');
    await page.getByLabel('Entity ID of Google').waitFor();
    await page.getByLabel('SSO URL').waitFor();
    await expectAccessible(page);

    // {ssoId}/add in the Azure variant
    await page.goto(`${base}/connectors/connectors-sso`);
    await page.getByRole('link', { name: /Add Microsoft Entra ID \(Azure\) single sign-on/ }).click();
    await expectPath(page, '/connectors/connectors-sso/azure/add');
    await page.getByLabel('Microsoft Entra identifier').fill('https://sts.windows.net/acme-e2e/');
    await page.getByLabel('Login URL').fill('https://login.microsoftonline.com/acme-e2e/saml2');
    await page.getByLabel(/E-mail domains that sign in here/).fill('sso-e2e.acme.test');
    await page.getByLabel(/Signing certificate/).fill('not a certificate');
    await expectAccessible(page);

    // The server refuses the certificate: the warning modal says so; after OK the page is whole again.
    await page.getByRole('button', { name: /Add Microsoft Entra ID \(Azure\) single sign-on/ }).click();
    const warning = page.getByRole('dialog', { name: 'Warning' });
    await warning.waitFor();
    await warning.getByRole('button', { name: 'OK' }).click();
    await warning.waitFor({ state: 'detached' });
    await expect.poll(() => hiddenFromScreenReaders(page)).toEqual([]);
    expect(await page.locator('#root').getAttribute('aria-hidden')).toBeNull();
    await page.getByText('This is not a valid certificate.').waitFor();
    await expectAccessible(page);

    await page.getByLabel(/Signing certificate/).fill(idp.cert);
    await page.getByRole('button', { name: /Add Microsoft Entra ID \(Azure\) single sign-on/ }).click();
    await onPage(
      page,
      page.waitForURL((url) => /^\/connectors\/connectors-sso\/list\/\d+$/.test(url.pathname)),
    );
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    await page.getByText(`/api/sso/acme/${id}/acs`, { exact: false }).first().waitFor();
    await expectAccessible(page);

    // {ssoId}/edit/{ssoFieldId}: the attribute that carries the first name
    const fieldsList = page.getByRole('list', { name: 'Fields of the sign-in answer' });
    const firstName = fieldsList.getByRole('listitem').filter({ hasText: 'First name' });
    await firstName.getByRole('link').click();
    await page.waitForURL((url) =>
      new RegExp(`^/connectors/connectors-sso/${id}/edit/\\d+$`).test(url.pathname),
    );
    const attribute = page.getByLabel('Attribute that carries: First name');
    await expect.poll(() => attribute.evaluate((input) => input === document.activeElement)).toBe(true);
    await expectAccessible(page);
    await attribute.fill('givenname');
    await attribute.press('Enter');
    await expectPath(page, `/connectors/connectors-sso/list/${id}`);
    await firstName.getByRole('link', { name: 'givenname' }).waitFor();
    const saved = await apiCall<SsoConnector>(page, 'GET', `/api/company/v1/connectors/ssos/${id}`);
    expect(saved.fields.find((field) => field.field === 'first_name')?.attribute).toBe('givenname');

    // the list/{ssoId} in the list, then deleted
    await page.goto(`${base}/connectors/connectors-sso`);
    await page
      .getByRole('list', { name: 'Single sign-on' })
      .getByRole('link', { name: 'Microsoft Entra ID' })
      .click();
    await expectPath(page, `/connectors/connectors-sso/list/${id}`);
    await page.getByRole('button', { name: 'Delete this connector' }).click();
    await expectPath(page, '/connectors/connectors-sso');
    await page.getByText('No single sign-on connector yet: everyone signs in with a password.').waitFor();
    expect(
      (await apiCall<{ data: SsoConnector[] }>(page, 'GET', '/api/company/v1/connectors/ssos')).data,
    ).toEqual([]);
    await expectAccessible(page);
    expect(await hiddenFromScreenReaders(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);
});
