import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newContext, seriousAxeViolations, watchPageProblems } from '../support/browser';
import { startFakeSmtp, type FakeSmtp } from '../support/fake-smtp';
import { wallClockAt, zonedInstant } from '../../src/shared/time/zone';
import { apiCall, expectPath, logIn, useServerAndBrowser } from './journeys';

// The server delivers its outbox through SMTP to a mail server of the test's own.
const env: Record<string, string> = {};
let smtp: FakeSmtp;
beforeAll(async () => {
  smtp = await startFakeSmtp();
  env.SMTP_URL = smtp.url;
});
afterAll(async () => smtp?.close());
const stage = useServerAndBrowser(env);

const API = '/api/company/v1';
const ZONE = 'Europe/Zurich';
const NEW_HIRE = 'nina.newhire@acme.test';
const PASSWORD = 'first-day-at-acme';

describe('users (spec §2 /manage-users)', () => {
  it('the administrator invites a user, the mailed link sets the password, and the new user signs in', async () => {
    const base = stage.server().companyUrl('acme');
    const admin = await (await newContext(stage.browser())).newPage();
    const problems = watchPageProblems(admin);
    await admin.goto(`${base}/login`);
    await logIn(admin, 'admin@acme.test');
    await admin.waitForURL((url) => url.pathname !== '/login');

    await admin.goto(`${base}/manage-users`);
    await admin.getByRole('link', { name: 'Emil Employee' }).waitFor();
    expect(await seriousAxeViolations(admin)).toEqual([]);
    await admin.getByRole('link', { name: 'Add user' }).click();
    await expectPath(admin, '/manage-users/add-user');
    // spec §5: the form says what is wrong before anything is sent
    await admin.getByRole('button', { name: 'Add and send invitation' }).click();
    await admin.getByText('This field is required.').first().waitFor();
    await admin.getByLabel('E-mail').fill('not-an-address');
    await admin.getByLabel('E-mail').blur();
    await admin.getByText('Please enter valid email.').waitFor();
    await admin.getByLabel('E-mail').fill(NEW_HIRE);
    await admin.getByLabel('First name').fill('Nina');
    await admin.getByLabel('Last name').fill('Newhire');
    await admin.getByRole('checkbox', { name: 'Employees' }).check();
    expect(await seriousAxeViolations(admin)).toEqual([]);
    await admin.getByRole('button', { name: 'Add and send invitation' }).click();
    await admin.waitForURL((url) => /^\/manage-users\/edit\/\d+$/.test(url.pathname));
    await admin.getByText('The invitation has not been accepted yet.').waitFor();
    await admin.getByRole('list', { name: 'Settings of the user' }).getByText('Employees').waitFor();
    expect(await seriousAxeViolations(admin)).toEqual([]);

    // The invitation arrives by mail (outbox → SMTP) with its link.
    await expect.poll(() => smtp.mails.some((mail) => mail.to.includes(NEW_HIRE))).toBe(true);
    const mail = smtp.mails.find((entry) => entry.to.includes(NEW_HIRE))!;
    expect(mail.data).toContain('Subject: You are invited to');
    const link = /(http:\/\/\S+\/accept-invitation\?token=[A-Za-z0-9_-]+)/.exec(mail.data)?.[1];
    expect(link, mail.data).toMatch(new RegExp(`^${base}/accept-invitation`));

    const invited = await (await newContext(stage.browser())).newPage();
    const invitedProblems = watchPageProblems(invited);
    await invited.goto(link!);
    await invited.getByText(`Choose the password of ${NEW_HIRE} to sign in.`).waitFor();
    expect(await seriousAxeViolations(invited)).toEqual([]);
    await invited.getByLabel('New password', { exact: true }).fill('short');
    await invited.getByLabel('Confirm new password').fill('short');
    await invited.getByRole('button', { name: 'Set password and sign in' }).click();
    await invited.getByText('The field must contain 8 or more characters.').waitFor();
    await invited.getByLabel('New password', { exact: true }).fill(PASSWORD);
    await invited.getByLabel('Confirm new password').fill(PASSWORD);
    await invited.getByRole('button', { name: 'Set password and sign in' }).click();
    await invited.waitForURL((url) => url.pathname !== '/accept-invitation');
    expect(await invited.evaluate(() => localStorage.getItem('atApp'))).toBeTruthy();

    // Signed out, the new user signs in with the password they chose; users are not theirs to manage.
    const again = await (await newContext(stage.browser())).newPage();
    await again.goto(`${base}/login`);
    await logIn(again, NEW_HIRE, PASSWORD);
    await again.waitForURL((url) => url.pathname !== '/login');
    await again.goto(`${base}/manage-users`);
    await expectPath(again, '/404');

    // The administrator sees the invitation accepted.
    await admin.reload();
    await admin.getByRole('heading', { name: 'Nina Newhire' }).waitFor();
    expect(await admin.getByText('The invitation has not been accepted yet.').count()).toBe(0);
    expect(problems).toEqual([]);
    expect(invitedProblems).toEqual([]);
  });

  it('refuses to delete a user with bookings ahead until the administrator chooses to cancel them', async () => {
    const base = stage.server().companyUrl('acme');
    const page = await (await newContext(stage.browser())).newPage();
    const problems = watchPageProblems(page);
    await page.goto(`${base}/login`);
    await logIn(page, 'admin@acme.test');
    await page.waitForURL((url) => url.pathname !== '/login');
    // Bob, and a desk booked for him tomorrow morning.
    const english = (
      await apiCall<{ languages: Array<{ id: number; code: string }> }>(page, 'GET', `${API}/initial-data`)
    ).languages.find((language) => language.code === 'en')!;
    const bob = await apiCall<{ id: number }>(page, 'POST', `${API}/users`, {
      email: 'bob.booked@acme.test',
      first_name: 'Bob',
      last_name: 'Booked',
      language_id: english.id,
      timezone: ZONE,
      country_id: null,
      is_visitor: false,
      sso: true,
      container_ids: [],
    });
    const levels = await apiCall<{ data: Array<{ id: number; path: string }> }>(
      page,
      'GET',
      `${API}/levels/all?depth=ALL`,
    );
    const floor = levels.data.find((level) => level.path.endsWith('Floor 1'))!;
    const desks = await apiCall<{ data: Array<{ id: number }> }>(
      page,
      'GET',
      `${API}/levels/${floor.id}/resources/all`,
    );
    const tomorrow = wallClockAt(new Date(Date.now() + 86_400_000), ZONE).date;
    await apiCall(page, 'POST', `${API}/bookings/store`, {
      resource_id: desks.data.at(-1)!.id,
      host_id: bob.id,
      slots: [
        {
          datetime_from: zonedInstant(tomorrow, 9 * 60, ZONE).toISOString(),
          datetime_to: zonedInstant(tomorrow, 10 * 60, ZONE).toISOString(),
        },
      ],
    });

    await page.goto(`${base}/manage-users?query=bob`);
    await page.getByRole('link', { name: 'Bob Booked' }).click();
    await page.waitForURL((url) => url.pathname === `/manage-users/edit/${bob.id}`);
    await page.getByRole('button', { name: 'Delete user Bob Booked' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByRole('button', { name: 'Delete user' }).click();
    await dialog.getByText('Bob Booked has 1 booking ahead. Cancel it to delete the user.').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await dialog.getByRole('checkbox', { name: 'Cancel their bookings ahead and delete' }).check();
    await dialog.getByRole('button', { name: 'Delete user' }).click();
    await expectPath(page, '/manage-users');
    await page.getByRole('searchbox', { name: 'Search by name or e-mail' }).fill('bob');
    await page.getByRole('status').getByText('No users found.').waitFor();
    expect(problems).toEqual([]);
  });
  it('imports users from a CSV file only once every row of the preview is valid', async () => {
    const base = stage.server().companyUrl('acme');
    const page = await (await newContext(stage.browser())).newPage();
    const problems = watchPageProblems(page);
    await page.goto(`${base}/login`);
    await logIn(page, 'admin@acme.test');
    await page.waitForURL((url) => url.pathname !== '/login');
    await page.goto(`${base}/manage-users/import`);
    const header = 'email,first_name,last_name,language,timezone,country,is_visitor,sso,containers';
    const file = (rows: string[]) => ({
      name: 'people.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from([header, ...rows].join('\n')),
    });
    await page
      .locator('input[type=file]')
      .setInputFiles(
        file(['cara.csv@acme.test,Cara,Csv,en,,,0,1,Employees', 'broken-address,Dan,Csv,,,,0,1,']),
      );
    await page.getByText('1 rows ready, 1 with errors').waitFor();
    await page
      .getByRole('table', { name: 'Preview of the import' })
      .getByText('email: Please enter valid email.')
      .waitFor();
    expect(await page.getByRole('button', { name: /^Import \d+ users$/ }).count()).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page
      .locator('input[type=file]')
      .setInputFiles(
        file(['cara.csv@acme.test,Cara,Csv,en,,,0,1,Employees', 'dan.csv@acme.test,Dan,Csv,,,,0,1,']),
      );
    await page.getByRole('button', { name: 'Import 2 users' }).click();
    await page.getByText('2 users imported.').waitFor();
    await page.goto(`${base}/manage-users?query=csv`);
    await page.getByRole('link', { name: 'Cara Csv' }).waitFor();
    await page.getByRole('link', { name: 'Dan Csv' }).waitFor();
    expect(problems).toEqual([]);
  });
  it('a user manager reaches the users they manage from the menu, and only what the API lets them', async () => {
    const base = stage.server().companyUrl('acme');
    const admin = await (await newContext(stage.browser())).newPage();
    await admin.goto(`${base}/login`);
    await logIn(admin, 'admin@acme.test');
    await admin.waitForURL((url) => url.pathname !== '/login');
    const english = (
      await apiCall<{ languages: Array<{ id: number; code: string }> }>(admin, 'GET', `${API}/initial-data`)
    ).languages.find((language) => language.code === 'en')!;
    const mia = await apiCall<{ id: number }>(admin, 'POST', `${API}/users`, {
      email: 'mia.managed@acme.test',
      first_name: 'Mia',
      last_name: 'Managed',
      language_id: english.id,
      timezone: ZONE,
      country_id: null,
      is_visitor: false,
      sso: true,
      container_ids: [],
    });
    const emil = (
      await apiCall<{ data: Array<{ id: number; email: string }> }>(
        admin,
        'GET',
        `${API}/users?query=employee`,
      )
    ).data.find((user) => user.email === 'employee@acme.test')!;
    // A user-manager role granting MANAGE_USERS read and update, on a container Emil manages Mia in.
    const role = await apiCall<{ id: number }>(admin, 'POST', `${API}/roles`, {
      name: 'Team lead',
      kind: 'USER_MANAGER',
    });
    const catalogue = await apiCall<{ data: Array<{ permission_id: number; permission: string }> }>(
      admin,
      'GET',
      `${API}/roles/${role.id}/rolepermissions`,
    );
    const manage = catalogue.data.find((entry) => entry.permission === 'MANAGE_USERS')!;
    await apiCall(admin, 'PUT', `${API}/roles/${role.id}/rolepermissions/bulk`, {
      permissions: [{ permission_id: manage.permission_id, granted: true, read: true, update: true }],
    });
    const team = await apiCall<{ id: number }>(admin, 'POST', `${API}/containers`, {
      name: 'Team Mia',
      access_type: 'USER_MANAGER',
    });
    await apiCall(admin, 'POST', `${API}/containers/${team.id}/usermanagers`, { user_ids: [emil.id] });
    await apiCall(admin, 'POST', `${API}/containers/${team.id}/users`, { user_ids: [mia.id] });
    await apiCall(admin, 'POST', `${API}/containers/${team.id}/roles`, { role_ids: [role.id] });

    const lead = await (await newContext(stage.browser())).newPage();
    const problems = watchPageProblems(lead);
    await lead.goto(`${base}/login`);
    await logIn(lead, 'employee@acme.test');
    await lead.waitForURL((url) => url.pathname !== '/login');
    const told = await apiCall<{ general_permissions: Array<{ permission: string }> }>(
      lead,
      'GET',
      `${API}/initial-data`,
    );
    expect(told.general_permissions.filter((entry) => entry.permission === 'MANAGE_USERS')).toHaveLength(1);
    // The drawer closes on every navigation: opened again if the landing page's redirect closed it.
    const usersLink = lead.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'Users' });
    await expect
      .poll(
        async () => {
          if (!(await usersLink.isVisible())) await lead.getByRole('button', { name: 'Menu' }).click();
          return usersLink.isVisible();
        },
        { timeout: 60_000 },
      )
      .toBe(true);
    await usersLink.click();
    await expectPath(lead, '/manage-users');
    await lead.getByRole('link', { name: 'Mia Managed' }).waitFor();
    expect(await lead.getByRole('list', { name: 'Users' }).getByRole('listitem').count()).toBe(1);
    // Filters by container, export and adding people stay the administrators'.
    for (const name of ['Filters', 'Export CSV', 'Add user'])
      expect(await lead.getByRole('button', { name }).or(lead.getByRole('link', { name })).count()).toBe(0);
    expect(await seriousAxeViolations(lead)).toEqual([]);

    await lead.getByRole('link', { name: 'Mia Managed' }).click();
    await expectPath(lead, `/manage-users/edit/${mia.id}`);
    const settings = lead.getByRole('list', { name: 'Settings of the user' });
    await settings.getByRole('link', { name: 'Language' }).waitFor();
    expect(await settings.getByRole('link', { name: 'Containers' }).count()).toBe(0);
    expect(await lead.getByRole('button', { name: 'Delete user Mia Managed' }).count()).toBe(0);
    await lead.getByLabel('First name').fill('Mira');
    await lead.getByRole('button', { name: 'Save' }).click();
    await lead.getByRole('heading', { name: 'Mira Managed' }).waitFor();
    await lead.goto(`${base}/manage-users/edit/${mia.id}/containers`);
    await expectPath(lead, '/404');
    expect(problems).toEqual([]);
  });
});
