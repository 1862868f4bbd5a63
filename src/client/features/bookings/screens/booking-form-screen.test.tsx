// @vitest-environment jsdom
// @vitest-environment-options { "url": "http://acme.workplace.localhost:8080/bookings/edit/7" }
import { cleanup, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { createMemoryRouter } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Booking } from '../../../../shared/contract/bookings';
import BookingFormScreen from './booking-form-screen';
import SelectSlotsScreen from './select-slots-screen';
import { signInWithDefaultFormats, renderWithSession } from '../../../../../test/support/render-screen';

const BASE = 'http://acme.workplace.localhost:8080/api/company/v1';
const server = setupServer();

// 09:00–11:00 in Zurich on 24 November: the booking's own day.
const booking: Booking = {
  id: 7,
  resource: { id: 3, name: 'Desk 1.01', path: 'Acme HQ / Building A / Floor 1 / Desk 1.01' },
  level_id: 2,
  starts_at: '2026-11-24T08:00:00.000Z',
  ends_at: '2026-11-24T10:00:00.000Z',
  timezone: 'Europe/Zurich',
  status: 'booked',
  approval_status: 'approved',
  cost: null,
  subject: 'Planning',
  is_private: false,
  slot_type: 'hours',
  source: 'plan',
  host: { id: 5, name: 'Emil Employee' },
  can_check_in: false,
  can_check_out: false,
  can_extend: false,
  can_cancel: false,
  checked_in_at: null,
  checked_out_at: null,
  created_at: '2026-11-23T08:00:00.000Z',
};

const slotsOf = (date: string) => ({
  default: true,
  type: 'hours',
  date,
  timezone: 'Europe/Zurich',
  slots: [9, 10].map((hour) => ({
    from: `${String(hour).padStart(2, '0')}:00`,
    to: `${String(hour + 1).padStart(2, '0')}:00`,
    datetime_from: `${date}T${String(hour - 1).padStart(2, '0')}:00:00.000Z`,
    datetime_to: `${date}T${String(hour).padStart(2, '0')}:00:00.000Z`,
    available: true,
    occupied: false,
    mine: false,
  })),
});

let slotDays: string[] = [];
let updates: unknown[] = [];

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  signInWithDefaultFormats();
  localStorage.setItem('atApp', 'token-1');
  slotDays = [];
  updates = [];
  server.use(
    http.get(`${BASE}/user-preferences/all`, () => HttpResponse.json({ data: [] })),
    http.get(`${BASE}/bookings/7`, () => HttpResponse.json(booking)),
    http.get(`${BASE}/bookings/presets`, () =>
      HttpResponse.json({ data: [{ id: 4, name: 'Desks', order: 1, is_active: true, preset: {} }] }),
    ),
    http.get(`${BASE}/bookings/grid/4`, ({ request }) => {
      const date = new URL(request.url).searchParams.get('date') ?? '2026-11-24';
      return HttpResponse.json({ preset_id: 4, date, date_label: date, total: 0, hours: [], data: [] });
    }),
    http.get(`${BASE}/plan/slots/resource/3`, ({ request }) => {
      const date = new URL(request.url).searchParams.get('date')!;
      slotDays.push(date);
      return HttpResponse.json(slotsOf(date));
    }),
    http.post(`${BASE}/bookings/declaration-cost`, () => HttpResponse.json({ cost: null })),
    http.put(`${BASE}/bookings/7`, async ({ request }) => {
      updates.push(await request.json());
      return HttpResponse.json(booking);
    }),
  );
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
});
afterAll(() => server.close());

function renderEdit(path = '/bookings/edit/7') {
  const router = createMemoryRouter(
    [
      { path: '/bookings/edit/:id', element: <BookingFormScreen /> },
      { path: '/bookings/edit/:id/select-slots', element: <SelectSlotsScreen /> },
      { path: '/bookings', element: <p>Bookings list</p> },
    ],
    { initialEntries: [path] },
  );
  return renderWithSession(router);
}

const chooseDay = (date: string) =>
  fireEvent.change(screen.getByLabelText('Day'), { target: { value: date } });

describe('spec §2 /bookings edit/{id}: the day of an edited booking', { timeout: 20_000 }, () => {
  it('select-slots of an edit without a day in its address shows the booking’s own day', async () => {
    const user = userEvent.setup();
    renderEdit();
    await user.click(await screen.findByRole('link', { name: 'Select slots' }));
    await screen.findByRole('heading', { name: 'Slots of 24.11.2026' });
    expect(screen.queryByText('Choose a day and a resource first.')).toBeNull();
    await screen.findByRole('button', { name: /^09:00–10:00/ });
    expect(new Set(slotDays)).toEqual(new Set(['2026-11-24']));
  });

  it('refuses to save an edit moved to another day until the new day’s slots are chosen', async () => {
    const user = userEvent.setup();
    const router = renderEdit();
    await screen.findByRole('heading', { name: 'Booking 7' });
    chooseDay('2026-11-26');
    await user.click(screen.getByRole('button', { name: 'Save booking' }));
    await screen.findByText('Choose the slots of the new day.');
    expect(updates).toEqual([]);
    expect(router.state.location.pathname).toBe('/bookings/edit/7');

    await user.click(screen.getByRole('link', { name: 'Select slots' }));
    await screen.findByRole('heading', { name: 'Slots of 26.11.2026' });
    await user.click(await screen.findByRole('button', { name: /^09:00–10:00/ }));
    await user.click(screen.getByRole('button', { name: 'Use these slots' }));
    await user.click(await screen.findByRole('button', { name: 'Save booking' }));
    await screen.findByText('Bookings list');
    expect(updates).toEqual([
      {
        slots: [{ datetime_from: '2026-11-26T08:00:00.000Z', datetime_to: '2026-11-26T09:00:00.000Z' }],
        subject: 'Planning',
        is_private: false,
      },
    ]);
  });

  it('saves an edit on its own day without new slots: the booking keeps its slots', async () => {
    const user = userEvent.setup();
    renderEdit('/bookings/edit/7?date=2026-11-24');
    await user.click(await screen.findByRole('button', { name: 'Save booking' }));
    await screen.findByText('Bookings list');
    expect(updates).toEqual([{ subject: 'Planning', is_private: false }]);
  });
});
