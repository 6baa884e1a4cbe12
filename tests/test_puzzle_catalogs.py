"""The puzzles' catalogs (domain ``puzzles``): the template is what the puzzle extractor gives, each language's
catalog has the template's entries, none fuzzy, each translated one with the English's placeholders, seat letters
and source id; a puzzle is served in a language only when every one of its texts is translated; the compiled
catalogs are fresh, and English is each puzzle as its file writes it.

The catalogs are ``nomercy/locale/<locale>/LC_MESSAGES/puzzles.po`` (extract with ``babel-puzzles.cfg``: the
commands are in docs/architecture.md); ``hatch_build.py`` compiles them, refusing a fuzzy entry or a placeholder
lost, and leaving an empty entry to wait for its translation.
"""

from __future__ import annotations

import gettext
import re
import shutil
from pathlib import Path

import pytest

from nomercy.core.i18n import LOCALE_DIR, LOCALES, Words
from nomercy.puzzles.file_words import puzzle_words
from nomercy.puzzles.puzzle import load_puzzles
from nomercy.puzzles import puzzle_languages
from nomercy.puzzles.puzzle_languages import in_language, is_translated, texts, translated

ROOT = Path(__file__).resolve().parent.parent
TEMPLATE = LOCALE_DIR / "puzzles.pot"
babel = pytest.importorskip("babel")

from babel.messages.extract import extract_from_dir  # noqa: E402
from babel.messages.frontend import parse_mapping_cfg  # noqa: E402
from babel.messages.mofile import write_mo  # noqa: E402
from babel.messages.pofile import read_po, write_po  # noqa: E402
from test_i18n import _hook  # noqa: E402  (the build's hook, loaded as test_i18n loads it)

PUZZLES = load_puzzles()
CATALOGS = sorted(lang for lang, folder in LOCALES.items() if (LOCALE_DIR / folder / "LC_MESSAGES" / "puzzles.po").exists())
"""The languages with a puzzles' catalog (a language may have none yet: then no puzzle is served in it)."""
SEAT = re.compile(r"(?<![A-Za-z\u00c0-\u024f])[A-F](?![A-Za-z\u00c0-\u024f])(?!['\u2019][a-z\u00e0-\u00ff]{2})")
"""A seat's letter standing alone (Swedish writes A:s, Chinese sets it among its characters; French's C'est and
D'après are words, where English's C's is a seat)."""
ARTICLE = re.compile(r"(?:^|(?<=[.!?:;] )|(?<=\())A (?!(?:can|must|may|will|would|could|should|cannot|simply|still|just|only|"
                     r"also|then|now|already|never|first|again|and|or|had|did|got|took|kept|drew|made|gave|won|lost|went|put|"
                     r"held|sat|let|hit|saw)\b)(?!(?!bonus|plus|minus|red\b|colored\b)[a-z]+(?:s|ed)\b(?!-))(?=[a-z+]|\d+(?!\d|, [A-F]\b))")
"""English's article "A" at the head of a sentence ("A plain skip"), which is no seat."""


def _seats(english: str) -> set[str]:
    """The seat letters of an English text (its article "A" left out)."""
    return set(SEAT.findall(ARTICLE.sub("", english)))


def _po(lang: str) -> object:
    with (LOCALE_DIR / LOCALES[lang] / "LC_MESSAGES" / "puzzles.po").open("rb") as file:
        return read_po(file)


def _template_ids() -> set[str]:
    with TEMPLATE.open("rb") as file:
        return {m.id for m in read_po(file) if m.id}


def test_the_template_is_what_the_extractor_gives() -> None:
    with (ROOT / "babel-puzzles.cfg").open(encoding="utf-8") as file:
        method_map, options_map = parse_mapping_cfg(file)
    found = {m[2] for m in extract_from_dir(str(ROOT), method_map, options_map)}
    assert found == _template_ids(), ("run the puzzles' extract command of docs/architecture.md: "
                                      f"new {sorted(found - _template_ids())[:3]}, gone {sorted(_template_ids() - found)[:3]}")
    assert found == {text for p in PUZZLES for text in texts(p)}, "the extractor and the served puzzles disagree"


def test_the_main_template_holds_no_puzzle_text() -> None:
    """The puzzles wait for their translation in a catalog of their own; the main one must be complete."""
    with (LOCALE_DIR / "nomercy.pot").open("rb") as file:
        main = {m.id for m in read_po(file) if isinstance(m.id, str)}
    assert not (main & _template_ids()) - {"Draw", "Pass"}  # a word the table says too may be in both


def test_the_texts_are_the_files_with_white_space_made_single() -> None:
    puzzle = next(p for p in PUZZLES if p.id == "opening-turn")
    assert texts(puzzle)[0] == "Who starts?" and all(t == " ".join(t.split()) for t in texts(puzzle))
    assert [called for called, _ in puzzle_words({"hints": "One hint.", "source": "original"})] == ["hint"]


@pytest.mark.parametrize("lang", CATALOGS)
def test_a_catalog_has_the_templates_entries_none_fuzzy_and_the_englishs_placeholders(lang: str) -> None:
    catalog = _po(lang)
    assert {m.id for m in catalog if m.id} == _template_ids(), "update the catalog from the template"  # type: ignore[attr-defined]
    assert _hook().catalog_problems(catalog, partial=True) == []  # type: ignore[attr-defined]


@pytest.mark.parametrize("lang", CATALOGS)
def test_a_translation_keeps_the_seat_letters_and_the_source_id(lang: str) -> None:
    sources = {p.source for p in PUZZLES}
    wrong = []
    for message in _po(lang):  # type: ignore[attr-defined]
        if not message.id or not message.string:
            continue
        if _seats(message.id) != set(SEAT.findall(message.string)):
            wrong.append(f"seats {sorted(_seats(message.id))}: {message.string!r}")
        if message.id in sources and message.string.split(",")[0] != message.id.split(",")[0]:
            wrong.append(f"source id: {message.string!r}")
    assert wrong == [], f"{lang}: " + "; ".join(wrong[:5])


@pytest.mark.parametrize("lang", CATALOGS)
def test_the_compiled_catalog_is_the_catalog(lang: str, tmp_path: Path) -> None:
    fresh = tmp_path / "fresh.mo"
    with fresh.open("wb") as file:
        write_mo(file, _po(lang))
    shipped = LOCALE_DIR / LOCALES[lang] / "LC_MESSAGES" / "puzzles.mo"
    assert shipped.read_bytes() == fresh.read_bytes(), "compile the catalogs again: pip install -e . (or pybabel compile)"


@pytest.mark.parametrize("lang", CATALOGS)
def test_a_puzzle_is_served_in_a_language_only_when_every_text_of_it_is_translated(lang: str) -> None:
    catalog = _po(lang)
    done = {m.id for m in catalog if m.id and m.string}  # type: ignore[attr-defined]
    served = translated(PUZZLES, lang)
    assert [p.id for p in served] == [p.id for p in PUZZLES if set(texts(p)) <= done]
    for english, shown in ((p, in_language(p, lang)) for p in PUZZLES):
        if shown is None:
            continue
        assert (shown.position(), shown.moves, shown.answer) == (english.position(), english.moves, english.answer)
        assert shown.title != english.title or english.title in done


def test_a_puzzle_with_one_text_left_waits(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """A catalog that translates every text of a puzzle but one hint: the puzzle is not served in that language."""
    from babel.messages.catalog import Catalog

    puzzle = next(p for p in PUZZLES if p.id == "opening-turn")
    catalog = Catalog(locale="sv")
    for text in texts(puzzle):
        catalog.add(text, "X " + text)
    mo = tmp_path / "puzzles.mo"
    with mo.open("wb") as file:
        write_mo(file, catalog)
    with mo.open("rb") as file:
        whole = Words("sv", gettext.GNUTranslations(file))
    monkeypatch.setattr(puzzle_languages, "puzzle_catalog", lambda lang: whole)
    assert is_translated(puzzle, "sv") and in_language(puzzle, "sv").hints[0] == "X " + puzzle.hints[0]  # type: ignore[union-attr]
    catalog.get(puzzle.hints[-1]).string = ""
    with mo.open("wb") as file:
        write_mo(file, catalog)
    with mo.open("rb") as file:
        short = Words("sv", gettext.GNUTranslations(file))
    monkeypatch.setattr(puzzle_languages, "puzzle_catalog", lambda lang: short)
    assert not is_translated(puzzle, "sv") and in_language(puzzle, "sv") is None and translated([puzzle], "sv") == []


def test_english_is_each_puzzle_as_its_file_writes_it() -> None:
    assert all(in_language(p, "en") is p for p in PUZZLES) and translated(PUZZLES, "en") == PUZZLES


def test_a_puzzles_entry_that_lost_a_placeholder_or_is_fuzzy_stops_the_build_an_empty_one_waits(tmp_path: Path) -> None:
    shutil.copytree(LOCALE_DIR, tmp_path / "nomercy" / "locale")
    po = tmp_path / "nomercy" / "locale" / "sv" / "LC_MESSAGES" / "puzzles.po"
    text = po.read_text(encoding="utf-8")
    assert _hook().compile_catalogs(tmp_path)  # type: ignore[attr-defined]  # entries left empty wait
    po.write_text(text + '\nmsgid "Seat {seat} moves"\nmsgstr "Platsen flyttar"\n', encoding="utf-8")
    with pytest.raises(ValueError, match=r"puzzles\.po: 'Seat \{seat\} moves' has placeholders other than \['seat'\]"):
        _hook().compile_catalogs(tmp_path)  # type: ignore[attr-defined]
    with po.open("rb") as file:
        catalog = read_po(file)
    catalog.get("Who starts?").flags.add("fuzzy")
    with po.open("wb") as file:
        write_po(file, catalog, width=120)
    with pytest.raises(ValueError, match="'Who starts\\?' is fuzzy or not translated"):
        _hook().compile_catalogs(tmp_path)  # type: ignore[attr-defined]
