// The puzzle board's front end: shows the position and question, collects an answer,
// and shows the verdict Python sends back (Python replays the engine; nothing is judged here).
// Plain ES module, no build step, nothing fetched from the network.

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

// The board's own words in the language of the model's catalog (`words`: English message to its words, or to its
// plural forms, from the gettext catalogs of nomercy.core.i18n; a trainer sends them, a board alone sends none and
// shows the English, which the messages are).
function fill(text, values) {
  return values ? text.replace(/\{(\w+)\}/g, (all, key) => (key in values ? String(values[key]) : all)) : text;
}

// Every message this view sends up. PuzzleBoard.INTENTS in Python accepts exactly these (a test
// compares the two lists, and clicks every control in a browser to see that nothing else is sent).
export const INTENTS = ["answer", "choice", "hint", "show", "goto", "next_puzzle", "prev_puzzle"];

function render({ model, el }) {
  const root = h("div", { class: "nm-w nm-puzzle", "data-testid": "nm-puzzle" });
  el.append(root);
  const send = (msg) => {
    if (!INTENTS.includes(msg.type)) throw new Error(`puzzle board: no such intent ${JSON.stringify(msg.type)}`);
    model.send(msg);
  };
  const _ = (text, values) => fill((model.get("words") || {})[text] || text, values);
  let entries = {};
  let shownId = null;
  let queued = false;

  const button = (testid, label, onclick, extra = {}) =>
    h("button", { type: "button", class: "nm-btn", "data-testid": testid, onclick, ...extra }, label);

  // A card to tap, drawn as the puzzle's cards are and named in the board's language.
  function tapCard(f, value, testid, onclick, extra = {}) {
    const card = f.palette.find((c) => c.value === value) || { label: value, picture: "" };
    return h("button", {
      type: "button", class: "nm-btn nm-card-pick", "data-testid": testid, "data-card": value, "aria-label": card.label,
      onclick, ...extra,
    }, h("span", { class: "nm-mini-row", html: card.picture }));
  }

  function fieldBox(f) {
    const key = f.key;
    let body;
    if (f.kind === "choice") {
      body = f.options.map((o) => {
        const chosen = key in entries && entries[key] === o.value;
        return button(`field-${key}-${o.value === null ? "none" : o.value}`, o.label, () => {
          entries[key] = o.value;
          draw();
        }, { class: `nm-btn nm-option${o.color ? " nm-c-" + o.color : ""}`, "aria-pressed": String(chosen) });
      });
    } else if (f.kind === "number") {
      body = h("input", {
        type: "number", min: 0, "data-testid": `field-${key}`, value: entries[key] ?? "", "aria-label": f.label,
        oninput: (e) => { entries[key] = e.target.value; },
        onkeydown: (e) => { if (e.key === "Enter") check(); },
      });
    } else if (f.kind === "numbers") {
      const values = (entries[key] = entries[key] || {});
      body = f.seats.map((seat) => h("label", { class: "nm-seat-input" }, `${seat} `,
        h("input", {
          type: "number", min: 0, "data-testid": `field-${key}-${seat}`,
          value: values[seat] ?? "", "aria-label": _("{label}: {value}", { label: f.label, value: seat }),
          oninput: (e) => { values[seat] = e.target.value; },
          onkeydown: (e) => { if (e.key === "Enter") check(); },
        })));
    } else if (f.kind === "cards") {
      // a seat's cards, tapped from the cards the puzzle shows: a tap adds one, a tap on a card chosen takes it back
      const values = (entries[key] = entries[key] || {});
      body = f.seats.map((seat) => h("div", { class: "nm-seat-cards", "data-testid": `field-${key}-${seat}` },
        h("div", { class: "nm-seat-chosen" }, h("b", {}, _("{name}:", { name: seat }) + " "),
          (values[seat] || []).map((value, at) => tapCard(f, value, `chosen-${key}-${seat}-${at}`, () => {
            values[seat].splice(at, 1);
            draw();
          }))),
        h("div", { class: "nm-palette" }, f.palette.map((c) => tapCard(f, c.value, `pick-${key}-${seat}-${c.value}`, () => {
          (values[seat] = values[seat] || []).push(c.value);
          draw();
        })))));
    } else if (f.kind === "card") {
      body = h("div", { class: "nm-palette", "data-testid": `field-${key}` }, f.palette.map((c) =>
        tapCard(f, c.value, `pick-${key}-${c.value}`, () => { entries[key] = c.value; draw(); },
          { "aria-pressed": String(entries[key] === c.value) })));
    } else if (f.kind === "seats") {
      const chosen = (entries[key] = entries[key] || []);
      body = f.options.map((o) => h("label", { class: "nm-seat-input" },
        h("input", {
          type: "checkbox", "data-testid": `field-${key}-${o.value}`, checked: chosen.includes(o.value) ? true : null,
          onchange: (e) => {
            const at = chosen.indexOf(o.value);
            if (e.target.checked && at < 0) chosen.push(o.value);
            if (!e.target.checked && at >= 0) chosen.splice(at, 1);
          },
        }), ` ${o.label}`));
    }
    // The legend says what the part is and how it is answered ("pick one", "type a number for each seat").
    return h("fieldset", { class: "nm-field", "data-testid": `fieldset-${key}` },
      h("legend", {}, f.label, f.how ? h("span", { class: "nm-how", "data-testid": `how-${key}` }, _(" ({what})", { what: f.how })) : null),
      body);
  }

  function check() {
    const p = model.get("puzzle");
    const answer = {};
    for (const f of p.fields) {
      if (!(f.key in entries)) continue;
      answer[f.key] = entries[f.key];
    }
    send({ type: "answer", answer });
  }

  function pickedIndex() {
    const fb = model.get("feedback");
    return fb && Number.isInteger(fb.picked) ? fb.picked : null;
  }

  // "Show the numbers": what the expert's search measured for each option, folded under one click.
  function showNumbers(fb) {
    return h("details", { class: "nm-numbers", "data-testid": "puzzle-numbers" },
      h("summary", { class: "nm-btn nm-btn-quiet" }, _("Show the numbers")),
      h("ul", { class: "nm-estimates", "data-testid": "puzzle-estimates" }, fb.estimates.map((t) => h("li", {}, t))),
      fb.noise ? h("div", { class: "nm-noise", "data-testid": "puzzle-noise" }, fb.noise) : null);
  }

  function feedbackBox() {
    const fb = model.get("feedback");
    if (!fb || fb.correct === undefined) return null;
    return h("div", {
      class: `nm-feedback ${fb.correct ? "nm-right" : "nm-wrong"}`, "data-testid": "puzzle-feedback",
      "data-correct": String(fb.correct), role: "status",
    },
      h("div", { class: "nm-verdict", "data-testid": "puzzle-verdict" }, fb.verdict),
      fb.problems.length ? h("ul", { class: "nm-problems" }, fb.problems.map((p) => h("li", {}, p))) : null,
      fb.why ? h("div", { class: "nm-why", "data-testid": "puzzle-why" }, fb.why) : null,
      // A kind that measures (best move): the estimate for each option, and what its ± means, one click away.
      fb.estimates ? showNumbers(fb) : null,
      fb.truth.length ? h("div", { class: "nm-sub" }, _("What really happens:")) : null,
      fb.truth.length ? h("ul", { class: "nm-truth", "data-testid": "puzzle-truth" }, fb.truth.map((t) => h("li", {}, t))) : null,
      h("ol", { class: "nm-events" }, fb.events.map((e) => h("li", {},
        h("details", {}, h("summary", {}, e.sentence),
          h("div", { class: "nm-ruling" }, h("b", {}, e.heading || _("Rule: {title}.", { title: e.title || e.rule }), " "), e.text, " ", h("a", { class: "nm-rulebook-link", href: `${model.get("rulebook")}#${e.rule}`, "data-rule": e.rule, target: "_blank", rel: "noopener" }, _("(rulebook)"))))))),
      fb.explanation ? h("div", { class: "nm-explanation", "data-testid": "puzzle-explanation" }, fb.explanation) : null);
  }

  function walkBox(p) {
    const w = model.get("walk");
    if (!w || w.count === undefined) {
      return button("puzzle-show", p.show_label, () => send({ type: "show", to: "first" }));
    }
    const last = w.index === w.count - 1;
    return h("div", { class: "nm-walk", "data-testid": "puzzle-walk" },
      h("div", { class: "nm-walk-controls" },
        button("walk-prev", _("◀ back"), () => send({ type: "show", to: "prev" }), { disabled: w.index === 0 ? true : null }),
        h("span", { "data-testid": "walk-counter" }, _("step {number} of {count}", { number: w.index + 1, count: w.count })),
        button("walk-next", _("forward ▶"), () => send({ type: "show", to: "next" }), { disabled: last ? true : null }),
        button("walk-close", _("close"), () => send({ type: "show", to: "close" }), { class: "nm-btn nm-btn-quiet" })),
      h("div", { class: `nm-walk-now${w.refused ? " nm-refused" : ""}`, "aria-live": "polite" },
        h("div", { class: "nm-sub" }, w.move ? _("Move {number}: {move}", { number: w.move_number, move: w.move }) : _("Before the first move")),
        h("div", { class: "nm-walk-sentence", "data-testid": "walk-sentence" }, w.sentence),
        w.rule ? h("div", { class: "nm-ruling" }, h("b", {}, w.heading || _("Rule: {title}.", { title: w.title || w.rule }), " "), w.text, " ", h("a", { class: "nm-rulebook-link", href: `${model.get("rulebook")}#${w.rule}`, "data-rule": w.rule, target: "_blank", rel: "noopener" }, _("(rulebook)"))) : null),
      h("div", { class: "nm-board", html: w.board }));
  }

  function draw() {
    const p = model.get("puzzle");
    if (!p || !p.id) return;
    if (p.id !== shownId) { entries = {}; shownId = p.id; }
    const focused = root.contains(document.activeElement) ? document.activeElement.getAttribute("data-testid") : null;
    const error = model.get("error");
    const hints = model.get("hints");
    const meta = [p.rules_name || p.rules, p.topic_name || p.topic, p.level && _(p.level)].filter(Boolean).join(" · ");
    // a rule option in words; its setting as the rules write it, one tap away
    const options = (p.variant || []).map((v) => h("details", { class: "nm-option-setting", "data-testid": "puzzle-option" },
      h("summary", {}, v.words), h("code", {}, v.setting)));
    root.replaceChildren(...[
      h("div", { class: "nm-nav" },
        button("puzzle-prev", "◀", () => send({ type: "prev_puzzle" }), { "aria-label": _("Previous puzzle"), disabled: p.count < 2 ? true : null }),
        h("select", {
          "data-testid": "puzzle-select", "aria-label": _("Choose a puzzle"),
          onchange: (e) => send({ type: "goto", index: Number(e.target.value) }),
        }, p.list.map((item, i) => h("option", { value: i, selected: i === p.index ? true : null }, `${i + 1}. ${item.title}`))),
        button("puzzle-next", "▶", () => send({ type: "next_puzzle" }), { "aria-label": _("Next puzzle"), disabled: p.count < 2 ? true : null }),
        h("span", { class: "nm-sub" }, _("{number} of {count}", { number: p.index + 1, count: p.count }))),
      h("div", { class: "nm-puzzle-title", "data-testid": "puzzle-title" }, p.title),
      h("div", { class: "nm-sub", "data-testid": "puzzle-meta" }, meta),
      ...options,
      h("div", { class: "nm-board", "data-testid": "puzzle-board", html: p.board }),
      p.hands.length ? h("div", { class: "nm-hands", "data-testid": "puzzle-hands" }, p.hands.map((hand) =>
        h("div", { class: "nm-hand-row", "data-testid": `puzzle-hand-${hand.name}` },
          h("span", { class: "nm-hand-name", "data-seat": hand.name }, _("{name}:", { name: hand.label }) + " "),
          h("span", { class: "nm-mini-row", html: hand.cards.join("") }),
          hand.more ? h("span", { class: "nm-more" }, h("span", { class: "nm-mini-row", html: hand.back }), ` ${hand.more_label}`) : null)))
        : null,
      p.about ? h("div", { class: "nm-sub", "data-testid": "puzzle-kind" }, p.about) : null,
      p.moves.length ? h("div", { class: "nm-sub", "data-testid": "puzzle-moves-intro" }, p.moves_intro) : null,
      p.moves.length ? h("ol", { class: "nm-moves", "data-testid": "puzzle-moves" }, p.moves.map((m) => h("li", {}, m))) : null,
      p.seats ? h("div", { class: "nm-sub nm-seats", "data-testid": "puzzle-seats" }, p.seats) : null,
      h("div", { class: "nm-question", "data-testid": "puzzle-question" }, p.question),
      p.choices.length && p.choices_intro ? h("div", { class: "nm-answer-intro", "data-testid": "choices-intro" }, p.choices_intro) : null,
      p.choices.length ? h("div", { class: "nm-choices", "data-testid": "puzzle-choices" },
        p.choices.map((c) => {
          // The option last checked stays pressed, so the feedback below reads against it.
          const picked = pickedIndex() === c.index;
          return button(`puzzle-choice-${c.index}`, c.label, () => send({ type: "choice", index: c.index }),
            { class: `nm-btn nm-choice${picked ? " nm-picked" : ""}`, "aria-pressed": String(picked) });
        }))
        : null,
      p.fields.length && p.form_intro ? h("div", { class: "nm-answer-intro", "data-testid": "form-intro" }, p.form_intro) : null,
      p.fields.length ? h("div", { class: "nm-form", "data-testid": "puzzle-form" },
        p.fields.map(fieldBox),
        button("puzzle-check", _("Check my answer"), check, { class: "nm-btn nm-btn-primary" })) : null,
      error ? h("div", { class: "nm-error", role: "alert", "data-testid": "puzzle-error" }, error) : null,
      feedbackBox(),
      h("div", { class: "nm-hints" },
        p.hints_total ? button("puzzle-hint", _("Hint ({shown} of {total} shown)", { shown: hints.length, total: p.hints_total }), () => send({ type: "hint" }),
          { disabled: hints.length >= p.hints_total ? true : null }) : null,
        hints.length ? h("ul", { "data-testid": "puzzle-hints" }, hints.map((t) => h("li", {}, t))) : null),
      walkBox(p)].filter(Boolean));
    root.setAttribute("data-puzzle", p.id);
    requestAnimationFrame(() => {  // focusing needs the layout: let the next frame compute it once
      const again = focused && root.querySelector(`[data-testid="${CSS.escape(focused)}"]`);
      if (again && !again.disabled) again.focus({ preventScroll: true });
    });
  }

  function later() {
    if (queued) return;
    queued = true;
    queueMicrotask(() => { queued = false; draw(); });
  }
  const traits = ["puzzle", "feedback", "hints", "walk", "error"];
  for (const name of traits) model.on(`change:${name}`, later);
  draw();
  return () => { for (const name of traits) model.off(`change:${name}`, later); };
}

export default { render };
