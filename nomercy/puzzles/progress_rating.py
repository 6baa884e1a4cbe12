"""A learner's puzzle rating, in the manner of Lichess puzzles: Glicko-2, each attempt a game against the puzzle.

The learner starts at 1500 ± 350; a puzzle's rating comes from its level (:data:`LEVEL_RATINGS`), and a stage
of the learning path (topic :data:`LEARN_TOPIC`) is a lesson, not a game, so it leaves the rating alone.
Pure functions over values.

>>> from datetime import datetime, timezone
>>> from nomercy.puzzles.progress_text import Attempt
>>> when = datetime(2026, 12, 1, 9, 0, tzinfo=timezone.utc)
>>> str(rate([Attempt("s1", True, 0, 3.0, when, level="hard")]))
'1876 ± 572'
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Iterable, Sequence

from nomercy.puzzles.progress_text import Attempt

__all__ = ["Rating", "glicko2", "step", "rate", "LEVEL_RATINGS", "PUZZLE_DEVIATION", "LEARN_TOPIC"]

LEARN_TOPIC = "learn"
"""The topic of a stage of the learning path done (``nomercy.widgets.learn_path``): kept with the puzzles' attempts,
exported and imported with them, and left out of the puzzle rating (a stage is a lesson, not a puzzle)."""

LEVEL_RATINGS: dict[str, float] = {"easy": 1200.0, "medium": 1500.0, "hard": 1800.0}
"""A puzzle's rating, from its level (a puzzle without a level counts as medium)."""
PUZZLE_DEVIATION = 100.0
"""How sure those ratings are (Glicko's rating deviation), the same for every puzzle."""

_SCALE = 173.7178
_TAU = 0.5  # how fast the volatility may change (Glickman suggests 0.3 to 1.2)


@dataclass(frozen=True)
class Rating:
    """A Glicko-2 rating: the value, its deviation (how unsure it is) and its volatility."""

    rating: float = 1500.0
    deviation: float = 350.0
    volatility: float = 0.06

    def __str__(self) -> str:
        return f"{round(self.rating)} ± {round(2 * self.deviation)}"


def glicko2(player: Rating, games: Sequence[tuple[float, float, float]], *, tau: float = _TAU) -> Rating:
    """The player's rating after one rating period of ``games`` (opponent rating, its deviation, score 1/0).

    Glickman's worked example ("Example of the Glicko-2 system"), which rounds its steps to four places
    and gets 1464.06, 151.52 and 0.05999:

    >>> new = glicko2(Rating(1500, 200, 0.06), [(1400, 30, 1), (1550, 100, 0), (1700, 300, 0)])
    >>> round(new.rating, 2), round(new.deviation, 2), round(new.volatility, 6)
    (1464.05, 151.52, 0.059996)
    """
    mu, phi, sigma = (player.rating - 1500) / _SCALE, player.deviation / _SCALE, player.volatility
    if not games:
        return Rating(player.rating, min(350.0, math.sqrt(phi ** 2 + sigma ** 2) * _SCALE), sigma)

    def g(phi_j: float) -> float:
        return 1 / math.sqrt(1 + 3 * phi_j ** 2 / math.pi ** 2)

    terms = []
    for rating, deviation, score in games:
        mu_j, phi_j = (rating - 1500) / _SCALE, deviation / _SCALE
        expected = 1 / (1 + math.exp(-g(phi_j) * (mu - mu_j)))
        terms.append((g(phi_j), expected, score))
    v = 1 / sum(gj ** 2 * e * (1 - e) for gj, e, _ in terms)
    improvement = sum(gj * (s - e) for gj, e, s in terms)
    delta = v * improvement

    a = math.log(sigma ** 2)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta ** 2 - phi ** 2 - v - ex) / (2 * (phi ** 2 + v + ex) ** 2) - (x - a) / tau ** 2

    low = a
    if delta ** 2 > phi ** 2 + v:
        high = math.log(delta ** 2 - phi ** 2 - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        high = a - k * tau
    f_low, f_high = f(low), f(high)
    for _ in range(100):  # the Illinois method; converges in a handful of steps
        if abs(high - low) <= 1e-6:
            break
        c = low + (low - high) * f_low / (f_high - f_low)
        f_c = f(c)
        if f_c * f_high <= 0:
            low, f_low = high, f_high
        else:
            f_low /= 2
        high, f_high = c, f_c
    new_sigma = math.exp(low / 2)
    phi_star = math.sqrt(phi ** 2 + new_sigma ** 2)
    new_phi = 1 / math.sqrt(1 / phi_star ** 2 + 1 / v)
    new_mu = mu + new_phi ** 2 * improvement
    return Rating(new_mu * _SCALE + 1500, new_phi * _SCALE, new_sigma)


def step(rating: Rating, attempt: Attempt) -> Rating:
    """One attempt as a rating period of one game against the puzzle (a stage of the learning path is none)."""
    if attempt.topic == LEARN_TOPIC:
        return rating
    return glicko2(rating, [(LEVEL_RATINGS.get(attempt.level, 1500.0), PUZZLE_DEVIATION, 1.0 if attempt.right else 0.0)])


def rate(attempts: Iterable[Attempt]) -> Rating:
    """The rating after every attempt, in order, from the starting 1500 ± 350."""
    rating = Rating()
    for a in attempts:
        rating = step(rating, a)
    return rating
