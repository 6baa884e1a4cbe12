"""The Rules pages in Swedish, French and Chinese say the rules' code in words, and the sources and the term tables
have pages in each language (issue 41: "Med varianten first_card: apply", "(regel stacking)", "deal · Dela ut",
an English sources page behind every language's "source" links).

Checked here without a browser, on what the site turns into pages: the rulebook, the glossary, the sources page,
the language's term table and the rule card in each language hold no piece of code (no option, setting, profile,
ruling or source id as code, and no ruling id in their words); every option and profile has its words; the sources
page has the English page's anchors; English is given back unchanged. The pages themselves are walked in chromium
by test_site_rules_languages.py.
"""

from __future__ import annotations

import re

import pytest

from nomercy.core.i18n import words
from nomercy.core.rulebook import RULINGS, rulebook_markdown
from nomercy.core.rules import OPTIONS, PROFILES
from nomercy.core.sources import SOURCES, sources_markdown
from nomercy.teaching.code_words import OPTION_WORDS, PROFILE_WORDS, SETTING_WORDS, in_words
from nomercy.teaching.glossary import glossary_markdown
from nomercy.teaching.rule_card import rule_card_html
from nomercy.teaching.terminology import AT_THE_TABLE, SECTIONS, glossary_words, ruling_titles, term_table
from nomercy.teaching.terms_page import _SECTION_NAMES, terms_page_markdown

LANGS = ["sv", "fr", "zh-Hant"]


def _pages(lang: str) -> dict[str, str]:
    """Each Markdown page of the Rules pages in ``lang`` as the site writes it (its code said in words)."""
    return {"rulebook": in_words(rulebook_markdown(lang, ruling_titles(lang)), lang),
            "glossary": in_words(glossary_markdown(lang, glossary_words(lang)), lang),
            "sources": in_words(sources_markdown(lang), lang),
            "terms": in_words(terms_page_markdown(lang), lang)}


def _running_text(markdown: str) -> str:
    """What a reader reads of a page: no anchors, no links' targets, no comments, no words marked as another
    language's (``<span lang>``: a source's word quoted on the term page)."""
    text = re.sub(r"<!--.*?-->", " ", markdown, flags=re.S)
    text = re.sub(r'<a id="[^"]*"></a>|\]\([^)]*\)|<span lang="[a-z-]+">[^<]*</span>', " ", text)
    return re.sub(r"<[^>]+>", " ", text)


def _quoted_words(lang: str) -> set[str]:
    """The language's words of the term table and the other words its sources use (some of them English: the Swedish
    guide keeps "reverse"), which the term page lists as what they are."""
    table = term_table(lang)
    return {e.term for e in table.entries if e.term} | {a.term for e in table.entries for a in e.alternatives}


def test_every_option_setting_and_profile_has_words() -> None:
    assert set(OPTION_WORDS) == set(OPTIONS) and set(PROFILE_WORDS) == set(PROFILES)
    for option, value in SETTING_WORDS:
        info = OPTIONS[option]
        assert not info.choices or value in info.choices, (option, value)
    assert set(_SECTION_NAMES) == set(SECTIONS)


@pytest.mark.parametrize("lang", LANGS)
def test_the_pages_in_a_language_hold_no_code_and_no_ruling_id(lang: str) -> None:
    card = re.sub(r"<svg.*?</svg>|<style>.*?</style>", " ", rule_card_html(lang), flags=re.S)
    for name, page in {**_pages(lang), "rule card": card}.items():
        assert re.findall(r"`[^`\n]+`|<code>.*?</code>", page) == [], (lang, name)
        text = _running_text(page)
        for word in sorted(_quoted_words(lang), key=len, reverse=True):  # the sources' own words on the term page
            text = re.sub(rf"(?<![\w-]){re.escape(word)}(?![\w-])", " ", text, flags=re.IGNORECASE)
        ids = [i for i in (*RULINGS, *OPTIONS, *SOURCES) if re.search(rf"(?<![\w-]){re.escape(i)}(?![\w-])", text)]
        assert ids == [], (lang, name, ids)
        assert not re.search(r"\[[a-z0-9-]+\]", text), (lang, name)


@pytest.mark.parametrize("lang", LANGS)
def test_a_ruling_named_in_a_sentence_is_its_title_linked_to_it(lang: str) -> None:
    # the options' meaning of first_card names ruling first-card; the glossary's ruling column names each ruling
    page = _pages(lang)["glossary"]
    for ruling in {r for r in re.findall(r"\(rulebook\.md#([a-z0-9-]+)\)", page)}:
        assert f"[{ruling_titles(lang)[ruling]}](rulebook.md#{ruling})" in page, ruling
    said = in_words("`[mercy]` `stacking: none` `open-mercy` `manual-reading-fr`", lang, rulebook="")
    assert f"[{ruling_titles(lang)['mercy']}](#mercy)" in said
    assert words(lang).gettext(SETTING_WORDS[("stacking", "none")]) in said
    assert words(lang).gettext(PROFILE_WORDS["open-mercy"]) in said  # a profile before the deck of the same name
    assert f"[{words(lang).gettext(SOURCES['manual-reading-fr'].name)}](sources.md#manual-reading-fr)" in said


@pytest.mark.parametrize("lang", LANGS)
def test_the_sources_page_has_the_english_anchors_and_every_source_in_the_language(lang: str) -> None:
    english, said = sources_markdown(), sources_markdown(lang)
    assert re.findall(r'<a id="([^"]+)"></a>', said) == re.findall(r'<a id="([^"]+)"></a>', english) == list(SOURCES)
    say = words(lang).gettext
    for source in SOURCES.values():
        for text in (source.name, source.kind, source.covers, source.trust, source.differs, source.language):
            if text:
                assert say(text) != text and say(text) in said, text
    assert "Kind:" not in said and "Trust:" not in said and "| id |" not in said


def test_the_french_pages_space_their_punctuation() -> None:
    """French puts a narrow no-break space before : ; ! ? (the reader saw "Sources : …; …" without it)."""
    for name, page in _pages("fr").items():
        text = _running_text(page)
        for source in SOURCES.values():  # a publication's title is as it is printed ("UNO No Mercy Rules: The ...")
            text = text.replace(words("fr").gettext(source.title), " ")
        text = re.sub(r"https?://\S+|\d:\d", " ", text)
        bad = [text[max(0, m.start() - 20):m.end() + 5] for m in re.finditer(r"(?<=[^\s\u202f\u00a0|*])[;:!?]", text)]
        assert bad == [], (name, bad[:5])


@pytest.mark.parametrize("lang", LANGS)
def test_the_term_page_gives_every_word_its_reason_in_the_language(lang: str) -> None:
    table = term_table(lang)
    page = terms_page_markdown(lang)
    assert table.about_said in page and table.about not in page
    for entry in table.entries:
        if entry.note:
            assert entry.why in page and (entry.note == entry.why or entry.note not in page), (entry.section, entry.key)
    # a row a word, its English marked as English: the words met at the table first, then every entry
    assert len(re.findall(r'^\| <span lang="en">', page, flags=re.M)) == len(AT_THE_TABLE) + len(table.entries)


def test_english_is_given_back_as_it_is() -> None:
    text = "With the option `first_card: apply` (ruling `[mercy]`), see [`deal`](rulebook.md#deal)."
    assert in_words(text, "en") == text
    assert sources_markdown("en") == sources_markdown()
