"""Several learners on one computer, by clicking in chromium, in the shipped ``10-puzzles.ipynb`` in JupyterLab.

The shipped trainer is made without a learner, so on a fresh data folder it asks whose progress it is. A name is
typed and a puzzle answered; a second name is typed, and that learner starts with nothing; the first is picked
again and finds their attempt. Then a cell typed below the notebook's own makes a trainer with ``learner=`` (as a
teacher would for one pupil): it shows that learner's progress and asks nothing. A console error fails.
"""

from __future__ import annotations

from typing import Any, Iterator

import pytest

from test_notebooks_in_browser import TRAIN, Lab, _pick, _served, open_lab

pytestmark = pytest.mark.browser

ADD_CELL_JS = """
async ([id, code]) => {
  const app = window.jupyterapp;
  const panel = Array.from(app.shell.widgets('main')).find((w) => w.id === id);
  app.shell.activateById(id);
  const notebook = panel.content;
  notebook.activeCellIndex = notebook.widgets.length - 1;
  await app.commands.execute('notebook:insert-cell-below');
  notebook.activeCell.model.sharedModel.setSource(code);
  await app.commands.execute('notebook:run-cell');
}
"""
"""Type a code cell at the end of an open notebook and run it, as a person would (the file is not saved)."""


@pytest.fixture(scope="module")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Lab]:
    yield from open_lab(tmp_path_factory)


def _become(trainer: Any, name: str) -> None:
    """Type ``name`` in the trainer's name field and press Switch; wait until the trainer is theirs."""
    field = trainer.locator('[data-testid="trainer-learner-name"]')
    if not field.is_visible():  # asked once; afterwards the bar is one line and its button opens the field
        trainer.locator('[data-testid="trainer-learner-open"]').click()
    field.fill(name)
    trainer.locator('[data-testid="trainer-learner-switch"]').click()
    trainer.page.wait_for_function("([el, n]) => el.getAttribute('data-learner') === n",
                                   arg=[trainer.element_handle(), name], timeout=60_000)


def test_two_learners_each_keep_their_own_progress_in_the_shipped_trainer(lab: Lab) -> None:
    from nomercy.puzzles.progress import Progress

    trainer = lab.panel(TRAIN).locator('[data-testid="nm-trainer"]').first
    trainer.scroll_into_view_if_needed()
    assert trainer.get_attribute("data-attempts") == "0", "the progress folder of this run was not empty"
    ask = trainer.locator('[data-testid="trainer-learner-ask"]')
    assert ask.text_content().startswith("Type your name")

    _become(trainer, "Ann")
    assert trainer.locator('[data-testid="trainer-learner-title"]').text_content() == "Ann's progress"
    assert ask.count() == 0
    puzzle = _served(trainer)
    _pick(trainer, puzzle, right=True)
    trainer.locator('[data-testid="trainer-recorded"][data-right="true"]').wait_for()
    assert trainer.get_attribute("data-attempts") == "1"

    _become(trainer, "Ben")  # another learner on this computer: nothing of Ann's
    assert trainer.get_attribute("data-attempts") == "0"
    assert trainer.locator('[data-testid="trainer-learner"]').get_attribute("data-name") == "Ben"
    ben_puzzle = _served(trainer)
    _pick(trainer, ben_puzzle, right=False)
    trainer.locator('[data-testid="trainer-recorded"][data-right="false"]').wait_for()
    assert trainer.get_attribute("data-attempts") == "1"

    # a name that cannot be one: refused in one line, still Ben's
    trainer.locator('[data-testid="trainer-learner-open"]').click()
    trainer.locator('[data-testid="trainer-learner-name"]').fill("Ann Lee")
    trainer.locator('[data-testid="trainer-learner-switch"]').click()
    error = trainer.locator('[data-testid="puzzle-error"]')
    error.wait_for()
    assert "a learner's name is one word" in error.text_content()
    assert trainer.get_attribute("data-learner") == "Ben"

    # back to Ann by her name's button: her attempt, and only hers (a refused name leaves the bar open)
    trainer.locator('[data-testid="trainer-learner-pick"][data-name="Ann"]').click()
    trainer.page.wait_for_function("(el) => el.getAttribute('data-learner') === 'Ann'", arg=trainer.element_handle())
    assert trainer.get_attribute("data-attempts") == "1"
    assert [(a.puzzle, a.right) for a in Progress(lab.data_dir, learner="Ann").attempts] == [(puzzle.id, True)]
    assert [(a.puzzle, a.right) for a in Progress(lab.data_dir, learner="Ben").attempts] == [(ben_puzzle.id, False)]


def test_a_trainer_made_with_a_learner_shows_that_learners_progress_and_asks_nothing(lab: Lab) -> None:
    from nomercy.puzzles.progress import Progress

    lab.panel(TRAIN)
    before = len(Progress(lab.data_dir, learner="Cleo").attempts)
    lab.page.evaluate(ADD_CELL_JS, [lab.opened[TRAIN], 'from nomercy.widgets import Trainer\nTrainer(learner="Cleo")'])
    trainer = lab.panel(TRAIN).locator('[data-testid="nm-trainer"][data-learner="Cleo"]')
    trainer.wait_for(timeout=120_000)
    trainer.scroll_into_view_if_needed()
    assert trainer.locator('[data-testid="trainer-learner-title"]').text_content() == "Cleo's progress"
    assert trainer.locator('[data-testid="trainer-learner-ask"]').count() == 0
    assert trainer.get_attribute("data-attempts") == str(before) == "0"
    puzzle = _served(trainer)
    _pick(trainer, puzzle, right=True)
    trainer.locator('[data-testid="trainer-recorded"][data-right="true"]').wait_for()
    assert [a.puzzle for a in Progress(lab.data_dir, learner="Cleo").attempts] == [puzzle.id]
