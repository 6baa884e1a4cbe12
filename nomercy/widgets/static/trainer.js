// The puzzle trainer's front end: a topic and level to choose, the puzzle board for the puzzle served,
// what was saved, the progress per topic (with the box each puzzle is in), and the progress exported as a
// file or imported from one (Python reads, checks and merges it: this page only carries the text). The board part is the puzzle board's own ES module, sent by
// Python (the `board_module` trait) and drawn here with the same model: one board view, one checker
// (Python). Plain ES module, no build step, nothing fetched from the network.

function h(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (key === "html") node.innerHTML = value;
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

// Whose progress this is: the name (remembered by Python), the other learners on this computer to pick, and a
// field to type another name. Python checks the name; what is typed survives a redraw.
let learnerLists = 0;  // each bar's list of names has an id of its own (two widgets on one page)
function learnerBar(prefix, who, send, typed) {
  if (!who) return null;
  const listId = `${prefix}-learners-${++learnerLists}`;
  const field = h("input", {
    type: "text", class: "nm-learner-name", "data-testid": `${prefix}-learner-name`, maxlength: 160,
    autocomplete: "off", list: listId, "aria-label": who.label, placeholder: who.name || "",
    oninput: (e) => { typed.value = e.target.value; },
  });
  field.value = typed.value;
  const go = () => {
    if (!typed.value.trim()) return;
    const name = typed.value.trim();
    typed.value = "";
    send({ type: "learner", name });
  };
  field.addEventListener("keydown", (e) => { if (e.key === "Enter") { e.preventDefault(); go(); } });
  // open until another learner's progress is shown (a refused name leaves it open, with the field as typed)
  const open = !!who.ask || (!!typed.open && typed.openFor === who.name);
  const form = h("div", { class: "nm-learner-form", "data-testid": `${prefix}-learner-form`, hidden: open ? null : true },
    who.ask || who.hint ? h("span", { class: "nm-learner-ask", "data-testid": `${prefix}-learner-ask` }, who.ask || who.hint) : null,
    h("label", {}, ` ${who.label} `, field),
    h("datalist", { id: listId }, who.names.map((n) => h("option", { value: n }))),
    h("button", { type: "button", class: "nm-btn nm-btn-quiet", "data-testid": `${prefix}-learner-switch`, onclick: go }, who.switch),
    who.names.filter((n) => n !== who.name).map((n) => h("button", {
      type: "button", class: "nm-btn nm-btn-quiet", "data-testid": `${prefix}-learner-pick`, "data-name": n,
      onclick: () => send({ type: "learner", name: n }),
    }, n)));
  const opener = who.ask ? null : h("button", {
    type: "button", class: "nm-btn nm-btn-quiet nm-learner-open", "data-testid": `${prefix}-learner-open`,
    "aria-expanded": String(open), onclick: (e) => {
      typed.open = form.hidden;
      typed.openFor = who.name;
      form.hidden = !typed.open;
      e.currentTarget.setAttribute("aria-expanded", String(typed.open));
      if (typed.open) field.focus();
    },
  }, who.more);
  return h("div", { class: "nm-learner", "data-testid": `${prefix}-learner`, "data-name": who.name },
    who.title ? h("b", { class: "nm-learner-title", "data-testid": `${prefix}-learner-title` }, who.title) : null,
    opener, form);
}

// The trainer's own words, in the language Python chose (the `words` trait: English message to its words, or to its
// plural forms, from the gettext catalogs of nomercy.core.i18n). English sends none: the messages are the English.
// (The game table's module reads its `words` the same way.)
function fill(text, values) {
  return values ? text.replace(/\{(\w+)\}/g, (all, key) => (key in values ? String(values[key]) : all)) : text;
}
const N_ = (text) => text;
// Words Python sends as data (a puzzle's level), marked here for the catalogs and translated where shown.
export const DATA_WORDS = [N_("easy"), N_("medium"), N_("hard")];
const PLURAL = { one: (n) => (n === 1 ? 0 : 1), french: (n) => (n <= 1 ? 0 : n % 1000000 === 0 ? 1 : 2), none: () => 0 };

// Every message this view sends up, the board's included. Trainer.INTENTS in Python accepts exactly these
// (a test compares the two lists, and clicks every control in a browser to see that nothing else is sent).
export const INTENTS = ["answer", "choice", "hint", "show", "goto", "next_puzzle", "choose", "export_progress",
  "import_progress", "remove_kept", "learner"];

async function render({ model, el }) {
  const root = h("div", { class: "nm-w nm-trainer", "data-testid": "nm-trainer" });
  const whoEl = h("div", { class: "nm-trainer-who" });
  const typedName = { value: "" };
  const head = h("div", { class: "nm-trainer-head" });
  const boardEl = h("div", { class: "nm-trainer-board" });
  const after = h("div", { class: "nm-trainer-after" });
  root.append(whoEl, head, boardEl, after);
  el.append(root);
  const send = (msg) => {
    if (!INTENTS.includes(msg.type)) throw new Error(`trainer: no such intent ${JSON.stringify(msg.type)}`);
    model.send(msg);
  };
  const _ = (text, values) => fill((model.get("words") || {})[text] || text, values);
  const n_ = (one, many, count, values) => {
    const forms = (model.get("words") || {})[one];
    const text = Array.isArray(forms) ? forms[(PLURAL[model.get("plural")] || PLURAL.one)(count)] ?? forms[0] : count === 1 ? one : many;
    return fill(text, { count, ...values });
  };
  const button = (testid, label, onclick, extra = {}) =>
    h("button", { type: "button", class: "nm-btn", "data-testid": testid, onclick, ...extra }, label);

  function choose(topic, level) {
    send({ type: "choose", topic, level });
  }

  // "Show the numbers": the rating's margin and the progress folder, folded under one click.
  function showNumbers(testid, numbers) {
    if (!numbers || !numbers.lines.length) return null;
    return h("details", { class: "nm-numbers", "data-testid": testid },
      h("summary", { class: "nm-btn nm-btn-quiet" }, numbers.label),
      h("ul", { class: "nm-sub" }, numbers.lines.map((line) => h("li", {}, line))));
  }

  function progressTable(s) {
    const heads = { puzzles: _("Puzzles"), tried: _("Tried"), known: _("Right last time"), due: _("Due"),
      boxes: _("In box 1 · 2 · 3 · 4 · 5") };
    return h("table", { class: "nm-progress", "data-testid": "trainer-progress" },
      h("caption", {}, s.level ? _("Your progress ({level})", { level: _(s.level) }) : _("Your progress")),
      h("thead", {}, h("tr", {}, [_("Topic"), heads.puzzles, heads.tried, heads.known, heads.due, heads.boxes, ""]
        .map((t) => h("th", { scope: "col" }, t)))),
      h("tbody", {}, s.progress.map((row) => h("tr", {
        "data-testid": `progress-${row.topic}`, "data-tried": row.tried, "data-known": row.known, "data-due": row.due,
        "data-boxes": row.boxes.join(","),
        class: row.topic === s.topic || (!s.topic && row.topic === model.get("puzzle").topic) ? "nm-now" : null,
      },
      // Each cell names its column (data-label): on a phone the rows stack, and the names show beside the values.
      h("th", { scope: "row" }, row.label), h("td", { "data-label": heads.puzzles }, row.puzzles),
      h("td", { "data-label": heads.tried }, row.tried), h("td", { "data-label": heads.known }, row.known),
      h("td", { "data-label": heads.due }, row.due),
      h("td", { class: "nm-boxes", "data-label": heads.boxes, "aria-label": row.boxes.map((n, i) => _("box {box}: {count}", { box: i + 1, count: n })).join(", ") },
        row.boxes.join(" · ")),
      h("td", {}, h("span", {
        class: "nm-bar", role: "img", "aria-label": _("{known} of {puzzles} right last time, {tried} tried", { known: row.known, puzzles: row.puzzles, tried: row.tried }),
      },
      h("span", { class: "nm-bar-tried", style: `width:${(100 * row.tried) / row.puzzles}%` }),
      h("span", { class: "nm-bar-known", style: `width:${(100 * row.known) / row.puzzles}%` })))))));
  }

  // The box each puzzle tried (of those chosen) is in, and when it comes back: open while the list is short, and
  // as the person leaves it once they open or close it (kept through redraws).
  let boxesOpen = null;
  function boxesList(s) {
    if (!s.in_boxes.length) return null;
    return h("details", {
      class: "nm-in-boxes", "data-testid": "trainer-in-boxes", open: (boxesOpen ?? s.in_boxes.length <= 12) ? true : null,
      ontoggle: (e) => { boxesOpen = e.target.open; },
    },
      h("summary", {}, _("The box each puzzle is in ({count} tried)", { count: s.in_boxes.length })),
      h("table", { class: "nm-progress" },
        h("thead", {}, h("tr", {}, [_("Puzzle"), _("Box"), _("Comes back")].map((t) => h("th", { scope: "col" }, t)))),
        h("tbody", {}, s.in_boxes.map((p) => h("tr", { "data-testid": `in-box-${p.id}`, "data-box": p.box },
          h("th", { scope: "row" }, p.title), h("td", { "data-label": _("Box") }, p.box),
          h("td", { "data-label": _("Comes back") }, p.back))))));
  }

  // Export: Python gives the text; the page offers it as a file and to copy. Import: a file chosen or text
  // pasted goes to Python, which merges it or refuses it in one line. What is typed survives a redraw.
  let importOpen = false;
  let importText = "";
  function transferBox(s) {
    const exported = model.get("export");
    const t = s.transfer || {};
    const pasted = h("textarea", {
      class: "nm-export", "data-testid": "trainer-import-text", rows: 4,
      "aria-label": _("Progress to import (the text Export gives)"),
      oninput: (e) => { importText = e.target.value; },
    });
    pasted.value = importText;
    const fileInput = h("input", {
      type: "file", accept: ".jsonl,.json,.txt,application/json,text/plain", "data-testid": "trainer-import-file",
      "aria-label": _("Progress file to import"),
      onchange: async (e) => {
        const file = e.target.files && e.target.files[0];
        if (!file) return;
        importText = await file.text();
        pasted.value = importText;
      },
    });
    return h("div", { class: "nm-transfer", "data-testid": "trainer-transfer" },
      button("trainer-export", _("Export progress"), () => send({ type: "export_progress" })),
      exported ? h("div", { class: "nm-export-box" },
        h("textarea", {
          class: "nm-export", "data-testid": "trainer-export-text", readonly: true, rows: 4,
          "aria-label": _("Your progress, every attempt (keep it as a file)"),
        }, exported),
        h("a", {
          class: "nm-btn", "data-testid": "trainer-export-download", download: "nomercy-progress.jsonl",
          href: `data:application/x-ndjson;charset=utf-8,${encodeURIComponent(exported)}`,
        }, _("Download")),
        button("trainer-export-copy", _("Copy"), (event) => {
          const done = (word) => { event.target.textContent = word; };
          if (navigator.clipboard) navigator.clipboard.writeText(exported).then(() => done(_("Copied")), () => done(_("Select the text to copy")));
          else done(_("Select the text to copy"));
        })) : null,
      h("details", {
        class: "nm-import", "data-testid": "trainer-import", open: importOpen ? true : null,
        ontoggle: (e) => { importOpen = e.target.open; },
      },
      h("summary", {}, _("Import progress")),
      h("div", { class: "nm-sub" }, _("Choose a file that Export gave, or paste its text. Attempts already here are kept once.")),
      fileInput, pasted,
      button("trainer-import-go", _("Import"), () => send({ type: "import_progress", text: importText }))),
      // another learner's file: whose it becomes is asked, with one button for each answer
      t.kind === "ask" ? h("div", { class: "nm-sub", "data-testid": "trainer-import-whose" },
        button("trainer-import-mine", t.as_mine, () => send({ type: "import_progress", text: importText, into: "mine" })),
        " ",
        button("trainer-import-theirs", t.as_theirs, () => send({ type: "import_progress", text: importText, into: "theirs" }))) : null,
      t.sentence ? h("div", {
        class: t.kind === "refused" ? "nm-error" : "nm-recorded nm-right", role: t.kind === "refused" ? "alert" : "status",
        "data-testid": "trainer-transfer-result", "data-kind": t.kind,
      }, t.sentence) : null);
  }

  function draw() {
    const s = model.get("status");
    if (!s || !s.levels) return;
    if (s.transfer && s.transfer.kind === "imported") importText = "";  // taken in: the box empties
    const focused = root.contains(document.activeElement) ? document.activeElement.getAttribute("data-testid") : null;
    whoEl.replaceChildren(...[learnerBar("trainer", s.learner, send, typedName)].filter(Boolean));
    root.setAttribute("data-learner", s.learner ? s.learner.name : "");
    // filtered: replaceChildren writes a null child as the text "null"
    head.replaceChildren(...[
      h("label", {}, `${_("Topic")} `, h("select", {
        "data-testid": "trainer-topic", "aria-label": _("Topic"),
        onchange: (e) => choose(e.target.value, s.level),
      }, h("option", { value: "", selected: !s.topic ? true : null }, _("all topics")),
      s.topics.map((t) => h("option", { value: t.value, selected: t.value === s.topic ? true : null }, t.label)))),
      h("label", {}, ` ${_("Level")} `, h("select", {
        "data-testid": "trainer-level", "aria-label": _("Level"),
        onchange: (e) => choose(s.topic, e.target.value),
      }, h("option", { value: "", selected: !s.level ? true : null }, _("all levels")),
      s.levels.map((l) => h("option", { value: l, selected: l === s.level ? true : null }, _(l))))),
      h("span", { class: "nm-trainer-kind", "data-testid": "trainer-kind", "data-kind": s.kind },
        s.box ? _("{kind} (box {box} of 5)", { kind: s.kind_label, box: s.box }) : s.kind_label),
      h("span", { class: "nm-sub", "data-testid": "trainer-due", role: "status" },
        _("{due} due for review · {new} new of {pool}", { due: s.due, new: s.new, pool: s.pool })),
      // in a language: how many of the puzzles are translated into it (only those are served)
      s.available ? h("div", { class: "nm-sub", "data-testid": "trainer-available" }, s.available) : null,
    ].filter(Boolean));
    const recorded = s.recorded;
    after.replaceChildren(...[
      s.problem ? h("div", { class: "nm-error", role: "alert", "data-testid": "trainer-problem" }, s.problem) : null,
      // a mistake of your own, kept from a round's review: said so, and it can be removed
      s.kept && s.kept.label ? h("div", { class: "nm-sub", "data-testid": "trainer-kept" }, s.kept.sentence, " ",
        button("trainer-remove-kept", s.kept.label, () => send({ type: "remove_kept" }), { class: "nm-btn nm-btn-quiet" })) : null,
      recorded ? h("div", {
        class: `nm-recorded ${recorded.right ? "nm-right" : "nm-wrong"}`, "data-testid": "trainer-recorded",
        "data-right": String(recorded.right),
      }, recorded.sentence) : null,
      h("div", { class: "nm-trainer-actions" },
        button("trainer-next", recorded ? _("Next puzzle") : _("Skip this one"), () => send({ type: "next_puzzle" }),
          { class: `nm-btn${recorded ? " nm-btn-primary" : ""}` }),
        s.rating ? h("span", { class: "nm-sub", "data-testid": "trainer-rating" }, s.rating) : null),
      // what the rating is, in one line under it (a bare number means nothing to a card player)
      s.rating_means ? h("div", { class: "nm-sub", "data-testid": "trainer-rating-means" }, s.rating_means) : null,
      progressTable(s),
      h("div", { class: "nm-sub", "data-testid": "trainer-boxes" }, s.boxes_text),
      boxesList(s),
      h("div", { class: "nm-sub", "data-testid": "trainer-saved-in" }, s.saved),
      showNumbers("trainer-numbers", s.numbers),
      transferBox(s),
    ].filter(Boolean));
    root.setAttribute("data-served", String(s.served));
    root.setAttribute("data-attempts", String(s.attempts));
    const fresh = lastServed !== null && s.served !== lastServed;  // another puzzle served (Next puzzle, a topic)
    lastServed = s.served;
    requestAnimationFrame(() => {
      const again = focused && root.querySelector(`[data-testid="${CSS.escape(focused)}"]`);
      if (again && !again.disabled) again.focus({ preventScroll: true });
      // the new puzzle is read from its title: tapped far down the page (below the answer and the progress), the
      // page would otherwise stay there, the new table and question above the screen
      if (fresh && boardEl.getBoundingClientRect().top < 0) boardEl.scrollIntoView({ block: "start" });
    });
  }
  let lastServed = null;

  let queued = false;
  function later() {
    if (queued) return;
    queued = true;
    queueMicrotask(() => { queued = false; draw(); });
  }
  const traits = ["status", "puzzle", "export"];
  for (const name of traits) model.on(`change:${name}`, later);
  draw();

  // The board: the puzzle board's module, drawn with this model; what it sends goes through this send.
  const url = URL.createObjectURL(new Blob([model.get("board_module")], { type: "text/javascript" }));
  let board;
  try {
    board = (await import(url)).default;
  } finally {
    URL.revokeObjectURL(url);
  }
  const boardModel = {
    get: (name) => model.get(name), on: (...args) => model.on(...args), off: (...args) => model.off(...args), send,
  };
  const stopBoard = board.render({ model: boardModel, el: boardEl });
  return () => {
    for (const name of traits) model.off(`change:${name}`, later);
    if (typeof stopBoard === "function") stopBoard();
  };
}

export default { render };
