"""Simulation throughput (games per second, 1 and 2 workers) and the expert's time per decision.

Run from the repository root::

    .venv/bin/python benchmarks/simulation_speed.py                  # 200 games per row, then the expert
    .venv/bin/python benchmarks/simulation_speed.py --games 1000     # steadier figures
    .venv/bin/python benchmarks/simulation_speed.py --json           # machine-readable
    .venv/bin/python benchmarks/simulation_speed.py --skip-expert
    .venv/bin/python benchmarks/simulation_speed.py --skip-expert --check-every-move

Throughput rows run ``nomercy.play.simulate.simulate`` exactly as ``nomercy simulate``
does: No Mercy with 2, 4 and 6 players, every seat ``random`` or every seat
``greedy``, on 1 worker (in this process) and on a pool of 2 worker processes.
Every game is also checked (every move legal, the card count and the mercy limit
after every move, the deck's very cards at the end), so these are the figures of
a real run, not of a bare engine loop (``engine_speed.py`` has those);
``--check-every-move`` times the closer check the soak uses. Each row shows games
per second of wall-clock time and per second of CPU time (this process's, plus
its pool's worker processes'): on a shared machine the wall clock also counts
other programs, so compare the CPU figures. The pool's figures include starting
its processes.

The expert rows play No Mercy games between one expert and greedy players and
time every decision the expert searches (decisions with a single sensible move
are answered at once and left out), with the default budget and with the smaller
budget used for the published ladder. Both wall-clock and CPU time are shown: on
a shared machine the wall clock also counts other programs. This file asserts
nothing about speed and is not part of the test suite.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import statistics
import sys
import time
from typing import Any

from nomercy import GameState, Move, new_game
from nomercy.play.driver import play_out
from nomercy.play.players import make_player, next_move, notify
from nomercy.play.simulate import simulate

LADDER_EXPERT = {"iterations": 12, "depth": 12, "candidates": 4}
"""The expert budget of the published ladder (docs/simulation.md)."""


def _cpu_seconds() -> float:
    """CPU time of this process and of its finished child processes (a pool's workers, once shut down)."""
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + children.ru_utime + children.ru_stime


def _shown(value: float | None, spec: str) -> str:
    """A figure, or a dash where a run was too short for the clock to see (a quick run of a few games)."""
    return "-" if value is None else format(value, spec)


def throughput(games: int, seed: int, check_moves: bool = False) -> list[dict[str, Any]]:
    rows = []
    for players in (2, 4, 6):
        for bots in ("random", "greedy"):
            for workers in (1, 2):
                cpu = _cpu_seconds()
                result = simulate("no-mercy", players=players, bots=bots, games=games, seed=seed,
                                  workers=workers, progress=False, **({"check_moves": True} if check_moves else {}))
                cpu = _cpu_seconds() - cpu
                row = {"players": players, "bots": bots, "workers": workers, "games": games,
                       "check_moves": check_moves,
                       "games_per_second": round(result.games_per_second, 1),
                       "games_per_cpu_second": round(games / cpu, 1) if cpu > 0 else None,
                       "cpu_share": round(cpu / (workers * result.seconds), 2) if result.seconds > 0 else None,
                       "turns_mean": result.turn_stats()["mean"]}
                rows.append(row)
                print(f"no-mercy {players}p {bots:<7} workers={workers}: {row['games_per_second']:8.1f} games/s, "
                      f"{_shown(row['games_per_cpu_second'], '8.1f')} games per CPU second "
                      f"(cpu share {_shown(row['cpu_share'], '.2f')})  ({row['turns_mean']:.0f} turns/game)",
                      file=sys.stderr)
    return rows


def expert_timing(label: str, options: dict[str, Any], players: int, games: int, seed: int) -> dict[str, Any]:
    """Seconds per searched decision of one expert among greedy players."""
    wall: list[float] = []
    cpu: list[float] = []
    for game_number in range(games):
        expert = make_player("expert", seed=seed + game_number, **options)
        bots = {seat: make_player("greedy", seed=seed + seat) for seat in range(players)}
        seat = game_number % players
        bots[seat] = expert

        def timed(state: GameState) -> Move | None:
            searched = expert.decisions
            started_wall, started_cpu = time.perf_counter(), time.process_time()
            action = next_move(state, bots)
            if expert.decisions > searched:
                wall.append(time.perf_counter() - started_wall)
                cpu.append(time.process_time() - started_cpu)
            return action

        play_out(new_game("no-mercy", players, seed=seed + game_number), timed,
                 observe=lambda before, move, events, after: notify(bots, before, move, events, after))
    row = {
        "budget": label,
        "options": {k: v for k, v in options.items()},
        "players": players,
        "decisions": len(wall),
        "wall_mean": round(statistics.fmean(wall), 4) if wall else None,
        "wall_p90": round(sorted(wall)[int(0.9 * (len(wall) - 1))], 4) if wall else None,
        "wall_max": round(max(wall), 4) if wall else None,
        "cpu_mean": round(statistics.fmean(cpu), 4) if cpu else None,
    }
    print(f"expert ({label}) {players}p: {row['decisions']} searched decisions, wall mean {row['wall_mean']} s, "
          f"p90 {row['wall_p90']} s, max {row['wall_max']} s; CPU mean {row['cpu_mean']} s", file=sys.stderr)
    return row


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per throughput row (default 200)")
    parser.add_argument("--expert-games", type=int, default=6, help="games per expert row (default 6)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--skip-expert", action="store_true")
    parser.add_argument("--check-every-move", action="store_true",
                        help="time the throughput rows with every move checked (check_moves=True, as the soak runs)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    report: dict[str, Any] = {
        "python": platform.python_version(),
        "machine": platform.machine(),
        "cpus": os.cpu_count(),
        "throughput": throughput(args.games, args.seed, args.check_every_move),
    }
    if not args.skip_expert:
        report["expert"] = [
            expert_timing("default", {}, players, args.expert_games, args.seed) for players in (2, 4)
        ] + [
            expert_timing("ladder", dict(LADDER_EXPERT, max_time=None), players, args.expert_games, args.seed)
            for players in (2, 4)
        ]
    if args.json:
        print(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
