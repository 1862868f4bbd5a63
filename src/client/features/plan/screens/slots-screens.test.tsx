// @vitest-environment jsdom
// @vitest-environment-options { "url": "http://acme.workplace.localhost:8080/plan/2" }
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { calendarDateIn } from '../../../../shared/time/calendar-date';
import { planState } from '../plan-state';
import LevelSlotsScreen from './level-slots-screen';
import ResourceSlotsScreen from './resource-slots-screen';

// No realtime socket in these tests: the screens read the slots over HTTP only.
vi.mock('../../../realtime', () => ({ useRevalidateOnDeclarationChange: () => {} }));

const BASE = 'http://acme.workplace.localhost:8080/api/company/v1';
const server = setupServer();

const dayAfter = (days: number) => calendarDateIn('UTC', new Date(Date.now() + days * 86_400_000));
const firstDay = dayAfter(1);
const secondDay = dayAfter(2);

const slotsOf = (date: string) => ({
  default: true,
  type: 'hours',
  date,
  timezone: 'UTC',
  slots: [9, 10].map((hour) => ({
    from: `${hour}:00`.padStart(5, '0'),
    to: `${hour + 1}:00`.padStart(5, '0'),
    datetime_from: `${date}T${String(hour).padStart(2, '0')}:00:00.000Z`,
    datetime_to: `${date}T${String(hour + 1).padStart(2, '0')}:00:00.000Z`,
    available: true,
    occupied: false,
    mine: false,
  })),
});

const level = {
  id: 2,
  parent_id: null,
  kind: 'floor',
  name: 'Floor 1',
  path: 'Acme HQ / Floor 1',
  all_parents: [],
  all_children: [],
  working_hours_from: '08:00',
  working_hours_to: '18:00',
  timezone: 'UTC',
  country_id: null,
  translations: [],
  is_default: false,
  is_favorite: false,
  is_declarable: true,
  is_directly_declarable: false,
  map_id: null,
  position: 1,
  resources_count: 2,
};

let booked: unknown[] = [];

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  localStorage.setItem('atApp', 'token-1');
  planState.set({ date: firstDay, slotType: null, slot: null });
  booked = [];
  const slots = ({ request }: { request: Request }) =>
    HttpResponse.json(slotsOf(new URL(request.url).searchParams.get('date') ?? firstDay));
  server.use(
    http.get(`${BASE}/user-preferences/all`, () => HttpResponse.json({ data: [] })),
    http.get(`${BASE}/levels/2`, () => HttpResponse.json(level)),
    http.get(`${BASE}/resources/3/info`, () =>
      HttpResponse.json({
        id: 3,
        name: 'Desk 1.01',
        path: 'Acme HQ / Floor 1 / Desk 1.01',
        resource_type: 'Desk',
        resource_model: 'personal',
        capacity: 1,
        current_capacity: 1,
        description: '',
        resource_attributes: [],
        resource_services: [],
        timezone: 'UTC',
        working_hours_from: '08:00',
        working_hours_to: '18:00',
        is_favorite: false,
        image_url: null,
      }),
    ),
    http.get(`${BASE}/plan/slots/:type/:id`, slots),
    http.get(`${BASE}/plan/occupancy/:type/:id`, () =>
      HttpResponse.json({ date: firstDay, occupancy_percentage: 0 }),
    ),
    http.get(`${BASE}/plan/planResourceLimit/3`, () =>
      HttpResponse.json({
        resource_id: 3,
        date: firstDay,
        counts: false,
        limit: null,
        used: 0,
        remaining: null,
      }),
    ),
    http.post(`${BASE}/declarations`, async ({ request }) => {
      booked.push(await request.json());
      return HttpResponse.json({}, { status: 201 });
    }),
  );
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
});
afterAll(() => server.close());

function renderAt(path: string, pattern: string, screenElement: ReactElement) {
  const router = createMemoryRouter(
    [
      { path: pattern, element: screenElement },
      { path: '*', element: <p>Elsewhere</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <FluentProvider theme={webLightTheme}>
        <RouterProvider router={router} />
      </FluentProvider>
    </SWRConfig>,
  );
}

const slotButton = () => screen.findByRole('button', { name: /^09:00–10:00/ });
const isDisabled = (name: string) => screen.getByRole('button', { name }).hasAttribute('disabled');
const chooseDay = (date: string) =>
  fireEvent.change(screen.getByLabelText('Date'), { target: { value: date } });

describe('spec §3 Plan state: a new day forgets the slots picked on the old one', { timeout: 20_000 }, () => {
  it('r_plan-slots: Book is disabled after the day changes, until a slot of the new day is picked', async () => {
    const user = userEvent.setup();
    renderAt('/plan/2/resource/3', '/plan/:plan_level_id/resource/:resource_id', <ResourceSlotsScreen />);
    await user.click(await slotButton());
    expect(isDisabled('Book')).toBe(false);

    chooseDay(secondDay);
    await waitFor(() => expect(planState.get().date).toBe(secondDay));
    expect(isDisabled('Book')).toBe(true);
    const next = await slotButton();
    await waitFor(() => expect(next.getAttribute('aria-pressed')).toBe('false'));
    expect(isDisabled('Book')).toBe(true);

    await user.click(next);
    await user.click(screen.getByRole('button', { name: 'Book' }));
    await waitFor(() => expect(booked).toHaveLength(1));
    expect(booked[0]).toEqual({
      resource_id: 3,
      slots: [{ datetime_from: `${secondDay}T09:00:00.000Z`, datetime_to: `${secondDay}T10:00:00.000Z` }],
    });
  });

  it('r_plan-resources-slots: Show the resources is disabled after the day changes', async () => {
    const user = userEvent.setup();
    renderAt('/plan/2/slots', '/plan/:plan_level_id/slots', <LevelSlotsScreen />);
    await user.click(await slotButton());
    expect(isDisabled('Show the resources')).toBe(false);

    chooseDay(secondDay);
    await waitFor(() => expect(planState.get().date).toBe(secondDay));
    expect(isDisabled('Show the resources')).toBe(true);
    expect((await slotButton()).getAttribute('aria-pressed')).toBe('false');
    expect(isDisabled('Show the resources')).toBe(true);
  });
});
