import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/** Debian's Chromium, never a downloaded browser; flags keep it off the (closed) network. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** `extraArgs`: more Chromium flags, such as a fake camera for the QR scanner journey. */
export function launchBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
      ...extraArgs,
    ],
  });
}

/**
 * How long a journey waits for something a user would see (an element, an address, an answer):
 * long enough for a CI machine three times slower than a developer's, so that a verdict never
 * depends on the machine's speed. A journey that passes waits only as long as the page takes.
 */
export const PATIENCE_MS = 60_000;

/** A fresh context: its own local storage, an English browser in a non-UTC zone. */
export async function newContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({ locale: 'en-GB', timezoneId: 'Europe/Zurich' });
  context.setDefaultTimeout(PATIENCE_MS);
  context.setDefaultNavigationTimeout(PATIENCE_MS);
  return context;
}

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/**
 * Runs axe-core in the page; answers the serious and critical violations. A screen may still be
 * arriving when the page looks settled (a sub-screen's dialog whose chunk loads after its parent's
 * data, then fades in), and axe reads a colour on its way in as a contrast failure. So a run that
 * finds violations is repeated once the page has had time to arrive: what is really there fails both.
 */
export async function seriousAxeViolations(page: Page): Promise<AxeViolation[]> {
  const first = await axeOnce(page);
  if (first.length === 0) return first;
  await page.waitForTimeout(1_000);
  return axeOnce(page);
}

/** One axe-core run once the page has settled: the serious and critical violations. */
async function axeOnce(page: Page): Promise<AxeViolation[]> {
  // The page as it settles, not in the middle of a transition: a Fluent button just enabled fades
  // its colours over a few frames, and axe would read the contrast of a colour on its way. Endless
  // animations (a progress bar, a spinner) are left running.
  // An animation may begin after the wait (a dialog that opens once its data arrives, a layout
  // redrawn after a resize), so the wait repeats until a frame passes with none running.
  await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));
    for (let round = 0; round < 50; round++) {
      await frame();
      const finite = document
        .getAnimations()
        .filter(
          (animation) =>
            animation.playState === 'running' && animation.effect?.getComputedTiming().endTime !== Infinity,
        );
      if (finite.length === 0) return;
      await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
    }
  });
  // evaluate() runs through the DevTools protocol, which the page's CSP (no inline scripts) allows.
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (context: unknown, options: unknown) => Promise<{ violations: AxeViolation[] }> };
      }
    ).axe;
    // Fluent's focus-trap sentinels (tabster's dummy inputs, `<i aria-hidden tabindex>`) pass focus
    // on and are never read out; axe's aria-hidden-focus rule cannot tell them from a real control.
    // Violations only: axe then skips collecting every passing and undecided node.
    const result = await axe.run({ exclude: [['[data-tabster-dummy]']] }, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target })),
    }));
  });
  return violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
}

/** Collects what a page reports that a user would suffer from: uncaught errors and CSP refusals. */
export function watchPageProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy|Refused to/.test(message.text())) {
      problems.push(`csp: ${message.text()}`);
    }
  });
  return problems;
}
