"""The one protocol that asks computer players for moves: who is asked, with which moves, and what they see."""

from __future__ import annotations

import copy
import dataclasses
import pickle
import random

import pytest

from nomercy import apply, legal_moves, new_game
from nomercy.core.legality import is_optional, required_moves
from nomercy.core.state import PlayerView
from nomercy.play.players import _ViewOnDemand, next_move


class Recorder:
    """A random player that writes down every question it is asked and what it saw."""

    kind = "random"

    def __init__(self, seed: int, log: list) -> None:
        self.rng, self.log = random.Random(seed), log

    def choose(self, view, legal):
        self.log.append(("choose", view.seat, tuple(legal)))
        return legal[self.rng.randrange(len(legal))]

    def choose_optional(self, view, legal):
        self.log.append(("option", view.seat, tuple(legal)))
        pick = self.rng.randrange(len(legal) + 1)
        return legal[pick] if pick < len(legal) else None


def _asked_by_the_rule(state, players):
    """The questions next_move should ask, from is_optional and required_moves, written out plainly."""
    n = len(state.seats)
    order = [(state.turn + k) % n for k in range(n)]
    for exposed in reversed(state.catchable):
        order.remove(exposed)
        order.insert(0, exposed)
    options = {}
    for move in legal_moves(state):
        if is_optional(state, move):
            options.setdefault(move.seat, []).append(move)
    questions = [("option", seat, tuple(options[seat])) for seat in order if seat in options and seat in players]
    return questions, ("choose", state.turn, required_moves(state))


@pytest.mark.parametrize("profile, players, options, games", [
    ("no-mercy", 4, {}, 25),
    ("no-mercy", 3, {"jump_in": True}, 25),
    ("classic", 3, {"jump_in": True, "stacking": "official"}, 3),  # random classic rounds are long
    ("open-mercy", 5, {}, 25),
])
def test_next_move_asks_the_seats_with_options_then_the_seat_to_act_with_its_required_moves(profile, players, options,
                                                                                             games):
    asked_options = 0
    for game in range(games):
        log: list = []
        bots = {seat: Recorder(100 * game + seat, log) for seat in range(players)}
        state = new_game(profile, players, seed=game, **options)
        while not state.is_over:
            questions, last = _asked_by_the_rule(state, bots)
            log.clear()
            move = next_move(state, bots)
            # the options asked are a prefix of the rule's list; the seat to act is asked only if none was taken
            assert log[: len(questions)] == questions[: len(log)]
            if log[-1][0] == "choose":
                assert log == questions + [last]
            asked_options += sum(1 for q in log if q[0] == "option")
            state = apply(state, move)[0]
    assert asked_options >= 10  # the games did reach UNO calls, catches (and jump-ins where allowed)


def test_a_human_seat_with_options_is_skipped_and_the_round_waits_for_the_human():
    state = new_game("no-mercy", 2, seed=4)
    log: list = []
    assert next_move(state, {1 - state.turn: Recorder(1, log)}) is None
    assert all(question[1] != state.turn for question in log)


# --- the view, built when read -----------------------------------------------------------

def _positions():
    rng = random.Random(7)
    state = new_game("no-mercy", 3, seed=11)
    while not state.is_over:
        yield state
        state = apply(state, rng.choice(legal_moves(state)))[0]


def test_a_view_built_on_demand_is_the_seat_s_view_in_every_field():
    for state in _positions():
        for seat in range(3):
            lazy, real = _ViewOnDemand(state, seat), state.view(seat)
            assert [getattr(lazy, f.name) for f in dataclasses.fields(PlayerView)] == \
                [getattr(real, f.name) for f in dataclasses.fields(PlayerView)]
            assert type(lazy) is PlayerView and lazy == real and hash(lazy) == hash(real)


@pytest.mark.parametrize("use", [
    repr,
    hash,
    lambda v: pickle.loads(pickle.dumps(v)),
    copy.deepcopy,
    dataclasses.asdict,
    lambda v: dataclasses.replace(v, pending=3).pending,
    lambda v: v.top_card,
])
def test_a_view_on_demand_behaves_as_the_view_whatever_is_asked_of_it_first(use):
    state = new_game("no-mercy", 4, seed=2)
    lazy, real = _ViewOnDemand(state, 2), state.view(2)
    assert use(lazy) == use(real)
    assert _ViewOnDemand(state, 2) == real and _ViewOnDemand(state, 2) != state.view(1)  # compared before any read
    assert lazy == real and real == _ViewOnDemand(state, 2) and type(lazy) is PlayerView


def test_a_player_that_never_reads_its_view_never_has_one_built():
    seen = []

    class Blind:
        kind = "random"

        def choose(self, view, legal):
            seen.append(type(view))
            return legal[0]

        def choose_optional(self, view, legal):
            seen.append(type(view))
            return None

    state = new_game("no-mercy", 2, seed=1)
    next_move(state, {0: Blind(), 1: Blind()})
    assert seen and all(kind is _ViewOnDemand for kind in seen)
