// Canfield Arena's service worker (web/installable.py says why it is built this way). It keeps
// the app shell (the static files, the offline page) and nothing else: no API answer, no page
// of a game, nothing of a sealed deal. Served at /sw.js after three lines the server writes:
// CACHE (this version's cache name), SHELL (the URLs it keeps) and OFFLINE (the offline page).

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(SHELL)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((key) => key.startsWith("canfield-shell-") && key !== CACHE)
      .map((key) => caches.delete(key))))
    .then(() => self.clients.claim()));
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (request.mode === "navigate") {
    // A page: always the network (it is never stored); the offline page when there is none.
    event.respondWith(fetch(request).catch(() => caches.match(OFFLINE)));
    return;
  }
  if (SHELL.includes(url.pathname) && url.pathname !== OFFLINE) {
    event.respondWith(caches.match(url.pathname).then((kept) => kept || fetch(request)));
  }
  // Anything else (/api/, /ws/, /jsi18n/): not touched, never stored.
});

// A page in another language than the kept offline page's asks for it again.
self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "offline-language") {
    event.waitUntil(caches.open(CACHE).then((cache) => cache.add(OFFLINE)));
  }
});
