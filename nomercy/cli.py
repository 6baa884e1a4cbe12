"""The ``nomercy`` command.

``nomercy check PATH...`` replays every puzzle under the paths and prints one line
per puzzle and a closing ``N passed, M failed`` line; it exits 0 only when all pass.
"""

from __future__ import annotations

import argparse
import sys
from typing import Sequence

__all__ = ["main"]


def _check(args: argparse.Namespace) -> int:
    from .puzzles import check_paths

    try:
        results = check_paths(args.paths)
    except FileNotFoundError as error:
        print(f"nomercy check: {error}", file=sys.stderr)
        return 2
    failed = 0
    for result in results:
        print(result)
        failed += not result.ok
    print(f"{len(results) - failed} passed, {failed} failed")
    return 0 if results and failed == 0 else 1


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="nomercy", description="UNO Show 'em No Mercy and classic UNO, by the rules.")
    sub = parser.add_subparsers(dest="command", required=True)
    check = sub.add_parser("check", help="replay puzzles and compare their answers")
    check.add_argument("paths", nargs="+", help="puzzle files or folders (every *.yaml below them)")
    check.set_defaults(run=_check)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    return int(args.run(args))


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
