"""A learner's progress with the puzzles: every attempt, kept in small local files that two windows share.

This is the front of four rooms, each with its own state and a small public face:

- **storage** (:mod:`nomercy.puzzles.progress_store`): the journals (one per session, merged by every
  reader, so two windows never overwrite each other and no lock is needed), old ``progress.json`` files,
  files set aside when they do not read, and :func:`data_dir`;
- **format** (:mod:`nomercy.puzzles.progress_text`): an attempt a line, every field checked once, nothing
  that raises;
- **schedule** (:mod:`nomercy.puzzles.progress_schedule`, pure): a Leitner scheme of five boxes, the order
  to serve puzzles in, progress per topic and level;
- **rating** (:mod:`nomercy.puzzles.progress_rating`, pure): Glicko-2, each attempt a game against the puzzle.

Whose progress it is comes from :mod:`nomercy.puzzles.learners`: ``learner`` names the learner (each has a
folder of their own); without one it is the first learner's, the progress a single learner always kept.

**Export and import.** :meth:`Progress.export` gives every attempt as one text a person saves, with the
learner's name; :meth:`Progress.import_text` merges such a text (or an old ``progress.json``) into this
progress: every attempt of both is kept, each once, and a text that does not read, or that is another
learner's, is refused whole, with one line, changing nothing.

Nothing here reads the real clock except through ``clock``, so tests pass a fake one.

>>> from datetime import datetime, timezone
>>> import tempfile
>>> now = datetime(2026, 12, 1, 9, 0, tzinfo=timezone.utc)
>>> progress = Progress(tempfile.mkdtemp(), clock=lambda: now)
>>> progress.record("stack-2-4-6", right=False, hints=1, seconds=40, topic="stacking", level="easy").box
1
>>> progress.entry("stack-2-4-6").due.isoformat()
'2026-12-01T09:10:00+00:00'
"""

from __future__ import annotations

import os
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Callable, Iterable, Sequence

from nomercy.core import inputs
from nomercy.core.errors import NomercyError
from nomercy.core.i18n import N_
from nomercy.core.refusals import said
from nomercy.puzzles import progress_rating, progress_schedule
from nomercy.puzzles.learners import Learners, learner_name, same_learner
from nomercy.puzzles.progress_rating import LEARN_TOPIC, LEVEL_RATINGS, Rating, glicko2
from nomercy.puzzles.progress_schedule import INTERVALS, LEVELS, Entry, PuzzleLike, TopicProgress, next_box
from nomercy.puzzles.progress_store import FILE_NAME, FOLD_AT, FOLDER_NAME, Journals, data_dir
from nomercy.puzzles.progress_text import FORMAT, MAX_FILE_BYTES, VERSION, Attempt, check_seconds, date_text, journal_text, parse_text

__all__ = [
    "Attempt", "Entry", "LEARN_TOPIC", "Progress", "ProgressFileError", "Rating", "TopicProgress", "data_dir", "glicko2",
    "next_box", "INTERVALS", "LEVELS", "LEVEL_RATINGS", "FILE_NAME", "FOLDER_NAME", "FOLD_AT", "FORMAT", "MAX_FILE_BYTES",
    "VERSION",
]

Clock = Callable[[], datetime]


class ProgressFileError(NomercyError):
    """A progress text that cannot be imported, or an attempt that cannot be recorded; the message says why."""


def _utc_now() -> datetime:
    return datetime.now(timezone.utc)


class Progress:
    """Every attempt of one learner, with the schedule, the summary and the rating worked out from them.

    ``data_dir``: the data folder (default :func:`data_dir`); ``learner``: whose progress (a name; default the
    first learner's, :mod:`nomercy.puzzles.learners`); ``clock``: what "now" is (default: the real time, in UTC).
    Reading never raises: what it cannot use is reported in :attr:`problem`. This object writes only its own
    journal (:attr:`journal`).
    """

    def __init__(self, data_dir: str | os.PathLike[str] | None = None, *, clock: Clock | None = None,
                 learner: str | None = None) -> None:
        learners = Learners(data_dir)
        self.learner = "" if learner is None else learner_name(learner)
        """Whose progress this is ("" for the first learner before any name was given)."""
        if learner is None:
            self.learner = learners.first() or ""
        self.clock: Clock = _utc_now if clock is None else inputs.calendar_clock(clock, "the clock of the progress")
        self._store = Journals(learners.folder_of(self.learner) if self.learner else learners.data_dir, self.clock)
        self._learners_problem = learners.problem  # a name file that names nobody, set aside
        self._worked_out: tuple[int, dict[str, Entry], Rating] | None = None  # (the store's version, schedule, rating)

    # --- where it is kept ---------------------------------------------------------------------------------
    @property
    def folder(self) -> Path:
        """The learner's folder (the journals are in :attr:`path`)."""
        return self._store.folder

    @property
    def path(self) -> Path:
        """The folder of journals, where the attempts are kept."""
        return self._store.path

    @property
    def first_version_file(self) -> Path:
        return self._store.first_version_file

    @property
    def session(self) -> str:
        return self._store.session

    @property
    def journal(self) -> Path:
        """This session's own journal: the only file it writes attempts to (written at the first attempt)."""
        return self._store.journal

    @property
    def problem(self) -> str | None:
        """What could not be read or saved, in one line (``None`` when all is well)."""
        return " ".join(filter(None, [self._learners_problem, self._store.problem])) or None

    @property
    def saves(self) -> bool:
        """Whether the last attempt recorded was saved (it is kept in memory either way)."""
        return self._store.saves

    def reload(self) -> bool:
        """Read again the files that changed (another trainer, window or notebook may have saved attempts)."""
        return self._store.reload()

    def save(self) -> bool:
        """Write this session's journal (every attempt it recorded), whole, through a temporary file."""
        return self._store.save()

    # --- attempts --------------------------------------------------------------------------------------
    @property
    def attempts(self) -> tuple[Attempt, ...]:
        """Every attempt, of every session, each once, in the order they were made."""
        return self._store.attempts

    def record(self, puzzle: str | PuzzleLike, *, right: bool, hints: int = 0, seconds: float = 0.0,
               topic: str = "", level: str = "") -> Entry:
        """Add an attempt (dated now), save, and return where the puzzle now stands."""
        if not isinstance(puzzle, str):
            topic, level, puzzle = topic or puzzle.topic, level or puzzle.level, puzzle.id
        self.reload()
        try:
            attempt = Attempt.from_json({
                "puzzle": puzzle, "right": inputs.switch(right, "right (whether the answer was right)",
                                                         error=ProgressFileError), "hints": hints,
                "seconds": round(check_seconds(seconds, "seconds"), 1),
                "date": date_text(self.clock()), "topic": topic, "level": level, "id": self._store.next_id()})
        except ValueError as error:
            raise ProgressFileError(f"cannot record this attempt: {error}") from None
        before = self._worked_out if self._worked_out and self._worked_out[0] == self._store.version else None
        if self._store.add(attempt) and before is not None:  # one more step of what was worked out, not all again
            schedule = dict(before[1])
            schedule[attempt.puzzle] = progress_schedule.step(schedule.get(attempt.puzzle), attempt)
            self._worked_out = (self._store.version, schedule, progress_rating.step(before[2], attempt))
        return self.schedule()[puzzle]

    # --- export and import ------------------------------------------------------------------------------
    def export(self) -> str:
        """Every attempt as one text a person keeps (a journal of format version 2, one attempt a line), with
        the learner's name. :meth:`import_text` reads it back, here or on another computer."""
        header: dict[str, Any] = {"exported": date_text(self.clock()), "attempts": len(self.attempts)}
        if self.learner:
            header["learner"] = self.learner
        return journal_text(header, self.attempts)

    def whose(self, text: str | bytes) -> str | None:
        """The learner an exported text names (``None`` for a text without a name, or one that does not read)."""
        if isinstance(text, (bytes, bytearray)):
            text = bytes(text[:MAX_FILE_BYTES]).decode("utf-8", "replace")
        return parse_text(text).learner if isinstance(text, str) else None

    def import_text(self, text: str | bytes, *, as_mine: bool = False) -> int:
        """Merge an exported text (or an old ``progress.json``) into this progress; return how many of its
        attempts were new. Every attempt of both is kept, each once. A text that does not read in full, that
        gives an attempt already saved other content under its id, or that is another learner's (unless
        ``as_mine``: it becomes this learner's) is refused (:class:`ProgressFileError`, one line) and nothing
        changes. The file's bytes are taken as well as its text."""
        as_mine = inputs.switch(as_mine, "as_mine", error=ProgressFileError)
        too_large = said(N_("this progress file is larger than {most} MB: it is not one nomercy wrote"),
                         most=MAX_FILE_BYTES // 2 ** 20)
        if isinstance(text, (bytes, bytearray)):  # a file read as bytes: its text, if it is text
            if len(text) > MAX_FILE_BYTES:
                raise ProgressFileError(too_large)
            try:
                text = bytes(text).decode("utf-8")
            except UnicodeDecodeError:
                raise ProgressFileError(said(N_("this progress file is not text (UTF-8): it is not one nomercy wrote. "
                                                "Nothing was changed."))) from None
        if not isinstance(text, str) or not text.strip():
            raise ProgressFileError(said(N_("there is nothing to import: choose a progress file or paste its text")))
        if len(text) > MAX_FILE_BYTES:
            raise ProgressFileError(too_large)
        reading = parse_text(text)
        if reading.newer is not None:
            raise ProgressFileError(said(N_("this progress file was written by a newer nomercy (format version "
                                            "{version}); update nomercy to import it. Nothing was changed."),
                                         version=reading.newer))
        if reading.why is not None:
            raise ProgressFileError(said(N_("this progress file cannot be imported ({reason}). Nothing was changed."),
                                         reason=reading.why))
        if reading.learner and not as_mine and not (self.learner and same_learner(reading.learner, self.learner)):
            if self.learner:
                raise ProgressFileError(said(N_("this is {whose}'s progress, and this is {mine}'s: switch to {whose} "
                                                "to import it, or import it as {mine} to make it yours. Nothing was "
                                                "changed."), whose=reading.learner, mine=self.learner))
            raise ProgressFileError(said(N_("this is {whose}'s progress, and this is the progress kept without a "
                                            "name: switch to {whose} to import it, or import it as yours to make it "
                                            "yours. Nothing was changed."), whose=reading.learner))
        self.reload()
        known = {a.id: a for a in self.attempts}
        clash = next((a for a in reading.attempts if a.id in known and known[a.id] != a), None)
        if clash is not None:
            raise ProgressFileError(said(N_("this progress file gives the attempt {id} (at {puzzle}) other content "
                                            "than the attempt of that id already saved: it was changed by hand. "
                                            "Nothing was changed."), id=clash.id, puzzle=clash.puzzle))
        new = list({a.id: a for a in reading.attempts if a.id not in known}.values())
        if new:
            why = self._store.add_journal(new)
            if why is not None:  # the folder's own words (a file system's reason) are said in English only
                raise ProgressFileError(said(N_("progress cannot be saved in {folder}; nothing was imported."),
                                             english=f"{why[:-1]}; nothing was imported.", folder=str(self.path)))
        return len(new)

    # --- worked out from the attempts ------------------------------------------------------------------
    def _work_out(self) -> tuple[int, dict[str, Entry], Rating]:
        if self._worked_out is None or self._worked_out[0] != self._store.version:
            attempts = self.attempts
            self._worked_out = (self._store.version, progress_schedule.replay(attempts), progress_rating.rate(attempts))
        return self._worked_out

    def schedule(self) -> dict[str, Entry]:
        """Every puzzle tried, with its box and due date, from replaying the attempts in order."""
        return dict(self._work_out()[1])

    def entry(self, puzzle: str) -> Entry | None:
        return self._work_out()[1].get(puzzle)

    def due(self, puzzles: Iterable[PuzzleLike] | None = None, *, now: datetime | None = None) -> list[str]:
        """The puzzles tried before and due again now, longest overdue first (among ``puzzles`` if given)."""
        return progress_schedule.due(self._work_out()[1], self._now(now), puzzles)

    def queue(self, puzzles: Sequence[PuzzleLike], *, seed: int = 0, now: datetime | None = None
              ) -> list[tuple[str, str]]:
        """The order to serve ``puzzles`` in, each with why (:func:`nomercy.puzzles.progress_schedule.queue`)."""
        return progress_schedule.queue(self._work_out()[1], puzzles, self._now(now), seed=inputs.seed(seed))

    def summary(self, puzzles: Sequence[PuzzleLike], *, now: datetime | None = None) -> list[TopicProgress]:
        """Progress per topic (level "") and per topic and level, topics in order of first appearance."""
        return progress_schedule.summary(self._work_out()[1], puzzles, self._now(now))

    def _now(self, now: Any) -> datetime:
        """``now`` as given (a date and time with its time zone), or the clock's when it is left out."""
        if now is None:
            return self.clock()
        if not isinstance(now, datetime) or now.tzinfo is None:
            raise ProgressFileError(f"now is a date and time with its time zone, like datetime.now(timezone.utc); "
                                    f"not {inputs.quote(now)}")
        return now

    def rating(self) -> Rating:
        """The learner's puzzle rating: Glicko-2 over every attempt in order, each puzzle rated by its level."""
        return self._work_out()[2]

    def __repr__(self) -> str:
        return f"<Progress {self.path} attempts={len(self.attempts)}>"
