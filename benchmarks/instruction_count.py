"""Machine instructions per move, ours and RLCard's: a speed figure that a busy machine cannot spoil.

Run from the repository root (needs ``valgrind``; Debian: ``apt install valgrind``)::

    .venv/bin/python benchmarks/instruction_count.py              # 40 games per row, a few minutes
    .venv/bin/python benchmarks/instruction_count.py --games 100  # steadier, slower
    .venv/bin/python benchmarks/instruction_count.py --games 2 --no-valgrind   # the rows' games, uncounted

Wall and CPU time on a shared machine move with everything else running on it; the
number of instructions a program executes does not. Each row runs the same random
games as ``engine_speed.py`` (our public ``legal_moves`` + ``apply`` through the
driver's loop, RLCard's bare ``UnoGame``) under ``valgrind --tool=cachegrind``, once
with the games and once with none, and divides the difference by the moves made, so
starting Python and importing count for nothing.

Instructions are not time: Python code that allocates more or misses the cache more
runs slower per instruction. Measured on this project's machine, our engine ran fewer
instructions per move than RLCard by a larger factor than it ran faster, so read a
ratio here as an upper bound on the ratio of speeds, and use ``engine_speed.py`` on a
quiet machine for the speeds themselves. This file asserts nothing and is not a test.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys

ROWS = (
    ("nomercy", "classic", {"voluntary_draw": False}, "classic, voluntary_draw=False"),
    ("nomercy", "no-mercy", {}, "no-mercy"),
    ("rlcard", "uno", {}, "RLCard uno"),
)


def play(engine: str, profile: str, overrides: dict[str, object], players: int, games: int) -> int:
    """Play ``games`` random games (seeds 0..games-1) as ``engine_speed.py`` does; return the moves made."""
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    from engine_speed import our_runner, rlcard_runner

    if engine == "rlcard":
        return rlcard_runner(players)(0, games)
    run = our_runner(profile, players, **overrides)
    run(10**6, 1)  # the imports and first-use tables, outside the count
    return run(0, games)


def count(row: int, players: int, games: int) -> tuple[int, int]:
    """(instructions, moves) of one run of row ``row`` under cachegrind."""
    command = ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
               sys.executable, os.path.abspath(__file__), "--inner", str(row), str(players), str(games)]
    done = subprocess.run(command, capture_output=True, text=True, check=True)
    found = re.search(r"I\s+refs:\s+([\d,]+)", done.stderr)
    if found is None:
        raise RuntimeError(f"valgrind printed no instruction count:\n{done.stderr[-2000:]}")
    return int(found.group(1).replace(",", "")), int(done.stdout.split()[-1])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=40, help="games per row (default 40)")
    parser.add_argument("--players", type=int, default=4, help="players (default 4)")
    parser.add_argument("--no-valgrind", action="store_true",
                        help="play each row's games without valgrind and print their moves, counting no "
                             "instructions (the smoke test's run: valgrind needs minutes to start Python)")
    parser.add_argument("--inner", nargs=3, type=int, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.inner:
        row, players, games = args.inner
        engine, profile, overrides, _ = ROWS[row]
        print(play(engine, profile, overrides, players, games))
        return 0
    if args.no_valgrind:
        for engine, profile, overrides, label in ROWS:
            if engine != "rlcard":
                moves = play(engine, profile, overrides, args.players, args.games)
                print(f"{label:31} {args.players}p: {moves} moves in {args.games} games (not counted)")
        return 0
    if shutil.which("valgrind") is None:
        print("valgrind is not installed (Debian: apt install valgrind); nothing measured.")
        return 1
    per_move = {}
    for index, (engine, _profile, _overrides, label) in enumerate(ROWS):
        if engine == "rlcard":
            try:
                import rlcard  # noqa: F401
            except ImportError:
                print("rlcard is not importable (pip install rlcard): its row is left out.")
                continue
        base, _ = count(index, args.players, 0)
        total, moves = count(index, args.players, args.games)
        per_move[label] = (total - base) / moves
        print(f"{label:31} {args.players}p: {per_move[label]:9,.0f} instructions per move "
              f"({moves} moves in {args.games} games)")
    theirs = per_move.get("RLCard uno")
    ours = per_move.get("classic, voluntary_draw=False")
    if theirs and ours:
        print(f"RLCard runs {theirs / ours:.2f}x as many instructions per move as our like-for-like classic")
    return 0


if __name__ == "__main__":
    sys.exit(main())
