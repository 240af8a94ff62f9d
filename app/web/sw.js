// The calculator's service worker: the page and its files are kept, so a reload without network still opens the
// page; and so is the offline engine (static/offline/, listed in its files.json: Pyodide, the wheels, the service's
// source), with which the page scores and settles without the service (offline.js); and GET /rules and /yaku in each
// of the five languages, so the page's names, rules and presets are there in whichever language is chosen offline.
// Network first, so a new version is seen when online. POSTs always go to the network: the page asks the engine
// itself when they fail.

const CACHE = "riichi-calculator-v2";
const url = (path) => new URL(path, self.location).href;
const SHELL = ["../calculator", "manifest.webmanifest", "static/style.css", "static/app.js", "static/dom.js", "static/i18n.js",
  "static/match.js", "static/tiles.js", "static/icon.svg", "static/records.js", "static/records.css", "static/offline.js",
  "static/offline-worker.js"].map(url);
const ENGINE_MANIFEST = url("static/offline/files.json");
// The service's catalogs as the page asks for them (dom.js's get: the path and ?lang=), in each of its languages.
const LANGUAGES = ["en", "ja", "zh", "ko", "vi"];
const CATALOGS = LANGUAGES.flatMap((lang) => ["rules", "yaku"].map((path) => url(`../${path}?lang=${lang}`)));

const engineFiles = (manifest) => manifest.files.map((name) => url(`static/offline/${name}`));

/** The offline engine as the service now has it (its manifest last, once every file it lists is stored); nothing
 * when the engine was not built, or the stored one is already that version. */
async function storeEngine(cache) {
  const response = await fetch(ENGINE_MANIFEST, { cache: "no-cache" });
  if (!response.ok) return;
  const manifest = await response.clone().json();
  const kept = await cache.match(ENGINE_MANIFEST);
  if (kept && (await kept.json()).version === manifest.version) return;
  await cache.addAll(engineFiles(manifest));
  await cache.put(ENGINE_MANIFEST, response);
}

async function storeAll() {
  const cache = await caches.open(CACHE);
  await cache.addAll([...SHELL, ...CATALOGS]);
  // The page works without the engine; one not stored now is stored when the page next asks (offline-status).
  await storeEngine(cache).catch(() => {});
}

/** Whether the cache holds the page, the engine's manifest and every file it lists. */
async function stored() {
  const cache = await caches.open(CACHE);
  const manifest = await cache.match(ENGINE_MANIFEST);
  if (!manifest) return false;
  const files = engineFiles(await manifest.json());
  const found = await Promise.all([...SHELL, ...CATALOGS, ...files].map((file) => cache.match(file)));
  return found.every(Boolean);
}

self.addEventListener("install", (event) => {
  event.waitUntil(storeAll().then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys()
    .then((names) => Promise.all(names.filter((name) => name !== CACHE).map((name) => caches.delete(name))))
    .then(() => self.clients.claim()));
});

self.addEventListener("message", (event) => {
  if (event.data?.type === "offline-status") {
    // A new version of the service brings a new engine: stored now, while the network is up (skipped without it).
    const refreshed = caches.open(CACHE).then(storeEngine).catch(() => {});
    event.waitUntil(refreshed.then(stored).then((ready) => event.ports[0].postMessage({ stored: ready })));
  }
});

const cacheKey = (request) => {
  const address = new URL(request.url);
  // The page is one document whatever its query (the query is the hand); the catalog is kept per language.
  return address.pathname.endsWith("/calculator") ? url("../calculator") : address.href;
};

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    try {
      const response = await fetch(request);
      // The engine's manifest is stored only with the files it lists (storeEngine).
      if (response.ok && request.url !== ENGINE_MANIFEST) await cache.put(cacheKey(request), response.clone());
      return response;
    } catch (error) {
      const kept = await cache.match(cacheKey(request));
      if (kept) return kept;
      throw error;
    }
  })());
});
