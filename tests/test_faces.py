"""The face table: one record per face, read by the engine, the legal moves, the greedy player and the pictures.

And the ruling an event cites follows the option in force, never the deck: the same
card under two decks with the same option cites the same ruling, and under one deck
with two options cites two.
"""

from __future__ import annotations

import pytest

from conftest import of_kind, play, table
from nomercy import ALL_CARDS, Card, Challenge, Rank, legal_moves
from nomercy.core.effects import EFFECTS, FIRST_CARD
from nomercy.core.faces import CHOICES, PRINTED_FACES
from nomercy.core.rulebook import RULINGS
from nomercy.teaching.pictures import _SYMBOLS


# --- the table ------------------------------------------------------------------------------------------

@pytest.mark.parametrize("face", PRINTED_FACES, ids=lambda f: f.notation)
def test_every_printed_face_names_an_effect_a_first_card_behaviour_a_ruling_and_a_picture_that_exist(face):
    assert face.effect in EFFECTS
    assert face.first_card in FIRST_CARD
    assert face.ruling in RULINGS
    assert set(face.choices) <= set(CHOICES)
    assert face.picture.symbol in _SYMBOLS


@pytest.mark.parametrize("rank", list(Rank), ids=str)
def test_a_rank_is_its_face_s_record(rank):
    face = rank.face
    assert (rank.value, rank.name, rank.short, rank.is_wild, rank.draw_value, rank.points, rank.effect) == (
        face.notation, face.name, face.short, face.wild, face.draw, face.points, face.effect)
    assert Rank(rank.value) is rank and getattr(Rank, rank.name) is rank


def test_the_cards_carry_their_face_s_value_and_points():
    for card in ALL_CARDS:
        assert (card.draw_value, card.points) == (card.face.draw, card.face.points)
        assert card.points == (card.number if card.is_number else 50 if card.is_wild else 20)


def test_only_wilds_other_than_the_roulette_name_a_color_and_only_a_seven_names_a_target():
    names_color = {r.value for r in Rank if "color" in r.face.choices}
    assert names_color == {r.value for r in Rank if r.is_wild} - {"wild roulette"}
    assert {r.value for r in Rank if "target" in r.face.choices} == {"7"}
    assert {r.value for r in Rank if "top" in r.face.choices} == {r.value for r in Rank if r.face.discards} == {
        "discard-all"}


def test_a_draw_card_is_a_face_with_a_draw_value_and_the_roulette_is_not_one():
    assert {r.value: r.draw_value for r in Rank if r.draw_value} == {
        "+2": 2, "+4": 4, "wild +4": 4, "wild reverse +4": 4, "wild +6": 6, "wild +10": 10}
    assert Rank.WILD_ROULETTE.effect == "roulette" and Rank.WILD_ROULETTE.draw_value == 0


def test_an_unknown_face_is_refused_with_the_faces_listed():
    with pytest.raises(ValueError, match="'11' is not a face: the faces are 0, 1"):
        Rank("11")


# --- the ruling follows the option, not the deck ------------------------------------------------------------

def plus_two_for_b(rules: str, **variant):
    """A plays a +2 on red 5; B holds a +2 too."""
    return table(players="ABC", hands={"A": ["red +2", "blue 1"], "B": ["green +2", "blue 4"], "C": ["yellow 1", "yellow 2"]},
                 rules=rules, variant=variant or None)


@pytest.mark.parametrize("rules", ["classic", "no-mercy"])
def test_with_stacking_off_a_draw_card_cites_no_stacking_on_either_deck(rules):
    after, events = play(plus_two_for_b(rules, stacking="none"), "A plays red +2")
    assert of_kind(events, "StackGrew")[0].rule == "no-stacking"
    _, taken = play(after, "B draws")
    assert of_kind(taken, "CardsDrawn")[0].rule == "no-stacking"
    assert of_kind(taken, "TurnLost")[0].rule == "no-stacking"


@pytest.mark.parametrize("rules", ["classic", "no-mercy"])
def test_with_stacking_on_a_draw_card_cites_draw_card_then_stacking_on_either_deck(rules):
    after, events = play(plus_two_for_b(rules, stacking="official"), "A plays red +2")
    assert of_kind(events, "StackGrew")[0].rule == "draw-card"
    _, answered = play(after, "B plays green +2")
    assert of_kind(answered, "StackGrew")[0].rule == "stacking"


def wild_four_on_red(**variant):
    """Classic: A, holding a red card, plays a wild +4 on red 5 (a bluff)."""
    return table(players="ABC", rules="classic", variant=variant or None,
                 hands={"A": ["wild +4", "red 1", "blue 2"], "B": ["blue 4", "green 7"], "C": ["yellow 1", "yellow 2"]})


def test_a_classic_wild_four_may_be_challenged_and_the_challenge_cites_its_ruling():
    after, _ = play(wild_four_on_red(), "A plays wild +4 choosing blue")
    assert Challenge(1) in legal_moves(after)
    _, events = play(after, "B challenges")
    assert {e.rule for e in of_kind(events, "Challenged") + of_kind(events, "CardsDrawn")} == {"challenge"}


def test_with_no_bluff_the_same_wild_four_cannot_be_challenged():
    after, _ = play(wild_four_on_red(no_bluff=True), "A plays wild +4 choosing blue")
    assert Challenge(1) not in legal_moves(after)


@pytest.mark.parametrize("rules", ["classic", "no-mercy"])
def test_a_last_draw_card_cites_last_card_draws_when_the_option_is_on_whatever_the_deck(rules):
    game = table(players="ABC", rules=rules, variant={"last_card_draws": True},
                 hands={"A": ["red +2"], "B": ["blue 4", "green 7"], "C": ["yellow 1", "yellow 2"]})
    _, events = play(game, "A plays red +2")
    assert of_kind(events, "CardsDrawn")[0].rule == "last-card-draws"
    assert of_kind(events, "RoundWon")[0].player == "A"


@pytest.mark.parametrize("rules", ["classic", "no-mercy"])
def test_a_last_draw_card_draws_nothing_when_the_option_is_off_whatever_the_deck(rules):
    game = table(players="ABC", rules=rules, variant={"last_card_draws": False},
                 hands={"A": ["red +2"], "B": ["blue 4", "green 7"], "C": ["yellow 1", "yellow 2"]})
    _, events = play(game, "A plays red +2")
    assert not of_kind(events, "CardsDrawn")


@pytest.mark.parametrize("rules, seven_swap, swaps", [("classic", "required", True), ("no-mercy", "off", False)])
def test_a_seven_swaps_by_the_option_not_the_deck_and_cites_the_seven_ruling(rules, seven_swap, swaps):
    game = table(players="ABC", rules=rules, variant={"seven_swap": seven_swap},
                 hands={"A": ["red 7", "blue 1"], "B": ["blue 4", "green 7"], "C": ["yellow 1", "yellow 2"]})
    move = "A plays red 7 swapping with C" if swaps else "A plays red 7"
    after, events = play(game, move)
    assert [e.rule for e in of_kind(events, "HandsSwapped")] == (["seven"] if swaps else [])
    assert len(after.hand("A")) == (2 if swaps else 1)


def test_the_card_played_cites_its_face_s_ruling():
    cited = {}
    for text in ("red 5", "red skip-all", "red discard-all", "wild +6", "wild reverse +4", "wild roulette"):
        game = table(players="ABC", hands={"A": [text, "blue 1"], "B": ["blue 4"], "C": ["yellow 1"]})
        card = Card.parse(text)
        move = f"A plays {text}" + (" choosing blue" if "color" in card.face.choices else "")
        _, events = play(game, move)
        cited[text] = of_kind(events, "CardPlayed")[0].rule
    assert cited == {"red 5": "matching", "red skip-all": "skip-all", "red discard-all": "discard-all",
                     "wild +6": "wild-color", "wild reverse +4": "wild-reverse-four", "wild roulette": "wild-roulette"}
