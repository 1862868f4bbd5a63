// @vitest-environment jsdom
// @vitest-environment-options { "url": "http://acme.workplace.localhost:8080/" }
import { cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CODE_MAILED_INSTEAD, type InitialResponse } from '../../../../shared/contract/auth';
import { connect, Providers } from '../../../entries/root';
import { rootRouter } from '../../../entries/routes';
import { addLabels } from '../../../i18n/i18n';
import { loseSession } from '../../../session/session';
import { initialResponse } from '../../../../../test/support/initial-response';

// Lazy screens compile on first use: waits get room for a slow machine, what they check is order.
configure({ asyncUtilTimeout: 15_000 });

const API = 'http://acme.workplace.localhost:8080/api/company/v1';
const THROTTLED = 'Too many login attempts. Try again in 10 minutes.';
const initial = (): InitialResponse => initialResponse();

/** What POST auth/login answers in the test at hand. */
let loginAnswer: () => Response = () => HttpResponse.json(initial());
const codeLogins: unknown[] = [];
const server = setupServer(
  http.post(`${API}/auth/login`, () => loginAnswer()),
  http.post(`${API}/auth/temp-code`, async ({ request }) => {
    const body = await request.json();
    codeLogins.push(body);
    return HttpResponse.json(initial());
  }),
  http.get(`${API}/preferences/menu`, () => HttpResponse.json({ data: [] })),
  http.get(`${API}/help-pages/lookup`, () =>
    HttpResponse.json({ data: { message: 'Not found.' } }, { status: 404 }),
  ),
  http.get(`${API}/help-pages/index`, () => HttpResponse.json({ data: [] })),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  localStorage.clear();
  codeLogins.length = 0;
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
  loseSession();
  addLabels('en', []);
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

async function signIn(password = 'right-password') {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Email'), 'employee@acme.test');
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  return user;
}

const clock = (at: number) =>
  new Intl.DateTimeFormat('en', { hour: '2-digit', minute: '2-digit' }).format(at);

describe('login screen under sign-in throttling (issue 37)', { timeout: 60_000 }, () => {
  it('moves to the code step for the address when the throttle mailed a code, and the code signs in', async () => {
    loginAnswer = () => HttpResponse.json({ data: { message: CODE_MAILED_INSTEAD } }, { status: 401 });
    const router = start('/login');
    const user = await signIn();

    const status = await screen.findByRole('status');
    expect(status.textContent).toContain('we have e-mailed a sign-in code to employee@acme.test');
    expect(router.state.location.pathname).toBe('/tmp-code');
    // No warning modal, no second mail asked: the code field is there, focused.
    expect(screen.queryByRole('dialog')).toBeNull();
    const code = screen.getByLabelText('Code');
    expect(document.activeElement).toBe(code);
    expect(screen.queryByLabelText('Email')).toBeNull();

    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    // Signed in, and gone from the code screen (to the profile, spec §4, which this user may not read).
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/tmp-code'));
    expect(localStorage.getItem('atApp')).toBeTruthy();
    expect(codeLogins).toEqual([{ email: 'employee@acme.test', code: '123456' }]);
  });

  it('says so in the screen’s language', async () => {
    const french = {
      'general.login.email': 'E-mail',
      'general.login.password': 'Mot de passe',
      'general.login.submit': 'Se connecter',
      'general.tmp-code.mailed-after-login': 'Nous avons envoyé un code de connexion à {email}.',
    };
    addLabels(
      'fr',
      Object.entries(french).map(([code, content]) => ({ code, content, translations: [] })),
    );
    loginAnswer = () => HttpResponse.json({ data: { message: CODE_MAILED_INSTEAD } }, { status: 401 });
    start('/login');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('E-mail'), 'employee@acme.test');
    await user.type(screen.getByLabelText('Mot de passe'), 'right-password');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'Nous avons envoyé un code de connexion à employee@acme.test.',
    );
  });

  it('shows a 429 and when to try again in an alert on the form, not in the warning modal', async () => {
    loginAnswer = () =>
      HttpResponse.json({ data: { message: THROTTLED } }, { status: 429, headers: { 'Retry-After': '600' } });
    const router = start('/login');
    const before = Date.now() + 600_000;
    await signIn('guess');

    const alert = await screen.findByRole('alert');
    const after = Date.now() + 600_000;
    // Ten minutes from the answer, in hours and minutes (a minute may turn meanwhile).
    expect([before, after].map((at) => `${THROTTLED} You can try again at ${clock(at)}.`)).toContain(
      alert.textContent,
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(router.state.location.pathname).toBe('/login');
    // The form stays usable: another attempt clears the alert and shows its own answer.
    loginAnswer = () =>
      HttpResponse.json(
        { data: { message: 'These credentials do not match our records.' } },
        { status: 401 },
      );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign in' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('These credentials do not match our records.')).toBeTruthy();
    expect(screen.queryByText(THROTTLED)).toBeNull();
  });
});
