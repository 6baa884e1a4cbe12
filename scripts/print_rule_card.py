"""Print the rule card (docs/rule-card.html) to docs/rule-card-a4.pdf and docs/rule-card-letter.pdf.

The card is written from the package (nomercy/teaching/rule_card.py, by scripts/write_docs.py); this
prints it in chromium (Playwright with Debian's /usr/bin/chromium, as the browser tests use). Each PDF
carries the card's stamp in its title, so ``--check`` can tell, without a browser, whether a PDF was
printed from the card as it is now and fits one page; it writes nothing and exits 1 otherwise.

    .venv/bin/python scripts/print_rule_card.py [--check]
"""

from __future__ import annotations

import sys
from pathlib import Path

from nomercy.cli import OneLineParser
from nomercy.teaching.rule_card import PAPERS, card_stamp, pdf_pages, pdf_stamp, print_rule_card

DOCS = Path(__file__).resolve().parent.parent / "docs"


def pdf_path(paper: str) -> Path:
    return DOCS / f"rule-card-{paper}.pdf"


def stale_papers() -> list[str]:
    """The papers whose PDF is missing, printed from another card, or longer than one page."""
    stamp = card_stamp()
    stale = []
    for paper in PAPERS:
        path = pdf_path(paper)
        pdf = path.read_bytes() if path.exists() else b""
        if pdf_stamp(pdf) != stamp or pdf_pages(pdf) != 1:
            stale.append(paper)
    return stale


def main(argv: list[str]) -> int:
    parser = OneLineParser(prog="scripts/print_rule_card.py", description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true",
                        help="print nothing; exit 1 when a PDF is missing, out of date or longer than a page")
    check = parser.parse_args(argv).check  # --help or a typo stops here, before chromium prints anything
    stale = stale_papers()
    if check:
        if stale:
            print("out of date: " + ", ".join(pdf_path(p).name for p in stale) + " (run scripts/print_rule_card.py)")
        return 1 if stale else 0
    printed = print_rule_card(tuple(stale))
    long = [f"{pdf_pages(pdf)} pages on {PAPERS[paper]}" for paper, pdf in printed.items() if pdf_pages(pdf) != 1]
    if long:  # nothing is written: the PDFs on disk stay a pair printed from one card
        print(f"the rule card takes {', '.join(long)}: shorten it in nomercy/teaching/rule_card.py")
        return 1
    for paper, pdf in printed.items():
        pdf_path(paper).write_bytes(pdf)
        print(f"wrote: {pdf_path(paper).name}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
