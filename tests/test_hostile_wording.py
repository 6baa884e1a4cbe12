"""Hostile values for the wording module's one entry point that takes outside data: the strengths of a table's
computer opponents (the Play page's settings pass them). Each is refused in one line, in the game's words."""

from __future__ import annotations

import pytest

from nomercy.core.errors import NomercyError
from nomercy.core.wording import COMPUTER_NAMES, table_players

HOSTILE_COVERS = ("api:nomercy.core.wording.table_players(strengths)",)


@pytest.mark.parametrize("strengths", [None, "steady", [], (), ["steady"] * (len(COMPUTER_NAMES) + 1), 3,
                                       {"steady": 1}, ["hard"], ["Steady"], [None], [1], ["steady", 2.5],
                                       ["easy", ""], [["steady"]], ["steady\n"]])
def test_a_strength_the_table_does_not_know_is_refused_in_one_line(strengths):
    with pytest.raises(NomercyError) as refused:
        table_players(strengths)
    message = str(refused.value)
    assert "\n" not in message and "easy, steady or strong" in message
    assert not any(word in message for word in ("NoneType", "TypeError", "True", "False", "None", "<", "object"))


@pytest.mark.parametrize("count", range(1, len(COMPUTER_NAMES) + 1))
def test_one_to_five_opponents_of_any_strength_get_a_table(count):
    players = table_players(["strong", "easy", "steady"][:1] * count)
    assert len(players) == count + 1 and list(players.values()).count("human") == 1
