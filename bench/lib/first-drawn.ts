/**
 * When something first appears on screen, measured in the page: a MutationObserver installed before
 * any of the page's scripts waits for the selector, then marks the end of the frame that draws it
 * (the rAF callback runs before that frame's paint, the task queued from it after the paint), as
 * performance.now() (counted from the navigation's start), and reports it as a console message.
 * Asking Playwright instead would add its polling back-off, up to half a second, to the figure;
 * and any Playwright wait that runs in the page (`waitForFunction`, `evaluate`) first installs
 * Playwright's own injected script there, which Chromium parses and compiles on the page's main
 * thread (~75 ms on the slow host) in the middle of the load being measured. A console message
 * reaches the bench through the DevTools protocol without touching the page.
 */
import type { Browser, Page } from 'playwright-core';
import { chromiumProcesses } from './process-cpu';

declare global {
  interface Window {
    __firstDrawn?: number;
  }
}

const MESSAGE = 'bench:first-drawn ';

function watch({ selector, message }: { selector: string; message: string }): void {
  const seen = () => {
    observer.disconnect();
    requestAnimationFrame(() =>
      setTimeout(() => {
        performance.mark('first-drawn');
        window.__firstDrawn = performance.now();
        console.debug(message + String(window.__firstDrawn));
      }, 0),
    );
  };
  const observer = new MutationObserver(() => {
    if (document.querySelector(selector)) seen();
  });
  observer.observe(document, { childList: true, subtree: true });
}

const drawn = new WeakMap<Page, Promise<number>>();

/** Call before the navigation. */
export async function watchFirstDrawn(page: Page, selector: string): Promise<void> {
  // tsx compiles the bench keeping function names (`__name(fn, 'name')` calls), which a function
  // carried into the page brings along: the page gets the helper too.
  await page.addInitScript({ content: 'globalThis.__name ??= (target) => target;' });
  await page.addInitScript(watch, { selector, message: MESSAGE });
  drawn.set(
    page,
    new Promise((resolve) => {
      page.on('console', (entry) => {
        const text = entry.text();
        if (text.startsWith(MESSAGE)) resolve(Number(text.slice(MESSAGE.length)));
      });
    }),
  );
}

/** Milliseconds from the navigation's start until the watched selector was first drawn. */
export async function firstDrawnAt(page: Page, timeout = 60_000): Promise<number> {
  const first = drawn.get(page);
  if (!first) throw new Error('firstDrawnAt: call watchFirstDrawn before the navigation');
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`nothing drawn within ${timeout} ms`)), timeout);
  });
  try {
    return await Promise.race([first, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Waits until Chromium's own processes are idle: under 10% of one core for 200 ms. A new context
 * opens a new headless window, for which Chromium then loads its own interface (the omnibox popup,
 * WebUI pages: 0.3–0.6 s of CPU on a 2-core machine); a page opened at once and timed would be
 * charged for it, which no Outlook task pane or browser tab pays. Call before the timed navigation.
 */
export async function browserIdle(browser: Browser, timeout = 5_000): Promise<void> {
  const cdp = await browser.newBrowserCDPSession();
  try {
    const cpuMs = async () => {
      let sum = 0;
      for (const process of (await chromiumProcesses(cdp)).values()) sum += process.cpuMs;
      return sum;
    };
    const spanMs = 200;
    const deadline = performance.now() + timeout;
    let last = await cpuMs();
    while (performance.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, spanMs));
      const now = await cpuMs();
      if (now - last < spanMs * 0.1) return;
      last = now;
    }
  } finally {
    await cdp.detach();
  }
}
