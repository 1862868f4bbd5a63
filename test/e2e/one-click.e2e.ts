import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { zonedInstant } from '../../src/shared/time/zone';
import { newContext, seriousAxeViolations, watchPageProblems } from '../support/browser';
import { apiCall, logIn, useServerAndBrowser } from './journeys';

/**
 * Issue 46 acceptance: an employee with a plan widget books their default slot with one tap and
 * sees the pass; find-person shows a colleague's desk on the floor plan, and no longer once the
 * colleague hides themselves in their profile. The test owns both clocks (a Tuesday morning, when
 * the demo floors are open), so it passes whatever the hour it runs at.
 */
const stage = useServerAndBrowser({}, { clock: true });
const ZONE = 'Europe/Zurich';
const TODAY = '2027-02-09';
const at = (hours: number, minutes = 0) => zonedInstant(TODAY, hours * 60 + minutes, ZONE);

async function signedIn(context: BrowserContext, email: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${stage.server().companyUrl('acme')}/login`);
  await logIn(page, email);
  await page.waitForURL((url) => url.pathname !== '/login');
  return page;
}

async function openedAt(instant: Date): Promise<BrowserContext> {
  const context = await newContext(stage.browser());
  await context.clock.install({ time: instant });
  return context;
}

describe('issue 46 acceptance: one tap books the default slot; find-person shows where a colleague sits', () => {
  it('books with one tap from a plan widget and shows the pass', async () => {
    await stage.server().setClock(at(9, 30));
    const context = await openedAt(at(9, 30));
    const page = await signedIn(context, 'employee@acme.test');
    const problems = watchPageProblems(page);
    const base = stage.server().companyUrl('acme');

    // The employee adds a plan widget for Floor 3 in the settings.
    await page.goto(`${base}/one-click/settings/plan/add`);
    await page.getByRole('searchbox', { name: 'Search a location' }).fill('Floor 3');
    await page.getByRole('link', { name: 'Choose Floor 3' }).first().click();
    await page.waitForURL((url) => /^\/one-click\/settings\/plan\/level\/\d+$/.test(url.pathname));
    await page.getByRole('button', { name: 'Save the plan' }).click();
    await page.waitForURL((url) => url.pathname === '/one-click/settings/plan/set-plan');
    await page.getByText('Floor 3', { exact: true }).waitFor();

    // On the page, at a phone's width, the widget offers the next hour (the default slot) today.
    await page.setViewportSize({ width: 360, height: 640 });
    await page.goto(`${base}/one-click`);
    const card = page.getByRole('group', { name: 'Floor 3' });
    await card.getByText('Next: 09:00–10:00 today').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    // One tap: booked, and the pass shows.
    await card.getByRole('button', { name: 'Book Floor 3 now' }).click();
    await page.waitForURL((url) => /^\/pass\/\d+$/.test(url.pathname));
    await page.getByRole('img', { name: /^QR code of the pass for / }).waitFor();
    const bookings = await apiCall<{ data: Array<{ starts_at: string; resource: { path: string } }> }>(
      page,
      'GET',
      `/api/company/v1/declarations?date_from=${TODAY}&date_to=${TODAY}`,
    );
    expect(bookings.data).toHaveLength(1);
    expect(new Date(bookings.data[0]!.starts_at).getTime()).toBe(at(9).getTime());
    expect(bookings.data[0]!.resource.path).toContain('Floor 3');

    expect(problems).toEqual([]);
    await context.close();
  });

  it('finds a colleague’s desk on the floor plan, and not after the colleague hides themselves', async () => {
    await stage.server().setClock(at(10, 15));
    const adminContext = await openedAt(at(10, 15));
    const admin = await signedIn(adminContext, 'admin@acme.test');
    const base = stage.server().companyUrl('acme');
    // The administrator sits at the first desk of Floor 2 this morning.
    const levels = await apiCall<{ data: Array<{ id: number; path: string }> }>(
      admin,
      'GET',
      '/api/company/v1/levels/all?depth=ALL',
    );
    const floor = levels.data.find((level) => level.path.endsWith('Floor 2'))!;
    const desks = await apiCall<{ data: Array<{ id: number; name: string; map_x: number | null }> }>(
      admin,
      'GET',
      `/api/company/v1/levels/${floor.id}/resources/all`,
    );
    const desk = desks.data.find((resource) => /^Desk/.test(resource.name) && resource.map_x !== null)!;
    await apiCall(admin, 'POST', '/api/company/v1/declarations', {
      resource_id: desk.id,
      slots: [{ datetime_from: at(10).toISOString(), datetime_to: at(11).toISOString() }],
    });

    const context = await openedAt(at(10, 15));
    const page = await signedIn(context, 'employee@acme.test');
    const problems = watchPageProblems(page);
    await page.goto(`${base}/one-click/find-person`);
    await page.getByRole('searchbox', { name: 'Name or e-mail' }).fill('Ada');
    await page.getByRole('link', { name: 'Where is Ada Admin?' }).click();
    await page.waitForURL((url) => url.pathname === '/one-click/find-person/map');
    await page.getByRole('heading', { name: 'Ada Admin' }).waitFor();
    const places = page.getByRole('list', { name: 'Places today' });
    await places.getByText(desk.name, { exact: true }).waitFor();
    // on the floor plan: the desk where she sits, and a free one beside her to book
    await page.getByRole('button', { name: `${desk.name}: Sits here` }).waitFor();
    const nearby = page.getByRole('link', { name: /^Book .+ next to them$/ });
    await nearby.waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    const personMap = page.url();

    // She hides herself in her profile.
    await admin.goto(`${base}/profile`);
    const privacy = admin.getByRole('switch', { name: 'Colleagues can find where I sit' });
    await privacy.waitFor();
    expect(await privacy.isChecked()).toBe(true);
    await privacy.click();
    await expect.poll(() => privacy.isChecked()).toBe(false);

    // Find-person no longer finds her, nor shows where she sits.
    await page.goto(`${base}/one-click/find-person`);
    await page.getByRole('searchbox', { name: 'Name or e-mail' }).fill('Ada');
    await page.getByText('Nobody found.').waitFor();
    await page.goto(personMap);
    await page.getByText('This person cannot be found.').waitFor();
    expect(await page.getByText(desk.name, { exact: true }).count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
    await adminContext.close();
  });
});
