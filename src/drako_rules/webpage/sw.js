// The service worker of the web score checker: the page opens and checks games with no
// network once it has been opened (issue 25, "Offline and installable").
//
// On install it puts every file of the page in one cache: the page, Pyodide and the
// wheels. The build (drako_rules.webserve.build_page) writes BUILD below: the build's
// version (a hash of the built files, so a new build is a new worker, whose cache replaces
// the old one) and each file with its sha256, so that a copy the browser already holds is
// taken only when it is the file of this build. The worker then answers the page's
// requests from that cache, the network only for what it does not hold. The query
// (?lang=...) is ignored when matching; a fragment (#game=...) never reaches the worker.
"use strict";

const BUILD = { version: "unbuilt", files: [] }; // written by the build

const SCOPE = new URL(self.registration.scope);
const PREFIX = `drako-checker:${SCOPE.pathname}:`;
const CACHE = PREFIX + BUILD.version;

async function fetchChecked(url, integrity) {
  try {
    const held = await fetch(url, { cache: "force-cache", integrity });
    if (held.ok) return held;
  } catch {
    // not held, or held from another build (its hash differs): fetch it again
  }
  const fresh = await fetch(url, { cache: "reload", integrity });
  if (!fresh.ok) throw new Error(`${url}: HTTP ${fresh.status}`);
  return fresh;
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    await Promise.all(BUILD.files.map(async ([name, integrity]) => {
      const url = new URL(name, SCOPE).href;
      await cache.put(url, await fetchChecked(url, integrity));
    }));
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== SCOPE.origin) return;
  event.respondWith((async () => {
    const held = await caches.match(request.url, { cacheName: CACHE, ignoreSearch: true });
    return held || fetch(request);
  })());
});
