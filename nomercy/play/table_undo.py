"""Undo at a table: a person takes back their own latest decision, and the moves made after it.

Before each decision of a person the :class:`~nomercy.play.table.TableSession` keeps a :class:`Mark` (moves made,
log lines, whose decision, the move in notation); undo goes back to the latest one. In hot-seat it is the
person at the screen's own decision only, so one person never takes back another's. Kept apart from the
session's state machine because who may undo what, and why not, is a rule of the table of its own.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, NamedTuple

from nomercy.core.wording import plural, possessive

if TYPE_CHECKING:  # the session undoes through here: only its type comes back
    from nomercy.play.table import TableSession

__all__ = ["Mark", "undo", "who_may_undo", "why_no_undo"]


class Mark(NamedTuple):
    """Where the table stood before a person's decision, to go back to: moves made, log lines, the person's seat,
    the decision in notation."""

    moves: int
    lines: int
    seat: int
    move: str


def undo(table: TableSession) -> str | None:
    why_not = why_no_undo(table)
    if why_not:
        return why_not
    mark = table._marks.pop()
    after = table.move_count - mark.moves - 1  # the moves made after the decision (computers', a call with it)
    while table.move_count > mark.moves:
        table._game.undo()
    del table._log[mark.lines:]
    del table._log_shown[mark.lines:]
    table._queued = None
    table._uno_armed = False
    table._moment.clear()
    table._moment.follow(table.state.catchable, table._humans)
    table._last = None
    table._prompt = {}
    name = table.state.seats[mark.seat]
    table._note(f"{name} took back {possessive(name)} last decision: {mark.move}"
               + (f" (and the {plural(after, 'move')} after it)." if after else "."), "undo")
    table._after_change(run_computers=False)
    if table.state.to_act == mark.seat:  # the person who took it back decides again, at the screen
        table._screen = replace(table._screen, viewer=mark.seat, hidden=False)
    return None


def who_may_undo(table: TableSession) -> int | None:
    """The person at the screen, who may take back their own last decision: the one person at the table, or
    in hot-seat the last person whose hand was shown (until the next person shows theirs)."""
    if len(table._humans) == 1:
        return table._humans[0]
    return table._screen.viewer if table._screen.viewer in table._humans else None


def why_no_undo(table: TableSession) -> str | None:
    """Why undo is not offered now, or ``None``. A person takes back only their own latest decision: in
    hot-seat, once another person has decided since, that decision is theirs to take back, never the
    screen's (and it stands once the screen has passed to the next person's hand)."""
    if not table._undo_allowed:
        return "Undo is off in match play (start the table with undo=True to allow it)."
    if not table._marks:
        return "There is nothing of yours to take back yet."
    last = table._marks[-1]
    undoer = who_may_undo(table)
    if undoer == last.seat:
        return None
    owner = table.state.seats[last.seat]
    if undoer is None:
        return f"The latest decision is {possessive(owner)} ({last.move}): show a hand first."
    return (f"The latest decision is {possessive(owner)} ({last.move}): only {owner} can take it back, and the "
            f"screen has passed to {table.state.seats[undoer]}.")
