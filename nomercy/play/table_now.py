"""The table at one moment, as one frozen value: everything an intent at a :class:`~nomercy.play.table.TableSession`
may change (its setup, the match, the round, the screen, what it waits for, the review, the export).

The session keeps one :class:`TableNow` and changes it only by making the next one, so a transaction is a swap:
it keeps the value it started from and puts it back when the intent is refused or breaks. The rounds' lifecycle is
the value's too: the table it opens on (:meth:`TableNow.opening`), a deal at its seats (:meth:`TableNow.deal`), and
the round after this one, in a match or not (:meth:`TableNow.next_deal`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Mapping

from nomercy.core.seeds import short_seed
from nomercy.play.game import Game
from nomercy.play.hot_seat import Screen
from nomercy.play.match import Match
from nomercy.play.players import Player
from nomercy.play.table_review import ReviewRun
from nomercy.play.table_round import TableRound
from nomercy.play.table_setup import TableSetup
from nomercy.play.table_turns import Queued
from nomercy.play.table_view import TableFrame
from nomercy.play.table_waits import IntentKind, Waits, YourMove
from nomercy.play.uno_moment import Clock

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

    @classmethod
    def opening(cls, setup: TableSetup, seed: int, number: int = 1, *, reshuffles: int = 0, clock: Clock,
                version: int) -> "TableNow":
        """The table with the first round dealt from ``seed`` (a new match when the setup plays one), numbered
        ``number``, its screen on the people's side; dealt whole before a table switches to it."""
        bots = setup.computers(seed)
        match = Match.start(setup.rules, setup.seats, seed=seed) if setup.is_match else None
        game = Game(setup.rules, setup.seats, seed=match.game.seed if match else seed,
                    dealer=match.game.dealer if match else None, computers=bots)
        return cls(setup, seed, reshuffles, bots, match, TableRound.dealt(number, game, people=setup.humans, clock=clock),
                   Screen.for_people(setup.humans), version=version)

    def meeting(self, kind: IntentKind) -> "TableNow":
        """The table as an intent of ``kind`` finds it: what that leaves of what the table waited for
        (:meth:`~nomercy.play.table_waits.YourMove.after`), and the export of the click before gone (the page's timer
        leaves it on show)."""
        return replace(self, waits=self.waits.after(kind), export=self.export if kind == "timer" else "")

    def deal(self, seed: int, dealer: int | None) -> Game:
        """A round dealt at this table from ``seed`` (the check that can fail, made before the table switches to it)."""
        return Game(self.setup.rules, self.setup.seats, seed=seed, dealer=dealer, computers=self.bots)

    def next_deal(self) -> tuple[Match | None, int, Game] | str:
        """The round after this one: the match with this round scored (``None`` outside a match), the next round's
        number and its deal; or why there is none yet (the round goes on, the match is over).

        Outside a match each round is dealt from the next seed of the table's own sequence, so a table replays the
        same; in a match the match deals."""
        state = self.round.state
        if not state.is_over:
            return "The round is still being played: finish it before dealing the next one."
        if self.match is None:
            number = self.round.number + 1
            return None, number, self.deal(short_seed(self.seed, "round", number), None)
        match = self.match.with_game(state)
        if match.is_over:
            return f"The match is over: {match.winner} reached {match.target} points. Start a new match."
        match = match.next_round()
        return match, match.round_number, self.deal(match.game.seed, match.game.dealer)

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
