"""Ruling 15: the mercy rule, checked card by card, and ruling 16: the last one standing wins."""

from __future__ import annotations

from conftest import of_kind, play, table
from nomercy import Card
from nomercy import legal_moves, why_illegal


def test_a_player_reaching_25_cards_mid_draw_is_out_and_the_rest_is_cancelled():
    game = table(hands={"A": ["wild +10", "blue 1"], "B": {"cards": ["green 1"], "more": 19},
                        "C": ["green 3", "yellow 4"], "D": ["green 6", "yellow 8"]})
    pile_before = len(game.draw_pile)
    game, _ = play(game, "A plays wild +10 choosing blue")
    after, events = play(game, "B draws")
    assert after.is_out("B")
    assert after.hand("B") == ()
    assert len(after.set_aside) == 25
    assert len(after.draw_pile) == pile_before - 5  # only 5 of the 10 were drawn
    assert of_kind(events, "CardsDrawn")[0].count == 5
    knocked = of_kind(events, "KnockedOut")[0]
    assert knocked.hand_size == 25 and knocked.rule == "mercy"
    cancelled = of_kind(events, "PenaltyCancelled")[0]
    assert cancelled.remaining == 5
    assert after.pending == 0
    assert after.turn == 2
    assert after.card_count() == 168


def test_exactly_24_cards_is_not_yet_out():
    game = table(hands={"A": ["red +2", "blue 1"], "B": {"cards": ["green 1"], "more": 21},
                        "C": ["green 3"], "D": ["green 6"]})
    after, _ = play(game, "A plays red +2", "B draws")
    assert len(after.hand("B")) == 24 and not after.is_out("B")


def test_the_limit_is_checked_in_a_draw_until_playable():
    game = table(hands={"A": ["blue 1", "blue 2"], "B": ["green 1"], "C": ["green 3"], "D": ["green 6"]},
                 draw_pile=["green 9"] * 0 + ["yellow 1", "yellow 2", "yellow 3", "red 1"], variant={"mercy_limit": 4})
    after, events = play(game, "A draws")
    assert after.is_out("A")
    assert of_kind(events, "CardsDrawn")[0].count == 2
    assert after.turn == 1


def test_the_limit_is_checked_while_turning_up_roulette_cards():
    game = table(hands={"A": ["wild roulette", "blue 1"], "B": {"cards": ["green 1"], "more": 22},
                        "C": ["green 3"], "D": ["green 6"]},
                 draw_pile=["yellow 1", "yellow 2", "yellow 3", "red 1"])
    after, events = play(game, "A plays wild roulette", "B names red")
    assert after.is_out("B")
    assert of_kind(events, "CardsDrawn")[0].count == 2
    assert after.turn == 2


def test_knocked_out_seats_are_skipped():
    game = table(hands={"A": ["red +2", "blue 1", "red 3"], "B": {"cards": ["green 1"], "more": 23},
                        "C": ["red 4", "green 3"], "D": ["red 5", "green 6"]})
    game, _ = play(game, "A plays red +2", "B draws")
    assert game.is_out("B") and game.turn == 2
    game, _ = play(game, "C plays red 4", "D plays red 5")
    assert game.turn == 0
    game, _ = play(game, "A plays red 3")
    assert game.turn == 2
    assert why_illegal(game, "B draws") is not None


def test_a_knocked_out_player_cannot_act_at_all():
    game = table(hands={"A": ["red +2", "blue 1", "red 3"], "B": {"cards": ["green 1"], "more": 23},
                        "C": ["red 4", "green 3"], "D": ["red 5", "green 6"]})
    game, _ = play(game, "A plays red +2", "B draws")
    assert not [a for a in legal_moves(game) if a.seat == 1]


def test_set_aside_hands_rejoin_the_deck_at_the_next_reshuffle():
    game = table(hands={"A": ["red +2", "blue 1", "red 3"], "B": {"cards": ["green 1"], "more": 23},
                        "C": ["blue 4", "green 3"], "D": ["red 5", "green 6"]},
                 draw_pile=["yellow 1", "yellow 2", "yellow 3", "yellow 4"], rest="discard")
    game, _ = play(game, "A plays red +2", "B draws")
    assert game.is_out("B") and len(game.set_aside) == 25
    buried = len(game.discard) - 1
    assert game.draw_pile == (Card.parse("yellow 2"), Card.parse("yellow 3"), Card.parse("yellow 4"))
    game, events = play(game, "C draws")  # draws yellow 2, 3 and 4, then the pile is rebuilt
    reshuffled = of_kind(events, "PileReshuffled")[0]
    assert reshuffled.count == buried + 25
    assert game.set_aside == ()
    assert game.card_count() == 168


def test_the_last_one_standing_wins():
    game = table(players="AB", hands={"A": ["wild +10", "blue 1", "blue 2"], "B": {"cards": ["green 1"], "more": 20}})
    game, _ = play(game, "A plays wild +10 choosing blue")
    after, events = play(game, "B draws")
    assert after.is_over and after.winner == 0
    assert of_kind(events, "RoundWon")[0].how == "last one standing"
    assert of_kind(events, "RoundWon")[0].rule == "winning"  # the win is ruling winning; mercy only knocked B out
    assert len(after.hand("A")) == 2


def test_three_players_one_knocked_out_play_goes_on():
    game = table(players="ABC", hands={"A": ["wild +10", "blue 1", "blue 2"], "B": {"cards": ["green 1"], "more": 20},
                                       "C": ["green 5"]})
    game, _ = play(game, "A plays wild +10 choosing blue", "B draws")
    assert not game.is_over and game.turn == 2
    assert game.active_seats == (0, 2)


def test_mercy_limit_option_changes_the_limit_or_removes_it():
    hands = {"A": ["wild +10", "blue 1"], "B": {"cards": ["green 1"], "more": 19}, "C": ["green 3"], "D": ["green 6"]}
    none, _ = play(table(hands=hands, variant={"mercy_limit": None}), "A plays wild +10 choosing blue", "B draws")
    assert not none.is_out("B") and len(none.hand("B")) == 30
    thirty, _ = play(table(hands=hands, variant={"mercy_limit": 30}), "A plays wild +10 choosing blue", "B draws")
    assert thirty.is_out("B")


def test_the_knockout_event_explains_itself():
    game = table(hands={"A": ["wild +10", "blue 1"], "B": {"cards": ["green 1"], "more": 19},
                        "C": ["green 3"], "D": ["green 6"]})
    _, events = play(game, "A plays wild +10 choosing blue", "B draws")
    assert of_kind(events, "KnockedOut")[0].sentence == "B holds 25 cards and is out of the round (mercy rule)."
    assert "cancelled" in of_kind(events, "PenaltyCancelled")[0].sentence


def three_seats_b_out(a_hand, c_hand=("green 3", "yellow 4")):
    """Seats A, B, C where B has just been knocked out by a wild +10; it is C's turn."""
    game = table(players="ABC", hands={"A": ["wild +10", *a_hand], "B": {"cards": ["green 1"], "more": 19},
                                       "C": list(c_hand)})
    game, _ = play(game, "A plays wild +10 choosing red", "B draws")
    assert game.is_out("B") and game.turn == 2
    return game


def test_with_two_players_left_of_three_a_reverse_acts_as_a_skip():
    game = three_seats_b_out(["red 1", "blue 2"], c_hand=("red reverse", "red 3", "green 3"))
    after, events = play(game, "C plays red reverse")
    assert after.turn == 2
    assert any(e.rule == "reverse-two-players" for e in events)


def test_with_two_players_left_of_three_a_wild_reverse_draw_four_targets_its_player():
    game = three_seats_b_out(["red 1", "blue 2"], c_hand=("wild reverse +4", "red 3", "green 3"))
    after, _ = play(game, "C plays wild reverse +4 choosing red")
    assert after.turn == 2 and after.pending == 4


def test_a_skip_passes_over_the_knocked_out_seat_to_the_next_one_still_in():
    game = three_seats_b_out(["red 1", "blue 2"], c_hand=("red skip", "red 3", "green 3"))
    after, _ = play(game, "C plays red skip")
    assert after.turn == 2  # A is skipped; B is out; C plays again


def test_the_roulette_victim_is_the_next_player_still_in():
    game = table(players="ABCD", hands={"A": ["wild +10", "wild roulette", "blue 2"],
                                        "B": {"cards": ["green 1"], "more": 19}, "C": ["red 3", "yellow 4"],
                                        "D": ["red 4", "yellow 5"]})
    game, _ = play(game, "A plays wild +10 choosing red", "B draws", "C plays red 3", "D plays red 4",
                   "A plays wild roulette")
    assert game.turn == 2  # B is out, so C is the victim
