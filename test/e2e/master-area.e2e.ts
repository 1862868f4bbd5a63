import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESOLVED_ROUTES } from '../../src/client/routing/table';
import { newContext, seriousAxeViolations, watchPageProblems } from '../support/browser';
import { startFakeSmtp, type ReceivedMail } from '../support/fake-smtp';
import { expectPath, logIn, storedToken, useServerAndBrowser } from './journeys';

/**
 * Issue 39 acceptance: a platform administrator onboards Initech end to end from the master area,
 * writes its help in French (no script survives) and changes a label that the company sees at once.
 */
const smtp = await startFakeSmtp();
const stage = useServerAndBrowser({ SMTP_URL: smtp.url });
afterAll(() => smtp.close());

/** A call to the API from inside a signed-in page, on its own host's side (Subdomain when a company). */
async function fromPage<T>(
  page: Page,
  method: string,
  path: string,
  body?: unknown,
  subdomain?: string,
): Promise<T> {
  const token = await storedToken(page);
  return page.evaluate(
    async ({ method, path, body, token, subdomain }) => {
      const response = await fetch(path, {
        method,
        headers: {
          Accept: 'application/json',
          Authorization: `Bearer ${token}`,
          ...(subdomain ? { Subdomain: subdomain } : {}),
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
      return (await response.json()) as T;
    },
    { method, path, body, token, subdomain },
  );
}

/**
 * A pick on the add- or edit-company form: the row's link opens its picker (a sub-screen of its
 * own), the search narrows it, the option chosen returns to the form at `back`.
 */
async function pick(page: Page, row: string, typed: string, option: string, back: string): Promise<void> {
  await page.getByRole('link', { name: new RegExp(`^${row}: `) }).click();
  await page.getByRole('searchbox', { name: 'Search' }).fill(typed);
  await page.getByRole('button', { name: new RegExp(`^${option} `) }).click();
  await expectPath(page, back);
}

describe('the master area', () => {
  let master: Page;
  let initech: Page;

  beforeAll(async () => {
    const context = await newContext(stage.browser());
    master = await context.newPage();
    await master.goto(`${stage.server().masterUrl}/login`);
    await logIn(master, 'platform@workplace.test');
    await master.waitForURL((url) => url.pathname !== '/login');
  });

  it('offers the platform administrator master screens only, and refuses company screens', async () => {
    const menu = master.getByRole('navigation');
    await menu.getByRole('link', { name: 'Companies' }).waitFor();
    expect(await menu.getByRole('link', { name: 'Levels' }).count()).toBe(0);
    await master.goto(`${stage.server().masterUrl}/levels`);
    await expectPath(master, '/404');
  });

  it('creates Initech, whose first administrator sets a password from the invitation and signs in on its host', async () => {
    const problems = watchPageProblems(master);
    const add = '/cx-manage-companies/add-company';
    await master.goto(`${stage.server().masterUrl}${add}`);
    await master.getByLabel(/^Name/).fill('Initech');
    await master.getByLabel(/^Subdomain/).fill('www');
    await master.getByLabel(/^Subdomain/).blur();

    // The country picker, from the keyboard: a sub-screen with its own address and a search.
    await master.getByRole('link', { name: 'Country: Not chosen' }).focus();
    await master.keyboard.press('Enter');
    await expectPath(master, `${add}/country`);
    await master.getByRole('searchbox', { name: 'Search' }).fill('Fra');
    expect(await seriousAxeViolations(master)).toEqual([]);
    await master.getByRole('button', { name: /^France / }).focus();
    await master.keyboard.press('Enter');
    // Back on the form, with what was typed before the picker opened.
    await expectPath(master, add);
    await master.getByRole('link', { name: 'Country: France' }).waitFor();
    expect(await master.getByLabel(/^Name/).inputValue()).toBe('Initech');
    expect(await master.getByLabel(/^Subdomain/).inputValue()).toBe('www');

    await pick(master, 'Language', 'Fran', 'Français', add);
    await pick(master, 'Timezone', 'Paris', 'Europe/Paris', add);
    await pick(master, 'Data region', 'Euro', 'European Union', add);
    await pick(master, 'Company type', 'Small', 'Small or medium business', add);
    await master.getByLabel(/^First administrator/).fill('bill@initech.test');
    await master.getByRole('button', { name: 'Create company' }).click();
    // A reserved subdomain is refused with the reason, beside the field.
    await master.getByText('This subdomain is reserved.').waitFor();
    await master.getByLabel(/^Subdomain/).fill('initech');
    await master.getByRole('button', { name: 'Create company' }).click();
    await master.waitForURL((url) => /\/cx-manage-companies\/edit-company\/\d+$/.test(url.pathname));
    const edit = new URL(master.url()).pathname;
    expect(await seriousAxeViolations(master)).toEqual([]);

    // Editing, a pick is saved at once; the company type is shown, not picked.
    await master.getByRole('link', { name: 'Timezone: Europe/Paris' }).waitFor();
    await pick(master, 'Timezone', 'Berlin', 'Europe/Berlin', edit);
    await master.getByRole('link', { name: 'Timezone: Europe/Berlin' }).waitFor();
    expect(await master.getByRole('link', { name: /^Company type/ }).count()).toBe(0);
    await master.reload();
    await master.getByRole('link', { name: 'Timezone: Europe/Berlin' }).waitFor();
    // The draft went with the company: the next add starts empty.
    await master.goto(`${stage.server().masterUrl}${add}`);
    await master.getByRole('link', { name: 'Country: Not chosen' }).waitFor();
    expect(await master.getByLabel(/^Name/).inputValue()).toBe('');
    expect(problems).toEqual([]);

    await expect
      .poll(() => smtp.mails.find((mail) => mail.to.includes('bill@initech.test')), { timeout: 60_000 })
      .toBeDefined();
    const mail = smtp.mails.find((candidate: ReceivedMail) => candidate.to.includes('bill@initech.test'))!;
    const link = new URL(/https?:\/\/\S+accept-invitation\S+/.exec(mail.data)![0]);
    expect(link.host).toBe(`initech.workplace.localhost:${stage.server().port}`);

    const context = await newContext(stage.browser());
    initech = await context.newPage();
    await initech.goto(link.toString());
    await initech.getByLabel('New password', { exact: true }).fill('initech-2026');
    await initech.getByLabel('Confirm new password').fill('initech-2026');
    await initech.getByRole('button', { name: 'Set password and sign in' }).click();
    await initech.waitForURL(
      (url) => url.host.startsWith('initech.') && !['/login', '/accept-invitation'].includes(url.pathname),
    );
  });

  it('lets Initech’s administrator create a level and a desk and book it, and never see Acme’s or Globex’s data', async () => {
    const languages = await fromPage<{ languages: Array<{ id: number; code: string }> }>(
      initech,
      'GET',
      '/api/company/v1/initial-data',
      undefined,
      'initech',
    );
    const fr = languages.languages.find((language) => language.code === 'fr')!.id;
    const level = await fromPage<{ id: number }>(
      initech,
      'POST',
      '/api/company/v1/levels',
      {
        kind: 'floor',
        is_declarable: true,
        translations: [{ language_id: fr, name: 'Rez-de-chaussée' }],
      },
      'initech',
    );
    const types = await fromPage<{ data: Array<{ id: number; key: string }> }>(
      initech,
      'GET',
      '/api/company/v1/resource-types/all',
      undefined,
      'initech',
    );
    const desk = await fromPage<{ id: number }>(
      initech,
      'POST',
      '/api/company/v1/resources',
      {
        level_id: level.id,
        resource_type_id: types.data.find((type) => type.key === 'desk')!.id,
        translations: [{ language_id: fr, name: 'Bureau 1' }],
      },
      'initech',
    );
    const tomorrow = new Date(Date.now() + 86_400_000);
    tomorrow.setUTCHours(9, 0, 0, 0);
    const booked = await fromPage<{ data: Array<{ id: number }> }>(
      initech,
      'POST',
      '/api/company/v1/bookings/store',
      {
        resource_id: desk.id,
        slots: [
          {
            datetime_from: tomorrow.toISOString(),
            datetime_to: new Date(tomorrow.getTime() + 3_600_000).toISOString(),
          },
        ],
      },
      'initech',
    );
    expect(booked.data).toHaveLength(1);

    const levels = await fromPage<{ data: Array<{ id: number; name: string }> }>(
      initech,
      'GET',
      '/api/company/v1/levels/all?depth=ALL',
      undefined,
      'initech',
    );
    expect(levels.data.map((row) => row.name)).toEqual(['Rez-de-chaussée']);
    const resources = await fromPage<{ data: Array<{ id: number }> }>(
      initech,
      'GET',
      `/api/company/v1/levels/${level.id}/resources/all`,
      undefined,
      'initech',
    );
    expect(resources.data.map((row) => row.id)).toEqual([desk.id]);
    // Initech's token on Acme's host is no credential at all.
    const onAcme = await initech.evaluate(
      async (token) => {
        const response = await fetch('/api/company/v1/levels/all', {
          headers: { Authorization: `Bearer ${token}`, Subdomain: 'acme' },
        });
        return response.status;
      },
      await storedToken(initech),
    );
    expect(onAcme).toBe(401);
  });

  it('shows the French help written in the master area to the French administrator, and no script in it runs', async () => {
    // A screen the demo's help pages leave without help (they have /levels, /resources, …).
    await master.goto(`${stage.server().masterUrl}/help-pages/add-page`);
    await master.getByLabel(/^Screen path/).fill('/resource-types');
    await master.getByRole('combobox', { name: 'Language' }).click();
    await master.getByRole('option', { name: 'Français' }).click();
    await master.getByLabel(/^Title/).fill('Les types de ressources');
    await master.getByRole('textbox', { name: 'Content' }).click();
    await master.keyboard.type('Bureaux, salles et places de parking.');
    await master.getByRole('button', { name: 'Save' }).click();
    await master.waitForURL((url) => /\/help-pages\/\d+$/.test(url.pathname));
    const id = Number(new URL(master.url()).pathname.split('/').pop());
    // What a page could hold if someone wrote the html by hand: the server rebuilds it.
    await fromPage(master, 'PUT', `/api/master/v1/help-pages/${id}`, {
      path: '/resource-types',
      translations: [
        {
          language_code: 'fr',
          title: 'Les types de ressources',
          html: '<p>Bureaux, salles et places de parking.</p><script>window.__helpScript = 1</script><img src="/none.png" onerror="window.__helpScript = 2">',
        },
      ],
    });

    await initech.goto(`${stage.server().companyUrl('initech')}/resource-types/help`);
    await initech.getByRole('heading', { name: 'Les types de ressources' }).waitFor();
    await initech.getByText('Bureaux, salles et places de parking.').waitFor();
    expect(
      await initech.evaluate(() => (window as unknown as { __helpScript?: number }).__helpScript),
    ).toBeUndefined();
    expect(await initech.locator('.help-content script').count()).toBe(0);
  });

  it('draws every master screen without a page error or a serious accessibility violation', async () => {
    const problems = watchPageProblems(master);
    const companies = await fromPage<{ data: Array<{ id: number; subdomain: string }> }>(
      master,
      'GET',
      '/api/master/v1/companies/all',
    );
    const acme = String(companies.data.find((company) => company.subdomain === 'acme')!.id);
    // An address naming a company is filled with Acme's; one naming another record is left to its
    // feature's journey.
    const screens = RESOLVED_ROUTES.filter(
      (route) => route.chain[0]!.access === 'platform-admin' && !route.isHelp,
    )
      .map((route) => route.fullPath.replace(':company_id', acme))
      .filter((path) => !path.includes(':'));
    expect(screens).toEqual(
      expect.arrayContaining([
        '/cx-manage-companies',
        '/cx-manage-companies/add-company/company-type',
        `/cx-manage-companies/edit-company/${acme}/data-region`,
        '/cx-countries',
        '/help-pages/css',
        '/usage',
      ]),
    );
    const failures: string[] = [];
    for (const path of screens) {
      await master.goto(`${stage.server().masterUrl}${path}`);
      await master.locator('main').first().waitFor();
      await expect.poll(() => master.getByRole('progressbar').count()).toBe(0);
      if (new URL(master.url()).pathname !== path) failures.push(`${path}: ended on ${master.url()}`);
      for (const violation of await seriousAxeViolations(master))
        failures.push(`${path}: ${JSON.stringify(violation)}`);
      // The company forms and their pickers fit a phone.
      if (path.startsWith('/cx-manage-companies/')) {
        const size = master.viewportSize()!;
        await master.setViewportSize({ width: 320, height: 640 });
        const overflow = await master.evaluate(
          () => document.documentElement.scrollWidth > window.innerWidth + 1,
        );
        if (overflow) failures.push(`${path}: wider than 320 px`);
        await master.setViewportSize(size);
      }
      failures.push(...problems.splice(0).map((problem) => `${path}: ${problem}`));
    }
    expect(failures).toEqual([]);
  });

  it('changes a label through /cx-translations, which the company shows on its next load without a restart', async () => {
    await master.goto(`${stage.server().masterUrl}/cx-translations?language=fr&query=levels.title`);
    await master.getByRole('link', { name: 'levels.title', exact: true }).click();
    await master.getByLabel('Français').fill('Étages et sites');
    await master.getByRole('button', { name: 'Save' }).click();
    await master.getByText('Saved.').waitFor();

    await initech.goto(`${stage.server().companyUrl('initech')}/levels`);
    await initech.getByRole('heading', { name: 'Étages et sites' }).first().waitFor();
  });
});
