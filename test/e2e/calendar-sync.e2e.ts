import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Declaration } from '../../src/shared/contract/declarations';
import { calendarDateIn } from '../../src/shared/time/calendar-date';
import { addDays, isoWeekday, zonedInstant } from '../../src/shared/time/zone';
import { seriousAxeViolations, watchPageProblems } from '../support/browser';
import { startFakeGraph, type FakeGraph } from '../support/fake-graph';
import { apiCall, openPlanLevel, signedIn, useServerAndBrowser } from './journeys';

// Issue 8 acceptance, calendar sync: rooms mapped to room mailboxes on a fake Microsoft Graph.
const EIGER = 'room-eiger@acme.test';
const JUNGFRAU = 'room-jungfrau@acme.test';
const ZONE = 'Europe/Zurich';

let graph: FakeGraph;
beforeAll(async () => {
  graph = await startFakeGraph([EIGER, JUNGFRAU]);
});
afterAll(async () => graph?.close());

// The connector's addresses are the fake's, on 127.0.0.1: the operator allows private addresses;
// rooms' calendars are read every second instead of every minute.
const stage = useServerAndBrowser({ ALLOW_PRIVATE_CONNECTOR_URLS: 'true', CALENDAR_PULL_SECONDS: '1' });

function nextWorkday(): string {
  let date = addDays(calendarDateIn(ZONE), 1);
  while (isoWeekday(date) > 5) date = addDays(date, 1);
  return date;
}
const at = (date: string, hour: number) => zonedInstant(date, hour * 60, ZONE);

const slotButton = (page: Page, time: string, state: string) =>
  page.getByRole('button', { name: new RegExp(`^${time}\\s*,\\s*${state}`) });

async function connectRooms(page: Page): Promise<void> {
  const rooms = await apiCall<{ data: Array<{ id: number; name: string }> }>(
    page,
    'GET',
    '/api/company/v1/connectors/rooms',
  );
  const idOf = (name: string) => rooms.data.find((room) => room.name === name)!.id;
  const connector = await apiCall<{ id: number }>(page, 'POST', '/api/company/v1/connectors/calendars', {
    provider: 'outlook',
    name: 'Microsoft 365 rooms',
    fields: {
      tenant_id: graph.tenantId,
      client_id: graph.clientId,
      client_secret: graph.clientSecret,
      graph_url: graph.baseUrl,
      login_url: graph.origin,
    },
  });
  await apiCall(page, 'PUT', `/api/company/v1/connectors/calendars/${connector.id}/resources`, {
    mappings: [
      { resource_id: idOf('Eiger'), calendar_id: EIGER },
      { resource_id: idOf('Jungfrau'), calendar_id: JUNGFRAU },
    ],
  });
}

describe('calendar sync with Microsoft 365 (issue 8)', () => {
  it('a room booked in the browser app appears on its Graph calendar; a Graph-side event becomes a booking; cancelling removes both', async () => {
    const admin = await signedIn(stage, 'admin@acme.test');
    await connectRooms(admin.page);
    await admin.context.close();

    const { context, page } = await signedIn(stage, 'employee@acme.test');
    const problems = watchPageProblems(page);
    const base = stage.server().companyUrl('acme');
    const date = nextWorkday();

    // The employee books Eiger at 10:00 from the plan.
    await openPlanLevel(page, base, 'Floor 2');
    await page.getByRole('link', { name: 'Eiger' }).click();
    await page.getByLabel('Date').fill(date);
    const ten = slotButton(page, '10:00–11:00', 'Free');
    await ten.waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await ten.click();
    await page.getByRole('button', { name: 'Book', exact: true }).click();
    await page.getByText('Eiger is booked for 10:00–11:00.').waitFor();

    // The sync job pushes it to the room's calendar.
    await expect.poll(() => graph.eventsOf(EIGER).length).toBe(1);
    const [pushed] = graph.eventsOf(EIGER);
    expect(new Date(`${pushed!.start.dateTime.slice(0, 19)}Z`).getTime()).toBe(at(date, 10).getTime());

    // Someone books Jungfrau in Outlook for the employee's meeting: it becomes their booking.
    const outlookEvent = graph.organizerBooks(JUNGFRAU, {
      subject: 'Quarterly planning',
      start: at(date, 14),
      end: at(date, 15),
      organizer: 'employee@acme.test',
    });
    const jungfrauBooking = async () => {
      const list = await apiCall<{ data: Declaration[] }>(
        page,
        'GET',
        `/api/company/v1/declarations?date_from=${date}&date_to=${date}`,
      );
      return list.data.find((booking) => booking.resource.name === 'Jungfrau');
    };
    await expect.poll(async () => (await jungfrauBooking())?.source).toBe('calendar');
    await page.goto(`${base}/calendar?view=day&date=${date}`);
    await page.getByRole('button', { name: /14:00 – 15:00.*Jungfrau/ }).waitFor();
    const eiger = page.getByRole('button', { name: /10:00 – 11:00.*Eiger/ });
    await eiger.waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Cancelling Eiger in the app removes its event; cancelling the meeting in Outlook removes the booking.
    await eiger.click();
    const panel = page.getByRole('region', { name: 'Eiger' });
    await panel.getByRole('button', { name: 'Cancel booking' }).click();
    await panel.getByRole('button', { name: 'Yes, cancel it' }).click();
    await expect.poll(() => graph.eventsOf(EIGER).length).toBe(0);

    graph.organizerCancels(JUNGFRAU, outlookEvent.id);
    await expect.poll(async () => (await jungfrauBooking()) ?? null).toBeNull();
    await page
      .getByRole('button', { name: /14:00 – 15:00.*Jungfrau/ })
      .waitFor({ state: 'detached' });

    expect(problems).toEqual([]);
    await context.close();
  });
});
