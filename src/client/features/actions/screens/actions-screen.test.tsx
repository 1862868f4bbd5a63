// @vitest-environment jsdom
// @vitest-environment-options { "url": "http://acme.workplace.localhost:8080/actions/7" }
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { createMemoryRouter } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Declaration } from '../../../../shared/contract/declarations';
import ActionsScreen from './actions-screen';
import { signInWithDefaultFormats, renderWithSession } from '../../../../../test/support/render-screen';

const BASE = 'http://acme.workplace.localhost:8080/api/company/v1';
const server = setupServer();

const booking = (changes: Partial<Declaration> = {}): Declaration => ({
  id: 7,
  resource: { id: 3, name: 'Desk 1.01', path: 'Acme HQ / Building A / Floor 1 / Desk 1.01' },
  level_id: 2,
  starts_at: '2026-11-24T08:00:00.000Z',
  ends_at: '2026-11-24T10:00:00.000Z',
  timezone: 'Europe/Zurich',
  status: 'booked',
  approval_status: 'approved',
  cost: null,
  subject: '',
  is_private: false,
  slot_type: 'hours',
  source: 'plan',
  host: { id: 5, name: 'Emil Employee' },
  can_check_in: true,
  can_check_out: false,
  can_extend: true,
  can_cancel: true,
  checked_in_at: null,
  checked_out_at: null,
  created_at: '2026-11-23T08:00:00.000Z',
  ...changes,
});

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  signInWithDefaultFormats();
  localStorage.setItem('atApp', 'token-1');
  server.use(
    http.get(`${BASE}/user-preferences/all`, () => HttpResponse.json({ data: [] })),
    http.get(`${BASE}/space-passes/7`, () =>
      HttpResponse.json({ data: { message: 'This pass was not found.' } }, { status: 404 }),
    ),
  );
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
});
afterAll(() => server.close());

function renderScreen() {
  const router = createMemoryRouter(
    [
      { path: '/actions/:declaration_id', element: <ActionsScreen /> },
      { path: '*', element: <p>Elsewhere</p> },
    ],
    { initialEntries: ['/actions/7'] },
  );
  return renderWithSession(router);
}

describe(
  'spec §2 /actions/{declaration_id}: the booking and exactly the actions open now',
  { timeout: 20_000 },
  () => {
    it('offers only what the booking allows, and checks in from the keyboard', async () => {
      let current = booking({ can_extend: false, can_cancel: false });
      server.use(
        http.get(`${BASE}/declarations/7`, () => HttpResponse.json(current)),
        http.post(`${BASE}/declarations/7/check-in`, () => {
          current = booking({
            status: 'checked_in',
            can_check_in: false,
            can_check_out: true,
            can_cancel: false,
          });
          return HttpResponse.json(current);
        }),
      );
      const user = userEvent.setup();
      renderScreen();
      await screen.findByRole('heading', { name: 'Desk 1.01' });
      // the level's clock (Zurich), not UTC
      expect(screen.getByText('24.11.2026 09:00–11:00')).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Check in' })).toBeTruthy();
      for (const absent of ['Check out', 'Extend booking', 'Cancel booking'])
        expect(screen.queryByRole('button', { name: absent })).toBeNull();

      await user.tab();
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Check in' }));
      await user.keyboard('{Enter}');
      await screen.findByText('You are checked in.');
      expect(screen.getByText('Status: Checked in')).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Check in' })).toBeNull();
      expect(screen.getByRole('button', { name: 'Check out' })).toBeTruthy();
    });

    it('extends by the chosen extending_type and reads the booking again (spec §4: the page reloads)', async () => {
      let asked: string | null = null;
      let reads = 0;
      server.use(
        http.get(`${BASE}/declarations/7`, () => {
          reads += 1;
          return HttpResponse.json(
            booking({ ends_at: asked ? '2026-11-24T11:00:00.000Z' : '2026-11-24T10:00:00.000Z' }),
          );
        }),
        http.post(`${BASE}/declarations/7/extend`, ({ request }) => {
          asked = new URL(request.url).searchParams.get('extending_type');
          return HttpResponse.json(booking({ ends_at: '2026-11-24T11:00:00.000Z' }));
        }),
      );
      const user = userEvent.setup();
      renderScreen();
      await screen.findByRole('heading', { name: 'Desk 1.01' });
      await user.selectOptions(screen.getByLabelText('Extend'), 'By one hour');
      await user.click(screen.getByRole('button', { name: 'Extend booking' }));
      await screen.findByText('Extended: 24.11.2026 09:00–12:00.');
      expect(asked).toBe('hours');
      await waitFor(() => expect(reads).toBeGreaterThanOrEqual(2));
    });

    it('shows the server’s message when an action is refused, and the booking as it is now', async () => {
      let current = booking();
      server.use(
        http.get(`${BASE}/declarations/7`, () => HttpResponse.json(current)),
        http.post(`${BASE}/declarations/7/check-in`, () => {
          current = booking({
            status: 'released',
            can_check_in: false,
            can_extend: false,
            can_cancel: false,
          });
          return HttpResponse.json(
            {
              data: {
                message: 'Check-in opens 15 minutes before the start and closes at the end of the booking.',
              },
            },
            { status: 409 },
          );
        }),
      );
      const user = userEvent.setup();
      renderScreen();
      await user.click(await screen.findByRole('button', { name: 'Check in' }));
      expect((await screen.findByRole('alert')).textContent).toBe(
        'Check-in opens 15 minutes before the start and closes at the end of the booking.',
      );
      await screen.findByText('No action is possible on this booking now.');
      expect(screen.getByText('Status: Released (no check-in)')).toBeTruthy();
    });

    it('asks before cancelling', async () => {
      let cancelled = false;
      server.use(
        http.get(`${BASE}/declarations/7`, () => HttpResponse.json(booking())),
        http.delete(`${BASE}/declarations/7`, () => {
          cancelled = true;
          return HttpResponse.json(
            booking({ status: 'cancelled', can_check_in: false, can_extend: false, can_cancel: false }),
          );
        }),
      );
      const user = userEvent.setup();
      renderScreen();
      await user.click(await screen.findByRole('button', { name: 'Cancel booking' }));
      const dialog = await screen.findByRole('alertdialog', { name: 'Cancel this booking?' });
      expect(dialog.textContent).toContain('Desk 1.01 (24.11.2026 09:00–11:00) becomes free for others');
      await user.click(within(dialog).getByRole('button', { name: 'Keep the booking' }));
      await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
      expect(cancelled).toBe(false);
      // A fresh screen for the confirmation: jsdom plays no transitions, so a dialog that closed is
      // not reliably gone (and the page behind it not shown again) within the test's time.
      cleanup();
      renderScreen();
      await user.click(await screen.findByRole('button', { name: 'Cancel booking' }));
      const again = await screen.findByRole('alertdialog', { name: 'Cancel this booking?' });
      await user.click(within(again).getByRole('button', { name: 'Cancel booking' }));
      await screen.findByText('The booking is cancelled.');
      expect(cancelled).toBe(true);
    });
  },
);
