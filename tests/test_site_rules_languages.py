"""The site's Rules pages and rule card in Swedish, French and Chinese, in chromium, on a phone (390x844, tapped)
and on a desktop screen (1280x1000, clicked): the Rules page, the rulebook, the glossary, the sources page, the
rule card and the language's term table in the reader's language, with no English left, no code and no ruling or
option id among their words, and nothing wider than the screen or cut off; a ruling link in the Play
table's log opens the ruling in that language; an unknown language in a Rules address shows English with a note,
and a ruling link to an id the rulebook does not have says so.

How "no English left" is checked, robustly (not a list of English sentences to look for, which would miss any
English nobody listed): every piece of visible text on the page (``innerText`` and the ``title`` and
``aria-label`` of every element, the contents of ``<code>`` set apart) must be made of

* the language's translations in the catalogs (every ``msgstr``, its Markdown made text, cut at its
  placeholders into the literal pieces around them),
* the language's words of the term tables (card names, ruling titles, glossary words, the other words the
  language's sources use) and the term page's reasons written in the language,
* names, the same in every language: the game's and the publisher's names (UNO, No Mercy, nomercy, Mattel), the
  languages' own names in the language switch, the sources' publication titles (a title is not translated), the
  English names printed on the cards when a sentence quotes them, and numbers, unit symbols (MB) and card symbols
  (+2, +4).

Words marked as another language's (``<span lang="en">``: the English column of a term page) are left out: they
are quoted as what they are. The ids of rulings, options, profiles and sources are not among the pieces: a page in
another language names them in words (a ruling by its title, an option by what it sets), and a separate check finds
any ``<code>``, bracketed ruling id or hyphenated id left.

Everything above is taken out of the page's text, longest first; what is left must hold no word of two or more
Latin letters (the Chinese pages) or no word at all of three or more letters (Swedish and French, whose own words
were all taken out as translations). A sentence nobody translated stays behind as words and fails the test with
its text.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from browser_support import ARTIFACTS, ConsoleWatch, chromium, page_scrolls_sideways
from nomercy.core.i18n import LANGUAGES, words
from nomercy.core.rulebook import RULINGS
from nomercy.core.rules import OPTIONS
from nomercy.core.sources import SOURCES
from nomercy.teaching.terminology import ruling_titles, term_table
from test_site import KERNEL_MS, Visit, _app_ready, _wait_for_the_player, site  # noqa: F401
from test_site_languages import _next_tap, written_wrong
from test_site_phone import _FIT_JS

pytestmark = pytest.mark.site

LANGS = ["sv", "fr", "zh-Hant"]
SCREENS = {"phone": ({"width": 390, "height": 844}, True), "desktop": ({"width": 1280, "height": 1000}, False)}
PAGES = ["index.html", "rulebook.html", "glossary.html", "sources.html", "rule-card.html"]
"""The Rules pages written in every language; each other language has its term table's page too (terms-<lang>)."""


def _pages(lang: str) -> list[str]:
    return [*PAGES, f"terms-{lang}.html"]

NAMES = ("UNO Show ’em No Mercy", "No Mercy", "UNO", "nomercy", "Mattel", "Speltavlan", "Open Mercy",
         "Règles Faciles", "Skip Everyone", "Discard All", "Wild Color Roulette", "HWV18", "MB", "kB", "GB")
"""Names that are the same in every language (the game's, the publisher's, the sources', the printed cards'), and
the unit symbols the offline line gives a size in."""

_TEXTS_JS = """
() => {
  const body = document.body.cloneNode(true);
  for (const e of body.querySelectorAll('select, script, style, svg')) e.remove();
  // words marked as another language's (<span lang="en"> on a term page: the English a word translates, a source's
  // own word) are quoted as what they are
  const here = document.documentElement.lang;
  for (const e of body.querySelectorAll('[lang]')) if (e.getAttribute('lang') !== here) e.remove();
  const codes = [...body.querySelectorAll('code')].map((e) => e.textContent);
  document.body.append(body);  // innerText needs the copy laid out; it is taken away at once
  body.style.position = 'absolute'; body.style.left = '-99999px';
  const text = body.innerText;
  body.remove();
  const marks = [];
  for (const el of document.querySelectorAll('[title], [aria-label]')) {
    for (const name of ['title', 'aria-label']) if (el.getAttribute(name)) marks.push(el.getAttribute(name));
  }
  return { text, marks, codes };
}
"""

_CLIPPED_JS = """
() => {
  const problems = [];
  const width = document.documentElement.clientWidth;
  if (document.scrollingElement.scrollWidth > width + 1) problems.push(`the page is ${document.scrollingElement.scrollWidth} px wide on a ${width} px screen`);
  for (const el of document.body.querySelectorAll('*')) {
    const r = el.getBoundingClientRect();
    // (the header's links on a phone: a strip that scrolls sideways, a link past its edge one swipe away; the
    // language switch's label there is for a screen reader only, its switch a globe)
    if (r.width === 0 || r.height === 0 || !el.textContent.trim() || el.closest('svg, select, table, .nm-site-links > a, .nm-lang-label')) continue;
    if (r.right > width + 1) problems.push(`${el.tagName.toLowerCase()} "${el.textContent.trim().slice(0, 30)}" reaches ${Math.round(r.right)} px`);
    const s = getComputedStyle(el);
    if (['hidden', 'clip'].includes(s.overflowX) && el.scrollWidth > el.clientWidth + 1) problems.push(`${el.tagName.toLowerCase()} "${el.textContent.trim().slice(0, 30)}" is cut off`);
  }
  return [...new Set(problems)].slice(0, 15);
}
"""


def _visible(markdown: str) -> list[str]:
    """A catalog message as a page shows it: no Markdown marks, a link's text without its target, a table row's
    cells apart."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", markdown).replace("**", "")
    text = re.sub(r"(?<!\w)\*|\*(?!\w)", "", text)
    return [re.sub(r"^- ", "", cell.strip()) for cell in text.split("|")]


def _allowed(lang: str) -> list[str]:
    """The pieces of text a page in ``lang`` may be made of (see the module's docstring), longest first."""
    pieces: set[str] = set(NAMES) | set(LANGUAGES.values())
    for said in words(lang).catalog().values():
        for form in (said if isinstance(said, list) else [said]):
            for cell in _visible(form):
                pieces.update(re.split(r"\{\w+\}|`[^`]*`", cell))
                # a sentence of it alone (the sources page's table gives the first sentence of how far to trust one)
                pieces.update(re.split(r"(?<=[.。])\s+|(?<=。)", cell))
    table = term_table(lang)
    pieces.update(e.term for e in table.entries if e.term)
    # the term page's reasons and paragraph, written in the language beside their English in the term table, and
    # the other words the language's sources use (the page lists them as theirs)
    quoted = re.compile(r'<span lang="[a-z-]+">[^<]*</span>')  # taken out of the page with what it says
    pieces.update(cell for e in table.entries if e.why for cell in _visible(quoted.sub("", e.why)))
    pieces.update(_visible(quoted.sub("", table.about_said)))
    pieces.update(a.term for e in table.entries for a in e.alternatives)
    pieces.update(s.title for s in SOURCES.values())  # publication titles, as the English pages write them
    normal = {" ".join(p.split()) for p in pieces}
    return sorted((p for p in normal if len(p) >= 2), key=len, reverse=True)


def _english_left(page: Any, lang: str) -> list[str]:
    """What the page shows that is none of the allowed pieces: the leftover words, with their surroundings."""
    found = page.evaluate(_TEXTS_JS)
    # a piece is taken out as whole words in Swedish and French ("regel" not out of "regelboken"); Chinese has no
    # spaces between words, and only its Latin letters are looked at
    def whole(piece: str) -> re.Pattern[str]:
        start = r"(?<!\w)" if lang != "zh-Hant" and re.match(r"\w", piece) else ""
        end = r"(?!\w)" if lang != "zh-Hant" and re.search(r"\w$", piece) else ""
        return re.compile(start + re.escape(piece) + end, re.IGNORECASE)

    pieces = [whole(p) for p in _allowed(lang)]
    left = []
    for text in [found["text"], *found["marks"]]:
        rest = " ".join(text.split())
        for piece in pieces:
            rest = piece.sub(" ", rest)
        pattern = r"[A-Za-z]{2,}" if lang == "zh-Hant" else r"[A-Za-zÀ-ÿ]{3,}"
        for match in re.finditer(pattern, rest):
            left.append(" ".join(rest[max(0, match.start() - 30):match.end() + 30].split()))
    return sorted(set(left))


def _code_and_ids(page: Any, lang: str) -> list[str]:
    """What a page in another language shows as code or as a ruling's or an option's id: none (issue 41: "Med
    varianten first_card: apply", "deal · Dela ut"; the ids are the anchors, not words). The other words a term page
    lists as its sources' (the Swedish write-up's jump-in beside hoppa in) are theirs, not ids."""
    found = page.evaluate(_TEXTS_JS)
    left = [f"<code>{code}</code>" for code in found["codes"]]
    theirs = {a.term for e in term_table(lang).entries for a in e.alternatives}
    for text in [found["text"], *found["marks"]]:
        for word in sorted(theirs, key=len, reverse=True):
            text = text.replace(word, " ")
        left += [word for word in (*RULINGS, *OPTIONS) if ("-" in word or "_" in word)
                 and re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", text)]
        left += re.findall(r"\[[a-z]+(?:-[a-z0-9]+)*\]", text)
    return sorted(set(left))


def _ready(page: Any) -> None:
    page.wait_for_function("document.documentElement.dataset.langReady !== undefined", timeout=60_000)


def _open(visit: Visit, path: str) -> Any:
    page = visit.open(path)
    _ready(page)
    return page


def _tap(page: Any, locator: Any, phone: bool) -> None:
    locator.scroll_into_view_if_needed()
    locator.tap() if phone else locator.click()


@pytest.mark.parametrize("screen", SCREENS)
@pytest.mark.parametrize("lang", LANGS)
def test_the_rules_pages_and_the_rule_card_are_in_the_language_and_fit(site: str, lang: str, screen: str) -> None:  # noqa: F811
    viewport, phone = SCREENS[screen]
    with chromium(viewport, phone=phone) as context:
        visit = Visit(context, site)
        page = _open(visit, f"rules/?lang={lang}")  # the English Rules page sends a reader of lang to theirs
        page.wait_for_url(f"**/rules/{lang}/index.html?lang={lang}")
        _ready(page)
        assert page.evaluate("document.documentElement.lang") == lang
        seen = {}
        for name in _pages(lang):
            if name != "index.html":  # each page by its door or its header link, tapped
                door = page.locator(f'main a[href="{name}"]').first
                _tap(page, door, phone)
                page.wait_for_url(f"**/rules/{lang}/{name}")
                _ready(page)
            page.screenshot(path=str(ARTIFACTS / f"site-rules-{lang}-{screen}-{name[:-5]}.png"), full_page=True)
            seen[name] = (_english_left(page, lang), page.evaluate(_CLIPPED_JS) + page_scrolls_sideways(page),
                          page.evaluate(_FIT_JS) if phone else [], _code_and_ids(page, lang), written_wrong(page))
            if name != "index.html":
                page.go_back()
                page.wait_for_url(f"**/rules/{lang}/index.html*")
                _ready(page)
        assert {name: found for name, found in seen.items() if any(found)} == {}
        visit.check()


@pytest.mark.parametrize("lang", LANGS)
def test_a_ruling_link_in_the_play_tables_log_opens_the_ruling_in_the_language(site: str, lang: str) -> None:  # noqa: F811
    with chromium(SCREENS["phone"][0], phone=True) as context:
        visit = Visit(context, site)
        page = _open(visit, f"?lang={lang}")
        page = visit.open("play/")
        table = _app_ready(page, "nm-table")
        rulings = table.locator('[data-testid^="log-"] details')
        for _ in range(30):  # tap a few moves until the log cites a ruling
            _wait_for_the_player(table)
            if rulings.count() or table.get_attribute("data-waiting") == "over":
                break
            step = _next_tap(table)
            assert step is not None, table.text_content()[:400]
            _tap(page, step[1], True)
        assert rulings.count(), "the log cites no ruling"
        line = rulings.first
        _tap(page, line.locator("summary"), True)
        link = line.locator("a.nm-rulebook-link")
        rule = link.get_attribute("href").split("#")[1]
        context.on("page", lambda opened: visit.watches.append(ConsoleWatch(opened)))
        with context.expect_page() as opened:
            _tap(page, link, True)
        ruling = opened.value
        ruling.wait_for_url(f"**/rules/{lang}/rulebook.html#{rule}", timeout=60_000)
        _ready(ruling)
        assert ruling.evaluate("document.documentElement.lang") == lang
        title = ruling_titles(lang)[rule]  # another language heads a ruling by its title alone (its id is English)
        heading = ruling.locator(f'xpath=//a[@id="{rule}"]/following::h3[1]')
        assert heading.text_content() == title
        top = ruling.evaluate(f"document.getElementById({rule!r}).getBoundingClientRect().top")
        assert -5 <= top <= SCREENS["phone"][0]["height"] / 2, f"the page is not at the ruling {rule}: top {top}"
        ruling.screenshot(path=str(ARTIFACTS / f"site-rules-{lang}-from-the-log.png"))
        assert _english_left(ruling, lang) == []
        visit.check()


def test_the_rules_pages_of_every_language_are_kept_for_offline_use(site: str) -> None:  # noqa: F811
    """The service worker keeps every Rules page of every language (app/offline.json lists what it keeps), so
    a ruling link opened offline lands on the ruling in the reader's language."""
    import json
    import urllib.request

    with urllib.request.urlopen(f"{site}/app/offline.json") as response:
        kept = set(json.load(response)["files"])
    for lang in LANGUAGES:
        where = "" if lang == "en" else f"{lang}/"
        assert {f"rules/{where}{name}" for name in (PAGES if lang == "en" else _pages(lang))} <= kept, lang
