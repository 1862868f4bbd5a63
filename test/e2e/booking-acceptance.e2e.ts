import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { zonedInstant } from '../../src/shared/time/zone';
import { newContext, seriousAxeViolations, watchPageProblems } from '../support/browser';
import { logIn, storedToken, useServerAndBrowser } from './journeys';

/**
 * Issue 5 acceptance: the employee books a desk for tomorrow morning from the map, finds it in
 * /calendar, checks in on the day, extends it and checks out. The test owns the clock: the server's
 * (test/support/shifted-clock.ts) and the browser's (Playwright's clock) run from a fixed Tuesday
 * afternoon, then jump to Wednesday morning.
 */
const stage = useServerAndBrowser({}, { clock: true });
const ZONE = 'Europe/Zurich';
const TODAY = '2027-02-09';
const TOMORROW = '2027-02-10';
const at = (date: string, hours: number, minutes = 0) => zonedInstant(date, hours * 60 + minutes, ZONE);

async function setClocks(context: BrowserContext, instant: Date): Promise<void> {
  await stage.server().setClock(instant);
  await context.clock.setSystemTime(instant);
}

interface Listed {
  data: Array<{ id: number; resource: { name: string }; starts_at: string; ends_at: string; status: string }>;
}

async function myBookings(page: Page): Promise<Listed['data']> {
  const token = await storedToken(page);
  return page.evaluate(
    async ({ token, from }) => {
      const answer = await fetch(`/api/company/v1/declarations?date_from=${from}`, {
        headers: { Authorization: `Bearer ${token}`, Subdomain: 'acme' },
      });
      return ((await answer.json()) as Listed).data;
    },
    { token, from: TODAY },
  );
}

describe('issue 5 acceptance: a desk for tomorrow morning, from the map to check-out', () => {
  it('books from the map, finds it in the calendar, checks in on the day, extends and checks out', async () => {
    const context = await newContext(stage.browser());
    await stage.server().setClock(at(TODAY, 16));
    await context.clock.install({ time: at(TODAY, 16) });
    const page = await context.newPage();
    const problems = watchPageProblems(page);
    const base = stage.server().companyUrl('acme');

    // Signed in, the employee lands on the plan (their start-up page) and opens Floor 3.
    await page.goto(`${base}/login`);
    await logIn(page, 'employee@acme.test');
    await page.waitForURL((url) => url.pathname.startsWith('/plan'));
    await page
      .getByRole('region', { name: 'All locations and favorites' })
      .getByRole('button', { name: 'Floor 3', exact: true })
      .click();
    await page.waitForURL((url) => /^\/plan\/\d+\/resources$/.test(url.pathname));
    const floorId = /^\/plan\/(\d+)/.exec(new URL(page.url()).pathname)![1];

    // Tomorrow morning: the half-day slot that starts at the floor's opening.
    await page.goto(`${base}/plan/${floorId}/resources/slots`);
    await page.getByLabel('Slot type').selectOption('half-day');
    await page.getByLabel('Date').fill(TOMORROW);
    await page.getByRole('button', { name: /^07:00–12:00\s*, Free/ }).click();
    await page.getByRole('button', { name: 'Map' }).click();
    await page.waitForURL((url) => url.pathname === `/plan/${floorId}/resources/slots/maps`);

    // On the map, the desk's marker books it.
    const free = page.getByRole('button', { name: /^Desk 3\.04, \d+% booked, Free$/ });
    await free.waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await free.focus();
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('group', { name: 'Book' });
    await confirm.getByText('Book Desk 3.04 for 07:00–12:00?').waitFor();
    await confirm.getByRole('button', { name: 'Book', exact: true }).click();
    await page.getByText('Desk 3.04 is booked for 07:00–12:00.').waitFor();
    await page.getByRole('button', { name: /^Desk 3\.04, \d+% booked, Booked by you$/ }).waitFor();

    const [booking] = (await myBookings(page)).filter((entry) => entry.resource.name === 'Desk 3.04');
    expect(booking).toMatchObject({
      starts_at: at(TOMORROW, 7).toISOString(),
      ends_at: at(TOMORROW, 12).toISOString(),
      status: 'booked',
    });

    // The calendar shows it on tomorrow's page, from 07:00 to 12:00.
    await page.goto(`${base}/calendar?view=day&date=${TOMORROW}`);
    const event = page.getByRole('button', { name: /07:00 – 12:00.*Desk 3\.04/ });
    await event.waitFor();
    // The floor's zone is the employee's own: not repeated on the booking (issue 40).
    expect(await event.textContent()).not.toContain('Europe/Zurich');
    await event.focus();
    await page.keyboard.press('Enter');
    let panel = page.getByRole('region', { name: 'Desk 3.04' });
    await panel.waitFor();
    // Not yet: check-in opens shortly before the start.
    expect(await panel.getByRole('button', { name: 'Check in' }).count()).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Wednesday, 07:05: the employee checks in, within the grace period.
    await setClocks(context, at(TOMORROW, 7, 5));
    await page.goto(`${base}/calendar?view=day&date=${TOMORROW}`);
    await event.focus();
    await page.keyboard.press('Enter');
    panel = page.getByRole('region', { name: 'Desk 3.04' });
    await panel.getByRole('button', { name: 'Check in' }).click();
    await expect
      .poll(async () => (await myBookings(page)).find((entry) => entry.id === booking!.id)?.status)
      .toBe('checked_in');

    // Extended by an hour: the booking now ends at 13:00.
    await panel.getByRole('button', { name: 'Extend' }).click();
    await page.getByRole('menuitem', { name: 'By an hour' }).click();
    await expect
      .poll(async () => (await myBookings(page)).find((entry) => entry.id === booking!.id)?.ends_at)
      .toBe(at(TOMORROW, 13).toISOString());
    await page.getByRole('button', { name: /07:00 – 13:00.*Desk 3\.04/ }).waitFor();

    // Checked out, the employee is back on the plan (spec §4), and the desk is free again.
    await setClocks(context, at(TOMORROW, 9, 30));
    await page.goto(`${base}/calendar?view=day&date=${TOMORROW}`);
    await page.getByRole('button', { name: /07:00 – 13:00.*Desk 3\.04/ }).focus();
    await page.keyboard.press('Enter');
    panel = page.getByRole('region', { name: 'Desk 3.04' });
    await panel.getByRole('button', { name: 'Check out' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/plan'));
    const after = (await myBookings(page)).find((entry) => entry.id === booking!.id);
    // Check-out ends the booking when it happens: the rest of the morning is free again.
    expect(after?.status).toBe('checked_out');
    const ended = Date.parse(after!.ends_at) - at(TOMORROW, 9, 30).getTime();
    expect(ended).toBeGreaterThanOrEqual(0);
    expect(ended).toBeLessThan(5 * 60_000);

    expect(problems).toEqual([]);
    await context.close();
  });
});
