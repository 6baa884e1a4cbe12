"""The words of the project: one word per idea, used the same way everywhere.

``docs/glossary.md`` is written from this table, and a test fails when a retired
word (one of ``Term.retired``) shows up in a notebook, an event sentence, a widget,
a puzzle or a page of the docs.

>>> TERMS["knocked out"].ruling
'mercy'
"""

from __future__ import annotations

from dataclasses import dataclass

from nomercy.core.errors import brief
from nomercy.core.i18n import N_

__all__ = ["Term", "TERMS", "RETIRED", "glossary_markdown"]


@dataclass(frozen=True)
class Term:
    """A word, what it means, the ruling that says more, and the words it replaces."""

    word: str
    meaning: str
    ruling: str = ""
    retired: tuple[str, ...] = ()


_ROWS = [
    Term("deck", N_("All the cards of the game together: 168 for No Mercy, 108 for classic UNO."), "deck"),
    Term("draw pile", N_("The face-down cards you draw from."), "empty-draw-pile"),
    Term("discard pile", N_("The face-up cards that have been played. Its top card is what you must match."), "matching"),
    Term("top card", N_("The card lying face up on top of the discard pile."), "matching"),
    Term("color in force", N_("The color you must match: the top card's color, or the color named for a wild."), "wild-color"),
    Term("hand", N_("The cards a player holds.")),
    Term("dealer", N_("The player who shuffles, deals 7 cards to everyone and turns up the first card. The player on "
         "the dealer's left starts, and play goes clockwise: to the left, round the table. When several rounds "
         "are played in a row, the next round is dealt by the next player clockwise."), "deal"),
    Term("turn", N_("A player's go. Play goes clockwise at first; a reverse turns it around."), "deal"),
    Term("move", N_("One thing a player does: a play (a wild's color is named as part of it), a draw, a pass, "
         "calling UNO, a catch, a challenge, or naming the color after a roulette. A turn can hold several moves "
         "(a draw, then the card drawn played). Records and the move limit count moves, not turns; the step player "
         "shows one event at a time, and one move can bring several (a card played, then the cards it makes someone "
         "draw)."), "deal"),
    Term("round", N_("One deal played out, from the deal until someone wins it. (The simulation lab's argument "
         "`games=` counts rounds.)"), "winning"),
    Term("game", N_("UNO played at a table: one round, or a match of several rounds."), "scoring"),
    Term("match", N_("A card matches when it has the color in force, or the same number or symbol as the top card. "
         "A wild goes on any top card. While a draw is pending, only a draw card may be played."), "matching"),
    Term("action card", N_("A colored card that does something: skip, reverse, +2, +4, skip-all, discard-all. A wild "
         "is not an action card, even one that does something (a wild +6, a wild roulette): it is a *wild*."),
         "skip", ("wild action card", "No Mercy action cards")),
    Term("wild", N_("A black card with no color of its own. Whoever plays it names a color, except the wild roulette, "
         "whose color the next player names."), "wild-color"),
    Term("draw card", N_("A card with a draw value: in No Mercy the +2, +4, wild reverse +4, wild +6 and wild +10; in "
         "classic UNO the +2 and the wild +4. The next player draws that many cards and loses the turn, unless they "
         "stack. The wild roulette is not one: it has no value, and the next player turns cards up instead of drawing."),
         "draw-card"),
    Term("pending draw", N_("The number of cards a player must draw because draw cards were played at them, added "
         "up."), "stacking"),
    Term("stack", N_("To answer a draw card with another draw card worth at least as much as the last one played, "
         "so the pending draw grows and passes on. \"The stack\" is the draw cards played one on another; their total "
         "is the pending draw."), "stacking"),
    Term("skip-all", N_("The No Mercy card printed \"Skip Everyone\": every other player is skipped and you play "
         "again."), "skip-all", ("skip everyone", "skip-everyone")),
    Term("discard-all", N_("The No Mercy card printed \"Discard All\": all your other cards of its color go under it."),
         "discard-all", ("discard all ",)),
    Term("wild roulette", N_("The No Mercy wild printed \"Wild Color Roulette\": the next player names a color and "
         "turns up cards until it shows."), "wild-roulette", ("color roulette", "colour roulette")),
    Term("wild reverse +4", N_("A wild that turns the direction and then makes the next player draw 4."),
         "wild-reverse-four"),
    Term("knocked out", N_("Out of the round by the mercy rule, at 25 cards or more. The hand is set aside."), "mercy",
         ("goes out", "go out", "going out", "went out")),
    Term("win the round", N_("Play your last card, or be the only player left. In two rare cases, when nobody can "
         "play or draw and after 10,000 moves, the fewest cards win."), "winning"),
    Term("match (of rounds)", N_("A series of rounds, played until someone reaches the points target: 1000 in No "
         "Mercy, 500 in classic UNO. Each round deals everyone in again, even a player knocked out before. "
         "(A card that *matches* is another idea: see \"match\".)"), "scoring"),
    Term("penalty", N_("The cards a player draws for being caught without calling UNO: 2 (the option "
         "`uno_penalty`). The cards a draw card makes you take are a *pending draw*, not a penalty."), "uno"),
    Term("call UNO", N_("Say \"UNO\" whenever a move leaves you holding one card: as your card goes down, or when "
         "a 7 or a 0 hands you a one-card hand."), "uno"),
    Term("catch", N_("Point out a player who holds one card and has not called UNO; they draw 2. They can be "
         "caught until the next move that is neither a call nor a catch: usually the next player's play or draw."),
         "uno"),
    Term("reshuffle", N_("Shuffle the discard pile, except its top card, together with any hands set aside by the mercy "
                          "rule, into a new draw pile."), "empty-draw-pile"),
    Term("rule option", N_("A named setting of one rule, like `draw`. Each of its values plays one reading of "
         "that rule: `draw: one` gives the option `draw` the value `one`.")),
    Term("reading", N_("One way of understanding a rule. The printed reading is the default; each other reading is a "
         "value of a rule option. \"Our reading\" is one this project chose where no source decides.")),
    Term("house rule", N_("A rule some tables agree on that the printed sheet does not have, like stacking in classic "
         "UNO. The engine offers each house rule as a rule option."), "", ("casual rule", "casual ones")),
    Term("profile", N_("A named set of rule options: `no-mercy` (the default), `classic`, `open-mercy`, `speltavlan`.")),
    Term("ruling", N_("One rule as this project states it, in its own words (not the printed sheet's), with an id "
                      "like `mercy`; every event cites one.")),
    Term("seed", N_("A number that fixes how the cards are shuffled: the same seed always gives the same game.")),
    Term("source", N_("One of the five written sources the rules come from, by an id like `open-mercy`.")),
    Term("color", N_("Red, yellow, green or blue. (Always spelt \"color\".)"), "matching", ("colour",)),
]

TERMS: dict[str, Term] = {t.word: t for t in _ROWS}

RETIRED: dict[str, str] = {old: t.word for t in _ROWS for old in t.retired}
"""Each retired word, and the word to use instead."""


_INTRO = N_("One word for each idea, used the same way in the notebooks, the event sentences, the widgets, the "
            "puzzles and these pages. The rulings are in the [rulebook](rulebook.md).")


_FURTHER = N_("The sources are described on the [sources page](sources.md); the words of these pages, with the "
              "sources they come from, are on [the game's words in this language]({page}).")
"""Another language's glossary: where its sources and its term table are (the English glossary links the tables)."""


def glossary_markdown(lang: str = "en", terms: object = None) -> str:
    """``docs/glossary.md``: every word, what it means, and the words it replaces.

    In another language ``lang`` (the site's Rules pages), each word is ``terms``' word for it (by English word:
    the term tables', :func:`nomercy.teaching.terminology.glossary_words`), its meaning comes from the catalogs,
    and the English words it replaces are left out (they are English)."""
    from nomercy.core.i18n import LanguageError, words

    say = words(lang).gettext
    if lang == "en":
        lines = [
            "# Glossary",
            "",
            "<!-- Written by scripts/write_docs.py from nomercy/teaching/glossary.py; do not edit by hand. -->",
            "",
            _INTRO + " The same words in the languages "
            "of the sources, for the translations: [Swedish](terms-sv.md), [French](terms-fr.md), "
            "[Chinese (traditional)](terms-zh-Hant.md).",
            "",
            "| word | meaning | ruling | not used |",
            "|---|---|---|---|",
        ]
        for t in _ROWS:
            ruling = f"[`{t.ruling}`](rulebook.md#{t.ruling})" if t.ruling else ""
            retired = ", ".join(f"\"{w.strip()}\"" for w in t.retired)
            lines.append(f"| **{t.word}** | {t.meaning} | {ruling} | {retired} |")
        lines += ["", "\"Goes out\" is not used because it could mean winning (emptying your hand) or being knocked "
                  "out; the project says \"wins the round\" or \"is knocked out\"."]
        return "\n".join(lines) + "\n"
    if not isinstance(terms, dict) or set(terms) != set(TERMS) or not all(
            isinstance(v, str) and 0 < len(v) <= 100 and v.isprintable() and "|" not in v for v in terms.values()):
        raise LanguageError(f"the glossary in {lang} names every word of the glossary in that language "
                            f"(terminology.glossary_words), not {brief(terms)}")
    lines = ["# " + say(N_("Glossary")), "", say(_INTRO) + " " + say(_FURTHER, page=f"terms-{lang}.md"), "",
             say(N_("| word | meaning | ruling |")), "|---|---|---|"]
    for t in _ROWS:
        ruling = f"[`{t.ruling}`](rulebook.md#{t.ruling})" if t.ruling else ""
        lines.append(f"| **{terms[t.word]}** | {say(t.meaning)} | {ruling} |")
    return "\n".join(lines) + "\n"
