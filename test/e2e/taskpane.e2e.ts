import { describe, expect, it } from 'vitest';
import { newContext, seriousAxeViolations, watchPageProblems } from '../support/browser';
import { serveFakeOffice } from '../support/fake-office';
import { logIn, useServerAndBrowser } from './journeys';

const stage = useServerAndBrowser();

describe('the Outlook task pane', () => {
  it('boots inside a (fake) Outlook, signs in and shows the meeting being organised', async () => {
    const context = await newContext(stage.browser());
    const page = await context.newPage();
    const problems = watchPageProblems(page);
    await serveFakeOffice(page, {
      subject: 'Quarterly planning',
      start: '2026-12-01T09:00:00Z',
      end: '2026-12-01T10:30:00Z',
      requiredAttendees: [{ name: 'Ada Lovelace', email: 'ada@acme.test' }],
    });
    // The pane is served from the product's own host, which has no company subdomain.
    await page.goto(`${stage.server().masterUrl}/taskpane.html`);
    expect(await page.evaluate(() => window.history.pushState)).toBeNull();

    await logIn(page, 'employee@acme.test');
    await expect
      .poll(() => page.getByTestId('meeting-subject').textContent())
      .toBe('Quarterly planning');
    // 09:00 UTC shown in the user's zone (Europe/Zurich in winter: 10:00)
    await page.getByText(/10:00/).first().waitFor();
    expect(await page.evaluate(() => localStorage.getItem('appSubdomain'))).toBe('acme');
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('is the one page an Outlook host may frame', async () => {
    const pane = await fetch(`http://127.0.0.1:${stage.server().port}/taskpane.html`);
    const app = await fetch(`http://127.0.0.1:${stage.server().port}/login`);
    expect(pane.headers.get('content-security-policy')).toContain('https://outlook.office.com');
    expect(app.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });
});
