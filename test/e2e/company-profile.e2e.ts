import { describe, expect, it } from 'vitest';
import { seriousAxeViolations, watchPageProblems } from '../support/browser';
import { expectPath, signedIn, useServerAndBrowser } from './journeys';

const stage = useServerAndBrowser();

describe('the company profile', () => {
  it('lets the administrator pick a new timezone and rename the company, with the keyboard', async () => {
    const { context, page } = await signedIn(stage, 'admin@acme.test');
    const problems = watchPageProblems(page);
    await page.goto(`${stage.server().companyUrl('acme')}/company-profile`);
    await page.getByRole('link', { name: /Timezone: Europe\/Zurich/ }).click();

    await expectPath(page, '/company-profile/timezone');
    await page.getByRole('searchbox', { name: 'Search' }).fill('lisb');
    await page.getByRole('button', { name: /Europe\/Lisbon/ }).focus();
    await page.keyboard.press('Enter');

    await expectPath(page, '/company-profile');
    await page.getByRole('link', { name: /Timezone: Europe\/Lisbon/ }).waitFor();
    const name = page.getByLabel('Name');
    await name.fill('   ');
    await name.blur();
    await page.getByText('This field is required.', { exact: true }).waitFor();
    await name.fill('Acme Group');
    await name.press('Enter'); // submits the form, as the Save button does
    await page.getByText('Saved.', { exact: true }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.reload();
    await expect.poll(() => page.getByLabel('Name').inputValue()).toBe('Acme Group');
    expect(problems).toEqual([]);
    await context.close();
  });
});
