"""Records: how the core reads a field of a state or an event by name, and how a record tells who makes it.

A :class:`~nomercy.core.state.GameState` and every :class:`~nomercy.core.events.Event` is
a tuple of its fields, because a tuple is the cheapest record CPython builds and the
engine builds several for every move. A field is read by name through a descriptor that
returns the item at its position: the kind ``collections.namedtuple`` gives its fields (on
CPython a descriptor written in C), else a ``property`` over ``operator.itemgetter`` (same
answers, about twice the cost of a read; the engine reads a few dozen fields a move).

The other records (frozen dataclasses) are of two kinds, and each says which:

* a record a person builds (an :class:`~nomercy.play.estimate.Estimate`, a computer player's spec) is a way
  in, so it checks its fields when it is made: :func:`check_fields`, one check driven by the record's type
  hints, so a field's declared kind is the one place that says what it takes;
* a record the package makes and a program only reads (a player's view, a game's summary, a puzzle's
  judgement) is marked :func:`made_by_the_package`, with the reason: its fields come from the engine, and
  checking them each time it is made would cost the engine's time for nothing. Its docstring says so.
"""

from __future__ import annotations

import dataclasses
import enum
import math
import types
import typing
from collections import namedtuple
from operator import itemgetter
from typing import Any, Callable, TypeVar

from nomercy.core.errors import NomercyError, quote
from nomercy.core.i18n import N_

__all__ = ["field_reader", "made_by_the_package", "made_by", "check_fields"]

_READER = type(vars(namedtuple("_One", ["field"]))["field"])
"""The kind of attribute a named tuple's field is (on CPython a data descriptor written in C)."""


def field_reader(index: int, doc: str) -> Any:
    """A read-only attribute that returns ``self[index]``, as a named tuple's field does."""
    if _READER is property:  # pragma: no cover - an interpreter without the C descriptor
        return property(itemgetter(index), doc=doc)
    return _READER(index, doc)


Kind = TypeVar("Kind", bound=type)


def made_by_the_package(reason: str) -> Callable[[Kind], Kind]:
    """Mark a record class as made by the package, never built by a person: ``reason`` says what makes it.

    The mark is read by :func:`made_by` (the hostile tally counts such a record apart) and the sentence is
    added to the class's docstring, so its documentation says so too."""
    def mark(cls: Kind) -> Kind:
        cls.__made_by_the_package__ = reason  # type: ignore[attr-defined]
        note = (f"Made by the package: {reason}. A program reads it and does not build one, so its fields are "
                "not checked when it is made.")
        cls.__doc__ = f"{(cls.__doc__ or '').rstrip()}\n\n    {note}\n"
        return cls

    return mark


def made_by(cls: object) -> str | None:
    """What makes records of ``cls`` when the package does (:func:`made_by_the_package`), else ``None``."""
    return vars(cls).get("__made_by_the_package__") if isinstance(cls, type) else None


_WORDS: dict[Any, str] = {int: "a whole number", float: "a number", str: "a text", bool: "yes or no",
                          type(None): "nothing"}
MAX_TEXT = 200
"""The longest text a checked record's field holds."""

_NOT_OF_KIND = N_("{field} of {record} is {kind}; not {value}")


_FIELDS: dict[type, tuple[tuple[str, Any], ...]] = {}


def _fields(cls: type) -> tuple[tuple[str, Any], ...]:
    """Each field of a record class with its declared kind, read once per class."""
    found = _FIELDS.get(cls)
    if found is None:
        hints = typing.get_type_hints(cls)
        found = _FIELDS[cls] = tuple((field.name, hints.get(field.name, Any)) for field in dataclasses.fields(cls))
    return found


def check_fields(record: Any, what: str, *, error: type[NomercyError] = NomercyError) -> None:
    """Refuse a record (a frozen dataclass a person builds) whose field is not of its declared kind, in one line
    that names the field, what it takes and what it was given: a whole number is an ``int`` (never ``True``), a
    number is finite (never NaN), a text is at most :data:`MAX_TEXT` characters that can be written, a list of
    things is a tuple of them. Kinds it does not know (the package's own values) are checked by ``isinstance``.

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True)
    ... class Score:
    ...     points: int
    >>> check_fields(Score(True), "a score")
    Traceback (most recent call last):
    ...
    nomercy.core.errors.NomercyError: points of a score is a whole number; not yes
    """
    for name, hint in _fields(type(record)):
        value = getattr(record, name)
        if not _fits(value, hint):
            raise error(_NOT_OF_KIND.format(field=name, record=what, kind=_word(hint), value=quote(value)))


def _arms(hint: Any) -> tuple[Any, ...]:
    return typing.get_args(hint) if typing.get_origin(hint) in (typing.Union, types.UnionType) else (hint,)


def _fits(value: Any, hint: Any) -> bool:
    for arm in _arms(hint):
        origin = typing.get_origin(arm)
        if arm is Any or arm is typing.Any:
            return True
        if arm is type(None):
            if value is None:
                return True
        elif arm is bool:
            if isinstance(value, bool):
                return True
        elif arm is int:
            if type(value) is int and value.bit_length() <= 64:
                return True
        elif arm is float:
            if isinstance(value, float) and math.isfinite(value) or type(value) is int and value.bit_length() <= 64:
                return True
        elif arm is str:
            if isinstance(value, str) and len(value) <= MAX_TEXT and value == value.encode("utf-8", "replace").decode():
                return True
        elif origin is tuple:
            args = typing.get_args(arm)
            if isinstance(value, tuple):
                if len(args) == 2 and args[1] is Ellipsis:
                    if all(_fits(item, args[0]) for item in value):
                        return True
                elif not args or (len(args) == len(value) and all(map(_fits, value, args))):
                    return True
        elif origin is typing.Literal:
            if any(value == choice and type(value) is type(choice) for choice in typing.get_args(arm)):
                return True
        elif isinstance(arm, type):
            if isinstance(value, arm):
                return True
        else:  # a kind this check does not read (a callable, a mapping of kinds): not its to refuse
            return True
    return False


def _word(hint: Any) -> str:
    words = []
    for arm in _arms(hint):
        origin = typing.get_origin(arm)
        if arm in _WORDS:
            words.append(_WORDS[arm])
        elif origin is tuple:
            args = typing.get_args(arm)
            words.append(f"a list of {_plural(_word(args[0]))}" if len(args) == 2 and args[1] is Ellipsis
                         else f"a list of {len(args)} things")
        elif origin is typing.Literal:
            words.append("one of " + ", ".join(str(choice) for choice in typing.get_args(arm)))
        elif isinstance(arm, type) and issubclass(arm, enum.Enum):
            words.append("one of " + ", ".join(str(member.value) for member in arm))
        else:
            words.append("one of the game's own values")
    return " or ".join(words)


def _plural(word: str) -> str:
    """``a whole number`` -> ``whole numbers`` (the words of :data:`_WORDS`)."""
    plain = word.removeprefix("a ").removeprefix("an ")
    return "yes-or-no answers" if plain == "yes or no" else plain if plain == "nothing" else plain + "s"
