"""Hostile addresses of the site's Rules pages, in chromium: a language that is not one of ours in a Rules
address (``?lang=``) shows the English page with a note, whichever language's page it was asked of; a ruling
link to an id the rulebook does not have (a mistyped, an old or a hostile ``#anchor``) shows the page with a line,
in the reader's language, that there is no such ruling and where the rulings are listed; never a blank page, a
console error, or the address's text run as markup.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

import pytest

from browser_support import chromium
from nomercy.core.i18n import words
from test_site import Visit, site  # noqa: F401

pytestmark = pytest.mark.site

HOSTILE_COVERS = (
    "page:lang:lang",  # ?lang= in a Rules page's address (and the #anchor a ruling link opens at)
)

NO_RULING = "There is no ruling “{id}” on this page; the rulings are listed under Contents in the rulebook."


def _ready(page: Any) -> None:
    page.wait_for_function("document.documentElement.dataset.langReady !== undefined", timeout=60_000)


def _english_with_a_note(site: str, path: str, asked: str, english: str) -> None:
    """``path`` asked for in a language that is not ours opens ``english``, with the note saying so."""
    with chromium({"width": 390, "height": 844}, phone=True) as context:
        visit = Visit(context, site)
        page = visit.open(f"{path}?lang={asked}")
        page.wait_for_url(lambda url: urlsplit(url).path.endswith(f"/{english}"))
        _ready(page)
        assert page.evaluate("document.documentElement.lang") == "en"
        note = page.locator('[data-testid="lang-note"]')
        assert note.count() == 1 and "is not one of this site's" in note.text_content()
        assert page.locator("h1").count() and not page.locator("body b:text-is(\"sv\")").count()
        visit.check()


@pytest.mark.parametrize("asked", ["xx", "de-DE", "<b>sv</b>", "sv" * 40, "", "%00"])
@pytest.mark.parametrize("path", ["rules/rulebook.html", "rules/sv/rulebook.html", "rules/zh-Hant/rule-card.html"])
def test_an_unknown_language_in_a_rules_address_shows_english_with_a_note(site: str, path: str, asked: str) -> None:  # noqa: F811
    _english_with_a_note(site, path, asked, path.replace("sv/", "").replace("zh-Hant/", ""))


@pytest.mark.parametrize("asked", ["xx", "<b>sv</b>"])
@pytest.mark.parametrize("path", ["rules/fr/sources.html", "rules/sv/terms-sv.html", "rules/zh-Hant/terms-zh-Hant.html"])
def test_an_unknown_language_on_a_sources_or_term_page_shows_its_english_with_a_note(site: str, path: str,  # noqa: F811
                                                                                    asked: str) -> None:
    """The sources page and a term table's page are written in English too (rules/sources.html, rules/terms-sv.html):
    an address of one with a language that is not ours opens the English one."""
    _english_with_a_note(site, path, asked, "rules/" + path.split("/")[-1])


@pytest.mark.parametrize("lang", ["en", "fr", "zh-Hant"])
@pytest.mark.parametrize("anchor", ["no-such-ruling", "MERCY", "%E0%A4%A", "<img src=x onerror=alert(1)>", "x" * 300])
def test_a_ruling_link_to_a_missing_anchor_says_so_in_the_language(site: str, lang: str, anchor: str) -> None:  # noqa: F811
    with chromium({"width": 390, "height": 844}, phone=True) as context:
        visit = Visit(context, site)
        where = "" if lang == "en" else f"{lang}/"
        page = visit.open(f"rules/{where}rulebook.html?lang={lang}#{anchor}")
        _ready(page)
        note = page.locator('[data-testid="anchor-note"]')
        assert note.count() == 1
        said = note.text_content()
        start = words(lang).gettext(NO_RULING).split("{id}")[0]
        assert said.startswith(start) and len(said) < 250, said
        assert not page.locator("main img").count()
        # the note goes when the reader follows a link to a ruling that is there
        page.evaluate("location.hash = '#mercy'")
        page.wait_for_function("!document.querySelector('[data-testid=anchor-note]')")
        visit.check()


def test_a_ruling_that_is_there_opens_without_a_note(site: str) -> None:  # noqa: F811
    with chromium({"width": 390, "height": 844}, phone=True) as context:
        visit = Visit(context, site)
        page = visit.open("rules/sv/rulebook.html?lang=sv#stacking")
        _ready(page)
        assert not page.locator('[data-testid="anchor-note"]').count()
        assert page.locator('[data-testid="lang-note"]').count() == 0
        visit.check()
