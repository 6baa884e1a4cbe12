"""Hostile values for the Rules pages' words in a language: the sources page's language, the term page's language,
and the text, language and addresses whose code :func:`nomercy.teaching.code_words.in_words` says in words. Each
refusal is one line in the game's words that names what is allowed; never a traceback, a reply in English instead
of a refusal, or an address written into a link unchecked.
"""

from __future__ import annotations

import pytest

from conftest import one_clear_line
from nomercy.core.errors import NomercyError
from nomercy.core.sources import sources_markdown
from nomercy.teaching.code_words import in_words
from nomercy.teaching.terms_page import terms_page_markdown

HOSTILE_COVERS = (
    "api:nomercy.core.sources.sources_markdown(lang)",
    "api:nomercy.teaching.terms_page.terms_page_markdown(language)",
    "api:nomercy.teaching.code_words.in_words(text)",
    "api:nomercy.teaching.code_words.in_words(lang)",
    "api:nomercy.teaching.code_words.in_words(rulebook)",
    "api:nomercy.teaching.code_words.in_words(sources)",
    "api:nomercy.teaching.code_words.in_words(html)",
)

BAD_LANGUAGES = ["", "SV", "sv ", "de", "zh-hans-xx", "../sv", None, 5, 1.5, True, b"sv", ["sv"], {"sv": 1}, "\ud800",
                 "s\u200bv", "x" * 10_000]


@pytest.mark.parametrize("lang", BAD_LANGUAGES, ids=repr)
def test_an_unknown_language_is_refused_naming_the_languages(lang: object) -> None:
    for call in (sources_markdown, lambda code: in_words("`stacking: none`", code)):
        with pytest.raises(NomercyError) as refused:
            call(lang)  # type: ignore[operator]
        assert "sv" in one_clear_line(refused.value)


@pytest.mark.parametrize("language", [*BAD_LANGUAGES, "en"], ids=repr)
def test_a_term_page_is_written_only_for_a_language_with_a_term_table(language: object) -> None:
    with pytest.raises(NomercyError) as refused:
        terms_page_markdown(language)  # type: ignore[arg-type]
    assert "zh-Hant" in one_clear_line(refused.value)


@pytest.mark.parametrize("text", [None, 5, b"`stacking`", ["`stacking`"], {"text": 1}], ids=repr)
def test_a_text_that_is_not_text_is_refused(text: object) -> None:
    with pytest.raises(NomercyError) as refused:
        in_words(text, "sv")  # type: ignore[arg-type]
    assert "a text" in one_clear_line(refused.value)


@pytest.mark.parametrize("where", [None, 5, 'x" onclick="alert(1)', "a\nb", "r" * 300, ["rulebook.md"]], ids=repr)
def test_an_address_that_cannot_be_a_link_is_refused(where: object) -> None:
    for name in ("rulebook", "sources"):
        with pytest.raises(NomercyError) as refused:
            in_words("`[mercy]` `open-mercy`", "fr", **{name: where})  # type: ignore[arg-type]
        assert f"{name}.md" in one_clear_line(refused.value)


@pytest.mark.parametrize("html", [None, "yes", 1, "false", [True]], ids=repr)
def test_html_is_true_or_false(html: object) -> None:
    with pytest.raises(NomercyError) as refused:
        in_words("<code>stacking</code>", "zh-Hant", html=html)  # type: ignore[arg-type]
    assert "true" in one_clear_line(refused.value)


@pytest.mark.parametrize("text", ["", "``", "` `", "`" * 1000, "`<script>alert(1)</script>`", "[`x`](javascript:1)",
                                  "`stacking: <b>none</b>`", "`[no-such-ruling]`", "`first_card: sideways`",
                                  "\x00`stacking`", "`stacking`" * 5000])
def test_odd_text_is_said_without_a_fault_and_unknown_code_is_left_as_it_is(text: str) -> None:
    for lang in ("sv", "fr", "zh-Hant"):
        said = in_words(text, lang)
        assert isinstance(said, str)
        assert "<script>" not in in_words(f"<code>{text}</code>", lang, html=True).replace(
            f"<code>{text}</code>", "")  # in HTML only the catalogs' words, escaped, replace a code
    assert in_words("`[no-such-ruling]` `first_card: sideways`", "sv") == "`[no-such-ruling]` `first_card: sideways`"
