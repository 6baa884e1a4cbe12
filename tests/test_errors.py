"""An illegal move is refused with a reason in the game's words, and a refused move changes nothing."""

from __future__ import annotations

import pickle

import pytest

from conftest import play, table
from nomercy import (Card, Color, Draw, IllegalMoveError, NomercyError, NotationError, Play, PuzzleError,
                     RulesError, apply, new_game)
from nomercy.puzzles.puzzle import Puzzle
from nomercy import legal_moves, why_illegal


def stacked():
    game = table(hands={"A": ["red +2", "blue 3"], "B": ["blue +4", "green 1"], "C": ["wild +6", "yellow 9", "yellow 8"],
                        "D": ["green +4", "yellow 3", "wild roulette"]})
    return play(game, "A plays red +2", "B plays blue +4", "C plays wild +6 choosing green")[0]


def test_answering_wild_plus_six_with_a_plus_four_is_refused_in_the_games_words():
    game = stacked()
    with pytest.raises(IllegalMoveError) as caught:
        apply(game, "D plays green +4")
    assert str(caught.value) == "D cannot answer wild +6 with green +4: a stacked draw card must be worth at least +6"
    assert caught.value.move == Play(3, Card.parse("green +4"))


def test_a_roulette_onto_a_stack_is_refused_in_the_games_words():
    game = table(discard="red +2", pending=2, turn="C",
                 hands={"A": ["blue 3"], "B": ["green 1"], "C": ["wild roulette", "yellow 9"], "D": ["blue 1"]})
    assert why_illegal(game, "C plays wild roulette") == (
        "C cannot play wild roulette now: a +2 is pending and only a draw card worth +2 or more answers it")


ILLEGAL = [
    ("D plays wild roulette", "pending"),
    ("D plays yellow 3", "pending"),
    ("A plays blue 3", "turn"),
    ("D plays red 9", "holds no"),
    ("D passes", "pass"),
    ("D names red", "color"),
    ("A catches D", "not one"),
    ("D challenges", "challenge"),
    ("D calls uno", "one card"),
]


@pytest.mark.parametrize("move, words", ILLEGAL, ids=[m for m, _ in ILLEGAL])
def test_illegal_moves_are_refused_with_a_reason_and_change_nothing(move, words):
    game = stacked()
    snapshot = pickle.loads(pickle.dumps(game))
    legal_before = list(legal_moves(game))
    reason = why_illegal(game, move)
    assert reason and words in reason
    with pytest.raises(IllegalMoveError, match=".+") as caught:
        apply(game, move)
    assert str(caught.value) == reason
    assert game == snapshot
    assert list(legal_moves(game)) == legal_before
    assert legal_moves(game, "D").texts() == ["D draws"]


def test_illegal_move_errors_are_value_errors():
    assert issubclass(IllegalMoveError, ValueError)
    assert issubclass(IllegalMoveError, NomercyError)
    with pytest.raises(ValueError):
        apply(stacked(), "A plays blue 3")


def test_apply_refuses_what_legal_moves_leaves_out():
    game = stacked()
    with pytest.raises(IllegalMoveError):
        apply(game, Play(3, Card.parse("green +4")))
    with pytest.raises(IllegalMoveError):
        apply(game, Play(3, Card.parse("wild roulette"), Color.RED))
    with pytest.raises(IllegalMoveError):
        apply(game, Draw(7))


@pytest.mark.parametrize("text, words", [
    ("A plays purple 7", "purple"),
    ("Z plays red 7", "A, B, C, D"),
    ("A dances", "cannot read move"),
    ("A plays", "cannot read"),
    ("B catches", "who is caught"),
    ("A calls bingo", "calls uno"),
    ("A names", "name a color"),
    ("A names pink", "pink"),
    ("A draws three", "nothing may follow"),
])
def test_bad_move_notation_is_a_notation_error(text, words):
    game = stacked()
    with pytest.raises(NotationError) as caught:
        apply(game, text)
    assert words in str(caught.value)


def test_new_game_refuses_bad_tables():
    with pytest.raises(RulesError, match="2 to 6"):
        new_game("no-mercy", 7)
    with pytest.raises(RulesError, match="differ"):
        new_game("no-mercy", ["Ann", "ann"])
    with pytest.raises(RulesError, match="one word"):
        new_game("no-mercy", ["Ann", "Bo Bo"])
    with pytest.raises(RulesError, match="profile"):
        new_game("uno-deluxe", 3)


BASE = {"id": "p", "title": "t", "source": "original", "rules": "no-mercy", "players": ["A", "B"], "turn": "A",
        "discard": "red 5", "hands": {"A": ["red 1"], "B": ["blue 1"]}, "moves": [], "question": "?",
        "answer": {"turn": "A"}}


@pytest.mark.parametrize("change, words", [
    ({"hands": {"A": ["red 5", "red 5"], "B": ["blue 1"]}}, "copies of red 5"),
    ({"hands": {"A": ["red 1"], "Q": ["blue 1"]}}, "unknown seat"),
    ({"hands": {"A": ["purple 1"], "B": ["blue 1"]}}, "purple"),
    ({"colour": "red"}, "unknown key colour"),
    ({"discard": "wild +6"}, "color"),
    ({"rules": "nomercy"}, "unknown rule profile"),
    ({"variant": {"stacking": "sideways"}}, "stacking"),
    ({"moves": ["A flies"]}, "A flies"),
    ({"answer": {"winnner": "A"}}, "unknown answer key"),
    ({"pending": 2}, "draw card"),
    ({"players": ["A"]}, "two or more"),
])
def test_bad_puzzles_are_puzzle_errors(change, words):
    with pytest.raises(PuzzleError) as caught:
        Puzzle.from_dict({**BASE, **change})
    assert words in str(caught.value)
