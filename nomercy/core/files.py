"""Writing a file so that nothing is ever lost: the one way nomercy writes the files a person keeps.

A write goes to a temporary file *beside* the target (same folder, so the final rename cannot cross file
systems), is flushed to disk, and only then renamed over the target name. A reader therefore sees the old
file or the new one, never half of one, and a run that stops part-way leaves the old file as it was.

- An existing target is **refused unless** the caller says ``replace=True`` (the command line's
  ``--force``), and a target that is not a regular file (a folder, a named pipe, a device) is always
  refused: nomercy never truncates or removes a file it did not create.
- Where the system allows it (Linux), the temporary file has no name until the write is done, so a write that
  is killed (``kill -9``, a power cut) leaves nothing behind. Elsewhere it carries the writer's process id in
  its name (``.records.jsonl.4711-k3j9x2.nomercy-tmp``), and a killed write leaves one behind, which
  :func:`remove_leftovers` removes once its writer is gone: every write calls it for its folder at its start. A write whose name another writer took meanwhile is kept under the first free
  name (``records.1.jsonl``) rather than thrown away.

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> write_text(folder / "notes.txt", "first\\n")
>>> write_text(folder / "notes.txt", "second\\n")
Traceback (most recent call last):
...
nomercy.core.files.FileWriteError: ...notes.txt already exists: give another name, or replace it on purpose (--force)
>>> write_text(folder / "notes.txt", "second\\n", replace=True)
>>> (folder / "notes.txt").read_text()
'second\\n'
>>> sorted(p.name for p in folder.iterdir())    # no temporary file is left
['notes.txt']
"""

from __future__ import annotations

import contextlib
import errno
import os
import secrets
import stat
import sys
import time
from pathlib import Path
from typing import IO, Iterator

from nomercy.core.errors import NomercyError, brief

__all__ = ["FileWriteError", "TEMPORARY_SUFFIX", "check_target", "remove_leftovers", "write_text", "writing",
           "why_not"]

TEMPORARY_SUFFIX = ".nomercy-tmp"
"""The ending of every temporary file nomercy writes (and the only files :func:`remove_leftovers` removes)."""

STALE_AFTER_SECONDS = 3600.0
"""Where a writer's process cannot be asked whether it is alive (the browser, Windows), a temporary file
this old counts as left behind."""


class FileWriteError(NomercyError, OSError):
    """A file nomercy was asked to write that it will not or cannot write; the message says why, in one line.

    It is both a :class:`~nomercy.core.errors.NomercyError` (a mistake in what was asked) and an
    ``OSError`` (callers that already handle file errors keep working).
    """


_WHY_NOT = {
    errno.ENOENT: "that place does not exist and cannot be made there",
    errno.EACCES: "there is no right to write there",
    errno.EPERM: "the system does not allow writing there",
    errno.EROFS: "it is on a disk that can only be read",
    errno.ENOSPC: "the disk is full",
    errno.EDQUOT: "the disk space allowed is used up",
    errno.ENAMETOOLONG: "the name is too long for the system",
    errno.ENOTDIR: "a part of the name is a file, not a folder",
    errno.EISDIR: "it is a folder, not a file",
    errno.EEXIST: "something of that name is already there",
    errno.ELOOP: "its name goes round in a loop of links",
    errno.EXDEV: "it is on another disk than its folder",
    errno.EINVAL: "the system does not take that name",
}
"""Why the system refused to write a file or make a folder, in our words, by the error number it gave."""


def why_not(error: OSError) -> str:
    """Why the system refused to write ``error``'s file or folder, in the game's words (never the system's
    ``[Errno 2] No such file or directory``): the one wording every place that writes what a person keeps uses.

    >>> why_not(FileNotFoundError(2, "No such file or directory"))
    'that place does not exist and cannot be made there'
    """
    return _WHY_NOT.get(error.errno or 0, "the system does not allow it")


def _cannot(target: Path, what: str | None, reason: str) -> FileWriteError:
    return FileWriteError(f"cannot write {what + ' to ' if what else ''}{target}: {reason}")


def name_problem(name: str) -> str | None:
    """What is wrong with a file or folder name a person gave, beyond what the file system refuses; None if nothing.

    ``-`` is refused: many programs read it as the screen or the keyboard, and nomercy would write a file of that
    name instead. So is a name with a line break, a tab or another control character: it cannot be typed back,
    and lists of files show it as something else.

    >>> name_problem("games.jsonl") is None
    True
    >>> name_problem("a\\nb")
    "'a?b' holds a line break, a tab or another control character: give a name without one"
    """
    if name == "-":
        return "'-' is not a file name here (nomercy does not read it as the screen): give the name of a file"
    if any(ord(c) < 32 or 127 <= ord(c) < 160 for c in name):
        from nomercy.core.errors import quote

        return f"{quote(name)} holds a line break, a tab or another control character: give a name without one"
    return None


def check_target(path: str | os.PathLike[str], *, replace: bool = False, what: str | None = None) -> Path:
    """Refuse, before anything is written, a target that must not be written; return it as a ``Path``.

    Refused: a folder or any other thing that is not a regular file, an existing file unless ``replace``,
    and a target whose folder does not exist or is not a folder. ``what`` names the file in messages
    (``"the records"``).
    """
    if not isinstance(path, (str, os.PathLike)) or "\x00" in str(path):
        raise FileWriteError(f"{brief(path)} is not a file name: give the name of a file to write")
    problem = name_problem(str(path))
    if problem is not None:
        raise FileWriteError(problem)
    target = Path(path)
    if str(path) == "" or target.name in ("", ".", ".."):
        raise FileWriteError(f"{str(path)!r} is not a file name: give the name of a file to write")
    try:
        if target.is_symlink():  # write the file the link names: a rename over the link would cut it off
            target = Path(os.path.realpath(target))
    except OSError as error:  # a name too long
        raise _cannot(target, what, why_not(error)) from None
    folder = target.parent
    try:
        folder_is_dir = folder.is_dir()
        folder_exists = folder_is_dir or folder.exists()
    except OSError as error:  # a name too long, a loop of links
        raise _cannot(target, what, why_not(error)) from None
    if not folder_is_dir:
        raise _cannot(target, what, f"its folder {folder} {'is not a folder' if folder_exists else 'does not exist'}")
    try:
        status = os.stat(target)
    except FileNotFoundError:
        return target
    except OSError as error:
        raise _cannot(target, what, why_not(error)) from None
    if not stat.S_ISREG(status.st_mode):
        kind = "a folder" if stat.S_ISDIR(status.st_mode) else "not a regular file"
        raise FileWriteError(f"{target} is {kind}: nomercy only writes regular files, and leaves this one alone")
    if not replace:
        raise FileWriteError(f"{target} already exists: give another name, or replace it on purpose (--force)")
    if not status.st_mode & 0o222:  # the owner made it read-only: a rename over it would write it all the same
        raise FileWriteError(f"{target} is read-only: nomercy leaves it as it is; make it writable to write to it, "
                             "or give another file")
    return target


@contextlib.contextmanager
def writing(path: str | os.PathLike[str], *, replace: bool = False, encoding: str = "utf-8",
            what: str | None = None) -> Iterator[IO[str]]:
    """Write a text file through a temporary file beside it, renamed into place when the block ends well.

    The target is checked first (:func:`check_target`). If the block raises, the temporary file is removed
    and the target is untouched. The target is checked again at the rename: a file that appeared meanwhile
    is not overwritten unless ``replace``.

    Where the system can (Linux), the temporary file has no name at all until the write is done (``O_TMPFILE``):
    a write killed with ``kill -9`` leaves nothing in the folder, since the system frees a file without a name
    when its writer is gone. Elsewhere it is named ``.<name>.<pid>-<token>.nomercy-tmp``, and the temporaries
    that killed writers left in the folder are removed when the next write there starts (:func:`remove_leftovers`).
    """
    target = check_target(path, replace=replace, what=what)
    remove_leftovers(target.parent)
    temporary = _Temporary.beside(target, encoding=encoding, what=what)
    done = False
    try:
        with temporary.handle as handle:
            yield handle
            handle.flush()
            with contextlib.suppress(OSError):  # some file systems (the browser's) have no fsync
                os.fsync(handle.fileno())
            _move_into_place(temporary, target, replace=replace, what=what)
        done = True
    finally:
        if not done:
            temporary.discard()


class _Temporary:
    """The file a write goes to before it takes the target's name: a file without a name (``O_TMPFILE``) where the
    system gives one, so nothing is left if the writer is killed; otherwise a named file beside the target."""

    def __init__(self, handle: IO[str], name: Path | None, target: Path) -> None:
        self.handle = handle
        self.name = name  # None: the file has no name yet
        self.target = target

    @classmethod
    def beside(cls, target: Path, *, encoding: str, what: str | None) -> "_Temporary":
        mode: int | None = None  # the file it replaces keeps its permissions (a save kept private stays so)
        with contextlib.suppress(OSError):
            mode = stat.S_IMODE(os.stat(target).st_mode)
        unnamed = getattr(os, "O_TMPFILE", 0)
        if unnamed and os.path.isdir("/proc/self/fd"):
            try:
                number = os.open(target.parent, unnamed | os.O_WRONLY, 0o666)  # less the umask, as open() does
            except OSError:  # a file system without unnamed files, or a folder that cannot be written: a named one
                pass
            else:
                if mode is not None:
                    with contextlib.suppress(OSError):
                        os.fchmod(number, mode)
                return cls(os.fdopen(number, "w", encoding=encoding, newline=""), None, target)
        name = _temporary_beside(target)
        try:
            handle = open(name, "x", encoding=encoding, newline="")
        except OSError as error:
            reason = f"its folder {target.parent} cannot be written ({why_not(error)})"
            raise _cannot(target, what, reason) from None
        if mode is not None:
            with contextlib.suppress(OSError):
                os.chmod(name, mode)
        return cls(handle, name, target)

    def link(self, name: Path) -> None:
        """Give the file ``name`` too (``FileExistsError`` when the name is taken), keeping its own."""
        if self.name is None:
            # linkat(..., AT_SYMLINK_FOLLOW) on the file's /proc entry gives it a name; os.link asks linkat (not link,
            # which would link the /proc entry itself) only when given a folder's descriptor
            folder = os.open(name.parent, os.O_RDONLY)
            try:
                os.link(f"/proc/self/fd/{self.handle.fileno()}", name.name, dst_dir_fd=folder, follow_symlinks=True)
            finally:
                os.close(folder)
        else:
            os.link(self.name, name)

    def named(self) -> Path:
        """The file's own name, giving it one beside the target first if it has none (to rename it over a file)."""
        if self.name is None:
            name = _temporary_beside(self.target)
            self.link(name)
            self.name = name
        return self.name

    def discard(self) -> None:
        """Remove the file's own name (a file without one goes when it is closed)."""
        with contextlib.suppress(OSError, ValueError):
            self.handle.close()
        if self.name is not None:
            with contextlib.suppress(OSError):
                self.name.unlink()


def _temporary_beside(target: Path) -> Path:
    """This process's temporary name beside ``target``: ``.<name>.<pid>-<token>.nomercy-tmp``.

    ``<name>`` is cut short where the whole would be longer than the folder allows a name to be, so a
    target whose own name is (nearly) as long as allowed still gets a temporary file beside it; the part
    that :func:`remove_leftovers` reads (the process id and the ending) is never cut.
    """
    tail = f".{os.getpid()}-{secrets.token_hex(3)}{TEMPORARY_SUFFIX}"
    try:
        longest = os.pathconf(target.parent, "PC_NAME_MAX")
    except (OSError, ValueError, AttributeError):  # no pathconf (Windows), or the folder cannot say
        longest = 255
    name = "." + target.name
    while len(name) > 1 and len(os.fsencode(name + tail)) > longest:
        name = name[:-1]
    return target.with_name(name + tail)


def write_text(path: str | os.PathLike[str], text: str, *, replace: bool = False, encoding: str = "utf-8",
               what: str | None = None) -> None:
    """Write ``text`` to ``path`` atomically (see :func:`writing`)."""
    with writing(path, replace=replace, encoding=encoding, what=what) as handle:
        handle.write(text)


def _move_into_place(temporary: _Temporary, target: Path, *, replace: bool, what: str | None) -> None:
    if replace:
        check_target(target, replace=True, what=what)  # still a regular file, or still absent
        try:
            os.replace(temporary.named(), target)
        except OSError as error:
            raise _cannot(target, what, why_not(error)) from None
        temporary.name = None  # the name is the target's now
        return
    # Without replace, a hard link gives the target its name only if the name is free: no race with
    # another writer. File systems without hard links fall back to a check just before the rename.
    try:
        temporary.link(target)
    except FileExistsError:
        kept = _keep_under_a_free_name(temporary, target)
        where = f"what was written is in {kept}" if kept else "nothing was written"
        raise FileWriteError(f"{target} appeared while it was being written and is kept as it is; {where}") from None
    except OSError:
        check_target(target, replace=False, what=what)
        try:
            os.replace(temporary.named(), target)
        except OSError as error:
            raise _cannot(target, what, why_not(error)) from None
        temporary.name = None
        return
    if temporary.name is not None:
        with contextlib.suppress(OSError):
            temporary.name.unlink()
        temporary.name = None


def _keep_under_a_free_name(temporary: _Temporary, target: Path) -> Path | None:
    """Give a finished write whose name was taken meanwhile the first free name ``<stem>.1<suffix>``, ``.2``, ...

    A long run is not thrown away because another one took its file name first. Returns None when no name
    up to ``.99`` is free (the temporary file is then removed as usual).
    """
    for number in range(1, 100):
        candidate = target.with_name(f"{target.stem}.{number}{target.suffix}")
        try:
            temporary.link(candidate)
        except FileExistsError:
            continue
        except OSError:
            return None
        return candidate
    return None


def _writer_is_gone(pid: int, age: float) -> bool:
    if sys.platform == "emscripten":
        # Every page of the browser runs Python under the same made-up process id: the id cannot tell this
        # page's writes from another's, or from one that was closed, so only the age can.
        return age > STALE_AFTER_SECONDS
    if pid == os.getpid():
        return False
    if os.name == "nt":
        return age > STALE_AFTER_SECONDS
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except (PermissionError, OSError):
        return False  # alive, another user's
    return False


def remove_leftovers(folder: str | os.PathLike[str]) -> list[Path]:
    """Remove the temporary files that killed writes left in ``folder``; return what was removed.

    Only files named like nomercy's temporaries (``.<name>.<pid>-<token>.nomercy-tmp``) whose writing
    process is gone are touched; a write going on in another process keeps its file. Never raises.
    """
    removed: list[Path] = []
    try:
        entries = list(os.scandir(folder))
    except (OSError, ValueError):  # no such folder, no right to read it, a NUL in its name
        return removed
    now = time.time()
    for entry in entries:
        name = entry.name
        if not (name.startswith(".") and name.endswith(TEMPORARY_SUFFIX)):
            continue
        stem = name[: -len(TEMPORARY_SUFFIX)]
        pid_text = stem.rpartition(".")[2].partition("-")[0]
        if not pid_text.isdigit() or len(pid_text) > 10:
            continue
        try:
            is_folder = entry.is_dir(follow_symlinks=False)  # a set of files written together (staging_folder)
            if not is_folder and not entry.is_file(follow_symlinks=False):
                continue
            age = now - entry.stat(follow_symlinks=False).st_mtime
            if _writer_is_gone(int(pid_text), age):
                if is_folder:
                    import shutil

                    shutil.rmtree(entry.path)
                else:
                    os.unlink(entry.path)
                removed.append(Path(entry.path))
        except OSError:
            continue
    return removed


def staging_folder(target: str | os.PathLike[str]) -> Path:
    """A new, empty hidden folder beside ``target`` for files that appear together or not at all.

    It is named like the temporary files (``.<name>.<pid>-<token>.nomercy-tmp``), so a run killed before it
    moved its files into place leaves nothing that :func:`remove_leftovers` does not clear next time.
    """
    folder = _temporary_beside(Path(target))
    try:
        folder.mkdir()
    except OSError as error:
        raise FileWriteError(f"cannot write {Path(target)}: {why_not(error)}") from None
    return folder
