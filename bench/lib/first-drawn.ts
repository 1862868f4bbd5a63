/**
 * When something first appears on screen, measured in the page: a MutationObserver installed before
 * any of the page's scripts waits for the selector, then marks the end of the frame that draws it
 * (the rAF callback runs before that frame's paint, the task queued from it after the paint), as
 * performance.now() (counted from the navigation's start). Asking Playwright instead would add its
 * polling back-off, up to half a second, to the figure.
 */
import type { Page } from 'playwright-core';

declare global {
  interface Window {
    __firstDrawn?: number;
  }
}

function watch(selector: string): void {
  const seen = () => {
    observer.disconnect();
    requestAnimationFrame(() =>
      setTimeout(() => {
        performance.mark('first-drawn');
        window.__firstDrawn = performance.now();
      }, 0),
    );
  };
  const observer = new MutationObserver(() => {
    if (document.querySelector(selector)) seen();
  });
  observer.observe(document, { childList: true, subtree: true });
}

/** Call before the navigation. */
export async function watchFirstDrawn(page: Page, selector: string): Promise<void> {
  // tsx compiles the bench keeping function names (`__name(fn, 'name')` calls), which a function
  // carried into the page brings along: the page gets the helper too.
  await page.addInitScript({ content: 'globalThis.__name ??= (target) => target;' });
  await page.addInitScript(watch, selector);
}

/** Milliseconds from the navigation's start until the watched selector was first drawn. */
export async function firstDrawnAt(page: Page, timeout = 60_000): Promise<number> {
  await page.waitForFunction(() => window.__firstDrawn !== undefined, undefined, { timeout });
  return page.evaluate(() => window.__firstDrawn!);
}
