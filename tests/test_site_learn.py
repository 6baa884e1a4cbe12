"""The site's Learn page (``site/learn/``), by tapping in chromium's phone emulation (390 by 844, touch): the
landing page's first door opens it with no code on screen; every stage is first tried once wrong (each lists a wrong
try) and answered with its why, then done with a tap on a move that does its task; a reload keeps the progress; the controls are big
enough for a finger (44 by 44 px) and the text 16 px. Served offline like the rest of the site (tests/test_site.py):
a request to another host, a console error or a page error fails."""

from __future__ import annotations

import contextlib
from typing import Any, Iterator

import pytest

from browser_support import ARTIFACTS, CHROMIUM, CHROMIUM_FLAGS, axe_violations, serious
from learn_clicks import STAGES, next_stage, play_stage, progress_line
from test_site import Visit, _app_ready, site  # noqa: F401 - the served site, as the other site tests use it

pytestmark = pytest.mark.site
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 3, "is_mobile": True, "has_touch": True}


@contextlib.contextmanager
def phone(base: str) -> Iterator[Visit]:
    from playwright.sync_api import sync_playwright

    ARTIFACTS.mkdir(exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS, headless=True)
        context = browser.new_context(**PHONE)
        try:
            session = Visit(context, base)
            yield session
            session.check()
        finally:
            context.close()
            browser.close()


def _small_controls(page: Any) -> list[str]:
    return page.evaluate("""() => [...document.querySelectorAll('.nm-learn button, .nm-learn summary')]
      .filter((el) => el.offsetParent !== null)
      .map((el) => [el.dataset.testid || el.textContent.trim().slice(0, 30), el.getBoundingClientRect(),
                    parseFloat(getComputedStyle(el).fontSize)])
      .filter(([, box, size]) => box.width < 44 || box.height < 44 || size < 16)
      .map(([name, box, size]) => `${name}: ${Math.round(box.width)}x${Math.round(box.height)} px, ${size} px text`)""")


def test_the_learn_door_is_first_and_the_whole_path_is_done_by_tapping_on_a_phone(site: str) -> None:  # noqa: F811
    with phone(site) as session:
        page = session.open("")
        first = page.locator("nav.doors a").first
        assert first.get_attribute("data-testid") == "door-learn"
        first.tap()
        root = _app_ready(page, "nm-learn")
        assert page.url == f"{site}/learn/index.html"
        assert not page.locator("[class*='jp-'], pre, code").count(), "code or JupyterLab on the Learn page"
        assert progress_line(root).startswith(f"Stage 1 of {len(STAGES)} · 0 done")
        assert not _small_controls(page), _small_controls(page)
        page.screenshot(path=str(ARTIFACTS / "site-learn-phone.png"))
        found = serious(axe_violations(page, "body"))
        assert not found, "\n".join(found)
        for number, stage in enumerate(STAGES, 1):
            assert stage.wrong, f"{stage.id}: every stage on the site is tried once wrong, and this one lists no wrong try"
            play_stage(root, stage, wrong=stage.wrong[0], tap=True)
            if number == 1:
                page.screenshot(path=str(ARTIFACTS / "site-learn-phone-done.png"))
                assert not _small_controls(page), _small_controls(page)
            if number < len(STAGES):
                next_stage(root, tap=True)
        finished = root.locator('[data-testid="learn-finished"]')
        finished.wait_for()
        assert finished.get_by_role("link", name="Play a round").get_attribute("href") == "../play/index.html"
        assert finished.get_by_role("link", name="Train with puzzles").get_attribute("href") == "../train/index.html"
        finished.scroll_into_view_if_needed()
        page.screenshot(path=str(ARTIFACTS / "site-learn-phone-finished.png"))

        page.reload()
        root = _app_ready(page, "nm-learn")
        assert f"All {len(STAGES)} stages done" in progress_line(root), "the progress was lost on reload"
        assert root.locator('[data-testid="learn-finished"]').count() == 1, "back on a path done: it says so first"
        root.locator('[data-testid="learn-path"] summary').tap()
        assert root.locator('[data-testid^="learn-goto-"][data-done]').count() == len(STAGES)
