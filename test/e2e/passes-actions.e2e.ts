import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousAxeViolations, watchPageProblems } from '../support/browser';
import { apiCall, expectPath, signedIn, useServerAndBrowser } from './journeys';

const stage = useServerAndBrowser();
const API = '/api/company/v1';

/**
 * A floor open around the clock with one desk (the administrator makes it through the API), so the
 * journey can book the slot running now whatever the hour, and check in at once: no clock to fake.
 */
async function givenDeskOpenNow(admin: Page, name: string): Promise<number> {
  const session = await apiCall<{ company: { language_id: number } }>(admin, 'GET', `${API}/initial-data`);
  const translations = (text: string) => [{ language_id: session.company.language_id, name: text }];
  const floor = await apiCall<{ id: number }>(admin, 'POST', `${API}/levels`, {
    parent_id: null,
    kind: 'floor',
    timezone: 'Europe/Zurich',
    working_hours_from: '00:00',
    working_hours_to: '23:59',
    is_declarable: true,
    translations: translations(`Floor of ${name}`),
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

/** The employee books the slot running now (and the next one, when there is one) on the desk. */
async function bookNow(employee: Page, resourceId: number): Promise<number> {
  type Slot = { datetime_from: string; datetime_to: string; available: boolean };
  const { slots } = await apiCall<{ slots: Slot[] }>(
    employee,
    'GET',
    `${API}/plan/slots/resource/${resourceId}?slot_type=hours`,
  );
  const now = Date.now();
  const index = slots.findIndex(
    (slot) => Date.parse(slot.datetime_from) <= now && now < Date.parse(slot.datetime_to),
  );
  expect(index, 'a slot runs now').toBeGreaterThanOrEqual(0);
  const wanted = slots.slice(index, index + 2).filter((slot) => slot.available);
  const booked = await apiCall<{ data: { id: number }[] }>(employee, 'POST', `${API}/declarations`, {
    resource_id: resourceId,
    slots: wanted.map(({ datetime_from, datetime_to }) => ({ datetime_from, datetime_to })),
  });
  return booked.data[0]!.id;
}

async function expectAccessible(page: Page): Promise<void> {
  // Polled: a dialog fading in or out is briefly low-contrast.
  await expect.poll(() => seriousAxeViolations(page)).toEqual([]);
}

describe('space passes and booking actions (spec §2 /pass/{pass_id?}, /actions/{declaration_id})', () => {
  it('the employee finds today’s pass with its QR code, checks in from the booking’s actions, revokes the pass and checks out', async () => {
    const base = stage.server().companyUrl('acme');
    const admin = await signedIn(stage, 'admin@acme.test');
    const deskId = await givenDeskOpenNow(admin.page, 'Pass desk E2E');
    await admin.context.close();

    const { context, page } = await signedIn(stage, 'employee@acme.test');
    const problems = watchPageProblems(page);
    const bookingId = await bookNow(page, deskId);

    // /pass: my passes, today's first
    await page.goto(`${base}/pass`);
    const today = page.getByRole('region', { name: 'Today' });
    await today.getByRole('link', { name: 'Pass for Pass desk E2E' }).waitFor();
    await expect.poll(() => today.getByText('Valid now').first().isVisible()).toBe(true);
    await expectAccessible(page);

    // /pass/{id}: the pass itself, its QR code drawn large enough to scan
    await today.getByRole('link', { name: 'Pass for Pass desk E2E' }).click();
    await expectPath(page, `/pass/${bookingId}`);
    const qr = page.getByRole('img', { name: 'QR code of the pass for Pass desk E2E' });
    await qr.waitFor();
    await expect
      .poll(() => qr.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0))
      .toBe(true);
    expect((await qr.boundingBox())!.width).toBeGreaterThanOrEqual(240);
    await expectAccessible(page);

    // /actions/{id}: exactly the actions open now; check in
    await page.getByRole('link', { name: 'Check in, extend or cancel the booking' }).click();
    await expectPath(page, `/actions/${bookingId}`);
    await page.getByRole('heading', { name: 'Pass desk E2E' }).waitFor();
    const actions = page.getByRole('group', { name: 'Booking actions' });
    await actions.getByRole('button', { name: 'Check in' }).waitFor();
    await expect.poll(() => actions.getByRole('button', { name: 'Check out' }).count()).toBe(0);
    await expectAccessible(page);
    await actions.getByRole('button', { name: 'Check in' }).click();
    await page.getByText('You are checked in.').waitFor();
    await page.getByText('Status: Checked in').waitFor();
    await expect.poll(() => actions.getByRole('button', { name: 'Check in' }).count()).toBe(0);
    await expect.poll(() => actions.getByRole('button', { name: 'Cancel booking' }).count()).toBe(0);
    await actions.getByRole('button', { name: 'Check out' }).waitFor();
    await expectAccessible(page);

    // The pass is revoked after a confirmation; the booking stays checked in
    await page.getByRole('link', { name: 'Show the pass' }).click();
    await expectPath(page, `/pass/${bookingId}`);
    await page.getByRole('button', { name: 'Revoke pass' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Revoke this pass?' });
    await dialog.waitFor();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Revoke pass' }).click();
    await page.getByText('The pass is revoked. Your booking is unchanged.').waitFor();
    await page.getByText('This pass was revoked. The booking itself was not changed.').waitFor();
    await expect.poll(() => page.getByRole('img', { name: /QR code of the pass/ }).count()).toBe(0);
    await page.goto(`${base}/pass`);
    await page.getByText('You have no bookings to come, so no space passes.').waitFor();

    // Check-out, then to the plan (spec §4)
    await page.goto(`${base}/actions/${bookingId}`);
    await page.getByText('Status: Checked in').waitFor();
    await page.getByRole('button', { name: 'Check out' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/actions'));
    expect(new URL(page.url()).pathname).toMatch(/^\/plan(\/|$)/);

    expect(problems).toEqual([]);
    await context.close();
  });

  it('shows the server’s refusal when the booking changed meanwhile, and no action on someone else’s booking', async () => {
    const base = stage.server().companyUrl('acme');
    const admin = await signedIn(stage, 'admin@acme.test');
    const deskId = await givenDeskOpenNow(admin.page, 'Other desk E2E');
    const bookingId = await bookNow(admin.page, deskId);

    // the actions are on screen; the booking is cancelled elsewhere before the click
    await admin.page.goto(`${base}/actions/${bookingId}`);
    const checkIn = admin.page.getByRole('button', { name: 'Check in' });
    await checkIn.waitFor();
    await apiCall(admin.page, 'DELETE', `${API}/declarations/${bookingId}`);
    await checkIn.click();
    await admin.page
      .getByRole('alert')
      .filter({ hasText: 'Check-in opens 15 minutes before the start and closes at the end of the booking.' })
      .waitFor();
    await admin.page.getByText('Status: Cancelled').waitFor();
    await admin.page.getByText('No action is possible on this booking now.').waitFor();
    await expectAccessible(admin.page);
    await admin.context.close();

    // the employee may read others' bookings (BOOKINGS read) but not act on them
    const { context, page } = await signedIn(stage, 'employee@acme.test');
    await page.goto(`${base}/actions/${bookingId}`);
    await page.getByRole('heading', { name: 'Other desk E2E' }).waitFor();
    await page.getByText('No action is possible on this booking now.').waitFor();
    await page.goto(`${base}/actions/999999`);
    await page.getByText('This booking was not found.').waitFor();
    await expectAccessible(page);
    await context.close();
  });
});
