"""The Play, Train and Learn pages' Python: one nomercy widget, with no Jupyter kernel and no IPython.

The pages (``site/app/page.js``) run Pyodide in a worker (``site/app/worker.js``) and draw the widget with
its own ES module. This side keeps the widget exactly as it is in Jupyter (an anywidget whose traits
ipywidgets syncs and whose intents ipywidgets hands to it) and carries Jupyter's widget messages
(``comm_open``, ``comm_msg``, ``comm_close``, as JSON text) to the page through ``post``, and the page's
messages back through :func:`receive`. The ``comm`` package is made for this: its ``create_comm`` is
the one function to replace for a front end of one's own.

What is left out, and why the page starts in a few seconds rather than a kernel's fifteen: the Jupyter
kernel, and IPython, which ipywidgets imports for four names and which takes longer to import in the
browser than everything else together. Without a shell ipywidgets needs only that ``get_ipython()``
answers ``None`` (as in a plain ``python``), so :func:`_without_ipython` gives it a module that says
so, and nothing else; the page never displays anything through IPython.

Nothing here reaches for JavaScript (``js``, ``pyodide.http``): what Python needs from the page comes as
arguments (``post``) or as files the worker writes beside this module. (On a first visit the worker
starts Python ready to be snapshotted, and such a Python sees JavaScript's globals through a proxy that
some calls refuse, "Illegal invocation".)
"""

from __future__ import annotations

import importlib.util
import json
import os
import random
import sys
import types
from pathlib import Path
from typing import Any, Callable

os.environ["JUPYTER_WIDGETS_ECHO"] = "0"  # the page keeps its own copy of what it set: no echo needed


def _without_ipython() -> None:
    """Where IPython is not installed, the four names ipywidgets imports from it, as a shell-less IPython
    gives them: no shell, nothing displayed, no output to clear."""
    if "IPython" in sys.modules or importlib.util.find_spec("IPython") is not None:
        return

    class InteractiveShell:
        @classmethod
        def initialized(cls) -> bool:
            return False

    modules = {name: types.ModuleType(name) for name in
               ("IPython", "IPython.display", "IPython.core", "IPython.core.interactiveshell")}
    modules["IPython"].get_ipython = lambda: None  # type: ignore[attr-defined]
    modules["IPython.display"].display = lambda *objects, **options: None  # type: ignore[attr-defined]
    modules["IPython.display"].clear_output = lambda wait=False: None  # type: ignore[attr-defined]
    modules["IPython.core.interactiveshell"].InteractiveShell = InteractiveShell  # type: ignore[attr-defined]
    modules["IPython"].display = modules["IPython.display"]  # type: ignore[attr-defined]
    modules["IPython"].core = modules["IPython.core"]  # type: ignore[attr-defined]
    modules["IPython.core"].interactiveshell = modules["IPython.core.interactiveshell"]  # type: ignore[attr-defined]
    sys.modules.update(modules)


_without_ipython()

import comm  # noqa: E402
from comm.base_comm import BaseComm  # noqa: E402

_post: Callable[[str], None] = print
"""Where messages to the page go (the worker's ``postMessage``, given to :func:`start`)."""


class PageComm(BaseComm):
    """A widget's end of the line to the page: every message goes out as one JSON text."""

    def publish_msg(self, msg_type: str, data: Any = None, metadata: Any = None, buffers: Any = None,
                    **keys: Any) -> None:
        _post(json.dumps({"type": msg_type, "comm_id": self.comm_id, "data": data or {}}))


comm.create_comm = PageComm

# Imported now, so that the snapshot the worker takes after importing this module holds them (see worker.js)
import nomercy.puzzles.puzzle  # noqa: E402,F401
import nomercy.widgets  # noqa: E402,F401


PLAY_SAVE = "play-page-round.json"
"""The Play page's round, in the learner's folder (the Lab sees it as ``nomercy/play-page-round.json``)."""


def _play() -> Any:
    from nomercy.puzzles.progress import data_dir
    from nomercy.widgets import GameTable

    # the round is saved after every move and resumed when the page opens again; a first visit deals a new
    # one (its seed is in the log, so the round can be replayed)
    return GameTable("no-mercy", ["human", "greedy", "random"], seed=random.randrange(1_000_000), coach=True,
                     save_to=data_dir() / PLAY_SAVE)


def _train() -> Any:
    from nomercy.puzzles.puzzle import Puzzle, default_puzzle_dir
    from nomercy.widgets import Trainer

    # The collection from the build's reading of the puzzle files (app/puzzles.json, put beside this
    # module by the worker; see scripts/build_site.py): the same puzzles as load_puzzles() gives, paths
    # included, without parsing YAML in the browser.
    folder = default_puzzle_dir()
    bundle = json.loads(Path(__file__).with_name(PUZZLE_BUNDLE).read_text(encoding="utf-8"))
    return Trainer(puzzles=[Puzzle.from_dict(entry["data"], path=str(folder / entry["file"])) for entry in bundle])


PUZZLE_BUNDLE = "puzzles.json"
"""The puzzle collection as the build read it (the site's ``app/puzzles.json``)."""


def _learn() -> Any:
    from nomercy.puzzles.stage import path_from_bundle
    from nomercy.widgets import LearnPath

    # The learning path from the build's reading of learn/ (app/learn.json, beside this module, as puzzles.json)
    bundle = json.loads(Path(__file__).with_name(LEARN_BUNDLE).read_text(encoding="utf-8"))
    return LearnPath(chapters=path_from_bundle(bundle))


LEARN_BUNDLE = "learn.json"
"""The learning path's chapters and stages as the build read them (the site's ``app/learn.json``)."""

PAGES: dict[str, Callable[[], Any]] = {"play": _play, "train": _train, "learn": _learn}
"""What each page shows."""

_shown: list[Any] = []  # the page's widget, kept alive


def start(page: str, post: Callable[[str], None]) -> str:
    """Make the widget of ``page`` (its models go to the page through ``post`` as they open); its model id."""
    global _post
    _post = post
    random.seed()  # a Python put back from a snapshot would otherwise deal the same "random" round every visit
    widget = PAGES[page]()
    _shown.append(widget)
    return str(widget.model_id)


def receive(text: str) -> None:
    """A message from the page (``{"comm_id": ..., "data": ...}``), handed to its widget as a kernel would."""
    message = json.loads(text)
    target = comm.get_comm_manager().get_comm(message["comm_id"])
    if target is not None:
        target.handle_msg({"content": {"comm_id": message["comm_id"], "data": message["data"]}, "buffers": [],
                           "metadata": {}, "header": {"msg_type": "comm_msg"}})
