"""The puzzle on each topic's board in notebook 10, which the appendix works out move by move.

One list that both notebooks read, so the appendix can never answer a puzzle the boards do not show. Most
topics show their easiest puzzle (by level, then by id); two show another, for the reason beside it.
"""

from __future__ import annotations

__all__ = ["BOARD_PUZZLES"]

BOARD_PUZZLES: dict[str, str] = {
    "drawing": "draw-until-playable",
    "first-card": "buried-roulette",
    "stacking": "bm-ten-is-coming",
    "mercy": "bm-twenty-one-facing-four",
    "sevens-zeros": "bm-swap-with-the-shortest-hand",
    "action-cards": "bm-skip-all-then-win",
    "discard-all": "bm-discard-all-to-win",
    "roulette": "roulette-on-stack",
    "reverse-draw-four": "wild-reverse-four-players",
    "two-player": "bm-two-player-reverse-to-win",
    "uno-call": "cannot-catch-two-cards",  # a catch, not which card to keep
    "winning-scoring": "last-plus-ten-no-draw",  # every hand it scores is shown
    "empty-pile": "draw-stops-short",
    "classic": "bm-classic-skip-two-players",
    "options": "draw-official",
}
"""Each topic's board puzzle, in the order of notebook 10's boards."""
