"""The coach: warnings before a move a beginner regrets, the expert's hint and why, the review of a round.

Every warning is built on a position made for it and cites the ruling behind it; a
harmless move gets none. Hints and reviews use small budgets here: the speed at the
default budget is measured in benchmarks/coach_speed.py, not in tests.
"""

from __future__ import annotations

import pytest

from conftest import knock_out, play, table
from nomercy import CallUno, Game, GameState, IllegalMoveError, NameColor, is_legal, legal_moves
from nomercy.core.rulebook import RULINGS
from nomercy.play.coach_reasons import move_reason
from nomercy.play.coach import DEFAULT_BUDGET, WARNING_KINDS, Hint, hint, review, reviewing, move_warnings
from nomercy.play.players import make_player, next_move, required_moves
from nomercy.play.estimate import is_clear
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
    (mercy,) = move_warnings(state, "A", "A draws")  # said once: the knock-out names the card that passes it on
    assert (mercy.kind, mercy.rule) == ("knocked-out", "mercy")
    assert mercy.certain
    assert "takes you to 25 cards" in mercy.text and "knocked out" in mercy.text
    assert "Your green +4 would pass the stack on" in mercy.text
    assert (mercy.instead, mercy.instead_chance) == ("A plays green +4", 0.0)


def test_a_stack_taken_that_could_be_passed_on():
    state = table(players="ABC", discard=["red +2", "blue +4"], pending=6,
                  hands={"A": ["green +4", "red 1"], "B": filler(["red 1"], 6), "C": filler(["red 2"], 6)})
    (stacking,) = move_warnings(state, "A", "A draws")
    assert (stacking.kind, stacking.rule) == ("stack-declined", "stacking")
    assert "answer with your green +4" in stacking.text and stacking.instead == "A plays green +4"


def test_stacking_it_on_is_fine():
    assert move_warnings(stack_of_six_at_nineteen_cards(), "A", "A plays green +4") == ()


def test_no_warning_for_the_only_move_there_is():
    state = table(players="ABC", discard=["red +2", "blue +4"], pending=6,
                  hands={"A": numbers(19), "B": ["red 1"], "C": ["red 2"]})
    assert [state.move_text(a) for a in legal_moves(state, "A")] == ["A draws"]
    assert move_warnings(state, "A", "A draws") == ()


def test_a_draw_whose_end_is_hidden_warns_with_its_chance_and_the_way_out():
    """Drawing until a card fits at 23 cards knocks you out unless the first card drawn fits: nobody knows."""
    state = table(players="ABC", discard="red 5", variant={"voluntary_draw": True},
                  hands={"A": ["red 1", *numbers(22)], "B": ["red 2"], "C": ["red 3"]})
    (mercy,) = move_warnings(state, "A", "A draws")
    assert mercy.rule == "mercy"
    assert 0 < mercy.chance < 1
    tried = round(mercy.chance * 32)
    assert mercy.text == ("This could take you to 25 cards and knock you out: it did on "
                          f"{tried} of 32 tables dealt from what you can see; playing red 1 instead: 0 of 32.")
    assert "%" not in mercy.text, "the risk is said once, as a count of tables"
    assert (mercy.instead, mercy.instead_chance) == ("A plays red 1", 0.0)


def roulette_named_by(hand: list[str]) -> GameState:
    """B's wild roulette hits C, who holds ``hand``; the unseen cards are nearly all green (the rest is on the pile)."""
    state = table(players="ABC", turn="B", discard="red 4", rest="discard",
                  draw_pile=["green 1", "green 2", "green 3", "green 4", "red 1", "green 5", "green 6", "green 7"],
                  hands={"A": ["red 9", "blue 1"], "B": ["wild roulette", "red 8", "red 7"], "C": hand})
    after, _ = play(state, "B plays wild roulette")
    return after


def hand_of(count: int) -> list[str]:
    """``count`` yellow and blue cards (all the yellow ones first), so no yellow card is left unseen from 20 on."""
    cards = [f"{color} {n}" for color in ("yellow", "blue") for n in range(10)]
    return (cards + ["yellow 1", "yellow 2", "yellow 5", "yellow 6", "yellow 7", "blue 3", "blue 4"])[:count]


def test_no_warning_when_every_alternative_carries_the_same_risk():
    """At 24 cards a roulette knocks you out whatever color you name: no color is safer, so none warns."""
    state = roulette_named_by(hand_of(24))
    names = [a for a in legal_moves(state, "C") if type(a) is NameColor]
    assert len(names) == 4
    assert all(kinds_of(move_warnings(state, "C", name)) == [] for name in names)


def test_a_roulette_color_warns_only_when_another_color_is_clearly_safer_and_names_it():
    state = roulette_named_by(hand_of(20))
    (red,) = move_warnings(state, "C", "C names red")
    assert red.kind == "knocked-out" and 0 < red.chance < 1
    assert red.instead == "C names green" and red.instead_chance == 0.0
    assert red.text.endswith("naming green instead: 0 of 32.")
    assert move_warnings(state, "C", "C names green") == ()


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


def seeded_decisions(count: int) -> list[GameState]:
    """The first ``count`` decisions with more than one move of seeded three-player rounds (greedy, greedy, random)."""
    found: list[GameState] = []
    seed = 66
    while len(found) < count:
        game = Game("no-mercy", ["Ann", "Bo", "Cy"], seed=seed)
        bots = {0: make_player("greedy", seed=1), 1: make_player("greedy", seed=2), 2: make_player("random", seed=3)}
        while not game.state.is_over and len(found) < count:
            state = game.state
            if state.to_act == state.turn and len(required_moves(state)) > 1:
                found.append(state)
            game.play(next_move(state, bots))
        seed += 1
    return found


def test_the_hints_move_is_the_first_of_its_own_list():
    """At 32 decisions of seeded rounds (issue 31 found 14 of 30 hints below another move of their own list)."""
    searched = 0
    for state in seeded_decisions(34):
        tip = hint(state, state.turn, seed=3, budget=BUDGET)
        if not tip.playouts:  # a move that wins the round: no search, no list
            assert tip.chances == () and tip.lines() == ()
            continue
        searched += 1
        assert tip.chances[0] == tip.chance and tip.chance.label == tip.text, tip
        assert tip.lines()[0] == f"Chosen: {tip.chance}"
        assert tip.lines()[1:] == tuple(map(str, tip.compared))
        assert [c.lead for c in tip.compared] == sorted(c.lead for c in tip.compared), "closest first"
        for other in tip.compared:
            assert other.tables == other.chance.playouts == tip.chance.playouts, "the finalists share every table"
            assert other.verdict.startswith("worse by" if other.clear else "as good within noise"), tip
        assert len(tip.chances) + tip.set_aside + tip.not_weighed == len(required_moves(state))
    assert searched >= 30


def test_a_move_that_scored_more_within_noise_is_a_tie_below_the_choice():
    state = Game("no-mercy", ["Ann", "Bo", "Cy"], seed=66).state
    tip = hint(state, "Ann", seed=1, budget=100)
    (other,) = tip.compared
    assert other.chance.mean > tip.chance.mean and not other.clear, "the position shows a higher raw mean"
    assert str(other).startswith(f"{other.move}: as good within noise: ")
    assert str(other).endswith(f"(one standard error, on the same {other.tables} tables)")
    assert tip.narrowing == ("4 other moves were set aside after a first look (at most 16 tables each); 4 more "
                             "legal moves were not weighed (the greedy player ranks them lower); these 2 were "
                             "looked at more closely (34 tables each).")
    assert "unless another does better on the same tables by more than its noise" in tip.noise
    assert str(tip).splitlines()[2:] == [*tip.lines(), tip.narrowing]


def test_a_hint_gives_its_playouts_and_noise():
    state = Game("no-mercy", ["Ann", "Bo", "Cy"], seed=66).state
    tip = hint(state, "Ann", seed=2, budget=BUDGET)
    assert isinstance(tip, Hint) and tip.budget == BUDGET
    assert all(0 <= c.mean <= 1 and c.playouts >= 1 and c.error >= 0 for c in tip.chances)
    assert BUDGET - len(tip.chances) < tip.playouts <= BUDGET
    assert tip.chance is not None and tip.chance.label == tip.text
    assert f"budget {BUDGET}" in tip.noise and "one standard error" in tip.noise
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
    found = review([(state, "A draws")], "A", seed=1, budget=100)  # at 40, 3 wins in 20 tables are within noise
    assert found.looked_at == 1 and found.close_calls == ()
    (blunder,) = found.mistakes
    assert blunder.number == 1 and blunder.mistake
    assert blunder.played.move == "A draws" and blunder.suggested == "A plays green +4"
    assert blunder.played.chance.mean == 0.0
    assert blunder.played.lead > 0 and blunder.played.clear
    assert blunder.state == state and GameState.from_text(blunder.position) == state
    assert "knock you out" in blunder.reason
    assert str(blunder).startswith("Move 1: A draws (0%). The expert: A plays green +4 (")


def test_the_review_passes_over_the_experts_own_move():
    found = review([(stack_of_six_at_nineteen_cards(), "A plays green +4")], "A", seed=1, budget=BUDGET)
    assert found.looked_at == 1 and found.mistakes == found.close_calls == ()


def random_players_round(seed: int) -> Game:
    game = Game("no-mercy", ["Ann", "Bo", "Cy"], seed=seed)
    bots = {0: make_player("random", seed=seed), 1: make_player("greedy", seed=1), 2: make_player("greedy", seed=2)}
    while not game.state.is_over:
        game.play(next_move(game.state, bots))
    return game


def test_no_review_mistake_is_within_its_margin():
    """Issue 31 found 19 of 23 named decisions leading by less than their margin: those are close calls now."""
    mistakes = close_calls = 0
    for seed in (60, 61):
        found = review(random_players_round(seed), "Ann", seed=5, budget=BUDGET)
        assert all(is_clear(d.played.lead, d.played.error) for d in found.mistakes)
        assert not any(is_clear(d.played.lead, d.played.error) for d in found.close_calls)
        assert all(" A close call, as good within noise" in str(d) for d in found.close_calls)
        mistakes += len(found.mistakes)
        close_calls += len(found.close_calls)
    assert mistakes and close_calls, "the seeds were chosen to show both"


def test_the_review_shows_the_hints_figures_at_each_decision():
    """The review runs the hint's own search (same seed, same budget): same choice, same estimate, same comparison."""
    found = review(random_players_round(60), "Ann", seed=5, budget=BUDGET)
    assert found.mistakes and found.close_calls
    for decision in found.mistakes + found.close_calls:
        tip = hint(decision.state, "Ann", seed=5, budget=BUDGET)
        assert (tip.text, tip.chance) == (decision.suggested, decision.chance)
        shown = [c for c in tip.compared if c.move == decision.played.move]
        assert shown == [decision.played] or not shown  # a move the hint set aside is followed on all its tables
        assert decision.played.tables == tip.chance.playouts


def test_a_reviewed_round_replays_from_its_record():
    game = Game("no-mercy", ["Ann", "Bo"], seed=8)
    bots = {0: make_player("random", seed=3), 1: make_player("greedy", seed=1)}
    for _ in range(8):
        if game.state.is_over:
            break
        game.play(next_move(game.state, bots))
    found = review(game.record(), "Ann", seed=1, budget=20)
    assert review(game, "Ann", seed=1, budget=20) == found == review(game.transcript(), "Ann", seed=1, budget=20)
    named = found.mistakes + found.close_calls
    assert found.looked_at >= len(named) >= 1
    progress = list(reviewing(game, "Ann", seed=1, budget=20))
    assert [p.done for p in progress] == list(range(1, found.looked_at + 1))
    assert {p.total for p in progress} == {found.looked_at}
    assert sorted((p.decision for p in progress if p.decision is not None), key=lambda d: d.number) == \
        sorted(named, key=lambda d: d.number)
    for decision in named:
        assert decision.state.to_text() == decision.position
        assert is_legal(decision.state, decision.played.move) and is_legal(decision.state, decision.suggested)
        assert game.moves[decision.number - 1] == decision.played.move


def test_a_move_followed_beside_the_search_changes_nothing_of_it():
    """The review follows the move played on every table of the hint's search: the search stays the hint's."""
    state = Game("no-mercy", ["Ann", "Bo", "Cy"], seed=66).state
    view, legal = state.view("Ann"), list(required_moves(state))
    alone = ExpertPlayer(seed=4, iterations=BUDGET, max_time=None, memory=False)
    shortlist = alone.shortlist(view, legal)
    left_out = next(a for a in legal if a not in shortlist)
    searched = alone.weigh(view, shortlist)
    beside = ExpertPlayer(seed=4, iterations=BUDGET, max_time=None, memory=False)
    followed = beside.weigh(view, shortlist, follow=[left_out, shortlist[-1]])
    assert followed.choice == searched.choice and followed.finalists == searched.finalists
    assert all(followed.estimate(move) == searched.estimate(move) for move in shortlist[:-1])
    last = len(shortlist) - 1  # set aside early, then followed to the end: its first tables are the search's
    assert set(searched.values[last]) <= set(followed.values[last])
    assert followed.playouts == searched.playouts and followed.moves[-1] == left_out
    tables = searched.estimate(searched.choice).playouts
    assert followed.estimate(left_out).playouts == followed.estimate(shortlist[-1]).playouts == tables


def test_a_zero_names_the_hand_you_get_from_the_player_still_in_before_you():
    """A knocked-out seat holds no hand: the 0 hands you the hand of the seat still in that plays before you."""
    state = knock_out(table(players="ABCD", turn="A", discard="red 4",
                            hands={"A": ["red 0", "red 1", "blue 2"], "B": ["green 1"], "C": filler(["green 2"], 11),
                                   "D": ["green 3"]}), "D")
    (zero,) = move_warnings(state, "A", "A plays red 0")
    assert "get C's 12" in zero.text and "D" not in zero.text
    reason, _ = move_reason(state, 0, state.parse_move("A plays red 0"))
    assert "C's 12" in str(reason)
