"""Does the coach tell the truth? Its hints and reviews at the table's budget, checked against four times the budget.

Run from the repository root::

    .venv/bin/python benchmarks/coach_honesty.py                  # 240 positions, 30 reviewed rounds: 4 min quiet, 20 loaded
    .venv/bin/python benchmarks/coach_honesty.py --quick          # a few seconds: that it runs, not its figures
    .venv/bin/python benchmarks/coach_honesty.py --json

The positions come from real seeded tables: three-player No Mercy rounds (game seeds
1, 2, 3, ...) between an expert (100 playouts a decision, the clock off, so every run
plays the same rounds) and two greedy players, the expert's seat moving round the
table from game to game. Every ``--every``-th decision with more than one move, of
any seat, is a position. At each, the coach's hint at the table's budget
(``TABLE_BUDGET``, the table's coach seed) is asked for and timed, and checked:

- that the suggested move is the first of its own list (issue 31 found 14 of 30 that
  were not, before the list became the search's finalists);
- whether it is the move the same search chooses at four times the budget, with an
  independent seed (an expert that looks harder), and if not, whether that search finds
  the hint's move clearly worse than its own (a review of the hint's move at that budget)
  or a tie within noise.

The reviews: ``--rounds`` rounds of the same tables with a random player in seat 0,
reviewed at the table's budget. Every decision the review names a mistake is reviewed
again at four times the budget with an independent seed: it is confirmed when that
review calls it a mistake too; and the script counts the mistakes whose lead is within
their own margin (issue 31 found 19 of 23) and the close calls.

Shares are printed with their 95% Wilson interval; times are the wall clock and the
CPU (``time.process_time``) of one hint. Public API only. This file asserts nothing
and is not part of the test suite.
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

from nomercy.core.engine import apply
from nomercy.core.seeds import short_seed
from nomercy.core.state import GameState
from nomercy.play.coach import hint, review
from nomercy.play.estimate import is_clear
from nomercy.play.game import Game
from nomercy.play.players import make_player, next_move, notify, required_moves
from nomercy.play.simulate import wilson_interval
from nomercy.play.table_coach import TABLE_BUDGET

SEATS = ("Ann", "Bo", "Cy")


def share(hits: int, count: int) -> dict[str, Any]:
    low, high = wilson_interval(hits, count)
    return {"hits": hits, "count": count, "share": hits / count if count else None, "low": low, "high": high}


def play_round(seed: int, kinds: dict[int, str]) -> Game:
    """One seeded round; ``kinds`` gives each seat's player (the expert at 100 playouts, the clock off)."""
    game = Game("no-mercy", SEATS, seed=seed)
    players = {seat: make_player(kind, seed=seed * 10 + seat,
                                 **({"iterations": 100, "max_time": None} if kind == "expert" else {}))
               for seat, kind in kinds.items()}
    while not game.state.is_over:
        state = game.state
        move = next_move(state, players)
        assert move is not None
        after, events = apply(state, move)
        notify(players, state, move, events, after)
        game.play(move)
    return game


def positions(count: int, every: int) -> list[tuple[int, GameState]]:
    """Every ``every``-th decision with more than one move of expert-and-greedy rounds: (game seed, position)."""
    found: list[tuple[int, GameState]] = []
    seen = 0
    seed = 1
    while len(found) < count:
        kinds = {seat: "expert" if seat == seed % 3 else "greedy" for seat in range(3)}
        for step in play_round(seed, kinds).transcript().steps:
            state = step.before
            if step.played and state.turn == state.to_act and len(required_moves(state)) > 1:
                seen += 1
                if seen % every == 0 and len(found) < count:
                    found.append((seed, state))
        seed += 1
    return found


def check_hints(found: list[tuple[int, GameState]], budget: int) -> dict[str, Any]:
    first = agree = worse = 0
    wall: list[float] = []
    cpu: list[float] = []
    for seed, state in found:
        seat = state.turn
        started, used = time.perf_counter(), time.process_time()
        tip = hint(state, seat, seed=short_seed(seed, "coach"), budget=budget)
        wall.append(time.perf_counter() - started)
        cpu.append(time.process_time() - used)
        first += not tip.chances or tip.chances[0].label == tip.text
        if not tip.playouts:  # a winning play, an UNO call or a catch: the same at any budget
            agree += 1
            continue
        # The search at four times the budget, an independent seed, the hint's move followed on its tables.
        harder = review([(state, tip.move)], seat, seed=short_seed(seed, "coach", 4), budget=4 * budget)
        agree += not (harder.mistakes or harder.close_calls)
        worse += len(harder.mistakes)
    return {
        "first_of_list": share(first, len(found)),
        "equals_four_times": share(agree, len(found)),
        "clearly_worse_at_four_times": share(worse, len(found)),
        "seconds": {"median": statistics.median(wall), "max": max(wall),
                    "cpu_median": statistics.median(cpu), "cpu_max": max(cpu)} if found else {},
    }


def check_reviews(rounds: int, budget: int) -> dict[str, Any]:
    looked_at = confirmed = differs = within = close = 0
    mistakes = 0
    for seed in range(1, rounds + 1):
        game = play_round(seed, {0: "random", 1: "greedy", 2: "greedy"})
        found = review(game, 0, seed=short_seed(seed, "coach"), budget=budget)
        looked_at += found.looked_at
        close += len(found.close_calls)
        for decision in found.mistakes:
            mistakes += 1
            within += not is_clear(decision.played.lead, decision.played.error)
            again = review([(decision.state, decision.played.move)], 0, seed=short_seed(seed, "coach", 4),
                           budget=4 * budget)
            confirmed += len(again.mistakes)
            differs += len(again.mistakes) + len(again.close_calls)
    return {
        "rounds": rounds, "decisions": looked_at, "mistakes": mistakes, "close_calls": close,
        "mistakes_within_margin": within,
        "confirmed_at_four_times": share(confirmed, mistakes),
        "played_move_not_chosen_at_four_times": share(differs, mistakes),
    }


def measure(count: int, every: int, rounds: int, budget: int) -> dict[str, Any]:
    started = time.perf_counter()
    found = positions(count, every)
    result = {
        "python": platform.python_version(), "cores": os.cpu_count(), "budget": budget, "positions": len(found),
        "hints": check_hints(found, budget), "reviews": check_reviews(rounds, budget),
    }
    result["minutes"] = (time.perf_counter() - started) / 60
    try:
        result["load"] = os.getloadavg()[0]
    except OSError:  # pragma: no cover - not every system has one
        pass
    return result


def _share(row: dict[str, Any]) -> str:
    if not row["count"]:
        return "none to count"
    return (f"{row['hits']} of {row['count']} = {row['share']:.0%} "
            f"(95% interval {row['low']:.0%} to {row['high']:.0%})")


def show(result: dict[str, Any]) -> None:
    budget = result["budget"]
    h, r = result["hints"], result["reviews"]
    print(f"Python {result['python']}, {result['cores']} cores; table budget {budget} playouts, checked at "
          f"{4 * budget}; {result['minutes']:.1f} min, load average {result.get('load', float('nan')):.1f}")
    print(f"hints at {result['positions']} positions:")
    print(f"  the suggested move first of its own list: {_share(h['first_of_list'])}")
    print(f"  the same move as the search at {4 * budget} playouts: {_share(h['equals_four_times'])}")
    print(f"  a move that search finds clearly worse than its own: {_share(h['clearly_worse_at_four_times'])}")
    s = h["seconds"]
    if s:
        print(f"  time of one hint: median {s['median']:.2f} s, worst {s['max']:.2f} s "
              f"(CPU median {s['cpu_median']:.2f} s, worst {s['cpu_max']:.2f} s)")
    print(f"reviews of {r['rounds']} rounds of a random player ({r['decisions']} decisions with a choice): "
          f"{r['mistakes']} mistakes, {r['close_calls']} close calls")
    print(f"  mistakes whose lead is within their margin: {r['mistakes_within_margin']}")
    print(f"  mistakes confirmed by a review at {4 * budget} playouts: {_share(r['confirmed_at_four_times'])}")
    print(f"  ... whose search at {4 * budget} did not choose the move played either: "
          f"{_share(r['played_move_not_chosen_at_four_times'])}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=240, help="positions for the hint's checks")
    parser.add_argument("--every", type=int, default=3, help="take every n-th decision with a choice as a position")
    parser.add_argument("--rounds", type=int, default=30, help="rounds of a random player to review")
    parser.add_argument("--budget", type=int, default=TABLE_BUDGET, help="the budget checked (the table's)")
    parser.add_argument("--quick", action="store_true", help="3 positions, 1 round, budget 8: that it runs")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    if args.quick:
        args.positions, args.rounds, args.budget = 3, 1, 8
    result = measure(args.positions, args.every, args.rounds, args.budget)
    print(json.dumps(result, indent=1)) if args.json else show(result)
    return 0


if __name__ == "__main__":
    sys.exit(main())
