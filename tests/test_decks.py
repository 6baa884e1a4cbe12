"""The three decks, count by count (the decks of docs/rulebook.md and docs/sources.md)."""

from __future__ import annotations

import pytest

from nomercy import ALL_CARDS, COLORS, DECKS, Card, Rank, RulesError, build_deck, new_game

NUMBERS = [Rank(str(n)) for n in range(10)]

# Copies per color of each colored face, and copies of each wild face, written
# out from the rulebook independently of the engine's tables.
EXPECTED = {
    "no-mercy": (
        {**{r: 2 for r in NUMBERS}, Rank.SKIP: 3, Rank.REVERSE: 3, Rank.DRAW_TWO: 3, Rank.DRAW_FOUR: 2,
         Rank.SKIP_ALL: 2, Rank.DISCARD_ALL: 3},
        {Rank.WILD_REVERSE_DRAW_FOUR: 8, Rank.WILD_DRAW_SIX: 4, Rank.WILD_DRAW_TEN: 4, Rank.WILD_ROULETTE: 8},
        168,
    ),
    "open-mercy": (
        {**{r: 2 for r in NUMBERS}, Rank.ZERO: 1, Rank.SKIP: 3, Rank.REVERSE: 3, Rank.DRAW_TWO: 3,
         Rank.DRAW_FOUR: 3, Rank.SKIP_ALL: 3, Rank.DISCARD_ALL: 3},
        {Rank.WILD: 4, Rank.WILD_REVERSE_DRAW_FOUR: 4, Rank.WILD_DRAW_SIX: 4, Rank.WILD_DRAW_TEN: 4,
         Rank.WILD_ROULETTE: 4},
        168,
    ),
    "classic": (
        {**{r: 2 for r in NUMBERS}, Rank.ZERO: 1, Rank.SKIP: 2, Rank.REVERSE: 2, Rank.DRAW_TWO: 2},
        {Rank.WILD: 4, Rank.WILD_DRAW_FOUR: 4},
        108,
    ),
}

CASES = [
    (deck, card)
    for deck in EXPECTED
    for card in ALL_CARDS
]


def expected_count(deck: str, card: Card) -> int:
    per_color, wilds, _ = EXPECTED[deck]
    return wilds.get(card.rank, 0) if card.is_wild else per_color.get(card.rank, 0)


@pytest.mark.parametrize("deck, card", CASES, ids=[f"{d}:{c}" for d, c in CASES])
def test_every_card_has_the_listed_number_of_copies(deck, card):
    assert DECKS[deck].count(card) == expected_count(deck, card)
    assert build_deck(deck).count(card) == expected_count(deck, card)


@pytest.mark.parametrize("deck", EXPECTED)
def test_deck_totals(deck):
    assert len(build_deck(deck)) == DECKS[deck].size == EXPECTED[deck][2]


def test_no_mercy_has_36_cards_per_color_and_24_wilds():
    deck = build_deck("no-mercy")
    for color in COLORS:
        assert sum(1 for c in deck if c.color is color) == 36
    assert sum(1 for c in deck if c.is_wild) == 24


def test_no_mercy_has_no_plain_wild_and_no_classic_wild_draw_four():
    deck = build_deck("no-mercy")
    assert Card.parse("wild") not in deck
    assert Card.parse("wild +4") not in deck


def test_open_mercy_has_one_zero_per_color_and_three_of_every_colored_action():
    listing = DECKS["open-mercy"]
    for color in COLORS:
        assert listing.count(Card(color, Rank.ZERO)) == 1
        for rank in (Rank.SKIP, Rank.REVERSE, Rank.DRAW_TWO, Rank.DRAW_FOUR, Rank.SKIP_ALL, Rank.DISCARD_ALL):
            assert listing.count(Card(color, rank)) == 3


def test_classic_has_no_no_mercy_cards():
    deck = build_deck("classic")
    for rank in (Rank.DRAW_FOUR, Rank.SKIP_ALL, Rank.DISCARD_ALL, Rank.WILD_REVERSE_DRAW_FOUR,
                 Rank.WILD_DRAW_SIX, Rank.WILD_DRAW_TEN, Rank.WILD_ROULETTE):
        assert not any(c.rank is rank for c in deck)


@pytest.mark.parametrize("profile, deck", [
    ("no-mercy", "no-mercy"), ("open-mercy", "open-mercy"), ("classic", "classic"), ("speltavlan", "no-mercy"),
])
def test_a_new_game_holds_exactly_its_deck(profile, deck):
    game = new_game(profile, 4, seed=11)
    assert game.card_count() == DECKS[deck].size
    assert game.all_cards() == DECKS[deck].counts()


def test_unknown_deck_names_the_decks():
    with pytest.raises(RulesError) as caught:
        build_deck("tarot")
    for name in EXPECTED:
        assert name in str(caught.value)
