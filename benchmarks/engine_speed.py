"""How many complete random games per second the engine plays, next to RLCard's UNO.

Run from the repository root::

    .venv/bin/python benchmarks/engine_speed.py                 # about 4 s per row
    .venv/bin/python benchmarks/engine_speed.py --seconds 10    # steadier figures
    .venv/bin/python benchmarks/engine_speed.py --games 200     # a fixed number of games per row
    .venv/bin/python benchmarks/engine_speed.py --json          # machine-readable

Every row plays whole games from ``new_game(profile, players, seed=i)`` to the end,
choosing uniformly among ``legal_moves(state)`` with ``random.Random(i)`` and
going through ``apply`` for every move, in this one process. RLCard's bare
``UnoGame`` (no environment wrapper, no feature encoding) plays the same kind of
random games with its own legal moves, its shuffles seeded per game.

The two engines' games are not equally long. RLCard has no UNO call or catch and
never lets a player draw while holding a playable card; our classic profile
allows that voluntary draw (the printed rules do), and random players draw far
more often than real ones, so its games run several times longer. The row
``classic, voluntary_draw=False`` switches that option off and is the
like-for-like comparison; ratios are printed both per game and per move.

Each row is warmed up, then timed three times over the same seeds with
``time.perf_counter``; the table shows the median repetition. This file is not
part of the test suite and asserts nothing about speed.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import sys
import time
from dataclasses import asdict, dataclass
from typing import Callable

try:
    import nomercy
except ImportError:  # run from a checkout without `pip install -e .`
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir))
    import nomercy

# A random game that has not ended after this many moves is a bug (ours) or a
# loop (theirs); the benchmark stops rather than spin forever.
MOVE_CAP = 200_000
REPETITIONS = 3
MIN_GAMES = 10
BUSY = 0.9  # below this CPU share of wall time, a row was slowed by other processes

Runner = Callable[[int, int], int]
"""``runner(first_seed, games) -> moves``: play ``games`` whole games, return the moves made."""


# ----------------------------------------------------------------------------
# Our engine
# ----------------------------------------------------------------------------

def our_runner(profile: str, players: int, package: object = None, **overrides: object) -> Runner:
    """Random games through the public API only: new_game, legal_moves, and apply in the driver's loop.

    ``package`` is the imported engine (``nomercy`` by default; ``compare_engines.py``
    passes an earlier commit's, loaded under another name).
    """
    import importlib

    package = nomercy if package is None else package
    play_out = importlib.import_module(package.__name__ + ".play.driver").play_out  # type: ignore[attr-defined]
    new_game, legal_moves = package.new_game, package.legal_moves  # type: ignore[attr-defined]

    def run(first_seed: int, games: int) -> int:
        moves = 0
        for seed in range(first_seed, first_seed + games):
            choice = random.Random(seed).choice
            state = new_game(profile, players, seed=seed, **overrides)
            end = play_out(state, lambda s: choice(legal_moves(s)), max_moves=MOVE_CAP)
            if not end.is_over:
                raise RuntimeError(f"{profile} {players}p seed {seed}: no end after {MOVE_CAP} moves")
            moves += end.ply - state.ply
        return moves

    return run


# ----------------------------------------------------------------------------
# RLCard's UNO engine
# ----------------------------------------------------------------------------

def rlcard_version() -> str | None:
    try:
        import rlcard
    except Exception:  # noqa: BLE001 - any failure means "not available"
        return None
    return getattr(rlcard, "__version__", "unknown")


def rlcard_runner(players: int) -> Runner:
    """Random games on ``rlcard.games.uno.game.UnoGame`` directly (classic rules)."""
    import numpy as np
    from rlcard.games.uno.game import UnoGame

    def run(first_seed: int, games: int) -> int:
        moves = 0
        for seed in range(first_seed, first_seed + games):
            rng = random.Random(seed)
            choice = rng.choice
            game = UnoGame(num_players=players)
            game.np_random = np.random.RandomState(seed)  # init_game hands it to the dealer and round
            game.init_game()
            count = 0
            while not game.is_over():
                game.step(choice(game.get_legal_actions()))
                count += 1
                if count > MOVE_CAP:
                    raise RuntimeError(f"rlcard {players}p seed {seed}: no end after {MOVE_CAP} moves")
            moves += count
        return moves

    return run


# ----------------------------------------------------------------------------
# Timing
# ----------------------------------------------------------------------------

@dataclass
class Row:
    engine: str
    profile: str
    players: int
    games: int
    seconds: float
    games_per_s: float
    moves_per_game: float
    moves_per_s: float
    repetitions: list[float]
    cpu_share: float
    """CPU time of this process over wall time in the median run; well under 1 means the machine was busy."""
    clock: str = "wall"


def size_batch(run: Runner, games: int | None, budget: float, clock: str) -> int:
    """Warm the runner up (imports, caches, first calls) and pick the games per repetition."""
    now = time.process_time if clock == "cpu" else time.perf_counter
    warm_start = now()
    warm_games = 0
    while True:  # at least a handful of games and a quarter second
        run(1_000_000 + warm_games, 5)  # seeds far from the timed ones
        warm_games += 5
        if now() - warm_start >= 0.25 or warm_games >= 200:
            break
    if games is not None:
        return games
    per_game = (now() - warm_start) / warm_games
    return max(MIN_GAMES, int(budget / REPETITIONS / per_game))


def time_once(run: Runner, games: int) -> tuple[float, float, int]:
    """(wall seconds, CPU seconds of this process, moves) for one batch from seed 0."""
    cpu_start = time.process_time()
    start = time.perf_counter()
    moves = run(0, games)  # same seeds every repetition: identical work
    return time.perf_counter() - start, time.process_time() - cpu_start, moves


def measure_all(plan: list[tuple[str, str, int, Runner]], games: int | None, budget: float,
                clock: str, progress: bool) -> list[Row]:
    """Warm up and size every row, then time the rows round-robin, three rounds.

    Interleaving the rounds spreads any slow spell of a shared machine over all
    rows instead of letting it land on one engine.
    """
    batches = []
    for engine, profile, players, run in plan:
        if progress:
            print(f"  warming up {engine} {profile} {players}p ...", file=sys.stderr, flush=True)
        batches.append(size_batch(run, games, budget, clock))
    timings: list[list[tuple[float, float, int]]] = [[] for _ in plan]
    for round_number in range(REPETITIONS):
        if progress:
            print(f"  timing round {round_number + 1} of {REPETITIONS} ...", file=sys.stderr, flush=True)
        for i, (_engine, _profile, _players, run) in enumerate(plan):
            timings[i].append(time_once(run, batches[i]))
    rows = []
    for (engine, profile, players, _run), n, runs in zip(plan, batches, timings):
        key = 1 if clock == "cpu" else 0
        runs.sort(key=lambda r: r[key])
        wall, cpu, moves = runs[len(runs) // 2]  # the median run (REPETITIONS is odd)
        seconds = cpu if clock == "cpu" else wall
        rows.append(Row(engine, profile, players, n, seconds, n / seconds, moves / n, moves / seconds,
                        [r[key] for r in runs], cpu / wall, clock))
    return rows


# ----------------------------------------------------------------------------
# Output
# ----------------------------------------------------------------------------

LIKE_FOR_LIKE = "classic, voluntary_draw=False"


def ratios(rows: list[Row]) -> list[dict[str, object]]:
    """Our classic rows over RLCard's, per player count, per game and per move."""
    theirs = {r.players: r for r in rows if r.engine == "rlcard"}
    out = []
    for r in rows:
        if r.engine != "nomercy" or not r.profile.startswith("classic") or r.players not in theirs:
            continue
        t = theirs[r.players]
        out.append({
            "ours": r.profile,
            "players": r.players,
            "games_per_s_ratio": r.games_per_s / t.games_per_s,
            "moves_per_s_ratio": r.moves_per_s / t.moves_per_s,
            "like_for_like": r.profile == LIKE_FOR_LIKE,
        })
    return out


def print_table(rows: list[Row], rl_note: str | None, clock: str) -> None:
    timer = "process CPU time" if clock == "cpu" else "wall time"
    print(f"nomercy {nomercy.__version__} | Python {platform.python_version()} | {platform.machine()} | "
          f"{os.cpu_count()} CPUs | {timer}, median of {REPETITIONS} interleaved runs, same seeds each run")
    header = f"{'engine':8} {'profile':31} {'players':>7} {'games':>6} {'seconds':>8} {'games/s':>9} {'moves/game':>10} {'moves/s':>9} {'cpu':>5}"
    print(header)
    print("-" * len(header))
    for r in rows:
        print(f"{r.engine:8} {r.profile:31} {r.players:>7} {r.games:>6} {r.seconds:>8.3f} "
              f"{r.games_per_s:>9.1f} {r.moves_per_game:>10.1f} {r.moves_per_s:>9.0f} {100 * r.cpu_share:>4.0f}%")
    if any(r.cpu_share < BUSY for r in rows):
        print(f"note: a cpu figure under {100 * BUSY:.0f}% means other processes took the CPU during that row; "
              "its speed is understated")
    if rl_note:
        print(rl_note)
        return
    print()
    print("ours / RLCard (higher is faster; target: 2x per move on classic 4 players, like-for-like)")
    for q in ratios(rows):
        mark = "  <- like-for-like (no voluntary draw, as RLCard)" if q["like_for_like"] else \
            "  (our games are longer: voluntary draws)"
        print(f"  {q['ours']:31} {q['players']}p: {q['games_per_s_ratio']:5.2f}x games/s, "
              f"{q['moves_per_s_ratio']:5.2f}x moves/s{mark}")
    for r in rows:
        if r.engine == "nomercy" and r.profile == "no-mercy" and r.players == 4:
            print(f"no-mercy, 4 players: {r.games_per_s:.0f} complete random games per second "
                  f"(target: 1,000 on one core)")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=None, help="games per repetition (default: sized to --seconds)")
    parser.add_argument("--seconds", type=float, default=4.0, help="time budget per row, all repetitions (default 4)")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    parser.add_argument("--clock", choices=("wall", "cpu"), default="wall",
                        help="wall: time.perf_counter (default); cpu: this process's CPU time, "
                             "steadier on a machine busy with other work")
    args = parser.parse_args(argv)
    if args.games is not None and args.games < 1:
        parser.error("--games must be at least 1")

    plan: list[tuple[str, str, int, Runner]] = []
    for profile in ("classic", "no-mercy"):
        for players in (2, 4):
            plan.append(("nomercy", profile, players, our_runner(profile, players)))
            if profile == "classic":
                plan.append(("nomercy", LIKE_FOR_LIKE, players, our_runner("classic", players, voluntary_draw=False)))
    version = rlcard_version()
    rl_note = None
    if version is None:
        rl_note = "rlcard is not importable (pip install rlcard): no comparison, only our rows were measured."
    else:
        for players in (2, 4):
            plan.append(("rlcard", f"uno (rlcard {version})", players, rlcard_runner(players)))

    rows = measure_all(plan, args.games, args.seconds, args.clock, progress=not args.json)

    if args.json:
        print(json.dumps({
            "nomercy": nomercy.__version__,
            "rlcard": version,
            "python": platform.python_version(),
            "machine": platform.machine(),
            "cpus": os.cpu_count(),
            "repetitions": REPETITIONS,
            "clock": args.clock,
            "rows": [asdict(r) for r in rows],
            "ratios": ratios(rows),
            "note": rl_note,
        }, indent=2))
    else:
        print_table(rows, rl_note, args.clock)
    return 0


if __name__ == "__main__":
    sys.exit(main())
