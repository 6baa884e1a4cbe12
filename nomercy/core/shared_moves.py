"""Moves are values, so each is built once and shared: the lists of legal moves hand out the same objects.

Sharing changes nothing but the cost of listing moves, and :func:`~nomercy.core.engine.apply` recognises a
listed move by identity (:func:`~nomercy.core.legality.is_listed`). Keys hold card codes and color names
and a color's place in ``COLORS`` rather than cards and colors because those hash in Python, these in C. Which plays a card has is the rules'
question (:mod:`nomercy.core.legality`); this module only keeps each answer once.

>>> from nomercy.core.moves import Draw
>>> seat_move(Draw, 1) is seat_move(Draw, 1)
True
"""

from __future__ import annotations

from typing import Callable, Hashable

from nomercy.core.cards import ALL_CARDS, COLORS, Card, Color, on_new_cards
from nomercy.core.moves import CallUno, Challenge, Draw, Move, Pass, Play

__all__ = ["SIMPLE_PLAYS", "plays_row", "simple_plays", "swap_plays", "shared_play", "shared_move", "seat_move"]

SIMPLE_PLAYS: list[list[tuple[Play, ...] | None]] = []
"""Each seat's row of :func:`plays_row`, read as it is on the hot path (a seat past its end: ask :func:`plays_row`)."""
_SWAP_PLAYS: dict[Hashable, tuple[Play, ...]] = {}
_SHARED_PLAYS: dict[tuple[int, int, int, int | None, int], Play] = {}
_SHARED_MOVES: dict[tuple[type, int, object], Move] = {}
_SEAT_MOVES: dict[type, list[Move]] = {Draw: [], Pass: [], CallUno: [], Challenge: []}


def plays_row(seat: int) -> list[tuple[Play, ...] | None]:
    """The seat's row of the shared plays of cards with no choice but their color, by card code (filled as
    cards are first seen: ``None`` until then)."""
    while len(SIMPLE_PLAYS) <= seat:
        SIMPLE_PLAYS.append([None] * len(ALL_CARDS))
    return SIMPLE_PLAYS[seat]


def simple_plays(seat: int, card: Card, colors: tuple[Color | None, ...]) -> tuple[Play, ...]:
    """The plays of a card that carries no choice but its color, one per color it may name (``(None,)``: none).

    Built once per seat and card and shared (looked up by seat and card code, which keeps hashing out of the
    hot path)."""
    row = plays_row(seat)
    plays = row[card.code]
    if plays is None:
        plays = row[card.code] = tuple(shared_play(seat, card, color, None, None) for color in colors)
    return plays


def swap_plays(key: Hashable, make: Callable[[], tuple[Play, ...]]) -> tuple[Play, ...]:
    """The plays of a card that swaps hands, kept by ``key`` (what they depend on); ``make`` builds them once."""
    plays = _SWAP_PLAYS.get(key)
    if plays is None:
        plays = _SWAP_PLAYS[key] = make()
    return plays


def shared_play(seat: int, card: Card, color: Color | None, target: int | None, top: Card | None) -> Play:
    """The one shared play with these choices (a 7's target, a discard-all's top), built the first time it is listed."""
    key = (seat, card.code, -1 if color is None else COLORS.index(color), target, -1 if top is None else top.code)
    play = _SHARED_PLAYS.get(key)
    if play is None:
        play = _SHARED_PLAYS[key] = Play(seat, card, color, target, top)
    return play


def shared_move(kind: type, seat: int, detail: object) -> Move:
    """The one shared ``NameColor(seat, color)`` or ``Catch(seat, target)``."""
    key = (kind, seat, COLORS.index(detail) if type(detail) is Color else detail)
    move = _SHARED_MOVES.get(key)
    if move is None:
        move = _SHARED_MOVES[key] = kind(seat, detail)
    return move


def seat_move(kind: type, seat: int) -> Move:
    """The one shared ``Draw(seat)`` (``Pass``, ``CallUno``, ``Challenge``): a move with nothing but its seat."""
    row = _SEAT_MOVES[kind]
    while len(row) <= seat:
        row.append(kind(len(row)))
    return row[seat]


def _forget() -> None:
    """A house card was registered: card codes may mean other cards now, so the plays are built afresh."""
    SIMPLE_PLAYS.clear()
    _SHARED_PLAYS.clear()
    _SWAP_PLAYS.clear()


on_new_cards(_forget)
