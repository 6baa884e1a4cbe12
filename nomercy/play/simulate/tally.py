"""What one game contributes to a run's figures, and the running totals: exact integer tallies, merged in any order.

A run's figures are the same on one worker or many because a :class:`Tally` only adds whole numbers:
merging the tallies of any split of the games gives the tally of the whole.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from nomercy.play.record import GameRecord
from nomercy.core.records import made_by_the_package

__all__ = ["GameSummary", "Tally"]


@made_by_the_package("the simulation lab writes one for each game it plays (play_game)")
@dataclass(frozen=True)
class GameSummary:
    """What one finished game contributes to the statistics, and (when kept) its record, which replays it.

    ``record`` is the game's :class:`~nomercy.play.record.GameRecord` (rules, seats, seed, dealer, every
    move in notation): ``Game.from_record(summary.record)`` plays it again, move by move.
    """

    index: int
    seed: int
    bots: tuple[str, ...]
    winner: int
    end_reason: str
    turns: int
    moves: int
    knockouts: int
    largest_hand: int
    reshuffles: int
    record: GameRecord | None = None

    def as_dict(self) -> dict[str, Any]:
        """The summary as JSON-ready data (a line of ``nomercy simulate --records``), with the winner's bot named,
        and the game's record (:meth:`GameRecord.to_data <nomercy.play.record.GameRecord.to_data>`) when kept."""
        data = {"index": self.index, "seed": self.seed, "bots": list(self.bots), "winner": self.winner,
                "winner_bot": self.bots[self.winner], "end_reason": self.end_reason, "turns": self.turns,
                "moves": self.moves, "knockouts": self.knockouts, "largest_hand": self.largest_hand,
                "reshuffles": self.reshuffles}
        if self.record is not None:
            data["record"] = self.record.to_data()
        return data



@dataclass
class Tally:
    """Running totals of many games; memory does not grow with the number of games."""

    players: int
    games: int = 0
    turns: Counter[int] = field(default_factory=Counter)
    moves: int = 0
    endings: Counter[str] = field(default_factory=Counter)
    knockouts: Counter[int] = field(default_factory=Counter)
    largest_hand: int = 0
    reshuffles: int = 0
    wins_by_seat: list[int] = field(default_factory=list)
    wins_by_bot: Counter[str] = field(default_factory=Counter)
    seats_by_bot: Counter[str] = field(default_factory=Counter)

    def __post_init__(self) -> None:
        if not self.wins_by_seat:
            self.wins_by_seat = [0] * self.players

    def add(self, game: GameSummary) -> None:
        self.games += 1
        self.turns[game.turns] += 1
        self.moves += game.moves
        self.endings[game.end_reason] += 1
        self.knockouts[game.knockouts] += 1
        self.largest_hand = max(self.largest_hand, game.largest_hand)
        self.reshuffles += game.reshuffles
        self.wins_by_seat[game.winner] += 1
        self.wins_by_bot[game.bots[game.winner]] += 1
        self.seats_by_bot.update(game.bots)

    def merge(self, other: "Tally") -> None:
        self.games += other.games
        self.turns.update(other.turns)
        self.moves += other.moves
        self.endings.update(other.endings)
        self.knockouts.update(other.knockouts)
        self.largest_hand = max(self.largest_hand, other.largest_hand)
        self.reshuffles += other.reshuffles
        self.wins_by_seat = [a + b for a, b in zip(self.wins_by_seat, other.wins_by_seat)]
        self.wins_by_bot.update(other.wins_by_bot)
        self.seats_by_bot.update(other.seats_by_bot)

