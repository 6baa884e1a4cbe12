"""An estimate measured by playouts: a mean, its standard error and how many playouts, printed one way.

The expert's search, the coach's hints and reviews and the best-move puzzles all estimate a move's
chance to win the round by playing imagined rounds out. They share this one record, and wherever
nomercy prints an estimate, "±" means **one standard error** and the printed form says so in words:

>>> chance = Estimate.of([1, 0, 1, 1, 0, 1, 0, 1], label="A plays red 5")
>>> print(chance)
A plays red 5: 62% ± 18 (one standard error, 8 playouts)
>>> chance.mean, round(chance.error, 3), chance.playouts
(0.625, 0.183, 8)

One standard error is how far an estimate typically is from the true value (about two times in
three it is closer). A difference counts as clear (:func:`is_clear`) when it is at least
:data:`CLEAR` standard errors, which chance alone gives about one time in twenty.
"""

from __future__ import annotations

from nomercy.core.errors import NomercyError, brief

import math
from dataclasses import dataclass
from typing import Sequence

from nomercy.core.records import check_fields
from nomercy.core.wording import plural

__all__ = ["Estimate", "CLEAR", "is_clear", "points", "shown_percent", "standard_error"]

CLEAR = 2.0
"""A difference is clear when it is at least this many standard errors (chance alone: about 1 time in 20)."""


def standard_error(values: Sequence[float]) -> float:
    """The standard error of the mean of ``values`` (0 with fewer than two)."""
    n = len(values)
    if n < 2:
        return 0.0
    mean = sum(values) / n
    return math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1) / n)


def points(share: float) -> str:
    """A share as percentage points, without a sign: 0.234 -> '23'; below one point, one decimal."""
    value = abs(share) * 100
    return f"{value:.0f}" if value >= 1 or value == 0 else f"{value:.1f}"


def shown_percent(share: float) -> int:
    """A share as the whole percentage an :class:`Estimate` prints (``f"{share:.0%}"``), so sums agree with the page."""
    return int(f"{share:.0%}".rstrip("%"))


def is_clear(difference: float, error: float) -> bool:
    """Is ``difference`` larger than its noise: at least :data:`CLEAR` standard errors (and above 0)?"""
    return difference > 0 and difference >= CLEAR * error


@dataclass(frozen=True)
class Estimate:
    """A chance measured by ``playouts`` playouts: their mean, and its standard error (``error``).

    ``label`` names what was estimated (a move in notation), or is empty. The printed form is
    ``"<label>: 62% ± 18 (one standard error, 8 playouts)"``: "±" is one standard error, always.
    """

    mean: float
    error: float
    playouts: int
    label: str = ""

    def __post_init__(self) -> None:
        """An estimate is a record a person may build (to print a chance kept from elsewhere): its fields are checked."""
        check_fields(self, "an estimate")

    @classmethod
    def of(cls, values: Sequence[float], *, label: str = "") -> "Estimate":
        """The estimate from playout values (each 1 for a win, 0 for a loss, or a share in between)."""
        if isinstance(values, (str, bytes)) or not isinstance(values, (list, tuple)) or not all(
                isinstance(v, (int, float)) and not isinstance(v, bool) and 0 <= v <= 1 for v in values):
            raise NomercyError(f"an estimate is made of playout values from 0 to 1, like [1, 0, 0.5]; not {brief(values)}")
        mean = sum(values) / len(values) if values else 0.0
        return cls(mean, standard_error(values), len(values), label)

    def __str__(self) -> str:
        head = f"{self.label}: " if self.label else ""
        return f"{head}{self.mean:.0%} ± {points(self.error)} (one standard error, {plural(self.playouts, 'playout')})"
