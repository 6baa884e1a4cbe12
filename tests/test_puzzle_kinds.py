"""A puzzle kind is one module plus one registration.

The toy kind below (count the legal moves of the seat to move) is its own small module, as a
new kind in the package would be; registering it is the only other step. The loader, ``nomercy
check``, the ``nomercy puzzle`` commands and the puzzle board then take it, and none of them names a kind.
"""

from __future__ import annotations

from typing import Any, Iterator, Mapping

import pytest

from nomercy.core.errors import NomercyError, PuzzleError, brief
from nomercy.core.legality import legal_moves
from nomercy.core.moves import Move, format_move
from nomercy.puzzles.commands import show_text, solve_text
from nomercy.puzzles.puzzle import KINDS, Judgement, Option, Puzzle, PuzzleKind, register_kind


class CountTheMoves(PuzzleKind):
    """After the moves: how many moves do the rules allow the seat to move?"""

    name = "count-the-moves"
    summary = "count the legal moves"
    about = "Count every move the rules allow the seat to move, drawing included."
    answer_keys = ("legal_count",)

    def read(self, data: Mapping[str, Any], turn: str, where: str) -> dict[str, Any]:
        count = data["answer"].get("legal_count")
        if not isinstance(count, int) or isinstance(count, bool) or count < 0:
            raise PuzzleError(f"{where}answer.legal_count is a number of moves (0 or more), not {brief(count)}")
        return {}

    def options(self, puzzle: Puzzle) -> tuple[Option, ...]:
        return ()

    def check(self, puzzle: Puzzle) -> tuple[list[str], tuple[str, ...]]:
        real, said = _count(puzzle), puzzle.answer["legal_count"]
        return ([] if real == said else [f"legal_count expected {said}, got {real}"]), (f"{real} legal moves",)

    def inputs(self, puzzle: Puzzle) -> list[dict[str, Any]]:
        return [{"key": "legal_count", "label": "Legal moves", "kind": "number"}]

    def read_answer(self, puzzle: Puzzle, raw: Mapping[str, Any]) -> dict[str, Any]:
        value = raw.get("legal_count")
        if not str(value).strip().isdigit():
            raise NomercyError(f"Legal moves: enter a whole number, not {brief(value)}")
        return {"legal_count": int(str(value).strip())}

    def judge(self, puzzle: Puzzle, answer: Mapping[str, Any]) -> Judgement:
        real = _count(puzzle)
        right = answer.get("legal_count") == real
        return Judgement(right, "Right!" if right else "Not quite.",
                         () if right else (f"Legal moves: you answered {answer.get('legal_count')}, but it is {real}.",),
                         (f"{puzzle.transcript().end.seats[puzzle.transcript().end.turn]} has {real} legal moves.",))

    def solve_lines(self, puzzle: Puzzle) -> list[str]:
        state = puzzle.transcript().end
        return [format_move(move, state.seats) for move in _moves(puzzle)]


def _moves(puzzle: Puzzle) -> list[Move]:
    state = puzzle.transcript().end
    return [move for move in legal_moves(state) if move.seat == state.turn]


def _count(puzzle: Puzzle) -> int:
    return len(_moves(puzzle))


TOY = CountTheMoves()


@pytest.fixture
def toy_kind() -> Iterator[PuzzleKind]:
    register_kind(TOY)
    try:
        yield TOY
    finally:
        KINDS.pop(TOY.name)


def toy_file(**changes: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        "id": "count-after-a-two", "title": "How many moves?", "source": "original", "kind": "count-the-moves",
        "rules": "no-mercy", "players": ["A", "B"], "turn": "A", "discard": "red 5",
        "hands": {"A": ["red +2", "blue 3", "green 7"], "B": ["blue +2", "green 1", "red 9"]},
        "moves": ["A plays red +2"], "question": "How many moves can B make?", "answer": {"legal_count": 2},
    }
    data.update(changes)
    return data


def test_a_registered_kind_is_loaded_checked_shown_and_solved(toy_kind: PuzzleKind) -> None:
    puzzle = Puzzle.from_dict(toy_file())
    assert puzzle.puzzle_kind is toy_kind
    assert puzzle.check() == [] and str(puzzle.result()) == "count-after-a-two: ok (2 legal moves)"
    assert Puzzle.from_dict(toy_file(answer={"legal_count": 3})).check() == ["legal_count expected 3, got 2"]
    assert "kind: count-the-moves (count the legal moves)" in show_text(puzzle)
    assert "B plays blue +2" in solve_text(puzzle) and "B draws" in solve_text(puzzle)


def test_the_kinds_own_validation_and_keys_go_with_it(toy_kind: PuzzleKind) -> None:
    with pytest.raises(PuzzleError, match="answer.legal_count is a number of moves"):
        Puzzle.from_dict(toy_file(answer={"legal_count": "two"}))
    with pytest.raises(PuzzleError, match="answer.legal_count belongs to a count-the-moves puzzle"):
        Puzzle.from_dict(toy_file(kind="what-happens-next"))


def test_without_its_registration_the_kind_is_unknown() -> None:
    with pytest.raises(PuzzleError, match="kind is what-happens-next, best-move or better-move, not 'count-the-moves'"):
        Puzzle.from_dict(toy_file())


def test_a_kind_is_registered_once_and_adds_no_key_the_format_has(toy_kind: PuzzleKind) -> None:
    with pytest.raises(NomercyError, match="already registered"):
        register_kind(TOY)

    class Clash(CountTheMoves):
        name = "clash"
        answer_keys = ("turn",)

    with pytest.raises(NomercyError, match="adds keys another kind or the format already has: turn"):
        register_kind(Clash())


def test_the_board_asks_and_judges_a_registered_kind(toy_kind: PuzzleKind) -> None:
    pytest.importorskip("anywidget")
    from nomercy.widgets import PuzzleBoard

    board = PuzzleBoard(Puzzle.from_dict(toy_file()))
    assert board.puzzle["kind"] == "count-the-moves" and board.puzzle["about"].startswith("Count every move")
    assert [f["key"] for f in board.puzzle["fields"]] == ["legal_count"] and board.puzzle["choices"] == []
    board.answer({"legal_count": "3"})
    assert board.feedback["correct"] is False
    assert board.feedback["problems"] == ["Legal moves: you answered 3, but it is 2."]
    board.answer({"legal_count": 2})
    assert board.feedback["correct"] is True and board.feedback["truth"] == ["B has 2 legal moves."]
    assert board.show_me("last")["move"] == "A plays red +2"
