"""A rule option said in a card player's words: "the option ‘draw one card’", never ``draw: one``.

A puzzle about a rule option names it by its setting (its file's ``variant: {draw: one}``, and its texts write
``With `draw: one` B would draw...``), which is the rule set's own notation and reads as code to a card player.
The boards say each option and value with a message of its own, through the catalog, and keep the setting one
tap away (:func:`variant_words` gives both). The puzzles' files and their translations keep the setting: it is
what ``nomercy check`` and the rule card use, and the catalogs translate around it unchanged.

>>> option_words("draw", "one")
'the option ‘draw one card’'
>>> plain_options("With `zero_pass: false` the 0 is a plain number.")
'With the option ‘a 0 passes no hands’ the 0 is a plain number.'
>>> plain_options("Avec `draw: one`, B ne piocherait que le 7 bleu.", "fr")
'Avec la variante «\\u202fpiocher une seule carte\\u202f», B ne piocherait que le 7 bleu.'
"""

from __future__ import annotations

import re
from typing import Any, Mapping

from nomercy.core import inputs
from nomercy.core.errors import RulesError, brief
from nomercy.core.i18n import N_, SOURCE, language, words
from nomercy.core.rules import OPTIONS, option_value

__all__ = ["option_words", "plain_options", "variant_words", "CHOICE_WORDS", "NUMBER_WORDS"]

CHOICE_WORDS: dict[tuple[str, Any], str] = {
    ("draw", "until-playable"): N_("the option ‘draw until a card fits’"),
    ("draw", "one"): N_("the option ‘draw one card’"),
    ("stacking", "official"): N_("the option ‘stack a draw card worth at least the last one’"),
    ("stacking", "wilds-on-anything"): N_("the option ‘a wild draw card stacks on any draw card’"),
    ("stacking", "anything-goes"): N_("the option ‘any draw card stacks on any draw card’"),
    ("stacking", "none"): N_("the option ‘no stacking’"),
    ("seven_swap", "required"): N_("the option ‘a 7 must swap hands’"),
    ("seven_swap", "optional"): N_("the option ‘a 7 may swap hands’"),
    ("seven_swap", "off"): N_("the option ‘a 7 swaps nothing’"),
    ("zero_pass", True): N_("the option ‘a 0 passes every hand on’"),
    ("zero_pass", False): N_("the option ‘a 0 passes no hands’"),
    ("mercy_limit", None): N_("the option ‘no mercy rule’"),
    ("two_player_reverse_draw", "self"): N_("the option ‘with two players, a wild reverse +4 comes back to its player’"),
    ("two_player_reverse_draw", "opponent"): N_("the option ‘with two players, a wild reverse +4 hits the other player’"),
    ("discard_all_top", "discard-all"): N_("the option ‘the discard-all stays on top’"),
    ("discard_all_top", "choose"): N_("the option ‘a discard-all’s player picks the top card’"),
    ("last_card_draws", True): N_("the option ‘a last draw card still makes the next player draw’"),
    ("last_card_draws", False): N_("the option ‘a last draw card makes nobody draw’"),
    ("jump_in", True): N_("the option ‘jump in with the very same card’"),
    ("jump_in", False): N_("the option ‘no jumping in’"),
    ("no_bluff", True): N_("the option ‘a wild +4 may always be played, with no challenge’"),
    ("no_bluff", False): N_("the option ‘a wild +4 can be challenged’"),
    ("voluntary_draw", True): N_("the option ‘you may draw while a card fits’"),
    ("voluntary_draw", False): N_("the option ‘no drawing while a card fits’"),
    ("first_card", "number"): N_("the option ‘the first card is turned until a number shows’"),
    ("first_card", "apply"): N_("the option ‘the first card acts at once’"),
}
"""Each option that is a choice (or yes or no), with each of its values, said as words."""

NUMBER_WORDS: dict[str, str] = {
    "mercy_limit": N_("the option ‘out at {value} cards’"),
    "uno_penalty": N_("the option ‘caught without UNO: draw {value}’"),
    "knockout_bonus": N_("the option ‘{value} points for each player knocked out’"),
    "hand_size": N_("the option ‘deal {value} cards each’"),
    "score_target": N_("the option ‘a match to {value} points’"),
    "players": N_("the option ‘{value} players’"),
    "deck": N_("the option ‘the deck {value}’"),
}
"""Each option whose value is a number (or a range, or a deck's name), said with the value in it."""

_LONGEST = 20_000
"""The longest text said again (a puzzle's explanation is a few hundred characters)."""

_NAMES = "|".join(sorted(OPTIONS, key=len, reverse=True))
_SETTING = re.compile(r"`(" + _NAMES + r"):\s*([A-Za-z0-9][A-Za-z0-9-]*)`"
                      r"|\b(" + "|".join(sorted((o for o in OPTIONS if "_" in o), key=len, reverse=True)) +
                      r"):\s*([A-Za-z0-9][A-Za-z0-9-]*)\b")
"""A setting written as code: in backticks, or bare when the option's name cannot be a word of a sentence
(``first_card: apply``; a bare ``players: 3`` may be prose)."""


def option_words(option: str, value: Any, lang: str = SOURCE) -> str:
    """The option set to ``value`` as words in ``lang`` (the value as a rule set or a puzzle's file writes it).

    An option or value the rules do not know is refused in the rules' own words (:class:`RulesError`).
    """
    said = words(language(lang))
    value = option_value(option, value)
    if (option, value) in CHOICE_WORDS:
        return said.gettext(CHOICE_WORDS[(option, value)])
    shown = "-".join(map(str, value)) if isinstance(value, tuple) else value
    return said.gettext(NUMBER_WORDS[option], value=shown)


def plain_options(text: str, lang: str = SOURCE) -> str:
    """``text`` with every setting it writes as code (``draw: one``, with or without backticks) said as words.

    A setting that is not an option and value of the rules is left as it is.
    """
    text = inputs.text(text, "a puzzle's text", least=0, longest=_LONGEST, like="With `draw: one` B draws one card.")
    if ":" not in text:
        return text

    def said(found: re.Match[str]) -> str:
        option, value = (found.group(1), found.group(2)) if found.group(1) else (found.group(3), found.group(4))
        try:
            return option_words(option, value, lang)
        except RulesError:
            return found.group(0)
    return _SETTING.sub(said, text)


def variant_words(variant: Mapping[str, Any], lang: str = SOURCE) -> list[dict[str, str]]:
    """A puzzle's variant as a board shows it: each option's words, and its setting (shown on a tap)."""
    if not isinstance(variant, Mapping):
        raise RulesError(f"a puzzle's variant is its rule options and their values, like draw: one; not {brief(variant)}")
    inputs.items(list(variant), "a puzzle's variant", most=len(OPTIONS), error=RulesError)
    shown = []
    for option, value in variant.items():
        plain, value = option_words(option, value, lang), option_value(option, value)
        setting = ("none" if value is None else str(value).lower() if isinstance(value, bool) else
                   "-".join(map(str, value)) if isinstance(value, tuple) else str(value))
        shown.append({"words": plain, "setting": f"{option}: {setting}"})
    return shown
