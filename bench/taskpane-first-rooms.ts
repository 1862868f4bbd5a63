// The Outlook task pane's first useful screen on loopback: from the request for taskpane.html until
// the first list of free rooms for the meeting is on screen, for a signed-in user (Office.js served
// by the fake host), median of several cold page loads (no HTTP cache). Also with Chromium's CPU
// throttled 4× (an ordinary laptop running Outlook). Target: under 500 ms (Microsoft's add-in
// load target); the pane's initial JavaScript size is bench/client-bundle.ts's.
import type { Browser, BrowserContext } from 'playwright-core';
import { launchBrowser } from '../test/support/browser';
import { serveFakeOffice, type FakeOfficeSetup } from '../test/support/fake-office';
import { startServer } from '../test/support/server-process';
import { addDays, wallClockAt, zonedInstant } from '../src/shared/time/zone';
import { browserIdle, firstDrawnAt, watchFirstDrawn } from './lib/first-drawn';
import { percentile, report } from './lib/report';

const RUNS = 7;
const FIRST_ROOM = '[data-testid="room-list"] li';
const ZONE = 'Europe/Zurich';
const tomorrow = addDays(wallClockAt(new Date(), ZONE).date, 1);
const setup: FakeOfficeSetup = {
  meeting: {
    subject: 'Bench meeting',
    start: zonedInstant(tomorrow, 10 * 60, ZONE).toISOString(),
    end: zonedInstant(tomorrow, 11 * 60, ZONE).toISOString(),
    requiredAttendees: [
      { name: 'Ada', email: 'ada@acme.test' },
      { name: 'Grace', email: 'grace@acme.test' },
    ],
  },
};

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/** Signs in once through the pane; later runs start from its stored session, as Outlook keeps it. */
async function signedInState(browser: Browser, paneUrl: string): Promise<StorageState> {
  const context = await browser.newContext({ locale: 'en-GB', timezoneId: ZONE });
  const page = await context.newPage();
  await serveFakeOffice(page, setup);
  await page.goto(paneUrl);
  await page.getByLabel('Email').fill('employee@acme.test');
  await page.getByLabel('Password').fill('demo1234');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByTestId('room-list').locator('li').first().waitFor({ timeout: 30_000 });
  const state = await context.storageState();
  await context.close();
  return state;
}

async function firstRooms(browser: Browser, paneUrl: string, state: StorageState, throttle: number) {
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const context = await browser.newContext({ locale: 'en-GB', timezoneId: ZONE, storageState: state });
    const page = await context.newPage();
    await page.setViewportSize({ width: 350, height: 800 });
    await serveFakeOffice(page, setup);
    if (throttle > 1) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
    }
    await watchFirstDrawn(page, FIRST_ROOM);
    await browserIdle(browser);
    await page.goto(paneUrl, { waitUntil: 'commit' });
    // From the navigation's start (the HTML request) to the frame that draws the first room.
    times.push(await firstDrawnAt(page, 30_000));
    await context.close();
  }
  return times.sort((a, b) => a - b);
}

const server = await startServer();
const browser = await launchBrowser();
try {
  const paneUrl = `${server.masterUrl}/taskpane.html`;
  const state = await signedInState(browser, paneUrl);
  const plain = await firstRooms(browser, paneUrl, state, 1);
  report('taskpane_first_rooms_p50', percentile(plain, 50), 'ms');
  report('taskpane_first_rooms_max', plain.at(-1)!, 'ms');
  const slow = await firstRooms(browser, paneUrl, state, 4);
  report('taskpane_first_rooms_cpu4x_p50', percentile(slow, 50), 'ms');
  report('taskpane_first_rooms_cpu4x_max', slow.at(-1)!, 'ms');
} finally {
  await browser.close();
  await server.stop();
}
