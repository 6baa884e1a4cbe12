"""The Lab the second time: a teacher runs a lesson, stops JupyterLab, starts it again, and everything shows.

JupyterLab is started twice by the README's first command (``bash scripts/lab``) with JupyterLab's own
settings, autosave included, and one settings folder for both starts, as one person's would be. The first
start opens on the index and nothing else; the index is not marked modified; a lesson with widgets is run
and saved the way a person saves (the Save command), which JupyterLab refuses since the shipped lessons
are read-only; the files of ``notebooks/`` are byte for byte what they were. The second start again opens
on the index alone (not on the first start's tabs), and the lesson, opened without running it, shows its
widgets in their stored forms (the pictures and text a reader without a kernel sees; widgets drawn live
need the kernel that made them): every stored output, no "model not found", no console error.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest

from browser_support import ARTIFACTS, ROOT, RUN_NOTEBOOK_JS, ConsoleWatch, chromium, jupyter_lab, require_browser

pytestmark = pytest.mark.browser

LESSON = "notebooks/03-stacking.ipynb"  # a lesson with seven widgets (puzzle boards and step players)
TABS_JS = """() => [...document.querySelectorAll('.lm-DockPanel-tabBar .lm-TabBar-tab')].map(
  (tab) => ({ label: tab.textContent.trim(), modified: tab.classList.contains('jp-mod-dirty') }))"""
OPEN_JS = """async (path) => {
  const widget = await window.jupyterapp.commands.execute('docmanager:open', { path, factory: 'Notebook' });
  await widget.context.ready;
  await widget.revealed;
  return widget.id;
}"""
SAVE_JS = """() => { window.jupyterapp.commands.execute('docmanager:save'); return true; }"""


def lessons() -> dict[str, str]:
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted((ROOT / "notebooks").glob("*.ipynb"))}


def stored_outputs(path: str) -> int:
    """How many outputs the lesson's file holds (JupyterLab draws each one as an output of its own)."""
    notebook = json.loads((ROOT / path).read_text())
    return sum(len(cell.get("outputs", [])) for cell in notebook["cells"])


def open_lab(context: Any, server: dict[str, Any]) -> tuple[Any, ConsoleWatch]:
    """The address the command prints (its default URL, with the token), opened as a person opens it."""
    page = context.new_page()
    page.set_default_timeout(120_000)
    watch = ConsoleWatch(page)
    page.goto(f"{server['base']}/lab/tree/notebooks/00-index.ipynb?token={server['token']}")
    page.wait_for_function("() => window.jupyterapp && document.querySelector('.jp-LabShell')")
    page.evaluate("() => window.jupyterapp.started")
    page.wait_for_function("() => document.querySelector('.jp-NotebookPanel .jp-Cell')")
    page.wait_for_timeout(3000)  # the kernel starts and reports its language; a mismatch would mark the tab now
    return page, watch


def test_a_second_start_opens_the_index_and_shows_every_widget(tmp_path: Path) -> None:
    require_browser()
    shipped = lessons()

    with jupyter_lab(tmp_path, as_shipped=True) as server, chromium() as context:
        page, watch = open_lab(context, server)
        assert page.evaluate(TABS_JS) == [{"label": "00-index.ipynb", "modified": False}]

        run = page.evaluate(RUN_NOTEBOOK_JS, LESSON)
        assert run["problems"] == [], run["problems"]
        page.evaluate(SAVE_JS)
        dialog = page.locator(".jp-Dialog")
        dialog.wait_for()
        assert "read-only" in dialog.inner_text()
        page.keyboard.press("Escape")
        page.screenshot(path=str(ARTIFACTS / "lab-first-start.png"))
        assert watch.take() == []
    assert lessons() == shipped, "running and saving a lesson changed the files in notebooks/"

    with jupyter_lab(tmp_path, as_shipped=True) as server, chromium() as context:
        page, watch = open_lab(context, server)
        assert page.evaluate(TABS_JS) == [{"label": "00-index.ipynb", "modified": False}]

        panel = page.locator(f"#{page.evaluate(OPEN_JS, LESSON)}")
        # The stored outputs of the seven widgets (their still forms: the puzzle boards' pictures and the step
        # players' text), then every output of the lesson, drawn with no kernel having run a cell.
        outputs = panel.locator(".jp-OutputArea-output")
        outputs.nth(stored_outputs(LESSON) - 1).wait_for(state="attached")
        assert outputs.count() == stored_outputs(LESSON)
        shown = panel.inner_text()
        assert "model not found" not in shown and "Error displaying widget" not in shown
        page.screenshot(path=str(ARTIFACTS / "lab-second-start.png"))
        assert watch.take() == []
    assert lessons() == shipped
