"""The UNO moment: a person who goes down to one card without calling UNO gets a moment to call it.

Who may catch whom, and when it is too late, is the engine's rule (``state.catchable``). The moment
is the table's fairness on top of it: a computer player answers at once, a person needs time to
see that they hold one card and click. So for at least :data:`UNO_MOMENT` seconds (or the table's
pace, when longer) after a person's hand drops to one card uncalled, by their own play, a 7 or a
0, no computer may catch them. The time comes from a clock passed in: ``time.monotonic`` at a
table, a clock the test moves by hand, or the lines a terminal has read.

>>> from nomercy.core.moves import Catch
>>> class Clock:
...     now = 100.0
...     def __call__(self): return self.now
>>> clock = Clock()
>>> moment = UnoMoment(clock).started(0)           # seat 0 has just gone down to one card, uncalled
>>> clock.now += 0.5
>>> moment.too_early(Catch(1, 0), pace=0), moment.wait(pace=0)
(True, 0.5)
>>> clock.now += 0.6
>>> moment.too_early(Catch(1, 0), pace=0), moment.wait(pace=0)
(False, 0.0)
"""

from __future__ import annotations

import time
from dataclasses import dataclass, replace
from typing import Callable, Collection, Iterable

from nomercy.core.moves import Catch, Move

__all__ = ["UNO_MOMENT", "Clock", "UnoMoment"]

UNO_MOMENT = 1.0
"""Seconds, at least, that computers wait before catching a person who has just gone down to one card
(the pace, when it is longer): the person's chance to call UNO first."""

Clock = Callable[[], float]
"""Seconds from any fixed start (``time.monotonic``); a test passes a clock it moves by hand."""


@dataclass(frozen=True)
class UnoMoment:
    """When each person now catchable went down to one card, on ``clock``; who may not be caught yet.

    A value: a move makes the next moment (:meth:`followed`), so a table that goes back keeps the old one."""

    clock: Clock = time.monotonic
    since: tuple[tuple[int, float], ...] = ()  # (seat, when its moment started), in the order they started

    def started(self, seat: int) -> "UnoMoment":
        """``seat`` (a person) holds one card, uncalled, from now (a moment already running goes on)."""
        if seat in self:
            return self
        return replace(self, since=(*self.since, (seat, self.clock())))

    def followed(self, catchable: Iterable[int], people: Collection[int]) -> "UnoMoment":
        """After a move: a moment ends for whoever is no longer catchable, starts for a person who now is."""
        catchable = set(catchable)
        moment = replace(self, since=tuple((seat, when) for seat, when in self.since if seat in catchable))
        for seat in sorted(catchable & set(people)):
            moment = moment.started(seat)
        return moment

    def cleared(self) -> "UnoMoment":
        return replace(self, since=())

    def __contains__(self, seat: object) -> bool:
        """Whether ``seat`` is in their moment (one card, uncalled, not caught yet), however long it has run."""
        return any(seat == held for held, _ in self.since)

    def wait(self, *, pace: float) -> float:
        """Seconds before a computer may catch anyone (0 when it may now, or nobody is in a moment)."""
        now = self.clock()
        window = max(pace, UNO_MOMENT)
        return max((max(0.0, window - (now - when)) for _, when in self.since), default=0.0)

    def too_early(self, move: Move, *, pace: float) -> bool:
        """A catch of a person inside their moment: refused until the moment has passed."""
        if type(move) is not Catch:
            return False
        when = dict(self.since).get(move.target)
        return when is not None and self.clock() - when < max(pace, UNO_MOMENT)

    def __repr__(self) -> str:
        return f"<UnoMoment since={dict(self.since)}>"
