// The game table's front end: draws what Python syncs, sends intents back.
// It never decides legality: a click becomes a message, and Python answers
// with a new table (or the engine's reason, shown inline).
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

const ARROW = { clockwise: "↻", counterclockwise: "↺" };

// The table's own words, in the language Python chose (the `words` trait: English message to its words, or to
// its plural forms, from the gettext catalogs of nomercy.core.i18n). English sends none: the messages are the
// English. `_("Catch {name}!", { name })` fills named placeholders; a count picks a plural form by `plural`.
// a number with one decimal, in parts, for a message that writes it as its language does ("0.8 s", "0,8 s")
function tenths(value) {
  const [whole, tenth] = value.toFixed(1).split(".");
  return { whole, tenth };
}

function fill(text, values) {
  return values ? text.replace(/\{(\w+)\}/g, (all, key) => (key in values ? String(values[key]) : all)) : text;
}
// Words Python sends as data (a color, a direction), marked here for the catalogs and translated where shown.
const N_ = (text) => text;
export const DATA_WORDS = [N_("red"), N_("yellow"), N_("green"), N_("blue"), N_("clockwise"), N_("counterclockwise")];
const PLURAL = { one: (n) => (n === 1 ? 0 : 1), french: (n) => (n <= 1 ? 0 : n % 1000000 === 0 ? 1 : 2), none: () => 0 };

// Every message this view sends up. GameTable.INTENTS in Python accepts exactly these (a test
// compares the two lists, and clicks every control in a browser to see that nothing else is sent).
export const INTENTS = ["card", "move", "cancel", "uno", "reveal", "undo", "new_round", "new_match", "replay", "export",
  "import_record", "advance", "hint", "go_ahead", "take_back", "review", "review_show", "keep_mistake"];

function render({ model, el }) {
  const root = h("div", { class: "nm-w nm-table", "data-testid": "nm-table", tabindex: "-1" });
  const main = h("div", { class: "nm-main" });
  const side = h("div", { class: "nm-side" });
  root.append(main, side);
  el.append(root);
  // Escape takes back a half-made choice (a wild's color, a 7's target).
  root.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && model.get("prompt").options) {
      model.send({ type: "cancel" });
      event.preventDefault();
    }
  });

  const openLog = new Set();
  let lastQuestion = null;  // the question the focus last went to (see settleFocus)
  let lastWaiting = null;  // who the table waited for at the last redraw
  let lastCard = null;  // the hand's card that last had the focus: the hand's one tab stop
  let timer = null;
  let queued = false;
  let receivedAt = 0;
  const send = (msg) => {
    if (!INTENTS.includes(msg.type)) throw new Error(`game table: no such intent ${JSON.stringify(msg.type)}`);
    model.send(msg);
  };

  const _ = (text, values) => fill((model.get("words") || {})[text] || text, values);
  const n_ = (one, many, count, values) => {
    const forms = (model.get("words") || {})[one];
    const text = Array.isArray(forms) ? forms[(PLURAL[model.get("plural")] || PLURAL.one)(count)] ?? forms[0] : count === 1 ? one : many;
    return fill(text, { count, ...values });
  };

  function button(testid, label, onclick, extra = {}) {
    return h("button", { type: "button", class: "nm-btn", "data-testid": testid, onclick, ...extra }, label);
  }

  function seatBox(seat, t) {
    const limit = t.mercy_limit;
    const meter = limit && !seat.out
      ? h("div", { class: "nm-mercy", title: _("Mercy meter: out at {limit} cards", { limit }) },
          h("div", {
            class: "nm-meter", role: "meter", "aria-label": seat.meter_label,
            "aria-valuemin": 0, "aria-valuemax": limit, "aria-valuenow": seat.count,
          }, h("span", {
            style: `width:${Math.min(100, (100 * seat.count) / limit)}%`,
            class: seat.count >= limit - 5 ? "nm-danger" : "",
          })),
          h("span", { class: "nm-mercy-text", "data-testid": `mercy-${seat.name}` }, seat.mercy_text))
      : null;
    const badges = [];
    if (seat.turn) badges.push(h("span", { class: "nm-badge nm-badge-turn" }, _("to move")));
    if (seat.out) badges.push(h("span", { class: "nm-badge nm-badge-out" }, _("knocked out")));
    if (seat.uno) badges.push(h("span", { class: "nm-badge nm-badge-uno" }, _("one card, no UNO yet")));
    if (seat.winner) badges.push(h("span", { class: "nm-badge nm-badge-win" }, _("winner")));
    const acted = t.last && t.last.seat === seat.name;
    if (acted) badges.push(h("span", { class: "nm-badge nm-badge-acted" }, _("just moved")));
    return h("div", {
      class: `nm-seat${acted ? " nm-acted" : ""}`, "data-testid": `seat-${seat.name}`, "data-turn": seat.turn ? "true" : null,
      "data-acted": acted ? "true" : null,
      "data-out": seat.out ? "true" : null, "data-viewer": seat.viewer ? "true" : null,
    },
      h("div", { class: "nm-seat-head" },
        h("span", { class: "nm-seat-name" }, seat.yours ? _("{name} (you)", { name: seat.shown || seat.name }) : seat.shown || seat.name),
        h("span", { class: "nm-kind", "data-testid": `strength-${seat.name}` }, seat.strength && _(seat.strength))),
      h("div", { class: "nm-seat-count" },
        h("span", { class: "nm-mini", html: seat.back }),
        // a seat knocked out says so once, in its badge (one label for the fact)
        seat.out ? null : h("span", { "data-testid": `seat-count-${seat.name}` }, n_("{count} card", "{count} cards", seat.count))),
      meter,
      h("div", { class: "nm-badges" }, badges),
      seat.catch ? button(`catch-${seat.name}`, _("Catch {name}!", { name: seat.name }), () => send({ type: "move", move: seat.catch }),
        { class: "nm-btn nm-btn-catch", title: seat.catch_title }) : null);
  }

  function centre(t) {
    const order = t.order.join(" → ");
    return h("div", { class: "nm-centre" },
      h("div", { class: "nm-pile", "data-testid": "draw-pile", title: _("draw pile") },
        h("div", { class: "nm-card-pic", html: t.deck_svg }),
        h("div", { class: "nm-caption" }, _("draw pile: {count}", { count: t.draw_pile })),
        t.set_aside ? h("div", { class: "nm-caption" }, _("set aside: {count}", { count: t.set_aside })) : null),
      h("div", { class: "nm-pile", "data-testid": "top-card", "data-card": t.top },
        h("div", { class: "nm-card-pic", html: t.top_svg }),
        h("div", { class: "nm-caption" }, _("top card")),
        h("div", { class: "nm-caption", "data-testid": "top-by" }, t.top_by)),
      h("dl", { class: "nm-facts" },
        h("dt", {}, _("color in force")),
        h("dd", { "data-testid": "color" },
          h("span", { class: `nm-swatch nm-c-${t.color || "none"}`, "aria-hidden": "true" }), t.color ? _(t.color) : _("none")),
        h("dt", {}, _("direction")),
        h("dd", { "data-testid": "direction", title: order },
          h("span", { class: "nm-arrow", "aria-hidden": "true" }, ARROW[t.direction] || ""), " " + _(t.direction),
          h("div", { class: "nm-order" }, order)),
        h("dt", {}, _("pending draw")),
        h("dd", { "data-testid": "pending", class: t.pending ? "nm-pending" : "" },
          // in cards, as Learn says it ("6 cards"): one way for the same fact on every page
          t.pending ? n_("{count} card", "{count} cards", t.pending) : _("none")),
        h("dt", {}, _("turn")),
        h("dd", { "data-testid": "turn" }, t.turn || "—")));
  }

  function promptBox() {
    const p = model.get("prompt");
    if (!p || !p.options) return null;
    return h("div", { class: "nm-prompt", role: "group", "aria-label": p.title, "data-testid": "prompt" },
      h("div", { class: "nm-prompt-title" }, p.title),
      h("div", { class: "nm-prompt-options" },
        p.options.map((o, i) => button(`choice-${i}`, o.label, () => send({ type: "move", move: o.move }),
          { class: `nm-btn nm-choice ${o.color ? "nm-c-" + o.color : ""}`, "data-move": o.move }))),
      button("choice-cancel", _("Cancel"), () => send({ type: "cancel" }), { class: "nm-btn nm-btn-quiet" }));
  }

  // A card of the hand as a screen reader says it: its name in the table's language, and whether it can be played.
  function cardLabel(c) {
    const card = c.name || c.card;
    if (c.drawn) return c.playable ? _("{card}, can be played now, just drawn", { card }) : _("{card}, cannot be played now, just drawn", { card });
    return c.playable ? _("{card}, can be played now", { card }) : _("{card}, cannot be played now", { card });
  }

  function handBox(t) {
    if (t.hidden) {
      const who = t.reveal_for;
      return h("div", { class: "nm-hand nm-hidden", "data-testid": "hand" },
        h("p", {}, who ? _("Hands are hidden. {name}, take the screen.", { name: who }) : _("Hands are hidden between turns.")),
        who ? button("reveal", t.reveal_label, () => send({ type: "reveal" }), { class: "nm-btn nm-btn-primary" }) : null);
    }
    if (!t.viewer) return h("div", { class: "nm-hand", "data-testid": "hand" });
    const label = t.hand_label;
    const cards = t.hand.map((c, i) => h("button", {
      type: "button", class: "nm-card", "data-testid": `hand-card-${i}`, "data-card": c.card,
      "data-playable": c.playable ? "true" : "false", "data-drawn": c.drawn ? "true" : null,
      "aria-label": cardLabel(c),
      "aria-disabled": c.playable ? null : "true", tabindex: "-1",
      disabled: t.watching ? true : null,
      onclick: () => send({ type: "card", card: c.card }), html: c.svg,
    }));
    return h("div", { class: "nm-hand", "data-testid": "hand", role: "group", "aria-label": label },
      h("div", { class: "nm-hand-label" }, label, h("span", { class: "nm-count" }, _(" ({what})", { what: t.hand.length }))),
      h("div", { class: "nm-cards", onkeydown: arrowKeys }, cards.length ? rovingHand(cards) : h("em", {}, _("no cards"))));
  }

  // --- The keyboard ---------------------------------------------------------------------------------
  // The hand is one tab stop: the playable card last focused (or the first one). The arrow keys (and Home,
  // End) go from playable card to playable card; a card that cannot be played is announced (its name says
  // so, and it is marked as unavailable) but is neither a tab stop nor on the arrows' way, so Tab reaches
  // the buttons after the hand at once. A click on it still asks, and the table says why not.
  function playableCards(scope) {
    return [...scope.querySelectorAll('.nm-card[data-playable="true"]:not(:disabled)')];
  }

  function rovingHand(cards) {
    const playable = cards.filter((c) => c.getAttribute("data-playable") === "true");
    const first = playable.find((c) => c.getAttribute("data-testid") === lastCard) || playable[0];
    if (first) first.tabIndex = 0;
    return cards;
  }

  function focusCard(card) {
    for (const other of main.querySelectorAll(".nm-card")) other.tabIndex = -1;
    card.tabIndex = 0;
    lastCard = card.getAttribute("data-testid");
    card.focus({ preventScroll: true });
  }

  function arrowKeys(event) {
    const keys = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1, Home: "first", End: "last" };
    if (!(event.key in keys)) return;
    const cards = playableCards(event.currentTarget);
    if (!cards.length) return;
    const at = cards.indexOf(document.activeElement);
    const step = keys[event.key];
    const next = step === "first" ? cards[0] : step === "last" ? cards[cards.length - 1]
      : cards[(Math.max(at, 0) + (at < 0 && step < 0 ? 0 : step) + cards.length) % cards.length];
    focusCard(next);
    event.preventDefault();
  }

  // What the person is asked now, if anything: a wild's color or a 7's seat, a coach's warning, the UNO
  // moment. A new question takes the focus (its first answer), so that a keyboard user answers it at once.
  function question(t) {
    const p = model.get("prompt");
    if (p && p.options) return { key: `prompt|${p.title}`, first: '[data-testid="prompt"] button' };
    const a = model.get("advice") || {};
    if (a.kind === "warning") return { key: `warning|${a.move}`, first: '[data-testid="warning"] .nm-actions button' };
    if (t.uno_moment) return { key: "uno", first: '[data-testid="btn-uno"]' };
    if (t.buttons.some((b) => b.color)) return { key: "name a color", first: '[data-testid="actions"] .nm-choice' };
    return null;
  }

  // Where the focus goes after a redraw, when it was in the table (never taken from elsewhere on the page):
  // to a new question; at the start of the person's turn, to the first playable card (or, with none, to the
  // first move button: draw, take the stack); else back to the same control; and if that control is gone
  // (a card played, a button replaced), to the turn's first control, so the focus is never lost.
  // A person typing (a record to import) or setting the pace keeps that control whatever comes up.
  function settleFocus(focused, t, typing) {
    const asked = question(t);
    const isNew = asked && asked.key !== lastQuestion;
    lastQuestion = asked ? asked.key : null;
    const turnStarts = t.waiting === "human" && lastWaiting !== "human";
    lastWaiting = t.waiting;
    // a new question is brought on screen even when the focus is elsewhere (a tap on a phone leaves none in the
    // table): the color of a wild tapped low on a small screen is asked where it is seen
    if (isNew) main.querySelector(asked.first)?.closest('[data-testid="prompt"], [data-testid="warning"]')?.scrollIntoView({ block: "nearest" });
    if (focused === null) return;
    const usable = (node) => node && !node.disabled && node.getClientRects().length > 0;
    const firstMove = () => playableCards(main)[0]
      || [...main.querySelectorAll('[data-testid="actions"] button, [data-testid="round-over"] button, [data-testid="reveal"]')].find(usable);
    let target = null;
    if (typing) target = null;
    else if (isNew) target = main.querySelector(asked.first);
    else if (turnStarts) target = firstMove();
    if (!usable(target)) {
      const again = main.querySelector(`[data-testid="${CSS.escape(focused)}"]`);
      target = usable(again) && !(again.classList.contains("nm-card") && again.getAttribute("data-playable") !== "true" && t.waiting === "human")
        ? again : null;
    }
    if (!usable(target)) target = firstMove() || [...main.querySelectorAll("button, summary, input")].find(usable) || root;
    if (target.classList.contains("nm-card")) focusCard(target);
    else target.focus({ preventScroll: true });
    if (isNew) target.scrollIntoView({ block: "nearest" });
  }

  // The latest move, on the table itself: who made it, one line, and a banner for each striking effect
  // (a skip, a reverse, a swap, a hand pass, a roulette, a knock-out, a catch, a stack). It stays until the
  // next move, so at the chosen pace every computer move is seen for the whole pause.
  function lastMove(t) {
    const last = t.last;
    const moment = t.uno_moment
      ? h("div", { class: "nm-banner nm-banner-uno", "data-testid": "uno-moment", role: "alert" },
          _("You hold one card: call UNO now, before a computer catches you!"))
      : null;
    if (!last) return moment ? h("div", { class: "nm-moves" }, moment) : null;
    return h("div", { class: "nm-moves", "data-testid": "moves" },
      h("div", { class: `nm-last${last.computer ? " nm-last-computer" : ""}`, "data-testid": "last-move",
        "data-seat": last.seat, "data-n": last.n }, last.line),
      last.banners.map((b) => h("div", {
        class: `nm-banner nm-banner-${b.kind}`, "data-testid": "banner", "data-kind": b.kind, title: b.text,
      }, b.text)),
      moment);
  }

  function rulingLink(rule, title) {
    return h("a", { class: "nm-rulebook-link", href: `${model.get("rulebook")}#${rule}`, target: "_blank", rel: "noopener" },
      _("The rulebook: {title}", { title: title || rule }));
  }

  // The coach: a hint asked for, or a warning that holds a move back until the player decides.
  function adviceBox() {
    const a = model.get("advice") || {};
    if (a.kind === "hint") {
      return h("div", { class: "nm-advice nm-hint", "data-testid": "hint", role: "status" },
        // the move as a thing to do ("Play green 5"), not as the log writes it ("You play green 5")
        h("div", { class: "nm-advice-title" }, _("Hint:"), " ", h("span", { "data-testid": "hint-move", "data-move": a.move }, a.label || a.move)),
        h("div", { "data-testid": "hint-reason" }, a.summary, " ", rulingLink(a.rule, a.title)),
        showNumbers("hint-numbers", hintNumbers(a.numbers)));
    }
    if (a.kind === "warning") {
      return h("div", { class: "nm-advice nm-warning", "data-testid": "warning", role: "alert" },
        h("div", { class: "nm-advice-title" }, _("Before you do this: {move}", { move: a.label || a.move })),
        h("ul", {}, a.warnings.map((w) => h("li", { "data-kind": w.kind }, w.text, " ", rulingLink(w.rule, w.title)))),
        h("div", { class: "nm-actions" },
          (a.instead || []).map((o, i) => button(`btn-instead-${i}`, o.label, () => send({ type: "move", move: o.move }),
            { class: "nm-btn nm-btn-primary", "data-move": o.move })),
          button("btn-take-back", _("Take it back"), () => send({ type: "take_back" }), { class: "nm-btn" }),
          button("btn-go-ahead", _("Play it anyway"), () => send({ type: "go_ahead" }),
            a.highlight === "go-ahead" ? { class: "nm-btn nm-btn-primary" } : {})));
    }
    return null;
  }

  // "Show the numbers": each figure in a card player's words ("Play red 5: won 15 of 42 imagined rounds."), and one
  // more click away, "Exact figures": the search's own lines (shares, ± one standard error, seeds, budgets).
  function showNumbers(testid, lines) {
    if (!lines.length) return null;
    const plain = lines.filter(([words]) => words);
    const exact = lines.filter(([, figure]) => figure);
    return h("details", { class: "nm-numbers", "data-testid": testid },
      h("summary", { class: "nm-btn nm-btn-quiet" }, _("Show the numbers")),
      h("ul", { class: "nm-noise" }, plain.map(([words]) => h("li", { "data-testid": "numbers-plain" }, words))),
      exact.length ? h("details", { class: "nm-exact", "data-testid": "numbers-exact-figures" },
        h("summary", { class: "nm-btn nm-btn-quiet" }, _("Exact figures")),
        h("ul", { class: "nm-noise" }, exact.map(([, figure]) => h("li", { "data-testid": "numbers-exact" }, figure))))
        : null);
  }

  function hintNumbers(n) {
    if (!n) return [];
    return [...n.chances.map((c) => [c.plain, c.text]), [null, n.narrowing], [n.how, `${n.noise} (${n.seconds} s)`]]
      .filter(([plain, exact]) => plain || exact);
  }

  function reviewNumbers(r) {
    const n = r.numbers || {};
    return [[n.plain_head, n.head], [n.how, `${n.noise} (${n.seconds} s)`],
      ...[...r.mistakes, ...r.close_calls].map((d) => [d.numbers.plain, d.numbers.text])]
      .filter(([plain, exact]) => plain || exact);
  }

  // A request that takes the kernel a moment (a hint, a review): the button says so at once.
  function busy(event, words) {
    event.target.textContent = words;
    event.target.disabled = true;
  }

  function actions(t) {
    const items = t.buttons.map((b) => {
      const onclick = b.move ? () => send({ type: "move", move: b.move }) : () => send({ type: b.intent });
      const cls = ["nm-btn"];
      if (b.primary) cls.push("nm-btn-primary");
      if (b.color) cls.push(`nm-choice nm-c-${b.color}`);
      if (b.armed) cls.push("nm-armed");
      const label = b.id === "uno" && b.armed ? _("UNO will be called as you play your next card (tap again to take it back)") : b.label;
      return button(`btn-${b.id}`, label, onclick, {
        class: cls.join(" "), "data-move": b.move || null, "aria-pressed": b.id === "uno" ? String(!!b.armed) : null,
      });
    });
    if (t.can_hint) {
      items.push(button("btn-hint", _("Hint"), (event) => { busy(event, _("Thinking…")); send({ type: "hint" }); },
        { title: _("The expert's suggestion, why, and how it compares with the other moves its search looked at closely") }));
    }
    if (t.reveal_for && !t.hidden) {
      items.push(button("reveal", t.reveal_label, () => send({ type: "reveal" })));
    }
    return h("div", { class: "nm-actions", "data-testid": "actions" }, items);
  }

  function reviewBox(o) {
    const r = model.get("review") || {};
    if (!o.review) return null;
    if (r.running) {
      return h("div", { class: "nm-review", "data-testid": "review-running", role: "status" },
        `${r.line} `,
        h("progress", { "data-testid": "review-progress", max: r.total || 1, value: r.done }));
    }
    if (!r.mistakes) {
      return h("div", { class: "nm-actions" }, button("btn-review", _("Review my round"),
        (event) => { busy(event, _("Reviewing…")); send({ type: "review" }); }, { class: "nm-btn nm-btn-primary" }));
    }
    // The position of the decision opened, drawn inside its own entry (a long list of close calls would push a
    // board drawn after the list far below the button that asked for it); tapping again closes it.
    const decisions = [...r.mistakes, ...r.close_calls];
    const shown = (i) => r.board && r.open === i ? h("div", { class: "nm-review-board", "data-testid": "review-board" },
      h("div", { class: "nm-sub" }, decisions[i].position_line),
      h("div", { html: r.board })) : null;
    const show = (i) => button(`review-show-${i}`, r.open === i ? _("Hide the position") : _("Show the position"),
      () => send({ type: "review_show", index: r.open === i ? null : i }),
      { class: "nm-btn", "aria-expanded": String(r.open === i) });  // buttons that look like buttons, not links
    return h("div", { class: "nm-review", "data-testid": "review" },
      h("div", { class: "nm-advice-title" }, r.head),
      h("div", { class: "nm-sub", "data-testid": "review-explained" }, r.explained),
      h("div", { class: "nm-sub", "data-testid": "review-stays" },
        _("This review stays with the round: leave the Play page and come back, and it is here again.")),
      showNumbers("review-numbers", reviewNumbers(r)),
      r.mistakes.length ? h("ol", { "data-testid": "review-mistakes" }, r.mistakes.map((d, i) => h("li", { "data-testid": `review-${i}`, class: r.open === i ? "nm-open" : "" },
        h("div", {}, d.text),
        h("div", { class: "nm-review-actions" }, show(i),
          // keep it as a puzzle for the trainer (Python checks it with the coach's search, and says what it did)
          r.keep_label ? button(`review-keep-${i}`, r.keep_label, (event) => { busy(event, _("Keeping…")); send({ type: "keep_mistake", index: i }); }, { class: "nm-btn" }) : null),
        (r.kept || {})[i] ? h("div", { class: "nm-sub", role: "status", "data-testid": `review-kept-${i}` }, r.kept[i]) : null,
        shown(i)))) : null,
      r.close_calls.length ? h("div", { "data-testid": "review-close-calls" },
        h("div", {}, _("Close calls (the expert chose another move, but the imagined rounds could not show which is better):")),
        h("ul", {}, r.close_calls.map((d, j) => {
          const i = r.mistakes.length + j;
          return h("li", { "data-testid": `review-${i}`, class: r.open === i ? "nm-open" : "" }, h("div", {}, d.text),
            h("div", { class: "nm-review-actions" }, show(i)), shown(i));
        }))) : null);
  }

  // A hand at the end of a round: its cards and what they score.
  function handWorth(hand) {
    const cards = n_("{count} card", "{count} cards", hand.count);
    const points = n_("{count} point", "{count} points", hand.points);
    return _("{cards}, {points}", { cards, points }) + " ";
  }

  function overBox(t) {
    const o = t.over;
    if (!o) return null;
    const standings = o.standings.length
      ? h("table", { class: "nm-standings", "data-testid": "standings" },
          h("tr", {}, h("th", {}, _("seat")), h("th", {}, _("match points (to {target})", { target: o.target }))),
          o.standings.map((s) => h("tr", {}, h("td", {}, s.shown || s.name), h("td", {}, s.score))))
      : null;
    return h("div", { class: "nm-over", "data-testid": "round-over", role: "status" },
      h("div", { class: "nm-over-title" }, o.title),
      h("div", {}, o.knockouts ? _("{scored} (with {knockouts} knocked out).", { scored: o.scored, knockouts: o.knockouts }) : _("{scored}.", { scored: o.scored })),
      o.match_winner ? h("div", { class: "nm-over-title" }, o.match_line) : null,
      standings,
      // each hand left, the person's own in the second person: "Your hand: 3 cards, 45 points", "You were knocked out."
      h("div", { class: "nm-over-hands" }, o.hands.map((hand) => h("div", { class: "nm-over-hand" },
        hand.out
          ? h("span", { class: "nm-seat-name" }, (hand.you ? _("You were knocked out.") : _("{player} was knocked out.", { player: hand.shown || hand.name })) + " ")
          : [h("span", { class: "nm-seat-name" }, (hand.you ? _("Your hand:") : _("{player}:", { player: hand.shown || hand.name })) + " "), handWorth(hand)],
        h("span", { class: "nm-mini-row", html: hand.cards.join("") })))),
      h("div", { class: "nm-actions" },
        o.match_winner ? null : button("btn-new-round", _("Next round"), () => send({ type: "new_round" }), { class: "nm-btn nm-btn-primary" }),
        button("btn-replay", _("Replay this deal"), () => send({ type: "replay" })),
        button("btn-new-match", t.match ? _("New match, new deal") : _("Start over with a new deal"), () => send({ type: "new_match" }))),
      reviewBox(o));
  }

  // A deal of the day says so, and which day, above the table; its line to share (the date, then how far the
  // round is, or its result) is there from the first move, with a Copy button.
  function dailyBox(t) {
    const d = t.daily;
    if (!d) return null;
    return h("div", { class: "nm-daily", "data-testid": "daily" },
      h("span", { class: "nm-daily-title", "data-testid": "daily-title" }, d.title), " ",
      h("span", { class: "nm-share" }, h("code", { "data-testid": "share" }, d.share), " ",
        button("share-copy", _("Copy"), (event) => {
          const done = (word) => { event.target.textContent = word; };
          if (navigator.clipboard) navigator.clipboard.writeText(d.share).then(() => done(_("Copied")), () => done(_("Select the text to copy")));
          else done(_("Select the text to copy"));
        }, { title: _("The line to send a friend who plays the same deal") })));
  }

  function footer(t) {
    const pace = model.get("pace");
    const exported = model.get("export");
    return h("div", { class: "nm-footer" },
      h("label", { class: "nm-pace" }, _("computer pace"), " ",
        h("input", {
          type: "range", min: 0, max: 3, step: 0.1, value: pace, "data-testid": "pace",
          "aria-label": _("Seconds between computer moves (0 plays them at once)"),
          onchange: (e) => { model.set("pace", Number(e.target.value)); model.save_changes(); },
        }),
        h("span", { "data-testid": "pace-value" }, pace === 0 ? " " + _("instant") : " " + _("{whole}.{tenth} s", tenths(pace)))),
      h("label", { class: "nm-check" },
        h("input", {
          type: "checkbox", "data-testid": "auto-uno", checked: model.get("auto_uno") ? true : null,
          onchange: (e) => { model.set("auto_uno", e.target.checked); model.save_changes(); },
        }), " " + _("auto-call UNO")),
      t.undo ? button("btn-undo", t.undo_label, () => send({ type: "undo" }),
        { disabled: t.can_undo ? null : true, title: t.undo_why || null }) : null,
      button("btn-export", _("Export record"), () => send({ type: "export" })),
      exported ? h("div", { class: "nm-export-box" },
        h("textarea", { class: "nm-export", "data-testid": "export", readonly: true, rows: 6, "aria-label": _("Game record (the deal and every move)") }, exported),
        h("a", {
          class: "nm-btn", "data-testid": "export-download", download: "nomercy-round.json",
          href: `data:application/json;charset=utf-8,${encodeURIComponent(exported)}`,
        }, _("Download")),
        button("export-copy", _("Copy"), (event) => {
          const done = (word) => { event.target.textContent = word; };
          if (navigator.clipboard) navigator.clipboard.writeText(exported).then(() => done(_("Copied")), () => done(_("Select the text to copy")));
          else done(_("Select the text to copy"));
        })) : null,
      importPanel);
  }

  // The Import panel is made once and kept through every redraw: a record the table refuses stays in the
  // box, the panel open and the reason under it (kept there after the table's own error line has gone with
  // the next move), so the person can fix it. It closes once Python shows back this try's name.
  let importAsk = null;
  const importText = h("textarea", { class: "nm-export", "data-testid": "import-text", rows: 4, "aria-label": _("Game record to load") });
  const importError = h("div", { class: "nm-import-error", role: "alert", "data-testid": "import-error", hidden: true });
  const importPanel = h("details", { class: "nm-import", "data-testid": "import" },
    h("summary", { class: "nm-btn" }, _("Import record")),  // a button's look: it opens the box to paste into
    importText,
    button("btn-import", _("Load record"), () => {
      importAsk = Math.random().toString(36).slice(2);
      importError.hidden = true;
      importError.textContent = "";
      send({ type: "import_record", record: importText.value, ask: importAsk });
    }),
    importError);
  function settleImport(t) {
    if (importAsk === null) return;
    if (t.imported === importAsk) {
      importAsk = null;
      importText.value = "";
      importPanel.open = false;
    } else if (model.get("error")) {  // this try was refused: the reason stays in the panel, the text in the box
      importAsk = null;
      importError.textContent = _("Not loaded: {reason}", { reason: model.get("error") });
      importError.hidden = false;
      importPanel.open = true;
    }
  }

  function drawMain() {
    const t = model.get("table");
    if (!t || !t.seats) return;
    const started = performance.now();
    settleImport(t);
    drawLog();
    const focused = root.contains(document.activeElement) ? document.activeElement.getAttribute("data-testid") || "" : null;
    const error = model.get("error");
    main.replaceChildren(...[
      h("div", { class: "nm-header" },
        h("span", { class: "nm-title" }, t.match
          ? _("{rules} · round {round} (match) · move {moves}", { rules: _(t.rules_name), round: t.round, moves: t.moves })
          : _("{rules} · round {round} · move {moves}", { rules: _(t.rules_name), round: t.round, moves: t.moves })),
        h("div", { class: "nm-status", "data-testid": "status", role: "status", "aria-live": "polite" }, t.status)),
      dailyBox(t),
      h("div", { class: "nm-seats" }, t.seats.map((s) => seatBox(s, t))),
      t.mercy_legend ? h("div", { class: "nm-mercy-legend", "data-testid": "mercy-legend" }, t.mercy_legend) : null,
      lastMove(t),
      centre(t),
      // The error box lies over the table (it never pushes the hand away from the pointer).
      h("div", { class: "nm-error-slot" },
        error ? h("div", { class: "nm-error", role: "alert", "data-testid": "error" }, error) : null),
      adviceBox(),
      promptBox(),
      handBox(t),
      actions(t),
      overBox(t),
      footer(t)].filter(Boolean));
    // Timing hooks for the browser test: when the update arrived, how long drawing took.
    root.setAttribute("data-received-at", receivedAt.toFixed(1));
    root.setAttribute("data-draw-ms", (performance.now() - started).toFixed(1));
    root.setAttribute("data-version", String(model.get("version")));
    root.setAttribute("data-waiting", t.waiting);
    root.setAttribute("data-drawn-at", performance.now().toFixed(1));
    // The keyboard focus (settleFocus). Done in the next frame: focusing needs the layout, which that frame
    // computes anyway.
    const typing = focused !== null && document.activeElement.matches("textarea, input, select");
    requestAnimationFrame(() => { settleFocus(focused, t, typing); showError(error); showAdvice(); });
    schedule(t);
    // A review under way: ask Python for its next slice (it answers with the progress, then the review).
    if ((model.get("review") || {}).running) setTimeout(() => send({ type: "review" }), 0);
  }

  // A refusal just given (a dimmed card tapped, say) is brought into view whole: on a phone the strip of facts
  // sticks to the top of the screen, and the reason would otherwise sit under it, only its last lines showing.
  let shownError = "";
  function showError(error) {
    const fresh = error && error !== shownError;
    shownError = error || "";
    bringIntoView(fresh ? main.querySelector('[data-testid="error"]') : null);
  }

  // A hint or a warning just given comes into view too (below the fold on a phone, it would go unseen).
  let shownAdvice = "";
  function showAdvice() {
    const a = model.get("advice") || {};
    const key = a.kind ? `${a.kind}|${a.move}` : "";
    const fresh = key && key !== shownAdvice;
    shownAdvice = key;
    bringIntoView(fresh ? main.querySelector(".nm-advice") : null);
  }

  function bringIntoView(box) {
    if (!box) return;
    const strip = main.querySelector(".nm-facts");
    const stuck = strip && getComputedStyle(strip).position === "sticky" ? strip.getBoundingClientRect().height : 0;
    box.style.scrollMarginTop = `${Math.ceil(stuck) + 8}px`;
    box.scrollIntoView({ block: "nearest" });
  }

  // A computer is to move: Python has chosen its move and waits for this view to ask for it, after
  // `pace` seconds (at once at 0), so a person sees each computer move on the table in turn. Every
  // redraw starts the pause again; Python ignores an ask for a version it has already moved past
  // (an old timer, a second view of the same table).
  function schedule(t) {
    clearTimeout(timer);
    timer = null;
    if (t.waiting !== "computer") return;
    const version = model.get("version");
    const pace = Math.max(0, Number(model.get("pace")) || 0);
    // A person's UNO moment: no computer may catch them before it is over (Python refuses it anyway).
    const moment = t.uno_wait > 0 ? t.uno_wait + 0.05 : 0;
    timer = setTimeout(() => { timer = null; send({ type: "advance", version }); }, Math.max(pace, moment) * 1000);
  }

  // The log only grows during a round, so new lines are appended to what is on screen;
  // it is rebuilt only when it was cut (undo, a new round, the oldest lines dropped).
  const logList = h("ol", { class: "nm-log-list", "data-testid": "log", "aria-label": _("What happened") });
  // A column-reverse scroller stays pinned to its newest (last) line with no script reading the layout.
  side.append(h("div", { class: "nm-log-title" }, _("Event log (tap or click a line for its rule)")),
    h("div", { class: "nm-log-scroll" }, logList));

  function logLine(e) {
    const ruling = (model.get("rulings") || {})[e.rule] || { title: "", text: "" };
    return h("li", { "data-testid": `log-${e.n}`, "data-key": `${e.n}|${e.sentence}`, class: `nm-log-${e.kind}` },
      e.rule
        ? h("details", {
            open: openLog.has(e.n) ? true : null,
            ontoggle: (ev) => (ev.target.open ? openLog.add(e.n) : openLog.delete(e.n)),
          },
          h("summary", {}, e.sentence),
          h("div", { class: "nm-ruling", "data-testid": `ruling-${e.n}` },
            h("b", {}, _("Rule: {title}.", { title: ruling.title || e.rule }), " "), ruling.text, " ", h("a", { class: "nm-rulebook-link", href: `${model.get("rulebook")}#${e.rule}`, "data-rule": e.rule, target: "_blank", rel: "noopener" }, _("(rulebook)"))))
        : h("div", { class: "nm-note" }, e.sentence));
  }

  function drawLog() {
    const entries = model.get("log");
    const keys = entries.map((e) => `${e.n}|${e.sentence}`);
    const lines = [...logList.children];
    while (lines.length && !keys.includes(lines[0].getAttribute("data-key"))) lines.shift().remove();
    if (lines.every((li, i) => li.getAttribute("data-key") === keys[i])) {
      logList.append(...entries.slice(lines.length).map(logLine));
    } else {
      logList.replaceChildren(...entries.map(logLine));
    }
  }

  function later() {
    if (queued) return;
    queued = true;
    receivedAt = performance.now();
    queueMicrotask(() => { queued = false; drawMain(); });
  }
  const traits = ["table", "prompt", "error", "export", "pace", "version", "advice", "review", "auto_uno"];
  for (const name of traits) model.on(`change:${name}`, later);
  model.on("change:log", later);
  drawMain();
  return () => {
    clearTimeout(timer);
    for (const name of traits) model.off(`change:${name}`, later);
    model.off("change:log", later);
  };
}

export default { render };
