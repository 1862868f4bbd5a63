import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addDays } from '../../src/shared/time/zone';
import { newContext, seriousAxeViolations, watchPageProblems } from '../support/browser';
import { outlookOf, type FakeRecurrence } from '../support/fake-office';
import { useServerAndBrowser } from './journeys';
import { at, monday, openPane, takeRoomAsAdmin } from './taskpane-journeys';

// The task pane's sub-screens (spec §2 /outlook: advanced-search with its map, duration,
// recurrence, info/{resource_id}) at Outlook's 350 px, against the demo data, from the keyboard.
const stage = useServerAndBrowser();

/** Operates a control the way a keyboard user does: focus reaches it, Enter (or Space) acts. */
async function press(page: Page, control: Locator, key: 'Enter' | 'Space' = 'Enter'): Promise<void> {
  await control.focus();
  expect(await control.evaluate((element) => element === document.activeElement)).toBe(true);
  await page.keyboard.press(key);
}

/** Picks an option of a Fluent dropdown from the keyboard: Enter opens it, arrows move, Enter picks. */
async function pickOption(page: Page, combobox: Locator, option: string): Promise<void> {
  await press(page, combobox);
  const listbox = page.getByRole('listbox');
  await listbox.waitFor();
  const options = await listbox.getByRole('option').allTextContents();
  const index = options.indexOf(option);
  expect(index, `${option} in ${options.join(', ')}`).toBeGreaterThanOrEqual(0);
  await page.keyboard.press('Home');
  for (let step = 0; step < index; step++) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await listbox.waitFor({ state: 'hidden' });
  await expect.poll(() => combobox.textContent()).toBe(option);
}

/** The rooms a list offers, in its order (each row's book button is named after its room). */
async function listed(page: Page): Promise<string[]> {
  const labels = await page
    .getByTestId('room-list')
    .getByRole('button', { name: /^Book / })
    .evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label') ?? ''));
  return labels.map((label) => label.replace(/^Book /, ''));
}

const expectListed = (page: Page, rooms: string[]) =>
  expect.poll(() => listed(page)).toEqual(rooms);

describe('the Outlook task pane’s screens', () => {
  it('advanced search narrows the free rooms by level, seats, type and equipment, and its map chooses one', async () => {
    const context = await newContext(stage.browser());
    const date = monday(4);
    // The organizer alone: one seat, so every room (and a desk) can answer.
    const page = await openPane(stage, context, {
      meeting: { subject: 'Search', start: at(date, 10), end: at(date, 11) },
    });
    const problems = watchPageProblems(page);
    await press(page, page.getByRole('button', { name: 'Advanced search' }));
    const form = page.getByRole('form', { name: 'Search filters' });
    await form.waitFor();

    // Meeting rooms on every level, smallest first (the demo's six rooms, 2 to 20 seats).
    await expectListed(page, ['Mönch', 'Pilatus', 'Säntis', 'Eiger', 'Jungfrau', 'Matterhorn']);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await pickOption(page, form.getByRole('combobox', { name: 'Level' }), 'Acme HQ / Building A / Floor 3');
    await expectListed(page, ['Mönch', 'Pilatus', 'Säntis']);

    const seats = form.getByRole('spinbutton', { name: 'At least this many seats' });
    await seats.focus();
    await page.keyboard.type('5');
    await page.keyboard.press('Enter');
    await expectListed(page, ['Säntis']);

    await pickOption(page, form.getByRole('combobox', { name: 'Level' }), 'Any level');
    await expectListed(page, ['Säntis', 'Eiger', 'Jungfrau', 'Matterhorn']);

    await press(page, form.getByRole('checkbox', { name: 'Whiteboard' }), 'Space');
    await expectListed(page, ['Eiger', 'Matterhorn']);
    await press(page, form.getByRole('checkbox', { name: 'Wheelchair access' }), 'Space');
    await expectListed(page, ['Matterhorn']);
    await press(page, form.getByRole('checkbox', { name: 'Video conferencing' }), 'Space');
    await expectListed(page, ['Matterhorn']);
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Another type: desks on floor 1 with step-free access (the demo's first two).
    await press(page, form.getByRole('checkbox', { name: 'Whiteboard' }), 'Space');
    await press(page, form.getByRole('checkbox', { name: 'Video conferencing' }), 'Space');
    await seats.fill('');
    await seats.press('Enter');
    await pickOption(page, form.getByRole('combobox', { name: 'Type' }), 'Desk');
    await pickOption(page, form.getByRole('combobox', { name: 'Level' }), 'Acme HQ / Building A / Floor 1');
    await expectListed(page, ['Desk 1.01', 'Desk 1.02']);
    await press(page, form.getByRole('checkbox', { name: 'Wheelchair access' }), 'Space');
    await expect.poll(() => listed(page)).toEqual(expect.arrayContaining(['Desk 1.03', 'Desk 1.04']));

    // Back to meeting rooms on floor 3: the map shows them and one is chosen from the keyboard.
    await pickOption(page, form.getByRole('combobox', { name: 'Type' }), 'Meeting room');
    await pickOption(page, form.getByRole('combobox', { name: 'Level' }), 'Acme HQ / Building A / Floor 3');
    await expectListed(page, ['Mönch', 'Pilatus', 'Säntis']);
    await press(page, form.getByRole('button', { name: 'Map' }));
    const plan = page.getByRole('group', { name: 'Free rooms on Acme HQ › Building A › Floor 3' });
    await plan.waitFor();
    const markers = plan.getByRole('button');
    await expect
      .poll(async () =>
        (await markers.evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label'))))
          .map((label) => label?.replace(/, placed at .*$/, ''))
          .sort(),
      )
      .toEqual(['Mönch', 'Pilatus', 'Säntis']);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await press(page, plan.getByRole('button', { name: /^Säntis, placed at/ }));
    await page.getByRole('heading', { name: 'Säntis' }).waitFor();
    await page.getByRole('button', { name: 'Book Säntis' }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('info shows a room’s details', async () => {
    const context = await newContext(stage.browser());
    const date = monday(4);
    const page = await openPane(stage, context, {
      meeting: { subject: 'Details', start: at(date, 14), end: at(date, 15) },
    });
    const problems = watchPageProblems(page);
    await expectListed(page, ['Mönch', 'Pilatus', 'Säntis', 'Eiger', 'Jungfrau']);
    await press(page, page.getByRole('button', { name: 'Details of Pilatus' }));
    const card = page.getByRole('region', { name: 'Pilatus' });
    await card.waitFor();
    const details = await card
      .locator('dt')
      .evaluateAll((terms) =>
        terms.map((term) => [term.textContent, term.nextElementSibling?.textContent ?? null]),
      );
    expect(details).toEqual([
      ['Location', 'Acme HQ › Building A › Floor 3'],
      ['Type', 'Meeting room'],
      ['Seats', '4'],
      ['Mailbox', 'room-pilatus@acme.test'],
      ['Equipment', 'Whiteboard'],
    ]);
    await card.getByText('Meeting room for up to 4 people.').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    // Booking it from here goes on to add-resource with this room.
    await press(page, card.getByRole('button', { name: 'Book Pilatus' }));
    await page.getByRole('button', { name: 'Book Pilatus for this meeting' }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('duration writes the new end to Outlook in UTC and the proposals follow it', async () => {
    const date = monday(5);
    // Pilatus is taken for the meeting's second half hour: free only if the meeting is shorter.
    await takeRoomAsAdmin(stage, 'Pilatus', { start: at(date, 9, 30), end: at(date, 10) });
    const context = await newContext(stage.browser());
    const page = await openPane(stage, context, {
      meeting: {
        subject: 'Shorter',
        start: at(date, 9),
        end: at(date, 10),
        requiredAttendees: [{ name: 'Ada', email: 'ada@acme.test' }],
      },
    });
    const problems = watchPageProblems(page);
    await expectListed(page, ['Mönch', 'Säntis', 'Eiger', 'Jungfrau', 'Matterhorn']);

    await press(page, page.getByRole('button', { name: 'Duration' }));
    const group = page.getByRole('radiogroup', { name: 'Duration' });
    await group.waitFor();
    expect(await group.getByRole('radio', { name: '1 h', exact: true }).isChecked()).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    // Arrow keys move the choice in a radio group: 1 h → 45 min → 30 min.
    await group.getByRole('radio', { name: '1 h', exact: true }).focus();
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    expect(await group.getByRole('radio', { name: '30 min', exact: true }).isChecked()).toBe(true);
    await press(page, page.getByRole('button', { name: 'Apply' }));

    // Outlook holds the new end, as a UTC instant; the start did not move.
    await expect.poll(async () => (await outlookOf(page).state()).end).toBe(at(date, 9, 30));
    const state = await outlookOf(page).state();
    expect(state.start).toBe(at(date, 9));
    expect(state.calls).toContain('end.setAsync');
    // Back on the landing, the meeting ends at 09:30 and Pilatus is free for it.
    await page.getByTestId('meeting-end').getByText(/09:30/).waitFor();
    await expectListed(page, ['Mönch', 'Pilatus', 'Säntis', 'Eiger', 'Jungfrau']);
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('recurrence lists the series Outlook describes, and follows it when it changes', async () => {
    const first = monday(6);
    const weekly = (weeks: number): FakeRecurrence => ({
      recurrenceType: 'weekly',
      recurrenceProperties: { interval: 1, days: ['mon'] },
      seriesTime: {
        startDate: first,
        endDate: addDays(first, (weeks - 1) * 7),
        startTime: '08:00',
        endTime: '09:00',
        durationMinutes: 60,
      },
      recurrenceTimeZone: { name: 'W. Europe Standard Time' },
    });
    const context = await newContext(stage.browser());
    const page = await openPane(stage, context, {
      meeting: { subject: 'Weekly', start: at(first, 8), end: at(first, 9), recurrence: weekly(4) },
    });
    const problems = watchPageProblems(page);
    expect((await outlookOf(page).state()).calls).toContain('recurrence.getAsync');
    await press(page, page.getByRole('button', { name: 'Occurrences' }));
    const list = page.getByTestId('occurrence-list');
    await list.waitFor();
    await page.getByRole('heading', { name: '4 occurrences' }).waitFor();
    const rows = list.getByRole('listitem');
    expect(await rows.count()).toBe(4);
    for (const [index, row] of (await rows.all()).entries()) {
      const date = addDays(first, index * 7);
      // shown in the user's zone (Zurich): 08:00–09:00 on each Monday, and no room yet
      const text = (await row.textContent()) ?? '';
      expect(text).toContain('08:00');
      expect(text).toContain('09:00');
      expect(text).toContain('No room');
      expect(text).toMatch(new RegExp(`${Number(date.slice(8))}`));
    }
    expect(await seriousAxeViolations(page)).toEqual([]);

    // The organizer makes it six weeks in Outlook: the list follows.
    await outlookOf(page).changeRecurrence(weekly(6));
    await page.getByRole('heading', { name: '6 occurrences' }).waitFor();
    expect(await rows.count()).toBe(6);
    expect(problems).toEqual([]);
    await context.close();
  });
});
