import { describe, expect, it } from 'vitest';
import { DELEGATION_MESSAGES, type DelegationList } from '../../src/shared/contract/delegations';
import { seriousAxeViolations, watchPageProblems } from '../support/browser';
import { apiCall, expectPath, signedIn, useServerAndBrowser } from './journeys';

/**
 * spec §2 /profile my-delegates (add, add/permission/:userId, edit/:delegationId) and delegated-by,
 * §5 "users delegate available permissions to others and see those given and received". Emil
 * delegates his bookings to Tom (who holds MY_BOOKINGS but not BOOKINGS); Tom sees it among the
 * delegations he received and gives it back. The server's own tests cover who may do what.
 */
const stage = useServerAndBrowser();
const API = '/api/company/v1';
const GIVEN = 'My bookings: see, book, change and cancel for me';
const RECEIVED = 'Their bookings: see, book, change and cancel for them';

describe('delegations (spec §2 /profile my-delegates, delegated-by)', () => {
  it('delegates bookings to a colleague found by name, who sees it and gives it back', async () => {
    const base = stage.server().companyUrl('acme');
    const emil = await signedIn(stage, 'employee@acme.test');
    const emilProblems = watchPageProblems(emil.page);
    const page = emil.page;

    // /profile: who is signed in, and the way to the delegates
    await page.goto(`${base}/profile`);
    await page.getByRole('heading', { name: 'Emil Employee' }).waitFor();
    await page.getByText('employee@acme.test').waitFor();
    await page.getByRole('link', { name: 'Sync with Outlook' }).waitFor();
    await page.getByRole('link', { name: 'My delegates' }).click();
    await expectPath(page, '/profile/my-delegates');
    await page.getByText('You have not delegated anything.').waitFor();

    // add: search colleagues, choose Tom
    await page.getByRole('link', { name: 'Add delegate' }).click();
    await expectPath(page, '/profile/my-delegates/add');
    await page.getByRole('searchbox', { name: 'Search colleagues by name or email' }).fill('Tom');
    await page.getByRole('button', { name: 'Choose Tom Teammate' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/profile/my-delegates/add/permission/'));
    const form = page.getByRole('form', { name: 'Delegate to Tom Teammate' });
    await form.getByRole('heading', { name: 'Tom Teammate' }).waitFor();
    const permission = form.getByRole('checkbox', { name: GIVEN });

    // Every permission unticked: the server's message under the permissions, and nothing written.
    await permission.check();
    await permission.uncheck();
    await form.getByRole('button', { name: 'Delegate' }).click();
    await form.getByText(DELEGATION_MESSAGES.permissionsRequired).waitFor();
    expect((await apiCall<DelegationList>(page, 'GET', `${API}/delegations?direction=given`)).data).toEqual(
      [],
    );
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Ticked from the keyboard, delegated: the list shows Tom with what he may do.
    await permission.focus();
    await page.keyboard.press('Space');
    expect(await permission.isChecked()).toBe(true);
    await form.getByRole('button', { name: 'Delegate' }).click();
    await expectPath(page, '/profile/my-delegates');
    const row = page.getByRole('listitem').filter({ hasText: 'Tom Teammate' });
    await row.getByText(GIVEN).waitFor();
    expect(await row.textContent()).toContain('teammate@acme.test');
    expect(await seriousAxeViolations(page)).toEqual([]);

    // edit/:delegationId: the delegation's permission is ticked; Save keeps it.
    await row.getByRole('button', { name: 'Edit Tom Teammate' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/profile/my-delegates/edit/'));
    await page.getByRole('button', { name: 'Remove Tom Teammate' }).waitFor();
    expect(await page.getByRole('checkbox', { name: GIVEN }).isChecked()).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Save' }).click();
    await expectPath(page, '/profile/my-delegates');
    await row.getByText(GIVEN).waitFor();

    // Tom, in his own browser: delegated by Emil, and gives it back.
    const tom = await signedIn(stage, 'teammate@acme.test');
    const tomProblems = watchPageProblems(tom.page);
    await tom.page.goto(`${base}/profile/delegated-by`);
    const received = tom.page.getByRole('listitem').filter({ hasText: 'Emil Employee' });
    await received.getByText(RECEIVED).waitFor();
    expect(await seriousAxeViolations(tom.page)).toEqual([]);
    await received.getByRole('button', { name: 'Give back what Emil Employee delegated' }).click();
    const dialog = tom.page.getByRole('alertdialog');
    await dialog.getByText('You can no longer act for Emil Employee.', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Give back' }).click();
    await tom.page.getByText('Nobody has delegated anything to you.').waitFor();
    expect(await tom.page.getByRole('alertdialog').count()).toBe(0);

    expect((await apiCall<DelegationList>(page, 'GET', `${API}/delegations`)).data).toEqual([]);
    expect(emilProblems).toEqual([]);
    expect(tomProblems).toEqual([]);
    await tom.context.close();
    await emil.context.close();
  });
});
