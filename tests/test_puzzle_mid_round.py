"""A table from the middle of a round, as a player saw it: the seats knocked out, the cards set aside with them,
and the card just drawn.

Under the mercy rule a player holding 25 cards is out of the round, and the round goes on without them; their cards
are set aside until the next reshuffle. A puzzle may start there (``out:`` and ``set_aside:``), and a mistake kept
from such a round must: otherwise the puzzle's draw pile would hold the set-aside cards, the search would deal them
into the hidden hands, and the check would answer another question than the review did. A puzzle may also start
just after a draw (``drawn:``): the card drawn waits to be played, as it did when the player chose; or as the
player hit by a wild roulette names its color (``naming: roulette``).
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from nomercy.core.errors import PuzzleError
from nomercy.play.coach import review
from nomercy.play.game import Game
from nomercy.play.players import make_player, next_move
from nomercy.play.table_coach import TABLE_BUDGET
from nomercy.puzzles.best_move import decision_position
from nomercy.puzzles.kept import KeptFolder, mistake_data
from nomercy.puzzles.puzzle import Puzzle

TWO_LEFT: dict[str, Any] = {
    "id": "two-left", "title": "Two left", "source": "original", "rules": "no-mercy", "players": ["A", "B", "C"],
    "out": ["B"], "set_aside": 25, "turn": "A", "discard": "red 5",
    "hands": {"A": ["red 6", "blue 3"], "C": {"more": 6}},
    "moves": ["A plays red 6"], "question": "Whose turn is it?", "answer": {"turn": "C"},
}


def test_a_knocked_out_seat_is_passed_over_and_its_cards_are_set_aside() -> None:
    puzzle = Puzzle.from_dict(TWO_LEFT)
    start = puzzle.position()
    assert start.out == (1,) and start.hands[1] == () and len(start.set_aside) == 25
    assert len(start.draw_pile) == 168 - 1 - 2 - 6 - 25  # the No Mercy deck less the table and the set-aside cards
    assert puzzle.check() == []  # after A, B is passed over: C's turn


def test_without_out_the_same_table_has_three_players_in_it() -> None:
    data = copy.deepcopy(TWO_LEFT)
    del data["out"], data["set_aside"]
    with pytest.raises(PuzzleError, match="B holds no cards: give a hand for every seat"):
        Puzzle.from_dict(data)


@pytest.mark.parametrize("change, refusal", [
    ({"turn": "B"}, "it is B's turn, but out says B is knocked out of the round"),
    ({"hands": {"A": ["red 6"], "B": ["blue 1"], "C": {"more": 6}}}, "B is knocked out (out) and holds no cards"),
    ({"out": ["B", "C"]}, "out leaves 1 seat in the round"),
    ({"out": ["B", "B"]}, "out names a seat twice"),
    ({"out": ["D"]}, "unknown seat"),
    ({"out": "B"}, "out is a list of the seats knocked out of the round, like [C], not 'B'"),
    ({"out": [], "set_aside": 3}, "set_aside counts the cards of knocked-out seats: name them in out"),
    ({"set_aside": -1}, "set_aside is a number of cards (0 or more), not -1"),
    ({"set_aside": 500}, "not enough cards left to set 500 aside"),
])
def test_a_knocked_out_seat_the_table_cannot_have_is_refused_in_one_line(change: dict[str, Any], refusal: str) -> None:
    data = {**copy.deepcopy(TWO_LEFT), **change}
    with pytest.raises(PuzzleError) as caught:
        Puzzle.from_dict(data)
    assert refusal in str(caught.value) and "\n" not in str(caught.value)


@pytest.fixture(scope="module")
def after_a_knockout() -> tuple[Game, Any]:
    """A seeded three-player round in which a computer is knocked out, and the review of one of the person's
    mistakes after it (reviewed alone: the review's search at a decision depends only on the table, the seed and the
    budget)."""
    game = Game("no-mercy", ["You", "C1", "C2"], seed=4)
    bots = {0: make_player("random", seed=4), 1: make_player("greedy", seed=5), 2: make_player("greedy", seed=6)}
    while not game.state.is_over:
        game.play(next_move(game.state, bots))
    chosen = next((step.before, step.before.parse_move(step.move)) for step in game.transcript().steps
                  if step.number == 92)  # the person's move 92: C2 is out, and the review names a mistake here
    assert chosen[0].out and chosen[0].turn == 0
    found = review([chosen], "You", seed=4, budget=TABLE_BUDGET)
    return game, found


def test_a_mistake_made_after_a_knockout_is_kept_with_the_table_the_person_saw(after_a_knockout, tmp_path) -> None:
    """Before: the kept puzzle seated only the players still in, with the set-aside cards back in the draw pile, and
    its check did not confirm two mistakes of six in such rounds (benchmarks/kept_agreement.py --players 3)."""
    _, found = after_a_knockout
    assert found.mistakes, "the review names the mistake this test keeps"
    decision = found.mistakes[0]
    seen = decision.state
    data = mistake_data(decision, seen.turn, seed=4)
    assert data["players"] == ["You", "C1", "C2"] and data["out"] == ["C2"] and data["set_aside"] == len(seen.set_aside)
    assert "C2" not in data["hands"]
    kept = KeptFolder(tmp_path).keep(decision, seen.turn, seed=4)
    puzzle = next(p for p in KeptFolder(tmp_path).puzzles() if p.id == kept.id)
    built = decision_position(puzzle)
    assert built.view(built.turn) == seen.view(seen.turn)  # the same table, as the person saw it


def test_the_table_says_who_is_knocked_out(after_a_knockout, tmp_path) -> None:
    from nomercy.puzzles.commands import show_text
    assert "B: knocked out of the round" in show_text(Puzzle.from_dict(TWO_LEFT))
    assert "set aside with the knocked-out seats until the next reshuffle: 25 cards" in show_text(Puzzle.from_dict(TWO_LEFT))
    _, found = after_a_knockout
    decision = found.mistakes[0]
    kept = KeptFolder(tmp_path).keep(decision, decision.state.turn, seed=4)
    puzzle = next(p for p in KeptFolder(tmp_path).puzzles() if p.id == kept.id)
    assert "C2: knocked out of the round" in show_text(puzzle)


def test_a_mistake_made_just_after_a_draw_is_kept_with_the_card_drawn(tmp_path) -> None:
    """A wild +6 drawn under draw until it fits must be played: the decision is its color. Before, the format could
    not hold a table in the middle of a turn, and this mistake was refused (benchmarks/kept_agreement.py, seed 13)."""
    import sys
    from pathlib import Path
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
    from kept_agreement import reviewed_round

    game = reviewed_round(13)
    step = next(step for step in game.transcript().steps if step.number == 6)
    found = review([(step.before, step.before.parse_move(step.move))], "You", seed=13, budget=TABLE_BUDGET)
    decision = found.mistakes[0]
    seen = decision.state
    assert seen.drawn is not None
    data = mistake_data(decision, seen.turn, seed=13)
    assert data["drawn"] == str(seen.drawn)
    kept = KeptFolder(tmp_path).keep(decision, seen.turn, seed=13)
    built = decision_position(next(p for p in KeptFolder(tmp_path).puzzles() if p.id == kept.id))
    assert built.view(built.turn) == seen.view(seen.turn)


@pytest.mark.parametrize("change, refusal", [
    ({"drawn": "green 9"}, "the drawn card green 9 is one of A's cards: list it in A's hand"),
    ({"drawn": "purple 9"}, "purple"),
    ({"drawn": ["red 6"]}, "drawn is one card written as text, like red 7, not"),
])
def test_a_drawn_card_the_table_cannot_have_is_refused_in_one_line(change: dict[str, Any], refusal: str) -> None:
    data = {**copy.deepcopy(TWO_LEFT), **change}
    with pytest.raises(PuzzleError) as caught:
        Puzzle.from_dict(data)
    assert refusal in str(caught.value) and "\n" not in str(caught.value)


def test_a_drawn_card_that_fits_must_be_played() -> None:
    data = {**copy.deepcopy(TWO_LEFT), "drawn": "blue 3", "discard": "blue 5", "moves": ["A passes"]}
    problems = Puzzle.from_dict(data).check()
    assert problems and "refused" in problems[0], problems
    puzzle = Puzzle.from_dict({**data, "moves": ["A plays blue 3"], "answer": {"turn": "C"}})
    assert puzzle.check() == []


def test_a_mistake_made_naming_the_roulettes_color_is_kept() -> None:
    """Hit by a roulette, the victim names the color it turns cards up until: a decision, and a mistake can be made
    there (benchmarks/kept_agreement.py --players 3, seed 11). Before, the format could not hold it."""
    import sys
    import tempfile
    from pathlib import Path
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
    from kept_agreement import reviewed_round
    from nomercy.core.state import Phase

    game = reviewed_round(11, 3)
    step = next(step for step in game.transcript().steps if step.number == 49)
    assert step.before.phase is Phase.NAME_ROULETTE
    found = review([(step.before, step.before.parse_move(step.move))], "You", seed=11, budget=TABLE_BUDGET)
    decision = found.mistakes[0]
    seen = decision.state
    data = mistake_data(decision, seen.turn, seed=11)
    assert data["naming"] == "roulette" and "color" not in data
    with tempfile.TemporaryDirectory() as folder:
        kept = KeptFolder(folder).keep(decision, seen.turn, seed=11)
        built = decision_position(next(p for p in KeptFolder(folder).puzzles() if p.id == kept.id))
    assert built.view(built.turn) == seen.view(seen.turn)


@pytest.mark.parametrize("change, refusal", [
    ({"naming": "roulette"}, "with naming: roulette a wild roulette is on top"),
    ({"naming": "roulette", "discard": "wild roulette", "color": "red"}, "with naming: roulette a wild roulette is on top"),
    ({"naming": "first-card"}, "naming is roulette"),
])
def test_naming_the_roulettes_color_needs_a_roulette_on_top_and_no_color_yet(change: dict[str, Any], refusal: str) -> None:
    with pytest.raises(PuzzleError) as caught:
        Puzzle.from_dict({**copy.deepcopy(TWO_LEFT), **change})
    assert refusal in str(caught.value) and "\n" not in str(caught.value)


def test_a_first_card_start_has_no_roulette_color_to_name_yet() -> None:
    """Found in review: ``naming: roulette`` with ``start: first-card`` was accepted and put the deal in the
    roulette's phase with nothing turned up."""
    data = {"id": "first", "title": "The first card", "source": "original", "rules": "no-mercy", "start": "first-card",
            "players": ["A", "B"], "turn": "A", "discard": [], "hands": {"A": ["red 1"], "B": ["red 2"]},
            "draw_pile": ["red +2", "green 8"], "moves": None, "question": "How many cards are pending?",
            "answer": {"pending": 0}, "naming": "roulette"}
    with pytest.raises(PuzzleError, match="with start: first-card the discard pile is empty"):
        Puzzle.from_dict(data)
