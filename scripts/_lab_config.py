"""JupyterLab's settings for ``bash scripts/lab``: the lessons stay as shipped, and every start opens the index.

The notebooks under ``notebooks/`` are stored with their outputs: they are what a reader without a kernel
sees, what nbval checks every cell against, and they hold the saved state of their widgets, so a lesson
opened before it is run shows its tables and boards. Running a lesson makes new outputs whose widgets live
only in that kernel; JupyterLab's autosave would write them over the stored ones, so the next start
showed "Error displaying widget: model not found" in place of every widget, and ``git status`` showed the
lessons as changed (which then blocks a ``git pull``).

So the shipped lessons are served read-only: JupyterLab shows them with a lock, autosave leaves them
alone, and saving one asks for a new name (File > Save Notebook As...), which keeps the person's own copy
beside the lessons. Every other file of the folder saves as usual. A lesson is also served with the Python
version of this server's interpreter in its metadata: the kernel (ipykernel in the same environment) reports
that version when it starts, and JupyterLab marks a notebook whose stored version differs as modified the
moment it opens.

Each start gets a workspace of its own (JupyterLab's remembered tabs, in a temporary folder removed when the
server stops), so a new start opens the index rather than yesterday's tabs, each of which would start a
kernel of its own; within a start, a reload keeps the tabs. ``--LabApp.workspaces_dir`` on the command line
still chooses another folder.

Loaded with ``jupyter lab --config scripts/_lab_config.py``; nothing here is imported by the package.
"""

from __future__ import annotations

import atexit
import platform
import shutil
import sys
import tempfile
from pathlib import PurePosixPath
from typing import Any

if "get_config" not in globals():  # run as a command (or with --help): it is read by JupyterLab, not run
    sys.exit("scripts/_lab_config.py is the settings JupyterLab reads when 'bash scripts/lab' starts it; "
             "run 'bash scripts/lab' instead")

from jupyter_server.services.contents.largefilemanager import AsyncLargeFileManager
from tornado import web

LESSONS = "notebooks"  # the folder of the shipped lessons, relative to the repository (the server's root)
KEPT = ("The lessons are kept as they are shipped, so that they open the same way next time: "
        "use File > Save Notebook As... to keep your own copy.")


def is_lesson(path: str) -> bool:
    """Whether an API path (``/``-separated, relative to the root) is one of the shipped lesson notebooks."""
    parts = PurePosixPath(path.strip("/")).parts
    return len(parts) == 2 and parts[0] == LESSONS and parts[1].endswith(".ipynb")


class LessonsKeptAsShipped(AsyncLargeFileManager):
    """The folder's contents as usual, except that the shipped lessons are read-only."""

    async def get(self, path: str, content: bool = True, type: str | None = None,  # noqa: A002 - the API's name
                  format: str | None = None, require_hash: bool = False) -> dict[str, Any]:  # noqa: A002
        model: dict[str, Any] = await super().get(path, content=content, type=type, format=format,
                                                  require_hash=require_hash)
        if is_lesson(path) and model.get("type") == "notebook" and model.get("content") is not None:
            language = model["content"].get("metadata", {}).get("language_info")
            if isinstance(language, dict) and language.get("name") == "python":
                language["version"] = platform.python_version()
        return model

    def is_writable(self, path: str) -> bool:
        return not is_lesson(path) and bool(super().is_writable(path))

    async def save(self, model: dict[str, Any], path: str = "") -> dict[str, Any]:
        if is_lesson(path) and await self.file_exists(path):
            raise web.HTTPError(403, KEPT)
        return await super().save(model, path)

    async def rename_file(self, old_path: str, new_path: str) -> None:
        if is_lesson(old_path):
            raise web.HTTPError(403, KEPT)
        await super().rename_file(old_path, new_path)

    async def delete_file(self, path: str) -> None:
        if is_lesson(path):
            raise web.HTTPError(403, KEPT)
        await super().delete_file(path)


c = get_config()  # type: ignore[name-defined]  # noqa: F821 - given by traitlets when it loads this file
c.ServerApp.contents_manager_class = LessonsKeptAsShipped
_workspaces = tempfile.mkdtemp(prefix="nomercy-lab-workspaces-")
atexit.register(shutil.rmtree, _workspaces, ignore_errors=True)
c.LabApp.workspaces_dir = _workspaces
