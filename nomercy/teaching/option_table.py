"""Every rule option with its value in each profile: the table that shows where the readings differ.

>>> row = next(r for r in profile_options() if r.option == "seven_swap")
>>> row.values["no-mercy"], row.disputed
('required', True)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from nomercy.core import inputs
from nomercy.core.errors import NomercyError, quote
from nomercy.core.rulebook import RULINGS
from nomercy.core.rules import OPTIONS, PROFILES, RuleSet
from nomercy.teaching import arguments
from nomercy.teaching.option_puzzles import option_puzzles
from nomercy.teaching.text_table import Table

__all__ = ["OptionRow", "option_text", "profiles", "profile_options", "disputed_options", "options_table",
           "classic_differences"]


def option_text(value: Any) -> str:
    """An option's value as a file and a label write it: ``true``, ``none``, ``2-6``, ``official``."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "none"
    if isinstance(value, tuple) and all(isinstance(v, int) and not isinstance(v, bool) and abs(v) < 10**6
                                        for v in value):
        return "-".join(map(str, value))
    if isinstance(value, str) or isinstance(value, int) and abs(value) < 10**18:
        return str(value)
    raise NomercyError(f"an option's value is yes or no, none, a number, a range like (2, 6) or a word like "
                       f"'official'; not {quote(value)}")


def profiles(names: Sequence[str] | None = None) -> list[tuple[str, RuleSet]]:
    """Every profile (or the ones named), labelled by name, in the order of ``PROFILES``."""
    chosen = list(PROFILES) if names is None else arguments.inputs.choices(names, "the profiles", tuple(PROFILES))
    return [(name, PROFILES[name]) for name in (chosen or list(PROFILES))]


@dataclass(frozen=True)
class OptionRow:
    """One rule option: its ruling, its meaning and its value in every profile."""

    option: str
    ruling: str
    meaning: str
    values: Mapping[str, str]

    @property
    def disputed(self) -> bool:
        """True when the No Mercy profiles do not all agree (classic aside)."""
        return len({v for name, v in self.values.items() if name != "classic"}) > 1


def profile_options(names: Sequence[str] | None = None) -> list[OptionRow]:
    """Every option of ``OPTIONS`` with its value in each profile."""
    chosen = profiles(names)
    return [
        OptionRow(option, _rulings_of(option), info.meaning,
                  {name: option_text(getattr(rules, option)) for name, rules in chosen})
        for option, info in OPTIONS.items()
    ]


def _rulings_of(option: str) -> str:
    """Every ruling an option's values cite, its own first: ``last_card_draws`` → ``winning, last-card-draws``.

    An event under one value cites one ruling and under another value another, so a table that named
    only the first would send a reader who saw the second to the wrong place.
    """
    own = OPTIONS[option].ruling
    others = [r.id for r in RULINGS.values() if option in r.options and r.id != own]
    return ", ".join([own, *others])


def disputed_options() -> list[str]:
    """Options on which the No Mercy readings differ, or that a puzzle in ``puzzles/options`` is about.

    >>> "seven_swap" in disputed_options(), "hand_size" in disputed_options()
    (True, False)
    """
    about = set(option_puzzles())
    return [row.option for row in profile_options() if row.disputed or row.option in about]


def options_table(names: Sequence[str] | None = None, only: Sequence[str] | None = None,
                  meaning: bool = False) -> "Table":
    """The option-by-profile table as something a notebook shows (HTML) or prints (text).

    ``meaning=True`` adds what each option means, from ``nomercy.core.rules.OPTIONS``; ``only`` keeps the rows
    of the options it names.
    """
    meaning = inputs.switch(meaning, "meaning (whether each option's meaning is shown)")
    kept = None if only is None else inputs.choices(only, "the options to show", tuple(OPTIONS))
    rows = [r for r in profile_options(names) if kept is None or r.option in kept]
    head = ["option", "ruling"] + (["meaning", "values"] if meaning else [])
    columns = head + list(rows[0].values) if rows else head
    return Table(tuple(columns), tuple({"option": r.option, "ruling": r.ruling, "meaning": r.meaning,
                                        "values": option_values(r.option), **r.values} for r in rows))


def option_values(option: str) -> str:
    """Every value ``option`` can take, in a few words: its choices, or the bounds of its number."""
    info = OPTIONS[option]
    if info.kind == "bool":
        return "true, false"
    if info.kind == "range":
        return f"a range like 2-6, from {info.least} up to {info.most}"
    if info.kind in ("int", "optional-int"):
        return f"{info.least} to {info.most}" + (", or none" if info.kind == "optional-int" else "")
    return ", ".join(info.choices)


def classic_differences() -> Table:
    """Every rule option where the classic profile differs from No Mercy, each value as the tables write it."""
    classic, no_mercy = PROFILES["classic"], PROFILES["no-mercy"]
    rows = tuple({"option": option, "classic": option_text(in_classic), "no-mercy": option_text(in_no_mercy)}
                 for option, (in_classic, in_no_mercy) in classic.differences(no_mercy).items())
    return Table(("option", "classic", "no-mercy"), rows)
