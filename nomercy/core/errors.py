"""The few error types the package raises, all of them ``ValueError`` subclasses.

A learner (or a program) can catch :class:`NomercyError` for everything, or a
precise subclass when it wants to tell bad notation from an illegal move.
"""

from __future__ import annotations

__all__ = [
    "NomercyError",
    "NotationError",
    "RulesError",
    "IllegalMoveError",
    "PuzzleError",
    "PlayerError",
    "brief",
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
    """``repr(value)``, cut short: an error message names the input but stays one short line.

    >>> brief("red 7")
    "'red 7'"
    >>> brief(None), brief(True)
    ('null', 'true')
    >>> brief([[1, 2]] * 40)
    '[[1, 2], [1, 2], [1, 2], [1, 2], [1, 2], [1, 2], [1, 2], [1,... (a list)'
    """
    if value is None or isinstance(value, bool):  # as a file or a page writes them (YAML, JSON), not as Python does
        return "null" if value is None else str(value).lower()
    if isinstance(value, (list, dict, tuple, set)) and len(value) > limit:
        return f"a {type(value).__name__} of {len(value)} items"
    if isinstance(value, int) and value.bit_length() > 200:
        return f"a number of about {round(value.bit_length() * 0.30103)} digits"
    try:
        text = repr(value) if not isinstance(value, (list, dict, tuple, set)) else _bounded_repr(value, limit + 1)
    except Exception:  # a value whose repr fails is still named
        text = f"a value of type {type(value).__name__}"
    text = " ".join(text.split())
    if len(text) > limit:
        kind = f" (a {type(value).__name__})" if not isinstance(value, str) else ""
        return text[:limit] + "..." + kind
    return text


def _bounded_repr(value: object, budget: int) -> str:
    """The start of a container's repr, built without expanding more than ``budget`` characters."""
    parts: list[str] = []
    used = 0

    def walk(item: object) -> None:
        nonlocal used
        if used > budget:
            return
        if isinstance(item, (list, tuple)):
            opener, closer = ("[", "]") if isinstance(item, list) else ("(", ")")
            emit(opener)
            for index, child in enumerate(item):
                if used > budget:
                    return
                if index:
                    emit(", ")
                walk(child)
            emit(closer)
        elif isinstance(item, dict):
            emit("{")
            for index, (key, child) in enumerate(item.items()):
                if used > budget:
                    return
                if index:
                    emit(", ")
                walk(key)
                emit(": ")
                walk(child)
            emit("}")
        else:
            emit(repr(item)[:budget])

    def emit(text: str) -> None:
        nonlocal used
        parts.append(text)
        used += len(text)

    walk(value)
    return "".join(parts)
