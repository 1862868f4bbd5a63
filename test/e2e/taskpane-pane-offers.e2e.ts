import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { OutlookRoomList } from '../../src/shared/contract/outlook';
import { newContext, seriousAxeViolations, watchPageProblems } from '../support/browser';
import { outlookOf } from '../support/fake-office';
import { apiCall, signedIn, useServerAndBrowser } from './journeys';
import { at, monday, openPane, OUTLOOK } from './taskpane-journeys';

/**
 * Issue 41, what peers offer in the pane, at 320 px against the demo data: the seats wanted below
 * the invitees, favourites and the user's own floor first, "Request" for a room that needs
 * approval, the room's photo, and a menu whose items all work in the pane.
 */
const stage = useServerAndBrowser();
const WIDTH = 320;
const RESOURCES = '/api/company/v1/resources';
const invitees = (count: number) =>
  Array.from({ length: count }, (_, index) => ({ name: `Guest ${index}`, email: `guest${index}@acme.test` }));

/** The rooms the landing proposes, in its order (each row's button is named after its room). */
async function listed(page: Page): Promise<string[]> {
  const labels = await page
    .getByTestId('room-list')
    .getByRole('button', { name: /^(Book|Request) / })
    .evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label') ?? ''));
  return labels.map((label) => label.replace(/^(Book|Request) /, ''));
}

/** The demo's rooms by name, as the API answers them (ids and levels). */
async function demoRooms(page: Page, date: string) {
  const rooms = await apiCall<OutlookRoomList>(
    page,
    'GET',
    `${OUTLOOK}/resources?start=${encodeURIComponent(at(date, 10))}&end=${encodeURIComponent(at(date, 11))}`,
  );
  return new Map(rooms.data.map((room) => [room.name, room]));
}

const fitsWidth = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(WIDTH);

describe('issue 41: what peers offer in the pane', () => {
  it('proposes rooms for the seats wanted, fewer than the invitees, favourites and the user’s floor first; a room’s info shows its photo', async () => {
    const date = monday(4);
    // The employee likes Jungfrau and works on floor 3 (their default location).
    const { context: web, page: browser } = await signedIn(stage, 'employee@acme.test');
    const rooms = await demoRooms(browser, date);
    const jungfrau = rooms.get('Jungfrau')!;
    await apiCall(browser, 'POST', `${RESOURCES}/${jungfrau.id}/favor`);
    await apiCall(browser, 'PUT', '/api/company/v1/user-preferences/DefaultLocation', {
      value: String(rooms.get('Mönch')!.level.id),
    });
    try {
      const context = await newContext(stage.browser());
      // five invited besides the organiser: six seats to start with
      const page = await openPane(
        stage,
        context,
        {
          meeting: {
            subject: 'Hybrid',
            start: at(date, 10),
            end: at(date, 11),
            requiredAttendees: invitees(5),
          },
        },
        true,
        WIDTH,
      );
      const problems = watchPageProblems(page);
      const seats = page.getByRole('spinbutton', { name: 'Seats needed' });
      await expect.poll(() => seats.inputValue()).toBe('6');
      await page.getByText('6 invited. Remote attendees need no seat.').waitFor();
      // the favourite first, then floor 3 (Säntis seats six), then the others smallest first
      await expect.poll(() => listed(page)).toEqual(['Jungfrau', 'Säntis', 'Eiger', 'Matterhorn']);
      const row = (name: string) =>
        page.getByTestId('room-list').getByRole('listitem').filter({ hasText: name });
      await row('Jungfrau').getByText('Favourite').waitFor();
      await row('Säntis').getByText('Your floor').waitFor();
      expect(
        await row('Eiger')
          .getByText(/Favourite|Your floor/)
          .count(),
      ).toBe(0);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await fitsWidth(page);

      // Four of them join remotely: two seats, from the keyboard.
      await seats.focus();
      await seats.fill('2');
      await page.keyboard.press('Enter');
      await expect.poll(() => listed(page)).toEqual(['Jungfrau', 'Mönch', 'Pilatus', 'Säntis', 'Eiger']);
      // advanced search starts from the same two seats
      await page.getByRole('button', { name: 'Advanced search' }).click();
      await page.getByRole('form', { name: 'Search filters' }).waitFor();
      await expect.poll(() => listed(page)).toContain('Mönch');

      // Room information: the photo (with its alternative text), equipment, level and seats.
      await page.getByRole('button', { name: 'Details of Pilatus' }).click();
      const card = page.getByRole('region', { name: 'Pilatus' });
      await card.waitFor();
      const photo = card.getByRole('img', { name: 'Photo of Pilatus' });
      await photo.waitFor();
      await expect
        .poll(() => photo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0))
        .toBe(true);
      const details = await card
        .locator('dt')
        .evaluateAll((terms) =>
          terms.map((term) => [term.textContent, term.nextElementSibling?.textContent]),
        );
      expect(details).toEqual(
        expect.arrayContaining([
          ['Location', 'Acme HQ › Building A › Floor 3'],
          ['Seats', '4'],
          ['Equipment', 'Whiteboard'],
        ]),
      );
      await card.getByText('Your floor').waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
      await fitsWidth(page);
      expect(problems).toEqual([]);
      await context.close();
    } finally {
      await apiCall(browser, 'POST', `${RESOURCES}/${jungfrau.id}/disfavor`);
      await apiCall(browser, 'DELETE', '/api/company/v1/user-preferences/DefaultLocation');
      await web.close();
    }
  });

  it('requests a room that needs approval, says so in the pane and Outlook’s info bar, and the menu’s items all work in the pane', async () => {
    const date = monday(5);
    const { context: admin, page: adminPage } = await signedIn(stage, 'admin@acme.test');
    const eiger = (await demoRooms(adminPage, date)).get('Eiger')!;
    await apiCall(adminPage, 'PUT', `${RESOURCES}/${eiger.id}`, { resource_model: 'on_request' });
    try {
      const context = await newContext(stage.browser());
      const page = await openPane(
        stage,
        context,
        {
          meeting: { subject: 'Board', start: at(date, 10), end: at(date, 11) },
          roomNames: { 'room-eiger@acme.test': 'Eiger' },
        },
        true,
        WIDTH,
      );
      const problems = watchPageProblems(page);
      await expect.poll(() => listed(page)).toEqual(['Mönch', 'Pilatus', 'Säntis', 'Eiger', 'Jungfrau']);
      const eigerRow = page.getByTestId('room-list').getByRole('listitem').filter({ hasText: 'Eiger' });
      await eigerRow.getByText('Needs approval').waitFor();
      const request = eigerRow.getByRole('button', { name: 'Request Eiger' });
      expect(await request.textContent()).toBe('Request');
      await request.click();
      await page
        .getByText('This room needs approval: your booking is a request until an approver accepts it.')
        .waitFor();
      await page.getByRole('button', { name: 'Request Eiger for this meeting' }).click();

      // Requested, not booked: in the pane and in Outlook's info bar
      await page.getByText('Requested Eiger for this meeting – waiting for approval.').first().waitFor();
      await expect
        .poll(() => page.getByTestId('booked-room-state').textContent())
        .toContain('Requested – waiting for approval');
      const outlook = await outlookOf(page).state();
      expect(Object.values(outlook.notifications).map((notice) => notice.message)).toEqual([
        'Requested Eiger for this meeting – waiting for approval.',
      ]);
      expect(outlook.locations.map((location) => location.email)).toContain('room-eiger@acme.test');
      expect(await seriousAxeViolations(page)).toEqual([]);
      await fitsWidth(page);

      // The menu: pane screens only, each opening in the pane.
      const openMenu = async () => {
        await page.getByRole('button', { name: 'Menu' }).click();
        const nav = page.getByRole('navigation', { name: 'Menu' });
        await nav.waitFor();
        return nav;
      };
      let menu = await openMenu();
      expect(await menu.getByRole('link').allTextContents()).toEqual([
        'Book a room',
        'Advanced search',
        'Your booked rooms',
        'Desk or parking',
        'Help and support',
      ]);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await menu.getByRole('link', { name: 'Your booked rooms' }).click();
      const booked = page.getByRole('list', { name: 'Your booked rooms' });
      await booked.waitFor();
      const mine = booked.getByRole('listitem').filter({ hasText: 'Eiger' });
      await mine.getByText('Requested – waiting for approval').waitFor();
      await mine.getByText('This meeting').waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
      await fitsWidth(page);

      menu = await openMenu();
      await menu.getByRole('link', { name: 'Advanced search' }).click();
      await page.getByRole('form', { name: 'Search filters' }).waitFor();

      menu = await openMenu();
      await menu.getByRole('link', { name: 'Help and support' }).click();
      // opened in the user's browser (OpenBrowserWindowApi), not in the pane
      await expect
        .poll(async () => (await outlookOf(page).state()).browserWindows)
        .toEqual([`${stage.server().masterUrl}/addin-support.html`]);
      await page.keyboard.press('Escape');

      menu = await openMenu();
      await menu.getByRole('link', { name: 'Book a room' }).click();
      await page.getByTestId('booked-room').getByText('Eiger').waitFor();
      expect(problems).toEqual([]);
      await context.close();
    } finally {
      await apiCall(adminPage, 'PUT', `${RESOURCES}/${eiger.id}`, { resource_model: 'bookable' });
      await admin.close();
    }
  });
});
