"""What a newcomer on a phone found on the built site, checked by tapping in chromium's phone emulation (390 by 844,
touch; tests/test_site_learn.py's phone): the Learn page asks for a name once and is then one line; "Draw until it
fits" ends only once the card that fits is played; Play shows the person's hand and its buttons on the first screen,
says nothing about a resumed round with no moves; the small controls are a finger's size (44 px). A console error, a
page error or a request to another host fails (tests/test_site.py's Visit)."""

from __future__ import annotations

from typing import Any

import pytest

from browser_support import ARTIFACTS
from learn_clicks import WAIT_MS, click_move
from nomercy.puzzles.stage import load_path
from test_site import _app_ready, site  # noqa: F401 - the served site, as the other site tests use it
from test_site_learn import phone

pytestmark = pytest.mark.site
SCREEN = 844
STAGES = {stage.id: stage for chapter in load_path() for stage in chapter.stages}


def _box(locator: Any) -> dict[str, float]:
    box = locator.bounding_box()
    assert box is not None, "not on the page"
    return box


def _too_small(page: Any, selector: str) -> list[str]:
    """The visible controls under ``selector`` smaller than 44 by 44 CSS px."""
    return page.evaluate("""(selector) => [...document.querySelectorAll(selector)]
      .filter((el) => el.offsetParent !== null)
      .map((el) => [el.dataset.testid || el.textContent.trim().slice(0, 30), el.getBoundingClientRect()])
      .filter(([, box]) => box.width < 44 - 0.5 || box.height < 44 - 0.5)
      .map(([name, box]) => `${name}: ${Math.round(box.width)}x${Math.round(box.height)} px`)""", selector)


def test_learn_asks_for_a_name_once_then_the_bar_is_one_line_out_of_the_way(site: str) -> None:  # noqa: F811
    with phone(site) as session:
        page = session.open("learn/")
        root = _app_ready(page, "nm-learn")
        bar = root.locator('[data-testid="learn-learner"]')
        ask = root.locator('[data-testid="learn-learner-ask"]')
        assert ask.is_visible() and "progress kept before names" not in (bar.text_content() or "")
        field = root.locator('[data-testid="learn-learner-name"]')
        assert _box(field)["height"] >= 44 - 0.5, "the name field is smaller than a finger"
        assert not _too_small(page, ".nm-learner input, .nm-learner button"), _too_small(page, ".nm-learner input, .nm-learner button")
        assert _box(bar)["height"] <= 160, f"the first ask takes {_box(bar)['height']} px"
        page.screenshot(path=str(ARTIFACTS / "site-learn-name-asked.png"))

        stage = STAGES["match-the-color"]  # ignore the ask: do the first stage; it is not asked again
        click_move(root, stage, stage.done[0], tap=True)
        root.locator('[data-testid="learn-feedback"][data-kind="done"]').wait_for(timeout=WAIT_MS)
        root.locator('[data-testid="learn-next"]').tap()
        root.locator('[data-testid="learn-title"]', has_text=STAGES["match-the-number"].title).wait_for(timeout=WAIT_MS)
        assert not ask.count() or not ask.is_visible(), "the name is asked again"
        assert not field.is_visible(), "the name field still takes the top of the stage"
        opener = root.locator('[data-testid="learn-learner-open"]')
        assert opener.is_visible() and _box(opener)["height"] >= 44 - 0.5
        assert _box(bar)["height"] <= 60, f"the bar takes {_box(bar)['height']} px once asked"
        page.screenshot(path=str(ARTIFACTS / "site-learn-name-folded.png"))

        opener.tap()  # one tap away: the field, then a name makes the progress theirs
        field.wait_for(state="visible", timeout=WAIT_MS)
        field.tap()
        field.fill("Ann")
        root.locator('[data-testid="learn-learner-switch"]').tap()
        page.wait_for_function("(el) => el.getAttribute('data-learner') === 'Ann'", arg=root.element_handle(),
                               timeout=WAIT_MS)
        assert root.locator('[data-testid="learn-learner-title"]').text_content() == "Ann's progress"
        assert not root.locator('[data-testid="learn-learner-name"]').is_visible()
        assert "1 done" in (root.locator('[data-testid="learn-progress"]').text_content() or "")


def test_draw_until_it_fits_ends_once_the_card_that_fits_is_played(site: str) -> None:  # noqa: F811
    stage = STAGES["draw-until-it-fits"]
    with phone(site) as session:
        page = session.open("learn/")
        root = _app_ready(page, "nm-learn")
        root.locator('[data-testid="learn-path"] summary').tap()
        root.locator(f'[data-testid="learn-goto-{stage.id}"]').tap()
        root.locator('[data-testid="learn-title"]', has_text=stage.title).wait_for(timeout=WAIT_MS)
        assert "then play the card that fits" in (root.locator('[data-testid="learn-task"]').text_content() or "")
        click_move(root, stage, stage.steps[0], tap=True)
        step = root.locator('[data-testid="learn-feedback"][data-kind="step"]')
        step.wait_for(timeout=WAIT_MS)
        assert "You draw 3 cards." in (step.text_content() or "")
        assert not root.locator('[data-testid="learn-next"]').count(), "the stage ended before the card was played"
        yellow = root.locator('[data-testid^="learn-card-"][data-card="yellow 2"]')
        assert yellow.is_enabled(), "the card that fits cannot be played"
        yellow.tap()
        done = root.locator('[data-testid="learn-feedback"][data-kind="done"]')
        done.wait_for(timeout=WAIT_MS)
        assert "You played the yellow 2." in (done.text_content() or "")
        assert root.locator('[data-testid="learn-top"]').get_attribute("data-card") == "yellow 2"
        page.screenshot(path=str(ARTIFACTS / "site-learn-draw-until-it-fits.png"))


def test_play_shows_the_hand_and_its_buttons_on_the_first_screen_of_a_phone(site: str) -> None:  # noqa: F811
    with phone(site) as session:
        page = session.open("play/")
        table = _app_ready(page, "nm-table")
        page.wait_for_function("(el) => el.getAttribute('data-waiting') === 'human'", arg=table.element_handle(),
                               timeout=WAIT_MS)
        page.evaluate("() => window.scrollTo(0, 0)")
        hand = table.locator('[data-testid="hand"]')
        card = hand.locator("button").first
        assert _box(card)["y"] + _box(card)["height"] <= SCREEN, f"the hand's first card is at {_box(card)} on an 844 px screen"
        actions = table.locator('[data-testid="actions"]')
        assert _box(actions)["y"] < SCREEN, f"the move buttons start at {_box(actions)['y']} px"
        assert _box(table.locator('[data-testid="status"]'))["y"] < _box(hand)["y"], "the status is not above the hand"
        setup = page.locator('[data-testid="table-setup"]')
        assert _box(setup)["y"] > _box(hand)["y"], "the table's setup comes before the hand"
        jump = page.locator('[data-testid="setup-jump"]')  # ... but one line above the table says it is there
        assert _box(jump)["y"] < _box(table)["y"] and not _too_small(page, ".nm-setup-jump")
        assert "replayed" not in (table.locator('[data-testid="log"]').text_content() or ""), \
            "a first visit says moves were replayed"
        page.screenshot(path=str(ARTIFACTS / "site-phone-play-first-screen.png"))
        setup.locator("summary").tap()  # the setup's choices: each label, the radio's target, a finger's size
        small = _too_small(page, ".nm-setup-choice, .nm-setup summary, .nm-setup-deal")
        assert not small, small


def test_train_has_no_control_under_44_px_and_its_kind_is_no_button(site: str) -> None:  # noqa: F811
    with phone(site) as session:
        page = session.open("train/")
        trainer = _app_ready(page, "nm-trainer")
        kind = trainer.locator('[data-testid="trainer-kind"]')
        assert kind.text_content() == "A new puzzle for you"
        assert kind.evaluate("(el) => el.closest('button') === null && getComputedStyle(el).borderLeftWidth === '0px'")
        board = trainer.locator('[data-testid="puzzle-board"]')
        assert "rules:" not in (board.text_content() or "") and "move 0" not in (board.text_content() or "")
        trainer.locator('[data-testid="trainer-import"] summary').tap()
        picked = trainer.locator('[data-testid="trainer-import-file"]')
        picked.wait_for(timeout=WAIT_MS)
        assert _box(picked)["height"] >= 44 - 0.5, f"the import field is {_box(picked)} px"
        page.screenshot(path=str(ARTIFACTS / "site-train-import-open.png"))


def test_play_takes_a_newcomer_from_the_top_of_the_page_to_the_tables_settings(site: str) -> None:  # noqa: F811
    """The settings are below the table (the hand first), so a line at the top opens them and scrolls there."""
    with phone(site) as session:
        page = session.open("play/")
        _app_ready(page, "nm-table")
        page.evaluate("() => window.scrollTo(0, 0)")
        page.locator('[data-testid="setup-jump"]').tap()
        setup = page.locator('[data-testid="table-setup"]')
        page.wait_for_function("() => document.querySelector('[data-testid=\"table-setup\"]').open", timeout=WAIT_MS)
        rules = page.locator('[data-testid="setup-rules-classic"]')
        box = _box(rules)
        assert 0 <= box["y"] and box["y"] + box["height"] <= SCREEN, f"the choices are at {box}, off the screen"
        assert "Change" in (setup.locator("summary").text_content() or "")
        page.screenshot(path=str(ARTIFACTS / "site-phone-play-setup-jump.png"))


def test_a_dimmed_card_tapped_while_at_the_hand_says_why_in_full_view(site: str) -> None:  # noqa: F811
    """The reason is drawn above the hand; the sticky strip of facts must not cover it."""
    with phone(site) as session:
        page = session.open("play/")
        table = _app_ready(page, "nm-table")
        page.wait_for_function("(el) => el.getAttribute('data-waiting') === 'human'", arg=table.element_handle(),
                               timeout=WAIT_MS)
        dim = table.locator('[data-testid="hand"] button[data-playable="false"]')
        if not dim.count():
            pytest.fail("the first table of the Play page has no card that cannot be played: pick another check")
        page.evaluate("(y) => window.scrollBy(0, y)", _box(dim.first)["y"] - 120)  # at the hand, the strip stuck on top
        strip = table.locator(".nm-facts")
        assert _box(strip)["y"] < 1, f"the page did not scroll to the hand: the strip is at {_box(strip)}"
        card = _box(dim.first)  # a dimmed card is aria-disabled, so Playwright's tap would wait: a finger does not
        page.touchscreen.tap(card["x"] + card["width"] / 2, card["y"] + card["height"] / 2)
        error = table.locator('[data-testid="error"]')
        error.wait_for(timeout=WAIT_MS)
        page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
        box, stuck = _box(error), _box(strip)
        assert box["y"] >= stuck["y"] + stuck["height"] - 0.5, f"the reason {box} is under the strip {stuck}"
        assert box["y"] + box["height"] <= SCREEN, f"the reason {box} is below the screen"
        assert "You cannot play" in (error.text_content() or "")
        page.screenshot(path=str(ARTIFACTS / "site-phone-play-dim-card.png"))
