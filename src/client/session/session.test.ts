// @vitest-environment jsdom
// @vitest-environment-options { "url": "http://acme.workplace.localhost:8080/pass/1" }
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initialResponse, testJwt, validToken } from '../../../test/support/initial-response';
import { currentSession, ensureSession, loginWithPassword, loseSession } from './session';

const API = 'http://acme.workplace.localhost:8080/api/company/v1';
const server = setupServer();
const { access_token: _token, ...sessionData } = initialResponse();
/** A token that ran out a minute ago: the phone opened at the door the next morning. */
const expiredToken = () => testJwt(Math.floor(Date.now() / 1000) - 60);

/** GET initial-data answered, as the service worker answers it offline from its kept copy. */
const keptInitialData = () => http.get(`${API}/initial-data`, () => HttpResponse.json(sessionData));
/** No connection: the request gets no answer at all (a network error, no HTTP status). */
const offline = (path: string, method: 'get' | 'post' = 'get') =>
  http[method](`${API}/${path}`, () => HttpResponse.error());

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  localStorage.clear();
  loseSession(); // the previous test's session data, kept in the module's store
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('a session opened without a connection (the pass at the door)', () => {
  it('keeps the session when the refresh gets no answer, and shows the kept data', async () => {
    const token = expiredToken();
    localStorage.setItem('atApp', token);
    const refresh = vi.fn(() => HttpResponse.error());
    server.use(http.post(`${API}/auth/refresh`, refresh), keptInitialData());
    await expect(ensureSession()).resolves.toBe(true);
    expect(refresh).toHaveBeenCalledTimes(1);
    // The token stays as it is: the first call that reaches the server refreshes it.
    expect(localStorage.getItem('atApp')).toBe(token);
    expect(currentSession()?.user.name).toBe('Emma Employee');
  });

  it('signs out when the server refuses the refresh (401)', async () => {
    localStorage.setItem('atApp', expiredToken());
    const initialData = vi.fn(() => HttpResponse.json(sessionData));
    server.use(
      http.post(`${API}/auth/refresh`, () =>
        HttpResponse.json({ data: { message: 'Unauthenticated.' } }, { status: 401 }),
      ),
      http.get(`${API}/initial-data`, initialData),
    );
    await expect(ensureSession()).resolves.toBe(false);
    expect(localStorage.getItem('atApp')).toBeNull();
    expect(currentSession()).toBeNull();
    expect(initialData).not.toHaveBeenCalled();
  });

  it('with nothing kept either, is not logged in on this page but leaves the stored session', async () => {
    const token = expiredToken();
    localStorage.setItem('atApp', token);
    server.use(offline('auth/refresh', 'post'), offline('initial-data'));
    await expect(ensureSession()).resolves.toBe(false);
    expect(localStorage.getItem('atApp')).toBe(token);
    expect(currentSession()).toBeNull();
  });

  it('signs out when the server refuses the session data', async () => {
    localStorage.setItem('atApp', validToken());
    server.use(
      http.get(`${API}/initial-data`, () =>
        HttpResponse.json({ data: { message: 'Forbidden.' } }, { status: 403 }),
      ),
    );
    await expect(ensureSession()).resolves.toBe(false);
    expect(localStorage.getItem('atApp')).toBeNull();
  });
});

describe('a sign-in on a page the service worker controls', () => {
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  const signIn = () =>
    http.post(`${API}/auth/login`, () => HttpResponse.json(initialResponse({ access_token: validToken() })));

  it('asks for the session data once more, for the worker to keep for a start without a connection', async () => {
    Object.defineProperty(navigator, 'serviceWorker', { value: { controller: {} }, configurable: true });
    const initialData = vi.fn(() => HttpResponse.json(sessionData));
    server.use(signIn(), http.get(`${API}/initial-data`, initialData));
    await loginWithPassword('employee@acme.test', 'demo1234');
    await vi.waitFor(() => expect(initialData).toHaveBeenCalledTimes(1));
  });

  it('does not ask without a worker: the sign-in answer is the session data', async () => {
    const initialData = vi.fn(() => HttpResponse.json(sessionData));
    server.use(signIn(), http.get(`${API}/initial-data`, initialData));
    await loginWithPassword('employee@acme.test', 'demo1234');
    expect(currentSession()?.user.name).toBe('Emma Employee');
    expect(initialData).not.toHaveBeenCalled();
  });
});
