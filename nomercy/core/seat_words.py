"""The seat of the person at the screen (the seat called You) in every language: its name where it stands alone,
and the rule that a sentence about it is a message of its own.

A seat's name is put into a sentence through a placeholder (``{player} draws 2 cards``). For the seat called You
that cannot work in any language: English says "You draw", French "Vous piochez" (not "vous pioche", "vous doit"),
Swedish "du" as a subject and "dig" as an object ("6 kort väntar nu på dig", not "på Du"), and a translation may
turn an English object into its subject. So the person's word never fills a placeholder: every sentence that names
a seat has a second message for the seat called You (``You draw {count} cards.``), which each language writes
whole, and :func:`about` picks the one that fits. Where the seat's name stands alone (its label at the table, a
row of the round's end, the order of play) :func:`label` gives the language's word for the person.

>>> label("You", "sv"), label("Ann", "sv"), label("You", "en")
('Du', 'Ann', 'You')
>>> about("You", "{player} is skipped.", "You are skipped.", "fr"), about("Bo", "{player} is skipped.", "You are skipped.", "fr")
('Vous passez votre tour.', 'Bo passe son tour.')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from nomercy.core.i18n import N_, SOURCE, words
from nomercy.core.wording import is_you

__all__ = ["PERSON_LABEL", "label", "about", "about_n", "SeatLabel"]

PERSON_LABEL = N_("You")
"""The seat called You where its name stands alone: 'Du', 'Vous', '你' (a label, never a placeholder's value)."""


def label(name: str, lang: str) -> str:
    """A seat's name where it stands alone, in ``lang``: the seat called You in the language's word, else the name
    (English keeps the seat's own name, "you" in any case)."""
    if lang == SOURCE or not is_you(name):
        return name
    return words(lang).gettext(PERSON_LABEL)


def about(name: str, other: str, you: str, lang: str, **values: Any) -> str:
    """The sentence about the seat ``name`` in ``lang``: the message ``you`` when it is the seat called You, else
    ``other`` with ``{player}`` filled with the name."""
    if is_you(name):
        return words(lang).gettext(you, **values)
    return words(lang).gettext(other, **{"player": name, **values})


def about_n(name: str, other: tuple[str, str], you: tuple[str, str], count: int, lang: str, **values: Any) -> str:
    """:func:`about` for a message with plural forms (``other`` and ``you`` each its singular and plural)."""
    if is_you(name):
        return words(lang).ngettext(*you, count, **values)
    return words(lang).ngettext(*other, count, **{"player": name, **values})


@dataclass(frozen=True)
class SeatLabel:
    """A seat's name standing alone inside a sentence a table says again in its language (a line's heading,
    ``{player}: ...``): its English is the name, another language's :func:`label` (a value of a
    :class:`~nomercy.core.refusals.Said`)."""

    name: str

    def __str__(self) -> str:
        return self.name

    def __format__(self, spec: str) -> str:
        return format(self.name, spec)

    def said_in(self, lang: str) -> str:
        return label(self.name, lang)
