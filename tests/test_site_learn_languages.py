"""The Learn page in Swedish, French and Chinese, on a phone, by tapping: the whole path walked in each language
(one wrong try per chapter, answered with the stage's own why in that language, and a move that does each stage's
task), and no English left on the page.

The check of "no English" is by origin, not by a list of English words: every piece of text a person sees (each
visible element's own text, and the title, aria-label and placeholder of visible elements) must be made of the
language's catalog translations and nothing else but names (the seats', the languages' own names), numbers and
card or layout symbols. Each translation of the language's catalog (a message with placeholders split at them) is
taken out of the text where it stands as whole words, longest first; what is left may hold no letter of any
script. So an English sentence the catalogs do not know, a new English label in the code, or a Chinese or French
word typed into the code instead of the catalogs, all fail; what it cannot see is a word spelled the same in
English and in the language ("points" in French, "hand" in Swedish), which is then the language's own word.
Not read: text hidden from a person (a closed ``details``: the engine's general reason one tap away, which is
the engine's refusals, and the rulebook's text), and the ruling's name in the answer's rulebook line (the
rulebook's words: their translation is another part of the work, docs/architecture.md "Languages").
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from browser_support import ARTIFACTS
from learn_clicks import STAGES, WAIT_MS, click_move
from nomercy.core.i18n import LANGUAGES, words
from nomercy.puzzles.stage import load_path
from test_site import _app_ready, site  # noqa: F401 - the served site, as the other site tests use it
from test_site_phone import _FIT_JS, phone

pytestmark = pytest.mark.site

LANGS = ["sv", "fr", "zh-Hant"]
NAMES = ("You", "Bo", "Cy", "Ann", "UNO", "No Mercy", *LANGUAGES.values())
"""What may stand in any language: the stages' seats, the game's name, the languages' own names."""

VISIBLE_TEXTS_JS = """
(root) => {
  const out = [];
  const shown = (el) => el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true });
  for (const el of root.querySelectorAll('*')) {
    if (el.closest('script, style, .nm-learn-ruling summary b') || !shown(el)) continue;
    const own = [...el.childNodes].filter((n) => n.nodeType === 3).map((n) => n.textContent).join(' ').trim();
    if (own) out.push(own.replace(/\\s+/g, ' '));
    for (const name of ['title', 'aria-label', 'placeholder']) if (el.getAttribute(name)) out.push(el.getAttribute(name));
  }
  return [...new Set(out)];
}
"""


def _pieces(lang: str) -> list[str]:
    """Every translation of ``lang``'s catalog, split at its placeholders, longest first."""
    found: set[str] = set()
    for text in words(lang).catalog().values():
        for form in text if isinstance(text, list) else [text]:
            found.update(p.strip() for p in re.split(r"\{\w+\}", form) if p.strip())
    return sorted(found, key=len, reverse=True)


def not_from_the_catalogs(texts: list[str], lang: str) -> list[str]:
    """The texts that are not made of ``lang``'s translations, names, numbers and symbols (see the docstring)."""
    pieces = [*_pieces(lang), *NAMES]
    wrong = []
    for text in texts:
        left = text
        for piece in pieces:
            if piece in left:
                left = re.sub(rf"(?<!\w){re.escape(piece)}(?!\w)" if re.match(r"\w", piece[0]) and
                              re.search(r"\w$", piece) else re.escape(piece), " ", left)
        if re.search(r"[^\W\d_]", left):
            wrong.append(f"{text!r} (left: {left.strip()!r})")
    return wrong


def test_the_check_finds_english_and_passes_translations() -> None:
    """The check itself: an English sentence or a word typed into the code fails, the catalog's words pass."""
    said = words("sv")
    good = [said.gettext("Match the color"), said.gettext("Stage {number} of {total} · {done} done", number=3,
                                                          total=31, done=2), "Bo", "12", "★ ✓ ○ · +4"]
    assert not_from_the_catalogs(good, "sv") == []
    assert len(not_from_the_catalogs(["Match the color", "Stage 3 of 31", "Spela kortet nu", "出牌"], "sv")) == 4


def _checked(page: Any, root: Any, lang: str, where: str) -> None:
    wrong = not_from_the_catalogs(page.evaluate(VISIBLE_TEXTS_JS, root.element_handle()), lang)
    assert wrong == [], f"{lang}, {where}: text not from the catalogs: {wrong}"


def _tap_again_or_wait(root: Any) -> None:
    again = root.locator('[data-testid="learn-again"]')
    if again.count():
        again.tap()
        root.locator('[data-testid="learn-feedback"]').wait_for(state="detached", timeout=WAIT_MS)


@pytest.mark.parametrize("lang", LANGS)
def test_the_whole_learn_path_in_a_language_on_a_phone_shows_no_english(site: str, lang: str) -> None:  # noqa: F811
    said = words(lang).gettext
    with phone(site, "360x640") as session:
        page = session.open(f"learn/index.html?lang={lang}")
        root = _app_ready(page, "nm-learn")
        assert page.evaluate("document.documentElement.lang") == lang
        _checked(page, root, lang, "the first stage")
        chapters = {stage.id: chapter for chapter in load_path() for stage in chapter.stages}
        tried: set[str] = set()
        for number, stage in enumerate(STAGES, 1):
            root.locator('[data-testid="learn-title"]', has_text=said(stage.title)).wait_for(timeout=WAIT_MS)
            assert root.locator('[data-testid="learn-rule"]').text_content() == said(stage.rule) != stage.rule
            chapter = chapters[stage.id]
            if chapter.id not in tried and stage.wrong:  # one wrong try per chapter, answered in the language
                tried.add(chapter.id)
                wrong = stage.wrong[0]
                click_move(root, stage, wrong.move, tap=True)
                kind = "allowed" if wrong.ends else "refused"
                root.locator(f'[data-testid="learn-feedback"][data-kind="{kind}"]').wait_for(timeout=WAIT_MS)
                assert root.locator('[data-testid="learn-why"]').text_content() == said(wrong.why) != wrong.why
                _checked(page, root, lang, f"{stage.id}, a wrong try")
                _tap_again_or_wait(root)
            click_move(root, stage, stage.done[0], tap=True)
            root.locator('[data-testid="learn-feedback"][data-kind="done"]').wait_for(timeout=WAIT_MS)
            _checked(page, root, lang, f"{stage.id}, done")
            if number == 1:
                page.screenshot(path=str(ARTIFACTS / f"site-learn-{lang}-done.png"), full_page=True)
                assert page.evaluate(_FIT_JS) == []
            if number < len(STAGES):
                root.locator('[data-testid="learn-next"]').tap()
        root.locator('[data-testid="learn-finished"]').wait_for(timeout=WAIT_MS)
        root.locator('[data-testid="learn-path"] summary').tap()
        _checked(page, root, lang, "the path opened at the end")
        assert page.evaluate(_FIT_JS) == []
        assert tried == {c.id for c in load_path()}, "a chapter without a wrong try to show"
