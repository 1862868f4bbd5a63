import { buildSync } from 'esbuild';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';

export const OFFICE_JS_URL = 'https://appsforoffice.microsoft.com/lib/1/hosted/office.js';

export interface FakeMeeting {
  subject: string;
  start: string;
  end: string;
  location?: string;
  requiredAttendees?: { name: string; email: string }[];
  optionalAttendees?: { name: string; email: string }[];
}

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

/** Answers the page's office.js CDN request with the fake host holding this meeting. */
export async function serveFakeOffice(page: Page, meeting: FakeMeeting): Promise<void> {
  const full = { location: '', requiredAttendees: [], optionalAttendees: [], ...meeting };
  const body = `window.__FAKE_OFFICE_MEETING__ = ${JSON.stringify(full)};\n${fakeHostScript()}`;
  await page.route(OFFICE_JS_URL, (route) =>
    route.fulfill({ status: 200, contentType: 'application/javascript', body }),
  );
}
