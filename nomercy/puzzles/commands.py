"""``nomercy puzzle ...``: list, show, solve and generate puzzles from the command line."""

from __future__ import annotations

import argparse
import io
import sys
from pathlib import Path
from typing import Any, Callable, TextIO

from nomercy.core import inputs
from nomercy.core.errors import NomercyError, brief
from nomercy.core.inputs import MAX_SEED
from nomercy.core.wording import plural
from nomercy.puzzles.answers import describe
from nomercy.puzzles.file_format import LEVELS
from nomercy.puzzles.puzzle import DEFAULT_KIND, KINDS, Puzzle, default_puzzle_dir, load_puzzle, puzzle_files

__all__ = ["add_puzzle_commands", "show_text", "solve_text", "matches", "whole_number", "players_number", "MAX_CLI_SEED"]

MAX_CLI_SEED = MAX_SEED  # the one range of seeds (nomercy.core.inputs)
"""The largest seed a command takes (the help of every --seed says so); a derived seed has 63 bits."""


def _folder(args: argparse.Namespace) -> Path:
    folder = default_puzzle_dir() if args.dir is None else Path(inputs.path(args.dir, "--dir", folder=True))
    if not folder.is_dir():
        raise NomercyError(f"no puzzle folder at {folder}: pass --dir PATH")
    return folder


def _collection(args: argparse.Namespace, err: TextIO) -> tuple[list[Puzzle], int]:
    """The puzzles of the folder that load, and how many files did not (each named on ``err``)."""
    puzzles: list[Puzzle] = []
    broken = 0
    seen: dict[str, Path] = {}
    for path in puzzle_files(_folder(args)):
        try:
            puzzle = load_puzzle(path)
        except NomercyError as error:
            broken += 1
            err.write(f"nomercy puzzle: skipped {error}\n")
            continue
        if puzzle.id in seen:  # as `nomercy check` says it: one id, one puzzle
            broken += 1
            err.write(f"nomercy puzzle: skipped {path}: id {puzzle.id!r} is also used by {seen[puzzle.id]}\n")
            continue
        seen[puzzle.id] = path
        puzzles.append(puzzle)
    return puzzles, broken


def _find(args: argparse.Namespace, err: TextIO) -> Puzzle:
    """The puzzle called ``args.id``: its file is ``<id>.yaml``, so only that file is read when it exists."""
    if not args.id.strip():
        raise NomercyError("give a puzzle id, like stack-2-4-6; 'nomercy puzzle list' lists them")
    folder = _folder(args)
    named = [p for p in puzzle_files(folder) if p.stem == args.id]
    if len(named) > 1:  # two files of one id: which one is meant cannot be guessed
        raise NomercyError(f"two files in {folder} are called {args.id}.yaml ({named[0]} and {named[1]}): "
                           "give the one you mean as --dir, or rename one")
    if named:
        return load_puzzle(named[0])  # a broken file is reported as the error it is
    puzzles, _ = _collection(args, io.StringIO())
    close = [p.id for p in puzzles if args.id in p.id][:8]
    hint = f"; did you mean {', '.join(close)}?" if close else "; see 'nomercy puzzle list'"
    raise NomercyError(f"no puzzle {brief(args.id)} in {folder}{hint}")


_LEVEL_ORDER = (*LEVELS, "")


def matches(puzzle: Puzzle, *, topic: str | None = None, level: str | None = None, kind: str | None = None,
            tag: str | None = None) -> bool:
    """Does ``puzzle`` pass the filters of ``nomercy puzzle list`` (a filter left out passes everything)?"""
    return ((not topic or puzzle.topic == topic) and (not level or puzzle.level == level)
            and (not kind or puzzle.kind == kind) and (not tag or tag in puzzle.tags))


def _what_exists(collection: list[Puzzle], args: argparse.Namespace) -> str:
    """When no puzzle matches: the values that do exist, narrowed by the other filters where that helps."""
    lines = []
    filters = {"topic": args.topic, "level": args.level, "kind": args.kind, "tag": args.tag}
    for name, value in filters.items():
        if not value:
            continue
        others = {k: v for k, v in filters.items() if k != name}
        among = [p for p in collection if matches(p, **others)]
        values = sorted({v for p in among for v in _values(p, name)},
                        key=lambda v: (_LEVEL_ORDER.index(v), v) if name == "level" else (0, v))
        narrowed = " and ".join(f"{k} {v}" for k, v in others.items() if v)
        where = f" with {narrowed}" if narrowed else ""
        lines.append(f"{name}s{where}: {', '.join(values) if values else 'none'}")
    return "No puzzle matches. " + "; ".join(lines)


def _values(puzzle: Puzzle, name: str) -> tuple[str, ...]:
    if name == "tag":
        return puzzle.tags
    value = getattr(puzzle, name)
    return (value,) if value else ()


_SHOWN_NAMES = 16
"""The most known topics or tags a refusal of an unknown one names (then how many more there are)."""


def _known_filters(collection: list[Puzzle], args: argparse.Namespace) -> None:
    """Refuse an empty ``--topic`` or ``--tag``, or one no puzzle of the folder has, naming the known ones: "0
    puzzles" would read as if the filter were right and the folder empty of it by chance."""
    for name, value in (("topic", args.topic), ("tag", args.tag)):
        if value is None:
            continue
        known = sorted({v for p in collection for v in _values(p, name)},
                       key=lambda v: (any(c.isdigit() for c in v), v))  # a game's own tags after the shared ones
        if value in known:
            continue
        shown = ", ".join(known[:_SHOWN_NAMES]) + (f" and {len(known) - _SHOWN_NAMES} more" if len(known) > _SHOWN_NAMES
                                                     else "")
        if not value.strip():
            raise NomercyError(f"--{name} names a {name}, not nothing: the {name}s are {shown or 'none'}")
        raise NomercyError(f"--{name} {brief(value)} is no {name} of these puzzles: the {name}s are {shown or 'none'}")


def _list(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    collection, broken = _collection(args, err)
    _known_filters(collection, args)
    puzzles = [p for p in collection if matches(p, topic=args.topic, level=args.level, kind=args.kind, tag=args.tag)]
    for p in sorted(puzzles, key=lambda p: (p.topic, _LEVEL_ORDER.index(p.level), p.id)):
        kind = p.kind if p.kind != DEFAULT_KIND else ""
        out.write(f"{p.id:40} {p.topic or '-':18} {p.level or '-':7} {kind:10} {p.title}\n")
    out.write(f"{len(puzzles)} puzzles\n")
    if not puzzles and collection:
        out.write(_what_exists(collection, args) + "\n")
    if broken:
        err.write(f"nomercy puzzle: {plural(broken, 'file')} could not be read "
                  "(named above; 'nomercy check' says more)\n")
        return 1
    return 0


def show_text(puzzle: Puzzle) -> str:
    """The position, the moves and the question, as plain text (the answer stays hidden).

    The kind says what the table shows (a best-move puzzle: what the seat to move sees, its own hand and the
    others' counts); the options follow the question.
    """
    inputs.one_of_kind(puzzle, Puzzle, "a puzzle (as find_puzzle gives one)")
    kind = puzzle.puzzle_kind
    lines = [f"{puzzle.title}  [{puzzle.id}]", f"rules: {puzzle.rules.name}", f"source: {puzzle.source}"]
    if puzzle.kind != DEFAULT_KIND:
        lines.append(f"kind: {kind.name} ({kind.summary})")
    if puzzle.variant:
        lines.append("options: " + ", ".join(f"{k}={v}" for k, v in puzzle.variant.items()))
    lines.append("")
    lines.extend(kind.show_lines(puzzle))
    lines.append("")
    lines.append(f"question: {puzzle.question}")
    for number, option in enumerate(kind.options(puzzle), 1):  # numbered: letters would read as seats
        lines.append(f"  {number}) {option.label}")
    return "\n".join(lines)


def solve_text(puzzle: Puzzle) -> str:
    """The puzzle worked out: for a story, the moves narrated event by event, each with the ruling behind it,
    then the answer in words; for a best move, the move, the expert's estimate for every choice and why each
    wrong one is wrong."""
    inputs.one_of_kind(puzzle, Puzzle, "a puzzle (as find_puzzle gives one)")
    lines = [f"{puzzle.title}  [{puzzle.id}]", ""] + puzzle.puzzle_kind.solve_lines(puzzle)
    if puzzle.explanation:
        lines.append("")
        lines.append(puzzle.explanation)
    return "\n".join(lines)


def _show(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    out.write(show_text(_find(args, err)) + "\n")
    return 0


def _solve(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    out.write(solve_text(_find(args, err)) + "\n")
    return 0


def _generate(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from nomercy.core.rules import parse_settings, ruleset
    from nomercy.puzzles.generate import MAX_COUNT, MAX_GAMES, check_out_folder, generate_puzzles, write_puzzles

    # every option first: nothing is searched and no file touched until all are right
    if not 1 <= args.count <= MAX_COUNT:
        raise NomercyError(f"--count is how many puzzles to find, 1 or more, at most {MAX_COUNT}; not {args.count}")
    if not 0 <= args.seed <= MAX_SEED:
        raise NomercyError(f"--seed is a whole number from 0 to {MAX_SEED}, not {args.seed}")
    overrides = parse_settings(args.set)
    rules = ruleset(args.rules, **overrides)
    low, high = rules.players
    if not low <= args.players <= high:
        raise NomercyError(f"--players: {rules.name} is for {low} to {high} players, not {args.players}")
    check_out_folder(args.out)
    progress = err.isatty() if hasattr(err, "isatty") else False

    def report(games: int, found: int) -> None:
        if progress and (games % 50 == 0 or found >= args.count):
            err.write(f"\rsearched {games:,} of at most {MAX_GAMES:,} games, found {found} of {args.count} puzzles")
            err.flush()

    puzzles = generate_puzzles(args.rules, count=args.count, seed=args.seed, players=args.players,
                               overrides=overrides or None, on_game=report)
    if progress:
        err.write("\n")
    paths = write_puzzles(puzzles, args.out, replace=args.force)
    for path in paths:
        out.write(f"wrote {path}\n")
    out.write(f"{plural(len(paths), 'puzzle')} written to {args.out}\n")
    if len(paths) < args.count:
        out.write(f"only {len(paths)} of {args.count} found in {MAX_GAMES:,} games; try another seed or more players\n")
    return 0


def whole_number(option: str, low: int, high: int) -> Callable[[str], int]:
    """The argparse type of ``option``: a whole number in ASCII digits from ``low`` to ``high``
    (:func:`nomercy.core.typed_text.whole_number`), a range every option states, so that a refusal names it;
    ranges that depend on other options (the players a profile seats) are checked with them.

    >>> whole_number("--seed", 0, 2**63 - 1)("42")
    42
    >>> whole_number("--seed", 0, 2**63 - 1)("3.7")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: --seed is a whole number written with the digits 0 to 9, like 7; not '3.7'
    """
    from nomercy.core import typed_text

    def parse(text: str) -> int:
        try:
            return typed_text.whole_number(text, option, low, high)
        except typed_text.TypedTextError as error:
            raise argparse.ArgumentTypeError(str(error)) from None

    parse.__name__ = option  # argparse names the type in some messages
    return parse


def players_number(option: str = "--players") -> Callable[[str], int]:
    """The argparse type of ``--players``: a whole number whose range the rule profile sets, so it is checked
    with ``--rules``; a number too long to be any profile's is refused here, naming the profiles' ranges.

    >>> players_number()("9" * 31)
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: --players is how many play, which the rules set (no-mercy 2 to 6, classic 2 to 10, open-mercy 2 to 20, speltavlan 2 to 10); not one of 31 digits
    """
    from nomercy.core.rules import PROFILES

    parse_any = whole_number(option, -(10**18), 10**18)

    def parse(text: str) -> int:
        try:
            return parse_any(text)
        except argparse.ArgumentTypeError:
            cleaned = text.strip() if isinstance(text, str) else ""
            if not (cleaned.lstrip("+-").isascii() and cleaned.lstrip("+-").isdigit()):
                raise  # not a number at all: the usual refusal says how to write one
            ranges = ", ".join(f"{name} {rules.players[0]} to {rules.players[1]}" for name, rules in PROFILES.items())
            digits = len(cleaned.lstrip("+-"))
            raise argparse.ArgumentTypeError(f"{option} is how many play, which the rules set ({ranges}); not "
                                             f"{'one of ' + format(digits, ',') + ' digits' if digits > 18 else cleaned}"
                                             ) from None

    parse.__name__ = option
    return parse


def add_rule_options(parser: argparse.ArgumentParser) -> None:
    """The two options every command that plays games takes: the rule profile and overrides on top of it."""
    parser.add_argument("--rules", default="no-mercy", help="rule profile (default no-mercy)")
    parser.add_argument("--set", action="append", default=[], metavar="OPTION=VALUE",
                        help="override a rule option; repeat for more")


def add_puzzle_commands(sub: "argparse._SubParsersAction[Any]") -> None:
    """Register ``nomercy puzzle list|show|solve|generate``."""
    from nomercy.puzzles.generate import MAX_COUNT

    puzzle = sub.add_parser("puzzle", help="list, show, solve or generate puzzles")
    commands = puzzle.add_subparsers(dest="puzzle_command", required=True, metavar="COMMAND")

    def with_dir(p: argparse.ArgumentParser) -> argparse.ArgumentParser:
        p.add_argument("--dir", help="puzzle folder (default: the project's puzzles/)")
        return p

    listing = with_dir(commands.add_parser("list", help="list the puzzles"))
    listing.add_argument("--topic", help="only this topic (stacking, mercy, ...)")
    listing.add_argument("--level", choices=LEVELS)
    listing.add_argument("--kind", choices=list(KINDS), help=" or ".join(KINDS))
    listing.add_argument("--tag", help="only puzzles with this tag (best-move, rule-mercy, option-stacking, ...)")
    listing.set_defaults(run=_list)
    show = with_dir(commands.add_parser("show", help="show a puzzle's position, moves and question"))
    show.add_argument("id")
    show.set_defaults(run=_show)
    solve = with_dir(commands.add_parser("solve", help="play a puzzle's moves, narrated with rulings"))
    solve.add_argument("id")
    solve.set_defaults(run=_solve)
    generate = commands.add_parser("generate", help="find puzzles in simulated games (at most 2,000 games searched)")
    add_rule_options(generate)
    generate.add_argument("--count", type=whole_number("--count", 1, MAX_COUNT), default=10,
                          help=f"how many puzzles to find, 1 to {MAX_COUNT} (default 10)")
    generate.add_argument("--seed", type=whole_number("--seed", 0, MAX_CLI_SEED), default=0,
                          help="seed of the search, 0 to 2**63 - 1")
    generate.add_argument("--players", type=players_number(), default=4,
                          help="number of players (default 4; the rules say how many may play)")
    generate.add_argument("--out", required=True, metavar="FOLDER", help="folder for the puzzle files (made if missing)")
    generate.add_argument("--force", action="store_true", help="replace puzzle files of the same name in FOLDER")
    generate.set_defaults(run=_generate)


def run(args: argparse.Namespace) -> int:
    """Run one ``nomercy puzzle`` command: 0 when it did its job, 1 when some files could not be read, 2 on an error."""
    try:
        return int(args.run(args, sys.stdout, sys.stderr))
    except NomercyError as error:
        print(f"nomercy puzzle: {error}", file=sys.stderr)
        return 2
