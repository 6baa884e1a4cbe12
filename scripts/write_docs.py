"""Write docs/rulebook.md, docs/sources.md and docs/glossary.md from the package.

The rulings, sources and words live in the package (nomercy/core/rulebook.py,
nomercy/core/sources.py, nomercy/teaching/glossary.py); these pages are written from them.
``--check`` writes nothing and exits 1 when a page is out of date (the tests do the same).

    .venv/bin/python scripts/write_docs.py [--check]
"""

from __future__ import annotations

import sys
from pathlib import Path

from nomercy.teaching.glossary import glossary_markdown
from nomercy.core.rulebook import rulebook_markdown
from nomercy.core.sources import sources_markdown

DOCS = Path(__file__).resolve().parent.parent / "docs"
PAGES = {"rulebook.md": rulebook_markdown, "sources.md": sources_markdown, "glossary.md": glossary_markdown}


def main(argv: list[str]) -> int:
    check = "--check" in argv
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
