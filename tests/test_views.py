"""A player's view: their own hand, and only the counts of everyone else's."""

from __future__ import annotations

import dataclasses

import pytest

from conftest import play, table
from nomercy import PlayerView, new_game


def test_a_view_shows_the_own_hand_and_the_others_counts():
    game = new_game("no-mercy", ["Ann", "Bo", "Cy"], seed=4)
    for seat in range(3):
        view = game.view(seat)
        assert view.seat == seat
        assert view.hand == game.hands[seat]
        assert view.hand_sizes == tuple(len(h) for h in game.hands)
        assert view.top_card == game.top_card
        assert view.draw_pile_size == len(game.draw_pile)
    assert game.view("Bo") == game.view(1)


def _values(obj):
    """Every value reachable in the view's fields (tuples flattened one level)."""
    for field in dataclasses.fields(obj):
        value = getattr(obj, field.name)
        yield value
        if isinstance(value, tuple):
            yield from value


def test_a_view_never_holds_another_players_hand_or_the_draw_pile():
    game = new_game("no-mercy", 4, seed=8)
    view = game.view(0)
    values = list(_values(view))
    for seat in (1, 2, 3):
        assert all(value is not game.hands[seat] and value != game.hands[seat] for value in values)
    assert all(value != game.draw_pile for value in values)
    assert not hasattr(view, "hands") and not hasattr(view, "draw_pile")


def test_a_drawn_card_is_seen_only_by_its_drawer():
    game = table(players="ABC", hands={"A": ["blue 9", "green 3"], "B": ["blue 4"], "C": ["yellow 1"]},
                 draw_pile=["blue 1", "red 8"])
    after, _ = play(game, "A draws")
    assert after.view("A").drawn == after.drawn
    assert after.view("B").drawn is None
    assert after.view("B").hand_sizes[0] == 4


def test_a_view_is_frozen():
    view = new_game("classic", 2, seed=1).view(0)
    assert isinstance(view, PlayerView)
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.hand = ()  # type: ignore[misc]


def test_views_show_public_facts():
    game = table(players="ABC", discard="red +2", pending=2,
                 hands={"A": ["blue 9", "green 3"], "B": ["blue 4"], "C": ["yellow 1"]})
    view = game.view("C")
    assert view.pending == 2 and view.turn == 0 and view.color is not None
    assert view.active_seats == (0, 1, 2)


def test_the_roulette_victim_sees_that_it_must_name_a_color():
    game = table(players="ABC", hands={"A": ["wild roulette", "blue 1"], "B": ["blue 4"], "C": ["yellow 1"]})
    after, _ = play(game, "A plays wild roulette")
    view = after.view("B")
    assert view.turn == 1 and view.phase.value == "name-roulette"
    assert view.hand == after.hand("B")
