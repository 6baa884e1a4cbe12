"""One round at a table, as a value: the only object that touches the :class:`~nomercy.play.game.Game`.

A :class:`TableRound` holds the game of the round, its log, the undo marks before each person's decision, the
latest move as the table shows it, and the UNO moment of the people down to one card. It never changes: a move
makes the next round (:meth:`TableRound.played`, on a copy of the game), so the
:class:`~nomercy.play.table.TableSession` goes back by keeping the round it had. Nothing outside reads its insides.

>>> from nomercy.play.game import Game
>>> round_ = TableRound.dealt(1, Game("no-mercy", ["You", "Bo"], seed=3), people=(0,))
>>> round_.lines[0]["sentence"]
'Round 1: No Mercy rules.'
>>> from nomercy.core.engine import legal_moves
>>> round_.played(legal_moves(round_.state)[0]).move_count, round_.move_count
(1, 0)
"""

from __future__ import annotations

import copy
import time
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Mapping, Sequence

from nomercy.core import inputs, wording
from nomercy.core.events import Event
from nomercy.core.moves import Move
from nomercy.core.state import GameState
from nomercy.play.game import Game, GameRecord
from nomercy.play.hot_seat import Screen
from nomercy.play.review_file import read_review, review_path
from nomercy.play.table_coach import TABLE_BUDGET, review_seat
from nomercy.play.table_review import ReviewRun
from nomercy.play.table_text import event_entry, move_entry, move_summary
from nomercy.play.table_undo import Mark
from nomercy.play.transcript import Transcript
from nomercy.play.uno_moment import Clock, UnoMoment

__all__ = ["TableRound"]

MOST_LOG_LINES = 100_000
"""The most log lines asked for at once (a round has at most a line or two a move, and a few thousand moves)."""
_RULING_WORDS = ("title", "text")  # what a front end gets once, for every ruling, not on every line


@dataclass(frozen=True, eq=False)
class TableRound:
    """Round ``number`` at a table (:meth:`dealt`); ``people`` are the seats people play, ``moment`` times their
    UNO moments. The game is a copy no other object holds, and the round never changes it."""

    number: int
    game: Game
    people: tuple[int, ...]
    lines: tuple[dict[str, Any], ...] = ()  # the log: sentence, kind, and the ruling behind it (never changed)
    marks: tuple[Mark, ...] = ()  # before each person's decision: moves, log lines, whose, the decision
    last: Mapping[str, Any] | None = None  # the latest move as the table shows it
    moment: UnoMoment = UnoMoment()  # people down to one card, not yet called: since when

    @classmethod
    def dealt(cls, number: int, game: Game, *, people: tuple[int, ...], clock: Clock = time.monotonic) -> "TableRound":
        """Round ``number``, dealt already (``game``), opening with its header line and the deal's own events."""
        # the seed is in the round's record (Export), not in the words a card player reads
        header = move_entry(wording.ROUND_STARTS.format(number=number, rules=wording.rules_name(game.state.rules.name)),
                            1, kind="round")
        return cls(number, game, people, _logged((header,), game.start_events), moment=UnoMoment(clock))

    # ------------------------------------------------------------------ reading the round
    @property
    def state(self) -> GameState:
        return self.game.state

    @property
    def move_count(self) -> int:
        return self.game.move_count

    @property
    def events(self) -> tuple[Event, ...]:
        return self.game.events

    @property
    def seed(self) -> int:
        """The seed the round was dealt from."""
        return self.game.start.seed

    @property
    def dealer(self) -> int:
        return self.game.start.dealer

    def latest_lines(self, count: int) -> list[dict[str, Any]]:
        """The latest ``count`` lines as a front end shows them (without the ruling's words); ``count`` is a whole
        number from 0 to :data:`MOST_LOG_LINES` (0: none)."""
        count = inputs.whole_number(count, "the number of log lines", 0, MOST_LOG_LINES, like=20)
        if count == 0:
            return []
        return [{k: v for k, v in line.items() if k not in _RULING_WORDS} for line in self.lines[-count:]]

    @property
    def in_moment(self) -> frozenset[int]:
        """The people in their UNO moment (one card, uncalled, not caught yet)."""
        return frozenset(seat for seat in self.people if seat in self.moment)

    def uno_wait(self, pace: float) -> float:
        """Seconds before a computer may catch a person in their UNO moment (0 when none may be)."""
        return self.moment.wait(pace=pace)

    def too_early(self, move: Move, pace: float) -> bool:
        """Whether ``move`` catches a person still inside their UNO moment."""
        return self.moment.too_early(move, pace=pace)

    def next_computer_move(self) -> Move | None:
        return self.game.next_computer_move()

    def record(self) -> GameRecord:
        return self.game.record()

    def transcript(self) -> Transcript:
        return self.game.transcript()

    def review(self, seat: int, *, seed: int) -> ReviewRun:
        """The coach's review of ``seat`` in this round, to run a slice at a time."""
        return ReviewRun.of(self.game, seat, seed=seed)

    def kept_review(self, save: Path, screen: Screen, *, seed: int) -> ReviewRun | None:
        """The review of the seat the review weighs (:func:`~nomercy.play.table_coach.review_seat`) kept beside the
        round's ``save`` as it ended when this round was last shown (:mod:`~nomercy.play.review_file`), or ``None``
        when there is none of this round."""
        seat = review_seat(screen)
        kept = read_review(review_path(save), self.game, self.game.record().to_json(), seat=seat, seed=seed,
                           budget=TABLE_BUDGET)
        return None if kept is None else ReviewRun.restored(self.game, seat, seed=seed, result=kept[0], seconds=kept[1])

    # ------------------------------------------------------------------ the next round
    def played(self, move: Move, *, decided: bool = False) -> "TableRound":
        """The round after ``move`` (through :meth:`Game.play`, which shows it to the computers that remember);
        ``decided``: a person's decision, marked to go back to. An illegal move raises, and this round stays."""
        before = self.state
        game = copy.copy(self.game)
        events = game.play(move)
        mark = Mark(self.move_count, len(self.lines), move.seat, before.move_text(move))
        return _showing(self, game, before, move, events, game.state, (*self.marks, mark) if decided else self.marks)

    def replayed(self, moves: Sequence[Move | str]) -> "TableRound":
        """The round after a record's moves (through :meth:`Game.replay`), marked where a person made them; a
        refused move raises, and this round stays."""
        game = copy.copy(self.game)
        steps: list[tuple[GameState, Move, tuple[Event, ...], GameState]] = []
        game.replay(moves, observe=lambda *step: steps.append(step))
        round_ = self
        for number, (before, move, events, after) in enumerate(steps, self.move_count + 1):
            marks = round_.marks
            if move.seat in self.people:
                marks = (*marks, Mark(number - 1, len(round_.lines), move.seat, before.move_text(move)))
            round_ = _showing(round_, game, before, move, events, after, marks, number)
        return round_

    def taken_back(self) -> tuple["TableRound", Mark, int]:
        """The round before its latest mark: the decision and every move after it, and their log lines gone; the
        mark, and how many moves were made after the decision (computers', a call with it)."""
        mark = self.marks[-1]
        after = self.move_count - mark.moves - 1
        game = copy.copy(self.game)
        while game.move_count > mark.moves:
            game.undo()
        moment = self.moment.cleared().followed(game.state.catchable, self.people)
        return replace(self, game=game, lines=self.lines[:mark.lines], marks=self.marks[:-1], last=None,
                       moment=moment), mark, after

    def noted(self, sentence: str, kind: str = "note") -> "TableRound":
        """The round with a line in the log that has no ruling behind it (a new round, an undo, a refused move)."""
        return replace(self, lines=(*self.lines, move_entry(sentence, len(self.lines) + 1, kind=kind)))



def _showing(round_: TableRound, game: Game, before: GameState, move: Move, events: Sequence[Event],
             after: GameState, marks: tuple[Mark, ...], number: int | None = None) -> TableRound:
    """``round_`` with ``game`` after ``move`` (move ``number`` of it, when a record's moves are shown one by one):
    its events in the log, the move as the table shows it, the UNO moment followed."""
    last = {**move_summary(before, move, events), "computer": move.seat not in round_.people,
            "n": game.move_count if number is None else number}
    return replace(round_, game=game, lines=_logged(round_.lines, events), marks=marks, last=last,
                   moment=round_.moment.followed(after.catchable, round_.people))


def _logged(lines: tuple[dict[str, Any], ...], events: Sequence[Event]) -> tuple[dict[str, Any], ...]:
    """``lines`` with a line for each of ``events``."""
    return (*lines, *(event_entry(event, len(lines) + i) for i, event in enumerate(events, 1)))
