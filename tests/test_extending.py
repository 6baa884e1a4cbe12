"""A house card and a house rule, added from outside the package and played through ``apply`` (docs/extending.md).

Each test registers what it needs inside ``trying()``, which takes it all back, so the
rest of the suite sees only the printed cards and options.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from nomercy import Card, Phase, RulesError, apply, legal_moves, new_game, ruleset, why_illegal
from nomercy.core import events as ev
from nomercy.core.cards import ALL_CARDS, Rank
from nomercy.core.decks import DECKS, DeckListing
from nomercy.core.faces import Face, Picture
from nomercy.core.legality import required_moves
from nomercy.core.house import (register_deck, register_effect, register_face, register_option, register_ruling,
                                trying)
from nomercy.core.rulebook import Ruling
from nomercy.core.rules import OptionInfo
from nomercy.core.state import GameState
from nomercy.teaching.pictures import card_svg


@pytest.fixture
def house():
    with trying():
        yield


def wild_draw_eight() -> Rank:
    """The house card of docs/extending.md: a wild +8, one more record of the face table."""
    return register_face(Face(name="WILD_DRAW_EIGHT", notation="wild +8", short="w+8", wild=True, draw=8, points=50,
                              ruling="wild-color", choices=("color",), effect="draw", first_card="wild-draw",
                              picture=Picture("label", "+8")))


def eights_deck(rank: Rank) -> DeckListing:
    """The No Mercy deck with four wild +8s."""
    no_mercy = DECKS["no-mercy"]
    return register_deck(DeckListing(name="eights", per_color=no_mercy.per_color,
                                     wilds={**no_mercy.wilds, rank: 4}, source="a house deck"))


def position(rules, hands, top, pile) -> GameState:
    """A three-seat position written as one line of text: A to move on ``top``, the rest of the deck in the pile."""
    color = {"r": "red", "y": "yellow", "g": "green", "b": "blue"}[top[0]]
    return GameState.from_text(f"rules:{rules} seats:A,B,C turn:0 dir:cw phase:turn color:{color} pending:0 stack:0 "
                               f"drawn:- hands:{'/'.join(hands)} discard:{top} draw:{pile} aside:- out:- uno:- "
                               "challenge:- stuck:0 winner:- end:- seed:0 shuffles:0 dealer:2 ply:0")


def rest_of(deck: str, *used: str) -> str:
    cards = DECKS[deck].counts()
    for text in ",".join(used).split(","):
        cards[Card.parse(text)] -= 1
    return ",".join(card.short for card in sorted(cards.elements()))


# --- a house card ----------------------------------------------------------------------------

def test_a_house_wild_plus_eight_is_a_card_with_its_notation_value_and_points(house):
    eight = wild_draw_eight()
    card = Card.parse("wild +8")
    assert card is Card.parse("W+8") and card.rank is eight is Rank.WILD_DRAW_EIGHT
    assert (card.draw_value, card.points, card.is_wild, card.short) == (8, 50, True, "w+8")
    assert Card.parse(str(card)) is card and card in ALL_CARDS
    assert ">+8<" in card_svg(card)


def test_a_wild_plus_eight_makes_the_next_player_draw_eight_unless_they_stack(house):
    eights_deck(wild_draw_eight())
    state = position("no-mercy/deck=eights", ["w+8,r3", "b4,g6", "y1,y2"], "r5", rest_of("eights", "w+8,r3,b4,g6,y1,y2,r5"))
    after, events = apply(state, "A plays wild +8 choosing red")
    grew = [e for e in events if isinstance(e, ev.StackGrew)]
    assert after.pending == 8 and after.turn == 1 and grew[0].rule == "draw-card"
    assert [after.move_text(m) for m in required_moves(after)] == ["B draws"]  # only +8 or more answers a +8
    taken, _ = apply(after, "B draws")
    assert len(taken.hand("B")) == 10 and taken.turn == 2


def test_a_wild_plus_eight_stacks_on_a_wild_plus_six_and_a_plus_four_does_not_answer_it(house):
    eights_deck(wild_draw_eight())
    state = position("no-mercy/deck=eights", ["w+6,r3", "w+8,b4", "b+4,y2"], "r5",
                     rest_of("eights", "w+6,r3,w+8,b4,b+4,y2,r5"))
    after, _ = apply(state, "A plays wild +6 choosing red")
    stacked, _ = apply(after, "B plays wild +8 choosing blue")
    assert stacked.pending == 14 and stacked.turn == 2
    assert "at least +8" in why_illegal(stacked, "C plays blue +4")


def test_a_deck_with_the_house_card_deals_and_a_random_game_ends(house):
    eights_deck(wild_draw_eight())
    import random

    state = new_game("no-mercy", 4, seed=3, deck="eights")
    assert state.card_count() == 172
    rng = random.Random(3)
    while state.winner is None:
        state, _ = apply(state, rng.choice(legal_moves(state)))
    assert state.card_count() == 172


def test_a_house_face_that_names_no_known_effect_is_refused(house):
    with pytest.raises(RulesError, match="no effect called 'explode'"):
        register_face(Face(name="BOOM", notation="boom", short="boom", points=20, ruling="matching",
                           effect="explode", picture=Picture("label", "B")))


# --- a house rule that an effect reads -------------------------------------------------------------

def swap_all(t, seat, card, play):
    """Every hand still in moves one seat on; with the house rule swap_all_skips, the next player is skipped too."""
    from nomercy.core.effects import pass_hands

    pass_hands(t)
    if t.rules.option("swap_all_skips"):
        skipped = t.next_seat(seat)
        t.events.append(ev.PlayerSkipped(t.seats[skipped], "swap-all"))
        seat = skipped
    t.end_turn(seat)


def register_swap_all() -> Rank:
    register_ruling(Ruling("swap-all", "Swap-all", "Every hand still in moves on one seat in the direction of play."))
    register_option("swap_all_skips", OptionInfo("swap-all", "does a swap-all also skip the next player", kind="bool"),
                    False)
    register_effect("swap-all", swap_all)
    return register_face(Face(name="SWAP_ALL", notation="swap-all", short="swap", points=20, ruling="swap-all",
                              effect="swap-all", picture=Picture("label", "SW")))


def swap_all_position(rules: str) -> GameState:
    deck = DeckListing(name="swaps", per_color={**DECKS["classic"].per_color, Rank.SWAP_ALL: 1},
                       wilds=DECKS["classic"].wilds, source="a house deck")
    register_deck(deck)
    used = "rswap,r3,b4,g6,y1,y2,r5"
    return position(rules, ["rswap,r3", "b4,g6", "y1,y2"], "r5", rest_of("swaps", used))


def test_a_colored_swap_all_passes_every_hand_on(house):
    register_swap_all()
    state = swap_all_position("classic/deck=swaps")
    after, events = apply(state, "A plays red swap-all")
    assert [str(c) for c in after.hand("B")] == ["red 3"] and [str(c) for c in after.hand("C")] == ["blue 4", "green 6"]
    assert after.turn == 1 and events[0].rule == "swap-all"


def test_the_house_rule_swap_all_skips_makes_the_same_card_skip_the_next_player(house):
    register_swap_all()
    state = swap_all_position("classic/deck=swaps,swap_all_skips=true")
    assert state.rules.option("swap_all_skips") is True
    after, events = apply(state, "A plays red swap-all")
    assert after.turn == 2
    assert [(type(e).__name__, e.rule) for e in events][-1] == ("PlayerSkipped", "swap-all")


def test_a_house_option_is_data_like_any_other_it_prints_and_reads_back(house):
    register_swap_all()
    rules = ruleset("classic", swap_all_skips="on")
    assert rules.differences(ruleset("classic")) == {"swap_all_skips": (True, False)}
    assert "house=(('swap_all_skips', True),)" in repr(rules) and "house" not in repr(ruleset("classic"))
    assert ruleset("classic", swap_all_skips=False) == ruleset("classic")
    state = swap_all_position("classic/deck=swaps,swap_all_skips=true")
    assert GameState.from_text(state.to_text()) == state
    with pytest.raises(RulesError, match="swap_all_skips is true or false"):
        ruleset("classic", swap_all_skips="sometimes")


def test_the_code_of_docs_extending_md_runs_and_plays():
    text = (Path(__file__).resolve().parent.parent / "docs" / "extending.md").read_text()
    blocks = re.findall(r"```python\n(.*?)```", text, re.S)
    assert len(blocks) == 3
    with trying():
        names: dict = {}
        for block in blocks:
            exec(block, names)
        game, house = names["game"], names["house"]
        assert game.card_count() == 172 and game.rules.deck == "eights"
        assert house.option("swap_all_skips") is True and "swap_all_skips=true" in new_game(house, 3).to_text()
        assert Card.parse("red swap-all").rank is names["SWAP_ALL"]
        with pytest.raises(ValueError, match="unknown card 'w\\+12'"):
            Card.parse("w+12")  # registered inside the page's own trying(), and taken back on leaving it
    assert not hasattr(Rank, "WILD_DRAW_EIGHT")


def test_trying_takes_every_registration_back():
    before = (len(ALL_CARDS), len(list(Rank)))
    with trying():
        register_swap_all()
        assert len(ALL_CARDS) == before[0] + 4
    assert (len(ALL_CARDS), len(list(Rank))) == before
    assert not hasattr(Rank, "SWAP_ALL")
    with pytest.raises(RulesError, match="unknown rule option 'swap_all_skips'"):
        ruleset("classic", swap_all_skips=True)
    with pytest.raises(ValueError, match="unknown card"):
        Card.parse("red swap-all")
    assert new_game("classic", 3, seed=1).phase in (Phase.TURN, Phase.NAME_FIRST_COLOR, Phase.NAME_ROULETTE)


def test_the_coach_reads_a_house_discard_card_from_the_face_table(house):
    """A house card that discards like the discard-all: the coach's hint sees it empty the hand and win."""
    from nomercy.play.coach import hint

    purge = register_face(Face(name="PURGE", notation="purge", short="purge", points=30, ruling="discard-all",
                               choices=("top",), discards=True, picture=Picture("label", "P")))
    register_deck(DeckListing(name="purges", per_color={**DECKS["no-mercy"].per_color, purge: 1},
                              wilds=DECKS["no-mercy"].wilds, source="a house deck"))
    used = "rpurge,r3,r8,b4,g6,y1,y2,r5"
    state = position("no-mercy/deck=purges", ["rpurge,r3,r8", "b4,g6", "y1,y2"], "r5", rest_of("purges", used))
    tip = hint(state, "A", seed=1, budget=10)
    assert tip.text.startswith("A plays red purge") and tip.playouts == 0  # no search: it wins at once
    assert tip.reason.endswith("it empties your hand and wins the round.")
