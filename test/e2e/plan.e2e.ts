import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { calendarDateIn } from '../../src/shared/time/calendar-date';
import { addDays, isoWeekday, zonedInstant } from '../../src/shared/time/zone';
import { seriousAxeViolations, watchPageProblems } from '../support/browser';
import { newContext } from '../support/browser';
import { apiCall, logIn, openPlanLevel, useServerAndBrowser } from './journeys';

const stage = useServerAndBrowser();
const ZONE = 'Europe/Zurich';

/** The next Monday-to-Friday day after today in acme's zone, where the demo desks are open. */
function nextWorkday(): string {
  let date = addDays(calendarDateIn(ZONE), 1);
  while (isoWeekday(date) > 5) date = addDays(date, 1);
  return date;
}

const hour = (date: string, from: number) => ({
  datetime_from: zonedInstant(date, from * 60, ZONE).toISOString(),
  datetime_to: zonedInstant(date, (from + 1) * 60, ZONE).toISOString(),
});

/** Books through the API with the page's own session, as another browser would. */
async function bookThroughApi(page: Page, resourceId: number, date: string, from: number): Promise<number> {
  return page.evaluate(
    async ({ id, slot }) => {
      const answer = await fetch('/api/company/v1/declarations', {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${localStorage.getItem('atApp')}`,
          Subdomain: 'acme',
          'Content-Type': 'application/json',
        },
        body: JSON.stringify({ resource_id: id, slots: [slot] }),
      });
      return answer.status;
    },
    { id: resourceId, slot: hour(date, from) },
  );
}

/**
 * Signs in on acme and waits for the landing screen: the employee's start-up page is the plan
 * (demo StartUpPage PLAN), the administrator's home.
 */
async function signedIn(_stage: typeof stage, email: string) {
  const context = await newContext(stage.browser());
  const page = await context.newPage();
  await page.goto(`${stage.server().companyUrl('acme')}/login`);
  await logIn(page, email);
  await page.waitForURL((url) => url.pathname !== '/login');
  return { context, page };
}

/** A slot button: its time and state, which Chrome reads as '10:00–11:00 , Free'. */
const slotButton = (page: Page, time: string, state: string) =>
  page.getByRole('button', { name: new RegExp(`^${time}\\s*,\\s*${state}`) });

const levelPath = (url: string) => /^\/plan\/(\d+)/.exec(new URL(url).pathname)?.[1];

/** The markers' names the map shows (placeLabels hides those with no room), with their boxes. */
function shownNames(page: Page) {
  return page.locator('.leaflet-marker-icon [aria-hidden="true"]').evaluateAll((names) =>
    names
      .filter((name) => getComputedStyle(name).visibility === 'visible')
      .map((name) => {
        const box = name.getBoundingClientRect();
        return { text: name.textContent, left: box.left, top: box.top, right: box.right, bottom: box.bottom };
      }),
  );
}

function expectApart(
  boxes: Array<{ text: string | null; left: number; top: number; right: number; bottom: number }>,
) {
  for (const [index, a] of boxes.entries())
    for (const b of boxes.slice(index + 1))
      expect(
        a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom,
        `${a.text} and ${b.text} overlap`,
      ).toBe(false);
}

describe('spec §2 Plan', () => {
  it('the location picker: the default level selected, non-declarable levels marked and closed, the search, favourites only for level editors', async () => {
    const { context, page } = await signedIn(stage, 'employee@acme.test');
    const problems = watchPageProblems(page);
    const base = stage.server().companyUrl('acme');
    await page.goto(`${base}/plan`);
    // Floor 1 is acme's default level: selected at once.
    await page.waitForURL((url) => /^\/plan\/\d+$/.test(url.pathname));
    const selected = page.getByRole('region', { name: 'Selected location' });
    await selected.getByRole('button', { name: 'Floor 1', exact: true }).waitFor();
    const all = page.getByRole('region', { name: 'All locations and favorites' });
    await expect
      .poll(() => all.getByRole('button', { name: 'Acme HQ', exact: true }).isDisabled())
      .toBe(true);
    expect(await all.getByRole('img', { name: 'Cannot be booked' }).count()).toBeGreaterThan(0);
    expect(await all.getByRole('img', { name: 'Has a floor map' }).count()).toBeGreaterThan(0);
    // An employee (PLAN only) cannot change favourites.
    expect(await all.getByRole('button', { name: 'Add Floor 2 to favorites' }).isDisabled()).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.getByRole('searchbox', { name: 'Search locations' }).fill('Parking');
    const results = page.getByRole('region', { name: 'Search results' });
    await results.getByRole('button', { name: 'Parking', exact: true }).waitFor();
    expect(problems).toEqual([]);
    await context.close();

    const admin = await signedIn(stage, 'admin@acme.test');
    await admin.page.goto(`${base}/plan`);
    await admin.page.waitForURL((url) => /^\/plan\/\d+$/.test(url.pathname));
    const favorite = admin.page
      .getByRole('region', { name: 'All locations and favorites' })
      .getByRole('button', { name: 'Add Floor 2 to favorites' });
    await favorite.click();
    await admin.page
      .getByRole('region', { name: 'All locations and favorites' })
      .getByRole('button', { name: 'Remove Floor 2 from favorites' })
      .waitFor();
    await admin.context.close();
  });

  it('books a desk from its slots, shows the server’s conflict message, and books from the map', async () => {
    const { context, page } = await signedIn(stage, 'employee@acme.test');
    const problems = watchPageProblems(page);
    const base = stage.server().companyUrl('acme');
    const date = nextWorkday();
    await openPlanLevel(page, base, 'Floor 2');
    await page.waitForURL((url) => /^\/plan\/\d+\/resources$/.test(url.pathname));
    const floorId = levelPath(page.url());
    await page.getByRole('link', { name: 'Desk 2.01' }).waitFor();
    await page
      .getByText(/% booked/)
      .first()
      .waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    // The resource's slots: the day, a free hour, Book.
    await page.getByRole('link', { name: 'Desk 2.01' }).click();
    await page.getByLabel('Date').fill(date);
    const ten = slotButton(page, '10:00–11:00', 'Free');
    await ten.waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await ten.click();
    await page.getByRole('button', { name: 'Book', exact: true }).click();
    await page.getByText(`Desk 2.01 is booked for 10:00–11:00.`).waitFor();
    await slotButton(page, '10:00–11:00', 'Booked by you').waitFor();

    // spec §2 planResourceLimit: the employee may hold one place a day, and holds it now. This
    // desk's other hours are the same place; another desk is not.
    await page.getByText('You hold 1 of your 1 places on this day.').waitFor();
    await slotButton(page, '11:00–12:00', 'Free').click();
    expect(await page.getByRole('button', { name: 'Book', exact: true }).isDisabled()).toBe(false);
    const deskId = Number(/resource\/(\d+)$/.exec(new URL(page.url()).pathname)![1]);
    await page.goto(`${base}/plan/${floorId}/resources`);
    await page.getByRole('link', { name: 'Desk 2.02' }).click();
    await page.getByLabel('Date').fill(date);
    await slotButton(page, '11:00–12:00', 'Free').click();
    await page.getByText('You have reached your limit of places for this day.').waitFor();
    expect(await page.getByRole('button', { name: 'Book', exact: true }).isDisabled()).toBe(true);
    expect(problems).toEqual([]);

    // The administrator (no limit) is on the same desk the next day when the employee takes 11:00:
    // the server's refusal names the desk.
    const admin = await signedIn(stage, 'admin@acme.test');
    const later = addDays(date, isoWeekday(date) === 5 ? 3 : 1);
    await admin.page.goto(`${base}/plan/${floorId}/resources/resource/${deskId}`);
    await admin.page.getByLabel('Date').fill(later);
    await slotButton(admin.page, '11:00–12:00', 'Free').click();
    expect(await bookThroughApi(page, deskId, later, 11)).toBe(201);
    await admin.page.getByRole('button', { name: 'Book', exact: true }).click();
    const alert = admin.page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toMatch(/Desk 2\.01/);
    await context.close();

    // The map: choose a level slot, open the map, book a desk from its marker with the keyboard.
    const mapPage = admin.page;
    await mapPage.goto(`${base}/plan/${floorId}/resources/slots`);
    await mapPage.getByLabel('Date').fill(date);
    await slotButton(mapPage, '14:00–15:00', 'Free').click();
    await mapPage.getByRole('button', { name: 'Map' }).click();
    await mapPage.waitForURL((url) => url.pathname === `/plan/${floorId}/resources/slots/maps`);
    const marker = mapPage.getByRole('button', { name: /^Desk 2\.03, \d+% booked, Free$/ });
    await marker.waitFor();
    expect(await seriousAxeViolations(mapPage)).toEqual([]);
    // issue 40: the markers carry their names, never one over another, on a desk and on a phone.
    await expect
      .poll(async () => (await shownNames(mapPage)).map((name) => name.text))
      .toContain('Desk 2.03');
    expectApart(await shownNames(mapPage));
    await mapPage.setViewportSize({ width: 360, height: 640 });
    await expect.poll(async () => (await shownNames(mapPage)).length).toBeGreaterThan(0);
    expectApart(await shownNames(mapPage));
    await mapPage.setViewportSize({ width: 1280, height: 720 });
    await marker.focus();
    await mapPage.keyboard.press('Enter');
    await mapPage.getByRole('group', { name: 'Book' }).getByText('Book Desk 2.03 for 14:00–15:00?').waitFor();
    await mapPage
      .getByRole('group', { name: 'Book' })
      .getByRole('button', { name: 'Book', exact: true })
      .click();
    await mapPage.getByText('Desk 2.03 is booked for 14:00–15:00.').waitFor();
    await mapPage.getByRole('button', { name: /^Desk 2\.03, \d+% booked, Booked by you$/ }).waitFor();
    await admin.context.close();
  });

  it('writes the slots in the user’s clock (DateTimeMode am-pm) and groups them by the part of the day', async () => {
    const { context, page } = await signedIn(stage, 'employee@acme.test');
    const problems = watchPageProblems(page);
    const base = stage.server().companyUrl('acme');
    const setMyPreference = (key: string, value: string | null) =>
      value === null
        ? apiCall(page, 'DELETE', `/api/company/v1/user-preferences/${key}`)
        : apiCall(page, 'PUT', `/api/company/v1/user-preferences/${key}`, { value });
    await setMyPreference('DateTimeMode', 'am-pm');
    await setMyPreference('AfternoonFrom', '13:00');
    try {
      await openPlanLevel(page, base, 'Floor 2');
      await page.getByRole('link', { name: 'Desk 2.03' }).click();
      await page.getByLabel('Date').fill(nextWorkday());
      // (free or not: the test before may have used up the employee's place of that day)
      await page.getByRole('button', { name: /^2:00 PM–3:00 PM\s*,/ }).waitFor();
      // 12:00 is still morning for this user; 13:00 starts the afternoon
      const morning = page.getByRole('list', { name: 'Morning' });
      const afternoon = page.getByRole('list', { name: 'Afternoon' });
      await morning.getByRole('button', { name: /^12:00 PM–1:00 PM/ }).waitFor();
      await afternoon.getByRole('button', { name: /^1:00 PM–2:00 PM/ }).waitFor();
      expect(await page.getByRole('button', { name: /^14:00/ }).count()).toBe(0);
      expect(await seriousAxeViolations(page)).toEqual([]);
    } finally {
      await setMyPreference('DateTimeMode', null);
      await setMyPreference('AfternoonFrom', null);
    }
    expect(problems).toEqual([]);
    await context.close();
  });
});
