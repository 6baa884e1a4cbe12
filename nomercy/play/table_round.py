"""One round at a table: the only object that touches the :class:`~nomercy.play.game.Game`.

A :class:`TableRound` owns the game of the round, its log (each line twice: with the ruling's words, and as a
front end shows it), the undo marks before each person's decision, the latest move as the table shows it, and
the UNO moment of the people down to one card. The :class:`~nomercy.play.table.TableSession` asks it to play,
replay, take back and tell; nothing outside reads its insides.

>>> from nomercy.play.game import Game
>>> round_ = TableRound(1, Game("no-mercy", ["You", "Bo"], seed=3), people=(0,))
>>> round_.lines[0]["sentence"]
'Round 1: No Mercy rules.'
"""

from __future__ import annotations

import copy
import time
from typing import Any, Sequence

from nomercy.core import wording
from nomercy.core.events import Event
from nomercy.core.moves import Move
from nomercy.core.state import GameState
from nomercy.play.game import Game, GameRecord
from nomercy.play.table_coach import ReviewInSlices
from nomercy.play.table_text import event_entry, move_entry, move_summary
from nomercy.play.table_undo import Mark
from nomercy.play.transcript import Transcript
from nomercy.play.uno_moment import Clock, UnoMoment

__all__ = ["TableRound"]

_RULING_WORDS = ("title", "text")  # what a front end gets once, for every ruling, not on every line


class TableRound:
    """Round ``number`` at a table, dealt already (``game``); ``people`` are the seats people play, ``clock``
    times their UNO moments. It opens with its header line and the deal's own events in the log."""

    def __init__(self, number: int, game: Game, *, people: tuple[int, ...], clock: Clock = time.monotonic) -> None:
        self.number = number
        self._game = game
        self._people = people
        self._lines: list[dict[str, Any]] = []
        self._shown: list[dict[str, Any]] = []  # the same lines without the ruling's words
        self._marks: list[Mark] = []  # before each person's decision: moves, log lines, whose, the decision
        self._last: dict[str, Any] | None = None  # the latest move as the table shows it
        self._moment = UnoMoment(clock)  # people down to one card, not yet called: since when
        # the seed is in the round's record (Export), not in the words a card player reads
        self.note(wording.ROUND_STARTS.format(number=number, rules=wording.rules_name(game.state.rules.name)), "round")
        self._log_events(game.start_events)  # first-card effects included

    # ------------------------------------------------------------------ reading the round
    @property
    def state(self) -> GameState:
        return self._game.state

    @property
    def move_count(self) -> int:
        return self._game.move_count

    @property
    def events(self) -> tuple[Event, ...]:
        return self._game.events

    @property
    def seed(self) -> int:
        """The seed the round was dealt from."""
        return self._game.start.seed

    @property
    def dealer(self) -> int:
        return self._game.start.dealer

    @property
    def lines(self) -> list[dict[str, Any]]:
        """Every line of the log: sentence, kind, and the ruling behind it (title and text)."""
        return list(self._lines)

    def latest_lines(self, count: int) -> list[dict[str, Any]]:
        """The latest ``count`` lines as a front end shows them (without the ruling's words)."""
        return self._shown[-count:]

    @property
    def marks(self) -> tuple[Mark, ...]:
        return tuple(self._marks)

    @property
    def last(self) -> dict[str, Any] | None:
        return self._last

    @property
    def in_moment(self) -> frozenset[int]:
        """The people in their UNO moment (one card, uncalled, not caught yet)."""
        return frozenset(seat for seat in self._people if seat in self._moment)

    def uno_wait(self, pace: float) -> float:
        """Seconds before a computer may catch a person in their UNO moment (0 when none may be)."""
        return self._moment.wait(pace=pace)

    def too_early(self, move: Move, pace: float) -> bool:
        """Whether ``move`` catches a person still inside their UNO moment."""
        return self._moment.too_early(move, pace=pace)

    def next_computer_move(self) -> Move | None:
        return self._game.next_computer_move()

    def record(self) -> GameRecord:
        return self._game.record()

    def transcript(self) -> Transcript:
        return self._game.transcript()

    def review(self, seat: int, *, seed: int) -> ReviewInSlices:
        """The coach's review of ``seat`` in this round, to run a slice at a time."""
        return ReviewInSlices(self._game, seat, seed=seed)

    # ------------------------------------------------------------------ changing the round
    def play(self, move: Move, *, decided: bool = False) -> None:
        """``move`` through :meth:`Game.play` (which shows it to the computers that remember), then on the table;
        ``decided``: a person's decision, marked to go back to."""
        before = self.state
        mark = Mark(self.move_count, len(self._lines), move.seat, before.move_text(move))
        events = self._game.play(move)
        if decided:
            self._marks.append(mark)
        self._show_move(before, move, events)

    def replay(self, moves: Sequence[Move | str]) -> None:
        """A record's moves through :meth:`Game.replay`, marked where a person made them (a refused move raises)."""
        self._game.replay(moves, observe=self._replayed)

    def take_back(self) -> tuple[Mark, int]:
        """Undo the latest mark: the decision and every move after it, and their log lines; the mark, and how many
        moves were made after the decision (computers', a call with it)."""
        mark = self._marks.pop()
        after = self.move_count - mark.moves - 1
        while self.move_count > mark.moves:
            self._game.undo()
        del self._lines[mark.lines:]
        del self._shown[mark.lines:]
        self._moment.clear()
        self._moment.follow(self.state.catchable, self._people)
        self._last = None
        return mark, after

    def note(self, sentence: str, kind: str = "note") -> None:
        """A line in the log with no ruling behind it (a new round, an undo, a refused move)."""
        self._add_line(move_entry(sentence, len(self._lines) + 1, kind=kind))

    def _replayed(self, before: GameState, move: Move, events: tuple[Event, ...], after: GameState) -> None:
        if move.seat in self._people:
            self._marks.append(Mark(self.move_count - 1, len(self._lines), move.seat, before.move_text(move)))
        self._show_move(before, move, events)

    def _show_move(self, before: GameState, move: Move, events: Sequence[Event]) -> None:
        self._log_events(events)
        self._last = {**move_summary(before, move, events), "computer": move.seat not in self._people,
                      "n": self.move_count}
        self._moment.follow(self.state.catchable, self._people)

    def _log_events(self, events: Sequence[Event]) -> None:
        for event in events:
            self._add_line(event_entry(event, len(self._lines) + 1))

    def _add_line(self, line: dict[str, Any]) -> None:
        self._lines.append(line)
        self._shown.append({k: v for k, v in line.items() if k not in _RULING_WORDS})

    def __copy__(self) -> "TableRound":
        """The round as it is now, to go back to: its game, log, marks and moment copied (the lines themselves
        are never changed in place)."""
        twin = object.__new__(TableRound)
        twin.__dict__.update(self.__dict__)
        twin._game = copy.copy(self._game)
        twin._lines, twin._shown, twin._marks = list(self._lines), list(self._shown), list(self._marks)
        twin._moment = copy.copy(self._moment)
        return twin
