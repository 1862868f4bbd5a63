import { describe, expect, it } from 'vitest';
import { seriousAxeViolations, watchPageProblems } from '../support/browser';
import { expectPath, expectRefused, signedIn, useServerAndBrowser } from './journeys';

const stage = useServerAndBrowser();

describe('reports (spec §2 /reports)', () => {
  it('the administrator opens the dashboard, filters a floor, sees the heat map, saves the preset, mails it weekly and exports CSV', async () => {
    const { context, page } = await signedIn(stage, 'admin@acme.test');
    const problems = watchPageProblems(page);
    const base = stage.server().companyUrl('acme');
    await page.goto(`${base}/reports`);
    await page.getByRole('link', { name: 'Dashboard' }).click();
    await expectPath(page, '/reports/reservations/dashboard');
    await page.getByRole('definition').first().waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    // filter one floor (spec §4 rules run as filters are chosen)
    await page.getByRole('button', { name: 'Search filters' }).click();
    await expectPath(page, '/reports/reservations/dashboard/search-filters');
    await page.getByRole('button', { name: 'Show the levels of Acme HQ' }).click();
    await page.getByRole('button', { name: 'Show the levels of Building A' }).click();
    await page.getByRole('checkbox', { name: /^Floor 1 \(\d+ resources\)$/ }).check();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Show report' }).click();
    await expectPath(page, '/reports/reservations/dashboard');
    const byLevel = page.getByRole('table', { name: 'By level' });
    await byLevel.getByRole('cell', { name: 'Floor 1' }).waitFor();
    expect(await byLevel.getByRole('cell', { name: 'Floor 2' }).count()).toBe(0);

    // the heat map on the floor plan
    await page.getByRole('button', { name: 'Occupancy map' }).click();
    await expectPath(page, '/reports/reservations/dashboard/map');
    const plan = page.getByRole('group', { name: 'Occupancy heat map of Floor 1' });
    await plan
      .getByRole('button', { name: /% booked, (Low|Average|High) occupancy$/ })
      .first()
      .waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.goBack();

    // the preset, saved and selected
    await page.getByRole('button', { name: 'Save preset' }).click();
    await expectPath(page, '/reports/reservations/dashboard/save-preset');
    await page.getByRole('button', { name: 'Save preset' }).click();
    await page.getByText('This field is required.').waitFor();
    await page.getByLabel('Name').fill('Floor 1');
    await page.getByRole('button', { name: 'Save preset' }).click();
    await page.getByText('Preset “Floor 1” saved and selected.').waitFor();
    await page.getByText('Floor 1 (selected)').waitFor();

    // the preset mailed weekly (issue 44), then stopped
    await page.getByText('No weekly mail for this report.').waitFor();
    await page.getByLabel('Day').selectOption({ label: 'Friday' });
    await page.getByLabel('Hour').selectOption({ label: '09:00' });
    await page.getByRole('button', { name: 'Mail me weekly' }).click();
    await page.getByText('“Floor 1” will be mailed every Friday at 09:00.').waitFor();
    const mails = page.getByRole('list', { name: 'Weekly mails of this report' });
    await mails.getByText(/^Floor 1: every Friday at 09:00, next on .+ \(with CSV\)$/).waitFor();
    await page.getByRole('button', { name: 'Change the weekly mail' }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Stop the weekly mail of Floor 1' }).click();
    await page.getByText('No weekly mail for this report.').waitFor();
    await page.goBack();

    // the export: CurrentExport.csv with a byte order mark (spec §9)
    await expectPath(page, '/reports/reservations/dashboard');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('CurrentExport.csv');
    const stream = await download.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    const bytes = Buffer.concat(chunks);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.toString('utf8')).toContain('Floor 1');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('sends a user without REPORTS to /404', async () => {
    await expectRefused(stage, 'employee@acme.test', '/reports/reservations/dashboard');
  });
});
