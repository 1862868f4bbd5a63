import { buildSync } from 'esbuild';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Page } from 'playwright-core';
import type { FakeMeeting, FakeOfficeSetup, FakeOfficeState, FakeRecurrence } from './types';

export type { FakeMeeting, FakeOfficeSetup, FakeOfficeState, FakeRecurrence } from './types';

export const OFFICE_JS_URL = 'https://appsforoffice.microsoft.com/lib/1/hosted/office.js';

let compiled: string | null = null;

/** The fake host compiled for the browser once per test process. */
function fakeHostScript(): string {
  compiled ??= buildSync({
    entryPoints: [fileURLToPath(new URL('./fake-office-host.ts', import.meta.url))],
    bundle: true,
    write: false,
    format: 'iife',
    target: 'chrome120',
  }).outputFiles[0]!.text;
  return compiled;
}

/**
 * Answers the page's office.js CDN request with the fake host holding this meeting (a meeting, or
 * the whole set-up: client flavour and failures to inject). Given a context, its every page gets
 * it, the sign-in dialog's window included.
 */
export async function serveFakeOffice(
  page: Page | BrowserContext,
  setupOrMeeting: FakeOfficeSetup | FakeMeeting,
): Promise<void> {
  const setup: FakeOfficeSetup = 'meeting' in setupOrMeeting ? setupOrMeeting : { meeting: setupOrMeeting };
  const body = `window.__FAKE_OFFICE_SETUP__ = ${JSON.stringify(setup)};\n${fakeHostScript()}`;
  await page.route(OFFICE_JS_URL, (route) =>
    route.fulfill({ status: 200, contentType: 'application/javascript', body }),
  );
}

/** The test's hand on the fake Outlook of a page: read what the pane wrote, act as the user. */
export function outlookOf(page: Page) {
  return {
    state: () => page.evaluate(() => window.__fakeOffice!.state()) as Promise<FakeOfficeState>,
    moveMeeting: (start: string, end: string) =>
      page.evaluate(([from, to]) => window.__fakeOffice!.moveMeeting(from!, to!), [start, end]),
    changeRecurrence: (recurrence: FakeRecurrence | null) =>
      page.evaluate((next) => window.__fakeOffice!.changeRecurrence(next), recurrence),
    removeLocation: (emailOrName: string) =>
      page.evaluate((which) => window.__fakeOffice!.removeLocation(which), emailOrName),
    send: (functionName: string, times = 1) =>
      page.evaluate(([name, count]) => window.__fakeOffice!.send(name as string, count as number), [
        functionName,
        times,
      ] as const),
    discard: () => page.evaluate(() => window.__fakeOffice!.discard()),
  };
}
