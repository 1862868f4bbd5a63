import { afterAll, beforeAll, expect, inject } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newContext } from '../support/browser';
import { startServer, type RunningServer, type ServerOptions } from '../support/server-process';

export const DEMO_PASSWORD = 'demo1234';

/** Fills the login form the way a person does and submits it. */
export async function logIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

export async function expectPath(page: Page, path: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === path);
  expect(new URL(page.url()).pathname).toBe(path);
}

export function storedToken(page: Page): Promise<string | null> {
  return page.evaluate(() => localStorage.getItem('atApp'));
}

export interface Stage {
  server: () => RunningServer;
  browser: () => Browser;
}

/** The real server (throw-away database) and Chromium for one test file, stopped after it. */
export function useServerAndBrowser(env: Record<string, string> = {}, options: ServerOptions = {}): Stage {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startServer(env, { seededDataDir: inject('seededDataDir'), ...options }),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  return {
    server: () => server ?? fail('the server is not running'),
    browser: () => browser ?? fail('the browser is not running'),
  };
}

/** A fresh browser context signed in on a company host, on its landing page. */
export async function signedIn(
  stage: Stage,
  email: string,
  subdomain = 'acme',
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(stage.browser());
  const page = await context.newPage();
  await page.goto(`${stage.server().companyUrl(subdomain)}/login`);
  await logIn(page, email);
  // The landing page: home, or the user's start-up page (the demo employee's is the plan).
  await page.waitForURL((url) => url.pathname !== '/login');
  return { context, page };
}

function fail(message: string): never {
  throw new Error(message);
}

/** Signs in as `email` and opens `path`: the permission guard must answer /404. */
export async function expectRefused(
  stage: Stage,
  email: string,
  path: string,
  subdomain = 'acme',
): Promise<void> {
  const { context, page } = await signedIn(stage, email, subdomain);
  await page.goto(`${stage.server().companyUrl(subdomain)}${path}`);
  await expectPath(page, '/404');
  await page.getByRole('heading', { name: 'Page not found' }).waitFor();
  await context.close();
}

/** Opens the plan (its default level selected) and chooses a level from all locations. */
export async function openPlanLevel(page: Page, base: string, level: string): Promise<void> {
  await page.goto(`${base}/plan`);
  await page.waitForURL((url) => /^\/plan\/\d+$/.test(url.pathname));
  await page
    .getByRole('region', { name: 'All locations and favorites' })
    .getByRole('button', { name: level, exact: true })
    .click();
}

/** A call to the company API from inside the signed-in page (its token, its Subdomain). */
export async function apiCall<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  const token = await storedToken(page);
  return page.evaluate(
    async ({ method, path, body, token }) => {
      const response = await fetch(path, {
        method,
        headers: {
          Accept: 'application/json',
          Authorization: `Bearer ${token}`,
          Subdomain: 'acme',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
      return (await response.json()) as T;
    },
    { method, path, body, token },
  );
}
