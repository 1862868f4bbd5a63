// @vitest-environment jsdom
// @vitest-environment-options { "url": "http://localhost:8080/taskpane.html" }
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../session/storage';

const ORIGIN = 'http://localhost:8080';
const asked: string[] = [];
const server = setupServer(
  http.get(`${ORIGIN}/api/company/v1/initial-data`, ({ request }) => {
    asked.push(`initial-data ${request.headers.get('authorization')}`);
    return HttpResponse.json({}, { status: 503 });
  }),
);
const PARTITION = 'p-7f3a:';
const tokenOf = (sub: string) =>
  `e30.${btoa(JSON.stringify({ sub, exp: Math.floor(Date.now() / 1000) + 3600 })).replace(/=+$/, '')}.sig`;
const OTHER_PARTITION_TOKEN = tokenOf('1');
const TOKEN = tokenOf('2');
// Outlook ready after a handshake, on a client that partitions add-in storage (Outlook on the web).
const onReady = vi.fn((callback?: (info: object) => void) => {
  const info = { host: 'Outlook', platform: 'OfficeOnline' };
  return new Promise((resolve) =>
    setTimeout(() => {
      callback?.(info);
      resolve(info);
    }, 20),
  );
});

// Importing the entry starts the pane. It brings the whole pane with it, which a slower machine
// takes seconds to load: that happens here, under a timeout of its own, and the test below checks
// only the order of what the pane did.
beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'bypass' });
  // Another partition's session, and this one's.
  localStorage.setItem(STORAGE_KEYS.token, OTHER_PARTITION_TOKEN);
  localStorage.setItem(`${PARTITION}${STORAGE_KEYS.token}`, TOKEN);
  localStorage.setItem(`${PARTITION}${STORAGE_KEYS.subdomain}`, 'acme');
  document.body.innerHTML = '<div id="root"></div>';
  vi.stubGlobal('Office', {
    onReady,
    context: { partitionKey: PARTITION, requirements: { isSetSupported: () => false }, mailbox: {} },
  });
  await import('./taskpane');
}, 120_000);
afterAll(() => {
  vi.unstubAllGlobals();
  server.close();
});

describe('the task pane entry, signed in', () => {
  it('looks for the session under the host’s storage partition, known once Office is ready', async () => {
    await vi.waitFor(() => expect(asked.length).toBeGreaterThan(0), { timeout: 30_000 });
    expect(onReady).toHaveBeenCalled();
    expect(asked[0]).toBe(`initial-data Bearer ${TOKEN}`);
  });
});
