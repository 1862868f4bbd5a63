import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { OutlookMeeting } from '../../src/shared/contract/outlook';
import type { ServiceOrder } from '../../src/shared/contract/services';
import { newContext, seriousAxeViolations, watchPageProblems } from '../support/browser';
import { outlookOf } from '../support/fake-office';
import { apiCall, useServerAndBrowser } from './journeys';
import { at, monday, openPane, OUTLOOK } from './taskpane-journeys';

/**
 * Issue 43, "the Outlook pane orders catering with the room", at 320 px: the organiser books a room
 * in the pane, orders coffee from the booked room's card, sees it listed with the meeting, then
 * moves the meeting in Outlook: the order follows the booking to the new time.
 */
const stage = useServerAndBrowser();
const WIDTH = 320;
const API = '/api/company/v1';

const fitsWidth = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(WIDTH);

async function expectAxeClean(page: Page) {
  expect(await seriousAxeViolations(page)).toEqual([]);
}

/** The organiser's orders with one of the meeting's bookings, as the API answers them. */
const ordersOf = async (page: Page, declarationId: number) =>
  (
    await apiCall<{ data: ServiceOrder[] }>(
      page,
      'GET',
      `${API}/services/my-orders?declaration_id=${declarationId}`,
    )
  ).data;

describe('issue 43: catering from the Outlook pane', () => {
  it('orders coffee for the meeting’s room at 320 px, lists it, and the order moves with the meeting', async () => {
    const date = monday(3);
    const context = await newContext(stage.browser());
    const page = await openPane(
      stage,
      context,
      {
        meeting: { subject: 'Client visit', start: at(date, 10), end: at(date, 11) },
        roomNames: { 'room-pilatus@acme.test': 'Pilatus' },
      },
      true,
      WIDTH,
    );
    const problems = watchPageProblems(page);

    // Book Pilatus for the meeting.
    await page.getByRole('button', { name: 'Book Pilatus' }).first().click();
    await page.getByRole('button', { name: 'Book Pilatus for this meeting' }).click();
    const card = page.getByTestId('booked-room');
    await card.getByText('Pilatus').waitFor();
    const key = (await outlookOf(page).state()).customProperties.workplaceMeetingKey!;

    // "Order catering": the room's menu for this meeting.
    await card.getByRole('button', { name: 'Order catering' }).click();
    const coffee = page.getByRole('spinbutton', { name: /^Coffee/ });
    await coffee.waitFor();
    await expectAxeClean(page);
    await fitsWidth(page);
    await coffee.fill('6');
    await page.getByText('Total: CHF 21.00').waitFor();
    await page.getByRole('button', { name: 'Order', exact: true }).click();
    await page
      .getByTestId('pane-order-placed')
      .getByText(/^Ordered with the meeting: order \d+\.$/)
      .waitFor();

    // Listed with the meeting: six coffees, delivered when it starts (10:00).
    const listed = page.getByRole('region', { name: 'Ordered with this meeting' }).getByTestId('pane-order');
    await listed.getByText('6 × Coffee').waitFor();
    expect(await listed.count()).toBe(1);
    expect(await listed.textContent()).toContain('10:00');
    await expectAxeClean(page);
    await fitsWidth(page);
    const first = (await apiCall<OutlookMeeting>(page, 'GET', `${OUTLOOK}/meetings/${key}`)).bookings[0]!;
    const [placed] = await ordersOf(page, first.id);
    expect(placed).toMatchObject({ delivery_at: at(date, 10), total_cents: 2100, status: 'requested' });

    // The organiser moves the meeting to 13:00 in Outlook: the booking moves, and the order with it.
    await outlookOf(page).moveMeeting(at(date, 13), at(date, 14));
    await expect
      .poll(async () => (await apiCall<OutlookMeeting>(page, 'GET', `${OUTLOOK}/meetings/${key}`)).bookings)
      .toEqual([expect.objectContaining({ start: at(date, 13), status: 'booked' })]);
    const moved = (await apiCall<OutlookMeeting>(page, 'GET', `${OUTLOOK}/meetings/${key}`)).bookings[0]!;
    // the pane lists the same order, now delivered at 13:00
    await listed
      .filter({ hasText: `Order ${placed!.order_id}` })
      .filter({ hasText: '13:00' })
      .waitFor();
    await listed.getByText('6 × Coffee').waitFor();
    expect(await listed.count()).toBe(1);
    const carried = await ordersOf(page, moved.id);
    expect(carried).toEqual([
      expect.objectContaining({
        order_id: placed!.order_id,
        declaration_id: moved.id,
        delivery_at: at(date, 13),
        status: 'requested',
      }),
    ]);
    await expectAxeClean(page);
    await fitsWidth(page);
    expect(problems).toEqual([]);
    await context.close();
  }, 300_000);
});
