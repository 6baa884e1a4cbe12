"""A fuzz run: at least 20,000 random games across every profile and 2 to 10 players.

Cheap invariants only, so it stays fast enough for CI: the card count after every
move, the full card multiset every few moves and at the end, a non-empty legal
list before the end, and an end within a bound. The games run in a process pool
(one worker per core), in fixed chunks, so the run is the same on every machine.
The run is cut into pieces of a few seconds each (marked ``soak``: ``pytest -m soak``),
so a long run shows its progress. Set NOMERCY_FUZZ_GAMES to run more (or fewer, while
developing).
"""

from __future__ import annotations

import multiprocessing
import os
import random
from concurrent.futures import Executor, ProcessPoolExecutor
from collections import Counter
from typing import Iterator

import pytest

from conftest import PROFILES, choose, option_values
from nomercy import DECKS, GameState, Move, legal_moves, new_game, ruleset
from nomercy.play.driver import play_out

GAMES = int(os.environ.get("NOMERCY_FUZZ_GAMES", "20000"))
CHUNK = 500
PIECE = 4 * CHUNK  # the games one test plays
MAX_MOVES = 3000
FULL_CHECK_EVERY = 100

# In every third game one option of the rules is switched to one of its other values (read from the
# rules, see conftest), or to a low mercy limit, so the fuzz also covers the variants; a few options go
# together as a profile has them.
def _variants() -> list[dict]:
    printed = ruleset("no-mercy")
    variants: list[dict] = [{}]
    for option, values in option_values().items():
        variants += [{option: value} for value in values if value != getattr(printed, option)]
    return variants + [{"mercy_limit": 15}, {"seven_swap": "optional", "discard_all_top": "choose"}]


VARIANTS = _variants()


def game_plan(index: int) -> tuple[str, int, dict]:
    profile = PROFILES[index % len(PROFILES)]
    players = 2 + (index // len(PROFILES)) % 9
    variant = VARIANTS[(index // 3) % len(VARIANTS)] if index % 3 == 0 else {}
    return profile, players, variant


def fuzz_chunk(start: int, stop: int) -> tuple[int, int, list[str]]:
    """Play games ``start`` .. ``stop - 1``; return (games, moves, failures)."""
    failures: list[str] = []
    moves_total = 0
    for index in range(start, stop):
        profile, players, variant = game_plan(index)
        rules = ruleset(profile, **variant)
        if not rules.players[0] <= players <= rules.players[1]:
            rules = ruleset(rules, players="2-10")
        listing = DECKS[rules.deck]
        size, counts = listing.size, listing.counts()
        state = new_game(rules, players, seed=index)
        rng = random.Random(index)
        where = f"game {index} ({profile}, {players} players, {variant})"

        def pick(position: GameState, rng: random.Random = rng) -> Move:
            legal = legal_moves(position)
            if not legal:
                raise AssertionError(f"no legal move at move {position.ply}")
            return choose(rng, legal)

        def check(before: GameState, move: Move, events: tuple, after: GameState,
                  size: int = size, counts: Counter = counts) -> None:
            if after.card_count() != size:
                raise AssertionError(f"{after.card_count()} cards after move {after.ply}")
            if after.ply % FULL_CHECK_EVERY == 0 and after.all_cards() != counts:
                raise AssertionError(f"the cards differ from the deck after move {after.ply}")

        try:
            state = play_out(state, pick, max_moves=MAX_MOVES, observe=check)
            if not state.is_over:
                raise AssertionError(f"no end after {MAX_MOVES} moves")
            if state.all_cards() != counts or state.winner is None or legal_moves(state):
                raise AssertionError("the final position is wrong")
            moves_total += state.ply
        except Exception as error:  # collect, so one bad game does not hide the others
            failures.append(f"{where}: {type(error).__name__}: {error}")
    return stop - start, moves_total, failures


PIECES = [(start, min(start + PIECE, GAMES)) for start in range(0, GAMES, PIECE)]


@pytest.fixture(scope="module")
def pool() -> Iterator[Executor | None]:
    """One worker process per core, shared by the pieces (None on one core: play in this process)."""
    workers = max(1, min(PIECE // CHUNK, os.cpu_count() or 1))
    if workers == 1:
        yield None
        return
    # spawn, not fork: other tests in the same run may have started threads
    with ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("spawn")) as executor:
        yield executor


def test_the_pieces_play_every_game_once():
    assert GAMES >= 1
    assert [i for start, stop in PIECES for i in range(start, stop)] == list(range(GAMES))


@pytest.mark.soak
@pytest.mark.parametrize("start, stop", PIECES, ids=[f"games{start}-{stop - 1}" for start, stop in PIECES])
def test_twenty_thousand_random_games_keep_every_invariant(pool, start, stop):
    chunks = [(first, min(first + CHUNK, stop)) for first in range(start, stop, CHUNK)]
    if pool is None:
        results = [fuzz_chunk(*chunk) for chunk in chunks]
    else:
        results = list(pool.map(fuzz_chunk, *zip(*chunks)))
    games = sum(r[0] for r in results)
    failures = [f for r in results for f in r[2]]
    assert games == stop - start
    assert not failures, f"{len(failures)} games broke an invariant, first ones:\n" + "\n".join(failures[:10])
