"""A hand as a row of card pictures (the playable ones raised), and a deck's contents as a table.

>>> Hand("r7, wild +6")
Hand('red 7, wild +6')
"""

from __future__ import annotations

import typing
from html import escape
from typing import Any, Iterable, Sequence

from nomercy.core import inputs
from nomercy.core.cards import Card, Color, parse_cards
from nomercy.core.errors import NomercyError, quote
from nomercy.core.i18n import N_, SOURCE, language, words
from nomercy.core.said import n_
from nomercy.core.moves import Move
from nomercy.core.wording import plural
from nomercy.teaching.card_pictures import FONT, card_img, picture_width

__all__ = ["hand_html", "Hand", "deck_table_html", "in_parentheses"]


# --- hands ---------------------------------------------------------------------------


def in_parentheses(what: str, lang: str) -> tuple[str, str]:
    """``what`` in parentheses after a word, as ``lang`` writes it (" (7 cards)"; Chinese "（7 張牌）", full-width, with
    no space before): the space before them and the parentheses, which a picture colours apart.

    >>> in_parentheses("7 cards", "en"), in_parentheses("7 張牌", "zh-Hant")
    ((' ', '(7 cards)'), ('', '（7 張牌）'))
    """
    said = words(lang).gettext(N_(" ({what})"), what=what)
    inside = said.lstrip()
    return said[:len(said) - len(inside)], inside

def _cards(cards: Any) -> tuple[Card, ...]:
    """Cards given as notation (``"r7, wild +6"``) or as a list of cards and their notation."""
    if isinstance(cards, str):
        return parse_cards(cards)
    return tuple(c if isinstance(c, Card) else Card.parse(c) for c in inputs.items(cards, "the cards", most=1000))


def _playable_set(cards: Sequence[Card], playable: Iterable[Any]) -> set[int]:
    """Indices of ``cards`` marked playable.

    ``playable`` may hold cards, card notation, indices into ``cards``, or moves with
    a ``card`` (so ``state.legal_moves`` can be passed as it is).
    """
    marked: set[int] = set()
    wanted: set[Card] = set()
    for item in inputs.items(playable, "the playable cards"):
        if isinstance(item, int) and not isinstance(item, bool):
            marked.add(inputs.index(item, "the place of a playable card in the hand", len(cards)))
        elif isinstance(item, Card):
            wanted.add(item)
        elif isinstance(item, str):
            wanted.add(Card.parse(item))
        elif isinstance(getattr(item, "card", None), Card):
            wanted.add(item.card)
        elif not isinstance(item, typing.get_args(Move)):  # a move that plays no card (a draw) marks nothing
            raise NomercyError("the playable cards are cards, their notation, places in the hand or moves; "
                               f"not {quote(item)}")
    marked.update(i for i, c in enumerate(cards) if c in wanted)
    return marked


def hand_html(
    cards: Iterable[Card | str] | str,
    *,
    playable: Iterable[Any] = (),
    width: float = 48,
    label: str | None = None,
    inline: bool = False,
    lang: str = SOURCE,
) -> str:
    """A row of cards that wraps, the playable ones marked and raised a little (``lang``: the cards and the count
    in that language).

    >>> html = hand_html("r7, w+6", playable=["r7"], label="Ann")
    >>> html.count("<img"), "Ann" in html, "red 7 (playable)" in html
    (2, True, True)
    """
    hand = _cards(cards)
    width = picture_width(width)
    lang = language(lang)
    marked = _playable_set(hand, playable)
    items = []
    for i, card in enumerate(hand):
        lift = "margin:0 3px 3px 0;position:relative;top:-6px" if i in marked else "margin:0 3px 3px 0"
        items.append(f'<span data-index="{i}" style="display:inline-block;{lift}">'
                     f"{card_img(card, width=width, inline=inline, playable=i in marked, lang=lang)}</span>")
    head = ""
    if label is not None:
        count = (plural(len(hand), "card") if lang == SOURCE else
                 words(lang).ngettext(*n_("{count} card", "{count} cards"), len(hand)))
        gap, counted = in_parentheses(count, lang)
        head = (f'<div style="font-weight:bold;margin:0 0 8px 0">{escape(label)}{gap}'
                f'<span style="font-weight:normal;color:#666">{counted}</span></div>')
    empty = (f'<span style="color:#666;font-style:italic">{escape(words(lang).gettext(N_("no cards")))}</span>'
             if not hand else "")
    return (f'<div class="nomercy-hand" style="font-family:{FONT};font-size:13px;line-height:1.3">'
            f'{head}<div style="padding-top:6px">{"".join(items)}{empty}</div></div>')


class Hand(tuple):
    """A tuple of cards that shows itself as pictures in a notebook.

    >>> hand = Hand("r7, wild +6")
    >>> hand
    Hand('red 7, wild +6')
    >>> hand == (Card.parse("red 7"), Card.parse("wild +6"))
    True
    """

    playable: frozenset[Card]  # the cards marked as playable in the picture

    def __new__(cls, cards: Iterable[Card | str] | str = (), playable: Iterable[Any] = ()) -> "Hand":
        parsed = _cards(cards)
        self = super().__new__(cls, parsed)
        self.playable = frozenset(parsed[i] for i in _playable_set(parsed, playable))
        return self

    def __repr__(self) -> str:
        return f"Hand({', '.join(map(str, self))!r})"

    def _repr_html_(self) -> str:
        return hand_html(self, playable=self.playable)


# --- decks ---------------------------------------------------------------------------

def deck_table_html(deck_name: str, *, width: float = 36) -> str:
    """What a deck holds: every face with its copies per color and in total.

    >>> "168" in deck_table_html("no-mercy")
    True
    """
    from nomercy.core.decks import DECKS, build_deck

    build_deck(deck_name)  # refuses unknown names with the list of valid ones
    width = picture_width(width)
    deck = DECKS[deck_name]
    cell = "padding:3px 8px;border-bottom:1px solid #e3e3e3;text-align:left;vertical-align:middle"
    rows = []
    for rank, copies in deck.per_color.items():
        if not copies:
            continue
        pictures = "".join(card_img(Card(color, rank), width=width) + " " for color in Color)
        rows.append(f'<tr><td style="{cell}">{pictures}</td><td style="{cell}">{escape(rank.value)}</td>'
                    f'<td style="{cell}">{copies} in each color</td><td style="{cell}">{copies * 4}</td></tr>')
    for rank, copies in deck.wilds.items():
        if not copies:
            continue
        rows.append(f'<tr><td style="{cell}">{card_img(Card(None, rank), width=width)}</td>'
                    f'<td style="{cell}">{escape(rank.value)}</td><td style="{cell}">wild</td>'
                    f'<td style="{cell}">{copies}</td></tr>')
    head = "".join(f'<th style="{cell}">{h}</th>' for h in ("card", "face", "copies", "total"))
    return (f'<div class="nomercy-deck" style="font-family:{FONT};font-size:13px">'
            f'<table style="border-collapse:collapse"><caption style="text-align:left;font-weight:bold;padding:4px 0">'
            f"the {escape(deck_name)} deck: {deck.size} cards</caption>"
            f'<thead><tr>{head}</tr></thead><tbody>{"".join(rows)}</tbody>'
            f'<tfoot><tr><td style="{cell}" colspan="3"><b>all cards</b></td><td style="{cell}"><b>{deck.size}</b></td>'
            f"</tr></tfoot></table></div>")
