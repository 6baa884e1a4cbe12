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
from nomercy.core.i18n import N_

__all__ = ["RuleSet", "OPTIONS", "option_value", "PROFILES", "ruleset", "check_dealable", "profile_names", "OptionInfo", "parse_settings",
           "ROUND_MOVE_LIMIT"]


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

    def __post_init__(self) -> None:
        """Every option is checked here, however the rule set is made: ``RuleSet(...)``, :func:`ruleset`,
        ``--set`` texts, :meth:`replace` or ``dataclasses.replace``. A value written another way (``"on"``,
        ``"2-6"``, ``" Official"``) is read into the option's own form; anything else is refused with what
        the option allows, so no rule set in play holds a value the engine does not know.

        >>> RuleSet(hand_size=3.7)
        Traceback (most recent call last):
        ...
        nomercy.core.errors.RulesError: hand_size is a whole number from 1 to 1000, not 3.7
        """
        if not isinstance(self.name, str) or not 1 <= len(self.name) <= MAX_NAME or not self.name.isprintable() \
                or self.name.strip() != self.name:
            raise RulesError(f"a rule set's name is 1 to {MAX_NAME} printable characters with no space at either "
                             f"end, like 'our-house', not {brief(self.name)}")
        for option in _FIELD_OPTIONS:
            value = getattr(self, option)
            checked = _coerce(option, value)
            if checked is not value:
                object.__setattr__(self, option, checked)
        object.__setattr__(self, "house", _checked_house(self.house))

    def __repr__(self) -> str:
        shown = [f"{f.name}={getattr(self, f.name)!r}" for f in dataclasses.fields(self) if f.name != "house" or self.house]
        return f"RuleSet({', '.join(shown)})"

    def option(self, name: str) -> Any:
        """The value of an option by name: a field, or a house option (its default unless set).

        >>> ruleset("classic").option("stacking")
        'none'
        """
        if not isinstance(name, str):
            raise RulesError(f"a rule option is named by a word, like 'stacking', not {brief(name)}")
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
        if not isinstance(other, RuleSet):
            raise RulesError(f"rules are compared with another RuleSet, like ruleset('classic'), not {brief(other)}")
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
    """What an option means, which ruling it belongs to and the values it takes.

    A number option (kind ``int``, ``optional-int`` or ``range``) takes whole numbers from
    ``least`` to ``most``: a bound keeps every value within sense (no hand of a billion cards).
    """

    ruling: str
    meaning: str
    choices: tuple[str, ...] = ()
    kind: str = "choice"  # choice, bool, int, optional-int, range
    least: int = 0
    most: int = 1_000_000

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise RulesError(f"an option's kind is one of {', '.join(KINDS)}, not {brief(self.kind)}")
        from nomercy.core import inputs

        inputs.text(self.ruling, "an option's ruling", longest=40, like="stacking", error=RulesError)
        inputs.text(self.meaning, "what an option means", longest=300, like="which draw cards may answer a pending draw",
                    error=RulesError)
        if not isinstance(self.choices, tuple) or len(self.choices) > 100 \
                or not all(isinstance(c, str) and c and len(c) <= 40 and c.isprintable() and " " not in c
                           for c in self.choices):
            raise RulesError(f"an option's choices are a tuple of up to 100 words, like ('official', 'none'); "
                             f"not {brief(self.choices)}")
        if self.kind == "choice" and not self.choices:
            raise RulesError("an option of kind choice lists its choices, like ('on-top', 'below')")
        if not all(isinstance(b, int) and not isinstance(b, bool) for b in (self.least, self.most)) \
                or not 0 <= self.least <= self.most <= MAX_NUMBER:
            raise RulesError(f"an option's numbers run from least to most, within 0 to {MAX_NUMBER:,}")


ROUND_MOVE_LIMIT = 10_000
"""A round that reaches this many moves ends there, the fewest cards winning (ruling ``move-limit``).

Real rounds take a few hundred moves, but nothing else bounds a round: without the mercy rule draws
can grow hands faster than plays empty them (random players under ``mercy_limit: none`` often pass
20,000 moves), and even with it twenty seats of ``open-mercy`` can fall into forced moves that repeat
for ever (docs/simulation.md). So every round of every rule set ends.
"""

KINDS = ("choice", "bool", "int", "optional-int", "range")
"""The kinds of value an option takes."""

MAX_NUMBER = 1_000_000_000
"""The largest number any option may be set to (a score target); the other bounds are smaller."""

MAX_NAME = 60
"""The longest name of a rule set."""


OPTIONS: dict[str, OptionInfo] = {
    "deck": OptionInfo("deck", N_("which deck listing is shuffled"), tuple(DECKS)),
    "players": OptionInfo("deal", N_("smallest and largest number of players, like 2-6"), kind="range", least=2,
                          most=1000),
    "hand_size": OptionInfo("deal", N_("cards dealt to each player"), kind="int", least=1, most=1000),
    "first_card": OptionInfo(
        "first-card",
        N_("number: flip until a number shows; apply: the first card acts at once, card by card as ruling first-card says"),
        ("number", "apply"),
    ),
    "voluntary_draw": OptionInfo("matching", N_("may a player draw while holding a playable card"), kind="bool"),
    "draw": OptionInfo(
        "draw-until-playable", N_("until-playable: draw until a card fits and play it; one: draw one card"),
        ("until-playable", "one"),
    ),
    "stacking": OptionInfo(
        "stacking", N_("which draw cards may answer a pending draw"),
        ("official", "wilds-on-anything", "anything-goes", "none"),
    ),
    "seven_swap": OptionInfo("seven", N_("what a 7 does with hands"), ("required", "optional", "off")),
    "zero_pass": OptionInfo("zero", N_("does a 0 pass every hand along"), kind="bool"),
    "mercy_limit": OptionInfo("mercy", N_("hand size that knocks a player out, or none"), kind="optional-int", least=2,
                              most=10_000),
    "two_player_reverse_draw": OptionInfo(
        "wild-reverse-four-two-players", N_("who takes a wild reverse +4 with two players left"), ("self", "opponent"),
    ),
    "discard_all_top": OptionInfo(
        "discard-all", N_("which card lies on top after a discard-all"), ("discard-all", "choose"),
    ),
    "uno_penalty": OptionInfo("uno", N_("cards drawn when caught without calling UNO"), kind="int", most=1000),
    "last_card_draws": OptionInfo("winning", N_("does a last draw card still make the next player draw"), kind="bool"),
    "jump_in": OptionInfo("jump-in", N_("may a player play an identical card out of turn"), kind="bool"),
    "no_bluff": OptionInfo(
        "wild-four-restriction", N_("classic wild +4 may always be played, and cannot be challenged"), kind="bool",
    ),
    "score_target": OptionInfo("scoring", N_("points that win a match"), kind="int", least=1, most=MAX_NUMBER),
    "knockout_bonus": OptionInfo("scoring", N_("points the round winner gets per knocked-out player"), kind="int"),
}

_BOOL_WORDS = {"true": True, "on": True, "yes": True, "1": True, "false": False, "off": False, "no": False, "0": False}


def option_value(option: str, value: Any) -> Any:
    """The value of the rule option ``option`` in its own form (``"off"`` read as a choice, ``"none"`` as no limit),
    from Python, YAML or the command line; an option or value the rules do not know is refused (:class:`RulesError`)."""
    if not isinstance(option, str) or option not in OPTIONS:
        raise RulesError(f"there is no rule option {brief(option)}: the options are {', '.join(OPTIONS)}")
    return _coerce(option, value)


def _coerce(option: str, value: Any) -> Any:
    """The option's value in its own form, from Python, YAML or the command line; anything else is refused."""
    info = OPTIONS[option]
    if info.kind == "bool":
        if isinstance(value, bool):
            return value
        if isinstance(value, str) and value.strip().lower() in _BOOL_WORDS:
            return _BOOL_WORDS[value.strip().lower()]
        raise RulesError(f"{option} is true or false (on/off), not {brief(value)}")
    if info.kind in ("int", "optional-int"):
        if info.kind == "optional-int" and (
                value is None or value is False or (isinstance(value, str) and value.strip().lower() in _NONE_WORDS)):
            return None
        number = _as_int(value)
        if number is None or not info.least <= number <= info.most:
            what = "a number of cards" if info.kind == "optional-int" else "a whole number"
            none = ", or none" if info.kind == "optional-int" else ""
            raise RulesError(f"{option} is {what} from {info.least} to {info.most}{none}, not {brief(value)}")
        return number
    if info.kind == "range":
        low_high = as_range(value)
        if low_high is None or not info.least <= low_high[0] <= low_high[1] <= info.most:
            raise RulesError(f"{option} is a range like 2-6, from {info.least} up to {info.most}, not {brief(value)}")
        return low_high
    # choice: YAML reads a bare off/on as a boolean
    if value is False and "off" in info.choices:
        return "off"
    if value is True and option == "seven_swap":
        return "required"
    if not isinstance(value, str) or value.strip().lower() not in info.choices:
        raise RulesError(f"{option} cannot be {brief(value)}: choose one of {', '.join(info.choices)}")
    text = value.strip().lower()
    return value if text == value else text


_NONE_WORDS = ("none", "off", "null")


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


def as_range(value: Any) -> tuple[int, int] | None:
    """A range of player counts as the ``players`` option takes it (``(2, 6)``, ``"2-6"``, ``"2..6"``), or ``None``
    when ``value`` is not one (the engine asks before it deals, to say what is allowed)."""
    if isinstance(value, str):
        parts = value.replace("..", "-").split("-")
        if len(parts) == 2 and all(_DIGITS.fullmatch(p.strip()) for p in parts):
            value = (int(parts[0]), int(parts[1]))
    if isinstance(value, (list, tuple)) and len(value) == 2:
        low, high = _as_int(value[0]), _as_int(value[1])
        if low is not None and high is not None and 2 <= low <= high:
            plain = type(value) is tuple and type(value[0]) is int and type(value[1]) is int
            return value if plain else (low, high)  # type: ignore[return-value]  # a plain pair keeps its identity
    return None


def _checked_house(house: Any) -> tuple[tuple[str, Any], ...]:
    """The house options of a rule set: known names, checked values, those at their defaults left out, sorted."""
    pairs: Any = house.items() if isinstance(house, Mapping) else house
    if not isinstance(pairs, (tuple, list, type({}.items()))):
        raise RulesError(f"house options are (name, value) pairs, not {brief(house)}")
    checked: dict[str, Any] = {}
    pair: Any
    for pair in pairs:
        if not isinstance(pair, (tuple, list)) or len(pair) != 2:
            raise RulesError(f"house options are (name, value) pairs, not {brief(pair)}")
        name, value = pair
        if not isinstance(name, str) or name not in HOUSE_DEFAULTS:
            known = ", ".join(HOUSE_DEFAULTS) or "none registered"
            raise RulesError(f"unknown house option {brief(name)}: the house options are {known}")
        if name in checked:
            raise RulesError(f"the house option {name} is given twice")
        value = _coerce(name, value)
        if value != HOUSE_DEFAULTS[name]:
            checked[name] = value
    result = tuple(sorted(checked.items()))
    return house if result == house else result


def _with_overrides(base: RuleSet, overrides: Mapping[str, Any]) -> RuleSet:
    """``base`` with options changed by name; the values are checked where every rule set is (``__post_init__``)."""
    changes: dict[str, Any] = {}
    house = dict(base.house)
    for option, value in overrides.items():
        key = option.replace("-", "_") if isinstance(option, str) else option
        if key not in OPTIONS:
            raise RulesError(f"unknown rule option {brief(option)}: the options are {', '.join(OPTIONS)}")
        if key in HOUSE_DEFAULTS:
            house[key] = value
        else:
            changes[key] = value
    if house != dict(base.house):
        changes["house"] = tuple(house.items())
    return dataclasses.replace(base, **changes)


HOUSE_DEFAULTS: dict[str, Any] = {}
"""The house options added at run time (:func:`nomercy.core.house.register_option`) and their defaults."""


def add_option(name: str, info: OptionInfo, default: Any) -> None:
    """One more rule option, read with ``rules.option(name)``; the low-level half of ``register_option``."""
    if not isinstance(name, str) or not name.isidentifier() or not name.isascii() or len(name) > 40:
        raise RulesError(f"a rule option is named like a Python name, such as 'swap_all_skips', not {brief(name)}")
    if name in OPTIONS:
        raise RulesError(f"there is already a rule option called {name}")
    if name in _RULESET_NAMES:
        raise RulesError(f"a rule option cannot be called {name}: a rule set already has something by that name")
    if not isinstance(info, OptionInfo):
        raise RulesError(f"a rule option is described by an OptionInfo, not {brief(info)}")
    OPTIONS[name] = info
    try:
        HOUSE_DEFAULTS[name] = _coerce(name, default)
    except RulesError:
        del OPTIONS[name]  # the default is not one of the option's values
        raise


_FIELD_OPTIONS = tuple(f.name for f in dataclasses.fields(RuleSet) if f.name in OPTIONS)
"""The options that are fields of a rule set (house options live in its ``house``)."""

_RULESET_NAMES = frozenset(name for name in dir(RuleSet) if not name.startswith("__")) | {
    f.name for f in dataclasses.fields(RuleSet)}
"""What a rule set already has by name: a house option must not be called like one of them."""

PROFILES: dict[str, RuleSet] = {}
PROFILE_SOURCES = {
    "no-mercy": N_("the printed No Mercy instruction sheet (read by manual-reading-zh and manual-reading-fr)"),
    "classic": N_("the printed classic UNO sheet (classic-rules)"),
    "open-mercy": N_("No Mercy with the choices of the Open Mercy online game (open-mercy)"),
    "speltavlan": N_("No Mercy as the Swedish guide Speltavlan describes it (swedish-guide)"),
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


def check_dealable(rules: RuleSet) -> RuleSet:
    """``rules`` if a round can be dealt under them; else the reason, as :class:`RulesError`.

    The one check of a deal's rules: the deal makes it, and so do :func:`ruleset` when it is given a ``hand_size``
    and a game record when it is read (a record is always dealt). A rule set for a position may keep a mercy limit
    under the hand size, as a lesson's position that starts with small hands does: a position is not dealt.

    >>> check_dealable(ruleset("no-mercy", mercy_limit=5))
    Traceback (most recent call last):
    ...
    nomercy.core.errors.RulesError: mercy_limit 5 is not above hand_size 7: every hand would be dealt at the mercy limit; choose a mercy_limit above hand_size, or none
    """
    if not isinstance(rules, RuleSet):
        raise RulesError(f"the rules of a deal are a rule set, like ruleset('no-mercy'); not {brief(rules)}")
    if rules.mercy_limit is not None and rules.mercy_limit <= rules.hand_size:
        raise RulesError(
            f"mercy_limit {rules.mercy_limit} is not above hand_size {rules.hand_size}: every hand would be "
            "dealt at the mercy limit; choose a mercy_limit above hand_size, or none")
    return rules


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
    if not overrides:
        return base
    made = _with_overrides(base, overrides)
    if any(isinstance(k, str) and k.replace("-", "_") == "hand_size" for k in overrides):
        check_dealable(made)  # a hand size is the deal's: one that cannot be dealt is refused where it is given
    return made


def parse_settings(settings: Sequence[str]) -> dict[str, str]:
    """``["stacking=anything-goes", ...]`` as a mapping; the rules check the names and values."""
    overrides: dict[str, str] = {}
    if isinstance(settings, str) or not isinstance(settings, (list, tuple)):
        raise RulesError(f"settings are a list of option=value texts, like ['stacking=anything-goes'], not "
                         f"{brief(settings)}")
    for item in settings:
        if not isinstance(item, str):
            raise RulesError(f"--set takes option=value, like stacking=anything-goes, not {brief(item)}")
        name, sep, value = item.partition("=")
        if not sep or not name.strip():
            raise RulesError(f"--set takes option=value, like stacking=anything-goes, not {brief(item)}")
        if name.strip() in overrides and overrides[name.strip()] != value.strip():
            shown = name.strip() if name.strip().isidentifier() else brief(name.strip())  # never a raw control character
            raise RulesError(f"--set gives {shown} twice ({brief(overrides[name.strip()])} and "
                             f"{brief(value.strip())}): give each option once")
        overrides[name.strip()] = value.strip()
    return overrides
