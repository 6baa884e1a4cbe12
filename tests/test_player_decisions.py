"""The computer players' decisions are pinned: speed work must not change a single move.

Greedy and the expert are deterministic for a given seed and options (the expert with
``max_time=None``). These tests play seeded games and searches and compare a digest of
every move (and of every estimate the expert's search made) with the digests recorded
before the players and the engine were made faster. A digest that changes means a
decision changed: find out why before recording a new one. (The expert's digests were
recorded again on 1 December 2026, when its search began to spend the playouts its
halving schedule used to leave unused; the greedy digests have never changed.)

The games cover both decks, two and four players, every profile's options that the
greedy policy reads (stacking, 7s and 0s, discard-all tops, challenges, keep-or-play)
and jump-in, which no profile has on but the playouts handle.
"""

from __future__ import annotations

import hashlib
from typing import Any

import pytest

from nomercy import apply, new_game
from nomercy.core.legality import required_moves
from nomercy.core.state import GameState
from nomercy.play.players import make_player, next_move, notify
from nomercy.play.players.expert import ExpertPlayer

SMALL_EXPERT = {"iterations": 12, "depth": 8, "candidates": 4, "max_time": None, "sharp": False, "confidence": 1.0}
"""A fixed playout budget: the same seed gives the same search, whatever the machine's speed. Every
option is named, so a change of the defaults (a bigger budget, say) does not change these digests.
(``sharp`` became the default on 1 December 2026: these digests, recorded before, are with it off;
``SHARP_GAMES`` and the sharp rows of ``SEARCHES`` pin it on.)"""


def _digest(lines: list[str]) -> str:
    return hashlib.sha256("\n".join(lines).encode()).hexdigest()[:16]


def _game_moves(rules: str, kinds: tuple[str, ...], seed: int, overrides: dict[str, Any],
                expert: dict[str, Any]) -> list[str]:
    """Every move of one seeded game, in notation, as the one driver protocol asks the players."""
    state = new_game(rules, len(kinds), seed=seed, **overrides)
    bots = {seat: make_player(kind, seed=seed * 10 + seat, **(expert if kind == "expert" else {}))
            for seat, kind in enumerate(kinds)}
    moves = []
    while not state.is_over:
        move = next_move(state, bots)
        assert move is not None
        moves.append(state.move_text(move))
        after, events = apply(state, move)
        notify(bots, state, move, events, after)
        state = after
    return moves


def _games_digest(rules: str, kinds: tuple[str, ...], seeds: range, overrides: dict[str, Any],
                  expert: dict[str, Any]) -> str:
    lines = []
    for seed in seeds:
        lines.append(f"game {seed}")
        lines.extend(_game_moves(rules, kinds, seed, overrides, expert))
    return _digest(lines)


GAMES = [
    # (rules, seats, overrides, seeds, digest of every move of those games)
    ("no-mercy", ("greedy", "greedy"), {}, range(100), "a3f733d5d026ce35"),
    ("no-mercy", ("greedy",) * 4, {}, range(60), "628276326db9587f"),
    ("classic", ("greedy", "greedy"), {}, range(60), "3ab285c79da629cf"),
    ("classic", ("greedy",) * 4, {}, range(60), "891e83973fdfd0ba"),
    ("open-mercy", ("greedy",) * 3, {}, range(40), "e92c9de5a2f91c8a"),
    ("speltavlan", ("greedy",) * 4, {}, range(40), "cd8e6c7a6f92b0af"),
    ("no-mercy", ("greedy",) * 4, {"jump_in": True}, range(40), "6105f43cce6947da"),
    ("classic", ("greedy",) * 3, {"jump_in": True}, range(60), "c5790a4785948bc2"),
    ("no-mercy", ("expert", "greedy"), {}, range(12), "304af960076b5ac4"),
    ("no-mercy", ("greedy", "expert", "greedy", "greedy"), {}, range(8), "833e4ab93092aea6"),
    ("classic", ("greedy", "expert"), {}, range(6), "2430e550ca397018"),
    ("open-mercy", ("expert", "greedy", "greedy"), {}, range(4), "be59a76879d17042"),
    ("no-mercy", ("expert", "greedy", "greedy"), {"jump_in": True}, range(6), "720725acdbf798ad"),
]


@pytest.mark.parametrize("rules,kinds,overrides,seeds,digest", GAMES,
                         ids=[f"{r}-{'-'.join(k)}-{'-'.join(o) or 'printed'}" for r, k, o, _, _ in GAMES])
def test_the_players_make_the_moves_they_always_made(rules, kinds, overrides, seeds, digest):
    assert _games_digest(rules, kinds, seeds, overrides, SMALL_EXPERT) == digest


SHARP_GAMES = [
    # the expert with sharp on (its default since 1 December 2026): (rules, seats, overrides, seeds, digest)
    ("no-mercy", ("expert", "greedy"), {}, range(12), "d03bbe440659fa03"),
    ("no-mercy", ("greedy", "expert", "greedy", "greedy"), {}, range(8), "8e96920de8f19516"),
    ("classic", ("greedy", "expert"), {}, range(6), "8d8bbda928ba6160"),
]


@pytest.mark.parametrize("rules,kinds,overrides,seeds,digest", SHARP_GAMES,
                         ids=[f"{r}-{'-'.join(k)}" for r, k, _, _, _ in SHARP_GAMES])
def test_the_sharp_expert_makes_the_moves_recorded_for_it(rules, kinds, overrides, seeds, digest):
    assert _games_digest(rules, kinds, seeds, overrides, {**SMALL_EXPERT, "sharp": True}) == digest


def _positions(rules: str, players: int, seed: int, every: int) -> list[GameState]:
    """Every ``every``-th position of a seeded greedy game where the seat to move has a choice."""
    state = new_game(rules, players, seed=seed)
    bots = {seat: make_player("greedy", seed=seat) for seat in range(players)}
    positions = []
    while not state.is_over:
        if state.ply % every == 0 and len(required_moves(state)) > 1:
            positions.append(state)
        state = apply(state, next_move(state, bots))[0]  # type: ignore[arg-type]
    return positions


SEARCHES = [
    # (rules, players, game seeds, sharp, digest of every estimate of every search)
    ("no-mercy", 2, range(6), False, "98fba9142d26d950"),
    ("no-mercy", 4, range(6), False, "30a2e383608ada70"),
    ("classic", 3, range(4), False, "6780a2462ab454c2"),
    ("no-mercy", 2, range(6), True, "d57650f53a44f2c9"),
    ("no-mercy", 4, range(6), True, "1c053801f6a21683"),
]


@pytest.mark.parametrize("rules,players,seeds,sharp,digest", SEARCHES,
                         ids=[f"{r}-{p}{'-sharp' if s else ''}" for r, p, _, s, _ in SEARCHES])
def test_the_experts_search_weighs_every_move_as_it_always_did(rules, players, seeds, sharp, digest):
    lines = []
    for seed in seeds:
        for number, state in enumerate(_positions(rules, players, seed, every=3)):
            expert = ExpertPlayer(seed=seed * 100 + number, iterations=24, depth=8, candidates=6,
                                  max_time=None, sharp=sharp, confidence=1.0)
            view = state.view(state.turn)
            weighing = expert.weigh(view, expert.shortlist(view, required_moves(state)))
            lines.append(f"{state.move_text(weighing.choice)} {weighing.playouts} {weighing.decided}")
            lines.extend(f"{state.move_text(m)} {e.mean!r} {e.playouts} {e.error!r}"
                         for m, e in zip(weighing.moves, weighing.estimates))
            lines.append(repr(weighing.values))
    assert _digest(lines) == digest


@pytest.mark.parametrize("rules,players", [("no-mercy", 2), ("no-mercy", 4), ("open-mercy", 3), ("classic", 4)])
def test_greedy_counts_the_cards_a_play_keeps_as_a_walk_over_them_would(rules, players):
    """Greedy counts a hand once per decision and takes the played card off: the same as walking the hand kept."""
    from nomercy import Play
    from nomercy.play.players.greedy import _HandCount, hand_after

    checked = 0
    for seed in range(3):
        for state in _positions(rules, players, seed, every=1):
            hand = state.hands[state.turn]
            counted = _HandCount(hand)
            for play in (m for m in required_moves(state) if type(m) is Play):
                kept = hand_after(hand, play)
                top = play.top if play.top is not None else play.card
                color = play.color if play.card.color is None else top.color
                walked = sum(1 for c in kept if c.color is None or c.color is color or c.rank is top.rank)
                if play.card.rank.discards:
                    assert _HandCount(kept).fitting(top, color) == walked
                else:
                    assert counted.fitting(top, color) - 1 == walked
                    assert counted.size - 1 == len(kept)
                    assert counted.draws - (play.card.draw_value > 0) == sum(1 for c in kept if c.draw_value)
                checked += 1
    assert checked > 100
