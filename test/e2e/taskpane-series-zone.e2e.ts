import { describe, expect, it } from 'vitest';
import type { OutlookMeeting } from '../../src/shared/contract/outlook';
import { horizonEnd, lastBookableDay } from '../../src/shared/booking/booking-horizon';
import { addDays, isoWeekday, wallClockAt, zonedInstant } from '../../src/shared/time/zone';
import { newContext, seriousAxeViolations, watchPageProblems } from '../support/browser';
import { outlookOf } from '../support/fake-office';
import { apiCall, signedIn, useServerAndBrowser } from './journeys';
import { openPane, OUTLOOK, takeRoomAsAdmin, ZONE } from './taskpane-journeys';

const stage = useServerAndBrowser();

const TOKYO = 'Asia/Tokyo';
const HORIZON = 28;
/** A calendar day as the demo users' DateFormat writes it (d.M.yyyy). */
const shown = (day: string) => `${Number(day.slice(8, 10))}.${Number(day.slice(5, 7))}.${day.slice(0, 4)}`;

async function setHorizon(days: number): Promise<void> {
  const { context, page } = await signedIn(stage, 'admin@acme.test');
  await apiCall(page, 'PUT', '/api/company/v1/company-preferences/BookingHorizonDays', {
    value: String(days),
  });
  await context.close();
}

describe('the Outlook task pane: an endless series, in the meeting’s own zone', () => {
  it('books a weekly series with no end date up to the company’s horizon, one taken date on another room, times shown in Tokyo at 320 px', async () => {
    await setHorizon(HORIZON);
    const now = new Date();
    // Tuesdays at 17:00 in Tokyo (09:00 or 10:00 in Zurich, where the rooms are), begun months ago
    const today = wallClockAt(now, TOKYO).date;
    let firstTuesday = addDays(today, -70);
    while (isoWeekday(firstTuesday) !== 2) firstTuesday = addDays(firstTuesday, 1);
    const lastDay = lastBookableDay(now, HORIZON, TOKYO);
    const roomEnd = horizonEnd(now, HORIZON, ZONE).getTime();
    const starts: string[] = [];
    for (let day = firstTuesday; day <= lastDay; day = addDays(day, 7)) {
      const start = zonedInstant(day, 17 * 60, TOKYO);
      if (start.getTime() > now.getTime() && start.getTime() < roomEnd) starts.push(start.toISOString());
    }
    const plusHour = (start: string) => new Date(Date.parse(start) + 3_600_000).toISOString();
    const taken = starts[1]!;
    await takeRoomAsAdmin(stage, 'Mönch', { start: taken, end: plusHour(taken) });

    const context = await newContext(stage.browser());
    const page = await openPane(
      stage,
      context,
      {
        meeting: {
          subject: 'Tokyo sync',
          start: starts[0]!,
          end: plusHour(starts[0]!),
          requiredAttendees: [{ name: 'Guest', email: 'guest@acme.test' }],
          recurrence: {
            recurrenceType: 'weekly',
            recurrenceProperties: { interval: 1, days: ['tue'], firstDayOfWeek: 'mon' },
            // "no end date"; no zone of its own: Outlook answers the mailbox's
            seriesTime: { startDate: firstTuesday, endDate: null, startTime: '17:00', endTime: '18:00' },
          },
        },
        mailboxZone: 'Tokyo Standard Time',
        roomNames: { 'room-moench@acme.test': 'Mönch' },
      },
      true,
      320,
    );
    const problems = watchPageProblems(page);

    // Outlook's own formats reached the pane: the series' times in "THH:mm:ss:mmm", its zone a Windows name
    const series = await page.evaluate(
      () =>
        new Promise<{ start: string; end: string | null; zone: unknown }>((resolve) => {
          const item = Office.context.mailbox.item as Office.AppointmentCompose;
          item.recurrence.getAsync((result) =>
            resolve({
              start: result.value.seriesTime.getStartTime(),
              end: result.value.seriesTime.getEndDate(),
              zone: result.value.recurrenceTimeZone,
            }),
          );
        }),
    );
    expect(series).toEqual({
      start: 'T17:00:00:000',
      end: null,
      zone: { name: 'Tokyo Standard Time', offset: 540 },
    });

    // the meeting's times in its zone, the zone named; the series up to the horizon's last day
    const summary = page.getByRole('region', { name: 'Tokyo sync' });
    await page.getByTestId('meeting-zone').getByText('Japan Standard Time').waitFor();
    expect(await page.getByTestId('meeting-start').textContent()).toBe(
      `${shown(wallClockAt(new Date(starts[0]!), TOKYO).date)} 17:00`,
    );
    const seriesText = await page.getByTestId('meeting-series').textContent();
    expect(seriesText).toMatch(
      new RegExp(
        `^\\d+ occurrences up to ${shown(lastDay).replaceAll('.', '\\.')}, the furthest your company allows$`,
      ),
    );
    expect(await summary.count()).toBe(1);
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Mönch is taken on one date: nothing booked, that date named (on the meeting's clock)
    await page.getByRole('button', { name: 'Book Mönch' }).first().click();
    await page.getByRole('button', { name: 'Book Mönch for this meeting' }).click();
    const conflicts = page.getByTestId('conflict-list');
    await conflicts.getByTestId('conflict-date').first().waitFor();
    const takenDay = shown(wallClockAt(new Date(taken), ZONE).date);
    expect(await conflicts.getByTestId('conflict-date').allTextContents()).toEqual([takenDay]);
    await conflicts
      .getByRole('button', { name: new RegExp(`^Use .* on ${takenDay.replaceAll('.', '\\.')}$`) })
      .click();
    await page.getByRole('button', { name: 'Book the series' }).click();

    await page.getByTestId('booked-until').waitFor();
    expect(await page.getByTestId('booked-until').textContent()).toBe(
      `Booked until ${shown(lastDay)}, the furthest your company allows; book again later for the dates after.`,
    );
    await page.getByTestId('pane-notice').getByText('Booked until', { exact: false }).waitFor();
    const key = (await outlookOf(page).state()).customProperties.workplaceMeetingKey!;
    const meeting = await apiCall<OutlookMeeting>(page, 'GET', `${OUTLOOK}/meetings/${key}`);
    expect(meeting.bookings.map((booking) => booking.start)).toEqual(starts);
    expect(
      meeting.bookings.filter((booking) => booking.resource_name !== 'Mönch').map((b) => b.start),
    ).toEqual([taken]);
    expect(await seriousAxeViolations(page)).toEqual([]);
    // nothing wider than the pane
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    expect(problems).toEqual([]);
    await context.close();
    await setHorizon(365);
  });
});
