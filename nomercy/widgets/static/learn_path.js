// The learning path's front end: the path with a tick or a star per stage, the stage's rule and task, a live
// table to play on, and the answer to each try. It never decides anything: a card or a button sends the move it
// stands for, and Python judges it through the engine (done, refused with the rules' reason, or allowed but not
// the task). Keyboard: every control is a button; a new stage focuses its title, an answer focuses itself;
// Escape closes a card's choices. Plain ES module, no build step, nothing fetched from the network.

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

// The page's own words, in the language Python chose (the `words` trait: English message to its words, or to its
// plural forms, from the gettext catalogs of nomercy.core.i18n; English sends none: the messages are the English).
// The stages' words, the table's cards and the answers come from Python already said in that language.
function fill(text, values) {
  return values ? text.replace(/\{(\w+)\}/g, (all, key) => (key in values ? String(values[key]) : all)) : text;
}
const N_ = (text) => text;
// Words Python sends as data (a color, a direction), marked here for the catalogs and translated where shown.
export const DATA_WORDS = [N_("red"), N_("yellow"), N_("green"), N_("blue"), N_("clockwise"), N_("counterclockwise")];
const PLURAL = { one: (n) => (n === 1 ? 0 : 1), french: (n) => (n <= 1 ? 0 : n % 1000000 === 0 ? 1 : 2), none: () => 0 };

// Every message this view sends up. LearnPath.INTENTS in Python accepts exactly these.
export const INTENTS = ["try", "again", "next", "goto", "learner"];

function render({ model, el }) {
  const root = h("div", { class: "nm-w nm-learn", "data-testid": "nm-learn" });
  el.append(root);
  const send = (msg) => {
    if (!INTENTS.includes(msg.type)) throw new Error(`learn path: no such intent ${JSON.stringify(msg.type)}`);
    model.send(msg);
  };
  const _ = (text, values) => fill((model.get("words") || {})[text] || text, values);
  const n_ = (one, many, count, values) => {
    const forms = (model.get("words") || {})[one];
    const text = Array.isArray(forms) ? forms[(PLURAL[model.get("plural")] || PLURAL.one)(count)] ?? forms[0] : count === 1 ? one : many;
    return fill(text, { count, ...values });
  };
  // "{count} cards" as the English page always said it (a pile of one included); another language by its forms
  const cards = (count) => (model.get("plural") === "one" && !Object.keys(model.get("words") || {}).length
    ? fill("{count} cards", { count }) : n_("{count} card", "{count} cards", count));
  const button = (testid, label, onclick, extra = {}) =>
    h("button", { type: "button", class: "nm-btn", "data-testid": testid, onclick, ...extra }, label);

  let choosing = null;  // the card whose moves are shown (its key), kept through redraws of the same table
  let shownStage = null;
  let shownFeedback = null;
  let pathOpen = false;
  const typedName = { value: "" };

  root.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && choosing !== null) {
      choosing = null;
      draw();
      root.querySelector("[data-testid^='learn-card-']")?.focus();
      event.preventDefault();
    }
  });

  function pathBox(p) {
    const chapters = p.chapters.map((c) => h("li", { class: "nm-learn-chapter" },
      h("div", { class: "nm-learn-chapter-title" }, c.title, c.known_from_classic ? h("span", { class: "nm-learn-known" }, " " + _("(as in classic UNO)")) : null),
      h("ol", { class: "nm-learn-stages" }, c.stages.map((s) => h("li", {},
        button(`learn-goto-${s.id}`, [h("span", { class: "nm-learn-mark", "aria-hidden": "true" }, s.star ? "★" : s.done ? "✓" : "○"), ` ${s.title}`],
          () => { pathOpen = false; send({ type: "goto", stage: s.id }); }, {
            "data-done": s.done ? "true" : null, "data-star": s.star ? "true" : null,
            "aria-current": s.id === p.at ? "step" : null,
            "aria-label": s.star ? _("{stage}, done at the first try", { stage: s.title })
              : s.done ? _("{stage}, done", { stage: s.title }) : s.title,
          }))))));
    return h("details", {
      class: "nm-learn-path", "data-testid": "learn-path", open: pathOpen ? true : null,
      ontoggle: (e) => { pathOpen = e.target.open; },
    },
      // a button's look (a frame, an arrow that turns), so the line reads as the way to every stage
      h("summary", { "data-testid": "learn-progress", class: "nm-btn" },
        h("span", { class: "nm-learn-arrow", "aria-hidden": "true" }),
        p.done >= p.of ? _("All {total} stages done · see them all", { total: p.of })
          : _("Stage {number} of {total} · {done} done · see them all", { number: p.number, total: p.of, done: p.done })),
      h("p", { class: "nm-learn-legend", "data-testid": "learn-legend" },
        _("✓ done · ★ done at the first try · ○ not done yet")),
      p.classic_start ? button("learn-classic-start", _("I know classic UNO: start at No Mercy's own rules"),
        () => { pathOpen = false; send({ type: "goto", stage: p.classic_start }); }) : null,
      h("ol", { class: "nm-learn-chapters" }, chapters));
  }

  // ``over``: the stage is done, so nobody is "to play" on its table any more (the buttons are greyed out too)
  function seats(t, over) {
    return h("div", { class: "nm-learn-seats" }, t.seats.map((s) => h("div", {
      class: "nm-learn-seat", "data-testid": `learn-seat-${s.name}`, "data-turn": s.turn ? "true" : null,
      "data-out": s.out ? "true" : null,
    },
      h("b", {}, s.you && s.name !== "You" ? _("{name} (you)", { name: s.name }) : s.shown || s.name), " ",
      // a seat knocked out holds nothing: "0 cards" would read as a win, so it says only that it is out
      s.out ? null : h("span", { "data-testid": `learn-count-${s.name}` }, n_("{count} card", "{count} cards", s.count)),
      s.turn && !over ? h("span", { class: "nm-learn-badge" }, _("to play")) : null,
      s.out ? h("span", { class: "nm-learn-badge nm-learn-out" }, _("knocked out")) : null,
      s.winner ? h("span", { class: "nm-learn-badge nm-learn-win" }, _("wins")) : null)));
  }

  function centre(t) {
    return h("div", { class: "nm-learn-centre" },
      h("div", { class: "nm-learn-pile", "data-testid": "learn-top", "data-card": t.top, html: t.top_svg, role: "img",
        "aria-label": _("Top card: {card}", { card: t.top_name || t.top }) }),
      // the facts under the game table's labels, word for word (one label for each fact, on every page)
      h("dl", { class: "nm-learn-facts" },
        h("dt", {}, _("color in force")), h("dd", { "data-testid": "learn-color" }, t.color ? _(t.color) : _("none")),
        h("dt", {}, _("pending draw")), h("dd", { "data-testid": "learn-pending", class: t.pending ? "nm-learn-pending" : null },
          t.pending ? cards(t.pending) : _("none")),
        h("dt", {}, _("direction")), h("dd", {}, _(t.direction)),
        h("dt", {}, _("draw pile")), h("dd", {}, cards(t.draw_pile))));
  }

  function hand(t, locked) {
    const cards = t.hand.map((c) => {
      const open = choosing === c.key;
      const card = button(`learn-card-${c.key}`, h("span", { html: c.svg, "aria-hidden": "true" }), () => {
        if (c.moves.length === 1) send({ type: "try", move: c.moves[0].move });
        else {
          choosing = open ? null : c.key;
          draw();
          // every choice in sight (focusing the first alone left the second below the screen on a phone)
          root.querySelector("[data-testid='learn-choice-0']")?.focus({ preventScroll: true });
          root.querySelector("[data-testid='learn-choices']")?.scrollIntoView({ block: "nearest" });
        }
      }, {
        class: `nm-btn nm-learn-card${open ? " nm-learn-open" : ""}${c.drawn ? " nm-learn-drawn" : ""}`, "data-card": c.card,
        disabled: locked ? true : null, "data-move": c.moves.length === 1 ? c.moves[0].move : null,
        "data-drawn": c.drawn ? "true" : null,
        "aria-label": c.moves.length === 1 ? _("Play {card}", { card: c.name || c.card })
          : _("{card}: choose how to play it", { card: c.name || c.card }),
        "aria-expanded": c.moves.length > 1 ? String(open) : null,
      });
      return h("div", { class: "nm-learn-slot" }, card,
        c.drawn ? h("div", { class: "nm-learn-drawn-note", "data-testid": "learn-drawn" }, _("just drawn")) : null);
    });
    const chosen = t.hand.find((c) => c.key === choosing);
    // the buttons (draw, take the cards) above the hand: with twenty cards in hand they would be below the fold
    return h("div", { class: "nm-learn-hand-box" },
      t.actions.length ? h("div", { class: "nm-learn-actions" }, t.actions.map((a, j) => button(`learn-action-${j}`, a.label,
        () => send({ type: "try", move: a.move }), { "data-move": a.move, disabled: locked ? true : null }))) : null,
      h("div", { class: "nm-learn-hand", "data-testid": "learn-hand", role: "group", "aria-label": _("Your cards") }, cards),
      chosen && !locked ? h("div", { class: "nm-learn-choices", "data-testid": "learn-choices", role: "group",
        "aria-label": _("How to play {card}", { card: chosen.name || chosen.card }) },
        chosen.moves.map((m, j) => button(`learn-choice-${j}`, m.label, () => { choosing = null; send({ type: "try", move: m.move }); },
          { "data-move": m.move }))) : null);
  }

  // The ruling behind the stage, named, its rulebook text one tap away: the stage's own rule said it in short
  // already, and a newcomer reads on (the phone walk of issue 38 found the text doubled the reading).
  function ruling(r) {
    return h("details", { "data-testid": "learn-ruling", class: "nm-learn-ruling nm-learn-more" },
      h("summary", {}, h("span", { class: "nm-learn-arrow", "aria-hidden": "true" }),
        h("span", {}, _("The rulebook:") + " ", h("b", {}, r.title))),  // one flex item: its space kept
      h("p", { "data-testid": "learn-ruling-text" }, r.text));
  }

  function answer(f, last) {
    if (!f.kind) return null;
    // Python words the answer and trims what it would say twice (the events that repeat the move); this draws it
    // what the move did: a wrong try's first sentence said, the rest (and all of a move that did the task, whose
    // result the table shows) folded under "What happened"
    const open = f.events_shown ?? f.events.length;
    const shown = f.events.slice(0, open);
    const folded = f.events.slice(open);
    const reason = f.reason ? h("p", { "data-testid": "learn-reason" }, _("The rules say: {reason}.", { reason: f.reason })) : null;
    return h("div", {
      class: `nm-learn-answer nm-learn-${f.kind}`, "data-testid": "learn-feedback", "data-kind": f.kind,
      tabindex: "-1", role: "status",
    },
      h("b", {}, f.heading), " ",
      h("span", { class: "nm-learn-move" }, f.move),
      f.reason && !f.reason_folded ? reason : null,
      shown.length ? h("p", { "data-testid": "learn-events" }, shown.join(" ")) : null,
      folded.length ? h("details", { "data-testid": "learn-events-more", class: "nm-learn-more" },
        h("summary", {}, h("span", { class: "nm-learn-arrow", "aria-hidden": "true" }), _("What happened")),
        h("p", { "data-testid": "learn-events-folded" }, folded.join(" "))) : null,
      f.why ? h("p", { "data-testid": "learn-why" }, f.why) : null,
      // the stage's why said what this move gets wrong; the engine's own reason is one tap away
      f.reason && f.reason_folded ? h("details", { "data-testid": "learn-reason-more", class: "nm-learn-more" },
        h("summary", {}, h("span", { class: "nm-learn-arrow", "aria-hidden": "true" }), _("Why the rules say no")), reason) : null,
      f.ruling ? ruling(f.ruling) : null,
      f.kind === "done" && f.first_try ? h("p", {}, _("★ At the first try.")) : null,
      h("div", { class: "nm-learn-buttons" },
        f.kind === "allowed" ? button("learn-again", _("Try again"), () => send({ type: "again" })) : null,
        f.kind === "done" && !f.last ? button("learn-next", _("Next stage"), () => send({ type: "next" })) : null,
        f.kind === "done" && f.last ? finished(_("That was the last stage. Well done!")) : null));
  }

  // The end of the path: it says so, and on the site the ways on (a round at the table, the puzzles); in a
  // notebook the lessons go on below.
  function finished(text) {
    const onSite = document.documentElement.dataset.page === "learn";
    return h("div", { class: "nm-learn-finished", "data-testid": "learn-finished" },
      h("p", {}, text),
      onSite ? h("p", { class: "nm-learn-onward" },
        h("a", { class: "nm-btn nm-learn-go", href: "../play/index.html", "data-testid": "learn-to-play" }, _("Play a round")),
        h("a", { class: "nm-btn nm-learn-go", href: "../train/index.html", "data-testid": "learn-to-train" }, _("Train with puzzles"))) : null);
  }

  function draw() {
    const p = model.get("path");
    const s = model.get("stage");
    const f = model.get("feedback") || {};
    const error = model.get("error");
    const locked = f.kind === "allowed" || f.kind === "done";
    root.setAttribute("data-learner", (model.get("whose") || {}).name || "");
    root.replaceChildren(...[
      learnerBar("learn", model.get("whose"), send, typedName),
      // back on a path already done: say so first (every stage stays open to go over again)
      p.done >= p.of && !f.kind ? finished(_("You have done every stage of the path. Go over any stage again, or go on:")) : null,
      pathBox(p),
      h("div", { class: "nm-learn-stage" },
        h("div", { class: "nm-learn-where" }, `${s.chapter} · ${s.rules}`),
        h("h3", { class: "nm-learn-title", "data-testid": "learn-title", tabindex: "-1" }, s.title),
        h("p", { class: "nm-learn-rule", "data-testid": "learn-rule" }, s.rule),
        h("p", { class: "nm-learn-task", "data-testid": "learn-task" }, h("b", {}, _("Your task:") + " "), s.task)),
      h("div", { class: "nm-learn-table", "data-testid": "learn-table" }, seats(s.table, f.kind === "done"), centre(s.table), hand(s.table, locked)),
      answer(f),
      error ? h("p", { class: "nm-learn-error", "data-testid": "learn-error", role: "alert" }, error) : null,
    ].filter(Boolean));  // nothing drawn for no answer (replaceChildren would write "null")
    // A new stage focuses its title, a new answer focuses itself (not on the first drawing: a page or a notebook
    // opening keeps its own focus).
    const feedbackKey = JSON.stringify(f);
    const first = shownStage === null;
    if (s.id !== shownStage) {
      shownStage = s.id;
      shownFeedback = feedbackKey;
      choosing = null;
      if (!first) {  // the new stage from its chapter line down, not scrolled to where the last one's answer was
        root.querySelector(".nm-learn-stage")?.scrollIntoView({ block: "start" });
        root.querySelector("[data-testid='learn-title']")?.focus({ preventScroll: true });
      }
    } else if (feedbackKey !== shownFeedback) {
      shownFeedback = feedbackKey;
      if (f.kind) root.querySelector("[data-testid='learn-feedback']")?.focus();
      else root.querySelector("[data-testid='learn-title']")?.focus();
    }
  }

  model.on("change:path change:stage change:feedback change:error change:whose", draw);
  draw();
  return () => model.off("change:path change:stage change:feedback change:error change:whose", draw);
}

export default { render };
