"""Pictures of cards, hands and tables, as plain SVG and HTML strings.

This is the one card renderer of the project: notebooks use it for static reprs
(GitHub, nbviewer and exported HTML show them without a kernel) and the widgets
send its SVG strings to the browser. Everything here is a pure function of its
arguments: no JavaScript, no fonts or files from elsewhere, no random ids, so the
same card always gives the same string and notebooks diff cleanly.

Every card can be read without seeing color: a colored card carries its color's
letter in a corner and its name along the bottom, and a wild names the color
chosen for it. Each face has its own symbol, so a skip-all never looks like a skip.

>>> svg = card_svg(Card.parse("r7"))
>>> 'data-card="red 7"' in svg and ">RED<" in svg
True
>>> card_svg(Card.parse("r7")) == svg
True
>>> ">BLUE<" in card_svg(Card.parse("wild +6"), named_color=Color.BLUE)
True

In a notebook, ``import nomercy`` registers these pictures with IPython's display
(:func:`register_pictures`), so a card shows as its picture and a position as its table
while the core package stays free of drawing code.

HTML views embed each card as an ``<img>`` holding the SVG as a data URI, because
GitHub's notebook viewer drops inline ``<svg>`` and ``style``; the ``alt`` text
keeps the card's name. Pass ``inline=True`` for raw ``<svg>`` (what widgets want).
"""

from __future__ import annotations

import base64
import functools
import math
import typing
from html import escape
from typing import TYPE_CHECKING, Any, Callable, Iterable, Sequence

from nomercy.core import inputs
from nomercy.core.cards import Card, Color, parse_cards
from nomercy.core.moves import Move
from nomercy.core.errors import NomercyError, quote
from nomercy.core.engine import legal_moves
from nomercy.core.wording import says, verb

if TYPE_CHECKING:  # pragma: no cover
    from nomercy.core.state import GameState, PlayerView

__all__ = [
    "register_pictures",
    "card_svg",
    "card_back_svg",
    "card_img",
    "hand_html",
    "deck_table_html",
    "state_html",
    "Hand",
    "COLOR_FILL",
]

# --- palette -------------------------------------------------------------------
# Fills are close to the printed cards; the letter and the name carry the color for
# anyone who cannot tell the fills apart. ``_INK`` is the text color that reads on
# each fill (dark on yellow, white elsewhere).
COLOR_FILL: dict[Color | None, str] = {
    Color.RED: "#d7262b",
    Color.YELLOW: "#f4c20d",
    Color.GREEN: "#2e9d48",
    Color.BLUE: "#1f63c6",
    None: "#1d1d1f",
}
_INK: dict[Color | None, str] = {
    Color.RED: "#ffffff",
    Color.YELLOW: "#1d1d1f",
    Color.GREEN: "#ffffff",
    Color.BLUE: "#ffffff",
    None: "#ffffff",
}
_OUTLINE = "#1d1d1f"
_PLAYABLE = "#ff8a00"
_SELECTED = "#6b2fd6"
_FONT = "DejaVu Sans,Verdana,Arial,Helvetica,sans-serif"
_QUADRANTS = (Color.RED, Color.BLUE, Color.YELLOW, Color.GREEN)  # clockwise from the top right

# Card geometry, in viewBox units (the card is 60 wide and 90 tall at any size).
_W, _H = 60, 90
_CX, _CY = 30.0, 42.0          # centre of the oval
_RX, _RY, _TILT = 19.0, 28.0, 30.0


def _num(x: float) -> str:
    """A number for an attribute: at most two decimals, no trailing zeros (deterministic)."""
    text = f"{x:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _attrs(**attrs: Any) -> str:
    parts = []
    for key, value in attrs.items():
        if value is None:
            continue
        name = key.rstrip("_").replace("_", "-")
        if isinstance(value, float):
            value = _num(value)
        parts.append(f'{name}="{escape(str(value), quote=True)}"')
    return " ".join(parts)


def _text(x: float, y: float, content: str, size: float, fill: str, *, stroke: str | None = None,
          stroke_width: float = 0.0, spacing: float | None = None, max_width: float | None = None) -> str:
    """Centred text whose baseline sits so the caps are centred on ``y``.

    ``max_width`` squeezes long words (textLength) instead of letting them spill over
    the card's edge; the width estimate is rough but only ever shrinks text.
    """
    estimate = len(content) * size * 0.68 + (spacing or 0) * len(content)
    fit = max_width is not None and estimate > max_width
    return (
        f"<text {_attrs(x=float(x), y=float(y + size * 0.36), font_size=float(size), fill=fill, text_anchor='middle', letter_spacing=spacing, stroke=stroke, stroke_width=float(stroke_width) if stroke else None, paint_order='stroke' if stroke else None, stroke_linejoin='round' if stroke else None, textLength=max_width if fit else None, lengthAdjust='spacingAndGlyphs' if fit else None)}>"
        f"{escape(content)}</text>"
    )


def _oval_point(t: float, rx: float = _RX, ry: float = _RY) -> tuple[float, float]:
    """The point at parameter angle ``t`` (degrees) on the card's tilted oval."""
    a, tilt = math.radians(t), math.radians(_TILT)
    x, y = rx * math.cos(a), ry * math.sin(a)
    return (_CX + x * math.cos(tilt) - y * math.sin(tilt), _CY + x * math.sin(tilt) + y * math.cos(tilt))


def _oval(fill: str) -> str:
    return (f'<ellipse {_attrs(cx=_CX, cy=_CY, rx=_RX, ry=_RY, fill=fill, stroke=_OUTLINE, stroke_width=0.8)} '
            f'transform="rotate({_num(_TILT)} {_num(_CX)} {_num(_CY)})"/>')


def _four_color_oval() -> str:
    """The wild's oval, split into the four colors (drawn as paths: no clip ids needed)."""
    parts = []
    for i, color in enumerate(_QUADRANTS):
        x0, y0 = _oval_point(-90 + 90 * i)
        x1, y1 = _oval_point(90 * i)
        parts.append(
            f'<path d="M{_num(_CX)} {_num(_CY)}L{_num(x0)} {_num(y0)}A{_num(_RX)} {_num(_RY)} {_num(_TILT)} 0 1 '
            f'{_num(x1)} {_num(y1)}Z" fill="{COLOR_FILL[color]}"/>'
        )
    outline = (f'<ellipse {_attrs(cx=_CX, cy=_CY, rx=_RX, ry=_RY, fill="none", stroke="#ffffff", stroke_width=1.2)} '
               f'transform="rotate({_num(_TILT)} {_num(_CX)} {_num(_CY)})"/>')
    return "".join(parts) + outline


# --- face symbols ----------------------------------------------------------------
# Each draws around (0, 0) in the oval's frame; ``fill`` is the card's color (or white
# on a wild). Everything is outlined in near-black, so even yellow on white reads.

def _big(label: str, fill: str, size: float = 25.0, y: float = 0.0) -> str:
    return _text(0, y, label, size, fill, stroke=_OUTLINE, stroke_width=2.4 if size > 20 else 1.8)


def _no_entry(fill: str, r: float = 10.5, y: float = 0.0) -> str:
    """The skip sign: a ring with a bar across it."""
    d = r * 0.7071
    ring = f'<circle {_attrs(cx=0.0, cy=float(y), r=float(r), fill="none")} stroke="{{c}}" stroke-width="{{w}}"/>'
    bar = f'<line {_attrs(x1=-d, y1=y + d, x2=d, y2=y - d)} stroke="{{c}}" stroke-width="{{w}}"/>'
    under = (ring + bar).replace("{c}", _OUTLINE).replace("{w}", "6.4")
    over = (ring + bar).replace("{c}", fill).replace("{w}", "4")
    return f'<g stroke-linecap="round">{under}{over}</g>'


_ARROW = "-8.5,-2.9 1,-2.9 1,-7 9.5,0 1,7 1,2.9 -8.5,2.9"


def _reverse_arrows(fill: str, scale: float = 1.0, y: float = 0.0) -> str:
    """Two arrows pointing opposite ways along the oval's diagonal."""
    arrow = f'<polygon points="{_ARROW}" fill="{fill}" stroke="{_OUTLINE}" stroke-width="1.1" stroke-linejoin="round"/>'
    return (
        f'<g transform="translate(0 {_num(y)}) scale({_num(scale)})">'
        f'<g transform="rotate(-45) translate(0.5 -5.6)">{arrow}</g>'
        f'<g transform="rotate(135) translate(0.5 -5.6)">{arrow}</g></g>'
    )


def _fanned_cards(fill: str) -> str:
    """Three cards fanned out: the discard-all."""
    card = f'<rect x="-5" y="-15" width="10" height="15" rx="1.6" fill="{fill}" stroke="{_OUTLINE}" stroke-width="1.1"/>'
    return "".join(f'<g transform="translate(0 2) rotate({a})">{card}</g>' for a in (-28, 0, 28))


def _wheel() -> str:
    """The roulette wheel: eight slices in the four colors, with a pointer on top."""
    r = 12.5
    parts = []
    for i in range(8):
        a0, a1 = math.radians(-90 + 45 * i), math.radians(-45 + 45 * i)
        x0, y0, x1, y1 = r * math.cos(a0), r * math.sin(a0), r * math.cos(a1), r * math.sin(a1)
        parts.append(f'<path d="M0 0L{_num(x0)} {_num(y0)}A{_num(r)} {_num(r)} 0 0 1 {_num(x1)} {_num(y1)}Z" '
                     f'fill="{COLOR_FILL[_QUADRANTS[i % 4]]}"/>')
    parts.append(f'<circle cx="0" cy="0" r="{_num(r)}" fill="none" stroke="#ffffff" stroke-width="1.6"/>')
    parts.append('<circle cx="0" cy="0" r="3.2" fill="#ffffff" stroke="#1d1d1f" stroke-width="0.8"/>')
    parts.append(f'<polygon points="-3.6,{_num(-r - 5)} 3.6,{_num(-r - 5)} 0,{_num(-r + 2.5)}" '
                 f'fill="#ffffff" stroke="{_OUTLINE}" stroke-width="1" stroke-linejoin="round"/>')
    return "".join(parts)


def _number(fill: str, label: str) -> str:
    mark = _big(label, fill, 34)
    if label in ("6", "9"):  # the underline that tells 6 from 9 upside down
        mark += f'<rect x="-7" y="15" width="14" height="3" rx="1" fill="{fill}" stroke="{_OUTLINE}" stroke-width="0.9"/>'
    return mark


def _label(fill: str, label: str) -> str:
    return _big(label, fill, 19 if len(label) > 2 else 25)


# The symbols a face's picture names (``Face.picture.symbol``, see nomercy.core.faces):
# symbol(fill, label) draws around (0, 0); ``fill`` is the card's color, white on a wild.
_SYMBOLS: dict[str, Callable[[str, str], str]] = {
    "number": _number,
    "label": _label,
    "skip": lambda fill, label: _no_entry(fill),
    "reverse": lambda fill, label: _reverse_arrows(fill),
    "skip-all": lambda fill, label: _no_entry(fill, r=8.2, y=-5) + _big(label, fill, 10, y=11.5),
    "discard-all": lambda fill, label: (f'<g transform="translate(0 -3)">{_fanned_cards(fill)}</g>'
                                        + _big(label, fill, 10, y=11.5)),
    "reverse-label": lambda fill, label: _reverse_arrows(fill, scale=0.62, y=-9) + _big(label, fill, 19, y=8),
    "wheel": lambda fill, label: _wheel(),
    "blank": lambda fill, label: "",
}


def _face(card: Card) -> str:
    """What sits in the middle of the card: the symbol its face's picture names."""
    picture = card.rank.face.picture
    draw = _SYMBOLS.get(picture.symbol)
    if draw is None:
        raise ValueError(f"no picture for {card}: the symbol {picture.symbol!r} is not one of {', '.join(_SYMBOLS)}")
    return draw(COLOR_FILL[card.color] if card.color is not None else "#ffffff", picture.label)


# --- cards ---------------------------------------------------------------------------

def _svg_open(width: float, label: str, data_card: str, extra: str = "") -> str:
    height = width * _H / _W
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {_W} {_H}" '
        f'width="{_num(width)}" height="{_num(height)}" role="img" aria-label="{escape(label)}" '
        f'class="nomercy-card" data-card="{escape(data_card)}"{extra} '
        f'font-family="{_FONT}" font-weight="bold">'
        f"<title>{escape(label)}</title>"
    )


def _corner_letter(letter: str, ring: str) -> str:
    return (f'<circle cx="12" cy="12" r="9" fill="#ffffff" stroke="{ring}" stroke-width="1.8"/>'
            + _text(12, 12, letter, 13, "#1d1d1f"))


def _highlight(playable: bool, selected: bool) -> str:
    """Marks drawn inside the card, so they survive in an ``<img>`` without any CSS."""
    parts = []
    if selected:
        parts.append(f'<rect x="1.6" y="1.6" width="56.8" height="86.8" rx="5.5" fill="none" '
                     f'stroke="{_SELECTED}" stroke-width="3.2"/>')
    elif playable:
        parts.append(f'<rect x="1.4" y="1.4" width="57.2" height="87.2" rx="5.6" fill="none" '
                     f'stroke="{_PLAYABLE}" stroke-width="2.8"/>')
    if playable:
        parts.append(f'<circle cx="49.5" cy="10.5" r="7" fill="{_PLAYABLE}" stroke="#ffffff" stroke-width="1.4"/>'
                     '<path d="M45.8 10.6l2.6 2.7 4.9-5.3" fill="none" stroke="#ffffff" stroke-width="2.2" '
                     'stroke-linecap="round" stroke-linejoin="round"/>')
    return "".join(parts)


def card_svg(
    card: Card | str,
    *,
    named_color: Color | str | None = None,
    width: float = 60,
    playable: bool = False,
    selected: bool = False,
    face_down: bool = False,
) -> str:
    """One card as a standalone ``<svg>`` string, ``width`` pixels wide (height 1.5x).

    ``named_color`` is the color in force on a wild (ignored on a colored card): the
    wild keeps its four-color face and gains a band with that color's name.
    ``playable`` adds an orange frame and a check mark, ``selected`` a purple frame.
    ``face_down`` shows the back and gives nothing of the card away.

    >>> s = card_svg("wild roulette", named_color="g")
    >>> '<title>wild roulette, green named</title>' in s, '>GREEN<' in s
    (True, True)
    """
    width = picture_width(width)
    if face_down:
        return card_back_svg(width)
    if isinstance(card, str):
        card = Card.parse(card)
    named = Color.parse(named_color) if isinstance(named_color, str) else named_color
    if card.color is not None:
        named = None
    return _card_svg(card, named, float(width), bool(playable), bool(selected))


@functools.lru_cache(maxsize=4096)
def _card_svg(card: Card, named: Color | None, width: float, playable: bool, selected: bool) -> str:
    """The drawing itself, cached: a table redraws the same few dozen cards all game."""
    label = str(card) if named is None else f"{card}, {named} named"
    extra = ""
    if named is not None:
        extra += f' data-color="{named.value}"'
    if playable:
        extra += ' data-playable="true"'
    if selected:
        extra += ' data-selected="true"'
    parts = [_svg_open(width, label, str(card), extra)]
    parts.append('<rect x="0.5" y="0.5" width="59" height="89" rx="6" fill="#ffffff" stroke="#8c8c8c" stroke-width="1"/>')
    parts.append(f'<rect x="3.5" y="3.5" width="53" height="83" rx="4" fill="{COLOR_FILL[card.color]}"/>')
    if card.color is not None:
        parts.append(_oval("#ffffff"))
        parts.append(f'<g transform="translate({_num(_CX)} {_num(_CY)})">{_face(card)}</g>')
        parts.append(_corner_letter(card.color.letter.upper(), _OUTLINE))
        parts.append(_text(30, 78.5, card.color.value.upper(), 9.5, _INK[card.color], spacing=0.6, max_width=48))
    else:
        if card.rank.face.picture.symbol == "wheel":  # the wheel sits on a dark oval
            parts.append(_oval("#3a3a3d"))
        else:
            parts.append(_four_color_oval())
        parts.append(f'<g transform="translate({_num(_CX)} {_num(_CY)})">{_face(card)}</g>')
        if named is None:
            parts.append(_corner_letter("W", _OUTLINE))
            parts.append(_text(30, 78.5, "WILD", 9.5, "#ffffff", spacing=0.6, max_width=48))
        else:
            fill = COLOR_FILL[named]
            parts.append(f'<rect x="3.5" y="3.5" width="53" height="83" rx="4" fill="none" stroke="{fill}" stroke-width="3"/>')
            parts.append(f'<rect x="5" y="71" width="50" height="15" rx="3" fill="{fill}" stroke="#ffffff" stroke-width="1"/>')
            parts.append(_text(30, 78.5, named.value.upper(), 9.5, _INK[named], spacing=0.6, max_width=46))
            parts.append(_corner_letter(named.letter.upper(), fill))
    parts.append(_highlight(playable, selected))
    parts.append("</svg>")
    return "".join(parts)


@functools.lru_cache(maxsize=64)
def card_back_svg(width: float = 60, deck: str = "no-mercy") -> str:
    """The back of a card (face-down piles, other players' hands): NO MERCY, or UNO for the classic deck."""
    if deck == "classic":
        words = [_text(_CX, _CY + 1, "UNO", 15, "#f4c20d", stroke=_OUTLINE, stroke_width=2, max_width=40)]
    else:
        words = [_text(_CX, _CY - 5, "NO", 11, "#f4c20d", stroke=_OUTLINE, stroke_width=2),
                 _text(_CX, _CY + 7, "MERCY", 11, "#f4c20d", stroke=_OUTLINE, stroke_width=2, max_width=40)]
    return "".join([
        _svg_open(width, "face-down card", "face-down"),
        '<rect x="0.5" y="0.5" width="59" height="89" rx="6" fill="#ffffff" stroke="#8c8c8c" stroke-width="1"/>',
        f'<rect x="3.5" y="3.5" width="53" height="83" rx="4" fill="{COLOR_FILL[None]}"/>',
        _oval(COLOR_FILL[Color.RED]),
        f'<g transform="rotate(-60 {_num(_CX)} {_num(_CY)})">',
        *words,
        "</g></svg>",
    ])


@functools.lru_cache(maxsize=4096)
def _data_uri(svg: str) -> str:
    return "data:image/svg+xml;base64," + base64.b64encode(svg.encode("utf-8")).decode("ascii")


def card_img(card: Card | str | None, *, width: float = 48, inline: bool = False, **options: Any) -> str:
    """A card for HTML: an ``<img>`` with the SVG as a data URI (or the raw ``<svg>``).

    ``None`` gives a card back. Other keywords go to :func:`card_svg`.
    """
    width = picture_width(width)
    if card is None:
        svg, label = card_back_svg(width), "face-down card"
    else:
        card = Card.parse(card) if isinstance(card, str) else card
        svg = card_svg(card, width=width, **options)
        label = "face-down card" if options.get("face_down") else str(card)
        named = options.get("named_color")
        if named is not None and card.is_wild and not options.get("face_down"):
            label += f", {Color.parse(named) if isinstance(named, str) else named} named"
        if options.get("playable") and not options.get("face_down"):
            label += " (playable)"
    if inline:
        return svg
    return (f'<img src="{_data_uri(svg)}" width="{_num(width)}" height="{_num(width * _H / _W)}" '
            f'alt="{escape(label)}" title="{escape(label)}" style="vertical-align:bottom">')


# --- hands ---------------------------------------------------------------------------

def picture_width(value: Any) -> float:
    """The width of a card in a picture, in pixels (4 to 400): a number, never text or NaN; as given (48 stays 48, so
    the pictures' markup does not change)."""
    inputs.number(value, "the width of a card", 4, 400)
    return value


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
) -> str:
    """A row of cards that wraps, the playable ones marked and raised a little.

    >>> html = hand_html("r7, w+6", playable=["r7"], label="Ann")
    >>> html.count("<img"), "Ann" in html, "red 7 (playable)" in html
    (2, True, True)
    """
    hand = _cards(cards)
    width = picture_width(width)
    marked = _playable_set(hand, playable)
    items = []
    for i, card in enumerate(hand):
        lift = "margin:0 3px 3px 0;position:relative;top:-6px" if i in marked else "margin:0 3px 3px 0"
        items.append(f'<span data-index="{i}" style="display:inline-block;{lift}">'
                     f"{card_img(card, width=width, inline=inline, playable=i in marked)}</span>")
    head = ""
    if label is not None:
        count = f"{len(hand)} card{'s' if len(hand) != 1 else ''}"
        head = (f'<div style="font-weight:bold;margin:0 0 8px 0">{escape(label)} '
                f'<span style="font-weight:normal;color:#666">({count})</span></div>')
    empty = '<span style="color:#666;font-style:italic">no cards</span>' if not hand else ""
    return (f'<div class="nomercy-hand" style="font-family:{_FONT};font-size:13px;line-height:1.3">'
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
    return (f'<div class="nomercy-deck" style="font-family:{_FONT};font-size:13px">'
            f'<table style="border-collapse:collapse"><caption style="text-align:left;font-weight:bold;padding:4px 0">'
            f"the {escape(deck_name)} deck: {deck.size} cards</caption>"
            f'<thead><tr>{head}</tr></thead><tbody>{"".join(rows)}</tbody>'
            f'<tfoot><tr><td style="{cell}" colspan="3"><b>all cards</b></td><td style="{cell}"><b>{deck.size}</b></td>'
            f"</tr></tfoot></table></div>")


# --- the table -----------------------------------------------------------------------

def _badge(text: str, fill: str, ink: str = "#ffffff") -> str:
    """A word beside a seat's name; the space before it keeps the two apart in the picture's text as well."""
    return (f' <span style="display:inline-block;padding:0 6px;border-radius:8px;background:{fill};color:{ink};'
            f'font-size:11px;font-weight:bold;margin-left:1px">{escape(text)}</span>')


def _meter(count: int, limit: int) -> str:
    """``n/limit`` as text (it carries the meaning) plus a bar that fills towards the limit."""
    share = min(count / limit, 1.0) if limit else 0.0
    fill = "#2e9d48" if share < 0.6 else "#f4a20d" if share < 0.84 else "#d7262b"
    return (f'<span style="display:inline-block;width:64px;height:8px;background:#e6e6e6;border-radius:4px;'
            f'overflow:hidden;vertical-align:middle;margin-right:6px"><span style="display:block;height:8px;'
            f'width:{round(share * 100)}%;background:{fill}"></span></span>{count}/{limit}')


def _swatch(color: Color | None) -> str:
    if color is None:
        return "none"
    return (f'<span style="display:inline-block;width:11px;height:11px;border-radius:2px;vertical-align:-1px;'
            f'background:{COLOR_FILL[color]};border:1px solid #555;margin-right:4px"></span>'
            f"<b>{color.value.upper()}</b> ({color.letter.upper()})")


def _phase_sentence(state: Any, names: Sequence[str]) -> str:
    """Who must decide what, in words."""
    from nomercy.core.state import Phase

    phase = state.phase
    if phase is Phase.OVER:
        if state.winner is None:
            return "The round is over."
        how = f" ({state.end_reason})" if state.end_reason else ""
        return f"{names[state.winner]} wins the round{how}."
    who = names[state.turn]
    if phase is Phase.PLAY_DRAWN:
        return f"{who} drew {state.drawn}, a card that can be played, and must play it."
    if phase is Phase.KEEP_OR_PLAY:
        return f"{who} drew {state.drawn}: play it now, or keep it and pass."
    if phase is Phase.NAME_ROULETTE:
        return (f"{who} was hit by the roulette: {says(who, 'names')} a color, then {verb(who, 'turns')} up cards until "
                f"one of that color shows and {verb(who, 'keeps')} them all.")
    if phase is Phase.NAME_FIRST_COLOR:
        return f"A wild was turned up first: {says(who, 'names')} the color."
    if state.pending:
        return f"{who} must answer the stack with a draw card, or draw {state.pending}."
    return f"{who} to play."


def state_html(state: "GameState | PlayerView", *, width: float = 48, inline: bool = False) -> str:
    """A still picture of a table, as a teaching aid.

    Seats with card counts, mercy meter and knocked-out badges, the top card with the
    color in force, the pending draw, the direction of play, the draw pile, and the
    hand of whoever must act, face up with its playable cards marked (a
    :class:`~nomercy.core.state.PlayerView` shows its own seat's hand instead).
    """
    from nomercy.core.state import GameState, Phase, PlayerView

    inputs.one_of_kind(state, (GameState, PlayerView), "a position (a GameState) or the view of one player")
    width = picture_width(width)
    inline = inputs.switch(inline, "inline")
    view = state if isinstance(state, PlayerView) else None
    is_view = view is not None
    names = state.seats
    if view is not None:
        sizes, draw_size, set_aside = view.hand_sizes, view.draw_pile_size, view.set_aside_size
    else:
        assert not isinstance(state, PlayerView)
        sizes = tuple(len(h) for h in state.hands)
        draw_size, set_aside = len(state.draw_pile), len(state.set_aside)
    limit = state.rules.mercy_limit
    over = state.phase is Phase.OVER
    cell = "padding:3px 8px;border-bottom:1px solid #e3e3e3;text-align:left;vertical-align:middle;white-space:nowrap"

    rows = []
    for i, name in enumerate(names):
        turn = i == state.turn and not over
        knocked = i in state.out
        marks = []
        if knocked:
            marks.append(_badge("out", "#555555"))
        if state.winner == i:
            marks.append(_badge("winner", "#2e9d48"))
        if i in state.catchable:
            marks.append(_badge("UNO not called", "#f4c20d", "#1d1d1f"))
        if view is not None and i == view.seat:
            marks.append(_badge("you", "#1f63c6"))
        count = "—" if knocked else str(sizes[i])
        mercy = ""
        if limit:
            mercy = f'<td style="{cell}">{"—" if knocked else _meter(sizes[i], limit)}</td>'
        row_style = ' style="color:#8a8a8a"' if knocked else ' style="background:#fff4e0"' if turn else ""
        rows.append(
            f'<tr data-seat="{escape(name)}"{row_style}><td style="{cell};width:1.5em">{"▶" if turn else ""}</td>'
            f'<td style="{cell}"><b>{escape(name)}</b>{"".join(marks)}</td><td style="{cell}">{count}</td>{mercy}</tr>'
        )
    headers = ["", "seat", "cards"] + ([f"mercy (out at {limit})"] if limit else [])
    head = "".join(f'<th style="{cell};font-size:12px;color:#555">{h}</th>' for h in headers)
    seats_table = f'<table style="border-collapse:collapse"><thead><tr>{head}</tr></thead><tbody>{"".join(rows)}</tbody></table>'

    top = state.top_card
    named = state.color if top.is_wild else None
    arrow = "↻" if state.direction == 1 else "↺"
    direction_word = "clockwise" if state.direction == 1 else "counterclockwise"
    order = [names[i] for i in range(len(names)) if i not in state.out]
    if state.direction != 1:
        order = order[::-1]
    facts = [
        ("color in force", _swatch(state.color)),
        ("pending draw", f"<b>+{state.pending}</b>" if state.pending else "none"),
        ("direction", f'<span style="font-size:16px">{arrow}</span> {direction_word} '
                      f'<span style="color:#666">({" → ".join(map(escape, order))} → …)</span>'),
        ("draw pile", f"{draw_size} cards"),
    ]
    if set_aside:
        facts.append(("set aside", f"{set_aside} cards (knocked-out hands, back at the next reshuffle)"))
    fact_rows = "".join(f'<tr><td style="{cell};color:#555">{k}</td><td style="{cell}">{v}</td></tr>' for k, v in facts)
    centre = (f'<table style="border-collapse:collapse"><tr><td style="padding:0 12px 0 0;vertical-align:top" rowspan="{len(facts) + 1}">'
              f'<div style="font-size:12px;color:#555;margin-bottom:2px">top card</div>'
              f"{card_img(top, width=width * 1.5, inline=inline, named_color=named)}</td></tr>{fact_rows}</table>")

    playable: Sequence[Any] = ()
    if view is not None:
        hand_seat, hand_cards = view.seat, view.hand
    else:
        assert not isinstance(state, PlayerView)
        hand_seat = state.turn
        hand_cards = state.hands[hand_seat]
        playable = () if over else [a for a in legal_moves(state) if a.seat == hand_seat]
    hand_block = ""
    if not (over and not is_view) and hand_seat not in state.out:
        whose = "your hand" if is_view else f"{names[hand_seat]}'s hand (face up for study)"
        hand_block = hand_html(hand_cards, playable=playable, width=width, label=whose, inline=inline)

    title = (f'<div style="font-size:12px;color:#555;margin-bottom:4px">rules: <b>{escape(state.rules.name)}</b>'
             f"{' · move ' + str(state.ply) if hasattr(state, 'ply') else ''}</div>")
    sentence = f'<div style="font-size:14px;font-weight:bold;margin:6px 0 8px 0">{escape(_phase_sentence(state, names))}</div>'
    return (
        f'<div class="nomercy-state" style="font-family:{_FONT};font-size:13px;color:#1d1d1f;line-height:1.35;'
        f'border:1px solid #d0d0d0;border-radius:8px;padding:10px 12px;display:inline-block;background:#ffffff">'
        f"{title}{sentence}"
        f'<table style="border-collapse:collapse"><tr><td style="vertical-align:top;padding:0 18px 8px 0">{seats_table}</td>'
        f'<td style="vertical-align:top;padding:0 0 8px 0">{centre}</td></tr></table>'
        f"{hand_block}</div>"
    )


def register_pictures(shell: Any = None) -> bool:
    """Let IPython show cards, positions and games as pictures; ``False`` outside IPython.

    ``import nomercy`` calls this, so notebooks need nothing more. The core classes stay
    free of drawing code (the core imports nothing above it); IPython's display asks this
    module for the picture instead.
    """
    if shell is None:
        import sys

        ipython = sys.modules.get("IPython")  # not imported means not running inside IPython
        shell = ipython.get_ipython() if ipython is not None else None
    if shell is None or not hasattr(shell, "display_formatter"):
        return False
    from nomercy.core.state import GameState
    from nomercy.play.game import Game

    formatters = shell.display_formatter.formatters
    # the picture with its alt text (IPython keeps a (data, metadata) pair's metadata beside the output)
    formatters["image/svg+xml"].for_type(Card, lambda card: (card_svg(card), {"alt": str(card)}))
    formatters["text/html"].for_type(GameState, state_html)
    formatters["text/html"].for_type(Game, lambda game: state_html(game.state))
    return True
