import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newContext, seriousAxeViolations, watchPageProblems } from '../support/browser';
import { startFakeEntra, type FakeEntra } from '../support/fake-entra';
import { outlookOf, serveFakeOffice, type FakeOfficeSetup } from '../support/fake-office';
import { logIn, useServerAndBrowser } from './journeys';

const CLIENT_ID = '6f1a2b3c-4d5e-4f60-8a9b-0c1d2e3f4a5b';
const EMPLOYEE = 'employee@acme.test';
const stage = useServerAndBrowser({ ADDIN_CLIENT_ID: CLIENT_ID, ALLOW_PRIVATE_CONNECTOR_URLS: 'true' });
let entra: FakeEntra;

const meeting = {
  subject: 'Quarterly planning',
  start: '2026-12-01T09:00:00Z',
  end: '2026-12-01T10:30:00Z',
  requiredAttendees: [{ name: 'Ada Lovelace', email: 'ada@acme.test' }],
};

async function api(method: string, path: string, options: { token?: string; body?: unknown } = {}) {
  const response = await fetch(`http://127.0.0.1:${stage.server().port}${path}`, {
    method,
    headers: {
      Accept: 'application/json',
      Subdomain: 'acme',
      ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}),
      ...(options.body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response.json() as Promise<Record<string, unknown>>;
}

beforeAll(async () => {
  entra = await startFakeEntra({ clientId: CLIENT_ID, email: EMPLOYEE });
  // Acme's Microsoft 365 tenant, through its calendar connector (whose sign-in endpoint is the fake).
  const admin = await api('POST', '/api/company/v1/auth/login', {
    body: { email: 'admin@acme.test', password: 'demo1234' },
  });
  await api('POST', '/api/company/v1/connectors/calendars', {
    token: String(admin.access_token),
    body: {
      provider: 'outlook',
      name: 'Microsoft 365',
      fields: {
        tenant_id: entra.tenantId,
        client_id: CLIENT_ID,
        client_secret: 'secret',
        login_url: entra.authority,
      },
    },
  });
});
afterAll(async () => entra?.close());

/** The pane at 320 px, the narrowest Outlook gives it, in a fake Outlook signed in as `mailbox`. */
async function openPane(context: BrowserContext, signIn: FakeOfficeSetup['signIn']): Promise<Page> {
  await serveFakeOffice(context, { meeting, signIn });
  const page = await context.newPage();
  await page.setViewportSize({ width: 320, height: 800 });
  await page.goto(`${stage.server().masterUrl}/taskpane.html`);
  return page;
}

const mailboxOf = (emailAddress: string) => ({ displayName: emailAddress, emailAddress });

describe('signing in to the Outlook task pane (issue 41)', () => {
  it('signs in through the dialog: the company’s sign-in in a window of its own, a hand-over code back to the pane', async () => {
    const context = await newContext(stage.browser());
    const page = await openPane(context, { partitionKey: 'p-7f3a:', mailboxUser: mailboxOf(EMPLOYEE) });
    const problems = watchPageProblems(page);
    const dialogButton = page.getByRole('button', { name: 'Continue with your company account' });
    await dialogButton.waitFor();
    // No Microsoft 365 sign-in where the host does not broker tokens.
    expect(await page.getByRole('button', { name: 'Continue with Microsoft 365' }).count()).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);

    const [dialog] = await Promise.all([context.waitForEvent('page'), dialogButton.click()]);
    await dialog.setViewportSize({ width: 320, height: 640 });
    await dialog.getByLabel('Email').fill(EMPLOYEE);
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await dialog.getByLabel('Password').fill('demo1234');
    expect(await seriousAxeViolations(dialog)).toEqual([]);
    await dialog.getByRole('button', { name: 'Sign in' }).click();

    await expect.poll(() => page.getByTestId('meeting-subject').textContent()).toBe('Quarterly planning');
    const outlook = await outlookOf(page).state();
    expect(outlook.dialogs).toEqual([`${stage.server().masterUrl}/addin-sign-in.html`]);
    // What crossed from the dialog: a single-use code for the company, never a session token.
    const sent = JSON.parse(outlook.dialogMessages[0]!) as Record<string, string>;
    expect(Object.keys(sent).sort()).toEqual(['handover_code', 'kind', 'subdomain']);
    expect(sent.subdomain).toBe('acme');
    expect(sent.handover_code).not.toContain('.');
    await expect.poll(() => dialog.isClosed()).toBe(true);
    // The session is kept under the host's storage partition.
    const stored = await page.evaluate(() => ({ ...localStorage }));
    expect(stored['p-7f3a:atApp']).toBeTruthy();
    expect(stored['p-7f3a:appSubdomain']).toBe('acme');
    expect(stored.atApp).toBeUndefined();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('signs in with the mailbox’s Microsoft 365 account where Outlook brokers tokens (nested app authentication)', async () => {
    const context = await newContext(stage.browser());
    const objectId = '0c9a7e52-1b2f-4d6e-8a1c-3f5b7d9e1a2c';
    const page = await openPane(context, {
      mailboxUser: mailboxOf(EMPLOYEE),
      nestedAppAuth: {
        accessToken: await entra.token({ objectId }),
        idToken: await entra.idToken({ objectId }),
        username: EMPLOYEE,
        tenantId: entra.tenantId,
        objectId,
      },
    });
    await page.getByRole('button', { name: 'Continue with Microsoft 365' }).click();
    await expect.poll(() => page.getByTestId('meeting-subject').textContent()).toBe('Quarterly planning');
    const outlook = await outlookOf(page).state();
    // The token asked for is one for the add-in's own API, as the manifests' WebApplicationInfo names it.
    expect(
      outlook.naaRequests.filter((request) => request.method.startsWith('GetToken'))[0]?.scope,
    ).toContain(`api://workplace.localhost:${stage.server().port}/${CLIENT_ID}/access_as_user`);
    expect(outlook.dialogs).toEqual([]);
    await context.close();
  });

  it('tells the user when the Workplace user is not the mailbox’s, and signs out from there', async () => {
    const context = await newContext(stage.browser());
    const page = await openPane(context, { mailboxUser: mailboxOf('teammate@acme.test') });
    await logIn(page, EMPLOYEE);
    const alert = page.getByRole('alert').filter({ hasText: 'this mailbox is teammate@acme.test' });
    await alert.waitFor();
    expect(await alert.textContent()).toContain(`signed in to Workplace as ${EMPLOYEE}`);
    expect(await page.getByTestId('meeting-subject').count()).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('button', { name: 'Continue with your company account' }).waitFor();
    await context.close();
  });

  it('goes straight to sign-in when the session has lapsed (signed out elsewhere), not "Company not found."', async () => {
    const context = await newContext(stage.browser());
    const page = await openPane(context, { mailboxUser: mailboxOf(EMPLOYEE) });
    await logIn(page, EMPLOYEE);
    await page.getByTestId('meeting-subject').waitFor();
    const token = await page.evaluate(() => localStorage.getItem('atApp'));
    await api('GET', '/api/company/v1/auth/logout', { token: token! });

    const problems = watchPageProblems(page);
    await page.reload();
    await page.getByRole('button', { name: 'Continue with your company account' }).waitFor();
    await page.getByLabel('Email').waitFor();
    // What must not happen after the sign-in screen shows (the pane keeps a request open, so
    // there is no quiet network to wait for): no warning, no "Company not found."
    await page.waitForTimeout(3000);
    expect(await page.locator('body').textContent()).not.toContain('Company not found');
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(problems.filter((problem) => !/401/.test(problem))).toEqual([]);
    await context.close();
  });
});
