"""The site in Swedish, French and Chinese, on a phone, in chromium: the landing page and the Play page (its
header, its settings form and the game table, a round played a few moves by tapping, then resumed after a reload,
and a round loaded to its end with the person knocked out) show none of the English of the message catalogs where
a translation stands, and fit the phone's screen with the longer Swedish and French words and with Chinese
characters. No page writes a word from a style sheet (``content: " (you)"`` reached no catalog) or shows Markdown
as it was written (:func:`written_wrong`, which the Rules pages' test uses too).

The check reads every piece of text a person sees (each element's own text, its title and its label) and
looks for the catalogs' English messages (a message with placeholders as a pattern), the event log, the latest
move, the status line and the move buttons included (the engine's sentences and the table's lines are in the
catalogs). Not read here: the hand (its cards' labels are their notation), the move list, and the ruling a log
line opens to (the rulebook's words, not in the catalogs yet: still English).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from browser_support import ARTIFACTS, page_scrolls_sideways, phone_problems
from nomercy.core.i18n import LOCALE_DIR, words
from nomercy.core.seat_words import label
from test_notebooks_in_browser import _redrawn
from test_site import _app_ready, _wait_for_the_player, site  # noqa: F401
from test_site_phone import _FIT_JS, phone

pytestmark = pytest.mark.site

LANGS = ["sv", "fr", "zh-Hant"]

_TEXTS_JS = """
() => {
  const out = [];
  const skip = (el) => el.closest('[data-testid=moves], select, script, style, .nm-ruling, ' +
                                  '[data-testid=hand], [data-testid=page-notes], .nm-order');
  for (const el of document.body.querySelectorAll('*')) {
    if (skip(el)) continue;
    const own = [...el.childNodes].filter((n) => n.nodeType === 3).map((n) => n.textContent).join('').trim();
    if (own) out.push(own.replace(/\\s+/g, ' '));
    if (el.children.length === 0 && el.textContent.trim()) out.push(el.textContent.trim().replace(/\\s+/g, ' '));
    for (const name of ['title', 'aria-label']) if (el.getAttribute(name)) out.push(el.getAttribute(name));
  }
  return [...new Set(out)];
}
"""


_STYLE_WORDS_JS = """
() => {
  // a word a style sheet writes (::before, ::after: 'content: " (you)"') reaches no catalog
  const out = [];
  for (const el of document.querySelectorAll('*')) {
    for (const where of ['::before', '::after']) {
      const content = getComputedStyle(el, where).content;
      if (!content || content === 'none' || content === 'normal') continue;
      // a content of attr(...) comes back filled in: the page's attributes are said in its language, and left out
      let own = content;
      for (const a of el.attributes) if (a.value) own = own.split(a.value).join('');
      for (const m of own.matchAll(/"((?:[^"\\\\]|\\\\.)*)"/g)) {
        if (/\\p{L}/u.test(m[1])) out.push(`${el.tagName.toLowerCase()}.${el.className}${where}: ${content}`);
      }
    }
  }
  return [...new Set(out)];
}
"""

_MARKDOWN_LEFT_JS = """
() => {
  // Markdown a page shows as it was written (issue 41: "**標題：**" on the Chinese sources page): its marks are gone
  // once it is rendered; code is left out (its text is what it is)
  const out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.parentElement.closest('script, style, code, pre, textarea, [data-testid=moves]')) continue;
    const text = node.textContent;
    if (/\\*\\*|__|`|\\]\\(|^\\s*#{1,6} /.test(text)) out.push(text.trim().slice(0, 120));
  }
  return [...new Set(out)];
}
"""


def written_wrong(page: Any) -> list[str]:
    """What a page in a language shows that no catalog said as it should: a word a style sheet writes, and Markdown
    left unrendered."""
    return page.evaluate(_STYLE_WORDS_JS) + page.evaluate(_MARKDOWN_LEFT_JS)


_NUMBERS = {"count", "limit", "number", "target", "round", "moves", "done", "total", "draw_pile", "rounds"}
"""The placeholders that stand for a number."""


def _english(lang: str) -> list[tuple[str, re.Pattern[str]]]:
    """The catalogs' English messages that ``lang`` says otherwise, each as a pattern of a whole text."""
    from babel.messages.pofile import read_po

    with (LOCALE_DIR / "nomercy.pot").open("rb") as file:
        template = read_po(file)
    said = words(lang)
    found = []
    for message in template:
        if not message.id:
            continue
        forms = message.id if isinstance(message.id, tuple) else (message.id,)
        for english in forms:
            translated = said.ngettext(forms[0], forms[-1], 2) if len(forms) > 1 else said.gettext(english)
            if translated == english or len(english) < 3:
                continue
            if not re.search(r"[A-Za-z]", re.sub(r"\{\w+\}", "", english)):
                continue  # only placeholders and marks ('{cards}, {points}'): no English word to leave on a page
            if re.fullmatch(r"\{\w+\}.*\{\w+\}\W*", english) and len(re.findall(r"[A-Za-z]+", re.sub(
                    r"\{\w+\}", "", english))) <= 2:
                continue  # glue between two placeholders ('{first} and {last}'): it matches any English sentence
            pattern = re.escape(english.strip())
            pattern = re.sub(r"\\\{(\w+)\\\}", lambda m: r"\d+" if m.group(1) in _NUMBERS else ".+?", pattern)
            found.append((english, re.compile(f"^{pattern}$")))
    return found


def _leftovers(page: Any, lang: str) -> list[str]:
    texts = page.evaluate(_TEXTS_JS)
    return sorted({f"{text!r} (the English of {english!r})" for text in texts for english, pattern in _english(lang)
                   if pattern.match(text.strip())})


def _next_tap(table: Any) -> tuple[str, Any] | None:
    """What a person would tap now, found by the controls' test ids (their names are in the page's language)."""
    for what, selector in (("go ahead", '[data-testid="btn-go-ahead"]'), ("prompt", '[data-testid="prompt"] button'),
                           ("name a color", '[data-testid^="btn-name-"]')):
        if table.locator(selector).count():
            return what, table.locator(selector).first
    playable = table.locator('[data-testid="hand"] button[data-playable="true"]')  # its name is in the language
    if playable.count():
        uno = table.locator('[data-testid="btn-uno"]')
        if table.locator('[data-testid="hand"] button').count() == 2 and uno.count() and \
                uno.get_attribute("aria-pressed") != "true":
            return "call UNO", uno
        return "card", playable.first
    for what, selector in (("draw or take the stack", '[data-testid="btn-draw"]'), ("keep", '[data-testid="btn-pass"]')):
        if table.locator(selector).count():
            return what, table.locator(selector).first
    return None


@pytest.mark.parametrize("lang", LANGS)
def test_the_landing_and_play_pages_speak_the_language_on_a_phone(site: str, lang: str) -> None:  # noqa: F811
    with phone(site, "360x640") as session:
        page = session.open(f"?lang={lang}")
        page.wait_for_function("document.documentElement.dataset.langReady !== undefined")
        assert page.evaluate("document.documentElement.lang") == lang
        page.screenshot(path=str(ARTIFACTS / f"site-lang-{lang}-landing.png"), full_page=True)
        assert _leftovers(page, lang) == []
        assert written_wrong(page) == []
        assert page.evaluate(_FIT_JS) == []

        page = session.open("play/")  # the language is remembered
        table = _app_ready(page, "nm-table")
        assert page.evaluate("document.documentElement.lang") == lang
        page.locator('[data-testid="table-setup"] summary').tap()
        assert lang == "sv" or "Deal" not in page.locator('[data-testid="setup-deal"]').text_content()
        taps = 0
        for _ in range(40):
            _wait_for_the_player(table)
            if table.get_attribute("data-waiting") == "over" or taps >= 4:
                break
            version = table.get_attribute("data-version")
            warning = table.locator('[data-testid="btn-go-ahead"]')
            step = ("go ahead", warning) if warning.count() else _next_tap(table)
            assert step is not None, table.text_content()[:400]
            step[1].scroll_into_view_if_needed()
            step[1].tap()
            if _redrawn(table, version, 30_000):
                taps += 1
        # the Play page deals at random: a big stack can knock the person out, or the round end, before 4 taps
        over = table.get_attribute("data-waiting") == "over"
        assert taps >= 4 or (over and taps >= 1), f"only {taps} taps changed the table, and the round is not over"
        page.screenshot(path=str(ARTIFACTS / f"site-lang-{lang}-play.png"), full_page=True)
        assert _leftovers(page, lang) == []
        assert _table_english(table, lang) == []
        assert written_wrong(page) == []
        assert phone_problems(table) + page_scrolls_sideways(page) == []
        assert page.evaluate(_FIT_JS) == []


def _round_with_the_person_knocked_out() -> str:
    """A round of the Play page's table (You against two steady computers) played to its end, the person knocked
    out (issue 41: "You: out" stood in English at the round's end): its record, as Export record gives it."""
    from nomercy.core.wording import table_players
    from nomercy.play.players import make_player, next_move
    from nomercy.widgets import GameTable

    table = GameTable("no-mercy", table_players(["steady", "steady"]), seed=3, pace=0)
    helper = {0: make_player("random", seed=3)}
    while not table.state.is_over:
        move = next_move(table.state, helper)
        assert move is not None and table.move(table.state.move_text(move)) is None
    assert 0 in table.state.out and table.state.seats[0] == "You"
    return table.record().to_json()


@pytest.mark.parametrize("lang", LANGS)
def test_a_resumed_round_and_a_rounds_end_speak_the_language_on_a_phone(site: str, lang: str) -> None:  # noqa: F811
    """After a reload the table resumes the round and says so in its log (issue 41: the line was English); a round
    loaded to its end shows every seat's hand in the language, the person's seat by the language's word for it."""
    from test_site import KERNEL_MS

    record = _round_with_the_person_knocked_out()
    with phone(site, "390x844") as session:
        page = session.open(f"?lang={lang}")
        page.wait_for_function("document.documentElement.dataset.langReady !== undefined")
        page = session.open("play/")
        table = _app_ready(page, "nm-table")
        for _ in range(3):
            _wait_for_the_player(table)
            step = _next_tap(table)
            assert step is not None, table.text_content()[:400]
            version = table.get_attribute("data-version")
            step[1].scroll_into_view_if_needed()
            step[1].tap()
            _redrawn(table, version, 30_000)
        _wait_for_the_player(table)
        page.reload()
        table = _app_ready(page, "nm-table")
        resumed = words(lang).ngettext("Your round goes on where you left it: {count} move replayed.",
                                       "Your round goes on where you left it: {count} moves replayed.", 2)
        resumed = re.escape(resumed).replace("2", r"\d+")
        assert any(re.fullmatch(resumed, line.strip()) for line in table.locator('[data-testid="log"] > li').all_text_contents()), \
            "the resumed round's line is not in the log in the language"
        assert _leftovers(page, lang) == [] and _table_english(table, lang) == [] and written_wrong(page) == []

        table.locator('[data-testid="import"] summary').tap()
        table.locator('[data-testid="import-text"]').fill(record)
        table.locator('[data-testid="btn-import"]').tap()
        over = table.locator('[data-testid="round-over"]')
        over.wait_for(timeout=KERNEL_MS)
        page.screenshot(path=str(ARTIFACTS / f"site-lang-{lang}-round-over.png"), full_page=True)
        person = label("You", lang)  # "Du", "Vous", "你": never the English name of the seat
        hands = [t.strip() for t in over.locator(".nm-seat-name").all_text_contents()]  # "Du blev utslagen.", "Sam …"
        assert person != "You" and len(hands) == 2 and hands[0].startswith(person) and hands[1].startswith("Sam"), \
            over.text_content()
        assert [t.strip() for t in table.locator('.nm-seats .nm-seat-name').all_text_contents()][0] == person
        assert _leftovers(page, lang) == []
        assert _table_english(table, lang) == []
        assert written_wrong(page) == []
        assert page.evaluate(_FIT_JS) == []


_TRAINER_TEXTS_JS = """
(root) => {
  const out = [];
  // the puzzle's own words (the board, each tried puzzle's title) are the puzzles' catalog's, not the trainer's; the
  // exported progress is data
  const skip = (el) => el.closest('.nm-trainer-board, [data-testid^=in-box-] th, [data-testid=trainer-export-text], script, style');
  for (const el of root.querySelectorAll('*')) {
    if (skip(el)) continue;
    const own = [...el.childNodes].filter((n) => n.nodeType === 3).map((n) => n.textContent).join('').trim();
    if (own) out.push(own);
    for (const name of ['title', 'aria-label', 'data-label', 'placeholder']) if (el.getAttribute(name)) out.push(el.getAttribute(name));
  }
  return [...new Set(out)];
}
"""


_TABLE_TEXTS_JS = """
(root) => {
  const out = [];
  // the move list is notation (a person's way to type a move), a ruling's text is the rulebook's
  // and the letters drawn on a card's face (R, Y, G, B: the pictures are English, not yet said in a language)
  const skip = (el) => el.closest('[data-testid=moves], .nm-ruling, .nm-order, select, script, style, svg text');
  for (const el of root.querySelectorAll('*')) {
    if (skip(el)) continue;
    const own = [...el.childNodes].filter((n) => n.nodeType === 3).map((n) => n.textContent).join('').trim();
    if (own) out.push(own);
    for (const name of ['title', 'aria-label']) if (el.getAttribute(name)) out.push(el.getAttribute(name));
  }
  for (const t of root.querySelectorAll('svg title')) out.push(t.textContent);  // the cards' tooltips
  return [...new Set(out)];
}
"""


def _table_english(table: Any, lang: str) -> list[str]:
    """Every word on the game table (its seats, facts, hand, buttons, log, coach) that the language's catalog never
    uses; the computers' names are names, the move list notation."""
    from test_table_languages import _WORD, _vocabulary

    names = {n.lower() for n in table.locator(".nm-seat-name").all_text_contents()}
    found = set()
    for text in table.evaluate(_TABLE_TEXTS_JS):
        for word in _WORD.findall(text):
            low = word.lower()
            if low not in _vocabulary(lang) and low not in names and low.rstrip("s") not in names:
                found.add(f"{word!r} in {text[:80]!r}")
    return sorted(found)


def _trainer_english(trainer: Any, lang: str) -> list[str]:
    """Every word of the trainer's own texts on the page that the language's catalog never uses (a path is no word)."""
    from test_table_languages import _WORD, _vocabulary

    found = set()
    for text in trainer.evaluate(_TRAINER_TEXTS_JS):
        for word in _WORD.findall(" ".join(w for w in text.split() if "/" not in w)):
            if word.lower() not in _vocabulary(lang):
                found.add(f"{word!r} in {text[:80]!r}")
    return sorted(found)


@pytest.mark.parametrize("lang", LANGS)
def test_the_train_pages_own_words_speak_the_language_on_a_phone(site: str, lang: str) -> None:  # noqa: F811
    """The Train page's own words (its topic and level menus, what the puzzle served is to the learner, the due
    count, the progress table and its boxes, export and import, what an attempt saved), a puzzle answered by
    tapping; the puzzles' own texts are not the trainer's words and are left out."""
    from test_site import KERNEL_MS

    with phone(site, "360x640") as session:
        page = session.open(f"?lang={lang}")
        page.wait_for_function("document.documentElement.dataset.langReady !== undefined")
        page = session.open("train/")
        trainer = _app_ready(page, "nm-trainer")
        assert page.evaluate("document.documentElement.lang") == lang
        assert _trainer_english(trainer, lang) == []
        for _ in range(12):  # to a puzzle answered by tapping one of its options
            choices = trainer.locator('[data-testid="puzzle-choices"] button')
            if choices.count():
                break
            served = trainer.get_attribute("data-served")
            trainer.locator('[data-testid="trainer-next"]').tap()
            page.wait_for_function("([el, n]) => el.getAttribute('data-served') !== n",
                                   arg=[trainer.element_handle(), served], timeout=KERNEL_MS)
        choices.first.scroll_into_view_if_needed()
        choices.first.tap()
        trainer.locator('[data-testid="trainer-recorded"]').wait_for(timeout=KERNEL_MS)
        trainer.locator('[data-testid="trainer-import"] summary').tap()
        trainer.locator('[data-testid="trainer-export"]').tap()
        trainer.locator('[data-testid="trainer-export-text"]').wait_for(timeout=KERNEL_MS)
        page.screenshot(path=str(ARTIFACTS / f"site-lang-{lang}-train.png"), full_page=True)
        assert _trainer_english(trainer, lang) == []  # (the board's own words and pictures are the puzzles', not read)
        assert written_wrong(page) == []
        assert page.evaluate(_FIT_JS) == []


_OVERLAPS_JS = """
(root) => {
  // the boxes of the table a person reads at a round's end: the strip of facts (color in force, direction, pending
  // draw, turn), the hand, each seat and the round's result; two that cover each other hide what one of them says
  const shown = (e) => { const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0; };
  const boxes = [...root.querySelectorAll('.nm-facts, [data-testid="hand"], .nm-seat, [data-testid="round-over"]')]
    .filter(shown);
  const name = (e) => `${e.className} "${e.textContent.trim().slice(0, 20)}"`;
  const found = [];
  for (const [i, a] of boxes.entries()) for (const b of boxes.slice(i + 1)) {
    const p = a.getBoundingClientRect(), q = b.getBoundingClientRect();
    const wide = Math.min(p.right, q.right) - Math.max(p.left, q.left), high = Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top);
    if (wide > 1 && high > 1) found.push(`${name(a)} over ${name(b)}`);
  }
  return found;
}
"""


@pytest.mark.parametrize("size", ["390x844", "360x640"])
def test_at_a_rounds_end_on_a_phone_no_box_of_the_table_covers_another(site: str, size: str) -> None:  # noqa: F811
    """Issue 41 (a Chinese reader, both rounds): at the end of a round on a phone the strip of facts was drawn over
    「你的手牌 (0) 沒有牌」 and hid the seats under it. A round tapped through to its end, in Chinese (whose page
    showed it), then the page scrolled from top to bottom: at no place do two of the table's boxes overlap."""
    from test_site import KERNEL_MS, MAX_STEPS

    with phone(site, size) as session:
        page = session.open("?lang=zh-Hant")
        page.wait_for_function("document.documentElement.dataset.langReady !== undefined")
        page = session.open("play/")
        table = _app_ready(page, "nm-table")
        page.locator('[data-testid="table-setup"] summary').tap()
        page.locator('[data-testid="setup-pace-0"]').tap()
        with page.expect_navigation(timeout=KERNEL_MS):  # the page opens again once the worker kept the table
            page.locator('[data-testid="setup-deal"]').tap()
        table = _app_ready(page, "nm-table")
        for _ in range(MAX_STEPS):
            _wait_for_the_player(table)
            if table.get_attribute("data-waiting") == "over":
                break
            step = _next_tap(table)
            assert step is not None, table.text_content()[:400]
            version = table.get_attribute("data-version")
            step[1].scroll_into_view_if_needed()
            step[1].tap()
            _redrawn(table, version, 30_000)
        assert table.get_attribute("data-waiting") == "over", "the round did not end"
        height = page.evaluate("document.scrollingElement.scrollHeight")
        covered = {}
        for top in range(0, height, 120):
            page.evaluate(f"window.scrollTo(0, {top})")
            for overlap in table.evaluate(_OVERLAPS_JS):
                covered.setdefault(overlap, top)
        page.screenshot(path=str(ARTIFACTS / f"site-lang-zh-Hant-{size}-round-end.png"), full_page=True)
        assert covered == {}, covered
