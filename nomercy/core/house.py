"""House cards and house rules, added from outside the package (see ``docs/extending.md``).

Rules are data here all the way down, so a house card is one more record of the face
table and a house rule is one more option of the rule sets; nothing in the package is
edited. Everything registered here is checked first and then plays through
:func:`~nomercy.core.engine.apply` like a printed card or option:

* :func:`register_face`: a new face (its cards come with it: one per color, or one wild);
* :func:`register_deck`: a deck listing that holds it (``new_game(..., deck="my-deck")``);
* :func:`register_effect` / :func:`register_first_card`: a new behaviour a face can name;
* :func:`register_option`: a new rule option, read by an effect as ``t.rules.option(name)``;
* :func:`register_ruling`: a ruling of your own for the events to cite.

Registrations last for the whole process. :func:`trying` takes back everything
registered inside it, for a notebook cell or a test that tries a house rule.

>>> from nomercy.core.faces import Face, Picture
>>> with trying():
...     eight = register_face(Face(name="WILD_DRAW_EIGHT", notation="wild +8", short="w+8", wild=True, draw=8,
...                                points=50, ruling="wild-color", choices=("color",), effect="draw",
...                                first_card="wild-draw", picture=Picture("label", "+8")))
...     Card.parse("w+8").draw_value
8
>>> "WILD_DRAW_EIGHT" in {rank.name for rank in Rank}
False
"""

from __future__ import annotations

import re
from contextlib import contextmanager
from typing import Any, Iterator

from nomercy.core import cards
from nomercy.core.cards import Card, Rank, add_face
from nomercy.core.decks import DECKS, DeckListing
from nomercy.core.effects import EFFECTS, FIRST_CARD, Effect, FirstCardEffect
from nomercy.core.errors import NomercyError, RulesError, brief
from nomercy.core.faces import CHOICES, Face
from nomercy.core.rulebook import RULINGS, Ruling
from nomercy.core.rules import HOUSE_DEFAULTS, OPTIONS, OptionInfo, add_option

__all__ = ["register_face", "register_deck", "register_effect", "register_first_card", "register_option",
           "register_ruling", "trying", "Card", "Rank"]


def register_effect(name: str, effect: Effect) -> None:
    """A behaviour faces can name as their ``effect``: ``effect(t, seat, card, play)`` (see :mod:`nomercy.core.effects`)."""
    _new_name(name, EFFECTS, "effect")
    if not callable(effect):
        raise RulesError(f"the effect {name} is a function effect(t, seat, card, play), not {brief(effect)}")
    EFFECTS[name] = effect


def register_first_card(name: str, behaviour: FirstCardEffect) -> None:
    """A behaviour faces can name as their ``first_card``: ``behaviour(t, card)``."""
    _new_name(name, FIRST_CARD, "first-card behaviour")
    if not callable(behaviour):
        raise RulesError(f"the first-card behaviour {name} is a function behaviour(t, card), not {brief(behaviour)}")
    FIRST_CARD[name] = behaviour


def register_ruling(ruling: Ruling) -> Ruling:
    """A ruling of your own, for a house face or a house effect's events to cite."""
    if not isinstance(ruling, Ruling):
        raise RulesError(f"a ruling is a Ruling(id, title, text), not {brief(ruling)}")
    _new_name(ruling.id, RULINGS, "ruling")
    if not all(isinstance(text, str) and text for text in (ruling.title, ruling.text)):
        raise RulesError(f"the ruling {ruling.id} has a title and a text, both words")
    RULINGS[ruling.id] = ruling
    return ruling


def register_face(face: Face) -> Rank:
    """Add a face to the face table; returns its :class:`Rank` (also ``Rank.<name>``), whose cards now exist.

    The face's effect, first-card behaviour and ruling must be known (built in, or
    registered first), and a wild names a color only through the ``color`` choice.
    """
    if face.effect not in EFFECTS:
        raise RulesError(f"{face.notation}: no effect called {brief(face.effect)}; the effects are "
                         f"{', '.join(EFFECTS)} (or register one with register_effect)")
    if face.first_card not in FIRST_CARD:
        raise RulesError(f"{face.notation}: no first-card behaviour called {brief(face.first_card)}; they are "
                         f"{', '.join(FIRST_CARD)} (or register one with register_first_card)")
    if face.ruling not in RULINGS:
        raise RulesError(f"{face.notation}: no ruling called {brief(face.ruling)} (register one with register_ruling)")
    unknown = [c for c in face.choices if c not in CHOICES]
    if unknown:
        raise RulesError(f"{face.notation}: a play can choose {', '.join(CHOICES)}, not {brief(unknown[0])}")
    if "color" in face.choices and not face.wild:
        raise RulesError(f"{face.notation}: only a wild names a color")
    if len(Rank) >= MAX_FACES:
        raise RulesError(f"{face.notation}: there are {len(Rank)} faces already, as many as the package allows")
    mark = cards.faces_mark()
    rank = add_face(face)
    try:
        _check_notation(rank)
    except NomercyError:
        cards.rewind_faces(mark)
        raise
    return rank


MAX_FACES = 200
"""The most faces there can be, printed and house faces together."""


def _check_notation(rank: Rank) -> None:
    """Every card of a new face reads back from what is written of it: its notation, its short form, and a play of it."""
    from nomercy.core.moves import Play, format_move, parse_move

    for card in (c for c in cards.ALL_CARDS if c.rank is rank):
        color = cards.COLORS[0] if card.is_wild and "color" in rank.choices else None
        move = Play(0, card, color)
        written = (str(card), card.short, format_move(move, ("A", "B")))
        read: tuple[object, ...]
        try:
            read = (Card.parse(written[0]), Card.parse(written[1]), parse_move(written[2], ("A", "B")))
        except NomercyError:
            read = ()
        if read != (card, card, move):
            raise RulesError(f"{rank.value}: the notation cannot tell this card from another (it reads "
                             f"{brief(written[0])}, {brief(written[1])} or {brief(written[2])} otherwise); "
                             "choose a notation of its own")


def register_deck(listing: DeckListing) -> DeckListing:
    """A deck listing the ``deck`` option can name (``new_game("no-mercy", 3, deck=listing.name)``)."""
    if not isinstance(listing, DeckListing):
        raise RulesError(f"a deck is a DeckListing(name, per_color, wilds, source), not {brief(listing)}")
    _new_name(listing.name, DECKS, "deck")
    DECKS[listing.name] = listing
    deck = OPTIONS["deck"]
    OPTIONS["deck"] = OptionInfo(deck.ruling, deck.meaning, tuple(DECKS), deck.kind)
    return listing


def register_option(name: str, info: OptionInfo, default: Any) -> None:
    """A rule option of your own: ``ruleset("no-mercy", **{name: value})`` sets it, ``rules.option(name)`` reads it.

    ``info`` says which ruling it belongs to, what it means and the values it takes
    (a ``kind`` of choice, bool, int or optional-int), exactly like the printed options.
    """
    if not isinstance(info, OptionInfo):
        raise RulesError(f"option {brief(name)} is described by an OptionInfo(ruling, meaning, ...), not {brief(info)}")
    if info.ruling not in RULINGS:
        raise RulesError(f"option {name}: no ruling called {brief(info.ruling)} (register one with register_ruling)")
    add_option(name, info, default)


def _new_name(name: str, table: dict[str, Any], what: str) -> None:
    if not isinstance(name, str) or not _WORD.fullmatch(name):
        raise RulesError(f"a {what} is named by a word in small letters, digits, - and _, like 'my-deck', "
                         f"not {brief(name)}")
    if name in table:
        raise RulesError(f"there is already a {what} called {name}")


_WORD = re.compile(r"[a-z0-9][a-z0-9_-]{0,39}")
"""A name of a deck, effect, behaviour or ruling: it is written in position lines, rule texts and links."""


@contextmanager
def trying() -> Iterator[None]:
    """Take back, on leaving, every face, deck, effect, option and ruling registered inside.

    Positions and games that hold a house card taken back are not to be used afterwards.
    """
    mark = cards.faces_mark()
    tables: tuple[dict[str, Any], ...] = (EFFECTS, FIRST_CARD, DECKS, OPTIONS, HOUSE_DEFAULTS, RULINGS)
    saved = [(table, dict(table)) for table in tables]
    try:
        yield
    finally:
        for table, before in saved:
            table.clear()
            table.update(before)
        cards.rewind_faces(mark)
