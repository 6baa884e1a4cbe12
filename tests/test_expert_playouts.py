"""Who plays which seat in the expert's playouts: greedy for the others; for itself greedy, or the sharp policy."""

from __future__ import annotations

import pytest

from conftest import table
from nomercy import Play, apply
from nomercy.core.errors import PlayerError
from nomercy.play.players import make_player, required_moves
from nomercy.play.players.expert import ExpertPlayer, _greedy_everywhere
from nomercy.play.players.greedy import GreedyPlayer, SharpGreedy

# A holds three reds and a lone blue 5 on a red 5: greedy keeps to red (two reds would
# still fit after a red 3), the sharp policy lets the lone blue go.
SHORT_COLOR = {"A": ["red 3", "red 8", "red 9", "blue 5", "green 1"], "B": ["yellow 1", "yellow 2", "green 4"]}


def _position(turn: str = "A"):
    hands = SHORT_COLOR if turn == "A" else {"A": SHORT_COLOR["B"], "B": SHORT_COLOR["A"]}
    return table(players="AB", turn=turn, discard="red 5", hands=hands)


def _card(move) -> str:
    assert isinstance(move, Play)
    return str(move.card)


def test_greedy_keeps_to_its_long_color():
    game = _position()
    assert _card(GreedyPlayer().choose(game.view(0), required_moves(game))) != "blue 5"


def test_the_sharp_policy_lets_its_short_color_go():
    game = _position()
    assert _card(SharpGreedy().choose(game.view(0), required_moves(game))) == "blue 5"


# With two players a wild reverse +4 comes back to the player who played it; holding a
# wild +10 as well, A can answer its own card at once and send 14 cards to B.
PUMP = {"A": ["wild reverse +4", "wild +10", "red 7", "blue 2"], "B": ["green 1", "green 2", "green 3", "green 4"]}


def test_greedy_never_plays_a_wild_reverse_four_that_comes_back_to_it():
    game = table(players="AB", turn="A", discard="red 5", hands=PUMP)
    assert _card(GreedyPlayer().choose(game.view(0), required_moves(game))) != "wild reverse +4"


def test_the_sharp_policy_plays_it_when_it_keeps_a_draw_card_to_pass_the_total_on():
    game = table(players="AB", turn="A", discard="red 5", hands=PUMP)
    assert _card(SharpGreedy().choose(game.view(0), required_moves(game))) == "wild reverse +4"
    game = apply(game, next(m for m in required_moves(game) if _card(m) == "wild reverse +4"))[0]
    assert game.turn == 0 and game.pending == 4
    answer = SharpGreedy().choose(game.view(0), required_moves(game))
    assert _card(answer) == "wild +10"
    game = apply(game, answer)[0]
    assert game.turn == 1 and game.pending == 14


def test_the_sharp_policy_does_not_play_it_with_nothing_to_pass_it_on():
    hands = {"A": ["wild reverse +4", "red +2", "red 7", "blue 2"], "B": PUMP["B"]}
    game = table(players="AB", turn="A", discard="red 5", hands=hands)
    assert _card(SharpGreedy().choose(game.view(0), required_moves(game))) != "wild reverse +4"


def test_with_sharp_the_expert_plays_its_own_seat_in_a_playout_by_the_sharp_policy():
    playout = _greedy_everywhere(GreedyPlayer(seed=0), False, mine=SharpGreedy(seed=0), me=0)
    assert _card(playout(_position("A"))) == "blue 5"


def test_the_other_seats_in_a_playout_stay_greedy():
    """The opponent is played as greedy plays, whatever policy the expert gives its own seat."""
    playout = _greedy_everywhere(GreedyPlayer(seed=0), False, mine=SharpGreedy(seed=0), me=0)
    assert _card(playout(_position("B"))) != "blue 5"


def test_with_sharp_the_search_takes_the_sharp_move_as_its_reference():
    game = _position()
    view, legal = game.view(0), required_moves(game)
    assert _card(ExpertPlayer(sharp="on").shortlist(view, legal)[0]) == "blue 5"
    assert _card(ExpertPlayer(sharp="off").shortlist(view, legal)[0]) != "blue 5"


def test_sharp_is_a_switch_of_the_expert_and_on_by_default():
    assert ExpertPlayer().sharp is True
    assert make_player("expert").sharp is True
    assert make_player("expert", sharp="off").sharp is False
    with pytest.raises(PlayerError, match="sharp"):
        ExpertPlayer(sharp="sometimes")
