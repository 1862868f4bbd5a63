import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { calendarDateIn } from '../../src/shared/time/calendar-date';
import { addDays, zonedInstant } from '../../src/shared/time/zone';
import { newContext, seriousAxeViolations, watchPageProblems } from '../support/browser';
import { apiCall, signedIn, storedToken, useServerAndBrowser } from './journeys';

/**
 * Issue 47 (real-time maps and cleaning), in the browser against the real server. The test owns the
 * server's clock (test/support/shifted-clock.ts): a booking of tomorrow morning has ended once the
 * clock reads tomorrow's late morning. Waits are generous: CI machines are slower.
 */
const stage = useServerAndBrowser({}, { clock: true });
const API = '/api/company/v1';
const ZONE = 'Europe/Zurich';
const TOMORROW = addDays(calendarDateIn(ZONE), 1);
const at = (hours: number, minutes = 0) => zonedInstant(TOMORROW, hours * 60 + minutes, ZONE);
const slot = (from: number, to: number) => ({
  datetime_from: at(from).toISOString(),
  datetime_to: at(to).toISOString(),
});
const PATIENCE = { timeout: 60_000 };

interface Placed {
  id: number;
  name: string;
  map_x: number | null;
  map_level_id: number | null;
}

/** Floor 1, its map's name, and its desks drawn on that map. */
async function floorOne(page: Page) {
  const levels = await apiCall<{ data: Array<{ id: number; path: string; map_id: number | null }> }>(
    page,
    'GET',
    `${API}/levels/all?depth=ALL`,
  );
  const floor = levels.data.find((level) => level.path.endsWith('Floor 1') && level.map_id !== null)!;
  const map = await apiCall<{ name: string }>(page, 'GET', `${API}/maps/${floor.map_id}`);
  const resources = await apiCall<{ data: Placed[] }>(page, 'GET', `${API}/levels/${floor.id}/resources/all`);
  const desks = resources.data.filter(
    (resource) =>
      /desk/i.test(resource.name) && resource.map_x !== null && resource.map_level_id === floor.id,
  );
  return { floor, mapName: map.name, desks };
}

/** POST declarations as the page's user: the status and the message, refusals included. */
async function book(page: Page, resourceId: number, from: number, to: number) {
  const token = await storedToken(page);
  return page.evaluate(
    async ({ token, body }) => {
      const response = await fetch('/api/company/v1/declarations', {
        method: 'POST',
        headers: {
          Accept: 'application/json',
          'Content-Type': 'application/json',
          Authorization: `Bearer ${token}`,
          Subdomain: 'acme',
        },
        body: JSON.stringify(body),
      });
      const answer = (await response.json()) as { data: Array<{ id: number }> | { message: string } };
      return { status: response.status, answer };
    },
    { token, body: { resource_id: resourceId, slots: [slot(from, to)] } },
  );
}

const setCleanBeforeBooking = (page: Page, value: '0' | '1') =>
  apiCall(page, 'PUT', `${API}/company-preferences/CleanBeforeBooking`, { value });

describe('issue 47: real-time maps and cleaning', () => {
  it('the cleaner marks a used desk cleaned on the map (keyboard), and it becomes bookable again', async () => {
    await stage.server().setClock(at(8));
    const admin = await signedIn(stage, 'admin@acme.test');
    const { desks, mapName } = await floorOne(admin.page);
    const desk = desks[0]!;
    // The company makes used places wait for their cleaning.
    await setCleanBeforeBooking(admin.page, '1');
    try {
      // Booked this morning 9–10 and used: checked in at 9:05 (not released by auto-release).
      const employee = await signedIn(stage, 'employee@acme.test');
      const booked = await book(employee.page, desk.id, 9, 10);
      expect(booked.status).toBe(201);
      await stage.server().setClock(at(9, 5));
      const arrived = await signedIn(stage, 'employee@acme.test');
      const bookingId = (booked.answer.data as Array<{ id: number }>)[0]!.id;
      await apiCall(arrived.page, 'POST', `${API}/declarations/${bookingId}/check-in`, {});

      // At 10:30 the booking is over: the desk awaits cleaning, and cannot be booked.
      await stage.server().setClock(at(10, 30));
      const later = await signedIn(stage, 'employee@acme.test');
      const refused = await book(later.page, desk.id, 11, 12);
      expect(refused).toMatchObject({
        status: 409,
        answer: {
          data: {
            message:
              'This resource has been used since it was last cleaned: it can be booked again once it is cleaned.',
          },
        },
      });

      // The cleaner (the administrator holds CLEAN) opens the cleaning map of Floor 1.
      const cleaner = await signedIn(stage, 'admin@acme.test');
      const page = cleaner.page;
      const problems = watchPageProblems(page);
      await page.goto(`${stage.server().companyUrl('acme')}/clean/map`);
      await page
        .getByText('These resources cannot be booked until they are marked cleaned.')
        .waitFor(PATIENCE);
      const chooser = page.getByRole('combobox', { name: 'Floor map' });
      if (await chooser.count()) await chooser.selectOption({ label: mapName });
      const marker = page.locator(`[data-resource-id="${desk.id}"]`);
      await marker.waitFor(PATIENCE);
      expect(await marker.getAttribute('aria-label')).toContain('awaits cleaning');
      expect(await seriousAxeViolations(page)).toEqual([]);
      await marker.focus();
      await page.keyboard.press('Enter');
      await page.getByText(`${desk.name} is marked cleaned at`).waitFor(PATIENCE);
      await marker.waitFor({ state: 'detached', ...PATIENCE });
      expect(problems).toEqual([]);

      // The list no longer names it, and the employee can book it again.
      await page.goto(`${stage.server().companyUrl('acme')}/clean`);
      await page.getByRole('link', { name: 'Show on the floor maps' }).waitFor(PATIENCE);
      expect(await page.getByRole('button', { name: `Mark cleaned: ${desk.name}` }).count()).toBe(0);
      expect((await book(later.page, desk.id, 11, 12)).status).toBe(201);
      await Promise.all([
        admin.context.close(),
        employee.context.close(),
        arrived.context.close(),
        later.context.close(),
        cleaner.context.close(),
      ]);
    } finally {
      // with a session of the clock's present (the first one's token may have expired meanwhile)
      const reset = await signedIn(stage, 'admin@acme.test');
      await setCleanBeforeBooking(reset.page, '0');
      await reset.context.close();
    }
  });

  it('a wall screen without a session changes colour on a check-in elsewhere, and stops when realtime is switched off', async () => {
    await stage.server().setClock(at(13, 10));
    const admin = await signedIn(stage, 'admin@acme.test');
    const employee = await signedIn(stage, 'employee@acme.test');
    const { desks, mapName } = await floorOne(admin.page);
    // the first journey's desk: the employee may hold one place a day (their PLAN limit)
    const desk = desks[0]!;
    const booked = await book(employee.page, desk.id, 13, 14);
    expect(booked.status).toBe(201);
    const bookingId = (booked.answer.data as Array<{ id: number }>)[0]!.id;

    // The administrator switches real-time on for Floor 1's map and gets the wall screen's link.
    const base = stage.server().companyUrl('acme');
    await admin.page.goto(`${base}/real-time`);
    const row = admin.page.getByRole('listitem').filter({ hasText: mapName });
    await row.getByRole('switch', { name: 'Real-time for wall screens' }).click();
    const linkField = row.getByTestId('wall-link');
    await linkField.waitFor(PATIENCE);
    const link = await linkField.inputValue();
    expect(link).toMatch(/\/real-time-wall\/[\w-]{22}$/);
    expect(await seriousAxeViolations(admin.page)).toEqual([]);

    // The wall screen: another browser, nobody signed in.
    const wall = await newContext(stage.browser());
    const screen = await wall.newPage();
    const problems = watchPageProblems(screen);
    await screen.goto(link);
    const marker = screen.locator(`[data-resource-id="${desk.id}"]`);
    await expect.poll(() => marker.getAttribute('aria-label'), PATIENCE).toBe(`${desk.name}: Booked`);
    const bookedColour = await marker.evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(await storedToken(screen)).toBeNull();
    expect(await seriousAxeViolations(screen)).toEqual([]);

    // The employee checks in elsewhere: the wall's marker turns to "checked in", in another colour.
    await apiCall(employee.page, 'POST', `${API}/declarations/${bookingId}/check-in`, {});
    await expect.poll(() => marker.getAttribute('aria-label'), PATIENCE).toBe(`${desk.name}: Checked in`);
    expect(await marker.evaluate((element) => getComputedStyle(element).backgroundColor)).not.toBe(
      bookedColour,
    );

    // On a phone-sized screen it still fits.
    await screen.setViewportSize({ width: 360, height: 640 });
    expect(await screen.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // Real-time switched off: the wall stops showing the map and says why.
    await row.getByRole('switch', { name: 'Real-time for wall screens' }).click();
    await screen.getByText('This wall screen has stopped.').waitFor(PATIENCE);
    await screen.getByText(/real-time was switched off for it/).waitFor(PATIENCE);
    expect(await marker.count()).toBe(0);
    expect(problems.filter((problem) => !/404/.test(problem))).toEqual([]);
    await Promise.all([wall.close(), admin.context.close(), employee.context.close()]);
  });
});
