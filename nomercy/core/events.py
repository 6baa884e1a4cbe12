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

from typing import Any, TypeVar, dataclass_transform

from nomercy.core.cards import Card, Color
from nomercy.core.records import field_reader
from nomercy.core.rulebook import RULINGS, Ruling
from nomercy.core.wording import is_you, plural, possessive, says, their, verb

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


class Event(tuple):
    """Base of all events: ``rule`` is a ruling id, ``sentence`` says what happened.

    An event is a small immutable record. Inside it is a tuple of its fields (read
    them by name), because the engine writes one or two events for every move and a
    tuple is the cheapest record Python builds; the sentence is put together only
    when someone reads it. Two events are equal when they are of the same kind with
    the same fields.
    """

    __slots__ = ()
    _fields: tuple[str, ...] = ()
    """The names of the fields, in order (as a named tuple has them)."""
    _field_defaults: dict[str, Any] = {}
    """The fields that have a default, with it."""
    rule: str

    def __new__(cls, *fields: Any, **named: Any) -> "Event":
        """Only an event of a kind is made (``CardPlayed(...)``, made by :func:`event`); this base holds nothing."""
        from nomercy.core.errors import NomercyError

        raise NomercyError("an event is one of its kinds (like CardPlayed or CardsDrawn), which the engine makes as "
                           "moves are played; the base of the kinds is never one")

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
        for name, value in zip(self._fields, self):
            if isinstance(value, (Card, Color)):
                value = str(value)
            elif isinstance(value, tuple):
                value = [str(v) for v in value]
            data[name] = value
        return data

    def __eq__(self, other: object) -> bool:
        return type(self) is type(other) and tuple.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        return not self == other

    __hash__ = tuple.__hash__

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={value!r}" for name, value in zip(self._fields, self))
        return f"{type(self).__name__}({fields})"

    def __str__(self) -> str:
        return self.sentence

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), tuple(self))


_E = TypeVar("_E", bound=Event)

new_event: Any = tuple.__new__
"""``new_event(Kind, fields)``: the event ``Kind`` holding ``fields``, every one of them in order, defaults too.

This is how the engine writes the one or two events of every move: the same value as
``Kind(...)``, without the keyword constructor's Python call, which costs about as much
again as the event itself. Everywhere else, call ``Kind(...)`` by name.
"""


@dataclass_transform(frozen_default=True)
def event(cls: type[_E]) -> type[_E]:
    """Make an event kind from a class that lists its fields (with defaults) and its ``sentence``.

    What ``@dataclass(frozen=True)`` would do, for a tuple: a constructor taking the
    fields in order (or by name), read-only properties by name, and ``_fields``.
    """
    names = tuple(cls.__dict__.get("__annotations__", {}))
    defaults = {name: cls.__dict__[name] for name in names if name in cls.__dict__}
    namespace = {key: value for key, value in cls.__dict__.items()
                 if key not in names and key not in ("__dict__", "__weakref__", "__annotations__")}
    parameters = ", ".join(f"{name}=_defaults[{name!r}]" if name in defaults else name for name in names)
    code = f"def __new__(_cls, {parameters}):\n    return _tuple_new(_cls, ({', '.join(names)},))"
    scope: dict[str, Any] = {"_tuple_new": tuple.__new__, "_defaults": defaults}
    exec(code, scope)  # the same technique as collections.namedtuple: a constructor with real parameters
    namespace["__new__"] = scope["__new__"]
    namespace["__slots__"] = ()
    namespace["_fields"] = names
    namespace["_field_defaults"] = defaults
    namespace["__match_args__"] = names
    namespace["__annotations__"] = cls.__dict__.get("__annotations__", {})
    for index, name in enumerate(names):
        namespace[name] = field_reader(index, f"the event's {name.replace('_', ' ')}")
    made = type(cls.__name__, cls.__bases__, namespace)
    return made


@event
class GameStarted(Event):
    dealer: str
    first_player: str
    hand_size: int
    rule: str = "deal"

    @property
    def sentence(self) -> str:
        return (f"{says(self.dealer, 'deals')} {self.hand_size} cards to every player; "
                f"{says(self.first_player, 'starts')}.")


@event
class FirstCardTurned(Event):
    card: Card
    buried: tuple[Card, ...] = ()
    rule: str = "first-card"

    @property
    def sentence(self) -> str:
        text = f"The first card turned up is {self.card}."
        if self.buried:
            text += (f" Before it came {_cards(self.buried)}; "
                     f"{'they stay' if len(self.buried) > 1 else 'it stays'} buried without effect.")
        return text


@event
class FirstCardReturned(Event):
    card: Card
    rule: str = "first-card"

    @property
    def sentence(self) -> str:
        return f"{self.card} may not start the discard pile: it goes back into the deck and another card is turned."


@event
class CardPlayed(Event):
    player: str
    card: Card
    color: Color | None = None
    rule: str = "matching"

    @property
    def sentence(self) -> str:
        if self.color is not None:
            return f"{says(self.player, 'plays')} {self.card} and {verb(self.player, 'names')} {self.color}."
        return f"{says(self.player, 'plays')} {self.card}."


@event
class JumpedIn(Event):
    player: str
    card: Card
    rule: str = "jump-in"

    @property
    def sentence(self) -> str:
        return f"{says(self.player, 'jumps')} in out of turn with an identical {self.card}; play goes on from {self.player}."


@event
class StackGrew(Event):
    target: str
    total: int
    minimum: int
    rule: str = "stacking"
    stacking: str = "official"

    @property
    def pending(self) -> str:
        """How many cards wait for whom, without how to answer them (for a reader just taught that)."""
        return f"{plural(self.total)} are now pending for {'you' if is_you(self.target) else self.target}"

    @property
    def sentence(self) -> str:
        pending = self.pending
        if self.stacking == "none":
            return f"{pending}, who must draw them and lose the turn."
        if self.stacking == "anything-goes":
            return f"{pending}: answer with any draw card, or draw them all."
        if self.stacking == "wilds-on-anything":
            return (f"{pending}: answer with a wild draw card, or a colored one worth +{self.minimum} "
                    "or more, or draw them all.")
        return f"{pending}: answer with a draw card worth +{self.minimum} or more, or draw them all."


@event
class CardsDrawn(Event):
    player: str
    count: int  # type: ignore[assignment]  # a field, read by name (not tuple.count)
    shown: tuple[Card, ...] = ()
    rule: str = "draw-until-playable"

    @property
    def sentence(self) -> str:
        if self.shown:  # only the roulette shows its cards: its victim turns them up
            return f"{says(self.player, 'turns')} up {plural(self.count)}: {_cards(self.shown)}."
        return f"{says(self.player, 'draws')} {plural(self.count)}."


@event
class TurnLost(Event):
    player: str
    rule: str = "stacking"

    @property
    def sentence(self) -> str:
        return f"{says(self.player, 'loses')} the turn."


@event
class PlayerSkipped(Event):
    player: str
    rule: str = "skip"

    @property
    def sentence(self) -> str:
        return f"{says(self.player, 'is')} skipped."


@event
class EveryoneSkipped(Event):
    player: str
    rule: str = "skip-all"

    @property
    def sentence(self) -> str:
        if is_you(self.player):  # the seat called You mid-sentence is "you" (the catalogs' forms say the same)
            return ("Every other player is skipped, so you, the dealer, play first." if self.rule == "first-card"
                    else "Every other player is skipped, so you play again.")
        if self.rule == "first-card":
            return f"Every other player is skipped, so the dealer, {self.player}, {verb(self.player, 'plays')} first."
        return f"Every other player is skipped, so {says(self.player, 'plays')} again."


@event
class DirectionChanged(Event):
    direction: str
    rule: str = "reverse"

    @property
    def sentence(self) -> str:
        return f"Play now goes {self.direction}."


@event
class HandsSwapped(Event):
    player: str
    other: str
    rule: str = "seven"

    @property
    def sentence(self) -> str:
        return f"{self.player} and {'you' if is_you(self.other) else self.other} swap hands."


@event
class HandsPassed(Event):
    direction: str
    rule: str = "zero"

    @property
    def sentence(self) -> str:
        return f"Every player still in passes their whole hand to the next player {self.direction}."


@event
class CardsDiscarded(Event):
    player: str
    cards: tuple[Card, ...]
    top: Card
    rule: str = "discard-all"

    @property
    def sentence(self) -> str:
        if not self.cards:
            return (f"{says(self.player, 'has')} no other card of that color to discard; "
                    f"{self.top} stays on top.")
        return (f"{self.player} also {verb(self.player, 'discards')} {_cards(self.cards)} without {'their effects' if len(self.cards) > 1 else 'its effect'}; "
                f"{self.top} lies on top.")


@event
class ColorNamed(Event):
    player: str
    color: Color
    rule: str = "wild-roulette"

    @property
    def sentence(self) -> str:
        return f"{says(self.player, 'names')} {self.color}."


@event
class KnockedOut(Event):
    player: str
    hand_size: int
    rule: str = "mercy"

    @property
    def sentence(self) -> str:
        return (f"{says(self.player, 'holds')} {self.hand_size} cards and {verb(self.player, 'is')} out of the round "
                "(mercy rule).")


@event
class PenaltyCancelled(Event):
    player: str
    remaining: int
    rule: str = "mercy"

    @property
    def sentence(self) -> str:
        return f"The rest of {possessive(self.player)} draw ({plural(self.remaining)}) is cancelled."


@event
class PileReshuffled(Event):
    """The new draw pile: ``count`` cards, of which ``set_aside`` were the hands of knocked-out players.

    The sentence says where the cards come from, so the number adds up for a reader who did not count
    the discard pile: the cards under its top card, and any set aside.
    """

    count: int  # type: ignore[assignment]  # a field, read by name (not tuple.count)
    rule: str = "empty-draw-pile"
    set_aside: int = 0

    @property
    def sentence(self) -> str:
        under = self.count - self.set_aside
        parts = f"the {plural(under)} under the top card" if under != 1 else "the card under the top card"
        if self.set_aside:
            parts += f" and the {plural(self.set_aside)} set aside from knocked-out players"
        verb = "is" if self.count == 1 else "are"
        return f"The draw pile is empty: {parts} {verb} shuffled into a new draw pile of {plural(self.count)}."


@event
class DrawStoppedShort(Event):
    player: str
    missing: int
    rule: str = "empty-draw-pile"

    @property
    def sentence(self) -> str:
        if self.missing:
            return f"No card is left anywhere: {possessive(self.player)} draw stops {plural(self.missing)} short."
        return f"No card is left anywhere for {self.player} to take."  # drawn, or turned up by a roulette


@event
class TurnPassed(Event):
    """The turn passes without a play; ``kept`` is how many cards the player drew and keeps (0 to many)."""

    player: str
    rule: str = "draw-one"
    kept: int = 1

    @property
    def sentence(self) -> str:
        if self.kept == 1:
            return f"{says(self.player, 'keeps')} the card and the turn passes."
        if self.kept == 0:
            return f"{possessive(self.player, start=True)} turn passes."
        return f"{says(self.player, 'keeps')} the {self.kept} cards drawn and the turn passes."


@event
class UnoCalled(Event):
    player: str
    rule: str = "uno"

    @property
    def sentence(self) -> str:
        return f"{says(self.player, 'calls')} UNO!"


@event
class UnoCaught(Event):
    catcher: str
    player: str
    penalty: int
    rule: str = "uno"

    @property
    def sentence(self) -> str:
        return (f"{says(self.catcher, 'catches')} {self.player} holding one card without calling UNO: "
                f"{says(self.player, 'draws')} {self.penalty}.")


@event
class Challenged(Event):
    challenger: str
    player: str
    guilty: bool
    rule: str = "challenge"

    @property
    def sentence(self) -> str:
        if self.guilty:
            return (f"{says(self.challenger, 'challenges')}: {self.player} held a card of the color in force before "
                    f"the wild +4, so {says(self.player, 'draws')} instead.")
        return (f"{says(self.challenger, 'challenges')}, but {self.player} held no card of the color in force before "
                f"the wild +4: {says(self.challenger, 'draws')} 2 extra.")


@event
class RoundWon(Event):
    player: str
    how: str
    rule: str = "winning"

    @property
    def sentence(self) -> str:
        reasons = {
            "emptied hand": f"by playing {their(self.player)} last card",
            "last one standing": "as the last player left in the round",
            "dead end": "with the fewest cards, as nobody can play or draw",
            "move limit": "with the fewest cards, as the round has reached its move limit",
        }
        return f"{says(self.player, 'wins')} the round {reasons.get(self.how, self.how)}."


@event
class RoundScored(Event):
    """The winner's points: the cards left in the hands still in the round, plus ``bonus`` per knockout.

    ``knockouts`` counts the knocked-out players that earn the bonus (none when the rules give no bonus),
    so the sentence can show the sum a reader checks: cards, then knockouts times the bonus.
    """

    player: str
    points: int
    knockouts: int
    rule: str = "scoring"
    bonus: int = 0

    @property
    def sentence(self) -> str:
        text = f"{says(self.player, 'scores')} {self.points} points"
        if self.knockouts:
            cards = self.points - self.knockouts * self.bonus
            text += (f": {cards} for the cards left in the other hands and {self.knockouts} × {self.bonus} for "
                     f"{plural(self.knockouts, 'knocked-out player')}")
        return text + "."
