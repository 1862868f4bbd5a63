import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newContext, seriousAxeViolations, watchPageProblems } from '../support/browser';
import { expectPath, expectRefused, logIn, useServerAndBrowser } from './journeys';

const stage = useServerAndBrowser();

/** On a phone (360 px): axe clean, and nothing wider than the screen but what scrolls on its own. */
async function expectPhoneReady(page: Page): Promise<void> {
  await page.setViewportSize({ width: 360, height: 640 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  expect(await seriousAxeViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function bytesOf(download: { createReadStream(): Promise<NodeJS.ReadableStream> }): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('QR codes and logs', () => {
  it('lets the administrator add a label template, make it the default and print a floor’s labels as a PDF', async () => {
    const context = await newContext(stage.browser());
    const page = await context.newPage();
    const problems = watchPageProblems(page);
    const base = stage.server().companyUrl('acme');
    await page.goto(`${base}/login`);
    await logIn(page, 'admin@acme.test');
    await expectPath(page, '/home');

    await page.goto(`${base}/qr-code-templates`);
    await page
      .getByRole('status')
      .getByText(/No templates yet/)
      .waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('link', { name: /Add template/ }).click();
    await expectPath(page, '/qr-code-templates/add');

    // Four labels of 70 mm do not fit across an A4 page: said beside the field before sending.
    await page.getByRole('textbox', { name: /^Name/ }).fill('Desk stickers');
    await page.getByRole('spinbutton', { name: /^Columns per page/ }).fill('4');
    await page.getByText('The labels do not fit across the page.').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('spinbutton', { name: /^Columns per page/ }).fill('2');
    await page.getByText('2 × 8 labels of 70 × 36 mm on A4').waitFor();
    await expectPhoneReady(page);
    await page.getByRole('checkbox', { name: 'Resource type' }).check();
    await page.getByRole('textbox', { name: /^Caption/ }).fill('Scan to check in');
    await page.getByRole('button', { name: 'Save' }).click();
    await expectPath(page, '/qr-code-templates');

    // The company's first template is its default; a second one is made the default in a press.
    await page.getByRole('link', { name: 'Desk stickers' }).waitFor();
    await page.getByRole('link', { name: /Add template/ }).click();
    await page.getByRole('textbox', { name: /^Name/ }).fill('Room doors');
    await page.getByRole('button', { name: 'Save' }).click();
    await expectPath(page, '/qr-code-templates');
    await page.getByRole('button', { name: 'Make default: Room doors' }).click();
    await page.getByRole('button', { name: 'Make default: Desk stickers' }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    // A floor's labels: the list filtered by level, exported as a PDF.
    await page.goto(`${base}/qr-codes`);
    await page.getByRole('table', { name: 'QR codes' }).waitFor();
    await page.getByRole('combobox', { name: 'Level' }).click();
    await page.getByRole('option', { name: /Floor 2$/ }).click();
    await expect.poll(() => new URL(page.url()).search).toMatch(/^\?level_id=\d+$/);
    await expect
      .poll(async () =>
        (await page.getByRole('row').allInnerTexts()).slice(1).every((row) => row.includes('Floor 2')),
      )
      .toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await expectPhoneReady(page);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export labels (PDF)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('qr-codes.pdf');
    const pdf = await bytesOf(download);
    expect(pdf.length).toBeGreaterThan(1000);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // One code's screen: its image, the template it prints with.
    await page.getByRole('row').nth(1).getByRole('link').click();
    await page.waitForURL((url) => /^\/qr-codes\/edit\/\d+$/.test(url.pathname));
    await page.getByRole('img', { name: /^QR code of / }).waitFor();
    await page.getByRole('combobox', { name: 'Template' }).click();
    await page.getByRole('option', { name: 'Desk stickers' }).click();
    await expect
      .poll(() => page.getByRole('combobox', { name: 'Template' }).textContent())
      .toContain('Desk stickers');
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('lets the administrator export the audit log of a period as CSV once its job is done', async () => {
    const context = await newContext(stage.browser());
    const page = await context.newPage();
    const problems = watchPageProblems(page);
    const base = stage.server().companyUrl('acme');
    await page.goto(`${base}/login`);
    await logIn(page, 'admin@acme.test');
    await expectPath(page, '/home');

    await page.goto(`${base}/logs`);
    const recording = page.getByRole('switch', { name: 'Record the audit log' });
    await expect.poll(() => recording.isChecked()).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await expectPhoneReady(page);
    await page.getByRole('button', { name: 'Export CSV' }).click();
    // the sign-in above is in today's period: the export is built, then offered for download
    const download = page.getByRole('button', { name: 'Download' });
    await download.waitFor();
    await page
      .getByRole('list', { name: 'Exports' })
      .getByText(/^\d+ lines$/)
      .waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    expect(file.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = (await bytesOf(file)).toString('utf8');
    expect(csv.startsWith('\uFEFFoccurred_at,kind,actor_name,actor_email,subject,details')).toBe(true);
    expect(csv).toMatch(/,sign-in,[^,]*,admin@acme\.test,/);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('sends an employee without QR_CODE or LOG-FILES to /404', async () => {
    await expectRefused(stage, 'employee@acme.test', '/logs');
    await expectRefused(stage, 'employee@acme.test', '/qr-code-templates');
    await expectRefused(stage, 'employee@acme.test', '/qr-codes');
  });
});
