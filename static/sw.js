// kubeloop's service worker: after one visit, the page loads and runs with the network off.
//
// - The page itself (navigations): network first, so a new build is picked up on the very
//   next load; the cached copy is used only when the network fails.
// - Trunk's hashed files (name-<hex>.js/.css/.svg, and the modules packed as .wasm.xz; a
//   64-bit hash printed without leading zeros, so 16 digits or a few less), and the wasm
//   chunks scripts/split names the same way:
//   a name never changes its content, so the cache answers first and the network only fills
//   it. The page fetches a chunk only on first use, but index.html lists the chunks (and the
//   built-in missions' file, kubeloop-missions-<hex>.yaml)
//   (<meta name="kubeloop-chunks">), so the install below fetches them with the rest, in
//   the background after the page has loaded.
// - Anything else of ours (manifest, icons): network first, cache as the fallback.
// - What the page fetches only later, on first use (the explain docs, the page's words in a
//   language other than English): the page asks for it
//   (a `fill-later` message, in idle time once a worker is active), so a page visited once
//   works fully offline without the first load waiting on it. Network first, like the rest.
// Each time the page comes from the network, cached hashed files it no longer names are
// deleted, so old builds do not pile up; a new build also fetches the later files again. Every URL is relative to the worker's scope (the
// directory sw.js is served from), so this works at / and under /REPO/ on GitHub Pages.
// Plain JavaScript: a service worker cannot be WebAssembly loaded by Trunk's page loader.

const CACHE = 'kubeloop-v1';
const SCOPE = self.registration.scope; // ends with '/'
const HASHED = /-[0-9a-f]{10,16}(_bg)?\.[a-z]+(\.xz)?$/;
// The files the page names: `./x.css`, `'./x.js'`, in quoted or minified (unquoted) HTML.
const NAMED = /\.\/[A-Za-z0-9_.\/-]+\.(?:js|wasm|css|svg|png|webmanifest|yaml)(?:\.xz)?\b/g;
// Files the page fetches only on first use, by the URL it uses (src/page/explain.rs
// EXPLAIN_DOCS_URL; src/words/mod.rs Lang::urls).
const LATER = ['./explain.json', './locales/de/shell.ftl', './locales/de/graph.ftl', './locales/de/inspector.ftl', './locales/de/feed.ftl', './locales/de/missions.ftl', './locales/de/decisions.ftl'];

self.addEventListener('install', (event) => {
  // The first visit's files were fetched before this worker existed: fetch the page and what
  // it names into the cache now, so the very next load can be offline.
  event.waitUntil(
    fetch(SCOPE, { cache: 'no-cache' })
      .then((page) => (page.ok ? keepPage(page, true) : undefined))
      .catch(() => undefined)
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  // Take over the open page at once, and drop caches an earlier version of this file made.
  const old = caches.keys().then((keys) =>
    Promise.all(keys.filter((k) => k.startsWith('kubeloop-') && k !== CACHE).map((k) => caches.delete(k))),
  );
  event.waitUntil(old.then(() => self.clients.claim()));
});

// The page is up and idle (src/main.rs): fetch what it will ask for later.
self.addEventListener('message', (event) => {
  if (event.data === 'fill-later') event.waitUntil(fillLater(false));
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || !request.url.startsWith(SCOPE)) return;
  const path = new URL(request.url).pathname;
  // Live mode's Kubernetes API (served beside the page by `kubeloop serve`) is never ours to
  // cache: a watch is a stream that does not end, and an answer is only true once.
  if (/^\/(api|apis|version)(\/|$)/.test(path)) return;
  if (request.mode === 'navigate') event.respondWith(page(event, path));
  else if (HASHED.test(path)) event.respondWith(cacheFirst(request));
  else event.respondWith(networkFirst(request));
});

// The page's own URL (the scope, with or without index.html) is cached under the scope, and
// whatever the query (`?embed`), so every form of it finds the one copy offline.
async function page(event, path) {
  const own = path === new URL(SCOPE).pathname || path.endsWith('/index.html');
  try {
    const response = await fetch(event.request);
    if (own && response.ok) {
      // After the answer, not before it: a new build's later files are refreshed in place.
      event.waitUntil(keepPage(response.clone(), false).then((changed) => changed && fillLater(true)));
    }
    return response;
  } catch (offline) {
    return (own && (await caches.match(SCOPE, { cacheName: CACHE }))) || Response.error();
  }
}

// Caches the page; then keeps only the hashed files it names, fetching missing ones (and the
// manifest's icons) when `fill` (at install; later the page's own requests fill the cache).
// Says whether it dropped an earlier build's files, that is, whether the build changed.
async function keepPage(response, fill) {
  const cache = await caches.open(CACHE);
  const html = await response.clone().text();
  await cache.put(SCOPE, response);
  const named = new Set((html.match(NAMED) || []).map((n) => new URL(n, SCOPE).href));
  if (fill) {
    // The browser also reads the manifest's icons at load: keep those too.
    for (const manifest of [...named].filter((url) => url.endsWith('.webmanifest'))) {
      const icons = await fetch(manifest).then((r) => r.json()).then((m) => m.icons || [], () => []);
      for (const icon of icons) named.add(new URL(icon.src, manifest).href);
    }
    await Promise.all(
      [...named].map(async (url) => {
        if (await cache.match(url)) return;
        const file = await fetch(url).catch(() => null);
        if (file && file.ok) await cache.put(url, file);
      }),
    );
  }
  let changed = false;
  for (const request of await cache.keys()) {
    if (HASHED.test(new URL(request.url).pathname) && !named.has(request.url)) {
      await cache.delete(request);
      changed = true;
    }
  }
  return changed;
}

// Fetches the later files into the cache: those missing, or all of them again when `refresh`
// (a new build may have new docs; the old copy stays until the new one has come). Low
// priority, so it never competes with what a page is loading.
async function fillLater(refresh) {
  const cache = await caches.open(CACHE);
  for (const name of LATER) {
    const url = new URL(name, SCOPE).href;
    if (!refresh && (await cache.match(url))) continue;
    const init = { cache: refresh ? 'no-cache' : 'default', priority: 'low' };
    const file = await fetch(url, init).catch(() => null);
    if (file && file.ok) await cache.put(url, file);
  }
}

async function cacheFirst(request) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(request);
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

async function networkFirst(request) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(request, response.clone());
    return response;
  } catch (offline) {
    return (await cache.match(request, { ignoreSearch: true })) || Response.error();
  }
}
