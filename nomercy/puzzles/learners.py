"""Several learners on one computer: each learner's progress and kept mistakes in a folder of their own.

A learner is a name, checked as a seat name is (:func:`nomercy.core.inputs.seat_name`: one word of visible
characters; ``Ann``, ``ANN`` and ``Ａｎｎ`` are one learner). The data folder
(:func:`nomercy.puzzles.progress_store.data_dir`) holds

- the **first learner's** progress where a single learner's always was (``progress/``, ``progress.json``,
  ``kept-puzzles/`` in the data folder itself). It has no name until the first name is given on this
  computer: that name takes it over (``learner.json`` says whose it is), so the progress kept before names
  existed is nobody's to lose;
- every **other learner** in ``learners/<key>/``, the same files again, with a ``learner.json`` that names
  them (``<key>`` comes from the name, so two windows that start the same learner start one folder);
- ``current-learner.json``: the name chosen last, which the trainer, the learning path and the table start with.

Nothing here is shared for writing between learners: two windows of two learners write two folders. A name's
file is written whole, and the first learner is taken over by creating its file only if it is not there yet,
so two windows naming two learners at once give the folder to one of them and a folder of its own to the other.

>>> import tempfile
>>> learners = Learners(tempfile.mkdtemp())
>>> learners.folder_of("Ann") == learners.data_dir, learners.folder_of("Ben").parent.name
(True, 'learners')
>>> learners.names()
['Ann', 'Ben']
"""

from __future__ import annotations

import hashlib
import json
import os
import stat
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from nomercy.core import inputs
from nomercy.core.errors import NomercyError
from nomercy.core.files import why_not, write_text
from nomercy.puzzles.progress_store import data_dir as default_data_dir

__all__ = ["Learners", "LearnerError", "learner_name", "read_name", "same_learner", "NAME_FILE", "CURRENT_FILE", "FOLDER",
           "MAX_LEARNERS"]

NAME_FILE = "learner.json"
"""In a learner's folder: whose it is."""
CURRENT_FILE = "current-learner.json"
"""In the data folder: the learner chosen last."""
FOLDER = "learners"
"""In the data folder: the folders of every learner but the first."""
FORMAT = "nomercy-learner"
MAX_LEARNERS = 200
"""The most learners listed: a class, not a crowd (more folders are still read when named)."""


class LearnerError(NomercyError):
    """A learner's name that cannot be one; the message says what a name is."""


def learner_name(value: Any) -> str:
    """A learner's name, checked as a seat name is: one word of visible characters, composed (NFC).

    >>> learner_name("Zoe\\u0301") == "Zo\\u00e9"
    True
    >>> learner_name("\\u3164")
    Traceback (most recent call last):
    ...
    nomercy.puzzles.learners.LearnerError: a learner's name is one word of 1 to 40 visible characters, like 'Ann'; not 'ㅤ'
    """
    return inputs.seat_name(value, error=LearnerError, what="a learner's name")


def same_learner(one: str, other: str) -> bool:
    """Whether two names name one learner (whatever the case or the way they are composed)."""
    return inputs.name_key(one) == inputs.name_key(other)


def read_name(path: Path) -> str | None:
    """The learner a name file (``learner.json``, ``current-learner.json``) names, or ``None`` for a file that is
    missing or not one of ours (whatever it holds: it is read, at most 4 KB, and never raises)."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))  # a pipe never blocks
        with os.fdopen(fd, "rb") as handle:
            if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
                return None
            text = handle.read(4096).decode("utf-8")
            data = json.loads(text) if inputs.shallow_json(text) else None
        return learner_name(data["name"]) if isinstance(data, dict) and data.get("format") == FORMAT else None
    except (OSError, ValueError, KeyError, RecursionError, LearnerError):
        return None


def _name_text(name: str) -> str:
    return json.dumps({"format": FORMAT, "version": 1, "name": name}, ensure_ascii=False) + "\n"


_BEING_WRITTEN = 10.0
"""Seconds during which a name file that names nobody is taken for one another window is writing."""


class Learners:
    """The learners of one data folder (default: :func:`~nomercy.puzzles.progress_store.data_dir`)."""

    def __init__(self, data_dir: str | os.PathLike[str] | None = None) -> None:
        self.data_dir = default_data_dir(data_dir)
        self.problem: str | None = None
        """What was found wrong with the learners' files, in one line (``None`` when all is well)."""

    def first(self) -> str | None:
        """The name of the first learner (whose progress is the data folder's own), ``None`` before any name."""
        return read_name(self.data_dir / NAME_FILE)

    def folder_of(self, name: str) -> Path:
        """The folder of ``name``'s progress, made and named if it is new (the first name takes the data folder's own)."""
        name = learner_name(name)
        first = self.first()
        if first is None and not self._exists(name):
            try:
                self.data_dir.mkdir(parents=True, exist_ok=True)
            except OSError:
                return self.data_dir  # a folder that cannot be made: its progress says why when it reads or saves
            self._set_aside_unreadable_name(name)
            try:  # take over the first learner's folder, unless another window just did
                with open(self.data_dir / NAME_FILE, "x", encoding="utf-8") as handle:
                    handle.write(_name_text(name))
                return self.data_dir
            except FileExistsError:
                first = self.first()
            except OSError:
                return self.data_dir  # a folder that cannot be written: its progress says why when it saves
        if first is not None and same_learner(first, name):
            return self.data_dir
        folder = self.data_dir / FOLDER / hashlib.sha256(inputs.name_key(name).encode("utf-8")).hexdigest()[:16]
        if read_name(folder / NAME_FILE) is None:
            try:
                folder.mkdir(parents=True, exist_ok=True)
                write_text(folder / NAME_FILE, _name_text(name), replace=True, what="the learner's name")
            except OSError:
                pass  # the progress in it says why it cannot be saved
        return folder

    def _set_aside_unreadable_name(self, name: str) -> None:
        """A ``learner.json`` of the data folder that names nobody (empty, broken, a name that is none, a folder): kept
        aside as ``learner.json.unreadable-<time>``, never deleted, and said in :attr:`problem`, so that ``name`` takes
        over the progress kept here as the first name ever given does. Before, the learner the file had named was given
        a new, empty folder, and the progress was nobody's to see."""
        path = self.data_dir / NAME_FILE
        if not os.path.lexists(path) or read_name(path) is not None:
            return
        try:  # a file another window is writing right now (made, not yet written) is its, not broken
            if datetime.now(timezone.utc).timestamp() - os.lstat(path).st_mtime < _BEING_WRITTEN:
                return
        except OSError:
            return
        stamp = datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%SZ")
        target, n = path.with_name(f"{NAME_FILE}.unreadable-{stamp}"), 1
        while os.path.lexists(target):
            n += 1
            target = path.with_name(f"{NAME_FILE}.unreadable-{stamp}-{n}")
        try:
            os.rename(path, target)
        except FileNotFoundError:
            return  # another window set it aside first
        except OSError as error:
            self.problem = f"{path} names no learner and could not be moved aside ({why_not(error)}); it is left as it is."
            return
        self.problem = (f"{path} could not be read (it names no learner); it was kept as {target.name}, and the "
                        f"progress kept here is {name}'s.")

    def _exists(self, name: str) -> bool:
        return any(same_learner(name, other) for other in self.names())

    def names(self) -> list[str]:
        """Every learner with a name here, the first learner first, the others in the order of their names."""
        first = self.first()
        others: list[str] = []
        try:
            entries = sorted(os.scandir(self.data_dir / FOLDER), key=lambda e: e.name)[:MAX_LEARNERS]
        except OSError:
            entries = []
        for entry in entries:
            name = read_name(Path(entry.path) / NAME_FILE)
            if name is not None and not (first is not None and same_learner(first, name)):
                others.append(name)
        return ([first] if first else []) + sorted(others, key=inputs.name_key)

    def spelled(self, name: str) -> str:
        """``name`` as the learner it names spelled it first (``ann`` is ``Ann`` once Ann is here)."""
        name = learner_name(name)
        return next((known for known in self.names() if same_learner(known, name)), name)

    def remembered(self) -> str | None:
        """The learner chosen last on this computer (``None`` before any)."""
        return read_name(self.data_dir / CURRENT_FILE)

    def remember(self, name: str) -> None:
        """Remember ``name`` as the learner to start with next time (a folder that cannot be written: not remembered)."""
        name = learner_name(name)
        try:
            self.data_dir.mkdir(parents=True, exist_ok=True)
            write_text(self.data_dir / CURRENT_FILE, _name_text(name), replace=True, what="the learner chosen")
        except OSError:
            pass
