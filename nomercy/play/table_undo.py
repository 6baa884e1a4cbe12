"""Undo at a table: a person takes back their own latest decision, and the moves made after it.

Before each decision of a person the :class:`~nomercy.play.table.TableSession` keeps a :class:`Mark` (moves made,
log lines, whose decision, the move in notation); undo goes back to the latest one. In hot-seat it is the
person at the screen's own decision only, so one person never takes back another's. Who may undo what, and why
not, is a rule of the table of its own: these are pure functions over values (the marks, the screen, the seats),
and the session applies what they say.
"""

from __future__ import annotations

from typing import NamedTuple, Sequence

from nomercy.core.errors import NomercyError, brief
from nomercy.core.i18n import N_
from nomercy.core.refusals import Count, Refusal, refusal, said
from nomercy.core.said import n_
from nomercy.core.wording import is_you, plural, possessive
from nomercy.play.hot_seat import Screen

__all__ = ["Mark", "undo_line", "undo_label", "who_may_undo", "why_no_undo"]


class Mark(NamedTuple):
    """Where the table stood before a person's decision, to go back to: moves made, log lines, the person's seat,
    the decision in notation."""

    moves: int
    lines: int
    seat: int
    move: str


def who_may_undo(screen: Screen) -> int | None:
    """The person at the screen, who may take back their own last decision: the one person at the table, or
    in hot-seat the last person whose hand was shown (until the next person shows theirs)."""
    if len(screen.people) == 1:
        return screen.people[0]
    return screen.viewer if screen.viewer in screen.people else None


def why_no_undo(allowed: bool, marks: Sequence[Mark], screen: Screen, seats: Sequence[str],
                over: bool = False) -> str | None:
    """Why undo is not offered now, or ``None``. A person takes back only their own latest decision: in
    hot-seat, once another person has decided since, that decision is theirs to take back, never the
    screen's (and it stands once the screen has passed to the next person's hand). A round that is over
    stays over (``over``): it is replayed, not undone."""
    if not allowed:
        return refusal(UNDO_OFF)
    if over:
        return refusal(UNDO_OVER)
    if not marks:
        return refusal(NOTHING_TO_UNDO)
    last = marks[-1]
    undoer = who_may_undo(screen)
    if undoer == last.seat:
        return None
    owner = seats[last.seat]
    if undoer is None:
        return Refusal(LATEST_SHOW_FIRST, {"player": owner, "move": last.move},
                       f"The latest decision is {possessive(owner)} ({last.move}): show a hand first.")
    return Refusal(LATEST_NOT_YOURS, {"player": owner, "move": last.move, "screen": seats[undoer]},
                   f"The latest decision is {possessive(owner)} ({last.move}): only {owner} can take it back, and the "
                   f"screen has passed to {seats[undoer]}.")


def undo_line(seats: Sequence[str], mark: Mark, after: int, *, said_as: str | None = None) -> str:
    """The log's line for taking back ``mark``: the decision, and how many moves made ``after`` it (computers', a
    call with it) went with it. ``said_as``: the decision as a table in another language says it (the session gives
    a :class:`~nomercy.play.said_at_table.MoveSaid`, the person's own button's words); without it, its notation."""
    if said_as is not None and (not isinstance(said_as, str) or str.__str__(said_as) != mark.move):
        raise NomercyError(f"the decision taken back is said as its own notation ({mark.move!r}), not {brief(said_as)}")
    name = seats[mark.seat]
    english = (f"{name} took back {possessive(name)} last decision: {mark.move}"
               + (f" (and the {plural(after, 'move')} after it)." if after else "."))
    moves = Count(after, *n_("{count} move", "{count} moves"))
    if is_you(name):
        message = (N_("You took back your last decision: {move} (and the {moves} after it).") if after
                   else N_("You took back your last decision: {move}."))
    else:
        message = (N_("{player} took back their last decision: {move} (and the {moves} after it).") if after
                   else N_("{player} took back their last decision: {move}."))
    return said(message, english, player=name, move=mark.move if said_as is None else said_as, moves=moves)


def undo_label(screen: Screen, seats: Sequence[str]) -> str:
    """What the undo button takes back; in hot-seat, whose move that is."""
    undoer = who_may_undo(screen)
    if len(screen.people) < 2 or undoer is None:
        return "Undo my last move"
    return f"Undo {possessive(seats[undoer])} last move"


# Why undo is not offered, and the hot-seat's undo button, as messages of the catalogs (said again in a table's
# language by nomercy.core.refusals.refusal_words and nomercy.play.said_at_table).
UNDO_OFF = N_("Undo is off in match play (start the table with undo=True to allow it).")
NOTHING_TO_UNDO = N_("There is nothing of yours to take back yet.")
UNDO_OVER = N_("The round is over: replay this deal or start the next round.")
LATEST_SHOW_FIRST = N_("The latest decision is {player}'s ({move}): show a hand first.")
LATEST_NOT_YOURS = N_("The latest decision is {player}'s ({move}): only {player} can take it back, and the screen "
                      "has passed to {screen}.")
UNDO_SOMEONES = N_("Undo {player}'s last move")
