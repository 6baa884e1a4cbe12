"""The moves a story puzzle's board lists: they say what the question is about and never its answer.

A newcomer read "What was played: B draws / B plays yellow 2" above "What lies on top?": the card a draw turns up
is the question's to ask, so a play of the card just drawn is listed as such, and the list says it holds moves the
rules may refuse (a question asks "Allowed?" about one of them)."""

from __future__ import annotations

import pytest

from nomercy.core.cards import Card
from nomercy.core.i18n import LANGUAGES
from nomercy.puzzles.puzzle import load_puzzles
from nomercy.puzzles.puzzle_languages import translated
from nomercy.widgets.puzzle_board import PuzzleBoard

STORIES = [p for p in load_puzzles() if p.puzzle_kind.shows_moves and p.moves]


def _drawn_top(puzzle) -> Card | None:
    """The card the answer puts on top when no hand held it at the start (a draw turned it up)."""
    answer = puzzle.answer if isinstance(puzzle.answer, dict) else {}
    top = answer.get("top")
    if top is None:
        return None
    card = top if isinstance(top, Card) else Card.parse(str(top))
    held = [c for cards in puzzle.hands.values() for c in cards]
    return None if card in held else card


def test_a_card_a_draw_turns_up_is_never_named_in_the_moves_above_the_question() -> None:
    drawn = [(p, card) for p in STORIES if (card := _drawn_top(p)) is not None]
    assert {"draw-until-playable", "draw-official", "voluntary-draw-on"} <= {p.id for p, _ in drawn}
    for puzzle, card in drawn:
        board = PuzzleBoard(puzzle)
        assert not any(str(card) in move for move in board.puzzle["moves"]), (puzzle.id, board.puzzle["moves"])
    board = PuzzleBoard("draw-until-playable")
    assert board.puzzle["moves"] == ["B draws", "B plays the card drawn"]
    assert board.puzzle["moves_intro"] == "The moves, in order (the rules may refuse one):"


@pytest.mark.parametrize("lang", [code for code in LANGUAGES if code != "en"])
def test_the_moves_and_their_line_are_in_the_boards_language(lang: str) -> None:
    puzzles = [p for p in translated([p for p in STORIES if p.id == "draw-until-playable"], lang)]
    assert puzzles, f"draw-until-playable is translated into {lang}"
    board = PuzzleBoard(puzzles)
    board._lang = lang
    board.goto(0)
    assert board.puzzle["moves_intro"] != "The moves, in order (the rules may refuse one):"
    assert "yellow" not in " ".join(board.puzzle["moves"]) and "plays the card drawn" not in board.puzzle["moves"][1]
