"""Who plays at a table, by which rules, from which seed: a frozen :class:`TableSetup`, built once.

The setup is checked whole when the table opens (how many seats, of which kinds, rules a record of the table's
games can hold) and never changes after: a record loaded at the table is adopted as a new setup
(:meth:`TableSetup.adopting`), not written into the old one field by field.

>>> setup = TableSetup.checked("no-mercy", ["human", "greedy"], seed=3)
>>> setup.seats, setup.kinds, setup.humans
(('Player', 'Greedy'), ('human', 'greedy'), (0,))
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from nomercy.core import inputs
from nomercy.core.errors import NomercyError
from nomercy.core.rules import OPTIONS, RuleSet, ruleset
from nomercy.core.seeds import derive_seed
from nomercy.play.game import GameRecord
from nomercy.play.players import PLAYER_KINDS, Player, make_player
from nomercy.play.record import check_table
from nomercy.play.table_text import HUMAN, kinds_from_names, seat_plan

__all__ = ["MAX_PACE", "MAX_ROUND", "TableSetup", "check_pace", "checked_players"]

MAX_PACE = 10.0
"""Seconds, at most, between computer moves (the widget's slider goes to 3)."""
MAX_ROUND = 1_000_000
"""The highest round number a table opens on (a number a page kept; anything above is not one of ours)."""


def check_pace(pace: Any) -> float:
    """The pace asked for, as seconds from 0 to :data:`MAX_PACE` (0 plays the computers at once)."""
    return inputs.seconds(pace, "pace", MAX_PACE)


def checked_players(players: Any, rules: RuleSet) -> Any:
    """``players`` as :func:`~nomercy.play.table_text.seat_plan` reads them, checked first: how many, before any
    seat is made (100,000 seats are refused at once, not built), then each kind and each name."""
    low, high = rules.players
    kinds = (HUMAN, *PLAYER_KINDS)
    if isinstance(players, bool) or not isinstance(players, (int, Sequence, Mapping)) \
            or isinstance(players, (str, bytes, bytearray)):
        raise NomercyError("players is a number of seats, a list of seat kinds or a mapping of seat names to kinds; "
                           f"not {inputs.quote(players)}")
    size = players if isinstance(players, int) else len(players)
    if not low <= size <= high:
        raise NomercyError(f"{rules.name} is for {low} to {high} players, not {inputs.quote(size)}")
    if isinstance(players, int):
        return players
    if isinstance(players, Mapping):
        names = inputs.seat_names(list(players))
        return dict(zip(names, (inputs.choice(kind, "a seat kind", kinds) for kind in players.values())))
    return [inputs.choice(kind, "a seat kind", kinds) for kind in players]


@dataclass(frozen=True)
class TableSetup:
    """The rules, the seats and their kinds, the table's first seed, match play and whether undo is allowed."""

    rules: RuleSet
    seats: tuple[str, ...]
    kinds: tuple[str, ...]
    first_seed: int
    is_match: bool = False
    undo_allowed: bool = True

    @classmethod
    def checked(cls, rules: str | RuleSet, players: Any, *, seed: int, match: bool = False, undo: bool | None = None,
                **overrides: Any) -> "TableSetup":
        """A setup from what a notebook passes, each part checked before anything is built (``seed`` and the
        switches are checked by the caller); undo is off in match play unless ``undo=True``."""
        full = ruleset(rules, **overrides)  # a RuleSet of your own plays as it is
        seats, kinds = seat_plan(checked_players(players, full))
        low, high = full.players
        if not low <= len(seats) <= high:
            raise NomercyError(f"{full.name} is for {low} to {high} players, not {len(seats)}")
        check_table(full, seats, seed)  # what a record of its games could not hold: refused now
        return cls(full, seats, kinds, seed, match, (not match) if undo is None else undo)

    @property
    def humans(self) -> tuple[int, ...]:
        """The seats people play (by number)."""
        return tuple(i for i, k in enumerate(self.kinds) if k == HUMAN)

    def computers(self, seed: int) -> dict[int, Player]:
        """The computer players of a match dealt from ``seed``, by seat."""
        return {i: make_player(k, seed=derive_seed(seed, "player", i))
                for i, k in enumerate(self.kinds) if k != HUMAN}

    def adopting(self, record: GameRecord) -> "TableSetup":
        """The setup of a table that takes a record (checked whole already): its rules, seats and seed; a seat
        whose name the table knows keeps its kind, and a record's round is not a match."""
        kinds = kinds_from_names(record.seats, dict(zip(self.seats, self.kinds)))
        return TableSetup(record.rules, tuple(record.seats), kinds, record.seed, False, self.undo_allowed)


_DEALT = ("rules", "players", "seed", "daily", "round_number")
"""What a table opened another way (the deal of the day, a record) takes from there, never from its caller."""


def settings_only(options: Mapping[str, Any], what: str) -> None:
    """Refuse an option that would change a round dealt elsewhere (its rules, seats, seed, day or a rule option),
    before Python's own "multiple values" error or a silent change of the deal: ``what`` says where it comes from."""
    for name in options:
        if name in _DEALT or name in OPTIONS:
            raise NomercyError(f"{what}: leave out {inputs.quote(name)}")
