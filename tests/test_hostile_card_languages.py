"""Hostile input for the cards and pictures in a language, the term tables' marks, and the terminal's ruling titles:
a language that is not ours, a mark that is missing, too long or on two colors, and titles that are not each
ruling's title, each get one clear line in the game's words; nothing is drawn half in one language."""

from __future__ import annotations

from typing import Any

import pytest

from conftest import one_clear_line
from nomercy.core.errors import NomercyError
from nomercy.core.rulebook import RULINGS
from nomercy.play.game import Game
from nomercy.play.terminal import TerminalTable, ruling_titles_given
from nomercy.teaching.card_pictures import card_img, card_marks, card_svg, face_words
from nomercy.teaching.hand_pictures import hand_html
from nomercy.teaching.table_picture import state_html
from nomercy.teaching.terminology import TermsError, parse_terms, term_table

HOSTILE_COVERS = (
    "api:nomercy.teaching.card_pictures.card_svg(lang)",
    "api:nomercy.teaching.card_pictures.card_marks(lang)",
    "api:nomercy.teaching.card_pictures.face_words(lang)",
    "api:nomercy.teaching.table_picture.state_html(lang)",
    "api:nomercy.teaching.hand_pictures.hand_html(lang)",
    "api:nomercy.play.terminal.TerminalTable(titles)",
    "api:nomercy.play.terminal.TerminalTable.deal_of_the_day(titles)",
    "api:nomercy.play.terminal.ruling_titles_given(titles)",
)

BAD_LANGUAGES: list[Any] = [None, "", "xx", "SV", "zh", "zh_Hant", "sv ", "../sv", 5, b"sv", ["sv"], "\ud800",
                            "x" * 10_000]


@pytest.mark.parametrize("lang", BAD_LANGUAGES, ids=repr)
def test_a_picture_in_a_language_that_is_not_ours_is_refused_naming_ours(lang: Any) -> None:
    state = Game("no-mercy", ["A", "B"], seed=1).state
    calls = [lambda: card_svg("r7", lang=lang), lambda: card_marks(lang), lambda: face_words(lang),
             lambda: card_img("r7", lang=lang), lambda: state_html(state, lang=lang), lambda: hand_html("r7", lang=lang)]
    for call in calls:
        with pytest.raises(NomercyError) as refused:
            call()
        assert "the languages are en (English), sv" in one_clear_line(refused.value)


def test_english_pictures_do_not_change_and_each_language_draws_its_own() -> None:
    assert card_svg("y5") == card_svg("y5", lang="en")
    assert ">Y<" in card_svg("y5") and ">YELLOW<" in card_svg("y5")
    for lang, (mark, word) in (("sv", ("Gu", "GUL")), ("fr", ("J", "JAUNE")), ("zh-Hant", ("黃", "黃色"))):
        svg = card_svg("y5", lang=lang)
        assert f">{mark}<" in svg and f">{word}<" in svg and ">YELLOW<" not in svg
    assert ">ALLA<" in card_svg("r skip-all", lang="sv") and ">ALL<" in card_svg("r skip-all")


TOML = {lang: (term_table(lang), open(f"nomercy/teaching/terms/{lang}.toml", encoding="utf-8").read())
        for lang in ("sv",)}


@pytest.mark.parametrize("change, says", [
    (('mark = "Gu"', ''), "its mark, what the card shows in letters, is 1 to 2"),
    (('mark = "Gu"', 'mark = "Gul"'), "is 1 to 2 letters"),
    (('mark = "Gu"', 'mark = ""'), "is 1 to 2 letters"),
    (('mark = "Gu"', 'mark = " G"'), "is 1 to 2 letters"),
    (('mark = "Gu"', 'mark = 7'), "is 1 to 2 letters"),
    (('mark = "Gu"', 'mark = "R"'), "is on two cards' corners"),
    (('mark = "ALLA"\n', 'mark = "ALLAAA"\n'), "is 1 to 5 letters"),
    (('term = "nolla"\n', 'term = "nolla"\nmark = "0"\n'), "only the colors, faces.WILD"),
])
def test_a_term_tables_card_mark_that_is_missing_too_long_or_twice_is_refused(change: tuple[str, str], says: str) -> None:
    _, text = TOML["sv"]
    old, new = change
    assert old in text
    with pytest.raises(TermsError) as refused:
        parse_terms(text.replace(old, new, 1), "sv")
    assert says in one_clear_line(refused.value)


ALL_TITLES = {ruling_id: ruling.title for ruling_id, ruling in RULINGS.items()}


@pytest.mark.parametrize("titles, says", [
    ("Mercy", "a mapping of each ruling's id"),
    (["mercy"], "a mapping of each ruling's id"),
    (5, "a mapping of each ruling's id"),
    ({}, "name every ruling of the rulebook"),
    ({"mercy": "x"}, "name every ruling of the rulebook"),
    ({**ALL_TITLES, "nope": "x"}, "'nope' is not a ruling's id"),
    ({**ALL_TITLES, 5: "x"}, "5 is not a ruling's id"),
    ({**ALL_TITLES, "mercy": ""}, "one line of 1 to 120 characters"),
    ({**ALL_TITLES, "mercy": "a\nb"}, "one line of 1 to 120 characters"),
    ({**ALL_TITLES, "mercy": "x" * 121}, "one line of 1 to 120 characters"),
    ({**ALL_TITLES, "mercy": None}, "one line of 1 to 120 characters"),
    ({**ALL_TITLES, "mercy": 7}, "one line of 1 to 120 characters"),
], ids=repr)
def test_a_terminals_ruling_titles_that_are_not_each_rulings_title_are_refused_before_the_table_opens(
        titles: Any, says: str) -> None:
    for call in (lambda: ruling_titles_given(titles),
                 lambda: TerminalTable("no-mercy", ["human", "greedy"], seed=1, titles=titles,
                                       read=lambda prompt: "quit", write=lambda line: None),
                 lambda: TerminalTable.deal_of_the_day("2026-01-01", titles=titles, read=lambda prompt: "quit",
                                                       write=lambda line: None)):
        with pytest.raises(NomercyError) as refused:
            call()
        assert says in one_clear_line(refused.value)


def test_no_titles_are_the_rulebooks_and_good_titles_are_kept() -> None:
    assert ruling_titles_given(None) == ALL_TITLES
    assert ruling_titles_given({**ALL_TITLES, "mercy": "Nåderegeln"})["mercy"] == "Nåderegeln"
