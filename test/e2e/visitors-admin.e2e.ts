import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SchedulerMeetingList, SchedulerResourceList } from '../../src/shared/contract/scheduler';
import { addDays, isoWeekday, wallClockAt, zonedInstant } from '../../src/shared/time/zone';
import { seriousAxeViolations, watchPageProblems } from '../support/browser';
import { startFakeSmtp, type FakeSmtp } from '../support/fake-smtp';
import { apiCall, signedIn, useServerAndBrowser } from './journeys';

/**
 * Issue 42's administration screens (docs/visitors.md "Screens added with issue 42's rest"): the
 * desk's e-mail editor, the block list, anonymising a visitor at reception, and the scheduler's
 * visitor step with the meeting then cancelled. The new screens are checked at a phone's 360 px.
 */
const env: Record<string, string> = {};
let smtp: FakeSmtp;
beforeAll(async () => {
  smtp = await startFakeSmtp();
  env.SMTP_URL = smtp.url;
});
afterAll(async () => smtp?.close());
const stage = useServerAndBrowser(env);

const API = '/api/company/v1';
const ZONE = 'Europe/Zurich';
const PHONE = { width: 360, height: 640 };

async function axeClean(page: Page) {
  expect(await seriousAxeViolations(page)).toEqual([]);
}

async function newDesk(page: Page, name: string): Promise<{ id: number }> {
  const initial = await apiCall<{ languages: Array<{ id: number; code: string }> }>(
    page,
    'GET',
    `${API}/initial-data`,
  );
  const en = initial.languages.find((language) => language.code === 'en')!.id;
  return apiCall<{ id: number }>(page, 'POST', `${API}/reception-desks`, {
    translations: [{ language_id: en, name }],
  });
}

/** Tomorrow on the desks' clock, 09:00 to 10:00 (the list's "Future" group). */
function tomorrowMorning() {
  const day = addDays(wallClockAt(new Date(), ZONE).date, 1);
  return {
    starts_at: zonedInstant(day, 9 * 60, ZONE).toISOString(),
    ends_at: zonedInstant(day, 10 * 60, ZONE).toISOString(),
  };
}

describe('issue 42 administration: desk e-mails, block list, anonymise, scheduler visitors', () => {
  it('edits the invitation of a desk with a placeholder, previewed live, saved and shown again', async () => {
    const { context, page } = await signedIn(stage, 'admin@acme.test');
    const problems = watchPageProblems(page);
    const desk = await newDesk(page, 'Mail lobby');
    const base = stage.server().companyUrl('acme');
    await page.goto(`${base}/reception-desks/edit/${desk.id}/edit-email/1`);
    const form = page.getByRole('form', { name: 'Invitation' });
    const subject = form.getByRole('textbox', { name: /^Subject/ });
    await subject.waitFor();
    await subject.fill('Welcome {visitor_first_name}, see you at {desk_name}');
    const body = form.getByRole('textbox', { name: /^Text/ });
    if (!(await body.inputValue())) await body.fill('Hello {visitor_name}.');
    const preview = form.getByRole('region', { name: 'Preview' });
    await preview.getByText('Welcome Ada, see you at Main lobby').waitFor();
    await axeClean(page);
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('Saved.').waitFor();

    await page.reload();
    const again = page.getByRole('form', { name: 'Invitation' });
    await expect
      .poll(() => again.getByRole('textbox', { name: /^Subject/ }).inputValue())
      .toBe('Welcome {visitor_first_name}, see you at {desk_name}');
    await again
      .getByRole('region', { name: 'Preview' })
      .getByText('Welcome Ada, see you at Main lobby')
      .waitFor();
    await page.setViewportSize(PHONE);
    await axeClean(page);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('blocks an address at reception; inviting it is then refused with the neutral message', async () => {
    const admin = await signedIn(stage, 'admin@acme.test');
    const problems = watchPageProblems(admin.page);
    const desk = await newDesk(admin.page, 'Blocking lobby');
    const base = stage.server().companyUrl('acme');
    await admin.page.setViewportSize(PHONE);
    await admin.page.goto(`${base}/visitor-management/reception/${desk.id}`);
    await admin.page.getByRole('link', { name: 'Blocked addresses' }).click();
    const form = admin.page.getByRole('form', { name: 'Block an address' });
    await form.waitFor();
    await axeClean(admin.page);

    // Bad input: the error is at the field.
    await form.getByRole('textbox', { name: /^E-mail/ }).fill('not an address');
    await form.getByRole('button', { name: 'Block' }).click();
    await expect
      .poll(() => form.getByRole('textbox', { name: /^E-mail/ }).getAttribute('aria-invalid'))
      .toBe('true');
    await axeClean(admin.page);

    await form.getByRole('textbox', { name: /^E-mail/ }).fill('mallory@evil.test');
    await form.getByRole('textbox', { name: 'Note' }).fill('Asked not to come back');
    await form.getByRole('button', { name: 'Block' }).click();
    const list = admin.page.getByRole('list', { name: 'Blocked addresses' });
    await list.getByText('mallory@evil.test').waitFor();
    await axeClean(admin.page);

    // The host cannot invite it: the neutral sentence at the e-mail field.
    const host = await signedIn(stage, 'employee@acme.test');
    await host.page.goto(`${base}/my-visitors`);
    const invite = host.page.getByRole('form', { name: 'Invite a visitor' });
    await invite.getByRole('combobox', { name: 'Reception desk' }).click();
    await host.page.getByRole('option', { name: 'Blocking lobby' }).click();
    await invite.getByLabel('First name').fill('Mallory');
    await invite.getByLabel('E-mail').fill('Mallory@Evil.test');
    await invite.getByRole('button', { name: 'Invite' }).click();
    await invite.getByText('This person cannot be invited. Please contact reception.').waitFor();
    await host.context.close();

    // Removed again, after confirming.
    await list.getByRole('button', { name: 'Remove mallory@evil.test from the block list' }).click();
    const dialog = admin.page.getByRole('alertdialog', { name: 'Remove from the block list?' });
    await dialog.waitFor();
    await axeClean(admin.page);
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await admin.page.getByText('No address is blocked.').waitFor();
    expect(problems).toEqual([]);
    await admin.context.close();
  });

  it('anonymises a visitor at reception after confirming: the row stays, nameless and cancelled', async () => {
    const { context, page } = await signedIn(stage, 'admin@acme.test');
    const problems = watchPageProblems(page);
    const desk = await newDesk(page, 'Privacy lobby');
    await apiCall(page, 'POST', `${API}/visitors`, {
      reception_desk_id: desk.id,
      first_name: 'Olga',
      last_name: 'Private',
      visitor_company: 'Hidden AG',
      visit: tomorrowMorning(),
    });
    const base = stage.server().companyUrl('acme');
    await page.setViewportSize(PHONE);
    await page.goto(`${base}/visitor-management/reception/${desk.id}`);
    await page.getByRole('tab', { name: 'Future' }).click();
    const rows = page.getByRole('list', { name: 'Visits' });
    await rows.getByText('Olga Private').waitFor();
    await rows.getByRole('button', { name: 'Anonymise Olga Private' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Anonymise Olga Private?' });
    await dialog.getByText(/expected visits are cancelled and nobody is mailed/).waitFor();
    await axeClean(page);
    await dialog.getByRole('button', { name: 'Anonymise' }).click();
    await rows.getByText('Anonymised visitor').waitFor();
    await rows.getByText('Cancelled').waitFor();
    expect(await rows.getByText('Olga Private').count()).toBe(0);
    await axeClean(page);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('registers an external attendee at a desk in the scheduler, then cancels the meeting and its visit', async () => {
    const admin = await signedIn(stage, 'admin@acme.test');
    await newDesk(admin.page, 'Meeting lobby');
    await admin.context.close();
    const { context, page } = await signedIn(stage, 'employee@acme.test');
    const problems = watchPageProblems(page);
    const base = stage.server().companyUrl('acme');
    const rooms = await apiCall<SchedulerResourceList>(page, 'GET', `${API}/scheduler/resources?capacity=2`);
    const room = rooms.data[0]!;
    // A Tuesday ahead (the rooms are not booked at weekends).
    let day = addDays(wallClockAt(new Date(), ZONE).date, 3);
    while (isoWeekday(day) !== 2) day = addDays(day, 1);

    await page.goto(`${base}/scheduler`);
    await page.getByRole('textbox', { name: /^Subject/ }).fill('Supplier review');
    await page.getByRole('link', { name: 'Change date and time' }).click();
    await page.getByLabel(/^Date/).fill(day);
    await page.getByLabel(/^Start/).fill('14:00');
    await page.getByLabel(/^End/).fill('15:00');
    await page.getByRole('link', { name: 'Back', exact: true }).click();
    await page.getByRole('link', { name: 'Change location' }).click();
    await page.getByRole('checkbox', { name: room.name, exact: true }).check();
    await page.getByRole('link', { name: 'Back', exact: true }).click();
    await page.getByRole('link', { name: 'Change attendees' }).click();
    await page.getByRole('textbox', { name: 'Email' }).fill('sam.supplier@vendor.test');
    await page.getByRole('textbox', { name: 'Name' }).fill('Sam Supplier');
    await page.getByRole('button', { name: 'Invite', exact: true }).click();
    await page.getByRole('link', { name: 'Reception desk for Sam Supplier' }).click();
    await page.setViewportSize(PHONE);
    await page
      .getByRole('combobox', { name: 'Expect Sam Supplier at' })
      .selectOption({ label: 'Meeting lobby' });
    await axeClean(page);
    // The visitor step is the scheduler's own child: Back leads to the meeting.
    await page.getByRole('link', { name: 'Back', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/scheduler');
    await page.getByRole('button', { name: 'Book the meeting' }).click();
    await page.getByText('Meeting booked').waitFor();

    const visitFor = async () => {
      const mine = await apiCall<{ data: Array<{ name: string; visits: Array<{ status: string }> }> }>(
        page,
        'POST',
        `${API}/visitors/my-visitors`,
        { group: 'future' },
      );
      return mine.data.find((visitor) => visitor.name === 'Sam Supplier')?.visits[0]?.status;
    };
    await expect.poll(visitFor).toBe('expected');

    // Cancel meeting: the dialog names the visitor who is cancelled and mailed.
    const meetings = page.getByRole('list', { name: 'My meetings' });
    await meetings.getByRole('button', { name: 'Cancel meeting: Supplier review' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Cancel Supplier review?' });
    await dialog
      .getByText(/\(Sam Supplier\) are cancelled and they are sent a cancellation e-mail/)
      .waitFor();
    await axeClean(page);
    await dialog.getByRole('button', { name: 'Cancel meeting' }).click();
    await expect
      .poll(async () => {
        const list = await apiCall<SchedulerMeetingList>(page, 'GET', `${API}/scheduler`);
        return list.data.some((meeting) => meeting.subject === 'Supplier review');
      })
      .toBe(false);
    await expect.poll(visitFor).toBe('cancelled');
    await expect
      .poll(() => smtp.mails.filter((mail) => mail.to.includes('sam.supplier@vendor.test')).length)
      .toBeGreaterThanOrEqual(2);
    await meetings.getByText('Supplier review').waitFor({ state: 'detached' });
    expect(problems).toEqual([]);
    await context.close();
  });
});
