"""Two runs of the simulation lab over the same games, compared game by game.

Run from the repository root, with the records of two runs of the same seed::

    .venv/bin/nomercy simulate --rules no-mercy --players 2 --bots expert:sharp=off,greedy --rotate \\
        --games 1000 --seed 2026 --records before.jsonl
    .venv/bin/nomercy simulate --rules no-mercy --players 2 --bots expert,greedy --rotate \\
        --games 1000 --seed 2026 --records after.jsonl
    .venv/bin/python benchmarks/paired.py before.jsonl after.jsonl --bot expert

Two runs of one seed deal the same games, so most games go the same way in both and a
win rate's own interval overstates the noise of a difference: what says which setting
is better is the games one run won and the other lost. This prints both win rates over
the games the two files share and the sign test over those games
(:func:`nomercy.play.simulate.compare_runs`). Pieces of a long run
(``--first-game``) may be joined by naming several files per side, comma-separated.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from nomercy import NomercyError
from nomercy.play.simulate import compare_runs


class _Unreadable(Exception):
    """A records file that cannot be read, or a line of it that is not a record."""


def read_records(paths: str) -> list[dict]:
    """The game records in the comma-separated ``paths`` (lines of ``nomercy simulate --records``)."""
    records = []
    for name in paths.split(","):
        path = Path(name)
        try:
            lines = path.read_text(encoding="utf-8").splitlines()
        except OSError as error:
            raise _Unreadable(f"cannot read {path}: {error.strerror}") from None
        for number, line in enumerate(lines, 1):
            if not line.strip():
                continue
            try:
                records.append(json.loads(line))
            except json.JSONDecodeError as error:
                raise _Unreadable(f"{path} line {number} is not a JSON record: {error.msg}") from None
    return records


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("first", help="records of the first run (files joined by commas)")
    parser.add_argument("second", help="records of the second run (files joined by commas)")
    parser.add_argument("--bot", default="expert", help="the player kind to compare (default expert)")
    args = parser.parse_args()
    try:
        comparison = compare_runs(read_records(args.first), read_records(args.second), args.bot)
    except (NomercyError, _Unreadable) as error:
        print(f"paired.py: {error}", file=sys.stderr)
        return 2
    print(comparison)
    return 0


if __name__ == "__main__":
    sys.exit(main())
