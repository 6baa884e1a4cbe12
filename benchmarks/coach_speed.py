"""How long the coach takes on the first table of notebooks/11-play.ipynb: hints, warnings, the round's review.

Run from the repository root::

    .venv/bin/python benchmarks/coach_speed.py                        # the default budget, one round
    .venv/bin/python benchmarks/coach_speed.py --budgets 50,100,200,400   # what each budget costs and how noisy it is
    .venv/bin/python benchmarks/coach_speed.py --rounds 3 --json      # more decisions, machine-readable

The table is the notebook's first one: no-mercy, seats Player (the human),
Greedy and Random, seed 66 (``--seed`` for another). The human's seat is played
by the greedy player (``--human expert`` for the expert), so the round is the
same every run; at each of the human's decisions the script times ``hint`` at
every budget asked for, ``warnings`` for every legal move, and at the end
``review`` of the round at the first budget. Later rounds deal from the next
seeds. Each figure is the wall-clock time of one call with ``time.perf_counter``;
the CPU share, and the CPU seconds of the hint (``time.process_time``), say how
much of that time other programs had the processor. This file is not part of the
test suite and asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import time
from typing import Any

try:
    import nomercy  # noqa: F401
except ImportError:  # run from a checkout without `pip install -e .`
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir))

from nomercy.play.coach import DEFAULT_BUDGET, hint, review, move_warnings
from nomercy.play.game import Game
from nomercy.core.engine import legal_moves
from nomercy.play.players import make_player, required_moves

SEATS = ("Player", "Greedy", "Random")  # the names GameTable gives ["human", "greedy", "random"]
KINDS = ("greedy", "random")


def _summary(values: list[float]) -> dict[str, float]:
    ordered = sorted(values)
    return {
        "count": len(ordered),
        "median": statistics.median(ordered),
        "p90": ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))],
        "max": ordered[-1],
    }


def measure(seed: int, rounds: int, budgets: list[int], human: str) -> dict[str, Any]:
    hint_seconds: dict[int, list[float]] = {b: [] for b in budgets}
    hint_cpu: dict[int, list[float]] = {b: [] for b in budgets}
    margins: dict[int, list[float]] = {b: [] for b in budgets}
    warning_seconds: list[float] = []
    review_seconds: list[float] = []
    decisions = 0
    for number in range(rounds):
        players = {0: make_player(human, seed=1), 1: make_player(KINDS[0], seed=2), 2: make_player(KINDS[1], seed=3)}
        game = Game("no-mercy", SEATS, seed=seed + number, computers=players)  # every seat a computer: the human's too
        while not game.state.is_over:
            state = game.state
            mine = list(legal_moves(state, 0))
            if state.to_act == 0 and len(required_moves(state)) > 1:
                decisions += 1
                for budget in budgets:
                    wall, cpu = time.perf_counter(), time.process_time()
                    tip = hint(state, 0, seed=1, budget=budget)
                    hint_seconds[budget].append(time.perf_counter() - wall)
                    hint_cpu[budget].append(time.process_time() - cpu)
                    if tip.chance is not None:
                        margins[budget].append(tip.chance.error)  # one standard error
                for move in mine:
                    wall = time.perf_counter()
                    move_warnings(state, 0, move)
                    warning_seconds.append(time.perf_counter() - wall)
            if game.advance() is None:  # the next computer move, shown to every player that remembers
                raise RuntimeError(f"no player moved in round {number + 1} before it ended")
        wall = time.perf_counter()
        review(game, 0, seed=1, budget=budgets[0])
        review_seconds.append(time.perf_counter() - wall)
    result: dict[str, Any] = {
        "table": f"no-mercy, {', '.join(SEATS)}, seeds {seed} to {seed + rounds - 1}, human played by {human}",
        "python": platform.python_version(),
        "cores": os.cpu_count(),
        "decisions": decisions,
        "hint": {},
        "warnings": _summary(warning_seconds),
        "review": {"budget": budgets[0], **_summary(review_seconds)},
    }
    for budget in budgets:
        cpu_share = sum(hint_cpu[budget]) / max(sum(hint_seconds[budget]), 1e-9)
        result["hint"][budget] = {**_summary(hint_seconds[budget]), "cpu": cpu_share,
                                  "cpu_seconds": _summary(hint_cpu[budget]),
                                  "margin_median": statistics.median(margins[budget]) if margins[budget] else None}
    return result


def show(result: dict[str, Any]) -> None:
    print(f"{result['table']}; Python {result['python']}, {result['cores']} cores; "
          f"{result['decisions']} decisions with a choice")
    print(f"{'hint budget':>12} {'median':>8} {'p90':>8} {'max':>8} {'cpu':>5} {'cpu median':>11} {'cpu max':>8}"
          "  ± of the suggested move (one standard error)")
    for budget, row in result["hint"].items():
        margin = f"± {row['margin_median'] * 100:.0f} points" if row["margin_median"] is not None else "-"
        times = f"{row['median']:>7.2f}s {row['p90']:>7.2f}s {row['max']:>7.2f}s"
        cpu = row["cpu_seconds"]
        print(f"{budget:>12} {times} {row['cpu']:>4.0%} {cpu['median']:>10.2f}s {cpu['max']:>7.2f}s  {margin}")
    w = result["warnings"]
    print(f"warnings, one move: median {w['median'] * 1000:.1f} ms, p90 {w['p90'] * 1000:.1f} ms, "
          f"max {w['max'] * 1000:.1f} ms ({w['count']} moves)")
    r = result["review"]
    print(f"review of the round at budget {r['budget']}: median {r['median']:.1f} s, max {r['max']:.1f} s "
          f"({r['count']} rounds)")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=66, help="the table's seed (the notebook's first table: 66)")
    parser.add_argument("--rounds", type=int, default=1, help="rounds to play, from seed, seed+1, ...")
    parser.add_argument("--budgets", default=str(DEFAULT_BUDGET), help="playout budgets to time, comma-separated")
    parser.add_argument("--human", default="greedy", choices=("greedy", "expert", "random"),
                        help="the player that makes the human's moves")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    budgets = [int(b) for b in args.budgets.split(",")]
    result = measure(args.seed, args.rounds, budgets, args.human)
    if args.json:
        print(json.dumps(result, indent=1))
    else:
        show(result)
    return 0


if __name__ == "__main__":
    sys.exit(main())
