"""Write docs/rulebook.md, docs/sources.md, docs/glossary.md, docs/terms-*.md and docs/rule-card.html from the package.

The rulings, sources and words live in the package (nomercy/core/rulebook.py,
nomercy/core/sources.py, nomercy/teaching/glossary.py, and the words in the sources' languages in
nomercy/teaching/terms/*.toml); these pages are written from them. The rule
card (nomercy/teaching/rule_card.py) is printed to PDF by scripts/print_rule_card.py.
``--check`` writes nothing and exits 1 when a page is out of date (the tests do the same).

    .venv/bin/python scripts/write_docs.py [--check]
"""

from __future__ import annotations

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
PAGES = {"rulebook.md": rulebook_markdown, "sources.md": sources_markdown, "glossary.md": glossary_markdown,
         "rule-card.html": rule_card_html,
         **{f"terms-{code}.md": partial(terms_markdown, code) for code in LANGUAGES}}


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
