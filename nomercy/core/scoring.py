"""Round scoring (ruling ``scoring``).

The winner of a round scores the cards left in the other hands that are still in
the round (numbers at face value, colored actions 20, wilds 50) plus the rules'
knockout bonus for every player the mercy rule knocked out that round. Playing
rounds until a score target is a match (:mod:`nomercy.play.match`).
"""

from __future__ import annotations

from nomercy.core.state import GameState

__all__ = ["round_points"]


def round_points(state: GameState) -> int:
    """What the winner of a finished round scores (0 while the round goes on)."""
    if state.winner is None:
        return 0
    cards = sum(
        card.points
        for seat, hand in enumerate(state.hands)
        if seat != state.winner and seat not in state.out
        for card in hand
    )
    return cards + len(state.out) * state.rules.knockout_bonus
