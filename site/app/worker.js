// The Play and Train pages' worker: Pyodide from the site itself, the few wheels a widget needs (from
// ../static/pyodide/app-lock.json, which the build writes: nomercy, anywidget, ipywidgets, traitlets, comm and
// what they need, no IPython, no kernel), and host.py, which makes the page's widget and speaks Jupyter's
// widget messages with the page (page.js).
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

async function saved(work) {
  held = [];
  try {
    work();
    await push();
  } finally {
    const texts = held;
    held = null;
    for (const text of texts) say({ type: "comm", text });
  }
}

async function start(page) {
  const { loadPyodide } = await import(new URL("pyodide.mjs", PYODIDE).href);
  say({ type: "mark", name: "module" });
  const [py, source] = await Promise.all([
    loadPyodide({ indexURL: PYODIDE.href, lockFileURL: new URL("app-lock.json", PYODIDE).href,
      packages: ["nomercy", "anywidget"] }),
    fetch(new URL("app/host.py", ROOT)).then((reply) => {
      if (!reply.ok) throw new Error(`app/host.py: ${reply.status}`);
      return reply.text();
    }),
  ]);
  pyodide = py;
  say({ type: "mark", name: "pyodide" });
  try {
    await pull();
  } catch (error) {
    say({ type: "warning", text: `Your saved progress could not be read from this browser's storage (${error}).` });
  }
  pyodide.FS.mkdirTree(`${DRIVE}/${FOLDER}`);
  pyodide.FS.writeFile("/home/pyodide/nomercy_page_host.py", source);
  host = pyodide.pyimport("nomercy_page_host");
  say({ type: "mark", name: "imported" });
  let id;
  await saved(() => { id = host.start(page, fromPython); });
  say({ type: "show", id });
}

async function handle(message) {
  await pull();
  await saved(() => host.receive(message.text));
}

let queue = Promise.resolve();
self.onmessage = (event) => {
  const message = event.data;
  const step = message.type === "start" ? () => start(message.page) : () => handle(message);
  queue = queue.then(step).catch((error) => say({ type: "failed", text: String(error && error.message || error) }));
};
