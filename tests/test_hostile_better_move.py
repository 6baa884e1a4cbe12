"""Hostile tests of the better-move puzzle (a kept mistake) and of the review's search at one decision.

A better-move file with its coach settings wrong, the move played missing, unreadable or not one the seat could
make, choices listed, a draw pile, or the others' cards shown is refused in one line naming what is wrong; an
answer that is no move, or one the rules refuse, is judged wrong with why, never an error; ``weigh_decision``
given values of no kind refuses them in one line.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from hostile_values import SAMPLE, answer, clear
from nomercy.core.errors import NomercyError
from nomercy.core.state import GameState
from nomercy.play.coach import weigh_decision
from nomercy.play.coach_warnings import seat_moves
from nomercy.play.game import Game
from nomercy.puzzles.better_move import BETTER_MOVE, ratings
from nomercy.puzzles.puzzle import Puzzle

HOSTILE_COVERS = ("file:kept-puzzle", "file:puzzle")

GOOD: dict[str, Any] = {
    "id": "mine-0123456789ab", "title": "Your move 9: find a better move", "source": "original, a mistake",
    "kind": "better-move", "topic": "your-mistakes", "rules": "no-mercy", "players": ["You", "Bo", "Cy"],
    "turn": "You", "discard": "red +2", "pending": 2,
    "hands": {"You": ["blue +4"], "Bo": {"more": 5}, "Cy": {"more": 6}},
    "moves": [], "question": "You played You draw. Find a better move.",
    "answer": {"better_than": "You draw"}, "coach": {"seed": 1, "playouts": 40, "margin": 0.01},
}


def _with(**changes: Any) -> dict[str, Any]:
    data = copy.deepcopy(GOOD)
    for key, value in changes.items():
        if value is ...:
            del data[key]
        else:
            data[key] = value
    return data


def test_the_good_file_reads_and_passes_its_check() -> None:
    puzzle = Puzzle.from_dict(GOOD)
    assert puzzle.result().ok
    assert ratings(puzzle).better == ("You play blue +4",)


@pytest.mark.parametrize("data, says", [
    (_with(coach=...), "records the coach's search as coach:"),
    (_with(coach={"seed": 1, "playouts": 40}), "records the coach's search as coach:"),
    (_with(coach={"seed": 1, "playouts": 40, "margin": 0.01, "depth": 9}), "records the coach's search as coach:"),
    (_with(coach=[1, 2, 3]), "records the coach's search as coach:"),
    (_with(coach={"seed": -1, "playouts": 40, "margin": 0.01}), "coach.seed"),
    (_with(coach={"seed": "x", "playouts": 40, "margin": 0.01}), "coach.seed"),
    (_with(coach={"seed": 1, "playouts": 0, "margin": 0.01}), "coach.playouts"),
    (_with(coach={"seed": 1, "playouts": 10**9, "margin": 0.01}), "coach.playouts"),
    (_with(coach={"seed": 1, "playouts": True, "margin": 0.01}), "coach.playouts"),
    (_with(coach={"seed": 1, "playouts": 40, "margin": 0}), "coach.margin"),
    (_with(coach={"seed": 1, "playouts": 40, "margin": float("nan")}), "coach.margin"),
    (_with(coach={"seed": 1, "playouts": 40, "margin": "much"}), "coach.margin"),
    (_with(answer={"best": "You draw"}), "answer.best belongs to a best-move puzzle"),
    (_with(answer={"better_than": 7}), "answer names the move played"),
    (_with(answer={"better_than": "You dance"}), "cannot read move"),
    (_with(choices=[{"move": "You draw"}, {"move": "You play blue +4"}]), "lists no choices"),
    (_with(draw_pile=["red 1"]), "has no draw_pile"),
    (_with(hands={"You": ["blue +4"], "Bo": ["red 1", "red 2"], "Cy": {"more": 6}}), "give Bo as {more: N}"),
    (_with(expert={"seed": 1, "playouts": 40, "depth": 9, "margin": 0.1}), "expert belongs to a best-move puzzle"),
])
def test_a_broken_better_move_file_is_refused_in_a_line(data: dict[str, Any], says: str) -> None:
    with pytest.raises(NomercyError) as refused:
        Puzzle.from_dict(data)
    message = str(refused.value)
    assert says in message and clear(message), message


@pytest.mark.parametrize("played, says", [
    ("You play red 1", "answer.better_than 'You play red 1' is refused"),  # a card the seat does not hold
    ("Bo draws", "answer.better_than 'Bo draws' is refused"),  # not the seat to move
    ("You play blue +4", "finds no move clearly better than 'You play blue +4'"),  # the best move called the one played
])
def test_a_move_played_the_check_cannot_stand_on_fails_the_check_in_a_line(played: str, says: str) -> None:
    result = Puzzle.from_dict(_with(answer={"better_than": played})).result()
    assert not result.ok and says in result.problems[0] and clear(result.problems[0]), result.problems


@pytest.mark.parametrize("given", [*SAMPLE[:30], "You play red 1", "Bo draws", "x" * 10_000, "You dance"],
                         ids=range(34))
def test_an_answer_that_is_no_better_move_is_judged_wrong_with_why(given: Any) -> None:
    puzzle = Puzzle.from_dict(GOOD)
    judged = answer(lambda: BETTER_MOVE.judge(puzzle, {"move": given}))
    assert judged is not None and not judged.correct
    assert judged.problems and all(clear(line) for line in (judged.verdict, *judged.problems)), judged


def test_the_coach_search_at_one_decision_refuses_values_of_no_kind() -> None:
    state = Game("no-mercy", ["You", "Bo"], seed=3).state
    move = seat_moves(state, state.turn)[0][-1]
    good: dict[str, Any] = {"state": state, "seat": state.turn, "played": move, "seed": 1, "budget": 20, "every": False}
    assert weigh_decision(**good).choice is not None
    for name, values in {"state": [None, "state", 7, state.to_text()], "seat": [None, 5, -3, "Nobody", 1.5],
                         "played": [None, "You draw", 7, state.parse_move("Bo calls uno")],
                         "seed": [None, -1, "x", 2**80, 1.5], "budget": [None, 0, -5, 10**9, "many", True],
                         "every": [None, "perhaps", 7]}.items():
        for value in values:
            with pytest.raises(NomercyError) as refused:
                weigh_decision(**{**good, name: value})
            assert clear(str(refused.value)), (name, value, str(refused.value))
    assert isinstance(state, GameState)
