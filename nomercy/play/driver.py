"""The driver's loop: choose a move, apply it, show it; until the round ends or nobody has a move to make.

This is the one loop that moves a game on. :class:`~nomercy.play.game.Game` (the session,
with history, undo and records) plays every move through it, its computer players' and
a person's alike, and so do the loops that need no history: the expert's playouts, the
simulation, the puzzle generator, the fuzz tests and the benchmarks. What differs
between them is only who chooses (a :data:`Chooser`) and who watches (an :data:`Observer`).

>>> from nomercy import legal_moves, new_game
>>> end = play_out(new_game("classic", 2, seed=5), lambda state: legal_moves(state)[0])
>>> end.is_over
True

Replaying moves already made (a record, a puzzle's moves, a lesson's line, a simulated
game) is the same loop with the moves as the chooser: :func:`replay`.

>>> start = new_game("no-mercy", ["A", "B"], seed=1)
>>> replay(start, ["A plays blue skip-all"]).top_card
Card.parse('blue skip-all')
>>> replay(start, ["B draws"])
Traceback (most recent call last):
...
nomercy.core.errors.IllegalMoveError: it is A's turn, not B's
"""

from __future__ import annotations

from typing import Callable, Iterable

from nomercy.core import inputs
from nomercy.core.engine import apply
from nomercy.core.errors import NomercyError
from nomercy.core.events import Event
from nomercy.core.moves import Move
from nomercy.core.rules import ROUND_MOVE_LIMIT
from nomercy.core.state import OVER, GameState

__all__ = ["play_out", "replay", "Chooser", "Observer"]

Chooser = Callable[[GameState], "Move | None"]
"""Picks the next move in a position, or ``None`` to stop (a human is to act)."""
Observer = Callable[[GameState, Move, "tuple[Event, ...]", GameState], None]
"""Sees each move made: the position before, the move, its events, the position after."""

MOST_MOVES = 10**9
"""The largest ``max_moves`` :func:`play_out` takes (a round ends by :data:`ROUND_MOVE_LIMIT` anyway; a playout's
depth may ask for more, and stops with the round)."""

_DONE = object()  # the end of a replay's moves (a move list may hold None, which apply refuses)


def play_out(state: GameState, choose: Chooser, *, max_moves: int | None = None,
             observe: Observer | None = None) -> GameState:
    """The driver's loop without history: choose a move, ``apply`` it, show it to ``observe``; repeat.

    Stops when the round is over, when ``choose`` returns ``None``, or after ``max_moves``
    moves (``None``: :data:`~nomercy.core.rules.ROUND_MOVE_LIMIT`; the engine ends every round at
    that many moves, ruling ``move-limit``, so a round still going is a bug in the engine or a house effect).
    """
    limit = ROUND_MOVE_LIMIT if max_moves is None else inputs.whole_number(
        max_moves, "max_moves (the most moves to play)", 0, MOST_MOVES, like=100)
    for _ in range(limit):
        if state.phase is OVER:
            return state
        move = choose(state)
        if move is None:
            return state
        after, events = apply(state, move)
        if observe is not None:
            observe(state, move, events, after)
        state = after
    if max_moves is None and not state.is_over:
        raise NomercyError(f"the round did not end within {ROUND_MOVE_LIMIT} moves")
    return state


def replay(start: GameState, moves: Iterable[Move | str], *, observe: Observer | None = None) -> GameState:
    """Play ``moves`` (moves or their notation) in order from ``start``: :func:`play_out` choosing the next one.

    Every move goes through ``apply`` and is shown to ``observe``; the first move the engine
    cannot read or refuses raises its error (:class:`~nomercy.core.errors.NotationError`,
    :class:`~nomercy.core.errors.IllegalMoveError`), unchanged, after the moves before it were
    shown. A move after the round is over is refused like any other ("the round is over").
    Callers that name the refused move count the moves ``observe`` saw.
    """
    if isinstance(moves, (str, bytes, bytearray, dict)) or not hasattr(moves, "__iter__"):
        inputs.items(moves, "the moves to replay")  # refuses it in one line, as every list of moves is refused
    given = iter(moves)

    def next_given(state: GameState) -> Move | None:
        move = next(given, _DONE)
        if move is _DONE:
            return None
        if isinstance(move, str):
            return state.parse_move(move)
        if move is None:  # to a chooser None means stop; in a list of moves it is a mistake, refused by apply
            apply(state, move)  # type: ignore[arg-type]
        return move  # type: ignore[return-value]

    end = play_out(start, next_given, max_moves=MOST_MOVES, observe=observe)
    leftover = next(given, _DONE)  # the round ended with moves still to play: the engine says why the next is refused
    if leftover is not _DONE:
        apply(end, leftover)  # type: ignore[arg-type]
        raise NomercyError(f"the engine accepted a move after the round was over ({leftover!r})")
    return end
