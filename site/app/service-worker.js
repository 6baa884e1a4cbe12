// The site's one service worker, at its root (scope "/"): JupyterLite's own (the Lab's drive, its heartbeat,
// its opt-in cache), and the app's pages kept for offline use.
//
// A scope has one service worker, and JupyterLite registers `service-worker.js?enableCache=false` at the root
// from the Lab: so this file takes that place (the build moves JupyterLite's to build/service-worker.js, where
// its bundle also has it) and the pages register the very same address; both sides then keep the same
// worker. JupyterLite's script is run here as it is; only its "fetch" listener is held back, and called for
// every request that is not one of the files kept below.
//
// Kept for offline: the landing, Play, Train and Rules pages, what they load (app/), Pyodide's core and the
// app pages' wheels. The list and the version are written here by scripts/build_site.py; each version has a
// cache of its own ("nomercy-offline-<version>"), filled when this worker installs (and by the pages, see
// app/offline.js, when it could not be filled then); an older version's cache is removed when a newer
// worker takes over. A request for a kept file is answered from the cache, else from the network.

// In a scope of its own: JupyterLite's script declares names of its own at the top (CACHE, among others).
(() => {
  const VERSION = "__VERSION__";
  const FILES = __FILES__;
  const CACHE = `nomercy-offline-${VERSION}`;
  const ROOT = new URL("./", self.location.href);
  const KEPT = new Set(FILES.map((path) => new URL(path, ROOT).href));

  let labFetch = null;
  const listen = self.addEventListener.bind(self);
  self.addEventListener = (type, handler, options) => {
    if (type === "fetch") labFetch = handler;
    else listen(type, handler, options);
  };
  importScripts("./build/service-worker.js");
  self.addEventListener = listen;

  async function keep() {
    try {
      const cache = await caches.open(CACHE);
      const have = new Set((await cache.keys()).map((request) => request.url));
      for (const url of KEPT) {
        if (!have.has(url)) await cache.add(new Request(url, { cache: "reload" }));
      }
    } catch (error) {
      // no room, or no storage: the pages say so (app/offline.js), and everything still works online
    }
  }

  listen("install", (event) => event.waitUntil(keep()));

  listen("activate", (event) => {
    event.waitUntil((async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith("nomercy-offline-") && name !== CACHE) await caches.delete(name);
      }
    })().catch(() => {}));
  });

  listen("message", (event) => {
    if (event.data && event.data.type === "nomercy-version") event.source?.postMessage({ type: "nomercy-version", version: VERSION });
  });

  async function answer(request) {
    try {
      const cache = await caches.open(CACHE);
      const kept = await cache.match(request, { ignoreSearch: true, ignoreVary: true });
      if (kept) return kept;
    } catch {
      // no Cache Storage: the network it is
    }
    return fetch(request);
  }

  listen("fetch", (event) => {
    const { request } = event;
    const url = new URL(request.url);
    url.search = "";
    url.hash = "";
    if (request.method === "GET" && KEPT.has(url.href)) {
      event.respondWith(answer(request));
      return;
    }
    if (labFetch) labFetch(event);
  });
})();
