"""The words of the Learn path's files (``learn/``) and of the puzzle files (``puzzles/``): which fields a person
reads, for the catalogs and the pages.

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

A puzzle's words (:data:`PUZZLE_WORDS`) go to a catalog domain of their own, ``puzzles``, which may be partly
translated: a puzzle is served in a language only when every one of its texts is translated (:func:`puzzle_words`
lists them; :func:`extract_puzzle` is the extraction method of ``babel-puzzles.cfg``).

>>> puzzle = {"title": "Who starts?", "question": "Whose   turn?", "hints": ["Look."], "source": "original",
...           "choices": [{"label": "A", "why": "No."}, {"move": "A draws"}], "explanation": "A starts."}
>>> puzzle_words(puzzle)
[('title', 'Who starts?'), ('question', 'Whose turn?'), ('hint', 'Look.'), ('choice label', 'A'), ('choice why', 'No.'), ('explanation', 'A starts.')]
"""

from __future__ import annotations

from typing import Any, Iterator

import yaml

__all__ = ["CHAPTER_WORDS", "STAGE_WORDS", "WRONG_WORDS", "PUZZLE_WORDS", "file_words", "extract_yaml", "puzzle_words",
           "extract_puzzle", "one_text"]

CHAPTER_WORDS = ("title", "about")
"""A chapter file's fields that a person reads."""
STAGE_WORDS = ("title", "rule", "task")
"""A stage file's fields that a person reads (besides each wrong try's :data:`WRONG_WORDS`)."""
WRONG_WORDS = ("why",)
"""A wrong try's fields that a person reads."""


PUZZLE_WORDS: tuple[tuple[str, str, str], ...] = (
    ("title", "title", "one"),
    ("question", "question", "one"),
    ("hints", "hint", "each"),
    ("choices", "choice", "label why"),
    ("explanation", "explanation", "one"),
    ("source", "source", "not original"),
)
"""A puzzle file's fields that a person reads, in the order the catalog lists them: the key, what the template's
comment calls it, and how it holds words: ``one`` text; ``each`` text of a list; of each option of a list, the
fields named (``label why``: a best-move option named by its ``move`` alone has no label to translate: the move is
said in the engine's words); ``not original``: the text unless it is ``original`` (the source id stays as it is in
every language, before the first comma)."""


def one_text(value: Any) -> str | None:
    """A text as the catalogs key it: its white space made single (``None`` for a value that is not text)."""
    return " ".join(value.split()) if isinstance(value, str) and value.strip() else None


_one = one_text


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


def puzzle_words(data: Any) -> list[tuple[str, str]]:
    """Each text a person reads in one puzzle file's data (:data:`PUZZLE_WORDS`), with what it is, in the file's
    order; the message is the text with its white space made single (:func:`one_text`)."""
    if not isinstance(data, dict):
        return []
    found: list[tuple[str, str | None]] = []
    for key, called, how in PUZZLE_WORDS:
        value = data.get(key)
        if how == "one":
            found.append((called, one_text(value)))
        elif how == "not original":
            found.append((called, one_text(value) if value != "original" else None))
        elif how == "each":
            items = [value] if isinstance(value, str) else value if isinstance(value, list) else []  # one hint alone
            found += [(called, one_text(item)) for item in items]
        else:
            for item in value if isinstance(value, list) else ():
                if isinstance(item, dict):
                    found += [(f"{called} {field}", one_text(item.get(field))) for field in how.split()]
    return [(called, text) for called, text in found if text]


def extract_puzzle(fileobj: Any, keywords: Any, comment_tags: Any,
                   options: Any) -> Iterator[tuple[int, None, str, list[str]]]:
    """Babel's extraction method for the puzzle files (``babel-puzzles.cfg``): each text :func:`puzzle_words` names,
    with a comment for the translator that says which puzzle and which of its texts it is."""
    text = fileobj.read().decode("utf-8")
    data = yaml.safe_load(text)
    lines = text.splitlines()
    pid = data.get("id") if isinstance(data, dict) else None
    level = data.get("level") if isinstance(data, dict) else None
    for called, words in puzzle_words(data):
        first = words.split()[0]
        line = next((i + 1 for i, each in enumerate(lines) if first in each), 1)
        yield line, None, words, [f"puzzle {pid} ({level or 'no level'}): {called}"]
