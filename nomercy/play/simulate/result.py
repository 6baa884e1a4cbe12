"""A run's result: its figures (tallies, speed, win rates with their intervals), as JSON data and as text.

The text says what each margin is: a win rate's range is its 95% Wilson interval (:func:`wilson_interval`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from nomercy.core.errors import NomercyError
from nomercy.core.rules import RuleSet, ruleset
from nomercy.core.wording import plural
from nomercy.play.players import PLAYER_KINDS
from nomercy.play.simulate.stats import quantile, wilson_interval
from nomercy.play.simulate.tally import GameSummary, Tally

__all__ = ["SimulationResult"]


@dataclass
class SimulationResult:
    """The summary of a run: statistics, speed and, if asked for, the game records."""

    rules: RuleSet
    seats: tuple[str, ...]
    bots: tuple[str, ...]
    seed: int
    rotate: bool
    workers: int
    seconds: float
    tally: Tally
    records: list[GameSummary] | None = None

    def __post_init__(self) -> None:
        """A result is checked however it is made (a run makes one; a caller may make one of figures kept from
        an earlier run, to print or compare them): every field of its kind, one bot per seat, and the tally's
        seats the result's, so that its text and its JSON never stop on a value they cannot read."""
        from nomercy.core import inputs
        from nomercy.core.moves import MAX_PLAYERS

        inputs.one_of_kind(self.rules, RuleSet, "the rules of a result, as a rule set")
        self.seats = inputs.seat_names(inputs.items(self.seats, "the seats of a result", least=2, most=MAX_PLAYERS))
        self.bots = inputs.texts(self.bots, f"the computer players of a result (one for each of its {len(self.seats)} "
                                 "seats)", least=len(self.seats), most=len(self.seats))
        inputs.seed(self.seed)
        if not isinstance(self.rotate, bool):
            raise NomercyError(f"whether a result's seats were rotated is yes or no, not {inputs.quote(self.rotate)}")
        inputs.whole_number(self.workers, "the workers of a result", 1, 4096)
        self.seconds = inputs.number(self.seconds, "the seconds a result took", 0, 10**9)
        inputs.one_of_kind(self.tally, Tally, "the figures of a result, as a tally")
        if self.tally.players != len(self.seats) or len(self.tally.wins_by_seat) != len(self.seats):
            raise NomercyError(f"a result of {len(self.seats)} seats has a tally of {len(self.seats)} seats, "
                               f"not {inputs.quote(self.tally.players)}")
        if self.records is not None:
            self.records = list(inputs.items(self.records, "the records of a result", most=10**9))
            for record in self.records:
                inputs.one_of_kind(record, GameSummary, "the records of a result, each a game's summary")

    @property
    def games(self) -> int:
        return self.tally.games

    @property
    def wins_by_seat(self) -> list[int]:
        return list(self.tally.wins_by_seat)

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds > 0 else float("inf")

    def turn_stats(self) -> dict[str, float]:
        histogram = self.tally.turns
        total = sum(histogram.values())
        mean = sum(v * c for v, c in histogram.items()) / total if total else 0.0
        return {"mean": round(mean, 3), "median": quantile(histogram, 0.5), "p90": quantile(histogram, 0.9)}

    def win_rates(self) -> tuple[dict[str, dict[str, Any]], dict[str, dict[str, Any]]]:
        """Wins by seat and by player kind, each with its rate and 95% interval.

        A kind's rate is per seat it held: wins divided by the seats it filled, so it
        compares directly with ``1 / players``.
        """
        games = self.games
        by_seat = {}
        for seat, name in enumerate(self.seats):
            wins = self.tally.wins_by_seat[seat]
            by_seat[name] = _rate(wins, games)
        by_bot = {}
        for kind in sorted(self.tally.seats_by_bot, key=lambda k: PLAYER_KINDS.index(k) if k in PLAYER_KINDS else 99):
            by_bot[kind] = _rate(self.tally.wins_by_bot[kind], self.tally.seats_by_bot[kind])
        return by_seat, by_bot

    def as_dict(self) -> dict[str, Any]:
        """The summary as JSON-ready data (the object ``nomercy simulate --json`` prints)."""
        tally = self.tally
        games = self.games or 1
        by_seat, by_bot = self.win_rates()
        return {
            "rules": self.rules.name,
            "overrides": {k: _jsonable(v[0]) for k, v in self.rules.differences(_profile_of(self.rules)).items()},
            "players": len(self.seats),
            "bots": list(self.bots),
            "rotate": self.rotate,
            "seed": self.seed,
            "workers": self.workers,
            "games": self.games,
            "seconds": round(self.seconds, 3),
            "games_per_second": round(self.games_per_second, 2),
            "turns": self.turn_stats(),
            "moves_per_game": round(tally.moves / games, 3),
            "endings": dict(sorted(tally.endings.items())),
            "knockouts_per_game": round(sum(k * c for k, c in tally.knockouts.items()) / games, 4),
            "knockouts": {str(k): c for k, c in sorted(tally.knockouts.items())},
            "largest_hand": tally.largest_hand,
            "reshuffles_per_game": round(tally.reshuffles / games, 4),
            "wins": {"by_seat": by_seat, "by_bot": by_bot},
        }

    def __str__(self) -> str:
        data = self.as_dict()
        turns = data["turns"]
        changed = ", ".join(f"{k}={_setting(v)}" for k, v in data["overrides"].items())
        lines = [
            f"{self.games} games of {self.rules.name}{' (' + changed + ')' if changed else ''}, "
            f"{len(self.seats)} players: {', '.join(self.bots)}{' (seats rotated each game)' if self.rotate else ''}; "
            f"seed {self.seed}",
            f"speed: {data['games_per_second']:.1f} games/s ({self.seconds:.1f} s, {plural(self.workers, 'worker')})",
            f"turns per game: mean {turns['mean']:.1f}, median {turns['median']:g}, 90th percentile {turns['p90']:g}"
            f"   (moves per game: {data['moves_per_game']:.1f})",
            "rounds ended by: " + ", ".join(f"{k} {v} ({v / (self.games or 1):.1%})" for k, v in data["endings"].items()),
            f"knockouts per game: {data['knockouts_per_game']:.3f}   largest hand seen: {data['largest_hand']}   "
            f"reshuffles per game: {data['reshuffles_per_game']:.3f}",
            "wins by seat:",
        ]
        if not self.games:  # statistics of nothing read as a 0.0% win rate
            return "\n".join(lines[:1] + ["0 games: nothing to summarize"])
        for name, row in data["wins"]["by_seat"].items():
            lines.append(f"  {name:<6} {row['wins']:>8}  {_percent(row)}")
        lines.append("wins by player (per seat held):")
        for kind, row in data["wins"]["by_bot"].items():
            lines.append(f"  {kind:<6} {row['wins']:>8} of {row['seats']:<8} {_percent(row)}")
        return "\n".join(lines)


def _profile_of(rules: RuleSet) -> RuleSet | None:
    try:
        return ruleset(rules.name)
    except NomercyError:
        return None


def _rate(wins: int, trials: int) -> dict[str, Any]:
    low, high = wilson_interval(wins, trials)
    if not trials:  # no game played: no rate at all (0.0 read as "never wins")
        return {"wins": 0, "seats": 0, "rate": None, "ci95": None}
    return {"wins": wins, "seats": trials, "rate": round(wins / trials, 4), "ci95": [round(low, 4), round(high, 4)]}


def _percent(row: Mapping[str, Any]) -> str:
    low, high = row["ci95"]
    return f"{row['rate']:6.1%}  (95% interval {low:.1%} to {high:.1%})"


def _jsonable(value: Any) -> Any:
    return list(value) if isinstance(value, tuple) else value


def _setting(value: object) -> str:
    """A rule option's value as ``--set`` takes it (``none``, ``on``, ``off``, ``2-6``), never a Python repr."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "on" if value else "off"
    if isinstance(value, (tuple, list)) and len(value) == 2:
        return f"{value[0]}-{value[1]}"
    return str(value)
