import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { wallClockAt, zonedInstant } from '../../src/shared/time/zone';
import { seriousAxeViolations, watchPageProblems } from '../support/browser';
import { apiCall, signedIn, useServerAndBrowser } from './journeys';

/**
 * Issue 7 acceptance: the employee makes a preset, sees its bookings sorted as their preferences
 * say, books by dragging in the grid, drags the booking's end into someone else's booking (refused,
 * the grid as it was), resizes it validly and deletes it.
 */
const stage = useServerAndBrowser();
const API = '/api/company/v1';
const ZONE = 'Europe/Zurich';
/** The grid draws an hour 80 px wide. */
const PX_PER_MINUTE = 80 / 60;
const tomorrow = wallClockAt(new Date(Date.now() + 24 * 3_600_000), ZONE).date;
const at = (hours: number, minutes = 0) => zonedInstant(tomorrow, hours * 60 + minutes, ZONE).toISOString();

interface Named {
  id: number;
  name: string;
  path: string;
}

async function floorOneDesks(page: Page): Promise<Map<string, number>> {
  const levels = await apiCall<{ data: Named[] }>(page, 'GET', `${API}/levels/all?depth=ALL`);
  const floor = levels.data.find((level) => level.path.endsWith('Floor 1'))!;
  const resources = await apiCall<{ data: Named[] }>(page, 'GET', `${API}/levels/${floor.id}/resources/all`);
  return new Map(resources.data.map((resource) => [resource.name, resource.id]));
}

/** The administrator books an hour of tomorrow on a desk, with a subject. */
async function adminBooks(admin: Page, resourceId: number, hour: number, subject: string): Promise<void> {
  await apiCall(admin, 'POST', `${API}/bookings/store`, {
    resource_id: resourceId,
    slots: [{ datetime_from: at(hour), datetime_to: at(hour + 1) }],
    subject,
  });
}

/** Drags with the mouse from one point to another in small steps, as a hand does. */
async function drag(page: Page, from: { x: number; y: number }, to: { x: number; y: number }): Promise<void> {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move((from.x + to.x) / 2, to.y, { steps: 4 });
  await page.mouse.move(to.x, to.y, { steps: 4 });
  await page.mouse.up();
}

/** The x of a minute of the day on a row's timeline, and its vertical middle. */
async function pointOf(timeline: Locator, minute: number): Promise<{ x: number; y: number }> {
  const box = (await timeline.boundingBox())!;
  return { x: box.x + minute * PX_PER_MINUTE, y: box.y + box.height / 2 };
}

describe('issue 7 acceptance: presets, the list and the booking grid', () => {
  it('makes a preset, lists its bookings as the preferences sort them, books, resizes and deletes in the grid', async () => {
    const admin = await signedIn(stage, 'admin@acme.test');
    const desks = await floorOneDesks(admin.page);
    await adminBooks(admin.page, desks.get('Desk 1.02')!, 9, 'Zeta review');
    await adminBooks(admin.page, desks.get('Desk 1.01')!, 12, 'Alpha sync');
    await admin.context.close();

    const { context, page } = await signedIn(stage, 'employee@acme.test');
    const problems = watchPageProblems(page);
    try {
      await journey(page, problems);
    } catch (error) {
      await page.screenshot({ path: '/tmp/p2-bookings-fail.png', fullPage: true });
      throw error;
    }
    await context.close();
  });

  it("assigns a booking's approval status from the list (spec §4), for whoever may change bookings", async () => {
    const { context, page } = await signedIn(stage, 'admin@acme.test');
    const problems = watchPageProblems(page);
    const desk = (await floorOneDesks(page)).get('Desk 1.03')!;
    const stored = await apiCall<{ data: { id: number }[] }>(page, 'POST', `${API}/bookings/store`, {
      resource_id: desk,
      slots: [{ datetime_from: at(15), datetime_to: at(16) }],
      subject: 'Awaiting approval',
    });
    const id = stored.data[0]!.id;
    await apiCall(page, 'GET', `${API}/declarations/assign/${id}/1`);
    const preset = await apiCall<{ id: number }>(page, 'POST', `${API}/bookings/presets`, {
      name: 'Approvals',
      preset: { resources: [desk], date_period: { type: 'tomorrow' } },
    });
    await page.goto(`${stage.server().companyUrl('acme')}/bookings?preset=${preset.id}`);
    const approval = page.getByRole('combobox', { name: `Approval of booking ${id}` });
    await approval.waitFor();
    expect(await approval.inputValue()).toBe('pending');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await approval.selectOption('approved');
    await expect
      .poll(() => apiCall<{ approval_status: string }>(page, 'GET', `${API}/declarations/${id}`))
      .toMatchObject({ approval_status: 'approved' });
    await expect.poll(() => approval.inputValue()).toBe('approved');
    expect(problems).toEqual([]);
    await context.close();
  });
});

/** The employee's part, from the preset to the deleted booking. */
async function journey(page: Page, problems: string[]): Promise<void> {
  const base = stage.server().companyUrl('acme');
  // The employee sorts by resource first, then by start.
  await apiCall(page, 'PUT', `${API}/user-preferences/BookingFirstSortField`, { value: 'resource' });
  await apiCall(page, 'PUT', `${API}/user-preferences/BookingSecondSortField`, { value: 'start_time' });

  // A preset needs a name (spec §5).
  await page.goto(`${base}/bookings/presets`);
  await page.getByRole('link', { name: 'Add preset' }).click();
  await page.getByRole('button', { name: 'Save preset' }).click();
  await page.getByText('This field is required.').waitFor();
  await page.getByRole('textbox', { name: 'Name' }).fill('Floor 1 tomorrow');
  await page.getByRole('combobox', { name: 'Period' }).selectOption('tomorrow');
  // From the keyboard: Enter opens the list.
  await page.getByRole('combobox', { name: 'Resources' }).press('Enter');
  await page.getByRole('menuitemcheckbox', { name: 'Desk 1.01' }).click();
  await page.getByRole('menuitemcheckbox', { name: 'Desk 1.02' }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Save preset' }).click();
  await page.waitForURL((url) => url.pathname === '/bookings/presets');
  await page
    .getByRole('listitem')
    .filter({ hasText: 'Floor 1 tomorrow' })
    .getByText('Active', { exact: true })
    .waitFor();
  expect(await seriousAxeViolations(page)).toEqual([]);

  // The list: Desk 1.01 (12:00) before Desk 1.02 (09:00), by resource as the preference says.
  await page.goto(`${base}/bookings`);
  const table = page.getByRole('table', { name: 'Floor 1 tomorrow' });
  await table.waitFor();
  await page.getByText('Sorted by Resource, then Start').waitFor();
  const rows = table.getByRole('row');
  await expect.poll(() => rows.count()).toBe(3);
  expect(await rows.nth(1).textContent()).toContain('Alpha sync');
  expect(await rows.nth(1).textContent()).toContain('Desk 1.01');
  expect(await rows.nth(2).textContent()).toContain('Zeta review');
  expect(await seriousAxeViolations(page)).toEqual([]);

  // The grid, on today; scrolled right to the late morning.
  await page.getByRole('link', { name: 'Booking grid' }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/bookings-grid/'));
  const region = page.getByRole('region', { name: /^Bookings of / });
  const row = page.getByRole('application', { name: 'Free time of Desk 1.01' });
  await row.waitFor();
  await region.evaluate((element) => (element.scrollLeft = 560));
  // Tomorrow loads under today's grid: it stays on screen, busy (nothing can be booked on a day no
  // longer asked for), and keeps its scroll.
  let answer!: () => void;
  const held = new Promise<void>((resolve) => (answer = resolve));
  await page.route('**/bookings/grid-bookings**', async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole('button', { name: 'Next day' }).click();
  await page.waitForURL((url) => url.searchParams.get('date') === tomorrow);
  await page.getByTestId('grid-loading').waitFor();
  expect(await region.getAttribute('aria-busy')).toBe('true');
  expect(await row.count()).toBe(1);
  answer();
  const theirs = row.getByRole('button', { name: /^Alpha sync, 12:00 – 13:00/ });
  await theirs.waitFor();
  await page.unroute('**/bookings/grid-bookings**');
  await expect.poll(() => region.getAttribute('aria-busy')).toBeNull();
  expect(await region.evaluate((element) => element.scrollLeft)).toBe(560);

  // A click on free time alone books nothing.
  const clicked = await pointOf(row, 14 * 60 + 20);
  await page.mouse.click(clicked.x, clicked.y);
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect(await row.getByRole('button', { name: /, 14:/ }).count()).toBe(0);

  // Drag over free time: 10:00 to 11:00.
  await drag(page, await pointOf(row, 10 * 60 + 5), await pointOf(row, 10 * 60 + 50));
  const mine = row.getByRole('button', { name: /, 10:00 – 11:00/ });
  await mine.waitFor();

  // Its end dragged into 12:30: refused with the server's message, the grid unchanged.
  const endEdge = mine.locator('[data-edge="end"]');
  const edgeBox = (await endEdge.boundingBox())!;
  const edgeAt = { x: edgeBox.x + edgeBox.width / 2, y: edgeBox.y + edgeBox.height / 2 };
  await drag(page, edgeAt, { x: (await pointOf(row, 12 * 60 + 30)).x, y: edgeAt.y });
  const refusal = page.getByRole('alert');
  await refusal.waitFor();
  expect(await refusal.textContent()).toMatch(/Desk 1\.01/);
  await mine.waitFor();
  await theirs.waitFor();
  await expect.poll(() => page.getByTestId('grid-loading').count()).toBe(0);

  // Resized validly to 11:30.
  const edgeAgain = (await mine.locator('[data-edge="end"]').boundingBox())!;
  const from = { x: edgeAgain.x + edgeAgain.width / 2, y: edgeAgain.y + edgeAgain.height / 2 };
  await drag(page, from, { x: (await pointOf(row, 11 * 60 + 30)).x, y: from.y });
  const longer = row.getByRole('button', { name: /, 10:00 – 11:30/ });
  await longer.waitFor();
  expect(await seriousAxeViolations(page)).toEqual([]);

  // A resize that gets no answer (spec §8: nothing happens): no message, the booking as it was.
  await page.route('**/api/company/v1/bookings/resize**', (route) => route.abort('internetdisconnected'));
  const lost = (await longer.locator('[data-edge="end"]').boundingBox())!;
  const lostFrom = { x: lost.x + lost.width / 2, y: lost.y + lost.height / 2 };
  const aborted = page.waitForEvent('requestfailed', (request) => request.url().includes('/bookings/resize'));
  await drag(page, lostFrom, { x: (await pointOf(row, 11 * 60 + 45)).x, y: lostFrom.y });
  await aborted;
  await expect.poll(() => page.getByTestId('grid-loading').count()).toBe(0);
  expect(await page.getByRole('alert').count()).toBe(0);
  await longer.waitFor();
  await page.unroute('**/api/company/v1/bookings/resize**');

  // Deleted from its edit screen; back on the grid it is gone and theirs stays.
  await longer.click();
  await page.waitForURL((url) => /\/bookings-grid\/\d+\/edit\/\d+$/.test(url.pathname));
  await page.getByRole('button', { name: 'Delete booking' }).click();
  await page.getByRole('button', { name: 'Yes, delete it' }).click();
  await page.waitForURL((url) => /^\/bookings-grid\/\d+$/.test(url.pathname));
  await theirs.waitFor();
  await expect.poll(() => row.getByRole('button', { name: /, 10:00 – 11:30/ }).count()).toBe(0);

  // A day that does not exist in the address: the refusal, and a way back to today.
  const gridPath = new URL(page.url()).pathname;
  await page.goto(`${new URL(page.url()).origin}${gridPath}?date=2026-02-30`);
  // spec §8: the server's refusal shows in the warning modal first (GET grid does not swallow its
  // errors); once it is dismissed the screen still says it, with the way back.
  const warning = page.getByRole('dialog', { name: 'Warning' });
  await warning.getByText('The date is not valid.').waitFor();
  await warning.getByRole('button', { name: 'OK' }).click();
  await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
  await page.getByText('The date is not valid.').waitFor();
  await page.getByRole('button', { name: 'Show today' }).click();
  await page.getByRole('application', { name: 'Free time of Desk 1.01' }).waitFor();
  expect(new URL(page.url()).searchParams.get('date')).toBeNull();

  expect(problems).toEqual([]);
}
