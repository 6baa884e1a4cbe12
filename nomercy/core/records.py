"""Tuple records: the one way the core reads a field of a state or an event by name.

A :class:`~nomercy.core.state.GameState` and every :class:`~nomercy.core.events.Event` is
a tuple of its fields, because a tuple is the cheapest record CPython builds and the
engine builds several for every move. A field is read by name through a descriptor that
returns the item at its position: the kind ``collections.namedtuple`` gives its fields (on
CPython a descriptor written in C), else a ``property`` over ``operator.itemgetter`` (same
answers, about twice the cost of a read; the engine reads a few dozen fields a move).
"""

from __future__ import annotations

from collections import namedtuple
from operator import itemgetter
from typing import Any

__all__ = ["field_reader"]

_READER = type(vars(namedtuple("_One", ["field"]))["field"])
"""The kind of attribute a named tuple's field is (on CPython a data descriptor written in C)."""


def field_reader(index: int, doc: str) -> Any:
    """A read-only attribute that returns ``self[index]``, as a named tuple's field does."""
    if _READER is property:  # pragma: no cover - an interpreter without the C descriptor
        return property(itemgetter(index), doc=doc)
    return _READER(index, doc)
