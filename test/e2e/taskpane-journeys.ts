import type { BrowserContext, Page } from 'playwright-core';
import { addDays, wallClockAt, zonedInstant } from '../../src/shared/time/zone';
import { serveFakeOffice, type FakeOfficeSetup } from '../support/fake-office';
import { apiCall, logIn, signedIn, type Stage } from './journeys';

/** What the task pane journeys (taskpane-booking, taskpane-screens) share: the demo's zone and days. */
export const ZONE = 'Europe/Zurich';
export const OUTLOOK = '/api/company/v1/outlook';

/** The Monday `weeks` weeks after the coming one, as a Zurich calendar date. */
export function monday(weeks: number): string {
  const today = wallClockAt(new Date(), ZONE).date;
  const weekday = (new Date(`${today}T12:00:00Z`).getUTCDay() + 6) % 7; // 0 Monday
  return addDays(today, 7 - weekday + weeks * 7);
}

export const at = (date: string, hour: number, minute = 0) =>
  zonedInstant(date, hour * 60 + minute, ZONE).toISOString();

/** Opens the pane (350 px wide, as Outlook's, unless `width` says otherwise) inside a fake Outlook holding this meeting. */
export async function openPane(
  stage: Stage,
  context: BrowserContext,
  setup: FakeOfficeSetup,
  signIn = true,
  width = 350,
): Promise<Page> {
  const page = await context.newPage();
  await page.setViewportSize({ width, height: 900 });
  await serveFakeOffice(page, setup);
  await page.goto(`${stage.server().masterUrl}/taskpane.html`);
  if (signIn) await logIn(page, 'employee@acme.test');
  await page.getByTestId('meeting-subject').waitFor();
  return page;
}

/** Another user (the admin) takes the room at that time, through the same API. */
export async function takeRoomAsAdmin(
  stage: Stage,
  roomName: string,
  occurrence: { start: string; end: string },
): Promise<void> {
  const { context, page } = await signedIn(stage, 'admin@acme.test');
  const rooms = await apiCall<{ data: { id: number; name: string }[] }>(
    page,
    'GET',
    `${OUTLOOK}/resources?start=${encodeURIComponent(occurrence.start)}&end=${encodeURIComponent(occurrence.end)}`,
  );
  const room = rooms.data.find((candidate) => candidate.name === roomName)!;
  await apiCall(page, 'POST', `${OUTLOOK}/resource`, {
    meeting_key: `blocker-${Date.now()}`,
    resource_id: room.id,
    occurrences: [occurrence],
  });
  await context.close();
}
