"""Why the coach swaps hands with this seat and not another: a 7's reason names what decides the target.

A learner is taught to swap with the smallest hand (the Learn stage "A seven swaps hands"); when the coach picks
another seat, its reason says why, so the lesson and the coach never seem to disagree.
"""

from __future__ import annotations

from nomercy.core.state import GameState
from nomercy.play.coach_reasons import move_reason
from nomercy.puzzles.stage import default_learn_dir, load_stage

SEVEN = default_learn_dir() / "5-sevens-and-zeros" / "seven-swaps-hands.yaml"
"""You hold 6 cards with a red 7, Bo 2 cards, Cy 9; Bo plays right after you."""


def _reason(state: GameState, move: str) -> str:
    return str(move_reason(state, 0, state.parse_move(move))[0])


def _keeping(state: GameState, seat: int, count: int) -> GameState:
    """The same table with ``seat`` holding only its first ``count`` cards (the others put back on the draw pile)."""
    text = state.to_text()
    hands = text.split("hands:")[1].split(" ")[0].split("/")
    cards = hands[seat].split(",")
    hands[seat] = ",".join(cards[:count])
    text = text.replace("hands:" + text.split("hands:")[1].split(" ")[0], "hands:" + "/".join(hands))
    return GameState.from_text(text.replace("draw:", "draw:" + ",".join(cards[count:]) + ",", 1))


def test_a_swap_with_the_smallest_hand_says_so() -> None:
    state = load_stage(SEVEN).start()
    assert _reason(state, "You plays red 7 swapping with Bo") == (
        "Swap hands with Bo, who holds the fewest cards: you give away 5 cards and get 2 cards back.")


def test_a_swap_with_a_bigger_hand_says_why_not_the_smallest() -> None:
    state = load_stage(SEVEN).start()
    assert _reason(state, "You plays red 7 swapping with Cy") == (
        "Swap hands with Cy: you give away 5 cards and get 9 cards back; a swap with Bo, who holds fewer cards, did "
        "clearly worse in the imagined rounds.")
    # with one card to give, the smallest hand would play it at once: it plays right after you
    small = _keeping(state, 0, 2)  # the red 7 and a blue 1
    assert _reason(small, "You plays red 7 swapping with Cy") == (
        "Swap hands with Cy, not Bo: Bo plays right after you and would start with your 1 card; you get 9 cards back.")


def test_a_swap_when_the_other_hands_are_the_same_size_names_no_smallest() -> None:
    state = _keeping(load_stage(SEVEN).start(), 2, 2)  # Cy down to 2 cards, as Bo
    for target in ("Bo", "Cy"):
        assert _reason(state, f"You plays red 7 swapping with {target}") == (
            f"Swap hands with {target}: you give away 5 cards and get 2 cards back.")
