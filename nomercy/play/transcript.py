"""A game told step by step: the start, then every event with the move that caused it.

The step player, the puzzle board's "Show me" and the lessons' narrations all read
these frames, so a game is told one way everywhere.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from nomercy.core.state import GameState
from nomercy.play.game import play_line

__all__ = ["Frame", "walkthrough"]


@dataclass(frozen=True)
class Frame:
    """One step: the event's sentence and ruling, and the table after its move."""

    move: str | None          # the move that caused it (None: the starting position)
    move_number: int          # 1-based; 0 for the starting position
    sentence: str
    rule: str
    state: GameState
    refused: bool = False     # the move was refused; ``sentence`` gives the engine's reason


def walkthrough(start: GameState, moves: Sequence[str]) -> list[Frame]:
    """The frames of playing ``moves`` from ``start``: the start, then one per event.

    A refused move ends the walk with a frame saying why (puzzles about illegal
    moves end that way on purpose).
    """
    frames = [Frame(None, 0, f"The starting position: it is {start.seats[start.turn]}'s turn.", "", start)]
    state = start
    for number, move in enumerate(moves, 1):
        line = play_line(state, [move])
        if not line.completed:
            frames.append(Frame(move, number, f"{move} is refused: {line.reason}.", "", state, refused=True))
            break
        state, events = line.state, line.events
        if not events:  # pragma: no cover - every move has at least one event
            frames.append(Frame(move, number, move, "", state))
        for event in events:
            frames.append(Frame(move, number, event.sentence, event.rule, state))
    return frames
