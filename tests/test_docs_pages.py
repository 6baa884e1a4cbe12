"""The rulebook, sources and glossary pages are written from the package and stay equal to it."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from nomercy.teaching.glossary import glossary_markdown
from nomercy.core.rulebook import PARTS, RULINGS, rulebook_markdown
from nomercy.core.rules import OPTIONS
from nomercy.core.sources import SOURCES, sources_markdown
from nomercy.teaching.rule_card import rule_card_html
from nomercy.teaching.terminology import LANGUAGES, terms_markdown
from conftest import collection

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"


@pytest.mark.parametrize("name, write", [("rulebook.md", rulebook_markdown), ("sources.md", sources_markdown),
                                         ("glossary.md", glossary_markdown), ("rule-card.html", rule_card_html),
                                         *((f"terms-{code}.md", lambda code=code: terms_markdown(code))
                                           for code in LANGUAGES)])
def test_each_page_is_what_the_package_writes(name, write):
    assert (DOCS / name).read_text(encoding="utf-8") == write(), \
        f"docs/{name} is out of date: run .venv/bin/python scripts/write_docs.py"


def test_the_writer_script_agrees():
    done = subprocess.run([sys.executable, str(ROOT / "scripts" / "write_docs.py"), "--check"], capture_output=True,
                          text=True)
    assert done.returncode == 0, done.stdout + done.stderr


def test_every_ruling_names_known_sources_options_and_a_part():
    for ruling in RULINGS.values():
        assert ruling.sources, ruling.id
        assert set(ruling.sources) <= set(SOURCES), ruling.id
        assert set(ruling.options) <= set(OPTIONS), ruling.id
        assert ruling.part in PARTS, ruling.id


def test_every_option_belongs_to_a_ruling_that_names_it():
    for name, info in OPTIONS.items():
        assert info.ruling in RULINGS, name
        assert any(name in r.options for r in RULINGS.values()), f"no ruling lists the option {name}"


def test_every_ruling_link_has_an_anchor_on_the_page():
    page = (DOCS / "rulebook.md").read_text(encoding="utf-8")
    for ruling in RULINGS.values():
        assert f'<a id="{ruling.id}"></a>' in page


def test_the_sources_page_names_no_file_and_no_path_outside_the_project():
    page = (DOCS / "sources.md").read_text(encoding="utf-8")
    assert not re.search(r"\b\d{3}_[0-9a-f]{16}\b", page), "an opaque source file name"
    assert not re.search(r"\.txt\b", page)
    assert "../" not in page and "/work/" not in page and "shared" not in page
    for source in SOURCES:
        assert f'<a id="{source}"></a>' in page


def test_every_puzzle_source_starts_with_a_source_id():
    for puzzle in collection():
        assert puzzle.source.split(",", 1)[0].strip() in SOURCES, puzzle.id
