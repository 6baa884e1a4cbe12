"""How the expert judges a playout it cut off before the end of the round (``_value``)."""

from __future__ import annotations

import pytest

from conftest import with_fields
from nomercy import legal_moves, new_game
from nomercy.core.errors import PlayerError
from nomercy.play.players.expert import ExpertPlayer, _value


def _two_hands(mine: int, theirs: int, **changes):
    """A two-player No Mercy table where A holds ``mine`` cards and B ``theirs`` (cards moved from the pile)."""
    state = new_game("no-mercy", 2, seed=3)
    pile = list(state.hands[0] + state.hands[1] + state.draw_pile)
    hands = (tuple(pile[:mine]), tuple(pile[mine:mine + theirs]))
    return with_fields(state, hands=hands, draw_pile=tuple(pile[mine + theirs:]), **changes)


def test_fewer_cards_is_the_better_share():
    state = _two_hands(3, 9)
    assert _value(state, 0) > 0.5 > _value(state, 1)
    assert _value(state, 0) + _value(state, 1) == pytest.approx(1.0)


def test_by_default_a_pending_draw_is_not_counted():
    calm, stacked = _two_hands(5, 5), _two_hands(5, 5, pending=10, stack_value=10, turn=1)
    assert _value(stacked, 0) == _value(calm, 0) == pytest.approx(0.5)


def test_with_threats_the_pending_draw_counts_against_the_seat_that_must_answer_it():
    stacked = _two_hands(5, 5, pending=4, stack_value=4, turn=1)
    assert _value(stacked, 0, threats=True) > 0.5 > _value(stacked, 1, threats=True)


def test_with_threats_a_draw_that_reaches_the_mercy_limit_counts_as_knocked_out():
    """B holds 20 and faces +6: 26 cards, past the mercy limit of 25, unless B passes it on."""
    facing = _two_hands(12, 20, pending=6, stack_value=6, turn=1)
    assert _value(facing, 0, threats=True) == 1.0
    assert _value(facing, 1, threats=True) == 0.0


def test_threats_is_a_switch_of_the_expert():
    assert ExpertPlayer(threats="on").threats is True
    assert ExpertPlayer().threats is False
    with pytest.raises(PlayerError, match="threats"):
        ExpertPlayer(threats="maybe")



@pytest.mark.parametrize("candidates", [2, 3, 5, 7, 9, 11])
def test_the_search_spends_its_whole_budget_whatever_the_number_of_candidates(candidates):
    """Each round weighs the survivors on new tables; the last two share what is left, so no playout is wasted.

    (Only the rounding of a round's share into whole tables may leave a few, fewer than
    the candidates in that round.)
    """
    from nomercy.play.players.expert import _halving

    state = new_game("no-mercy", 2, seed=3)
    view = state.view(state.turn)
    moves = list(legal_moves(state))
    weighed = (moves * candidates)[:candidates]  # the same moves may be weighed twice: only the counting matters
    expert = ExpertPlayer(seed=1, iterations=200, depth=4, max_time=None, memory=False)
    weighing = expert.weigh(view, weighed)
    assert 200 - sum(_halving(candidates)) < weighing.playouts <= 200


def _searcher(seed, confidence):
    return ExpertPlayer(seed=seed, iterations=60, depth=6, max_time=None, memory=False, confidence=confidence)


def _a_search_that_found_a_better_move():
    """An opening decision of two-player No Mercy where another move beat the reference on the shared tables.

    Returns the expert's seed, the view, the candidates, that move and its lead in standard errors.
    """
    for seed in range(40):
        state = new_game("no-mercy", 2, seed=seed)
        view = state.view(state.turn)
        expert = _searcher(seed, 0)
        candidates = expert.shortlist(view, legal_moves(state))
        if len(candidates) < 2:
            continue
        weighing = expert.weigh(view, candidates)
        if weighing.choice == candidates[0]:
            continue
        lead, error, _ = weighing.paired_difference(weighing.choice, candidates[0])
        if lead > 0 and error > 0:
            return seed, view, candidates, weighing.choice, lead / error
    raise AssertionError("no opening decision of seeds 0 to 39 had a move beating the reference")


def test_another_move_replaces_the_reference_only_when_it_leads_by_confidence_standard_errors():
    """The same seed deals the same tables whatever the confidence: only the last comparison changes."""
    seed, view, candidates, better, lead = _a_search_that_found_a_better_move()
    assert _searcher(seed, lead * 0.99).weigh(view, candidates).choice == better
    assert _searcher(seed, lead * 1.01).weigh(view, candidates).choice == candidates[0]


def test_confidence_is_a_number_of_standard_errors_zero_or_more():
    assert ExpertPlayer().confidence == 1.0
    assert ExpertPlayer(confidence=0).confidence == 0.0
    for wrong in (-1, "high", True, float("inf"), float("nan")):
        with pytest.raises(PlayerError, match="confidence"):
            ExpertPlayer(confidence=wrong)
