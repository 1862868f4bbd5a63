import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zonedInstant } from '../../src/shared/time/zone';
import { newContext, seriousAxeViolations, watchPageProblems } from '../support/browser';
import { startFakeSmtp, type FakeSmtp } from '../support/fake-smtp';
import { apiCall, logIn, useServerAndBrowser } from './journeys';

/**
 * Issue 42 acceptance: an employee invites a visitor for tomorrow; the invitation (with its QR code)
 * leaves through the outbox; on the day the kiosk checks the visitor in by the code; the host sees the
 * arrival live; reception prints the badge (page and PDF) and checks the visitor out. The test owns
 * the clock (server and browsers), from a fixed Tuesday to Wednesday morning.
 */
const env: Record<string, string> = {};
let smtp: FakeSmtp;
beforeAll(async () => {
  smtp = await startFakeSmtp();
  env.SMTP_URL = smtp.url;
});
afterAll(async () => smtp?.close());
const stage = useServerAndBrowser(env, { clock: true });

const API = '/api/company/v1';
const ZONE = 'Europe/Zurich';
const TODAY = '2027-03-09';
const TOMORROW = '2027-03-10';
const VISITOR = 'vera.visitor@initech.test';
const at = (date: string, hours: number, minutes = 0) => zonedInstant(date, hours * 60 + minutes, ZONE);

async function clockedContext(instant: Date): Promise<BrowserContext> {
  const context = await newContext(stage.browser());
  await context.clock.install({ time: instant });
  return context;
}

describe('issue 42 acceptance: invitation, kiosk check-in, live arrival, badge, check-out', () => {
  it('runs the visit from the invitation to the check-out', async () => {
    await stage.server().setClock(at(TODAY, 10));
    const base = stage.server().companyUrl('acme');

    // The administrator has a reception desk (its kiosk code is theirs to see).
    const admin = await (await clockedContext(at(TODAY, 10))).newPage();
    await admin.goto(`${base}/login`);
    await logIn(admin, 'admin@acme.test');
    await admin.waitForURL((url) => url.pathname !== '/login');
    const initial = await apiCall<{ languages: Array<{ id: number; code: string }> }>(
      admin,
      'GET',
      `${API}/initial-data`,
    );
    const en = initial.languages.find((language) => language.code === 'en')!.id;
    const desk = await apiCall<{ id: number; kiosk_code: string }>(admin, 'POST', `${API}/reception-desks`, {
      translations: [{ language_id: en, name: 'Front lobby' }],
    });
    expect(desk.kiosk_code).toBeTruthy();

    // The employee invites Vera for tomorrow morning from /my-visitors.
    const hostContext = await clockedContext(at(TODAY, 10));
    const host = await hostContext.newPage();
    const hostProblems = watchPageProblems(host);
    await host.goto(`${base}/login`);
    await logIn(host, 'employee@acme.test');
    await host.waitForURL((url) => url.pathname !== '/login');
    await host.goto(`${base}/my-visitors`);
    const form = host.getByRole('form', { name: 'Invite a visitor' });
    await form.getByRole('combobox', { name: 'Reception desk' }).click();
    await host.getByRole('option', { name: 'Front lobby' }).click();
    await form.getByLabel('First name').fill('Vera');
    await form.getByLabel('Last name').fill('Visitor');
    await form.getByLabel('E-mail').fill(VISITOR);
    await form.getByLabel('Company').fill('Initech');
    await form.getByLabel('Arrives').fill(`${TOMORROW}T09:00`);
    await form.getByLabel('Leaves').fill(`${TOMORROW}T11:00`);
    expect(await seriousAxeViolations(host)).toEqual([]);
    await form.getByRole('button', { name: 'Invite' }).click();
    await host.getByText('The invitation is on its way.').waitFor();

    // The invitation leaves through the outbox (SMTP) with the QR code and the visit's code.
    await expect.poll(() => smtp.mails.some((mail) => mail.to.includes(VISITOR))).toBe(true);
    const mail = smtp.mails.find((entry) => entry.to.includes(VISITOR))!;
    expect(mail.data).toContain('visit-qr-code.gif');
    expect(mail.data).toContain('visit.ics');
    const code = /Your visit code: ([A-Za-z0-9_-]+)/.exec(mail.data)?.[1];
    expect(code, mail.data).toBeTruthy();

    // Wednesday 08:55: the host keeps /my-visitors open; Vera scans her code at the kiosk.
    const morning = at(TOMORROW, 8, 55);
    await stage.server().setClock(morning);
    await hostContext.clock.setSystemTime(morning);
    await host.goto(`${base}/my-visitors`);
    await host.getByRole('tab', { name: 'Today' }).click();
    await host.getByText('Vera Visitor').first().waitFor();

    const kioskContext = await clockedContext(morning);
    const kiosk = await kioskContext.newPage();
    const kioskProblems = watchPageProblems(kiosk);
    await kiosk.setViewportSize({ width: 768, height: 1024 });
    await kiosk.goto(`${base}/reception-desk/${desk.kiosk_code}`);
    await kiosk.getByRole('heading', { name: 'Welcome to Front lobby' }).waitFor();
    expect(await seriousAxeViolations(kiosk)).toEqual([]);
    const scan = kiosk.getByRole('form', { name: 'Scan your invitation' });
    await scan.getByLabel('Invitation code (scan the QR code)').fill(code!);
    await scan.getByRole('button', { name: 'Check in' }).click();
    await kiosk.getByText('Hello Vera, you are checked in.').waitFor();

    // The host sees the arrival live.
    await host.getByText('Your visitor has arrived.').waitFor();

    // Reception prints the badge (page and PDF) and checks Vera out.
    const reception = await (await clockedContext(morning)).newPage();
    const receptionProblems = watchPageProblems(reception);
    await reception.goto(`${base}/login`);
    await logIn(reception, 'reception@acme.test');
    await reception.waitForURL((url) => url.pathname !== '/login');
    await reception.goto(`${base}/visitor-management/reception/${desk.id}`);
    await reception.getByRole('link', { name: 'Badge of Vera Visitor' }).click();
    const badge = reception.getByRole('region', { name: 'Visitor badge' });
    await badge.getByText('Initech').waitFor();
    await badge.getByRole('img', { name: 'QR code of the visit' }).waitFor();
    expect(await seriousAxeViolations(reception)).toEqual([]);
    const [download] = await Promise.all([
      reception.waitForEvent('download'),
      badge.getByRole('button', { name: 'Download PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^badge-\d+\.pdf$/);
    const stream = await download.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).subarray(0, 5).toString()).toBe('%PDF-');
    // Back on the desk's list (the badge screen stands in for it), reception checks Vera out.
    await reception.goBack();
    await reception.getByRole('button', { name: 'Check out Vera Visitor' }).click();
    await expect
      .poll(async () => {
        const list = await apiCall<{ data: Array<{ visitor_name: string; status: string }> }>(
          reception,
          'POST',
          `${API}/visitors/desk-visitors`,
          { reception_desk_id: desk.id, group: 'today' },
        );
        return list.data.find((visit) => visit.visitor_name === 'Vera Visitor')?.status;
      })
      .toBe('checked_out');

    expect(hostProblems).toEqual([]);
    expect(kioskProblems).toEqual([]);
    expect(receptionProblems).toEqual([]);
  });
});
