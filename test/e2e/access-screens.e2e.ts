import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousAxeViolations, watchPageProblems } from '../support/browser';
import { apiCall, expectPath, signedIn, useServerAndBrowser } from './journeys';

/**
 * Issue 38, spec §2 containers-*, roles-*, permissions-* and "why can't I book this?": the
 * administrator works each screen with the keyboard-reachable controls a user has, and axe-core
 * finds no serious violation on any of them.
 */
const stage = useServerAndBrowser();
const API = '/api/company/v1';

async function noSeriousViolations(page: Page) {
  expect(await seriousAxeViolations(page)).toEqual([]);
}

/** Adds a role or container through its add screen; answers its id, from the edit screen it opens. */
async function addThrough(page: Page, base: string, list: string, link: string, name: string) {
  await page.goto(`${base}/${list}`);
  await page.getByRole('link', { name: link }).click();
  await expectPath(page, `/${list}/add`);
  await noSeriousViolations(page);
  // spec §5: nothing is sent without a name
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByText('This field is required.').waitFor();
  await page.getByLabel('Name').fill(name);
  await page.getByRole('button', { name: 'Save' }).click();
  await page.waitForURL((url) => new RegExp(`^/${list}/edit/\\d+$`).test(url.pathname));
  return Number(/(\d+)$/.exec(new URL(page.url()).pathname)![1]);
}

describe('roles of each kind (spec §2 /roles-…)', () => {
  const kinds = [
    { roles: 'roles-user', permission: 'PLAN', type: 'NUMERICAL' },
    { roles: 'roles-user', permission: 'CLEAN', type: 'LOGICAL' },
    { roles: 'roles-user-manager', permission: 'MANAGE_USERS', type: 'CRUD' },
    { roles: 'roles-level', permission: 'LEVEL_BOOK', type: 'LOGICAL' },
    { roles: 'roles-resource', permission: 'RESOURCE_BOOK', type: 'LOGICAL' },
    { roles: 'roles-reception-desk', permission: 'RECEPTION_DESK_VISITORS', type: 'CRUD' },
  ] as const;

  it('adds a role of each kind and sets its permissions in bulk: CRUD flags, LOGICAL, NUMERICAL values', async () => {
    const { context, page } = await signedIn(stage, 'admin@acme.test');
    const problems = watchPageProblems(page);
    const base = stage.server().companyUrl('acme');
    for (const [index, kind] of kinds.entries()) {
      const name = `E2E role ${index} ${kind.permission}`;
      const id = await addThrough(page, base, kind.roles, 'Add role', name);
      const grant = page.getByRole('group', { name: kind.permission, exact: true });
      await grant.getByRole('checkbox', { name: kind.permission }).check();
      if (kind.type === 'CRUD') {
        await grant.getByRole('checkbox', { name: 'Read' }).check();
        await grant.getByRole('checkbox', { name: 'Update' }).check();
      }
      if (kind.type === 'NUMERICAL') await grant.getByRole('spinbutton', { name: 'Value' }).fill('2');
      await noSeriousViolations(page);
      await page.getByRole('button', { name: 'Save permissions' }).click();
      await page.getByRole('status').getByText('Saved.').waitFor();

      // What was saved is what the server holds, and what the role's list shows.
      const saved = await apiCall<{
        data: Array<{
          permission: string;
          granted: boolean;
          is_active: boolean;
          read: boolean;
          update: boolean;
          delete: boolean;
          value: number | null;
        }>;
      }>(page, 'GET', `${API}/roles/${id}/rolepermissions`);
      const row = saved.data.find((one) => one.permission === kind.permission)!;
      expect(row).toMatchObject({ granted: true, is_active: true });
      if (kind.type === 'CRUD') expect(row).toMatchObject({ read: true, update: true, delete: false });
      if (kind.type === 'NUMERICAL') expect(row.value).toBe(2);
      await page.goto(`${base}/${kind.roles}`);
      await page.getByRole('link', { name }).waitFor();
      await noSeriousViolations(page);
    }
    expect(problems).toEqual([]);
    await context.close();
  }, 300_000);
});

describe('containers (spec §2 /containers-…, members saved by diff)', () => {
  it('adds a resource container, ticks its resource and role, adds and removes people, each saved by diff', async () => {
    const { context, page } = await signedIn(stage, 'admin@acme.test');
    const problems = watchPageProblems(page);
    const base = stage.server().companyUrl('acme');
    const role = await apiCall<{ id: number }>(page, 'POST', `${API}/roles`, {
      name: 'E2E desk keepers',
      kind: 'RESOURCE',
    });
    const id = await addThrough(page, base, 'containers-resource', 'Add container', 'E2E kept desks');

    const resources = page.getByRole('list', { name: 'Resources' });
    await resources.getByRole('checkbox', { name: 'Desk 2.05' }).check();
    await page.getByRole('button', { name: 'Save resources' }).click();
    await page.getByRole('status').getByText('Saved.').first().waitFor();

    await page
      .getByRole('list', { name: 'Roles' })
      .getByRole('checkbox', { name: 'E2E desk keepers' })
      .check();
    await page.getByRole('button', { name: 'Save roles' }).click();

    await page.getByRole('searchbox', { name: 'Find people to add' }).fill('teammate');
    await page.getByRole('button', { name: 'Add Tom Teammate' }).click();
    await page.getByRole('searchbox', { name: 'Find people to add' }).fill('employee');
    await page.getByRole('button', { name: 'Add Emil Employee' }).click();
    await page.getByRole('list', { name: 'Users' }).getByText('Emil Employee').waitFor();
    await noSeriousViolations(page);
    await page.getByRole('button', { name: 'Save users' }).click();
    await expect
      .poll(async () =>
        (await apiCall<{ data: Array<{ name: string }> }>(page, 'GET', `${API}/containers/${id}/users`)).data
          .map((user) => user.name)
          .sort(),
      )
      .toEqual(['Emil Employee', 'Tom Teammate']);

    // A removal is saved as one: the other member stays.
    await page.getByRole('button', { name: 'Remove Emil Employee' }).click();
    await page.getByRole('button', { name: 'Save users' }).click();
    await expect
      .poll(async () =>
        (
          await apiCall<{ data: Array<{ name: string }> }>(page, 'GET', `${API}/containers/${id}/users`)
        ).data.map((user) => user.name),
      )
      .toEqual(['Tom Teammate']);
    const roles = await apiCall<{ data: Array<{ id: number }> }>(
      page,
      'GET',
      `${API}/containers/${id}/roles`,
    );
    expect(roles.data.map((one) => one.id)).toEqual([role.id]);

    await page.goto(`${base}/containers-resource`);
    const row = page.getByRole('list', { name: 'Resource containers' }).getByRole('listitem').filter({
      hasText: 'E2E kept desks',
    });
    await row.getByText('E2E desk keepers').waitFor();
    await row.getByText('1 user', { exact: true }).waitFor();
    await noSeriousViolations(page);
    expect(problems).toEqual([]);
    await context.close();
  }, 300_000);
});

describe('permissions (spec §2 /permissions-…) and why someone cannot book', () => {
  it('grants a permission to a role from the permission’s screen, then explains a refusal rule by rule', async () => {
    const { context, page } = await signedIn(stage, 'admin@acme.test');
    const problems = watchPageProblems(page);
    const base = stage.server().companyUrl('acme');
    const levels = await apiCall<{ data: Array<{ id: number; path: string }> }>(
      page,
      'GET',
      `${API}/levels/all?depth=ALL`,
    );
    const floor = levels.data.find((level) => level.path.endsWith('Floor 3'))!;
    const role = await apiCall<{ id: number }>(page, 'POST', `${API}/roles`, {
      name: 'E2E floor 3',
      kind: 'LEVEL',
    });
    const container = await apiCall<{ id: number }>(page, 'POST', `${API}/containers`, {
      name: 'E2E floor 3 team',
      access_type: 'LEVEL',
    });
    await apiCall(page, 'POST', `${API}/containers/${container.id}/levels`, { level_ids: [floor.id] });
    await apiCall(page, 'POST', `${API}/containers/${container.id}/roles`, { role_ids: [role.id] });

    // /permissions-level: the catalogue, then LEVEL_VIEW granted to the role.
    await page.goto(`${base}/permissions-level`);
    await page.getByRole('link', { name: 'LEVEL_VIEW' }).waitFor();
    await noSeriousViolations(page);
    await page.getByRole('link', { name: 'LEVEL_VIEW' }).click();
    await page.waitForURL((url) => /^\/permissions-level\/edit-permission\/\d+$/.test(url.pathname));
    await page.getByRole('group', { name: 'E2E floor 3', exact: true }).getByRole('checkbox').first().check();
    await noSeriousViolations(page);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('status').getByText('Saved.').waitFor();

    // Why can't Emil book on Floor 3? Not among the container's people; the role grants only LEVEL_VIEW.
    await page.goto(`${base}/access-check`);
    await page.getByRole('searchbox', { name: 'Find a person' }).fill('employee');
    await page.getByRole('button', { name: 'Check Emil Employee' }).click();
    await page.getByLabel('Level').selectOption(String(floor.id));
    const verdict = page.getByRole('region').filter({ has: page.getByRole('list', { name: 'Rules' }) });
    await verdict.getByText(/may neither see nor book/).waitFor();
    await verdict
      .getByText(/Not among the container’s people “E2E floor 3 team”/)
      .first()
      .waitFor();
    await noSeriousViolations(page);

    // Emil joins the container: he may see the floor, and the rule refusing the booking names the role's gap.
    await apiCall(page, 'POST', `${API}/containers/${container.id}/users`, {
      user_ids: [
        (
          await apiCall<{ data: Array<{ id: number }> }>(
            page,
            'GET',
            `${API}/scheduler/attendees?query=employee`,
          )
        ).data[0]!.id,
      ],
    });
    await page.getByLabel('Level').selectOption('');
    await page.getByLabel('Level').selectOption(String(floor.id));
    await verdict.getByText(/may see, may not book/).waitFor();
    await verdict.getByText('LEVEL_BOOK: No role grants it “E2E floor 3 team”').waitFor();
    await verdict.getByText('LEVEL_VIEW: Granted “E2E floor 3 team” · E2E floor 3').waitFor();
    await noSeriousViolations(page);
    expect(problems).toEqual([]);
    await context.close();
  }, 300_000);
});
