"""What one move costs, part by part.

Run from the repository root::

    python benchmarks/engine_parts.py                        # classic, 4 players, 40 random games
    python benchmarks/engine_parts.py --override voluntary_draw=False
    python benchmarks/engine_parts.py --profile no-mercy

It records the (state, move) pairs of random games, then times, in CPU time and
best of five: ``legal_moves`` on fresh states, ``apply``, and inside ``apply``
the re-check (``why_illegal``), the copy into the working table, the move's
handler (also by kind of move) and the freeze; and what building each value of a
move (a working copy and its freeze, a legal list, an event) costs against a plain tuple. (Its two experiments of November 2026, a filter-first
``legal_moves`` and events built as tuples, are now how the engine works.)

This script reads private parts of ``nomercy.core.engine`` (``Draft``,
``_HANDLERS``) and of ``nomercy.core.legality`` (``_LATEST``, the kept list); when
those change, it may need updating. It is a measuring tool for engine work, not
part of the test suite.
"""

from __future__ import annotations

import argparse
import gc
import os
import random
import sys
import time
from typing import Callable

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from profile_engine import _value  # noqa: E402

import nomercy  # noqa: E402
from nomercy import apply, legal_moves, new_game  # noqa: E402
from nomercy.play.driver import play_out  # noqa: E402
from nomercy.core import engine as E  # noqa: E402
from nomercy.core import legality as L  # noqa: E402


def record(profile: str, players: int, games: int, overrides: dict) -> list[tuple[object, object]]:
    pairs = []
    for seed in range(games):
        rng = random.Random(seed)
        play_out(new_game(profile, players, seed=seed, **overrides), lambda s: rng.choice(legal_moves(s)),
                 observe=lambda before, move, events, after: pairs.append((before, move)))
    return pairs


def forget_legal(states) -> None:
    """Forget the kept legal list, so the next ``legal_moves`` builds one (the engine keeps only the latest)."""
    L._LATEST = (None, None)


def each(function, items) -> None:
    """Call ``function`` on every item, keeping no result (results kept alive would skew the timing)."""
    for item in items:
        function(item)


def each2(function, pairs) -> None:
    for first, second in pairs:
        function(first, second)


def best_of_five(states, body: Callable[[], None]) -> float:
    best = float("inf")
    for _ in range(5):
        forget_legal(states)
        gc.collect()
        start = time.process_time()
        body()
        best = min(best, time.process_time() - start)
    return best


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--profile", default="classic")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--override", action="append", default=[], metavar="OPTION=VALUE")
    args = parser.parse_args(argv)
    overrides = {}
    for item in args.override:
        key, _, value = item.partition("=")
        overrides[key] = _value(value)

    pairs = record(args.profile, args.players, args.games, overrides)
    states = [s for s, _ in pairs]
    n = len(pairs)
    print(f"nomercy {nomercy.__version__}: {n} moves of {args.games} random games, "
          f"{args.profile} {args.players}p {overrides or ''}; CPU time, best of 5")

    def show(label: str, seconds: float, whole: float | None = None) -> float:
        per = seconds / n * 1e6
        share = f"  ({100 * per / whole:3.0f}% of a move)" if whole else ""
        print(f"  {label:62} {per:6.2f} us/move{share}")
        return per

    def whole_move() -> None:
        for s, a in pairs:
            legal_moves(s)
            apply(s, a)

    whole = show("legal_moves + apply (one move, engine only)", best_of_five(states, whole_move))
    show("legal_moves, nothing cached", best_of_five(states, lambda: each(legal_moves, states)), whole)
    show("apply (of a move not just listed: with the re-check)", best_of_five(states, lambda: each2(apply, pairs)),
         whole)
    show("  why_illegal: the re-check (skipped for a move just listed)", best_of_five(states, lambda: each2(E.why_illegal, pairs)),
         whole)
    show("  Draft.of: the state copied into a working table", best_of_five(states, lambda: each(E.Draft.of, states)),
         whole)
    def copy_and_freeze() -> None:
        for s in states:
            E.Draft.of(s).freeze()

    copied = best_of_five(states, lambda: each(E.Draft.of, states))
    show("  Draft.freeze: the working copy made the next state (of + freeze, less of)",
         best_of_five(states, copy_and_freeze) - copied, whole)

    def handlers(some: list[tuple[object, object]]) -> Callable[[], None]:
        def run() -> None:
            for s, a in some:
                E._HANDLERS[type(a)](E.Draft.of(s), a)
        return run

    show("  Draft.of + the move's handler (effects, events)", best_of_five(states, handlers(pairs)), whole)
    by_kind: dict[str, list[tuple[object, object]]] = {}
    for s, a in pairs:
        key = type(a).__name__ + (f" ({a.card.rank.effect})" if type(a).__name__ == "Play" else "")
        by_kind.setdefault(key, []).append((s, a))
    print("  the handler by kind of move (Draft.of taken off), and its share of an average move:")
    for key, some in sorted(by_kind.items(), key=lambda item: -len(item[1])):
        copy = best_of_five(states, lambda: each(E.Draft.of, [s for s, _ in some]))
        handled = best_of_five(states, handlers(some))
        per = (handled - copy) / len(some) * 1e6
        print(f"    {key:30} {len(some):6} moves {per:6.2f} us each, {per * len(some) / n:5.2f} us/move")
    building(states[len(states) // 2])
    events = sum(len(apply(s, a)[1]) for s, a in pairs)
    forget_legal(states)
    listed = [legal_moves(s) for s in states]
    same = sum(1 for (s, a), la in zip(pairs, listed) if any(x is a for x in la))
    print(f"  events per move {events / n:.2f}; chosen move is the very object listed: {100 * same / n:.0f}%")

    return 0


def building(state: object) -> None:
    """What building the values of one move costs, against a plain tuple.

    A move makes a working copy of the state (a slotted object, :class:`Draft`) and
    freezes it into the next state where it stands, a legal-move list (a tuple
    subclass with a dictionary for its notation table) and one or two events (tuple
    subclasses, written field by field with ``events.new_event``). These are the floors
    under ``of``, ``freeze``, ``legal_moves`` and the handlers' events.
    """
    import timeit

    from nomercy.core import events as ev
    from nomercy.core.legality import LegalMoves
    from nomercy.core.state import _FIELDS

    fields = [getattr(state, name) for name in _FIELDS]
    listed = list(L.legal_moves(state))  # type: ignore[arg-type]
    card = state.discard[-1]  # type: ignore[attr-defined]
    rows = [
        ("a plain tuple of the state's 23 fields", lambda: tuple(fields)),
        ("Draft.of: the state into a working copy", lambda: E.Draft.of(state)),  # type: ignore[arg-type]
        ("Draft.of + freeze: a working copy made a new state", lambda: E.Draft.of(state).freeze()),  # type: ignore[arg-type]
        ("a LegalMoves of the moves, with its notation table", lambda: LegalMoves(state, listed)),  # type: ignore[arg-type]
        ("a plain tuple of those moves", lambda: tuple(listed)),
        ("an event (CardPlayed), field by field as the engine writes it",
         lambda: ev.new_event(ev.CardPlayed, ("A", card, None, "matching"))),
        ("the same event through its keyword constructor", lambda: ev.CardPlayed("A", card, None, "matching")),
    ]
    print("  what building one value costs (timeit, best of 5):")
    for label, build in rows:
        seconds = min(timeit.repeat(build, number=100_000, repeat=5)) / 100_000
        print(f"    {label:62} {seconds * 1e9:6.0f} ns")


if __name__ == "__main__":
    sys.exit(main())
