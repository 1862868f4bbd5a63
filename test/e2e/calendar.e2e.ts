import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { wallClockAt } from '../../src/shared/time/zone';
import { seriousAxeViolations, watchPageProblems } from '../support/browser';
import { apiCall, signedIn, useServerAndBrowser } from './journeys';

const stage = useServerAndBrowser();
const API = '/api/company/v1';
/** Not the browser's zone (newContext runs it in Europe/Zurich): the grid must use the level's. */
const LEVEL_ZONE = 'America/New_York';

/** The administrator adds a floor in New York, open all day, with one desk. */
async function givenNewYorkDesk(admin: Page, name: string): Promise<number> {
  const session = await apiCall<{ company: { language_id: number } }>(admin, 'GET', `${API}/initial-data`);
  const translations = (text: string) => [{ language_id: session.company.language_id, name: text }];
  const floor = await apiCall<{ id: number }>(admin, 'POST', `${API}/levels`, {
    parent_id: null,
    kind: 'floor',
    timezone: LEVEL_ZONE,
    working_hours_from: '00:00',
    working_hours_to: '23:59',
    is_declarable: true,
    translations: translations('New York office'),
  });
  const types = await apiCall<{ data: { id: number; key: string }[] }>(
    admin,
    'GET',
    `${API}/resource-types/all`,
  );
  const desk = types.data.find((type) => type.key === 'desk') ?? types.data[0]!;
  const created = await apiCall<{ id: number }>(admin, 'POST', `${API}/resources`, {
    level_id: floor.id,
    resource_type_id: desk.id,
    translations: translations(name),
  });
  return created.id;
}

interface Slot {
  from: string;
  datetime_from: string;
  datetime_to: string;
  available: boolean;
}

/** The employee books the hour starting at `from` (the level's clock) on `date`, as the plan does. */
async function book(employee: Page, deskId: number, date: string, from: string): Promise<number> {
  const day = await apiCall<{ slots: Slot[] }>(
    employee,
    'GET',
    `${API}/plan/slots/resource/${deskId}?date=${date}&slot_type=hours`,
  );
  const slot = day.slots.find((candidate) => candidate.from === from && candidate.available);
  if (!slot) throw new Error(`no free ${from} slot on ${date}`);
  const created = await apiCall<{ data: { id: number }[] }>(employee, 'POST', `${API}/declarations`, {
    resource_id: deskId,
    slots: [{ datetime_from: slot.datetime_from, datetime_to: slot.datetime_to }],
  });
  return created.data[0]!.id;
}

describe('spec §2 Plan /calendar: the user’s bookings', () => {
  it('shows bookings made through the API on their day and hour in the level’s zone; one opened and cancelled disappears', async () => {
    const admin = await signedIn(stage, 'admin@acme.test');
    const deskId = await givenNewYorkDesk(admin.page, 'Desk NY-1');
    await admin.context.close();

    const { context, page } = await signedIn(stage, 'employee@acme.test');
    const problems = watchPageProblems(page);
    // Tomorrow on the level's clock, so every hour of it is still bookable.
    const tomorrow = wallClockAt(new Date(Date.now() + 24 * 3_600_000), LEVEL_ZONE).date;
    await book(page, deskId, tomorrow, '09:00');
    await book(page, deskId, tomorrow, '14:00');

    await page.goto(`${stage.server().companyUrl('acme')}/calendar?view=day&date=${tomorrow}`);
    const morning = page.getByRole('button', { name: /09:00 – 10:00.*Desk NY-1/ });
    const afternoon = page.getByRole('button', { name: /14:00 – 15:00.*Desk NY-1/ });
    await morning.waitFor();
    await afternoon.waitFor();
    // The zone is stated on the booking, and it sits on the grid's 09:00 line, not Zurich's 15:00.
    await expect.poll(() => morning.textContent()).toContain(`${LEVEL_ZONE} time`);
    const nineOClock = page.locator('.rbc-time-gutter .rbc-timeslot-group', { hasText: /^09:00$/ });
    const morningBox = await morning.boundingBox();
    const nineBox = await nineOClock.boundingBox();
    expect(Math.abs(morningBox!.y - nineBox!.y)).toBeLessThan(3);
    expect(await seriousAxeViolations(page)).toEqual([]);

    // The month shows it on its day, with its start time.
    await page.getByRole('button', { name: 'Month', exact: true }).click();
    const dayCell = page.locator('.rbc-month-row .rbc-row-content', { hasText: '09:00 Desk NY-1' });
    await dayCell.first().waitFor();
    await page.getByRole('button', { name: 'Day', exact: true }).click();

    // Opened from the keyboard, the morning booking is cancelled from its panel.
    await morning.focus();
    await page.keyboard.press('Enter');
    const panel = page.getByRole('region', { name: 'Desk NY-1' });
    await panel.waitFor();
    await expect.poll(() => panel.textContent()).toContain('09:00 – 10:00');
    await expect.poll(() => panel.textContent()).toContain('New York office');
    expect(await seriousAxeViolations(page)).toEqual([]);
    // Escape closes it and gives the focus back to the booking; Enter opens it again.
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
    await expect.poll(() => morning.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await panel.getByRole('button', { name: 'Cancel booking' }).click();
    await panel.getByRole('button', { name: 'Yes, cancel it' }).click();
    await panel.waitFor({ state: 'detached' });
    await morning.waitFor({ state: 'detached' });
    // The other booking stays, and the page is whole again for assistive technology once the panel
    // has closed (no modal aria-hidden left behind).
    await afternoon.waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    expect(problems).toEqual([]);
    await context.close();
  });
});
