"""This engine against an earlier commit's (and RLCard's), in one process, round by round.

Run from the repository root of a git checkout::

    .venv/bin/python benchmarks/compare_engines.py fad4dff             # 4 players, 5 rounds
    .venv/bin/python benchmarks/compare_engines.py fad4dff --players 2 --rounds 7

Two runs of ``engine_speed.py`` minutes apart are not comparable on a shared machine
(its speed moves by 10 % and more). This script loads the package as it was at an
earlier commit under another name (``git archive`` into a temporary folder, the
package renamed ``nomercy_then``), then times both engines and RLCard's bare
``UnoGame`` in turns, round after round, each on the same seeded random games
(the public ``legal_moves`` + ``apply`` through the driver's loop, as in
``engine_speed.py``). Each figure is the median round, in CPU time of this process.
It asserts nothing and is not a test.
"""

from __future__ import annotations

import argparse
import importlib
import os
import re
import subprocess
import sys
import tempfile
import time
from typing import Callable

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def load_then(commit: str, folder: str) -> object:
    """Import the package of ``commit`` as ``nomercy_then`` (its own imports renamed to match)."""
    archive = subprocess.run(["git", "-C", ROOT, "archive", commit, "nomercy"], capture_output=True, check=True).stdout
    subprocess.run(["tar", "-x", "-C", folder], input=archive, check=True)
    os.rename(os.path.join(folder, "nomercy"), os.path.join(folder, "nomercy_then"))
    for here, _dirs, files in os.walk(os.path.join(folder, "nomercy_then")):
        for name in files:
            if name.endswith(".py"):
                path = os.path.join(here, name)
                with open(path, encoding="utf-8") as handle:
                    text = handle.read()
                text = re.sub(r"\bnomercy(?=[. ]|$)", "nomercy_then", text, flags=re.MULTILINE)
                with open(path, "w", encoding="utf-8") as handle:
                    handle.write(text)
    sys.path.insert(0, folder)
    return importlib.import_module("nomercy_then")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("commit", help="the earlier commit to compare with (e.g. fad4dff)")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--games", type=int, default=150, help="games per row and round (default 150)")
    args = parser.parse_args(argv)
    sys.path.insert(0, ROOT)
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import nomercy
    from engine_speed import our_runner, rlcard_runner

    def ours(package: object, profile: str, players: int, games: int, **overrides: object) -> Callable[[], int]:
        run = our_runner(profile, players, package, **overrides)
        return lambda: run(0, games)

    with tempfile.TemporaryDirectory() as folder:
        then = load_then(args.commit, folder)
        rows: dict[str, Callable[[], int]] = {
            f"{args.commit} classic, voluntary_draw=False": ours(then, "classic", args.players, args.games,
                                                                 voluntary_draw=False),
            "now classic, voluntary_draw=False": ours(nomercy, "classic", args.players, args.games,
                                                      voluntary_draw=False),
            f"{args.commit} no-mercy": ours(then, "no-mercy", args.players, args.games),
            "now no-mercy": ours(nomercy, "no-mercy", args.players, args.games),
        }
        try:
            run_rlcard = rlcard_runner(args.players)
            rows["RLCard uno"] = lambda: run_rlcard(0, 2 * args.games)
        except ImportError:
            print("rlcard is not importable (pip install rlcard): its row is left out.")
        counts = {name: run() for name, run in rows.items()}  # warm up: imports, first-use tables
        for profile in ("classic, voluntary_draw=False", "no-mercy"):
            if counts[f"{args.commit} {profile}"] != counts[f"now {profile}"]:
                print(f"note: {profile} played {counts[f'{args.commit} {profile}']} moves then and "
                      f"{counts[f'now {profile}']} now: the two engines do not play the same games")
        rates: dict[str, list[float]] = {name: [] for name in rows}
        for _ in range(args.rounds):
            for name, run in rows.items():
                start = time.process_time()
                moves = run()
                rates[name].append(moves / (time.process_time() - start))
    median = {name: sorted(values)[len(values) // 2] for name, values in rates.items()}
    print(f"{args.players} players, {args.rounds} rounds, median moves per CPU second (lowest, highest)")
    for name, values in rates.items():
        print(f"  {name:40} {median[name]:9,.0f}   ({min(values):,.0f}, {max(values):,.0f})")
    theirs = median.get("RLCard uno")
    if theirs:
        for name in rows:
            if "classic" in name:
                print(f"  {name:40} {median[name] / theirs:5.2f}x RLCard per move")
    return 0


if __name__ == "__main__":
    sys.exit(main())
