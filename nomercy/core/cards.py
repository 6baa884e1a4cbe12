"""Cards: colors, faces and the text notation of ``puzzle-format.md``.

A card is a tiny immutable value. Every distinct card exists exactly once (cards
are interned), so two cards are equal exactly when they are the same object, and
the engine can compare them as cheaply as small integers.

>>> Card.parse("r7")
Card.parse('red 7')
>>> str(Card.parse("WREV+4"))
'wild reverse +4'
>>> Card.parse(str(Card.parse("gdiscard-all"))) == Card.parse("green discard-all")
True
>>> Card.parse("purple 7")
Traceback (most recent call last):
...
nomercy.core.errors.NotationError: unknown card 'purple 7': 'purple' is not a color (red, yellow, green, blue)
"""

from __future__ import annotations

import enum
import re
from typing import Iterator

from nomercy.core.errors import NotationError, brief

__all__ = ["Color", "Rank", "Card", "COLORS", "ALL_CARDS", "parse_cards"]


class Color(enum.Enum):
    """The four colors; the value is the printed name, ``letter`` the short form."""

    RED = "red"
    YELLOW = "yellow"
    GREEN = "green"
    BLUE = "blue"

    @property
    def letter(self) -> str:
        return self.value[0]

    def __str__(self) -> str:
        return self.value

    def __repr__(self) -> str:
        return f"Color.{self.name}"

    @classmethod
    def parse(cls, text: str) -> "Color":
        """Parse ``red`` or ``r`` (any case).

        >>> Color.parse("B")
        Color.BLUE
        """
        if isinstance(text, Color):
            return text
        if not isinstance(text, str):
            raise NotationError(f"a color is written as text (red, yellow, green or blue), not {brief(text)}")
        key = text.strip().lower()
        color = _COLOR_WORDS.get(key)
        if color is None:
            raise NotationError(f"unknown color {brief(text)}: use red, yellow, green or blue (or r, y, g, b)")
        return color


COLORS: tuple[Color, ...] = tuple(Color)
_COLOR_WORDS = {**{c.value: c for c in Color}, **{c.letter: c for c in Color}}


class Rank(enum.Enum):
    """What is printed on a card besides its color; the value is its notation."""

    ZERO = "0"
    ONE = "1"
    TWO = "2"
    THREE = "3"
    FOUR = "4"
    FIVE = "5"
    SIX = "6"
    SEVEN = "7"
    EIGHT = "8"
    NINE = "9"
    SKIP = "skip"
    REVERSE = "reverse"
    DRAW_TWO = "+2"
    DRAW_FOUR = "+4"
    SKIP_ALL = "skip-all"
    DISCARD_ALL = "discard-all"
    WILD = "wild"
    WILD_DRAW_FOUR = "wild +4"
    WILD_REVERSE_DRAW_FOUR = "wild reverse +4"
    WILD_DRAW_SIX = "wild +6"
    WILD_DRAW_TEN = "wild +10"
    WILD_ROULETTE = "wild roulette"

    def __repr__(self) -> str:
        return f"Rank.{self.name}"

    @property
    def is_wild(self) -> bool:
        return self.value.startswith("wild")

    @property
    def is_number(self) -> bool:
        return self.value.isdigit()

    @property
    def draw_value(self) -> int:
        """How many cards this face makes the next player draw (0 for non-draw cards).

        The roulette makes its victim draw too, but it is not a draw card: it has no
        value and never joins a stack (ruling ``wild-roulette``).
        """
        return _DRAW_VALUES.get(self, 0)

    @property
    def short(self) -> str:
        return _SHORT_RANK[self]


_DRAW_VALUES = {
    Rank.DRAW_TWO: 2,
    Rank.DRAW_FOUR: 4,
    Rank.WILD_DRAW_FOUR: 4,
    Rank.WILD_REVERSE_DRAW_FOUR: 4,
    Rank.WILD_DRAW_SIX: 6,
    Rank.WILD_DRAW_TEN: 10,
}
_SHORT_RANK = {
    **{r: r.value for r in Rank if r.is_number},
    Rank.SKIP: "skip",
    Rank.REVERSE: "rev",
    Rank.DRAW_TWO: "+2",
    Rank.DRAW_FOUR: "+4",
    Rank.SKIP_ALL: "skip-all",
    Rank.DISCARD_ALL: "discard-all",
    Rank.WILD: "w",
    Rank.WILD_DRAW_FOUR: "w+4",
    Rank.WILD_REVERSE_DRAW_FOUR: "wrev+4",
    Rank.WILD_DRAW_SIX: "w+6",
    Rank.WILD_DRAW_TEN: "w+10",
    Rank.WILD_ROULETTE: "wroulette",
}

# Words accepted after a color; keys have all spaces removed.
_COLORED_FACE_WORDS = {
    **{str(n): Rank(str(n)) for n in range(10)},
    "skip": Rank.SKIP,
    "reverse": Rank.REVERSE,
    "rev": Rank.REVERSE,
    "+2": Rank.DRAW_TWO,
    "drawtwo": Rank.DRAW_TWO,
    "+4": Rank.DRAW_FOUR,
    "drawfour": Rank.DRAW_FOUR,
    "skip-all": Rank.SKIP_ALL,
    "skipall": Rank.SKIP_ALL,
    "skipeveryone": Rank.SKIP_ALL,
    "discard-all": Rank.DISCARD_ALL,
    "discardall": Rank.DISCARD_ALL,
}
# Words accepted after "wild"/"w"; keys have all spaces removed.
_WILD_FACE_WORDS = {
    "": Rank.WILD,
    "+4": Rank.WILD_DRAW_FOUR,
    "drawfour": Rank.WILD_DRAW_FOUR,
    "reverse+4": Rank.WILD_REVERSE_DRAW_FOUR,
    "rev+4": Rank.WILD_REVERSE_DRAW_FOUR,
    "reversedrawfour": Rank.WILD_REVERSE_DRAW_FOUR,
    "+6": Rank.WILD_DRAW_SIX,
    "drawsix": Rank.WILD_DRAW_SIX,
    "+10": Rank.WILD_DRAW_TEN,
    "drawten": Rank.WILD_DRAW_TEN,
    "roulette": Rank.WILD_ROULETTE,
    "colorroulette": Rank.WILD_ROULETTE,
}


class Card:
    """One card: a color (``None`` for wilds) and a rank.

    Cards are interned: ``Card(Color.RED, Rank.SEVEN) is Card.parse("red 7")``.
    A wild never stores the color its player named; that is the game's
    ``color`` in force, so a wild goes back into the deck unchanged.
    """

    __slots__ = ("color", "rank", "code", "_text")

    color: Color | None
    rank: Rank
    code: int
    _text: str

    def __new__(cls, color: Color | None, rank: Rank) -> "Card":
        try:
            return _INTERNED[(color, rank)]
        except KeyError:
            pass
        if not isinstance(rank, Rank):
            raise NotationError(f"{rank!r} is not a card rank")
        if rank.is_wild != (color is None):
            if color is None:
                raise NotationError(f"a {rank.value} card needs a color")
            raise NotationError(f"a {rank.value} card has no color")
        if color is not None and not isinstance(color, Color):
            raise NotationError(f"{color!r} is not a card color")
        raise NotationError(f"no such card: {color} {rank.value}")  # pragma: no cover - table is complete

    @classmethod
    def _make(cls, color: Color | None, rank: Rank, code: int) -> "Card":
        card = object.__new__(cls)
        object.__setattr__(card, "color", color)
        object.__setattr__(card, "rank", rank)
        object.__setattr__(card, "code", code)
        object.__setattr__(card, "_text", rank.value if color is None else f"{color.value} {rank.value}")
        return card

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("cards are immutable")

    def __reduce__(self) -> tuple[object, tuple[int]]:
        return (_card_from_code, (self.code,))

    def __hash__(self) -> int:
        return self.code

    def __lt__(self, other: "Card") -> bool:
        """Cards sort by color (red, yellow, green, blue, then wilds), then by rank."""
        return self.code < other.code

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Card.parse({self._text!r})"

    # --- what the card is -------------------------------------------------
    @property
    def is_wild(self) -> bool:
        return self.color is None

    @property
    def is_number(self) -> bool:
        return self.rank.is_number

    @property
    def number(self) -> int | None:
        """The printed number of a number card, else ``None``."""
        return int(self.rank.value) if self.rank.is_number else None

    @property
    def draw_value(self) -> int:
        """Cards this card adds to a draw penalty (+2 → 2 ... wild +10 → 10); 0 otherwise."""
        return self.rank.draw_value

    @property
    def is_draw_card(self) -> bool:
        return self.rank.draw_value > 0

    @property
    def points(self) -> int:
        """Score value left in a loser's hand: face value, colored actions 20, wilds 50."""
        if self.color is None:
            return 50
        if self.rank.is_number:
            return int(self.rank.value)
        return 20

    @property
    def short(self) -> str:
        """The short notation: ``r7``, ``bskip``, ``w+6``."""
        if self.color is None:
            return self.rank.short
        return self.color.letter + self.rank.short

    # --- notation ---------------------------------------------------------
    @classmethod
    def parse(cls, text: str) -> "Card":
        """Parse any long or short form of ``puzzle-format.md`` (case-insensitive)."""
        if not isinstance(text, str):
            raise NotationError(f"a card is written as text, like 'red 7', not {brief(text)}")
        raw = text.strip().lower()
        squeezed = re.sub(r"\s+", "", raw)
        if not squeezed:
            raise NotationError("empty card text: write a card like 'red 7' or 'wild +6'")
        if squeezed.startswith("wild") or squeezed.startswith("w"):
            rest = squeezed[4:] if squeezed.startswith("wild") else squeezed[1:]
            rank = _WILD_FACE_WORDS.get(rest)
            if rank is None:
                raise NotationError(
                    f"unknown card {brief(text)}: wild cards are wild, wild +4, wild reverse +4, "
                    "wild +6, wild +10 and wild roulette"
                )
            return _INTERNED[(None, rank)]
        for word in sorted(_COLOR_WORDS, key=len, reverse=True):
            if squeezed.startswith(word):
                color = _COLOR_WORDS[word]
                rank = _COLORED_FACE_WORDS.get(squeezed[len(word):])
                if rank is None:
                    raise NotationError(
                        f"unknown card {brief(text)}: after a color comes 0-9, skip, reverse, +2, +4, "
                        "skip-all or discard-all"
                    )
                return _INTERNED[(color, rank)]
        first = raw.split()[0] if raw.split() else raw
        raise NotationError(f"unknown card {brief(text)}: {brief(first)} is not a color (red, yellow, green, blue)")


def _card_from_code(code: int) -> Card:
    return ALL_CARDS[code]


def _build_table() -> tuple[dict[tuple[Color | None, Rank], Card], tuple[Card, ...]]:
    table: dict[tuple[Color | None, Rank], Card] = {}
    cards: list[Card] = []
    for color in Color:
        for rank in Rank:
            if not rank.is_wild:
                card = Card._make(color, rank, len(cards))
                table[(color, rank)] = card
                cards.append(card)
    for rank in Rank:
        if rank.is_wild:
            card = Card._make(None, rank, len(cards))
            table[(None, rank)] = card
            cards.append(card)
    return table, tuple(cards)


_INTERNED, ALL_CARDS = _build_table()
"""Every distinct card there is, in sort order (colors in order, then wilds)."""


def parse_cards(texts: str | list[str] | tuple[str, ...]) -> tuple[Card, ...]:
    """Parse a list of cards, or one comma-separated string.

    >>> parse_cards("r7, w+6")
    (Card.parse('red 7'), Card.parse('wild +6'))
    """
    if isinstance(texts, str):
        texts = [t for t in texts.split(",") if t.strip()]
    return tuple(Card.parse(t) for t in texts)


def iter_cards() -> Iterator[Card]:
    return iter(ALL_CARDS)
