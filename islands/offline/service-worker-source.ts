/**
 * The service worker's code, served as `/sw.js` by site/pages/sw.js.ts: hashed assets
 * cache-first, pages network-first with the cached copy as an offline fallback (a page never kept
 * sends the visitor to the nearest kept page above it: their brand's home), APIs never cached.
 * On activation it deletes every cache of older builds (never the kept declarations' IndexedDB
 * database). The page that registers it (register-service-worker.ts) names, in `?pending=`, the
 * build's Background Sync code for kept declarations (pending-declaration-worker.ts), loaded at
 * once: only a file of this site's own built assets is accepted. Plain JavaScript in a string: the
 * worker is served as it is, outside Vite's bundles, and its requests are the browser's own
 * (cached or passed through), not the portal's calls.
 *
 * `buildId` changes with every build, so a deployed update installs a new worker that drops old caches.
 */
export function serviceWorkerSource(buildId: string): string {
  return `const CACHE = 'portal-${buildId}';
const PENDING_CODE = new URL(self.location.href).searchParams.get('pending');
if (PENDING_CODE && /^\\/_astro\\/[\\w.-]+\\.js$/.test(PENDING_CODE)) {
  try { importScripts(PENDING_CODE); } catch (error) { console.log('Background Sync of declarations unavailable', error); }
}
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(names.filter((name) => name !== CACHE).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});
// The page that registered the worker names itself and its brand's home in its language: the
// worker was not there when they loaded, so they would not be cached for a visit without a
// connection. Same-origin paths only.
self.addEventListener('message', (event) => {
  const data = event.data;
  if (!data || data.type !== 'keep-pages' || !Array.isArray(data.paths)) return;
  const paths = data.paths.filter((path) => typeof path === 'string' && path.startsWith('/') && !path.startsWith('//') && /^[A-Za-z0-9_/-]*$/.test(path)).slice(0, 4);
  // Not held with waitUntil: a new worker waits for the events in flight of the one it replaces.
  caches.open(CACHE).then((cache) => Promise.all(paths.map((path) =>
    cache.match(path).then((kept) => kept || fetch(path).then((response) => {
      if (response.ok && !response.redirected) return cache.put(path, response);
    }))
  ))).catch(() => undefined);
});
// A page neither fetched nor kept: the kept page nearest above it (its brand's home in its
// language, else the brand's), where the banner of a kept declaration shows, instead of the
// browser's error page. The neutral home stands in only for a neutral page of one segment.
const nearestKept = (pathname) => caches.open(CACHE).then((cache) => cache.keys()).then((requests) => {
  const segments = pathname.split('/').filter(Boolean);
  let best;
  for (const kept of requests) {
    const url = new URL(kept.url);
    if (url.search !== '' || url.origin !== self.location.origin) continue;
    const above = url.pathname.split('/').filter(Boolean);
    if (above.length >= segments.length || above.some((segment, index) => segment !== segments[index])) continue;
    if (above.length === 0 && segments.length > 1) continue;
    if (!best || above.length > best.length) best = above;
  }
  return best && Response.redirect('/' + best.join('/'), 302);
});
self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin) return;
  if (url.pathname.startsWith('/_astro/')) {
    event.respondWith(
      caches.match(request).then((cached) => cached || fetch(request).then((response) => {
        if (response.ok) { const copy = response.clone(); caches.open(CACHE).then((cache) => cache.put(request, copy)); }
        return response;
      })),
    );
  } else if (request.mode === 'navigate') {
    const load = () => fetch(request).then((response) => {
      if (response.ok) { const copy = response.clone(); caches.open(CACHE).then((cache) => cache.put(request, copy)); }
      return response;
    });
    // A page neither fetched nor cached is tried again a few times over three seconds before the
    // browser's error page: the signal that comes back in steps (the page told "online" a moment
    // before the network answers) costs a short wait, not a lost page.
    const retry = (triesLeft) => new Promise((resolve) => setTimeout(resolve, 500)).then(load)
      .catch((error) => (triesLeft > 1 ? retry(triesLeft - 1) : Promise.reject(error)));
    event.respondWith(
      load().catch((error) => {
        console.log('Offline: serving the cached page if any', url.pathname, error);
        return caches.match(request).then((cached) => cached || retry(6).catch(() =>
          nearestKept(url.pathname).then((home) => home || Response.error(), () => Response.error())));
      }),
    );
  }
});
`;
}
