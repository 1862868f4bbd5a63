import { describe, expect, it } from 'vitest';
import { seriousAxeViolations, watchPageProblems } from '../support/browser';
import { expectPath, signedIn, useServerAndBrowser } from './journeys';

const stage = useServerAndBrowser();

describe('company documents with acceptance (spec §2 /company-documents, §6 document guard)', () => {
  it('asks the employee to accept a published plan policy before the plan, again for a new version, and shows the admin who accepted', async () => {
    const base = stage.server().companyUrl('acme');
    const admin = await signedIn(stage, 'admin@acme.test');
    const adminProblems = watchPageProblems(admin.page);
    await admin.page.goto(`${base}/company-documents/add`);
    await admin.page.getByRole('textbox', { name: 'Name' }).fill('Plan usage policy');
    await admin.page.getByRole('textbox', { name: 'Text' }).fill('Release a desk you no longer need.');
    await admin.page.getByRole('checkbox', { name: 'Plan', exact: true }).check();
    expect(await seriousAxeViolations(admin.page)).toEqual([]);
    await admin.page.getByRole('button', { name: 'Save' }).click();
    await admin.page.waitForURL((url) => /^\/company-documents\/edit\/\d+$/.test(url.pathname));
    const editPath = new URL(admin.page.url()).pathname;

    // The employee's start page is the plan: the guard sends them to accept the policy first.
    const employee = await signedIn(stage, 'employee@acme.test');
    const employeeProblems = watchPageProblems(employee.page);
    await expectPath(employee.page, '/accept-documents/8');
    await employee.page.getByRole('heading', { name: 'Plan usage policy' }).waitFor();
    await employee.page.getByText('Release a desk you no longer need.').waitFor();
    expect(await seriousAxeViolations(employee.page)).toEqual([]);
    await employee.page.getByRole('checkbox', { name: /I have read these documents/ }).check();
    await employee.page.getByRole('button', { name: 'Accept and continue' }).click();
    await expectPath(employee.page, '/plan');

    // A new version asks again.
    await admin.page.getByRole('switch', { name: /New version/ }).check();
    await admin.page.getByRole('button', { name: 'Save' }).click();
    await admin.page.getByText('Version 2', { exact: true }).waitFor();
    await employee.page.goto(`${base}/plan`);
    await expectPath(employee.page, '/accept-documents/8');
    await employee.page.getByRole('checkbox', { name: /I have read these documents/ }).check();
    await employee.page.getByRole('button', { name: 'Accept and continue' }).click();
    await expectPath(employee.page, '/plan');

    // The administrator's list shows who accepted.
    await admin.page.goto(`${base}${editPath}/acceptances`);
    const row = admin.page.getByRole('row', { name: /employee@acme\.test/ }).first();
    await row.waitFor();
    await expect.poll(async () => (await row.textContent()) ?? '').not.toContain('Not yet');
    await admin.page.getByText(/Version 2: 1 of \d+ accepted\./).waitFor();
    expect(await seriousAxeViolations(admin.page)).toEqual([]);
    await admin.page.goto(`${base}/company-documents`);
    await admin.page.getByText(/1 of \d+ accepted/).waitFor();

    expect(adminProblems).toEqual([]);
    expect(employeeProblems).toEqual([]);
    await admin.context.close();
    await employee.context.close();
  });
});
