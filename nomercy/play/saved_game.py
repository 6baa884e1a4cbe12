"""A game saved to a file after every change, so that it survives a closed notebook, a reload or a crash.

The game table saves with ``GameTable(..., save_to="my-game.json")``; this module is the part that needs
no widget. The file holds the round's :class:`~nomercy.play.record.GameRecord` (the text Export record
gives), written whole each time through :mod:`nomercy.core.files`: a temporary file beside it, renamed
into place, so a write that is killed leaves the previous save as it was.

Opening resumes what the file holds, checked the way every record from outside is checked: read, parsed
(:meth:`GameRecord.from_json`) and replayed move by move (:meth:`Game.from_record`). A file that fails any
of that is **set aside**, renamed beside itself (``my-game.unreadable-1.json``) and never deleted, and a
new game starts; :attr:`Resumed.note` says so in one line.

>>> import pathlib, tempfile
>>> save = SavedGame(pathlib.Path(tempfile.mkdtemp()) / "my-game.json")
>>> save.resume().record is None                      # nothing saved yet: a new game
True
>>> save.write(Game("no-mercy", ["Ann", "Bo"], seed=3).record())
>>> save.resume().record.seats
('Ann', 'Bo')
>>> _ = save.path.write_text('{"rules": "no-mercy", "seats": "AB"')
>>> resumed = save.resume()
>>> resumed.record is None, resumed.set_aside.name
(True, 'my-game.unreadable-1.json')
>>> print(resumed.note)
The game saved in my-game.json could not be resumed (not a game record: it ends too early (line 1, column 36): part of the record is missing); the file is kept as my-game.unreadable-1.json and a new game starts.
"""

from __future__ import annotations

import contextlib
import os
from dataclasses import dataclass
from pathlib import Path

from nomercy.core.errors import NomercyError
from nomercy.core.files import check_target, remove_leftovers, why_not, write_text
from nomercy.play.game import Game
from nomercy.play.record import MAX_RECORD_CHARS, GameRecord

__all__ = ["SavedGame", "Resumed", "AutoSave"]


@dataclass(frozen=True)
class Resumed:
    """What opening a save found: the record to resume (``None``: start a new game) and a line to show."""

    record: GameRecord | None
    note: str = ""
    set_aside: Path | None = None
    saving: bool = True
    """False when the file could be neither resumed nor set aside: saving over it would lose it."""
    reason: str = ""
    """Why the file could not be resumed, in a few words without its name (a table says it in its own words)."""


class SavedGame:
    """The file a game is saved to. Checked when made: the folder exists and the file, if any, is a file."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = check_target(path, replace=True)  # refuses a folder, a pipe, a missing folder: at once

    def __repr__(self) -> str:
        return f"SavedGame({str(self.path)!r})"

    def resume(self) -> Resumed:
        """The saved round, checked and replayed; a file that is not one is set aside. Never raises."""
        remove_leftovers(self.path.parent)  # temporary files of writes that were killed
        try:
            record = self.read()
        except NomercyError as error:
            return self._set_aside(str(error))
        if record is None:
            return Resumed(None)
        try:
            Game.from_record(record)
        except NomercyError as error:
            return self._set_aside(str(error))
        return Resumed(record, f"Resumed the game saved in {self.path.name}.")

    def read(self) -> GameRecord | None:
        """The record in the file (``None`` when there is no file); a file that is not one raises, in one line."""
        try:
            with open(self.path, "rb") as handle:
                data = handle.read(4 * MAX_RECORD_CHARS + 1)
        except FileNotFoundError:
            return None
        except OSError as error:
            raise NomercyError(f"it cannot be read ({error.strerror or type(error).__name__})") from None
        if len(data) > 4 * MAX_RECORD_CHARS:
            raise NomercyError(f"not a game record: the file is over {4 * MAX_RECORD_CHARS:,} bytes")
        return GameRecord.from_json(data)

    def write(self, record: GameRecord) -> None:
        """Save ``record`` in place of the last save, atomically (raises :class:`FileWriteError`, in one line)."""
        write_text(self.path, record.to_json() + "\n", replace=True)

    def _set_aside(self, reason: str) -> Resumed:
        try:
            kept = _rename_beside(self.path)
        except OSError as error:
            return Resumed(None, f"The game saved in {self.path.name} could not be resumed ({reason}) nor set aside "
                                 f"({why_not(error)}): it is left as it is and this game is "
                                 "not saved; save to another file.", None, saving=False, reason=reason)
        return Resumed(None, f"The game saved in {self.path.name} could not be resumed ({reason}); the file is kept "
                             f"as {kept.name} and a new game starts.", kept, reason=reason)


class AutoSave:
    """A round saved to ``file`` after every change; a save that fails is said once, and play goes on.

    Two tables may be given the same file: two browser tabs of the Play page, or one notebook run twice.
    Each then plays its own round, and a plain overwrite would keep only the last one saved. So before a
    save the file is read again: when it no longer holds what this table last wrote there (or found there
    when it opened), another table has saved to it, and this round moves to the first free name beside it
    (``my-game-2.json``), said once. Neither round is lost.

    >>> import pathlib, tempfile
    >>> autosave = AutoSave(SavedGame(pathlib.Path(tempfile.mkdtemp()) / "my-game.json"))
    >>> game = Game("no-mercy", ["Ann", "Bo"], seed=3)
    >>> autosave.save(game.record()), autosave.file.read() == game.record()
    (None, True)
    """

    def __init__(self, file: SavedGame, found: GameRecord | None = None) -> None:
        self.file = file
        self._last: GameRecord | None = found  # the record last written, or the one the file held at the start
        self._failed = False

    def save(self, record: GameRecord) -> str | None:
        """Write ``record`` unless it is the one saved last; the line to log (saving began to fail, or moved)."""
        if record == self._last:
            return None
        moved = None
        if self._taken_over():
            old_name = self.file.path.name
            try:
                self.file = SavedGame(_free_name_beside(self.file.path))
            except OSError as error:
                return self._fail(f"another table saved to it, and no free name was found beside it ({error})")
            moved = (f"{old_name} no longer holds this game (another tab or notebook saved its own game there, "
                     f"or the file was changed); so that nothing is lost, this game is now saved to "
                     f"{self.file.path.name}.")
        try:
            self.file.write(record)
        except (NomercyError, OSError) as error:
            return self._fail(str(error))
        self._last, self._failed = record, False
        return moved

    def _taken_over(self) -> bool:
        """Does the file hold something this table did not write (or find there when it opened)?"""
        try:
            held = self.file.read()
        except NomercyError:
            return True  # unreadable now (changed, or no longer a file): never written over
        return held is not None and held != self._last

    def _fail(self, reason: str) -> str | None:
        first = not self._failed
        self._failed = True
        return (f"This game could not be saved to {self.file.path.name} ({reason}); play goes on, and saving "
                "is tried again after every move.") if first else None


def _free_name_beside(path: Path) -> Path:
    """The first ``<stem>-<n><suffix>`` beside ``path`` (n from 2) that names no file."""
    for number in range(2, 10_000):
        target = path.with_name(f"{path.stem}-{number}{path.suffix}")
        if not os.path.lexists(target):
            return target
    raise FileExistsError(f"too many files named {path.stem}-N{path.suffix}")


def _rename_beside(path: Path) -> Path:
    """Rename ``path`` to the first free ``<stem>.unreadable-<n><suffix>`` beside it, overwriting nothing."""
    for number in range(1, 10_000):
        target = path.with_name(f"{path.stem}.unreadable-{number}{path.suffix}")
        try:
            os.link(path, target)  # takes the name only if it is free
        except FileExistsError:
            continue
        except OSError:  # a file system without hard links (the browser's): check, then rename
            if os.path.lexists(target):
                continue
            os.rename(path, target)
            return target
        with contextlib.suppress(FileNotFoundError):
            os.unlink(path)
        return target
    raise FileExistsError(f"too many files named {path.stem}.unreadable-N{path.suffix}")
