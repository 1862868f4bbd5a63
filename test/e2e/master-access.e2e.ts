import { generate } from 'otplib';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newContext, seriousAxeViolations, watchPageProblems } from '../support/browser';
import { expectPath, logIn, storedToken, useServerAndBrowser } from './journeys';

/**
 * Issue 39: a platform administrator opens a company as its administrator (logged, time-limited,
 * seen by the company), and signs in to the master area with a second factor (spec §7).
 */
const stage = useServerAndBrowser();
const REASON = 'Support ticket 4711: the floor plan does not show';

const codeAt = (secret: string, steps: number) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

async function masterPage(): Promise<Page> {
  const context = await newContext(stage.browser());
  const page = await context.newPage();
  await page.goto(`${stage.server().masterUrl}/login`);
  await logIn(page, 'platform@workplace.test');
  await page.waitForURL((url) => url.pathname !== '/login');
  return page;
}

describe('open company as administrator', () => {
  it('asks why, opens Acme with a banner until its end time, lists it for Acme, and End returns to the master area', async () => {
    const page = await masterPage();
    const problems = watchPageProblems(page);
    await page.goto(`${stage.server().masterUrl}/cx-manage-companies`);
    await page.getByRole('button', { name: /^Open as administrator: Acme/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Open as administrator' }).click();
    await dialog.getByText('This field is required.').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await dialog.getByLabel('Reason').fill(REASON);
    await dialog.getByRole('button', { name: 'Open as administrator' }).click();

    await page.waitForURL((url) => url.host.startsWith('acme.') && url.pathname !== '/login');
    const banner = page.getByRole('region', { name: 'Acting as administrator' });
    await expect
      .poll(() => banner.textContent())
      .toMatch(/You are acting as administrator of Acme.* until \d{1,2}:\d{2}/);

    // The company's administrators (here, the session's own rights) read the opening and its reason.
    await page.goto(`${stage.server().companyUrl('acme')}/company-impersonations`);
    const list = page.getByRole('list', { name: 'Administrator access' });
    await list.getByText(`Reason: ${REASON}`).waitFor();
    await list.getByText('platform@workplace.test as').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    // End, from the keyboard.
    const end = banner.getByRole('button', { name: 'End' });
    await end.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.host === new URL(stage.server().masterUrl).host);
    await expectPath(page, '/cx-manage-companies');
    await page.getByRole('list', { name: 'Companies' }).waitFor();
    expect(problems).toEqual([]);
    await page.context().close();
  });
});

describe('master two-factor sign-in (spec §7 "Master also has 2fa")', () => {
  it('is turned on from the master menu, then the master sign-in asks for the code', async () => {
    const page = await masterPage();
    await page.getByRole('button', { name: 'Menu' }).click();
    // From the keyboard: the drawer's links are focusable and open on Enter.
    const link = page
      .getByRole('navigation', { name: 'Menu' })
      .getByRole('link', { name: 'Two-factor sign-in' });
    await link.focus();
    await page.keyboard.press('Enter');
    await expectPath(page, '/two-factor-authentication');
    await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
    await page.getByRole('img', { name: 'QR code to add this account to an authenticator app' }).waitFor();
    const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
    await page.getByLabel('Code from your authenticator app').fill(await codeAt(secret, 0));
    await page.getByRole('button', { name: 'Turn on' }).click();
    await page.getByRole('list', { name: 'Recovery codes' }).waitFor();
    await page.getByRole('button', { name: 'I have kept them' }).click();
    await page.getByText('10 recovery codes left').waitFor();
    await page.context().close();

    const context = await newContext(stage.browser());
    const again = await context.newPage();
    await again.goto(`${stage.server().masterUrl}/login`);
    await logIn(again, 'platform@workplace.test');
    await again.getByText('Open your authenticator app and type the code it shows.').waitFor();
    expect(await storedToken(again)).toBeNull();
    expect(await seriousAxeViolations(again)).toEqual([]);
    const field = again.getByLabel('Code from your authenticator app, or a recovery code');
    await field.fill('000000');
    await again.getByRole('button', { name: 'Verify' }).click();
    await again.getByText('Code is not valid.').waitFor();
    await field.fill(await codeAt(secret, 1));
    await again.getByRole('button', { name: 'Verify' }).click();
    await again.waitForURL((url) => url.pathname !== '/login');
    await expect.poll(() => storedToken(again)).toBeTruthy();
    await context.close();
  });
});
