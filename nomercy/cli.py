"""The ``nomercy`` command.

``nomercy check [PATH...]`` replays every puzzle under the paths (default: the puzzle
collection that comes with the package) and prints one line per puzzle and a closing
``N passed, M failed`` line; it exits 0 only when all pass.
``nomercy simulate`` plays many games between computer players and prints their
statistics (see ``docs/simulation.md``); it exits 3 when a game breaks an invariant.
A mistake in a command (an unknown option value, a player kind that does not
exist, a folder that cannot be written) is one line on standard error and exit
status 2; a closed pipe ends quietly with 141, Ctrl-C with 130. No command ends
in a traceback.
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import Sequence

from nomercy.core.rules import parse_settings

__all__ = ["main"]


def _check(args: argparse.Namespace) -> int:
    from nomercy.puzzles.puzzle import check_paths, default_puzzle_dir

    paths = args.paths or [str(default_puzzle_dir())]
    try:
        results = check_paths(paths)
    except FileNotFoundError as error:
        print(f"nomercy check: {error}", file=sys.stderr)
        return 2
    if not results:
        print(f"nomercy check: no puzzle files (*.yaml) under {', '.join(paths)}: nothing was checked",
              file=sys.stderr)
        return 1
    failed = 0
    for result in results:
        print(result)
        failed += not result.ok
    print(f"{len(results) - failed} passed, {failed} failed")
    return 0 if failed == 0 else 1


def _simulate(args: argparse.Namespace) -> int:
    import json

    from nomercy.core.errors import NomercyError
    from nomercy.play.simulate import InvariantViolation, simulate

    records = None
    if args.records is not None:
        try:
            records = open(args.records, "w", encoding="utf-8")  # before the games: a long run must not fail at its end
        except OSError as error:
            print(f"nomercy simulate: cannot write the records to {args.records}: {error.strerror}", file=sys.stderr)
            return 2
    finished = False
    try:
        result = simulate(
            args.rules,
            overrides=parse_settings(args.set),
            players=args.players,
            bots=args.bots,
            games=args.games,
            seed=args.seed,
            workers=args.workers,
            rotate=args.rotate,
            keep_records=records is not None,
            progress=False if args.json or args.no_progress else None,
            first_game=args.first_game,
            check_moves=args.check_every_move,
        )
        if records is not None:
            for record in result.records or ():
                records.write(json.dumps(record.as_dict()) + "\n")
        finished = True
    except InvariantViolation as error:
        print(f"nomercy simulate: {error}", file=sys.stderr)
        moves = error.moves
        if len(moves) > _SHOWN_MOVES:
            print(f"moves: {len(moves)} in all, the last {_SHOWN_MOVES} shown (the game's seed replays every one: "
                  "nomercy.play.simulate.play_game(rules, bots, seed, record=[]) fills the record): ... "
                  + "; ".join(moves[-_SHOWN_MOVES:]), file=sys.stderr)
        else:
            print("moves: " + "; ".join(moves), file=sys.stderr)
        return 3
    except (NomercyError, ValueError) as error:
        print(f"nomercy simulate: {error}", file=sys.stderr)
        return 2
    finally:
        if records is not None:
            records.close()
            if not finished:  # a run that stopped leaves no file: a part of a run could pass for the whole
                os.remove(records.name)
    print(json.dumps(result.as_dict(), indent=2) if args.json else result)
    return 0


_SHOWN_MOVES = 60
"""The most moves of a broken game printed; more would bury the message."""


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="nomercy", description="UNO Show 'em No Mercy and classic UNO, by the rules.")
    sub = parser.add_subparsers(dest="command", required=True)
    check = sub.add_parser("check", help="replay puzzles and compare their answers")
    check.add_argument("paths", nargs="*",
                       help="puzzle files or folders (every *.yaml below them; default: the puzzle collection)")
    check.set_defaults(run=_check)
    simulate = sub.add_parser("simulate", help="play many games between computer players and summarize them")
    simulate.add_argument("--rules", default="no-mercy", help="rule profile (default no-mercy)")
    simulate.add_argument("--set", action="append", default=[], metavar="OPTION=VALUE",
                          help="override a rule option; repeat for more")
    simulate.add_argument("--players", type=int, default=4, help="number of players (default 4)")
    simulate.add_argument("--bots", default="random",
                          help="one kind for every seat (random, greedy, expert) or one per seat: expert,random,...; "
                               "options as expert:iterations=100 (default random)")
    simulate.add_argument("--games", type=int, default=1000, help="number of games (default 1000)")
    simulate.add_argument("--seed", type=int, default=0, help="seed of the run; game i uses a seed derived from (seed, i)")
    simulate.add_argument("--workers", type=int, default=None, help="worker processes (default: one per CPU)")
    simulate.add_argument("--rotate", action="store_true", help="turn the seating one place every game")
    simulate.add_argument("--first-game", type=int, default=0, metavar="N",
                          help="number the games from N (game i has the same seed and seating in any run of the "
                               "same seed), so a long study can run in pieces (default 0)")
    simulate.add_argument("--records", metavar="FILE",
                          help="also write every game's record to FILE, one JSON object a line in game order "
                               "(index, seed, bots, winner, winner_bot, ...), for comparing two runs game by game")
    simulate.add_argument("--json", action="store_true", help="print one JSON object instead of the summary")
    simulate.add_argument("--no-progress", action="store_true", help="no progress bar even on a terminal")
    simulate.add_argument("--check-every-move", action="store_true",
                          help="also check that every move is one the engine lists and that every knockout and "
                               "reshuffle has its event (slower; the figures are the same)")
    simulate.set_defaults(run=_simulate)
    from nomercy.puzzles.commands import add_puzzle_commands

    add_puzzle_commands(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; the exit status is 0 for success, 1 for a failed check, 2 for a mistake in the command.

    Errors are one line on standard error, never a traceback. Output cut short by a
    closed pipe (``nomercy simulate | head``) ends quietly with status 141, as a
    shell does, and Ctrl-C with 130.
    """
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        if args.command == "puzzle":
            from nomercy.puzzles.commands import run

            return run(args)
        return int(args.run(args))
    except BrokenPipeError:
        _silence_stdout()
        return 141
    except KeyboardInterrupt:
        print(f"nomercy {args.command}: interrupted", file=sys.stderr)
        return 130


def _silence_stdout() -> None:
    """After the reader of our output went away, point stdout at /dev/null so the exit flush stays quiet."""
    import os

    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):  # pragma: no cover - no real file descriptor (a test's captured stdout)
        pass


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
