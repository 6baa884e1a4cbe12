"""Seat names in sentences: the one place where a verb agrees with its seat and a name becomes a possessive.

A seat may be called anything, "You" included (the deal of the day seats "You" against two computer
players). Every sentence the engine and the table write about a seat goes through these functions, so a
seat called You reads "You play red 5", "You draw 2 cards", "your turn passes", "You are knocked out",
and every other seat is unchanged: "Ann plays red 5", "Ann's turn passes".

Verbs are given in the third person, as the sentence reads for any other name ("plays", "is", "has"),
so templates read naturally and only a seat called You (in any case) changes them.

>>> says("Ann", "plays"), says("You", "plays"), says("you", "catches"), says("You", "is")
('Ann plays', 'You play', 'you catch', 'You are')
>>> possessive("Ann"), possessive("You"), possessive("You", start=True)
("Ann's", 'your', 'Your')
>>> their("Ann"), their("You"), possessive("You", alone=True)
('their', 'your', 'yours')
"""

from __future__ import annotations

__all__ = ["is_you", "says", "verb", "possessive", "their", "themselves"]

_IRREGULAR = {"is": "are", "has": "have", "was": "were", "does": "do", "goes": "go"}
_ES_ENDINGS = ("ches", "shes", "sses", "xes", "zzes")


def is_you(name: str) -> bool:
    """Whether a seat is called You (in any case): its sentences are in the second person."""
    return len(name) == 3 and name.lower() == "you"


def verb(name: str, third_person: str) -> str:
    """``third_person`` ("plays", "is", "catches") as it agrees with the seat ``name``: unchanged, or for a seat
    called You the plain form ("play", "are", "catch")."""
    if not is_you(name):
        return third_person
    if third_person in _IRREGULAR:
        return _IRREGULAR[third_person]
    if third_person.endswith(_ES_ENDINGS):
        return third_person[:-2]
    if third_person.endswith("ies") and len(third_person) > 4:
        return third_person[:-3] + "y"
    return third_person[:-1] if third_person.endswith("s") else third_person


def says(name: str, third_person: str) -> str:
    """The seat's name and a verb that agrees with it: ``Ann plays``, ``You play``."""
    if len(name) == 3 and name.lower() == "you":  # (is_you, inline: every move's notation comes through here)
        return f"{name} {verb(name, third_person)}"
    return f"{name} {third_person}"


def possessive(name: str, *, start: bool = False, alone: bool = False) -> str:
    """``Ann's``; for a seat called You ``your`` (``Your`` at the ``start`` of a sentence, ``yours`` standing
    ``alone``: "it is Ann's turn, not yours")."""
    if is_you(name):
        return "yours" if alone else "Your" if start else "your"
    return f"{name}'s"


def their(name: str) -> str:
    """The possessive pronoun that refers back to a seat already named: ``their``, or ``your`` for You."""
    return "your" if is_you(name) else "their"


def themselves(name: str) -> str:
    """The reflexive pronoun for a seat already named: ``themselves``, or ``yourself`` for You."""
    return "yourself" if is_you(name) else "themselves"
