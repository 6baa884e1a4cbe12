"""The rulebook, the glossary and the rule card in Swedish, French and Chinese, as the site's Rules pages show them.

Their sentences come from the catalogs (marked where they are defined, so the English pages do not change by a
character: the docs tests keep docs/rulebook.md, docs/glossary.md and docs/rule-card.html equal to the code),
their ruling titles and card names from the term tables (nomercy/teaching/terms). Checked here without a
browser: every ruling and glossary entry says something other than its English; the anchors a ruling link
opens at are the same in every language; the card and the rulebook name every card with the term tables' words
and no English card name is left outside code and the quoted printed names. The site's pages, the ruling
links and the printed PDFs are checked in a browser (test_site_rules_languages.py, and the rule card's print
test below).
"""

from __future__ import annotations

import re

import pytest

from browser_support import require_browser
from nomercy.core.i18n import words
from nomercy.core.rulebook import RULINGS, in_language, rulebook_markdown
from nomercy.teaching.glossary import TERMS, glossary_markdown
from nomercy.teaching.rule_card import PAPERS, card_rows, pdf_pages, print_rule_card, rule_card_html
from nomercy.teaching.terminology import PRINTED_IN_ENGLISH, glossary_words, term_table

LANGS = ["sv", "fr", "zh-Hant"]

ENGLISH_CARD_WORDS = re.compile(r"\b(skip|reverse|wild|discard|roulette|draw card|draw pile|discard pile|stack)",
                                re.IGNORECASE)
"""English card and table words: none may be left in a translated page's own words."""

PRINTED = re.compile(r"[”«「]\s?(Skip Everyone|Discard All|Wild Color Roulette)\s?[”»」]|"
                     r"(Skip Everyone|Wild Color Roulette)")
"""The English names printed on the cards, quoted as what the card says (the English edition's words)."""


def _titles(lang: str) -> dict[str, str]:
    table = term_table(lang)
    return {r: table.entry("rulings", r).term for r in RULINGS}


def _own_words(text: str) -> str:
    """A page's words without what is not translated on purpose: code, ids, links' targets, the card pictures,
    the names of the sources' publications, and the printed English card names quoted."""
    text = re.sub(r"<svg.*?</svg>", " ", text, flags=re.S)
    text = re.sub(r"<code>.*?</code>|`[^`]*`|\[[a-z0-9-]+\]|\]\([^)]*\)|href=\"[^\"]*\"|<[^>]+>", " ", text)
    text = re.sub(r"<style>.*?</style>", " ", text, flags=re.S)
    return PRINTED.sub(" ", text)


@pytest.mark.parametrize("lang", LANGS)
def test_every_ruling_is_said_in_the_language_with_its_id_sources_and_options_unchanged(lang: str) -> None:
    for ruling in RULINGS.values():
        said = in_language(ruling, lang, _titles(lang)[ruling.id])
        assert said.text != ruling.text and said.title == term_table(lang).entry("rulings", ruling.id).term
        assert all(a != b for a, b in zip(said.cases, ruling.cases)) and len(said.cases) == len(ruling.cases)
        assert all(a != b for a, b in zip(said.readings, ruling.readings))
        assert (said.id, said.sources, said.options, said.part) == (ruling.id, ruling.sources, ruling.options,
                                                                    ruling.part)
        # the rule's code words (options, profiles) are kept as they are: they are names; another ruling is named
        # by its title in the language, never its id (issue 41: "(règle `stacking`)" in a French sentence)
        code = re.findall(r"`[^`]+`", ruling.full_text)
        assert sorted(re.findall(r"`[^`]+`", said.full_text)) == sorted(c for c in code if c.strip("`") not in RULINGS)
        for other in (c.strip("`") for c in code if c.strip("`") in RULINGS):
            assert _titles(lang)[other] in said.full_text, (lang, ruling.id, other)


@pytest.mark.parametrize("lang", LANGS)
def test_the_rulebook_has_the_same_anchors_in_every_language(lang: str) -> None:
    english = re.findall(r'<a id="([^"]+)"></a>', rulebook_markdown())
    said = rulebook_markdown(lang, _titles(lang))
    assert re.findall(r'<a id="([^"]+)"></a>', said) == english == list(RULINGS)
    assert all(f'<a id="{r}"></a>\n\n### {t}\n' in said for r, t in _titles(lang).items())  # no English id


@pytest.mark.parametrize("lang", LANGS)
def test_the_translated_pages_leave_no_english_card_word(lang: str) -> None:
    for name, text in (("rulebook", rulebook_markdown(lang, _titles(lang))),
                       ("glossary", glossary_markdown(lang, glossary_words(lang))), ("rule card", rule_card_html(lang))):
        own = _own_words(text)
        for entry in sorted(term_table(lang).entries, key=lambda e: -len(e.term)):  # the language's own words
            own = own.replace(entry.term, " ") if entry.term else own
        left = ENGLISH_CARD_WORDS.findall(own)
        assert left == [], f"{name} in {lang}: {left}"


@pytest.mark.parametrize("lang", LANGS)
def test_the_glossary_gives_each_word_of_the_term_tables_its_meaning_in_the_language(lang: str) -> None:
    page = glossary_markdown(lang, glossary_words(lang))
    table = term_table(lang)
    for term in TERMS.values():
        assert f"| **{table.entry('glossary', term.word).term}** | {words(lang).gettext(term.meaning)} |" in page
        assert words(lang).gettext(term.meaning) != term.meaning
    assert "not used" not in page and "Goes out" not in page  # the English words a term replaces are English


@pytest.mark.parametrize("lang", LANGS)
def test_the_card_names_every_card_and_ruling_with_the_term_tables_words(lang: str) -> None:
    card = rule_card_html(lang)
    table = term_table(lang)
    for row in card_rows():
        if row.rulings:
            for face in row.cards:
                assert table.entry("faces", face.face.name).term in card
        for ruling in row.rulings:
            word = table.entry("rulings", ruling).term
            title = word[:1].upper() + word[1:]  # a heading starts with a capital: Hoppa över, not hoppa över
            # its full stop as the language writes it, none after "!"
            assert f"<b>{title if title[-1] in '!?' else words(lang).gettext('{title}.', title=title)}</b>" in card
    assert f'<html lang="{lang}">' in card


@pytest.mark.browser
@pytest.mark.parametrize("lang", LANGS)
def test_the_card_prints_on_one_page_of_a4_and_of_letter_in_each_language(lang: str) -> None:
    require_browser()
    printed = print_rule_card(tuple(PAPERS), rule_card_html(lang))
    assert {paper: pdf_pages(pdf) for paper, pdf in printed.items()} == {paper: 1 for paper in PAPERS}


@pytest.mark.parametrize("lang", LANGS)
def test_the_pages_call_the_rulebook_and_the_rule_card_by_the_term_tables_words(lang: str) -> None:
    table, said = term_table(lang), words(lang).gettext
    book, card = table.entry("table", "rulebook").term, table.entry("table", "rule card").term
    for english in ("The rulebook", "the rulebook"):
        assert book.lower() in said(english).lower(), (english, said(english))
    assert card.lower() in said("rule card").lower()
    assert card.lower() in said("The rule card: every card and what it does, on one page.").lower()


_QUOTED = {"SKIP_ALL": ("rulebook", "rule card", "glossary"), "DISCARD_ALL": ("glossary",),
           "WILD_ROULETTE": ("rulebook", "rule card", "glossary")}
"""Where each card's printed name is quoted: the skip-all's and the roulette's rulings, and the glossary's three."""
_ENGLISH_PRINTING = {"sv": "engelska utgåvan", "zh-Hant": "英文版"}
"""How a language without a source for its own printing says that the name quoted is the English printing's."""


@pytest.mark.parametrize("lang", LANGS)
def test_the_rules_quote_the_printed_name_a_player_of_the_language_reads_on_the_card(lang: str) -> None:
    """A French player holds the French printing (the French source follows it: Passer tout le monde, Poser tout,
    Roulette des couleurs), so the French rules quote its names and never the English ones (issue 41, a French
    reader: "A French player holding the French box will never see these English names"). No source gives the names
    of a Swedish or a Chinese printing: those rules quote the English printing's, and say that it is the English."""
    table = term_table(lang)
    pages = {"rulebook": rulebook_markdown(lang, _titles(lang)), "rule card": rule_card_html(lang),
             "glossary": glossary_markdown(lang, glossary_words(lang))}
    for face, where in _QUOTED.items():
        for name in where:
            assert table.printed(face) in pages[name], (lang, face, name)
    english = [PRINTED_IN_ENGLISH[face] for face in _QUOTED]
    if table.printing:
        assert [table.printed(face) for face in _QUOTED] == [table.entry("faces", f).term for f in _QUOTED]
        assert not [(n, e) for n, page in pages.items() for e in english if e in page]
    else:
        assert [table.printed(face) for face in _QUOTED] == english
        for name, page in pages.items():
            for quote in re.findall(r"[^.。(（]*(?:" + "|".join(english) + r")", page):
                assert _ENGLISH_PRINTING[lang] in quote, (name, quote)
