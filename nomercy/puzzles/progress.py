"""A learner's progress with the puzzles: every attempt, kept in small local files that two windows share.

The attempts live in the folder ``progress/`` inside the user's data folder (:func:`data_dir`). Everything
else is worked out from them by replaying them in the order they were made (by date):

- **The schedule** (spaced repetition, a Leitner scheme of five boxes). Every puzzle starts in box 1.
  Right on the first try moves it up one box (at most box 5); a miss sends it back to box 1. It comes
  back after its box's interval (:data:`INTERVALS`): box 1 after 10 minutes (a miss returns later in
  the same session), box 2 after 1 day, box 3 after 3 days, box 4 after 7 days, box 5 after 21 days.
- **Progress per topic and level** (:meth:`Progress.summary`).
- **A puzzle rating** in the manner of Lichess puzzles (Glicko-2, :func:`glicko2`): the learner
  starts at 1500 ± 350, each attempt is a game against the puzzle, and a puzzle's rating comes
  from its level (:data:`LEVEL_RATINGS`).

**Two windows at once: one journal per session, merged by every reader.** Each :class:`Progress` (one
trainer, one notebook, one page of the site) writes only its own file, ``progress/<session>.jsonl``: a
header line, then one attempt a line, each attempt with an id (``<session>-<n>``) that no other session
uses. A reader merges every journal in the folder and keeps each id once. Nothing is shared for writing,
so two writers cannot overwrite each other, and no lock is needed. A lock was the other choice; it was not
taken because the browser has none: under Pyodide in JupyterLite there is no ``flock``, and a file on the
Lite drive is written whole through the contents service, so an append or a read-modify-write of one shared
file by two pages would still lose attempts. One file per writer, each written whole through
:mod:`nomercy.core.files` (a temporary file beside it, renamed into place), works the same on a plain file
system and on the browser's drive. :meth:`Progress.reload` reads again whatever changed, so a trainer picks
up the other window's attempts before it saves, and when it serves the next puzzle.

When more than :data:`FOLD_AT` journals have piled up (one per session that recorded anything), a start
folds the ones untouched for an hour into one: it claims each by renaming it (a rename is atomic; a claim
that loses the race is skipped), writes their attempts to a new journal, and only then removes the claimed
files. A fold stopped part-way leaves claimed files that are still journals and are read as such; an owner
still open that writes again writes all its attempts, and the ids keep them once.

**Older files.** A ``progress.json`` of format version 1 (one file, one list; what nomercy wrote before) is
still read and merged in, and never written, moved or deleted: its attempts get ids from their content, so
they are counted once however often it is read or imported.

**Files it cannot use.** Reading never raises, whatever a file holds (deep nesting, far dates, huge numbers,
NaN, lone surrogates, wrong types, truncation, binary, a file of many megabytes: at most
:data:`MAX_FILE_BYTES` are read). A file it cannot use is reported in one line (:attr:`Progress.problem`)
and moved aside next to it (``<name>.unreadable-<time>``), never deleted; the attempts in it that do read
are kept in a new journal. A file it cannot read at all (no permission, a folder where a file should be) or
a file from a newer nomercy is left alone and reported. Temporary files of writes that were killed are
removed at the next start (:func:`nomercy.core.files.remove_leftovers`).

**Export and import.** :meth:`Progress.export` gives every attempt as one text a person saves;
:meth:`Progress.import_text` merges such a text (or an old ``progress.json``) into this progress: every
attempt of both is kept, each once, and a text that does not read is refused whole, with one line, changing
nothing.

Nothing here reads the real clock except through ``clock``, so tests pass a fake one. Session ids carry a
random token: they name a writer, they do not decide anything.

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

import math
import os
import secrets
import sys
import time
from dataclasses import dataclass, replace
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping, Protocol, Sequence

from nomercy.core import inputs
from nomercy.core.errors import NomercyError
from nomercy.core.files import STALE_AFTER_SECONDS, remove_leftovers, write_text
from nomercy.puzzles.progress_text import (
    FORMAT, MAX_FILE_BYTES, VERSION, Attempt, Reading, check_seconds, date_text, file_stamp, journal_text,
    parse_text, read_file, replay_order,
)

__all__ = [
    "Attempt", "Entry", "LEARN_TOPIC", "Progress", "ProgressFileError", "Rating", "TopicProgress", "data_dir", "glicko2",
    "next_box", "INTERVALS", "LEVEL_RATINGS", "FILE_NAME", "FOLDER_NAME", "FOLD_AT", "FORMAT", "MAX_FILE_BYTES",
    "VERSION",
]

FILE_NAME = "progress.json"
FOLDER_NAME = "progress"
JOURNAL_ENDING = ".jsonl"
ENV_VAR = "NOMERCY_DATA_DIR"
FOLD_AT = 32
"""How many journals of other sessions may pile up before a start folds the old ones into one."""

INTERVALS: dict[int, timedelta] = {
    1: timedelta(minutes=10),
    2: timedelta(days=1),
    3: timedelta(days=3),
    4: timedelta(days=7),
    5: timedelta(days=21),
}
"""How long a puzzle waits in each Leitner box before it is due again."""

LEARN_TOPIC = "learn"
"""The topic of a stage of the learning path done (``nomercy.widgets.learn_path``): kept with the puzzles' attempts,
exported and imported with them, and left out of the puzzle rating (a stage is a lesson, not a puzzle)."""

LEVELS = ("easy", "medium", "hard")
LEVEL_RATINGS: dict[str, float] = {"easy": 1200.0, "medium": 1500.0, "hard": 1800.0}
"""A puzzle's rating, from its level (a puzzle without a level counts as medium)."""
PUZZLE_DEVIATION = 100.0
"""How sure those ratings are (Glicko's rating deviation), the same for every puzzle."""

Clock = Callable[[], datetime]


class ProgressFileError(NomercyError):
    """A progress text that cannot be imported, or an attempt that cannot be recorded; the message says why."""


class PuzzleLike(Protocol):
    @property
    def id(self) -> str: ...
    @property
    def topic(self) -> str: ...
    @property
    def level(self) -> str: ...


def _utc_now() -> datetime:
    return datetime.now(timezone.utc)


def data_dir(explicit: str | os.PathLike[str] | None = None, *, env: Mapping[str, str] | None = None,
             platform: str | None = None, home: Path | None = None) -> Path:
    """The folder the progress file lives in.

    In order: ``explicit``; the ``NOMERCY_DATA_DIR`` environment variable; else the platform's place for a
    user's data, with ``nomercy`` appended: ``%APPDATA%`` on Windows, ``~/Library/Application Support`` on
    macOS, ``$XDG_DATA_HOME`` (default ``~/.local/share``) elsewhere. In the browser (Pyodide, the
    JupyterLite site) it is ``/drive/nomercy``: ``/drive`` is the kernel's view of the site's file
    browser, kept in the browser's storage, so the file survives a reload and a browser restart (and shows
    in the Lab's file browser), where the rest of Pyodide's file system is lost with the page.

    >>> data_dir(env={}, platform="linux", home=Path("/home/ann")).as_posix()
    '/home/ann/.local/share/nomercy'
    >>> data_dir(env={"NOMERCY_DATA_DIR": "/tmp/x"}).as_posix()
    '/tmp/x'
    >>> data_dir(env={}, platform="emscripten").as_posix()
    '/drive/nomercy'
    """
    if explicit is not None and not (isinstance(explicit, str) and not explicit):
        return Path(inputs.path(explicit, "the progress folder"))
    env = os.environ if env is None else _environment(env)
    if env.get(ENV_VAR):
        return Path(inputs.path(env[ENV_VAR], f"the folder named by {ENV_VAR}"))
    platform = sys.platform if platform is None else inputs.text(platform, "the platform", longest=40, like="linux")
    if platform == "emscripten":
        return Path("/drive") / "nomercy"
    home = Path.home() if home is None else Path(inputs.path(home, "the home folder"))
    if platform.startswith("win"):
        base = Path(env["APPDATA"]) if env.get("APPDATA") else home / "AppData" / "Roaming"
    elif platform == "darwin":
        base = home / "Library" / "Application Support"
    else:
        xdg = env.get("XDG_DATA_HOME", "")
        base = Path(xdg) if xdg and Path(xdg).is_absolute() else home / ".local" / "share"  # XDG: ignore relative
    return base / "nomercy"




def _environment(env: Any) -> Mapping[str, str]:
    """The environment variables given to :func:`data_dir`: a mapping of texts to texts."""
    if not isinstance(env, Mapping) or not all(isinstance(k, str) and isinstance(v, str) for k, v in env.items()):
        raise NomercyError(f"the environment is a mapping of names to texts, like os.environ; not {inputs.quote(env)}")
    return env


_data_dir = data_dir  # for Progress, whose argument has the same name


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


@dataclass(frozen=True)
class Rating:
    """A Glicko-2 rating: the value, its deviation (how unsure it is) and its volatility."""

    rating: float = 1500.0
    deviation: float = 350.0
    volatility: float = 0.06

    def __str__(self) -> str:
        return f"{round(self.rating)} ± {round(2 * self.deviation)}"


def next_box(box: int, right: bool) -> int:
    """The Leitner step: right on the first try moves up a box (at most 5), a miss goes back to box 1.

    A puzzle never tried counts as box 1 (``box`` 0 means "never tried").

    >>> next_box(0, True), next_box(1, True), next_box(5, True), next_box(4, False)
    (2, 2, 5, 1)
    """
    if not right:
        return 1
    return min(5, max(box, 1) + 1)


# --- Glicko-2 ---------------------------------------------------------------------------------------

_SCALE = 173.7178
_TAU = 0.5  # how fast the volatility may change (Glickman suggests 0.3 to 1.2)


def glicko2(player: Rating, games: Sequence[tuple[float, float, float]], *, tau: float = _TAU) -> Rating:
    """The player's rating after one rating period of ``games`` (opponent rating, its deviation, score 1/0).

    Glickman's worked example ("Example of the Glicko-2 system"), which rounds its steps to four places
    and gets 1464.06, 151.52 and 0.05999:

    >>> new = glicko2(Rating(1500, 200, 0.06), [(1400, 30, 1), (1550, 100, 0), (1700, 300, 0)])
    >>> round(new.rating, 2), round(new.deviation, 2), round(new.volatility, 6)
    (1464.05, 151.52, 0.059996)
    """
    mu, phi, sigma = (player.rating - 1500) / _SCALE, player.deviation / _SCALE, player.volatility
    if not games:
        return Rating(player.rating, min(350.0, math.sqrt(phi ** 2 + sigma ** 2) * _SCALE), sigma)

    def g(phi_j: float) -> float:
        return 1 / math.sqrt(1 + 3 * phi_j ** 2 / math.pi ** 2)

    terms = []
    for rating, deviation, score in games:
        mu_j, phi_j = (rating - 1500) / _SCALE, deviation / _SCALE
        expected = 1 / (1 + math.exp(-g(phi_j) * (mu - mu_j)))
        terms.append((g(phi_j), expected, score))
    v = 1 / sum(gj ** 2 * e * (1 - e) for gj, e, _ in terms)
    improvement = sum(gj * (s - e) for gj, e, s in terms)
    delta = v * improvement

    a = math.log(sigma ** 2)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta ** 2 - phi ** 2 - v - ex) / (2 * (phi ** 2 + v + ex) ** 2) - (x - a) / tau ** 2

    low = a
    if delta ** 2 > phi ** 2 + v:
        high = math.log(delta ** 2 - phi ** 2 - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        high = a - k * tau
    f_low, f_high = f(low), f(high)
    for _ in range(100):  # the Illinois method; converges in a handful of steps
        if abs(high - low) <= 1e-6:
            break
        c = low + (low - high) * f_low / (f_high - f_low)
        f_c = f(c)
        if f_c * f_high <= 0:
            low, f_low = high, f_high
        else:
            f_low /= 2
        high, f_high = c, f_c
    new_sigma = math.exp(low / 2)
    phi_star = math.sqrt(phi ** 2 + new_sigma ** 2)
    new_phi = 1 / math.sqrt(1 / phi_star ** 2 + 1 / v)
    new_mu = mu + new_phi ** 2 * improvement
    return Rating(new_mu * _SCALE + 1500, new_phi * _SCALE, new_sigma)


# --- the progress ----------------------------------------------------------------------------------------

class Progress:
    """Every attempt in a progress folder, with the schedule, the summary and the rating worked out from them.

    ``data_dir``: the folder (default :func:`data_dir`); ``clock``: what "now" is (default: the real
    time, in UTC). Reading never raises: what it cannot use is reported in :attr:`problem`. This object
    writes only its own journal (:attr:`journal`).
    """

    def __init__(self, data_dir: str | os.PathLike[str] | None = None, *, clock: Clock | None = None) -> None:
        self.folder = _data_dir(data_dir)
        self.path = self.folder / FOLDER_NAME
        """The folder of journals, where the attempts are kept."""
        self.first_version_file = self.folder / FILE_NAME
        self.clock: Clock = _utc_now if clock is None else inputs.calendar_clock(clock, "the clock of the progress")
        self.session = f"{self._now_stamp()}-{secrets.token_hex(4)}"
        self.journal = self.path / f"{self.session}{JOURNAL_ENDING}"
        """This session's own journal: the only file it writes attempts to (written at the first attempt)."""
        self._own: list[Attempt] = []
        self._files: dict[Path, tuple[tuple[int, int, int] | None, Reading | str]] = {}
        self._notes: dict[str, str] = {}  # one line per thing to report, keyed by what it is about
        self._saved = True
        self._cache: dict[str, Any] = {}  # the schedule and the rating, worked out once per change
        self._attempts: list[Attempt] = []
        self._remove_leftovers()
        self._read()
        self._fold()

    # --- reading ----------------------------------------------------------------------------------------
    def _now_stamp(self) -> str:
        return self.clock().astimezone(timezone.utc).strftime("%Y%m%dT%H%M%SZ")

    def _sources(self) -> list[Path]:
        """The version-1 file, if there is one, and every journal in the folder (not temporaries)."""
        found = [self.first_version_file] if os.path.lexists(self.first_version_file) else []
        try:
            names = sorted(os.listdir(self.path))
        except NotADirectoryError:
            self._notes["folder"] = f"{self.path} is not a folder; progress is not saved there."
            return found
        except OSError:
            return found  # no folder yet: nothing saved yet
        self._notes.pop("folder", None)
        return found + [self.path / name for name in names
                        if name.endswith(JOURNAL_ENDING) and not name.startswith(".")]

    def _read(self) -> bool:
        """Read every file that changed since the last read; merge. Return whether anything changed."""
        changed = False
        sources = self._sources()
        for gone in set(self._files) - set(sources):
            del self._files[gone]
            self._notes.pop(str(gone), None)
            changed = True
        for path in sources:
            stamp = file_stamp(path)
            if path in self._files and stamp is not None and self._files[path][0] == stamp:
                continue
            reading = read_file(path)
            changed = True
            if isinstance(reading, Reading) and reading.why is not None:
                reading = self._set_aside(path, reading)
            self._files[path] = (stamp, reading)
            self._note_file(path, reading)
        if changed or not self._attempts:
            self._merge()
        return changed

    def _note_file(self, path: Path, reading: Reading | str) -> None:
        if isinstance(reading, str):
            self._notes[str(path)] = f"{path} cannot be read ({reading}); it is left as it is."
        elif reading.newer is not None:
            self._notes[str(path)] = (f"{path} was written by a newer nomercy (format version {reading.newer}); "
                                      "it is left as it is, and this session's attempts are saved beside it.")
        elif reading.why is None:  # (a file that did not read and could not be moved aside keeps its line)
            self._notes.pop(str(path), None)

    def _merge(self) -> None:
        merged: dict[str, Attempt] = {}
        for _, reading in self._files.values():
            if isinstance(reading, Reading):
                for a in reading.attempts:
                    merged.setdefault(a.id, a)
        for a in self._own:
            merged.setdefault(a.id, a)
        self._attempts = sorted(merged.values(), key=replay_order)
        self._cache = {}

    def _set_aside(self, path: Path, reading: Reading) -> Reading:
        """Move a file that does not read (in whole or in part) out of the way, kept, never deleted; its
        attempts that do read go to a new journal. Say so in one line."""
        stamp = self._now_stamp()
        target = path.with_name(f"{path.name}.unreadable-{stamp}")
        n = 1
        while os.path.lexists(target):
            n += 1
            target = path.with_name(f"{path.name}.unreadable-{stamp}-{n}")
        try:
            os.rename(path, target)  # not replace: never over a file that appeared meanwhile (checked above)
        except FileNotFoundError:
            return Reading()  # another trainer moved it aside first, and keeps what in it reads
        except OSError as error:
            self._notes[str(path)] = (f"{path} could not be read ({reading.why}) nor moved aside "
                                      f"({error.strerror or error}); it is left as it is.")
            return reading  # its readable attempts are still counted
        kept = ""
        if reading.attempts:
            if self._write_journal(f"{stamp}-{secrets.token_hex(4)}", reading.attempts, "kept"):
                kept = f" The {_count(len(reading.attempts))} in it that could be read are kept."
            else:
                kept = f" The {_count(len(reading.attempts))} in it that could be read are only in {target.name}."
        self._notes[f"aside {path}"] = (f"{path} could not be read ({reading.why}); it was kept as {target.name}"
                                        f"{' and a new one started' if path == self.first_version_file else ''}.{kept}")
        return replace(reading, why=None)

    def _write_journal(self, session: str, attempts: Iterable[Attempt], key: str) -> bool:
        """Write a journal (whole, through a temporary file); on failure say so under ``key`` and return False."""
        target = self.path / f"{session}{JOURNAL_ENDING}"
        try:
            self.path.mkdir(parents=True, exist_ok=True)
            write_text(target, journal_text({"session": session}, attempts), replace=True)
        except OSError as error:  # FileWriteError is one, with its own line
            if "folder" in self._notes:
                return False  # the folder's line says it already
            self._notes[key] = (f"Progress is not saved: {error}." if isinstance(error, NomercyError)
                                else f"Cannot save progress to {target} ({error.strerror or error}).")
            return False
        self._notes.pop(key, None)
        self._files[target] = (file_stamp(target), Reading(tuple(attempts)))
        return True

    def _remove_leftovers(self) -> None:
        """Temporary files of writes that were killed: nomercy's own (by writer), and the old ``.progress-*.tmp``
        of version 1 (by age)."""
        remove_leftovers(self.path)
        remove_leftovers(self.folder)
        try:
            old = [entry for entry in os.scandir(self.folder)
                   if entry.name.startswith(".progress-") and entry.name.endswith(".tmp")]
            for entry in old:
                if entry.is_file(follow_symlinks=False) and \
                        time.time() - entry.stat(follow_symlinks=False).st_mtime > STALE_AFTER_SECONDS:
                    os.unlink(entry.path)
        except OSError:
            pass

    def _fold(self) -> None:
        """Fold the journals of old sessions into one when more than FOLD_AT have piled up (see the module).

        Only journals that read cleanly and were untouched for an hour are claimed (file ages are the file
        system's, not the learner's clock); each is claimed by renaming it, so two folds never fold one twice.
        """
        old = [path for path, (stamp, reading) in self._files.items()
               if path.parent == self.path and path != self.journal and isinstance(reading, Reading)
               and reading.why is None and reading.newer is None and stamp is not None
               and time.time() - stamp[0] / 1e9 > STALE_AFTER_SECONDS]
        if len(old) <= FOLD_AT:
            return
        session = f"{self._now_stamp()}-{secrets.token_hex(4)}"
        folded: list[Path] = []
        attempts: dict[str, Attempt] = {}
        for path in old:
            claim = path.with_name(f"{path.stem}.claimed-{session}{JOURNAL_ENDING}")
            try:
                os.rename(path, claim)
            except OSError:
                continue  # another fold took it, or it went
            reading = read_file(claim)  # what it holds now, which may be more than was read before
            if not isinstance(reading, Reading) or reading.why is not None or reading.newer is not None:
                continue  # changed meanwhile into something that does not read: it stays, a journal still
            folded.append(claim)
            for a in reading.attempts:
                attempts.setdefault(a.id, a)
        if not folded or not self._write_journal(session, sorted(attempts.values(), key=replay_order), "fold"):
            self._notes.pop("fold", None)  # the claimed files are journals still: nothing is lost
            self._read()
            return
        for claim in folded:
            try:
                os.unlink(claim)
            except OSError:
                pass
        self._read()

    def reload(self) -> bool:
        """Read again the files that changed since this object last read or wrote them (another trainer,
        another window, another notebook may have saved attempts). Return whether anything changed."""
        return self._read()

    def save(self) -> bool:
        """Write this session's journal (every attempt it recorded), whole, through a temporary file."""
        if not self._own:
            return True
        self._saved = self._write_journal(self.session, self._own, "save")
        return self._saved

    @property
    def problem(self) -> str | None:
        """What could not be read or saved, in one line (``None`` when all is well)."""
        return " ".join(self._notes.values()) or None

    # --- attempts --------------------------------------------------------------------------------------
    @property
    def attempts(self) -> tuple[Attempt, ...]:
        """Every attempt, of every session, each once, in the order they were made."""
        return tuple(self._attempts)

    @property
    def saves(self) -> bool:
        """Whether the last attempt recorded was saved (it is kept in memory either way)."""
        return self._saved

    def record(self, puzzle: str | PuzzleLike, *, right: bool, hints: int = 0, seconds: float = 0.0,
               topic: str = "", level: str = "") -> Entry:
        """Add an attempt (dated now), save, and return where the puzzle now stands."""
        if not isinstance(puzzle, str):
            topic, level, puzzle = topic or puzzle.topic, level or puzzle.level, puzzle.id
        try:
            attempt = Attempt.from_json({
                "puzzle": puzzle, "right": bool(right), "hints": hints,
                "seconds": round(check_seconds(seconds, "seconds"), 1),
                "date": date_text(self.clock()), "topic": topic, "level": level,
                "id": f"{self.session}-{len(self._own) + 1}"})
        except ValueError as error:
            raise ProgressFileError(f"cannot record this attempt: {error}") from None
        self.reload()
        self._own.append(attempt)
        later = self._attempts and replay_order(attempt) < replay_order(self._attempts[-1])
        self._attempts.append(attempt)
        if later:  # another session's attempt is dated after this one: replay in date order
            self._attempts.sort(key=replay_order)
            self._cache = {}
        if "schedule" in self._cache:  # one more step of what was worked out, rather than all of it again
            _step_schedule(self._cache["schedule"], attempt)
        if "rating" in self._cache:
            self._cache["rating"] = _step_rating(self._cache["rating"], attempt)
        self.save()
        return self.schedule()[puzzle]

    # --- export and import ------------------------------------------------------------------------------
    def export(self) -> str:
        """Every attempt as one text a person keeps (a journal of format version 2, one attempt a line).

        :meth:`import_text` reads it back, here or on another computer."""
        return journal_text({"exported": date_text(self.clock()), "attempts": len(self._attempts)}, self._attempts)

    def import_text(self, text: str | bytes) -> int:
        """Merge an exported text (or an old ``progress.json``) into this progress; return how many of its
        attempts were new. Every attempt of both is kept, each once. A text that does not read in full, or
        that gives an attempt already saved other content under its id, is refused
        (:class:`ProgressFileError`, one line) and nothing changes. The file's bytes are taken as well as its text."""
        if isinstance(text, (bytes, bytearray)):  # a file read as bytes: its text, if it is text
            if len(text) > MAX_FILE_BYTES:
                raise ProgressFileError(f"this progress file is larger than {MAX_FILE_BYTES // 2 ** 20} MB: "
                                        "it is not one nomercy wrote")
            try:
                text = bytes(text).decode("utf-8")
            except UnicodeDecodeError:
                raise ProgressFileError("this progress file is not text (UTF-8): it is not one nomercy wrote. "
                                        "Nothing was changed.") from None
        if not isinstance(text, str) or not text.strip():
            raise ProgressFileError("there is nothing to import: choose a progress file or paste its text")
        if len(text) > MAX_FILE_BYTES:
            raise ProgressFileError(f"this progress file is larger than {MAX_FILE_BYTES // 2 ** 20} MB: "
                                    "it is not one nomercy wrote")
        reading = parse_text(text)
        if reading.newer is not None:
            raise ProgressFileError(f"this progress file was written by a newer nomercy (format version "
                                    f"{reading.newer}); update nomercy to import it. Nothing was changed.")
        if reading.why is not None:
            raise ProgressFileError(f"this progress file cannot be imported ({reading.why}). Nothing was changed.")
        self.reload()
        known = {a.id: a for a in self._attempts}
        clash = next((a for a in reading.attempts if a.id in known and known[a.id] != a), None)
        if clash is not None:
            raise ProgressFileError(f"this progress file gives the attempt {clash.id} (at {clash.puzzle}) other "
                                    "content than the attempt of that id already saved: it was changed by hand. "
                                    "Nothing was changed.")
        new = list({a.id: a for a in reading.attempts if a.id not in known}.values())
        if new:
            if not self._write_journal(f"{self._now_stamp()}-{secrets.token_hex(4)}", new, "import"):
                why = self._notes.pop("import", None) or self._notes.get("folder", "progress cannot be saved.")
                raise ProgressFileError(f"{why[:-1]}; nothing was imported.")
            self._merge()
        return len(new)

    # --- worked out from the attempts ------------------------------------------------------------------
    def schedule(self) -> dict[str, Entry]:
        """Every puzzle tried, with its box and due date, from replaying the attempts in order."""
        if "schedule" in self._cache:
            return dict(self._cache["schedule"])
        entries: dict[str, Entry] = {}
        for a in self._attempts:
            _step_schedule(entries, a)
        self._cache["schedule"] = entries
        return dict(entries)

    def entry(self, puzzle: str) -> Entry | None:
        return self.schedule().get(puzzle)

    def due(self, puzzles: Iterable[PuzzleLike] | None = None, *, now: datetime | None = None) -> list[str]:
        """The puzzles tried before and due again now, longest overdue first (among ``puzzles`` if given)."""
        now = now or self.clock()
        schedule = self.schedule()
        wanted = None if puzzles is None else {p.id for p in puzzles}
        found = [e for e in schedule.values() if e.due <= now and (wanted is None or e.puzzle in wanted)]
        return [e.puzzle for e in sorted(found, key=lambda e: (e.due, e.puzzle))]

    def queue(self, puzzles: Sequence[PuzzleLike], *, seed: int = 0, now: datetime | None = None
              ) -> list[tuple[str, str]]:
        """The order to serve ``puzzles`` in, each with why: ``review`` (due, longest overdue first),
        then ``new`` (never tried: easy, medium, hard, shuffled within a level by ``seed``), then
        ``ahead`` (not due yet, soonest first)."""
        import random

        now = now or self.clock()
        schedule = self.schedule()
        order: list[tuple[str, str]] = [(pid, "review") for pid in self.due(puzzles, now=now)]
        shuffled = sorted(p.id for p in puzzles)  # the whole set, so the order does not move as puzzles are tried
        random.Random(seed).shuffle(shuffled)
        place = {pid: i for i, pid in enumerate(shuffled)}
        new = [p for p in puzzles if p.id not in schedule]
        order += [(p.id, "new") for p in sorted(new, key=lambda p: (_level_rank(p.level), place[p.id]))]
        later = [schedule[p.id] for p in puzzles if p.id in schedule and schedule[p.id].due > now]
        order += [(e.puzzle, "ahead") for e in sorted(later, key=lambda e: (e.due, e.puzzle))]
        return order

    def summary(self, puzzles: Sequence[PuzzleLike], *, now: datetime | None = None) -> list[TopicProgress]:
        """Progress per topic (level "") and per topic and level, topics in order of first appearance."""
        now = now or self.clock()
        schedule = self.schedule()
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
        return [TopicProgress(topic, level, *_four(rows[(topic, level)]), boxes=tuple(boxes[(topic, level)]))
                for topic in topics for level in ("", *LEVELS, *sorted({p.level for p in puzzles} - set(LEVELS)))
                if (topic, level) in rows]

    def rating(self) -> Rating:
        """The learner's puzzle rating: Glicko-2 over every attempt in order, each puzzle rated by its level."""
        if "rating" not in self._cache:
            rating = Rating()
            for a in self._attempts:
                rating = _step_rating(rating, a)
            self._cache["rating"] = rating
        rating_now: Rating = self._cache["rating"]
        return rating_now

    def __repr__(self) -> str:
        return f"<Progress {self.path} attempts={len(self._attempts)}>"


def _step_schedule(entries: dict[str, Entry], a: Attempt) -> None:
    """One attempt's Leitner step, in place."""
    before = entries.get(a.puzzle)
    box = next_box(before.box if before else 0, a.right)
    entries[a.puzzle] = Entry(a.puzzle, box, a.date + INTERVALS[box],
                              (before.attempts if before else 0) + 1, (before.right if before else 0) + a.right)


def _step_rating(rating: Rating, a: Attempt) -> Rating:
    """One attempt as a rating period of one game against the puzzle (a stage of the learning path is none)."""
    if a.topic == LEARN_TOPIC:
        return rating
    return glicko2(rating, [(LEVEL_RATINGS.get(a.level, 1500.0), PUZZLE_DEVIATION, 1.0 if a.right else 0.0)])


def _level_rank(level: str) -> int:
    return LEVELS.index(level) if level in LEVELS else len(LEVELS)


def _count(n: int) -> str:
    return f"{n} attempt{'s' if n != 1 else ''}"


def _four(row: list[int]) -> tuple[int, int, int, int]:
    puzzles, tried, known, due = row
    return puzzles, tried, known, due
