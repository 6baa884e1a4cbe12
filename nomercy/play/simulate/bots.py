"""Who sits where in the simulation lab: a player kind with its options, one per seat, and the seeds of a game.

Game ``i`` of a run seeded ``seed`` uses the seed :func:`game_seed` derives from ``(seed, i)``, and its
players the seeds :func:`player_seed` derives from the game's seed and their seat, so a game is the same
whichever worker plays it.
"""

from __future__ import annotations

import re

from dataclasses import dataclass
from typing import Any, Sequence

from nomercy.core.errors import PlayerError, RulesError, brief
from nomercy.core.i18n import N_
from nomercy.core.inputs import MAX_SEED, items, whole_number
from nomercy.core.rules import OPTIONS
from nomercy.core.seeds import check_seed, derive_seed
from nomercy.play.players import PLAYER_KINDS, PLAYER_OPTIONS, Player, check_player_options, make_player

__all__ = ["BotSpec", "parse_bots", "game_seed", "player_seed", "seating"]


_NOT_OPTIONS = N_("a computer player's options are pairs of a name and its value, like (('iterations', 40),); "
                  "not {value}")


@dataclass(frozen=True)
class BotSpec:
    """A player kind and its options, as written ``kind`` or ``kind:key=value:key=value``.

    >>> BotSpec.parse("expert:iterations=40:max_time=none")
    BotSpec(kind='expert', options=(('iterations', 40), ('max_time', None)))
    >>> str(BotSpec.parse("greedy"))
    'greedy'
    """

    kind: str
    options: tuple[tuple[str, Any], ...] = ()

    def __post_init__(self) -> None:
        """A spec built by hand is checked as one read from text is: a kind of player, and options it takes."""
        if not isinstance(self.kind, str) or self.kind not in PLAYER_KINDS:
            raise PlayerError(f"unknown player kind {brief(self.kind)}: choose one of {', '.join(PLAYER_KINDS)}")
        options = items(self.options, "the list of a computer player's options", most=max(len(PLAYER_OPTIONS[self.kind]), 1),
                        error=PlayerError)
        if not all(isinstance(pair, tuple) and len(pair) == 2 and isinstance(pair[0], str) for pair in options):
            raise PlayerError(_NOT_OPTIONS.format(value=brief(self.options)))
        check_player_options(self.kind, dict(options))
        object.__setattr__(self, "options", options)  # a list of pairs is kept as the tuple a spec holds

    @classmethod
    def parse(cls, text: str) -> "BotSpec":
        if not isinstance(text, str):
            raise PlayerError(f"a player is written as text, like greedy or expert:iterations=40, not {brief(text)}")
        parts = [p.strip() for p in text.split(":")]
        kind = parts[0].lower()
        if kind not in PLAYER_KINDS:
            raise PlayerError(f"unknown player kind {brief(parts[0])}: choose one of {', '.join(PLAYER_KINDS)}")
        options: list[tuple[str, Any]] = []
        for part in parts[1:]:
            key, sep, value = part.partition("=")
            if not sep or not key.strip():
                raise PlayerError(f"cannot read player option {brief(part)} in {brief(text)}: write key=value")
            name = key.strip().replace("-", "_")
            if any(name == seen for seen, _ in options):
                raise PlayerError(f"{brief(text)} gives the option {brief(name)} twice: give each option once")
            options.append((name, _option_value(value.strip())))
        return cls(kind, tuple(options))

    def make(self, seed: int) -> Player:
        options = dict(self.options)
        if self.kind == "expert":
            # a wall-clock limit would make results depend on the machine: off unless asked for
            options.setdefault("max_time", None)
        return make_player(self.kind, seed=seed, **options)

    def __str__(self) -> str:
        return ":".join([self.kind] + [f"{k}={'none' if v is None else v}" for k, v in self.options])


_WHOLE = re.compile(r"[+-]?[0-9]{1,4000}")  # int() refuses more than 4,300 digits
_DECIMAL = re.compile(r"[+-]?([0-9]{1,18}\.[0-9]{0,18}|\.[0-9]{1,18})")


def _option_value(text: str) -> Any:
    """An option's value as written: a whole or decimal number in the digits 0 to 9 (never ``５``, ``²``, ``nan``,
    ``1e999`` or ``1_000``, which Python's ``int`` and ``float`` would take), ``none``, or else the text itself,
    which the option then refuses in its own words."""
    if text.lower() in ("none", "off", "null"):
        return None
    if _WHOLE.fullmatch(text):
        return int(text)
    if _DECIMAL.fullmatch(text):
        return float(text)
    return text


def parse_bots(bots: str | Sequence[str | BotSpec], players: int) -> tuple[BotSpec, ...]:
    """One :class:`BotSpec` per seat: one kind for every seat, or one per seat.

    >>> [str(b) for b in parse_bots("random", 3)]
    ['random', 'random', 'random']
    >>> [str(b) for b in parse_bots("expert,random", 2)]
    ['expert', 'random']
    """
    from nomercy.core.inputs import items as read_items

    items = [b.strip() for b in bots.split(",")] if isinstance(bots, str) else \
        list(read_items(bots, "the players (a kind, or one a seat)", least=1, most=OPTIONS["players"].most,
                        error=PlayerError))  # as many as any rules seat; the count is checked against the seats below
    specs = tuple(b if isinstance(b, BotSpec) else BotSpec.parse(b) for b in items)
    if len(specs) == 1:
        return specs * players
    if len(specs) != players:
        raise PlayerError(f"{len(specs)} players named for {players} seats: name one kind for all or one per seat")
    return specs


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` in a run seeded ``seed`` (independent of how the run is split).

    >>> game_seed(1, 0) == game_seed(1, 0) != game_seed(1, 1)
    True
    """
    check_seed(seed)
    whole_number(index, "a game's number", 0, MAX_SEED, error=RulesError)
    return derive_seed(seed, "simulation", index)



def player_seed(seed: int, seat: int) -> int:
    """The seed of the player in ``seat`` in the game seeded ``seed``."""
    return derive_seed(seed, "simulation", 1_000_000 + seat)


def seating(specs: tuple[BotSpec, ...], index: int, rotate: bool) -> tuple[BotSpec, ...]:
    """The players of game ``index``: ``specs``, turned one place per game when ``rotate``."""
    if not rotate:
        return specs
    shift = index % len(specs)
    return specs[shift:] + specs[:shift]
