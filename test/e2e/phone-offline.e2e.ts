import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { calendarDateIn } from '../../src/shared/time/calendar-date';
import { addDays, isoWeekday } from '../../src/shared/time/zone';
import { PATIENCE_MS, watchPageProblems } from '../support/browser';
import { logIn, openPlanLevel, storedToken, useServerAndBrowser } from './journeys';

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

/** The pass as it is shown at the door: its desk, its time and its QR code, drawn. */
async function expectPass(page: Page, desk: string, time: string): Promise<void> {
  await page.getByRole('heading', { name: desk, exact: true, level: 2 }).waitFor();
  await page.getByText(time, { exact: true }).waitFor();
  await expect.poll(() => qrDrawn(page, desk)).toBe(true);
}

/** From the list of passes to the pass, as a person taps through. */
async function openPassFromList(page: Page, base: string, desk: string): Promise<void> {
  await page.goto(`${base}/pass`);
  await page.getByRole('link', { name: `Pass for ${desk}` }).click();
  await page.waitForURL((url) => /^\/pass\/\d+$/.test(url.pathname));
}

/** The token with its expiry moved into the past: the app opened the next morning, the hour gone. */
const runOut = (token: string) => {
  const [head, payload, signature] = token.split('.');
  const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as { exp: number };
  const past = { ...claims, exp: Math.floor(Date.now() / 1000) - 60 };
  return [head, Buffer.from(JSON.stringify(past)).toString('base64url'), signature].join('.');
};

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

  it('signs in, books a desk on the map, and shows its pass with the QR code, online and offline', async () => {
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
    // The installed app: its service worker controls the page from the sign-in on.
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await logIn(page, 'employee@acme.test');
    await page.waitForURL((url) => url.pathname !== '/login');
    // The sign-in's answer was the session's data; it is asked for once more for the worker to keep,
    // so that the app opens without a connection even when it was never reloaded since.
    await expect
      .poll(() =>
        page.evaluate(async () =>
          Boolean(await caches.match('/api/company/v1/initial-data', { ignoreSearch: true })),
        ),
      )
      .toBe(true);

    // The map: a level slot, the map, a desk's marker.
    await openPlanLevel(page, base, 'Floor 2');
    await page.waitForURL((url) => /^\/plan\/\d+\/resources$/.test(url.pathname));
    const floorId = /^\/plan\/(\d+)/.exec(new URL(page.url()).pathname)![1];
    await page.goto(`${base}/plan/${floorId}/resources/slots`);
    const date = nextWorkday();
    await page.getByLabel('Date').fill(date);
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
    const [year, month, day] = date.split('-').map(Number);
    const time = `${day}.${month}.${year} 14:00–15:00`;
    await openPassFromList(page, base, 'Desk 2.04');
    await expectPass(page, 'Desk 2.04', time);

    // At the door without a connection: the network cut in the browser context, the service
    // worker's own fetches too. The worker answers from what it kept: the page, the pass screen's
    // scripts, the session's data, the pass and its QR code.
    await context.setOffline(true);
    await page.reload();
    await expectPass(page, 'Desk 2.04', time);
    await openPassFromList(page, base, 'Desk 2.04');
    await expectPass(page, 'Desk 2.04', time);

    // The next morning the token has run out: its refresh gets no answer, which does not end the
    // session (only the server's refusal does); the kept pass still shows.
    const token = (await storedToken(page))!;
    const expired = runOut(token);
    await page.evaluate((value) => localStorage.setItem('atApp', value), expired);
    await openPassFromList(page, base, 'Desk 2.04');
    await expectPass(page, 'Desk 2.04', time);
    expect(await storedToken(page)).toBe(expired);

    // Back online (with the real token again), the pass is read from the server.
    await page.evaluate((real) => localStorage.setItem('atApp', real), token);
    await context.setOffline(false);
    await page.reload();
    await expectPass(page, 'Desk 2.04', time);

    expect(
      problems.filter((problem) => !/Failed to fetch|ERR_INTERNET_DISCONNECTED|WebSocket/i.test(problem)),
    ).toEqual([]);
    await context.close();
  });
});
