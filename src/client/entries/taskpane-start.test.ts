// @vitest-environment jsdom
// @vitest-environment-options { "url": "http://localhost:8080/taskpane.html" }
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../session/storage';

const ORIGIN = 'http://localhost:8080';
const asked: string[] = [];
const server = setupServer(
  http.get(`${ORIGIN}/api/company/v1/initial-data`, () => {
    asked.push('initial-data');
    return HttpResponse.json({}, { status: 503 });
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
afterAll(() => server.close());

describe('the task pane entry, signed in', () => {
  it('asks for the session while Office.js is still starting, not after its handshake', async () => {
    const token = `e30.${btoa(JSON.stringify({ sub: '1', exp: Math.floor(Date.now() / 1000) + 3600 })).replace(/=+$/, '')}.sig`;
    localStorage.setItem(STORAGE_KEYS.token, token);
    localStorage.setItem(STORAGE_KEYS.subdomain, 'acme');
    document.body.innerHTML = '<div id="root"></div>';
    // Outlook's handshake that never finishes in this test: everything the pane asks is asked before it.
    const onReady = vi.fn(() => new Promise(() => undefined));
    vi.stubGlobal('Office', { onReady });
    await import('./taskpane');
    await vi.waitFor(() => expect(asked).toEqual(['initial-data']));
    expect(onReady).toHaveBeenCalled();
    expect(document.getElementById('root')!.childElementCount).toBe(0);
    vi.unstubAllGlobals();
  });
});
