"""The table at one moment, as one frozen value: everything an intent at a :class:`~nomercy.play.table.TableSession`
may change (its setup, the match, the round, the screen, what it waits for, the review, the export).

The session keeps one :class:`TableNow` and changes it only by making the next one, so a transaction is a swap:
it keeps the value it started from and puts it back when the intent is refused or breaks.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Mapping

from nomercy.play.hot_seat import Screen
from nomercy.play.match import Match
from nomercy.play.players import Player
from nomercy.play.table_coach import ReviewRun
from nomercy.play.table_round import TableRound
from nomercy.play.table_setup import TableSetup
from nomercy.play.table_turns import Queued
from nomercy.play.table_view import TableFrame
from nomercy.play.table_waits import IntentKind, Waits, YourMove

__all__ = ["TableNow"]


@dataclass(frozen=True)
class TableNow:
    """The table at one moment, as one value: everything an intent may change. A transaction keeps the value it
    started from and puts it back when the intent is refused or breaks; nothing in it is changed in place (the
    round copies its game before a move, the review its playouts; the computers' memories follow the moves they
    see, and start again from the position when a move they saw is taken back)."""

    setup: TableSetup
    seed: int  # the match's seed: the table's first one, then each "Start over"'s
    reshuffles: int  # "Start over" deals from the next seed of a sequence fixed by the first one
    bots: Mapping[int, Player]  # the computer players, by seat
    match: Match | None
    round: TableRound
    screen: Screen  # whose hand is shown (hot-seat: hidden until asked)
    waits: Waits = YourMove()  # what the table waits for from the person at the screen
    queued: Queued | None = None  # the computer move the front end is to ask for next (``advance``)
    review: ReviewRun | None = None
    export: str = ""  # the round's record after an ``export`` intent, until the next click
    imported: str | None = None  # the front end's name for the last record it loaded
    version: int = 0  # how many times the table has changed

    def meeting(self, kind: IntentKind) -> "TableNow":
        """The table as an intent of ``kind`` finds it: what that leaves of what the table waited for
        (:meth:`~nomercy.play.table_waits.YourMove.after`), and the export of the click before gone (the page's timer
        leaves it on show)."""
        return replace(self, waits=self.waits.after(kind), export=self.export if kind == "timer" else "")

    @property
    def waiting(self) -> str:
        """Who the table waits for: ``"computer"``, ``"human"``, ``"hidden"`` (a hand to show) or ``"over"``."""
        if self.round.state.is_over:
            return "over"
        if self.queued is not None:
            return "computer"
        if self.screen.hidden:
            return "hidden"
        return "human"

    def frame(self, *, coach: bool, uno_wait: float, daily: Mapping[str, str] | None) -> TableFrame:
        """This moment as the frozen frame a front end's snapshot is drawn from, with the table's settings and
        clock (``coach``, ``uno_wait``) and the deal of the day's line (``daily``)."""
        round_, setup, waits = self.round, self.setup, self.waits
        return TableFrame(
            state=round_.state, events=round_.events, move_count=round_.move_count, kinds=setup.kinds,
            humans=setup.humans, screen=self.screen, round=round_.number, is_match=setup.is_match,
            match=self.match, coach=coach, prompt=waits.prompt, advice=waits.advice, waiting=self.waiting,
            uno_armed=waits.uno_armed, uno_wait=uno_wait, in_moment=round_.in_moment,
            undo_allowed=setup.undo_allowed, marks=round_.marks, last=round_.last, daily=daily,
            imported=self.imported)
