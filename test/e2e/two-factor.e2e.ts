import { generate } from 'otplib';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newContext, seriousAxeViolations, watchPageProblems } from '../support/browser';
import { apiCall, expectPath, logIn, signedIn, storedToken, useServerAndBrowser } from './journeys';

const stage = useServerAndBrowser();
const USER = 'teammate@acme.test';

/** The code an authenticator app shows `steps` periods from now (each step's code is accepted once). */
const codeAt = (secret: string, steps: number) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

async function toCodeStep(page: Page): Promise<void> {
  await page.goto(`${stage.server().companyUrl('acme')}/login`);
  await logIn(page, USER);
  await page.getByText('Open your authenticator app and type the code it shows.').waitFor();
  expect(await storedToken(page)).toBeNull();
}

describe('two-factor sign-in (enable-2fa, then signing in with a code)', () => {
  let secret = '';
  let recovery: string[] = [];

  it('turns it on from the profile: QR code, first code, recovery codes shown once', async () => {
    const { context, page } = await signedIn(stage, USER);
    const problems = watchPageProblems(page);
    await page.goto(`${stage.server().companyUrl('acme')}/profile`);
    await page.getByRole('link', { name: 'Two-factor sign-in' }).click();
    await expectPath(page, '/two-factor-authentication');
    await page.getByText('Off', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
    await expectPath(page, '/two-factor-authentication/enable-2fa');

    await page.getByRole('img', { name: 'QR code to add this account to an authenticator app' }).waitFor();
    secret = (await page.getByTestId('totp-secret').textContent())!.trim();
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(await seriousAxeViolations(page)).toEqual([]);

    const code = page.getByLabel('Code from your authenticator app');
    await code.fill('000000');
    await page.getByRole('button', { name: 'Turn on' }).click();
    await page.getByText('Code is not valid.').waitFor();
    await code.fill(await codeAt(secret, 0));
    await page.getByRole('button', { name: 'Turn on' }).click();

    const list = page.getByRole('list', { name: 'Recovery codes' });
    await list.waitFor();
    recovery = (await list.getByRole('listitem').allTextContents()).map((text) => text.trim());
    expect(recovery).toHaveLength(10);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'I have kept them' }).click();
    await expectPath(page, '/two-factor-authentication');
    await page.getByText('10 recovery codes left').waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('asks for the code after the password, refuses a wrong one and signs in with the right one', async () => {
    const context = await newContext(stage.browser());
    const page = await context.newPage();
    await toCodeStep(page);
    expect(await seriousAxeViolations(page)).toEqual([]);
    const field = page.getByLabel('Code from your authenticator app, or a recovery code');
    await field.fill('000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByText('Code is not valid.').waitFor();
    expect(await storedToken(page)).toBeNull();

    await field.fill(await codeAt(secret, 1));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL((url) => url.pathname !== '/login');
    await expect.poll(() => storedToken(page)).toBeTruthy();
    await context.close();
  });

  it('signs in with a recovery code once', async () => {
    const context = await newContext(stage.browser());
    const page = await context.newPage();
    await toCodeStep(page);
    await page.getByLabel('Code from your authenticator app, or a recovery code').fill(recovery[0]!);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL((url) => url.pathname !== '/login');
    await expect.poll(() => storedToken(page)).toBeTruthy();
    await context.close();

    const again = await newContext(stage.browser());
    const second = await again.newPage();
    await toCodeStep(second);
    await second.getByLabel('Code from your authenticator app, or a recovery code').fill(recovery[0]!);
    await second.getByRole('button', { name: 'Verify' }).click();
    await second.getByText('Code is not valid.').waitFor();
    expect(await storedToken(second)).toBeNull();
    await again.close();
  });
});

describe('a company that requires two-factor sign-in of administrators', () => {
  it('takes an administrator without it to set it up at sign-in, then signs them in', async () => {
    const admin = await signedIn(stage, 'admin@acme.test');
    await apiCall(admin.page, 'PUT', '/api/company/v1/company-preferences/REQUIRE_2FA_FOR_ADMINISTRATORS', {
      value: '1',
    });
    await admin.context.close();

    const context = await newContext(stage.browser());
    const page = await context.newPage();
    const problems = watchPageProblems(page);
    await page.goto(`${stage.server().companyUrl('acme')}/login`);
    await logIn(page, 'admin@acme.test');
    await page
      .getByText('Your company requires two-factor sign-in for administrators. Set it up to continue.')
      .waitFor();
    await page.getByRole('img', { name: 'QR code to add this account to an authenticator app' }).waitFor();
    expect(await storedToken(page)).toBeNull();
    const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
    await page.getByLabel('Code from your authenticator app').fill(await codeAt(secret, 0));
    await page.getByRole('button', { name: 'Turn on' }).click();
    await page.getByRole('list', { name: 'Recovery codes' }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'I have kept them' }).click();
    await page.waitForURL((url) => url.pathname !== '/login');
    await expect.poll(() => storedToken(page)).toBeTruthy();
    await page.goto(`${stage.server().companyUrl('acme')}/two-factor-authentication`);
    await page.getByText('Your company requires two-factor sign-in for administrators.').waitFor();
    expect(await page.getByRole('button', { name: 'Turn off two-factor sign-in' }).isDisabled()).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });
});
