// The app's one service worker, served as /sw.js (scope /). It
// - keeps the app's shell (the page and its hashed scripts) so the app opens without a connection;
// - keeps the last answer of every GET the app makes to its API (network first), so that today's
//   bookings and passes, with their QR codes, show at the door without a connection; a sign-out
//   clears those answers (they are one person's data);
// - shows the push notifications the server sends (spec §2 /profile push-notifications; payload
//   { title, body, url }) and opens the app on a click.

const SHELL = 'workplace-shell-v1';
const DATA = 'workplace-data-v1';
const SHELL_PAGE = '/';
// Scripts and styles are named by their content: a kept copy is never stale. The page's scripts
// (js/app.3f9a1c2b0d.js), the screens' chunks (js/passes.4613d77f4b.chunk.js, the name webpack's
// chunkFilename gives them) and the assets they pull in (76c2d744ec298f67efbf.css).
const HASHED = /(^|[/.])[0-9a-f]{8,}(\.chunk)?\.(js|css|png|svg|woff2?)$/;

/** The page and the scripts and styles it names: what the app needs to open without a connection. */
async function keepShell() {
  const cache = await caches.open(SHELL);
  const page = await fetch(new Request(SHELL_PAGE, { cache: 'reload' }));
  if (!page.ok) return;
  const html = await page.clone().text();
  const assets = [...html.matchAll(/(?:src|href)="(\/[^"]+)"/g)]
    .map((match) => match[1])
    .filter((asset) => HASHED.test(asset));
  await cache.addAll(assets);
  await cache.put(SHELL_PAGE, page);
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    keepShell()
      .catch(() => undefined)
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names.filter((name) => name !== SHELL && name !== DATA).map((name) => caches.delete(name)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

/** The network's answer, kept in `cacheName` under `key` when it is a success; else the kept one. */
async function networkFirst(request, cacheName, key = request) {
  const cache = await caches.open(cacheName);
  try {
    const answer = await fetch(request);
    if (answer.ok) await cache.put(key, answer.clone());
    return answer;
  } catch (error) {
    const kept = await cache.match(key);
    if (kept) return kept;
    throw error;
  }
}

async function cacheFirst(request) {
  const cache = await caches.open(SHELL);
  const kept = await cache.match(request);
  if (kept) return kept;
  const answer = await fetch(request);
  if (answer.ok) await cache.put(request, answer.clone());
  return answer;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (/\/auth\/logout$/.test(url.pathname)) {
    event.waitUntil(caches.delete(DATA));
    return;
  }
  if (request.method !== 'GET') return;
  // Every page of the app is the same document (the app routes itself): one kept copy serves all.
  if (request.mode === 'navigate') return event.respondWith(networkFirst(request, SHELL, SHELL_PAGE));
  if (url.pathname.startsWith('/api/')) {
    // Never the live connection, the API's own documents or another host's hand-over.
    if (/\/(realtime|ws|docs)(\/|$)/.test(url.pathname)) return;
    return event.respondWith(networkFirst(request, DATA));
  }
  if (HASHED.test(url.pathname)) event.respondWith(cacheFirst(request));
});

self.addEventListener('push', (event) => {
  let message = { title: 'Workplace', body: '', url: '/' };
  if (event.data) {
    try {
      message = { ...message, ...event.data.json() };
    } catch {
      message.body = event.data.text();
    }
  }
  event.waitUntil(
    self.registration.showNotification(message.title, { body: message.body, data: { url: message.url } }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url ?? '/', self.location.origin);
  // Only the app's own addresses: a payload cannot send the user elsewhere.
  const url = target.origin === self.location.origin ? target.href : self.location.origin;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => client.url.startsWith(self.location.origin));
      return open
        ? open.navigate(url).then((client) => (client ?? open).focus())
        : self.clients.openWindow(url);
    }),
  );
});
