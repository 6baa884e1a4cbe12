"""The learning path in the shipped index notebook, in JupyterLab, by clicking: every stage done with a move that
does its task, every listed wrong try answered with its why (the rules' reason, or what the move did, shown on the
table), the keyboard's focus on each new answer and stage, and the progress kept when the notebook runs again."""

from __future__ import annotations

from typing import Iterator

import pytest

from browser_support import axe_violations, serious
from learn_clicks import STAGES, next_stage, play_stage, progress_line
from test_notebooks_in_browser import Lab, open_lab

pytestmark = pytest.mark.browser
INDEX = "notebooks/00-index.ipynb"


@pytest.fixture(scope="module")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Lab]:
    yield from open_lab(tmp_path_factory)


def test_the_whole_path_is_played_by_clicking_and_the_progress_is_kept(lab: Lab) -> None:
    from nomercy.puzzles.progress import Progress

    root = lab.panel(INDEX).locator('[data-testid="nm-learn"]').first
    root.scroll_into_view_if_needed()
    assert progress_line(root).startswith(f"Stage 1 of {len(STAGES)} · 0 done")
    for number, stage in enumerate(STAGES, 1):
        wrong = stage.wrong[0] if stage.wrong else None
        play_stage(root, stage, wrong=wrong)
        focused = lab.page.evaluate("() => document.activeElement && document.activeElement.dataset.testid")
        assert focused == "learn-feedback", f"{stage.id}: the answer did not take the focus ({focused})"
        assert not root.locator(".nm-learn-seat .nm-learn-badge", has_text="to play").count(), \
            f"{stage.id}: a done stage's table still says whose turn it is, with every button greyed out"
        if number < len(STAGES):
            next_stage(root)
            root.locator('[data-testid="learn-title"]', has_text=STAGES[number].title).wait_for()
            focused = lab.page.evaluate("() => document.activeElement && document.activeElement.dataset.testid")
            assert focused == "learn-title", f"{STAGES[number].id}: the new stage did not take the focus"
    root.locator('[data-testid="learn-finished"]').wait_for()
    assert f"All {len(STAGES)} stages done" in progress_line(root)
    done = [a for a in Progress(lab.data_dir).attempts if a.topic == "learn"]
    assert sorted(a.puzzle for a in done) == sorted(f"learn:{s.id}" for s in STAGES)
    assert [a.right for a in done].count(True) == sum(not s.wrong for s in STAGES)  # a wrong try costs the star

    report = lab.run(INDEX)  # the notebook again: a new path reads the same progress
    assert not report["problems"], report["problems"]
    root = lab.panel(INDEX).locator('[data-testid="nm-learn"]').first
    root.locator('[data-testid="learn-progress"]', has_text=f"All {len(STAGES)} stages done").wait_for()
    assert root.locator('[data-testid="learn-finished"]').count() == 1, "back on a path done: it says so first"
    marks = root.locator('[data-testid^="learn-goto-"][data-done]')
    assert marks.count() == len(STAGES)


def _open_the_path(root) -> None:
    """The list of chapters and stages open (a click on its summary, unless it is open already)."""
    if root.locator('[data-testid="learn-path"][open]').count() == 0:
        root.locator('[data-testid="learn-path"] summary').click()


def test_a_keyboard_alone_plays_a_stage(lab: Lab) -> None:
    """A card is a button: Tab reaches it and Enter plays it; a card with choices opens them, Escape closes them."""
    root = lab.panel(INDEX).locator('[data-testid="nm-learn"]').first
    _open_the_path(root)
    root.locator('[data-testid="learn-goto-a-wild-names-the-color"]').click()
    root.locator('[data-testid="learn-title"]', has_text="A wild goes on anything").wait_for()
    wild = root.locator('[data-testid^="learn-card-"][data-card="wild"]')
    wild.focus()
    lab.page.keyboard.press("Enter")
    root.locator('[data-testid="learn-choices"]').wait_for()
    assert lab.page.evaluate("() => document.activeElement.dataset.testid") == "learn-choice-0"
    lab.page.keyboard.press("Escape")
    root.locator('[data-testid="learn-choices"]').wait_for(state="detached")
    wild.focus()
    lab.page.keyboard.press("Enter")
    root.locator('[data-testid="learn-choices"] [data-move="You play wild choosing green"]').focus()
    lab.page.keyboard.press("Enter")
    root.locator('[data-testid="learn-feedback"][data-kind="done"]').wait_for()
    found = serious(axe_violations(lab.page, '[data-testid="nm-learn"]'))  # axe-core: nothing serious, contrast included
    assert not found, "\n".join(found)


def test_a_refused_try_on_the_path_passes_axe(lab: Lab) -> None:
    root = lab.panel(INDEX).locator('[data-testid="nm-learn"]').first
    _open_the_path(root)
    root.locator('[data-testid="learn-goto-match-the-color"]').click()
    root.locator('[data-testid="learn-title"]', has_text="Match the color").wait_for()
    root.locator('[data-move="You play blue 3"]').click()
    root.locator('[data-testid="learn-feedback"][data-kind="refused"]').wait_for()
    found = serious(axe_violations(lab.page, '[data-testid="nm-learn"]'))
    assert not found, "\n".join(found)
