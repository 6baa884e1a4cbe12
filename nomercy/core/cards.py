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
from typing import Callable, ClassVar, Iterator

from nomercy.core import inputs
from nomercy.core.errors import NotationError, brief
from nomercy.core.faces import PRINTED_FACES, Face

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


class _RankType(type):
    """Lets ``for rank in Rank`` and ``len(Rank)`` walk the faces, in the order cards sort."""

    def __iter__(cls) -> Iterator["Rank"]:
        return iter(tuple(_RANKS))

    def __len__(cls) -> int:
        return len(_RANKS)


class Rank(metaclass=_RankType):
    """What is printed on a card besides its color; the value is its notation.

    There is one ``Rank`` per face of the face table (:mod:`nomercy.core.faces`), and
    ``rank.face`` is that face's record. ``Rank("7")`` finds a face by its notation.

    >>> Rank("wild +6") is Rank.WILD_DRAW_SIX, Rank.WILD_DRAW_SIX.draw_value
    (True, 6)
    """

    __slots__ = ("face", "value", "name", "index", "is_wild", "is_number", "draw_value", "points", "short", "effect",
                 "choices", "simple", "ruling", "discards")

    face: Face
    value: str
    name: str
    index: int
    is_wild: bool
    is_number: bool
    draw_value: int
    """How many cards this face makes the next player draw (0 for non-draw cards).

    The roulette makes its victim draw too, but it is not a draw card: it has no
    value and never joins a stack (ruling ``wild-roulette``).
    """
    points: int
    short: str
    effect: str
    choices: tuple[str, ...]
    simple: bool
    """True when a play of this face carries no choice but, on a wild, its color."""
    ruling: str
    discards: bool

    ZERO: ClassVar["Rank"]
    ONE: ClassVar["Rank"]
    TWO: ClassVar["Rank"]
    THREE: ClassVar["Rank"]
    FOUR: ClassVar["Rank"]
    FIVE: ClassVar["Rank"]
    SIX: ClassVar["Rank"]
    SEVEN: ClassVar["Rank"]
    EIGHT: ClassVar["Rank"]
    NINE: ClassVar["Rank"]
    SKIP: ClassVar["Rank"]
    REVERSE: ClassVar["Rank"]
    DRAW_TWO: ClassVar["Rank"]
    DRAW_FOUR: ClassVar["Rank"]
    SKIP_ALL: ClassVar["Rank"]
    DISCARD_ALL: ClassVar["Rank"]
    WILD: ClassVar["Rank"]
    WILD_DRAW_FOUR: ClassVar["Rank"]
    WILD_REVERSE_DRAW_FOUR: ClassVar["Rank"]
    WILD_DRAW_SIX: ClassVar["Rank"]
    WILD_DRAW_TEN: ClassVar["Rank"]
    WILD_ROULETTE: ClassVar["Rank"]

    def __new__(cls, value: str) -> "Rank":
        try:
            return _BY_NOTATION[value]
        except (KeyError, TypeError):
            raise NotationError(f"{brief(value)} is not a face: the faces are "
                                f"{', '.join(r.value for r in _RANKS)}") from None

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("faces are immutable")

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (Rank, (self.value,))

    def __hash__(self) -> int:
        return self.index

    def __repr__(self) -> str:
        return f"Rank.{self.name}"

    def __str__(self) -> str:
        return self.value


_RANKS: list[Rank] = []
_BY_NOTATION: dict[str, Rank] = {}
# Words accepted after a color, and after "wild"/"w"; keys have all spaces removed.
_COLORED_FACE_WORDS: dict[str, Rank] = {}
_WILD_FACE_WORDS: dict[str, Rank] = {}


def _squeeze(text: str) -> str:
    return re.sub(r"\s+", "", text.lower())


def _after_wild(word: str) -> str:
    return word[4:] if word.startswith("wild") else word[1:]


def _spellings(face: Face) -> list[str]:
    """The face's spellings as the notation reader keys them: after the color, or after 'wild'/'w'."""
    words = [_squeeze(w) for w in (face.notation, face.short, *face.aliases)]
    return [_after_wild(w) for w in words] if face.wild else words


class Card:
    """One card: a color (``None`` for wilds) and a rank.

    Cards are interned: ``Card(Color.RED, Rank.SEVEN) is Card.parse("red 7")``.
    A wild never stores the color its player named; that is the game's
    ``color`` in force, so a wild goes back into the deck unchanged.
    """

    __slots__ = ("color", "rank", "code", "_text", "draw_value", "points")

    color: Color | None
    rank: Rank
    code: int
    _text: str
    draw_value: int
    """Cards this card adds to a pending draw (+2 → 2 ... wild +10 → 10); 0 otherwise."""
    points: int
    """Score value left in a loser's hand: face value, colored actions 20, wilds 50 (the face table's points)."""

    def __new__(cls, color: Color | None, rank: Rank) -> "Card":
        try:
            return _INTERNED[(color, rank)]
        except (KeyError, TypeError):  # not a card, or an unhashable value: said below
            pass
        if not isinstance(rank, Rank):
            raise NotationError(f"{brief(rank)} is not a card rank")
        if rank.is_wild != (color is None):
            if color is None:
                raise NotationError(f"a {rank.value} card needs a color")
            raise NotationError(f"a {rank.value} card has no color")
        if color is not None and not isinstance(color, Color):
            raise NotationError(f"{color!r} is not a card color")
        raise NotationError(f"no such card: {color} {rank.value}")  # pragma: no cover - table is complete

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
    def is_draw_card(self) -> bool:
        return self.draw_value > 0

    @property
    def face(self) -> Face:
        """The card's record in the face table (:mod:`nomercy.core.faces`)."""
        return self.rank.face

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
        if inputs.hides_a_character(text) or not all(c.isprintable() or c.isspace() for c in text):  # a filler, a
            # braille blank, a zero-width space: no card (it was named back as a card that is no color)
            raise NotationError(f"a card's text holds characters that cannot be seen ({brief(text)}): write a card "
                                "like 'red 7' or 'wild +6'")
        raw = text.strip().lower()
        squeezed = re.sub(r"\s+", "", raw)
        if not squeezed:
            raise NotationError("empty card text: write a card like 'red 7' or 'wild +6'")
        if squeezed.startswith("wild") or squeezed.startswith("w"):
            rank = _WILD_FACE_WORDS.get(_after_wild(squeezed))
            if rank is None:
                raise NotationError(f"unknown card {brief(text)}: wild cards are {_wild_faces()}")
            return _INTERNED[(None, rank)]
        for word in sorted(_COLOR_WORDS, key=len, reverse=True):
            if squeezed.startswith(word):
                color = _COLOR_WORDS[word]
                rank = _COLORED_FACE_WORDS.get(squeezed[len(word):])
                if rank is None:
                    raise NotationError(f"unknown card {brief(text)}: after a color comes {_colored_faces()}")
                return _INTERNED[(color, rank)]
        first = raw.split()[0] if raw.split() else raw
        raise NotationError(f"unknown card {brief(text)}: {brief(first)} is not a color (red, yellow, green, blue)")


def _listing(words: list[str], last: str) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + f" {last} " + words[-1]


def _wild_faces() -> str:
    return _listing([r.value for r in _RANKS if r.is_wild], "and")


def _colored_faces() -> str:
    ranks = [r for r in _RANKS if not r.is_wild]
    numbers = [r.value for r in ranks if r.is_number]
    words = [r.value for r in ranks if not r.is_number]
    if numbers == [str(n) for n in range(10)]:
        words.insert(0, "0-9")
    else:
        words[:0] = numbers
    return _listing(words, "or")


def _card_from_code(code: int) -> Card:
    return ALL_CARDS[code]


_INTERNED: dict[tuple[Color | None, Rank], Card] = {}
ALL_CARDS: list[Card] = []
"""Every distinct card there is, in sort order: the printed cards (colors in order, then
wilds), then the cards of house faces in the order they were registered."""

_ON_NEW_CARDS: list[Callable[[], None]] = []
"""Called whenever cards are added or taken back, so tables kept by card code can start over."""


def on_new_cards(callback: Callable[[], None]) -> None:
    """Call ``callback`` whenever cards are added or taken back (tables kept by card code start over)."""
    _ON_NEW_CARDS.append(callback)


def _add_rank(face: Face) -> Rank:
    if face.name in _BY_NAME or face.notation in _BY_NOTATION:
        raise NotationError(f"there is already a face called {face.name} or written {face.notation!r}")
    if hasattr(Rank, face.name):  # a face becomes Rank.<name>: it must not overwrite what the class holds
        raise NotationError(f"a face cannot be called {face.name}: the card ranks already have something by that name")
    words = _WILD_FACE_WORDS if face.wild else _COLORED_FACE_WORDS
    taken = [w for w in _spellings(face) if w in words]
    if taken:
        raise NotationError(f"the spelling {taken[0]!r} of {face.notation!r} already names {words[taken[0]].value}")
    if face.wild and not _squeeze(face.notation).startswith("wild"):
        raise NotationError(f"a wild face is written starting with 'wild', not {face.notation!r}")
    rank = _new_rank(face, len(_RANKS))
    _RANKS.append(rank)
    _BY_NOTATION[face.notation] = rank
    _BY_NAME[face.name] = rank
    for word in _spellings(face):
        words[word] = rank
    type.__setattr__(Rank, face.name, rank)
    return rank


_BY_NAME: dict[str, Rank] = {}


def _new_rank(face: Face, index: int) -> Rank:
    """The one :class:`Rank` of ``face`` (its ``__new__`` only finds the ranks made here)."""
    rank = object.__new__(Rank)
    for slot, value in (("face", face), ("value", face.notation), ("name", face.name), ("index", index),
                        ("is_wild", face.wild), ("is_number", face.is_number), ("draw_value", face.draw),
                        ("points", face.points), ("short", face.short), ("effect", face.effect),
                        ("choices", face.choices), ("simple", set(face.choices) <= {"color"}), ("ruling", face.ruling),
                        ("discards", face.discards)):
        object.__setattr__(rank, slot, value)
    return rank


def _new_card(color: Color | None, rank: Rank, code: int) -> Card:
    """The one :class:`Card` of ``color`` and ``rank`` (its ``__new__`` only finds the cards made here)."""
    card = object.__new__(Card)
    for slot, value in (("color", color), ("rank", rank), ("code", code),
                        ("_text", rank.value if color is None else f"{color.value} {rank.value}"),
                        ("draw_value", rank.draw_value), ("points", rank.points)):
        object.__setattr__(card, slot, value)
    return card


def _add_cards(color: Color | None, rank: Rank) -> None:
    card = _new_card(color, rank, len(ALL_CARDS))
    _INTERNED[(color, rank)] = card
    ALL_CARDS.append(card)


def add_face(face: Face) -> Rank:
    """Make the rank and the cards of one more face (a wild card, or one card per color).

    This is the low-level half of :func:`nomercy.core.house.register_face`, which also
    checks that the face's effect, first-card behaviour and ruling exist.
    """
    rank = _add_rank(face)
    for color in ((None,) if face.wild else COLORS):
        _add_cards(color, rank)
    for callback in _ON_NEW_CARDS:
        callback()
    return rank


def faces_mark() -> tuple[int, int]:
    """How many faces and cards there are now, to go back to with :func:`rewind_faces` (house rules that are tried
    and taken back, :mod:`nomercy.core.house`)."""
    return len(_RANKS), len(ALL_CARDS)


def rewind_faces(mark: tuple[int, int]) -> None:
    """Take back every face and card added since ``mark``."""
    faces, cards = mark
    for rank in _RANKS[faces:]:
        words = _WILD_FACE_WORDS if rank.is_wild else _COLORED_FACE_WORDS
        for word in _spellings(rank.face):
            words.pop(word, None)
        del _BY_NOTATION[rank.value], _BY_NAME[rank.name]
        type.__delattr__(Rank, rank.name)
    for card in ALL_CARDS[cards:]:
        del _INTERNED[(card.color, card.rank)]
    del _RANKS[faces:], ALL_CARDS[cards:]
    for callback in _ON_NEW_CARDS:
        callback()


def _build_table() -> None:
    ranks = [_add_rank(face) for face in PRINTED_FACES]
    for color in Color:
        for rank in ranks:
            if not rank.is_wild:
                _add_cards(color, rank)
    for rank in ranks:
        if rank.is_wild:
            _add_cards(None, rank)


_build_table()


def parse_cards(texts: str | list[str] | tuple[str, ...]) -> tuple[Card, ...]:
    """Parse a list of cards, or one comma-separated string.

    >>> parse_cards("r7, w+6")
    (Card.parse('red 7'), Card.parse('wild +6'))
    """
    if isinstance(texts, str):
        items = texts.split(",") if texts.strip() else []  # no text at all is no cards
        if any(not t.strip() for t in items):  # 'r7,,b3' or 'r7,': a card left out is not silently dropped
            raise NotationError(f"a card is missing between the commas of {brief(texts)}: write the cards as "
                                "'r7, w+6', one between each two commas")
        texts = items
    elif not isinstance(texts, (list, tuple)):
        raise NotationError(f"cards are written as text, like 'r7, w+6', or a list of cards, not {brief(texts)}")
    return tuple(Card.parse(t) for t in texts)
