// @vitest-environment jsdom
// @vitest-environment-options { "url": "http://acme.workplace.localhost:8080/bookings/presets" }
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BookingPreset } from '../../../../shared/contract/bookings';
import PresetsScreen from './presets-screen';

const BASE = 'http://acme.workplace.localhost:8080/api/company/v1';
const server = setupServer();

const preset = (id: number, name: string, order: number): BookingPreset => ({
  id,
  name,
  order,
  is_active: true,
  preset: {
    levels: [],
    resource_types: [],
    capacity: null,
    resources: [],
    date_period: { type: 'today' },
    declaration_status: [],
    declaration_approval_status: [],
    my_bookings: false,
  } as unknown as BookingPreset['preset'],
});

let stored: BookingPreset[] = [];
let sent: unknown[] = [];

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  localStorage.setItem('atApp', 'token-1');
  sent = [];
  stored = [preset(1, 'Desks', 1), preset(2, 'Rooms', 2), preset(3, 'Parking', 3)];
  server.use(
    http.get(`${BASE}/bookings/presets`, () => HttpResponse.json({ data: stored })),
    http.post(`${BASE}/bookings/presets/order`, async ({ request }) => {
      const { order } = (await request.json()) as { order: Array<{ id: number; order: number }> };
      sent.push(order.map((entry) => entry.id));
      const known = new Set(stored.map((entry) => entry.id));
      const gone = order.findIndex((entry) => !known.has(entry.id));
      if (gone >= 0)
        return HttpResponse.json(
          {
            data: {
              message: 'The given data was invalid.',
              errors: { [`order.${gone}.id`]: ['Preset not found.'] },
            },
          },
          { status: 422 },
        );
      stored = order.map((entry) => ({
        ...stored.find((each) => each.id === entry.id)!,
        order: entry.order,
      }));
      stored.sort((a, b) => a.order - b.order);
      return HttpResponse.json({ data: stored });
    }),
  );
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
});
afterAll(() => server.close());

function show() {
  const router = createMemoryRouter([{ path: '/bookings/presets', element: <PresetsScreen /> }], {
    initialEntries: ['/bookings/presets'],
  });
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <FluentProvider theme={webLightTheme}>
        <RouterProvider router={router} />
      </FluentProvider>
    </SWRConfig>,
  );
}

describe('spec §2 /bookings presets: reorder', () => {
  it('reads the list again after a refused move, so a preset deleted elsewhere is not sent again', async () => {
    const user = userEvent.setup();
    show();
    await screen.findByRole('button', { name: 'Move Parking up' });
    // Rooms is deleted in another tab.
    stored = stored.filter((entry) => entry.id !== 2);
    await user.click(screen.getByRole('button', { name: 'Move Parking up' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Move Rooms up' })).toBeNull());
    expect(sent).toEqual([[1, 3, 2]]);
    await user.click(screen.getByRole('button', { name: 'Move Parking up' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toEqual([3, 1]);
    // the focused button stays focusable while the move runs
    expect(screen.getByRole('button', { name: 'Move Desks up' })).toHaveProperty('disabled', false);
  });
});
