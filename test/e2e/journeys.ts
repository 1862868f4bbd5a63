import { expect } from 'vitest';
import type { Page } from 'playwright-core';

export const DEMO_PASSWORD = 'demo1234';

/** Fills the login form the way a person does and submits it. */
export async function logIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

export async function expectPath(page: Page, path: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === path, { timeout: 15_000 });
  expect(new URL(page.url()).pathname).toBe(path);
}

export function storedToken(page: Page): Promise<string | null> {
  return page.evaluate(() => localStorage.getItem('atApp'));
}
