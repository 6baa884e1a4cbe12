"""The coach: warnings before a move a beginner regrets, the expert's hint and why, the review of a round.

Every warning is built on a position made for it and cites the ruling behind it; a
harmless move gets none. Hints and reviews use small budgets here: the speed at the
default budget is measured in benchmarks/coach_speed.py, not in tests.
"""

from __future__ import annotations

import pytest

from conftest import play, table
from nomercy import CallUno, Game, GameState, IllegalMoveError, is_legal, legal_moves
from nomercy.core.rulebook import RULINGS
from nomercy.play.coach import DEFAULT_BUDGET, WARNING_KINDS, Hint, hint, review, reviewing, move_warnings
from nomercy.play.players import make_player, next_move, required_moves
from nomercy.play.players.expert import ExpertPlayer

BUDGET = 40  # playouts per search in these tests: enough for the positions below, quick to run


def rules_of(found) -> list[str]:
    return [w.rule for w in found]


def kinds_of(found) -> list[str]:
    return [w.kind for w in found]


def filler(cards: list[str], more: int) -> dict:
    """A hand of ``cards`` and ``more`` cards the position does not care about (other seats only)."""
    return {"cards": cards, "more": more}


def numbers(count: int) -> list[str]:
    """``count`` number cards, none of them red (so none fits the red discard piles below)."""
    return [f"{color} {n}" for color in ("yellow", "green", "blue") for n in range(10)][:count]


# --- warnings ------------------------------------------------------------------------------------------

def test_every_warning_cites_a_ruling_of_the_rulebook_in_plain_words():
    state = two_players_with_a_wild_reverse_four()
    (warning,) = move_warnings(state, "A", "A plays wild reverse +4 choosing blue")
    assert warning.kind == "comes-back" and warning.kind in WARNING_KINDS
    assert warning.rule in RULINGS
    assert warning.ruling is RULINGS[warning.rule]
    assert f"ruling {warning.rule}" in str(warning)


def two_players_with_a_wild_reverse_four() -> GameState:
    return table(players="AB", discard="blue 5",
                 hands={"A": ["wild reverse +4", "blue 1", "green 3"], "B": ["green 1", "yellow 8"]})


def test_with_two_players_a_wild_reverse_four_comes_back_to_its_player():
    found = move_warnings(two_players_with_a_wild_reverse_four(), "A", "A plays wild reverse +4 choosing blue")
    assert rules_of(found) == ["wild-reverse-four-two-players"]
    assert "comes back to you" in found[0].text
    assert "4 cards are pending for you" in found[0].text
    assert "you hold nothing that answers them" in found[0].text
    assert found[0].certain


def test_the_wild_reverse_four_that_comes_back_names_the_answers_or_the_knock_out():
    answer = table(players="AB", discard="blue 5",
                   hands={"A": ["wild reverse +4", "blue +4", "green 3"], "B": ["green 1", "yellow 8"]})
    (warning,) = move_warnings(answer, "A", "A plays wild reverse +4 choosing blue")
    assert "answer with your blue +4, or draw them" in warning.text
    crowded = table(players="AB", discard="blue 5",
                    hands={"A": ["wild reverse +4", *numbers(21)], "B": ["green 1", "yellow 8"]})
    (warning,) = move_warnings(crowded, "A", "A plays wild reverse +4 choosing blue")
    assert "drawing them takes you to 25 cards and knocks you out" in warning.text


def test_with_three_players_the_wild_reverse_four_hits_someone_else():
    state = table(players="ABC", discard="blue 5",
                  hands={"A": ["wild reverse +4", "blue 1", "green 3"], "B": ["green 1"], "C": ["green 2"]})
    assert move_warnings(state, "A", "A plays wild reverse +4 choosing blue") == ()


def test_when_the_opponent_option_sends_it_on_there_is_no_warning():
    state = table(players="AB", discard="blue 5", variant={"two_player_reverse_draw": "opponent"},
                  hands={"A": ["wild reverse +4", "blue 1", "green 3"], "B": ["green 1", "yellow 8"]})
    assert move_warnings(state, "A", "A plays wild reverse +4 choosing blue") == ()


def stack_of_six_at_nineteen_cards() -> GameState:
    """A holds 19 cards with a +4 that answers the pending +4: drawing the 6 reaches the mercy limit of 25."""
    return table(players="ABC", discard=["red +2", "blue +4"], pending=6,
                 hands={"A": ["green +4", *numbers(18)], "B": filler(["red 1"], 6), "C": filler(["red 2"], 6)})


def test_taking_a_stack_into_the_mercy_limit_knocks_you_out():
    state = stack_of_six_at_nineteen_cards()
    assert len(state.hand("A")) == 19 and state.pending == 6
    found = move_warnings(state, "A", "A draws")
    assert rules_of(found) == ["mercy", "stacking"]
    assert kinds_of(found) == ["knocked-out", "stack-declined"]
    mercy, stacking = found
    assert mercy.certain
    assert "takes you to 25 cards" in mercy.text and "knocked out" in mercy.text
    assert "Your green +4 would pass the stack on" in mercy.text
    assert "answer with your green +4" in stacking.text


def test_stacking_it_on_is_fine():
    assert move_warnings(stack_of_six_at_nineteen_cards(), "A", "A plays green +4") == ()


def test_no_warning_for_the_only_move_there_is():
    state = table(players="ABC", discard=["red +2", "blue +4"], pending=6,
                  hands={"A": numbers(19), "B": ["red 1"], "C": ["red 2"]})
    assert [state.move_text(a) for a in legal_moves(state, "A")] == ["A draws"]
    assert move_warnings(state, "A", "A draws") == ()


def test_a_draw_whose_end_is_hidden_warns_with_its_chance():
    """Drawing until a card fits at 23 cards knocks you out unless the first card drawn fits: nobody knows."""
    state = table(players="ABC", discard="red 5", variant={"voluntary_draw": True},
                  hands={"A": ["red 1", *numbers(22)], "B": ["red 2"], "C": ["red 3"]})
    (mercy,) = move_warnings(state, "A", "A draws")
    assert mercy.rule == "mercy"
    assert 0 < mercy.chance < 1
    assert "could take you to 25 cards" in mercy.text


def test_warnings_read_only_what_the_seat_can_see():
    """The same view with the hidden cards lying otherwise gives the same warnings."""
    state = table(players="ABC", discard="red 5", variant={"voluntary_draw": True},
                  hands={"A": ["red 1", *numbers(22)], "B": ["red 2"], "C": ["red 3"]})
    hidden = list(state.hands[1] + state.hands[2] + state.draw_pile)
    hidden.reverse()
    other = state.replace(hands=(state.hands[0], tuple(hidden[:1]), tuple(hidden[1:2])), draw_pile=tuple(hidden[2:]))
    assert other.view("A") == state.view("A") and other != state
    assert move_warnings(other, "A", "A draws") == move_warnings(state, "A", "A draws")


def test_playing_down_to_one_card_means_calling_uno():
    state = table(players="ABC", discard="red 4",
                  hands={"A": ["red 5", "blue 3"], "B": ["green 1"], "C": ["green 2"]})
    (uno,) = move_warnings(state, "A", "A plays red 5")
    assert (uno.kind, uno.rule) == ("uno-call", "uno")
    assert "call UNO before the next player acts" in uno.text and "draw 2" in uno.text


def test_no_uno_warning_when_being_caught_costs_nothing():
    state = table(players="ABC", discard="red 4", variant={"uno_penalty": 0},
                  hands={"A": ["red 5", "blue 3"], "B": ["green 1"], "C": ["green 2"]})
    assert move_warnings(state, "A", "A plays red 5") == ()


def test_a_harmless_move_gets_no_warning():
    state = table(players="ABC", discard="red 4",
                  hands={"A": ["red 5", "red 6", "blue 3"], "B": ["green 1", "green 4"], "C": ["green 2", "blue 9"]})
    assert move_warnings(state, "A", "A plays red 5") == ()


def test_a_player_left_uncaught_is_a_catch_let_slip():
    state = table(players="ABC", turn="B", discard="red 4",
                  hands={"A": ["red 9", "blue 1"], "B": ["red 6", "red 8"], "C": ["red 3", "green 1", "blue 2"]})
    after, _ = play(state, "B plays red 6")
    assert after.catchable == (1,)
    (catch,) = move_warnings(after, "C", "C plays red 3")
    assert (catch.kind, catch.rule) == ("catch-missed", "uno")
    assert "catch B first" in catch.text
    assert move_warnings(after, "C", "C catches B") == ()


def test_a_seven_that_swaps_into_the_bigger_hand():
    state = table(players="ABC", discard="red 4",
                  hands={"A": ["red 7", "blue 1", "blue 2"], "B": filler(["green 1"], 9),
                         "C": ["green 2", "green 3"]})
    (seven,) = move_warnings(state, "A", "A plays red 7 swapping with B")
    assert (seven.kind, seven.rule) == ("bigger-hand", "seven")
    assert "get B's 10" in seven.text and "swapping with C (2 cards)" in seven.text
    assert move_warnings(state, "A", "A plays red 7 swapping with C") == ()


def test_a_zero_that_hands_you_a_big_hand():
    state = table(players="ABC", discard="red 4",
                  hands={"A": ["red 0", "red 1", "blue 2"], "B": ["green 1"], "C": filler(["green 2"], 11)})
    (zero,) = move_warnings(state, "A", "A plays red 0")
    assert (zero.kind, zero.rule) == ("bigger-hand", "zero")
    assert "get C's 12" in zero.text
    assert move_warnings(state, "A", "A plays red 1") == ()


def test_a_classic_wild_four_played_while_holding_the_color_in_force():
    state = table(rules="classic", players="ABC", discard="red 5",
                  hands={"A": ["wild +4", "red 3", "blue 1"], "B": ["green 1"], "C": ["green 2"]})
    (bluff,) = move_warnings(state, "A", "A plays wild +4 choosing blue")
    assert (bluff.kind, bluff.rule) == ("bluff", "wild-four-restriction")
    assert "if B challenges, you draw the 4" in bluff.text
    fair = table(rules="classic", players="ABC", discard="red 5",
                 hands={"A": ["wild +4", "blue 3", "blue 1"], "B": ["green 1"], "C": ["green 2"]})
    assert move_warnings(fair, "A", "A plays wild +4 choosing blue") == ()


def test_a_challenge_that_may_cost_six():
    state = table(rules="classic", players="ABC", discard="red 5",
                  hands={"A": filler(["wild +4", "blue 3"], 5), "B": ["green 1", "yellow 2"], "C": ["green 2"]})
    after, _ = play(state, "A plays wild +4 choosing blue")
    found = move_warnings(after, "B", "B challenges")
    assert kinds_of(found) == ["challenge-lost"] and rules_of(found) == ["challenge"]
    assert "you draw 6 instead of 4" in found[0].text
    assert 0 < found[0].chance <= 1


def test_a_move_that_is_not_legal_or_not_the_seats_is_refused():
    state = two_players_with_a_wild_reverse_four()
    with pytest.raises(IllegalMoveError, match="not of A"):
        move_warnings(state, "A", "B plays green 1")
    with pytest.raises(IllegalMoveError):
        move_warnings(state, "A", "A plays green 3 choosing red")


# --- hint ----------------------------------------------------------------------------------------------

def test_the_hint_is_the_move_the_expert_would_play():
    """The coach weighs the moves with the expert's own search: its choice is what the expert plays."""
    state = Game("no-mercy", ["Ann", "Bo", "Cy"], seed=66).state
    legal = list(required_moves(state))
    playing = ExpertPlayer(seed=4, iterations=BUDGET, max_time=None, memory=False)
    weighing = ExpertPlayer(seed=4, iterations=BUDGET, max_time=None, memory=False)
    view = state.view("Ann")
    assert weighing.weigh(view, weighing.shortlist(view, legal)).choice == playing.choose(view, legal)

def test_the_same_seed_and_budget_give_the_same_hint():
    state = Game("no-mercy", ["Ann", "Bo", "Cy"], seed=66).state
    first = hint(state, "Ann", seed=5, budget=BUDGET)
    assert hint(state, "Ann", seed=5, budget=BUDGET) == first
    assert first.move in legal_moves(state, "Ann")
    assert first.position == state.to_text()


def test_a_hint_gives_the_top_three_moves_with_their_playouts_and_noise():
    state = Game("no-mercy", ["Ann", "Bo", "Cy"], seed=66).state
    tip = hint(state, "Ann", seed=2, budget=BUDGET)
    assert isinstance(tip, Hint) and tip.budget == BUDGET
    assert 1 <= len(tip.chances) <= 3
    assert [c.mean for c in tip.chances] == sorted((c.mean for c in tip.chances), reverse=True)
    assert all(0 <= c.mean <= 1 and c.playouts >= 1 and c.error >= 0 for c in tip.chances)
    assert tip.playouts == BUDGET >= sum(c.playouts for c in tip.chances)
    assert tip.chance is not None and tip.chance.label == tip.text
    assert f"{BUDGET} imagined rounds" in tip.noise and "one standard error" in tip.noise
    assert DEFAULT_BUDGET >= 100


def test_the_reason_to_stack_is_the_mercy_limit():
    tip = hint(stack_of_six_at_nineteen_cards(), "A", seed=1, budget=BUDGET)
    assert tip.text == "A plays green +4"
    assert tip.reason == "Stack your green +4: drawing 6 would take you to 25 cards and knock you out."
    assert tip.rule == "mercy" and tip.ruling is RULINGS["mercy"]
    taking = next(c for c in tip.chances if c.label == "A draws")
    assert taking.mean == 0.0  # knocked out in every playout


def test_the_reason_to_skip_is_the_next_players_last_card():
    state = table(players="ABC", discard="red 4",
                  hands={"A": ["red skip", "red 6", "blue 3", "green 7"], "B": ["red 9"],
                         "C": filler(["green 2"], 5)})
    tip = hint(state, "A", seed=1, budget=BUDGET)
    assert tip.text == "A plays red skip"
    assert tip.reason == "Play red skip: skip B, who holds only 1 card."
    assert tip.rule == "skip"


def test_the_reason_for_a_draw_card_is_the_knock_out_it_gives():
    state = table(players="ABC", discard="red 4",
                  hands={"A": ["red +2", "red 6", "blue 3"], "B": filler(["green 9"], 22),
                         "C": filler(["green 2"], 5)})
    tip = hint(state, "A", seed=1, budget=BUDGET)
    assert tip.text == "A plays red +2"
    assert tip.reason == "Play red +2: B holds 23 cards, and 2 more knock B out."
    assert tip.rule == "mercy"


def test_the_reason_to_take_a_stack_is_that_nothing_answers_it():
    state = table(players="ABC", discard=["red +2", "blue +4"], pending=6,
                  hands={"A": ["red 1", "red 2"], "B": ["green 1"], "C": ["green 2"]})
    tip = hint(state, "A", seed=1, budget=BUDGET)
    assert tip.text == "A draws"
    assert tip.reason == "Take the 6 cards: nothing in your hand answers a +4."
    assert tip.rule == "stack-answers"


def test_a_one_card_hand_is_told_to_call_uno_and_a_last_card_to_win():
    state = table(players="ABC", turn="B", discard="red 4",
                  hands={"A": ["red 9", "blue 1"], "B": ["red 6", "red 8"], "C": ["red 3", "green 1", "blue 2"]})
    after, _ = play(state, "B plays red 6")
    call = hint(after, "B", seed=1, budget=BUDGET)
    assert call.move == CallUno(1)
    assert call.reason.startswith("Call UNO now") and call.rule == "uno"
    assert call.playouts == 0 and call.chances == () and call.chance is None
    last = table(players="ABC", discard="red 4", hands={"A": ["red 5"], "B": ["green 1"], "C": ["green 2"]})
    won = hint(last, "A", seed=1, budget=BUDGET)
    assert (won.reason, won.rule) == ("Play red 5: it empties your hand and wins the round.", "winning")


@pytest.mark.parametrize("profile", ["no-mercy", "classic", "open-mercy"])
def test_every_reason_is_one_line_that_cites_a_ruling(profile):
    """The first 30 moves of a round, a hint (at one playout) before each: one sentence, citing a ruling."""
    game = Game(profile, ["Ann", "Bo", "Cy"], seed=12)
    bots = {seat: make_player("greedy", seed=seat) for seat in range(3)}
    while not game.state.is_over and len(game.moves) < 30:
        state = game.state
        tip = hint(state, state.turn, seed=1, budget=1)
        assert tip.rule in RULINGS, tip
        assert "\n" not in tip.reason and tip.reason.endswith(".")
        game.play(next_move(state, bots))


def test_a_hint_for_a_seat_with_nothing_to_do_is_refused():
    state = Game("no-mercy", ["Ann", "Bo", "Cy"], seed=66).state
    with pytest.raises(IllegalMoveError, match="Ann's turn"):
        hint(state, "Bo", seed=1, budget=BUDGET)
    with pytest.raises(ValueError, match="budget"):
        hint(state, "Ann", budget=0)


# --- review --------------------------------------------------------------------------------------------

def test_the_review_finds_a_planted_blunder():
    state = stack_of_six_at_nineteen_cards()
    found = review([(state, "A draws")], "A", seed=1, budget=BUDGET)
    assert found.looked_at == 1
    (blunder,) = found.decisions
    assert blunder.number == 1
    assert blunder.played == "A draws" and blunder.suggested == "A plays green +4"
    assert blunder.played_chance.mean == 0.0
    assert blunder.difference > 0 and blunder.clear
    assert blunder.state == state and GameState.from_text(blunder.position) == state
    assert "knock you out" in blunder.reason


def test_the_review_passes_over_the_experts_own_move():
    found = review([(stack_of_six_at_nineteen_cards(), "A plays green +4")], "A", seed=1, budget=BUDGET)
    assert found.looked_at == 1 and found.decisions == ()


def test_a_reviewed_round_replays_from_its_record():
    game = Game("no-mercy", ["Ann", "Bo"], seed=8)
    bots = {0: make_player("random", seed=3), 1: make_player("greedy", seed=1)}
    for _ in range(8):
        if game.state.is_over:
            break
        game.play(next_move(game.state, bots))
    found = review(game.record(), "Ann", seed=1, budget=20)
    assert review(game, "Ann", seed=1, budget=20) == found == review(game.transcript(), "Ann", seed=1, budget=20)
    assert found.looked_at >= len(found.decisions) >= 1
    progress = list(reviewing(game, "Ann", seed=1, budget=20))
    assert [p.done for p in progress] == list(range(1, found.looked_at + 1))
    assert {p.total for p in progress} == {found.looked_at}
    assert tuple(p.decision for p in progress if p.decision is not None) == found.decisions
    for decision in found.decisions:
        assert decision.state.to_text() == decision.position
        assert is_legal(decision.state, decision.played) and is_legal(decision.state, decision.suggested)
        assert game.moves[decision.number - 1] == decision.played
