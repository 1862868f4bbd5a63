import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousAxeViolations, watchPageProblems } from '../support/browser';
import { apiCall, expectPath, expectRefused, signedIn, useServerAndBrowser } from './journeys';

const stage = useServerAndBrowser();

const PICTURE = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="320" height="200">' +
    '<rect x="0" y="0" width="320" height="200" fill="#4a7"/><circle cx="160" cy="100" r="60" fill="#fff"/></svg>',
);

/** A fresh room on Building A's first floor, so the journey starts from nothing set. */
async function givenRoom(page: Page, name: string): Promise<number> {
  const session = await apiCall<{ company: { language_id: number } }>(
    page,
    'GET',
    '/api/company/v1/initial-data',
  );
  const levels = await apiCall<{ data: { id: number; path: string }[] }>(
    page,
    'GET',
    '/api/company/v1/levels/all?depth=ALL&per_page=200',
  );
  const types = await apiCall<{ data: { id: number; key: string }[] }>(
    page,
    'GET',
    '/api/company/v1/resource-types/all',
  );
  const level =
    levels.data.find((candidate) => /Building A \/ Floor 1$/.test(candidate.path)) ?? levels.data[0]!;
  const type = types.data.find((candidate) => /room/.test(candidate.key)) ?? types.data[0]!;
  const created = await apiCall<{ id: number }>(page, 'POST', '/api/company/v1/resources', {
    level_id: level.id,
    resource_type_id: type.id,
    capacity: 6,
    translations: [{ language_id: session.company.language_id, name }],
  });
  return created.id;
}

async function expectAccessible(page: Page): Promise<void> {
  // Polled: a dialog fading in or out is briefly low-contrast.
  await expect.poll(() => seriousAxeViolations(page)).toEqual([]);
}

describe('resource settings', () => {
  it('lets the administrator set bookable times and closures, a price and a picture from the resource’s hub', async () => {
    const { context, page } = await signedIn(stage, 'admin@acme.test');
    const problems = watchPageProblems(page);
    const base = stage.server().companyUrl('acme');
    const id = await givenRoom(page, 'Focus room E2E');

    await page.goto(`${base}/resources/edit/${id}`);
    await page.getByRole('heading', { name: 'Focus room E2E' }).waitFor();
    await expectAccessible(page);

    // Bookable times: none yet, so the level's working hours apply.
    await page.getByRole('link', { name: 'Availability', exact: true }).click();
    await expectPath(page, `/resources/edit/${id}/availability`);
    await page.getByText(/No bookable times are set/).waitFor();
    await expectAccessible(page);

    await page.getByRole('link', { name: /Add availability/ }).click();
    await expectPath(page, `/resources/edit/${id}/availability/add-availability`);
    await page.getByLabel('To (time)').fill('07:00');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('The end time must be after the start time.').waitFor();
    await page.getByLabel('To (time)').fill('17:00');
    await page.getByRole('checkbox', { name: 'Saturday' }).check();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Save' }).click();
    await expectPath(page, `/resources/edit/${id}/availability`);
    await page.getByRole('link', { name: 'Mon–Sat, 08:00–17:00' }).click();

    await page.waitForURL((url) => /\/availability\/edit-availability\/\d+\/\d+$/.test(url.pathname));
    await page.getByRole('checkbox', { name: 'Saturday' }).uncheck();
    await page.getByLabel('First day (optional)').fill('2030-06-01');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Save' }).click();
    await expectPath(page, `/resources/edit/${id}/availability`);
    await page.getByRole('link', { name: 'Mon–Fri, 08:00–17:00' }).waitFor();
    await page.getByText('from 1.6.2030').waitFor();

    // A closure: typed in the browser's zone (Europe/Zurich), stored as UTC.
    await page.getByRole('link', { name: /Add unavailability/ }).click();
    await expectPath(page, `/resources/edit/${id}/availability/add-unavailability`);
    await page.getByLabel('From', { exact: true }).fill('2030-06-03T08:00');
    await page.getByLabel('To', { exact: true }).fill('2030-06-03T07:00');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('The end must be after the start.').waitFor();
    await page.getByLabel('To', { exact: true }).fill('2030-06-04T18:00');
    await page.getByLabel('Reason (optional)').fill('Painting');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Save' }).click();
    await expectPath(page, `/resources/edit/${id}/availability`);
    await page.getByText('Painting', { exact: true }).waitFor();
    const stored = await apiCall<{ data: { starts_at: string; ends_at: string }[] }>(
      page,
      'GET',
      `/api/company/v1/resources/${id}/unavailabilities`,
    );
    expect(stored.data.map((item) => [Date.parse(item.starts_at), Date.parse(item.ends_at)])).toEqual([
      [Date.parse('2030-06-03T06:00:00Z'), Date.parse('2030-06-04T16:00:00Z')],
    ]);
    await expectAccessible(page);

    await page.getByRole('link', { name: /3\.6\.2030 08:00/ }).click();
    await page.waitForURL((url) => /\/availability\/edit-unavailability\/\d+\/\d+$/.test(url.pathname));
    await expect.poll(() => page.getByLabel('From', { exact: true }).inputValue()).toBe('2030-06-03T08:00');
    await page.getByLabel('Reason (optional)').fill('Painting the walls');
    await page.getByRole('button', { name: 'Save' }).click();
    await expectPath(page, `/resources/edit/${id}/availability`);
    await page.getByText('Painting the walls', { exact: true }).waitFor();

    // Deleting asks first; Cancel keeps it, Delete removes it.
    await page.getByRole('button', { name: 'Delete: Mon–Fri, 08:00–17:00' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText(/Delete Mon–Fri, 08:00–17:00/).waitFor();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await page.getByRole('button', { name: 'Delete: Mon–Fri, 08:00–17:00' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByText(/No bookable times are set/).waitFor();
    await expect.poll(() => page.getByRole('alertdialog').count()).toBe(0);
    await page.getByRole('button', { name: /^Delete: 3\.6\.2030/ }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByText(/No time ahead in which the resource cannot be booked/).waitFor();
    await expect.poll(() => page.getByRole('alertdialog').count()).toBe(0);
    await expectAccessible(page);

    // A price per hour: the function turned on with the company's currency.
    await page.getByRole('link', { name: 'Back' }).click();
    await expectPath(page, `/resources/edit/${id}`);
    await page.getByRole('link', { name: 'Currency', exact: true }).click();
    await expectPath(page, `/resources/edit/${id}/functions/currency`);
    await page.getByRole('switch', { name: 'Active' }).check();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('This field is required.').waitFor();
    await page.getByLabel('Price per hour').fill('12,5x');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Only numbers allowed.').waitFor();
    await page.getByLabel('Price per hour').fill('12,50');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Save' }).click();
    await expectPath(page, `/resources/edit/${id}`);
    const functions = await apiCall<{ data: { function: string; active: boolean; price: number | null }[] }>(
      page,
      'GET',
      `/api/company/v1/resources/${id}/functions`,
    );
    expect(functions.data.find((entry) => entry.function === 'currency')).toMatchObject({
      active: true,
      price: 12.5,
    });
    await page.getByRole('link', { name: 'Currency', exact: true }).click();
    await expect.poll(() => page.getByLabel('Price per hour').inputValue()).toBe('12.5');
    await expect.poll(() => page.getByRole('switch', { name: 'Active' }).isChecked()).toBe(true);

    // A picture: uploaded, shown (read with the token), removed.
    await page.goto(`${base}/resources/edit/${id}`);
    await page.getByRole('link', { name: 'Picture', exact: true }).click();
    await expectPath(page, `/resources/edit/${id}/image`);
    await page.getByText('The resource has no picture yet.').waitFor();
    await page.locator('input[type=file]').setInputFiles({
      name: 'focus-room.svg',
      mimeType: 'image/svg+xml',
      buffer: PICTURE,
    });
    const picture = page.getByRole('img', { name: 'Picture of Focus room E2E' });
    await picture.waitFor();
    await expect
      .poll(() => picture.evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(0);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Remove the picture' }).click();
    await page.getByText('The resource has no picture yet.').waitFor();

    // Linked resources: found by name, chosen, the function turned on.
    await page.goto(`${base}/resources/edit/${id}`);
    await page.getByRole('link', { name: 'Linked resources', exact: true }).click();
    await expectPath(page, `/resources/edit/${id}/functions/linked-resources`);
    await page.getByRole('searchbox', { name: 'Search resources' }).fill('matterhorn');
    await page.getByRole('checkbox', { name: /^Matterhorn/ }).check();
    await page.getByRole('switch', { name: 'Active' }).check();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Save' }).click();
    await expectPath(page, `/resources/edit/${id}`);
    const linked = await apiCall<{
      data: { function: string; active: boolean; resources: { name: string }[] }[];
    }>(page, 'GET', `/api/company/v1/resources/${id}/functions`);
    expect(linked.data.find((entry) => entry.function === 'linked-resources')).toMatchObject({
      active: true,
      resources: [{ name: 'Matterhorn' }],
    });

    // Who may book: nobody chosen is everyone; one role chosen keeps it for that role.
    await page.getByRole('link', { name: 'Who may book', exact: true }).click();
    await expectPath(page, `/resources/edit/${id}/permissions`);
    await page.getByText(/No role is chosen: everyone who may use the plan/).waitFor();
    await expectAccessible(page);
    await page.getByRole('checkbox').first().check();
    await page.getByText(/Only members of the chosen roles may book/).waitFor();
    await page.getByRole('button', { name: 'Save' }).click();
    await expectPath(page, `/resources/edit/${id}`);
    const permissions = await apiCall<{ role_ids: number[] }>(
      page,
      'GET',
      `/api/company/v1/resources/${id}/permissions`,
    );
    expect(permissions.role_ids).toHaveLength(1);

    // The screens that only show or choose: each reachable and accessible.
    for (const [link, path, ready] of [
      ['Services', 'services', /Services that can be ordered|no services yet/],
      ['QR code', 'qr-code', /\/qrcode-read\//],
    ] as const) {
      await page.goto(`${base}/resources/edit/${id}`);
      await page.getByRole('link', { name: link, exact: true }).click();
      await expectPath(page, `/resources/edit/${id}/${path}`);
      await page.getByText(ready).first().waitFor();
      await expectAccessible(page);
    }
    await page.getByRole('img', { name: 'QR code of the resource' }).waitFor();

    expect(problems).toEqual([]);
    await context.close();
  });

  it('sends an employee without RESOURCES to /404', async () => {
    await expectRefused(stage, 'employee@acme.test', '/resources/edit/1/availability');
  });
});
