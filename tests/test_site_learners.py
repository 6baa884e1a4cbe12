"""Several learners on one phone, by tapping, on the built site's Train and Learn pages (chromium's mobile emulation).

Ann types her name on the Train page and answers a puzzle; Ben types his and answers another; after a reload the
page opens as Ben's (the name chosen last is remembered) and shows only his attempt; Ann's button makes it hers
again, with only hers, also after a reload; the Learn page opens as the learner chosen last. A console error fails.
"""

from __future__ import annotations

from typing import Any

import pytest

from browser_support import ARTIFACTS
from test_notebooks_in_browser import _pick, _served
from test_site import _app_ready, site  # noqa: F401
from test_site_phone import phone

pytestmark = pytest.mark.site


def _tap_name(page: Any, widget: Any, prefix: str, name: str) -> None:
    """Type ``name`` in the page's name field and tap Switch; wait until the widget is theirs."""
    field = widget.locator(f'[data-testid="{prefix}-learner-name"]')
    if not field.is_visible():  # asked once; afterwards the bar is one line and its button opens the field
        widget.locator(f'[data-testid="{prefix}-learner-open"]').tap()
    field.tap()
    field.fill(name)
    widget.locator(f'[data-testid="{prefix}-learner-switch"]').tap()
    page.wait_for_function("([el, n]) => el.getAttribute('data-learner') === n", arg=[widget.element_handle(), name],
                           timeout=120_000)


def _answer_one(trainer: Any) -> str:
    puzzle = _served(trainer)
    _pick(trainer, puzzle, right=True)
    trainer.locator('[data-testid="trainer-recorded"][data-right="true"]').wait_for(timeout=120_000)
    return str(puzzle.id)


def _in_boxes(trainer: Any) -> set[str]:
    rows = trainer.locator('[data-testid^="in-box-"]')
    return {str(rows.nth(i).get_attribute("data-testid"))[len("in-box-"):] for i in range(rows.count())}


def test_two_learners_on_one_phone_each_see_only_their_own_progress_after_a_reload(site: str) -> None:  # noqa: F811
    with phone(site, "390x844") as session:
        page = session.open("train/")
        trainer = _app_ready(page, "nm-trainer")
        assert trainer.locator('[data-testid="trainer-learner-ask"]').text_content().startswith("Type your name")
        assert trainer.get_attribute("data-attempts") == "0"

        _tap_name(page, trainer, "trainer", "Ann")
        ann = _answer_one(trainer)
        assert trainer.get_attribute("data-attempts") == "1"
        page.screenshot(path=str(ARTIFACTS / "site-phone-learner-ann.png"), full_page=True)

        _tap_name(page, trainer, "trainer", "Ben")
        assert trainer.get_attribute("data-attempts") == "0", "Ben sees Ann's attempt"
        ben = _answer_one(trainer)

        page.reload()  # the page opens as the learner chosen last, with only his progress
        trainer = _app_ready(page, "nm-trainer")
        assert trainer.get_attribute("data-learner") == "Ben"
        assert trainer.locator('[data-testid="trainer-learner-title"]').text_content() == "Ben's progress"
        assert trainer.get_attribute("data-attempts") == "1"
        assert _in_boxes(trainer) == {ben}

        trainer.locator('[data-testid="trainer-learner-open"]').tap()
        trainer.locator('[data-testid="trainer-learner-pick"][data-name="Ann"]').tap()
        page.wait_for_function("(el) => el.getAttribute('data-learner') === 'Ann'", arg=trainer.element_handle(),
                               timeout=120_000)
        page.reload()
        trainer = _app_ready(page, "nm-trainer")
        assert trainer.get_attribute("data-learner") == "Ann"
        assert trainer.get_attribute("data-attempts") == "1" and _in_boxes(trainer) == {ann}
        page.screenshot(path=str(ARTIFACTS / "site-phone-learner-switched.png"), full_page=True)

        page = session.open("learn/")  # the Learn page: the same learners, Ann chosen last
        path = _app_ready(page, "nm-learn")
        assert path.get_attribute("data-learner") == "Ann"
        assert path.locator('[data-testid="learn-learner-pick"][data-name="Ben"]').count() == 1
