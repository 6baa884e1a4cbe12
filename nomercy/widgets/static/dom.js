// The one DOM helper of the widgets' ES modules and the site's pages: h(tag, attrs, ...children) makes an
// element. An attribute that is null, undefined or false is left out, true is written empty, `on<event>`
// listens, `html` sets the inner HTML (pictures Python drew); a child that is null, undefined or false is
// left out, a node is put in as it is and anything else as text.
// The site's pages import this file (the site's build puts it beside them). A widget's module cannot: anywidget
// loads it as one text, from a blob where "./dom.js" names nothing, so scripts/write_docs.py writes this function
// into each widget's module, and the docs test (write_docs.py --check) fails when a copy differs from it.

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
