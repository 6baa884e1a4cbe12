"""Moves as complete decisions, and their text notation.

A move names the seat (by its index) that makes it and every choice it
carries: a wild comes with its color, a 7 with its swap target. The notation of
``puzzle-format.md`` needs seat names, so formatting and parsing take them:

>>> seats = ("A", "B", "C")
>>> move = parse_move("A plays wild +6 choosing green", seats)
>>> move
Play(seat=0, card=Card.parse('wild +6'), color=Color.GREEN, target=None, top=None)
>>> format_move(move, seats)
'A plays wild +6 choosing green'
>>> format_move(parse_move("c plays r7 swapping with a", seats), seats)
'C plays red 7 swapping with A'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Sequence, Union

from nomercy.core.cards import Card, Color
from nomercy.core.errors import NotationError, RulesError, brief
from nomercy.core.i18n import N_
from nomercy.core.wording import says

__all__ = [
    "Play",
    "Draw",
    "Pass",
    "NameColor",
    "CallUno",
    "Catch",
    "Challenge",
    "Move",
    "parse_move",
    "read_move",
    "format_move",
    "seat_index",
    "check_seat_names",
    "MAX_PLAYERS",
    "VERBS",
]


@dataclass(frozen=True, slots=True)
class Play:
    """Play ``card`` from hand.

    ``color`` is the color named with a wild (never with the roulette, whose victim
    names it). ``target`` is the seat a 7 swaps with (``None``: no swap). ``top`` is,
    with ``discard_all_top: choose``, the card left on top after a discard-all.
    """

    seat: int
    card: Card
    color: Color | None = None
    target: int | None = None
    top: Card | None = None

    def __post_init__(self) -> None:
        check_seats(self.seat, self.target)
        if type(self.card) is not Card or not (self.color is None or type(self.color) is Color) \
                or not (self.top is None or type(self.top) is Card):  # (one look on the way: moves are built once and shared)
            check_parts(self.card, self.color, self.top)


@dataclass(frozen=True, slots=True)
class Draw:
    """Draw: take the pending draw, or draw as the rules say when nothing is pending."""

    seat: int

    def __post_init__(self) -> None:
        check_seats(self.seat)


@dataclass(frozen=True, slots=True)
class Pass:
    """Keep a drawn card instead of playing it (classic, and ``draw: one``)."""

    seat: int

    def __post_init__(self) -> None:
        check_seats(self.seat)


@dataclass(frozen=True, slots=True)
class NameColor:
    """Name a color: the roulette's victim before flipping, or the first player under a wild first card."""

    seat: int
    color: Color

    def __post_init__(self) -> None:
        check_seats(self.seat)
        if type(self.color) is not Color:
            check_parts(color=self.color, named=True)


@dataclass(frozen=True, slots=True)
class CallUno:
    """Declare UNO while holding one card."""

    seat: int

    def __post_init__(self) -> None:
        check_seats(self.seat)


@dataclass(frozen=True, slots=True)
class Catch:
    """Point out that ``target`` holds one card and has not called UNO."""

    seat: int
    target: int

    def __post_init__(self) -> None:
        check_seats(self.seat, self.target, aimed=True)


@dataclass(frozen=True, slots=True)
class Challenge:
    """Challenge a classic wild +4 played onto you."""

    seat: int

    def __post_init__(self) -> None:
        check_seats(self.seat)


Move = Union[Play, Draw, Pass, NameColor, CallUno, Catch, Challenge]


def check_seats(seat: object, target: object = None, *, aimed: bool = False) -> None:
    """A move's seat (and a 7's or a catch's target) is a seat number, whatever built the move: ``True``, ``1.0``,
    ``"1"`` or another program's integer type would compare equal to a seat number and be taken for it in
    silence (``Play(True, card) in legal_moves(state)``), so they are refused when the move is built. Whether
    the seat is at the table is the rules' to say (:func:`nomercy.core.legality.why_illegal`). ``aimed``: the move
    always has a target (a catch), which a 7's may not."""
    for what, value in (("seat", seat), ("target", target)):
        if value is None and what == "target" and not aimed:
            continue
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < MAX_PLAYERS:
            raise NotationError(f"a move's {what} is a seat number, a whole number from 0 to {MAX_PLAYERS - 1}, "
                                f"not {brief(value)}")


_NOT_A_CARD = N_("a play's card is one of the game's cards, like red 7 or wild +6 (Card.parse reads one from its "
                 "text); not {value}")
_NOT_A_TOP = N_("the card left on top after a discard-all is one of the game's cards, like red 7; not {value}")
_NOT_A_COLOR = N_("the color a move names is red, yellow, green or blue (Color.parse reads one from its text); not {value}")


def check_parts(card: object = None, color: object = None, top: object = None, *, named: bool = False) -> None:
    """A move's card (and the card left on top) is a card and its color a color, whatever built the move: a
    card's text, a mapping or a number would otherwise reach the rules and be refused there as an illegal move,
    or answer "no" to ``in legal_moves(state)`` in silence. ``named``: the color is the move's whole point (a
    :class:`NameColor`), so it may not be missing."""
    if not named and not isinstance(card, Card):
        raise NotationError(_NOT_A_CARD.format(value=brief(card)))
    if (named or color is not None) and not isinstance(color, Color):
        raise NotationError(_NOT_A_COLOR.format(value=brief(color)))
    if top is not None and not isinstance(top, Card):
        raise NotationError(_NOT_A_TOP.format(value=brief(top)))


MAX_PLAYERS = 1000
"""The most seats a table can have (the players option goes no higher)."""
from nomercy.core.inputs import MAX_SEAT_NAME, name_key, switch  # noqa: E402  (the longest seat name; how names compare)


def check_seat_names(seats: tuple[object, ...]) -> tuple[str, ...]:
    """``seats`` if they are seat names: words of visible characters without spaces, no two alike (whatever the
    case or the way their accents are written), each in its composed Unicode form (:func:`nomercy.core.inputs.seat_names`).

    A seat name is written in moves (``Ann plays red 7``) and in position lines, so it is one word.
    """
    from nomercy.core.inputs import seat_names

    return seat_names(seats)


def seat_index(name: str, seats: Sequence[str]) -> int:
    """The index of the seat called ``name`` (whatever the case, or the way its accents are written)."""
    if isinstance(name, str):
        wanted = name.strip().lower()
        for index, seat in enumerate(seats):
            if seat.lower() == wanted:
                return index
        if len(name) <= 4 * MAX_SEAT_NAME:
            key = name_key(name.strip())
            for index, seat in enumerate(seats):
                if name_key(seat) == key:
                    return index
    raise NotationError(f"unknown seat {brief(name)}: the seats are {', '.join(seats)}")


def format_move(move: Move, seats: Sequence[str], *, keeping: bool = False) -> str:
    """The move in the notation of ``puzzle-format.md``.

    ``keeping=True`` writes ``keeping`` after a 7 without a target, for rules where
    the swap is a choice (the game state knows; see ``GameState.move_text``).
    """
    if keeping is not False and keeping is not True:
        keeping = switch(keeping, "whether a 7 played without a swap is written 'keeping'", error=NotationError)
    if not isinstance(move, (Play, Draw, Pass, NameColor, CallUno, Catch, Challenge)):
        raise NotationError(f"this takes a move (like Play or Draw, or parse_move of its notation); not {brief(move)}")
    if isinstance(seats, (str, bytes)) or not isinstance(seats, Sequence) or not 0 <= move.seat < len(seats) \
            or not all(isinstance(name, str) for name in seats) \
            or not 0 <= (getattr(move, "target", None) or 0) < len(seats):
        raise NotationError(f"the seats are a list of seat names with one for seat {move.seat}; not {brief(seats)}")
    who = seats[move.seat]
    if isinstance(move, Play):
        text = f"{says(who, 'plays')} {move.card}"
        if move.color is not None:
            text += f" choosing {move.color}"
        if move.top is not None and move.top != move.card:
            text += f" leaving {move.top} on top"
        if move.target is not None:
            text += f" swapping with {seats[move.target]}"
        elif keeping and "target" in move.card.rank.choices:
            text += " keeping"
        return text
    if isinstance(move, Draw):
        return says(who, "draws")
    if isinstance(move, Pass):
        return says(who, "passes")
    if isinstance(move, NameColor):
        return f"{says(who, 'names')} {move.color}"
    if isinstance(move, CallUno):
        return f"{says(who, 'calls')} uno"
    if isinstance(move, Catch):
        return f"{says(who, 'catches')} {seats[move.target]}"
    if isinstance(move, Challenge):
        return says(who, "challenges")
    raise TypeError(f"not an move: {move!r}")


MAX_MOVE_LENGTH = 300
"""The longest move read: the longest real one is some 60 characters, and the notation's pattern
would take quadratic time over a long line."""

VERBS = {"plays": "play", "draws": "draw", "passes": "pass", "names": "name", "calls": "call", "catches": "catch",
         "challenges": "challenge"}
"""The verbs of the notation, as written after a seat's name (``Ann plays``) and after a seat called You
(``You play``: :func:`~nomercy.core.wording.says`). Either form reads as the same move."""
_VERB_FORMS = {form.lower(): verb for verb, plain in VERBS.items() for form in (verb, plain)}
_MOVE = re.compile(r"^\s*(?P<seat>\S+)\s+(?P<verb>" + "|".join(sorted(_VERB_FORMS, key=len, reverse=True))
                   + r")\b(?P<rest>.*)$", re.I)
_PLAY_TAIL = re.compile(
    r"^(?P<card>.*?)"
    r"(?:\s+choosing\s+(?P<color>\w+))?"
    r"(?:\s+leaving\s+(?P<top>.+?)\s+on\s+top)?"
    r"(?:\s+(?:swapping\s+with\s+(?P<target>\S+)|(?P<keeping>keeping)))?\s*$",
    re.I,
)


def parse_move(text: str, seats: Sequence[str]) -> Move:
    """Parse one move string such as ``B catches A`` or ``A plays red 7 swapping with C``.

    ``seats`` are the table's seat names, each once (two names that differ only in case or accents are one name,
    as :func:`seat_index` reads them): a seat named twice would make ``A`` mean either seat.
    """
    return read_move(text, _table_seats(seats))


def _table_seats(seats: object) -> tuple[str, ...]:
    """``seats`` checked as a table's seat names: 2 to :data:`MAX_PLAYERS` names, no two alike."""
    from nomercy.core.inputs import items, seat_names

    given = items(seats, "the seats of a move's table", least=1, most=MAX_PLAYERS, error=NotationError)
    return seat_names(given, error=NotationError)


def read_move(text: str, seats: Sequence[str]) -> Move:
    """:func:`parse_move` for seats already checked (a position's own, which :func:`~nomercy.core.engine.deal`
    checked)."""
    if not isinstance(text, str):
        raise NotationError(f"a move is a line of text like 'A plays red 7', not {brief(text)}")
    if len(text) > MAX_MOVE_LENGTH:
        raise NotationError(f"a move is one short line, like 'A plays wild +6 choosing green'; "
                            f"this one has {len(text)} characters ({MAX_MOVE_LENGTH} at most)")
    match = _MOVE.match(text)
    if match is None:
        raise NotationError(
            f"cannot read move {brief(text)}: write '<seat> plays <card>', '<seat> draws', '<seat> passes', "
            "'<seat> names <color>', '<seat> calls uno', '<seat> catches <seat>' or '<seat> challenges'"
        )
    seat = seat_index(match["seat"], seats)
    verb = _VERB_FORMS[match["verb"].lower()]
    rest = match["rest"].strip()
    if verb == "plays":
        tail = _PLAY_TAIL.match(rest)
        if tail is None or not tail["card"].strip():
            raise NotationError(f"cannot read move {brief(text)}: which card is played?")
        card = _played_card(tail["card"], text)
        color = Color.parse(tail["color"]) if tail["color"] else None
        top = Card.parse(tail["top"]) if tail["top"] else None
        target = seat_index(tail["target"], seats) if tail["target"] else None
        if top == card:
            top = None  # "leaving the discard-all itself on top" is the ordinary play
        return Play(seat, card, color, target, top)
    if verb == "names":
        if not rest:
            raise NotationError(f"cannot read move {brief(text)}: name a color, like 'B names blue'")
        return NameColor(seat, Color.parse(rest))
    if verb == "catches":
        if not rest:
            raise NotationError(f"cannot read move {brief(text)}: who is caught? like 'B catches A'")
        return Catch(seat, seat_index(rest, seats))
    if verb == "calls":
        if rest.lower() != "uno":
            raise NotationError(f"cannot read move {brief(text)}: the only call is 'calls uno'")
        return CallUno(seat)
    if rest:
        raise NotationError(f"cannot read move {brief(text)}: nothing may follow '{verb}'")
    if verb == "draws":
        return Draw(seat)
    return Pass(seat) if verb == "passes" else Challenge(seat)


_PLAY_ENDINGS = ("'choosing <color>' (a wild), 'swapping with <seat>' or 'keeping' (a 7), "
                 "'leaving <card> on top' (a discard-all)")


def _played_card(card_text: str, move: str) -> Card:
    """The card of a ``plays`` move; a card followed by words the notation does not know is named as such."""
    try:
        return Card.parse(card_text)
    except NotationError as error:
        words = card_text.split()
        for cut in range(min(len(words) - 1, 4), 0, -1):  # a card is at most four words: wild reverse draw four
            try:
                card = Card.parse(" ".join(words[:cut]))
            except NotationError:
                continue
            extra = " ".join(words[cut:])
            raise NotationError(
                f"cannot read move {brief(move)}: after {card} comes {brief(extra)}, which the notation "
                f"does not know; a play may end with {_PLAY_ENDINGS}"
            ) from None
        raise NotationError(f"cannot read move {brief(move)}: {error}") from None
