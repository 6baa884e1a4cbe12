"""Ruling 17: call UNO at one card; caught before the next player acts, draw 2 (option uno_penalty)."""

from __future__ import annotations

from conftest import of_kind, play, table
from nomercy import CallUno, Catch
from nomercy import is_legal, legal_moves, why_illegal


def down_to_one(**kw):
    game = table(hands={"A": ["red 9", "blue 1"], "B": ["red 3", "green 2", "green 4"], "C": ["green 3", "red 4"],
                        "D": ["green 6", "green 8"]}, **kw)
    return play(game, "A plays red 9")[0]


def test_playing_down_to_one_card_opens_the_call_and_the_catch():
    game = down_to_one()
    moves = list(legal_moves(game))
    assert CallUno(0) in moves
    assert {Catch(1, 0), Catch(2, 0), Catch(3, 0)} <= set(moves)
    assert game.turn == 1  # the next player may act at once instead


def test_calling_uno_protects_the_player():
    game, events = play(down_to_one(), "A calls uno")
    assert of_kind(events, "UnoCalled")[0].sentence == "A calls UNO!"
    assert game.turn == 1
    assert "cannot be caught" in why_illegal(game, "B catches A")
    assert why_illegal(game, "A calls uno") is not None  # once is enough


def test_a_caught_player_draws_two():
    game, events = play(down_to_one(), "C catches A")
    assert len(game.hand("A")) == 3
    caught = of_kind(events, "UnoCaught")[0]
    assert caught.penalty == 2 and caught.rule == "uno"
    assert game.turn == 1  # catching does not change whose turn it is
    assert why_illegal(game, "B catches A") is not None  # and it happens only once


def test_uno_penalty_option():
    game, _ = play(down_to_one(variant={"uno_penalty": 10}), "B catches A")
    assert len(game.hand("A")) == 11


def test_open_mercy_penalty_is_ten():
    game = table(rules="open-mercy", hands={"A": ["red 9", "blue 1"], "B": ["red 3", "green 2"], "C": ["green 3"],
                                            "D": ["green 6"]})
    game, _ = play(game, "A plays red 9", "D catches A")
    assert len(game.hand("A")) == 11


def test_the_catch_window_closes_when_the_next_player_acts():
    game, _ = play(down_to_one(), "B plays red 3")
    reason = why_illegal(game, "C catches A")
    assert reason is not None and "cannot be caught" in reason
    assert why_illegal(game, "A calls uno") is not None
    assert not [a for a in legal_moves(game) if isinstance(a, (Catch, CallUno))]


def test_the_window_stays_open_while_others_only_catch_or_call():
    game, _ = play(down_to_one(), "A calls uno")
    assert is_legal(game, "B plays red 3")


def test_a_player_with_more_than_one_card_cannot_be_caught_or_call():
    game = table(hands={"A": ["red 9", "blue 1", "blue 2"], "B": ["red 3"], "C": ["green 3"], "D": ["green 6"]})
    assert "not one" in why_illegal(game, "B catches A")
    assert "one card" in why_illegal(game, "A calls uno")


def test_nobody_catches_themselves():
    assert "themselves" in why_illegal(down_to_one(), "A catches A")


def test_a_catch_can_knock_a_player_out():
    game = table(hands={"A": ["red 9", "blue 1"], "B": ["red 3", "green 2"], "C": ["green 3"], "D": ["green 6"]},
                 variant={"mercy_limit": 3})
    game, events = play(game, "A plays red 9", "B catches A")
    assert game.is_out("A")
    assert of_kind(events, "KnockedOut")


def test_winning_with_the_last_card_needs_no_call():
    game = table(hands={"A": ["red 9"], "B": ["red 3"], "C": ["green 3"], "D": ["green 6"]})
    after, _ = play(game, "A plays red 9")
    assert after.is_over and after.winner == 0
    assert not [a for a in legal_moves(after)]


def test_a_player_left_with_one_card_by_a_zero_pass_may_call_and_be_caught():
    game = table(hands={"A": ["red 0", "blue 1", "blue 2"], "B": ["green 1", "green 2"], "C": ["green 3"],
                        "D": ["green 6", "green 8"]})
    after, _ = play(game, "A plays red 0")
    # C's single card went on to D; C now holds B's two cards and D holds one card
    assert len(after.hand("D")) == 1
    assert CallUno(3) in legal_moves(after)
    assert Catch(0, 3) in legal_moves(after)


def test_the_roulette_victims_naming_closes_the_window():
    game = table(hands={"A": ["wild roulette", "blue 1"], "B": ["green 1", "green 2"], "C": ["green 3"],
                        "D": ["green 6", "green 8"]}, draw_pile=["red 1"])
    game, _ = play(game, "A plays wild roulette")
    assert Catch(2, 0) in legal_moves(game)
    after, _ = play(game, "B names red")
    assert why_illegal(after, "C catches A") is not None
