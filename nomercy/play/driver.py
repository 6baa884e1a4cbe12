"""The driver's loop: choose a move, apply it, show it; until the round ends or nobody has a move to make.

:class:`~nomercy.play.game.Game` (the session, with history, undo and records) runs its
computer players through this loop, and so do the loops that need no history: the
expert's playouts, the simulation, the puzzle generator, the fuzz tests and the
benchmarks. What differs between them is only who chooses (a :data:`Chooser`) and who
watches (an :data:`Observer`).

>>> from nomercy import legal_moves, new_game
>>> end = play_out(new_game("classic", 2, seed=5), lambda state: legal_moves(state)[0])
>>> end.is_over
True
"""

from __future__ import annotations

from typing import Callable

from nomercy.core.engine import apply
from nomercy.core.errors import NomercyError
from nomercy.core.events import Event
from nomercy.core.moves import Move
from nomercy.core.rules import ROUND_MOVE_LIMIT
from nomercy.core.state import OVER, GameState

__all__ = ["play_out", "Chooser", "Observer"]

Chooser = Callable[[GameState], "Move | None"]
"""Picks the next move in a position, or ``None`` to stop (a human is to act)."""
Observer = Callable[[GameState, Move, "tuple[Event, ...]", GameState], None]
"""Sees each move made: the position before, the move, its events, the position after."""



def play_out(state: GameState, choose: Chooser, *, max_moves: int | None = None,
             observe: Observer | None = None) -> GameState:
    """The driver's loop without history: choose a move, ``apply`` it, show it to ``observe``; repeat.

    Stops when the round is over, when ``choose`` returns ``None``, or after ``max_moves``
    moves (``None``: :data:`~nomercy.core.rules.ROUND_MOVE_LIMIT`; the engine ends every round at
    that many moves, ruling ``move-limit``, so a round still going is a bug in the engine or a house effect).
    """
    limit = ROUND_MOVE_LIMIT if max_moves is None else max_moves
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
