"""How a learner's answer to a part of a puzzle is read: a number typed, an answer or a seat picked, a card or a seat's
cards tapped on the puzzle board (each sent as its notation). Each reader puts one value in the answer's form or
refuses it in one line that names the part and says what to do (:class:`~nomercy.core.refusals.Said` words, so a board
in another language says them in its own); a value that is only wrong is read, and judged wrong later.

>>> card_entry("blue skip", "Top card", ("A", "B"))
'blue skip'
>>> card_entry("passe bleu", "Top card", ("A", "B"))
Traceback (most recent call last):
...
nomercy.core.errors.NomercyError: Top card: 'passe bleu' is not a card; tap one of the cards shown.
"""

from __future__ import annotations

import re
from typing import Any

from nomercy.core.cards import Card, Color, parse_cards
from nomercy.core.errors import NomercyError, brief
from nomercy.core.i18n import N_
from nomercy.core.moves import seat_index
from nomercy.core.refusals import Joined, said

__all__ = ["whole_entry", "picked", "seat_entry", "winner_entry", "color_entry", "cards_entry", "card_entry",
           "seats_entry", "playable_entry"]


def whole_entry(value: Any, label: str, seats: tuple[str, ...]) -> int:
    """A whole number as a learner enters it (a number, or text of digits)."""
    if isinstance(value, bool) or (isinstance(value, int) and value < 0):
        raise NomercyError(said(_WHOLE, label=label))
    if isinstance(value, int):
        return value
    text = str(value).strip()
    if not re.fullmatch(r"\d{1,6}", text):
        raise NomercyError(said(_WHOLE_NOT, label=label, value=brief(text)) if text else said(_A_NUMBER, label=label))
    return int(text)


def picked(value: Any, label: str) -> str:
    if value in (None, ""):
        raise NomercyError(said(_PICK_ONE, label=label))
    if not isinstance(value, str) or len(value) > _LONGEST:
        raise NomercyError(said(_PICK_ONE_NOT, label=label, value=brief(value)))
    return value


def seat_entry(value: Any, label: str, seats: tuple[str, ...]) -> str:
    if value in (None, ""):
        raise NomercyError(said(_PICK_SEAT, label=label))
    return seats[_seat_tapped(value, label, seats)]


def winner_entry(value: Any, label: str, seats: tuple[str, ...]) -> str | None:
    return None if value in (None, "") else seats[_seat_tapped(value, label, seats)]


def color_entry(value: Any, label: str, seats: tuple[str, ...]) -> str:
    text = picked(value, label)
    try:
        Color.parse(text)
    except NomercyError:
        raise NomercyError(said(_PICK_ONE_NOT, label=label, value=brief(value))) from None
    return text


def cards_entry(value: Any, label: str, seats: tuple[str, ...]) -> list[str]:
    """The cards a learner tapped for a seat (a list of cards in notation), or typed in English notation."""
    if isinstance(value, (list, tuple)):
        if len(value) > _MOST_CARDS:
            raise NomercyError(said(_TOO_MANY, label=label, most=_MOST_CARDS))
        return [str(_card_tapped(card, label)) for card in value]
    text = str(value).strip()
    try:
        return [str(card) for card in parse_cards(text[:_LONGEST])] if len(text) <= _LONGEST else _too_long(label)
    except NomercyError:
        raise NomercyError(said(_NOT_CARDS, label=label, value=brief(text))) from None


def card_entry(value: Any, label: str, seats: tuple[str, ...]) -> str:
    """The card a learner tapped (in notation), or typed in English notation."""
    if value in (None, "") or (isinstance(value, (list, tuple)) and not value):
        raise NomercyError(said(_TAP_A_CARD, label=label))
    return str(_card_tapped(value, label))


def _card_tapped(value: Any, label: str) -> Card:
    """One card as the board's picker sends it ("blue skip"); anything else is refused in one line that names it."""
    if isinstance(value, Card):
        return value
    if value is None or (isinstance(value, str) and not value.strip()):
        raise NomercyError(said(_TAP_A_CARD, label=label))
    text = value.strip() if isinstance(value, str) else None
    try:
        if text is None or not text or len(text) > _LONGEST:
            raise NomercyError("not a card")
        return Card.parse(text)
    except NomercyError:
        raise NomercyError(said(_NOT_A_CARD, label=label, value=brief(value))) from None


def _too_long(label: str) -> list[str]:
    raise NomercyError(said(_TOO_MANY, label=label, most=_MOST_CARDS))


def _seat_tapped(value: Any, label: str, seats: tuple[str, ...]) -> int:
    """A seat as the board sends it (its name); anything else is refused in one line that names the seats."""
    try:
        if not isinstance(value, str) or len(value) > _LONGEST:
            raise NomercyError("not a seat")
        return seat_index(value, seats)
    except NomercyError:
        raise NomercyError(said(_NOT_A_SEAT, label=label, value=brief(value),
                                seats=Joined(tuple(seats), ", ", N_("{items}, {item}")))) from None


def seats_entry(value: Any, label: str, seats: tuple[str, ...]) -> list[str]:
    """The seats ticked (none ticked: nobody)."""
    if value in (None, ""):
        return []
    if not isinstance(value, (list, tuple)) or len(value) > len(seats):
        raise NomercyError(said(_PICK_ONE_NOT, label=label, value=brief(value)))
    return sorted(seats[_seat_tapped(seat, label, seats)] for seat in value)


def playable_entry(value: Any, label: str, seats: tuple[str, ...]) -> list[str]:
    """The cards a learner says a seat can play: a list (none tapped: it can play nothing), card text, or "none"."""
    if isinstance(value, (list, tuple)):
        return cards_entry(value, label, seats)
    text = str(value).strip()
    return [] if text.lower() in ("none", "nothing", "-") else cards_entry(text, label, seats)


_MOST_CARDS = 200
"""The most cards a seat's answer may list (a hand of No Mercy is knocked out at 25)."""
_LONGEST = 2000
"""The longest text a typed answer may be (a long hand in notation fits many times)."""
_WHOLE = N_("{label}: enter a whole number, 0 or more.")
_WHOLE_NOT = N_("{label}: enter a whole number, 0 or more, not {value}.")
_A_NUMBER = N_("{label}: enter a number.")
_PICK_ONE = N_("{label}: pick one.")
_PICK_SEAT = N_("{label}: pick a seat.")
_PICK_ONE_NOT = N_("{label}: pick one of the answers shown, not {value}.")
_TAP_A_CARD = N_("{label}: tap a card.")
_NOT_A_CARD = N_("{label}: {value} is not a card; tap one of the cards shown.")
_NOT_CARDS = N_("{label}: {value} is not a list of cards; tap the cards shown.")
_TOO_MANY = N_("{label}: at most {most} cards.")
_NOT_A_SEAT = N_("{label}: {value} is not a seat here; the seats are {seats}.")
