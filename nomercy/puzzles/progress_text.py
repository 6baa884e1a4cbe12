"""The text of a learner's progress: attempts written one a line, and read back so that nothing raises.

This is the boundary where progress comes in from outside (a file in the progress folder, an old
``progress.json``, a text a person imports): every field of every attempt is checked here, once, and what
does not read is said in one line, in plain words. It touches no file: :mod:`nomercy.puzzles.progress_store`
keeps the files.

A journal (format version 2) is a header line, then one attempt a line::

    {"format": "nomercy-progress", "version": 2, "session": "20261201T090000Z-3fa9c1d2"}
    {"id": "20261201T090000Z-3fa9c1d2-1", "puzzle": "stack-2-4-6", "right": false, "hints": 1, "seconds": 42.0, "date": "2026-12-01T09:00:42Z", "topic": "stacking", "level": "easy"}

>>> reading = parse_text('{"format": "nomercy-progress", "version": 2}\\n{"id": "a-1", "puzzle": "s1", "right": true, '
...                  '"hints": 0, "seconds": 3, "date": "9999-12-31T23:59:59Z"}')
>>> reading.attempts, reading.why
((), 'line 2: attempt at s1: 9999-12-31T23:59:59Z is not a date an attempt can have (the years 2000 to 2199)')
"""

from __future__ import annotations

import hashlib
import json
import math
import re
from dataclasses import dataclass, replace
from datetime import datetime, timezone
from typing import Any, Iterable

from nomercy.core import inputs
from nomercy.core.errors import NomercyError
from nomercy.core.i18n import N_
from nomercy.core.refusals import Count, Said, reason_of, said
from nomercy.core.said import n_
from nomercy.puzzles.file_format import LEVELS  # an attempt is at a puzzle's level, or none

__all__ = ["Attempt", "FORMAT", "VERSION", "FIRST_VERSION", "MAX_FILE_BYTES"]

FORMAT = "nomercy-progress"
VERSION = 2
"""Format version 2: a folder of journals, one per session, one attempt a line."""
FIRST_VERSION = 1
"""Format version 1: one file, ``progress.json``, one list of attempts (still read, never written)."""

MAX_FILE_BYTES = 16 * 2 ** 20
"""The most that is read of one file (about 80,000 attempts); a larger file is set aside, not read."""
MAX_LINE = 4096
"""The longest line an attempt can take (a written attempt takes about 200 characters)."""
MAX_TEXT = 200
"""The longest puzzle id, topic, level or attempt id."""
MAX_ATTEMPTS = 10**7
"""The most attempts an export may say it holds (more lines than any progress file nomercy takes)."""
MAX_HINTS = 1000
MAX_SECONDS = 1e9
YEARS = (2000, 2199)
"""The years an attempt can be dated in: anything else is a broken clock or a broken file."""


# --- records ------------------------------------------------------------------------------------------

_DATE = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", re.ASCII)


def date_text(when: datetime) -> str:
    return when.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def _parse_date(text: Any) -> datetime:
    if not isinstance(text, str) or not _DATE.fullmatch(text):
        raise ValueError(said(N_("a date is written like 2026-12-01T09:00:00Z, not {value}"), value=_shown(text)))
    try:
        when = datetime.fromisoformat(text[:-1]).replace(tzinfo=timezone.utc)
    except ValueError:
        raise ValueError(said(N_("{date} is not a date on the calendar"), date=text)) from None
    if not YEARS[0] <= when.year <= YEARS[1]:
        raise ValueError(said(N_("{date} is not a date an attempt can have (the years {first} to {last})"), date=text,
                              first=YEARS[0], last=YEARS[1]))
    return when


def _kind(value: Any) -> str:
    """A JSON value's kind in plain words (for messages), in the catalogs."""
    if value is None:
        return said(N_("nothing (null)"))
    if isinstance(value, bool):
        return said(N_("true or false"))
    if isinstance(value, (int, float)):
        return said(N_("a number"))
    if isinstance(value, str):
        return said(N_("text"))
    return said(N_("a list")) if isinstance(value, list) else said(N_("a mapping"))  # (JSON holds nothing else)


_NAMED_VALUES = {None: N_("nothing"), True: N_("yes"), False: N_("no")}


def _shown(value: Any) -> str:
    """A value from a file, short and safe to print, in the game's words (never a Python repr): text and numbers as
    :func:`~nomercy.core.errors.quote` shows them (the file's own characters), every word in the catalogs (a list
    says how many items it holds; in English it shows them too, as quote does)."""
    english = inputs.quote(value)
    if value is None or isinstance(value, bool):
        return said(_NAMED_VALUES[value])
    if isinstance(value, float) and not math.isfinite(value):
        return said(N_("NaN (no number at all)") if math.isnan(value) else N_("infinity") if value > 0
                    else N_("minus infinity"))
    if isinstance(value, int) and english.startswith("a number"):  # too many digits to show
        return Said("{items}", {"items": Count(len(str(value)) if value.bit_length() < 4000 else
                                               round(value.bit_length() * 0.30103),
                                               *n_("a number of {count} digit", "a number of {count} digits"))},
                    english)
    if isinstance(value, (list, dict)):
        kind = (n_("a list of {count} item", "a list of {count} items") if isinstance(value, list)
                else n_("a mapping of {count} key", "a mapping of {count} keys"))
        return Said("{items}", {"items": Count(len(value), *kind)}, english)
    return english


def _text(value: Any, what: str, *, blank: bool = True) -> str:
    """Text a person can read: at most MAX_TEXT printable characters (no control characters, no lone
    surrogates, which could not be saved)."""
    if not isinstance(value, str):
        raise ValueError(said(N_("{what} is text, not {kind}"), what=what, kind=_kind(value)))
    if not value and not blank:
        raise ValueError(said(N_("{what} is missing"), what=what))
    if len(value) > MAX_TEXT:
        raise ValueError(said(N_("{what} is longer than {most} characters"), what=what, most=MAX_TEXT))
    if not value.isprintable():
        raise ValueError(said(N_("{what} {value} has a character that cannot be shown or saved"), what=what,
                              value=_shown(value)))
    if value and not inputs.visible(value):
        raise ValueError(said(N_("{what} {value} shows as nothing: it needs a letter, digit or sign one can see"),
                              what=what, value=_shown(value)))
    if inputs.hides_a_character(value):
        raise ValueError(said(N_("{what} {value} holds a character that shows as nothing"), what=what,
                              value=_shown(value)))
    return value


_ID = re.compile(r"[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*", re.ASCII)
"""An attempt's id as nomercy writes it: letters and digits in parts joined by dashes (``<session>-<n>``)."""


def _level(value: Any) -> str:
    level = _text(value, said(N_("the level")))
    if level and level not in LEVELS:
        raise ValueError(said(N_("the level is easy, medium or hard (or left empty), not {value}"), value=_shown(level)))
    return level


def _id(value: Any) -> str:
    """An attempt's id: what :meth:`ProgressStore.next_id` writes, and nothing that merely looks like it (an id
    with an invisible character beside a visible one would be another attempt that prints the same)."""
    text = _text(value, said(N_("the id")))
    if text and not _ID.fullmatch(text):
        raise ValueError(said(N_("the id is letters and digits joined by dashes, like 20261201T090000Z-3fa9c1d2-1, "
                                 "not {value}"), value=_shown(text)))
    return text


def _whole(value: Any, what: str, top: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= top:
        raise ValueError(said(N_("{what} is a whole number from 0 to {top}, not {value}"), what=what, top=top,
                              value=_shown(value)))
    return value


def check_seconds(value: Any, what: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ValueError(said(N_("{what} is a number of seconds, not {kind}"), what=what, kind=_kind(value)))
    if isinstance(value, int) and value >= MAX_SECONDS:  # float() of a huge int would overflow
        raise ValueError(said(N_("{what} is a number of seconds below {most}"), what=what, most=f"{MAX_SECONDS:.0e}"))
    seconds = float(value)
    if not (math.isfinite(seconds) and 0 <= seconds < MAX_SECONDS):
        raise ValueError(said(N_("{what} is a number of seconds from 0 to {most}, not {value}"), what=what,
                              most=f"{MAX_SECONDS:.0e}", value=_shown(value)))
    return seconds


@dataclass(frozen=True)
class Attempt:
    """One try at a puzzle: right on the first try or not, hints used before answering, seconds taken.

    ``id`` names it among every attempt of every session (``<session>-<n>``; ``v1-...`` for one read from
    a ``progress.json`` of format version 1), so a merge keeps it once.
    """

    puzzle: str
    right: bool
    hints: int
    seconds: float
    date: datetime
    topic: str = ""
    level: str = ""
    id: str = ""

    def to_json(self) -> dict[str, Any]:
        data = {"puzzle": self.puzzle, "right": self.right, "hints": self.hints, "seconds": self.seconds,
                "date": date_text(self.date), "topic": self.topic, "level": self.level}
        return {"id": self.id, **data} if self.id else data

    @classmethod
    def from_json(cls, data: Any) -> "Attempt":
        """An attempt from its JSON form, every field checked (a ValueError says which and why)."""
        if not isinstance(data, dict):
            raise ValueError(said(N_("an attempt is a mapping, not {kind}"), kind=_kind(data)))
        puzzle = _text(data.get("puzzle"), said(N_("an attempt's puzzle")), blank=False)
        right = data.get("right")
        if not isinstance(right, bool):
            raise ValueError(said(N_("attempt at {puzzle}: right is true or false, not {value}"), puzzle=puzzle,
                                  value=_shown(right)))
        try:
            return cls(puzzle, right,
                       _whole(data.get("hints"), said(N_("hints")), MAX_HINTS),
                       check_seconds(data.get("seconds"), said(N_("seconds"))),
                       _parse_date(data.get("date")),
                       _text(data.get("topic", ""), said(N_("the topic"))),
                       _level(data.get("level", "")),
                       _id(data.get("id", "")))
        except ValueError as error:
            raise ValueError(said(N_("attempt at {puzzle}: {reason}"), puzzle=puzzle, reason=reason_of(error))) from None


def replay_order(a: Attempt) -> tuple[datetime, str, int, str]:
    """Attempts replay by date; within a second, a session's own in the order it made them."""
    head, _, n = a.id.rpartition("-")
    if head.startswith("v1-"):
        head = "v1"  # a version-1 file's attempts, in the file's order
    return a.date, head, int(n) if n.isdecimal() and len(n) < 10 else 0, a.id


def _first_version_ids(attempts: list[Attempt]) -> list[Attempt]:
    """Ids for the attempts of a format-1 file, from their content and place: the same file, read or
    imported again, gives the same ids."""
    def content(a: Attempt) -> bytes:
        return f"{a.puzzle}|{a.right:d}|{a.hints}|{a.seconds!r}|{a.date.timestamp():.0f}|{a.topic}|{a.level}".encode()

    return [replace(a, id=f"v1-{hashlib.sha1(content(a), usedforsecurity=False).hexdigest()[:16]}-{i}")
            for i, a in enumerate(attempts)]


# --- reading a progress text ------------------------------------------------------------------------------

@dataclass(frozen=True)
class Reading:
    """What one progress text holds: the attempts that read, what is wrong with the rest (``why``), or the
    version of a newer nomercy (``newer``: nothing read, the text is left alone)."""

    attempts: tuple[Attempt, ...] = ()
    why: str | None = None
    newer: int | None = None
    learner: str | None = None
    """Whose progress an exported text says it is (``None``: it names nobody)."""


def _loads(text: str) -> Any:
    """JSON, with every way ``json`` can fail said in one line (a ValueError); nesting too deep is refused before the
    parser meets it (in a browser's Pyodide it ended the page's Python)."""
    if not inputs.shallow_json(text):
        raise ValueError(said(N_("it is nested deeper than any progress file")))
    try:
        return json.loads(text, object_pairs_hook=inputs.object_once)
    except inputs.RepeatedKey as error:
        raise ValueError(said(N_("{key} is given twice: a progress file gives each part once"),
                              key=inputs.quote(error.key))) from None
    except json.JSONDecodeError as error:
        raise ValueError(said(N_("it is not JSON: it breaks off or has a character out of place at line {line}, "
                                 "column {column}"), line=error.lineno, column=error.colno)) from None
    except RecursionError:
        raise ValueError(said(N_("it is nested deeper than any progress file"))) from None
    except MemoryError:
        raise ValueError(TOO_LARGE) from None
    except ValueError:  # e.g. an integer of thousands of digits
        raise ValueError(said(N_("it holds a number too long to read"))) from None


def _version(data: dict[str, Any]) -> int | None:
    version = data.get("version")
    return version if isinstance(version, int) and not isinstance(version, bool) else None


TOO_LARGE = said(N_("it is too large to read"))


def parse_text(text: str) -> Reading:
    """Read a progress text: a journal (format version 2) or a ``progress.json`` (version 1). Never raises."""
    try:
        return _parse_or_raise(text)
    except (ValueError, RecursionError, MemoryError) as error:  # MemoryError: a file that fits but its objects do not
        return Reading(why=reason_of(error) if isinstance(error, ValueError) else TOO_LARGE)


def _parse_or_raise(text: str) -> Reading:
    text = text.removeprefix("\ufeff")  # a byte-order mark an editor may have added
    first, _, rest = text.partition("\n")
    header: Any = None
    if len(first) <= MAX_LINE:
        try:
            header = _loads(first)
        except ValueError:
            header = None
    if not isinstance(header, dict) or _version(header) == FIRST_VERSION and rest.strip():
        header = _loads(text)  # not a journal: a progress.json (written over several lines), or nothing of ours
    if not isinstance(header, dict) or header.get("format") != FORMAT:
        return Reading(why=said(N_("it is not a nomercy progress file")))
    version = _version(header)
    if version is not None and version > VERSION:
        return Reading(newer=version)
    if version == FIRST_VERSION:
        items = header.get("attempts")
        if not isinstance(items, list):
            return Reading(why=said(N_("it has no list of attempts")))
        good, bad = [], []
        for item in items:
            try:
                good.append(Attempt.from_json(item))
            except ValueError as error:
                bad.append(reason_of(error))
        return Reading(tuple(_first_version_ids(good)), _first_of(bad, n_("{reason} (and {count} more)",
                                                                          "{reason} (and {count} more)")))
    if version != VERSION:
        return Reading(why=said(N_("its format version is {value}, not {first} or {version}"),
                                value=_shown(header.get("version")), first=FIRST_VERSION, version=VERSION))
    said_count = header.get("attempts")  # an export says how many it holds, and when it was made
    if "attempts" in header and (type(said_count) is not int or not 0 <= said_count <= MAX_ATTEMPTS):
        return Reading(why=said(N_("it says it holds {value} attempts, which is no number of attempts"),
                                value=_shown(said_count)))
    if "exported" in header:
        try:
            _parse_date(header["exported"])
        except ValueError as error:
            return Reading(why=said(N_("the date it was exported on: {reason}"), reason=reason_of(error)))
    learner = header.get("learner")
    if learner is not None:
        try:
            learner = inputs.seat_name(learner, error=NomercyError, what="a learner's name")
        except NomercyError:
            return Reading(why=said(N_("its learner's name is one word of 1 to {most} visible characters, like 'Ann'; "
                                       "not {value}"), most=inputs.MAX_SEAT_NAME, value=_shown(learner)))
    good, bad = [], []
    lines: dict[str, tuple[int, Attempt]] = {}  # the line each id was first read on
    for number, line in enumerate(rest.split("\n"), start=2):
        if not line.strip():
            continue
        try:
            if len(line) > MAX_LINE:
                raise ValueError(said(N_("it is longer than any attempt")))
            item = _loads(line)
            if isinstance(item, dict) and item.get("format") == FORMAT:  # another export's first line
                raise ValueError(said(N_("a second export begins there: the text holds two exports pasted together; "
                                         "import them one at a time")))
            attempt = Attempt.from_json(item)
            if not attempt.id:
                raise ValueError(said(N_("attempt at {puzzle}: it has no id"), puzzle=attempt.puzzle))
            seen = lines.setdefault(attempt.id, (number, attempt))
            if seen[1] != attempt:  # two attempts under one id: neither may silently replace the other
                raise ValueError(said(N_("attempt {id} is also on line {line}, with other content"), id=attempt.id,
                                      line=seen[0]))
            good.append(attempt)
        except ValueError as error:
            bad.append(said(N_("line {number}: {reason}"), number=number, reason=reason_of(error)))
    if not bad and type(said_count) is int and said_count != len(good):  # fewer lines than it says: cut short
        bad.append(said(N_("it says it holds {said} attempts, and holds {count}: it was cut short or changed by hand"),
                        said=said_count, count=len(good)))
    return Reading(tuple(good), _first_of(bad, n_("{reason} (and {count} more line)", "{reason} (and {count} more lines)")),
                   learner=learner)


def _first_of(bad: list[str], more: tuple[str, str]) -> str | None:
    """What is wrong with a text: the first thing, and how many more (``more``: the message with plural forms)."""
    if not bad:
        return None
    if len(bad) == 1:
        return bad[0]
    return Said("{items}", {"items": Count(len(bad) - 1, *more, values={"reason": bad[0]})},
                str(Count(len(bad) - 1, *more, values={"reason": bad[0]})))


def journal_text(header: dict[str, Any], attempts: Iterable[Attempt]) -> str:
    """A journal: the header, then one attempt a line (json's fast encoder, no indent)."""
    lines = [json.dumps({"format": FORMAT, "version": VERSION, **header}, ensure_ascii=False)]
    lines += [json.dumps(a.to_json(), ensure_ascii=False) for a in attempts]
    return "\n".join(lines) + "\n"
