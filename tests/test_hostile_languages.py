"""Hostile values where a language is chosen: the widget's ``lang``, ``nomercy play --lang``, and the site's
language switch (the ``?lang=`` of an address and the choice the browser remembers).

A language that is not one of ours is refused in one line by the widgets (a program's argument), and shown in
English with a note by the terminal and by the pages (a person's choice): never a blank page, a crash or Python's
words; a good code in any case or with a region (``sv-SE``, ``ZH-tw``) is taken.
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import shutil
import re
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any, Iterator

import pytest
from hypothesis import given, settings
from conftest import examples
from hypothesis import strategies as st

from hostile_values import LOOK_ALIKES, ODD_TEXTS, PYTHON_WORDS, SAMPLE, answer, clear
from nomercy.core.i18n import LANGUAGES, choose, language, words

ROOT = Path(__file__).resolve().parent.parent

HOSTILE_COVERS = (
    "api:nomercy.widgets.game_table.GameTable(lang)",
    "api:nomercy.widgets.game_table.GameTable.around(lang)",
    "api:nomercy.core.i18n.words(lang)",
    "api:nomercy.core.i18n.language(code)",
    "api:nomercy.core.i18n.choose(code)",
    "cli:play --lang",
    "prompt:round",
    "api:nomercy.core.refusals.Refusal(message)",
    "api:nomercy.core.refusals.Refusal(values)",
    "api:nomercy.core.refusals.Refusal(english)",
    "api:nomercy.core.refusals.Said(message)",
    "api:nomercy.core.refusals.Said(values)",
    "api:nomercy.core.refusals.Said(english)",
    "api:nomercy.play.said_at_table.MoveSaid(english)",
    "api:nomercy.play.said_at_table.MoveSaid(notation)",
    "api:nomercy.play.said_at_table.MoveSaid(state)",
    "api:nomercy.widgets.trainer.Trainer(lang)",
    "api:nomercy.play.table_undo.undo_line(said_as)",
    "page:lang:lang",     # ?lang= in a page's address
    "page:lang:nm-lang",  # the language this browser remembers (localStorage)
)

HOSTILE_CODES = [*SAMPLE, *ODD_TEXTS, *LOOK_ALIKES, "xx", "de", "EN_us_", "sv;fr", "s v", "zh-Hans-CN-" * 9,
                 "fr\x00", "../fr", "<b>sv</b>", "zh-Hant\n", "\u202esv", "sv" * 40]


@pytest.mark.parametrize("code", HOSTILE_CODES, ids=range(len(HOSTILE_CODES)))
def test_a_language_a_program_names_is_one_of_ours_or_refused_in_one_line(code: Any) -> None:
    got = answer(lambda: language(code))
    assert got is None or got in LANGUAGES
    assert answer(lambda: words(code)) is None or code in LANGUAGES


@pytest.mark.parametrize("code", HOSTILE_CODES, ids=range(len(HOSTILE_CODES)))
def test_a_language_a_person_names_is_shown_or_english_with_a_note(code: Any) -> None:
    lang, note = choose(code)
    assert lang in LANGUAGES
    if note:
        assert lang == "en" and clear(note) and "English" in note, note


@settings(max_examples=examples(200), deadline=None)
@given(st.one_of(st.text(max_size=60), st.none(), st.integers(), st.binary(max_size=10)))
def test_any_value_chooses_a_language_without_an_error(code: Any) -> None:
    lang, note = choose(code)
    assert lang in LANGUAGES and (not note or clear(note))


@pytest.mark.parametrize("code, lang", [("sv", "sv"), ("SV-se", "sv"), ("fr_CA", "fr"), ("zh-TW", "zh-Hant"),
                                        ("zh-hant-hk", "zh-Hant"), ("zh", "zh-Hant"), ("en-GB", "en"), (" fr ", "fr")])
def test_a_good_code_in_any_case_or_with_a_region_is_taken(code: str, lang: str) -> None:
    assert choose(code) == (lang, "")


@pytest.mark.parametrize("code", [c for c in HOSTILE_CODES if not (isinstance(c, str) and c in LANGUAGES)][:40],
                         ids=range(40))
def test_a_table_refuses_a_language_before_anything_is_dealt(code: Any) -> None:
    from nomercy.play.table import TableSession
    from nomercy.widgets import GameTable

    assert answer(lambda: GameTable("no-mercy", ["human", "greedy"], seed=1, pace=0, lang=code)) is None
    session = TableSession("no-mercy", ["human", "greedy"], seed=1)
    before = session.state
    assert answer(lambda: GameTable.around(session, lang=code)) is None
    assert session.state == before


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_a_table_in_a_language_sends_its_words_and_plays_the_same(lang: str) -> None:
    from nomercy.widgets import GameTable

    table = GameTable("no-mercy", ["human", "greedy"], seed=5, pace=0, lang=lang)
    english = GameTable("no-mercy", ["human", "greedy"], seed=5, pace=0)
    assert table.state == english.state and table.version == english.version
    said = ("seats", "mercy_legend", "top_by", "top_svg", "status", "hand_label", "undo_label", "buttons", "last", "over",
            "hand", "undo_why", "reveal_label", "turn", "deck_svg", "order")
    same = {key for key in english.table if key not in said}  # the rest is the game itself, the same in any language
    assert {k: table.table[k] for k in same} == {k: english.table[k] for k in same}
    assert [(s["name"], s["count"]) for s in table.table["seats"]] == [(s["name"], s["count"]) for s in english.table["seats"]]
    assert [b["move"] for b in table.table["buttons"]] == [b["move"] for b in english.table["buttons"]]
    def unnamed(card: dict[str, Any]) -> dict[str, Any]:  # a card's picture is named, and lettered, in the language
        svg = re.sub(r'<title>[^<]*</title>|aria-label="[^"]*"', "", card["svg"])
        svg = re.sub(r"<text[^>]*>[^<]*</text>", "<text/>", svg)  # (its letters sized to fit them)
        return {**{k: v for k, v in card.items() if k != "name"}, "svg": svg}

    assert [unnamed(c) for c in table.table["hand"]] == [unnamed(c) for c in english.table["hand"]]
    assert (lang == "en") == (table.table["status"] == english.table["status"])
    assert (table.words == {}) == (lang == "en")
    if lang != "en":
        assert table.words["Cancel"] == words(lang).gettext("Cancel") != "Cancel"


def _play(*options: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "nomercy", "play", "--seed", "3", *options], input="quit\n",
                          capture_output=True, text=True, timeout=120, cwd=ROOT)


@pytest.mark.parametrize("code", ["xx", "", "9" * 5000, "\u202esv", "sv;rm", "None"])
def test_play_with_an_unknown_language_says_so_and_plays_in_english(code: str) -> None:
    ran = _play("--lang", code)
    assert ran.returncode == 0, ran.stderr
    note = ran.stderr.strip().splitlines()[0]
    assert "shown in English" in note and clear(note) and len(note) < 400, note
    assert "Round 1, move 0. Top card:" in ran.stdout
    assert not any(word in ran.stderr + ran.stdout for word in ("Traceback", "Error"))


@pytest.mark.parametrize("code, line", [("sv", "Runda 1, drag 0. Översta kortet:"), ("FR-be", "Manche 1, coup 0."),
                                        ("zh-TW", "第 1 局，第 0 個動作。")])
def test_play_in_a_language_shows_the_tables_lines_in_it(code: str, line: str) -> None:
    ran = _play("--lang", code)
    assert ran.returncode == 0 and ran.stderr == "", ran.stderr
    assert line in ran.stdout
    assert "Round 1, move 0" not in ran.stdout


@pytest.mark.parametrize("lang, no", [("sv", "nej"), ("fr", "non"), ("zh-Hant", "否")])
def test_every_prompt_of_a_terminal_in_a_language_refuses_nonsense_in_its_words_and_takes_its_yes_and_no(
        lang: str, no: str) -> None:
    """Hostile lines at the move prompt (numbers out of range, a number too long, nonsense, a control character,
    a move of another seat), then the round played out by its first listed move and left with the language's no:
    every refusal is one line in the language, no Python word, and the table goes on."""
    from nomercy.play.terminal import TerminalTable

    hostile = ["99", "0", "9" * 300, "-1", "1.5", "\x00", "Greedy1 draws", "help", "hint", "uno", "undo", "cancel",
               "table", "", "ja?", "1"]
    said = words(lang).gettext
    lines = iter(hostile)
    out: list[str] = []
    moment, again = said("You hold one card and have not called UNO: type uno now, or press Enter> "), \
        said("Another round? (yes/no)> ")
    asked = {moment: iter(["1", "nej?", "uno"] * 50), again: iter(["maybe", no])}

    def read(prompt: str) -> str:  # the hostile lines first; then each prompt's own answers (a wrong one first)
        out.append(prompt)
        return next(lines, None) or next(asked.get(prompt, iter(())), "1")

    table = TerminalTable("classic", ["human", "greedy"], seed=4, read=read, write=out.append, lang=lang)
    assert table.run() == 0
    refusals = [line for line in out if line.startswith("! ")]
    assert len(refusals) >= 6
    for line in refusals:
        assert clear(line), line
        assert not any(word in line for word in ("there is no move", "cannot", "is not a", "the coach is off")), line
    assert again in out and moment in out  # every prompt kind was reached; the language's no left the table  # the round ended, and the language's no left the table
    assert not any("Round 1, move" in line or "Another round" in line or "type uno" in line for line in out)


@pytest.mark.parametrize("message, values, english", [
    (None, {}, None), ("the round is over", None, None), ("{player} holds no {card}", {"player": "A"}, None),
    ("x", {1: "y"}, None), ("x", {}, b"x"), ("{0}", {}, None), (SAMPLE[0] if SAMPLE else "x", [("a", 1)], 3)])
def test_a_refusal_made_of_anything_else_than_a_message_and_its_values_is_refused_in_one_line(
        message: Any, values: Any, english: Any) -> None:
    from nomercy.core.refusals import Refusal, Said

    assert answer(lambda: Refusal(message, values, english)) is None
    assert answer(lambda: Said(message, values, english)) is None  # the coach's words: the same value, checked alike


@pytest.mark.parametrize("code", HOSTILE_CODES[:12] + ["xx", "sv;fr", "../fr", "zh-Hant\n"], ids=range(16))
def test_a_trainer_in_a_language_not_ours_is_refused_in_one_line_before_anything_is_read(code: Any,
                                                                                        tmp_path: Path) -> None:
    from nomercy.widgets import Trainer

    got = answer(lambda: Trainer(data_dir=tmp_path, puzzles=[], lang=code))
    assert got is None  # refused in one line (a trainer of no puzzles is refused too, but after the language)
    assert not list(tmp_path.iterdir())


@pytest.mark.parametrize("said_as", [*SAMPLE[1:15], "You play red 7", "You draw "], ids=range(16))
def test_undos_line_said_as_anything_but_the_decision_is_refused_in_one_line(said_as: Any) -> None:
    from nomercy.play.table_undo import Mark, undo_line

    assert answer(lambda: undo_line(["You", "Ann"], Mark(3, 2, 0, "You draw"), 1, said_as=said_as)) is None


@pytest.mark.parametrize("english, notation, state", [
    (None, "You draw", "state"), ("drawing", None, "state"), ("drawing", "You draw", None),
    (b"drawing", "You draw", "state"), ("drawing", "You draw", "You | classic"), ("drawing", 7, "state"),
    ("x" * 100_000, "You draw", "state")])
def test_a_move_said_made_of_anything_else_than_its_words_notation_and_position_is_refused_in_one_line(
        english: Any, notation: Any, state: Any) -> None:
    from nomercy.play.game import Game
    from nomercy.play.said_at_table import MoveSaid

    position = Game("classic", ["You", "Ann"], seed=3).state
    state = position if state == "state" else state
    assert answer(lambda: MoveSaid(english, notation, state)) is None


def test_a_move_said_of_a_move_this_position_does_not_know_is_said_as_its_notation() -> None:
    from nomercy.play.game import Game
    from nomercy.play.said_at_table import MoveSaid

    state = Game("classic", ["You", "Ann"], seed=3).state
    assert MoveSaid("drawing", "You draw", state).said_in("sv") == "Dra"
    assert MoveSaid("juggling", "You juggle", state).said_in("fr") == "You juggle"


# --- the site's switch, in chromium ------------------------------------------------------------------------

@contextlib.contextmanager
def _landing(tmp_path: Path) -> Iterator[str]:
    """The shipped landing page with the site's header and language script, and the catalogs' words, served."""
    sys.path.insert(0, str(ROOT / "scripts"))
    import site_pages

    (tmp_path / "app").mkdir()
    for name in ("lang.js", "site.css", "offline.js"):
        shutil.copy(ROOT / "site" / "app" / name, tmp_path / "app" / name)
    shutil.copy(ROOT / "site" / "index.html", tmp_path / "index.html")
    site_pages.put_header(tmp_path, ["index.html"])
    site_pages.languages(tmp_path)
    handler = functools.partial(_Quiet, directory=str(tmp_path))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()


def _errors(watch: Any) -> list[str]:
    """The page's console errors, but for the 404s of what this bare copy of the site leaves out (the icon, the
    service worker that offline.js registers, its listing)."""
    return [error for error in watch.take() if "404" not in error]


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args: Any) -> None:
        pass


_CATALOGD = ["Learn the rules of No Mercy", "Every rule in a short stage", "Puzzles on every rule", "Language"]


def _shown(page: Any) -> dict[str, Any]:
    page.wait_for_function("document.documentElement.dataset.langReady !== undefined", timeout=60_000)
    return page.evaluate("""() => ({ lang: document.documentElement.lang, text: document.body.innerText,
      note: document.querySelector('[data-testid=lang-note]')?.textContent || '',
      stored: localStorage.getItem('nm-lang'), h1: document.querySelector('h1')?.textContent || '' })""")


HOSTILE_PAGE_CODES = ["xx", "", "%00", "<script>alert(1)</script>", "sv;fr", "x" * 5000, "Zoe\u0301", "\u202efr",
                      "zh-Hans-CN-" * 9, "null", "undefined", "__proto__", "constructor"]


@pytest.mark.browser
def test_the_switch_takes_an_address_a_memory_or_the_browsers_language_and_survives_nonsense(tmp_path: Path) -> None:
    from urllib.parse import quote

    from browser_support import ConsoleWatch, chromium, require_browser

    require_browser()
    with _landing(tmp_path) as base, chromium() as context:
        page = context.new_page()
        watch = ConsoleWatch(page)
        # an address that names a language: shown in it, and remembered
        page.goto(f"{base}/?lang=SV-se")
        shown = _shown(page)
        assert (shown["lang"], shown["stored"], shown["note"]) == ("sv", "sv", "")
        assert not [words for words in _CATALOGD if words in shown["text"]], shown["text"][:300]
        assert words("sv").gettext("Lessons") in shown["text"]
        page.goto(f"{base}/")  # remembered
        assert _shown(page)["lang"] == "sv"
        # the switch: French, remembered, the address's parameter not kept
        page.select_option("[data-testid=lang-switch]", "fr")
        page.wait_for_url(f"{base}/", timeout=60_000)
        assert _shown(page)["lang"] == "fr" and _shown(page)["stored"] == "fr"
        for code in HOSTILE_PAGE_CODES:  # an address's nonsense: English with a note, the memory untouched
            page.goto(f"{base}/?lang={quote(code)}")
            shown = _shown(page)
            assert shown["lang"] == "en" and shown["h1"] == "UNO Show 'em No Mercy", code
            assert "shown in English" in shown["note"] and len(shown["note"]) < 400, shown["note"]
            assert not any(word in shown["note"] for word in PYTHON_WORDS if word not in ("None",)), shown["note"]
            assert shown["stored"] == "fr"
        for code in HOSTILE_PAGE_CODES:  # a memory's nonsense: English with a note, and forgotten
            page.evaluate("(code) => localStorage.setItem('nm-lang', code)", code)
            page.goto(f"{base}/")
            shown = _shown(page)
            assert shown["lang"] == "en" and shown["h1"] == "UNO Show 'em No Mercy", code
            assert "shown in English" in shown["note"], shown["note"]
            assert shown["stored"] is None
        assert _errors(watch) == []


@pytest.mark.browser
def test_an_address_naming_two_languages_or_a_memory_too_long_to_be_one_is_said_in_a_note(tmp_path: Path) -> None:
    """``?lang=fr&lang=sv`` once showed French without a word about Swedish; a remembered code of 100,000
    characters, or the text "null", was forgotten without the note every other bad memory gets."""
    from browser_support import ConsoleWatch, chromium, require_browser

    require_browser()
    with _landing(tmp_path) as base, chromium() as context:
        page = context.new_page()
        watch = ConsoleWatch(page)
        page.goto(f"{base}/?lang=sv")
        assert _shown(page)["stored"] == "sv"
        for search in ("lang=fr&lang=sv", "lang=fr&lang=xx", "lang=xx&lang=fr", "&".join(["lang=fr", "lang=sv"] * 500)):
            page.goto(f"{base}/?{search}")
            shown = _shown(page)
            assert shown["lang"] == "en" and "more than one language" in shown["note"], (search[:40], shown["note"])
            assert len(shown["note"]) < 400 and shown["stored"] == "sv", shown
        for search in ("lang=fr&lang=fr", "lang=fr&lang=FR-ca"):  # the same language twice is that language
            page.goto(f"{base}/?{search}")
            assert (_shown(page)["lang"], _shown(page)["note"]) == ("fr", "")
        for code in ("x" * 100_000, "null", "NULL", " "):
            page.evaluate("(code) => localStorage.setItem('nm-lang', code)", code)
            page.goto(f"{base}/")
            shown = _shown(page)
            assert shown["lang"] == "en" and "shown in English" in shown["note"], (code[:20], shown["note"])
            assert len(shown["note"]) < 400 and shown["stored"] is None
        assert _errors(watch) == []


@pytest.mark.browser
@pytest.mark.parametrize("locale, lang", [("zh-TW", "zh-Hant"), ("fr-CA", "fr"), ("sv", "sv"), ("de-DE", "en")])
def test_a_first_visit_takes_the_browsers_language_or_english_without_a_note(tmp_path: Path, locale: str,
                                                                             lang: str) -> None:
    from playwright.sync_api import sync_playwright

    from browser_support import CHROMIUM, CHROMIUM_FLAGS, ConsoleWatch, require_browser

    require_browser()
    with _landing(tmp_path) as base, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS, headless=True)
        try:
            page = browser.new_context(locale=locale).new_page()
            watch = ConsoleWatch(page)
            page.goto(f"{base}/")
            shown = _shown(page)
            assert (shown["lang"], shown["note"], shown["stored"]) == (lang, "", None)
            assert _errors(watch) == []
        finally:
            browser.close()


@pytest.mark.parametrize("lang", ["sv", "fr", "zh-Hant"])
def test_the_top_cards_picture_is_named_in_the_tables_language(lang: str) -> None:
    """The top card's picture carries its name for a screen reader and a tooltip (its title): in a table in another
    language that name is the language's, never the English notation ("wild reverse +4" on a French phone)."""
    import re

    from nomercy.widgets import GameTable

    table = GameTable("no-mercy", ["greedy", "greedy"], seed=0, lang=lang, pace=0)
    for _ in range(300):
        if "wild" in table.table["top"] or table.table.get("over"):
            break
        table.send_intent({"type": "advance"})
    assert "wild" in table.table["top"], "seed 0 no longer puts a wild on top: pick another seed"
    names = re.findall(r'<title>([^<]*)</title>|aria-label="([^"]*)"', table.table["top_svg"])
    assert names and all("wild" not in part and "named" not in part for pair in names for part in pair), names
