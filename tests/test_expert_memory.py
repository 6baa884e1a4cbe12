"""What the expert remembers between its decisions, and how it deals its imagined tables from it.

Everything it learns is public: the moves, their events, the piles and the hand
sizes. These tests play moves through ``notify``, the way the simulation and the
game table do, and look at the expert's beliefs and at the tables it samples.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from conftest import cards, table
from nomercy import Card, apply, new_game
from nomercy.play.players import make_player, next_move, notify
from nomercy.play.players.belief import ANY, HandBeliefs, deal_hidden
from nomercy.play.players.expert import determinize
from nomercy.play.simulate import game_seed
from nomercy import legal_moves


def _expert(**options):
    return make_player("expert", seed=1, iterations=4, depth=4, max_time=None, **options)


def _moves(state, players, *texts):
    """Apply moves written in notation, telling ``players`` about each one."""
    for text in texts:
        move = state.parse_move(text)
        after, events = apply(state, move)
        notify(players, state, move, events, after)
        state = after
    return state


def _sampled_hands(state, expert, seat, tables=40):
    """Seat ``seat``'s hand in imagined tables the expert (in seat A) deals now."""
    view = state.view(0)
    assert expert.beliefs.follows(view)
    rng = random.Random(3)
    return [Counter(determinize(view, rng, expert.beliefs).hands[seat]) for _ in range(tables)]


# --- swaps: a hand you gave away is a hand you know ----------------------------------

def test_after_swapping_with_a_seven_the_expert_knows_every_card_the_opponent_holds():
    game = table(players="AB", turn="A", discard="red 5",
                 hands={"A": ["red 7", "blue 1", "green 2", "wild +6"], "B": ["yellow 3", "yellow 4"]})
    expert = _expert()
    game = _moves(game, {0: expert}, "A plays red 7 swapping with B")
    assert sorted(map(str, expert.beliefs.known_cards(1))) == sorted(map(str, cards("blue 1", "green 2", "wild +6")))
    for hand in _sampled_hands(game, expert, 1):
        assert hand == Counter(cards("blue 1", "green 2", "wild +6"))


def test_when_the_opponent_swaps_with_the_expert_it_holds_the_experts_former_hand():
    game = table(players="AB", turn="B", discard="red 5",
                 hands={"A": ["blue 1", "green 2"], "B": ["red 7", "yellow 3", "yellow 4"]})
    expert = _expert()
    game = _moves(game, {0: expert}, "B plays red 7 swapping with A")
    assert Counter(expert.beliefs.known_cards(1)) == Counter(cards("blue 1", "green 2"))


def test_a_passed_zero_carries_the_experts_hand_to_the_next_player():
    game = table(players="ABC", turn="A", discard="red 5",
                 hands={"A": ["red 0", "blue 1", "green 2"], "B": ["yellow 3", "yellow 4"], "C": ["blue 6", "blue 8"]})
    expert = _expert()
    game = _moves(game, {0: expert}, "A plays red 0")
    # play goes A -> B, so A's hand (less the 0) went to B
    assert Counter(expert.beliefs.known_cards(1)) == Counter(cards("blue 1", "green 2"))
    assert expert.beliefs.known_cards(2) == []


def test_a_known_card_played_leaves_the_belief_and_new_cards_are_unknown():
    game = table(players="AB", turn="A", discard="red 5",
                 hands={"A": ["red 7", "red 1", "blue 2", "green 2"], "B": ["yellow 3", "yellow 4"]},
                 draw_pile=["red 9", "green 9", "yellow 9"])
    expert = _expert()
    game = _moves(game, {0: expert}, "A plays red 7 swapping with B", "B plays red 1")
    assert Counter(expert.beliefs.known_cards(1)) == Counter(cards("blue 2", "green 2"))
    assert len(expert.beliefs.slots[1]) == len(game.hands[1])


# --- drawing: a player who may not draw while holding a playable card -------------

def test_a_player_who_had_to_draw_holds_nothing_that_fitted():
    game = table(players="AB", turn="B", discard="red 5",
                 hands={"A": ["blue 1", "green 2"], "B": ["yellow 3", "green 4", "blue 9"]},
                 draw_pile=["yellow 8", "green 6", "red 9"])
    expert = _expert()
    game = _moves(game, {0: expert}, "B draws")
    slots = expert.beliefs.slots[1]
    assert len(slots) == len(game.hands[1]) == 6
    a_red, a_five, a_wild = Card.parse("red 2"), Card.parse("blue 5"), Card.parse("wild +6")
    # the three cards held before and the two drawn before red 9 fit neither red nor 5, and are no wild
    narrowed = [m for m in slots if not (m >> a_red.code) & 1]
    assert len(narrowed) == 6 - 1
    assert all(not (m >> a_five.code) & 1 and not (m >> a_wild.code) & 1 for m in narrowed)
    # the last card drawn fits: it is red 9, and B must play it now
    game = _moves(game, {0: expert}, "B plays red 9")
    for hand in _sampled_hands(game, expert, 1):
        assert not any(c.color is None or c.color.name == "RED" or c.rank.name == "FIVE" for c in hand)


def test_with_voluntary_draws_a_draw_says_nothing_about_the_hand():
    game = table(players="AB", turn="B", discard="red 5", variant={"voluntary_draw": True, "draw": "one"},
                 hands={"A": ["blue 1", "green 2"], "B": ["yellow 3", "red 4"]},
                 draw_pile=["yellow 8", "green 6"])
    expert = _expert()
    game = _moves(game, {0: expert}, "B draws")
    assert expert.beliefs.slots[1][:2] == [ANY, ANY]


# --- the roulette and the discard-all show cards to everyone --------------------------

def test_the_roulettes_turned_up_cards_are_known():
    game = table(players="AB", turn="A", discard="red 5",
                 hands={"A": ["wild roulette", "blue 1"], "B": ["yellow 3"]},
                 draw_pile=["blue 8", "green 6", "yellow 9", "red 2"])
    expert = _expert()
    game = _moves(game, {0: expert}, "A plays wild roulette", "B names yellow")
    assert Counter(expert.beliefs.known_cards(1)) == Counter(cards("blue 8", "green 6", "yellow 9"))


def test_after_a_discard_all_the_player_holds_none_of_that_color():
    game = table(players="AB", turn="B", discard="red 5",
                 hands={"A": ["blue 1", "green 2"], "B": ["red discard-all", "red 3", "green 4", "blue 9"]})
    expert = _expert()
    game = _moves(game, {0: expert}, "B plays red discard-all")
    for hand in _sampled_hands(game, expert, 1):
        assert not any(c.color is not None and c.color.name == "RED" for c in hand)


# --- stacks: a sound player passes a stack on when it can ---------------------------

def _stack_taken(read_stacks):
    game = table(players="AB", turn="A", discard="red 5",
                 hands={"A": ["red +2", "blue 1"], "B": ["yellow 3", "green 4", "blue 9"]},
                 draw_pile=["yellow 8", "green 6", "red 9", "blue 2"])
    expert = _expert(read_stacks=read_stacks)
    game = _moves(game, {0: expert}, "A plays red +2", "B draws")
    return game, expert


def test_a_player_who_takes_a_stack_is_read_as_holding_no_draw_card_that_answers_it():
    game, expert = _stack_taken(True)
    plus_two = Card.parse("blue +2")
    old = expert.beliefs.slots[1][:3]
    assert all(not (m >> plus_two.code) & 1 for m in old)
    assert expert.beliefs.slots[1][3:] == [ANY, ANY]


def test_reading_stacks_can_be_switched_off():
    _, expert = _stack_taken("off")
    assert expert.beliefs.slots[1] == [ANY] * 5


def test_a_belief_the_table_contradicts_is_forgotten():
    game, expert = _stack_taken(True)
    beliefs = expert.beliefs
    del beliefs.slots[1][3:]  # keep only the three cards B held when it took the stack
    # B plays a +2 from those after all (it took the stack on purpose): the read was wrong
    beliefs._remove(1, Card.parse("green +2"))
    assert beliefs.slots[1] == [ANY, ANY]


# --- memory only when nothing was missed ---------------------------------------------

def test_beliefs_are_used_only_while_they_follow_the_game():
    game = table(players="AB", turn="A", discard="red 5",
                 hands={"A": ["red 7", "blue 1", "green 2"], "B": ["yellow 3", "yellow 4"]})
    expert = _expert()
    after = _moves(game, {0: expert}, "A plays red 7 swapping with B")
    assert expert.beliefs.follows(after.view(0))
    assert not expert.beliefs.follows(game.view(0))  # an undo, or a move nobody told it about
    # the next move is observed from a table it did not see: it starts again from nothing
    other = table(players="AB", turn="B", discard="red 5",
                  hands={"A": ["blue 1", "green 2"], "B": ["red 8", "yellow 4"]})
    _moves(other, {0: expert}, "B plays red 8")
    assert expert.beliefs.known_cards(1) == []


def test_memory_can_be_switched_off():
    game = table(players="AB", turn="A", discard="red 5",
                 hands={"A": ["red 7", "blue 1", "green 2"], "B": ["yellow 3", "yellow 4"]})
    expert = _expert(memory=False)
    _moves(game, {0: expert}, "A plays red 7 swapping with B")
    assert expert.beliefs.slots == {}


def test_an_unreadable_switch_is_refused():
    with pytest.raises(ValueError, match="memory option is on or off"):
        _expert(memory="perhaps")


# --- the sampler ---------------------------------------------------------------------

def test_a_belief_no_card_can_satisfy_still_gives_a_full_table():
    game = new_game("no-mercy", 2, seed=4)
    view = game.view(0)
    beliefs = HandBeliefs()
    beliefs.observe(view, legal_moves(game, 0)[0], (), view)  # starts from the view
    beliefs.slots[1] = [0b1] * len(game.hands[1])  # "every card is red 0": impossible
    unseen = sorted(game.all_cards().elements())
    for card in view.hand + view.discard:
        unseen.remove(card)
    dealt = deal_hidden(view, unseen, beliefs, random.Random(1))
    assert len(dealt[1]) == len(game.hands[1])


@pytest.mark.parametrize(("players", "opponent"), [(2, "greedy"), (4, "greedy"), (3, "random")])
def test_what_the_expert_knows_for_certain_is_always_true(players, opponent):
    # Over whole games, every card the expert is sure of is in that hand. (The read of a
    # taken stack is an assumption about sound play; against random players it can be
    # wrong and is then forgotten, but certain knowledge never is.)
    known_seen = 0
    for game_number in range(6):
        seed = game_seed(11, game_number)
        expert = make_player("expert", seed=seed, iterations=2, depth=2, max_time=None)
        bots = {0: expert, **{s: make_player(opponent, seed=seed + s) for s in range(1, players)}}
        state = new_game("no-mercy", players, seed=seed)
        while not state.is_over:
            move = next_move(state, bots)
            after, events = apply(state, move)
            notify(bots, state, move, events, after)
            state = after
            for seat in range(1, players):
                known = Counter(expert.beliefs.known_cards(seat))
                known_seen += sum(known.values())
                assert not known - Counter(state.hands[seat]), f"seed {seed}: {known} not all in {state.hands[seat]}"
                if not state.is_over:
                    assert len(expert.beliefs.slots[seat]) == len(state.hands[seat])
    assert known_seen > 0
