"""Events: what a move did, one frozen record per effect.

Every event has a plain-language ``sentence`` and the id of the ``rule`` it comes
from (see :mod:`nomercy.core.rulebook`), so a learner can ask why it happened:

>>> event = KnockedOut(player="B", hand_size=25, rule="mercy")
>>> event.sentence
'B holds 25 cards and is out of the round (mercy rule).'
>>> event.ruling.title
'Mercy rule'
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from nomercy.core.cards import Card, Color
from nomercy.core.rulebook import RULINGS, Ruling

__all__ = [
    "Event",
    "GameStarted",
    "FirstCardTurned",
    "FirstCardReturned",
    "CardPlayed",
    "JumpedIn",
    "StackGrew",
    "CardsDrawn",
    "TurnLost",
    "PlayerSkipped",
    "EveryoneSkipped",
    "DirectionChanged",
    "HandsSwapped",
    "HandsPassed",
    "CardsDiscarded",
    "ColorNamed",
    "KnockedOut",
    "PenaltyCancelled",
    "PileReshuffled",
    "DrawStoppedShort",
    "TurnPassed",
    "UnoCalled",
    "UnoCaught",
    "Challenged",
    "RoundWon",
    "RoundScored",
]


def _cards(cards: tuple[Card, ...]) -> str:
    names = [str(c) for c in cards]
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def _plural(n: int, word: str = "card") -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


class Event:
    """Base of all events: ``rule`` is a ruling id, ``sentence`` says what happened."""

    __slots__ = ()
    rule: str

    @property
    def sentence(self) -> str:  # pragma: no cover - every event overrides it
        raise NotImplementedError

    @property
    def ruling(self) -> Ruling:
        return RULINGS[self.rule]

    @property
    def kind(self) -> str:
        """The event's name in snake case, as used by widgets: ``cards_drawn``."""
        name = type(self).__name__
        return "".join("_" + ch.lower() if ch.isupper() else ch for ch in name).lstrip("_")

    def as_dict(self) -> dict[str, Any]:
        """JSON-friendly form: kind, rule, sentence and the fields as text."""
        data: dict[str, Any] = {"kind": self.kind, "rule": self.rule, "sentence": self.sentence}
        for field in fields(self):  # type: ignore[arg-type]
            value = getattr(self, field.name)
            if isinstance(value, (Card, Color)):
                value = str(value)
            elif isinstance(value, tuple):
                value = [str(v) for v in value]
            data[field.name] = value
        return data

    def __str__(self) -> str:
        return self.sentence


@dataclass(frozen=True, slots=True)
class GameStarted(Event):
    dealer: str
    first_player: str
    hand_size: int
    rule: str = "deal"

    @property
    def sentence(self) -> str:
        return f"{self.dealer} deals {self.hand_size} cards to every player; {self.first_player} starts."


@dataclass(frozen=True, slots=True)
class FirstCardTurned(Event):
    card: Card
    buried: tuple[Card, ...] = ()
    rule: str = "first-card"

    @property
    def sentence(self) -> str:
        text = f"The first card turned up is {self.card}."
        if self.buried:
            text += f" {_cards(self.buried)} came up before it and stay buried without effect."
        return text


@dataclass(frozen=True, slots=True)
class FirstCardReturned(Event):
    card: Card
    rule: str = "first-card"

    @property
    def sentence(self) -> str:
        return f"{self.card} may not start the discard pile: it goes back into the deck and another card is turned."


@dataclass(frozen=True, slots=True)
class CardPlayed(Event):
    player: str
    card: Card
    color: Color | None = None
    rule: str = "matching"

    @property
    def sentence(self) -> str:
        if self.color is not None:
            return f"{self.player} plays {self.card} and names {self.color}."
        return f"{self.player} plays {self.card}."


@dataclass(frozen=True, slots=True)
class JumpedIn(Event):
    player: str
    card: Card
    rule: str = "jump-in"

    @property
    def sentence(self) -> str:
        return f"{self.player} jumps in out of turn with an identical {self.card}; play goes on from {self.player}."


@dataclass(frozen=True, slots=True)
class StackGrew(Event):
    target: str
    total: int
    minimum: int
    rule: str = "stacking"
    stacking: str = "official"

    @property
    def sentence(self) -> str:
        pending = f"{_plural(self.total)} are now pending for {self.target}"
        if self.stacking == "none":
            return f"{pending}, who must draw them and lose the turn."
        if self.stacking == "anything-goes":
            return f"{pending}: answer with any draw card, or draw them all."
        if self.stacking == "wilds-on-anything":
            return (f"{pending}: answer with a wild draw card, or a colored one worth +{self.minimum} "
                    "or more, or draw them all.")
        return f"{pending}: answer with a draw card worth +{self.minimum} or more, or draw them all."


@dataclass(frozen=True, slots=True)
class CardsDrawn(Event):
    player: str
    count: int
    shown: tuple[Card, ...] = ()
    rule: str = "draw-until-playable"

    @property
    def sentence(self) -> str:
        text = f"{self.player} draws {_plural(self.count)}"
        if self.shown:
            text += f": {_cards(self.shown)}"
        return text + "."


@dataclass(frozen=True, slots=True)
class TurnLost(Event):
    player: str
    rule: str = "stacking"

    @property
    def sentence(self) -> str:
        return f"{self.player} loses the turn."


@dataclass(frozen=True, slots=True)
class PlayerSkipped(Event):
    player: str
    rule: str = "skip"

    @property
    def sentence(self) -> str:
        return f"{self.player} is skipped."


@dataclass(frozen=True, slots=True)
class EveryoneSkipped(Event):
    player: str
    rule: str = "skip-all"

    @property
    def sentence(self) -> str:
        if self.rule == "first-card":
            return f"Every other player is skipped, so the dealer, {self.player}, plays first."
        return f"Every other player is skipped, so {self.player} plays again."


@dataclass(frozen=True, slots=True)
class DirectionChanged(Event):
    direction: str
    rule: str = "reverse"

    @property
    def sentence(self) -> str:
        return f"Play now goes {self.direction}."


@dataclass(frozen=True, slots=True)
class HandsSwapped(Event):
    player: str
    other: str
    rule: str = "seven"

    @property
    def sentence(self) -> str:
        return f"{self.player} and {self.other} swap hands."


@dataclass(frozen=True, slots=True)
class HandsPassed(Event):
    direction: str
    rule: str = "zero"

    @property
    def sentence(self) -> str:
        return f"Every player still in passes their whole hand to the next player {self.direction}."


@dataclass(frozen=True, slots=True)
class CardsDiscarded(Event):
    player: str
    cards: tuple[Card, ...]
    top: Card
    rule: str = "discard-all"

    @property
    def sentence(self) -> str:
        if not self.cards:
            return f"{self.player} has no other card of that color to discard; {self.top} stays on top."
        return f"{self.player} also discards {_cards(self.cards)} without their effects; {self.top} lies on top."


@dataclass(frozen=True, slots=True)
class ColorNamed(Event):
    player: str
    color: Color
    rule: str = "wild-roulette"

    @property
    def sentence(self) -> str:
        return f"{self.player} names {self.color}."


@dataclass(frozen=True, slots=True)
class KnockedOut(Event):
    player: str
    hand_size: int
    rule: str = "mercy"

    @property
    def sentence(self) -> str:
        return f"{self.player} holds {self.hand_size} cards and is out of the round (mercy rule)."


@dataclass(frozen=True, slots=True)
class PenaltyCancelled(Event):
    player: str
    remaining: int
    rule: str = "mercy"

    @property
    def sentence(self) -> str:
        return f"The rest of {self.player}'s draw ({_plural(self.remaining)}) is cancelled."


@dataclass(frozen=True, slots=True)
class PileReshuffled(Event):
    count: int
    rule: str = "empty-draw-pile"

    @property
    def sentence(self) -> str:
        verb = "is" if self.count == 1 else "are"
        return f"The draw pile is empty: {_plural(self.count)} {verb} shuffled into a new draw pile."


@dataclass(frozen=True, slots=True)
class DrawStoppedShort(Event):
    player: str
    missing: int
    rule: str = "empty-draw-pile"

    @property
    def sentence(self) -> str:
        if self.missing:
            return f"No card is left anywhere: {self.player}'s draw stops {_plural(self.missing)} short."
        return f"No card is left anywhere for {self.player} to draw."


@dataclass(frozen=True, slots=True)
class TurnPassed(Event):
    """The turn passes without a play; ``kept`` is how many cards the player drew and keeps (0 to many)."""

    player: str
    rule: str = "draw-one"
    kept: int = 1

    @property
    def sentence(self) -> str:
        if self.kept == 1:
            return f"{self.player} keeps the card and the turn passes."
        if self.kept == 0:
            return f"{self.player}'s turn passes."
        return f"{self.player} keeps the {self.kept} cards drawn and the turn passes."


@dataclass(frozen=True, slots=True)
class UnoCalled(Event):
    player: str
    rule: str = "uno"

    @property
    def sentence(self) -> str:
        return f"{self.player} calls UNO!"


@dataclass(frozen=True, slots=True)
class UnoCaught(Event):
    catcher: str
    player: str
    penalty: int
    rule: str = "uno"

    @property
    def sentence(self) -> str:
        return f"{self.catcher} catches {self.player} holding one card without calling UNO: {self.player} draws {self.penalty}."


@dataclass(frozen=True, slots=True)
class Challenged(Event):
    challenger: str
    player: str
    guilty: bool
    rule: str = "challenge"

    @property
    def sentence(self) -> str:
        if self.guilty:
            return f"{self.challenger} challenges: {self.player} held a card of the color in force, so {self.player} draws instead."
        return f"{self.challenger} challenges, but {self.player} held no card of the color in force: {self.challenger} draws 2 extra."


@dataclass(frozen=True, slots=True)
class RoundWon(Event):
    player: str
    how: str
    rule: str = "winning"

    @property
    def sentence(self) -> str:
        reasons = {
            "emptied hand": "by playing their last card",
            "last one standing": "as the last player left in the round",
            "dead end": "with the fewest cards, as nobody can play or draw",
        }
        return f"{self.player} wins the round {reasons.get(self.how, self.how)}."


@dataclass(frozen=True, slots=True)
class RoundScored(Event):
    player: str
    points: int
    knockouts: int
    rule: str = "scoring"

    @property
    def sentence(self) -> str:
        text = f"{self.player} scores {self.points} points"
        if self.knockouts:
            text += f", including the bonus for {_plural(self.knockouts, 'knocked-out player')}"
        return text + "."
