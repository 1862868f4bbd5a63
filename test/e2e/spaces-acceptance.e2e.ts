import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { COMPANY_PREFIX } from '../../src/shared/contract/common';
import type { Resource } from '../../src/shared/contract/resources';
import { seriousAxeViolations, watchPageProblems } from '../support/browser';
import { expectPath, expectRefused, signedIn, storedToken, useServerAndBrowser } from './journeys';

const stage = useServerAndBrowser();

const PLAN_FILE = 'assets/floor-plans/building-a-floor-2.svg';
/** Where the desk is dropped: fractions of the plan's width and height. */
const DROP = { x: 0.3, y: 0.6 };

/** The centre of a marker as fractions of the plan drawn on screen. */
async function markerFraction(page: Page, name: RegExp): Promise<{ x: number; y: number }> {
  const plan = await page.getByTestId('floor-plan').boundingBox();
  const marker = await page.getByRole('button', { name }).boundingBox();
  if (!plan || !marker) throw new Error('the plan or the marker is not drawn');
  return {
    x: (marker.x + marker.width / 2 - plan.x) / plan.width,
    y: (marker.y + marker.height / 2 - plan.y) / plan.height,
  };
}

/** The resource as the API answers it to the signed-in administrator. */
type StoredResource = Pick<Resource, 'map_x' | 'map_y' | 'resource_attributes' | 'level_id'>;
async function resourceFromApi(page: Page, id: number): Promise<StoredResource> {
  const token = await storedToken(page);
  return page.evaluate(
    async ({ url, token }) => {
      const answer = await fetch(url, { headers: { Authorization: `Bearer ${token}`, Subdomain: 'acme' } });
      return (await answer.json()) as StoredResource;
    },
    { url: `${COMPANY_PREFIX}/resources/${id}`, token },
  );
}

describe('issue 4 Spaces, accepted in the browser', () => {
  it('an administrator adds a floor with its plan and a desk with two attributes, drags the desk onto the plan, and finds it where it was dropped after a reload', async () => {
    const { context, page } = await signedIn(stage, 'admin@acme.test');
    const problems = watchPageProblems(page);
    const base = stage.server().companyUrl('acme');

    // spec §2 /level: the floor under Acme HQ / Building A, named on its sub-screen, with a plan uploaded on the map one
    await page.goto(`${base}/levels`);
    await page.getByRole('button', { name: 'Add level' }).click();
    await expectPath(page, '/level');
    await page.getByLabel('Kind').selectOption('floor');
    await page.getByLabel('Parent level').selectOption({ label: 'Acme HQ / Building A' });
    await page.getByRole('link', { name: 'Name translations' }).click();
    await page.getByRole('textbox', { name: /^English/ }).fill('Floor 7');
    await page.getByRole('button', { name: 'Save' }).click();
    await expectPath(page, '/level');
    await page.getByRole('link', { name: 'Floor map' }).click();
    await expectPath(page, '/level/map');
    await page.locator('input[type=file]').setInputFiles(PLAN_FILE);
    const mapChoice = page.getByLabel('Floor map', { exact: true });
    await expect
      .poll(async () => mapChoice.locator('option:checked').textContent())
      .toBe('building-a-floor-2');
    await page.getByRole('button', { name: 'Save' }).click();
    await expectPath(page, '/level');
    await page.getByLabel('Declarable (can be selected for booking)').check();
    await page.getByRole('button', { name: 'Save' }).click();
    await expectPath(page, '/levels');

    // spec §2 /resources add: the desk on Floor 7, with two attributes on the description step
    await page.getByRole('searchbox', { name: 'Search' }).fill('floor 7');
    await page.getByRole('link', { name: 'Floor 7' }).click();
    await page.waitForURL((url) => /^\/level\/\d+$/.test(url.pathname));
    const floorId = Number(new URL(page.url()).pathname.split('/')[2]);
    await page.goto(`${base}/resources`);
    await page.getByRole('link', { name: 'Add resource' }).click();
    await expectPath(page, '/resources/add');
    await page.getByRole('button', { name: 'Start' }).click();
    await page.getByRole('searchbox', { name: 'Search levels' }).fill('floor 7');
    await page.getByRole('radio', { name: 'Floor 7' }).check();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('radio', { name: 'Desk' }).check();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Next' }).click(); // capacity: one seat
    await page.getByRole('checkbox', { name: 'Monitor' }).check();
    await page.getByRole('checkbox', { name: 'Standing desk' }).check();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Next' }).click(); // model
    await page.getByRole('button', { name: 'Next' }).click(); // functions
    await page.getByRole('textbox', { name: /^English/ }).fill('Desk 7.01');
    await page.getByRole('button', { name: 'Save resource' }).click();
    await page.waitForURL((url) => /^\/resources\/edit\/\d+$/.test(url.pathname));
    const deskId = Number(new URL(page.url()).pathname.split('/').pop());
    const created = await resourceFromApi(page, deskId);
    expect(created.level_id).toBe(floorId);
    expect(created.resource_attributes.map((attribute) => attribute.name).sort()).toEqual([
      'Monitor',
      'Standing desk',
    ]);
    expect(created.map_x).toBeNull();

    // spec §2 /level map: the desk waits beside the plan and is dragged onto it
    await page.goto(`${base}/level/${floorId}/map`);
    const trayItem = page.getByRole('button', { name: 'Desk 7.01', exact: true });
    await trayItem.waitFor();
    await page.getByRole('img', { name: 'Floor plan building-a-floor-2' }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    const from = (await trayItem.boundingBox())!;
    const plan = (await page.getByTestId('floor-plan').boundingBox())!;
    const target = { x: plan.x + plan.width * DROP.x, y: plan.y + plan.height * DROP.y };
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(target.x, target.y, { steps: 12 });
    await page.mouse.up();
    const marker = /^Desk 7\.01, placed at/;
    await page.getByRole('button', { name: marker }).waitFor();
    await expect
      .poll(async () => (await resourceFromApi(page, deskId)).map_x)
      .not.toBeNull();

    await page.reload();
    await page.getByRole('button', { name: 'Desk 7.01, placed at 30%, 60%' }).waitFor();
    const onScreen = await markerFraction(page, marker);
    expect(Math.abs(onScreen.x - DROP.x)).toBeLessThanOrEqual(0.01);
    expect(Math.abs(onScreen.y - DROP.y)).toBeLessThanOrEqual(0.01);
    const stored = await resourceFromApi(page, deskId);
    expect(Math.abs(stored.map_x! - DROP.x)).toBeLessThanOrEqual(0.01);
    expect(Math.abs(stored.map_y! - DROP.y)).toBeLessThanOrEqual(0.01);
    expect(await page.getByRole('button', { name: 'Desk 7.01', exact: true }).count()).toBe(0);

    // the marker is a button: the arrow keys move it by 1%, saved once the keys rest
    await page.getByRole('button', { name: marker }).focus();
    await page.keyboard.press('ArrowRight');
    await page.getByRole('button', { name: 'Desk 7.01, placed at 31%, 60%' }).waitFor();
    await expect
      .poll(async () => Math.round((await resourceFromApi(page, deskId)).map_x! * 100))
      .toBe(31);
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('sends an employee without RESOURCES from /resources to /404', async () => {
    await expectRefused(stage, 'employee@acme.test', '/resources');
  });
});
