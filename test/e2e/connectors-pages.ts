import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { seriousAxeViolations } from '../support/browser';

/** What the connectors administration journeys (connectors-admin, connectors-sso-admin) check on a page. */

/**
 * axe's serious violations, less one known false positive: after a Fluent dialog has been open,
 * tabster keeps its focus sentinels (<i data-tabster-dummy aria-hidden tabindex=0>) at the edges of
 * <body>; they are meant to be focusable and hidden, and hand focus on at once (microsoft/tabster
 * issue 288). Only aria-hidden-focus nodes that are such sentinels are left out.
 */
async function violations(page: Page) {
  const found = await seriousAxeViolations(page);
  const sentinel = (target: string[]) =>
    page.evaluate(
      (selector) => document.querySelector(selector)?.hasAttribute('data-tabster-dummy') === true,
      target.join(' '),
    );
  const kept = [];
  for (const violation of found) {
    if (violation.id !== 'aria-hidden-focus') {
      kept.push(violation);
      continue;
    }
    const nodes = [];
    for (const node of violation.nodes) if (!(await sentinel(node.target))) nodes.push(node);
    if (nodes.length > 0) kept.push({ ...violation, nodes });
  }
  return kept;
}

export async function expectAccessible(page: Page): Promise<void> {
  // Polled: a dialog fading in or out is briefly low-contrast.
  await expect.poll(() => violations(page)).toEqual([]);
}

/** The message shown at a field (its accessible description): where a refusal of the server lands. */
export function fieldMessage(scope: Locator, label: string): Promise<string> {
  return scope.getByLabel(label, { exact: true }).evaluate((input) =>
    (input.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' '),
  );
}

/** Awaits `step`; when it fails, the error says what the page showed then. */
export async function onPage<T>(page: Page, step: Promise<T>): Promise<T> {
  try {
    return await step;
  } catch (error) {
    const shown = await page.evaluate(() => `${location.pathname}\n${document.body.innerText}`);
    throw new Error(`${(error as Error).message}\n--- the page showed:\n${shown}`);
  }
}

/** Nothing of the page is hidden from screen readers: #root and the screen have no aria-hidden ancestor. */
export function hiddenFromScreenReaders(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll('#root, main'))
      .filter((element) => element.closest('[aria-hidden="true"]') !== null)
      .map((element) => (element.id ? `#${element.id}` : element.tagName.toLowerCase())),
  );
}
