// The companion's service worker. It replaces go-app's stock worker so that
// the app works offline from the first visit, at any route and with any
// query (share links):
//  - install fetches every listed URL past the HTTP cache and fails as a
//    whole if one fails, so a half-filled cache never becomes active;
//  - navigations get the cached page for their path (query ignored), else
//    the network (and the page is kept), else the cached shell "/", which
//    is safe because the wasm routes from window.location;
//  - activate deletes older caches only once this one is complete.
const cacheName = "app-" + "{{.Version}}";
const resourcesToCache = {{.ResourcesToCache}};
const shellURL = "{{SHELL}}";

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(cacheName);
      try {
        await Promise.all(
          resourcesToCache.map(async (url) => {
            const res = await fetch(new Request(url, { cache: "reload" }));
            if (!res.ok) {
              throw new Error("precaching " + url + " failed: HTTP " + res.status);
            }
            await cache.put(url, res);
          })
        );
      } catch (err) {
        await caches.delete(cacheName);
        throw err;
      }
      await self.skipWaiting();
    })()
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(cacheName);
      const cached = await cache.keys();
      if (cached.length >= resourcesToCache.length) {
        for (const key of await caches.keys()) {
          if (key !== cacheName && key.startsWith("app-")) {
            await caches.delete(key);
          }
        }
      }
      await self.clients.claim();
    })()
  );
});

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
    event.respondWith(navigate(request, url));
    return;
  }
  event.respondWith(fromCache(request));
});

async function navigate(request, url) {
  const cache = await caches.open(cacheName);
  const page = await cache.match(url.pathname, { ignoreSearch: true });
  if (page) {
    return page;
  }
  try {
    const res = await fetch(request);
    if (res.ok && res.type === "basic") {
      await cache.put(url.pathname, res.clone());
    }
    return res;
  } catch (err) {
    const shell = await cache.match(shellURL);
    if (shell) {
      return shell;
    }
    throw err;
  }
}

async function fromCache(request) {
  const cached = await caches.match(request);
  if (cached) {
    return cached;
  }
  return fetch(request);
}
