// The one DOM helper of the widgets' ES modules and the site's pages: h(tag, attrs, ...children) makes an
// element. An attribute that is null, undefined or false is left out, true is written empty, `on<event>`
// listens, `html` sets the inner HTML (pictures Python drew); a child that is null, undefined or false is
// left out, a node is put in as it is and anything else as text.
// The site's pages import this file (the site's build puts it beside them). A widget's module cannot: anywidget
// loads it as one text, from a blob where "./dom.js" names nothing, so scripts/write_docs.py writes this function
// into each widget's module, and the docs test (write_docs.py --check) fails when a copy differs from it. The same
// goes for every other function exported here that a widget's module defines (learnerBar: the trainer's and the
// learning path's).

export function h(tag, attrs, ...children) {
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

// Whose progress this is, asked once and then out of the way: before a first name and any progress the bar asks
// (a short line, the field, a button); afterwards it is one line, the name (or "Your name") and a button that
// opens the field and the other learners on this computer to pick. Python checks the name; what is typed, and
// whether the bar is open, survive a redraw.
let learnerLists = 0;  // each bar's list of names has an id of its own (two widgets on one page)
export function learnerBar(prefix, who, send, typed) {
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
