import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addDays, isoWeekday, wallClockAt, zonedInstant } from '../../src/shared/time/zone';
import { seriousAxeViolations, watchPageProblems } from '../support/browser';
import { apiCall, expectPath, signedIn, useServerAndBrowser } from './journeys';

/**
 * The cockpit (issue 46): the administrator puts an occupancy and a visitors widget on it and
 * orders them, by keyboard and by pointer; an employee books a desk and checks in from another
 * browser; the administrator's open cockpit shows it without a reload. The server's clock is set to
 * a weekday morning, within the demo floors' opening hours, whenever the test runs.
 */
const stage = useServerAndBrowser({}, { clock: true });
const ZONE = 'Europe/Zurich';
const API = '/api/company/v1';

function nextWeekday(): string {
  let day = addDays(wallClockAt(new Date(), ZONE).date, 1);
  while (isoWeekday(day) > 5) day = addDays(day, 1);
  return day;
}

/** The names of the widgets on the cockpit, in their order, as the settings list them. */
async function shownOrder(page: Page): Promise<string[]> {
  const names = await page
    .getByRole('list', { name: 'On the cockpit' })
    .getByRole('button', { name: /^Move .+ up$/ })
    .evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label') ?? ''));
  return names.map((name) => name.replace(/^Move (.+) up$/, '$1'));
}

describe('cockpit (spec §2 /cockpit)', () => {
  it('the administrator arranges occupancy and visitors widgets; an employee’s booking and check-in show without a reload', async () => {
    const day = nextWeekday();
    await stage.server().setClock(zonedInstant(day, 10 * 60 + 5, ZONE));
    const { context, page } = await signedIn(stage, 'admin@acme.test');
    const problems = watchPageProblems(page);
    const base = stage.server().companyUrl('acme');
    await page.goto(`${base}/cockpit`);
    await page.getByText('Your cockpit shows no widget yet: add one under “Arrange the cockpit”.').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    // add two widgets, then order them by keyboard and by pointer
    await page.getByRole('link', { name: 'Arrange the cockpit' }).click();
    await expectPath(page, '/cockpit/settings');
    await page.getByRole('button', { name: 'Add Occupancy' }).click();
    await page.getByRole('button', { name: 'Add Visitors' }).click();
    await expect.poll(() => shownOrder(page)).toEqual(['Occupancy', 'Visitors']);
    const up = page.getByRole('button', { name: 'Move Visitors up' });
    // (the buttons wait while the last change is saved)
    await expect.poll(() => up.isEnabled()).toBe(true);
    await up.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => shownOrder(page)).toEqual(['Visitors', 'Occupancy']);
    const rows = page.getByRole('list', { name: 'On the cockpit' }).getByRole('listitem');
    await expect.poll(() => up.isEnabled()).toBe(false);
    await expect.poll(() => page.getByRole('button', { name: 'Move Occupancy up' }).isEnabled()).toBe(true);
    await rows.nth(1).dragTo(rows.nth(0));
    await expect.poll(() => shownOrder(page)).toEqual(['Occupancy', 'Visitors']);
    expect(await seriousAxeViolations(page)).toEqual([]);

    // the visitors widget shows what is expected and who is on site; the bookings' figures are chosen
    await page.getByRole('link', { name: 'Visitor figures' }).click();
    await expectPath(page, '/cockpit/settings/visitor-management');
    // (the box changes once the choice is saved)
    await page.getByRole('checkbox', { name: 'Visitors gone today' }).click();
    await expect
      .poll(() => page.getByRole('checkbox', { name: 'Visitors gone today' }).isChecked())
      .toBe(false);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Back' }).first().click();
    await expectPath(page, '/cockpit/settings');
    await page.getByRole('link', { name: 'Back' }).first().click();
    await expectPath(page, '/cockpit');

    const widgets = page.locator('[data-testid^="widget-"]');
    await expect
      .poll(() => widgets.evaluateAll((all) => all.map((each) => each.dataset['testid'])))
      .toEqual(['widget-occupancy', 'widget-visitors']);
    await page.getByRole('region', { name: 'Visitors expected today' }).waitFor();
    expect(await page.getByRole('region', { name: 'Visitors gone today' }).count()).toBe(0);
    const today = page.getByRole('region', { name: 'Occupancy today' });
    const site = today.getByRole('link', { name: /^Acme HQ: / });
    await site.waitFor();
    const before = await site.innerText();
    expect(await seriousAxeViolations(page)).toEqual([]);

    // an employee, in a browser of their own, books a desk for this hour and checks in
    const employee = await signedIn(stage, 'employee@acme.test');
    const levels = await apiCall<{ data: Array<{ id: number; path: string }> }>(
      employee.page,
      'GET',
      `${API}/levels/all?depth=ALL`,
    );
    const floor = levels.data.find((level) => level.path.endsWith('Floor 1'))!;
    const desks = await apiCall<{ data: Array<{ id: number }> }>(
      employee.page,
      'GET',
      `${API}/levels/${floor.id}/resources/all`,
    );
    const booked = await apiCall<{ data: Array<{ id: number }> }>(
      employee.page,
      'POST',
      `${API}/declarations`,
      {
        resource_id: desks.data[0]!.id,
        slots: [
          {
            datetime_from: zonedInstant(day, 10 * 60, ZONE).toISOString(),
            datetime_to: zonedInstant(day, 11 * 60, ZONE).toISOString(),
          },
        ],
      },
    );
    await apiCall(employee.page, 'POST', `${API}/declarations/${booked.data[0]!.id}/check-in`);

    // the administrator's cockpit changes by itself (the product pushes it within seconds; CI is slower)
    await expect.poll(() => site.innerText(), { timeout: 15_000 }).not.toBe(before);
    await expectPath(page, '/cockpit');
    expect(problems).toEqual([]);
    await employee.context.close();

    // spec §9 start-up option Cockpit: chosen, the next sign-in lands on it
    await apiCall(page, 'PUT', `${API}/user-preferences/StartUpPage`, { value: 'COCKPIT' });
    const again = await signedIn(stage, 'admin@acme.test');
    await expectPath(again.page, '/cockpit');
    await again.page.getByRole('region', { name: 'Occupancy today' }).waitFor();
    await again.context.close();
    await context.close();
  });
});
