"""Where the engine spends its time in random games: cProfile (and pyinstrument, if installed).

Run from the repository root::

    .venv/bin/python benchmarks/profile_engine.py                          # classic, 4 players, 40 games
    .venv/bin/python benchmarks/profile_engine.py --games 100 --top 30
    .venv/bin/python benchmarks/profile_engine.py --override voluntary_draw=False
    .venv/bin/python benchmarks/profile_engine.py --profile no-mercy --players 4
    .venv/bin/python benchmarks/profile_engine.py --pyinstrument           # call tree as well

It plays the same random games as ``engine_speed.py`` (uniform choice over
``legal_moves`` with ``random.Random(seed)``, ``apply`` for every move) under
the profiler and prints the functions with the most time of their own
("self"), each with its share of the whole run, then the same list by
cumulative time. The profiler slows everything down, so read the shares,
not the absolute times.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from engine_speed import our_runner  # noqa: E402


def _value(text: str) -> object:
    lowered = text.lower()
    if lowered in ("true", "false"):
        return lowered == "true"
    if lowered in ("none", "null"):
        return None
    try:
        return int(text)
    except ValueError:
        return text


def _label(code: object) -> str:
    if isinstance(code, str):
        return code  # a builtin, like <method 'append' of 'list' objects>
    filename = code.co_filename  # type: ignore[attr-defined]
    if filename == "<string>":
        # code compiled from text lands here under one name: the working copy's constructor
        # (Draft.of, once a move), an event's keyword constructor (the engine writes its own
        # events with events.new_event instead) and a dataclass's __init__ (a move built afresh).
        return "code written at import (Draft.of once a move; event and move constructors)"
    parts = filename.replace(os.sep, "/").split("/")
    short = "/".join(parts[-2:]) if "nomercy" in parts else parts[-1]
    return f"{short}:{code.co_firstlineno} {code.co_qualname}"  # type: ignore[attr-defined]


def report(profiler: cProfile.Profile, top: int) -> str:
    """Self and cumulative time per function, as shares of the whole profiled run.

    Reads the raw entries rather than ``pstats``: pstats keys functions by
    (file, line, name) and silently keeps only one of the many dataclass
    ``__init__`` functions, which all share the key ``<string>:2 __init__``.
    """
    totals: dict[str, list[float]] = {}
    for entry in profiler.getstats():
        row = totals.setdefault(_label(entry.code), [0, 0.0, 0.0])
        row[0] += entry.callcount
        row[1] += entry.inlinetime
        row[2] += entry.totaltime  # recursion can count twice; fine for a ranking
    total = sum(row[1] for row in totals.values())
    out = io.StringIO()
    for title, key in (("self time", 1), ("cumulative time", 2)):
        print(f"top {top} by {title} (share of {total:.2f} s profiled)", file=out)
        print(f"{'share':>6} {'calls':>10}  function", file=out)
        ranked = sorted(totals.items(), key=lambda kv: kv[1][key], reverse=True)
        for label, row in ranked[:top]:
            print(f"{100 * row[key] / total:5.1f}% {int(row[0]):>10}  {label}", file=out)
        print(file=out)
    return out.getvalue()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--profile", default="classic", help="rule profile (default classic)")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--top", type=int, default=25)
    parser.add_argument("--override", action="append", default=[], metavar="OPTION=VALUE",
                        help="a rule override for new_game, e.g. voluntary_draw=False (repeatable)")
    parser.add_argument("--pyinstrument", action="store_true", help="also print a pyinstrument call tree")
    args = parser.parse_args(argv)
    overrides = {}
    for item in args.override:
        key, sep, value = item.partition("=")
        if not sep:
            parser.error(f"--override takes OPTION=VALUE, not {item!r}")
        overrides[key] = _value(value)

    run = our_runner(args.profile, args.players, **overrides)
    run(1_000_000, 5)  # warm-up: imports, interned tables, first-call costs
    profiler = cProfile.Profile()
    profiler.enable()
    moves = run(0, args.games)
    profiler.disable()
    what = f"{args.profile} {args.players}p {overrides or ''}".strip()
    print(f"cProfile: {args.games} random games, {moves} moves ({what})\n")
    print(report(profiler, args.top))

    if args.pyinstrument:
        try:
            from pyinstrument import Profiler
        except ImportError:
            print("pyinstrument is not installed (pip install pyinstrument): skipped")
            return 0
        sampler = Profiler(interval=0.0005)
        sampler.start()
        run(0, args.games)
        sampler.stop()
        print(sampler.output_text(unicode=False, color=False, show_all=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
