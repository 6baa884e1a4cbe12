"""Ruling 13 (7 swaps hands), 14 (0 passes every hand along) and 16 (a last 7 or 0 swaps nothing)."""

from __future__ import annotations

import pytest

from conftest import hand_texts, kinds, knock_out, of_kind, play, table, turn_moves
from nomercy import Card, Play
from nomercy import is_legal, legal_moves, why_illegal

HANDS = {"A": ["red 7", "red 0", "blue 1"], "B": ["green 1", "green 2"], "C": ["yellow 3"], "D": ["blue 4", "blue 5", "blue 6"]}


def four(**kw):
    return table(hands=dict(HANDS), **kw)


def test_a_seven_swaps_hands_with_the_chosen_player():
    after, events = play(four(), "A plays red 7 swapping with C")
    assert hand_texts(after, "A") == ["yellow 3"]
    assert hand_texts(after, "C") == ["blue 1", "red 0"]
    assert after.turn == 1
    assert after.direction_name == "clockwise"
    assert of_kind(events, "HandsSwapped")[0].rule == "seven"


def test_a_seven_must_name_a_target_among_the_others():
    game = four()
    sevens = [a for a in turn_moves(game, "A") if a.card == Card.parse("red 7")]
    assert {a.target for a in sevens} == {1, 2, 3}
    assert "must swap" in why_illegal(game, "A plays red 7")
    assert "themselves" in why_illegal(game, "A plays red 7 swapping with A")


def test_a_seven_cannot_swap_with_a_knocked_out_player():
    game = knock_out(four(), "C")
    sevens = [a for a in turn_moves(game, "A") if a.card == Card.parse("red 7")]
    assert {a.target for a in sevens} == {1, 3}
    assert "out of the round" in why_illegal(game, "A plays red 7 swapping with C")


def test_seven_swap_optional_allows_keeping():
    game = four(variant={"seven_swap": "optional"})
    sevens = {a.target for a in turn_moves(game, "A") if a.card == Card.parse("red 7")}
    assert sevens == {None, 1, 2, 3}
    kept, events = play(game, "A plays red 7 keeping")
    assert hand_texts(kept, "A") == ["blue 1", "red 0"]
    assert "HandsSwapped" not in kinds(events)
    assert "A plays red 7 keeping" in legal_moves(game).texts()


def test_seven_swap_off_swaps_nothing():
    game = four(variant={"seven_swap": "off"})
    assert is_legal(game, "A plays red 7")
    assert "seven_swap: off" in why_illegal(game, "A plays red 7 swapping with B")
    after, _ = play(game, "A plays red 7")
    assert hand_texts(after, "A") == ["blue 1", "red 0"]


def test_only_a_seven_takes_a_target():
    game = table(hands={**HANDS, "A": ["red 8", "blue 1"]})
    assert "only a 7" in why_illegal(game, "A plays red 8 swapping with B")


def test_a_zero_passes_every_hand_to_the_next_player_clockwise():
    after, events = play(four(), "A plays red 0")
    assert hand_texts(after, "B") == ["blue 1", "red 7"]
    assert hand_texts(after, "C") == ["green 1", "green 2"]
    assert hand_texts(after, "D") == ["yellow 3"]
    assert hand_texts(after, "A") == ["blue 4", "blue 5", "blue 6"]
    assert after.turn == 1
    assert of_kind(events, "HandsPassed")[0].rule == "zero"


def test_a_zero_passes_in_the_current_direction():
    after, _ = play(four(direction="counterclockwise"), "A plays red 0")
    assert hand_texts(after, "D") == ["blue 1", "red 7"]
    assert hand_texts(after, "C") == ["blue 4", "blue 5", "blue 6"]
    assert hand_texts(after, "B") == ["yellow 3"]
    assert hand_texts(after, "A") == ["green 1", "green 2"]
    assert after.turn == 3


def test_a_zero_skips_knocked_out_seats():
    game = knock_out(four(), "C")
    after, _ = play(game, "A plays red 0")
    assert hand_texts(after, "B") == ["blue 1", "red 7"]
    assert hand_texts(after, "D") == ["green 1", "green 2"]
    assert hand_texts(after, "A") == ["blue 4", "blue 5", "blue 6"]
    assert after.hand("C") == ()


def test_zero_pass_off_passes_nothing():
    after, events = play(four(variant={"zero_pass": False}), "A plays red 0")
    assert hand_texts(after, "A") == ["blue 1", "red 7"]
    assert "HandsPassed" not in kinds(events)


@pytest.mark.parametrize("card", ["red 7", "red 0"])
def test_a_last_seven_or_zero_wins_without_swapping(card):
    game = table(hands={**HANDS, "A": [card]})
    assert turn_moves(game, "A") == [Play(0, Card.parse(card))]
    after, events = play(game, f"A plays {card}")
    assert after.is_over and after.winner == 0
    assert "HandsSwapped" not in kinds(events) and "HandsPassed" not in kinds(events)
    assert hand_texts(after, "B") == ["green 1", "green 2"]
    if card == "red 7":
        assert "last" in why_illegal(game, "A plays red 7 swapping with B")


def test_a_seven_played_with_two_cards_left_swaps_the_last_card_away():
    game = table(hands={**HANDS, "A": ["red 7", "blue 1"]})
    after, _ = play(game, "A plays red 7 swapping with D")
    assert hand_texts(after, "A") == ["blue 4", "blue 5", "blue 6"]
    assert hand_texts(after, "D") == ["blue 1"]
    assert not after.is_over
