"""The JSON Schema of a puzzle file, shipped in the package for editors and tests.

``puzzle.schema.json`` (beside this module) describes both kinds of puzzle and every answer key, so
an editor with a YAML language server checks a puzzle file as it is typed (docs/puzzles.md says how).
The loader checks more than a schema can (that seats exist, that the deck has the cards, that moves are
legal, that the answer holds): ``nomercy check`` is the judge, the schema a first help.

>>> schema = puzzle_schema()
>>> schema["title"], sorted(schema["$defs"]["answer"]["properties"])[:3]
('nomercy puzzle', ['before', 'best', 'color'])
>>> SCHEMA_PATH.name
'puzzle.schema.json'
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

__all__ = ["SCHEMA_PATH", "puzzle_schema"]

SCHEMA_PATH = Path(__file__).resolve().parent / "puzzle.schema.json"
"""Where the schema is, in a clone and in an installed package alike."""


def puzzle_schema() -> dict[str, Any]:
    """The schema as a mapping (JSON Schema draft 2020-12)."""
    schema: dict[str, Any] = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    return schema
