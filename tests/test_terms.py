"""The game's words in the sources' languages: each table is complete, sourced, and says nothing empty.

What a complete table holds is read from the package (the printed faces, the colors, the glossary's
words, the rulebook's ids), so a face or ruling added later fails here until every language has its word.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from nomercy.core.cards import COLORS
from nomercy.core.faces import PRINTED_FACES
from nomercy.core.rulebook import RULINGS
from nomercy.core.sources import SOURCES
from nomercy.teaching.glossary import TERMS
from nomercy.teaching.terminology import AT_THE_TABLE, LANGUAGES, SECTIONS, TABLE_WORDS, term_table, terms_markdown

ROOT = Path(__file__).resolve().parent.parent
TABLES = ROOT / "nomercy" / "teaching" / "terms"


def _listed_sources() -> set[str]:
    """The source ids in the table at the top of docs/sources.md."""
    page = (ROOT / "docs" / "sources.md").read_text(encoding="utf-8")
    return set(re.findall(r"^\| \[`([\w-]+)`\]\(#[\w-]+\) \|", page, flags=re.MULTILINE))


@pytest.fixture(params=list(LANGUAGES))
def table(request):
    return term_table(request.param)


def test_the_page_of_sources_lists_the_package_sources():
    assert _listed_sources() == set(SOURCES)


def test_every_face_color_word_and_ruling_of_the_package_has_a_term(table):
    have = {(e.section, e.key) for e in table.entries}
    wanted = ([("faces", f.name) for f in PRINTED_FACES] + [("colors", c.value) for c in COLORS]
              + [("glossary", w) for w in TERMS] + [("rulings", r) for r in RULINGS]
              + [("table", w) for w in TABLE_WORDS])
    missing = [f"{section}.{key}" for section, key in wanted if (section, key) not in have]
    assert not missing, f"{table.name}: no term for {', '.join(missing)}"
    assert not table.gaps()
    assert len(have) == len(table.entries) == len(wanted), "an id twice, or one the package does not have"


def test_every_entry_has_a_word_and_names_a_source_or_is_proposed(table):
    listed = _listed_sources()
    for entry in table.entries:
        word = table.entry(entry.section, entry.key)
        what = f"{table.name} {entry.section}.{entry.key}"
        assert word.term.strip(), what
        assert word.sources or word.proposed, what
        assert set(word.sources) <= listed, what
        for alternative in word.alternatives:
            assert alternative.term.strip() and alternative.term != word.term, what
            assert alternative.sources or alternative.proposed, what
            assert set(alternative.sources) <= listed, what


def test_a_word_from_a_source_comes_from_a_source_in_that_language(table):
    for entry in table.entries:
        if entry.same_as or entry.proposed:
            continue
        languages = {SOURCES[s].language for s in entry.sources}
        assert table.name in languages, f"{table.name} {entry.section}.{entry.key}: cited from {entry.sources}"


def test_a_chosen_word_among_several_says_why(table):
    for entry in table.entries:
        if entry.alternatives or entry.proposed:
            assert entry.note.strip(), f"{table.name} {entry.section}.{entry.key}: no reason given"


def test_the_words_at_the_table_are_entries_and_the_page_shows_them_first(table):
    page = terms_markdown(table.language)
    first = page.split("\n## ")[1]
    assert first.startswith("At the table")
    for section, key in AT_THE_TABLE:
        assert f"**{table.entry(section, key).term}**" in first, (section, key)
    for heading in SECTIONS.values():
        assert f"\n## {heading}\n" in page


def test_the_page_counts_what_is_proposed_and_opens_in_english(table):
    page = terms_markdown(table.language)
    own = [e for e in table.entries if not e.same_as]
    proposed = sum(e.proposed for e in own)
    assert f"{len(own)} words: {len(own) - proposed} from a source, {proposed} proposed." in page
    assert page.splitlines()[4].startswith(f"This page lists the {table.name} words")


def test_the_issue_s_examples_are_the_chosen_words():
    sv = term_table("sv")
    assert [sv.entry("faces", f).term for f in ("DRAW_TWO", "DRAW_FOUR", "WILD_DRAW_SIX", "WILD_DRAW_TEN")] == \
        ["dra-två", "dra-fyra", "dra-sex", "dra-tio"]
    fr = term_table("fr")
    assert [fr.entry("faces", f).term for f in ("SKIP", "REVERSE", "SKIP_ALL", "DISCARD_ALL", "WILD_ROULETTE")] == \
        ["Passer", "Inverser", "Passer tout le monde", "Poser tout", "Roulette des couleurs"]
    zh = term_table("zh-Hant")
    assert zh.entry("faces", "WILD_REVERSE_DRAW_FOUR").term == "萬用反轉加四"
    assert zh.entry("glossary", "knocked out").term == "淘汰"


@pytest.mark.parametrize("path", sorted(TABLES.glob("*.toml")) + sorted((ROOT / "docs").glob("terms-*.md")),
                         ids=lambda p: p.name)
def test_no_table_or_page_names_a_source_by_its_file(path):
    text = path.read_text(encoding="utf-8")
    assert not re.search(r"\b\d{3}_[0-9a-f]{16}\b", text)
    assert ".txt" not in text and "../" not in text and "shared" not in text and "/work/" not in text


def test_each_language_has_one_table_file_and_nothing_else_is_there():
    assert sorted(p.name for p in TABLES.iterdir()) == sorted(f"{code}.toml" for code in LANGUAGES)


@pytest.mark.parametrize("lang", [code for code in LANGUAGES if code != "en"])
def test_a_sentence_in_another_language_names_a_ruling_by_its_word_never_its_id(lang):
    """Issue 41: "(règle `stacking`)" in a French sentence. A ruling is named by the term table's title; an id
    stays only where the sentence explains what an id is (the glossary's ruling, the rulebook's opening)."""
    from nomercy.core.i18n import words

    found = []
    for english, said in words(lang).catalog().items():
        for form in said if isinstance(said, list) else [said]:
            ids = [i for i in re.findall(r"`\[?([a-z0-9-]+)\]?`", form) if i in RULINGS]
            if ids and " an id" not in english:
                found.append((ids, form))
    assert found == []


@pytest.mark.parametrize("lang", [code for code in LANGUAGES if code != "en"])
def test_the_rulebook_in_another_language_lists_and_heads_its_rulings_by_their_titles(lang):
    """Issue 41: the contents and the headings listed English ids ("deal · Distribution"); the anchors stay ids."""
    from nomercy.core.rulebook import rulebook_markdown
    from nomercy.teaching.terminology import ruling_titles

    titles = ruling_titles(lang)
    page = rulebook_markdown(lang, titles)
    contents = page.split("\n## ")[3]
    for ruling in RULINGS:
        assert f"[{titles[ruling]}](#{ruling})" in contents and f"`{ruling}`" not in contents
        assert f'<a id="{ruling}"></a>\n\n### {titles[ruling]}\n' in page
    assert "- **Setting up**: [`deal`](#deal)" in rulebook_markdown("en")


@pytest.mark.parametrize("lang", [code for code in LANGUAGES if code != "en"])
def test_the_rule_card_in_another_language_shows_no_id_and_titles_its_tab(lang):
    from nomercy.core.i18n import words
    from nomercy.teaching.rule_card import rule_card_html

    card = rule_card_html(lang)
    title = re.search(r"<title>(.*)</title>", card).group(1)
    assert "rule card" not in title and words(lang).gettext("rule card") in title
    assert "No Mercy rule card " in rule_card_html("en")
