// MentorBridge's service worker (issue 27, docs/push.md). Three jobs:
// 1. Installable and offline: the app shell (index.html, the hashed assets it loads, icons) is kept, so
//    the app opens without a network and says it is offline.
// 2. Last-seen data: signed-in API reads (GET /api/…, JSON) are answered from the network and kept;
//    offline, the kept answer is given back only to the same signed-in person (the Authorization header's
//    hash is stored beside it), and the page is told the data is not fresh. Sign-out and sign-in clear it
//    (message "clear-private"), so nothing private is left for the next person on a shared device.
// 3. Push: shows the notification the server sent (title, text) and opens its screen when tapped.
const SHELL = 'mb-shell-v1';
const DATA = 'mb-data-v1';
const SHELL_FILES = ['/', '/manifest.webmanifest', '/favicon.svg', '/icons/icon-192.png'];
/** API reads never kept: live streams, sign-in, downloads and files. */
const NOT_KEPT = [/^\/api\/notifications\/stream/, /^\/api\/auth\//, /^\/api\/privacy\/exports?\//, /\/download/, /^\/api\/uploads\//, /^\/api\/sso\//];

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(SHELL)
      .then((cache) => cache.addAll(SHELL_FILES))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((n) => n !== SHELL && n !== DATA).map((n) => caches.delete(n))))
      .then(() => self.clients.claim()),
  );
});

/**
 * A server-rendered page asks for the app's files ahead of the visitor's first tap (decision 1320): kept in the
 * shell cache, fetched here, off the page's main thread. Only this origin's hashed assets (at most 200 of them).
 */
function prefetch(urls) {
  const wanted = (Array.isArray(urls) ? urls : [])
    .filter((u) => typeof u === 'string' && u.startsWith('/assets/') && !u.includes('..'))
    .slice(0, 200);
  return caches.open(SHELL).then((cache) =>
    Promise.all(wanted.map((u) => cache.match(u).then((hit) => hit || cache.add(u)).catch(() => undefined))),
  );
}

self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'prefetch') {
    const done = prefetch(event.data.urls);
    if (event.waitUntil) event.waitUntil(done);
    return;
  }
  if (event.data && event.data.type === 'clear-private') {
    const done = caches.delete(DATA);
    if (event.waitUntil) event.waitUntil(done);
    if (event.ports && event.ports[0]) done.then(() => event.ports[0].postMessage('cleared'));
  }
});

async function authKey(request) {
  const header = request.headers.get('authorization') || '';
  if (!header) return '';
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(header));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Tell the page whether the network answered (it shows the offline notice; navigator.onLine can lie). */
function tell(clientId, type) {
  if (!clientId) return;
  self.clients.get(clientId).then((client) => client && client.postMessage({ type }));
}

async function apiRead(request, clientId) {
  const key = await authKey(request);
  try {
    const response = await fetch(request);
    tell(clientId, 'network-ok');
    const type = response.headers.get('content-type') || '';
    if (response.ok && key && type.includes('application/json')) {
      const body = await response.clone().arrayBuffer();
      const headers = new Headers(response.headers);
      headers.set('x-mb-auth', key);
      const cache = await caches.open(DATA);
      await cache.put(request.url, new Response(body, { status: response.status, headers }));
    }
    return response;
  } catch (error) {
    const cached = key ? await (await caches.open(DATA)).match(request.url) : undefined;
    tell(clientId, 'network-down');
    if (cached && cached.headers.get('x-mb-auth') === key) {
      const headers = new Headers(cached.headers);
      headers.delete('x-mb-auth');
      headers.set('x-mb-offline', '1');
      return new Response(await cached.arrayBuffer(), { status: cached.status, headers });
    }
    throw error;
  }
}

async function page(request) {
  try {
    const response = await fetch(request);
    if (response.ok) (await caches.open(SHELL)).put('/', response.clone());
    return response;
  } catch (error) {
    const cached = await caches.match('/', { cacheName: SHELL });
    if (cached) return cached;
    throw error;
  }
}

async function asset(request) {
  const cached = await caches.match(request, { cacheName: SHELL });
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) (await caches.open(SHELL)).put(request, response.clone());
  return response;
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    if (url.pathname.startsWith('/api/')) return;
    event.respondWith(page(request));
    return;
  }
  if (url.pathname.startsWith('/assets/') || url.pathname.startsWith('/icons/')) {
    event.respondWith(asset(request));
    return;
  }
  if (url.pathname.startsWith('/api/') && !NOT_KEPT.some((re) => re.test(url.pathname))) {
    event.respondWith(apiRead(request, event.clientId));
  }
});

self.addEventListener('push', (event) => {
  let data;
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = {};
  }
  const title = typeof data.title === 'string' && data.title ? data.title : 'MentorBridge';
  const url = typeof data.url === 'string' && data.url.startsWith('/') && !data.url.startsWith('//') ? data.url : '/notifications';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof data.body === 'string' ? data.body : '',
      tag: typeof data.tag === 'string' ? data.tag : undefined,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL((event.notification.data && event.notification.data.url) || '/notifications', self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (open) return open.focus().then((w) => (w && 'navigate' in w ? w.navigate(target) : undefined));
      return self.clients.openWindow(target);
    }),
  );
});
