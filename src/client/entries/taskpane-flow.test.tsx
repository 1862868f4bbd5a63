// @vitest-environment jsdom
// @vitest-environment-options { "url": "http://localhost:8080/taskpane.html" }
import { cleanup, configure, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setAppMode } from '../api/environment';
import { connect, Providers } from './root';
import { rootRouter } from './routes';

// The screens are lazy modules, loaded (and, here, compiled) on first use: a slower machine takes
// seconds to open one. The waits for what a screen shows and each test get room for that; what they
// check is what appears and in which order, not how soon.
configure({ asyncUtilTimeout: 15_000 });

const ORIGIN = 'http://localhost:8080';
const jwt = () =>
  `e30.${btoa(JSON.stringify({ sub: '1', exp: Math.floor(Date.now() / 1000) + 3600 })).replace(/=+$/, '')}.sig`;

const seen: { path: string; subdomain: string | null; body: unknown }[] = [];
const server = setupServer(
  http.post(`${ORIGIN}/api/master/v1/auth/login`, async ({ request }) => {
    seen.push({
      path: 'master login',
      subdomain: request.headers.get('Subdomain'),
      body: await request.json(),
    });
    return HttpResponse.json({ subdomain: 'acme', handover_code: 'one-time' });
  }),
  http.post(`${ORIGIN}/api/company/v1/auth/login`, async ({ request }) => {
    seen.push({
      path: 'company login',
      subdomain: request.headers.get('Subdomain'),
      body: await request.json(),
    });
    return HttpResponse.json({
      user: {
        id: 1,
        name: 'Emma Employee',
        language_id: 1,
        language: { id: 1, code: 'en', locale: 'en-GB', name: 'English' },
        timezone: 'Europe/Zurich',
        is_platform_admin: false,
      },
      company: { id: 1, name: 'Acme', subdomain: 'acme' },
      startup_page: 'PLAN',
      general_permissions: [],
      labels: [],
      usertimepreference: { date_format: 'd.M.yyyy', time_format: 'HH:mm', timezone: 'Europe/Zurich' },
      access_token: jwt(),
      subdomain: 'acme',
    });
  }),
  http.get(`${ORIGIN}/api/company/v1/preferences/menu`, ({ request }) => {
    seen.push({ path: 'menu', subdomain: request.headers.get('Subdomain'), body: null });
    return HttpResponse.json({ data: [] });
  }),
  http.get(`${ORIGIN}/api/company/v1/outlook/resources`, ({ request }) => {
    seen.push({
      path: `rooms ${new URL(request.url).search}`,
      subdomain: request.headers.get('Subdomain'),
      body: null,
    });
    return HttpResponse.json({ data: [] });
  }),
  http.get(`${ORIGIN}/api/:area/v1/help-pages/lookup`, () =>
    HttpResponse.json({ data: { message: 'none' } }, { status: 404 }),
  ),
);

/**
 * Just enough of an old Office host (no Mailbox 1.7 or 1.8) for the landing: asynchronous callbacks
 * with AsyncResults, custom properties, change handlers.
 */
function fakeOffice(subject: string, start: string, end: string) {
  type Answer = (answer: { status: string; value: unknown }) => void;
  const later = (callback: unknown, result: unknown = undefined) =>
    setTimeout(() => (callback as Answer)({ status: 'succeeded', value: result }), 1);
  const value = <T,>(result: T) => ({ getAsync: (callback: Answer) => later(callback, result) });
  const properties = {
    get: () => undefined,
    set: () => undefined,
    remove: () => undefined,
    saveAsync: later,
  };
  (globalThis as unknown as { Office: unknown }).Office = {
    AsyncResultStatus: { Succeeded: 'succeeded', Failed: 'failed' },
    EventType: {
      AppointmentTimeChanged: 'time',
      RecurrenceChanged: 'recurrence',
      EnhancedLocationsChanged: 'locations',
    },
    context: {
      requirements: { isSetSupported: () => false },
      mailbox: {
        item: {
          subject: value(subject),
          start: value(new Date(start)),
          end: value(new Date(end)),
          location: value(''),
          requiredAttendees: value([]),
          optionalAttendees: value([]),
          loadCustomPropertiesAsync: (callback: Answer) => later(callback, properties),
          addHandlerAsync: (_type: string, _handler: unknown, callback: Answer) => later(callback),
        },
      },
    },
  };
}

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
});
afterAll(() => server.close());

describe('the task pane', { timeout: 60_000 }, () => {
  it('logs a company user in from the master host and shows the appointment in the user’s zone', async () => {
    setAppMode('addin');
    fakeOffice('Quarterly planning', '2026-12-01T09:00:00Z', '2026-12-01T10:30:00Z');
    const { routes, patchRoutesOnNavigation } = rootRouter('addin', '/outlook');
    const router = createMemoryRouter(routes, { initialEntries: ['/outlook'], patchRoutesOnNavigation });
    connect(router);
    render(
      <Providers surface="addin">
        <RouterProvider router={router} />
      </Providers>,
    );
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'employee@acme.test');
    await user.type(screen.getByLabelText('Password'), 'demo1234');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect((await screen.findByTestId('meeting-subject')).textContent).toBe('Quarterly planning');
    expect(screen.getByTestId('meeting-start').textContent).toBe('1.12.2026 10:00');
    expect(screen.getByTestId('meeting-end').textContent).toBe('1.12.2026 11:30');
    expect(router.state.location.pathname).toBe('/outlook');
    // free rooms for the meeting's time, for the organizer alone
    await screen.findByText('No room that seats everyone is free at this time.');
    expect(seen.find((call) => call.path.startsWith('rooms'))?.path).toBe(
      `rooms ?start=${encodeURIComponent('2026-12-01T09:00:00.000Z')}&end=${encodeURIComponent('2026-12-01T10:30:00.000Z')}&attendees=1&lang=en`,
    );
    // the hand-over code is exchanged by the pane itself, for acme
    expect(seen.slice(0, 2)).toEqual([
      { path: 'master login', subdomain: null, body: { email: 'employee@acme.test', password: 'demo1234' } },
      { path: 'company login', subdomain: 'acme', body: { token: 'one-time' } },
    ]);
    expect(localStorage.getItem('appSubdomain')).toBe('acme');
    // later calls name the company kept from the login answer
    expect(seen.find((call) => call.path === 'menu')?.subdomain).toBe('acme');
  }, 30_000);
});
