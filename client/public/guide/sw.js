/*
 * The guide app's service worker (issue 51): the app opens with no signal. Its page and the
 * files it runs on are kept here; the app keeps its own data (the download and the queue of
 * check-ins) on the phone and never asks this worker for /api.
 */
const CACHE = 'norrsken-guide-v1';
const SHELL = ['/guide/', '/guide/manifest.webmanifest', '/guide/icon-192.png', '/guide/icon-512.png'];

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(SHELL))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) if (key !== CACHE) await caches.delete(key);
      await self.clients.claim();
    })(),
  );
});

/** The app names the files it runs on (its scripts, styles and words, loaded before this worker took over): kept for offline. */
self.addEventListener('message', (event) => {
  if (!event.data || event.data.type !== 'keep' || !Array.isArray(event.data.urls)) return;
  const urls = event.data.urls.filter((url) => typeof url === 'string' && new URL(url, self.location.origin).origin === self.location.origin);
  event.waitUntil(caches.open(CACHE).then((cache) => Promise.all(urls.map((url) => cache.match(url).then((hit) => hit || cache.add(url).catch(() => undefined))))));
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith('/api/')) return;
  if (request.mode === 'navigate') {
    if (!url.pathname.startsWith('/guide/')) return;
    // The page fresh when there is a signal (and kept), the kept one when there is none.
    event.respondWith(
      fetch(request)
        .then((response) => {
          if (response.ok) {
            const copy = response.clone();
            caches.open(CACHE).then((cache) => cache.put('/guide/', copy));
          }
          return response;
        })
        .catch(() => caches.match('/guide/')),
    );
    return;
  }
  // Scripts, styles, words and pictures: hashed or rarely changed, so the kept copy first.
  event.respondWith(
    caches.match(request).then(
      (hit) =>
        hit ||
        fetch(request).then((response) => {
          if (response.ok && (url.pathname.startsWith('/assets/') || url.pathname.startsWith('/guide/') || url.pathname.startsWith('/images/'))) {
            const copy = response.clone();
            caches.open(CACHE).then((cache) => cache.put(request, copy));
          }
          return response;
        }),
    ),
  );
});
