"""Hostile values for the wording module's one entry point that takes outside data: the strengths of a table's
computer opponents (the Play page's settings pass them). Each is refused in one line, in the game's words."""

from __future__ import annotations

import pytest

from nomercy.core.errors import NomercyError
from nomercy.core.wording import COMPUTER_NAMES, MOST_COMPUTERS, table_players

HOSTILE_COVERS = ("api:nomercy.core.wording.table_players(strengths)", "api:nomercy.core.wording.table_players(avoid)")


@pytest.mark.parametrize("strengths", [None, "steady", [], (), ["steady"] * (MOST_COMPUTERS + 1), 3,
                                       {"steady": 1}, ["hard"], ["Steady"], [None], [1], ["steady", 2.5],
                                       ["easy", ""], [["steady"]], ["steady\n"]])
def test_a_strength_the_table_does_not_know_is_refused_in_one_line(strengths):
    with pytest.raises(NomercyError) as refused:
        table_players(strengths)
    message = str(refused.value)
    assert "\n" not in message and "easy, steady or strong" in message
    assert not any(word in message for word in ("NoneType", "TypeError", "True", "False", "None", "<", "object"))


@pytest.mark.parametrize("count", range(1, MOST_COMPUTERS + 1))
def test_one_to_five_opponents_of_any_strength_get_a_table(count):
    players = table_players(["strong", "easy", "steady"][:1] * count)
    assert len(players) == count + 1 and list(players.values()).count("human") == 1


@pytest.mark.parametrize("learner", ["Sam", "sam", "SAM", "Sám", "Sa\u0301m", "ＳＡＭ", " Sam", "Alex", "ALEX", "Àlex",
                                     "Kim", "Robin", "Charlie", "Chárlie", "Jo"])
@pytest.mark.parametrize("count", range(1, MOST_COMPUTERS + 1))
def test_no_computer_seat_looks_like_the_learners_own_name(learner, count):
    """The learner typed their name on the Learn page; at the table no computer answers to it (or to it with other
    case, accents, width or spacing), and every seat still has a name of its own."""
    players = table_players(["steady"] * count, avoid=learner)
    looks = learner.strip().casefold().replace("\u0301", "").replace("á", "a").replace("à", "a")
    looks = looks.replace("ｓ", "s").replace("ａ", "a").replace("ｍ", "m")
    assert len(players) == count + 1 and len(set(players)) == count + 1
    assert all(name.casefold() != looks for name in players), (learner, players)


def test_a_name_no_computer_has_changes_nothing():
    assert table_players(["easy"] * MOST_COMPUTERS, avoid="Ann") == table_players(["easy"] * MOST_COMPUTERS)
    assert "Jo" not in table_players(["easy"] * MOST_COMPUTERS)


@pytest.mark.parametrize("avoid", [3, ["Sam"], b"Sam", {"Sam": 1}, "x" * 10_000, True])
def test_a_name_to_avoid_that_is_not_a_name_is_refused_in_one_line(avoid):
    with pytest.raises(NomercyError) as refused:
        table_players(["steady"], avoid=avoid)
    message = str(refused.value)
    assert "\n" not in message and "learner's name" in message
    assert not any(word in message for word in ("NoneType", "TypeError", "True", "False", "None", "<", "object"))


@pytest.mark.parametrize("avoid", ["\ud800", "", "\u200b", "S\u0301\u0301"])
def test_an_odd_name_to_avoid_still_gives_a_table(avoid):
    players = table_players(["steady", "easy"], avoid=avoid)
    assert list(players) == ["You", "Alex", "Sam"]
