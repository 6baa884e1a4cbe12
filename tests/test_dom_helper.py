"""The DOM helper ``h()`` is written once, in nomercy/widgets/static/dom.js.

anywidget loads a widget's ES module as one text (from a blob, where an import of "./dom.js" names nothing), so
each widget's module carries the function as scripts/write_docs.py writes it from dom.js; the site's pages,
served as files, import dom.js itself (the site's build copies it beside them). Here: every copy is dom.js's
function to the character, and no module writes a DOM helper of its own.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
STATIC = ROOT / "nomercy" / "widgets" / "static"
FUNCTION = re.compile(r"^(?:export )?function (\w+)\(tag, attrs, \.\.\.children\) \{\n.*?^\}\n", re.M | re.S)


def _helpers(path: Path) -> list[tuple[str, str]]:
    return [(match[1], match[0].removeprefix("export ")) for match in FUNCTION.finditer(path.read_text(encoding="utf-8"))]


def test_every_widget_module_carries_dom_js_s_helper_and_no_other():
    (one,) = _helpers(STATIC / "dom.js")
    modules = sorted(p for p in STATIC.glob("*.js") if p.name != "dom.js")
    assert len(modules) >= 5
    for path in modules:
        assert _helpers(path) == [one], f"{path.name}: run .venv/bin/python scripts/write_docs.py"


def test_the_site_s_pages_import_the_helper_and_write_none():
    for path in sorted((ROOT / "site" / "app").glob("*.js")):
        assert _helpers(path) == [], f"site/app/{path.name} writes a DOM helper: import h from ./dom.js"
    assert 'import { h } from "./dom.js";' in (ROOT / "site" / "app" / "page.js").read_text(encoding="utf-8")
    assert 'DOM_HELPER = "dom.js"' in (ROOT / "scripts" / "build_site.py").read_text(encoding="utf-8")
