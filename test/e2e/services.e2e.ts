import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { SchedulerMeetingList, SchedulerResourceList } from '../../src/shared/contract/scheduler';
import type { ServiceOrder } from '../../src/shared/contract/services';
import { addDays, wallClockAt, zonedInstant } from '../../src/shared/time/zone';
import { seriousAxeViolations, watchPageProblems } from '../support/browser';
import { apiCall, signedIn, useServerAndBrowser } from './journeys';

const stage = useServerAndBrowser();
const API = '/api/company/v1';
const ZONE = 'Europe/Zurich';

async function expectAxeClean(page: Page) {
  expect(await seriousAxeViolations(page)).toEqual([]);
}

/** Follows an in-app link with the keyboard: focus it, press Enter. */
async function followLink(page: Page, name: string | RegExp) {
  const link = page.getByRole('link', { name, exact: typeof name === 'string' });
  await link.focus();
  await page.keyboard.press('Enter');
}

describe('services (issue 43: catering ordered with a meeting, served from the providers’ queue)', () => {
  it('books a room for tomorrow 10:00–11:00 with coffee for 8; the provider confirms and prepares it, the employee sees each status live; the order moves and is cancelled with its meeting', async () => {
    const employee = await signedIn(stage, 'employee@acme.test');
    const provider = await signedIn(stage, 'admin@acme.test');
    const problems = watchPageProblems(employee.page);
    const base = stage.server().companyUrl('acme');
    const tomorrow = addDays(wallClockAt(new Date(), ZONE).date, 1);
    const rooms = await apiCall<SchedulerResourceList>(
      employee.page,
      'GET',
      `${API}/scheduler/resources?capacity=8`,
    );
    const room = rooms.data.find((candidate) => candidate.name === 'Eiger') ?? rooms.data[0]!;

    // The meeting's time and room, set through the scheduler's own draft (its screens are tested elsewhere).
    const page = employee.page;
    await page.goto(`${base}/scheduler`);
    await page.getByRole('textbox', { name: 'Subject' }).fill('Quarterly review');
    await page.evaluate(
      ({ tomorrow, room, zone }) => {
        const stored = JSON.parse(sessionStorage.getItem('schedulerDraft') ?? '{}') as Record<
          string,
          unknown
        >;
        sessionStorage.setItem(
          'schedulerDraft',
          JSON.stringify({
            ...stored,
            dateTime: { date: tomorrow, startTime: '10:00', endTime: '11:00' },
            timezone: zone,
            rooms: [{ id: room.id, name: room.name }],
          }),
        );
      },
      { tomorrow, room, zone: ZONE },
    );
    await page.reload();

    // Services: coffee for 8, delivered to the room.
    await followLink(page, 'Change services');
    await page.getByText('No services are ordered with this meeting.').waitFor();
    await expectAxeClean(page);
    await followLink(page, 'Add an order');
    const coffee = page.getByRole('spinbutton', { name: /^Coffee/ });
    await coffee.waitFor();
    await coffee.fill('8');
    await expectAxeClean(page);
    await page.getByRole('button', { name: 'Add to the meeting' }).click();
    await page.getByRole('link', { name: '8 × Coffee' }).waitFor();
    await page.getByText('Total: CHF 28.00').waitFor();
    await followLink(page, 'Back');
    await page.getByRole('button', { name: 'Book the meeting' }).click();
    await page.getByText('“Quarterly review”: 1 occurrence booked.').waitFor();
    const meetings = await apiCall<SchedulerMeetingList>(page, 'GET', `${API}/scheduler`);
    const declarationId = meetings.data.find((m) => m.subject === 'Quarterly review')!.occurrences[0]!
      .rooms[0]!.declaration_id;
    const [order] = (
      await apiCall<{ data: ServiceOrder[] }>(
        page,
        'GET',
        `${API}/services/my-orders?declaration_id=${declarationId}`,
      )
    ).data;
    expect(order).toMatchObject({ status: 'requested', total_cents: 2800 });
    expect(order!.delivery_at).toBe(zonedInstant(tomorrow, 10 * 60, ZONE).toISOString());

    // The employee follows the order on the services step.
    await followLink(page, 'Change services');
    const mine = page.getByRole('region', { name: 'Your orders' });
    await mine.getByText('Requested').waitFor();

    // The provider's queue shows it; the provider confirms it, then puts it in preparation.
    const admin = provider.page;
    await admin.goto(`${base}/services`);
    const row = admin.getByRole('link', { name: `Order ${order!.order_id}: ${room.name}` });
    await row.waitFor();
    await expectAxeClean(admin);
    await followLink(admin, `Order ${order!.order_id}: ${room.name}`);
    await admin.getByRole('region', { name: 'History' }).getByText('Ordered').waitFor();
    await expectAxeClean(admin);
    for (const status of ['Confirmed', 'In preparation']) {
      await followLink(admin, 'Change the status');
      await admin.getByRole('radio', { name: status }).check();
      await expectAxeClean(admin);
      await admin.getByRole('button', { name: 'Save' }).click();
      await admin.getByRole('region', { name: 'History' }).getByText(`Order: ${status}`).waitFor();
      // live on the employee's screen, no reload
      await mine.getByText(status).waitFor();
    }

    // Moving the meeting to 14:00 moves the delivery; the provider's open order shows it.
    await apiCall(page, 'PUT', `${API}/bookings/${declarationId}`, {
      slots: [
        {
          datetime_from: zonedInstant(tomorrow, 14 * 60, ZONE).toISOString(),
          datetime_to: zonedInstant(tomorrow, 15 * 60, ZONE).toISOString(),
        },
      ],
    });
    await admin.getByText(/Moved with its booking to/).waitFor();
    const moved = await apiCall<ServiceOrder>(admin, 'GET', `${API}/services/orders/${order!.order_id}`);
    expect(moved.delivery_at).toBe(zonedInstant(tomorrow, 14 * 60, ZONE).toISOString());

    // Cancelling the meeting cancels the order: the provider sees it, and so does the employee.
    await apiCall(page, 'DELETE', `${API}/bookings/${declarationId}`);
    await admin.getByText('Cancelled with its booking').waitFor();
    await admin.getByRole('region', { name: 'Order' }).getByText('Cancelled').first().waitFor();
    const mail = await apiCall<ServiceOrder>(page, 'GET', `${API}/services/orders/${order!.order_id}`);
    expect(mail.status).toBe('cancelled');
    expect(problems).toEqual([]);
    await provider.context.close();
    await employee.context.close();
  }, 300_000);

  it('adds a service item with names, price and lead time, and refuses a blank name beside the field', async () => {
    const { context, page } = await signedIn(stage, 'admin@acme.test');
    await page.goto(`${stage.server().companyUrl('acme')}/service-items/add`);
    const type = page.getByRole('combobox', { name: /^Type/ });
    await type.waitFor();
    await type.selectOption({ label: 'Catering' });
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('This field is required.').first().waitFor();
    await page.getByRole('textbox', { name: /^Name \(English\)/ }).fill('Orange juice');
    await page.getByRole('textbox', { name: /^Price/ }).fill('4.20');
    await page.getByRole('spinbutton', { name: /^Lead time/ }).fill('30');
    await expectAxeClean(page);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('link', { name: 'Orange juice' }).waitFor();
    await page.getByText('Catering · CHF 4.20').first().waitFor();
    await expectAxeClean(page);
    await context.close();
  }, 120_000);
});
