"""Invariants over random games (Hypothesis), for every profile and 2 to 10 players.

- The card count is exact after every move: hands + draw pile + discard pile +
  set-aside hands hold exactly the deck, card for card.
- A move is in ``legal_moves`` exactly when ``apply`` accepts it; a refused
  move comes with a reason and changes nothing.
- No position before the end has an empty list of legal moves.
- Replaying the seed and the moves gives the same game.
- Every game ends.
"""

from __future__ import annotations

import pickle
import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import PROFILES, examples, option_values, random_moves
from nomercy import (ALL_CARDS, COLORS, DECKS, CallUno, Catch, Challenge, Draw, IllegalMoveError, NameColor, Pass,
                     Play, apply, legal_moves, new_game, ruleset)
from nomercy.core.state import Phase

MAX_MOVES = 3000
SETTINGS = settings(max_examples=examples(40), deadline=None, derandomize=True, database=None,
                    suppress_health_check=[HealthCheck.too_slow])

# Options a random game may switch on, with their values read from the rules (conftest), and a low
# mercy limit for more knockouts.
OPTION_VALUES = option_values()
OPTION_VALUES["mercy_limit"].append(15)


def rules_for(profile: str, players: int, overrides: dict[str, Any]):
    rules = ruleset(profile, **overrides)
    low, high = rules.players
    if not low <= players <= high:
        rules = ruleset(rules, players="2-10")
    return rules


@st.composite
def game_setups(draw, with_options: bool = False):
    profile = draw(st.sampled_from(PROFILES))
    players = draw(st.integers(2, 10))
    seed = draw(st.integers(0, 2**32 - 1))
    overrides: dict[str, Any] = {}
    if with_options:
        for option in draw(st.sets(st.sampled_from(sorted(OPTION_VALUES)), max_size=4)):
            overrides[option] = draw(st.sampled_from(OPTION_VALUES[option]))
    return profile, players, seed, overrides


def play_out(profile, players, seed, overrides):
    """Yield (state, move, next state, events) along one random game that must end."""
    yield from random_moves(rules_for(profile, players, overrides), players, seed, max_moves=MAX_MOVES,
                            label=f"{profile} {players}p seed {seed} {overrides}:")


def assert_cards_exact(state) -> None:
    listing = DECKS[state.rules.deck]
    assert state.card_count() == listing.size
    assert state.all_cards() == listing.counts()


def assert_table_consistent(state) -> None:
    for seat in state.out:
        assert state.hands[seat] == ()
    if state.is_over:
        assert state.winner is not None
        assert legal_moves(state) == ()
    else:
        assert state.winner is None
        assert state.turn not in state.out
        assert state.pending >= 0
    for move in legal_moves(state):
        if isinstance(move, Catch):
            assert len(state.hands[move.target]) == 1
        if isinstance(move, CallUno):
            assert len(state.hands[move.seat]) == 1


def candidate_moves(state, rng: random.Random, count: int):
    """Random moves of every kind by every seat, most of them illegal."""
    n = len(state.seats)
    cards = ALL_CARDS
    colors = (None,) + COLORS
    for _ in range(count):
        seat = rng.randrange(n)
        kind = rng.randrange(10)
        if kind < 5:
            hand = state.hands[seat]
            card = rng.choice(hand) if hand and rng.random() < 0.6 else rng.choice(cards)
            top = None
            if rng.random() < 0.15:
                top = rng.choice(cards)
            target = rng.randrange(n) if rng.random() < 0.4 else None
            yield Play(seat, card, rng.choice(colors), target, top)
        elif kind == 5:
            yield Draw(seat)
        elif kind == 6:
            yield Pass(seat)
        elif kind == 7:
            yield NameColor(seat, rng.choice(COLORS))
        elif kind == 8:
            yield Catch(seat, rng.randrange(n))
        else:
            yield rng.choice((CallUno(seat), Challenge(seat)))


def assert_refused(state, move) -> None:
    """``apply`` refuses ``move`` with a reason (the caller checks that nothing changed)."""
    try:
        apply(state, move)
    except IllegalMoveError as error:
        assert str(error).strip(), f"empty reason for {move}"
        assert error.move == move
    else:
        raise AssertionError(f"apply accepted {move}, which is not in legal_moves")


@SETTINGS
@given(game_setups(with_options=True))
def test_the_card_count_is_exact_after_every_move(setup):
    first = True
    for before, _, after, _ in play_out(*setup):
        if first:
            assert_cards_exact(before)
            first = False
        assert_cards_exact(after)
        assert_table_consistent(after)


@SETTINGS
@given(game_setups(with_options=True))
def test_legal_moves_are_exactly_what_apply_accepts(setup):
    rng = random.Random(setup[2] ^ 0x5EED)
    for state, _, _, _ in play_out(*setup):
        legal = legal_moves(state)
        legal_set = set(legal)
        assert len(legal_set) == len(legal), "a legal move is listed twice"
        snapshot = pickle.dumps(state)
        for move in legal:
            after, events = apply(state, move)
            assert events
        for move in candidate_moves(state, rng, 25):
            if move in legal_set:
                apply(state, move)
            else:
                assert_refused(state, move)
        assert pickle.loads(snapshot) == state, "a move, accepted or refused, changed the state it was tried on"


@SETTINGS
@given(game_setups(with_options=True))
def test_no_position_before_the_end_has_an_empty_legal_list(setup):
    for state, _, after, _ in play_out(*setup):
        legal = legal_moves(state)
        assert legal
        # the seat that must act has a move of its own
        assert any(a.seat == state.to_act and not isinstance(a, (CallUno, Catch)) for a in legal)
    assert after.is_over


@SETTINGS
@given(game_setups(with_options=True))
def test_replay_from_seed_and_moves_is_identical(setup):
    profile, players, seed, overrides = setup
    record = list(play_out(*setup))
    state = new_game(rules_for(profile, players, overrides), players, seed=seed)
    for before, move, after, events in record:
        assert state == before
        state, replayed = apply(state, move)
        assert replayed == events
    assert state == (record[-1][2] if record else state)


@SETTINGS
@given(game_setups())
def test_every_game_ends_with_a_winner(setup):
    moves = 0
    last = None
    for _, _, last, _ in play_out(*setup):
        moves += 1
    assert last is not None and last.is_over and last.winner is not None
    assert last.phase is Phase.OVER
    assert moves < MAX_MOVES


def test_every_non_legal_candidate_is_refused_in_a_few_full_positions():
    """Exhaustive: every card of the deck for every seat, and every other kind of move by every seat."""
    rng = random.Random(3)
    refused = 0
    for profile in PROFILES:
        for players in (2, 3, 5, 10):
            states = [s for s, _, _, _ in play_out(profile, players, 100 + players, {})]
            for state in rng.sample(states, min(4, len(states))):
                legal = set(legal_moves(state))
                n = len(state.seats)
                candidates = []
                for seat in range(n):
                    for card in set(DECKS[state.rules.deck].cards()):
                        for color in (None,) + COLORS:
                            candidates.append(Play(seat, card, color))
                        if card.number == 7:
                            candidates.extend(Play(seat, card, None, t) for t in range(n))
                    candidates += [Draw(seat), Pass(seat), CallUno(seat), Challenge(seat)]
                    candidates += [NameColor(seat, c) for c in COLORS]
                    candidates += [Catch(seat, t) for t in range(n)]
                snapshot = pickle.dumps(state)
                for move in candidates:
                    if move in legal:
                        apply(state, move)
                    else:
                        assert_refused(state, move)
                        refused += 1
                assert pickle.loads(snapshot) == state
    assert refused > 50_000
