import { describe, expect, it } from 'vitest';
import { SECRET_MASK, type CalendarConnector } from '../../src/shared/contract/connectors';
import { OUTBOUND_MESSAGES } from '../../src/server/integrations/outbound-url';
import { watchPageProblems } from '../support/browser';
import { expectAccessible, fieldMessage, hiddenFromScreenReaders, onPage } from './connectors-pages';
import { apiCall, expectPath, expectRefused, signedIn, useServerAndBrowser } from './journeys';

/**
 * spec §2 /connectors and /company-connectors (CONNECTORS), issue 8. The server runs with the
 * operator's default: ALLOW_PRIVATE_CONNECTOR_URLS is off, so connector URLs into the server's own
 * network are refused (the calendar sync journey turns it on for its local fakes). The addresses
 * that are stored here are literal public ones, which need no DNS (the test machine has none).
 */
const stage = useServerAndBrowser({ ALLOW_PRIVATE_CONNECTOR_URLS: 'false' });

describe('connectors administration (spec §2 connectors)', () => {
  it('adds a calendar connector and its fields, masks secrets, edits a field, refuses internal addresses', async () => {
    const { context, page } = await signedIn(stage, 'admin@acme.test');
    const problems = watchPageProblems(page);
    const base = stage.server().companyUrl('acme');

    // /connectors: the overview of every connector type
    await page.goto(`${base}/connectors`);
    await page.getByRole('list', { name: 'Connector types' }).waitFor();
    await page.getByText('0 connectors, 0 active').waitFor();
    await expectAccessible(page);

    // connectors-overview/connector: which connector to add
    await page.getByRole('link', { name: 'Add a connector' }).click();
    await expectPath(page, '/connectors/connectors-overview/connector');
    await page.getByRole('heading', { name: 'Calendar' }).waitFor();
    await page.getByRole('link', { name: 'Microsoft Entra ID (Azure)' }).waitFor();
    await expectAccessible(page);

    // connectors-calendar/outlook/add: a Graph endpoint at the loopback address and a sign-in
    // endpoint at the cloud metadata address are refused, with the clear message, and nothing is stored.
    await page.getByRole('link', { name: 'Microsoft 365 (Outlook)' }).click();
    await expectPath(page, '/connectors/connectors-calendar/outlook/add');
    const outlook = page.getByRole('form', { name: 'Microsoft 365 (Outlook)' });
    await outlook.getByLabel('Directory (tenant) ID').fill('contoso-tenant');
    await outlook.getByLabel('Application (client) ID').fill('app-client-id');
    await outlook.getByLabel('Client secret').fill('very-secret-value');
    await outlook.getByLabel('Microsoft Graph endpoint').fill('http://127.0.0.1:8080/v1.0');
    await outlook.getByLabel('Sign-in endpoint').fill('http://169.254.169.254/');
    await expectAccessible(page);
    await outlook.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(() => fieldMessage(outlook, 'Microsoft Graph endpoint'))
      .toContain(OUTBOUND_MESSAGES.internal);
    await expect.poll(() => fieldMessage(outlook, 'Sign-in endpoint')).toContain(OUTBOUND_MESSAGES.internal);
    await expectPath(page, '/connectors/connectors-calendar/outlook/add');
    await expectAccessible(page);
    expect(
      (await apiCall<{ data: CalendarConnector[] }>(page, 'GET', '/api/company/v1/connectors/calendars'))
        .data,
    ).toEqual([]);

    // The provider's own endpoints again: saved, then on to the rooms of the new connector.
    await outlook.getByLabel('Microsoft Graph endpoint').fill('https://graph.microsoft.com/v1.0');
    await outlook.getByLabel('Sign-in endpoint').fill('https://login.microsoftonline.com');
    await outlook.getByLabel('Name').fill('Acme Microsoft 365');
    await outlook.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL((url) =>
      /^\/connectors\/connectors-calendar\/list\/\d+\/rooms$/.test(url.pathname),
    );
    const [created] = (
      await apiCall<{ data: CalendarConnector[] }>(page, 'GET', '/api/company/v1/connectors/calendars')
    ).data;
    expect(created).toMatchObject({ name: 'Acme Microsoft 365', provider: 'outlook', is_active: true });

    // connectors-calendar/list/{calendarId}: the secret is masked, never shown back
    await page.goto(`${base}/connectors/connectors-calendar/list/${created!.id}`);
    const fields = page.getByRole('region', { name: 'Fields' });
    await fields.getByRole('link', { name: 'Client secret' }).waitFor();
    await fields.getByText(SECRET_MASK, { exact: true }).waitFor();
    await fields.getByText('contoso-tenant', { exact: true }).waitFor();
    expect(await page.content()).not.toContain('very-secret-value');
    await expectAccessible(page);

    // An optional field added there; a notification URL into the server's own network is refused.
    const adding = page.getByRole('group', { name: 'Add a field' });
    await adding.getByLabel('Field').selectOption({ label: 'Change notification URL' });
    await adding.getByLabel('Value').fill('https://169.254.169.254/latest/meta-data/');
    await adding.getByRole('button', { name: 'Add a field' }).click();
    await expect.poll(() => fieldMessage(adding, 'Value')).toContain(OUTBOUND_MESSAGES.internal);
    await adding.getByLabel('Value').fill('https://93.184.215.14/notifications');
    await adding.getByRole('button', { name: 'Add a field' }).click();
    await fields.getByRole('link', { name: 'Change notification URL' }).waitFor();
    await fields.getByText('https://93.184.215.14/notifications', { exact: true }).waitFor();

    // connectors-calendar/{calendarId}/edit/{calendarFieldId}: the secret field shows the mask and
    // its hint; Save with the mask keeps the stored secret.
    await fields.getByRole('link', { name: 'Client secret' }).click();
    await page.waitForURL((url) =>
      new RegExp(`^/connectors/connectors-calendar/${created!.id}/edit/\\d+$`).test(url.pathname),
    );
    await page.getByText('The stored secret is never shown. Leave it as it is to keep it.').waitFor();
    expect(
      await page.getByRole('form', { name: 'Client secret' }).getByLabel('Client secret').inputValue(),
    ).toBe(SECRET_MASK);
    await expectAccessible(page);

    // Editing a field with the keyboard only: Tab to the value, type, Enter submits.
    await page.goto(`${base}/connectors/connectors-calendar/list/${created!.id}`);
    await fields.getByRole('link', { name: 'Directory (tenant) ID' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => /\/edit\/\d+$/.test(url.pathname));
    const tenant = page
      .getByRole('form', { name: 'Directory (tenant) ID' })
      .getByLabel('Directory (tenant) ID');
    await expect.poll(() => tenant.inputValue()).toBe('contoso-tenant');
    await page.locator('body').focus();
    for (let presses = 0; presses < 30; presses += 1) {
      await page.keyboard.press('Tab');
      if (await tenant.evaluate((input) => input === document.activeElement)) break;
    }
    expect(await tenant.evaluate((input) => input === document.activeElement)).toBe(true);
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('fabrikam-tenant');
    await page.keyboard.press('Enter');
    await expectPath(page, `/connectors/connectors-calendar/list/${created!.id}`);
    await onPage(page, fields.getByText('fabrikam-tenant', { exact: true }).waitFor());
    const stored = await apiCall<CalendarConnector>(
      page,
      'GET',
      `/api/company/v1/connectors/calendars/${created!.id}`,
    );
    expect(Object.fromEntries(stored.fields.map((field) => [field.key, field.value]))).toMatchObject({
      tenant_id: 'fabrikam-tenant',
      client_secret: SECRET_MASK,
      notification_url: 'https://93.184.215.14/notifications',
    });

    // connectors-calendar: the list, and the Google variant of the add screen
    await page.goto(`${base}/connectors/connectors-calendar`);
    await page
      .getByRole('list', { name: 'Calendar connectors' })
      .getByRole('link', { name: 'Acme Microsoft 365' })
      .waitFor();
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Google Calendar' }).click();
    await expectPath(page, '/connectors/connectors-calendar/google/add');
    const google = page.getByRole('form', { name: 'Google Calendar' });
    await google.getByLabel('OAuth client ID').waitFor();
    expect(await google.getByLabel('OAuth client secret').getAttribute('type')).toBe('password');
    expect(await google.getByLabel('Calendar API endpoint').inputValue()).toBe(
      'https://www.googleapis.com/calendar/v3',
    );
    await expectAccessible(page);

    expect(await hiddenFromScreenReaders(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);

  it('adds and edits an intranet link, refusing an address inside the server’s network', async () => {
    const { context, page } = await signedIn(stage, 'admin@acme.test');
    const problems = watchPageProblems(page);
    const base = stage.server().companyUrl('acme');

    await page.goto(`${base}/connectors/connectors-intranet`);
    await page.getByText('No intranet link yet.').waitFor();
    await expectAccessible(page);

    // connectors-intranet/add, with the keyboard: the fields in order, Space for the checkbox, Enter to save
    await page.getByRole('link', { name: 'Add intranet link' }).click();
    await expectPath(page, '/connectors/connectors-intranet/add');
    const form = page.getByRole('form', { name: 'Add intranet link' });
    await form.getByLabel('Name').focus();
    await page.keyboard.type('Acme wiki');
    await page.keyboard.press('Tab');
    expect(await form.getByLabel('Address').evaluate((input) => input === document.activeElement)).toBe(true);
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('http://127.0.0.1:9000/admin');
    await expectAccessible(page);
    await page.keyboard.press('Enter');
    await expect.poll(() => fieldMessage(form, 'Address')).toContain(OUTBOUND_MESSAGES.internal);
    await expectPath(page, '/connectors/connectors-intranet/add');
    await expectAccessible(page);

    await form.getByLabel('Address').fill('https://93.184.215.14/wiki/');
    await form.getByLabel('Address').press('Enter');
    await expectPath(page, '/connectors/connectors-intranet');
    const list = page.getByRole('list', { name: 'Intranet links' });
    await list.getByText('https://93.184.215.14/wiki/', { exact: true }).waitFor();
    await expectAccessible(page);

    // connectors-intranet/edit/{intranetId}: renamed and switched off
    await list.getByRole('link', { name: 'Acme wiki' }).click();
    await page.waitForURL((url) => /^\/connectors\/connectors-intranet\/edit\/\d+$/.test(url.pathname));
    const edit = page.getByRole('form', { name: 'Edit intranet link' });
    await expect.poll(() => edit.getByLabel('Name').inputValue()).toBe('Acme wiki');
    await expectAccessible(page);
    await edit.getByLabel('Address').fill('http://169.254.169.254/');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => fieldMessage(edit, 'Address')).toContain(OUTBOUND_MESSAGES.internal);
    await edit.getByLabel('Address').fill('https://93.184.215.14/handbook/');
    await edit.getByLabel('Name').fill('Acme handbook');
    await edit.getByRole('checkbox', { name: 'Active' }).uncheck();
    await edit.getByRole('button', { name: 'Save' }).click();
    await expectPath(page, '/connectors/connectors-intranet');
    await list.getByRole('link', { name: 'Acme handbook' }).waitFor();
    await list.getByText('Inactive', { exact: true }).waitFor();
    await list.getByText('https://93.184.215.14/handbook/', { exact: true }).waitFor();
    expect(await list.getByText('Acme wiki').count()).toBe(0);

    // the overview counts it
    await page.goto(`${base}/connectors/connectors-overview`);
    await page.getByText('1 links').waitFor();
    await expectAccessible(page);
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);

  it('offers only the overview and the connector chooser at /company-connectors', async () => {
    const { context, page } = await signedIn(stage, 'admin@acme.test');
    const base = stage.server().companyUrl('acme');
    await page.goto(`${base}/company-connectors`);
    await page.getByRole('list', { name: 'Connector types' }).waitFor();
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Add a connector' }).click();
    await expectPath(page, '/company-connectors/connectors-overview/connector');
    await page.getByRole('link', { name: 'Google Calendar' }).waitFor();
    await expectAccessible(page);
    await page.goto(`${base}/company-connectors/connectors-overview`);
    await page.getByRole('list', { name: 'Connector types' }).waitFor();
    // the calendar and intranet screens live under /connectors only
    await page.goto(`${base}/company-connectors/connectors-calendar`);
    await expectPath(page, '/404');
    await page.goto(`${base}/company-connectors/connectors-intranet/add`);
    await expectPath(page, '/404');
    await context.close();
  });

  it('sends an employee without CONNECTORS to /404', async () => {
    await expectRefused(stage, 'employee@acme.test', '/connectors');
    await expectRefused(stage, 'employee@acme.test', '/connectors/connectors-sso');
    await expectRefused(stage, 'employee@acme.test', '/company-connectors');
  });
});
