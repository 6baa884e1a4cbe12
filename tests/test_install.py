"""Installed, not only cloned: a wheel of the project, installed in a fresh environment outside the
repository, opens its puzzles, steps through an answer, plays a game and checks the whole collection.

The wheel carries a copy of ``puzzles/``; this test is what shows an installed package finds it.
To stay quick and offline, the fresh environment borrows the third-party packages (anywidget,
ipywidgets, PyYAML) of the environment running the tests through a ``.pth`` line, and the wheel is
installed with ``--no-deps``. A ``.pth`` line adds a folder but does not read the ``.pth`` files in
it, so an editable install of the repository there stays invisible: the test checks that the
package it ran is the one in the fresh environment.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # pip builds the wheel and installs it in a fresh venv: `pytest -m slow`

REPO = Path(__file__).resolve().parent.parent
COLLECTION = sorted(REPO.glob("puzzles/**/*.yaml"))

# Run by the fresh environment's Python, with the current folder outside the repository.
SESSION = r'''
import json

import nomercy
from nomercy.puzzles.puzzle import default_puzzle_dir
from nomercy.puzzles.schema import puzzle_schema
from nomercy.widgets import GameTable, PuzzleBoard, StepPlayer
from nomercy.widgets._common import STATIC


def send(widget, intent):
    """Deliver an intent as a click in the browser does; the error the widget then shows."""
    widget._handle_custom_msg(intent, [])
    return widget.error


def click(table):
    """A plain learner's click: the first option of a prompt, else a playable card, else the main button."""
    t = table.table
    if table.prompt:
        return {"type": "move", "move": table.prompt["options"][0]["move"]}
    if t["hidden"]:
        return {"type": "reveal"}
    playable = [c for c in t["hand"] if c["playable"]]
    if playable:
        return {"type": "card", "card": playable[0]["card"]}
    button = next((b for b in t["buttons"] if b.get("primary")), t["buttons"][0])
    return {"type": "move", "move": button["move"]} if button.get("move") else {"type": button["intent"]}


board = PuzzleBoard()  # the whole collection
player = StepPlayer("stack-2-4-6")
send(player, {"type": "last"})
table = GameTable("no-mercy", ["human", "greedy"], seed=3, pace=0)
clicks = 0
while not table.table["over"] and clicks < 2000:
    error = send(table, click(table))
    assert not error, error
    clicks += 1
print(json.dumps({
    "package": nomercy.__file__,
    "puzzles": str(default_puzzle_dir()),
    "static": sorted(p.name for p in STATIC.iterdir()),
    "typed": (STATIC.parent.parent / "py.typed").is_file(),
    "schema": puzzle_schema()["title"],
    "board": board.puzzle["count"],
    "player": [player.frame["index"], player.info["count"]],
    "winner": table.table["over"] and table.table["over"]["winner"],
}))
'''


def _run(args: list[str | Path], cwd: Path) -> str:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME", "PYTHONSTARTUP")}
    done = subprocess.run([str(a) for a in args], cwd=cwd, env=env, capture_output=True, text=True, timeout=300)
    command = " ".join(str(a) for a in args)
    command = command if len(command) < 200 else command[:200] + " ..."
    assert done.returncode == 0, f"{command} failed:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    return done.stdout


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh virtual environment outside the repository with the project's wheel installed."""
    root = tmp_path_factory.mktemp("installed")
    assert not root.resolve().is_relative_to(REPO)
    _run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", root / "dist", REPO], cwd=root)
    (wheel,) = (root / "dist").glob("nomercy-*.whl")
    env = root / "env"
    _run([sys.executable, "-m", "venv", "--without-pip", env], cwd=root)
    python = env / "bin" / "python"
    site = Path(_run([python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"], cwd=root).strip())
    ours = dict.fromkeys(sysconfig.get_paths()[key] for key in ("purelib", "platlib"))
    (site / "borrowed-dependencies.pth").write_text("".join(f"{path}\n" for path in ours))
    _run([sys.executable, "-m", "pip", "--python", python, "install", "--no-deps", "--no-index", "--quiet", wheel],
         cwd=root)
    return env


def test_an_installed_package_opens_puzzles_steps_and_games(installed: Path) -> None:
    outside = installed.parent
    report = json.loads(_run([installed / "bin" / "python", "-c", SESSION], cwd=outside).splitlines()[-1])
    assert Path(report["package"]).is_relative_to(installed), "the test ran the repository's nomercy"
    assert Path(report["puzzles"]).is_relative_to(installed) and report["puzzles"].endswith("nomercy/data/puzzles")
    assert report["board"] == len(COLLECTION)
    assert report["player"][0] == report["player"][1] - 1 > 0
    assert report["winner"]
    assert {"game_table.js", "game_table.css", "puzzle_board.js", "puzzle_board.css",
            "step_player.js", "step_player.css", "phone.css"} <= set(report["static"])
    assert report["typed"]
    assert report["schema"] == "nomercy puzzle"  # the puzzle format's JSON Schema ships in the wheel


def test_the_installed_command_checks_the_whole_collection_without_a_path(installed: Path) -> None:
    out = _run([installed / "bin" / "nomercy", "check"], cwd=installed.parent)
    assert out.splitlines()[-1] == f"{len(COLLECTION)} passed, 0 failed"
