import type { Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newContext, seriousAxeViolations, watchPageProblems } from '../support/browser';
import { expectPath, expectRefused, logIn, useServerAndBrowser } from './journeys';

const stage = useServerAndBrowser();

const FLOOR_PLAN = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300" onload="alert(1)">' +
    '<rect x="10" y="10" width="380" height="280" fill="#eee" stroke="#555"/></svg>',
);

describe('levels', () => {
  it('lets the administrator add a floor under Building A with an uploaded plan, and find it after a reload', async () => {
    const context = await newContext(stage.browser());
    const page = await context.newPage();
    const problems = watchPageProblems(page);
    await page.goto(`${stage.server().companyUrl('acme')}/login`);
    await logIn(page, 'admin@acme.test');
    await expectPath(page, '/home');

    await page.goto(`${stage.server().companyUrl('acme')}/levels`);
    await page.getByRole('link', { name: 'Building A' }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Add level' }).click();
    await expectPath(page, '/level');

    await page.getByLabel('Kind').selectOption('floor');
    await page.getByLabel('Parent level').selectOption({ label: 'Acme HQ / Building A' });
    // spec §2 /level: names are required; Save without them opens the names sub-screen with the error
    await page.getByRole('button', { name: 'Save' }).click();
    await expectPath(page, '/level/name-translations');
    await page.getByText('This field is required.').waitFor();
    await page.getByRole('textbox', { name: /^English/ }).fill('Floor 9');
    await page.getByRole('textbox', { name: /^Français/ }).fill('Étage 9');
    await page.getByRole('button', { name: 'Save' }).click();
    await expectPath(page, '/level');
    // what was chosen before the sub-screen is still there
    expect(await page.getByLabel('Parent level').locator('option:checked').textContent()).toBe(
      'Acme HQ / Building A',
    );

    await page.getByRole('link', { name: 'Floor map' }).click();
    await expectPath(page, '/level/map');
    await page.locator('input[type=file]').setInputFiles({
      name: 'floor-9.svg',
      mimeType: 'image/svg+xml',
      buffer: FLOOR_PLAN,
    });
    const map = page.getByLabel('Floor map', { exact: true });
    await expect.poll(async () => map.locator('option:checked').textContent()).toBe('floor-9');
    await page.getByRole('img', { name: 'Floor plan floor-9' }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Save' }).click();
    await expectPath(page, '/level');
    const settings = page.getByRole('list', { name: 'Settings' });
    await settings.getByText('floor-9').waitFor();
    await settings.getByText('Floor 9 · Étage 9').waitFor();
    await page.getByLabel('Declarable (can be selected for booking)').check();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Save' }).click();
    await expectPath(page, '/levels');

    await page.reload();
    await page.getByRole('searchbox', { name: 'Search' }).fill('floor 9');
    await page.getByRole('link', { name: 'Floor 9' }).click();
    await page.waitForURL((url) => /^\/level\/\d+$/.test(url.pathname));
    await page.getByText('Acme HQ / Building A / Floor 9').waitFor();
    await settings.getByText('floor-9').waitFor();
    expect(await page.getByLabel('Declarable (can be selected for booking)').isChecked()).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);

    // editing, a sub-screen saves at once
    await page.getByRole('link', { name: 'Working hours' }).click();
    await page.waitForURL((url) => /^\/level\/\d+\/working-hours$/.test(url.pathname));
    await page.getByLabel('From').fill('07:30');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL((url) => /^\/level\/\d+$/.test(url.pathname));
    await settings.getByText('07:30 – 18:00').waitFor();

    await page.getByRole('link', { name: 'QR code' }).click();
    await page.getByRole('img', { name: 'QR code of the level' }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('says so beside Save when a level’s change gets no answer, and saves once the network is back', async () => {
    const context = await newContext(stage.browser());
    const page = await context.newPage();
    await page.goto(`${stage.server().companyUrl('acme')}/login`);
    await logIn(page, 'admin@acme.test');
    await expectPath(page, '/home');
    await page.goto(`${stage.server().companyUrl('acme')}/levels`);
    await page.getByRole('link', { name: 'Building A' }).click();
    await page.waitForURL((url) => /^\/level\/\d+$/.test(url.pathname));
    const form = page.getByRole('form', { name: 'Edit level' });

    const cut = (route: Route) =>
      route.request().method() === 'PUT' ? route.abort('failed') : route.fallback();
    await page.route('**/api/company/v1/levels/*', cut);
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('Network Error').waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/level\/\d+$/);
    expect(await form.getByRole('button', { name: 'Save' }).isEnabled()).toBe(true);

    await page.unroute('**/api/company/v1/levels/*', cut);
    await form.getByRole('button', { name: 'Save' }).click();
    await expectPath(page, '/levels');
    await context.close();
  });

  it('sends an employee without LEVELS to /404', async () => {
    await expectRefused(stage, 'employee@acme.test', '/levels');
  });
});
