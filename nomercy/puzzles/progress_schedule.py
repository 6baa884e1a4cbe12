"""The schedule of a learner's puzzles (spaced repetition, a Leitner scheme of five boxes), from their attempts.

Pure functions over values: attempts in, entries and rows out; nothing here reads a file or the clock.

Every puzzle starts in box 1. Right on the first try moves it up one box (at most box 5); a miss sends it back
to box 1. It comes back after its box's interval (:data:`INTERVALS`): box 1 after 10 minutes (a miss returns
later in the same session), box 2 after 1 day, box 3 after 3 days, box 4 after 7 days, box 5 after 21 days.

>>> from datetime import datetime, timezone
>>> from nomercy.puzzles.progress_text import Attempt
>>> when = datetime(2026, 12, 1, 9, 0, tzinfo=timezone.utc)
>>> entries = replay([Attempt("s1", True, 0, 3.0, when), Attempt("s1", True, 0, 3.0, when)])
>>> entries["s1"].box, entries["s1"].due.isoformat()
(3, '2026-12-04T09:00:00+00:00')
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Iterable, Mapping, Protocol, Sequence

from nomercy.puzzles.file_format import LEVELS
from nomercy.puzzles.progress_text import Attempt

__all__ = ["Entry", "TopicProgress", "PuzzleLike", "INTERVALS", "LEVELS", "next_box", "step", "replay", "due",
           "queue", "summary"]

INTERVALS: dict[int, timedelta] = {
    1: timedelta(minutes=10),
    2: timedelta(days=1),
    3: timedelta(days=3),
    4: timedelta(days=7),
    5: timedelta(days=21),
}
"""How long a puzzle waits in each Leitner box before it is due again."""


class PuzzleLike(Protocol):
    @property
    def id(self) -> str: ...
    @property
    def topic(self) -> str: ...
    @property
    def level(self) -> str: ...


@dataclass(frozen=True)
class Entry:
    """Where a puzzle stands in the schedule: its Leitner box (1-5) and when it is due again."""

    puzzle: str
    box: int
    due: datetime
    attempts: int
    right: int
    """How many attempts were right on the first try."""


@dataclass(frozen=True)
class TopicProgress:
    """One row of progress: a topic at one level (``level`` "" for the topic as a whole)."""

    topic: str
    level: str
    puzzles: int
    tried: int
    """Puzzles tried at least once."""
    known: int
    """Puzzles whose last attempt was right (box 2 or higher)."""
    due: int
    """Puzzles tried before and due again now."""
    boxes: tuple[int, ...] = (0, 0, 0, 0, 0)
    """How many of the puzzles tried are in box 1, 2, 3, 4 and 5."""


def next_box(box: int, right: bool) -> int:
    """The Leitner step: right on the first try moves up a box (at most 5), a miss goes back to box 1.

    A puzzle never tried counts as box 1 (``box`` 0 means "never tried").

    >>> next_box(0, True), next_box(1, True), next_box(5, True), next_box(4, False)
    (2, 2, 5, 1)
    """
    if not right:
        return 1
    return min(5, max(box, 1) + 1)


def step(entry: Entry | None, attempt: Attempt) -> Entry:
    """Where a puzzle stands after one more attempt at it (``entry``: where it stood, ``None`` if never tried)."""
    box = next_box(entry.box if entry else 0, attempt.right)
    return Entry(attempt.puzzle, box, attempt.date + INTERVALS[box],
                 (entry.attempts if entry else 0) + 1, (entry.right if entry else 0) + attempt.right)


def replay(attempts: Iterable[Attempt]) -> dict[str, Entry]:
    """Every puzzle tried, with its box and due date, from the attempts replayed in order."""
    entries: dict[str, Entry] = {}
    for a in attempts:
        entries[a.puzzle] = step(entries.get(a.puzzle), a)
    return entries


def due(schedule: Mapping[str, Entry], now: datetime, puzzles: Iterable[PuzzleLike] | None = None) -> list[str]:
    """The puzzles tried before and due again at ``now``, longest overdue first (among ``puzzles`` if given)."""
    wanted = None if puzzles is None else {p.id for p in puzzles}
    found = [e for e in schedule.values() if e.due <= now and (wanted is None or e.puzzle in wanted)]
    return [e.puzzle for e in sorted(found, key=lambda e: (e.due, e.puzzle))]


def queue(schedule: Mapping[str, Entry], puzzles: Sequence[PuzzleLike], now: datetime, *, seed: int = 0
          ) -> list[tuple[str, str]]:
    """The order to serve ``puzzles`` in, each with why: ``review`` (due, longest overdue first),
    then ``new`` (never tried: easy, medium, hard, shuffled within a level by ``seed``), then
    ``ahead`` (not due yet, soonest first)."""
    order: list[tuple[str, str]] = [(pid, "review") for pid in due(schedule, now, puzzles)]
    shuffled = sorted(p.id for p in puzzles)  # the whole set, so the order does not move as puzzles are tried
    random.Random(seed).shuffle(shuffled)
    place = {pid: i for i, pid in enumerate(shuffled)}
    new = [p for p in puzzles if p.id not in schedule]
    order += [(p.id, "new") for p in sorted(new, key=lambda p: (_level_rank(p.level), place[p.id]))]
    later = [schedule[p.id] for p in puzzles if p.id in schedule and schedule[p.id].due > now]
    order += [(e.puzzle, "ahead") for e in sorted(later, key=lambda e: (e.due, e.puzzle))]
    return order


def summary(schedule: Mapping[str, Entry], puzzles: Sequence[PuzzleLike], now: datetime) -> list[TopicProgress]:
    """Progress per topic (level "") and per topic and level, topics in order of first appearance."""
    rows: dict[tuple[str, str], list[int]] = {}
    boxes: dict[tuple[str, str], list[int]] = {}
    for p in sorted(puzzles, key=lambda p: _level_rank(p.level)):
        for key in ((p.topic, ""), (p.topic, p.level)):
            row = rows.setdefault(key, [0, 0, 0, 0])
            in_box = boxes.setdefault(key, [0] * len(INTERVALS))
            entry = schedule.get(p.id)
            row[0] += 1
            row[1] += entry is not None
            row[2] += entry is not None and entry.box >= 2
            row[3] += entry is not None and entry.due <= now
            if entry is not None:
                in_box[entry.box - 1] += 1
    topics = list(dict.fromkeys(p.topic for p in puzzles))
    levels = ("", *LEVELS, *sorted({p.level for p in puzzles} - set(LEVELS)))
    return [_row(topic, level, rows[(topic, level)], boxes[(topic, level)])
            for topic in topics for level in levels if (topic, level) in rows]


def _row(topic: str, level: str, counts: list[int], in_boxes: list[int]) -> TopicProgress:
    puzzles, tried, known, due_now = counts
    return TopicProgress(topic, level, puzzles, tried, known, due_now, tuple(in_boxes))


def _level_rank(level: str) -> int:
    return LEVELS.index(level) if level in LEVELS else len(LEVELS)
