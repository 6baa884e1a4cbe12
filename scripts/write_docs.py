"""Write docs/rulebook.md, docs/sources.md, docs/glossary.md, docs/terms-*.md and docs/rule-card.html from the package.

It also writes the widgets' DOM helper ``h()`` into each widget's ES module from its one source,
nomercy/widgets/static/dom.js: anywidget loads a widget's module as one text, so each module carries
the helper as dom.js writes it (the site's pages import dom.js itself).

The rulings, sources and words live in the package (nomercy/core/rulebook.py,
nomercy/core/sources.py, nomercy/teaching/glossary.py, and the words in the sources' languages in
nomercy/teaching/terms/*.toml); these pages are written from them. The rule
card (nomercy/teaching/rule_card.py) is printed to PDF by scripts/print_rule_card.py.
``--check`` writes nothing and exits 1 when a page is out of date (the tests do the same).

    .venv/bin/python scripts/write_docs.py [--check]
"""

from __future__ import annotations

import re
import sys
from functools import partial
from pathlib import Path

from nomercy.cli import OneLineParser

from nomercy.teaching.glossary import glossary_markdown
from nomercy.core.rulebook import rulebook_markdown
from nomercy.core.sources import sources_markdown
from nomercy.teaching.rule_card import rule_card_html
from nomercy.teaching.terminology import LANGUAGES, terms_markdown

DOCS = Path(__file__).resolve().parent.parent / "docs"
STATIC = DOCS.parent / "nomercy" / "widgets" / "static"
_SHARED = re.compile(r"^export function (\w+)\(", re.M)
"""A function dom.js shares: ``h`` with every widget's module, the others with the modules that define them."""


def _function(name: str, text: str) -> re.Match[str] | None:
    """The function ``name`` in a module's text, from its line to the ``}`` that closes it at the line's start (the
    copies carry no mark: a widget's stored outputs keep their module as it was)."""
    return re.search(rf"^(?:export )?function {name}\(.*?^\}}\n", text, re.M | re.S)


PAGES = {"rulebook.md": rulebook_markdown, "sources.md": sources_markdown, "glossary.md": glossary_markdown,
         "rule-card.html": rule_card_html,
         **{f"terms-{code}.md": partial(terms_markdown, code) for code in LANGUAGES}}


def with_dom_helper(module: str) -> str:
    """A widget's ES module with dom.js's functions written as dom.js writes them (one helper, never a drifting
    copy): ``h`` in every module, another shared function in each module that defines it."""
    source = (STATIC / "dom.js").read_text(encoding="utf-8")
    text = (STATIC / module).read_text(encoding="utf-8")
    names = _SHARED.findall(source)
    assert "h" in names, "nomercy/widgets/static/dom.js has lost its function h"
    for name in names:
        shared, found = _function(name, source), _function(name, text)
        assert shared is not None
        if found is None:
            assert name != "h", f"nomercy/widgets/static/{module} has no function h to write"
            continue
        text = text[:found.start()] + shared.group(0).removeprefix("export ") + text[found.end():]
    return text


WIDGET_MODULES = sorted(path.name for path in STATIC.glob("*.js") if path.name != "dom.js")
PAGES.update({f"../nomercy/widgets/static/{name}": partial(with_dom_helper, name) for name in WIDGET_MODULES})


def main(argv: list[str]) -> int:
    parser = OneLineParser(prog="scripts/write_docs.py", description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="write nothing; exit 1 when a page is out of date")
    check = parser.parse_args(argv).check  # --help or a typo stops here, before a page is written
    stale = []
    for name, write in PAGES.items():
        path = DOCS / name
        text = write()
        if path.exists() and path.read_text(encoding="utf-8") == text:
            continue
        stale.append(name)
        if not check:
            path.write_text(text, encoding="utf-8")
    if stale:
        print(("out of date: " if check else "wrote: ") + ", ".join(stale))
    return 1 if check and stale else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
