"""Rules as data: one frozen :class:`RuleSet` and the named profiles of the rulebook (``docs/rulebook.md``).

Engine code asks ``rules.stacking``; it never asks which profile it is playing.

>>> rules = ruleset("no-mercy")
>>> rules.stacking, rules.mercy_limit
('official', 25)
>>> ruleset("no-mercy", stacking="anything-goes").stacking
'anything-goes'
>>> ruleset("no-mercy", stacking="sideways")
Traceback (most recent call last):
...
nomercy.core.errors.RulesError: stacking cannot be 'sideways': choose one of official, wilds-on-anything, anything-goes, none
>>> ruleset("nomercy")
Traceback (most recent call last):
...
nomercy.core.errors.RulesError: unknown rule profile 'nomercy': choose one of no-mercy, classic, open-mercy, speltavlan
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from nomercy.core.decks import DECKS
from nomercy.core.errors import RulesError, brief

__all__ = ["RuleSet", "OPTIONS", "PROFILES", "ruleset", "profile_names", "OptionInfo", "parse_settings"]


@dataclass(frozen=True, kw_only=True)
class RuleSet:
    """Every rule option of the rulebook; the defaults are the printed No Mercy manual."""

    name: str = "no-mercy"
    deck: str = "no-mercy"
    players: tuple[int, int] = (2, 6)
    hand_size: int = 7
    first_card: str = "number"
    voluntary_draw: bool = False
    draw: str = "until-playable"
    stacking: str = "official"
    seven_swap: str = "required"
    zero_pass: bool = True
    mercy_limit: int | None = 25
    two_player_reverse_draw: str = "self"
    discard_all_top: str = "discard-all"
    uno_penalty: int = 2
    last_card_draws: bool = False
    jump_in: bool = False
    no_bluff: bool = False
    score_target: int = 1000
    knockout_bonus: int = 250
    house: tuple[tuple[str, Any], ...] = ()
    """House options (see :func:`nomercy.core.house.register_option`) set away from their defaults, by name."""

    def __repr__(self) -> str:
        shown = [f"{f.name}={getattr(self, f.name)!r}" for f in dataclasses.fields(self) if f.name != "house" or self.house]
        return f"RuleSet({', '.join(shown)})"

    def option(self, name: str) -> Any:
        """The value of an option by name: a field, or a house option (its default unless set).

        >>> ruleset("classic").option("stacking")
        'none'
        """
        for key, value in self.house:
            if key == name:
                return value
        if name in HOUSE_DEFAULTS:
            return HOUSE_DEFAULTS[name]
        if name in OPTIONS:
            return getattr(self, name)
        raise RulesError(f"unknown rule option {brief(name)}: the options are {', '.join(OPTIONS)}")

    def replace(self, **overrides: Any) -> "RuleSet":
        """A copy with some options changed, by option name; values are checked."""
        return _with_overrides(self, overrides)

    def differences(self, other: "RuleSet | None" = None) -> dict[str, tuple[Any, Any]]:
        """Options whose values differ from ``other`` (default: the printed No Mercy rules)."""
        other = other if other is not None else PROFILES["no-mercy"]
        diff = {}
        for field in dataclasses.fields(self):
            if field.name == "name" or field.name == "house":
                continue
            mine, theirs = getattr(self, field.name), getattr(other, field.name)
            if mine != theirs:
                diff[field.name] = (mine, theirs)
        for name in sorted({key for key, _ in self.house + other.house}):
            mine, theirs = self.option(name), other.option(name)
            if mine != theirs:
                diff[name] = (mine, theirs)
        return diff

    def as_dict(self) -> dict[str, Any]:
        """Every option by name (house options set away from their defaults included)."""
        data = {f.name: getattr(self, f.name) for f in dataclasses.fields(self) if f.name != "house"}
        data.update(self.house)
        return data


@dataclass(frozen=True)
class OptionInfo:
    """What an option means, which ruling it belongs to and the values it takes."""

    ruling: str
    meaning: str
    choices: tuple[str, ...] = ()
    kind: str = "choice"  # choice, bool, int, optional-int, range


OPTIONS: dict[str, OptionInfo] = {
    "deck": OptionInfo("deck", "which deck listing is shuffled", tuple(DECKS)),
    "players": OptionInfo("deal", "smallest and largest number of players, like 2-6", kind="range"),
    "hand_size": OptionInfo("deal", "cards dealt to each player", kind="int"),
    "first_card": OptionInfo(
        "first-card", "number: flip until a number shows; apply: the first card's effect hits the first player",
        ("number", "apply"),
    ),
    "voluntary_draw": OptionInfo("matching", "may a player draw while holding a playable card", kind="bool"),
    "draw": OptionInfo(
        "draw-until-playable", "until-playable: draw until a card fits and play it; one: draw one card",
        ("until-playable", "one"),
    ),
    "stacking": OptionInfo(
        "stacking", "which draw cards may answer a pending draw",
        ("official", "wilds-on-anything", "anything-goes", "none"),
    ),
    "seven_swap": OptionInfo("seven", "what a 7 does with hands", ("required", "optional", "off")),
    "zero_pass": OptionInfo("zero", "does a 0 pass every hand along", kind="bool"),
    "mercy_limit": OptionInfo("mercy", "hand size that knocks a player out, or none", kind="optional-int"),
    "two_player_reverse_draw": OptionInfo(
        "wild-reverse-four-two-players", "who takes a wild reverse +4 with two players left", ("self", "opponent"),
    ),
    "discard_all_top": OptionInfo(
        "discard-all", "which card lies on top after a discard-all", ("discard-all", "choose"),
    ),
    "uno_penalty": OptionInfo("uno", "cards drawn when caught without calling UNO", kind="int"),
    "last_card_draws": OptionInfo("winning", "does a last draw card still make the next player draw", kind="bool"),
    "jump_in": OptionInfo("jump-in", "may a player play an identical card out of turn", kind="bool"),
    "no_bluff": OptionInfo(
        "wild-four-restriction", "classic wild +4 may always be played, and cannot be challenged", kind="bool",
    ),
    "score_target": OptionInfo("scoring", "points that win a match", kind="int"),
    "knockout_bonus": OptionInfo("scoring", "points the round winner gets per knocked-out player", kind="int"),
}

_BOOL_WORDS = {"true": True, "on": True, "yes": True, "1": True, "false": False, "off": False, "no": False, "0": False}


def _coerce(option: str, value: Any) -> Any:
    """Turn a value from Python, YAML or the command line into the option's type."""
    info = OPTIONS[option]
    if info.kind == "bool":
        if isinstance(value, bool):
            return value
        if isinstance(value, str) and value.strip().lower() in _BOOL_WORDS:
            return _BOOL_WORDS[value.strip().lower()]
        raise RulesError(f"{option} is true or false (on/off), not {brief(value)}")
    if info.kind == "int":
        number = _as_int(value)
        if number is None or number < 0:
            raise RulesError(f"{option} is a whole number of 0 or more, not {brief(value)}")
        if option == "hand_size" and number < 1:
            raise RulesError(f"hand_size must be at least 1, not {brief(value)}")
        return number
    if info.kind == "optional-int":
        if value is None or value is False or (isinstance(value, str) and value.strip().lower() in ("none", "off", "null")):
            return None
        number = _as_int(value)
        if number is None or number < 2:
            raise RulesError(f"{option} is a number of cards of 2 or more, or none; not {brief(value)}")
        return number
    if info.kind == "range":
        low_high = _as_range(value)
        if low_high is None:
            raise RulesError(f"{option} is a range like 2-6, not {brief(value)}")
        return low_high
    # choice: YAML reads a bare off/on as a boolean
    if value is False and "off" in info.choices:
        value = "off"
    if value is True and option == "seven_swap":
        value = "required"
    if not isinstance(value, str) or value.strip().lower() not in info.choices:
        raise RulesError(f"{option} cannot be {brief(value)}: choose one of {', '.join(info.choices)}")
    return value.strip().lower()


def _as_int(value: Any) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, str) and _DIGITS.fullmatch(value.strip()):
        return int(value.strip())
    return None


_DIGITS = re.compile(r"[0-9]{1,30}")
"""A whole number as text (ASCII digits; a longer one is no option value)."""


def _as_range(value: Any) -> tuple[int, int] | None:
    if isinstance(value, str):
        parts = value.replace("..", "-").split("-")
        if len(parts) == 2 and all(_DIGITS.fullmatch(p.strip()) for p in parts):
            value = (int(parts[0]), int(parts[1]))
    if isinstance(value, (list, tuple)) and len(value) == 2 and all(_as_int(v) is not None for v in value):
        low, high = int(value[0]), int(value[1])
        if 2 <= low <= high:
            return (low, high)
    return None


def _with_overrides(base: RuleSet, overrides: Mapping[str, Any]) -> RuleSet:
    changes: dict[str, Any] = {}
    house = dict(base.house)
    for option, value in overrides.items():
        key = option.replace("-", "_") if isinstance(option, str) else option
        if key not in OPTIONS:
            raise RulesError(f"unknown rule option {brief(option)}: the options are {', '.join(OPTIONS)}")
        if key in HOUSE_DEFAULTS:
            house[key] = _coerce(key, value)
            if house[key] == HOUSE_DEFAULTS[key]:
                del house[key]
        else:
            changes[key] = _coerce(key, value)
    if house != dict(base.house):
        changes["house"] = tuple(sorted(house.items()))
    return dataclasses.replace(base, **changes)


HOUSE_DEFAULTS: dict[str, Any] = {}
"""The house options added at run time (:func:`nomercy.core.house.register_option`) and their defaults."""


def add_option(name: str, info: OptionInfo, default: Any) -> None:
    """One more rule option, read with ``rules.option(name)``; the low-level half of ``register_option``."""
    if name in OPTIONS:
        raise RulesError(f"there is already a rule option called {name}")
    if not name.isidentifier():
        raise RulesError(f"a rule option is named like a Python name, such as 'swap_all_skips', not {brief(name)}")
    OPTIONS[name] = info
    try:
        HOUSE_DEFAULTS[name] = _coerce(name, default)
    except RulesError:
        del OPTIONS[name]  # the default is not one of the option's values
        raise


PROFILES: dict[str, RuleSet] = {}
PROFILE_SOURCES = {
    "no-mercy": "the printed No Mercy instruction sheet (read by manual-reading-zh and manual-reading-fr)",
    "classic": "the printed classic UNO sheet (classic-rules)",
    "open-mercy": "No Mercy with the choices of the Open Mercy online game (open-mercy)",
    "speltavlan": "No Mercy as the Swedish guide Speltavlan describes it (swedish-guide)",
}


def _register() -> None:
    no_mercy = RuleSet()
    PROFILES["no-mercy"] = no_mercy
    PROFILES["classic"] = RuleSet(
        name="classic",
        deck="classic",
        players=(2, 10),
        first_card="apply",
        voluntary_draw=True,
        draw="one",
        stacking="none",
        seven_swap="off",
        zero_pass=False,
        mercy_limit=None,
        last_card_draws=True,
        score_target=500,
        knockout_bonus=0,
    )
    PROFILES["open-mercy"] = dataclasses.replace(
        no_mercy,
        name="open-mercy",
        deck="open-mercy",
        players=(2, 20),
        first_card="apply",
        two_player_reverse_draw="opponent",
        seven_swap="optional",
        discard_all_top="choose",
        uno_penalty=10,
    )
    PROFILES["speltavlan"] = dataclasses.replace(
        no_mercy,
        name="speltavlan",
        players=(2, 10),
        first_card="apply",
        draw="one",
        stacking="anything-goes",
        seven_swap="off",
        zero_pass=False,
        last_card_draws=True,
    )


_register()


def profile_names() -> tuple[str, ...]:
    return tuple(PROFILES)


def ruleset(profile: str | RuleSet = "no-mercy", /, **overrides: Any) -> RuleSet:
    """The profile called ``profile``, with options overridden by name."""
    if isinstance(profile, RuleSet):
        base = profile
    else:
        try:
            base = PROFILES[profile]
        except (KeyError, TypeError):
            raise RulesError(
                f"unknown rule profile {brief(profile)}: choose one of {', '.join(PROFILES)}"
            ) from None
    return _with_overrides(base, overrides) if overrides else base


def parse_settings(settings: Sequence[str]) -> dict[str, str]:
    """``["stacking=anything-goes", ...]`` as a mapping; the rules check the names and values."""
    overrides: dict[str, str] = {}
    for item in settings:
        name, sep, value = item.partition("=")
        if not sep or not name.strip():
            raise RulesError(f"--set takes option=value, like stacking=anything-goes, not {item!r}")
        overrides[name.strip()] = value.strip()
    return overrides
