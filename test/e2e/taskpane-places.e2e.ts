import type { Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addDays } from '../../src/shared/time/zone';
import { newContext, seriousAxeViolations, watchPageProblems } from '../support/browser';
import { useServerAndBrowser } from './journeys';
import { at, monday, openPane } from './taskpane-journeys';

/**
 * Issue 41, what peers offer in the pane: a desk (or parking place) for the meeting day, booked by
 * the organiser from the pane at 320 px, from the keyboard, against the demo data.
 */
const stage = useServerAndBrowser();
const WIDTH = 320;

describe('issue 41: a desk for the meeting day, from the pane', () => {
  it('lists the day’s free desks only when asked, books one for the day and shows it booked', async () => {
    // a Tuesday no other journey books
    const date = addDays(monday(7), 1);
    const context = await newContext(stage.browser());
    const placesAsked: string[] = [];
    const page = await openPane(
      stage,
      context,
      { meeting: { subject: 'Workshop', start: at(date, 10), end: at(date, 12) } },
      true,
      WIDTH,
    );
    page.on('request', (request: Request) => {
      if (request.url().includes('/outlook/places')) placesAsked.push(request.method());
    });
    const problems = watchPageProblems(page);
    await page.getByTestId('room-list').waitFor();
    // the landing asks for rooms only
    expect(placesAsked).toEqual([]);

    const open = page.getByRole('button', { name: 'Desk or parking' });
    await open.focus();
    await page.keyboard.press('Enter');
    const places = page.getByRole('list', { name: /^Free places on / });
    await places.waitFor();
    await page.getByRole('heading', { name: /^A desk or parking place for / }).waitFor();
    expect(await page.getByRole('radio', { name: 'Desk' }).isChecked()).toBe(true);
    const first = places.getByRole('button', { name: /^Book .+ for / }).first();
    const label = (await first.getAttribute('aria-label'))!;
    const name = label.replace(/^Book /, '').replace(/ for .+$/, '');
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(WIDTH);

    // booked from the keyboard: the place is shown as booked, the list gone
    await first.focus();
    await page.keyboard.press('Enter');
    const booked = page.getByRole('region', { name });
    await booked.waitFor();
    await booked.getByText('Booked for you').waitFor();
    expect(await page.getByTestId('place-list').count()).toBe(0);
    expect(placesAsked).toEqual(['GET', 'POST']);
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(WIDTH);

    // the other kind, then back: the day's desk is still the one booked (asked again, not remembered)
    await page.getByRole('radio', { name: 'Parking' }).check();
    await page.getByRole('radio', { name: 'Desk' }).check();
    await booked.waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});
