// @vitest-environment jsdom
// @vitest-environment-options { "url": "http://acme.workplace.localhost:8080/home" }
import { http, HttpResponse, delay } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, refreshSession, setApiHandlers } from './client';

const BASE = 'http://acme.workplace.localhost:8080/api/company/v1';
const server = setupServer();
const handlers = { sessionLost: vi.fn(), serverError: vi.fn() };

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('atApp', 'old-token');
  localStorage.setItem('appLang', 'de');
  handlers.sessionLost.mockReset();
  handlers.serverError.mockReset();
  setApiHandlers(handlers);
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

/** A protected resource that accepts only the given token. */
function protectedResource(validToken: string, seen: string[] = []) {
  return http.get(`${BASE}/things`, ({ request }) => {
    const bearer = request.headers.get('Authorization') ?? '';
    seen.push(bearer);
    return bearer === `Bearer ${validToken}`
      ? HttpResponse.json({ ok: true })
      : HttpResponse.json({ data: { message: 'Unauthenticated.' } }, { status: 401 });
  });
}

describe('spec §7 every request', () => {
  it('carries lang, the bearer, JSON headers, no caching and the Subdomain on a company site', async () => {
    let captured: Request | undefined;
    server.use(
      http.get(`${BASE}/things`, ({ request }) => {
        captured = request;
        return HttpResponse.json({ ok: true });
      }),
    );
    await api.get(`/api/company/v1/things`);
    const url = new URL(captured!.url);
    expect(url.searchParams.get('lang')).toBe('de');
    expect(captured!.headers.get('Authorization')).toBe('Bearer old-token');
    expect(captured!.headers.get('Accept')).toBe('application/json');
    expect(captured!.headers.get('Content-Type')).toBe('application/json');
    expect(captured!.headers.get('Subdomain')).toBe('acme');
    expect(captured!.cache).toBe('no-store');
  });

  it('keeps a lang parameter that is already there', async () => {
    let lang: string | null = null;
    server.use(
      http.get(`${BASE}/things`, ({ request }) => {
        lang = new URL(request.url).searchParams.get('lang');
        return HttpResponse.json({});
      }),
    );
    await api.get('/api/company/v1/things', { searchParams: { lang: 'fr' } });
    expect(lang).toBe('fr');
  });
});

describe('spec §4/§8 token refresh', () => {
  it('refreshes once on a 401 and retries with the new token', async () => {
    const seen: string[] = [];
    const refresh = vi.fn(() => HttpResponse.json({ access_token: 'new-token' }));
    server.use(protectedResource('new-token', seen), http.post(`${BASE}/auth/refresh`, refresh));
    await expect(api.get('/api/company/v1/things')).resolves.toEqual({ ok: true });
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(seen).toEqual(['Bearer old-token', 'Bearer new-token']);
    expect(localStorage.getItem('atApp')).toBe('new-token');
    expect(handlers.sessionLost).not.toHaveBeenCalled();
  });

  it('sends the refresh with the current bearer and an empty body', async () => {
    let refreshRequest: { bearer: string | null; body: string } | undefined;
    server.use(
      protectedResource('new-token'),
      http.post(`${BASE}/auth/refresh`, async ({ request }) => {
        refreshRequest = { bearer: request.headers.get('Authorization'), body: await request.text() };
        return HttpResponse.json({ access_token: 'new-token' });
      }),
    );
    await api.get('/api/company/v1/things');
    expect(refreshRequest?.bearer).toBe('Bearer old-token');
    expect(refreshRequest?.body).toBe('');
  });

  it('sends no JSON content type over the empty refresh body', async () => {
    let contentType: string | null = 'unset';
    server.use(
      protectedResource('new-token'),
      http.post(`${BASE}/auth/refresh`, ({ request }) => {
        contentType = request.headers.get('Content-Type');
        return HttpResponse.json({ access_token: 'new-token' });
      }),
    );
    await api.get('/api/company/v1/things');
    expect(contentType).toBeNull();
  });

  it('shares one refresh between requests that fail together', async () => {
    const refresh = vi.fn(async () => {
      await delay(20);
      return HttpResponse.json({ access_token: 'new-token' });
    });
    server.use(protectedResource('new-token'), http.post(`${BASE}/auth/refresh`, refresh));
    await Promise.all([api.get('/api/company/v1/things'), api.get('/api/company/v1/things')]);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('retries without refreshing when the token was refreshed while the call was out (e.g. by the realtime socket)', async () => {
    const seen: string[] = [];
    const refresh = vi.fn(() => HttpResponse.json({ access_token: 'newer-token' }));
    server.use(
      http.get(`${BASE}/things`, async ({ request }) => {
        const bearer = request.headers.get('Authorization') ?? '';
        seen.push(bearer);
        if (bearer === 'Bearer new-token') return HttpResponse.json({ ok: true });
        // Someone else refreshes before this call's 401 arrives.
        localStorage.setItem('atApp', 'new-token');
        return HttpResponse.json({ data: { message: 'Unauthenticated.' } }, { status: 401 });
      }),
      http.post(`${BASE}/auth/refresh`, refresh),
    );
    await expect(api.get('/api/company/v1/things')).resolves.toEqual({ ok: true });
    expect(refresh).not.toHaveBeenCalled();
    expect(seen).toEqual(['Bearer old-token', 'Bearer new-token']);
    expect(handlers.sessionLost).not.toHaveBeenCalled();
  });

  it('refreshes only once per request: a second 401 goes to the caller', async () => {
    const refresh = vi.fn(() => HttpResponse.json({ access_token: 'still-refused' }));
    server.use(protectedResource('never'), http.post(`${BASE}/auth/refresh`, refresh));
    await expect(api.get('/api/company/v1/things')).rejects.toMatchObject({
      message: 'Request failed with status code 401',
      status: 401,
    });
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(handlers.serverError).not.toHaveBeenCalled();
  });

  it('loses the session when the refresh fails', async () => {
    server.use(
      protectedResource('never'),
      http.post(`${BASE}/auth/refresh`, () =>
        HttpResponse.json({ data: { message: 'Token revoked.' } }, { status: 401 }),
      ),
    );
    await expect(api.get('/api/company/v1/things')).rejects.toMatchObject({ status: 401 });
    expect(handlers.sessionLost).toHaveBeenCalledTimes(1);
  });

  it('keeps the session when the refresh gets no answer (no connection): the call fails, the token stays', async () => {
    server.use(
      protectedResource('never'),
      http.post(`${BASE}/auth/refresh`, () => HttpResponse.error()),
    );
    await expect(api.get('/api/company/v1/things')).rejects.toMatchObject({ status: 401 });
    expect(handlers.sessionLost).not.toHaveBeenCalled();
    expect(localStorage.getItem('atApp')).toBe('old-token');
  });

  it('answers what a refresh came to: refreshed, refused by the server, or unreachable', async () => {
    server.use(http.post(`${BASE}/auth/refresh`, () => HttpResponse.json({ access_token: 'new-token' })));
    await expect(refreshSession()).resolves.toBe('refreshed');
    server.use(
      http.post(`${BASE}/auth/refresh`, () =>
        HttpResponse.json({ data: { message: 'Unauthenticated.' } }, { status: 401 }),
      ),
    );
    await expect(refreshSession()).resolves.toBe('refused');
    server.use(http.post(`${BASE}/auth/refresh`, () => HttpResponse.error()));
    await expect(refreshSession()).resolves.toBe('unreachable');
    expect(localStorage.getItem('atApp')).toBe('new-token');
  });

  it('does not refresh for the auth calls themselves', async () => {
    const refresh = vi.fn(() => HttpResponse.json({ access_token: 'x' }));
    server.use(
      http.post(`${BASE}/auth/login`, () =>
        HttpResponse.json(
          { data: { message: 'These credentials do not match our records.' } },
          { status: 401 },
        ),
      ),
      http.post(`${BASE}/auth/refresh`, refresh),
    );
    await expect(
      api.post('/api/company/v1/auth/login', { email: 'a@b.co', password: 'x' }, { noRefresh: true }),
    ).rejects.toMatchObject({ status: 401 });
    expect(refresh).not.toHaveBeenCalled();
    expect(handlers.serverError).toHaveBeenCalledWith(
      'These credentials do not match our records.',
      undefined,
    );
  });
});

describe('spec §8 errors', () => {
  it('shows the first message of the first field error in the modal', async () => {
    server.use(
      http.post(`${BASE}/things`, () =>
        HttpResponse.json(
          {
            data: {
              message: 'The given data was invalid.',
              errors: { name: ['This field is required.', 'x'] },
            },
          },
          { status: 422 },
        ),
      ),
    );
    await expect(api.post('/api/company/v1/things', {}, { errorRoute: '/home' })).rejects.toMatchObject({
      message: 'Request failed with status code 422',
      body: { message: 'The given data was invalid.' },
    });
    expect(handlers.serverError).toHaveBeenCalledWith('This field is required.', '/home');
  });

  it('swallows the error of a silent call', async () => {
    server.use(
      http.get(`${BASE}/things`, () =>
        HttpResponse.json({ data: { message: 'Not found.' } }, { status: 404 }),
      ),
    );
    await expect(api.get('/api/company/v1/things', { silent: true })).rejects.toMatchObject({ status: 404 });
    expect(handlers.serverError).not.toHaveBeenCalled();
  });

  it('names a network failure "Network Error"', async () => {
    server.use(http.get(`${BASE}/things`, () => HttpResponse.error()));
    await expect(api.get('/api/company/v1/things')).rejects.toMatchObject({
      message: 'Network Error',
      status: null,
    });
  });

  it('names a call the caller cancelled "canceled"', async () => {
    server.use(
      http.get(`${BASE}/things`, async () => {
        await delay('infinite');
        return HttpResponse.json({});
      }),
    );
    const controller = new AbortController();
    const pending = api.get('/api/company/v1/things', { signal: controller.signal });
    setTimeout(() => controller.abort(), 10);
    await expect(pending).rejects.toMatchObject({ message: 'canceled' });
  });

  it('names a timeout "timeout of N ms exceeded"', async () => {
    server.use(
      http.get(`${BASE}/things`, async () => {
        // Never answers: the timeout is the only way out, however slowly the machine runs.
        await delay('infinite');
        return HttpResponse.json({});
      }),
    );
    await expect(api.get('/api/company/v1/things', { timeout: 30 })).rejects.toMatchObject({
      message: 'timeout of 30 ms exceeded',
    });
  });

  it('clears the session when a request cannot be built', async () => {
    await expect(api.post('/api/company/v1/things', { big: 1n })).rejects.toBeInstanceOf(Error);
    expect(handlers.sessionLost).toHaveBeenCalledTimes(1);
  });
});

describe('calls sent at once (a cold start’s first requests)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('leave before the calling task ends, where ky waits a microtask, and carry what every call does', async () => {
    let captured: Request | undefined;
    server.use(
      http.post(`${BASE}/things`, ({ request }) => {
        captured = request;
        return HttpResponse.json({ ok: true });
      }),
      http.get(`${BASE}/others`, () => HttpResponse.json({})),
    );
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const answer = api.postNow('/api/company/v1/things', { preset_id: 3 });
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    const other = api.get('/api/company/v1/others');
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    expect(await answer).toEqual({ ok: true });
    await other;
    expect(new URL(captured!.url).searchParams.get('lang')).toBe('de');
    expect(captured!.headers.get('Authorization')).toBe('Bearer old-token');
    expect(captured!.headers.get('Subdomain')).toBe('acme');
    expect(captured!.headers.get('Content-Type')).toBe('application/json');
    expect(captured!.cache).toBe('no-store');
    expect(await captured!.json()).toEqual({ preset_id: 3 });
  });

  it('keep the query they are given and a lang already in the path', async () => {
    const seen: string[] = [];
    server.use(
      http.get(`${BASE}/things`, ({ request }) => {
        seen.push(new URL(request.url).search);
        return HttpResponse.json({});
      }),
    );
    await api.getNow('/api/company/v1/things', { searchParams: { date: '2026-11-29' } });
    await api.getNow('/api/company/v1/things?lang=fr');
    expect(seen).toEqual(['?date=2026-11-29&lang=de', '?lang=fr']);
  });

  it('go again through the client after a 401: the token is refreshed once and the call retried', async () => {
    const seen: string[] = [];
    const refresh = vi.fn(() => HttpResponse.json({ access_token: 'new-token' }));
    server.use(protectedResource('new-token', seen), http.post(`${BASE}/auth/refresh`, refresh));
    expect(await api.getNow('/api/company/v1/things')).toEqual({ ok: true });
    expect(refresh).toHaveBeenCalledTimes(1);
    // the call sent at once, the client's own, its retry with the new token
    expect(seen).toEqual(['Bearer old-token', 'Bearer old-token', 'Bearer new-token']);
  });

  it('report a refusal as every call does: the warning modal unless silent, and an ApiError', async () => {
    server.use(
      http.get(`${BASE}/things`, () =>
        HttpResponse.json({ data: { message: 'Not yours.' } }, { status: 403 }),
      ),
    );
    await expect(api.getNow('/api/company/v1/things')).rejects.toMatchObject({ status: 403 });
    expect(handlers.serverError).toHaveBeenCalledTimes(1);
    expect(handlers.serverError.mock.calls[0]![0]).toBe('Not yours.');
    await expect(api.getNow('/api/company/v1/things', { silent: true })).rejects.toMatchObject({
      status: 403,
    });
    expect(handlers.serverError).toHaveBeenCalledTimes(1);
  });
});
