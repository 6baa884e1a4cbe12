"""The written sources the rules come from, each by a short id.

A puzzle's ``source:`` starts with one of these ids, and every ruling of the
rulebook (:mod:`nomercy.core.rulebook`) names the ids that support it. The page
``docs/sources.md`` is written from this table.

>>> SOURCES["open-mercy"].language
'English'
>>> source_id("manual-reading-zh, round 1")
'manual-reading-zh'
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from nomercy.core.i18n import N_, words

__all__ = ["Source", "SOURCES", "source_id", "sources_markdown"]


@dataclass(frozen=True)
class Source:
    """One source: its id, a short name, its title, kind and language, what it covers, how far it is trusted, where it differs."""

    id: str
    name: str
    title: str
    kind: str
    language: str
    covers: str
    trust: str
    differs: str = ""


_ROWS = [
    Source(
        "manual-reading-zh",
        N_("the Chinese write-up of the No Mercy sheet"),
        N_("UNO No Mercy 規則:疊罰、25張淘汰與換手 (UNO No Mercy rules: stacked penalties, out at 25 cards, swapped hands)"),
        N_("a careful write-up of the printed No Mercy instruction sheet (English edition, HWV18, 2023), by the "
           "content editors of a games website"),
        N_("Chinese (traditional)"),
        N_("Setting up, drawing until you can play, the stacking table, the mercy rule, the 7 and the 0, every "
           "action and wild card, the two-player wild reverse +4, UNO, optional scoring to 1000, and a list of "
           "points the printed sheet leaves open. Three rounds worked move by move (a 2, 4, 6 stack; a knock-out "
           "at 19 + 6 = 25; a 7 and then a 0) and a roulette example."),
        N_("The most trusted source for the printed No Mercy rules: it says which sentences are the sheet's and "
           "which are its own examples, and it marks what the sheet does not settle."),
        N_("Nowhere against the printed sheet. It says plainly that the sheet does not settle whether a last 7 "
           "swaps before the round is won."),
    ),
    Source(
        "manual-reading-fr",
        N_("the French write-up of the No Mercy sheet"),
        N_("UNO Show 'Em No Mercy, the rules reworded by Règles Faciles (no other title)"),
        N_("a French rewording of the printed No Mercy instruction sheet (French edition, HWV18, 2023)"),
        N_("French"),
        N_("A summary table, the four special rules (stacking, mercy, 7, 0), every colored action and wild card, "
           "UNO, the scoring table, frequent mistakes and questions. One worked stack: a +4, then a +6, means 10 "
           "unless the next player has a +6 or a +10."),
        N_("Trusted for the printed No Mercy rules; it agrees with the Chinese write-up on every point both cover."),
    ),
    Source(
        "open-mercy",
        N_("the Open Mercy guide"),
        N_("UNO No Mercy Rules: The Complete Guide (Open Mercy)"),
        N_("a rules guide by the makers of Open Mercy, a free online No Mercy game"),
        N_("English"),
        N_("Every card, three ways of stacking (the printed equal-or-higher rule and two house rules), the mercy "
           "rule, what the first card does, UNO, scoring with 250 per knocked-out player, two-player play, "
           "strategy tips and questions (a reshuffle in the middle of a draw, who may stack a wild)."),
        N_("Good, but it mixes the printed rules with the choices of its own online game. Those choices form the "
           "`open-mercy` profile; they are never the default."),
        N_("Its online game lets a 7 keep your hand, sends a two-player wild reverse +4 to the opponent, lets the "
           "player of a discard-all pick the top card, charges 10 cards for a missed UNO call, and applies the "
           "first card's effect. Its deck listing (one 0 per color, 4 plain wilds) differs from the printed sheet."),
    ),
    Source(
        "swedish-guide",
        N_("the Swedish guide (Speltavlan)"),
        N_("Uno No Mercy – regler och så spelar ni (Speltavlan)"),
        N_("a short Swedish web guide to No Mercy that credits English Wikipedia"),
        N_("Swedish"),
        N_("Dealing, a turn, stacking, winning the round, scoring, common disputes (a +4 on a +2, an empty draw pile in the "
           "middle of a stack, discard-all with one card) and house rules (the 7 swap, jump-in)."),
        N_("The least trusted: several of its claims contradict the printed sheet. Its readings form the "
           "`speltavlan` profile and the options it names; they are never the default."),
        N_("A 112-card deck with no breakdown, 2 to 10 players, draw one card when you cannot play, any draw card "
           "on any other whatever its value, no 7 swap (only as a house rule), a last draw card still makes the "
           "next player draw, and a first action card that hits the player left of the dealer."),
    ),
    Source(
        "classic-rules",
        N_("the classic UNO rules"),
        N_("Classic UNO (Mattel, 108 cards): the official rules, each special card, scoring and house rules (a Swedish page with no other title)"),
        N_("a Swedish write-up of the printed classic UNO instruction sheet"),
        N_("Swedish"),
        N_("The classic deck (108 cards), a turn, drawing one card, the colored action cards, the wild +4 and its "
           "challenge, UNO, scoring to 500, two-player play and popular house rules (stacking, 7-0, jump-in, "
           "draw until you can play, a wild +4 at any time)."),
        N_("Good for classic UNO. It is the source of the `classic` profile and of some of the classic puzzles."),
        N_("It is about classic UNO, not No Mercy; its house rules are options here, never the default."),
    ),
    Source(
        "original",
        N_("the project's own reading"),
        N_("The project's own positions"),
        N_("positions made for the project to show one rule at a time"),
        N_("English"),
        N_("Puzzles and examples that no source works out, built from the rulings of this rulebook."),
        N_("Trusted as far as the ruling it illustrates."),
    ),
    Source(
        "generated",
        N_("the puzzle generator"),
        N_("Positions found by the puzzle generator"),
        N_("positions cut from simulated games by `nomercy generate`"),
        N_("English"),
        N_("Puzzles whose answer the engine computed; each names the ruling it shows."),
        N_("Trusted as far as the engine is: every generated puzzle is replayed by the tests."),
    ),
]

SOURCES: dict[str, Source] = {row.id: row for row in _ROWS}


def source_id(text: str) -> str | None:
    """The source id a puzzle's ``source:`` text starts with, or None."""
    head = text.strip().split(",", 1)[0].strip()
    return head if head in SOURCES else None


_HEAD = N_("The sources")
_ABOUT = N_("The rules of this project come from five written sources. None of them is part of the project: they "
            "are described here so that you know what each one is and how far to trust it. Every sentence of the "
            "project is in its own words. Each source has a short id; a puzzle's `source:` starts with it "
            "(`source: manual-reading-zh, round 1`), and every ruling of the [rulebook](rulebook.md) names the "
            "sources that support it.")
_DEFAULT = N_("None of the five is the printed instruction sheet itself. The project's default rules (the `no-mercy` "
              "profile) are the printed No Mercy sheet (Mattel, HWV18, 2023) as the two careful write-ups of it "
              "(`manual-reading-zh`, `manual-reading-fr`) report it. Where a source says something else, that "
              "reading is a value of a rule option or a profile of its own, never the default.")
_TABLE_HEAD = N_("| source | title | language | how far it is trusted |")
_TITLE = N_("- **Title:** {title}")
_KIND = N_("- **Kind:** {kind}.")
_LANGUAGE = N_("- **Language:** {language}.")
_COVERS = N_("- **Covers:** {covers}")
_TRUST = N_("- **Trust:** {trust}")
_DIFFERS = N_("- **Where it differs:** {differs}")


def _first_sentence(text: str) -> str:
    """A text's first sentence with its full stop ("." or Chinese "。"), for the table of sources."""
    found = re.match(r".+?(?:[.](?=\s|$)|。)", text, re.S)
    return found.group(0) if found else text


def sources_markdown(lang: str = "en") -> str:
    """``docs/sources.md``: every source by its title and kind, what it covers, how far it is trusted.

    In another language ``lang`` (the site's Rules pages), every sentence comes from the catalogs; a source is
    headed by its name in the language (no id: the anchors are the ids, the same in every language), and its
    title is the title the rulebook gives it."""
    if lang == "en":
        return _english()
    say = words(lang).gettext
    lines = ["# " + say(_HEAD), "", say(_ABOUT), "", say(_DEFAULT), "", say(_TABLE_HEAD), "|---|---|---|---|"]
    for s in _ROWS:
        lines.append(f"| [{say(s.name)}](#{s.id}) | {say(s.title)} | {say(s.language)} "
                     f"| {_first_sentence(say(s.trust))} |")
    for s in _ROWS:
        name = say(s.name)
        lines += ["", f'<a id="{s.id}"></a>', "", f"## {name[:1].upper()}{name[1:]}", "",
                  say(_TITLE, title=say(s.title)), say(_KIND, kind=say(s.kind)),
                  say(_LANGUAGE, language=say(s.language)), say(_COVERS, covers=say(s.covers)),
                  say(_TRUST, trust=say(s.trust))]
        if s.differs:
            lines.append(say(_DIFFERS, differs=say(s.differs)))
    return "\n".join(lines) + "\n"


def _english() -> str:
    lines = [
        "# " + _HEAD,
        "",
        "<!-- Written by scripts/write_docs.py from nomercy/core/sources.py; do not edit by hand. -->",
        "",
        _ABOUT,
        "",
        _DEFAULT,
        "",
        "| id | source | language | how far it is trusted |",
        "|---|---|---|---|",
    ]
    for s in _ROWS:
        lines.append(f"| [`{s.id}`](#{s.id}) | {s.title} | {s.language} | {s.trust.split('. ')[0].rstrip('.')}. |")
    for s in _ROWS:
        lines += ["", f'<a id="{s.id}"></a>', "", f"## `{s.id}` · {s.title}", "",
                  f"- **Kind:** {s.kind}.", f"- **Language:** {s.language}.", f"- **Covers:** {s.covers}",
                  f"- **Trust:** {s.trust}"]
        if s.differs:
            lines.append(f"- **Where it differs:** {s.differs}")
    return "\n".join(lines) + "\n"
