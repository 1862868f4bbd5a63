import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Booking, BookingPreset, PresetResult } from '../../src/shared/contract/bookings';
import { wallClockAt, zonedInstant } from '../../src/shared/time/zone';
import { seriousAxeViolations, watchPageProblems } from '../support/browser';
import { apiCall, signedIn, useServerAndBrowser } from './journeys';

/**
 * Issue 7, booking on behalf of someone else (spec §7 host_id): with BOOKINGS create the booking
 * form offers "Booked for"; the employee finds a colleague by name, books for them, and the list
 * shows the colleague as the host. The server decides again (its own tests cover the 403 and 422).
 */
const stage = useServerAndBrowser();
const API = '/api/company/v1';
const ZONE = 'Europe/Zurich';
const tomorrow = wallClockAt(new Date(Date.now() + 24 * 3_600_000), ZONE).date;
const at = (hours: number) => zonedInstant(tomorrow, hours * 60, ZONE).toISOString();

/**
 * Opens the booking form on Floor 2's `deskName` tomorrow from `from` to `to` o'clock, with a preset
 * of that desk alone, as the select-slots screen leaves it (day, desk and slot chosen). Answers the
 * desk and the preset.
 */
async function openFormFor(page: Page, deskName: string, from: number, to: number) {
  const levels = await apiCall<{ data: Array<{ id: number; path: string }> }>(
    page,
    'GET',
    `${API}/levels/all?depth=ALL`,
  );
  const floor = levels.data.find((level) => level.path.endsWith('Floor 2'))!;
  const resources = await apiCall<{ data: Array<{ id: number; name: string }> }>(
    page,
    'GET',
    `${API}/levels/${floor.id}/resources/all`,
  );
  const desk = resources.data.find((resource) => resource.name === deskName)!;
  const preset = await apiCall<BookingPreset>(page, 'POST', `${API}/bookings/presets`, {
    name: `${deskName} tomorrow`,
    preset: { resources: [desk.id], date_period: { type: 'tomorrow' } },
  });
  const draft = new URLSearchParams({
    preset: String(preset.id),
    date: tomorrow,
    resource: String(desk.id),
    slots: `${at(from)}~${at(to)}`,
  });
  await page.goto(`${stage.server().companyUrl('acme')}/bookings/add?${draft}`);
  return { desk, preset };
}

describe('booking for someone else', () => {
  it('books a desk for a colleague chosen by name, who then hosts it', async () => {
    const { context, page } = await signedIn(stage, 'employee@acme.test');
    const problems = watchPageProblems(page);
    // The form with its day, desk and slot already chosen (as the select-slots screen leaves it).
    const { desk, preset } = await openFormFor(page, 'Desk 2.03', 9, 10);
    await page.getByText('You (Emil Employee)').waitFor();

    await page.getByRole('button', { name: 'Book for someone else' }).click();
    const search = page.getByRole('searchbox', { name: 'Search for the person it is for' });
    await search.fill('Ada');
    await page.getByRole('button', { name: 'Book for Ada Admin' }).click();
    await page.getByText('Ada Admin', { exact: true }).waitFor();
    // The choice lives in the address, like the rest of the draft: a reload keeps it.
    await page.reload();
    await page.getByText('Ada Admin', { exact: true }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Changing one's mind goes back to booking for oneself, and again to Ada from the keyboard.
    await page.getByRole('button', { name: 'Book for myself' }).click();
    await page.getByText('You (Emil Employee)').waitFor();
    await page.getByRole('button', { name: 'Book for someone else' }).press('Enter');
    await search.fill('admin@acme');
    await page.getByRole('button', { name: 'Book for Ada Admin' }).press('Enter');
    await page.getByText('Ada Admin', { exact: true }).waitFor();

    await page.getByRole('button', { name: 'Book', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/bookings');
    const table = page.getByRole('table', { name: 'Desk 2.03 tomorrow' });
    const row = table.getByRole('row').filter({ hasText: 'Desk 2.03' });
    await row.waitFor();
    expect(await row.textContent()).toContain('Ada Admin');

    const listed = await apiCall<PresetResult>(page, 'POST', `${API}/bookings/preset/${preset.id}`);
    const booking = listed.bookings.find((one) => one.resource.id === desk.id)!;
    const stored = await apiCall<Booking>(page, 'GET', `${API}/bookings/${booking.booking_id}`);
    expect(stored.host.name).toBe('Ada Admin');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('a delegate without BOOKINGS books for the person who delegated MY_BOOKINGS to them', async () => {
    // Emil delegates his bookings to Tom (who holds MY_BOOKINGS, not BOOKINGS) through the API.
    const emil = await signedIn(stage, 'employee@acme.test');
    const tom = await apiCall<{ data: Array<{ id: number; name: string }> }>(
      emil.page,
      'GET',
      `${API}/delegations/delegate-users?query=teammate`,
    );
    await apiCall(emil.page, 'POST', `${API}/delegations`, {
      delegate_id: tom.data[0]!.id,
      permissions: ['MY_BOOKINGS'],
    });
    await emil.context.close();

    const { context, page } = await signedIn(stage, 'teammate@acme.test');
    const problems = watchPageProblems(page);
    const { preset } = await openFormFor(page, 'Desk 2.04', 11, 12);
    await page.getByText('You (Tom Teammate)').waitFor();
    // Only the people who delegated to Tom are offered: there is no search over everyone.
    await page.getByRole('button', { name: 'Book for someone else' }).click();
    const offered = page.getByRole('region', { name: 'People you book for' });
    await offered.waitFor();
    expect(await offered.getByRole('button').allTextContents()).toEqual(['Book for Emil Employee']);
    expect(await page.getByRole('searchbox').count()).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await offered.getByRole('button', { name: 'Book for Emil Employee' }).click();
    await page.getByText('Emil Employee', { exact: true }).waitFor();

    await page.getByRole('button', { name: 'Book', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/bookings');
    // Tom's list shows Emil's booking (MY_BOOKINGS alone shows only one's own, and one's delegators').
    const row = page
      .getByRole('table', { name: 'Desk 2.04 tomorrow' })
      .getByRole('row')
      .filter({ hasText: 'Desk 2.04' });
    await row.waitFor();
    expect(await row.textContent()).toContain('Emil Employee');
    const listed = await apiCall<PresetResult>(page, 'POST', `${API}/bookings/preset/${preset.id}`);
    const stored = await apiCall<Booking>(page, 'GET', `${API}/bookings/${listed.bookings[0]!.booking_id}`);
    expect(stored.host.name).toBe('Emil Employee');
    expect(problems).toEqual([]);
    await context.close();
  });
});
