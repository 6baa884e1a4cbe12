"""The coach never sends a person round in circles, and what it says of a way out is what that move does.

A warning holds a move back and highlights one button: its way out, or, when there is none, the move as
asked ("Play it anyway"). A way out is offered only when it is not itself warned against, so a person who
follows the highlighted button gets a move made within three clicks (the move, the way out, and at most
an UNO call's "Play it anyway"). Checked on the position that once looped and over many seeded positions,
through the table's own intents, as the browser sends them.
"""

from __future__ import annotations

from typing import Any

import pytest

from conftest import table
from nomercy.core import events as ev
from nomercy.core.engine import apply
from nomercy.core.moves import Draw, Move
from nomercy.core.state import GameState
from nomercy.play.coach_warnings import move_warnings, seat_moves
from nomercy.play.players import make_player, next_move
from nomercy.play.table import TableSession
from nomercy.play.table_coach import warning_advice

CLICKS = 3
"""At most this many clicks on the highlighted button make a move: the move itself, its way out, an UNO call's go-ahead."""
COACH_SEED = 7
"""The coach seed of the table the warnings are asked at (the review's search that judges them runs with it)."""


def numbers(count: int) -> list[str]:
    return [f"{color} {n}" for color in ("yellow", "green", "blue") for n in range(10)][:count]


def the_position_that_looped() -> GameState:
    """Two players left, 21 cards in hand, a +4 pending, one wild reverse +4 in hand: taking the 4 knocks A out,
    and the wild reverse +4 comes straight back for 8."""
    return table(players="AB", discard=["blue 5", "blue +4"], pending=4,
                 hands={"A": ["wild reverse +4", *numbers(20)], "B": ["green 1", "yellow 8"]})


def clicks_to_a_move(state: GameState, move: Move) -> int:
    """Click ``move``, then the highlighted button of each warning, as the table answers; how many clicks it took."""
    clicks, asked = 1, state.move_text(move)
    advice = warning_advice(state, move, uno_called=False, seed=COACH_SEED)
    while advice is not None:
        clicks += 1
        assert clicks <= CLICKS, f"following the coach from {state.move_text(move)} goes round: {advice}"
        if advice["highlight"] == "go-ahead":
            return clicks
        assert advice["highlight"] == "instead-0" and advice["instead"]
        asked = advice["instead"][0]["move"]
        advice = warning_advice(state, state.parse_move(asked), uno_called=False, seed=COACH_SEED)
    return clicks


def test_the_position_that_looped_says_once_that_every_move_costs_and_lets_the_person_choose():
    state = the_position_that_looped()
    assert len(state.hand("A")) == 21 and state.pending == 4
    for asked in ("A draws", "A plays wild reverse +4 choosing red"):
        (warning,) = move_warnings(state, "A", asked)
        assert warning.kind == "every-move-costs" and warning.instead == ""
        assert warning.text.startswith("Every move here costs you: ")
        assert "taking the 4 cards knocks you out" in warning.text
        assert "playing your wild reverse +4 brings the stack back to you, 8 cards" in warning.text
        assert warning.text.count("wild reverse +4") == 1, "the card is named once, whatever color it would name"
        advice = warning_advice(state, state.parse_move(asked), uno_called=False, seed=COACH_SEED)
        assert advice is not None and advice["instead"] == [] and advice["highlight"] == "go-ahead"
        assert clicks_to_a_move(state, state.parse_move(asked)) == 2


def warned_positions(seeds: range, players: list[str]) -> list[tuple[GameState, Move]]:
    """Every (position, move) of seat 0 that the coach warns of, in greedy rounds dealt from ``seeds``."""
    found = []
    for seed in seeds:
        state = table_round(seed, players)
        for state in state:
            for move in seat_moves(state, 0)[0]:
                if move_warnings(state, 0, move):
                    found.append((state, move))
    return found


def table_round(seed: int, players: list[str]) -> list[GameState]:
    """The positions where seat 0 has a choice, in one round of greedy players dealt from ``seed``."""
    from nomercy.play.game import Game
    seats = [f"P{i}" for i in range(len(players))]
    bots = {i: make_player("greedy", seed=seed + i) for i in range(len(players))}
    state = Game("no-mercy", seats, seed=seed).state
    positions = []
    for _ in range(400):
        if state.is_over:
            break
        if state.to_act == 0 and len(seat_moves(state, 0)[0]) > 1:
            positions.append(state)
        move = next_move(state, bots)
        if move is None:
            break
        state, _ = apply(state, move)
    return positions


SWEEPS = {"everyday": (range(3), range(100, 102)), "broad": (range(8), range(100, 104))}
"""The seeds of the two- and three-player rounds the warned moves come from: the everyday run's few (a hundred and
more warned moves), and under ``-m soak`` (scripts/test runs it) the broad sweep, three times as many."""


@pytest.fixture(scope="module", params=["everyday", pytest.param("broad", marks=pytest.mark.soak)])
def warned(request: pytest.FixtureRequest) -> list[tuple[GameState, Move]]:
    two, three = SWEEPS[request.param]
    found = warned_positions(two, ["human", "greedy"]) + warned_positions(three, ["h", "g", "g"])
    assert len(found) >= 20, f"too few warned moves in the seeded rounds to test on ({len(found)})"
    return found


def test_following_the_highlighted_button_always_makes_a_move_within_three_clicks(warned):
    for state, move in warned:
        assert clicks_to_a_move(state, move) <= CLICKS


def test_a_way_out_is_never_itself_warned_against(warned):
    for state, move in warned:
        for warning in move_warnings(state, move.seat, move):
            if warning.instead:
                way_out = state.parse_move(warning.instead)
                assert not [w for w in move_warnings(state, move.seat, way_out) if w.kind != "uno-call"], (
                    f"{warning.text} offers {warning.instead}, which is warned against itself")


def outcome_claims(state: GameState, warning: Any) -> None:
    """What the warning says of its way out is what the way out does on the real table."""
    way_out = state.parse_move(warning.instead)
    name = state.seats[way_out.seat]
    after, events = apply(state, way_out)
    if "nothing comes back to you" in warning.text:
        assert not any(isinstance(e, ev.StackGrew) and e.target == name for e in events), warning.text
        assert not any(isinstance(e, ev.KnockedOut) and e.player == name for e in events), (
            f"{warning.text}: the way out knocks {name} out")
    if "would pass the stack on instead" in warning.text:
        grew = [e for e in events if isinstance(e, ev.StackGrew)]
        assert grew and all(e.target != name for e in grew), warning.text


def test_what_a_warning_says_of_its_way_out_is_what_that_move_really_does(warned):
    checked = 0
    for state, move in warned:
        for warning in move_warnings(state, move.seat, move):
            if warning.instead:
                outcome_claims(state, warning)
                checked += 1
    assert checked


def test_a_wild_reverse_four_that_comes_back_offers_a_draw_only_when_the_draw_is_safe():
    """Without a pending stack the draw is a safe way out, and the sentence says what it does: nothing comes back."""
    state = table(players="AB", discard="blue 5",
                  hands={"A": ["wild reverse +4", "blue 1", "green 3"], "B": ["green 1", "yellow 8"]})
    (warning,) = move_warnings(state, "A", "A plays wild reverse +4 choosing blue")
    assert warning.kind == "comes-back" and warning.instead
    outcome_claims(state, warning)
    assert "nothing comes back to you" in warning.text
    crowded = table(players="AB", discard=["blue 5", "blue +4"], pending=4,
                    hands={"A": ["wild reverse +4", "blue +4", *numbers(19)], "B": ["green 1", "yellow 8"]})
    for found in move_warnings(crowded, "A", "A plays wild reverse +4 choosing blue"):
        if found.instead:
            assert found.instead == "A plays blue +4", "the draw knocks A out: the +4 is the way out"
            outcome_claims(crowded, found)


def test_a_table_session_never_loops_on_the_highlighted_button():
    """Through the table's intents: every move of the person at many seeded decisions, then the highlighted button."""
    helper = {0: make_player("greedy", seed=7)}
    tried = warned_moves = 0
    for seed in range(4):
        session = TableSession("no-mercy", ["human", "greedy"], seed=seed, coach=True)
        for _ in range(300):
            state = session.state
            if state.is_over:
                break
            if state.to_act == 0:
                for move in seat_moves(state, 0)[0]:
                    saved = session.checkpoint()
                    count = session.move_count
                    assert session.handle({"type": "move", "move": state.move_text(move)}) is None
                    clicks = 1
                    while session.move_count == count:
                        advice = session.advice
                        assert advice.get("kind") == "warning"
                        warned_moves += clicks == 1
                        clicks += 1
                        assert clicks <= CLICKS, f"the coach goes round at {state.to_text()}: {advice}"
                        if advice["highlight"] == "go-ahead":
                            assert session.handle({"type": "go_ahead"}) is None
                        else:
                            assert session.handle({"type": "move", "move": advice["instead"][0]["move"]}) is None
                    tried += 1
                    session.restore(saved)
                move = next_move(state, helper)
                assert move is not None and move.seat == 0
                assert session.handle({"type": "move", "move": state.move_text(move)}) is None
                if session.advice.get("kind") == "warning":
                    assert session.handle({"type": "go_ahead"}) is None
            else:
                assert session.handle({"type": "advance", "version": session.version}) is None
                if session.state == state:
                    break  # nobody to move: the round waits for nothing the test sends
    assert tried > 50 and warned_moves
