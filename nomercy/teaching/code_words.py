"""The rules' code said in words: an option, an option's setting, a profile, a ruling or a source as a reader of
another language names it, on the Rules pages and the rule card in that language.

The English pages write them as code (`first_card: apply`, `stacking`, `open-mercy`, `[mercy]`): they are what a
rule set, the command line and a puzzle file take, and an English reader can type them. A Swedish, French or
Chinese reader reads words: the catalogs' sentences keep the code where the English has it (so a ruling's options
stay checkable against its English), and :func:`in_words` says each piece of it in the page's language, an
option by its name, a setting by what it does, a ruling by its title (a link to it), a source by its name (a link
to it). A piece of code it does not know is left as code, which the pages' tests find.

>>> in_words("Med varianten `first_card: apply`.", "sv")
'Med varianten ”det första kortet verkar direkt”.'
>>> in_words("(se `[mercy]`)", "fr", rulebook="rulebook.md")
'(se [La règle de pitié](rulebook.md#mercy))'
"""

from __future__ import annotations

import re
from html import escape

from nomercy.core.errors import brief
from nomercy.core.i18n import N_, LanguageError, language, words
from nomercy.core.rulebook import RULINGS
from nomercy.core.rules import OPTIONS, PROFILES
from nomercy.core.sources import SOURCES
from nomercy.teaching.terminology import ruling_titles

__all__ = ["OPTION_WORDS", "SETTING_WORDS", "PROFILE_WORDS", "in_words"]

OPTION_WORDS: dict[str, str] = {
    "deck": N_("the deck listing"),
    "players": N_("the number of players"),
    "hand_size": N_("the cards dealt"),
    "first_card": N_("what the first card does"),
    "voluntary_draw": N_("drawing instead of playing"),
    "draw": N_("how a player who cannot play draws"),
    "stacking": N_("what may be stacked"),
    "seven_swap": N_("the swap of a 7"),
    "zero_pass": N_("the pass of a 0"),
    "mercy_limit": N_("the hand size that knocks out"),
    "two_player_reverse_draw": N_("who takes a wild reverse +4 between two players"),
    "discard_all_top": N_("the top card after a discard-all"),
    "uno_penalty": N_("the cards for a missed UNO"),
    "last_card_draws": N_("a last draw card still counts"),
    "jump_in": N_("jumping in"),
    "no_bluff": N_("a wild +4 at any time"),
    "score_target": N_("the points that win a match"),
    "knockout_bonus": N_("the points for each player knocked out"),
}
"""Each rule option's name in words (the option's meaning, :data:`nomercy.core.rules.OPTIONS`, says what it sets)."""

SETTING_WORDS: dict[tuple[str, str], str] = {
    ("first_card", "number"): N_("turn cards until a number shows"),
    ("first_card", "apply"): N_("the first card acts at once"),
    ("draw", "until-playable"): N_("draw until a card can be played"),
    ("draw", "one"): N_("draw one card"),
    ("voluntary_draw", "true"): N_("a player may draw instead of playing"),
    ("stacking", "official"): N_("stacking as printed"),
    ("stacking", "wilds-on-anything"): N_("a wild draw card on any draw card"),
    ("stacking", "anything-goes"): N_("any draw card on any other"),
    ("stacking", "none"): N_("no stacking"),
    ("seven_swap", "optional"): N_("a 7 may swap"),
    ("seven_swap", "off"): N_("a 7 swaps nothing"),
    ("zero_pass", "false"): N_("a 0 passes nothing"),
    ("mercy_limit", "none"): N_("no one is knocked out"),
    ("two_player_reverse_draw", "opponent"): N_("the opponent takes the wild reverse +4"),
    ("discard_all_top", "choose"): N_("the player picks the top card"),
    ("uno_penalty", "10"): N_("10 cards for a missed UNO"),
    ("last_card_draws", "true"): N_("a last draw card still counts"),
    ("jump_in", "true"): N_("jumping in allowed"),
    ("no_bluff", "true"): N_("a wild +4 at any time"),
    ("deck", "open-mercy"): N_("Open Mercy's deck listing"),
}
"""An option's setting as the rulebook writes it (`stacking: none`), said as what it does."""

PROFILE_WORDS: dict[str, str] = {
    "no-mercy": N_("No Mercy as printed"),
    "classic": N_("classic UNO"),
    "open-mercy": N_("Open Mercy's game"),
    "speltavlan": N_("Speltavlan's rules"),
}
"""Each profile's name in words (its code is what ``ruleset()`` and the command line take)."""

_QUOTED = N_("“{words}”")  # an option, a setting or a profile named in running text, quoted as the language quotes

_CODE = re.compile(r"\[`([^`]+)`\]\(([^)\s]*)\)|`([^`]+)`")
_RULING_ID = re.compile(r"\[([a-z0-9-]+)\]")
_CJK_SPACE = re.compile(r"(?<=[\u3000-\u9fff\uff00-\uffef]) (?=「)|(?<=」) (?=[\u3000-\u9fff\uff00-\uffef])")


def _setting(code: str) -> tuple[str, str] | None:
    """``code`` as an option and its setting: `stacking: none`, or a setting only one option has (`anything-goes`)."""
    if ":" in code:
        option, _, value = code.partition(":")
        return (option.strip(), value.strip())
    owners = [pair for pair in SETTING_WORDS if pair[1] == code]
    return owners[0] if len(owners) == 1 else None


def in_words(text: str, lang: str, *, rulebook: str = "rulebook.md", sources: str = "sources.md",
             html: bool = False) -> str:
    """``text`` (Markdown, or HTML when ``html``) with its code said in ``lang``: each option, setting and profile
    in words, quoted; each ruling by its title and each source by its name, linked to ``rulebook`` and ``sources``
    (``""`` for the page they are on). In HTML the code is ``<code>`` and the words are plain text (a printed card
    cannot follow a link). English is given back as it is: its code is what an English reader types."""
    if not isinstance(text, str):
        raise LanguageError(f"the text whose code is said in words is a text, not {brief(text)}")
    lang = language(lang)
    if not isinstance(html, bool):
        raise LanguageError(f"html is true (the text is HTML) or false (Markdown), not {brief(html)}")
    for name, where in (("rulebook", rulebook), ("sources", sources)):
        if not isinstance(where, str) or len(where) > 200 or not where.isprintable() or '"' in where:
            raise LanguageError(f"{name} is the address of its page, like '{name}.md', not {brief(where)}")
    if lang == "en":
        return text
    say = words(lang).gettext
    titles = ruling_titles(lang)

    def quoted(message: str) -> str:
        words_ = say(_QUOTED, words=say(message))
        return escape(words_, quote=False) if html else words_

    def link(words_: str, target: str) -> str:
        return escape(words_, quote=False) if html else f"[{words_}]({target})"

    def said(code: str, target: str | None) -> str | None:
        ruling = _RULING_ID.fullmatch(code)
        if ruling and ruling.group(1) in RULINGS:
            code = ruling.group(1)
        if target is not None and code in RULINGS and target.endswith(f"#{code}"):
            return link(titles[code], target)
        if target is not None and code in SOURCES and target.endswith(f"#{code}"):  # open-mercy, not the profile
            return link(say(SOURCES[code].name), target)
        if code in OPTION_WORDS:
            return quoted(OPTION_WORDS[code])
        if code in PROFILE_WORDS:
            return quoted(PROFILE_WORDS[code])
        setting = _setting(code)
        if setting in SETTING_WORDS:
            return quoted(SETTING_WORDS[setting])
        if code in SOURCES:
            return link(say(SOURCES[code].name), target or f"{sources}#{code}")
        if code in RULINGS:
            return link(titles[code], target or f"{rulebook}#{code}")
        return None

    def one(match: re.Match[str]) -> str:
        code, target = (match.group(1), match.group(2)) if match.group(1) else (match.group(3), None)
        return said(code, target) or match.group(0)

    said_text = (_CODE.sub(one, text) if not html
                 else re.sub(r"<code>([^<]+)</code>", lambda m: said(m.group(1), None) or m.group(0), text))
    # Chinese sets no space beside its quotation marks (the code had one on each side: "規則選項 `first_card: apply`")
    return _CJK_SPACE.sub("", said_text) if lang == "zh-Hant" else said_text

