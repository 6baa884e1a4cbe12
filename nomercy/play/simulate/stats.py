"""The lab's statistics: a win rate's interval, a quantile of game lengths, and two runs compared game by game.

These read what a run counted or kept (its tallies, its records, or the lines ``nomercy simulate --records``
writes) and need no player. :func:`wilson_interval` is the one interval of a win rate in nomercy: the
run's figures and the benchmarks both use it.

>>> [round(x, 3) for x in wilson_interval(13, 20)]
[0.433, 0.819]
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass
from typing import Any, Iterable, Mapping

from nomercy.core import inputs
from nomercy.core.errors import NomercyError, quote
from nomercy.play.simulate.tally import GameSummary

__all__ = ["wilson_interval", "quantile", "PairedComparison", "compare_runs"]


def wilson_interval(wins: int, trials: int, z: float = 1.959964) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate.

    >>> [round(x, 3) for x in wilson_interval(1300, 2000)]
    [0.629, 0.671]
    """
    if trials == 0:
        return (0.0, 1.0)
    p = wins / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def quantile(histogram: Counter[int], q: float) -> float:
    """Nearest-rank quantile of a histogram of whole numbers (the median averages the two middle values).

    >>> quantile(Counter({10: 5, 20: 3, 30: 2}), 0.5), quantile(Counter({10: 5, 20: 3, 30: 2}), 0.9)
    (15.0, 30.0)
    """
    total = sum(histogram.values())
    if total == 0:
        return 0.0
    values = sorted(histogram)
    if q == 0.5:
        low = _rank_value(histogram, values, (total + 1) // 2)
        high = _rank_value(histogram, values, total // 2 + 1)
        return (low + high) / 2
    return float(_rank_value(histogram, values, max(1, math.ceil(q * total))))


def _rank_value(histogram: Counter[int], values: list[int], rank: int) -> int:
    seen = 0
    for value in values:
        seen += histogram[value]
        if seen >= rank:
            return value
    return values[-1]


@dataclass(frozen=True)
class PairedComparison:
    """How one bot did in two runs over the same games (:func:`compare_runs`), game by game.

    Two runs of the same seed play the same deals, so most games go the same way in
    both; only the games the bot won in one run and lost in the other say which
    setting is better. ``z`` is the sign test over those games: the number won only
    in the second run less the number won only in the first, over the square root of
    their sum. Chance alone makes it 2 or more in size about one time in twenty.
    """

    bot: str
    games: int
    first_wins: int
    second_wins: int
    only_first: int
    only_second: int

    @property
    def z(self) -> float:
        changed = self.only_first + self.only_second
        return (self.only_second - self.only_first) / math.sqrt(changed) if changed else 0.0

    def __str__(self) -> str:
        games = self.games or 1
        return (f"{self.bot} over the same {self.games} games: won {self.first_wins} ({self.first_wins / games:.1%}) "
                f"in the first run, {self.second_wins} ({self.second_wins / games:.1%}) in the second; "
                f"won only in the second {self.only_second}, only in the first {self.only_first}, z = {self.z:.2f}")


def compare_runs(first: Iterable[GameSummary | Mapping[str, Any]], second: Iterable[GameSummary | Mapping[str, Any]],
                 bot: str) -> PairedComparison:
    """Compare how ``bot`` (a kind, such as ``expert``: records name each seat's bot by its kind) did in two runs
    over the same games.

    The runs are records as :func:`simulate` keeps them (``keep_records=True``) or as
    ``nomercy simulate --records`` writes them, one mapping a game. Games are matched
    by number; only games in both runs count, and a game whose seed differs between
    the runs is refused (the runs did not play the same deals).
    """

    def won(records: Iterable[GameSummary | Mapping[str, Any]]) -> dict[int, tuple[int, bool]]:
        games: dict[int, tuple[int, bool]] = {}
        for record in inputs.items(records, "the records of a run", most=10_000_000):
            inputs.one_of_kind(record, (GameSummary, Mapping), "game records, as simulate keeps them or nomercy "
                               "simulate --records writes them")
            data = record if isinstance(record, Mapping) else record.as_dict()
            try:
                index, seed, bots, winner = data["index"], data["seed"], data["bots"], data["winner"]
            except KeyError as missing:
                raise NomercyError(f"a game record without its {missing.args[0]}: records as nomercy simulate "
                                   "--records writes them hold index, seed, bots and winner") from None
            if bot not in bots:
                raise NomercyError(f"game {quote(index)} has no {_kind(bot)} player (its seats: "
                                   f"{', '.join(map(_kind, bots))})")
            games[index] = (seed, bots[winner] == bot)
        return games

    inputs.text(bot, "the player kind compared", like="expert")
    a, b = won(first), won(second)
    shared = sorted(a.keys() & b.keys())
    for index in shared:
        if a[index][0] != b[index][0]:
            raise NomercyError(f"game {index} has seed {a[index][0]} in the first run and {b[index][0]} in the second: "
                               "the runs did not play the same games (use the same --seed)")
    return PairedComparison(
        bot=bot,
        games=len(shared),
        first_wins=sum(a[i][1] for i in shared),
        second_wins=sum(b[i][1] for i in shared),
        only_first=sum(a[i][1] and not b[i][1] for i in shared),
        only_second=sum(b[i][1] and not a[i][1] for i in shared),
    )


def _kind(name: Any) -> str:
    """A player kind named in a refusal: as it is when it is one of ours (``expert``), else quoted."""
    from nomercy.play.players import PLAYER_KINDS

    return name if isinstance(name, str) and name in PLAYER_KINDS else quote(name)
