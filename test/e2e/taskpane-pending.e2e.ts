import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { OutlookMeeting, OutlookRoomList } from '../../src/shared/contract/outlook';
import { addDays } from '../../src/shared/time/zone';
import { newContext, seriousAxeViolations, watchPageProblems } from '../support/browser';
import { outlookOf, serveFakeOffice, type FakeOfficeSetup } from '../support/fake-office';
import { apiCall, useServerAndBrowser } from './journeys';
import { at, monday, openPane, OUTLOOK } from './taskpane-journeys';

/**
 * Issue 41 acceptance, at 320 px: a room booked in the pane is pending until the meeting is sent.
 * Sending confirms it (the send handler's runtime, meeting-send.html, in the fake host); a draft
 * discarded leaves it to the release job, run by the server on its own clock, which the test moves.
 */
const stage = useServerAndBrowser(
  // the job looks every second; tokens outlive the hour the clock jumps
  { OUTLOOK_RELEASE_SECONDS: '1', ACCESS_TOKEN_TTL: '86400' },
  { clock: true },
);
const WIDTH = 320;
const SEND_HANDLER = 'onMeetingSend';
const guest = [{ name: 'Guest', email: 'guest@acme.test' }];

const meetingOf = (page: Page, key: string) =>
  apiCall<OutlookMeeting>(page, 'GET', `${OUTLOOK}/meetings/${key}`);

async function book(page: Page, roomName: string): Promise<void> {
  await page
    .getByRole('button', { name: `Book ${roomName}` })
    .first()
    .click();
  await page.getByRole('button', { name: `Book ${roomName} for this meeting` }).click();
  await page.getByText(`${roomName} is booked for this meeting.`).waitFor();
}

/** Outlook sends the meeting: its event runtime loads and OnAppointmentSend reaches the handler. */
async function sendMeeting(pane: Page, setup: FakeOfficeSetup, times = 1) {
  const written = await outlookOf(pane).state();
  const runtime = await pane.context().newPage();
  await serveFakeOffice(runtime, {
    ...setup,
    meeting: { ...setup.meeting, customProperties: written.customProperties },
  });
  await runtime.goto(`${stage.server().masterUrl}/meeting-send.html`);
  const verdicts = await outlookOf(runtime).send(SEND_HANDLER, times);
  await runtime.close();
  return verdicts;
}

/** Polls (the job runs on the server's schedule) until `check` holds. */
async function eventually(check: () => Promise<boolean>, what: string): Promise<void> {
  for (let tries = 0; tries < 300; tries += 1) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`never happened: ${what}`);
}

describe('issue 41: the pane’s booking is pending until the meeting is sent', () => {
  let sentKey = '';

  it('shows the booking as pending; sending the meeting confirms it, sent twice it stays confirmed', async () => {
    const context = await newContext(stage.browser());
    const date = monday(3);
    const setup: FakeOfficeSetup = {
      meeting: { subject: 'Budget', start: at(date, 14), end: at(date, 15), requiredAttendees: guest },
      roomNames: { 'room-moench@acme.test': 'Mönch' },
      eventsTwice: true,
    };
    const pane = await openPane(stage, context, setup, true, WIDTH);
    const problems = watchPageProblems(pane);
    await book(pane, 'Mönch');
    await pane.getByTestId('booking-pending').waitFor();
    await pane.getByText(/Held for this meeting until it is sent/).waitFor();
    expect(await seriousAxeViolations(pane)).toEqual([]);
    expect(await pane.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(WIDTH);
    const written = await outlookOf(pane).state();
    // Outlook's limit of 3 async calls in flight held, as the fake host counts them
    expect(written.refusedCalls).toEqual([]);
    expect(written.maxInFlight).toBeLessThanOrEqual(3);
    sentKey = written.customProperties.workplaceMeetingKey!;
    expect((await meetingOf(pane, sentKey)).pending).toBe(true);

    expect(await sendMeeting(pane, setup, 2)).toEqual([{ allowEvent: true }, { allowEvent: true }]);
    const sent = await meetingOf(pane, sentKey);
    expect(sent).toMatchObject({ pending: false, release_at: null });
    expect(sent.bookings.map((booking) => booking.status)).toEqual(['booked']);

    // reopened, the pane no longer calls it pending
    const again = await openPane(
      stage,
      context,
      { ...setup, meeting: { ...setup.meeting, customProperties: written.customProperties } },
      false,
      WIDTH,
    );
    await again.getByTestId('booked-room').getByText('Mönch').waitFor();
    expect(await again.getByTestId('booking-pending').count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('one occurrence opened on its own books for itself: the series’ bookings stay as they were', async () => {
    const context = await newContext(stage.browser());
    const first = monday(6);
    const setup: FakeOfficeSetup = {
      meeting: {
        subject: 'Weekly sync, this week later',
        start: at(addDays(first, 7), 16),
        end: at(addDays(first, 7), 17),
        requiredAttendees: guest,
        seriesId: 'AAMkAD-series',
        recurrence: {
          recurrenceType: 'weekly',
          recurrenceProperties: { interval: 1, days: ['mon'] },
          seriesTime: { startDate: first, endDate: addDays(first, 14), startTime: '08:00', endTime: '09:00' },
          recurrenceTimeZone: { name: 'W. Europe Standard Time' },
        },
        customProperties: { workplaceMeetingKey: '' },
      },
      roomNames: { 'room-pilatus@acme.test': 'Pilatus' },
      eventsTwice: true,
    };
    // the series was booked from its own pane: three Mondays in Mönch
    const opener = await openPane(
      stage,
      context,
      { meeting: { subject: 'x', start: at(first, 8), end: at(first, 9) } },
      true,
      WIDTH,
    );
    const seriesKey = `series-${Date.now()}`;
    const rooms = await apiCall<OutlookRoomList>(
      opener,
      'GET',
      `${OUTLOOK}/resources?start=${encodeURIComponent(at(first, 8))}&end=${encodeURIComponent(at(first, 9))}`,
    );
    const moench = rooms.data.find((room) => room.name === 'Mönch')!;
    await apiCall(opener, 'POST', `${OUTLOOK}/resource`, {
      meeting_key: seriesKey,
      resource_id: moench.id,
      occurrences: [0, 7, 14].map((days) => ({
        start: at(addDays(first, days), 8),
        end: at(addDays(first, days), 9),
      })),
    });
    await opener.close();
    // Outlook copied the series' key to the occurrence
    setup.meeting.customProperties = { workplaceMeetingKey: seriesKey };
    const pane = await openPane(stage, context, setup, false, WIDTH);
    await pane.getByTestId('room-list').getByText('Pilatus').waitFor();
    expect(await pane.getByTestId('booked-room').count()).toBe(0);
    await book(pane, 'Pilatus');
    const outlook = outlookOf(pane);
    const written = await outlook.state();
    expect(written.seriesCustomProperties).toEqual({ workplaceMeetingKey: seriesKey });
    const occurrenceKey = written.customProperties.workplaceOccurrenceKey!;
    expect(occurrenceKey).not.toBe(seriesKey);
    // moved, twice announced: the occurrence's booking follows once, the series' stay
    await outlook.moveMeeting(at(addDays(first, 7), 17), at(addDays(first, 7), 18));
    await pane.getByText('Pilatus moved with the meeting.').waitFor();
    await eventually(
      async () => (await meetingOf(pane, occurrenceKey)).bookings[0]?.start === at(addDays(first, 7), 17),
      'the occurrence booking moved',
    );
    const series = await meetingOf(pane, seriesKey);
    expect(series.bookings.map((booking) => [booking.resource_name, booking.start])).toEqual(
      [0, 7, 14].map((days) => ['Mönch', at(addDays(first, days), 8)]),
    );
    expect((await meetingOf(pane, occurrenceKey)).bookings).toHaveLength(1);
    await context.close();
  });

  it('a discarded draft’s pending booking is released by the job once the company’s hour has passed', async () => {
    const context = await newContext(stage.browser());
    const date = monday(4);
    const setup: FakeOfficeSetup = {
      meeting: { subject: 'Never sent', start: at(date, 10), end: at(date, 11), requiredAttendees: guest },
      roomNames: { 'room-pilatus@acme.test': 'Pilatus' },
    };
    const pane = await openPane(stage, context, setup, true, WIDTH);
    await book(pane, 'Pilatus');
    await pane.getByTestId('booking-pending').waitFor();
    const outlook = outlookOf(pane);
    const key = (await outlook.state()).customProperties.workplaceMeetingKey!;
    expect((await outlook.state()).maxInFlight).toBeLessThanOrEqual(3);
    await outlook.discard();
    await pane.close();

    // an hour and a minute later on the server's clock (the default wait is an hour)
    const page = await context.newPage();
    await page.goto(`${stage.server().masterUrl}/addin-support.html`);
    await stage.server().setClock(new Date(Date.now() + 61 * 60_000));
    await eventually(async () => (await meetingOf(page, key)).resource === null, 'the hold released');
    expect(await meetingOf(page, key)).toMatchObject({ bookings: [], pending: false });
    // the room is free again for that hour; the meeting that was sent still holds its own
    const free = await apiCall<OutlookRoomList>(
      page,
      'GET',
      `${OUTLOOK}/resources?start=${encodeURIComponent(at(date, 10))}&end=${encodeURIComponent(at(date, 11))}`,
    );
    expect(free.data.map((room) => room.name)).toContain('Pilatus');
    expect((await meetingOf(page, sentKey)).bookings.map((booking) => booking.status)).toEqual(['booked']);
    await context.close();
  });
});
