"""Counts of what the public API does with hostile values, per surface: tried / clear / works / silent / unclear /
traceback / hang / lost. Run from the repository: ``.venv/bin/python tests/hostile_api_tally.py`` (``-v`` lists
every try that was not clear or working).

The tries are the generic sweep's (tests/test_hostile_api.py: every public callable it can call with real
arguments, each parameter in turn given each value of ``hostile_values.SAMPLE``) and the hand-made ones of
tests/test_hostile_session.py's ``TRIES`` (intents, the table's and widgets' arguments, the deal of the day).

* clear: refused with the package's error in one short line in the game's words;
* works: accepted (a value of the parameter's type, or one the package reads, like "5" for a number, a list
  where a tuple is declared, or a value :data:`READ_ON_PURPOSE` names);
* silent: accepted though the value is not of the parameter's type and is no text of it (nonsense taken);
* made: the same, but given to a record the package makes and a program only reads (marked with
  :func:`nomercy.core.records.made_by_the_package`, whose reason ``-v`` prints): not a way in, so not checked;
* unclear: refused by the package, but in Python's words, over several lines or repeating the input;
* traceback: any other exception; hang: still running after 10 s; lost: the value given was changed.

``--json FILE`` also writes the counts per surface, to compare two runs (before and after a change).
"""

from __future__ import annotations

import collections.abc
import inspect
import json
import os
import sys
import types
import typing
from collections import Counter, defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from hostile_values import SAMPLE, clear, guard, snapshot  # noqa: E402

from nomercy import NomercyError  # noqa: E402
from nomercy.core.records import made_by  # noqa: E402

KINDS = ("clear", "works", "silent", "made", "unclear", "traceback", "hang", "lost")

READ_ON_PURPOSE: dict[tuple[str, str], tuple[tuple[object, ...], str]] = {
    ("nomercy.core.rules.RuleSet", "seven_swap"): (
        (True, False), "a rule option's yes and no are read as YAML reads a bare on and off (yes: required, no: off)"),
}
"""Values of another type than the declared one that a parameter reads on purpose, with the reason."""


def fits(value: object, hint: object) -> bool:
    """Whether ``value`` is of the declared kind ``hint``, as the sweep's quick look tells, or a list where a tuple
    (or another sequence) is declared and its items are of the item kind: the package reads a list as the list
    it is (and keeps it as a tuple)."""
    import test_hostile_api as sweep

    if sweep._fits(value, hint):
        return True
    if not isinstance(value, list):
        return False
    arms = typing.get_args(hint) if typing.get_origin(hint) in (typing.Union, types.UnionType) else (hint,)
    for arm in arms:
        if typing.get_origin(arm) in (tuple, collections.abc.Sequence, collections.abc.Iterable, list):
            args = typing.get_args(arm)
            item = args[0] if args else typing.Any
            if all(sweep._fits(v, item) for v in value):
                return True
    return False


def surface_of(where: str) -> str:
    if where.startswith("nomercy.play.table.") or where.startswith("nomercy.play.table_"):
        return "table session"
    for prefix, name in (("nomercy.widgets", "widgets"), ("nomercy.play.daily_deal", "deal of the day"),
                         ("nomercy.play.record", "records"), ("nomercy.play.game", "records"),
                         ("nomercy.play.saved_game", "records"), ("nomercy.core", "core"), ("nomercy.play", "play"),
                         ("nomercy.puzzles", "puzzles"), ("nomercy.teaching", "teaching")):
        if where.startswith(prefix):
            return name
    return "other"


def outcome(run: typing.Callable[[], object], value: object, fits: bool, made: bool = False) -> str:
    before = snapshot(value)
    try:
        with guard(10):
            run()
        result = "works" if fits or isinstance(value, str) else "made" if made else "silent"
    except TimeoutError:
        result = "hang"
    except NomercyError as refusal:
        result = "clear" if clear(str(refusal)) else "unclear"
    except Exception:
        result = "traceback"
    if snapshot(value) != before:
        result = "lost"
    return result


def main() -> None:
    import test_hostile_api as sweep
    import test_hostile_session as session

    tally: dict[str, Counter[str]] = defaultdict(Counter)
    notes: list[str] = []
    reasons: dict[str, str] = {}
    out = Path(sys.argv[sys.argv.index("--json") + 1]).resolve() if "--json" in sys.argv else None
    os.chdir(sweep.WORKDIR)
    for where, (obj, kwargs, params) in sorted(sweep.SWEPT.items()):
        try:
            hints = typing.get_type_hints(obj.__init__ if isinstance(obj, type) else obj)
        except Exception:
            hints = {}
        for param in params:
            kind = inspect.signature(obj).parameters[param].kind
            if kind in (inspect.Parameter.VAR_POSITIONAL, inspect.Parameter.VAR_KEYWORD):
                continue
            read, _ = READ_ON_PURPOSE.get((where, param), ((), ""))
            reason = made_by(obj)
            if reason:
                reasons[where] = reason
            for value in SAMPLE:
                given = dict(kwargs, **{param: value})
                fitting = fits(value, hints.get(param, typing.Any)) or any(value is v for v in read)
                got = outcome(lambda: sweep.call(obj, given), value, fitting, made=reason is not None)
                tally[surface_of(where)][got] += 1
                if got not in ("clear", "works", "made"):
                    notes.append(f"{got}: {where}({param}={sweep.quote_for_note(value)})")
    for surface, label, run, value, fitting in session.TRIES():
        got = outcome(run, value, fitting)
        tally[surface][got] += 1
        if got not in ("clear", "works"):
            notes.append(f"{got}: {label}")
    print(f"{'surface':16} {'tried':>6} " + " ".join(f"{k:>9}" for k in KINDS))
    total: Counter[str] = Counter()
    for surface in sorted(tally):
        counts = tally[surface]
        total.update(counts)
        print(f"{surface:16} {sum(counts.values()):>6} " + " ".join(f"{counts[k]:>9}" for k in KINDS))
    print(f"{'TOTAL':16} {sum(total.values()):>6} " + " ".join(f"{total[k]:>9}" for k in KINDS))
    if out is not None:
        rows = {surface: {"tried": sum(c.values()), **{k: c[k] for k in KINDS}} for surface, c in tally.items()}
        out.write_text(json.dumps(rows, indent=1, sort_keys=True) + "\n")
    if "-v" in sys.argv:
        print("\n".join(notes))
        print("\nmade by the package (not ways in; their tries are counted as made):")
        print("\n".join(f"  {where}: {reason}" for where, reason in sorted(reasons.items())))
        print("\nread on purpose (counted as works):")
        print("\n".join(f"  {where}({param}): {reason}" for (where, param), (_, reason) in READ_ON_PURPOSE.items()))


if __name__ == "__main__":
    main()
