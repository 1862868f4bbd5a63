// @vitest-environment jsdom
// @vitest-environment-options { "url": "http://acme.workplace.localhost:8080/profile" }
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { ComponentType } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  DELEGATION_MESSAGES,
  type AvailablePermissionList,
  type DelegateUser,
  type Delegation,
} from '../../../../shared/contract/delegations';
import DelegateAddScreen from './delegate-add-screen';
import DelegatePermissionScreen from './delegate-permission-screen';

const BASE = 'http://acme.workplace.localhost:8080/api/company/v1/delegations';
const server = setupServer();
const tom = { id: 4, name: 'Tom Teammate', email: 'teammate@acme.test' };
const GIVEN = 'My bookings: see, book, change and cancel for me';

const available = (changes: Partial<AvailablePermissionList> = {}): AvailablePermissionList => ({
  user: tom,
  delegation_id: null,
  data: [{ permission: 'MY_BOOKINGS', delegated: false }],
  ...changes,
});

const delegation = (permissions: string[]): Delegation => ({
  id: 9,
  delegated_by: { id: 2, name: 'Emil Employee', email: 'employee@acme.test' },
  delegated_to: tom,
  permissions,
  in_force: permissions,
  created_at: '2026-11-23T08:00:00.000Z',
  updated_at: '2026-11-23T08:00:00.000Z',
});

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => localStorage.setItem('atApp', 'token-1'));
afterEach(() => {
  cleanup();
  server.resetHandlers();
});
afterAll(() => server.close());

function renderAt(path: string, pattern: string, Screen: ComponentType) {
  const router = createMemoryRouter(
    [
      { path: pattern, element: <Screen /> },
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
  return router;
}

const renderPermissions = () =>
  renderAt(
    '/profile/my-delegates/add/permission/4',
    '/profile/my-delegates/add/permission/:userId',
    DelegatePermissionScreen,
  );

describe('spec §2 /profile/my-delegates/add/permission/:userId', { timeout: 20_000 }, () => {
  it('shows the server’s message under the permissions when none is ticked, then delegates from the keyboard', async () => {
    const sent: unknown[] = [];
    server.use(
      http.get(`${BASE}/available-permissions/4`, () => HttpResponse.json(available())),
      http.get(`${BASE}`, () => HttpResponse.json({ data: [] })),
      http.get(`${BASE}/delegate-users`, () => HttpResponse.json({ data: [], meta: {} })),
      http.post(`${BASE}`, async ({ request }) => {
        const body = (await request.json()) as { permissions: string[] };
        sent.push(body);
        if (body.permissions.length === 0)
          return HttpResponse.json(
            {
              data: {
                message: DELEGATION_MESSAGES.permissionsRequired,
                errors: { permissions: [DELEGATION_MESSAGES.permissionsRequired] },
              },
            },
            { status: 422 },
          );
        return HttpResponse.json(delegation(body.permissions), { status: 201 });
      }),
    );
    const user = userEvent.setup();
    const router = renderPermissions();
    const box = await screen.findByRole('checkbox', { name: GIVEN });
    expect(screen.getByRole('heading', { name: 'Tom Teammate' })).toBeTruthy();
    expect((box as HTMLInputElement).checked).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Delegate' }));
    const message = await screen.findByText(DELEGATION_MESSAGES.permissionsRequired);
    expect(screen.getByRole('group').getAttribute('aria-describedby')).toBe(message.id);
    expect(router.state.location.pathname).toBe('/profile/my-delegates/add/permission/4');

    box.focus();
    await user.keyboard(' ');
    expect((box as HTMLInputElement).checked).toBe(true);
    // A change takes the message away at once.
    expect(screen.queryByText(DELEGATION_MESSAGES.permissionsRequired)).toBeNull();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Delegate' }));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/my-delegates'));
    expect(sent).toEqual([
      { delegate_id: 4, permissions: [] },
      { delegate_id: 4, permissions: ['MY_BOOKINGS'] },
    ]);
  });

  it('changes the delegation a delegate already has (PUT), its permissions ticked', async () => {
    let put: unknown = null;
    server.use(
      http.get(`${BASE}/available-permissions/4`, () =>
        HttpResponse.json(
          available({ delegation_id: 9, data: [{ permission: 'MY_BOOKINGS', delegated: true }] }),
        ),
      ),
      http.get(`${BASE}/9`, () => HttpResponse.json(delegation(['MY_BOOKINGS']))),
      http.get(`${BASE}`, () => HttpResponse.json({ data: [] })),
      http.get(`${BASE}/delegate-users`, () => HttpResponse.json({ data: [], meta: {} })),
      http.put(`${BASE}/9`, async ({ request }) => {
        put = await request.json();
        return HttpResponse.json(delegation(['MY_BOOKINGS']));
      }),
    );
    const user = userEvent.setup();
    const router = renderPermissions();
    const box = await screen.findByRole('checkbox', { name: GIVEN });
    expect((box as HTMLInputElement).checked).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Delegate' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/my-delegates'));
    expect(put).toEqual({ permissions: ['MY_BOOKINGS'] });
  });

  it('says when the user holds nothing that can be delegated, and offers no submit', async () => {
    server.use(http.get(`${BASE}/available-permissions/4`, () => HttpResponse.json(available({ data: [] }))));
    renderPermissions();
    await screen.findByText('You hold no permission that can be delegated.');
    expect(screen.queryByRole('button', { name: 'Delegate' })).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });
});

describe('spec §2 /profile/my-delegates/add', { timeout: 20_000 }, () => {
  const person = (id: number, delegationId: number | null = null): DelegateUser => ({
    id,
    name: `Person ${id}`,
    email: `person${id}@acme.test`,
    delegation_id: delegationId,
  });

  it('searches once the typing stops, pages on with Show more and offers Edit for a delegate', async () => {
    const asked: string[] = [];
    server.use(
      http.get(`${BASE}/delegate-users`, ({ request }) => {
        const url = new URL(request.url);
        const query = url.searchParams.get('query') ?? '';
        const page = Number(url.searchParams.get('page'));
        asked.push(`${query}:${page}`);
        const data = query === '' ? [person(1)] : page === 1 ? [person(2, 7), person(3)] : [person(4)];
        return HttpResponse.json({
          data,
          meta: { current_page: page, last_page: query === '' ? 1 : 2, per_page: 20, total: 3 },
        });
      }),
    );
    const user = userEvent.setup();
    const router = renderAt('/profile/my-delegates/add', '/profile/my-delegates/add', DelegateAddScreen);
    await screen.findByRole('button', { name: 'Choose Person 1' });

    await user.type(screen.getByRole('searchbox', { name: 'Search colleagues by name or email' }), 'Per');
    await screen.findByRole('button', { name: 'Choose Person 3' });
    // One search for what was typed, not one per keystroke.
    expect(asked).toEqual([':1', 'Per:1']);
    expect(screen.getByRole('button', { name: 'Edit Person 2' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Choose Person 2' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Show more' }));
    const next = await screen.findByRole('button', { name: 'Choose Person 4' });
    await waitFor(() => expect(document.activeElement).toBe(next));
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Choose Person 3' })).toBeTruthy();

    await user.keyboard('{Enter}');
    expect(router.state.location.pathname).toBe('/profile/my-delegates/add/permission/4');
  });
});
