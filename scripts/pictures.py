"""Make the pictures of the widgets in README.md and docs/ from the live widgets, in JupyterLab, in chromium.

    .venv/bin/python scripts/pictures.py

Each picture is a widget made by a few lines of seeded Python (in PICTURES below) and brought to a chosen
position through its intents, the messages the browser sends. The script writes those lines into a
notebook under artifacts/, starts JupyterLab with the README's first command, runs the notebook in chromium,
screenshots each widget element into docs/img/, and writes docs/img/pictures.json: for each picture the code,
a digest of the widget's synced state (what the page draws: the table, the log, the advice, the puzzle, and
the widget's own JS and CSS) and the digest of the PNG. tests/test_pictures.py makes each widget again
without a browser and compares both digests, so a change to a widget's look, words or position fails the
test until this script is run again. The hint's measured seconds are left out of the digest (they differ
from run to run; the picture shows the time of its own run).
"""

from __future__ import annotations

import hashlib
import json
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
IMAGES = ROOT / "docs" / "img"
MANIFEST = IMAGES / "pictures.json"


@dataclass(frozen=True)
class Picture:
    file: str
    shows: str
    code: str
    """Python that leaves the widget to draw in ``widget``."""
    selector: str
    """The widget's element in its cell's output."""


PICTURES = [
    Picture(
        "game-table.png",
        "the game table as the README starts it, with the coach on, after the person asked for a hint",
        'from nomercy.widgets import GameTable\n'
        'widget = GameTable("no-mercy", ["human", "greedy", "expert"], seed=1, coach=True)\n'
        'widget.send_intent({"type": "hint"})',
        '[data-testid="nm-table"]',
    ),
    Picture(
        "puzzle-board.png",
        "the puzzle board 'A 7 swaps hands, not seats' after a wrong option was picked: the options, the parts "
        "to pick or type, and the misreading that option stands for",
        'from nomercy.widgets import PuzzleBoard\n'
        'widget = PuzzleBoard("round3-seven")\n'
        'widget.send_intent({"type": "choice", "index": 0})',
        '[data-testid="nm-puzzle"]',
    ),
]

_LEFT_OUT = ("layout", "tabbable", "tooltip", "_view_count", "_dom_classes")  # model references and page chrome


def make(picture: Picture) -> Any:
    """The widget of a picture, made by its code."""
    space: dict[str, Any] = {}
    exec(picture.code, space)  # noqa: S102 - the code is this file's own
    return space["widget"]


def state_digest(widget: Any) -> str:
    """A digest of what the page draws: the widget's synced state (its JS and CSS included), without what the
    coach's search found for a hint or a review. The search stops on a clock as well as on its budget, so how
    many imagined rounds it played, the odds it says in words and even the move it keeps depend on how busy
    the machine was (a test run beside other tests made another hint than one run alone); whether the hint
    and review boxes are there is kept."""
    state = {k: v for k, v in widget.get_state().items() if k not in _LEFT_OUT}
    for name in ("advice", "review"):
        if isinstance(state.get(name), dict):
            state[name] = sorted(state[name])  # the box and its parts, not what the search found
    return hashlib.sha256(json.dumps(state, sort_keys=True, default=str).encode()).hexdigest()


def file_digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()




def main(argv: list[str] | None = None) -> int:
    from nomercy.cli import OneLineParser

    OneLineParser(prog="scripts/pictures.py", description=__doc__.splitlines()[0]).parse_args(argv)  # --help only
    sys.path.insert(0, str(ROOT / "tests"))
    import nbformat
    from browser_support import RUN_NOTEBOOK_JS, ConsoleWatch, chromium, jupyter_lab  # the browser tests' JupyterLab and chromium

    work = ROOT / "artifacts"
    work.mkdir(exist_ok=True)
    notebook = nbformat.v4.new_notebook()
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    notebook.cells = [nbformat.v4.new_code_cell(f"{p.code}\nwidget") for p in PICTURES]
    path = work / "pictures.ipynb"
    nbformat.write(notebook, path)
    manifest: dict[str, Any] = {}
    with tempfile.TemporaryDirectory() as folder, jupyter_lab(Path(folder)) as server, \
            chromium({"width": 1280, "height": 1400}) as context:
        page = context.new_page()
        page.set_default_timeout(120_000)
        watch = ConsoleWatch(page)
        page.goto(f"{server['base']}/lab?token={server['token']}")
        page.wait_for_function("() => window.jupyterapp && document.querySelector('.jp-LabShell')")
        page.evaluate("() => window.jupyterapp.started")
        report = page.evaluate(RUN_NOTEBOOK_JS, path.relative_to(ROOT).as_posix())
        if report["problems"]:
            raise SystemExit(f"the pictures' notebook failed: {'; '.join(report['problems'])}")
        panel_id = report["id"]
        cells = page.locator(f"[id='{panel_id}'] .jp-Cell")
        for index, picture in enumerate(PICTURES):
            element = cells.nth(index).locator(picture.selector).first
            element.wait_for()
            element.scroll_into_view_if_needed()
            page.wait_for_timeout(500)  # the table's entrance animations (0.35 s) are over
            target = IMAGES / picture.file
            element.screenshot(path=str(target), animations="disabled")
            manifest[picture.file] = {"shows": picture.shows, "code": picture.code,
                                      "state_sha256": state_digest(make(picture)), "png_sha256": file_digest(target)}
            print(f"wrote {target.relative_to(ROOT)}")
        errors = watch.take()
        if errors:
            print("console errors:\n" + "\n".join(errors), file=sys.stderr)
            return 1
    MANIFEST.write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {MANIFEST.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
