"""The JSON Schema of a puzzle file: every collection puzzle validates, and broken files are refused by the
schema as they are by the reader; the schema's lists follow the project's registries."""

from __future__ import annotations

import copy
import functools
from pathlib import Path
from typing import Any, Callable

import pytest

from nomercy.core.cards import Card
from nomercy.core.decks import DECKS
from nomercy.core.errors import NomercyError
from nomercy.core.rules import OPTIONS, PROFILES
from nomercy.core.sources import SOURCES
from nomercy.puzzles.answers import ANSWER_KEYS, REPLAYED
from nomercy.puzzles.puzzle import KINDS
from nomercy.puzzles.puzzle import Puzzle, default_puzzle_dir, puzzle_files
from nomercy.puzzles.file_format import DEFAULT_KIND, DIRECTIONS, LEVELS, PUZZLE_KEYS, STAGE_KEYS, STARTS, names
from nomercy.puzzles.schema import SCHEMA_PATH, puzzle_schema
from nomercy.puzzles.stage import stage_schema
from nomercy.puzzles.yaml_reader import read_puzzle_file

SCHEMA = puzzle_schema()


@functools.cache
def draft() -> Any:
    """jsonschema's Draft 2020-12 validator, imported when a test first needs it: the import takes a second of CPU
    (its format checkers build grammars), which every worker would pay when it collects this file."""
    return pytest.importorskip("jsonschema").Draft202012Validator


@functools.cache
def validator() -> Any:
    """The puzzle file's schema, ready to check data."""
    return draft()(SCHEMA)
FILES = puzzle_files(default_puzzle_dir())


def test_the_schema_is_a_valid_draft_2020_12_schema_in_the_package():
    draft().check_schema(SCHEMA)
    assert SCHEMA_PATH.parent.name == "puzzles" and SCHEMA_PATH.parent.parent.name == "nomercy"


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_every_collection_puzzle_validates(path: Path):
    errors = [f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in validator().iter_errors(read_puzzle_file(path))]
    assert not errors, errors[:3]


def test_the_schema_lists_what_the_project_registers():
    props = SCHEMA["properties"]
    assert props["rules"]["enum"] == list(PROFILES)
    assert props["variant"]["propertyNames"]["enum"] == list(OPTIONS)
    assert props["kind"]["enum"] == list(KINDS)
    assert all(source in props["source"]["pattern"] for source in SOURCES)
    kinds_keys = {key for kind in KINDS.values() for key in kind.answer_keys}
    assert set(SCHEMA["$defs"]["answer"]["properties"]) == set(ANSWER_KEYS) | kinds_keys
    assert set(props) >= {key for kind in KINDS.values() for key in kind.keys}
    assert set(SCHEMA["$defs"]["storyAnswer"]["properties"]) == set(ANSWER_KEYS) - set(REPLAYED)


def test_the_schemas_have_the_keys_of_the_readers_table():
    """The file's keys are one table (nomercy.puzzles.file_format): the reader refuses other keys with it, and the
    schemas name the same keys, the same required ones, the same levels, starts and directions."""
    props = SCHEMA["properties"]
    kinds_keys = {key for kind in KINDS.values() for key in kind.keys}
    assert SCHEMA["required"] == list(names(PUZZLE_KEYS, required=True))
    assert set(props) == set(names(PUZZLE_KEYS)) | kinds_keys
    assert props["level"]["enum"] == list(LEVELS)
    assert props["start"]["enum"] == list(STARTS)
    assert props["direction"]["enum"] == list(DIRECTIONS)
    assert props["kind"]["enum"] == list(KINDS) and DEFAULT_KIND in KINDS
    stage = stage_schema()
    assert stage["required"] == list(names(STAGE_KEYS, required=True))
    assert set(stage["properties"]) == set(names(STAGE_KEYS))


def test_every_card_of_every_deck_and_every_alias_of_the_notation_matches_the_card_pattern():
    card = draft()(SCHEMA["$defs"]["card"])
    texts = {str(c) for deck in DECKS.values() for c in deck.counts()}
    texts |= {"r7", "red7", "bskip", "grev", "y+2", "b+4", "rskip-all", "gdiscard-all", "w", "w+4", "wrev+4",
              "w+6", "w+10", "wroulette"}
    for text in sorted(texts):
        Card.parse(text)
        assert card.is_valid(text), text
    for text in ("purple 7", "red 10", "wild +8", "red", "blue skip everyone"):
        assert not card.is_valid(text), text


GOOD: dict[str, Any] = {
    "id": "good", "title": "A good puzzle", "source": "original", "rules": "no-mercy", "players": ["A", "B", "C"],
    "turn": "A", "discard": "red 5", "hands": {"A": ["red +2", "blue 3"], "B": ["blue +4"], "C": {"more": 5}},
    "moves": ["A plays red +2", "B plays blue +4", "C draws"], "question": "How many cards does C hold?",
    "answer": {"hand_size": {"C": 11}, "turn": "A"},
}
BEST: dict[str, Any] = {
    "id": "best", "title": "Stack or be knocked out", "source": "original", "kind": "best-move", "rules": "no-mercy",
    "players": ["A", "B", "C"], "turn": "A", "discard": "red +2", "pending": 2,
    "hands": {"A": {"cards": ["blue +4"], "more": 22}, "B": {"more": 5}, "C": {"more": 6}},
    "moves": [], "question": "What do you play?",
    "choices": [{"move": "A plays blue +4"}, {"move": "A draws", "why": "25 cards knock you out."}],
    "answer": {"best": "A plays blue +4"}, "expert": {"seed": 1, "playouts": 40, "depth": 30, "margin": 0.05},
}


def _changed(base: dict[str, Any], change: Callable[[dict[str, Any]], None]) -> dict[str, Any]:
    data = copy.deepcopy(base)
    change(data)
    return data


BROKEN: dict[str, tuple[dict[str, Any], Callable[[dict[str, Any]], None]]] = {
    "unknown key": (GOOD, lambda d: d.update(difficulty=3)),
    "no answer": (GOOD, lambda d: d.pop("answer")),
    "empty answer": (GOOD, lambda d: d.update(answer={})),
    "unknown answer key": (GOOD, lambda d: d.update(answer={"cards": 3})),
    "a hand size in words": (GOOD, lambda d: d.update(answer={"hand_size": {"C": "eight"}})),
    "a negative pending": (GOOD, lambda d: d.update(pending=-2)),
    "direction as a number": (GOOD, lambda d: d.update(direction=1)),
    "eliminated as one seat": (GOOD, lambda d: d.update(answer={"eliminated": "A"})),
    "a draw pile of 7": (GOOD, lambda d: d.update(draw_pile=7)),
    "an unknown card": (GOOD, lambda d: d["hands"].update(A=["purple 7"])),
    "an unknown move": (GOOD, lambda d: d.update(moves=["A jumps"])),
    "an unknown level": (GOOD, lambda d: d.update(level="expert")),
    "an unknown rule profile": (GOOD, lambda d: d.update(rules="uno-flip")),
    "an unknown rule option": (GOOD, lambda d: d.update(variant={"stack_everything": True})),
    "an unknown source": (GOOD, lambda d: d.update(source="a website, page 3")),
    "one player": (GOOD, lambda d: d.update(players=["A"])),
    "a seat name with a space": (GOOD, lambda d: d.update(players=["Ann B", "C", "D"])),
    "an unknown start": (GOOD, lambda d: d.update(start="middle")),
    "an unknown kind": (GOOD, lambda d: d.update(kind="riddle")),
    "a choice without a label": (GOOD, lambda d: d.update(choices=[{"answer": {"turn": "A"}}])),
    "a best move in a what-happens-next puzzle": (GOOD, lambda d: d.update(answer={"best": "A plays red +2"})),
    "an expert in a what-happens-next puzzle": (GOOD, lambda d: d.update(expert=BEST["expert"])),
    "a best-move puzzle without an expert": (BEST, lambda d: d.pop("expert")),
    "a best-move puzzle without a best move": (BEST, lambda d: d.update(answer={"turn": "A"})),
    "a best-move puzzle with one choice": (BEST, lambda d: d.update(choices=[{"move": "A plays blue +4"}])),
    "a best-move choice with an answer": (BEST, lambda d: d.update(
        choices=[{"label": "x", "answer": {"turn": "A"}}, {"move": "A draws", "why": "w"}])),
    "a best-move puzzle with a draw pile": (BEST, lambda d: d.update(draw_pile=["red 1"])),
    "a margin of 2": (BEST, lambda d: d["expert"].update(margin=2)),
    "an expert without a margin": (BEST, lambda d: d["expert"].pop("margin")),
    "no playouts": (BEST, lambda d: d["expert"].update(playouts=0)),
}


def test_the_two_examples_are_good():
    assert validator().is_valid(GOOD) and validator().is_valid(BEST)
    Puzzle.from_dict(GOOD)
    Puzzle.from_dict(BEST)


@pytest.mark.parametrize("name", BROKEN)
def test_a_broken_file_is_refused_by_the_schema_and_by_the_reader(name: str):
    base, change = BROKEN[name]
    data = _changed(base, change)
    assert not validator().is_valid(data), f"the schema accepts {name}"
    with pytest.raises(NomercyError):
        Puzzle.from_dict(data)
