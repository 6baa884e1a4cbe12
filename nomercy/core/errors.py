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
    """A refused value named in a message, short and in the game's words (:func:`nomercy.core.inputs.quote`).

    >>> brief("red 7"), brief(None), brief([[1, 2]] * 40)
    ("'red 7'", 'nothing', 'a list of 40 items: a list of 2 items: 1, 2, a list of 2 items: 1, 2, ...')
    """
    from nomercy.core.inputs import quote

    return quote(value, limit)
