// @vitest-environment jsdom
// @vitest-environment-options { "url": "http://acme.workplace.localhost:8080/" }
import { act, cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { InitialResponse } from '../../shared/contract/auth';
import { loseSession } from '../session/session';
import { connect, Providers } from './root';
import { firstScreenRows } from '../features/bookings/grid-geometry';
import { rootRouter } from './routes';
import { initialResponse, testJwt as jwt, validToken } from '../../../test/support/initial-response';

// The screens are lazy modules, loaded (and, here, compiled) on first use: a slower machine takes
// seconds to open one. The waits for what a screen shows and each test get room for that; what they
// check is what appears and in which order, not how soon.
configure({ asyncUtilTimeout: 15_000 });

const API = 'http://acme.workplace.localhost:8080/api/company/v1';
const initial = (): InitialResponse =>
  initialResponse({
    general_permissions: [
      {
        permission: 'PLAN',
        type: 'NUMERICAL',
        is_active: true,
        create: false,
        read: false,
        update: false,
        delete: false,
        value: 3,
      },
    ],
  });

const calls: string[] = [];
const server = setupServer(
  http.all('*', ({ request }) => {
    calls.push(`${request.method} ${new URL(request.url).pathname}`);
  }),
  http.post(`${API}/auth/login`, async ({ request }) => {
    const body = (await request.json()) as { email: string; password: string };
    if (body.password !== 'demo1234')
      return HttpResponse.json(
        { data: { message: 'These credentials do not match our records.' } },
        { status: 401 },
      );
    return HttpResponse.json(initial());
  }),
  http.get(`${API}/initial-data`, () => {
    const { access_token: _token, ...data } = initial();
    return HttpResponse.json(data);
  }),
  http.get(`${API}/auth/logout`, () => HttpResponse.json({ message: 'Logged out.' })),
  http.get(`${API}/preferences/menu`, () => HttpResponse.json({ data: [] })),
  http.get(`${API}/help-pages/lookup`, () =>
    HttpResponse.json({ data: { message: 'Not found.' } }, { status: 404 }),
  ),
  http.get(`${API}/help-pages/index`, () => HttpResponse.json({ data: [] })),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  localStorage.clear();
  calls.length = 0;
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
  loseSession(); // forget the previous test's session
});
afterAll(() => server.close());

function start(path: string) {
  const { routes, patchRoutesOnNavigation } = rootRouter('browser', path);
  const router = createMemoryRouter(routes, { initialEntries: [path], patchRoutesOnNavigation });
  connect(router);
  render(
    <Providers surface="browser">
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

const where = (router: ReturnType<typeof start>) =>
  router.state.location.pathname + router.state.location.search;

/** The session's data answers only once the test calls the function this answers. */
function holdSession(morePermissions: InitialResponse['general_permissions'] = []): () => void {
  let answerSession!: () => void;
  const sessionHeld = new Promise<void>((resolve) => (answerSession = resolve));
  const { access_token: _token, ...data } = initial();
  server.use(
    http.get(`${API}/initial-data`, async () => {
      await sessionHeld;
      return HttpResponse.json({
        ...data,
        general_permissions: [...data.general_permissions, ...morePermissions],
      });
    }),
  );
  return answerSession;
}

/** A grid preset that names no resources, for a day. */
const emptyGrid = (presetId: number) => [
  http.get(`${API}/bookings/grid/${presetId}`, () =>
    HttpResponse.json({
      preset_id: presetId,
      date: '2026-11-24',
      date_label: '24.11.2026',
      total: 0,
      hours: [],
      data: [],
    }),
  ),
  http.post(`${API}/bookings/grid-bookings`, () => HttpResponse.json({ data: [] })),
];

/** Every request as it leaves (the handlers answer before the catch-all records), until stop(). */
function recordRequests(): { sent: string[]; stop: () => void } {
  const sent: string[] = [];
  const record = ({ request }: { request: Request }) =>
    void sent.push(`${request.method} ${new URL(request.url).pathname}`);
  server.events.on('request:start', record);
  return { sent, stop: () => server.events.removeListener('request:start', record) };
}

describe('the browser app against the API', { timeout: 60_000 }, () => {
  it('sends a visitor without a session to login, keeping the query', async () => {
    const router = start('/permissions?from=mail');
    await screen.findByRole('button', { name: 'Sign in' });
    expect(where(router)).toBe('/login?from=mail');
    expect(screen.getByLabelText('Email')).toBeTruthy();
    expect(screen.getByLabelText('Password')).toBeTruthy();
  });

  it('logs in and lands home, with the user’s name as a heading', async () => {
    const user = userEvent.setup();
    const router = start('/login');
    await user.type(await screen.findByLabelText('Email'), 'employee@acme.test');
    await user.type(screen.getByLabelText('Password'), 'demo1234');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('heading', { name: 'Welcome, Emma Employee' });
    expect(where(router)).toBe('/home');
    expect(localStorage.getItem('atApp')).toBeTruthy();
    expect(localStorage.getItem('appLang')).toBe('en');
    expect(calls).toContain('POST /api/company/v1/auth/login');
  });

  it('shows a wrong password in the warning modal and stays on login', async () => {
    const user = userEvent.setup();
    const router = start('/login');
    await user.type(await screen.findByLabelText('Email'), 'employee@acme.test');
    await user.type(screen.getByLabelText('Password'), 'nope');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('These credentials do not match our records.');
    await user.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(where(router)).toBe('/login');
    expect(localStorage.getItem('atApp')).toBeNull();
  });

  it('validates on blur with the spec’s exact messages, not while typing', async () => {
    const user = userEvent.setup();
    start('/login');
    const email = await screen.findByLabelText('Email');
    await user.type(email, 'not-an-address');
    expect(screen.queryByText('Please enter valid email.')).toBeNull();
    await user.tab();
    await screen.findByText('Please enter valid email.');
    await user.clear(email);
    await user.tab();
    // The password field was left empty on the way too: both say so.
    expect(await screen.findAllByText('This field is required.')).toHaveLength(2);
    expect(email.getAttribute('aria-invalid')).toBe('true');
  });

  it('restores a stored session, sends unknown paths to /404 and logs out', async () => {
    localStorage.setItem('atApp', validToken());
    const user = userEvent.setup();
    const router = start('/no/such/page');
    await screen.findByRole('heading', { name: 'Page not found' });
    expect(where(router)).toBe('/404');
    await act(() => router.navigate('/HOME/'));
    await screen.findByRole('heading', { name: 'Welcome, Emma Employee' });
    await user.click(screen.getByRole('button', { name: 'Log out' }));
    await screen.findByRole('button', { name: 'Sign in' });
    expect(where(router)).toBe('/login');
    expect(localStorage.getItem('atApp')).toBeNull();
    expect(calls).toContain('GET /api/company/v1/auth/logout');
  });

  it('sends a logged-in user from login to home', async () => {
    localStorage.setItem('atApp', validToken());
    const router = start('/login');
    await screen.findByRole('heading', { name: 'Welcome, Emma Employee' });
    expect(where(router)).toBe('/home');
  });

  it('refreshes an expired stored token once before showing the screen', async () => {
    localStorage.setItem('atApp', jwt(Math.floor(Date.now() / 1000) - 60));
    const refresh = vi.fn(() => HttpResponse.json({ access_token: validToken() }));
    server.use(http.post(`${API}/auth/refresh`, refresh));
    const router = start('/permissions');
    await screen.findByRole('cell', { name: 'PLAN' });
    expect(where(router)).toBe('/permissions');
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('opens the side menu from the header and closes it on navigation', async () => {
    localStorage.setItem('atApp', validToken());
    const user = userEvent.setup();
    const router = start('/home');
    await screen.findByRole('heading', { name: 'Welcome, Emma Employee' });
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    const nav = await screen.findByRole('navigation', { name: 'Menu' });
    await user.click(await within(nav).findByRole('link', { name: 'Permissions' }));
    await waitFor(() => expect(where(router)).toBe('/permissions'));
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Menu' })).toBeNull());
  });

  it('opens a nested route as a sub-screen with a back link', async () => {
    localStorage.setItem('atApp', validToken());
    server.use(
      http.get(`${API}/applications/all`, () =>
        HttpResponse.json({ data: [{ id: 8, key: 'plan', name: 'Plan' }] }),
      ),
    );
    const user = userEvent.setup();
    const router = start('/about/application-versions');
    await screen.findByRole('link', { name: 'Plan' });
    await user.click(screen.getByRole('link', { name: 'Back' }));
    await waitFor(() => expect(where(router)).toBe('/about'));
  });

  it('asks for the session, the document check, the menu and the screen’s first answers at once, and draws the screen from them', async () => {
    localStorage.setItem('atApp', validToken());
    const bookings = {
      permission: 'BOOKINGS',
      type: 'CRUD',
      is_active: true,
      create: true,
      read: true,
      update: true,
      delete: true,
      value: null,
    } as const;
    const answerSession = holdSession([bookings]);
    server.use(
      http.get(`${API}/applications/14/accepted-by-user`, () =>
        HttpResponse.json({ accepted: true, unaccepted_document_ids: [] }),
      ),
      http.get(`${API}/user-preferences/all`, () => HttpResponse.json({ data: [] })),
      ...emptyGrid(7),
    );
    const { sent, stop } = recordRequests();
    start('/bookings-grid/7?date=2026-11-24');
    const early = [
      'GET /api/company/v1/applications/14/accepted-by-user',
      'GET /api/company/v1/preferences/menu',
      'GET /api/company/v1/bookings/grid/7',
      'POST /api/company/v1/bookings/grid-bookings',
      'GET /api/company/v1/user-preferences/all',
    ];
    // All under way while the session's data is still being answered.
    await waitFor(() => expect(sent).toEqual(expect.arrayContaining(early)));
    answerSession();
    await screen.findByRole('heading', { name: '24.11.2026' });
    await screen.findByText('The preset names no resources.');
    stop();
    // The screen read the answers already under way: none was asked for twice.
    for (const call of early) expect(sent.filter((made) => made === call)).toHaveLength(1);
  });

  it('draws the grid’s first screen of rows before the whole day, busy, then asks for the whole day once', async () => {
    localStorage.setItem('atApp', validToken());
    const desks = Array.from({ length: 60 }, (_, index) => ({
      id: index + 1,
      name: `Desk ${String(index + 1).padStart(2, '0')}`,
      path: 'HQ / Floor 1',
      level_id: 1,
      capacity: 1,
      exclusive: true,
      start: '00:00',
      end: '00:00',
      timezone: 'Europe/Zurich',
      date_format: 'd.M.yyyy',
      time_format: 'HH:mm',
      resource_start: '08:00',
      resource_end: '18:00',
      limits: { step_minutes: 15, per_day: null, open: [{ from: '08:00', to: '18:00' }] },
      day_start: '2026-11-23T23:00:00.000Z',
      day_minutes: 1440,
      open_minutes: [{ start: 480, end: 1080 }],
    }));
    const bookings = {
      permission: 'BOOKINGS',
      type: 'CRUD',
      is_active: true,
      create: true,
      read: true,
      update: true,
      delete: true,
      value: null,
    } as const;
    holdSession([bookings])();
    let answerDay!: () => void;
    const dayHeld = new Promise<void>((resolve) => (answerDay = resolve));
    const asked: string[] = [];
    server.use(
      http.get(`${API}/applications/14/accepted-by-user`, () =>
        HttpResponse.json({ accepted: true, unaccepted_document_ids: [] }),
      ),
      http.get(`${API}/user-preferences/all`, () => HttpResponse.json({ data: [] })),
      http.get(`${API}/bookings/grid/8`, async ({ request }) => {
        const limit = new URL(request.url).searchParams.get('limit');
        asked.push(`grid ${limit ?? 'all'}`);
        if (!limit) await dayHeld;
        const data = limit ? desks.slice(0, Number(limit)) : desks;
        return HttpResponse.json({
          preset_id: 8,
          date: '2026-11-24',
          date_label: '24.11.2026',
          total: desks.length,
          hours: [],
          data,
        });
      }),
      http.post(`${API}/bookings/grid-bookings`, async ({ request }) => {
        const body = (await request.json()) as { limit?: number };
        asked.push(`bookings ${body.limit ?? 'all'}`);
        if (body.limit === undefined) await dayHeld;
        return HttpResponse.json({ data: [] });
      }),
    );
    // Preset 8: no other case's answers in the cache.
    start('/bookings-grid/8?date=2026-11-24');
    // Drawn while the whole day is held: from the first screen (jsdom lays nothing out, so the
    // virtualized rows themselves are the browser tests' to see).
    const region = await screen.findByRole('region', { name: 'Bookings of 24.11.2026' });
    // The first screen: the grid busy (nothing is booked before the day is whole) and the
    // loading indicator on; the rest of the rows asked for once it is drawn.
    const rows = firstScreenRows(window.innerHeight);
    expect(asked.slice(0, 2).sort()).toEqual([`bookings ${rows}`, `grid ${rows}`]);
    expect(region.getAttribute('aria-busy')).toBe('true');
    expect(screen.getByTestId('grid-loading')).toBeTruthy();
    await waitFor(() => expect(asked).toEqual(expect.arrayContaining(['grid all', 'bookings all'])));
    answerDay();
    await waitFor(() => expect(region.getAttribute('aria-busy')).toBeNull());
    expect(screen.queryByTestId('grid-loading')).toBeNull();
    // Each asked for once.
    expect(asked.sort()).toEqual(['bookings all', `bookings ${rows}`, 'grid all', `grid ${rows}`].sort());
  });

  it('opened cold on a child of the grid, asks for the grid’s answers too, before the session’s data is in', async () => {
    localStorage.setItem('atApp', validToken());
    const answerSession = holdSession();
    server.use(...emptyGrid(7));
    const { sent, stop } = recordRequests();
    start('/bookings-grid/7/info/3?date=2026-11-24');
    await waitFor(() =>
      expect(sent).toEqual(
        expect.arrayContaining([
          'GET /api/company/v1/bookings/grid/7',
          'POST /api/company/v1/bookings/grid-bookings',
        ]),
      ),
    );
    expect(sent).not.toContain('GET /api/company/v1/bookings/grid/3');
    stop();
    answerSession();
  });

  it('enables the header help button only when help exists, and opens the help child', async () => {
    localStorage.setItem('atApp', validToken());
    server.use(
      http.get(`${API}/help-pages/index`, () =>
        HttpResponse.json({ data: [{ id: 1, path: '/home', title: 'Using the home page' }] }),
      ),
      http.get(`${API}/help-pages/lookup`, ({ request }) =>
        new URL(request.url).searchParams.get('path') === '/home'
          ? HttpResponse.json({
              id: 1,
              path: '/home',
              title: 'Using the home page',
              html: '<p>Hello<img src=x onerror="alert(1)"></p><script>alert(2)</script>',
            })
          : HttpResponse.json({ data: { message: 'Not found.' } }, { status: 404 }),
      ),
    );
    const user = userEvent.setup();
    const router = start('/permissions');
    await screen.findByRole('cell', { name: 'PLAN' });
    expect(screen.getByRole('button', { name: 'Help' }).getAttribute('aria-disabled')).toBe('true');
    await act(() => router.navigate('/home'));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Help' }).getAttribute('aria-disabled')).not.toBe('true'),
    );
    await user.click(screen.getByRole('button', { name: 'Help' }));
    await screen.findByRole('heading', { name: 'Using the home page' });
    expect(where(router)).toBe('/home/help');
    const article = screen.getByRole('article');
    expect(article.innerHTML).not.toMatch(/onerror|script/);
    expect(screen.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe('/home');
  });
});
