"""Skip, reverse, skip-all (rulings 9, 10), discard-all (11) and the wild roulette (12)."""

from __future__ import annotations

import pytest

from conftest import kinds, of_kind, play, table, turn_moves
from nomercy import Card, Color, Draw, NameColor, Phase, Play
from nomercy import is_legal, why_illegal

OTHERS = {"B": ["green 1", "green 2"], "C": ["green 3", "green 4"], "D": ["green 6", "green 8"]}


def four(a_hand, **kw):
    return table(hands={"A": a_hand, **OTHERS}, **kw)


# --- skip, reverse, skip-all -------------------------------------------------

def test_skip_makes_the_next_player_lose_their_turn():
    after, events = play(four(["red skip", "blue 1"]), "A plays red skip")
    assert after.turn == 2
    assert of_kind(events, "PlayerSkipped")[0].player == "B"


def test_reverse_turns_play_around():
    after, events = play(four(["red reverse", "blue 1"]), "A plays red reverse")
    assert after.direction_name == "counterclockwise"
    assert after.turn == 3
    assert "DirectionChanged" in kinds(events)


def test_reverse_with_two_players_acts_as_a_skip():
    game = table(players="AB", hands={"A": ["red reverse", "red 1", "blue 1"], "B": ["green 1"]})
    after, events = play(game, "A plays red reverse")
    assert after.turn == 0
    assert any(e.rule == "reverse-two-players" for e in events)
    assert is_legal(after, "A plays red 1")


def test_skip_all_gives_the_player_another_full_turn():
    after, events = play(four(["red skip-all", "red 1", "blue 1"]), "A plays red skip-all")
    assert after.turn == 0 and after.phase is Phase.TURN
    assert any(e.rule == "skip-all" for e in events)
    assert is_legal(after, "A plays red 1")
    assert not is_legal(after, "A plays blue 1")


def test_skip_all_with_nothing_to_follow_means_drawing():
    after, _ = play(four(["red skip-all", "blue 1", "blue 2"], draw_pile=["yellow 1", "red 9"]), "A plays red skip-all")
    assert turn_moves(after, "A") == [Draw(0)]
    drawn, _ = play(after, "A draws")
    assert drawn.drawn == Card.parse("red 9")


# --- discard-all -----------------------------------------------------------------

def test_discard_all_sends_every_other_card_of_its_color_under_it():
    game = four(["red discard-all", "red 7", "red +2", "red skip", "blue 1"])
    after, events = play(game, "A plays red discard-all")
    assert after.hand("A") == (Card.parse("blue 1"),)
    assert after.top_card == Card.parse("red discard-all")
    assert set(after.discard[-4:-1]) == {Card.parse(t) for t in ("red 7", "red +2", "red skip")}
    # the discarded cards have no effect: no draw, no skip, no swap
    assert after.pending == 0
    assert after.turn == 1
    assert "HandsSwapped" not in kinds(events)
    assert after.hand("B") == (Card.parse("green 1"), Card.parse("green 2"))
    assert of_kind(events, "CardsDiscarded")[0].rule == "discard-all"


def test_discard_all_matches_by_color_or_by_symbol():
    assert is_legal(four(["red discard-all", "blue 1"]), "A plays red discard-all")
    game = four(["blue discard-all", "blue 1"], discard="green discard-all")
    assert is_legal(game, "A plays blue discard-all")
    assert not is_legal(four(["blue discard-all", "blue 1"]), "A plays blue discard-all")


def test_discard_all_can_empty_the_hand_and_win():
    game = four(["red discard-all", "red 7", "red +2"])
    after, events = play(game, "A plays red discard-all")
    assert after.is_over and after.winner == 0
    assert after.hand("A") == ()
    assert after.pending == 0
    assert of_kind(events, "RoundWon")[0].player == "A"


def test_discard_all_leaves_no_choice_of_top_card_by_default():
    game = four(["red discard-all", "red skip", "blue 1"])
    assert [a for a in turn_moves(game, "A") if a.card == Card.parse("red discard-all")] == [
        Play(0, Card.parse("red discard-all"))]
    assert why_illegal(game, "A plays red discard-all leaving red skip on top") is not None


def test_discard_all_top_choose_lets_the_player_pick_the_top_card_and_its_effect_applies():
    game = four(["red discard-all", "red skip", "red +2", "blue 1"], variant={"discard_all_top": "choose"})
    tops = {a.top for a in turn_moves(game, "A") if a.card == Card.parse("red discard-all")}
    assert tops == {None, Card.parse("red skip"), Card.parse("red +2")}
    skipped, events = play(game, "A plays red discard-all leaving red skip on top")
    assert skipped.top_card == Card.parse("red skip")
    assert skipped.turn == 2
    assert of_kind(events, "PlayerSkipped")[0].player == "B"
    drawing, _ = play(game, "A plays red discard-all leaving red +2 on top")
    assert drawing.top_card == Card.parse("red +2")
    assert drawing.pending == 2 and drawing.turn == 1


def test_discard_all_top_choose_a_seven_on_top_swaps():
    game = four(["red discard-all", "red 7", "blue 1", "blue 2"], variant={"discard_all_top": "choose"})
    assert why_illegal(game, "A plays red discard-all leaving red 7 on top") is not None  # needs a target
    after, _ = play(game, "A plays red discard-all leaving red 7 on top swapping with C")
    assert sorted(map(str, after.hand("C"))) == ["blue 1", "blue 2"]


def test_discard_all_top_must_be_one_of_the_players_own_cards_of_that_color():
    game = four(["red discard-all", "red skip", "blue skip"], variant={"discard_all_top": "choose"})
    assert why_illegal(game, "A plays red discard-all leaving blue skip on top") is not None
    assert why_illegal(game, "A plays red discard-all leaving red +2 on top") is not None


# --- wild roulette ---------------------------------------------------------------

def roulette_game(draw_pile, **kw):
    return table(hands={"A": ["wild roulette", "blue 1"], **OTHERS}, draw_pile=draw_pile, **kw)


def test_roulette_names_no_color_its_victim_does():
    game = roulette_game(["red 1"])
    plays = [a for a in turn_moves(game, "A") if a.card == Card.parse("wild roulette")]
    assert plays == [Play(0, Card.parse("wild roulette"))]
    assert "victim" in why_illegal(game, "A plays wild roulette choosing red")


def test_roulette_victim_names_a_color_and_keeps_everything_turned_up():
    game = roulette_game(["yellow 1", "blue +2", "green skip", "red 8", "red 9"])
    after, _ = play(game, "A plays wild roulette")
    assert after.turn == 1 and after.phase is Phase.NAME_ROULETTE
    assert turn_moves(after, "B") == [NameColor(1, c) for c in Color]
    final, events = play(after, "B names red")
    assert sorted(map(str, final.hand("B"))) == sorted(["green 1", "green 2", "yellow 1", "blue +2", "green skip", "red 8"])
    assert final.color is Color.RED
    assert final.top_card == Card.parse("wild roulette")
    assert final.turn == 2  # B loses the turn
    assert "TurnLost" in kinds(events)
    assert of_kind(events, "CardsDrawn")[0].rule == "wild-roulette"


def test_roulette_wilds_do_not_count_as_the_named_color():
    game = roulette_game(["wild +6", "wild roulette", "blue 3", "blue 4"])
    final, _ = play(game, "A plays wild roulette", "B names blue")
    assert len(final.hand("B")) == 2 + 3
    assert final.draw_pile[0] == Card.parse("blue 4")


def test_roulette_named_color_is_in_force_for_the_next_player():
    game = roulette_game(["blue 3"])
    final, _ = play(game, "A plays wild roulette", "B names blue")
    assert final.color is Color.BLUE
    assert final.turn == 2
    assert not is_legal(final, "C plays green 3")


def test_roulette_cannot_be_played_onto_a_pending_stack():
    game = table(discard="red +2", pending=2, hands={"A": ["wild roulette", "blue 1"], **OTHERS})
    reason = why_illegal(game, "A plays wild roulette")
    assert reason == "A cannot play wild roulette now: a +2 is pending and only a draw card worth +2 or more answers it"


def test_only_the_victim_names_and_only_then():
    after, _ = play(roulette_game(["red 1"]), "A plays wild roulette")
    assert why_illegal(after, "C names red") is not None
    assert why_illegal(after, "B plays green 1") is not None
    assert why_illegal(after, "B draws") is not None
    assert why_illegal(roulette_game(["red 1"]), "A names red") is not None


def test_roulette_is_not_a_draw_card():
    assert Card.parse("wild roulette").draw_value == 0
    after, _ = play(roulette_game(["red 1"]), "A plays wild roulette")
    assert after.pending == 0


@pytest.mark.parametrize("variant", [{}, {"stacking": "anything-goes"}])
def test_roulette_victim_cannot_answer_with_a_draw_card(variant):
    game = table(hands={"A": ["wild roulette", "blue 1"], "B": ["wild +10", "green +2"], "C": ["green 3"], "D": ["green 6"]},
                 draw_pile=["red 1"], variant=variant)
    after, _ = play(game, "A plays wild roulette")
    assert turn_moves(after, "B") == [NameColor(1, c) for c in Color]


def test_discard_all_top_choose_emptying_the_hand_with_a_seven_on_top_wins_without_a_swap():
    game = four(["red discard-all", "red 7"], variant={"discard_all_top": "choose"})
    assert why_illegal(game, "A plays red discard-all leaving red 7 on top swapping with B") is not None
    after, _ = play(game, "A plays red discard-all leaving red 7 on top")
    assert after.is_over and after.winner == 0
    assert sorted(map(str, after.hand("B"))) == ["green 1", "green 2"]
