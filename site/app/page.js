// The Play, Train and Learn pages: one nomercy widget on a page of its own, with no JupyterLab and no Jupyter
// kernel. Python (Pyodide) runs in a worker (worker.js, host.py) and keeps the widget as it is in a notebook;
// this page draws it with the widget's own ES module (its `_esm`, sent by Python) through a model that
// offers what anywidget offers a widget (get, set, save_changes, send, on, off) and speaks Jupyter's widget
// messages with Python: a trait set here is sent up as an "update", an intent as a "custom" message, and
// every "update" from Python changes the model and calls its listeners. One widget, one front end: the
// same module draws it in JupyterLab. The page is `<html data-page="play|train|learn">`.

import { h } from "./dom.js";  // the widgets' DOM helper: the site's build puts it beside this page
import { ready } from "./lang.js";

const marks = (window.nmAppTimes = { script: performance.now() });  // read by benchmarks/site_speed.py
const page = document.documentElement.dataset.page;
// The page's language (lang.js) before anything is written: the worker's Python shows the widget in it too.
const words = await ready;

function note(text, failed) {
  let box = document.getElementById("nm-app-note");
  if (!box) {
    box = document.createElement("div");
    box.id = "nm-app-note";
    box.setAttribute("role", "status");
    document.body.append(box);
  }
  box.textContent = text;
  box.classList.toggle("nm-app-failed", !!failed);
}

function failed(text) {
  note(words._("Something went wrong while starting: {reason}", { reason: text }), true);
  document.documentElement.classList.add("nm-app-error");
}

const worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
const up = (id, data) => worker.postMessage({ type: "comm", text: JSON.stringify({ comm_id: id, data }) });

/** A widget's model, as anywidget gives it to `render({ model, el })`. */
class Model {
  constructor(id, state) {
    this.id = id;
    this.state = { ...state };
    this.unsent = {};
    this.listeners = new Map();
  }
  get(name) { return this.state[name]; }
  set(name, value) {
    this.state[name] = value;
    this.unsent[name] = value;
    this.emit(`change:${name}`, value);
    this.emit("change");
  }
  save_changes() {
    if (!Object.keys(this.unsent).length) return;
    up(this.id, { method: "update", state: this.unsent, buffer_paths: [] });
    this.unsent = {};
  }
  send(content) { up(this.id, { method: "custom", content }); }
  on(event, callback) {
    for (const name of event.split(/\s+/)) {
      if (!this.listeners.has(name)) this.listeners.set(name, new Set());
      this.listeners.get(name).add(callback);
    }
  }
  off(event, callback) {
    for (const name of event ? event.split(/\s+/) : [...this.listeners.keys()]) {
      if (callback) this.listeners.get(name)?.delete(callback);
      else this.listeners.delete(name);
    }
  }
  emit(name, ...args) { for (const callback of [...(this.listeners.get(name) || [])]) callback(...args); }
  /** Python changed traits. */
  update(state) {
    const names = Object.keys(state);
    Object.assign(this.state, state);
    for (const name of names) this.emit(`change:${name}`, state[name]);
    if (names.length) this.emit("change");
  }
}

const models = new Map();

// --- the worker's messages, checked before any work ----------------------------------------------------
// A page and a worker of two versions of the site can meet (one from the browser's cache), and a message can be
// damaged: one that is not as this page expects is refused with one line on the page (and in the console's
// warnings), never a console error and never a page left blank.

const isText = (value) => typeof value === "string";
const isRecord = (value) => value !== null && typeof value === "object" && !Array.isArray(value);

function refused(line) {
  console.warn(line);
  pageNotes([line]);
}

function fromPython(text) {
  let message = null;
  try {
    message = JSON.parse(text);
  } catch {
    // not JSON: refused below
  }
  if (!isRecord(message)) return refused("The game sent the page a message it could not read, so it was ignored.");
  const data = isRecord(message.data) ? message.data : {};
  const part = isText(message.comm_id) ? message.comm_id : null;
  if (message.type === "page") setUp(message);
  else if (message.type === "comm_open" && part) models.set(part, new Model(part, isRecord(data.state) ? data.state : {}));
  else if (message.type === "comm_close" && part) models.delete(part);
  else if (message.type === "comm_msg" && part) {
    const model = models.get(part);
    if (!model) return;  // a part of the page that has closed: what it was told no longer matters
    if (data.method === "update" && isRecord(data.state)) model.update(data.state);
    else if (data.method === "custom") model.emit("msg:custom", data.content, []);
    else refused("The game sent the page a change it could not read, so it was ignored.");
  } else if (["comm_open", "comm_close", "comm_msg"].includes(message.type)) {
    refused("The game sent the page a message for no part of the page, so it was ignored.");
  } else refused("The game sent the page a message of a kind it does not know, so it was ignored.");
}

async function show(id) {
  const model = models.get(id);
  if (!model || !isText(model.get("_esm"))) {
    return refused("The game asked the page to show a part it never sent, so nothing new was shown.");
  }
  const style = document.createElement("style");
  style.textContent = model.get("_css") || "";
  document.head.append(style);
  const url = URL.createObjectURL(new Blob([model.get("_esm")], { type: "text/javascript" }));
  let widget;
  try {
    widget = (await import(url)).default;
  } finally {
    URL.revokeObjectURL(url);
  }
  if (typeof widget === "function") widget = await widget();
  const el = document.getElementById("nm-app");
  await widget.initialize?.({ model });
  await widget.render({ model, el });
  await new Promise((resolve) => requestAnimationFrame(resolve));
  marks.drawn = performance.now();
  document.getElementById("nm-app-note")?.remove();
  document.documentElement.classList.add("nm-app-ready");
}

// --- what the page remembers, and the table a person sets up (Play) ----------------------------------
// Python (host.py) is the authority: it reads what the learner's folder remembers, checks it, and sends the
// settings, their choices and a note for anything ignored; this page draws them and sends a new table up.

function pageNotes(lines) {
  let box = document.getElementById("nm-page-notes");
  if (!box) {
    box = document.createElement("div");
    box.id = "nm-page-notes";
    box.setAttribute("role", "status");
    box.dataset.testid = "page-notes";
    document.getElementById("nm-app").after(box);  // below the table: on a phone the hand comes on the first screen
  }
  for (const line of lines) {
    if ([...box.children].some((p) => p.textContent === line)) continue;  // said once is enough
    const p = document.createElement("p");
    p.textContent = line;
    box.append(p);
  }
}


function summary(settings, choices) {
  const { _, n_ } = words;
  const label = (list, value) => (list.find(([v]) => v === value) || [value, String(value)])[1];
  return [label(choices.rules, settings.rules), n_("{count} computer opponent", "{count} computer opponents", settings.opponents),
    label(choices.strength, settings.strength).split(":")[0].trim().toLowerCase(), settings.coach ? _("coach on") : _("coach off")].join(" · ");
}

/** Whether the table's settings and their choices (host.py's) are as the setup form draws them. */
function readable(settings, choices) {
  const pairs = (list) => Array.isArray(list) && list.every((item) => Array.isArray(item) && item.length === 2 && isText(item[1]));
  return isRecord(settings) && isRecord(choices) && pairs(choices.rules) && pairs(choices.strength) && pairs(choices.pace)
    && Array.isArray(choices.opponents) && choices.opponents.every(Number.isInteger) && Number.isInteger(settings.opponents);
}

function setUp({ settings, choices, notes }) {
  const { _ } = words;
  if (Array.isArray(notes) && notes.every(isText)) pageNotes(notes);
  else if (notes !== undefined) refused("The game sent the page notes it could not read, so they were left out.");
  if (page !== "play") return;
  if (!readable(settings, choices)) {
    return refused("The game sent the page a table it could not read, so the table's setup is not shown.");
  }
  const radios = (name, list, chosen, legend) => h("fieldset", { class: "nm-setup-group" },
    h("legend", {}, legend),
    list.map(([value, text]) => h("label", { class: "nm-setup-choice" },
      h("input", { type: "radio", name, value: String(value), checked: value === chosen,
        "data-testid": `setup-${name}-${value}` }), h("span", {}, text))));
  const form = h("form", { class: "nm-setup-form", "data-testid": "setup-form" },
    radios("rules", choices.rules, settings.rules, _("Rules")),
    radios("opponents", choices.opponents.map((n) => [n, String(n)]), settings.opponents, _("Computer opponents")),
    radios("strength", choices.strength, settings.strength, _("How well they play")),
    radios("pace", choices.pace, settings.pace, _("Their pace")),
    h("fieldset", { class: "nm-setup-group" }, h("legend", {}, _("Coach")),
      h("label", { class: "nm-setup-choice" }, h("input", { type: "checkbox", name: "coach", checked: settings.coach,
        "data-testid": "setup-coach" }), h("span", {}, _("Hints, warnings before a costly move, and a review after the round")))),
    h("button", { type: "submit", class: "nm-setup-deal", "data-testid": "setup-deal" }, _("Deal a new round at this table")));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const data = new FormData(form);
    const chosen = {
      rules: data.get("rules"), opponents: Number(data.get("opponents")), strength: data.get("strength"),
      pace: Number(data.get("pace")), coach: data.get("coach") !== null,
    };
    form.querySelector("button").disabled = true;
    worker.postMessage({ type: "table", text: JSON.stringify(chosen) });
  });
  const box = h("details", { class: "nm-setup", "data-testid": "table-setup" },
    h("summary", {}, h("span", { class: "nm-setup-title" }, _("Your table:") + " "),
      h("span", { "data-testid": "setup-summary" }, summary(settings, choices)),
      h("span", { class: "nm-setup-change" }, _("Change"))), form);
  document.getElementById("nm-app").after(box);  // below the table: on a phone the hand comes on the first screen
  // ... and one line above it says the table can be changed, and takes a person there
  const jump = h("button", { type: "button", class: "nm-setup-jump", "data-testid": "setup-jump" },
    _("Change the table: opponents, their strength, rules, coach"));
  jump.addEventListener("click", () => {
    box.open = true;
    box.scrollIntoView({ block: "start" });
  });
  document.getElementById("nm-app").before(h("div", { class: "nm-setup-top" }, jump));
}

worker.onmessage = (event) => {
  const message = isRecord(event.data) ? event.data : {};
  if (message.type === "comm" && isText(message.text)) fromPython(message.text);
  else if (message.type === "table-set" && (message.note === undefined || isText(message.note))) {
    if (message.note) sessionStorage.setItem("nm-table-note", message.note);
    location.reload();
  }
  else if (message.type === "mark" && isText(message.name)) marks[message.name] = performance.now();
  else if (message.type === "show" && isText(message.id)) {
    marks.widget = performance.now();
    show(message.id).catch((error) => failed(String(error && error.message || error)));
  } else if (message.type === "warning" && isText(message.text)) console.warn(message.text);
  else if (message.type === "note" && isText(message.text)) pageNotes([message.text]);
  else if (message.type === "failed" && isText(message.text)) {
    if (document.documentElement.classList.contains("nm-app-ready")) console.error(message.text);
    else failed(message.text.trim().split("\n").slice(-1)[0]);
  } else if (["comm", "table-set", "mark", "show", "warning", "note", "failed"].includes(message.type)) {
    refused("The game sent the page a message with something missing, so it was ignored.");
  } else refused("The game sent the page a message of a kind it does not know, so it was ignored.");
};
worker.onerror = (event) => failed(event.message || words._("the worker could not start"));

try {
  const kept = sessionStorage.getItem("nm-table-note");
  sessionStorage.removeItem("nm-table-note");
  if (kept && kept.length <= 500) pageNotes([kept]);  // a note of ours is a line; anything longer is no note of ours
} catch {
  // no session storage (a private window may refuse it): the note is not carried over
}
note(words._("Getting the cards ready… (the first visit takes longest)"));
worker.postMessage({ type: "start", page, lang: words.lang });
