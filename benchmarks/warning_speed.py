"""How long the coach takes to decide a warning at the table, in CPython and in the site's browser Python (Pyodide).

Run from the repository root, after ``bash scripts/site``::

    .venv/bin/python benchmarks/warning_speed.py                  # 8 warned moves, CPython and Pyodide
    .venv/bin/python benchmarks/warning_speed.py --moves 12 --json
    .venv/bin/python benchmarks/warning_speed.py --no-pyodide     # CPython only (no site needed)

A warning that offers another move is shown only when the round's review would say the same
(:func:`nomercy.play.coach.judged_warnings`: the review's own search, the table's budget of 100 playouts, runs at
the position). The positions timed are those of seeded three-player No Mercy rounds where the person's move (a
seeded random choice, the kind of move a warning is for) draws a warning of the rules that offers another move:
there the search runs. Each figure is the wall-clock time of one call: ``rules`` the rules' warnings alone
(:func:`~nomercy.play.coach.move_warnings`), ``judged`` the whole decision the table makes before it holds the move
back or plays it. A move with no such warning costs only ``rules``. The figures move with the machine's load;
nothing is asserted.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT))

TIMING = '''
import json, random, statistics, time
from nomercy.play import coach
from nomercy.play.coach_warnings import seat_moves
from nomercy.play.game import Game
from nomercy.play.players import make_player, next_move
from nomercy.play.table_coach import TABLE_BUDGET

def warned(count):
    found, seed = [], 0
    while len(found) < count and seed < 200:
        game, rng = Game("no-mercy", ["You", "Bo", "Cy"], seed=seed), random.Random(seed)
        bots = {1: make_player("greedy", seed=1), 2: make_player("greedy", seed=2)}
        for _ in range(300):
            state = game.state
            if state.is_over:
                break
            if state.to_act != 0:
                game.play(next_move(state, bots))
                continue
            required = seat_moves(state, 0)[0]
            move = rng.choice(required)
            if len(found) < count and any(w.instead for w in coach.move_warnings(state, 0, move)):
                found.append((state, move))
            game.play(move)
        seed += 1
    return found

def timed(call):
    start = time.perf_counter()
    result = call()
    return time.perf_counter() - start, result

def measure(count):
    rules, judged, shown = [], [], 0
    for state, move in warned(count):
        rules.append(timed(lambda: coach.move_warnings(state, 0, move))[0])
        seconds, kept = timed(lambda: coach.judged_warnings(state, 0, move, seed=7, budget=TABLE_BUDGET))
        judged.append(seconds)
        shown += any(w.instead for w in kept)
    def figures(values):
        ordered = sorted(values)
        return {"median_s": round(statistics.median(values), 3), "p90_s": round(ordered[int(0.9 * (len(ordered) - 1))], 3),
                "max_s": round(ordered[-1], 3)}
    return {"moves": len(judged), "still_warned": shown, "rules": figures(rules), "judged": figures(judged)}

print("RESULT " + json.dumps(measure(COUNT)))
'''


def cpython(count: int) -> dict[str, Any]:
    printed: list[str] = []
    exec(TIMING.replace("COUNT", str(count)), {"print": printed.append, "__name__": "timing"})
    return json.loads(printed[-1].split("RESULT ", 1)[1])


def pyodide(site: Path, count: int) -> dict[str, Any]:
    from site_speed import run_in_pyodide, served

    with served(site) as base:
        return run_in_pyodide(base, TIMING.replace("COUNT", str(count)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=ROOT / "_site")
    parser.add_argument("--moves", type=int, default=8, help="warned moves timed")
    parser.add_argument("--no-pyodide", action="store_true", help="CPython only")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    report: dict[str, Any] = {"cpython": cpython(args.moves)}
    if not args.no_pyodide:
        if not (args.site / "index.html").exists():
            raise SystemExit(f"{args.site} is not built: run 'bash scripts/site' first")
        report["pyodide"] = pyodide(args.site, args.moves)
    report["load"] = round(os.getloadavg()[0], 1)
    if args.json:
        print(json.dumps(report, indent=1))
        return
    for where in ("cpython", "pyodide"):
        if where in report:
            r = report[where]
            print(f"{where:8}: {r['moves']} warned moves ({r['still_warned']} still warned once judged): "
                  f"rules' warnings median {r['rules']['median_s']} s, max {r['rules']['max_s']} s; the judged decision "
                  f"median {r['judged']['median_s']} s, p90 {r['judged']['p90_s']} s, max {r['judged']['max_s']} s")
    print(f"machine load (1-minute average) at the end: {report['load']}")


if __name__ == "__main__":
    main()
