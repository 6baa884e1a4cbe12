"""One card as a picture: the palette, each face's symbol, and the card as SVG or as an ``<img>``.

Every card can be read without seeing color: a colored card carries its color's letter in a corner and its
name along the bottom, and a wild names the color chosen for it, in the language asked for (``lang``: the
corner's mark and the name are the term tables', :func:`card_marks`; English is R, B, G, Y and W). Each face has its own symbol (:data:`SYMBOLS`,
named by the face table's ``picture``), so a skip-all never looks like a skip. Pure functions: the same card
always gives the same string.

>>> 'data-card="red 7"' in card_svg(Card.parse("r7"))
True
"""

from __future__ import annotations

import base64
import functools
import math
import re
from html import escape, unescape
from typing import Any, Callable

from nomercy.core import inputs
from nomercy.core.cards import COLORS, Card, Color
from nomercy.core.errors import NomercyError, brief
from nomercy.core.i18n import SOURCE, language

__all__ = ["COLOR_FILL", "FONT", "SYMBOLS", "picture_width", "card_marks", "face_words", "card_svg", "card_back_svg",
           "card_img"]


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
FONT = "DejaVu Sans,Verdana,Arial,Helvetica,sans-serif"
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
SYMBOLS: dict[str, Callable[[str, str], str]] = {
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


def _face(card: Card, lang: str) -> str:
    """What sits in the middle of the card: the symbol its face's picture names, with its word in ``lang``."""
    picture = card.rank.face.picture
    draw = SYMBOLS.get(picture.symbol)
    if draw is None:
        raise ValueError(f"no picture for {card}: the symbol {picture.symbol!r} is not one of {', '.join(SYMBOLS)}")
    label = _face_words(lang).get(card.rank.face.name, picture.label)
    return draw(COLOR_FILL[card.color] if card.color is not None else "#ffffff", label)


def picture_width(value: Any) -> float:
    """The width of a card in a picture, in pixels (4 to 400): a number, never text or NaN; as given (48 stays 48, so
    the pictures' markup does not change)."""
    inputs.number(value, "the width of a card", 4, 400)
    return value


# --- cards ---------------------------------------------------------------------------

def _svg_open(width: float, label: str, data_card: str, extra: str = "") -> str:
    height = width * _H / _W
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {_W} {_H}" '
        f'width="{_num(width)}" height="{_num(height)}" role="img" aria-label="{escape(label)}" '
        f'class="nomercy-card" data-card="{escape(data_card)}"{extra} '
        f'font-family="{FONT}" font-weight="bold">'
        f"<title>{escape(label)}</title>"
    )


def _corner_letter(letter: str, ring: str) -> str:
    """The mark in the top left corner, on a white disc: one letter, or two or a Chinese character a little smaller."""
    return (f'<circle cx="12" cy="12" r="9" fill="#ffffff" stroke="{ring}" stroke-width="1.8"/>'
            + _text(12, 12, letter, 9.5 if len(letter) > 1 else 11 if letter >= "\u2e80" else 13, "#1d1d1f"))


def card_marks(lang: str = SOURCE) -> dict[Color | None, tuple[str, str]]:
    """What a card says of its color in ``lang``: by color (``None`` for a wild with no color named), the mark in
    its corner and the word along its bottom. English is the letters of the notation and the color's name; another
    language's come from its term table (each color's and the wild's ``mark``, and their words in capitals).

    >>> card_marks()[Color.RED], card_marks()[None]
    (('R', 'RED'), ('W', 'WILD'))
    >>> card_marks("sv")[Color.GREEN], card_marks("fr")[Color.YELLOW], card_marks("zh-Hant")[Color.BLUE]
    (('Gr', 'GRÖN'), ('J', 'JAUNE'), ('藍', '藍色'))
    """
    return dict(_card_marks(language(lang)))  # a copy: the cached one is the pictures'


@functools.lru_cache(maxsize=8)
def _card_marks(lang: str) -> dict[Color | None, tuple[str, str]]:
    if lang == SOURCE:
        marks: dict[Color | None, tuple[str, str]] = {c: (c.letter.upper(), c.value.upper()) for c in COLORS}
        return {**marks, None: ("W", "WILD")}
    from nomercy.teaching.terminology import term_table  # the term tables sit beside the pictures, read when asked

    table = term_table(lang)
    entries = {c: table.entry("colors", c.value) for c in COLORS} | {None: table.entry("faces", "WILD")}
    return {c: (e.mark, e.term.upper()) for c, e in entries.items()}


_WORDED_FACES = ("SKIP_ALL", "DISCARD_ALL")
"""The faces whose picture carries a word (ALL, under the symbol): a language says it with its term table's mark."""


def face_words(lang: str = SOURCE) -> dict[str, str]:
    """The words some faces show under their symbol in ``lang``, by the face's name (English: none besides the
    picture's own ALL).

    >>> face_words("sv")["SKIP_ALL"], face_words("fr")["DISCARD_ALL"]
    ('ALLA', 'TOUT')
    """
    return dict(_face_words(language(lang)))


@functools.lru_cache(maxsize=8)
def _face_words(lang: str) -> dict[str, str]:
    if lang == SOURCE:
        return {}
    from nomercy.teaching.terminology import term_table

    table = term_table(lang)
    return {face: table.entry("faces", face).mark for face in _WORDED_FACES}


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
    lang: str = SOURCE,
) -> str:
    """One card as a standalone ``<svg>`` string, ``width`` pixels wide (height 1.5x).

    ``named_color`` is the color in force on a wild (ignored on a colored card): the
    wild keeps its four-color face and gains a band with that color's name.
    ``playable`` adds an orange frame and a check mark, ``selected`` a purple frame.
    ``face_down`` shows the back and gives nothing of the card away. ``lang`` (a code of
    :data:`nomercy.core.i18n.LANGUAGES`) chooses the marks and words drawn on the face (:func:`card_marks`); the
    picture's title stays the card's notation, which a widget names again in its language.

    >>> s = card_svg("wild roulette", named_color="g")
    >>> '<title>wild roulette, green named</title>' in s, '>GREEN<' in s
    (True, True)
    >>> '>GRÖN<' in card_svg("wild roulette", named_color="g", lang="sv")
    True
    """
    width = picture_width(width)
    lang = language(lang)
    playable, selected = inputs.switch(playable, "playable"), inputs.switch(selected, "selected")
    if inputs.switch(face_down, "face_down"):
        return card_back_svg(width)
    if isinstance(card, str):
        card = Card.parse(card)
    if not isinstance(card, Card):
        raise NomercyError(f"a card to draw is a card or its notation, like 'red 7', not {brief(card)}")
    if named_color is not None and not isinstance(named_color, (Color, str)):
        raise NomercyError(f"the color named on a wild is red, yellow, green or blue, not {brief(named_color)}")
    named = Color.parse(named_color) if isinstance(named_color, str) else named_color
    if card.color is not None:
        named = None
    return _card_svg(card, named, float(width), playable, selected, lang)


@functools.lru_cache(maxsize=4096)
def _card_svg(card: Card, named: Color | None, width: float, playable: bool, selected: bool, lang: str) -> str:
    """The drawing itself, cached: a table redraws the same few dozen cards all game."""
    label = _name(card, named, lang)
    extra = ""
    if named is not None:
        extra += f' data-color="{named.value}"'
    if playable:
        extra += ' data-playable="true"'
    if selected:
        extra += ' data-selected="true"'
    marks = _card_marks(lang)
    parts = [_svg_open(width, label, str(card), extra)]
    parts.append('<rect x="0.5" y="0.5" width="59" height="89" rx="6" fill="#ffffff" stroke="#8c8c8c" stroke-width="1"/>')
    parts.append(f'<rect x="3.5" y="3.5" width="53" height="83" rx="4" fill="{COLOR_FILL[card.color]}"/>')
    if card.color is not None:
        parts.append(_oval("#ffffff"))
        parts.append(f'<g transform="translate({_num(_CX)} {_num(_CY)})">{_face(card, lang)}</g>')
        mark, word = marks[card.color]
        parts.append(_corner_letter(mark, _OUTLINE))
        parts.append(_text(30, 78.5, word, 9.5, _INK[card.color], spacing=0.6, max_width=48))
    else:
        if card.rank.face.picture.symbol == "wheel":  # the wheel sits on a dark oval
            parts.append(_oval("#3a3a3d"))
        else:
            parts.append(_four_color_oval())
        parts.append(f'<g transform="translate({_num(_CX)} {_num(_CY)})">{_face(card, lang)}</g>')
        if named is None:
            parts.append(_corner_letter(marks[None][0], _OUTLINE))
            parts.append(_text(30, 78.5, marks[None][1], 9.5, "#ffffff", spacing=0.6, max_width=48))
        else:
            fill = COLOR_FILL[named]
            parts.append(f'<rect x="3.5" y="3.5" width="53" height="83" rx="4" fill="none" stroke="{fill}" stroke-width="3"/>')
            parts.append(f'<rect x="5" y="71" width="50" height="15" rx="3" fill="{fill}" stroke="#ffffff" stroke-width="1"/>')
            parts.append(_text(30, 78.5, marks[named][1], 9.5, _INK[named], spacing=0.6, max_width=46))
            parts.append(_corner_letter(marks[named][0], fill))
    parts.append(_highlight(playable, selected))
    parts.append("</svg>")
    return "".join(parts)


def _name(card: Card, named: Color | None, lang: str) -> str:
    """The picture's name (its title, what a screen reader says): the notation in English, else the language's."""
    if lang == SOURCE:
        return str(card) if named is None else f"{card}, {named} named"
    from nomercy.core.said import COLOR_WORDS, card_name
    from nomercy.core.i18n import words

    name = card_name(card, lang)  # a wild's named color after it, as the game table names its top card
    return name if named is None else f"{name}, {words(lang).gettext(COLOR_WORDS[named])}"


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
        if options.get("lang", SOURCE) != SOURCE:  # the picture's own name, in its language
            label = re.search(r"<title>([^<]*)</title>", svg).group(1)  # type: ignore[union-attr]
            label = unescape(label)
    if inline:
        return svg
    return (f'<img src="{_data_uri(svg)}" width="{_num(width)}" height="{_num(width * _H / _W)}" '
            f'alt="{escape(label)}" title="{escape(label)}" style="vertical-align:bottom">')
