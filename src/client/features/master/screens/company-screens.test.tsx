// @vitest-environment jsdom
// @vitest-environment-options { "url": "http://workplace.localhost:8080/cx-manage-companies" }
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { createMemoryRouter } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { initialResponse } from '../../../../../test/support/initial-response';
import type { MasterCompany } from '../../../../shared/contract/companies';
import type { ReferenceRow } from '../../../../shared/contract/master-reference';
import { initialDataAtom, sessionStore } from '../../../session/session';
import { clearCompanyDraft, COMPANY_DRAFT_KEY, keepInCompanyDraft } from '../company-draft';
import { COMPANY_PICKERS, EDIT_COMPANY_PICKERS } from '../company-pickers';
import CompanyPickerScreen from './company-picker-screen';
import CompanyScreen from './company-screen';
import { renderWithSession } from '../../../../../test/support/render-screen';

const BASE = 'http://workplace.localhost:8080/api/master/v1';
const ADD = '/cx-manage-companies/add-company';
const EDIT = '/cx-manage-companies/edit-company/7';
const server = setupServer();

const row = (id: number, code: string, name: string, extra: Partial<ReferenceRow> = {}): ReferenceRow => ({
  id,
  code,
  name,
  in_use: 0,
  ...extra,
});
const LISTS = {
  countries: [row(1, 'CH', 'Switzerland'), row(2, 'FR', 'France')],
  languages: [row(1, 'en', 'English', { locale: 'en-GB' }), row(2, 'fr', 'Français', { locale: 'fr-FR' })],
  'data-regions': [row(1, 'EU', 'European Union'), row(2, 'CH', 'Switzerland')],
  'company-types': [row(1, 'SME', 'Small or medium business'), row(2, 'ENT', 'Enterprise')],
};

const acme: MasterCompany = {
  id: 7,
  name: 'Acme',
  subdomain: 'acme',
  country_id: 1,
  language_id: 1,
  timezone: 'Europe/Zurich',
  currency_id: 1,
  data_region_id: 2,
  company_type_id: 1,
  users_count: 4,
  created_at: '2026-01-05T08:00:00.000Z',
  deleted_at: null,
  purge_after: null,
};

function listHandlers() {
  return Object.entries(LISTS).map(([kind, data]) =>
    http.get(`${BASE}/${kind}/all`, () => HttpResponse.json({ data })),
  );
}

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  localStorage.setItem('atApp', 'token-1');
  clearCompanyDraft();
  const { access_token: _token, ...data } = initialResponse({
    company: null,
    subdomain: null,
    timezones: [
      { id: 1, name: 'Europe/Berlin', offset: '+01:00' },
      { id: 2, name: 'Europe/Paris', offset: '+01:00' },
      { id: 3, name: 'Europe/Zurich', offset: '+01:00' },
    ],
  });
  sessionStore.set(initialDataAtom, data);
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
});
afterAll(() => server.close());

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: ADD, element: <CompanyScreen /> },
      ...COMPANY_PICKERS.map((picker) => ({ path: `${ADD}/${picker}`, element: <CompanyPickerScreen /> })),
      { path: '/cx-manage-companies/edit-company/:company_id', element: <CompanyScreen /> },
      ...EDIT_COMPANY_PICKERS.map((picker) => ({
        path: `/cx-manage-companies/edit-company/:company_id/${picker}`,
        element: <CompanyPickerScreen />,
      })),
      { path: '*', element: <p>Elsewhere</p> },
    ],
    { initialEntries: [path] },
  );
  return renderWithSession(router);
}

describe('spec §2 /cx-manage-companies/add-company and its pickers', { timeout: 30_000 }, () => {
  it('keeps what was typed while a picker is open, and creates the company with the picks, emptying the draft', async () => {
    let created: unknown = null;
    const initech = { ...acme, id: 42, name: 'Initech', subdomain: 'initech' };
    server.use(
      ...listHandlers(),
      http.post(`${BASE}/companies`, async ({ request }) => {
        created = await request.json();
        return HttpResponse.json(initech, { status: 201 });
      }),
      http.get(`${BASE}/companies/42`, () => HttpResponse.json(initech)),
    );
    const user = userEvent.setup();
    const router = renderAt(ADD);
    await user.type(await screen.findByRole('textbox', { name: /^Name/ }), 'Initech');
    await user.type(screen.getByRole('textbox', { name: /^Subdomain/ }), 'initech');
    expect(JSON.parse(sessionStorage.getItem(COMPANY_DRAFT_KEY)!)).toMatchObject({
      name: 'Initech',
      subdomain: 'initech',
    });

    // Create without the picks: each row says so, and its link is described by the message.
    await user.click(screen.getByRole('button', { name: 'Create company' }));
    const country = await screen.findByRole('link', { name: 'Country: Not chosen' });
    const message = document.getElementById(country.getAttribute('aria-describedby')!);
    expect(message?.textContent).toBe('This field is required.');
    expect(screen.getAllByText('This field is required.')).toHaveLength(6); // five picks and the email
    expect(created).toBeNull();

    // From the keyboard: the row's link opens the picker, a search narrows it, Enter chooses.
    country.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe(`${ADD}/country`));
    await user.type(await screen.findByRole('searchbox', { name: 'Search' }), 'fra');
    expect(screen.queryByRole('button', { name: /Switzerland/ })).toBeNull();
    screen.getByRole('button', { name: /France/ }).focus();
    await user.keyboard('{Enter}');

    await waitFor(() => expect(router.state.location.pathname).toBe(ADD));
    expect(((await screen.findByRole('textbox', { name: /^Name/ })) as HTMLInputElement).value).toBe(
      'Initech',
    );
    expect((screen.getByRole('textbox', { name: /^Subdomain/ }) as HTMLInputElement).value).toBe('initech');
    screen.getByRole('link', { name: 'Country: France' });

    for (const [link, option] of [
      ['Language: Not chosen', /^Français/],
      ['Timezone: Not chosen', /^Europe\/Paris/],
      ['Data region: Not chosen', /^European Union/],
      ['Company type: Not chosen', /^Small or medium business/],
    ] as const) {
      await user.click(await screen.findByRole('link', { name: link }));
      await user.click(await screen.findByRole('button', { name: option }));
      await waitFor(() => expect(router.state.location.pathname).toBe(ADD));
    }
    screen.getByRole('link', { name: 'Company type: Small or medium business' });
    await user.type(
      await screen.findByRole('textbox', { name: /^First administrator/ }),
      'bill@initech.test',
    );
    await user.click(screen.getByRole('button', { name: 'Create company' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/cx-manage-companies/edit-company/42'));
    // No currency: the company sets it in its own profile (a new one starts with EUR).
    expect(created).toEqual({
      name: 'Initech',
      subdomain: 'initech',
      country_id: 2,
      language_id: 2,
      timezone: 'Europe/Paris',
      data_region_id: 1,
      company_type_id: 1,
      admin_email: 'bill@initech.test',
      admin_first_name: '',
      admin_last_name: '',
    });
    expect(sessionStorage.getItem(COMPANY_DRAFT_KEY)).toBeNull();
  });

  it('shows the server’s field message beside the pick it refused', async () => {
    server.use(
      ...listHandlers(),
      http.post(`${BASE}/companies`, () =>
        HttpResponse.json(
          {
            data: {
              message: 'The given data was invalid.',
              errors: { country_id: ['Country is not valid.'] },
            },
          },
          { status: 422 },
        ),
      ),
    );
    // Picks from before (a country deleted since), the rest typed now.
    keepInCompanyDraft({
      country_id: '99',
      language_id: '1',
      timezone: 'Europe/Zurich',
      data_region_id: '1',
      company_type_id: '1',
    });
    const user = userEvent.setup();
    renderAt(ADD);
    await user.type(await screen.findByRole('textbox', { name: /^Name/ }), 'Hooli');
    await user.type(screen.getByRole('textbox', { name: /^Subdomain/ }), 'hooli');
    await user.type(screen.getByRole('textbox', { name: /^First administrator/ }), 'gavin@hooli.test');
    await user.click(screen.getByRole('button', { name: 'Create company' }));
    const country = await screen.findByRole('link', { name: 'Country: Not chosen' });
    await waitFor(() =>
      expect(document.getElementById(country.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
        'Country is not valid.',
      ),
    );
  });
});

describe('spec §2 /cx-manage-companies/edit-company and its pickers', { timeout: 30_000 }, () => {
  it('saves a choice at once and returns to the company; the company type is shown, not picked', async () => {
    const sent: unknown[] = [];
    let current = acme;
    server.use(
      ...listHandlers(),
      http.get(`${BASE}/companies/7`, () => HttpResponse.json(current)),
      http.put(`${BASE}/companies/7`, async ({ request }) => {
        const body = (await request.json()) as Partial<MasterCompany>;
        sent.push(body);
        current = { ...current, ...body };
        return HttpResponse.json(current);
      }),
    );
    const user = userEvent.setup();
    const router = renderAt(EDIT);
    await user.click(await screen.findByRole('link', { name: 'Timezone: Europe/Zurich' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`${EDIT}/timezone`));
    const chosen = await screen.findByRole('button', { name: /^Europe\/Zurich/ });
    expect(chosen.getAttribute('aria-current')).toBe('true');
    await user.click(screen.getByRole('button', { name: /^Europe\/Berlin/ }));

    await waitFor(() => expect(router.state.location.pathname).toBe(EDIT));
    await screen.findByRole('link', { name: 'Timezone: Europe/Berlin' });
    expect(sent).toEqual([{ timezone: 'Europe/Berlin' }]);
    for (const name of [/^Country: Switzerland/, /^Language: English/, /^Data region: Switzerland/])
      screen.getByRole('link', { name });
    const defaults = screen.getByRole('list', { name: 'Company defaults' });
    expect(defaults.textContent).toContain('Small or medium business');
    expect(screen.queryByRole('link', { name: /^Company type/ })).toBeNull();
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.queryByText(/Currency/)).toBeNull();
  });

  it('shows the server’s first field message in the picker when it refuses the choice, and stays', async () => {
    server.use(
      ...listHandlers(),
      http.get(`${BASE}/companies/7`, () => HttpResponse.json(acme)),
      http.put(`${BASE}/companies/7`, () =>
        HttpResponse.json(
          {
            data: {
              message: 'The given data was invalid.',
              errors: { country_id: ['Country is not valid.'] },
            },
          },
          { status: 422 },
        ),
      ),
    );
    const user = userEvent.setup();
    const router = renderAt(`${EDIT}/country`);
    await user.click(await screen.findByRole('button', { name: /^France/ }));
    expect((await screen.findByRole('alert')).textContent).toBe('Country is not valid.');
    expect(router.state.location.pathname).toBe(`${EDIT}/country`);
    // The choices can be pressed again.
    expect(screen.getByRole('button', { name: /^France/ }).hasAttribute('disabled')).toBe(false);
  });

  it('offers no picker for a deleted company', async () => {
    server.use(
      ...listHandlers(),
      http.get(`${BASE}/companies/7`, () =>
        HttpResponse.json({
          ...acme,
          deleted_at: '2026-02-01T08:00:00.000Z',
          purge_after: '2026-03-03T08:00:00.000Z',
        }),
      ),
    );
    renderAt(EDIT);
    await screen.findByRole('button', { name: 'Restore company' });
    expect(screen.queryAllByRole('link')).toEqual([]);
    expect(screen.getByRole('list', { name: 'Company defaults' }).textContent).toContain('Europe/Zurich');
  });
});
