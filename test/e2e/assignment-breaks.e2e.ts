import { describe, expect, it } from 'vitest';
import { seriousAxeViolations, watchPageProblems } from '../support/browser';
import { apiCall, expectPath, signedIn, useServerAndBrowser } from './journeys';

const stage = useServerAndBrowser();
const API = '/api/company/v1';

interface Named {
  id: number;
  name: string;
  path: string;
}

describe('assigned resources and their breaks (spec §2 /profile assigned-resources)', () => {
  it('the holder of a desk adds a break, changes it and deletes it', async () => {
    const admin = await signedIn(stage, 'admin@acme.test');
    const levels = await apiCall<{ data: Named[] }>(admin.page, 'GET', `${API}/levels/all?depth=ALL`);
    const floor = levels.data.find((level) => level.path.endsWith('Floor 1'))!;
    const desks = await apiCall<{ data: Named[] }>(
      admin.page,
      'GET',
      `${API}/levels/${floor.id}/resources/all`,
    );
    const desk = desks.data[0]!;

    const { context, page } = await signedIn(stage, 'employee@acme.test');
    const problems = watchPageProblems(page);
    const me = await apiCall<{ id: number }>(page, 'GET', `${API}/profile`);
    await apiCall(admin.page, 'POST', `${API}/users/${me.id}/assignments`, { resource_id: desk.id });
    await admin.context.close();

    const base = stage.server().companyUrl('acme');
    await page.goto(`${base}/profile`);
    await page.getByRole('link', { name: 'Assigned resources' }).click();
    await expectPath(page, '/profile/assigned-resources');
    await page.getByRole('link', { name: `Breaks of ${desk.name}` }).click();
    await page.getByText('No break ahead.').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.getByRole('link', { name: 'Add break' }).click();
    await page.getByLabel('From').fill('2020-01-02T12:00');
    await page.getByLabel('To').fill('2020-01-02T11:00');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('A break cannot start in the past.').waitFor();
    await page.getByText('The end must be after the start.').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.getByLabel('From').fill('2036-01-02T12:00');
    await page.getByLabel('To').fill('2036-01-02T14:00');
    await page.getByRole('button', { name: 'Save' }).click();
    const breaks = page.getByRole('list', { name: 'Breaks' });
    await breaks.getByRole('listitem').first().waitFor();
    expect(await breaks.getByRole('listitem').count()).toBe(1);

    await breaks.getByRole('button', { name: /^Edit break/ }).click();
    await expect.poll(() => page.getByLabel('To').inputValue()).toBe('2036-01-02T14:00');
    await page.getByLabel('To').fill('2036-01-02T16:00');
    await page.getByRole('button', { name: 'Save' }).click();
    await breaks.getByRole('listitem').first().waitFor();
    const stored = await apiCall<{ data: Array<{ breaks: Array<{ ends_at: string }> }> }>(
      page,
      'GET',
      `${API}/profile/assigned-resources`,
    );
    expect(stored.data[0]!.breaks).toHaveLength(1);

    await breaks.getByRole('button', { name: /^Delete break/ }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByText('No break ahead.').waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});
