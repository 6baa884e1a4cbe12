"""The expert's search: playouts per second of CPU, and CPU time per searched decision.

Run from the repository root::

    .venv/bin/python benchmarks/expert_speed.py                    # 40 decisions at the default budget, clock off
    .venv/bin/python benchmarks/expert_speed.py --decisions 100    # steadier figures
    .venv/bin/python benchmarks/expert_speed.py --profile 25       # the same decisions under cProfile, top 25 by own time
    .venv/bin/python benchmarks/expert_speed.py --json
    .venv/bin/python benchmarks/expert_speed.py --iterations 500 --candidates 10   # another budget: does it fit half a second?
    .venv/bin/python benchmarks/expert_speed.py --sharp off        # greedy, not SharpGreedy, for the expert's own seat
    .venv/bin/python benchmarks/expert_speed.py --decisions 8 --setup-only   # everything but the timed searches

The figures move with the machine's load. For a count that does not, run it under
valgrind's cachegrind (``valgrind --tool=cachegrind --cache-sim=no .venv/bin/python ...``) twice,
with and without ``--setup-only``: the difference is the instructions of the timed
searches alone.

The decisions come from seeded greedy-against-greedy No Mercy games of two players
(game seeds 0, 1, 2, ...). Each seat has an expert that watches the game (so its
memory of the hands is what it would be in play), and every ``--every``-th position
where the seat to move has a decision the expert searches (more than one move on its
shortlist) is handed to that seat's expert: ``choose`` with the default playout
budget, ``max_time=None`` (the clock off, so every run does the same work whatever
the machine's load). Greedy plays the move actually made, so the positions do not
depend on the expert's code.

It prints the CPU time (``time.process_time``) of each searched decision (mean, 90th
percentile, max) and the playouts per second of CPU over all of them: the number
that decides how many playouts fit in the expert's half-second at the table. This
file asserts nothing and is not part of the test suite.
"""

from __future__ import annotations

import argparse
import copy
import cProfile
import json
import pstats
import statistics
import sys
import time
from typing import Any

from nomercy import new_game
from nomercy.core.legality import required_moves
from nomercy.core.state import GameState
from nomercy.play.driver import play_out
from nomercy.play.players import next_move, notify
from nomercy.play.players.expert import ExpertPlayer
from nomercy.play.players.greedy import GreedyPlayer


def decisions(count: int, every: int, rules: str, players: int,
              budget: dict[str, Any] | None = None) -> list[tuple[GameState, ExpertPlayer]]:
    """The first ``count`` searched decisions, each with a copy of its seat's watching expert (``budget``: its options)."""
    found: list[tuple[GameState, ExpertPlayer]] = []
    seen = 0
    game = 0
    while len(found) < count:
        greedy = {seat: GreedyPlayer(seed=game * 10 + seat) for seat in range(players)}
        experts = {seat: ExpertPlayer(seed=game * 10 + seat, max_time=None, **(budget or {})) for seat in range(players)}

        def choose(state: GameState) -> Any:
            nonlocal seen
            if len(found) >= count:
                return None
            seat = state.turn
            legal = required_moves(state)
            if len(legal) > 1 and len(experts[seat].shortlist(state.view(seat), legal)) > 1:
                seen += 1
                if seen % every == 0:
                    found.append((state, copy.deepcopy(experts[seat])))
            return next_move(state, greedy)

        play_out(new_game(rules, players, seed=game), choose,
                 observe=lambda before, move, events, after: notify(experts, before, move, events, after))
        game += 1
    return found


def run(positions: list[tuple[GameState, ExpertPlayer]]) -> tuple[list[float], int]:
    """CPU seconds of each decision and the playouts made in all."""
    cpu: list[float] = []
    playouts = 0
    for state, expert in positions:
        view = state.view(state.turn)
        legal = required_moves(state)
        before = expert.playouts
        started = time.process_time()
        expert.choose(view, legal)
        cpu.append(time.process_time() - started)
        playouts += expert.playouts - before
    return cpu, playouts


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decisions", type=int, default=40, help="searched decisions to time (default 40)")
    parser.add_argument("--every", type=int, default=3, help="take every n-th searched decision (default 3)")
    parser.add_argument("--rules", default="no-mercy")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--iterations", type=int, help="playouts per decision (default: the expert's default)")
    parser.add_argument("--candidates", type=int, help="moves searched (default: the expert's default)")
    parser.add_argument("--sharp", choices=("on", "off"),
                        help="the expert's own seat in its playouts plays SharpGreedy, or greedy (default: the expert's)")
    parser.add_argument("--profile", type=int, metavar="TOP", default=0,
                        help="run under cProfile and print the TOP functions by own time")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--setup-only", action="store_true",
                        help="find the positions and warm up, then stop (to subtract from an instruction count)")
    args = parser.parse_args(argv)
    budget = {name: value for name, value in (("iterations", args.iterations), ("candidates", args.candidates),
                                              ("sharp", args.sharp)) if value is not None}
    positions = decisions(args.decisions, args.every, args.rules, args.players, budget)
    run(copy.deepcopy(positions[:3]))  # warm the caches (plays by card code, deck totals)
    if args.setup_only:
        return 0
    if args.profile:
        profiler = cProfile.Profile()
        profiler.enable()
        cpu, playouts = run(positions)
        profiler.disable()
        pstats.Stats(profiler, stream=sys.stdout).sort_stats("tottime").print_stats(args.profile)
        pstats.Stats(profiler, stream=sys.stdout).sort_stats("cumulative").print_stats(args.profile)
    else:
        cpu, playouts = run(positions)
    total = sum(cpu)
    ordered = sorted(cpu)
    report: dict[str, Any] = {
        "rules": args.rules,
        "players": args.players,
        "budget": budget or "default",
        "decisions": len(cpu),
        "playouts": playouts,
        "cpu_seconds": round(total, 3),
        "playouts_per_cpu_second": round(playouts / total, 1),
        "cpu_per_decision_mean": round(statistics.fmean(cpu), 4),
        "cpu_per_decision_p90": round(ordered[int(0.9 * (len(ordered) - 1))], 4),
        "cpu_per_decision_max": round(ordered[-1], 4),
        "profiled": bool(args.profile),
    }
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        shown = ", ".join(f"{name} {value}" for name, value in budget.items()) or "the default budget"
        print(f"{args.rules}, {args.players} players, {shown}: {report['decisions']} searched decisions, "
              f"{playouts} playouts in {total:.2f} s of CPU{' (under cProfile)' if args.profile else ''}")
        print(f"  playouts per CPU second: {report['playouts_per_cpu_second']:.0f}")
        print(f"  CPU per decision: mean {report['cpu_per_decision_mean'] * 1000:.0f} ms, "
              f"p90 {report['cpu_per_decision_p90'] * 1000:.0f} ms, max {report['cpu_per_decision_max'] * 1000:.0f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
