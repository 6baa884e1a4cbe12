"""Hostile values shared by the hostile tests: what a careless or unkind caller passes to any door.

Every strategy is bounded in size (nothing here may make a test hang): wrong types, huge and negative
numbers, NaN and the infinities, text that Python reads differently than it looks (``²``, ``①``, Arabic
digits, 5,000 digits), Unicode look-alikes and invisibles (two forms of ``Zoé``, ``Straße``/``STRASSE``,
the Hangul filler, the braille blank, a lone accent, zero-width characters), lone surrogates (what bytes
that are not UTF-8 become), bytes, nested and deep containers, and objects of no kind the package knows.

The judge of an answer is here too (:func:`answer`): a call works, or it is refused with the package's own
error in one short line in the game's words.
"""

from __future__ import annotations

import math
import signal
from contextlib import contextmanager
from typing import Any, Callable, Iterator

from hypothesis import strategies as st

from nomercy import NomercyError

PYTHON_WORDS = (
    "list indices", "NoneType", "not iterable", "invalid literal", "has no attribute", "unhashable",
    "not subscriptable", "too many values", "not enough values", "positional argument", "Traceback",
    "object of type", "KeyError", "IndexError", "TypeError", "ValueError", "AttributeError", "True", "None",
    "False", "\\x", "\\u", "<class", "object at 0x", "Expecting", "codec", "int()", "float()", "could not convert",
    "unexpected keyword", "maximum recursion", "Exceeds the limit", "dict(", "str(",
)
"""Phrases of Python's own words (exception names, reprs, ``True``/``None``): none may reach a person."""

MAX_MESSAGE = 400
"""The longest refusal: one line a person reads, never the whole input repeated."""

LOOK_ALIKES = [
    "Zo\u00e9", "Zoe\u0301", "Stra\u00dfe", "STRASSE", "\u3164", "\u2800", "\u0301", "\u200b", "A\u200bB",
    "\ufeff", "\u00ad", "\uff21nn", "Ann", "ann", "ANN", "\u0410nn", "I\u0307", "\u2126", "\u212b", "e\u0301\u0301",
    "\u115f", "\u1160", "\uffa0", "\u180e", "\u2060", "\u00a0", "\u3000", "A\u0308", "\u00c4",
]
"""Names that look alike or look like nothing."""

NUMBER_LOOKS = ["\u00b2", "\u2460", "\u0663", "\u2167", "1_000", "1e3", "0x10", " 7", "7 ", "+7", "-0", "٣", "9" * 5000,
                "3.0", "nan", "inf", "-inf", "1,000", "\uff17"]
"""Texts that read as a number to Python or to the eye, and are not one of ours (or are, written oddly)."""

ODD_TEXTS = ["", " ", "\t", "\n", "none", "None", "null", "off", "on", "True", "true", "yes", "no", "undefined",
             "\ud800", "\udcff\udcfe", "a\x00b", "x" * 10_000, "\u202e", "\x1b[31m", "r7", "red 7", "undo",
             "2026-12-03", "2026-W49-1", "20261203", "2026-02-30", *LOOK_ALIKES, *NUMBER_LOOKS]
"""Texts a hostile caller tries."""

characters = st.characters(blacklist_categories=())  # lone surrogates and control characters too

hostile_text = st.one_of(st.sampled_from(ODD_TEXTS), st.text(characters, max_size=30))
"""Any text: odd words, look-alikes, invisibles, surrogates, very long."""

hostile_numbers = st.one_of(
    st.sampled_from([0, 1, -1, 2, 7, 25, 1000, 10**6, 10**9, 2**63 - 1, 2**63, 2**64 - 1, 2**64, -2**63, 10**30,
                     10**5000]),
    st.integers(min_value=-10**40, max_value=10**40),
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from([math.nan, math.inf, -math.inf, 0.5, 3.0, -0.0, 1e308]),
    st.booleans(),
)
"""Numbers of every kind: huge, negative, whole floats, NaN, the infinities, ``True``."""


class Opaque:
    """An object of no kind the package knows, which names itself in one short line."""

    def __repr__(self) -> str:
        return "<an opaque object>"


class _Deep(list):  # type: ignore[type-arg]
    """A list nested far deeper than Python's recursion limit, which still names itself in a short line."""

    def __repr__(self) -> str:
        return "<a list nested very deep>"


def _deep(depth: int) -> Any:
    nested: Any = []
    for _ in range(depth - 1):
        nested = [nested]
    return _Deep([nested])


deep = st.integers(1500, 3000).map(_deep)
"""A value nested far deeper than Python's recursion limit."""

scalar = st.one_of(
    st.none(), hostile_numbers, hostile_text, st.binary(max_size=8),
    st.sampled_from([b"\xff\xfe", b"2026-12-03", b"r7", bytearray(b"x")]),
    st.just(Opaque()), st.just(print), st.just(object),
)
"""One value of any simple kind."""

hostile = st.one_of(
    scalar,
    st.lists(scalar, max_size=4), st.tuples(scalar, scalar),
    st.dictionaries(st.text(max_size=5), scalar, max_size=3),
    st.sampled_from([{"type": "undo"}, {"color": "red", "rank": "7"}, ["Ann", "plays", "r7"], {"type": None}]),
    deep,
)
"""A value of any kind a caller could pass, bounded in size."""


def snapshot(value: Any) -> Any:
    """What a value holds, to tell after a call that the call did not change it (lists, dicts, bytearrays)."""
    if isinstance(value, _Deep):
        return id(value[0])
    if isinstance(value, (list, tuple)):
        return (type(value), tuple(snapshot(v) for v in value))
    if isinstance(value, dict):
        return (dict, tuple((k, snapshot(v)) for k, v in value.items()))
    if isinstance(value, (bytearray, set)):
        return (type(value), bytes(value) if isinstance(value, bytearray) else frozenset(value))
    return ("same", id(value))


@contextmanager
def guard(seconds: int = 60) -> Iterator[None]:
    """Stop a try that runs on (a hang): a guard, not a timing; a try takes milliseconds even on a busy machine."""
    def stop(signum: int, frame: object) -> None:
        raise TimeoutError(f"still running after {seconds} s: a hang")

    previous = signal.signal(signal.SIGALRM, stop)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def clear(message: str) -> bool:
    """Whether a refusal is one short line in the game's words."""
    return bool(message) and "\n" not in message and len(message) <= MAX_MESSAGE \
        and not any(words in message for words in PYTHON_WORDS)


def answer(call: Callable[[], Any]) -> Any:
    """What ``call`` gives, or ``None`` when it refuses clearly; anything else (another error, a hang, a refusal
    in Python's words) fails the test."""
    with guard():
        try:
            return call()
        except NomercyError as refusal:
            message = str(refusal)
            assert clear(message), message
            return None
