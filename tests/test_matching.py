"""Ruling 3 and 5: match color, number or symbol; a wild goes on anything and names a color."""

from __future__ import annotations

import pytest

from conftest import play, table
from nomercy import Card, Color, Draw, Play
from nomercy import is_legal, legal_moves, why_illegal


def game_with(a_hand, discard="red 5", color=None, **kw):
    extra = {"color": color} if color else {}
    return table(players="ABC", discard=discard, hands={"A": a_hand, "B": ["blue 9", "green 2"], "C": ["green 1", "blue 2"]},
                 **extra, **kw)


@pytest.mark.parametrize("card", ["red 9", "blue 5", "red skip", "red +2", "red discard-all"])
def test_a_card_matching_color_or_number_may_be_played(card):
    game = game_with([card, "yellow 1"])
    assert is_legal(game, f"A plays {card}")


@pytest.mark.parametrize("top, card", [("red skip", "blue skip"), ("green reverse", "yellow reverse"),
                                       ("blue +2", "red +2"), ("yellow skip-all", "green skip-all"),
                                       ("blue discard-all", "red discard-all"), ("blue +4", "green +4")])
def test_a_card_matching_the_symbol_may_be_played(top, card):
    game = table(players="ABC", discard=top, hands={"A": [card, "yellow 1"], "B": ["blue 9"], "C": ["green 1"]},
                 pending=0)
    assert is_legal(game, f"A plays {card}")


@pytest.mark.parametrize("card", ["blue 9", "green skip", "yellow +2", "blue 7"])
def test_a_card_matching_nothing_is_refused(card):
    game = game_with([card, "yellow 1"])
    reason = why_illegal(game, f"A plays {card}" + (" swapping with B" if card.endswith("7") else ""))
    assert reason is not None
    assert card in reason and "red 5" in reason


@pytest.mark.parametrize("wild", ["wild reverse +4", "wild +6", "wild +10", "wild roulette"])
def test_a_wild_goes_on_anything(wild):
    game = game_with([wild, "yellow 1"], discard="blue 8")
    plays = [a for a in legal_moves(game) if isinstance(a, Play) and a.card == Card.parse(wild)]
    assert plays


@pytest.mark.parametrize("wild", ["wild reverse +4", "wild +6", "wild +10"])
def test_the_player_of_a_wild_names_any_color(wild):
    game = game_with([wild, "yellow 1"])
    plays = {a.color for a in legal_moves(game) if isinstance(a, Play) and a.card == Card.parse(wild)}
    assert plays == set(Color)
    after, _ = play(game, f"A plays {wild} choosing green")
    assert after.color is Color.GREEN
    assert after.top_card == Card.parse(wild)


def test_a_wild_without_a_color_is_refused():
    game = game_with(["wild +6", "yellow 1"])
    assert "color" in why_illegal(game, "A plays wild +6")


def test_the_named_color_is_what_the_next_player_must_match():
    game = table(players="ABC", discard="wild +6", color="green",
                 hands={"A": ["green 3", "red 3", "blue 7"], "B": ["blue 9"], "C": ["green 1"]})
    assert is_legal(game, "A plays green 3")
    assert not is_legal(game, "A plays red 3")


def test_the_named_color_is_in_force_after_a_wild_not_the_wild_itself():
    game = game_with(["wild +10", "yellow 1"])
    after, _ = play(game, "A plays wild +10 choosing yellow", "B draws")
    # C may match yellow, and no other color
    assert after.color is Color.YELLOW
    assert after.turn == 2


def test_a_player_who_can_play_must_play():
    game = game_with(["red 9", "yellow 1"])
    assert Draw(0) not in legal_moves(game)
    reason = why_illegal(game, "A draws")
    assert "red 9" in reason and "must play" in reason


def test_with_voluntary_draw_a_player_may_draw_instead():
    game = game_with(["red 9", "yellow 1"], variant={"voluntary_draw": True})
    assert Draw(0) in legal_moves(game)


def test_a_player_who_cannot_play_may_only_draw():
    game = game_with(["blue 9", "yellow 1"])
    assert list(legal_moves(game)) == [Draw(0)]


def test_legal_moves_are_complete_decisions():
    game = game_with(["red 7", "wild +6", "red 8"])
    texts = legal_moves(game).texts()
    assert "A plays red 7 swapping with B" in texts
    assert "A plays red 7 swapping with C" in texts
    assert "A plays wild +6 choosing blue" in texts
    assert "A plays red 8" in texts
    assert "A plays red 7" not in texts
    assert "A plays wild +6" not in texts
    for text in texts:
        assert text in legal_moves(game)


def test_a_played_card_goes_on_top_and_the_turn_passes_on():
    game = game_with(["red 9", "yellow 1"])
    after, events = play(game, "A plays red 9")
    assert after.top_card == Card.parse("red 9")
    assert after.hand("A") == (Card.parse("yellow 1"),)
    assert after.turn == 1
    assert events[0].sentence == "A plays red 9."


def test_legal_moves_print_in_notation_and_accept_notation():
    game = game_with(["red 9", "yellow 1"])
    assert str(legal_moves(game)) == "A plays red 9"
    assert "A plays r9" in legal_moves(game)
    assert "A plays yellow 1" not in legal_moves(game)
    assert "A plays purple 9" not in legal_moves(game)  # bad notation is simply not a legal move
