"""Ruling 20: jump-in (off by default): an identical card may be played out of turn."""

from __future__ import annotations

from conftest import of_kind, play, table
from nomercy import Card, Play
from nomercy import legal_moves, why_illegal

HANDS = {"A": ["blue 1", "blue 2"], "B": ["green 1", "green 2"], "C": ["red 5", "green 3"], "D": ["green 6", "red 6"]}


def game(**variant):
    return table(hands=dict(HANDS), variant=variant)


def test_jump_in_is_off_by_default():
    reason = why_illegal(game(), "C plays red 5")
    assert reason is not None and "jump-in is off" in reason
    assert not [a for a in legal_moves(game()) if a.seat == 2]


def test_an_identical_card_may_jump_in_and_play_goes_on_from_there():
    table_ = game(jump_in=True)
    assert Play(2, Card.parse("red 5")) in legal_moves(table_)
    after, events = play(table_, "C plays red 5")
    assert after.turn == 3  # D plays next, B and A are passed over
    assert after.top_card == Card.parse("red 5")
    jumped = of_kind(events, "JumpedIn")[0]
    assert jumped.rule == "jump-in" and jumped.player == "C"


def test_a_card_that_only_matches_is_not_enough_to_jump_in():
    table_ = table(hands={**HANDS, "C": ["red 7", "blue 5", "green 3"]}, variant={"jump_in": True})
    assert "identical" in why_illegal(table_, "C plays blue 5")
    assert "identical" in why_illegal(table_, "C plays red 7 swapping with A")


def test_no_jumping_in_on_a_pending_draw():
    table_ = table(discard="red +2", pending=2, hands={**HANDS, "C": ["red +2", "green 3"]}, variant={"jump_in": True})
    assert why_illegal(table_, "C plays red +2") is not None
    assert not [a for a in legal_moves(table_) if a.seat == 2]


def test_jump_in_with_a_seven_names_a_target():
    table_ = table(discard="red 7", hands={**HANDS, "C": ["red 7", "green 3"]}, variant={"jump_in": True})
    after, _ = play(table_, "C plays red 7 swapping with A")
    assert sorted(map(str, after.hand("C"))) == ["blue 1", "blue 2"]
    assert after.turn == 3


def test_the_player_whose_turn_it_is_plays_normally_with_jump_in_on():
    table_ = table(hands={**HANDS, "A": ["red 5", "blue 2"], "C": ["green 3"]}, variant={"jump_in": True})
    after, events = play(table_, "A plays red 5")
    assert not of_kind(events, "JumpedIn")
    assert after.turn == 1
