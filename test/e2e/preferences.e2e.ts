import { describe, expect, it } from 'vitest';
import { seriousAxeViolations, watchPageProblems } from '../support/browser';
import { expectPath, expectRefused, signedIn, useServerAndBrowser } from './journeys';

const stage = useServerAndBrowser();

describe('preferences', () => {
  it('the administrator changes the company’s high occupancy colour; a refused colour stays beside its field', async () => {
    const { context, page } = await signedIn(stage, 'admin@acme.test');
    const problems = watchPageProblems(page);
    await page.goto(`${stage.server().companyUrl('acme')}/company-preferences`);
    await page.getByRole('link', { name: 'Reports' }).click();
    await expectPath(page, '/company-preferences/reports');
    await page.getByRole('link', { name: 'High occupancy colour' }).click();
    await expectPath(page, '/company-preferences/reports/HighOccupancyColor');

    const hex = page.getByRole('textbox', { name: 'High occupancy colour' });
    await hex.fill('red');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('The colour must be written #rrggbb.', { exact: true }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    await hex.fill('#00aa55');
    await hex.press('Enter');
    await expectPath(page, '/company-preferences/reports');
    await page
      .getByRole('listitem')
      .filter({ hasText: 'High occupancy colour' })
      .getByText('#00aa55')
      .waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    // a multi-select (checkboxes, by keyboard): none chosen is refused beside the list
    await page.goto(`${stage.server().companyUrl('acme')}/company-preferences/time/WeekendDays`);
    const group = page.getByRole('group', { name: 'Weekend days' });
    for (const day of ['Saturday', 'Sunday']) await group.getByRole('checkbox', { name: day }).uncheck();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('This field is required.', { exact: true }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await group.getByRole('checkbox', { name: 'Friday' }).focus();
    await page.keyboard.press('Space');
    await page.getByRole('button', { name: 'Save' }).click();
    await expectPath(page, '/company-preferences/time');
    await page
      .getByRole('listitem')
      .filter({ hasText: 'Weekend days' })
      .getByText('Friday', { exact: true })
      .waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('the employee keeps their own default slot across a reload, then returns to the company’s', async () => {
    const { context, page } = await signedIn(stage, 'employee@acme.test');
    const problems = watchPageProblems(page);
    await page.goto(`${stage.server().companyUrl('acme')}/preferences`);
    await page.getByRole('link', { name: 'Bookings' }).click();
    await expectPath(page, '/preferences/bookings');
    // a company rule is shown, not offered
    await page
      .getByRole('listitem')
      .filter({ hasText: 'Available slots' })
      .getByText('Set by the company')
      .waitFor();
    expect(await page.getByRole('link', { name: 'Available slots' }).count()).toBe(0);

    await page.getByRole('link', { name: 'Default slot' }).click();
    await page.getByText('You use the company value.').waitFor();
    await page.getByRole('combobox', { name: 'Default slot' }).selectOption({ label: 'All day' });
    await page.getByRole('button', { name: 'Save' }).click();
    await expectPath(page, '/preferences/bookings');
    const row = page.getByRole('listitem').filter({ hasText: 'Default slot' });
    await row.getByText('All day').waitFor();
    await row.getByText('Your value').waitFor();

    await page.reload();
    await page.getByRole('listitem').filter({ hasText: 'Default slot' }).getByText('All day').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.getByRole('link', { name: 'Default slot' }).click();
    await page.getByText('You use your own value. The company value is: Hours').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Use company value' }).click();
    await expectPath(page, '/preferences/bookings');
    await page.getByRole('listitem').filter({ hasText: 'Default slot' }).getByText('Company value').waitFor();

    await page.goto(`${stage.server().companyUrl('acme')}/preferences/reports`);
    await page
      .getByRole('listitem')
      .filter({ hasText: 'High occupancy colour' })
      .getByText('#00aa55')
      .waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('keeps the employee out of the company preferences', async () => {
    await expectRefused(stage, 'employee@acme.test', '/company-preferences');
  });
});
