// The Play and Train pages' worker: Pyodide from the site itself, the few wheels a widget needs (those of
// ../static/pyodide/app-lock.json, which the build writes: nomercy, anywidget, ipywidgets, traitlets, comm and
// what they need, no IPython, no kernel), and host.py, which makes the page's widget and speaks Jupyter's
// widget messages with the page (page.js). Python is put back from a snapshot when this browser has one
// (see "Python, from a snapshot" below).
//
// The learner's files (data_dir() under Pyodide: /drive/nomercy) are the Lab's: JupyterLite keeps its drive
// in the browser's IndexedDB ("JupyterLite Storage - <site path>", store "files", one record per path,
// written by localforage). This worker copies the records under nomercy/ into /drive/nomercy before Python
// starts and before each message from the page is handled (so attempts made in the Lab meanwhile are read),
// and writes back what Python changed after each (so the Lab, and the next visit, see them).

const ROOT = new URL("../", self.location.href);
const PYODIDE = new URL("static/pyodide/", ROOT);
const DRIVE = "/drive";
const FOLDER = "nomercy";  // data_dir() is /drive/nomercy: only this part of the drive is copied
const STORE = "files";

let pyodide = null;
let host = null;
const synced = new Map();  // path in the drive -> what it held at the last copy (text; null for a folder)

// --- JupyterLite's drive in IndexedDB -----------------------------------------------------------------

function request(req) {
  return new Promise((resolve, reject) => { req.onsuccess = () => resolve(req.result); req.onerror = () => reject(req.error); });
}

async function openDrive() {
  const name = `JupyterLite Storage - ${ROOT.pathname}`;
  const first = indexedDB.open(name);
  first.onupgradeneeded = () => first.result.createObjectStore(STORE);  // a new database (version 1), as localforage makes it
  let db = await request(first);
  if (!db.objectStoreNames.contains(STORE)) {  // the Lab made the database but not yet this store
    const version = db.version + 1;
    db.close();
    const opening = indexedDB.open(name, version);
    opening.onupgradeneeded = () => opening.result.createObjectStore(STORE);
    db = await request(opening);
  }
  db.onversionchange = () => db.close();  // the Lab adds its other stores: let it
  return db;
}

function entryText(entry) {
  if (entry.type === "directory") return null;
  if (entry.format === "json") return JSON.stringify(entry.content);
  if (entry.format === "base64") return new TextDecoder().decode(Uint8Array.from(atob(entry.content || ""), (c) => c.charCodeAt(0)));
  return entry.content || "";
}

async function readDrive() {
  const db = await openDrive();
  try {
    const store = db.transaction(STORE, "readonly").objectStore(STORE);
    const range = IDBKeyRange.bound(FOLDER, `${FOLDER}/\uffff`);
    const [keys, values] = await Promise.all([request(store.getAllKeys(range)), request(store.getAll(range))]);
    const found = new Map();
    keys.forEach((key, i) => { if (key === FOLDER || key.startsWith(`${FOLDER}/`)) found.set(key, entryText(values[i])); });
    return found;
  } finally {
    db.close();
  }
}

async function writeDrive(puts, deletes) {
  if (!puts.size && !deletes.length) return;
  const db = await openDrive();
  try {
    const tx = db.transaction(STORE, "readwrite");
    const store = tx.objectStore(STORE);
    const now = new Date().toISOString();
    for (const [path, text] of puts) {
      const name = path.split("/").pop();
      store.put(text === null
        ? { name, path, type: "directory", format: "json", mimetype: "", content: null, size: 0, writable: true,
            created: now, last_modified: now }
        : { name, path, type: "file", format: "text", mimetype: "text/plain", content: text,
            size: new TextEncoder().encode(text).length, writable: true, created: now, last_modified: now }, path);
    }
    for (const path of deletes) store.delete(path);
    await new Promise((resolve, reject) => { tx.oncomplete = resolve; tx.onerror = () => reject(tx.error); tx.onabort = () => reject(tx.error); });
  } finally {
    db.close();
  }
}

// --- the copy in Pyodide's file system ------------------------------------------------------------------

function fsTree(FS) {
  const found = new Map();
  const walk = (path) => {
    for (const name of FS.readdir(`${DRIVE}/${path}`)) {
      if (name === "." || name === "..") continue;
      const child = `${path}/${name}`;
      const mode = FS.stat(`${DRIVE}/${child}`).mode;
      if (FS.isDir(mode)) { found.set(child, null); walk(child); }
      else found.set(child, FS.readFile(`${DRIVE}/${child}`, { encoding: "utf8" }));
    }
  };
  if (FS.analyzePath(`${DRIVE}/${FOLDER}`).exists) { found.set(FOLDER, null); walk(FOLDER); }
  return found;
}

/** The drive's records into the file system: what changed elsewhere since the last copy. */
async function pull() {
  const FS = pyodide.FS;
  const drive = await readDrive();
  for (const [path, text] of [...drive].sort(([a], [b]) => a.localeCompare(b))) {
    if (synced.has(path) && synced.get(path) === text) continue;
    const full = `${DRIVE}/${path}`;
    if (text === null) FS.mkdirTree(full);
    else { FS.mkdirTree(full.slice(0, full.lastIndexOf("/"))); FS.writeFile(full, text); }
    synced.set(path, text);
  }
  for (const [path, text] of [...synced].sort(([a], [b]) => b.localeCompare(a))) {
    if (drive.has(path)) continue;
    const full = `${DRIVE}/${path}`;
    if (FS.analyzePath(full).exists) { if (text === null) FS.rmdir(full); else FS.unlink(full); }
    synced.delete(path);
  }
}

/** What Python changed in the file system into the drive. */
async function push() {
  const now = fsTree(pyodide.FS);
  const puts = new Map([...now].filter(([path, text]) => !synced.has(path) || synced.get(path) !== text));
  const deletes = [...synced.keys()].filter((path) => !now.has(path));
  await writeDrive(puts, deletes);
  for (const [path, text] of puts) synced.set(path, text);
  for (const path of deletes) synced.delete(path);
}

// --- starting, and the messages of the page ------------------------------------------------------------

const say = (message) => self.postMessage(message);

// What Python sends while it handles a message is held until its files are in the drive: what the page
// shows is then saved (a reload right after a move finds the move).
let held = null;
const fromPython = (text) => (held ? held.push(text) : say({ type: "comm", text }));

let unsaved = false;  // said once: this browser would not keep what Python changed (no room, no storage)

async function saved(work) {
  held = [];
  try {
    work();
    try {
      await push();
    } catch (error) {
      if (!unsaved) {
        unsaved = true;
        const room = /quota/i.test(`${error && error.name} ${error && error.message}`);
        say({ type: "note", text: room
          ? "This browser has no room left to keep your progress and your round: you can play on, but they will not be kept."
          : "This browser does not let the page keep your progress and your round: you can play on, but they will not be kept." });
      }
    }
  } finally {
    const texts = held;
    held = null;
    for (const text of texts) say({ type: "comm", text });
  }
}

// --- Python, from a snapshot when there is one -------------------------------------------------------
//
// Starting Python (Pyodide's bootstrap) and importing the game's modules take seconds; putting back a
// memory snapshot of a Python that has done both takes a fraction of one. The first visit starts Python,
// unpacks the wheels of the app lock, imports the modules of PRELOADED and, before Python has seen anything
// of the page or of the learner, takes a snapshot (Pyodide's makeMemorySnapshot) that it keeps in the
// browser's Cache Storage; later visits put it back. Every visit then imports host.py (and through it the
// widgets). The snapshot is kept under a name made from the lock, host.py and this file, so a new site makes
// a new one; one that cannot be put back (another Pyodide) is dropped and Python started afresh. The file
// system is not in the snapshot: the wheels are unpacked again at each visit (quick).
//
// Why not the widgets too: this Pyodide puts a snapshot back into memory of the size it starts with, so a
// snapshot taken after Python's memory grew cannot be put back ("offset is out of bounds"). The widgets'
// stack grows it; PRELOADED does not (scripts and tests hold it so: a snapshot that would not fit is not
// kept, and the site test that expects the second visit to use one fails).

const PRELOADED = "import traitlets, nomercy.play.table, nomercy.puzzles.puzzle, nomercy.puzzles.progress, " +
  "nomercy.puzzles.kept, nomercy.puzzles.stage";
const SNAPSHOTS = "nomercy-app-python";
const PAGE_FILES = { train: ["puzzles.json"], learn: ["learn.json"] };  // what a page's Python reads beside host.py
const SITE_PACKAGES = "/lib/python3.14/site-packages";

async function text(url) {
  const reply = await fetch(url);
  if (!reply.ok) throw new Error(`${url}: ${reply.status}`);
  return reply.text();
}

async function snapshotName(lock, source) {
  const self_ = await text(new URL("app/worker.js", ROOT));
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(lock + source + self_));
  const hex = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
  return new URL(`app/python-${hex}.snapshot`, ROOT).href;  // a name in the cache, never fetched
}

async function python(loadPyodide, lock, source, wheels) {
  const options = { indexURL: PYODIDE.href, lockFileURL: new URL("app-lock.json", PYODIDE).href };
  const name = await snapshotName(lock, source);
  let cache = null;
  try {
    cache = await caches.open(SNAPSHOTS);
  } catch {
    // no Cache Storage (a private window may refuse it): start Python each time
  }
  const kept = cache && await cache.match(name);
  if (kept) {
    try {
      const py = await loadPyodide({ ...options, _loadSnapshot: new Uint8Array(await kept.arrayBuffer()) });
      unpack(py, await wheels);
      return [py, "snapshot"];
    } catch (error) {
      console.warn(`The saved Python could not be put back (${error}); starting afresh.`);
      await cache.delete(name);
    }
  }
  const py = await loadPyodide({ ...options, _makeSnapshot: !!cache });
  const startingMemory = py._module.HEAP8.length;
  unpack(py, await wheels);
  py.runPython(PRELOADED);
  if (cache && py._module.HEAP8.length > startingMemory) {
    console.warn("Python's memory grew before its snapshot, which this Pyodide could not put back: none is kept.");
  } else if (cache) {
    const snapshot = py.makeMemorySnapshot();
    for (const old of await cache.keys()) await cache.delete(old);
    cache.put(name, new Response(snapshot)).catch((error) => console.warn(`Python's snapshot was not kept (${error}).`));
  }
  return [py, "started"];
}

function unpack(py, wheels) {
  for (const [file, data] of wheels) py.unpackArchive(data, "wheel", { extractDir: SITE_PACKAGES });
}

async function start(page, lang) {
  const { loadPyodide } = await import(new URL("pyodide.mjs", PYODIDE).href);
  say({ type: "mark", name: "module" });
  const [lock, source] = await Promise.all([text(new URL("app-lock.json", PYODIDE)), text(new URL("app/host.py", ROOT))]);
  const wheels = Promise.all(Object.values(JSON.parse(lock).packages).map(async (entry) => {
    const reply = await fetch(new URL(entry.file_name, PYODIDE));
    if (!reply.ok) throw new Error(`${entry.file_name}: ${reply.status}`);
    return [entry.file_name, await reply.arrayBuffer()];
  }));
  const files = Promise.all((PAGE_FILES[page] || []).map(async (name) => [name, await text(new URL(`app/${name}`, ROOT))]));
  const [py, how] = await python(loadPyodide, lock, source, wheels);
  pyodide = py;
  say({ type: "mark", name: `pyodide (${how})` });
  try {
    await pull();
  } catch (error) {
    say({ type: "warning", text: `Your saved progress could not be read from this browser's storage (${error}).` });
  }
  pyodide.FS.mkdirTree(`${DRIVE}/${FOLDER}`);
  for (const [name, content] of await files) pyodide.FS.writeFile(`/home/pyodide/${name}`, content);
  pyodide.FS.writeFile("/home/pyodide/nomercy_page_host.py", source);
  host = pyodide.pyimport("nomercy_page_host");
  say({ type: "mark", name: "imported" });
  let id;
  await saved(() => { id = host.start(page, fromPython, lang || "en"); });
  say({ type: "show", id });
}

/** The drive's records, when this browser lets the worker read them (the start says once when it does not). */
async function pullIfAble() {
  try {
    await pull();
  } catch {
    // no storage: Python goes on with what it has
  }
}

async function handle(message) {
  await pullIfAble();
  let refused = "";
  await saved(() => { refused = host.receive(message.text); });
  if (refused) say({ type: "note", text: refused });
}

/** A new table set up on the Play page: host.py keeps its settings and puts the round away; the page reopens. */
async function newTable(text) {
  await pullIfAble();
  let note = "";
  await saved(() => { note = host.new_table(text); });
  say({ type: "table-set", note });
}

// --- the page's messages, checked before any work ---------------------------------------------------------
// The page is ours, but a page and a worker of two versions of the site can meet (one from the browser's cache),
// and a message can be damaged: each is checked here before it reaches Python, and one that is refused gets one
// line back (a "note" the page shows), never a traceback and never a page left blank.

const PAGES = ["play", "train", "learn"];
const MAX_TEXT = 1_000_000;  // characters: the largest message the page sends is a table's intent, a few hundred
let started = false;

/** Why ``message`` is refused (one line, in the page's words), or "" when it is one the worker takes. */
function refusal(message) {
  if (message === null || typeof message !== "object" || Array.isArray(message)) {
    return "The page sent the game a message it could not read, so it was ignored.";
  }
  const kind = message.type;
  if (kind === "start") {
    if (started) return "The page asked to start the game a second time, so that was ignored.";
    if (!PAGES.includes(message.page)) return `The page asked for a page the game does not have, so nothing was started: it is one of ${PAGES.join(", ")}.`;
    if (message.lang !== undefined && (typeof message.lang !== "string" || message.lang.length > 35)) {
      return "The page named a language the game could not read, so it was ignored.";
    }
    return "";
  }
  if (kind !== "table" && kind !== "comm") {
    return "The page sent the game a message of a kind it does not know, so it was ignored.";
  }
  if (typeof message.text !== "string") return "The page sent the game a message with nothing to read, so it was ignored.";
  if (message.text.length > MAX_TEXT) return "The page sent the game a message far too long to be one of its own, so it was ignored.";
  if (!started) return "The page sent the game a message before the game had started, so it was ignored.";
  return "";
}

let queue = Promise.resolve();
self.onmessage = (event) => {
  const message = event.data;
  const refused = refusal(message);
  if (refused) {
    say({ type: "note", text: refused });
    return;
  }
  if (message.type === "start") started = true;
  const step = message.type === "start" ? () => start(message.page, message.lang)
    : message.type === "table" ? () => newTable(message.text) : () => handle(message);
  queue = queue.then(step).catch((error) => say({ type: "failed", text: String(error && error.message || error) }));
};
