import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type {
  SchedulerMeeting,
  SchedulerMeetingList,
  SchedulerResourceList,
} from '../../src/shared/contract/scheduler';
import { addDays, isoWeekday, wallClockAt } from '../../src/shared/time/zone';
import { seriousAxeViolations, watchPageProblems } from '../support/browser';
import { apiCall, signedIn, useServerAndBrowser } from './journeys';

const stage = useServerAndBrowser();
const API = '/api/company/v1';

async function expectAxeClean(page: Page) {
  expect(await seriousAxeViolations(page)).toEqual([]);
}

/** A calendar day as the demo users' DateFormat writes it (d.M.yyyy, spec §9): '2030-06-03' → '3.6.2030'. */
const shown = (day: string) => `${Number(day.slice(8, 10))}.${Number(day.slice(5, 7))}.${day.slice(0, 4)}`;

/** Follows an in-app link with the keyboard: focus it, press Enter. */
async function followLink(page: Page, name: string) {
  const link = page.getByRole('link', { name, exact: true });
  await link.focus();
  await page.keyboard.press('Enter');
}

describe('scheduler (issue 6: the browser app books a recurring meeting with two rooms)', () => {
  it('plans a weekly meeting part by part, previews every occurrence, takes the suggested room for the one conflict and books the series', async () => {
    const { context, page } = await signedIn(stage, 'employee@acme.test');
    const problems = watchPageProblems(page);
    const admin = await signedIn(stage, 'admin@acme.test');

    // The first Monday at least a week ahead, on the Zurich clock the browser and the rooms share.
    let monday = addDays(wallClockAt(new Date(), 'Europe/Zurich').date, 7);
    while (isoWeekday(monday) !== 1) monday = addDays(monday, 1);
    const rooms = await apiCall<SchedulerResourceList>(page, 'GET', `${API}/scheduler/resources?capacity=4`);
    const [first, second] = rooms.data.filter((room) => room.level.path.endsWith('Floor 3'));
    expect(first && second).toBeTruthy();

    await page.goto(`${stage.server().companyUrl('acme')}/scheduler`);
    const subject = page.getByRole('textbox', { name: 'Subject' });
    await subject.waitFor();
    await expectAxeClean(page);
    await subject.focus();
    await page.keyboard.type('Weekly planning');

    // Date and time.
    await followLink(page, 'Change date and time');
    // Required fields' names end with the required mark.
    const date = page.getByLabel(/^Date/);
    await date.waitFor();
    await date.fill(monday);
    await page.getByLabel(/^Start/).fill('10:00');
    await page.getByLabel(/^End/).fill('11:00');
    await expectAxeClean(page);
    await followLink(page, 'Back');

    // Recurrence: weekly on Monday and Wednesday for four weeks: eight occurrences.
    await followLink(page, 'Change recurrence');
    const repeats = page.getByRole('switch', { name: 'Repeats' });
    await repeats.waitFor();
    await repeats.focus();
    await page.keyboard.press('Space');
    const wednesday = page.getByRole('checkbox', { name: 'Wednesday' });
    await wednesday.focus();
    await page.keyboard.press('Space');
    await page.getByText(`8 occurrences, from ${shown(monday)} to ${shown(addDays(monday, 23))}.`).waitFor();
    await expectAxeClean(page);
    await followLink(page, 'Back');

    // Two rooms of Floor 3.
    await followLink(page, 'Change location');
    for (const room of [first!, second!]) {
      const box = page.getByRole('checkbox', { name: room.name, exact: true });
      await box.focus();
      await page.keyboard.press('Space');
    }
    await page.getByText(`Chosen: ${first!.name}, ${second!.name}`).waitFor();
    await expectAxeClean(page);
    // Its details, from the keyboard.
    await followLink(page, `About ${first!.name}`);
    await page.getByRole('heading', { name: first!.name }).waitFor();
    await expectAxeClean(page);
    await followLink(page, 'Back');
    await followLink(page, 'Back');
    await page.getByText(`${first!.name}, ${second!.name}`).waitFor();
    await expectAxeClean(page);

    // Meanwhile the administrator takes the second room on the second Wednesday.
    const taken = addDays(monday, 9);
    const blocking = await apiCall<SchedulerMeeting>(admin.page, 'POST', `${API}/scheduler`, {
      subject: 'Board',
      attendees: [],
      dateTime: { date: taken, startTime: '10:30', endTime: '11:30' },
      timezone: 'Europe/Zurich',
      rooms: [second!.id],
    });
    expect(blocking.occurrences).toHaveLength(1);

    // The preview lists every occurrence and the one conflict, with a room suggested instead.
    await followLink(page, 'Preview every occurrence');
    await page.getByText('8 occurrences, 1 conflicts.').waitFor();
    const occurrences = page.getByRole('list', { name: 'Occurrences' }).getByRole('listitem');
    expect(await occurrences.count()).toBe(8);
    await page.getByText(`${second!.name} is already booked on ${taken} from 10:00 to 11:00.`).waitFor();
    await expectAxeClean(page);
    const use = page.getByRole('button', {
      name: new RegExp(`^Use .+ on ${shown(taken).replaceAll('.', '\\.')}$`),
    });
    const suggested = (await use.textContent())!.replace(/^Use /, '').replace(` on ${shown(taken)}`, '');
    await use.focus();
    await page.keyboard.press('Enter');
    await page.getByText('8 occurrences, every room free.').waitFor();
    await expectAxeClean(page);

    // Booked from the preview: every occurrence, two rooms each, the suggested one on that date.
    await page.getByRole('button', { name: 'Book the meeting' }).click();
    await page.getByText('“Weekly planning”: 8 occurrences booked.').waitFor();
    const mine = await apiCall<SchedulerMeetingList>(page, 'GET', `${API}/scheduler`);
    const meeting = mine.data.find((m) => m.subject === 'Weekly planning')!;
    expect(meeting.occurrences).toHaveLength(8);
    for (const occurrence of meeting.occurrences) {
      expect(occurrence.rooms).toHaveLength(2);
      // A meeting lists an occurrence's rooms by id, not in the order they were chosen.
      expect(occurrence.rooms.map((room) => room.name).sort()).toEqual(
        [first!.name, occurrence.date === taken ? suggested : second!.name].sort(),
      );
    }
    expect(meeting.occurrences.map((o) => o.date)).toContain(taken);

    // The main screen lists it under my meetings; the services and visitor screens say what they can.
    await followLink(page, 'Back');
    await page.getByRole('list', { name: 'My meetings' }).getByText('Weekly planning').waitFor();
    await followLink(page, 'Change services');
    await page.getByText('No services are ordered with this meeting.').waitFor();
    await expectAxeClean(page);
    expect(problems).toEqual([]);
    await admin.context.close();
    await context.close();
    // Eight axe runs and four screens under full-suite load.
  }, 240_000);

  it('refuses the whole series when a room is taken, saying which date, and books nothing', async () => {
    const { context, page } = await signedIn(stage, 'employee@acme.test');
    let tuesday = addDays(wallClockAt(new Date(), 'Europe/Zurich').date, 14);
    while (isoWeekday(tuesday) !== 2) tuesday = addDays(tuesday, 1);
    const rooms = await apiCall<SchedulerResourceList>(page, 'GET', `${API}/scheduler/resources`);
    const room = rooms.data.find((candidate) => candidate.level.path.endsWith('Floor 2'))!;
    await apiCall(page, 'POST', `${API}/scheduler`, {
      subject: 'Already there',
      attendees: [],
      dateTime: { date: addDays(tuesday, 7), startTime: '15:00', endTime: '16:00' },
      timezone: 'Europe/Zurich',
      rooms: [room.id],
    });
    await page.goto(`${stage.server().companyUrl('acme')}/scheduler`);
    await page.getByRole('textbox', { name: 'Subject' }).fill('Clashing series');
    // The draft is session state: set through the screens' own store by reloading with it stored.
    await page.evaluate(
      ({ tuesday, room }) => {
        const stored = JSON.parse(sessionStorage.getItem('schedulerDraft') ?? '{}') as Record<
          string,
          unknown
        >;
        sessionStorage.setItem(
          'schedulerDraft',
          JSON.stringify({
            ...stored,
            dateTime: { date: tuesday, startTime: '15:00', endTime: '16:00' },
            timezone: 'Europe/Zurich',
            recurrence: {
              dateRange: { start: tuesday, end: tuesday },
              type: 'weekly',
              days: [1],
              interval: 1,
            },
            rooms: [{ id: room.id, name: room.name }],
          }),
        );
      },
      { tuesday, room },
    );
    await page.reload();
    await followLink(page, 'Change recurrence');
    await page.getByLabel('Until').fill(addDays(tuesday, 14));
    await page
      .getByText(`3 occurrences, from ${shown(tuesday)} to ${shown(addDays(tuesday, 14))}.`)
      .waitFor();
    await followLink(page, 'Back');
    await page.getByRole('button', { name: 'Book the meeting' }).click();
    const alert = page.getByRole('alert');
    await alert.getByText(`Nothing was booked: the series conflicts on ${addDays(tuesday, 7)}.`).waitFor();
    await alert
      .getByText(`${room.name} is already booked on ${addDays(tuesday, 7)} from 15:00 to 16:00.`, {
        exact: false,
      })
      .waitFor();
    await expectAxeClean(page);
    const mine = await apiCall<SchedulerMeetingList>(page, 'GET', `${API}/scheduler`);
    expect(mine.data.some((m) => m.subject === 'Clashing series')).toBe(false);
    await context.close();
  });
});
