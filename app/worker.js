// The companion's service worker. It replaces go-app's stock worker so that
// the app works offline from the first visit, at any route and with any
// query (share links), on any static host, and updates without mixing
// versions:
//  - install stores every listed URL and fails as a whole if one fails, so a
//    half-filled cache never becomes active. Assets whose name carries a
//    content hash may come from the HTTP cache (what the page has just
//    downloaded: a first visit moves each file once); every other URL is
//    revalidated, and a page must carry this version's mark;
//  - the worker answers only for the app: navigations to the app's own
//    routes (appRoute, from the app's route table) and requests for the
//    files it precaches. Everything else on the origin, which a site built
//    for base "/" shares with its owner's other sites and apps, goes to the
//    network as if there were no worker, and offline fails as the browser
//    fails;
//  - navigations to the app's routes get the cached page for their path
//    (query ignored), else the network revalidated past the HTTP cache
//    (kept if it is this version's page), else, on a 404, an old version's
//    page or no network, the cached shell, which is safe because the wasm
//    routes from window.location;
//  - a navigation to the app online refills whatever is missing from the
//    cache (evicted, wiped), so offline works again after the next visit;
//  - cache names carry a prefix unique to this app and its base path, and
//    activate deletes only this app's older caches, once this one is
//    complete.
const cachePrefix = "{{PREFIX}}";
const version = "{{.Version}}";
const cacheName = cachePrefix + version;
const resourcesToCache = {{.ResourcesToCache}};
const shellURL = "{{SHELL}}";
const appRoute = new RegExp({{ROUTES}});
const pageMark = '<meta name="at4x-version" content="' + version + '">';
const hashedName = /-[0-9a-f]{10}\.(js|css|wasm|txt)$/;

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(cacheName);
      try {
        await fill(cache, resourcesToCache);
      } catch (err) {
        await caches.delete(cacheName);
        throw err;
      }
      await self.skipWaiting();
    })()
  );
});

// fill stores urls in cache, failing if one of them fails.
async function fill(cache, urls) {
  await Promise.all(
    urls.map(async (url) => {
      const mode = hashedName.test(url) ? "default" : "no-cache";
      let res = await fetch(new Request(url, { cache: mode }));
      if (!res.ok) {
        throw new Error("precaching " + url + " failed: HTTP " + res.status);
      }
      if ((res.headers.get("Content-Type") || "").startsWith("text/html")) {
        res = await thisVersion(res);
        if (!res) {
          throw new Error("precaching " + url + " failed: the host sent another version");
        }
      }
      await cache.put(url, res);
    })
  );
}

// thisVersion returns a page response if it is this version's page, else
// null.
async function thisVersion(res) {
  const text = await res.text();
  if (!text.includes(pageMark)) {
    return null;
  }
  return new Response(text, { status: res.status, statusText: res.statusText, headers: res.headers });
}

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      if (await missing().then((m) => m.length === 0)) {
        for (const key of await caches.keys()) {
          if ((key !== cacheName && key.startsWith(cachePrefix)) || (await ourLegacyCache(key))) {
            await caches.delete(key);
          }
        }
      }
      await self.clients.claim();
    })()
  );
});

// ourLegacyCache reports whether a cache is one this app's earlier workers
// made, named "app-" + version like every go-app app's: it holds this
// scope's icon files, which another app's cache cannot, since one scope has
// one worker.
async function ourLegacyCache(key) {
  if (!key.startsWith("app-")) {
    return false;
  }
  const cache = await caches.open(key);
  for (const file of ["web/icon.svg", "web/icon-maskable.png"]) {
    if (!(await cache.match(new URL(file, self.registration.scope).href))) {
      return false;
    }
  }
  return true;
}

// missing lists the precached URLs the cache lacks.
async function missing() {
  const cache = await caches.open(cacheName);
  const have = new Set((await cache.keys()).map((r) => new URL(r.url).pathname));
  return resourcesToCache.filter((u) => !have.has(u));
}

let refilling = null;

// refill stores what the cache lacks, one attempt at a time.
function refill() {
  if (!refilling) {
    refilling = (async () => {
      const lack = await missing();
      if (lack.length > 0) {
        await fill(await caches.open(cacheName), lack);
      }
    })()
      .catch((err) => console.warn("refilling the offline cache failed:", err))
      .finally(() => {
        refilling = null;
      });
  }
  return refilling;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") {
    return;
  }
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) {
    return;
  }
  if (request.mode === "navigate") {
    if (ownRoute(url)) {
      event.respondWith(navigate(request, url));
      event.waitUntil(refill());
    }
    return;
  }
  if (resourcesToCache.includes(url.pathname)) {
    event.respondWith(fromCache(request));
  }
});

// ownRoute reports whether a URL is one of the app's routes, under its base.
function ownRoute(url) {
  return url.pathname.startsWith(shellURL) && appRoute.test(url.pathname.slice(shellURL.length - 1));
}

async function navigate(request, url) {
  const cache = await caches.open(cacheName);
  const page = await cache.match(url.pathname, { ignoreSearch: true });
  if (page) {
    return page;
  }
  const shell = () => cache.match(shellURL);
  let res;
  try {
    res = await fetch(url.href, { cache: "no-cache", credentials: "same-origin" });
  } catch (err) {
    const s = await shell();
    if (s) {
      return s;
    }
    throw err;
  }
  if (res.redirected) {
    return Response.redirect(res.url, 302);
  }
  if (res.ok && res.type === "basic" && (res.headers.get("Content-Type") || "").startsWith("text/html")) {
    const current = await thisVersion(res.clone());
    if (current) {
      await cache.put(url.pathname, current.clone());
      return current;
    }
  }
  return (await shell()) || res;
}

// fromCache answers a request for a precached URL from this app's cache,
// else from the network, storing what the cache had lost.
async function fromCache(request) {
  const cache = await caches.open(cacheName);
  const cached = await cache.match(request);
  if (cached) {
    return cached;
  }
  const res = await fetch(request);
  const path = new URL(request.url).pathname;
  if (res.ok && hashedName.test(path)) {
    await cache.put(path, res.clone());
  }
  return res;
}
