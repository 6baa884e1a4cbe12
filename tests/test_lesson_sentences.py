"""The lessons' prose is written for a twelve-year-old: short sentences, and no picture described that a reader cannot see.

A reader without a kernel (GitHub, nbviewer, an exported page) sees the markdown and the stored outputs
only. Two checks hold every notebook to that:

- every sentence of the prose, as rendered (links by their text, code and HTML tags by what they show),
  has at most :data:`MOST_WORDS` words; a list item and a table cell count as sentences of their own;
- every markdown cell that speaks of a picture, a screenshot or a chart sits next to a code cell whose
  stored output is an image (a PNG or SVG, or HTML holding one), so the picture it describes is there.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
MOST_WORDS = 35

_FENCE = re.compile(r"```.*?```", re.S)
_LINK = re.compile(r"!?\[([^\]]*)\]\([^)]*\)")
_TAG = re.compile(r"<[^>]+>")
# a block of its own: a blank line, a list item, a table row, a heading
_BLOCK = re.compile(r"\n\s*\n|\n(?=\s*(?:[-*] |\d+\. |\||#))")
# a sentence ends with . ! or ? (maybe inside a closing bracket, quote or bold), then space and a new start
_SENTENCE = re.compile(r"(?<=[.!?])[)\"'*]*\s+(?=[\"'*]*(?:[`(]|[A-Z0-9]))")
_DESCRIBES = re.compile(r"\b(the|this|that) (picture|screenshot|chart|image)\b", re.I)


def _cells(path: Path) -> list[dict]:
    return json.loads(path.read_text(encoding="utf-8"))["cells"]


def sentences(markdown: str) -> list[str]:
    """The sentences of a markdown text as a reader sees it: code blocks dropped, links and tags by their text."""
    text = _TAG.sub(" ", _LINK.sub(r"\1", _FENCE.sub(" ", markdown)))
    found = []
    for block in _BLOCK.split(text):
        for cell in block.split("|"):
            flat = " ".join(cell.split()).lstrip("-*#0123456789. ")
            found += [s for s in _SENTENCE.split(flat) if s.strip()]
    return found


def _words(sentence: str) -> int:
    return len([w for w in sentence.split() if re.search(r"\w", w)])


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_every_sentence_of_the_prose_has_at_most_35_words(path):
    long = [f"{_words(s)} words: {s}" for cell in _cells(path) if cell["cell_type"] == "markdown"
            for s in sentences("".join(cell["source"])) if _words(s) > MOST_WORDS]
    assert not long, f"{path.name}: sentences over {MOST_WORDS} words:\n" + "\n".join(long)


def _shows_an_image(cell: dict) -> bool:
    for output in cell.get("outputs", []):
        data = output.get("data", {})
        if any(kind.startswith("image/") for kind in data):
            return True
        html = "".join(data.get("text/html", []))
        if "<img" in html or "<svg" in html:
            return True
    return False


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_every_picture_the_prose_describes_is_stored_as_an_image(path):
    cells = _cells(path)
    missing = []
    for i, cell in enumerate(cells):
        text = "".join(cell["source"])
        if cell["cell_type"] != "markdown" or not _DESCRIBES.search(_FENCE.sub(" ", text)):
            continue
        near = [c for c in cells[max(0, i - 2):i + 3] if c["cell_type"] == "code"]
        if not any(_shows_an_image(c) for c in near):
            missing.append(text.strip().splitlines()[0][:100])
    assert not missing, f"{path.name}: prose describes a picture no stored output next to it shows:\n" + "\n".join(missing)


def test_the_sentence_splitter_splits_where_a_reader_would():
    text = "## A heading\n\nOne short sentence. Another (with a [link](x.md)) here!\n\n- an item\n| a | b |"
    assert sentences(text) == ["A heading", "One short sentence.", "Another (with a link) here!", "an item", "a", "b"]
    assert _words("A draw card worth +4 or more.") == 7
    assert sentences("It ends here. (a note) And `code` starts one.") == ["It ends here.", "(a note) And `code` starts one."]
