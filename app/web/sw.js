// The calculator's service worker: the page and its files are kept, so a reload without network still opens the
// page (which then says that scoring needs the service). Network first, so a new version is seen when online;
// GET /rules and /yaku are kept too, for the names. Scoring (POST) always goes to the service.

const CACHE = "riichi-calculator-v1";
const SHELL = ["../calculator", "manifest.webmanifest", "static/style.css", "static/app.js", "static/dom.js", "static/i18n.js",
  "static/match.js", "static/tiles.js", "static/icon.svg", "static/records.js", "static/records.css"].map((path) => new URL(path, self.location).href);

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(SHELL)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys()
    .then((names) => Promise.all(names.filter((name) => name !== CACHE).map((name) => caches.delete(name))))
    .then(() => self.clients.claim()));
});

const cacheKey = (request) => {
  const url = new URL(request.url);
  // The page is one document whatever its query (the query is the hand); the catalog is kept per language.
  return url.pathname.endsWith("/calculator") ? new URL("../calculator", self.location).href : url.href;
};

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    try {
      const response = await fetch(request);
      if (response.ok) await cache.put(cacheKey(request), response.clone());
      return response;
    } catch (error) {
      const kept = await cache.match(cacheKey(request));
      if (kept) return kept;
      throw error;
    }
  })());
});
