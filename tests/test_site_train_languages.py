"""The Train page in Swedish, French and Chinese, on a phone, by tapping: it serves only the puzzles translated into
the page's language, says how many there are, and every word of a puzzle (its title, the seats' line and labels,
the moves, the question, the options, each hint, the option's why and the explanation) comes from the catalogs; a
console error fails (the phone's visit checks it).

The check is test_site_learn_languages's (by origin: a text passes when it is made of the language's translations,
names, numbers and symbols), with the puzzles' catalog added to the main one. The whole page as it opens is checked
too, in each language: the board's table picture, its cards' letters and names, the answer form and the buttons.

And everything an answer shows: each puzzle walked is answered wrong and then right (an option, or the parts of the
form, the cards tapped and never typed), and every text of the page is checked after each, with every ruling under
the events opened and every step of "Show me" walked. (The first version of this check read only the parts that
hold a puzzle's own words and only ever tapped an option: the verdict, what really happens, the rulings and the
steps were never read, and they were English.)
"""

from __future__ import annotations

import functools
import re
from typing import Any

import pytest

import test_site_learn_languages as learn_check
from browser_support import page_scrolls_sideways
from learn_clicks import WAIT_MS
from nomercy.core.cards import Card, Color
from nomercy.core.i18n import LOCALES, puzzle_catalog, words
from nomercy.core.rulebook import RULINGS
from nomercy.puzzles.answers import ANSWER_KEYS
from nomercy.widgets.puzzle_board import _ruling_said
from nomercy.puzzles.puzzle import Puzzle, check_answer
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
SEAT = re.compile(r"(?<![A-Za-z\u00c0-\u024f])[A-F](?![A-Za-z\u00c0-\u024f'’])")
"""A seat's letter, standing alone (not the C of French's elided C'est)."""
PARTS = ["puzzle-title", "puzzle-seats", "puzzle-hands", "puzzle-moves", "puzzle-question", "puzzle-choices",
         "puzzle-hints", "puzzle-why", "puzzle-explanation", "trainer-available"]
"""The parts of the page that say a puzzle's words (and how many puzzles the language has)."""


def _from_the_catalogs(texts: list[str], lang: str) -> list[str]:
    """The texts that are neither a puzzle's translation, nor a ruling's text (its rule options in words, as the
    board says them), nor made of the main catalog's words."""
    # as the page's texts are read: French's narrow no-break space before ":" or "?" is a space
    puzzles = {re.sub(r"\s+", " ", text) for text in puzzle_catalog(lang).catalog().values()} | _rulings_said(lang)
    kept = []
    for text in texts:
        if text in puzzles:
            continue
        text = SEAT.sub("1", text)  # a seat's letter is a name in every language (and "Plats {seat}" takes any)
        text = re.sub(r"\b([Dd]|[Qq]u)'1\b", r"\1e 1", text)  # French's de and que elided before a seat (d'A)
        text = MARKS[lang].sub("(1)", text)  # the color's mark beside its name, as the language's cards show it
        # the option's why after its heading ("Varför: ...", "Här blev det fel. ..."): the why is a puzzle's text
        headings = [re.sub(r"\s+", " ", words(lang).gettext(t, why="")) for t in ("Why: {why}", "Where this goes wrong: {why}")]
        if any(text.startswith(h) and text[len(h):].strip() in puzzles for h in headings):
            continue
        kept.append(text)
    return learn_check.not_from_the_catalogs(kept, lang)


@functools.lru_cache(maxsize=None)
def _rulings_said(lang: str) -> frozenset[str]:
    """Each ruling's text and heading in ``lang`` as the board shows them under an event (the title is the term
    table's word, which the catalogs do not hold)."""
    return frozenset(re.sub(r"\s+", " ", _ruling_said(rule, lang)[part]) for rule in RULINGS for part in ("text", "heading"))


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


OPENED_JS = """(root) => { for (const d of root.querySelectorAll('[data-testid=nm-puzzle] details')) d.open = true; }"""
"""Every folded part of the board opened (the rulings under the events, a best move's numbers), so its words are read
too (the trainer's own numbers, the progress folder's path, stay folded: they are a file's name)."""


def _whole_page(page: Any, root: Any, lang: str, where: str) -> None:
    page.evaluate(OPENED_JS, root.element_handle())
    wrong = _from_the_catalogs(page.evaluate(learn_check.VISIBLE_TEXTS_JS, root.element_handle()), lang)
    assert wrong == [], f"{lang}, {where}: not from the catalogs: {wrong[:10]}"


def _right_option(puzzle: Puzzle) -> int:
    options = puzzle.puzzle_kind.options(puzzle)
    if puzzle.kind == "best-move":
        return next(i for i, o in enumerate(options) if o.answer.get("best") == puzzle.answer["best"])
    return next(i for i, o in enumerate(options) if not check_answer(puzzle, o.answer))


def _form_values(puzzle: Puzzle) -> dict[str, Any]:
    """The puzzle's answer as the form takes it: a seat's name, a card's notation, a color's name."""
    seats = puzzle.players
    values: dict[str, Any] = {}
    for key, value in puzzle.answer.items():
        answer_key = ANSWER_KEYS[key]
        if answer_key.entry is None:
            continue
        if key == "top":
            value = str(Card.parse(str(value)))
        elif key == "color":
            value = Color.parse(str(value)).value
        elif key in ("hand", "playable"):
            value = {str(seat): [str(Card.parse(str(c))) for c in cards] for seat, cards in value.items()}
        elif key in ("turn", "winner") and value is not None:
            value = answer_key.normal(value, seats)
        values[key] = value
    return values


def _wrong(field: dict[str, Any], value: Any) -> Any:
    """A value of ``field`` other than ``value``: one more, another option, another card, one card fewer."""
    kind = field["kind"]
    if kind == "number":
        return int(value) + 1
    if kind == "numbers":
        first = next(iter(value))
        return {**value, first: int(value[first]) + 1}
    if kind == "choice":
        return next(o["value"] for o in field["options"] if o["value"] != value)
    if kind == "card":
        return next(c["value"] for c in field["palette"] if c["value"] != value)
    if kind == "cards":
        first = next(iter(value))
        return {**value, first: value[first][1:] if value[first] else [field["palette"][0]["value"]]}
    return [] if value else [field["options"][0]["value"]]  # seats ticked


def _fill(root: Any, fields: list[dict[str, Any]], values: dict[str, Any]) -> None:
    """The form answered on a phone: each option, card and seat tapped, each number typed (a number is all)."""
    for field in fields:
        key, value = field["key"], values[field["key"]]
        kind = field["kind"]
        if kind == "choice":
            root.locator(f'[data-testid="field-{key}-{"none" if value is None else value}"]').tap()
        elif kind == "number":
            root.locator(f'[data-testid="field-{key}"]').fill(str(value))
        elif kind == "numbers":
            for seat, number in value.items():
                root.locator(f'[data-testid="field-{key}-{seat}"]').fill(str(number))
        elif kind == "card":
            root.locator(f'[data-testid="pick-{key}-{value}"]').tap()
        elif kind == "cards":
            for seat, cards in value.items():
                while root.locator(f'[data-testid^="chosen-{key}-{seat}-"]').count():  # what an earlier answer chose
                    root.locator(f'[data-testid^="chosen-{key}-{seat}-"]').first.tap()
                for card in cards:
                    root.locator(f'[data-testid="pick-{key}-{seat}-{card}"]').tap()
        else:  # the seats that apply, ticked (and the others not)
            for option in field["options"]:
                box = root.locator(f'[data-testid="field-{key}-{option["value"]}"]')
                if box.is_checked() != (option["value"] in value):
                    box.tap()
    root.locator('[data-testid="puzzle-check"]').tap()


def _answered(page: Any, root: Any, right: bool) -> None:
    page.wait_for_function("(right) => document.querySelector('[data-testid=puzzle-feedback]')"
                           "?.getAttribute('data-correct') === String(right)", arg=right, timeout=WAIT_MS)
    assert root.locator('[data-testid="puzzle-error"]').count() == 0, root.locator('[data-testid="puzzle-error"]').text_content()


def _shown_step_by_step(page: Any, root: Any, lang: str, where: str) -> None:
    """Every step of "Show me", each checked: its sentence, its move, its ruling and the table's picture."""
    root.locator('[data-testid="puzzle-show"]').tap()
    root.locator('[data-testid="puzzle-walk"]').wait_for(timeout=WAIT_MS)
    forward = root.locator('[data-testid="walk-next"]')
    for step in range(60):
        _whole_page(page, root, lang, f"{where}, step {step + 1} of Show me")
        if forward.is_disabled():
            break
        counter = root.locator('[data-testid="walk-counter"]').text_content()
        forward.tap()
        page.wait_for_function("(was) => document.querySelector('[data-testid=walk-counter]')?.textContent !== was",
                               arg=counter, timeout=WAIT_MS)
    root.locator('[data-testid="walk-close"]').tap()


def _answer_wrong_then_right(page: Any, root: Any, lang: str, puzzle: Puzzle, *, form: bool) -> None:
    """Answer ``puzzle`` wrong, then right (by its options, or with ``form`` by its parts), reading the page each time."""
    if not form:
        right = _right_option(puzzle)
        wrong = next(i for i in range(len(puzzle.puzzle_kind.options(puzzle))) if i != right)
        for index, correct in ((wrong, False), (right, True)):
            root.locator(f'[data-testid="puzzle-choice-{index}"]').tap()
            _answered(page, root, correct)
            _whole_page(page, root, lang, f"{puzzle.id}, option {index} ({'right' if correct else 'wrong'})")
        return
    fields = puzzle_fields(puzzle, lang)  # which options and cards there are to tap (the page draws the same)
    values = _form_values(puzzle)
    first = fields[0]
    _fill(root, fields, {**values, first["key"]: _wrong(first, values[first["key"]])})
    _answered(page, root, False)
    _whole_page(page, root, lang, f"{puzzle.id}, the form answered wrong")
    _fill(root, fields, values)
    _answered(page, root, True)
    _whole_page(page, root, lang, f"{puzzle.id}, the form answered right")


def puzzle_fields(puzzle: Puzzle, lang: str) -> list[dict[str, Any]]:
    """The form's parts as the board sends them (its options and the cards to tap)."""
    from nomercy.widgets.puzzle_board import PuzzleBoard

    class _Board(PuzzleBoard):
        _lang = lang
    return _Board([puzzle]).puzzle["fields"]


ANSWERED = 6
"""Puzzles answered wrong and right in each language, in the order the trainer serves them."""


@pytest.mark.parametrize("lang", LANGS)
def test_every_text_an_answer_shows_is_in_the_language(site: str, lang: str) -> None:  # noqa: F811
    """Answered wrong and right, each of the first puzzles served: the verdict, what went wrong, what really happens,
    the events and their rulings, the why and the explanation, the trainer's line of what was saved, and every step of
    "Show me", all in the language, none English."""
    served = {p.id: p for p in SERVED[lang]}
    with phone(site, "390x844") as session:
        page = session.open(f"train/index.html?lang={lang}")
        root = _app_ready(page, "nm-trainer")
        for number in range(ANSWERED):
            pid = root.locator('[data-testid="nm-puzzle"]').get_attribute("data-puzzle")
            puzzle = served[pid]
            _answer_wrong_then_right(page, root, lang, puzzle, form=not puzzle.choices)
            _shown_step_by_step(page, root, lang, pid)
            root.locator('[data-testid="trainer-next"]').tap()
            page.wait_for_function("(pid) => document.querySelector('[data-testid=nm-puzzle]')"
                                   "?.getAttribute('data-puzzle') !== pid", arg=pid, timeout=WAIT_MS)


TAPPED_TOPIC = "classic"
"""A topic whose puzzles ask for a card and for a seat's cards (what lies on top, what a seat keeps)."""


@pytest.mark.parametrize("lang", LANGS)
def test_cards_are_answered_by_tapping_in_every_language(site: str, lang: str) -> None:  # noqa: F811
    """On a phone, nothing typed but numbers: the top card and a seat's cards are tapped from the cards the puzzle
    shows, each named in the language; wrong, then right, and every text after each in the language."""
    served = {p.id: p for p in SERVED[lang]}
    tapped = [p for p in served.values() if p.topic == TAPPED_TOPIC]
    assert any(f["kind"] == "card" for p in tapped for f in p.puzzle_kind.inputs(p))
    with phone(site, "390x844") as session:
        page = session.open(f"train/index.html?lang={lang}")
        root = _app_ready(page, "nm-trainer")
        pid = root.locator('[data-testid="nm-puzzle"]').get_attribute("data-puzzle")
        root.locator('[data-testid="trainer-topic"]').select_option(TAPPED_TOPIC)
        page.wait_for_function("(pid) => document.querySelector('[data-testid=nm-puzzle]')"
                               "?.getAttribute('data-puzzle') !== pid", arg=pid, timeout=WAIT_MS)
        picks = root.locator('[data-testid^="pick-"]')
        for _ in range(len(tapped)):  # the topic's puzzles skipped until one asks for cards
            pid = root.locator('[data-testid="nm-puzzle"]').get_attribute("data-puzzle")
            if picks.count():
                break
            root.locator('[data-testid="trainer-next"]').tap()
            page.wait_for_function("(pid) => document.querySelector('[data-testid=nm-puzzle]')"
                                   "?.getAttribute('data-puzzle') !== pid", arg=pid, timeout=WAIT_MS)
        puzzle = served[pid]
        assert puzzle.topic == TAPPED_TOPIC
        assert picks.count() and root.locator('[data-testid="puzzle-form"] input[type="text"]').count() == 0
        names = [picks.nth(i).get_attribute("aria-label") for i in range(picks.count())]
        assert _from_the_catalogs(names, lang) == [], names
        _answer_wrong_then_right(page, root, lang, puzzle, form=True)
        assert page_scrolls_sideways(page) == []
