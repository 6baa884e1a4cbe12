"""A learner's progress with the puzzles: every attempt, kept in a small local file.

The file is ``progress.json`` in the user's data folder (:func:`data_dir`). It holds one list, the
attempts, in the order they were made; everything else is worked out from it by replaying them:

- **The schedule** (spaced repetition, a Leitner scheme of five boxes). Every puzzle starts in box 1.
  Right on the first try moves it up one box (at most box 5); a miss sends it back to box 1. It comes
  back after its box's interval (:data:`INTERVALS`): box 1 after 10 minutes (a miss returns later in
  the same session), box 2 after 1 day, box 3 after 3 days, box 4 after 7 days, box 5 after 21 days.
- **Progress per topic and level** (:meth:`Progress.summary`).
- **A puzzle rating** in the manner of Lichess puzzles (Glicko-2, :func:`glicko2`): the learner
  starts at 1500 ± 350, each attempt is a game against the puzzle, and a puzzle's rating comes
  from its level (:data:`LEVEL_RATINGS`).

Nothing here reads the real clock except through ``clock``, so tests pass a fake one; nothing is
random. Writes are atomic (a temporary file in the same folder, then a rename). A file that cannot be
read, or was not written by nomercy, is reported in one line (:attr:`Progress.problem`) and moved aside
next to it (``progress.json.unreadable-<time>``), never deleted; a file from a newer nomercy is left
alone and nothing is saved over it.

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

import json
import math
import os
import sys
import tempfile
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping, Protocol, Sequence

__all__ = [
    "Attempt", "Entry", "Progress", "Rating", "TopicProgress", "data_dir", "glicko2", "next_box",
    "INTERVALS", "LEVEL_RATINGS", "FILE_NAME", "FORMAT", "VERSION",
]

FORMAT = "nomercy-progress"
VERSION = 1
FILE_NAME = "progress.json"
ENV_VAR = "NOMERCY_DATA_DIR"

INTERVALS: dict[int, timedelta] = {
    1: timedelta(minutes=10),
    2: timedelta(days=1),
    3: timedelta(days=3),
    4: timedelta(days=7),
    5: timedelta(days=21),
}
"""How long a puzzle waits in each Leitner box before it is due again."""

LEVELS = ("easy", "medium", "hard")
LEVEL_RATINGS: dict[str, float] = {"easy": 1200.0, "medium": 1500.0, "hard": 1800.0}
"""A puzzle's rating, from its level (a puzzle without a level counts as medium)."""
PUZZLE_DEVIATION = 100.0
"""How sure those ratings are (Glicko's rating deviation), the same for every puzzle."""

Clock = Callable[[], datetime]


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
    macOS, ``$XDG_DATA_HOME`` (default ``~/.local/share``) elsewhere.

    >>> data_dir(env={}, platform="linux", home=Path("/home/ann")).as_posix()
    '/home/ann/.local/share/nomercy'
    >>> data_dir(env={"NOMERCY_DATA_DIR": "/tmp/x"}).as_posix()
    '/tmp/x'
    """
    if explicit is not None and str(explicit):
        return Path(explicit)
    env = os.environ if env is None else env
    if env.get(ENV_VAR):
        return Path(env[ENV_VAR])
    platform = sys.platform if platform is None else platform
    home = Path.home() if home is None else home
    if platform.startswith("win"):
        base = Path(env["APPDATA"]) if env.get("APPDATA") else home / "AppData" / "Roaming"
    elif platform == "darwin":
        base = home / "Library" / "Application Support"
    else:
        xdg = env.get("XDG_DATA_HOME", "")
        base = Path(xdg) if xdg and Path(xdg).is_absolute() else home / ".local" / "share"  # XDG: ignore relative
    return base / "nomercy"


_data_dir = data_dir  # for Progress, whose argument has the same name


# --- records ------------------------------------------------------------------------------------------

def _date_text(when: datetime) -> str:
    return when.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def _parse_date(text: Any) -> datetime:
    if not isinstance(text, str):
        raise ValueError(f"a date is text like 2026-12-01T09:00:00Z, not {text!r}")
    return datetime.strptime(text, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=timezone.utc)


@dataclass(frozen=True)
class Attempt:
    """One try at a puzzle: right on the first try or not, hints used before answering, seconds taken."""

    puzzle: str
    right: bool
    hints: int
    seconds: float
    date: datetime
    topic: str = ""
    level: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"puzzle": self.puzzle, "right": self.right, "hints": self.hints, "seconds": self.seconds,
                "date": _date_text(self.date), "topic": self.topic, "level": self.level}

    @classmethod
    def from_json(cls, data: Any) -> "Attempt":
        if not isinstance(data, dict):
            raise ValueError(f"an attempt is a mapping, not {type(data).__name__}")
        puzzle, right, hints, seconds = data.get("puzzle"), data.get("right"), data.get("hints"), data.get("seconds")
        if not isinstance(puzzle, str) or not puzzle:
            raise ValueError("an attempt names its puzzle")
        if not isinstance(right, bool):
            raise ValueError(f"attempt at {puzzle}: right is true or false")
        if isinstance(hints, bool) or not isinstance(hints, int) or hints < 0:
            raise ValueError(f"attempt at {puzzle}: hints is a whole number")
        if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not 0 <= seconds < 1e9:
            raise ValueError(f"attempt at {puzzle}: seconds is a number")
        topic, level = data.get("topic", ""), data.get("level", "")
        if not isinstance(topic, str) or not isinstance(level, str):
            raise ValueError(f"attempt at {puzzle}: topic and level are text")
        return cls(puzzle, right, hints, float(seconds), _parse_date(data.get("date")), topic, level)


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


# --- the file -----------------------------------------------------------------------------------------

class Progress:
    """The attempts in one progress file, with the schedule, the summary and the rating worked out from them.

    ``data_dir``: the folder (default :func:`data_dir`); ``clock``: what "now" is (default: the real
    time, in UTC). Reading never raises: a file it cannot use is reported in :attr:`problem`.
    """

    def __init__(self, data_dir: str | os.PathLike[str] | None = None, *, clock: Clock | None = None) -> None:
        self.folder = _data_dir(data_dir)
        self.path = self.folder / FILE_NAME
        self.clock: Clock = clock or _utc_now
        self.problem: str | None = None
        self._writable = True
        self._stamp: tuple[int, int] | None = None  # the file as last read or written (mtime, size)
        self._cache: dict[str, Any] = {}  # the schedule and the rating, worked out once per change
        self._attempts: list[Attempt] = self._read()

    # --- reading and writing -------------------------------------------------------------------------
    def _read(self) -> list[Attempt]:
        self._cache = {}
        try:
            raw = self.path.read_bytes()
            self._stamp = self._file_stamp()
        except FileNotFoundError:
            return []
        except OSError as error:
            self._writable = False
            self.problem = f"Cannot read {self.path} ({error.strerror or error}); progress is not saved."
            return []
        try:
            data = json.loads(raw.decode("utf-8"))
        except UnicodeDecodeError:
            return self._set_aside("it is not UTF-8 text")
        except json.JSONDecodeError as error:
            return self._set_aside(f"it is not JSON: {error.msg} at line {error.lineno}")
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            return self._set_aside("it is not a nomercy progress file")
        version = data.get("version")
        if isinstance(version, int) and not isinstance(version, bool) and version > VERSION:
            self._writable = False
            self.problem = (f"{self.path} was written by a newer nomercy (format version {version}); "
                            "it is left as it is and this session's progress is not saved.")
            return []
        if version != VERSION or not isinstance(data.get("attempts"), list):
            return self._set_aside(f"it has no version {VERSION} list of attempts")
        try:
            return [Attempt.from_json(item) for item in data["attempts"]]
        except ValueError as error:
            return self._set_aside(str(error))

    def _set_aside(self, why: str) -> list[Attempt]:
        """Move an unusable file out of the way (kept, never deleted) and say so in one line."""
        stamp = self.clock().astimezone(timezone.utc).strftime("%Y%m%dT%H%M%SZ")
        target = self.path.with_name(f"{FILE_NAME}.unreadable-{stamp}")
        n = 1
        while target.exists():
            n += 1
            target = self.path.with_name(f"{FILE_NAME}.unreadable-{stamp}-{n}")
        try:
            os.replace(self.path, target)
        except OSError as error:
            self._writable = False
            self.problem = (f"{self.path} cannot be read ({why}) nor moved aside ({error.strerror or error}); "
                            "progress is not saved.")
            return []
        self.problem = f"{self.path} could not be read ({why}); it was kept as {target.name} and a new one started."
        return []

    def _file_stamp(self) -> tuple[int, int] | None:
        try:
            status = self.path.stat()
        except OSError:
            return None
        return status.st_mtime_ns, status.st_size

    def reload(self) -> None:
        """Read the file again if it changed since this object last read or wrote it (another trainer may
        have written to it)."""
        if self._writable and self._file_stamp() != self._stamp:
            self._attempts = self._read()

    def save(self) -> bool:
        """Write every attempt, atomically: a temporary file in the same folder, then a rename."""
        if not self._writable:
            return False
        # one attempt a line: easy to read, and json's fast encoder (an indented dump is ten times slower)
        lines = ",\n".join(json.dumps(a.to_json(), ensure_ascii=False) for a in self._attempts)
        text = f'{{"format": "{FORMAT}", "version": {VERSION}, "attempts": [\n{lines}\n]}}\n'
        temporary = None
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            with tempfile.NamedTemporaryFile("w", encoding="utf-8", dir=self.folder, prefix=".progress-",
                                             suffix=".tmp", delete=False) as handle:
                temporary = handle.name
                handle.write(text)
                handle.flush()
                os.fsync(handle.fileno())
            os.replace(temporary, self.path)
            temporary = None
            self._stamp = self._file_stamp()
        except OSError as error:
            self.problem = f"Cannot save progress to {self.path} ({error.strerror or error})."
            return False
        finally:
            if temporary is not None:
                Path(temporary).unlink(missing_ok=True)
        return True

    # --- attempts --------------------------------------------------------------------------------------
    @property
    def attempts(self) -> tuple[Attempt, ...]:
        return tuple(self._attempts)

    @property
    def saves(self) -> bool:
        """Whether attempts are written to the file (not when it was unreadable and could not be moved aside)."""
        return self._writable

    def record(self, puzzle: str | PuzzleLike, *, right: bool, hints: int = 0, seconds: float = 0.0,
               topic: str = "", level: str = "") -> Entry:
        """Add an attempt (dated now), save, and return where the puzzle now stands."""
        if not isinstance(puzzle, str):
            topic, level, puzzle = topic or puzzle.topic, level or puzzle.level, puzzle.id
        self.reload()
        attempt = Attempt(puzzle, bool(right), int(hints), round(float(seconds), 1),
                          self.clock().astimezone(timezone.utc).replace(microsecond=0), topic, level)
        self._attempts.append(attempt)
        if "schedule" in self._cache:  # one more step of what was worked out, rather than all of it again
            _step_schedule(self._cache["schedule"], attempt)
        if "rating" in self._cache:
            self._cache["rating"] = _step_rating(self._cache["rating"], attempt)
        self.save()
        return self.schedule()[puzzle]

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
        for p in sorted(puzzles, key=lambda p: _level_rank(p.level)):
            for key in ((p.topic, ""), (p.topic, p.level)):
                row = rows.setdefault(key, [0, 0, 0, 0])
                entry = schedule.get(p.id)
                row[0] += 1
                row[1] += entry is not None
                row[2] += entry is not None and entry.box >= 2
                row[3] += entry is not None and entry.due <= now
        topics = list(dict.fromkeys(p.topic for p in puzzles))
        return [TopicProgress(topic, level, *rows[(topic, level)])
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
    """One attempt as a rating period of one game against the puzzle."""
    return glicko2(rating, [(LEVEL_RATINGS.get(a.level, 1500.0), PUZZLE_DEVIATION, 1.0 if a.right else 0.0)])


def _level_rank(level: str) -> int:
    return LEVELS.index(level) if level in LEVELS else len(LEVELS)
