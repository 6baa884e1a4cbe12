// The step-through player's front end: shows one event of a walkthrough at a time.
// Python holds the frames; this module only draws the current one and asks for another.
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

const KEYS = { ArrowRight: "next", ArrowDown: "next", ArrowLeft: "prev", ArrowUp: "prev", Home: "first", End: "last" };

// Every message this view sends up. StepPlayer.INTENTS in Python accepts exactly these (a test
// compares the two lists, and clicks every control in a browser to see that nothing else is sent).
export const INTENTS = ["next", "prev", "first", "last", "goto"];

function render({ model, el }) {
  const root = h("div", {
    class: "nm-w nm-step", "data-testid": "nm-step", tabindex: 0, role: "region",
    "aria-label": "Step-through player: arrow keys move one step",
  });
  el.append(root);
  const send = (msg) => {
    if (!INTENTS.includes(msg.type)) throw new Error(`step player: no such intent ${JSON.stringify(msg.type)}`);
    model.send(msg);
  };
  root.addEventListener("keydown", (event) => {
    const go = KEYS[event.key];
    if (!go || event.target.tagName === "INPUT") return;
    send({ type: go });
    event.preventDefault();
  });

  function draw() {
    const info = model.get("info");
    const f = model.get("frame");
    if (!f || f.count === undefined) return;
    const focused = root.contains(document.activeElement) ? document.activeElement.getAttribute("data-testid") : null;
    const error = model.get("error");
    const last = f.index === f.count - 1;
    const nav = (testid, label, type, disabled) =>
      h("button", { type: "button", class: "nm-btn", "data-testid": testid, onclick: () => send({ type }), disabled: disabled ? true : null }, label);
    root.replaceChildren(...[
      h("div", { class: "nm-step-title", "data-testid": "step-title" }, info.title || ""),
      info.question ? h("div", { class: "nm-step-question" }, info.question) : null,
      h("div", { class: "nm-step-controls" },
        nav("step-first", "« start", "first", f.index === 0),
        nav("step-prev", "◀ back", "prev", f.index === 0),
        h("input", {
          type: "range", min: 0, max: f.count - 1, value: f.index, "data-testid": "step-slider",
          "aria-label": "Step", onchange: (e) => send({ type: "goto", index: Number(e.target.value) }),
        }),
        nav("step-next", "forward ▶", "next", last),
        nav("step-last", "end »", "last", last),
        h("span", { class: "nm-step-counter", "data-testid": "step-counter" }, `step ${f.index + 1} of ${f.count}`)),
      error ? h("div", { class: "nm-error", role: "alert", "data-testid": "step-error" }, error) : null,
      h("div", { class: `nm-step-now${f.refused ? " nm-refused" : ""}`, "aria-live": "polite" },
        h("div", { class: "nm-step-move", "data-testid": "step-move" },
          f.move ? `Move ${f.move_number} of ${info.moves.length}: ${f.move}` : "Before the first move"),
        h("div", { class: "nm-step-sentence", "data-testid": "step-sentence" }, f.sentence),
        f.rule ? h("div", { class: "nm-step-ruling", "data-testid": "step-ruling" },
          h("b", {}, `Ruling ${f.rule} · ${f.title}: `), f.text, " ", h("a", { class: "nm-rulebook-link", href: `${model.get("rulebook")}#${f.rule}`, target: "_blank", rel: "noopener" }, "(rulebook)")) : null),
      last && info.explanation ? h("div", { class: "nm-step-explanation", "data-testid": "step-explanation" }, info.explanation) : null,
      h("div", { class: "nm-step-board", "data-testid": "step-board", html: f.board }),
      h("ol", { class: "nm-step-moves", "data-testid": "step-moves" },
        info.moves.map((m, i) => h("li", { class: i + 1 === f.move_number ? "nm-current" : i + 1 < f.move_number ? "nm-done" : "" }, m)))
    ].filter(Boolean));
    root.setAttribute("data-index", String(f.index));
    requestAnimationFrame(() => {  // focusing needs the layout: let the next frame compute it once
      const again = focused && root.querySelector(`[data-testid="${CSS.escape(focused)}"]`);
      if (again && !again.disabled) again.focus({ preventScroll: true });
      else if (focused) root.focus({ preventScroll: true });
    });
  }

  model.on("change:frame", draw);
  model.on("change:error", draw);
  model.on("change:info", draw);
  draw();
  return () => {
    model.off("change:frame", draw);
    model.off("change:error", draw);
    model.off("change:info", draw);
  };
}

export default { render };
