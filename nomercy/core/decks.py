"""Deck contents as data (the decks of ``docs/rulebook.md`` and ``docs/sources.md``).

A deck is a listing: how many copies of each card. The engine builds the physical
deck from the listing, so the three decks differ only in their tables here.

>>> len(build_deck("no-mercy")), len(build_deck("open-mercy")), len(build_deck("classic"))
(168, 168, 108)
>>> DECKS["no-mercy"].count(Card.parse("wild roulette"))
8
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cached_property
from typing import Mapping

from nomercy.core.cards import ALL_CARDS, COLORS, Card, Rank
from nomercy.core.errors import RulesError, brief

__all__ = ["DeckListing", "DECKS", "build_deck", "MAX_COPIES", "MAX_DECK_SIZE"]

MAX_COPIES = 100
"""The most copies of one card a deck listing may hold."""
MAX_DECK_SIZE = 2000
"""The most cards a deck may hold (the printed decks hold 108 and 168): a shuffle, a deal and every
position line stay quick, and a listing with a huge count is refused instead of hanging."""


@dataclass(frozen=True)
class DeckListing:
    """A named deck: copies per colored face (same in every color) and per wild face."""

    name: str
    per_color: Mapping[Rank, int]
    wilds: Mapping[Rank, int]
    source: str

    def __post_init__(self) -> None:
        """Refuse a listing the engine cannot shuffle and deal: copies are whole numbers within sense.

        The counts are copied, so changing the mapping given afterwards changes nothing here.
        """
        if not isinstance(self.name, str) or not self.name or not self.name.isprintable() or len(self.name) > 40:
            raise RulesError(f"a deck is named by a word, like 'my-deck', not {brief(self.name)}")
        if not isinstance(self.source, str):
            raise RulesError(f"the deck {self.name}: its source says where the listing comes from, as text, "
                             f"not {brief(self.source)}")
        for field, wild in (("per_color", False), ("wilds", True)):
            counts = getattr(self, field)
            if not isinstance(counts, Mapping):
                raise RulesError(f"the deck {self.name}: {field} maps faces to copies, like {{Rank.SEVEN: 2}}, "
                                 f"not {brief(counts)}")
            for rank, copies in counts.items():
                if not isinstance(rank, Rank):
                    raise RulesError(f"the deck {self.name}: {field} maps faces (like Rank.SEVEN) to copies, "
                                     f"not {brief(rank)}")
                if rank.is_wild != wild:
                    raise RulesError(f"the deck {self.name}: {rank.value} is {'a wild' if rank.is_wild else 'a colored face'}"
                                     f", so it belongs in {'wilds' if rank.is_wild else 'per_color'}")
                if isinstance(copies, bool) or not isinstance(copies, int) or not 0 <= copies <= MAX_COPIES:
                    raise RulesError(f"the deck {self.name}: copies of {rank.value} are a whole number from 0 to "
                                     f"{MAX_COPIES}, not {brief(copies)}")
            object.__setattr__(self, field, dict(counts))
        if not 1 <= self.size <= MAX_DECK_SIZE:
            raise RulesError(f"the deck {self.name} has {self.size} cards: a deck has 1 to {MAX_DECK_SIZE}")

    def count(self, card: Card) -> int:
        """How many copies of ``card`` this deck holds."""
        if card.color is None:
            return self.wilds.get(card.rank, 0)
        return self.per_color.get(card.rank, 0)

    @property
    def size(self) -> int:
        return sum(self.per_color.values()) * len(COLORS) + sum(self.wilds.values())

    def counts(self) -> Counter[Card]:
        """Copies of every card, as a new ``Counter`` (cards with no copies left out)."""
        return Counter(self._counts)

    def cards(self) -> tuple[Card, ...]:
        """Every physical card in sort order (before any shuffle)."""
        return self._cards

    @cached_property
    def _counts(self) -> dict[Card, int]:
        return {card: self.count(card) for card in ALL_CARDS if self.count(card)}

    @cached_property
    def _cards(self) -> tuple[Card, ...]:
        return tuple(card for card in ALL_CARDS for _ in range(self.count(card)))


def _numbers(zeros: int, others: int) -> dict[Rank, int]:
    return {Rank(str(n)): (zeros if n == 0 else others) for n in range(10)}


DECKS: dict[str, DeckListing] = {
    "no-mercy": DeckListing(
        name="no-mercy",
        per_color={
            **_numbers(2, 2),
            Rank.SKIP: 3,
            Rank.REVERSE: 3,
            Rank.DRAW_TWO: 3,
            Rank.DRAW_FOUR: 2,
            Rank.SKIP_ALL: 2,
            Rank.DISCARD_ALL: 3,
        },
        wilds={
            Rank.WILD_REVERSE_DRAW_FOUR: 8,
            Rank.WILD_DRAW_SIX: 4,
            Rank.WILD_DRAW_TEN: 4,
            Rank.WILD_ROULETTE: 8,
        },
        source="printed Mattel manual HWV18, as read by manual-reading-zh and manual-reading-fr",
    ),
    "open-mercy": DeckListing(
        name="open-mercy",
        per_color={
            **_numbers(1, 2),
            Rank.SKIP: 3,
            Rank.REVERSE: 3,
            Rank.DRAW_TWO: 3,
            Rank.DRAW_FOUR: 3,
            Rank.SKIP_ALL: 3,
            Rank.DISCARD_ALL: 3,
        },
        wilds={
            Rank.WILD: 4,
            Rank.WILD_REVERSE_DRAW_FOUR: 4,
            Rank.WILD_DRAW_SIX: 4,
            Rank.WILD_DRAW_TEN: 4,
            Rank.WILD_ROULETTE: 4,
        },
        source="the Open Mercy listing (open-mercy)",
    ),
    "classic": DeckListing(
        name="classic",
        per_color={**_numbers(1, 2), Rank.SKIP: 2, Rank.REVERSE: 2, Rank.DRAW_TWO: 2},
        wilds={Rank.WILD: 4, Rank.WILD_DRAW_FOUR: 4},
        source="the printed classic sheet (classic-rules)",
    ),
}


def build_deck(name: str) -> tuple[Card, ...]:
    """The physical cards of the deck called ``name``, unshuffled."""
    try:
        return DECKS[name].cards()
    except (KeyError, TypeError):
        raise RulesError(f"unknown deck {brief(name)}: choose one of {', '.join(sorted(DECKS))}") from None
