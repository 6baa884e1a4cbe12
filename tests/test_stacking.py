"""Ruling 6, 6b, 6c: stacking by the last card's value, and the taker losing the turn."""

from __future__ import annotations

import pytest

from conftest import kinds, of_kind, play, table, turn_moves
from nomercy import Card, Draw
from nomercy import is_legal, legal_moves, why_illegal


def four_players(variant=None, **hands):
    base = {"A": ["red +2", "blue 3"], "B": ["blue +4", "green 1"], "C": ["wild +6", "yellow 9"],
            "D": ["green +4", "yellow 3", "red 1"]}
    base.update(hands)
    return table(hands=base, variant=variant or {})


def test_two_then_four_then_six_and_the_fourth_player_takes_twelve():
    game, events = play(four_players(), "A plays red +2", "B plays blue +4", "C plays wild +6 choosing green")
    assert game.pending == 12
    assert game.stack_value == 6
    assert game.turn == 3
    assert of_kind(events, "StackGrew")[-1].minimum == 6
    after, events = play(game, "D draws")
    assert len(after.hand("D")) == 3 + 12
    assert after.pending == 0
    assert after.turn == 0  # D lost the turn
    assert "TurnLost" in kinds(events)


def test_the_answer_must_be_worth_the_last_card_not_the_total():
    game, _ = play(four_players(), "A plays red +2", "B plays blue +4")
    assert game.pending == 6
    # a +6 answers a +4 although 6 cards are pending in total... and a +4 answers a +4
    assert is_legal(game, "C plays wild +6 choosing red")
    other = four_players(C=["yellow +4", "yellow 9"])
    other, _ = play(other, "A plays red +2", "B plays blue +4")
    assert is_legal(other, "C plays yellow +4")


def test_a_smaller_draw_card_does_not_answer():
    game, _ = play(four_players(), "A plays red +2", "B plays blue +4", "C plays wild +6 choosing green")
    reason = why_illegal(game, "D plays green +4")
    assert reason == "D cannot answer wild +6 with green +4: a stacked draw card must be worth at least +6"
    assert turn_moves(game, "D") == [Draw(3)]


def test_color_does_not_matter_when_stacking():
    game = four_players(B=["green +2", "green 1"])
    game, _ = play(game, "A plays red +2")
    assert is_legal(game, "B plays green +2")


@pytest.mark.parametrize("card", ["blue skip", "blue reverse", "blue skip-all", "blue discard-all", "red 2",
                                  "wild roulette"])
def test_only_draw_cards_answer_a_stack(card):
    game = four_players(B=[card, "green 1"])
    game, _ = play(game, "A plays red +2")
    reason = why_illegal(game, f"B plays {card}")
    assert reason is not None
    assert "only a draw card" in reason
    assert turn_moves(game, "B") == [Draw(1)]


def test_the_taker_may_decline_to_answer():
    game, _ = play(four_players(), "A plays red +2")
    assert Draw(1) in legal_moves(game)
    after, _ = play(game, "B draws")
    assert len(after.hand("B")) == 4 and after.turn == 2


def test_a_player_with_a_pending_draw_cannot_pass():
    game, _ = play(four_players(), "A plays red +2")
    assert why_illegal(game, "B passes") is not None


@pytest.mark.parametrize("stacking, on_top, answer, legal", [
    ("official", "red +2", "blue +2", True),
    ("official", "blue +4", "red +2", False),
    ("official", "wild +10", "wild +6", False),
    ("wilds-on-anything", "wild +10", "wild +6", True),
    ("wilds-on-anything", "wild +10", "wild reverse +4", True),
    ("wilds-on-anything", "wild +6", "red +4", False),
    ("wilds-on-anything", "blue +4", "red +2", False),
    ("anything-goes", "wild +10", "red +2", True),
    ("anything-goes", "blue +4", "red +2", True),
    ("none", "red +2", "blue +2", False),
    ("none", "red +2", "wild +10", False),
])
def test_stacking_options(stacking, on_top, answer, legal):
    color = {"color": "red"} if Card.parse(on_top).is_wild else {}  # a colored card on top sets the color itself
    game = table(players="ABC", discard=on_top, **color, pending=Card.parse(on_top).draw_value,
                 hands={"A": [answer, "yellow 1"], "B": ["green 1"], "C": ["blue 1"]}, variant={"stacking": stacking})
    move = f"A plays {answer}" + (" choosing red" if answer.startswith("wild") else "")
    assert is_legal(game, move) == legal, why_illegal(game, move)
    if legal:
        after, _ = play(game, move)
        assert after.pending == Card.parse(on_top).draw_value + Card.parse(answer).draw_value
    else:
        assert turn_moves(game, "A") == [Draw(0)]


def test_without_stacking_the_next_player_draws_and_loses_the_turn():
    game = table(players="ABC", hands={"A": ["red +2", "yellow 1"], "B": ["blue +2", "green 1"], "C": ["blue 1"]},
                 variant={"stacking": "none"})
    game, events = play(game, "A plays red +2")
    assert turn_moves(game, "B") == [Draw(1)]
    assert "no stacking" in why_illegal(game, "B plays blue +2")
    after, _ = play(game, "B draws")
    assert len(after.hand("B")) == 4 and after.turn == 2


def test_stacking_a_plus_ten_on_a_plus_ten():
    game = table(players="ABC", discard="wild +10", color="red", pending=10,
                 hands={"A": ["wild +10", "yellow 1"], "B": ["green 1"], "C": ["blue 1"]})
    after, _ = play(game, "A plays wild +10 choosing blue")
    assert after.pending == 20 and after.turn == 1 and after.color.value == "blue"


def test_a_stacked_total_is_drawn_card_by_card_from_the_top_of_the_pile():
    game = table(players="ABC", hands={"A": ["red +2", "yellow 1"], "B": ["green 1"], "C": ["blue 1"]},
                 draw_pile=["blue 5", "blue 6", "blue 7"])
    after, _ = play(game, "A plays red +2", "B draws")
    assert sorted(map(str, after.hand("B"))) == ["blue 5", "blue 6", "green 1"]
    assert after.draw_pile[0] == Card.parse("blue 7")
