import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousAxeViolations, watchPageProblems } from '../support/browser';
import { expectPath, expectRefused, signedIn, useServerAndBrowser } from './journeys';

const stage = useServerAndBrowser();
const NAME = 'Window desk E2E';
const COPY = 'Window desk E2E copy';

const isHub = (url: URL) => /^\/resources\/edit\/\d+$/.test(url.pathname);

async function next(page: Page, step: number) {
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByText(`Step ${step} of 7`).waitFor();
}

describe('spec §2 /resources', () => {
  it('lets the administrator add a desk in seven steps with two attributes, find it, filter, edit, duplicate and delete the copy', async () => {
    const { context, page } = await signedIn(stage, 'admin@acme.test');
    const problems = watchPageProblems(page);
    const base = stage.server().companyUrl('acme');

    await page.goto(`${base}/resources`);
    await page.getByRole('link', { name: 'Matterhorn' }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    // The wizard: each step checks itself on Next.
    await page.getByRole('link', { name: /Add resource/ }).click();
    await expectPath(page, '/resources/add');
    await page.getByRole('button', { name: 'Start' }).click();
    await expectPath(page, '/resources/add/level');
    await page.getByText('Step 1 of 7').waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('This field is required.').waitFor();
    await page.getByRole('searchbox', { name: 'Search levels' }).fill('floor 2');
    await page.getByRole('radio', { name: 'Floor 2' }).check();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await next(page, 2);
    await expectPath(page, '/resources/add/type');
    await page.getByRole('radio', { name: 'Desk' }).check();
    await next(page, 3);
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Capacity', exact: true }).inputValue())
      .toBe('1');
    await next(page, 4);
    await page.getByRole('textbox', { name: 'Description' }).fill('By the window, facing the lake');
    await page.getByRole('checkbox', { name: 'Monitor' }).check();
    await page.getByRole('checkbox', { name: 'Standing desk' }).check();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await next(page, 5);
    await page.getByRole('radio', { name: /^Bookable/ }).waitFor();
    await next(page, 6);
    // Going back keeps what was entered.
    await page.getByRole('button', { name: 'Previous' }).click();
    await page.getByRole('button', { name: 'Previous' }).click();
    await page.getByText('Step 4 of 7').waitFor();
    expect(await page.getByRole('checkbox', { name: 'Monitor' }).isChecked()).toBe(true);
    expect(await page.getByRole('textbox', { name: 'Description' }).inputValue()).toBe(
      'By the window, facing the lake',
    );
    await next(page, 5);
    await next(page, 6);
    await next(page, 7);
    await page.getByRole('button', { name: 'Save resource' }).click();
    await page.getByText('This field is required.').waitFor();
    await page.getByRole('textbox', { name: /^English/ }).fill(NAME);
    await page.getByRole('textbox', { name: /^Français/ }).fill('Bureau fenêtre E2E');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Save resource' }).click();

    // The new resource's hub: name, level path, every part with what it is now.
    await page.waitForURL(isHub);
    await page.getByRole('heading', { name: NAME }).waitFor();
    await page.getByText('Acme HQ / Building A / Floor 2').first().waitFor();
    await page.getByText('Monitor, Standing desk').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    const hub = new URL(page.url()).pathname;

    // The list finds it by search, and by type and attributes (all of them) in the filters.
    await page.goto(`${base}/resources`);
    await page.getByRole('searchbox', { name: 'Search' }).fill('window desk');
    await page.getByRole('link', { name: NAME }).waitFor();
    await expect.poll(() => page.getByRole('link', { name: 'Matterhorn' }).count()).toBe(0);
    expect(new URL(page.url()).searchParams.get('query')).toBe('window desk');
    await page.getByRole('searchbox', { name: 'Search' }).fill('');
    await expect.poll(() => new URL(page.url()).searchParams.get('query')).toBeNull();
    await page.getByRole('button', { name: 'Filters' }).click();
    await expectPath(page, '/resources/search-filters');
    await page.getByRole('group', { name: 'Resource types' }).getByRole('checkbox', { name: 'Desk' }).check();
    const attributes = page.getByRole('group', { name: 'Attributes' });
    await attributes.getByRole('checkbox', { name: 'Monitor' }).check();
    await attributes.getByRole('checkbox', { name: 'Standing desk' }).check();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expectPath(page, '/resources');
    await page.getByRole('button', { name: 'Filters (2)' }).waitFor();
    await page.getByRole('link', { name: NAME }).waitFor();
    expect(await page.getByRole('link', { name: 'Matterhorn' }).count()).toBe(0);
    // The filters are in the address: a reload keeps them.
    await page.reload();
    await page.getByRole('button', { name: 'Filters (2)' }).waitFor();
    await page.getByRole('link', { name: NAME }).waitFor();

    // Capacity, with a capacity for a time.
    await page.getByRole('link', { name: NAME }).click();
    await page.waitForURL(isHub);
    await page.getByRole('link', { name: 'Capacity', exact: true }).click();
    await expectPath(page, `${hub}/capacity`);
    await page.getByRole('textbox', { name: 'Maximum capacity' }).fill('2');
    await page.getByRole('textbox', { name: 'Capacity', exact: true }).fill('3');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('The capacity cannot be more than the maximum capacity.').waitFor();
    await page.getByRole('textbox', { name: 'Capacity', exact: true }).fill('2');
    await page.getByRole('button', { name: 'Add a capacity for a time' }).click();
    const dates = page.getByRole('form', { name: 'Add a capacity for a time' });
    await dates.getByLabel('From').fill('2030-12-01');
    await dates.getByLabel('To').fill('2030-12-24');
    await dates.getByRole('textbox', { name: 'Capacity' }).fill('1');
    await dates.getByRole('button', { name: 'Save the dates' }).click();
    await page.getByText('1.12.2030 to 24.12.2030: capacity 1').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expectPath(page, hub);
    await page.getByText(/capacity 2 \(at most 2\)/).waitFor();

    // Attributes: one off, another on.
    await page.getByRole('link', { name: 'Attributes', exact: true }).click();
    await expectPath(page, `${hub}/attributes`);
    await page.getByRole('checkbox', { name: 'Standing desk' }).uncheck();
    await page.getByRole('checkbox', { name: 'Wheelchair access' }).check();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expectPath(page, hub);
    await page.getByText('Monitor, Wheelchair access').waitFor();

    // Duplicate from the list under a new name; delete the copy (Cancel keeps it).
    await page.goto(`${base}/resources?query=window%20desk`);
    await page.getByRole('button', { name: `Duplicate: ${NAME}` }).click();
    const copyDialog = page.getByRole('dialog');
    // A name already used on the level is refused by the server, beside the field.
    await copyDialog.getByRole('textbox', { name: 'Name of the copy' }).fill(NAME);
    await copyDialog.getByRole('button', { name: 'Duplicate' }).click();
    await copyDialog.getByText('Another resource on this level already has this name.').waitFor();
    await copyDialog.getByRole('textbox', { name: 'Name of the copy' }).fill(COPY);
    await copyDialog.getByRole('button', { name: 'Duplicate' }).click();
    await page.getByRole('link', { name: COPY }).waitFor();
    await page.getByRole('button', { name: `Delete: ${COPY}` }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText(`Delete the resource ${COPY}?`).waitFor();
    await expect.poll(() => seriousAxeViolations(page)).toEqual([]);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => confirm.count()).toBe(0);
    await expect.poll(() => page.getByRole('link', { name: COPY }).count()).toBe(1);
    await page.getByRole('button', { name: `Delete: ${COPY}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    // The list as it settles (it reloads after the delete): the desk without its copy.
    await expect
      .poll(async () => [
        await page.getByRole('link', { name: NAME, exact: true }).count(),
        await page.getByRole('link', { name: COPY }).count(),
      ])
      .toEqual([1, 0]);

    // A second add starts afresh; the server's refusal of a name taken on the level comes back to
    // the step that asks for the name.
    await page.getByRole('link', { name: /Add resource/ }).click();
    await page.getByRole('button', { name: 'Start' }).click();
    await page.getByRole('searchbox', { name: 'Search levels' }).fill('floor 2');
    await page.getByRole('radio', { name: 'Floor 2' }).check();
    await next(page, 2);
    await page.getByRole('radio', { name: 'Desk' }).check();
    for (const step of [3, 4, 5, 6, 7]) await next(page, step);
    await page.getByRole('textbox', { name: /^English/ }).fill(NAME);
    await page.getByRole('button', { name: 'Save resource' }).click();
    await page.getByText('Another resource on this level already has this name.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/resources/add/name-translations');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('sends an employee without RESOURCES to /404', async () => {
    await expectRefused(stage, 'employee@acme.test', '/resources');
  });
});
