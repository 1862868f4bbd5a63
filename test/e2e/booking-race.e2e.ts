import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { calendarDateIn } from '../../src/shared/time/calendar-date';
import { addDays, isoWeekday } from '../../src/shared/time/zone';
import { newContext, watchPageProblems } from '../support/browser';
import { logIn, useServerAndBrowser } from './journeys';

/**
 * Issue 5 acceptance: two browsers book the same desk and slot at once; exactly one succeeds, the
 * other shows the conflict message; a third browser's open map turns the desk occupied without a
 * reload (the 'declaration changed' event over the WebSocket).
 */
const stage = useServerAndBrowser();
const ZONE = 'Europe/Zurich';
const DESK = 'Desk 1.07';
const SLOT = '10:00–11:00';

/** The next Monday-to-Friday day after today in acme's zone. */
function nextWorkday(): string {
  let date = addDays(calendarDateIn(ZONE), 1);
  while (isoWeekday(date) > 5) date = addDays(date, 1);
  return date;
}

interface Browser {
  context: BrowserContext;
  page: Page;
  problems: string[];
}

async function signedIn(email: string): Promise<Browser> {
  const context = await newContext(stage.browser());
  const page = await context.newPage();
  const problems = watchPageProblems(page);
  await page.goto(`${stage.server().companyUrl('acme')}/login`);
  await logIn(page, email);
  await page.waitForURL((url) => url.pathname !== '/login');
  return { context, page, problems };
}

/** The floor's map for the day with the slot chosen, the desk's marker on it. */
async function openMap({ page }: Browser, floorId: string, date: string) {
  await page.goto(`${stage.server().companyUrl('acme')}/plan/${floorId}/resources/slots`);
  await page.getByLabel('Slot type').selectOption('hours');
  await page.getByLabel('Date').fill(date);
  await page.getByRole('button', { name: new RegExp(`^${SLOT}\\s*, Free`) }).click();
  await page.getByRole('button', { name: 'Map' }).click();
  await page.waitForURL((url) => url.pathname.endsWith('/slots/maps'));
  const marker = (state: string) =>
    page.getByRole('button', { name: new RegExp(`^${DESK.replace('.', '\\.')}, \\d+% booked, ${state}$`) });
  await marker('Free').waitFor();
  return marker;
}

/** Waits for the page to say how its booking went: booked, or refused with the server's message. */
async function outcome(page: Page): Promise<{ booked: boolean; message: string }> {
  const booked = page.getByText(`${DESK} is booked for ${SLOT}.`);
  const refused = page.getByRole('alert').filter({ hasText: DESK });
  await booked.or(refused).first().waitFor();
  if (await booked.isVisible()) return { booked: true, message: (await booked.textContent()) ?? '' };
  return { booked: false, message: (await refused.first().textContent()) ?? '' };
}

describe('issue 5 acceptance: one desk, one slot, two browsers at once', () => {
  it('books it for exactly one; the other is told why; a third open map shows it occupied at once', async () => {
    const date = nextWorkday();
    // The employee lands on the plan's default level, Floor 1, and keeps its map open.
    const watcher = await signedIn('employee@acme.test');
    await watcher.page.waitForURL((url) => /^\/plan\/\d+/.test(url.pathname));
    const floorId = /^\/plan\/(\d+)/.exec(new URL(watcher.page.url()).pathname)![1]!;
    const watched = await openMap(watcher, floorId, date);
    await watcher.page.evaluate(() => {
      (window as unknown as { sameDocument: boolean }).sameDocument = true;
    });

    // Two browsers of the administrator ask for the same desk and hour at the same moment.
    const first = await signedIn('admin@acme.test');
    const second = await signedIn('admin@acme.test');
    const markers = await Promise.all([openMap(first, floorId, date), openMap(second, floorId, date)]);
    // Markers answer Enter as a click does (the map's keyboard path; the pointer may land on a neighbour).
    for (const [index, marker] of markers.entries()) {
      await marker('Free').focus();
      await [first, second][index]!.page.keyboard.press('Enter');
    }
    const confirms = [first, second].map(({ page }) => page.getByRole('group', { name: 'Book' }));
    await Promise.all(confirms.map((dialog) => dialog.getByText(`Book ${DESK} for ${SLOT}?`).waitFor()));
    await Promise.all(
      confirms.map((dialog) => dialog.getByRole('button', { name: 'Book', exact: true }).click()),
    );

    const results = await Promise.all([outcome(first.page), outcome(second.page)]);
    expect(results.filter((result) => result.booked)).toHaveLength(1);
    const refusal = results.find((result) => !result.booked)!;
    // spec: an overlap answers 409 with a message naming the resource and the slot.
    expect(refusal.message).toContain(`${DESK} is already booked from 10:00 to 11:00.`);

    // The employee's map turns the desk occupied, without a reload.
    await watched('Occupied').waitFor();
    expect(
      await watcher.page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument),
    ).toBe(true);

    expect(watcher.problems).toEqual([]);
    for (const browser of [first, second])
      expect(browser.problems.filter((problem) => !/409|Conflict/.test(problem))).toEqual([]);
    await Promise.all([watcher, first, second].map(({ context }) => context.close()));
  });
});
