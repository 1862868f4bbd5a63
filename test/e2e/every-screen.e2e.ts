import { describe, expect, it } from 'vitest';
import { RESOLVED_ROUTES } from '../../src/client/routing/table';
import { seriousAxeViolations, watchPageProblems } from '../support/browser';
import { signedIn, useServerAndBrowser } from './journeys';

const stage = useServerAndBrowser();

/**
 * Every screen of the browser app that needs no id in its address, opened directly (as a bookmark
 * or a shared link would) by the company administrator, who may use them all: it must not end on
 * the not-found page or an error, must leave no uncaught error, and axe-core must find no serious
 * or critical violation once it has loaded. The task pane's screens have their own tests with the
 * fake Office host; screens that name a record are opened by their features' journeys.
 */
const SCREENS = RESOLVED_ROUTES.filter(
  (route) =>
    // A child of a platform administrator's screen is theirs too.
    route.chain.every((entry) => (entry.access ?? 'login') === 'login') &&
    route.chain[0]!.surface !== 'addin' &&
    !route.fullPath.startsWith('/outlook') &&
    !route.isHelp &&
    !/[:*]/.test(route.fullPath),
).map((route) => route.fullPath);

describe('every screen without an id', () => {
  it('opens directly for the administrator, loads without an error and passes axe-core', async () => {
    expect(SCREENS.length).toBeGreaterThan(40);
    const { context, page } = await signedIn(stage, 'admin@acme.test');
    const problems = watchPageProblems(page);
    const failures: string[] = [];
    for (const path of SCREENS) {
      await page.goto(`${stage.server().companyUrl('acme')}${path}`);
      await page.locator('main').first().waitFor();
      // Loaded: no progress indicator left (screens show one while their data is on its way).
      await expect.poll(() => page.getByRole('progressbar').count(), { timeout: 10_000 }).toBe(0);
      const landed = new URL(page.url()).pathname;
      if (landed === '/404') failures.push(`${path}: ended on the not-found page`);
      if (await page.getByRole('alertdialog').count())
        failures.push(`${path}: ${await page.getByRole('alertdialog').first().innerText()}`);
      for (const violation of await seriousAxeViolations(page))
        failures.push(`${path} (at ${landed}): ${JSON.stringify(violation)}`);
      failures.push(...problems.splice(0).map((problem) => `${path}: ${problem}`));
    }
    expect(failures).toEqual([]);
    await context.close();
  }, 300_000);
});
