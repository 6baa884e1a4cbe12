"""The simulation lab's progress bar, seen in JupyterLab in chromium: a study cell of the shipped appendix.

The cell "a longer study" of ``12-appendix.ipynb`` (notebook 8's seats over many rounds) plays 5,000 games
in one process with no bar, so that its printed win rates are stored and nbval checks them (a bar's times
differ on every run).
Without ``workers=1, progress=False`` the same cell shares the games out between the cores and shows
tqdm's notebook bar (a widget) while they play, which is what this test runs: opened as shipped, the
cell is given back the defaults and run by itself, the bar is watched as it fills (part-way, then full and
marked finished), the cell prints its win rates and writes nothing to stderr, and the page logs no
console error. Screenshots of the cell go to ``artifacts/``: ``simulation-progress-bar-running.png``
(part-way) and ``simulation-progress-bar.png`` (finished).
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any, Iterator

import pytest

from browser_support import ARTIFACTS, ConsoleWatch, axe_violations, jupyterlab_page, require_browser, serious

pytestmark = pytest.mark.browser  # minutes: left out of the everyday run, `pytest -m browser` runs it

NOTEBOOK = "notebooks/12-appendix.ipynb"
STUDY = "games=5000"  # how the study cell is found
GAMES = 5000
STALL_SECONDS = 180  # the bar and the cell unchanged this long: a stuck run (a guard; the run's own time is free)

_RUN_STUDY_JS = """
async ([path, text]) => {
  const app = window.jupyterapp;
  const panel = await app.commands.execute('docmanager:open', { path, factory: 'Notebook' });
  await panel.context.ready;
  await panel.sessionContext.ready;
  app.shell.activateById(panel.id);
  const cells = panel.content.widgets;
  const index = cells.findIndex((cell) => cell.model.sharedModel.getSource().includes(text));
  const shared = cells[index].model.sharedModel;  // the defaults: every core, and the bar
  shared.setSource(shared.getSource().replace(', workers=1, progress=False', ''));
  panel.content.activeCellIndex = index;
  cells[index].node.setAttribute('data-testid', 'study-cell');
  app.commands.execute('notebook:run-cell');  // not awaited: the test watches the bar while it runs
  return index;
}
"""

# The bar's fill in percent of its width (tqdm's widget is an ipywidgets FloatProgress), or null
# while it is not drawn yet.
_FILL_JS = """
(cell) => {
  const bar = cell.querySelector('.widget-progress .progress-bar, .widget-hprogress .progress-bar');
  if (!bar) return null;
  const whole = bar.parentElement.getBoundingClientRect().width;
  return whole > 0 ? 100 * bar.getBoundingClientRect().width / whole : null;
}
"""

_OUTPUT_JS = """
(index) => {
  const panel = window.jupyterapp.shell.currentWidget;
  const cell = panel.content.model.cells.get(index);
  return { count: cell.executionCount, outputs: cell.outputs.toJSON() };
}
"""


@pytest.fixture(scope="module")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Any, ConsoleWatch]]:
    require_browser()
    with jupyterlab_page(tmp_path_factory.mktemp("lab")) as (page, watch):
        yield page, watch


def test_the_study_cell_shows_a_bar_that_fills_and_finishes(lab: tuple[Any, ConsoleWatch]) -> None:
    page, watch = lab
    index = page.evaluate(_RUN_STUDY_JS, [NOTEBOOK, STUDY])
    assert index >= 0, f"no cell of {NOTEBOOK} holds {STUDY!r}"
    cell = page.locator('[data-testid="study-cell"]')
    fills: list[float] = []
    running: list[str] = []
    moved = time.monotonic()
    while True:
        fill = page.evaluate(_FILL_JS, cell.element_handle())
        if fill is not None and (not fills or fill != fills[-1]):
            fills.append(round(fill, 1))
            moved = time.monotonic()
            if 20 < fill < 80 and not any(20 < f < 80 for f in fills[:-1]):
                ARTIFACTS.mkdir(exist_ok=True)
                cell.screenshot(path=str(Path(ARTIFACTS) / "simulation-progress-bar-running.png"))
                running = serious(axe_violations(page, '[data-testid="study-cell"] .jp-OutputArea'))
        state = page.evaluate(_OUTPUT_JS, index)
        if state["count"] is not None and any(o.get("name") == "stdout" for o in state["outputs"]):
            break
        assert time.monotonic() - moved < STALL_SECONDS, f"the bar stopped at {fills[-1:]} for {STALL_SECONDS} s"
        time.sleep(0.25)
    fill = page.evaluate(_FILL_JS, cell.element_handle())
    assert fill is not None and fill > 99.5, f"the bar ended at {fill}%"
    assert any(0 < f < 100 for f in fills), f"the bar was never seen part-way: {fills}"
    assert fills == sorted(fills), f"the bar went backwards: {fills}"
    bar = cell.locator(".progress-bar")
    assert "progress-bar-success" in (bar.get_attribute("class") or ""), "the finished bar is not marked finished"
    label = [text.replace("\u2007", " ") for text in cell.locator(".widget-html").all_text_contents()]  # tqdm pads with figure spaces
    assert any(f"{GAMES}/{GAMES}" in text for text in label), label
    assert any("classic, 4 players" in text for text in label), label
    printed = "".join(o["text"] for o in state["outputs"] if o.get("name") == "stdout")
    assert printed.count("seat ") == 4 and "95% interval" in printed, printed
    assert not [o for o in state["outputs"] if o.get("name") == "stderr" or o["output_type"] == "error"], \
        state["outputs"]
    ARTIFACTS.mkdir(exist_ok=True)
    cell.screenshot(path=str(Path(ARTIFACTS) / "simulation-progress-bar.png"))
    # axe-core over the bar and its lines, while it ran and when it finished: nothing serious or critical
    finished = serious(axe_violations(page, '[data-testid="study-cell"] .jp-OutputArea'))
    assert not running and not finished, "\n".join(["while running:", *running, "finished:", *finished])
    errors = watch.take()
    assert not errors, "\n".join(errors)
