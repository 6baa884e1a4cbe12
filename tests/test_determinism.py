"""Ruling of chance: a seed fixes the whole game; the same seed and moves give the same events."""

from __future__ import annotations

import pickle
import random

import pytest

from conftest import PROFILES, random_game
from nomercy import apply, new_game, ruleset


@pytest.mark.parametrize("profile", PROFILES)
def test_the_same_seed_deals_the_same_game(profile):
    assert new_game(profile, 4, seed=123) == new_game(profile, 4, seed=123)


@pytest.mark.parametrize("profile", PROFILES)
def test_different_seeds_deal_different_games(profile):
    deals = {new_game(profile, 4, seed=seed).hands for seed in range(20)}
    assert len(deals) == 20


@pytest.mark.parametrize("profile", PROFILES)
def test_replaying_the_moves_from_the_seed_gives_the_same_states_and_events(profile):
    record = list(random_game(profile, 3, seed=31))
    state = new_game(ruleset(profile, players="2-20"), 3, seed=31)
    for before, move, after, events in record:
        assert state == before
        state, replayed = apply(state, move)
        assert state == after
        assert [e.as_dict() for e in replayed] == [e.as_dict() for e in events]
    assert state.is_over


@pytest.mark.parametrize("profile", PROFILES)
def test_replaying_through_the_notation_gives_the_same_game(profile):
    record = list(random_game(profile, 4, seed=77))
    state = new_game(ruleset(profile, players="2-20"), 4, seed=77)
    for _, move, after, events in record:
        text = state.move_text(move)
        assert state.parse_move(text) == move, text
        state, replayed = apply(state, text)
        assert replayed == events
    assert state == record[-1][2]


def test_the_global_random_generator_is_neither_used_nor_disturbed():
    random.seed(1)
    expected = random.random()
    random.seed(1)
    one = list(random_game("no-mercy", 3, seed=5))
    assert random.random() == expected
    random.seed(999)
    two = list(random_game("no-mercy", 3, seed=5))
    assert [r[2] for r in one] == [r[2] for r in two]


def test_states_pickle_to_equal_states():
    for _, _, after, _ in random_game("open-mercy", 3, seed=2):
        assert pickle.loads(pickle.dumps(after)) == after


def test_the_dealer_option_moves_the_first_player():
    game = new_game("no-mercy", ["A", "B", "C"], seed=3, dealer="A")
    assert game.turn == 1 and game.dealer == 0


def test_a_state_is_a_value_that_no_move_or_hand_can_change():
    import copy

    from nomercy.core.state import _FIELDS

    states = [after for _, _, after, _ in random_game("no-mercy", 3, seed=4)]
    for state in states[::7]:
        twin = state.replace()  # built field by field through the public constructor
        assert twin == state and hash(twin) == hash(state) and twin is not state
        assert copy.copy(state) == state and copy.deepcopy(state) == state
        assert all(type(getattr(state, name)) is not list for name in _FIELDS), "a list leaked into a state"
        assert all(type(hand) is tuple for hand in state.hands)
        for name in ("turn", "hands", "events", "base"):
            with pytest.raises(AttributeError):
                setattr(state, name, None)
        with pytest.raises(AttributeError):
            del state.turn
        with pytest.raises(AttributeError, match="holds no events"):
            state.events  # the working copy's slot, empty and hidden in a state
    assert states[0] != states[1] and states[0] != tuple(states[0].hands)
