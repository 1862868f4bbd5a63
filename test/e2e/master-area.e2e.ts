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

async function pick(page: Page, label: RegExp, typed: string, option: string): Promise<void> {
  const box = page.getByRole('combobox', { name: label });
  await box.click();
  await box.fill(typed);
  await page.getByRole('option', { name: new RegExp(`^${option}`) }).click();
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
    await master.goto(`${stage.server().masterUrl}/cx-manage-companies/add-company`);
    await master.getByLabel(/^Name/).fill('Initech');
    await master.getByLabel(/^Subdomain/).fill('www');
    await master.getByLabel(/^Subdomain/).blur();
    await pick(master, /^Country/, 'Fra', 'France');
    await pick(master, /^Language/, 'Fran', 'Français');
    await pick(master, /^Timezone/, 'Paris', 'Europe/Paris');
    await pick(master, /^Data region/, 'Euro', 'European Union');
    await pick(master, /^Company type/, 'Small', 'Small or medium business');
    await master.getByLabel(/^First administrator/).fill('bill@initech.test');
    await master.getByRole('button', { name: 'Create company' }).click();
    // A reserved subdomain is refused with the reason, beside the field.
    await master.getByText('This subdomain is reserved.').waitFor();
    await master.getByLabel(/^Subdomain/).fill('initech');
    await master.getByRole('button', { name: 'Create company' }).click();
    await master.waitForURL((url) => /\/cx-manage-companies\/edit-company\/\d+$/.test(url.pathname));
    expect(await seriousAxeViolations(master)).toEqual([]);
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
    const screens = RESOLVED_ROUTES.filter(
      (route) =>
        route.chain[0]!.access === 'platform-admin' && !route.isHelp && !route.fullPath.includes(':'),
    ).map((route) => route.fullPath);
    expect(screens).toEqual(
      expect.arrayContaining(['/cx-manage-companies', '/cx-countries', '/help-pages/css', '/usage']),
    );
    const failures: string[] = [];
    for (const path of screens) {
      await master.goto(`${stage.server().masterUrl}${path}`);
      await master.locator('main').first().waitFor();
      await expect.poll(() => master.getByRole('progressbar').count()).toBe(0);
      if (new URL(master.url()).pathname !== path) failures.push(`${path}: ended on ${master.url()}`);
      for (const violation of await seriousAxeViolations(master))
        failures.push(`${path}: ${JSON.stringify(violation)}`);
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
