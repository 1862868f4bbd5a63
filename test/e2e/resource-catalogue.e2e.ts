import { describe, expect, it } from 'vitest';
import { newContext, seriousAxeViolations, watchPageProblems } from '../support/browser';
import { expectPath, expectRefused, logIn, useServerAndBrowser } from './journeys';

const stage = useServerAndBrowser();

describe('the resource catalogue', () => {
  it('lets the administrator add an attribute with its translations, find it after a reload, rename it and delete it', async () => {
    const context = await newContext(stage.browser());
    const page = await context.newPage();
    const problems = watchPageProblems(page);
    await page.goto(`${stage.server().companyUrl('acme')}/login`);
    await logIn(page, 'admin@acme.test');
    await expectPath(page, '/home');

    await page.goto(`${stage.server().companyUrl('acme')}/resource-attributes`);
    await page.getByRole('link', { name: 'Whiteboard' }).waitFor();
    await page.getByRole('link', { name: /Add resource attribute/ }).click();
    await expectPath(page, '/resource-attributes/add');

    // The company's language is required: the form says so before anything is sent.
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('This field is required.', { exact: true }).waitFor();
    await page.getByRole('textbox', { name: /^English/ }).fill('Height-adjustable desk');
    await page.getByRole('textbox', { name: /^Français/ }).fill('Bureau réglable en hauteur');
    await page.getByRole('textbox', { name: /^Deutsch/ }).fill('Höhenverstellbarer Schreibtisch');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('textbox', { name: /^Deutsch/ }).press('Enter');
    await expectPath(page, '/resource-attributes');

    await page.reload();
    await page.getByRole('searchbox', { name: 'Search' }).fill('höhenverstell');
    await page.getByRole('link', { name: 'Height-adjustable desk' }).waitFor();
    await expect.poll(() => page.getByRole('link', { name: 'Whiteboard' }).count()).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Height-adjustable desk' }).click();
    await page.waitForURL((url) => /^\/resource-attributes\/edit\/\d+$/.test(url.pathname));

    await page.getByRole('link', { name: /Name translations: Height-adjustable desk/ }).click();
    const english = page.getByRole('textbox', { name: /^English/ });
    await expect.poll(() => english.inputValue()).toBe('Height-adjustable desk');
    await english.fill('Sit-stand desk');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('link', { name: /Name translations: Sit-stand desk/ }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/resource-attributes\/edit\/\d+$/);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.goto(`${stage.server().companyUrl('acme')}/resource-attributes`);
    await page.getByRole('link', { name: 'Sit-stand desk' }).click();

    // Deleting asks first; Cancel keeps it, Delete removes it.
    await page.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText('Delete the resource attribute Sit-stand desk?').waitFor();
    // Polled: while the dialog fades in, its buttons are briefly low-contrast.
    await expect.poll(() => seriousAxeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expectPath(page, '/resource-attributes');
    await page.getByRole('link', { name: 'Whiteboard' }).waitFor();
    expect(await page.getByRole('link', { name: 'Sit-stand desk' }).count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('sends an employee without RESOURCE_TYPES to /404', async () => {
    await expectRefused(stage, 'employee@acme.test', '/resource-types');
  });
});
