"""Tuple records: the one way the core reads a field of a state or an event by name.

A :class:`~nomercy.core.state.GameState` and every :class:`~nomercy.core.events.Event` is
a tuple of its fields, because a tuple is the cheapest record CPython builds and the
engine builds several for every move. A field is read by name through a descriptor that
returns the item at its position: the C descriptor ``collections.namedtuple`` uses when
the interpreter has it, else a ``property`` over ``operator.itemgetter`` (same answers,
about twice the cost of a read; the engine reads a few dozen fields a move).
"""

from __future__ import annotations

from operator import itemgetter
from typing import Any, Callable

__all__ = ["field_reader"]

try:  # CPython's named-tuple field: a data descriptor written in C
    from _collections import _tuplegetter as _reader  # type: ignore[import-not-found]
except ImportError:  # pragma: no cover - other interpreters
    def _reader(index: int, doc: str) -> Any:
        return property(itemgetter(index), doc=doc)

field_reader: Callable[[int, str], Any] = _reader
"""``field_reader(index, doc)``: a read-only attribute that returns ``self[index]``."""
