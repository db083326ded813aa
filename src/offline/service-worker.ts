/// <reference lib="webworker" />
/**
 * The offline service worker. After one visit it has cached the whole built site (every
 * page, script, style and search-index file, listed at build time), so the course keeps
 * working on a train. Pages are network-first (fresh when online), everything else is
 * cache-first (file names carry content hashes). The build replaces the two constants below.
 */
export {};
declare const self: ServiceWorkerGlobalScope;

const VERSION = "__VERSION__";
/** Built files, relative to the worker's scope: the site's base, at the root or under a sub-path. */
const PRECACHE: string[] = JSON.parse("__PRECACHE__");
const inScope = (path: string) => new URL(path, self.registration.scope).href;
const CACHE = `blast-radius-${VERSION}`;

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      // One by one, not addAll: a single missing file must not leave the reader with nothing.
      const batch = 16;
      for (let i = 0; i < PRECACHE.length; i += batch) {
        await Promise.all(PRECACHE.slice(i, i + batch).map((path) => cache.add(inScope(path)).catch(() => undefined)));
      }
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys())
        if (key.startsWith("blast-radius-") && key !== CACHE) await caches.delete(key);
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("message", (event) => {
  if (event.data === "precache-status") {
    void caches
      .open(CACHE)
      .then((cache) => cache.keys())
      .then((keys) => event.source?.postMessage({ version: VERSION, cached: keys.length, total: PRECACHE.length }));
  }
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  event.respondWith(request.mode === "navigate" ? networkFirst(request) : cacheFirst(request));
});

async function networkFirst(request: Request): Promise<Response> {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) void cache.put(request, response.clone());
    return response;
  } catch {
    const url = new URL(request.url);
    const cached = (await saved(cache, request)) ?? (await cache.match(url.pathname.replace(/\/?$/, "/")));
    if (cached) return cached;
    // An address the course does not have: the saved 404 page, with the status a host would send.
    const notFound = await cache.match(inScope("404.html"));
    if (notFound)
      return new Response(notFound.body, { status: 404, statusText: "Not Found", headers: notFound.headers });
    return new Response("You are offline and this page was not saved.", { status: 503 });
  }
}

/**
 * The saved copy of a request: its exact address first, then (only for an address with a query,
 * such as Pagefind's `pagefind-entry.json?ts=...` or a chapter's `?seed=`) the same address
 * without it. Chromium answers `ignoreSearch` by reading every entry of the cache, which made
 * each script a page asked for wait 50 to 90 ms here; an exact match answers at once.
 */
async function saved(cache: Cache, request: Request): Promise<Response | undefined> {
  const exact = await cache.match(request);
  if (exact || new URL(request.url).search === "") return exact;
  return cache.match(request, { ignoreSearch: true });
}

async function cacheFirst(request: Request): Promise<Response> {
  const cache = await caches.open(CACHE);
  const cached = await saved(cache, request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) void cache.put(request, response.clone());
  return response;
}
