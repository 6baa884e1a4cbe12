"""One value of a puzzle file, read as the file writes it: a seat, a card, a count, a move, some text.

The puzzle format (``puzzle-format.md``) writes cards, seats and moves in the notation's shapes, which its
JSON Schema holds as patterns (:func:`~nomercy.puzzles.schema.text_pattern`); these readers check a value
with the same pattern and say in one line what was wrong and what is allowed. Puzzles, their answers and
the learning path's stages read their values here, so each shape is read in one place.

>>> seats(["A", "B", 3], "")
('A', 'B', '3')
>>> [str(c) for c in cards(["r7", "wild +6"], "hands")]
['red 7', 'wild +6']
>>> count(-1, "pending", "p: ")
Traceback (most recent call last):
...
nomercy.core.errors.PuzzleError: p: pending is a number of cards (0 or more), not -1
"""

from __future__ import annotations

from typing import Any

from nomercy.core import inputs
from nomercy.core.cards import Card, Color
from nomercy.core.errors import NotationError, PuzzleError, brief
from nomercy.core.moves import seat_index
from nomercy.puzzles.schema import text_pattern

__all__ = ["key_name", "text", "optional_text", "whole", "count", "color", "seats", "seat_name", "seat", "cards",
           "card", "move_text"]


def key_name(key: Any) -> str:
    """A key as a message names it: plain when it is short printable text, else quoted with escapes (a key
    holding a line break must not break the message's one line)."""
    plain = isinstance(key, str) and len(key) <= 40 and key.strip() == key and key.isprintable()
    return key if plain else brief(key)


def text(value: Any, key: str, where: str) -> str:
    """Text that says something (a title, a question), without the spaces around it."""
    if not isinstance(value, str) or not value.strip():
        quote = " (quote it to make it text)" if isinstance(value, (int, float)) and not isinstance(value, bool) else ""
        raise PuzzleError(f"{where}{key} must be text, not {brief(value)}{quote}")
    if not inputs.readable(value):
        raise PuzzleError(f"{where}{key} holds a character that shows as nothing (like a zero-width space) or cannot "
                          f"be shown: write it with characters one can see")
    return value.strip()


def optional_text(value: Any, key: str, where: str) -> str:
    """Text that may be empty (an explanation, a topic)."""
    if not isinstance(value, str):
        raise PuzzleError(f"{where}{key} must be text, not {brief(value)}")
    return value.strip()


def whole(value: Any) -> int | None:
    """A whole number as the puzzle format (and JSON Schema) counts one: an integer, or a number like 2.0."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return None


def count(value: Any, key: str, where: str) -> int:
    """A number of cards: a whole number, 0 or more."""
    number = whole(value)
    if number is None or number < 0:
        raise PuzzleError(f"{where}{key} is a number of cards (0 or more), not {brief(value)}")
    return number


def color(value: Any, key: str) -> Color:
    """A color as the notation writes it (red, r, ...)."""
    if not isinstance(value, str) or not text_pattern("color").search(value):
        raise NotationError(f"{key} is a color: red, yellow, green or blue (or r, y, g, b), not {brief(value)}")
    return Color.parse(value)


def seats(value: Any, where: str) -> tuple[str, ...]:
    """The players: two or more seat names, each one word, no two alike."""
    if not isinstance(value, list) or len(value) < 2:
        raise PuzzleError(f"{where}players is a list of two or more seat names, like [A, B, C], not {brief(value)}")
    names = []
    for name in value:
        if isinstance(name, bool):
            raise PuzzleError(f"{where}players: {str(name).lower()} is a yes/no value in YAML, not a seat name; "
                              f"quote it ('{str(name).lower()}') to use it as a name")
        seat_text = seat_name(name)
        if seat_text is None:
            raise PuzzleError(f"{where}players: a seat name is one word (moves name seats), not {brief(name)}")
        names.append(seat_text)
    if len({s.lower() for s in names}) != len(names):
        raise PuzzleError(f"{where}seat names must differ: {', '.join(names)}")
    try:  # the package's one check of seat names: visible, and no two alike (Zoé in two forms, Straße and STRASSE)
        return inputs.seat_names(names, error=PuzzleError)
    except PuzzleError as error:
        raise PuzzleError(f"{where}players: {error}") from None


def seat_name(value: Any) -> str | None:
    """A seat's name as a file writes it: one word, or a whole number YAML read from a name like 1."""
    number = whole(value)
    if number is not None:
        return str(number) if abs(number) < 10 ** 15 else None  # the schema's bound (exact as a float too)
    if isinstance(value, str) and text_pattern("seat").search(value):
        return value
    return None


def seat(value: Any, key: str, names: tuple[str, ...]) -> str:
    """The seat named ``value`` (a name, or a number the YAML read from a name like 1), as ``names`` spell it."""
    name = seat_name(value)
    if name is None:
        raise NotationError(f"{key}: a seat is named by one word ({', '.join(names)}), not {brief(value)}")
    return names[seat_index(name, names)]


def cards(value: Any, key: str) -> tuple[Card, ...]:
    """Cards written as a list of card texts, or one card text."""
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list):
        raise NotationError(f"{key} is a list of cards, like [red 5, wild +6], not {brief(value)}")
    return tuple(card(one, key) for one in value)


def card(value: Any, key: str) -> Card:
    """One card text of a file: the notation's forms (``red 7``, ``r7``, ``wild +6``, any case), nothing looser."""
    if not isinstance(value, str):
        raise NotationError(f"{key} is one card written as text, like red 7, not {brief(value)}")
    parsed = Card.parse(value)  # its message says what is wrong with an unknown card
    if not text_pattern("card").search(value):
        raise NotationError(f"{key}: write the card {brief(value)} as {parsed} (the forms are like red 7, r7, "
                            "blue skip, wild +6, w+6)")
    return parsed


def move_text(value: Any, key: str) -> str:
    """One move text of a file (``key`` says where it stands), in the notation's shape (``A plays red 7``, ``B draws``, ``C names blue``)."""
    if not isinstance(value, str) or not text_pattern("move").search(value):
        raise NotationError(f"{key}: cannot read move {brief(value)}: write '<seat> plays <card>', '<seat> draws', "
                            "'<seat> passes', '<seat> names <color>', '<seat> calls uno', '<seat> catches <seat>' or "
                            "'<seat> challenges', with one space between the words")
    return value
