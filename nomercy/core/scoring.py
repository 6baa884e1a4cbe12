"""Round scoring (ruling ``scoring``).

The winner of a round scores the cards left in the hands of the other players still in
the round (numbers at face value, colored actions 20, wilds 50) plus the rules'
knockout bonus for every player the mercy rule knocked out that round. Playing
rounds until a score target is a match (:mod:`nomercy.play.match`).
"""

from __future__ import annotations

from nomercy.core import inputs
from nomercy.core.state import GameState

__all__ = ["round_points", "points_counted"]


def round_points(state: GameState) -> int:
    """What the winner of a finished round scores (0 while the round goes on)."""
    if not isinstance(state, GameState):
        inputs.one_of_kind(state, GameState, inputs.POSITION)
    if state.winner is None:
        return 0
    cards = sum(
        card.points
        for seat, hand in enumerate(state.hands)
        if seat != state.winner and seat not in state.out
        for card in hand
    )
    return cards + len(state.out) * state.rules.knockout_bonus


def points_counted(state: GameState, *, by_card: bool = True) -> str:
    """How the winner's points add up, card by card, so a reader can check the sum without seeing the hands.

    Numbers count their face value; any other card shows its points in brackets. A hand
    that is empty or knocked out adds nothing of its own. ``by_card=False`` gives each hand's
    total only (a table of many rounds has no room for every card).

    >>> from nomercy.puzzles.puzzle import find_puzzle
    >>> from nomercy.core.engine import apply
    >>> state = find_puzzle("last-seven-wins").position()
    >>> print(points_counted(apply(state, "A plays red 7")[0]))
    B's blue 1 + blue 2 + blue 3 = 6; C's green 4 + green 5 = 9; 6 + 9 = 15
    >>> print(points_counted(apply(state, "A plays red 7")[0], by_card=False))
    B's 3 cards = 6; C's 2 cards = 9; 6 + 9 = 15
    """
    if state.winner is None:
        return ""
    parts, sums = [], []
    for seat, (name, hand) in enumerate(zip(state.seats, state.hands)):
        if seat == state.winner or seat in state.out or not hand:
            continue
        total = sum(c.points for c in hand)
        if by_card:
            cards = " + ".join(str(c) if c.rank.is_number else f"{c} ({c.points})" for c in hand)
        else:
            cards = f"{len(hand)} card{'s' if len(hand) > 1 else ''}"
        parts.append(f"{name}'s {cards} = {total}")
        sums.append(total)
    if state.out and state.rules.knockout_bonus:
        out = ", ".join(state.seats[s] for s in sorted(state.out))
        bonus = len(state.out) * state.rules.knockout_bonus
        parts.append(f"{state.rules.knockout_bonus} for each player knocked out ({out}) = {bonus}")
        sums.append(bonus)
    if not parts:
        return "nothing is left to count = 0"
    return "; ".join(parts) + (f"; {' + '.join(map(str, sums))} = {sum(sums)}" if len(sums) > 1 else "")
