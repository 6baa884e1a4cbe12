"""One check per kind of value that comes in from outside: each says in one line what it needs, in the game's words.

Every public door of the package (a table, a widget, a record, the deal of the day, ``new_game``) takes
values a person typed or a program sent. The same kind of value is read the same way everywhere, by the
one function here for its kind, before any work is sized by it:

* :func:`whole_number` (an ``int``, never a ``bool`` or a ``float``, in a range), and its kinds
  :func:`seed`, :func:`count` (of players) and :func:`index` (of a seat, a move, a decision: never
  counted from the end, as Python's ``-1`` would be);
* :func:`number` (a size in a picture: a whole or decimal number in a range, never NaN or text);
* :func:`items` (a list of things, never text, bytes or a mapping taken for one), :func:`texts` (a list of
  texts, like moves) and :func:`choices` (a list of names, each one of a few);
* :func:`switch` (yes or no: ``True``/``False`` or the words yes/no, on/off, true/false; ``"off"`` is no);
* :func:`seconds` (a pace) and :func:`clock` (a function that tells the time, checked when it is given);
* :func:`date` (a date, or its text as ``YYYY-MM-DD`` exactly);
* :func:`choice` (one of a few names);
* :func:`seat_name` and :func:`seat_names` (one visible word; two names that look alike are the same name);
* :func:`intent` (what a widget's page sends: a mapping whose ``type`` is one the widget knows);
* :func:`path` (a file or folder name a system can hold) and :func:`one_of_kind` (a value of the package's own
  kinds, like a game record or a position, where nothing else would do);
* :func:`quote`, which names a refused value in a message: short, one line, in the game's words
  (``yes`` for ``True``, ``nothing`` for ``None``, ``a list of 2 items: 'r7', 'b5'``), never a Python repr.

>>> whole_number(3, "hand_size", 1, 20), switch("off", "coach"), index(0, "a seat", 3)
(3, False, 0)
>>> quote(True), quote(None), quote({"color": "red"}), quote("a\\udcffb"), quote(float("nan"))
('yes', 'nothing', "a mapping of 1 entry: 'color': 'red'", "'a?b'", 'NaN (no number at all)')
>>> seat_names(["Zoe\\u0301", "Ann"])[0] == "Zo\\u00e9"
True
"""

from __future__ import annotations

import datetime
import math
import os
import re
import unicodedata
from typing import Any, Callable, Collection, Iterable

from nomercy.core.errors import MAX_QUOTE, NomercyError, quote

__all__ = ["quote", "whole_number", "seed", "count", "index", "number", "switch", "seconds", "clock", "date", "choice",
           "items", "texts", "text", "choices",
           "seat_name", "seat_names", "visible", "readable", "name_key", "intent", "path", "one_of_kind", "POSITION", "MAX_SEED", "MAX_SEAT_NAME", "MAX_QUOTE"]

MAX_SEED = 2**63 - 1
"""The largest seed: a seed is a whole number from 0 to 2**63 - 1, everywhere one comes in (``--seed``, the API, a
save, a record, a puzzle), the range the docs and ``--help`` state and the one of the seeds derived from a seed
(:func:`nomercy.core.seeds.derive_seed`), so a derived seed is a seed too."""
MAX_SEAT_NAME = 40
"""The longest seat name, in characters."""

Error = type[NomercyError]

_YES = ("yes", "on", "true")
_NO = ("no", "off", "false")


# --- numbers ------------------------------------------------------------------------------------------

class RepeatedKey(ValueError):
    """A JSON object from outside gives a key twice: JSON alone keeps the last without a word. ``key``: which."""

    def __init__(self, message: str, key: str = "") -> None:
        super().__init__(message)
        self.key = key


_JSON_STRUCTURE = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"|[\[\]{}]')
"""A JSON text's strings (skipped whole, with their escapes) and its brackets."""
MAX_JSON_DEPTH = 100
"""The deepest JSON from outside that is parsed: far deeper than any file nomercy writes (a record, progress, a kept
puzzle nest four or five levels), and far from where a parser runs out of stack (in a browser's Pyodide a few
thousand levels end the page's Python, before Python's own recursion limit is reached)."""


def shallow_json(text: str, most: int = MAX_JSON_DEPTH) -> bool:
    """Whether ``text``, read as JSON, nests at most ``most`` lists and objects: checked before it is parsed, so that
    ``'[' * 100000`` is refused in one line everywhere, never by a parser that runs out of stack.

    >>> shallow_json('{"a": [1, "[[[["]}'), shallow_json("[" * 101 + "]" * 101)
    (True, False)
    """
    if text.count("[") + text.count("{") <= most:  # (an attempt's line, a name's file: at once)
        return True
    depth = 0
    for found in _JSON_STRUCTURE.finditer(text):
        mark = found.group()
        if mark == "[" or mark == "{":
            depth += 1
            if depth > most:
                return False
        elif mark == "]" or mark == "}":
            depth -= 1
    return True


def object_once(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """``json.loads``' ``object_pairs_hook`` wherever JSON comes in from outside (a record, progress, a kept
    puzzle): the object, or :class:`RepeatedKey` naming the key given twice (``{"right": true, "right": false}``
    is neither answer)."""
    data: dict[str, Any] = {}
    for key, value in pairs:
        if key in data:
            raise RepeatedKey(f"{quote(key)} is given twice", key)
        data[key] = value
    return data


def whole_number(value: Any, what: str, least: int, most: int, *, error: Error = NomercyError,
                 like: int | None = None) -> int:
    """``value`` if it is a whole number (an ``int``, never a ``bool`` or a ``float``) from ``least`` to ``most``.

    The range is checked before anything is built from the number, so a huge one costs nothing.

    >>> whole_number(-1, "the hand size", 1, 20)
    Traceback (most recent call last):
    ...
    nomercy.core.errors.NomercyError: the hand size is a whole number from 1 to 20, not -1
    """
    if isinstance(value, bool) or not isinstance(value, int) or not least <= value <= most:
        example = f", like {like}" if like is not None else ""
        separator = ";" if like is not None else ","
        raise error(f"{what} is a whole number from {least} to {most}{example}{separator} not {quote(value)}")
    return value


def seed(value: Any, *, error: Error | None = None) -> int:
    """``value`` if it is a seed: a whole number from 0 to :data:`MAX_SEED`."""
    from nomercy.core.errors import RulesError

    return whole_number(value, "a seed", 0, MAX_SEED, error=error or RulesError, like=7)


def count(value: Any, what: str, least: int, most: int, *, error: Error = NomercyError) -> int:
    """A number of things (players, opponents, games) from ``least`` to ``most``, checked before any is made.

    >>> count(100_000, "a table's players", 2, 6)
    Traceback (most recent call last):
    ...
    nomercy.core.errors.NomercyError: a table's players is a number from 2 to 6, not 100000
    """
    if isinstance(value, bool) or not isinstance(value, int) or not least <= value <= most:
        raise error(f"{what} is a number from {least} to {most}, not {quote(value)}")
    return value


def index(value: Any, what: str, size: int, *, error: Error = NomercyError) -> int:
    """A position in a list of ``size`` things (a seat, a move, a decision), counted from 0 and never from the end.

    >>> index(-1, "a seat", 3)
    Traceback (most recent call last):
    ...
    nomercy.core.errors.NomercyError: a seat is a number from 0 to 2, not -1
    """
    if size <= 0:
        raise error(f"there is no {what.removeprefix('a ').removeprefix('an ')} to choose yet")
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < size:
        raise error(f"{what} is a number from 0 to {size - 1}, not {quote(value)}")
    return value


def number(value: Any, what: str, least: float, most: float, *, error: Error = NomercyError) -> float:
    """A size or an amount (the width of a card in a picture): an ``int`` or a ``float`` from ``least`` to ``most``,
    never a ``bool``, text, NaN or an infinity; as a ``float``.

    >>> number(36, "the width of a card", 4, 400)
    36.0
    >>> number("36", "the width of a card", 4, 400)
    Traceback (most recent call last):
    ...
    nomercy.core.errors.NomercyError: the width of a card is a number from 4 to 400, not '36'
    """
    if isinstance(value, bool) or not isinstance(value, (int, float)) or \
            (isinstance(value, int) and value.bit_length() > 64) or not least <= value <= most:  # NaN fails too
        raise error(f"{what} is a number from {least:g} to {most:g}, not {quote(value)}")
    return float(value)


MAX_ITEMS = 10_000
"""The most items a list given to a door may hold, unless the door says fewer."""


def items(value: Any, what: str, *, least: int = 0, most: int = MAX_ITEMS, error: Error = NomercyError) -> tuple[Any, ...]:
    """A list of things (a list, a tuple or another iterable, read once) of ``least`` to ``most`` items, as a
    tuple; text, bytes and mappings are refused, since Python would read them letter by letter or key by key.

    >>> items(["r7", "b5"], "the moves")
    ('r7', 'b5')
    >>> items("r7", "the moves")
    Traceback (most recent call last):
    ...
    nomercy.core.errors.NomercyError: the moves is a list of 0 to 10000 items, not 'r7'
    """
    from collections.abc import Iterable as IterableKind, Mapping

    allowed = f"{what} is a list of {least} to {most} items, not {quote(value)}"
    if isinstance(value, (str, bytes, bytearray, Mapping)) or not isinstance(value, IterableKind):
        raise error(allowed)
    found: list[Any] = []
    try:
        for item in value:
            found.append(item)
            if len(found) > most:
                raise error(allowed)
    except NomercyError:
        raise
    except Exception:  # an iterable that cannot be read to its end (a list nested too deep still reads)
        raise error(allowed) from None
    if len(found) < least:
        raise error(allowed)
    return tuple(found)


def texts(value: Any, what: str, *, least: int = 0, most: int = MAX_ITEMS, longest: int = 200,
          error: Error = NomercyError) -> tuple[str, ...]:
    """A list of texts (moves, column names...), each of at most ``longest`` characters that can be written.

    >>> texts(("A plays red 7",), "the moves")
    ('A plays red 7',)
    """
    found = items(value, what, least=least, most=most, error=error)
    for item in found:
        if not isinstance(item, str) or len(item) > longest or not _writable(item):
            raise error(f"{what} is a list of texts, like 'A plays red 7'; not {quote(item)} in it")
    return found


def text(value: Any, what: str, *, least: int = 1, longest: int = 200, like: str = "coach",
         error: Error = NomercyError) -> str:
    """A text of ``least`` to ``longest`` characters that can be written (no lone surrogate).

    >>> text("coach", "the purpose of a seed")
    'coach'
    >>> text("", "the purpose of a seed")
    Traceback (most recent call last):
    ...
    nomercy.core.errors.NomercyError: the purpose of a seed is a text of 1 to 200 characters, like 'coach'; not ''
    """
    if not isinstance(value, str) or not least <= len(value) <= longest or not _writable(value):
        raise error(f"{what} is a text of {least} to {longest} characters, like {quote(like)}; not {quote(value)}")
    return value


def choices(value: Any, what: str, names: Collection[str], *, least: int = 0,
            error: Error = NomercyError) -> tuple[str, ...]:
    """A list of names, each one of ``names`` (as :func:`choice` reads one).

    >>> choices(["classic"], "the profiles", ("no-mercy", "classic"))
    ('classic',)
    """
    found = items(value, what, least=least, most=max(len(names), 1) * 4, error=error)
    return tuple(choice(item, f"each of {what}", names, error=error) for item in found)


def _writable(text: str) -> bool:
    """Whether ``text`` can be written as UTF-8 (no lone surrogate, which is what bytes that are not UTF-8 become)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def switch(value: Any, what: str, *, error: Error = NomercyError) -> bool:
    """Yes or no: ``True``/``False``, or the words yes/no, on/off, true/false (in any case). ``"off"`` is no.

    >>> switch("Off", "coach"), switch(True, "coach")
    (False, True)
    >>> switch(1, "coach")
    Traceback (most recent call last):
    ...
    nomercy.core.errors.NomercyError: coach is yes or no (on or off), not 1
    """
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and len(value) <= 10:
        word = value.strip().lower()
        if word in _YES:
            return True
        if word in _NO:
            return False
    raise error(f"{what} is yes or no (on or off), not {quote(value)}")


def seconds(value: Any, what: str, most: float, *, error: Error = NomercyError) -> float:
    """A number of seconds from 0 to ``most`` (a whole or a decimal number; its text is read too).

    >>> seconds("0.5", "pace", 10), seconds(2, "pace", 10)
    (0.5, 2.0)
    """
    allowed = f"{what} is a number of seconds from 0 to {most:g}, not {quote(value)}"
    if isinstance(value, bool) or not isinstance(value, (int, float, str)):
        raise error(allowed)
    if isinstance(value, str) and not re.fullmatch(r"\s*[0-9]{1,6}(\.[0-9]{1,9})?\s*", value):
        raise error(allowed)
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 64:
        raise error(allowed)
    number = float(value)
    if not 0 <= number <= most:  # NaN fails this too
        raise error(allowed)
    return number


def clock(value: Any, what: str = "clock", *, error: Error = NomercyError) -> Callable[[], float]:
    """A function that tells the time in seconds (like ``time.monotonic``): asked once now, so a clock that
    cannot tell the time is refused when it is given, not at the UNO moment."""
    if not callable(value):
        raise error(f"{what} is a function that tells the time in seconds (like time.monotonic), not {quote(value)}")
    try:
        now = value()
    except Exception:
        now = None
    if isinstance(now, bool) or not isinstance(now, (int, float)) or not math.isfinite(now):
        raise error(f"{what} is a function that tells the time in seconds (like time.monotonic); this one "
                    f"answered {quote(now)}")
    return value


def calendar_clock(value: Any, what: str = "clock", *,
                   error: Error = NomercyError) -> Callable[[], datetime.datetime]:
    """A function that tells the date and time (like ``datetime.now``), for what comes back when due (the
    trainer's boxes, the learning path): asked once now, so a clock that cannot tell it is refused at once."""
    allowed = f"{what} is a function that tells the date and time (like datetime.now)"
    if not callable(value):
        raise error(f"{allowed}, not {quote(value)}")
    try:
        now = value()
    except Exception:
        raise error(f"{allowed}; this one failed when asked") from None
    if not isinstance(now, datetime.datetime):
        raise error(f"{allowed}; this one answered {quote(now)}")
    return value


# --- dates and names ----------------------------------------------------------------------------------

_ISO_DAY = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


def date(value: Any, what: str = "a day", *, error: Error = NomercyError) -> datetime.date:
    """A day: a ``datetime.date`` (the day of a ``datetime``), or its text as ``YYYY-MM-DD`` exactly (no week
    dates, no ``20261203``, no bytes).

    >>> date("2026-12-03"), date(datetime.datetime(2026, 12, 3, 23, 59))
    (datetime.date(2026, 12, 3), datetime.date(2026, 12, 3))
    """
    if isinstance(value, datetime.datetime):
        return value.date()
    if isinstance(value, datetime.date):
        return value
    if isinstance(value, str) and _ISO_DAY.fullmatch(value.strip()):
        try:
            return datetime.date.fromisoformat(value.strip())
        except ValueError:
            pass
    raise error(f"{what} is a day written YYYY-MM-DD, like 2026-12-03, not {quote(value)}")


def choice(value: Any, what: str, names: Collection[str], *, error: Error = NomercyError) -> str:
    """One of ``names`` (as written there; any case and spaces around are forgiven).

    >>> choice(" Greedy", "a computer player", ("random", "greedy"))
    'greedy'
    """
    if isinstance(value, str) and len(value) <= 100:
        wanted = value.strip().casefold()
        for name in names:
            if name.casefold() == wanted:
                return name
    raise error(f"{what} is one of {', '.join(names)}; not {quote(value)}")


_INVISIBLE = frozenset("\u115f\u1160\u3164\uffa0\u2800\u180e\u034f\u00ad\u17b4\u17b5")
"""Letters and symbols that show as nothing (Hangul fillers, the braille blank, ...): no part of a name."""


def _visible(ch: str) -> bool:
    category = unicodedata.category(ch)
    return ch not in _INVISIBLE and category[0] not in "CZ" and not (0xFE00 <= ord(ch) <= 0xFE0F)


def visible(text: str) -> bool:
    """Whether ``text`` shows something: at least one character one can see (not only spaces, Hangul fillers, the
    braille blank, zero-width or lone accents), as an id or a name a person reads must.

    >>> visible("stack-2-4-6"), visible("\u3164"), visible("\u2800 \u200b")
    (True, False, False)
    """
    return any(_visible(ch) and not unicodedata.category(ch).startswith("M") for ch in text)


def readable(text: str) -> bool:
    """Whether ``text`` is words a person can read as written: something to see, and nothing hidden among it (no
    zero-width or control character, no Hangul filler or braille blank, no lone surrogate). Line breaks and
    tabs are allowed (a long text is folded over lines). Puzzles, stages and progress read text with it.

    >>> readable("Play a card on the red 5."), readable("Play\u200b a card"), readable("\u3164")
    (True, False, False)
    """
    return (all(ch.isprintable() or ch in "\n\r\t" for ch in text) and visible(text)
            and not hides_a_character(text) and _writable(text))


def hides_a_character(text: str) -> bool:
    """Whether ``text`` holds a letter or symbol that shows as nothing (a Hangul filler, the braille blank, ...)
    among the ones that show: ``stack-2-4-6\u3164`` prints as ``stack-2-4-6`` and is another text.

    >>> hides_a_character("stack-2-4-6"), hides_a_character("stack-2-4-6\u3164")
    (False, True)
    """
    return any(ch in _INVISIBLE for ch in text)


def seat_name(value: Any, *, error: Error | None = None, what: str = "a seat name") -> str:
    """A seat name: one word of 1 to :data:`MAX_SEAT_NAME` visible characters, in its composed form (NFC).
    ``what`` names the name in the message (a learner's name is checked the same way).

    A name of invisible characters (a Hangul filler, the braille blank, a zero-width space) or one that starts
    with a lone accent is refused: a person could not read it or tell it from another.

    >>> seat_name("Zoe\\u0301") == "Zo\\u00e9"
    True
    """
    from nomercy.core.errors import RulesError

    fail = error or RulesError
    allowed = f"{what} is one word of 1 to {MAX_SEAT_NAME} visible characters, like 'Ann'; not {quote(value)}"
    if not isinstance(value, str) or not 0 < len(value) <= 4 * MAX_SEAT_NAME:
        raise fail(allowed)
    name = unicodedata.normalize("NFC", value)
    if not 0 < len(name) <= MAX_SEAT_NAME or not all(_visible(ch) for ch in name) \
            or unicodedata.category(name[0]).startswith("M"):
        raise fail(allowed)
    return name


def name_key(name: str) -> str:
    """What two seat names are compared by: their letters, whatever the case and the way they are composed
    (``Straße`` and ``STRASSE``, ``Zoé`` in either Unicode form, ``Ａｎｎ`` and ``Ann`` are one name)."""
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())


def seat_names(values: Iterable[Any], *, error: Error | None = None) -> tuple[str, ...]:
    """Seat names, each checked by :func:`seat_name`, no two alike in :func:`name_key`.

    >>> seat_names(["Straße", "STRASSE"])
    Traceback (most recent call last):
    ...
    nomercy.core.errors.RulesError: seat names must differ (whatever the case or accents): 'Straße' and 'STRASSE'
    """
    from nomercy.core.errors import RulesError

    names = tuple(seat_name(value, error=error) for value in values)
    seen: dict[str, str] = {}
    for name in names:
        key = name_key(name)
        if key in seen:
            raise (error or RulesError)(f"seat names must differ (whatever the case or accents): "
                                        f"{quote(seen[key])} and {quote(name)}")
        seen[key] = name
    return names


def intent(value: Any, names: Collection[str], who: str, *, error: Error = NomercyError) -> dict[str, Any]:
    """An intent a front end sends (or a notebook passes to ``send_intent``): a mapping whose ``type`` is one of
    ``names``; a copy, so that nothing the caller holds is changed.

    >>> intent("undo", ("undo", "hint"), "the table")
    Traceback (most recent call last):
    ...
    nomercy.core.errors.NomercyError: an intent is a mapping with a type, like {"type": "undo"}; the table understands undo, hint; not 'undo'
    """
    from collections.abc import Mapping

    if not isinstance(value, Mapping):
        raise error(f'an intent is a mapping with a type, like {{"type": "{next(iter(names))}"}}; {who} understands '
                    f"{', '.join(names)}; not {quote(value)}")
    kind = value.get("type")
    if not isinstance(kind, str) or kind not in names:
        raise error(f"unknown intent {quote(kind)}: {who} understands {', '.join(names)}")
    return dict(value)


POSITION = "a position (a GameState, as new_game gives one)"
"""What a door that takes a position says it takes."""

MAX_PATH = 4096
"""The longest file or folder name taken (what Linux allows)."""


def path(value: Any, what: str, *, error: Error = NomercyError, folder: bool = False) -> str | os.PathLike[str]:
    """A file or folder name: text (or a path) a file system can hold: not empty, no NUL, no character that
    cannot be written as UTF-8 (a lone surrogate), at most :data:`MAX_PATH` characters. ``folder``: the name is a
    folder's, and the refusal says so (an empty name is refused too: it is no folder, not "the usual one"); a folder
    name that names a file (or anything else that is not a folder) is refused at once, not when it is first written.

    >>> path("games/g.json", "the save file")
    'games/g.json'
    >>> path("", "the save file")
    Traceback (most recent call last):
    ...
    nomercy.core.errors.NomercyError: the save file is the name of a file, like 'games/g.json'; not ''
    """
    text = os.fspath(value) if isinstance(value, os.PathLike) else value
    allowed = (f"{what} is the name of a folder, like 'nomercy-data'; not {quote(value)}" if folder else
               f"{what} is the name of a file, like 'games/g.json'; not {quote(value)}")
    if not isinstance(text, str) or not 0 < len(text) <= MAX_PATH or "\0" in text:
        raise error(allowed)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise error(allowed) from None
    from nomercy.core.files import name_problem

    problem = name_problem(text)
    if problem is not None:
        raise error(f"{what}: {problem}")
    if folder and os.path.lexists(text) and not os.path.isdir(text):
        raise error(f"{what} {quote(text)} is a file, not a folder: give the name of a folder")
    return value


def one_of_kind(value: Any, kinds: type | tuple[type, ...], what: str, *, error: Error = NomercyError) -> Any:
    """``value`` if it is of one of the package's ``kinds`` (a game record, a position...): ``what`` says what is
    allowed, in the game's words.

    >>> one_of_kind(None, str, "a record, or its JSON text")
    Traceback (most recent call last):
    ...
    nomercy.core.errors.NomercyError: this takes a record, or its JSON text; not nothing
    """
    if isinstance(value, bool) or not isinstance(value, kinds):
        raise error(f"this takes {what}; not {quote(value)}")
    return value
