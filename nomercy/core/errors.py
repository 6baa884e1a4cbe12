"""The few error types the package raises, all of them ``ValueError`` subclasses.

A learner (or a program) can catch :class:`NomercyError` for everything, or a
precise subclass when it wants to tell bad notation from an illegal move.
"""

from __future__ import annotations

import enum
import math
from typing import Any

__all__ = [
    "NomercyError",
    "NotationError",
    "RulesError",
    "IllegalMoveError",
    "PuzzleError",
    "PlayerError",
    "brief",
    "quote",
    "MAX_QUOTE",
]


class NomercyError(ValueError):
    """Base class of every error this package raises on purpose."""


class NotationError(NomercyError):
    """A card, color, seat or move written in a way the notation does not know."""


class RulesError(NomercyError):
    """An unknown rule profile or option, or an option value it cannot take."""


class IllegalMoveError(NomercyError):
    """A move the rules forbid in this position; the message says why.

    The position is never changed by a refused move.
    """

    def __init__(self, message: str, *, move: object = None) -> None:
        super().__init__(message)
        self.move = move


class PuzzleError(NomercyError):
    """A puzzle file that is not a valid puzzle (bad YAML, unknown key, too many copies...)."""


class PlayerError(NomercyError):
    """An unknown kind of computer player, or an option that kind does not take."""


def brief(value: object, limit: int = 60) -> str:
    """A refused value named in a message, short and in the game's words (:func:`quote`).

    >>> brief("red 7"), brief(None), brief([[1, 2]] * 40)
    ("'red 7'", 'nothing', 'a list of 40 items: a list of 2 items: 1, 2, a list of 2 items: 1, 2, ...')
    """
    return quote(value, limit)


MAX_QUOTE = 60
"""The most characters a message quotes of a refused value."""


def quote(value: object, limit: int = MAX_QUOTE) -> str:
    """A refused value named in a message: one short line a card player reads, never a Python repr.

    Text is quoted and cut short, and a character that cannot be shown (a control character, a lone
    surrogate from bytes that were not UTF-8) becomes ``?``; ``True``/``False`` are yes/no, ``None`` is
    nothing, a number too long to read is its number of digits, a list or a mapping says what it holds.

    >>> quote("red 7"), quote(3.7), quote(10**300), quote(b"r7"), quote([["r7"]] * 40)
    ("'red 7'", '3.7', 'a number of 301 digits', "the bytes 'r7'", "a list of 40 items: a list of 1 item: 'r7', ...")
    """
    return _named(value, limit, 2)


def _named(value: object, limit: int, depth: int) -> str:
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, enum.Enum):
        return _text(str(value.value), limit)
    if isinstance(value, int):
        if value.bit_length() > 64:
            digits = len(str(abs(value))) if value.bit_length() < 4000 else round(abs(value).bit_length() * 0.30103)
            return f"a number of {'about ' if value.bit_length() >= 4000 else ''}{digits} digits"
        return str(value)
    if isinstance(value, float):
        if math.isnan(value):
            return "NaN (no number at all)"  # never "not a number": a refusal says "..., not <value>"
        if math.isinf(value):
            return "infinity" if value > 0 else "minus infinity"
        return _cut(repr(value), limit)
    if isinstance(value, str):
        return _text(value, limit)
    if isinstance(value, (bytes, bytearray)):
        return f"the bytes {_text(bytes(value[:limit * 4]).decode('utf-8', 'replace'), limit)}"
    if isinstance(value, (list, tuple, set, frozenset, dict)):
        return _container(value, limit, depth)
    kind = type(value).__str__ is not object.__str__ and type(value).__module__.startswith("nomercy")
    if kind:  # a card, a move, a rule set of ours: its own printed form
        try:
            return _text(str(value), limit)
        except Exception:  # a value whose printed form fails is still named
            pass
    if type(value).__module__ == "builtins":  # Python's own kinds have Python's names (builtin_function_or_method)
        return "a class" if isinstance(value, type) else "a function" if callable(value) else "a value of another kind"
    return f"a value of another kind ({type(value).__name__})"  # a caller's own kind, named as the caller named it


def _container(value: Any, limit: int, depth: int) -> str:
    size = len(value)
    mapping = isinstance(value, dict)
    kind = "mapping" if mapping else "list" if isinstance(value, (list, tuple)) else "set"
    unit = ("entry" if size == 1 else "entries") if mapping else ("item" if size == 1 else "items")
    head = f"a {kind} of {size} {unit}"
    if not size or depth <= 0:
        return head
    parts: list[str] = []
    used = len(head)
    items = iter(value.items()) if mapping else iter(value)
    for item in items:
        if used > limit:
            parts.append("...")
            break
        if mapping:
            key, child = item
            part = f"{_named(key, limit // 2, 0)}: {_named(child, limit // 2, depth - 1)}"
        else:
            part = _named(item, limit // 2, depth - 1)
        parts.append(part)
        used += len(part) + 2
    return f"{head}: {', '.join(parts)}"


def _text(text: str, limit: int) -> str:
    shown = "".join(ch if ch.isprintable() else "?" for ch in text[:limit + 1])
    return f"'{_cut(shown, limit)}'"


def _cut(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[:limit] + "..."


