import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { calendarDateIn } from '../../src/shared/time/calendar-date';
import { addDays, isoWeekday } from '../../src/shared/time/zone';
import { PATIENCE_MS, watchPageProblems } from '../support/browser';
import { logIn, openPlanLevel, useServerAndBrowser } from './journeys';

const stage = useServerAndBrowser();

/** The next Monday-to-Friday day in acme's zone, where the demo desks are open. */
function nextWorkday(): string {
  let date = addDays(calendarDateIn('Europe/Zurich'), 1);
  while (isoWeekday(date) > 5) date = addDays(date, 1);
  return date;
}

const slotButton = (page: Page, time: string, state: string) =>
  page.getByRole('button', { name: new RegExp(`^${time}\\s*,\\s*${state}`) });

const qrDrawn = (page: Page, desk: string) =>
  page
    .getByRole('img', { name: `QR code of the pass for ${desk}` })
    .evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)
    .catch(() => false);

describe('on a phone, installed as an app (360×640)', () => {
  it('is installable: the page names its web app manifest, served with its icon', async () => {
    const base = stage.server().companyUrl('acme');
    const context = await stage.browser().newContext({ viewport: { width: 360, height: 640 } });
    const page = await context.newPage();
    await page.goto(`${base}/login`);
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    const manifest = await page.evaluate(async (url) => (await fetch(url)).json(), href!);
    expect(manifest).toMatchObject({ name: 'Workplace', start_url: '/', display: 'standalone' });
    const icon = await page.evaluate(
      async (url) => (await fetch(url)).headers.get('content-type'),
      manifest.icons.at(-1).src as string,
    );
    expect(icon).toBe('image/png');
    await context.close();
  });

  it('signs in, books a desk on the map, and shows its pass with the QR code', async () => {
    const base = stage.server().companyUrl('acme');
    const context = await stage.browser().newContext({
      viewport: { width: 360, height: 640 },
      isMobile: true,
      hasTouch: true,
      locale: 'en-GB',
      timezoneId: 'Europe/Zurich',
    });
    context.setDefaultTimeout(PATIENCE_MS);
    context.setDefaultNavigationTimeout(PATIENCE_MS);
    const page = await context.newPage();
    const problems = watchPageProblems(page);
    await page.goto(`${base}/login`);
    await logIn(page, 'employee@acme.test');
    await page.waitForURL((url) => url.pathname !== '/login');
    // The service worker controls the page from now on.
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

    // The map: a level slot, the map, a desk's marker.
    await openPlanLevel(page, base, 'Floor 2');
    await page.waitForURL((url) => /^\/plan\/\d+\/resources$/.test(url.pathname));
    const floorId = /^\/plan\/(\d+)/.exec(new URL(page.url()).pathname)![1];
    await page.goto(`${base}/plan/${floorId}/resources/slots`);
    await page.getByLabel('Date').fill(nextWorkday());
    await slotButton(page, '14:00–15:00', 'Free').click();
    await page.getByRole('button', { name: 'Map' }).click();
    await page.waitForURL((url) => url.pathname === `/plan/${floorId}/resources/slots/maps`);
    const marker = page.getByRole('button', { name: /^Desk 2\.04, \d+% booked, Free$/ });
    await marker.waitFor();
    await marker.focus();
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('group', { name: 'Book' });
    await confirm.getByRole('button', { name: 'Book', exact: true }).click();
    await page.getByText('Desk 2.04 is booked for 14:00–15:00.').waitFor();

    // The pass, once online.
    await page.goto(`${base}/pass`);
    await page.getByRole('link', { name: 'Pass for Desk 2.04' }).click();
    await page.waitForURL((url) => /^\/pass\/\d+$/.test(url.pathname));
    await expect.poll(() => qrDrawn(page, 'Desk 2.04')).toBe(true);

    expect(
      problems.filter((problem) => !/Failed to fetch|ERR_INTERNET_DISCONNECTED|WebSocket/i.test(problem)),
    ).toEqual([]);
    await context.close();
  });
});
