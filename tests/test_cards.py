"""Cards and their notation (puzzle-format.md, "Cards")."""

from __future__ import annotations

import pickle

import pytest

from nomercy import ALL_CARDS, DECKS, Card, Color, NotationError, Rank, parse_cards

# Every row of the notation table: the printed form first, then the other forms.
NOTATION_TABLE = [
    (Color.RED, Rank.SEVEN, "red 7", ["r7", "red7"]),
    (Color.BLUE, Rank.SKIP, "blue skip", ["bskip"]),
    (Color.GREEN, Rank.REVERSE, "green reverse", ["grev"]),
    (Color.YELLOW, Rank.DRAW_TWO, "yellow +2", ["y+2"]),
    (Color.BLUE, Rank.DRAW_FOUR, "blue +4", ["b+4"]),
    (Color.RED, Rank.SKIP_ALL, "red skip-all", ["rskip-all"]),
    (Color.GREEN, Rank.DISCARD_ALL, "green discard-all", ["gdiscard-all"]),
    (None, Rank.WILD, "wild", ["w"]),
    (None, Rank.WILD_DRAW_FOUR, "wild +4", ["w+4"]),
    (None, Rank.WILD_REVERSE_DRAW_FOUR, "wild reverse +4", ["wrev+4"]),
    (None, Rank.WILD_DRAW_SIX, "wild +6", ["w+6"]),
    (None, Rank.WILD_DRAW_TEN, "wild +10", ["w+10"]),
    (None, Rank.WILD_ROULETTE, "wild roulette", ["wroulette"]),
]


@pytest.mark.parametrize("color, rank, printed, others", NOTATION_TABLE, ids=[row[2] for row in NOTATION_TABLE])
def test_every_form_of_the_notation_table_parses(color, rank, printed, others):
    card = Card(color, rank)
    for text in [printed, *others]:
        assert Card.parse(text) == card, text
        assert Card.parse(text.upper()) == card, text.upper()
        assert Card.parse(f"  {text.title()} ") == card
    assert str(card) == printed


@pytest.mark.parametrize("word, letter, color", [
    ("red", "r", Color.RED), ("yellow", "y", Color.YELLOW), ("green", "g", Color.GREEN), ("blue", "b", Color.BLUE),
])
def test_colors_have_a_word_and_a_letter(word, letter, color):
    assert Color.parse(word) is color
    assert Color.parse(letter.upper()) is color
    assert Card.parse(f"{word} 3") == Card.parse(f"{letter}3") == Card(color, Rank.THREE)


@pytest.mark.parametrize("n", range(10))
def test_every_number_in_every_color(n):
    for color in Color:
        card = Card.parse(f"{color.value} {n}")
        assert card.number == n and card.color is color
        assert Card.parse(f"{color.letter}{n}") is card


@pytest.mark.parametrize("deck", sorted(DECKS))
def test_str_parses_back_to_the_same_card_for_every_card_of_every_deck(deck):
    for card in DECKS[deck].cards():
        assert Card.parse(str(card)) == card
        assert Card.parse(card.short) == card


def test_every_card_there_is_round_trips():
    assert len(ALL_CARDS) == 4 * 16 + 6
    for card in ALL_CARDS:
        assert Card.parse(str(card)) is card


def test_repr_pastes_back():
    for card in ALL_CARDS:
        assert eval(repr(card), {"Card": Card}) is card
    assert repr(Card.parse("g+2")) == "Card.parse('green +2')"


def test_cards_are_interned_and_immutable():
    assert Card(Color.RED, Rank.SEVEN) is Card.parse("red 7")
    card = Card.parse("red 7")
    with pytest.raises(AttributeError):
        card.color = Color.BLUE  # type: ignore[misc]
    assert pickle.loads(pickle.dumps(card)) is card
    assert {Card.parse("r7"), Card.parse("red 7")} == {card}


def test_a_wild_has_no_color_and_never_stores_the_named_one():
    for rank in Rank:
        if rank.is_wild:
            assert Card(None, rank).color is None
            assert Card(None, rank).is_wild


@pytest.mark.parametrize("text, value", [
    ("red +2", 2), ("blue +4", 4), ("wild +4", 4), ("wild reverse +4", 4), ("wild +6", 6), ("wild +10", 10),
    ("wild roulette", 0), ("red skip", 0), ("red 7", 0), ("green discard-all", 0), ("wild", 0),
])
def test_draw_values_follow_ruling_6b(text, value):
    card = Card.parse(text)
    assert card.draw_value == value
    assert card.is_draw_card == (value > 0)


@pytest.mark.parametrize("text, points", [
    ("red 0", 0), ("blue 7", 7), ("green 9", 9), ("red skip", 20), ("yellow reverse", 20), ("blue +2", 20),
    ("blue +4", 20), ("red skip-all", 20), ("green discard-all", 20), ("wild", 50), ("wild +4", 50),
    ("wild reverse +4", 50), ("wild +6", 50), ("wild +10", 50), ("wild roulette", 50),
])
def test_card_points_follow_ruling_19(text, points):
    assert Card.parse(text).points == points


@pytest.mark.parametrize("text, hint", [
    ("purple 7", "purple"),
    ("red 11", "red 11"),
    ("wild +8", "wild +8"),
    ("blue", "blue"),
    ("7", "7"),
    ("redskip-some", "redskip-some"),
])
def test_bad_notation_is_refused_with_a_message_naming_the_input(text, hint):
    with pytest.raises(NotationError) as caught:
        Card.parse(text)
    message = str(caught.value)
    assert hint in message
    assert len(message) > len(text) + 10  # says more than the input: what would be accepted


def test_empty_or_non_text_card_is_a_notation_error():
    with pytest.raises(NotationError, match="empty"):
        Card.parse("   ")
    with pytest.raises(NotationError, match="text"):
        Card.parse(7)  # type: ignore[arg-type]


def test_notation_errors_are_value_errors():
    with pytest.raises(ValueError):
        Card.parse("purple 7")
    with pytest.raises(NotationError, match="red, yellow, green or blue"):
        Color.parse("purple")


def test_a_wild_cannot_have_a_color_and_a_colored_card_needs_one():
    with pytest.raises(NotationError):
        Card(Color.RED, Rank.WILD_DRAW_SIX)
    with pytest.raises(NotationError):
        Card(None, Rank.SEVEN)


def test_parse_cards_reads_lists_and_comma_separated_text():
    assert parse_cards("r7, w+6") == (Card.parse("red 7"), Card.parse("wild +6"))
    assert parse_cards(["bskip", "grev"]) == (Card.parse("blue skip"), Card.parse("green reverse"))


def test_cards_sort_by_color_then_rank_with_wilds_last():
    ordered = sorted(Card.parse(t) for t in ["wild +6", "blue 1", "red skip", "red 2", "yellow 0"])
    assert [str(c) for c in ordered] == ["red 2", "red skip", "yellow 0", "blue 1", "wild +6"]
