// @vitest-environment jsdom
// @vitest-environment-options { "url": "http://acme.workplace.localhost:8080/" }
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { firstScreenRows } from '../features/bookings/grid-geometry';

const jwt = (exp: number) => `e30.${btoa(JSON.stringify({ sub: '1', exp })).replace(/=+$/, '')}.sig`;
const sent = vi.fn<(url: string, init?: RequestInit) => Promise<Response>>();

/** The page at `address`, its requests started at once; the addresses asked for before the task ends. */
async function coldStartAt(address: string): Promise<string[]> {
  // The session's module keeps its requests under way: each case starts from a fresh page.
  vi.resetModules();
  const { startColdRequestsAt } = await import('./cold-start');
  const url = new URL(address, 'http://acme.workplace.localhost:8080');
  startColdRequestsAt('browser', { pathname: url.pathname, search: url.search, href: url.href } as Location);
  return sent.mock.calls.map(([called]) => {
    const { pathname, search } = new URL(called);
    return `${pathname}${search}`;
  });
}

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('appLang', 'en');
  sent.mockReset();
  // never answered: only what leaves is looked at
  sent.mockImplementation(() => new Promise(() => undefined));
  vi.stubGlobal('fetch', sent);
});
afterEach(() => vi.unstubAllGlobals());

describe('a page opened cold with a valid token', () => {
  it('sends the guards’ and the screen’s first requests before the call returns, not a microtask later', async () => {
    localStorage.setItem('atApp', jwt(Math.floor(Date.now() / 1000) + 3600));
    // The grid's first screen: as many rows as the window shows (the whole day is the screen's to ask).
    const rows = firstScreenRows(window.innerHeight);
    expect(rows).toBeGreaterThan(10);
    expect(await coldStartAt('/Bookings-Grid/7/?date=2026-11-29')).toEqual([
      '/api/company/v1/initial-data?lang=en',
      '/api/company/v1/applications/14/accepted-by-user?lang=en',
      '/api/company/v1/preferences/menu?lang=en',
      `/api/company/v1/bookings/grid/7?date=2026-11-29&limit=${rows}&lang=en`,
      '/api/company/v1/bookings/grid-bookings?lang=en',
      '/api/company/v1/user-preferences/all?lang=en',
    ]);
    expect(sent.mock.calls[4]![1]).toMatchObject({
      method: 'POST',
      body: `{"preset_id":7,"date":"2026-11-29","limit":${rows}}`,
    });
  });

  it('sends nothing for an address of no route: the router sends it to /404', async () => {
    localStorage.setItem('atApp', jwt(Math.floor(Date.now() / 1000) + 3600));
    expect(await coldStartAt('/no-such-screen')).toEqual([]);
  });

  it('sends nothing while a hand-over code is in the address: the session it brings replaces the stored one', async () => {
    localStorage.setItem('atApp', jwt(Math.floor(Date.now() / 1000) + 3600));
    expect(await coldStartAt('/bookings-grid/7?date=2026-11-29&handover=abc')).toEqual([]);
  });
});

describe('a page opened cold', () => {
  it('sends nothing without a token, or with an expired one (the guards refresh it first)', async () => {
    expect(await coldStartAt('/bookings-grid/7?date=2026-11-29')).toEqual([]);
    localStorage.setItem('atApp', jwt(Math.floor(Date.now() / 1000) - 60));
    expect(await coldStartAt('/bookings-grid/7?date=2026-11-29')).toEqual([]);
  });
});
