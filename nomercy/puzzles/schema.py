"""The JSON Schema of a puzzle file, shipped in the package for editors and tests.

``puzzle.schema.json`` (beside this module) describes every kind of puzzle and every answer key, so
an editor with a YAML language server checks a puzzle file as it is typed (docs/puzzles.md says how).
The loader checks more than a schema can (that seats exist, that the deck has the cards, that moves are
legal, that the answer holds): ``nomercy check`` is the judge, the schema a first help.

>>> schema = puzzle_schema()
>>> schema["title"], sorted(schema["$defs"]["answer"]["properties"])[:3]
('nomercy puzzle', ['before', 'best', 'better_than'])
>>> SCHEMA_PATH.name
'puzzle.schema.json'
"""

from __future__ import annotations

import functools
import json
import re
from pathlib import Path
from typing import Any

__all__ = ["SCHEMA_PATH", "puzzle_schema", "text_pattern"]

SCHEMA_PATH = Path(__file__).resolve().parent / "puzzle.schema.json"
"""Where the schema is, in a clone and in an installed package alike."""


def puzzle_schema() -> dict[str, Any]:
    """The schema as a mapping (JSON Schema draft 2020-12)."""
    schema: dict[str, Any] = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    return schema


@functools.lru_cache(maxsize=None)
def text_pattern(name: str) -> re.Pattern[str]:
    """The schema's pattern for one kind of text in a puzzle file (``card``, ``color``, ``move``, ``seat``, ``id``).

    The reader checks the same texts with the same patterns, so the file format is written down once and the
    reader and the schema cannot drift apart on what a card, a move or a seat name looks like.

    >>> bool(text_pattern("card").search("Red 7")), bool(text_pattern("card").search("r e d 7"))
    (True, False)
    """
    schema = puzzle_schema()
    node = schema["properties"]["id"] if name == "id" else schema["$defs"][name]
    return re.compile(node["pattern"])
