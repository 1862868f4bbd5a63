import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DISPLAY_RETRY_SECONDS } from '../../src/shared/devices/devices';
import { zonedInstant } from '../../src/shared/time/zone';
import { launchBrowser, newContext, seriousAxeViolations, watchPageProblems } from '../support/browser';
import { startServer, type RunningServer } from '../support/server-process';
import { logIn } from './journeys';

/**
 * Issue 47 acceptance, the room display: the administrator makes a display template, registers a
 * display for the room Eiger (its address shown once) and lets it book for the employee; the
 * display, on a 1280×800 tablet, books the room for 30 minutes from the keyboard, and the booking
 * shows on the employee's calendar; the server restarts and the display finds it again by itself.
 * The test owns the clock (server and browsers): a Tuesday morning. The server keeps its data in a
 * directory of its own, so that the restarted server is the same product with the same display.
 */
const ZONE = 'Europe/Zurich';
const DAY = '2027-03-09';
const ROOM = 'Eiger';
const at = (hours: number, minutes = 0) => zonedInstant(DAY, hours * 60 + minutes, ZONE);
/** The product retries every DISPLAY_RETRY_SECONDS (2 s) while the server is away; within 10 s on a
 * normal machine. The wait here is generous so that a CI machine three times slower passes too. */
const RECOVERY_PATIENCE_MS = 60_000;

let dataDir: string;
let server: RunningServer;
let browser: Browser;

const start = (port?: number) =>
  startServer(
    { DATABASE_URL: '', DATA_DIR: dataDir, ...(port ? { PORT: String(port) } : {}) },
    { clock: true },
  );

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'workplace-e2e-displays-'));
  cpSync(inject('seededDataDir'), dataDir, { recursive: true });
  [server, browser] = await Promise.all([start(), launchBrowser()]);
  await server.setClock(at(10, 1));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function clockedContext(instant: Date): Promise<BrowserContext> {
  const context = await newContext(browser);
  await context.clock.install({ time: instant });
  return context;
}

async function signedInPage(email: string): Promise<Page> {
  const page = await (await clockedContext(at(10, 1))).newPage();
  await page.goto(`${server.companyUrl('acme')}/login`);
  await logIn(page, email);
  await page.waitForURL((url) => url.pathname !== '/login');
  return page;
}

async function expectAxeClean(page: Page) {
  expect(await seriousAxeViolations(page)).toEqual([]);
}

describe('issue 47 acceptance: a room display books its room and recovers after a restart', () => {
  it('books Eiger for 30 minutes from the display; the booking is on the employee’s calendar; after a server restart the display comes back by itself', async () => {
    const base = server.companyUrl('acme');

    // The administrator makes the default display template and registers Eiger's display.
    const admin = await signedInPage('admin@acme.test');
    const adminProblems = watchPageProblems(admin);
    await admin.goto(`${base}/devices`);
    await admin.getByRole('status').filter({ hasText: 'No displays registered yet.' }).waitFor();
    await admin.getByRole('tab', { name: 'Templates' }).click();
    await admin.getByRole('button', { name: 'Add template' }).click();
    const templateDialog = admin.getByRole('dialog');
    await templateDialog.getByRole('textbox', { name: /^Name/ }).fill('Meeting room panel');
    await templateDialog.getByRole('combobox', { name: 'Colour' }).click();
    await admin.getByRole('option', { name: 'Teal' }).click();
    await templateDialog.getByRole('switch', { name: 'Default for new devices of this kind' }).check();
    await expectAxeClean(admin);
    await templateDialog.getByRole('button', { name: 'Save' }).click();
    await templateDialog.waitFor({ state: 'detached' });
    await admin.getByText('Meeting room panel').waitFor();

    await admin.getByRole('tab', { name: 'Displays' }).click();
    await admin.getByRole('button', { name: 'Register display' }).click();
    const deviceDialog = admin.getByRole('dialog');
    await deviceDialog.getByRole('textbox', { name: /^Name/ }).fill('Eiger door');
    const room = deviceDialog.getByRole('combobox', { name: /^Room or desk/ });
    await room.click();
    await room.pressSequentially(ROOM);
    await admin.getByRole('option', { name: new RegExp(`^${ROOM} \\(`) }).click();
    await deviceDialog.getByRole('button', { name: 'Register' }).click();
    // the address, shown once, with its QR code
    const shown = admin.getByRole('dialog', { name: 'Open this address on the display' });
    await shown.getByRole('img', { name: 'QR code of the address of Eiger door' }).waitFor();
    const displayUrl = (await shown.getByTestId('display-url').textContent())!;
    expect(displayUrl).toMatch(new RegExp(`^${base}/display/[A-Za-z0-9_-]{22}$`));
    await expectAxeClean(admin);
    await shown.getByRole('button', { name: 'Done' }).click();
    const row = admin.getByTestId('device').filter({ hasText: 'Eiger door' });
    await row.getByText('Never connected').waitFor();

    // It books for the employee.
    await admin.getByRole('link', { name: 'Device users' }).click();
    await admin.getByRole('status').filter({ hasText: 'Nobody: the display cannot book.' }).waitFor();
    await admin.getByRole('searchbox', { name: 'Find the account to book for' }).fill('Emil');
    await admin.getByRole('button', { name: 'Book for Emil Employee' }).click();
    await admin.getByRole('region', { name: 'Books for' }).getByText('Emil Employee').waitFor();
    await expectAxeClean(admin);

    // The tablet at Eiger's door opens the address: 1280×800, full screen.
    const tablet = await (await clockedContext(at(10, 1))).newPage();
    await tablet.setViewportSize({ width: 1280, height: 800 });
    const tabletProblems = watchPageProblems(tablet);
    await tablet.goto(displayUrl);
    await tablet.getByRole('heading', { name: ROOM, level: 1 }).waitFor();
    await tablet.getByText('The room is available.').waitFor();
    await expectAxeClean(tablet);
    // From the keyboard: Tab to “30 min” and press Enter.
    const thirty = tablet.getByRole('button', { name: '30 min' });
    for (
      let press = 0;
      press < 10 && !(await thirty.evaluate((el) => el === document.activeElement));
      press++
    )
      await tablet.keyboard.press('Tab');
    expect(await thirty.evaluate((el) => el === document.activeElement)).toBe(true);
    await tablet.keyboard.press('Enter');
    const outcome = tablet.locator('[aria-live="polite"]');
    await outcome.locator('div').first().waitFor();
    // the page's language's own clock (English: 10:30 AM)
    expect(await outcome.textContent()).toMatch(/^Booked until 10:30( AM)?\.$/);
    await tablet.getByRole('status').filter({ hasText: 'Busy until 10:30' }).waitFor();
    await tablet.getByText('Emil Employee').waitFor();
    await expectAxeClean(tablet);
    // the same page on a phone-sized screen keeps to its width
    await tablet.setViewportSize({ width: 360, height: 800 });
    expect(await tablet.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await tablet.setViewportSize({ width: 1280, height: 800 });

    // The devices list shows the display online (its heartbeat arrived).
    await admin.goto(`${base}/devices`);
    await admin.getByTestId('device').filter({ hasText: 'Eiger door' }).getByText('Online').waitFor();

    // The booking is the employee's, on their calendar like any other.
    const employee = await signedInPage('employee@acme.test');
    await employee.goto(`${base}/calendar?view=day&date=${DAY}`);
    await employee.getByRole('button', { name: new RegExp(`10:00 – 10:30.*${ROOM}`) }).waitFor();

    // The server restarts (same data, same address): the display says it reconnects, then is back.
    const port = server.port;
    await server.stop();
    await tablet.getByText('The connection is lost. Reconnecting…').waitFor();
    server = await start(port);
    await server.setClock(at(10, 3));
    const restartedAt = Date.now();
    await tablet
      .getByText('The connection is lost. Reconnecting…')
      .waitFor({ state: 'detached', timeout: RECOVERY_PATIENCE_MS });
    await tablet
      .getByRole('status')
      .filter({ hasText: 'Busy until 10:30' })
      .waitFor({ timeout: RECOVERY_PATIENCE_MS });
    // For the record (not a verdict): how long it took here; the product retries every
    // DISPLAY_RETRY_SECONDS while the server is away.
    console.info(
      `display recovered ${Date.now() - restartedAt} ms after the server listened again (retry every ${DISPLAY_RETRY_SECONDS} s)`,
    );

    expect(adminProblems).toEqual([]);
    expect(tabletProblems).toEqual([]);
  });
});
