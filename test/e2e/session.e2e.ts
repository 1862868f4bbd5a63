import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { SignJWT, decodeJwt } from 'jose';
import { newContext, watchPageProblems } from '../support/browser';
import { TEST_JWT_SECRET } from '../support/server-process';
import { expectPath, expectRefused, signedIn, storedToken, useServerAndBrowser } from './journeys';

const stage = useServerAndBrowser();

/** The same session's token, re-signed as if it had expired a minute ago. */
async function expiredCopy(token: string): Promise<string> {
  const claims = decodeJwt(token);
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ ...claims, iat: now - 3660, exp: now - 60 })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(new TextEncoder().encode(TEST_JWT_SECRET));
}

function statusWith(page: Page, token: string): Promise<number> {
  return page.evaluate(async (bearer) => {
    const response = await fetch('/api/company/v1/initial-data', {
      headers: { Authorization: `Bearer ${bearer}`, Subdomain: 'acme', Accept: 'application/json' },
    });
    return response.status;
  }, token);
}

describe('the session', () => {
  it('refreshes an expired token once, transparently; logout ends it for good', async () => {
    const { context, page } = await signedIn(stage, 'employee@acme.test');
    const problems = watchPageProblems(page);
    // The token is planted from a page of the same origin that runs no app script: an app page still
    // loading (or the plan's realtime socket) would meet the expired token and refresh it itself, and
    // a refresh cut short by the navigation below spends it (rotation), signing the user out.
    await page.goto(`${stage.server().companyUrl('acme')}/api/health`);
    const original = (await storedToken(page))!;
    expect(original).toBeTruthy();

    const expired = await expiredCopy(original);
    await page.evaluate((token) => localStorage.setItem('atApp', token), expired);
    const refreshes: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/auth/refresh')) refreshes.push(request.url());
    });
    await page.goto(`${stage.server().companyUrl('acme')}/permissions`);

    await expectPath(page, '/permissions');
    await page
      .getByRole('heading', { name: /permissions/i })
      .first()
      .waitFor();
    expect(refreshes).toHaveLength(1);
    const refreshed = (await storedToken(page))!;
    expect(refreshed).not.toBe(expired);
    expect(decodeJwt(refreshed).exp! * 1000).toBeGreaterThan(Date.now());
    // rotation: the token that was refreshed is spent
    expect(await statusWith(page, original)).toBe(401);
    expect(await statusWith(page, refreshed)).toBe(200);

    await page.getByRole('button', { name: 'Log out' }).click();
    await expectPath(page, '/login');
    expect(await storedToken(page)).toBeNull();
    expect(await statusWith(page, refreshed)).toBe(401);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('sends a visitor without a session to login, keeping the query', async () => {
    const context = await newContext(stage.browser());
    const page = await context.newPage();
    await page.goto(`${stage.server().companyUrl('acme')}/permissions?from=mail`);
    await expectPath(page, '/login');
    expect(new URL(page.url()).searchParams.get('from')).toBe('mail');
    await context.close();
  });
});

describe('guards', () => {
  it('sends an unknown path to /404', async () => {
    const { context, page } = await signedIn(stage, 'employee@acme.test');
    await page.goto(`${stage.server().companyUrl('acme')}/definitely/not/a/screen`);
    await expectPath(page, '/404');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await context.close();
  });

  it('sends an employee who lacks the permission to /404; the administrator reaches the screen', async () => {
    await expectRefused(stage, 'employee@acme.test', '/company-profile');

    const { context: admin, page: adminPage } = await signedIn(stage, 'admin@acme.test');
    await adminPage.goto(`${stage.server().companyUrl('acme')}/Company-Profile/`);
    await adminPage.getByLabel('Subdomain').waitFor();
    expect(await adminPage.getByLabel('Subdomain').inputValue()).toBe('acme');
    expect(new URL(adminPage.url()).pathname.toLowerCase()).toMatch(/^\/company-profile\/?$/);
    await admin.close();
  });
});
