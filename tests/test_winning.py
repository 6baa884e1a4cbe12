"""Ruling 16: playing your last card wins at once; a last draw card makes nobody draw (option last_card_draws)."""

from __future__ import annotations

import pytest

from conftest import of_kind, play, table
from nomercy import Phase
from nomercy import legal_moves, why_illegal

OTHERS = {"B": ["green 1", "green 2"], "C": ["green 3", "green 4"], "D": ["green 6", "green 8"]}


@pytest.mark.parametrize("card", ["red 9", "red skip", "red reverse", "red skip-all", "red discard-all"])
def test_playing_the_last_card_wins_at_once(card):
    after, events = play(table(hands={"A": [card], **OTHERS}), f"A plays {card}")
    assert after.is_over and after.winner == 0 and after.phase is Phase.OVER
    won = of_kind(events, "RoundWon")[0]
    assert won.how == "emptied hand" and won.rule == "winning"
    assert legal_moves(after) == () or len(legal_moves(after)) == 0


@pytest.mark.parametrize("card, move", [("red +2", "A plays red +2"), ("wild +10", "A plays wild +10 choosing red"),
                                        ("wild reverse +4", "A plays wild reverse +4 choosing red")])
def test_a_last_draw_card_makes_nobody_draw(card, move):
    after, _ = play(table(hands={"A": [card], **OTHERS}), move)
    assert after.is_over and after.pending == 0
    assert all(len(after.hand(s)) == 2 for s in "BCD")


def test_a_last_draw_card_into_a_stack_makes_nobody_draw():
    game = table(discard="blue +2", pending=2, hands={"A": ["red +2"], **OTHERS})
    after, _ = play(game, "A plays red +2")
    assert after.is_over and all(len(after.hand(s)) == 2 for s in "BCD")


def test_last_card_draws_option_makes_the_next_player_draw():
    game = table(hands={"A": ["red +2"], **OTHERS}, variant={"last_card_draws": True})
    after, _ = play(game, "A plays red +2")
    assert after.is_over and after.winner == 0
    assert len(after.hand("B")) == 4


def test_last_card_draws_option_draws_the_whole_stack():
    game = table(discard="blue +4", pending=4, hands={"A": ["red +4"], **OTHERS}, variant={"last_card_draws": True})
    after, _ = play(game, "A plays red +4")
    assert len(after.hand("B")) == 2 + 8


def test_last_card_draws_wild_reverse_hits_the_player_in_the_new_direction():
    game = table(hands={"A": ["wild reverse +4"], **OTHERS}, variant={"last_card_draws": True})
    after, _ = play(game, "A plays wild reverse +4 choosing red")
    assert len(after.hand("D")) == 6 and len(after.hand("B")) == 2


def test_speltavlan_last_card_still_draws():
    game = table(rules="speltavlan", hands={"A": ["red +2"], **OTHERS})
    after, _ = play(game, "A plays red +2")
    assert len(after.hand("B")) == 4


def test_nothing_more_can_happen_after_the_round_is_won():
    after, _ = play(table(hands={"A": ["red 9"], **OTHERS}), "A plays red 9")
    for move in ("B plays green 1", "B draws", "B catches A", "A calls uno", "B passes"):
        assert why_illegal(after, move) is not None


def test_a_last_roulette_wins_and_nobody_turns_up_cards():
    after, _ = play(table(hands={"A": ["wild roulette"], **OTHERS}), "A plays wild roulette")
    assert after.is_over and after.winner == 0
    assert len(after.hand("B")) == 2
