"""What a fourth card player met on a phone, tapped again on the built site (390x844, touch), as in
tests/test_site_phone.py:

- The coach's hint says its odds as counts ("It won 15 of 42 imagined rounds"), and "Show the numbers" counts the same
  rounds in the same words; the search's own figures (standard error, seed, budget, the player kind) are one more tap
  away, under "Exact figures".
- The hint for a 7 says why it swaps with that seat, not the one with the fewest cards.
- The round's review stays with the round: after a reload, a visit to Train and back, it is there at once, with no
  decision weighed again; one left before it was done goes on by itself.
- Train's "Next puzzle", tapped far down the page, shows the new puzzle from its top; the puzzle rating says in one
  line what it is.
- A mistake of your own on Train says the seat as a person would ("The question is asked from your seat.", no
  "You you"); the line under the kept mistake names whose puzzles it went to in plain words.
- The How to play page says no program words (no profile, no ids in brackets); the last Learn stage's rule says
  the color in force *before* the wild +4, in the screen's own words.

Screenshots go to ``artifacts/site-phone-newcomer4-*.png``. Nothing here asserts on time.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from browser_support import ARTIFACTS
from test_notebooks_in_browser import _pick, _served
from test_site import KERNEL_MS, _app_ready, site  # noqa: F401
from test_site_learners import _tap_name
from test_site_newcomer_words import _goto, _saved_round
from test_site_phone import phone

pytestmark = pytest.mark.site

JARGON = re.compile(r"playout|standard error|margin|noise|seed|budget|greedy|±|\bgames? played out\b")

SEVEN_ROUND = {"dealer": 2, "overrides": {}, "rules": "no-mercy", "seats": ["You", "Sam", "Kim"], "seed": 3,
               "moves": ["You play green 4", "Sam plays wild roulette", "Kim names yellow",
                         "You play wild reverse +4 choosing red", "Kim draws", "Sam plays red +2", "You draw",
                         "Kim plays red 0", "Sam plays yellow 0", "You play blue 0", "Kim plays blue 0",
                         "Sam plays blue skip-all", "Sam draws", "Sam plays blue 6"]}
"""A round of three where it is the person's move with a 7 in hand and Kim, who holds fewer cards than Sam, plays right
after them: the coach's hint swaps with Sam, and says why not Kim."""


def test_the_hint_counts_its_imagined_rounds_as_the_numbers_do_and_the_exact_figures_are_a_tap_further(
        site: str, tmp_path: Path) -> None:  # noqa: F811
    with phone(site, profile=tmp_path / "profile") as session:
        _saved_round(session, json.dumps(SEVEN_ROUND))
        page = session.open("play/")
        table = _app_ready(page, "nm-table")
        table.get_by_role("button", name="Hint").tap()
        hint = table.locator('[data-testid="hint"]')
        hint.wait_for(timeout=KERNEL_MS)
        said = hint.locator('[data-testid="hint-reason"]').inner_text()
        # why this seat for the 7: the seat with the fewest cards plays right after you, with your cards
        assert "Swap hands with Sam, not Kim: Kim plays right after you and would start with your 4 cards" in said, said
        counted = re.search(r"It won (\d+) of (\d+) imagined rounds", said)
        assert counted and not JARGON.search(said), said
        numbers = hint.locator('[data-testid="hint-numbers"]')
        numbers.locator("summary").first.tap()
        plain = numbers.get_by_test_id("numbers-plain")
        plain.first.wait_for()
        lines = plain.all_inner_texts()
        assert lines[0].endswith(f": won {counted.group(1)} of {counted.group(2)} imagined rounds."), lines
        for line in lines:  # every count is a count of the same imagined rounds, in a card player's words
            assert not JARGON.search(line), line
            assert re.search(rf"of {counted.group(2)} imagined rounds|^Each imagined round", line), line
        exact = numbers.get_by_test_id("numbers-exact")
        assert exact.count() and not exact.first.is_visible(), "the exact figures show in the first view"
        page.screenshot(path=str(ARTIFACTS / "site-phone-newcomer4-hint-numbers.png"))
        numbers.get_by_test_id("numbers-exact-figures").locator("summary").tap()
        exact.first.wait_for()
        figures = " ".join(exact.all_inner_texts())
        assert "standard error" in figures and "seed" in figures
        assert re.search(r"\d+ imagined rounds in all, over every move looked at", figures), figures


def test_the_review_is_there_at_once_after_a_reload_a_visit_to_train_and_back(site: str, tmp_path: Path) -> None:  # noqa: F811
    from nomercy.widgets import GameTable
    from test_hostile_session import _finish_and_review

    table = GameTable("no-mercy", {"You": "human", "Sam": "greedy"}, seed=10, pace=0, coach=True)
    _finish_and_review(table)
    with phone(site, profile=tmp_path / "profile") as session:
        _saved_round(session, table.record().to_json())
        page = session.open("play/")
        table_el = _app_ready(page, "nm-table")
        table_el.get_by_role("button", name="Review my round").tap()
        review = table_el.locator('[data-testid="review"]')
        review.wait_for(timeout=KERNEL_MS)
        before = review.inner_text()
        assert "stays with the round" in before
        for control in (review.locator('[data-testid="review-show-0"]'), review.locator('[data-testid="review-keep-0"]')):
            looks = control.evaluate("(b) => [getComputedStyle(b).textDecorationLine, getComputedStyle(b).borderStyle]")
            assert looks[0] != "underline" and looks[1] != "none", f"{control.inner_text()} looks like a link: {looks}"

        page.reload()  # as the newcomer did: a reload, then Train, then Play again
        _app_ready(page, "nm-table")
        page.locator('[data-testid="nav-train"]').tap()
        _app_ready(page, "nm-trainer")
        page.locator('[data-testid="nav-play"]').tap()
        table_el = _app_ready(page, "nm-table")
        review = table_el.locator('[data-testid="review"]')
        assert review.count() == 1, "the review is not there as the page opens"
        assert not table_el.locator('[data-testid="review-running"]').count(), "the review was weighed again"
        assert not table_el.get_by_role("button", name="Review my round").count()
        assert review.inner_text() == before
        page.screenshot(path=str(ARTIFACTS / "site-phone-newcomer4-review-kept.png"), full_page=True)

    # a review left before it was done goes on when the person comes back, without a tap
    with phone(site, profile=tmp_path / "profile2") as session:
        _saved_round(session, table.record().to_json())
        page = session.open("play/")
        table_el = _app_ready(page, "nm-table")
        table_el.get_by_role("button", name="Review my round").tap()
        table_el.locator('[data-testid="review-running"], [data-testid="review"]').first.wait_for(timeout=KERNEL_MS)
        page.locator('[data-testid="nav-train"]').tap()
        _app_ready(page, "nm-trainer")
        page.locator('[data-testid="nav-play"]').tap()
        table_el = _app_ready(page, "nm-table")
        table_el.locator('[data-testid="review"]').wait_for(timeout=KERNEL_MS)  # going on, then done: no tap
        assert table_el.locator('[data-testid="review"]').inner_text() == before


def test_next_puzzle_shows_the_new_puzzle_from_its_top_and_the_rating_says_what_it_is(site: str) -> None:  # noqa: F811
    with phone(site) as session:
        page = session.open("train/")
        trainer = _app_ready(page, "nm-trainer")
        puzzle = _served(trainer)
        _pick(trainer, puzzle, right=False)
        trainer.locator('[data-testid="trainer-recorded"]').wait_for(timeout=KERNEL_MS)
        means = trainer.locator('[data-testid="trainer-rating-means"]')
        assert means.inner_text() == ("It goes up when you solve a puzzle and down when you miss one. Puzzles have a "
                                      "rating too: easy 1200, medium 1500, hard 1800.")
        assert "puzzle rating" in trainer.locator('[data-testid="trainer-rating"]').inner_text()
        page.evaluate("() => window.scrollTo(0, document.scrollingElement.scrollHeight)")  # read down to the list
        board = trainer.locator('[data-testid="nm-puzzle"]')
        assert board.bounding_box()["y"] < 0, "the puzzle is still on screen: nothing to show"
        shown, served = board.get_attribute("data-puzzle"), trainer.get_attribute("data-served")
        next_puzzle = trainer.locator('[data-testid="trainer-next"]')
        next_puzzle.scroll_into_view_if_needed()
        next_puzzle.tap()
        page.wait_for_function("([el, n]) => el.getAttribute('data-served') !== n",
                               arg=[trainer.element_handle(), served], timeout=KERNEL_MS)
        # the new puzzle's top on screen (within the half pixel the screen's scale leaves)
        page.wait_for_function("(el) => { const r = el.getBoundingClientRect(); return r.top >= -1 && r.top < innerHeight; }",
                               arg=board.element_handle(), timeout=KERNEL_MS)
        assert board.get_attribute("data-puzzle") != shown
        page.screenshot(path=str(ARTIFACTS / "site-phone-newcomer4-next-puzzle.png"))


def test_a_mistake_of_your_own_says_your_seat_as_a_person_would(site: str, tmp_path: Path) -> None:  # noqa: F811
    from nomercy.widgets import GameTable
    from test_hostile_session import _finish_and_review

    table = GameTable("no-mercy", {"You": "human", "Sam": "greedy"}, seed=10, pace=0, coach=True)
    _finish_and_review(table)
    with phone(site, profile=tmp_path / "profile") as session:
        _saved_round(session, table.record().to_json())
        page = session.open("train/")
        _tap_name(page, _app_ready(page, "nm-trainer"), "trainer", "Ann")
        page = session.open("play/")
        table_el = _app_ready(page, "nm-table")
        table_el.get_by_role("button", name="Review my round").tap()
        table_el.locator('[data-testid="review-keep-0"]').tap()
        kept = table_el.locator('[data-testid="review-kept-0"]')
        kept.wait_for(timeout=KERNEL_MS)
        assert kept.inner_text() == ("Kept: Train will bring this table back as a puzzle, under Your mistakes. "
                                     "It is kept with Ann's puzzles (Ann used Train last).")
        page = session.open("train/")
        trainer = _app_ready(page, "nm-trainer")
        served = trainer.get_attribute("data-served")
        trainer.locator('[data-testid="trainer-topic"]').select_option(label="Your mistakes")
        page.wait_for_function("([el, n]) => el.getAttribute('data-served') !== n",
                               arg=[trainer.element_handle(), served], timeout=KERNEL_MS)
        board = trainer.locator('[data-testid="nm-puzzle"]')
        words = board.inner_text()
        assert "The question is asked from your seat." in words, words
        assert "You are seat" not in words and not re.search(r"\bYou\s+you\b", words), words
        page.screenshot(path=str(ARTIFACTS / "site-phone-newcomer4-your-mistake.png"), full_page=True)


def test_how_to_play_and_the_last_stage_say_what_the_screen_says(site: str) -> None:  # noqa: F811
    with phone(site) as session:
        page = session.open("rules/rule-card.html")
        words = page.locator("body").inner_text()
        assert not re.search(r"\bprofile\b|nomercy|\bid\b|\[[a-z0-9-]+\]|docs/", words), \
            re.search(r"\bprofile\b|nomercy|\bid\b|\[[a-z0-9-]+\]|docs/", words)
        arrows = page.locator("a.id")
        assert arrows.count() > 20 and set(arrows.all_inner_texts()) == {"↗"}
        assert arrows.first.get_attribute("aria-label").startswith("The rulebook: ")
        page.screenshot(path=str(ARTIFACTS / "site-phone-newcomer4-how-to-play.png"))

        page = session.open("learn/")
        root = _app_ready(page, "nm-learn")
        _goto(root, "classic-challenge-the-wild-four")
        label = root.locator(".nm-learn-facts dt", has_text=re.compile("color in force", re.I)).first.inner_text()
        rule = root.locator('[data-testid="learn-rule"]').inner_text()
        assert f"a card of the {label.lower()} before the wild +4" in rule, (label, rule)


def test_the_pending_draw_is_said_in_cards_on_play_as_on_learn(site: str, tmp_path: Path) -> None:  # noqa: F811
    facing = {**SEVEN_ROUND, "moves": SEVEN_ROUND["moves"][:6]}  # Sam's red +2: the person faces 2 cards
    with phone(site, profile=tmp_path / "profile") as session:
        _saved_round(session, json.dumps(facing))
        page = session.open("play/")
        table = _app_ready(page, "nm-table")
        assert table.locator('[data-testid="pending"]').inner_text() == "2 cards"
        page = session.open("learn/")
        root = _app_ready(page, "nm-learn")
        _goto(root, "stop-the-plus-two")
        assert re.fullmatch(r"\d+ cards", root.locator('[data-testid="learn-pending"]').inner_text())


def test_a_sevens_choices_are_all_on_a_phones_screen_when_it_is_tapped(site: str) -> None:  # noqa: F811
    with phone(site) as session:
        page = session.open("learn/")
        root = _app_ready(page, "nm-learn")
        _goto(root, "seven-swaps-hands")
        seven = root.locator('[data-testid^="learn-card-"][data-card="red 7"]')
        seven.scroll_into_view_if_needed()
        page.evaluate("() => window.scrollBy(0, -(innerHeight - 120))")  # the card low on the screen, as read
        seven.tap()
        choices = root.locator('[data-testid^="learn-choice-"]')
        choices.first.wait_for()
        page.wait_for_timeout(300)  # (any scrolling of the page's own done)
        height = page.evaluate("() => innerHeight")
        assert choices.count() == 2
        for i in range(choices.count()):
            box = choices.nth(i).bounding_box()
            # on screen, within the fraction of a pixel the screen's scale leaves
            assert box and -1 <= box["y"] and box["y"] + box["height"] <= height + 1, (choices.nth(i).inner_text(), box)
        page.screenshot(path=str(ARTIFACTS / "site-phone-newcomer4-seven-choices.png"))
