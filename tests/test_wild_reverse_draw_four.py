"""Rulings 7 and 8: the wild reverse +4 reverses first, then hits the next player in the new direction."""

from __future__ import annotations

import pytest

from conftest import play, table
from nomercy import Draw
from nomercy import is_legal, legal_moves, why_illegal


def test_with_three_or_more_players_it_hits_the_player_before_you():
    game = table(hands={"A": ["wild reverse +4", "blue 1"], "B": ["green 1"], "C": ["green 2"], "D": ["green 3"]})
    after, _ = play(game, "A plays wild reverse +4 choosing blue")
    assert after.direction_name == "counterclockwise"
    assert after.turn == 3  # D, the next player in the new direction
    assert after.pending == 4
    final, _ = play(after, "D draws")
    assert len(final.hand("D")) == 5
    assert final.turn == 2  # D loses the turn; play goes on counterclockwise to C


def test_three_players_counterclockwise_sends_it_clockwise():
    game = table(players="ABC", direction="counterclockwise",
                 hands={"A": ["wild reverse +4", "blue 1"], "B": ["green 1"], "C": ["green 2"]})
    after, _ = play(game, "A plays wild reverse +4 choosing red")
    assert after.direction_name == "clockwise"
    assert after.turn == 1


def test_played_into_a_stack_it_sends_the_whole_total_back():
    game = table(hands={"A": ["red +2", "blue 1"], "B": ["wild reverse +4", "green 1"], "C": ["green 2"],
                        "D": ["green 3"]})
    after, _ = play(game, "A plays red +2", "B plays wild reverse +4 choosing green")
    assert after.direction_name == "counterclockwise"
    assert after.turn == 0
    assert after.pending == 6
    assert after.stack_value == 4
    final, _ = play(after, "A draws")
    assert len(final.hand("A")) == 1 + 6
    assert final.turn == 3  # counterclockwise from A


def test_it_answers_a_plus_four_but_not_a_plus_six():
    game = table(players="ABC", discard="wild +6", color="red", pending=6,
                 hands={"A": ["wild reverse +4", "blue 1"], "B": ["green 1"], "C": ["green 2"]})
    assert "at least +6" in why_illegal(game, "A plays wild reverse +4 choosing red")
    game = table(players="ABC", discard="blue +4", pending=4,
                 hands={"A": ["wild reverse +4", "blue 1"], "B": ["green 1"], "C": ["green 2"]})
    assert is_legal(game, "A plays wild reverse +4 choosing red")


def two_players(**variant):
    return table(players="AB", hands={"A": ["wild reverse +4", "blue +4", "blue 1"], "B": ["green 1", "green +4"]},
                 variant=variant)


def test_with_two_players_its_player_becomes_the_target():
    after, _ = play(two_players(), "A plays wild reverse +4 choosing blue")
    assert after.turn == 0
    assert after.pending == 4
    # A may stack it back with a +4 or higher, or draw
    assert is_legal(after, "A plays blue +4")
    assert Draw(0) in legal_moves(after)
    drawn, _ = play(after, "A draws")
    assert len(drawn.hand("A")) == 2 + 4
    assert drawn.turn == 1


def test_with_two_players_stacking_it_back_sends_the_total_to_the_opponent():
    after, _ = play(two_players(), "A plays wild reverse +4 choosing blue", "A plays blue +4")
    assert after.turn == 1 and after.pending == 8
    assert is_legal(after, "B plays green +4")


def test_two_player_option_opponent_makes_the_other_player_the_target():
    after, _ = play(two_players(two_player_reverse_draw="opponent"), "A plays wild reverse +4 choosing blue")
    assert after.turn == 1
    assert after.pending == 4
    final, _ = play(after, "B draws")
    assert len(final.hand("B")) == 6 and final.turn == 0


@pytest.mark.parametrize("option", ["self", "opponent"])
def test_two_player_reverse_draw_flips_the_direction_either_way(option):
    after, _ = play(two_players(two_player_reverse_draw=option), "A plays wild reverse +4 choosing blue")
    assert after.direction_name == "counterclockwise"
