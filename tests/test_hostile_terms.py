"""Hostile input for the term tables: bad language codes and broken TOML get one clear line, never a traceback.

The tables are package data, but a fluent reader will edit them by hand: every mistake an edit can make
(a misspelt id, a source that does not exist, a word with no source, a same_as that points nowhere,
text that is not TOML) is refused before anything is kept, with the entry and what is allowed.
"""

from __future__ import annotations

import pytest

from nomercy.core.errors import NomercyError
from nomercy.teaching.terminology import (LANGUAGES, TermsError, english, parse_terms, term_table,
                                          terms_markdown)

HOSTILE_COVERS = (
    "api:nomercy.teaching.terminology.term_table(language)",
    "api:nomercy.teaching.terminology.terms_markdown(language)",
    "api:nomercy.teaching.terminology.parse_terms(text)",
    "api:nomercy.teaching.terminology.parse_terms(language)",
    "api:nomercy.teaching.terminology.english(section)",
    "api:nomercy.teaching.terminology.english(key)",
    "file:terms",
)

BAD_LANGUAGES = ["en", "", "SV", "sv ", "zh", "zh-hant", "../sv", "sv.toml", None, 5, 1.5, b"sv", ["sv"], {"sv": 1},
                 "\ud800", "s\u200bv", "x" * 10_000]

HEAD = 'language = "sv"\nname = "Swedish"\nabout = "A test table."\nabout_said = "En provtabell."\n'


def _one_clear_line(error: Exception) -> str:
    text = str(error)
    assert isinstance(error, NomercyError) and isinstance(error, TermsError)
    assert "\n" not in text and 0 < len(text) <= 300, text
    for python in ("Traceback", "NoneType", "KeyError", "TypeError", "<class", "object at 0x", "StopIteration"):
        assert python not in text, text
    return text


@pytest.mark.parametrize("language", BAD_LANGUAGES, ids=repr)
def test_an_unknown_language_is_refused_naming_the_languages_there_are(language):
    for call in (term_table, terms_markdown, lambda code: parse_terms(HEAD, code)):
        with pytest.raises(TermsError) as refused:
            call(language)
        text = _one_clear_line(refused.value)
        assert all(code in text for code in LANGUAGES)


@pytest.mark.parametrize("text, says", [
    (None, "TOML text"),
    (5, "TOML text"),
    (b'language = "sv"', "TOML text"),
    ("x" * 1_000_001, "a million"),
    ('language = "sv"\nname = ', "not valid TOML"),
    ("a = " + "[" * 100_000 + "]" * 100_000, "too deep"),
    ('language = "fr"\nname = "Swedish"\nabout = "x"\n', "says it is for"),
    ('language = "sv"\nname = "Svenska"\nabout = "x"\n', "names its language"),
    ('language = "sv"\nname = "Swedish"\n', "about"),
    (HEAD + 'words = {}\n', "not a part of it"),
    (HEAD + 'faces = 5\n', "table of entries"),
    (HEAD + '[faces.PURPLE_SEVEN]\nterm = "x"\nproposed = true\n', "not an id of the package"),
    (HEAD + '[colors.purple]\nterm = "lila"\nproposed = true\n', "not an id of the package"),
    (HEAD + '[rulings.mercy-rule]\nterm = "x"\nproposed = true\n', "not an id of the package"),
    (HEAD + '[faces.SKIP]\nterm = "hoppa över"\n', "names no source"),
    (HEAD + '[faces.SKIP]\nterm = "  "\nproposed = true\n', "its term"),
    (HEAD + '[faces.SKIP]\nterm = 7\nproposed = true\n', "its term"),
    (HEAD + '[faces.SKIP]\nproposed = true\n', "its term"),
    (HEAD + '[faces.SKIP]\nterm = "x"\nsources = ["wikipedia"]\n', "is not a source"),
    (HEAD + '[faces.SKIP]\nterm = "x"\nsources = "swedish-guide"\n', "list of source ids"),
    (HEAD + '[faces.SKIP]\nterm = "x"\nsources = ["swedish-guide", "swedish-guide"]\n', "each once"),
    (HEAD + '[faces.SKIP]\nterm = "x"\nproposed = "yes"\n', "true or false"),
    (HEAD + '[faces.SKIP]\nterm = "x"\nproposed = true\nsource = ["classic-rules"]\n', "not a field"),
    (HEAD + '[faces.SKIP]\nterm = "x"\nproposed = true\nalternatives = "spärr"\n', "alternatives is a list"),
    (HEAD + '[faces.SKIP]\nterm = "x"\nproposed = true\nalternatives = ["spärr"]\n', "an alternative is"),
    (HEAD + '[faces.SKIP]\nterm = "x"\nproposed = true\nalternatives = [{ term = "spärr" }]\n', "names no source"),
    (HEAD + '[faces.SKIP]\nterm = "x"\nproposed = true\nnote = 3\n', "its note"),
    ('language = "sv"\nname = "Swedish"\nabout = "A test table."\n', "about_said"),
    ('language = "sv"\nname = "Swedish"\nabout = "A test table."\nabout_said = 7\n', "about_said"),
    (HEAD + '[faces.SKIP]\nterm = "x"\nproposed = true\nnote = "Why."\n', "in the language (why)"),
    (HEAD + '[faces.SKIP]\nterm = "x"\nproposed = true\nwhy = "Varför."\n', "in the language (why)"),
    (HEAD + '[faces.SKIP]\nterm = "x"\nproposed = true\nnote = "Why."\nwhy = ["Varför."]\n', "(why)"),
    (HEAD + '[faces.SKIP]\nterm = "x"\nproposed = true\nnote = "Why."\nwhy = "' + "v" * 3000 + '"\n', "(why)"),
    (HEAD + '[faces.SKIP]\nterm = "x"\nproposed = true\nnote = "' + "n" * 3000 + '"\n', "its note"),
    (HEAD + '[glossary.wild]\nsame_as = "faces.WILD"\n', "not an entry with a word of its own"),
    (HEAD + '[glossary.wild]\nsame_as = "faces"\n', "not an entry with a word of its own"),
    (HEAD + '[faces.WILD]\nsame_as = "glossary.wild"\n[glossary.wild]\nsame_as = "faces.WILD"\n',
     "not an entry with a word of its own"),
    (HEAD + '[glossary.wild]\nsame_as = "faces.WILD"\nterm = "x"\n', "no other field"),
    (HEAD + '[faces.SKIP]\nterm = "x"\nproposed = true\n[faces.SKIP.more]\nterm = "y"\n', "not a field"),
    (HEAD + 'printing = "the Swedish box"\n', "printing names the source"),
    (HEAD + 'printing = ["classic-rules"]\n', "printing names the source"),
    (HEAD + 'printing = 1\n', "printing names the source"),
    (HEAD + 'printing = true\n', "printing names the source"),
])
def test_a_broken_table_is_refused_with_what_is_allowed(text, says):
    with pytest.raises(TermsError) as refused:
        parse_terms(text, "sv")
    assert says in _one_clear_line(refused.value)


def test_a_table_that_lacks_entries_is_read_but_never_written_as_a_page():
    table = parse_terms(HEAD + '[faces.SKIP]\nterm = "hoppa över"\nsources = ["classic-rules"]\n', "sv")
    assert table.entry("faces", "SKIP").term == "hoppa över"
    assert "faces.REVERSE" in table.gaps() and "faces.SKIP" not in table.gaps()
    with pytest.raises(TermsError) as refused:
        table.entry("faces", "REVERSE")
    _one_clear_line(refused.value)


@pytest.mark.parametrize("section, key", [("faces", "PURPLE"), ("cards", "SKIP"), (None, "SKIP"), ("faces", None),
                                          ("rulings", "Mercy"), ("faces", ["SKIP"]), ({"faces"}, "SKIP")],
                         ids=repr)
def test_an_unknown_id_has_no_english_and_no_entry(section, key):
    with pytest.raises(TermsError) as refused:
        english(section, key)
    _one_clear_line(refused.value)
    with pytest.raises(TermsError) as refused:
        term_table("fr").entry(section, key)
    _one_clear_line(refused.value)


def test_the_shipped_tables_are_read_the_same_each_time():
    for code in LANGUAGES:
        assert term_table(code) is term_table(code)
        assert terms_markdown(code) == terms_markdown(code)


@pytest.mark.parametrize("face", ["SKIP", "WILD", "skip_all", "", None, 5, ["SKIP_ALL"], "SKIP_ALL " ], ids=repr)
def test_only_the_cards_the_rules_quote_have_a_printed_name(face):
    """The rules quote the printed name of the skip-all, the discard-all and the roulette, and of no other card."""
    with pytest.raises(TermsError) as refused:
        term_table("fr").printed(face)
    assert "SKIP_ALL" in _one_clear_line(refused.value)


def test_a_printing_whose_source_does_not_give_a_cards_word_quotes_the_english_printing():
    table = parse_terms(HEAD + 'printing = "classic-rules"\n[faces.SKIP_ALL]\nterm = "hoppa över alla"\nmark = "ALLA"\n'
                        'proposed = true\nsources = ["swedish-guide"]\n', "sv")
    assert table.printing == "classic-rules" and table.printed("SKIP_ALL") == "Skip Everyone"
