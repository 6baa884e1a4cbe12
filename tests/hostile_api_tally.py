"""Counts of what the public API does with hostile values, per surface: tried / clear / works / silent / unclear /
traceback / hang / lost. Run from the repository: ``.venv/bin/python tests/hostile_api_tally.py`` (``-v`` lists
every try that was not clear or working).

The tries are the generic sweep's (tests/test_hostile_api.py: every public callable it can call with real
arguments, each parameter in turn given each value of ``hostile_values.SAMPLE``) and the hand-made ones of
tests/test_hostile_session.py's ``TRIES`` (intents, the table's and widgets' arguments, the deal of the day).

* clear: refused with the package's error in one short line in the game's words;
* works: accepted (a value of the parameter's type, or one the package reads, like "5" for a number);
* silent: accepted though the value is not of the parameter's type and is no text of it (nonsense taken);
* unclear: refused by the package, but in Python's words, over several lines or repeating the input;
* traceback: any other exception; hang: still running after 10 s; lost: the value given was changed.
"""

from __future__ import annotations

import inspect
import os
import sys
import typing
from collections import Counter, defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from hostile_values import SAMPLE, clear, guard, snapshot  # noqa: E402

from nomercy import NomercyError  # noqa: E402

KINDS = ("clear", "works", "silent", "unclear", "traceback", "hang", "lost")


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


def outcome(run: typing.Callable[[], object], value: object, fits: bool) -> str:
    before = snapshot(value)
    try:
        with guard(10):
            run()
        result = "works" if fits or isinstance(value, str) else "silent"
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
            for value in SAMPLE:
                given = dict(kwargs, **{param: value})
                got = outcome(lambda: sweep.call(obj, given), value, sweep._fits(value, hints.get(param, typing.Any)))
                tally[surface_of(where)][got] += 1
                if got not in ("clear", "works"):
                    notes.append(f"{got}: {where}({param}={sweep.quote_for_note(value)})")
    for surface, label, run, value, fits in session.TRIES():
        got = outcome(run, value, fits)
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
    if "-v" in sys.argv:
        print("\n".join(notes))


if __name__ == "__main__":
    main()
