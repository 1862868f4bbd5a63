import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { ServiceOrder } from '../../src/shared/contract/services';
import { calendarDateIn } from '../../src/shared/time/calendar-date';
import { addDays, wallClockAt, zonedInstant } from '../../src/shared/time/zone';
import { newContext, seriousAxeViolations, watchPageProblems } from '../support/browser';
import { apiCall, expectPath, logIn, signedIn, useServerAndBrowser } from './journeys';

/**
 * Issue 43, the resource's page a QR code opens (`/service/{code}`), on a phone (360 px): an
 * employee with a booking of a meeting room tomorrow orders coffee for it, follows the order, and
 * reports a problem with the room; the provider finds both, and marks the problem resolved.
 */
const stage = useServerAndBrowser();
const API = '/api/company/v1';
const ZONE = 'Europe/Zurich';
const WIDTH = 360;
const ROOM = 'Eiger';

async function expectAxeClean(page: Page) {
  expect(await seriousAxeViolations(page)).toEqual([]);
}

const fitsWidth = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(WIDTH);

/** Presses Tab until the focused element is the button named `name` (at most `limit` presses). */
async function tabTo(page: Page, name: string, limit = 15) {
  for (let press = 0; press < limit; press++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const element = document.activeElement;
      return element?.tagName === 'BUTTON' ? element.textContent?.trim() : null;
    });
    if (focused === name) return;
  }
  throw new Error(`Tab never reached the button “${name}”`);
}

/** A wall-clock time on the Zurich clock as the demo users read it (HH:mm). */
const clock = (instant: Date) => wallClockAt(instant, ZONE).time.slice(0, 5);

describe('issue 43: the resource’s page a QR code opens', () => {
  it('an employee with a booking of the room tomorrow orders coffee for it and reports a problem on a phone; the provider sees both', async () => {
    const base = stage.server().companyUrl('acme');
    const provider = await signedIn(stage, 'admin@acme.test');
    const employee = await signedIn(stage, 'employee@acme.test');
    const rooms = await apiCall<{ data: Array<{ id: number; name: string }> }>(
      employee.page,
      'GET',
      `${API}/scheduler/resources?capacity=2`,
    );
    const room = rooms.data.find((candidate) => candidate.name === ROOM)!;
    // The code printed on the room (what the employee's phone scans).
    const { code } = await apiCall<{ code: string }>(
      provider.page,
      'GET',
      `${API}/resources/${room.id}/qr-code`,
    );

    // The employee's booking of the room tomorrow 10:00–11:00: within the room's hours and the page's
    // 48 hours whatever the time the test runs.
    const start = zonedInstant(addDays(calendarDateIn(ZONE), 1), 10 * 60, ZONE);
    const end = new Date(start.getTime() + 3_600_000);
    const booked = await apiCall<{ data: Array<{ id: number }> }>(
      employee.page,
      'POST',
      `${API}/bookings/store`,
      {
        resource_id: room.id,
        slots: [{ datetime_from: start.toISOString(), datetime_to: end.toISOString() }],
      },
    );
    const bookingId = booked.data[0]!.id;

    // The employee's phone, signed in, scans the code on the room: the room's page opens.
    const { context, page } = employee;
    await page.setViewportSize({ width: WIDTH, height: 800 });
    const problems = watchPageProblems(page);
    await page.goto(`${base}/service/${code}`);
    await page.getByRole('heading', { name: ROOM, level: 2 }).waitFor();
    // what can be ordered here: the demo's catering and equipment
    const coffee = page.getByRole('spinbutton', { name: /^Coffee/ });
    await coffee.waitFor();
    await page.getByRole('spinbutton', { name: /^Extra screen/ }).waitFor();
    await page.getByText(/^With your booking /).waitFor();
    await expectAxeClean(page);
    await fitsWidth(page);

    // Coffee for 3, delivered half an hour into the booking; ordered from the keyboard.
    const delivery = new Date(start.getTime() + 30 * 60_000);
    const local = wallClockAt(delivery, ZONE);
    await coffee.fill('3');
    await page.getByText('Total: CHF 10.50').waitFor();
    await page.getByLabel(/^Delivery/).fill(`${local.date}T${local.time.slice(0, 5)}`);
    await page.getByLabel('Notes').fill('Oat milk, please');
    await page.getByLabel('Notes').focus();
    await tabTo(page, 'Order');
    await page.keyboard.press('Enter');
    const placed = page.getByTestId('order-placed');
    await placed.getByText(/^Your order \d+ is placed\.$/).waitFor();
    const orderId = Number(/(\d+)/.exec((await placed.textContent()) ?? '')![1]);

    // Among the employee's open orders of the room: the coffee, at the time chosen.
    const mine = page.getByRole('region', { name: 'Your orders here' });
    const row = mine.getByTestId('my-order').filter({ hasText: `Order ${orderId}` });
    await row.getByText('3 × Coffee').waitFor();
    expect(await row.textContent()).toContain(clock(delivery));
    await row.getByText('Requested').first().waitFor();
    await expectAxeClean(page);
    await fitsWidth(page);

    // A problem with the room: refused blank beside the field, then acknowledged.
    const report = page.getByRole('region', { name: 'Report a problem' });
    await report.getByRole('button', { name: 'Report' }).click();
    await report.getByText('This field is required.').waitFor();
    await report.getByRole('combobox', { name: 'Who can help' }).selectOption({ label: 'Equipment' });
    await report.getByRole('textbox', { name: /^What is wrong/ }).fill('The projector shows no picture.');
    await report.getByRole('button', { name: 'Report' }).click();
    await report
      .getByTestId('problem-sent')
      .getByText('Thank you: the problem is reported to the service team.')
      .waitFor();
    expect(await report.getByRole('textbox', { name: /^What is wrong/ }).inputValue()).toBe('');
    await expectAxeClean(page);
    await fitsWidth(page);

    // The provider's queue shows the order, with its booking, delivery and notes.
    const admin = provider.page;
    await admin.goto(`${base}/services`);
    const queued = admin.getByRole('link', { name: `Order ${orderId}: ${ROOM}` });
    await queued.waitFor();
    await expectAxeClean(admin);
    const order = await apiCall<ServiceOrder>(admin, 'GET', `${API}/services/orders/${orderId}`);
    expect(order).toMatchObject({
      declaration_id: bookingId,
      delivery_at: zonedInstant(local.date, toMinutes(local.time), ZONE).toISOString(),
      notes: 'Oat milk, please',
      status: 'requested',
      total_cents: 1050,
    });
    expect(order.items.map((item) => [item.name, item.quantity])).toEqual([['Coffee', 3]]);
    // The problem beside the orders, on the provider's phone: open, newest first, with who can help
    // and who reported it; marked resolved from the keyboard, it leaves the open list.
    await admin.setViewportSize({ width: WIDTH, height: 800 });
    const problemsTab = admin.getByRole('tab', { name: 'Problems reported (1)' });
    await problemsTab.click();
    const list = admin.getByRole('region', { name: 'Problems reported' });
    const problem = list.getByTestId('problem').filter({ hasText: 'The projector shows no picture.' });
    await problem.waitFor();
    const shown = (await problem.textContent()) ?? '';
    expect(shown).toContain(ROOM);
    expect(shown).toContain('Equipment');
    expect(shown).toMatch(/Reported by \S/);
    await expectAxeClean(admin);
    await fitsWidth(admin);
    const resolve = problem.getByRole('button', { name: /^Mark resolved: Eiger/ });
    await resolve.focus();
    await admin.keyboard.press('Enter');
    await list.getByText(`The problem with ${ROOM} is marked resolved.`).waitFor();
    await list.getByRole('status').getByText('No open problems.').waitFor();
    await admin.getByRole('tab', { name: 'Problems reported', exact: true }).waitFor();
    await expectAxeClean(admin);
    // the resolved ones on demand
    await list.getByRole('switch', { name: 'Show the resolved ones too' }).check();
    await problem.getByText(/^Resolved /).waitFor();
    expect(await problem.getByRole('button').count()).toBe(0);
    await expectAxeClean(admin);
    await fitsWidth(admin);

    // The provider confirms the order: the employee's page shows it live.
    await apiCall(admin, 'PUT', `${API}/services/orders/${orderId}/status/2`);
    await row.getByText('Confirmed').first().waitFor();
    expect(problems).toEqual([]);
    await context.close();
    await provider.context.close();
  }, 300_000);

  it('a phone signed out scans the code, signs in, and lands on the room’s page, not the start page', async () => {
    const base = stage.server().companyUrl('acme');
    const provider = await signedIn(stage, 'admin@acme.test');
    const rooms = await apiCall<{ data: Array<{ id: number; name: string }> }>(
      provider.page,
      'GET',
      `${API}/scheduler/resources?capacity=2`,
    );
    const room = rooms.data.find((candidate) => candidate.name === ROOM)!;
    const { code } = await apiCall<{ code: string }>(
      provider.page,
      'GET',
      `${API}/resources/${room.id}/qr-code`,
    );
    await provider.context.close();

    const context = await newContext(stage.browser());
    const page = await context.newPage();
    await page.setViewportSize({ width: WIDTH, height: 800 });
    await page.goto(`${base}/service/${code}`);
    await expectPath(page, '/login');
    await logIn(page, 'employee@acme.test');
    await expectPath(page, `/service/${code}`);
    await page.getByRole('heading', { name: ROOM, level: 2 }).waitFor();
    await context.close();
  }, 300_000);
});

const toMinutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
