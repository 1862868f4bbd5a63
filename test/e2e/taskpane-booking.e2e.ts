import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { OutlookMeeting } from '../../src/shared/contract/outlook';
import { addDays } from '../../src/shared/time/zone';
import { newContext, seriousAxeViolations, watchPageProblems } from '../support/browser';
import { outlookOf, type FakeOfficeSetup } from '../support/fake-office';
import { apiCall, useServerAndBrowser } from './journeys';
import { at, monday, openPane, OUTLOOK, takeRoomAsAdmin } from './taskpane-journeys';

const stage = useServerAndBrowser();

/** A calendar day as the demo users' DateFormat writes it (d.M.yyyy, spec §9): '2030-06-03' → '3.6.2030'. */
const shown = (day: string) => `${Number(day.slice(8, 10))}.${Number(day.slice(5, 7))}.${day.slice(0, 4)}`;

const attendees = (count: number) =>
  Array.from({ length: count }, (_, index) => ({
    name: `Guest ${index + 1}`,
    email: `guest${index + 1}@acme.test`,
  }));

const meetingOf = (page: Page, key: string) =>
  apiCall<OutlookMeeting>(page, 'GET', `${OUTLOOK}/meetings/${key}`);

async function bookFromList(page: Page, roomName: string, button = `Book ${roomName} for this meeting`) {
  await page
    .getByRole('button', { name: `Book ${roomName}` })
    .first()
    .click();
  await page.getByRole('button', { name: button }).click();
}

describe('the Outlook task pane books rooms', () => {
  it('books a room for a meeting, shows it on reopening, and moves it with the meeting unless the new time is taken', async () => {
    const context = await newContext(stage.browser());
    const date = monday(1);
    const setup: FakeOfficeSetup = {
      meeting: {
        subject: 'Design review',
        start: at(date, 10),
        end: at(date, 11),
        requiredAttendees: attendees(3),
      },
      roomNames: { 'room-pilatus@acme.test': 'Pilatus' },
    };
    const page = await openPane(stage, context, setup);
    const problems = watchPageProblems(page);

    // four people: the smallest room that seats them comes first
    const list = page.getByTestId('room-list');
    await list.getByText('Pilatus').waitFor();
    expect((await list.locator('li').first().textContent())?.startsWith('Pilatus')).toBe(true);
    expect(await list.getByText('Mönch').count()).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await bookFromList(page, 'Pilatus');
    await page.getByTestId('booked-room').getByText('Pilatus').waitFor();
    await page.getByText('Pilatus is booked for this meeting.').waitFor();
    const outlook = outlookOf(page);
    const written = await outlook.state();
    expect(written.locations).toEqual([{ name: 'Pilatus', email: 'room-pilatus@acme.test' }]);
    // Outlook's limit of 3 async calls in flight held from the pane's start to the booking
    expect(written.refusedCalls).toEqual([]);
    expect(written.maxInFlight).toBeLessThanOrEqual(3);
    const key = written.customProperties.workplaceMeetingKey!;
    const booked = await meetingOf(page, key);
    expect(booked.resource?.name).toBe('Pilatus');
    expect(booked.bookings.map((booking) => [booking.start, booking.status])).toEqual([
      [at(date, 10), 'booked'],
    ]);
    expect(written.customProperties.workplaceBookingId).toBe(String(booked.bookings[0]!.id));
    expect(await seriousAxeViolations(page)).toEqual([]);

    // reopening the saved meeting: the server's room is shown
    const again = await openPane(
      stage,
      context,
      { ...setup, meeting: { ...setup.meeting, ...written, itemId: 'AAMkAD-saved' } },
      false,
    );
    await again.getByTestId('booked-room').getByText('Pilatus').waitFor();
    await again.close();

    // the organizer moves the meeting: the booking follows
    await outlook.moveMeeting(at(date, 13), at(date, 14));
    await page.getByText('Pilatus moved with the meeting.').waitFor();
    expect((await meetingOf(page, key)).bookings.map((booking) => booking.start)).toEqual([at(date, 13)]);

    // onto a time someone else holds the room: the conflict is shown, the booking stays where it was
    await takeRoomAsAdmin(stage, 'Pilatus', { start: at(date, 15), end: at(date, 16) });
    await outlook.moveMeeting(at(date, 15), at(date, 16));
    const notice = page.getByTestId('pane-notice');
    await notice.getByText(/still booked at the meeting's previous time/).waitFor();
    expect(await notice.textContent()).toContain('Pilatus is already booked');
    const after = await outlook.state();
    expect(after.notifications.workplaceRoom?.type).toBe('errorMessage');
    expect(after.locations).toEqual([{ name: 'Pilatus', email: 'room-pilatus@acme.test' }]);
    expect((await meetingOf(page, key)).bookings.map((booking) => [booking.start, booking.status])).toEqual([
      [at(date, 13), 'booked'],
    ]);
    expect(await seriousAxeViolations(page)).toEqual([]);

    // the organizer takes the room out of the meeting in Outlook: its booking is cancelled
    await outlook.removeLocation('room-pilatus@acme.test');
    await page.getByText('Pilatus was removed from the meeting: its booking is cancelled.').waitFor();
    expect((await meetingOf(page, key)).bookings).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('refuses a weekly series of 20 whose 17th occurrence is taken, naming the date, and books it with the suggested room', async () => {
    const first = monday(2);
    const dates = Array.from({ length: 20 }, (_, week) => addDays(first, week * 7));
    await takeRoomAsAdmin(stage, 'Mönch', { start: at(dates[16]!, 8), end: at(dates[16]!, 9) });
    const context = await newContext(stage.browser());
    const page = await openPane(stage, context, {
      meeting: {
        subject: 'Weekly sync',
        start: at(first, 8),
        end: at(first, 9),
        requiredAttendees: attendees(1),
        recurrence: {
          recurrenceType: 'weekly',
          recurrenceProperties: { interval: 1, days: ['mon'] },
          seriesTime: {
            startDate: first,
            endDate: dates[19]!,
            startTime: '08:00',
            endTime: '09:00',
            durationMinutes: 60,
          },
          recurrenceTimeZone: { name: 'W. Europe Standard Time' },
        },
      },
      roomNames: { 'room-moench@acme.test': 'Mönch' },
    });
    await page.getByTestId('meeting-series').waitFor();
    expect(await page.getByTestId('meeting-series').textContent()).toBe('20 occurrences');
    await bookFromList(page, 'Mönch');

    // refused whole: the taken date is named, nothing is booked
    const conflicts = page.getByTestId('conflict-list');
    await conflicts.getByTestId('conflict-date').first().waitFor();
    expect(await conflicts.getByTestId('conflict-date').allTextContents()).toEqual([shown(dates[16]!)]);
    await page
      .getByTestId('pane-notice')
      .getByText(`taken on ${shown(dates[16]!)}: nothing was booked`, { exact: false })
      .waitFor();
    expect((await outlookOf(page).state()).customProperties.workplaceMeetingKey).toBeUndefined();
    expect(await seriousAxeViolations(page)).toEqual([]);

    // the suggested room for that date, then the series books
    const use = conflicts.getByRole('button', {
      name: new RegExp(`^Use .* on ${shown(dates[16]!).replaceAll('.', '\\.')}$`),
    });
    const alternative = /^Use (.*) on /.exec((await use.textContent()) ?? '')![1]!;
    await use.click();
    await page.getByRole('button', { name: 'Book the series' }).click();
    await page.getByText(`Mönch is booked for all 20 occurrences (another room on 1 date).`).waitFor();
    const key = (await outlookOf(page).state()).customProperties.workplaceMeetingKey!;
    const meeting = await meetingOf(page, key);
    expect(meeting.bookings).toHaveLength(20);
    expect(meeting.bookings.map((booking) => booking.resource_name)).toEqual(
      dates.map((_, index) => (index === 16 ? alternative : 'Mönch')),
    );
    expect(meeting.bookings[16]!.start).toBe(at(dates[16]!, 8));
    await context.close();
  });

  it('books one occurrence of a series opened on its own for that occurrence only', async () => {
    const first = monday(5);
    const context = await newContext(stage.browser());
    const page = await openPane(stage, context, {
      meeting: {
        subject: 'Weekly sync, this week moved',
        start: at(addDays(first, 14), 11),
        end: at(addDays(first, 14), 12),
        requiredAttendees: attendees(1),
        seriesId: 'AAMkAD-series-master',
        recurrence: {
          recurrenceType: 'weekly',
          recurrenceProperties: { interval: 1, days: ['mon'] },
          seriesTime: {
            startDate: first,
            endDate: addDays(first, 9 * 7),
            startTime: '08:00',
            endTime: '09:00',
            durationMinutes: 60,
          },
          recurrenceTimeZone: { name: 'W. Europe Standard Time' },
        },
      },
      roomNames: { 'room-moench@acme.test': 'Mönch' },
    });
    await page.getByTestId('room-list').getByText('Mönch').waitFor();
    expect(await page.getByTestId('meeting-series').count()).toBe(0);
    await bookFromList(page, 'Mönch');
    await page.getByText('Mönch is booked for this meeting.').waitFor();
    const key = (await outlookOf(page).state()).customProperties.workplaceOccurrenceKey!;
    expect((await meetingOf(page, key)).bookings.map((booking) => booking.start)).toEqual([
      at(addDays(first, 14), 11),
    ]);
    await context.close();
  });

  it('retries a custom-property save that fails the first time', async () => {
    const context = await newContext(stage.browser());
    const date = monday(3);
    const page = await openPane(stage, context, {
      meeting: { subject: 'Retry', start: at(date, 10), end: at(date, 11), requiredAttendees: attendees(5) },
      failures: { firstCustomPropertySave: true },
      roomNames: { 'room-saentis@acme.test': 'Säntis' },
    });
    await bookFromList(page, 'Säntis');
    await page.getByText('Säntis is booked for this meeting.').waitFor();
    const state = await outlookOf(page).state();
    expect(state.customPropertySaves).toEqual({ failed: 1, succeeded: 1 });
    expect(state.customProperties.workplaceMeetingKey).toMatch(/^[0-9a-f-]{36}$/);
    expect((await meetingOf(page, state.customProperties.workplaceMeetingKey!)).resource?.name).toBe(
      'Säntis',
    );
    await context.close();
  });

  it('books on an old client (Mailbox 1.5, no item events): the room goes into the location as text', async () => {
    const context = await newContext(stage.browser());
    const date = monday(4);
    const page = await openPane(stage, context, {
      meeting: {
        subject: 'Old Mac',
        start: at(date, 10),
        end: at(date, 11),
        requiredAttendees: attendees(5),
      },
      flavour: 'old-mac',
    });
    const problems = watchPageProblems(page);
    await bookFromList(page, 'Säntis');
    await page.getByText('Säntis is booked for this meeting.').waitFor();
    const state = await outlookOf(page).state();
    expect(state.location).toBe('Säntis');
    expect(state.locations).toEqual([]);
    expect(state.calls.some((call) => call.startsWith('addHandlerAsync'))).toBe(false);
    const key = state.customProperties.workplaceMeetingKey!;
    expect((await meetingOf(page, key)).resource?.name).toBe('Säntis');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('books another room instead: the first leaves the meeting as it leaves the server', async () => {
    const context = await newContext(stage.browser());
    const date = monday(5);
    const page = await openPane(stage, context, {
      meeting: {
        subject: 'Change of room',
        start: at(date, 10),
        end: at(date, 11),
        requiredAttendees: attendees(3),
      },
      roomNames: { 'room-pilatus@acme.test': 'Pilatus', 'room-saentis@acme.test': 'Säntis' },
    });
    await bookFromList(page, 'Pilatus');
    await page.getByText('Pilatus is booked for this meeting.').waitFor();
    await page.getByRole('button', { name: 'Advanced search' }).click();
    await bookFromList(page, 'Säntis');
    await page.getByText('Säntis is booked for this meeting.').waitFor();
    const state = await outlookOf(page).state();
    expect(state.locations).toEqual([{ name: 'Säntis', email: 'room-saentis@acme.test' }]);
    const meeting = await meetingOf(page, state.customProperties.workplaceMeetingKey!);
    expect(meeting.resource?.name).toBe('Säntis');
    expect(meeting.bookings.map((booking) => booking.status)).toEqual(['booked']);
    await context.close();
  });

  it('finds the booking by the item when Outlook never keeps its custom properties', async () => {
    const context = await newContext(stage.browser());
    const date = monday(3);
    const never = { everyCustomPropertySave: true };

    // A new meeting (not saved yet): the pane saves it to get its id, and the server links that id.
    const fresh: FakeOfficeSetup = {
      meeting: {
        subject: 'Never kept',
        start: at(date, 15),
        end: at(date, 16),
        requiredAttendees: attendees(3),
      },
      failures: never,
      roomNames: { 'room-pilatus@acme.test': 'Pilatus' },
    };
    const page = await openPane(stage, context, fresh);
    await bookFromList(page, 'Pilatus');
    await page.getByText('Pilatus is booked for this meeting.').waitFor();
    const state = await outlookOf(page).state();
    expect(state.customPropertySaves.succeeded).toBe(0);
    expect(state.customPropertySaves.failed).toBeGreaterThanOrEqual(3);
    expect(state.customProperties).toEqual({});
    expect(state.calls).toContain('saveAsync');
    expect(state.itemId).toMatch(/^AAMkAD-fake-/);
    expect(state.locations).toEqual([{ name: 'Pilatus', email: 'room-pilatus@acme.test' }]);
    const [linked] = (
      await apiCall<{ data: OutlookMeeting[] }>(
        page,
        'GET',
        `${OUTLOOK}/meetings?item_id=${encodeURIComponent(state.itemId!)}`,
      )
    ).data;
    expect(linked?.resource?.name).toBe('Pilatus');
    expect(linked?.item_id).toBe(state.itemId);

    // Reopened (the item has no custom properties): the server's room, found by the item's id.
    const again = await openPane(
      stage,
      context,
      { ...fresh, meeting: { ...fresh.meeting, ...state, customProperties: {}, itemId: state.itemId } },
      false,
    );
    await again.getByTestId('booked-room').getByText('Pilatus').waitFor();
    expect(await again.getByTestId('room-list').count()).toBe(0);
    // and taking the room out from the reopened pane cancels that booking
    await again.getByRole('button', { name: 'Remove the room' }).click();
    await again.getByText('Pilatus is no longer booked for this meeting.').waitFor();
    expect((await meetingOf(again, linked!.meeting_key)).bookings).toEqual([]);
    await again.close();

    // A saved meeting: its id went with the booking, and reopening finds it the same way.
    const saved: FakeOfficeSetup = {
      meeting: {
        subject: 'Saved, never kept',
        start: at(date, 17),
        end: at(date, 18),
        requiredAttendees: attendees(1),
        itemId: 'AAMkAD-saved-never-kept',
      },
      failures: never,
    };
    const first = await openPane(stage, context, saved, false);
    await bookFromList(first, 'Mönch');
    await first.getByText('Mönch is booked for this meeting.').waitFor();
    expect((await outlookOf(first).state()).calls).not.toContain('saveAsync');
    const reopened = await openPane(stage, context, saved, false);
    await reopened.getByTestId('booked-room').getByText('Mönch').waitFor();
    expect(await seriousAxeViolations(reopened)).toEqual([]);
    await context.close();
  });

  it('removing the room: once the server has cancelled it, the pane says so even when Outlook keeps it', async () => {
    const context = await newContext(stage.browser());
    const date = monday(4);
    const page = await openPane(stage, context, {
      meeting: { subject: 'Sticky', start: at(date, 15), end: at(date, 16), requiredAttendees: attendees(5) },
      failures: { removeAsyncFails: true },
      roomNames: { 'room-saentis@acme.test': 'Säntis' },
    });
    await bookFromList(page, 'Säntis');
    await page.getByText('Säntis is booked for this meeting.').waitFor();
    const key = (await outlookOf(page).state()).customProperties.workplaceMeetingKey!;
    await page.getByRole('button', { name: 'Remove the room' }).click();
    await page
      .getByTestId('pane-notice')
      .getByText(/Säntis is no longer booked for this meeting, but Outlook kept it in the location/)
      .waitFor();
    expect(await page.getByTestId('booked-room').count()).toBe(0);
    expect((await meetingOf(page, key)).bookings).toEqual([]);
    await context.close();
  });

  const roomsFreeAt = async (page: Page, start: string, end: string) =>
    (
      await apiCall<{ data: { name: string }[] }>(
        page,
        'GET',
        `${OUTLOOK}/resources?start=${encodeURIComponent(start)}&end=${encodeURIComponent(end)}&attendees=1`,
      )
    ).data.map((room) => room.name);

  for (const [failure, what] of [
    ['addAsyncFails', 'enhancedLocation.addAsync fails'],
    ['addAsyncAddsNothing', 'Outlook reports the room added but adds nothing'],
  ] as const)
    it(`books nothing when ${what}: the booking is rolled back (issue 41)`, async () => {
      const context = await newContext(stage.browser());
      const date = monday(3);
      const [start, end] =
        failure === 'addAsyncFails' ? [at(date, 15), at(date, 16)] : [at(date, 13), at(date, 14)];
      const page = await openPane(stage, context, {
        meeting: { subject: 'Silent client', start, end, requiredAttendees: attendees(7) },
        failures: { [failure]: true },
      });
      await bookFromList(page, 'Eiger');
      const notice = page.getByTestId('pane-notice');
      await expect
        .poll(() => notice.textContent())
        .toBe('Outlook did not add Eiger to the meeting, so it is not booked. Try again.');
      expect(await page.getByText('Eiger is booked for this meeting.').count()).toBe(0);
      expect(await page.getByTestId('booked-room').count()).toBe(0);
      const state = await outlookOf(page).state();
      expect(state.locations).toEqual([]);
      expect(state.customProperties.workplaceMeetingKey).toBeUndefined();
      expect(state.notifications.workplaceRoom?.message).toMatch(/so it is not booked/);
      // the room is free again for everyone at that time
      await expect.poll(() => roomsFreeAt(page, start, end)).toContain('Eiger');
      expect(await seriousAxeViolations(page)).toEqual([]);
      await context.close();
    });
});
