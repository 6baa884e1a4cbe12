"""The printable rule card: the whole No Mercy deck and the rules of play on one page.

Everything on the card comes from the package, so the card cannot drift from the game:
the cards, their copies, draw values and points from the face table and the deck listing
(:mod:`nomercy.core.faces`, :mod:`nomercy.core.decks`), the pictures from
:mod:`nomercy.teaching.pictures`, and every sentence of rule from the rulebook
(:mod:`nomercy.core.rulebook`), word for word, under its title. ``docs/rule-card.html`` is
written from :func:`rule_card_html` by ``scripts/write_docs.py``; ``scripts/print_rule_card.py``
prints it to PDF (A4 and Letter) in chromium.

>>> [row.rulings for row in card_rows() if row.label == "7"]
[('seven',)]
>>> sum(sum(row.copies) for row in card_rows())
168
"""

from __future__ import annotations

import hashlib
import os
import re
from dataclasses import dataclass
from html import escape

from nomercy.core.cards import COLORS, Card, Rank
from nomercy.core.decks import DECKS
from nomercy.core.i18n import N_, words
from nomercy.core.rulebook import RULINGS, in_language, said_list
from nomercy.teaching.glossary import TERMS
from nomercy.teaching.pictures import card_svg
from nomercy.teaching.terminology import ruling_titles, term_table

__all__ = ["CardRow", "card_rows", "RULE_SECTIONS", "rule_card_html", "card_stamp", "PAPERS", "print_rule_card",
           "pdf_pages", "pdf_stamp"]

DECK = "no-mercy"

_EFFECT_RULINGS: dict[str, tuple[str, ...]] = {
    "none": (),
    "swap-hands": ("seven",),
    "pass-hands": ("zero",),
    "skip": ("skip",),
    "reverse": ("reverse", "reverse-two-players"),
    "skip-all": ("skip-all",),
    "draw": ("draw-card",),
    "reverse-draw": ("wild-reverse-four", "wild-reverse-four-two-players"),
    "roulette": ("wild-roulette",),
}
"""The rulings that say what a face's effect does (the ruling its events cite)."""

RULE_SECTIONS: tuple[tuple[str, tuple[str, ...]], ...] = (
    (N_("Setting up"), ("deal", "first-card")),
    (N_("A turn"), ("matching", "draw-until-playable", "wild-color")),
    (N_("Stacking"), ("stacking", "stack-answers")),
    (N_("Mercy"), ("mercy", "empty-draw-pile")),
    ("UNO", ("uno",)),
    (N_("Winning and scoring"), ("winning", "scoring")),
)
"""The rules the card prints, section by section, by ruling id (the texts are the rulebook's)."""


@dataclass(frozen=True)
class CardRow:
    """One tile of the card: faces that do the same thing, their copies, draws and points, and the rulings that say what."""

    label: str
    cards: tuple[Card, ...]
    copies: tuple[int, ...]
    rulings: tuple[str, ...]

    @property
    def facts(self) -> str:
        """Copies, draw values and points, card by card: ``12 cards · draw 2 · 20 points``."""
        parts = []
        for card, copies in zip(self.cards, self.copies):
            name = f"{card.face.notation}: " if len(self.cards) > 1 else ""
            draw = f" · draw {card.draw_value}" if card.draw_value else ""
            points = "face value" if card.is_number and len(self.cards) == 1 and self.label.startswith("number") \
                else f"{card.face.points} points"
            parts.append(f"{name}{copies} cards{draw} · {points}")
        return "; ".join(parts)


def _rulings_of(rank: Rank) -> tuple[str, ...]:
    face = rank.face
    if face.discards:
        return ("discard-all",)
    try:
        return _EFFECT_RULINGS[face.effect]
    except KeyError:
        raise KeyError(f"the rule card has no ruling for the effect {face.effect!r} of {face.notation}") from None


def card_rows(deck: str = DECK) -> list[CardRow]:
    """The deck's faces, one tile each; number cards with no effect share one, as do the plain draw cards."""
    listing = DECKS[deck]
    counts = {**listing.per_color, **listing.wilds}
    ranks = [rank for rank in Rank if counts.get(rank, 0)]
    colors = iter(COLORS * 8)
    rows: list[CardRow] = []

    def copies(rank: Rank) -> int:
        return counts[rank] * (1 if rank.is_wild else len(COLORS))

    def card(rank: Rank) -> Card:
        return Card(None, rank) if rank.is_wild else Card(next(colors), rank)

    plain = [r for r in ranks if r.face.is_number and not _rulings_of(r)]
    if plain:
        numbers = ", ".join(r.face.notation for r in plain)
        rows.append(CardRow(f"number cards {numbers}", (card(plain[0]),), (sum(map(copies, plain)),), ()))
    draws = [r for r in ranks if r not in plain and _rulings_of(r) == ("draw-card",)]
    for rank in ranks:
        if rank in plain or rank in draws[1:]:
            continue
        group = draws if rank in draws else [rank]
        label = " · ".join(r.face.notation for r in group)
        rows.append(CardRow(label, tuple(card(r) for r in group), tuple(map(copies, group)), _rulings_of(rank)))
    return rows


def _rule_html(text: str, lang: str = "en") -> str:
    """A ruling's text as HTML: ``code`` spans kept, everything else escaped; in another language the code said in
    words (:func:`nomercy.teaching.code_words.in_words`)."""
    from nomercy.teaching.code_words import in_words

    return in_words(re.sub(r"`([^`]+)`", r"<code>\1</code>", escape(text, quote=False)), lang, html=True)


_CSS = """
@page { size: auto; margin: 7mm; }
* { box-sizing: border-box; }
html { font-family: "DejaVu Sans", Verdana, Arial, Helvetica, sans-serif; color: #1d1d1f; }
body { margin: 0; font-size: 7pt; line-height: 1.25; }
.card { width: 196mm; margin: 0 auto; }
header { display: flex; align-items: flex-end; justify-content: space-between; gap: 6mm;
         border-bottom: 2px solid #c62828; padding-bottom: 1.2mm; margin-bottom: 2mm; }
h1 { font-size: 14pt; margin: 0; white-space: nowrap; }
h1 span { color: #c62828; }
.sub { font-size: 7pt; color: #555; text-align: right; }
h2 { font-size: 8.4pt; margin: 0 0 1mm; color: #c62828; text-transform: uppercase; letter-spacing: 0.6pt; }
.tiles { columns: 2; column-gap: 5mm; }
.tile { break-inside: avoid; display: flex; gap: 2mm; padding: 0.8mm 0; border-bottom: 1px solid #e2e2e2; }
.pics { flex: none; width: 12mm; display: flex; flex-wrap: wrap; gap: 0.6mm; align-content: flex-start; }
.pics svg { display: block; }
.tile .name { font-weight: bold; font-size: 8pt; }
.facts { color: #555; font-size: 6.8pt; margin-bottom: 0.4mm; }
.rule { margin: 0 0 0.6mm; }
.rule b { color: #333; }
.id { color: #8a8a8a; font-size: 6.4pt; }
.rules { columns: 3; column-gap: 5mm; margin-top: 1.6mm; border-top: 1px solid #bbb; padding-top: 1.4mm; }
.rules section { margin-bottom: 1.6mm; }
.rules .rule { break-inside: avoid-column; }
.rules h2 { break-after: avoid-column; }
code { font-family: "DejaVu Sans Mono", monospace; font-size: 6.5pt; background: #f1f1f1; padding: 0 0.3mm; }
footer { margin-top: 1mm; border-top: 1px solid #bbb; padding-top: 0.8mm; font-size: 6.4pt; color: #666; }
@media screen { body { background: #e9e9e9; } .card { background: #fff; padding: 7mm; margin: 6mm auto;
                box-shadow: 0 1px 5px #0003; width: 210mm; } }
"""


def _rule_block(ruling_id: str, lang: str = "en") -> str:
    if lang == "en":
        ruling = RULINGS[ruling_id]
        title = f"{ruling.title}."
    else:  # the title's full stop as the language writes it (。), none after one it ends with ("UNO !")
        ruling = in_language(RULINGS[ruling_id], lang, ruling_titles(lang)[ruling_id])
        title = ruling.title if ruling.title[-1] in "!?！？" else words(lang).gettext(_TITLE_STOP, title=ruling.title)
    return f'<p class="rule"><b>{escape(title)}</b> {_rule_html(ruling.text, lang)} {_mark(ruling.id, lang)}</p>'


def _mark(ruling_id: str, lang: str) -> str:
    """Where a rule of the card is in the rulebook: the rule is named by its title alone (the rulebook's heading, in
    every language: a card player reads no ids), and the site's page links it there from this empty mark
    (scripts/site_pages.py)."""
    return f'<span class="id" data-ruling="{escape(ruling_id)}"></span>'


def _term(lang: str, section: str, key: str) -> str:
    """The term tables' word for an id in ``lang`` (:mod:`nomercy.teaching.terminology`)."""
    return term_table(lang).entry(section, key).term


def _label(row: CardRow, lang: str) -> str:
    """A tile's name in ``lang``: the term tables' names of its faces (the numbers as they are)."""
    if lang == "en":
        return row.label
    if not row.rulings and row.label.startswith("number cards "):
        numbers = row.label.removeprefix("number cards ").split(", ")
        listed = numbers[0]
        for number in numbers[1:]:  # the language's comma (、 in Chinese)
            listed = words(lang).gettext(_LIST_ITEM, items=listed, item=number)
        return words(lang).gettext(N_("number cards {numbers}"), numbers=listed)
    return " · ".join(_term(lang, "faces", card.face.name) for card in row.cards)


def _facts(row: CardRow, lang: str) -> str:
    """A tile's copies, draws and points in ``lang`` (:attr:`CardRow.facts` in English)."""
    if lang == "en":
        return row.facts
    said = words(lang)
    parts = []
    for card, copies in zip(row.cards, row.copies):
        draw = " · " + said.gettext(N_("draw {count}"), count=card.draw_value) if card.draw_value else ""
        points = said.gettext(N_("face value")) if card.is_number and not row.rulings \
            else said.ngettext("{count} point", "{count} points", card.face.points)
        facts = f"{said.ngettext('{count} card', '{count} cards', copies)}{draw} · {points}"
        parts.append(said.gettext(N_("{card}: {facts}"), card=_term(lang, "faces", card.face.name), facts=facts)
                     if len(row.cards) > 1 else facts)
    return said_list(parts, lang)


def _picture(card: Card, lang: str) -> str:
    """A card's picture in ``lang``: its marks and color words, and its name for a screen reader and a pointer's
    tooltip (its ``aria-label`` and ``<title>``), the language's (:func:`~nomercy.teaching.card_pictures.card_svg`)."""
    return card_svg(card, width=21, lang=lang)


def _tile(row: CardRow, lang: str = "en") -> str:
    pictures = "".join(_picture(c, lang) for c in row.cards)
    if row.rulings:
        what = "".join(_rule_block(r, lang) for r in row.rulings)
    else:
        say = words(lang).gettext
        then = say(_THEN, sentence=say(_NOTHING_ELSE), next=say(TERMS["match"].meaning))  # no space between in Chinese
        what = f'<p class="rule">{escape(then)} {_mark("matching", lang)}</p>'
    return (f'<div class="tile"><div class="pics">{pictures}</div><div><div class="name">{escape(_label(row, lang))}'
            f'</div><div class="facts">{escape(_facts(row, lang))}</div>{what}</div></div>')


_NOTHING_ELSE = N_("They do nothing else.")
_THEN = N_("{sentence} {next}")  # two sentences one after the other (no space between them in Chinese)
_TITLE_STOP = N_("{title}.")
_LIST_ITEM = N_("{items}, {item}")  # a list's middle, one item at a time  # a rule's title, as the card sets it before its text
_TITLE = N_("rule card")
_SUB_SAID = N_("The printed No Mercy rules as this site plays them, in the rulebook’s own words. Each rule’s name in "
               "bold is its heading in the rulebook, with its sources and the other readings.")
"""The card's line under its title: its rules are named by their titles (the rulebook's headings), never by ids."""
_DECK = N_("The deck: {count} cards")
_FOOTER = N_("Made from the game's own list of cards and its rulebook; the rulebook also holds the rule options that "
             "other sources and classic UNO play by. An unofficial teaching aid, not made by Mattel.")


def _body(lang: str = "en") -> str:
    deck = DECKS[DECK]
    say = words(lang).gettext
    lines = [
        '<div class="card">',
        "<header>",
        f"<h1>UNO Show ’em No Mercy <span>{escape(say(_TITLE))}</span></h1>",
        f'<div class="sub">{escape(say(_SUB_SAID), quote=False)}</div>',
        "</header>",
        f"<h2>{escape(say(_DECK, count=deck.size))}</h2>",
        '<div class="tiles">',
        *(_tile(row, lang) for row in card_rows()),
        "</div>",
        '<div class="rules">',
    ]
    for title, ids in RULE_SECTIONS:
        lines.append(f"<section><h2>{escape(say(title))}</h2>{''.join(_rule_block(r, lang) for r in ids)}</section>")
    lines.append("</div>")
    lines.append(f"<footer>{escape(say(_FOOTER))}</footer>")
    lines.append("</div>")
    return "\n".join(lines)


def card_stamp(body: str | None = None) -> str:
    """A short fingerprint of the card's content: it names the card in its title, so a PDF printed from an
    older card can be told from one printed from this one."""
    return hashlib.sha256((body if body is not None else _body()).encode("utf-8")).hexdigest()[:12]


_CSS_OF: dict[str, str] = {
    "sv": "body { line-height: 1.2; }\n",
    "fr": "body { font-size: 6.5pt; line-height: 1.18; } .facts { font-size: 6.3pt; } .rules { column-gap: 4mm; }\n",
    "zh-Hant": 'html { font-family: "Noto Sans CJK TC", "Noto Sans TC", "DejaVu Sans", sans-serif; }\n'
               "body { line-height: 1.3; }\n",
}
"""What a language adds to the card's style, to keep it on one page: Swedish and French say the same in more
words (French about a tenth more than fits at the English size), Chinese is set in a font with its characters
(fonts-noto-cjk)."""


def rule_card_html(lang: str = "en") -> str:
    """``docs/rule-card.html``: the deck and the rules of play, laid out to print on one A4 or Letter page.

    In another language ``lang`` every sentence is the catalogs' and every card and ruling name the term
    tables' (the rule card of the site's Rules pages in that language)."""
    body = _body(lang)
    style = _CSS + _CSS_OF.get(lang, "")
    return (f"<!DOCTYPE html>\n<html lang=\"{lang}\">\n<head>\n<meta charset=\"utf-8\">\n"
            "<!-- Written by scripts/write_docs.py from nomercy/teaching/rule_card.py; do not edit by hand. -->\n"
            f"<title>{_tab_title(body, lang)}</title>\n<style>{style}</style>\n</head>\n<body>\n"
            f"{body}\n</body>\n</html>\n")


def _tab_title(body: str, lang: str) -> str:
    """The card's title: in English its name and fingerprint (a PDF printed from it names its card); in another
    language the card's name as its page heads it (a reader's browser tab), the fingerprint kept for the PDF's sake
    only in English, the card that is printed."""
    if lang == "en":
        return f"No Mercy rule card {card_stamp(body)}"
    return escape(f"UNO Show ’em No Mercy · {words(lang).gettext(_TITLE)}")


PAPERS = {"a4": "A4", "letter": "Letter"}
"""The papers the card is printed for (file suffix: Playwright's paper format)."""

CHROMIUM = os.environ.get("NOMERCY_CHROMIUM", "/usr/bin/chromium")
_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
          "--disable-component-update", "--disable-sync"]


def print_rule_card(papers: tuple[str, ...] = tuple(PAPERS), html: str | None = None) -> dict[str, bytes]:
    """The card printed to PDF by chromium (Playwright, Debian's ``/usr/bin/chromium``), one PDF per paper.

    Needs the test extra (playwright) and chromium; ``NOMERCY_CHROMIUM`` names another chromium.
    """
    from playwright.sync_api import sync_playwright

    pdfs = {}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=_FLAGS, headless=True)
        try:
            page = browser.new_page()
            page.set_content(html if html is not None else rule_card_html(), wait_until="load")
            for paper in papers:
                pdfs[paper] = page.pdf(format=PAPERS[paper], print_background=True)
        finally:
            browser.close()
    return pdfs


def _pdf(pdf: object) -> None:
    """A PDF is read as its bytes (``path.read_bytes()``), never as text or a file name."""
    from nomercy.core.errors import NomercyError, quote

    if not isinstance(pdf, (bytes, bytearray)):
        raise NomercyError(f"this reads a PDF's bytes, like Path('card.pdf').read_bytes(); not {quote(pdf)}")


def pdf_pages(pdf: bytes) -> int:
    """How many pages a PDF printed by chromium holds (its page objects, counted)."""
    _pdf(pdf)
    return len(re.findall(rb"/Type\s*/Page(?![a-zA-Z])", pdf))


def pdf_stamp(pdf: bytes) -> str | None:
    """The stamp in the title of a PDF printed from the card (``None`` if it has none)."""
    _pdf(pdf)
    found = re.search(rb"/Title \(No Mercy rule card ([0-9a-f]{12})\)", pdf)
    return found.group(1).decode() if found else None
