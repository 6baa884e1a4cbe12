"""The computers' turns at a table, and the UNO moment they wait for.

After every change the computers play: at once, one move at a time, when the table's pace is 0; else one move
per ``advance`` the front end sends after ``pace`` seconds, the move chosen now and kept as a :class:`Queued`
value. Either way a computer never catches a person inside their UNO moment: that catch is queued until the
moment has passed. These functions play on a :class:`~nomercy.play.table_round.TableRound` through its public
face and return the round they made and what the table waits for next; the session keeps both.
"""

from __future__ import annotations

from typing import NamedTuple

from nomercy.core.engine import legal_moves
from nomercy.core.moves import CallUno, Move
from nomercy.play.table_round import TableRound

__all__ = ["Queued", "auto_call", "after_change", "step"]


class Queued(NamedTuple):
    """The computer move the front end is to ask for next (``advance``), chosen when ``at`` moves were made."""

    move: Move
    at: int


def auto_call(round_: TableRound, people: tuple[int, ...]) -> TableRound:
    """The round with UNO called for every person down to one card who may call it (the table's ``auto_uno``)."""
    for seat in people:
        if seat in round_.state.catchable and CallUno(seat) in legal_moves(round_.state):
            round_ = round_.played(CallUno(seat))
    return round_


def after_change(round_: TableRound, *, pace: float, people: tuple[int, ...], auto_uno: bool,
                 run_computers: bool = True) -> tuple[TableRound, Queued | None]:
    """After any move: the computers play at once (pace 0, ``run_computers``), one move at a time so a catch inside
    a person's UNO moment waits; or the next computer move is chosen for the front end to ask for. The round then,
    and the move left waiting, or ``None``."""
    if auto_uno:
        round_ = auto_call(round_, people)
    if round_.state.is_over:
        return round_, None
    if pace == 0 and run_computers:
        while not round_.state.is_over:
            move = round_.next_computer_move()
            if move is None:
                return round_, None
            if round_.too_early(move, pace):
                return round_, Queued(move, round_.move_count)
            round_ = round_.played(move)
            if auto_uno:
                round_ = auto_call(round_, people)
        return round_, None
    move = round_.next_computer_move()
    return round_, None if move is None else Queued(move, round_.move_count)


def step(round_: TableRound, queued: Queued, *, pace: float) -> tuple[TableRound, Queued | None]:
    """The queued computer move (chosen again if the table moved since), played: the round then (the same round
    when nothing was played), and the move still waiting (a catch inside a person's UNO moment, to ask for again
    when the moment is over)."""
    move = queued.move if queued.at == round_.move_count else round_.next_computer_move()
    if move is None:
        return round_, None
    if round_.too_early(move, pace):
        return round_, Queued(move, round_.move_count)
    return round_.played(move), None
