"""Generated puzzles explain themselves in words: which rulings acted, and why, not the event log."""

from __future__ import annotations

import re

import pytest

from nomercy.puzzles.explain import explain
from nomercy.puzzles.generate import generate_puzzles
from nomercy.puzzles.puzzle import Puzzle
from nomercy.core.rulebook import RULINGS
from conftest import collection

GENERATED = [p for p in collection() if p.source.startswith("generated")]
TITLES = {ruling.title for ruling in RULINGS.values()}


def test_the_collection_has_generated_puzzles():
    assert len(GENERATED) >= 8


@pytest.mark.parametrize("puzzle", GENERATED, ids=lambda p: p.id)
def test_a_generated_puzzle_carries_the_words_explain_gives(puzzle: Puzzle):
    assert puzzle.explanation == explain(puzzle.position(), puzzle.moves)


@pytest.mark.parametrize("puzzle", GENERATED, ids=lambda p: p.id)
def test_the_explanation_names_rulings_and_is_not_the_event_log(puzzle: Puzzle):
    _, events = puzzle.solution()
    text = puzzle.explanation
    assert text != " ".join(e.sentence for e in events)
    assert "draw them all" not in text and " plays " not in text, "no sentence of the log is copied"
    heads = re.findall(r"(?:^|\. )([A-Z][\w +-]*?):", text)
    assert heads and set(heads) <= TITLES, heads
    assert len(text) <= 900  # room for the scoring sum, card by card


def _puzzle(hands: dict, moves: list[str], **more) -> Puzzle:
    return Puzzle.from_dict({"id": "x", "title": "x", "source": "original", "rules": "no-mercy",
                             "players": list(hands), "turn": "A", "discard": "red 5", "hands": hands,
                             "moves": moves, "question": "?", "answer": {"turn": "A"}, **more})


def test_a_stack_says_who_answered_and_why_the_last_player_took_it():
    chose = _puzzle({"A": ["red +2", "red 1"], "B": ["blue +2", "blue 1"], "C": ["green +4", "green 1"]},
                    ["A plays red +2", "B plays blue +2", "C draws"])
    assert explain(chose.position(), chose.moves) == (
        "Stacking: A's red +2 made B face 2 cards; B answered with blue +2, worth at least the card on top, "
        "so the stack grew to 4. C could have answered but chose to draw, took the 4 cards and lost the turn.")
    could_not = _puzzle({"A": ["red +2", "red 1"], "B": ["blue 7", "blue 1"], "C": ["green 1"]},
                        ["A plays red +2", "B draws"])
    assert explain(could_not.position(), could_not.moves) == (
        "Draw cards: A's red +2 made B face 2 cards. B had no draw card that could answer it, took the 2 cards "
        "and lost the turn.")


def test_a_knockout_says_the_limit_and_what_became_of_the_rest_of_the_draw():
    p = _puzzle({"A": ["wild +10", "red 1"], "B": {"cards": ["blue 1"], "more": 19}, "C": ["green 1"]},
                ["A plays wild +10 choosing red", "B draws"], seed=1)
    text = explain(p.position(), p.moves)
    assert text.endswith("Mercy rule: B reached 25 cards (the limit is 25) and was knocked out; "
                         "the other 5 cards of the draw were cancelled.")


def test_the_generator_writes_the_explanation_in_words():
    for data in generate_puzzles("no-mercy", count=3, seed=7):
        puzzle = Puzzle.from_dict(data)
        assert data["explanation"] == explain(puzzle.position(), puzzle.moves)
