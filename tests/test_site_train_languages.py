"""The Train page in Swedish, French and Chinese, on a phone, by tapping: it serves only the puzzles translated into
the page's language, says how many there are, and every word of a puzzle (its title, the seats' line and labels,
the moves, the question, the options, each hint, the option's why and the explanation) comes from the catalogs; a
console error fails (the phone's visit checks it).

The check is test_site_learn_languages's (by origin: a text passes when it is made of the language's translations,
names, numbers and symbols), with the puzzles' catalog added to the main one. The whole page as it opens is checked
too, in each language: the board's table picture, its cards' letters and names, the answer form and the buttons.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

import test_site_learn_languages as learn_check
from browser_support import page_scrolls_sideways
from learn_clicks import WAIT_MS
from nomercy.core.i18n import LOCALES, puzzle_catalog
from nomercy.puzzles.puzzle import load_puzzles
from nomercy.puzzles.puzzle_languages import translated
from nomercy.teaching.card_pictures import card_marks
from test_site import _app_ready, site  # noqa: F401 - the served site, as the other site tests use it
from test_site_phone import phone

pytestmark = pytest.mark.site

SERVED = {lang: translated(load_puzzles(), lang) for lang in LOCALES}
LANGS = [lang for lang in LOCALES if SERVED[lang]]
WALKED = 12
"""Puzzles walked in each language (each served one after the other; the catalog tests check every text)."""
MARKS = {lang: re.compile("\\((?:" + "|".join(re.escape(mark) for mark, _ in card_marks(lang).values()) + ")\\)")
         for lang in LOCALES}
"""A color's mark in brackets (Gu, J, 紅): the term tables' sign for the color, which the language's cards show."""
SEAT = re.compile(r"(?<![A-Za-z\u00c0-\u024f])[A-F](?![A-Za-z\u00c0-\u024f])")
PARTS = ["puzzle-title", "puzzle-seats", "puzzle-hands", "puzzle-moves", "puzzle-question", "puzzle-choices",
         "puzzle-hints", "puzzle-why", "puzzle-explanation", "trainer-available"]
"""The parts of the page that say a puzzle's words (and how many puzzles the language has)."""


def _from_the_catalogs(texts: list[str], lang: str) -> list[str]:
    """The texts that are neither a puzzle's translation nor made of the main catalog's words."""
    # as the page's texts are read: French's narrow no-break space before ":" or "?" is a space
    puzzles = {re.sub(r"\s+", " ", text) for text in puzzle_catalog(lang).catalog().values()}
    kept = []
    for text in texts:
        if text in puzzles:
            continue
        text = SEAT.sub("1", text)  # a seat's letter is a name in every language (and "Plats {seat}" takes any)
        text = re.sub(r"\b([Dd]|[Qq]u)'1\b", r"\1e 1", text)  # French's de and que elided before a seat (d'A)
        text = MARKS[lang].sub("(1)", text)  # the color's mark beside its name, as the language's cards show it
        # the option's why after its heading ("Varför: ...", "Här blir det fel: ..."): the why is a puzzle's text
        heading = re.match(r"^(.+?[:：])\s*(.+)$", text)
        if heading and heading.group(2) in puzzles:
            continue
        kept.append(text)
    return learn_check.not_from_the_catalogs(kept, lang)


def _parts(page: Any, root: Any, lang: str, where: str) -> None:
    for part in PARTS:
        for element in root.locator(f'[data-testid="{part}"]').element_handles():
            wrong = _from_the_catalogs(page.evaluate(learn_check.VISIBLE_TEXTS_JS, element), lang)
            assert wrong == [], f"{lang}, {where}, {part}: not from the catalogs: {wrong}"


@pytest.mark.parametrize("lang", LANGS)
def test_the_train_page_in_a_language_serves_its_puzzles_in_its_words(site: str, lang: str) -> None:  # noqa: F811
    served = {p.id: p for p in SERVED[lang]}
    with phone(site, "360x640") as session:
        page = session.open(f"train/index.html?lang={lang}")
        root = _app_ready(page, "nm-trainer")
        assert page.evaluate("document.documentElement.lang") == lang
        available = root.locator('[data-testid="trainer-available"]')
        assert str(len(served)) in available.text_content()
        seen: set[str] = set()
        for number in range(min(WALKED, len(served))):
            board = root.locator('[data-testid="nm-puzzle"]')
            pid = board.get_attribute("data-puzzle")
            assert pid in served, f"{lang}: {pid} is served but not translated"
            seen.add(pid)
            assert root.locator('[data-testid="puzzle-title"]').text_content() == served[pid].title
            _parts(page, root, lang, pid)
            hint = root.locator('[data-testid="puzzle-hint"]')
            for _ in range(len(served[pid].hints)):
                hint.tap()
            if served[pid].hints:
                root.locator('[data-testid="puzzle-hints"] li').nth(len(served[pid].hints) - 1).wait_for(timeout=WAIT_MS)
            choice = root.locator('[data-testid^="puzzle-choice-"]')
            if choice.count():
                choice.last.tap()
                root.locator('[data-testid="puzzle-feedback"]').wait_for(timeout=WAIT_MS)
            _parts(page, root, lang, f"{pid}, hints and an answer")
            if number == 0:  # the longer words and the Chinese characters still fit the phone
                assert page_scrolls_sideways(page) == []
            root.locator('[data-testid="trainer-next"]').tap()
            page.wait_for_function("(pid) => document.querySelector('[data-testid=nm-puzzle]')"
                                   "?.getAttribute('data-puzzle') !== pid", arg=pid, timeout=WAIT_MS)
        assert len(seen) == min(WALKED, len(served))


@pytest.mark.parametrize("lang", LANGS)
def test_the_whole_train_page_in_a_language_shows_no_english(site: str, lang: str) -> None:  # noqa: F811
    """Every text of the Train page as it opens (the header, the board's table picture and its cards' names and
    letters, the answer form, the buttons): the language's, none English."""
    with phone(site, "360x640") as session:
        page = session.open(f"train/index.html?lang={lang}")
        root = _app_ready(page, "nm-trainer")
        wrong = _from_the_catalogs(page.evaluate(learn_check.VISIBLE_TEXTS_JS, root.element_handle()), lang)
        assert wrong == [], f"not from the catalogs: {wrong[:10]}"
