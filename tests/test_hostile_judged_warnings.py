"""Hostile tests of the coach's judged warnings (one judge: the review's search upholds a warning or drops it).

``judged_warnings`` and the table's ``warning_advice`` given a value of no kind for any parameter refuse it in one
line in the game's words, before any search runs (a bad seed is refused even where no warning would come), and
leave the position as it was.
"""

from __future__ import annotations

from typing import Any

import pytest

from hostile_values import SAMPLE, answer, clear
from nomercy.core.errors import NomercyError
from nomercy.play.coach import judged_warnings
from nomercy.play.game import Game
from nomercy.play.table_coach import TABLE_BUDGET, warning_advice

HOSTILE_COVERS = ("api:nomercy.play.coach.judged_warnings(state)", "api:nomercy.play.coach.judged_warnings(seat)",
                  "api:nomercy.play.coach.judged_warnings(move)", "api:nomercy.play.coach.judged_warnings(seed)",
                  "api:nomercy.play.coach.judged_warnings(budget)",
                  "api:nomercy.play.table_coach.warning_advice(seed)")


def _position() -> Any:
    return Game("no-mercy", ["You", "Bo", "Cy"], seed=66).state


def test_good_values_answer_and_bad_ones_are_refused_in_a_line() -> None:
    state = _position()
    move = state.parse_move("You plays blue reverse")
    good: dict[str, Any] = {"state": state, "seat": "You", "move": move, "seed": 1, "budget": TABLE_BUDGET}
    assert judged_warnings(**good) == ()
    for name, values in {"state": [None, "state", 7, state.to_text()], "seat": [None, 5, -3, "Nobody", 1.5],
                         "move": [None, 7, "Bo draws", "You plays red 99", state.parse_move("Bo draws")],
                         "seed": [None, -1, "x", 2**80, 1.5], "budget": [None, 0, -5, 10**9, "many", True]}.items():
        for value in values:
            with pytest.raises(NomercyError) as refused:
                judged_warnings(**{**good, name: value})
            assert clear(str(refused.value)), (name, value, str(refused.value))
    assert state == _position(), "the position is as it was"


@pytest.mark.parametrize("value", SAMPLE, ids=lambda v: type(v).__name__)
def test_any_seed_is_answered_or_refused_clearly(value: Any) -> None:
    state = _position()
    answer(lambda: judged_warnings(state, "You", "You plays blue reverse", seed=value, budget=TABLE_BUDGET))
    answer(lambda: warning_advice(state, state.parse_move("You plays blue reverse"), uno_called=False, seed=value))
