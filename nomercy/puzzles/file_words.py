"""The words of the Learn path's files (``learn/``): which fields a person reads, for the catalogs and the pages.

A stage file and a chapter file are data, not code, so no ``N_`` marks their words: this module names the fields
that are words (a chapter's title and about; a stage's title, rule, task and each wrong try's why), and
:func:`extract_yaml` is Babel's extraction method for them (``babel.cfg``), so a new stage's words reach the
catalogs' template with the extract command of docs/architecture.md, and a catalog that does not translate them
fails the catalog checks (tests/test_i18n.py) before a learner could see English. The message is the text as the
loader reads it (white space made single, :func:`nomercy.puzzles.stage._text`), which is what the pages look up.

>>> import io
>>> stage = b"title: Match the color\\nrule: One card.\\ntask: Play.\\nwrong:\\n  - {move: You draws, why: No.}\\n"
>>> [m[2] for m in extract_yaml(io.BytesIO(stage), [], [], {})]
['Match the color', 'One card.', 'Play.', 'No.']
"""

from __future__ import annotations

from typing import Any, Iterator

import yaml

__all__ = ["CHAPTER_WORDS", "STAGE_WORDS", "WRONG_WORDS", "file_words", "extract_yaml"]

CHAPTER_WORDS = ("title", "about")
"""A chapter file's fields that a person reads."""
STAGE_WORDS = ("title", "rule", "task")
"""A stage file's fields that a person reads (besides each wrong try's :data:`WRONG_WORDS`)."""
WRONG_WORDS = ("why",)
"""A wrong try's fields that a person reads."""


def _one(value: Any) -> str | None:
    return " ".join(value.split()) if isinstance(value, str) and value.strip() else None


def file_words(data: Any) -> list[str]:
    """The words a person reads in one stage or chapter file's data, in the file's order (a value that is not
    text is left to the loader, which refuses it in its own words)."""
    if not isinstance(data, dict):
        return []
    found = [_one(data.get(key)) for key in (CHAPTER_WORDS if "stages" in data else STAGE_WORDS)]
    wrong_tries = data.get("wrong")
    for wrong in wrong_tries if isinstance(wrong_tries, list) else ():
        if isinstance(wrong, dict):
            found += [_one(wrong.get(key)) for key in WRONG_WORDS]
    return [text for text in found if text]


def extract_yaml(fileobj: Any, keywords: Any, comment_tags: Any,
                 options: Any) -> Iterator[tuple[int, None, str, list[str]]]:
    """Babel's extraction method for the Learn path's files (``babel.cfg``): each text :func:`file_words` names,
    with the line it starts on."""
    text = fileobj.read().decode("utf-8")
    lines = text.splitlines()
    for words in file_words(yaml.safe_load(text)):
        first = words.split()[0]
        line = next((i + 1 for i, each in enumerate(lines) if first in each), 1)
        yield line, None, words, []
