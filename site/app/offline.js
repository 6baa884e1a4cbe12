// Every page of the site (not the Lab): the site kept for offline use, and a line under the header that says
// how that stands, short (on a phone it is under the header while Python starts): ready offline, being kept, a
// newer version here, or what this browser cannot keep (no service worker or no storage, as in some private
// windows; no room). The pages play online whatever this line says.
//
// The service worker is the site's one (../service-worker.js, which also does what JupyterLite's does); its
// list of files and version are in app/offline.json, both written by scripts/build_site.py.

import { ready as language } from "./lang.js";

const ROOT = new URL("../", import.meta.url);
const WORKER = new URL("service-worker.js?enableCache=false", ROOT);  // the very address the Lab registers
const bar = document.querySelector("[data-testid='offline']");

// The line in the page's language (lang.js), once its words are here; English until then, or without them.
let _ = (text, values = {}) => text.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? values[name] : whole));

function say(state, text, action) {
  if (!bar) return;
  bar.dataset.state = state;
  bar.replaceChildren(Object.assign(document.createElement("span"), { textContent: text }));
  if (action) {
    const button = Object.assign(document.createElement("button"), { type: "button", textContent: action.label });
    button.dataset.testid = `offline-${action.id}`;
    button.addEventListener("click", action.run);
    bar.append(button);
  }
}

// a size with one decimal as the language writes it ("18.6 MB", "18,6 Mo")
const megabytes = (bytes) => {
  const [whole, tenth] = (bytes / 1e6).toFixed(1).split(".");
  return _("{whole}.{tenth} MB", { whole, tenth });
};
const urls = (listing) => listing.files.map((path) => new URL(path, ROOT).href);

async function missing(listing) {
  const cache = await caches.open(`nomercy-offline-${listing.version}`);
  const found = await Promise.all(urls(listing).map((url) => cache.match(url, { ignoreSearch: true })));
  return urls(listing).filter((url, i) => !found[i]);
}

function isQuota(error) {
  return error && (error.name === "QuotaExceededError" || /quota/i.test(String(error.message || error)));
}

async function keep(listing) {
  const cache = await caches.open(`nomercy-offline-${listing.version}`);
  const left = await missing(listing);
  let done = 0;
  for (const url of left) {
    say("keeping", _("Saving for offline play… {percent}%", { percent: Math.round((100 * done) / left.length) }));
    await cache.add(new Request(url, { cache: "reload" }));
    done += 1;
  }
}

async function ready(listing) {
  const left = await missing(listing);
  if (!left.length) {
    say("ready", _("Ready to play offline."));
    return;
  }
  try {
    navigator.storage?.persist?.().catch(() => {});
    await keep(listing);
    say("ready", _("Ready to play offline."));
  } catch (error) {
    const retry = { id: "keep", label: _("Keep for offline"), run: () => ready(listing) };
    if (isQuota(error)) {
      say("no-room", _("This browser has no room to keep the site for offline use (it needs {size}); it plays while you are online.", { size: megabytes(listing.bytes) }), retry);
    } else if (!navigator.onLine) {
      say("partly", _("Not all of the site is kept for offline use yet: open it once while online."), retry);
    } else {
      say("partly", _("Part of the site could not be kept for offline use; it plays while you are online."), retry);
    }
  }
}

function watchForUpdates(registration) {
  const hadController = !!navigator.serviceWorker.controller;
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (hadController) say("newer", _("A newer version of the site is here."), { id: "reload", label: _("Use it"), run: () => location.reload() });
  });
  registration.addEventListener("updatefound", () => {
    if (hadController) say("updating", _("A newer version of the site is being kept…"));
  });
}

async function start() {
  try { ({ _ } = await language); } catch { /* no words: the line stays in English */ }
  if (!("serviceWorker" in navigator) || !("caches" in self)) {
    say("none", _("This browser keeps nothing for offline use here (a private window may not); the site plays while you are online."));
    return;
  }
  let registration;
  try {
    registration = await navigator.serviceWorker.register(WORKER.href);
    if (!registration) throw new Error("no registration");  // a browser that blocks workers may resolve to nothing
  } catch {
    say("none", _("This browser keeps nothing for offline use here (a private window may not); the site plays while you are online."));
    return;
  }
  watchForUpdates(registration);
  let listing;
  try {
    const reply = await fetch(new URL("app/offline.json", ROOT));
    listing = await reply.json();
  } catch {
    say("partly", _("This page is not kept for offline use: open it once while online."));
    return;
  }
  // The Lab unregisters a worker at its address that it has no version record of (it takes it for an older
  // Lab's), and its kernel then sees none of this browser's files on that visit: the record is written here,
  // in the Lab's own form, for the worker just registered.
  if (typeof listing.labVersion === "string") {
    try { localStorage.setItem(`${WORKER.href}-version`, listing.labVersion); } catch { /* no storage: nothing kept anyway */ }
  }
  try {
    const older = (await caches.keys()).filter((name) => name.startsWith("nomercy-offline-") && name !== `nomercy-offline-${listing.version}`);
    if (older.length) say("updating", _("An older offline copy of the site is being replaced…"));
    await navigator.serviceWorker.ready;
    await ready(listing);
  } catch (error) {
    say(isQuota(error) ? "no-room" : "none", isQuota(error)
      ? _("This browser has no room to keep the site for offline use (it needs {size}); it plays while you are online.", { size: megabytes(listing.bytes) })
      : _("This browser keeps nothing for offline use here (a private window may not); the site plays while you are online."));
  }
}

start();
