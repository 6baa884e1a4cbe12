"""Where a learner's attempts are kept: one journal per session, merged by every reader; old files read, bad ones set aside.

This room holds the files and nothing of the learning model (that is :mod:`nomercy.puzzles.progress_schedule`
and :mod:`nomercy.puzzles.progress_rating`, put together by :class:`nomercy.puzzles.progress.Progress`).

**Two windows at once: one journal per session, merged by every reader.** Each :class:`Journals` (one
trainer, one notebook, one page of the site) writes only its own file, ``progress/<session>.jsonl``: a
header line, then one attempt a line, each attempt with an id (``<session>-<n>``) that no other session
uses. A reader merges every journal in the folder and keeps each id once. Nothing is shared for writing,
so two writers cannot overwrite each other, and no lock is needed. A lock was the other choice; it was not
taken because the browser has none: under Pyodide in JupyterLite there is no ``flock``, and a file on the
Lite drive is written whole through the contents service, so an append or a read-modify-write of one shared
file by two pages would still lose attempts. One file per writer, each written whole through
:mod:`nomercy.core.files` (a temporary file beside it, renamed into place), works the same on a plain file
system and on the browser's drive. :meth:`Journals.reload` reads again whatever changed.

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
:data:`~nomercy.puzzles.progress_text.MAX_FILE_BYTES` are read). A file it cannot use is reported in one line
(:attr:`Journals.problem`) and moved aside next to it (``<name>.unreadable-<time>``), never deleted; the
attempts in it that do read are kept in a new journal. A file it cannot read at all (no permission, a folder
where a file should be) or a file from a newer nomercy is left alone and reported. Temporary files of writes
that were killed are removed at the next start (:func:`nomercy.core.files.remove_leftovers`).
"""

from __future__ import annotations

import os
import secrets
import stat
import sys
import time
from dataclasses import replace
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping

from nomercy.core import inputs
from nomercy.core.errors import NomercyError
from nomercy.core.files import STALE_AFTER_SECONDS, remove_leftovers, why_not, write_text
from nomercy.core.wording import plural
from nomercy.puzzles.progress_text import MAX_FILE_BYTES, Attempt, Reading, journal_text, parse_text, replay_order

__all__ = ["Journals", "data_dir", "read_file", "FILE_NAME", "FOLDER_NAME", "JOURNAL_ENDING", "FOLD_AT", "ENV_VAR"]

FILE_NAME = "progress.json"
"""The one file of format version 1, in the learner's folder (read, never written)."""
FOLDER_NAME = "progress"
"""The folder of journals, in the learner's folder."""
JOURNAL_ENDING = ".jsonl"
ENV_VAR = "NOMERCY_DATA_DIR"
FOLD_AT = 32
"""How many journals of other sessions may pile up before a start folds the old ones into one."""

Clock = Callable[[], datetime]
Stamp = tuple[int, int, int]


def data_dir(explicit: str | os.PathLike[str] | None = None, *, env: Mapping[str, str] | None = None,
             platform: str | None = None, home: Path | None = None) -> Path:
    """The folder the progress lives in.

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
    if explicit is not None:
        return Path(inputs.path(explicit, "the progress folder", folder=True))
    env = os.environ if env is None else _environment(env)
    if env.get(ENV_VAR):
        return Path(inputs.path(env[ENV_VAR], f"the folder named by {ENV_VAR}", folder=True))
    platform = sys.platform if platform is None else inputs.text(platform, "the platform", longest=40, like="linux")
    if platform == "emscripten":
        return Path("/drive") / "nomercy"
    home = Path.home() if home is None else Path(inputs.path(home, "the home folder", folder=True))
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


# --- one file -------------------------------------------------------------------------------------------

def _read_bytes(path: Path) -> bytes:
    """At most MAX_FILE_BYTES + 1 bytes of a regular file; never blocks on a named pipe."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    with os.fdopen(fd, "rb") as handle:
        if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
            raise IsADirectoryError(21, "it is not a file") if stat.S_ISDIR(os.fstat(handle.fileno()).st_mode) \
                else OSError(0, "it is not a file")
        return handle.read(MAX_FILE_BYTES + 1)


def read_file(path: Path) -> Reading | str:
    """A file's reading, or (text) why it cannot be read at all and is left alone."""
    try:
        raw = _read_bytes(path)
    except FileNotFoundError:
        return Reading()
    except IsADirectoryError:
        return "it is a folder, not a file"
    except OSError as error:
        return error.strerror or "it cannot be read"
    if len(raw) > MAX_FILE_BYTES:
        return Reading(why=f"it is larger than {MAX_FILE_BYTES // 2 ** 20} MB")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        return Reading(why="it is not UTF-8 text")
    return parse_text(text)


def _file_stamp(path: Path) -> Stamp | None:
    try:
        status = path.stat()
    except OSError:
        return None
    return status.st_mtime_ns, status.st_size, status.st_ino


# --- the journals of one learner ------------------------------------------------------------------------

class Journals:
    """The attempts kept in one learner's folder (``folder``): every session's journal read and merged, this
    session's own journal written. Reading never raises: what it cannot use is said in :attr:`problem`.

    ``clock`` names the files (sessions, moved-aside copies); it decides nothing."""

    def __init__(self, folder: Path, clock: Clock) -> None:
        self.folder = folder
        self.path = folder / FOLDER_NAME
        """The folder of journals, where the attempts are kept."""
        self.first_version_file = folder / FILE_NAME
        self._clock = clock
        self.session = self.new_session()
        self.journal = self.path / f"{self.session}{JOURNAL_ENDING}"
        """This session's own journal: the only file it writes attempts to (written at the first attempt)."""
        self._own: list[Attempt] = []
        self._files: dict[Path, tuple[Stamp | None, Reading | str]] = {}
        self._notes: dict[str, str] = {}  # one line per thing to report, keyed by what it is about
        self._saved = True
        self._attempts: list[Attempt] = []
        self._version = 0
        self._remove_leftovers()
        self._read()
        self._fold()

    def new_session(self) -> str:
        """A name for a writer no other writer has: the time, and a random token."""
        return f"{self._clock().astimezone(timezone.utc).strftime('%Y%m%dT%H%M%SZ')}-{secrets.token_hex(4)}"

    # --- what it holds --------------------------------------------------------------------------------------
    @property
    def attempts(self) -> tuple[Attempt, ...]:
        """Every attempt, of every session, each once, in the order they were made."""
        return tuple(self._attempts)

    @property
    def version(self) -> int:
        """A number that changes whenever the attempts were merged again (anything worked out from them is stale)."""
        return self._version

    @property
    def problem(self) -> str | None:
        """What could not be read or saved, in one line (``None`` when all is well)."""
        return " ".join(self._notes.values()) or None

    @property
    def saves(self) -> bool:
        """Whether the last attempt added was saved (it is kept in memory either way)."""
        return self._saved

    def next_id(self) -> str:
        """The id of this session's next attempt."""
        return f"{self.session}-{len(self._own) + 1}"

    # --- changes --------------------------------------------------------------------------------------------
    def reload(self) -> bool:
        """Read again the files that changed since this object last read or wrote them (another trainer,
        another window, another notebook may have saved attempts). Return whether anything changed."""
        return self._read()

    def add(self, attempt: Attempt) -> bool:
        """Keep a new attempt of this session and save; return whether it came last in date order (so what was
        worked out from the attempts can take one more step rather than start again)."""
        self._own.append(attempt)
        last = not self._attempts or replay_order(attempt) >= replay_order(self._attempts[-1])
        self._attempts.append(attempt)
        if not last:  # another session's attempt is dated after this one: replay in date order
            self._attempts.sort(key=replay_order)
            self._version += 1
        self.save()
        return last

    def save(self) -> bool:
        """Write this session's journal (every attempt it recorded), whole, through a temporary file."""
        if not self._own:
            return True
        self._saved = self._write_journal(self.session, self._own, "save")
        return self._saved

    def add_journal(self, attempts: Iterable[Attempt]) -> str | None:
        """Keep ``attempts`` (an import) in a journal of their own, and merge; the line that says why they could
        not be saved, or ``None``."""
        if not self._write_journal(self.new_session(), attempts, "import"):
            return self._notes.pop("import", None) or self._notes.get("folder", "progress cannot be saved.")
        self._merge()
        return None

    # --- reading --------------------------------------------------------------------------------------------
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
            stamp = _file_stamp(path)
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
        self._version += 1

    def _set_aside(self, path: Path, reading: Reading) -> Reading:
        """Move a file that does not read (in whole or in part) out of the way, kept, never deleted; its
        attempts that do read go to a new journal. Say so in one line."""
        stamp = self.new_session().partition("-")[0]
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
                                      f"({why_not(error)}); it is left as it is.")
            return reading  # its readable attempts are still counted
        kept = ""
        if reading.attempts:
            count = plural(len(reading.attempts), "attempt")
            if self._write_journal(self.new_session(), reading.attempts, "kept"):
                kept = f" The {count} in it that could be read are kept."
            else:
                kept = f" The {count} in it that could be read are only in {target.name}."
        self._notes[f"aside {path}"] = (f"{path} could not be read ({reading.why}); it was kept as {target.name}"
                                        f"{' and a new one started' if path == self.first_version_file else ''}.{kept}")
        return replace(reading, why=None)

    def _write_journal(self, session: str, attempts: Iterable[Attempt], key: str) -> bool:
        """Write a journal (whole, through a temporary file); on failure say so under ``key`` and return False."""
        target = self.path / f"{session}{JOURNAL_ENDING}"
        attempts = tuple(attempts)
        try:
            self.path.mkdir(parents=True, exist_ok=True)
            write_text(target, journal_text({"session": session}, attempts), replace=True)
        except OSError as error:  # FileWriteError is one, with its own line
            if "folder" in self._notes:
                return False  # the folder's line says it already
            self._notes[key] = (f"Progress is not saved: {error}." if isinstance(error, NomercyError)
                                else f"Cannot save progress to {target} ({why_not(error)}).")
            return False
        self._notes.pop(key, None)
        self._files[target] = (_file_stamp(target), Reading(attempts))
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
        session = self.new_session()
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
