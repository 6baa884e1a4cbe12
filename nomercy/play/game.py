"""A game being played: the current state plus its history, with undo and records.

States are values, so a game is just the list of states it went through and the
moves between them. A :class:`GameRecord` (rules, seats, seed, moves) replays to
the very same game:

>>> from nomercy import legal_moves
>>> game = Game("no-mercy", ["A", "B", "C"], seed=4)
>>> move = legal_moves(game.state)[0]
>>> events = game.play(move)
>>> Game.from_record(game.record()).state == game.state
True
>>> game.undo(); game.state == Game("no-mercy", ["A", "B", "C"], seed=4).state
True
"""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from nomercy.core.moves import Move
from nomercy.core.engine import check_players_option, deal
from nomercy.core.errors import IllegalMoveError, NomercyError
from nomercy.core.events import Event
from nomercy.core.rules import PROFILES, RuleSet, ruleset
from nomercy.core.state import GameState
from nomercy.core.engine import apply, why_illegal

__all__ = ["Game", "GameRecord", "Line", "play_line"]


@dataclass(frozen=True)
class Line:
    """Moves played from a position until the end of the list or the first refused move."""

    state: GameState
    played: tuple[str, ...]
    events: tuple[Event, ...]
    refused: str | None = None
    reason: str | None = None

    @property
    def completed(self) -> bool:
        return self.refused is None


def play_line(state: GameState, moves: Sequence[str]) -> Line:
    """Play ``moves`` (notation) from ``state``, stopping at the first the rules refuse.

    Unlike :func:`~nomercy.core.engine.apply`, a refusal (or unreadable notation) does not raise:
    it is part of the result, with the reason, so a lesson can show what went wrong.

    >>> from nomercy import new_game
    >>> line = play_line(new_game("no-mercy", ["A", "B"], seed=1), ["B draws"])
    >>> line.refused, line.reason
    ('B draws', "it is A's turn, not B's")
    """
    played: list[str] = []
    events: list[Event] = []
    for move in moves:
        try:
            action = state.parse_move(move)
            reason = why_illegal(state, action)
        except NomercyError as error:
            reason = str(error)
        if reason is not None:
            return Line(state, tuple(played), tuple(events), move, reason)
        state, new = apply(state, action)
        played.append(move)
        events.extend(new)
    return Line(state, tuple(played), tuple(events))


@dataclass(frozen=True)
class GameRecord:
    """Everything needed to replay a game: the rules themselves, seats, seed, dealer and moves.

    The rules are kept as a :class:`~nomercy.core.rules.RuleSet`, so a house RuleSet of your own replays as
    well as a named profile. In JSON they are a name and the options that differ from the profile of that
    name (from the printed No Mercy rules for a name that is not a profile):

    >>> import dataclasses
    >>> house = dataclasses.replace(ruleset("no-mercy", stacking="anything-goes"), name="our-house")
    >>> record = GameRecord(house, ("A", "B"), 3, ())
    >>> record.overrides
    {'stacking': 'anything-goes'}
    >>> GameRecord.from_json(record.to_json()) == record
    True
    """

    rules: RuleSet
    seats: tuple[str, ...]
    seed: int
    moves: tuple[str, ...]
    dealer: int | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.rules, RuleSet):
            object.__setattr__(self, "rules", ruleset(self.rules))

    @property
    def overrides(self) -> dict[str, Any]:
        """The options that differ from the profile the rules are named after."""
        return {option: mine for option, (mine, _) in self.rules.differences(_base_of(self.rules.name)).items()}

    def to_json(self) -> str:
        data = {
            "rules": self.rules.name, "overrides": {k: _jsonable(v) for k, v in self.overrides.items()},
            "seats": list(self.seats), "seed": self.seed, "dealer": self.dealer, "moves": list(self.moves),
        }
        return json.dumps(data, indent=1, sort_keys=True)

    @classmethod
    def from_json(cls, text: str) -> "GameRecord":
        try:
            data = json.loads(text)
            name = str(data["rules"])
            rules = dataclasses.replace(_base_of(name).replace(**dict(data.get("overrides") or {})), name=name)
            dealer = data.get("dealer")
            return cls(rules=rules, seats=tuple(str(s) for s in data["seats"]), seed=int(data["seed"]),
                       moves=tuple(str(m) for m in data["moves"]), dealer=None if dealer is None else int(dealer))
        except (ValueError, KeyError, TypeError, AttributeError) as error:
            raise NomercyError(f"not a game record: {error}") from None


def _base_of(name: str) -> RuleSet:
    """The profile a rule set's name refers to, or the printed No Mercy rules for a house name."""
    return PROFILES.get(name) or RuleSet()


def _jsonable(value: Any) -> Any:
    return list(value) if isinstance(value, tuple) else value


class Game:
    """A mutable handle on an immutable game: ``play`` moves forward, ``undo`` steps back."""

    def __init__(
        self,
        rules: str | RuleSet = "no-mercy",
        players: int | Sequence[str] = 4,
        /,
        *,
        seed: int = 0,
        dealer: int | None = None,
        **overrides: Any,
    ) -> None:
        check_players_option(overrides)
        self._rules = ruleset(rules, **overrides)  # a RuleSet plays as it is, whatever its name
        self._seed = seed
        start, self.start_events = deal(self._rules, players, seed=seed, dealer=dealer)
        self._states: list[GameState] = [start]
        self._moves: list[str] = []
        self._events: list[tuple[Event, ...]] = []

    @property
    def state(self) -> GameState:
        return self._states[-1]

    @property
    def start(self) -> GameState:
        return self._states[0]

    @property
    def moves(self) -> tuple[str, ...]:
        return tuple(self._moves)

    @property
    def events(self) -> tuple[Event, ...]:
        """Every event so far, in order, starting with those of the deal."""
        return self.start_events + tuple(e for batch in self._events for e in batch)

    def history(self) -> list[tuple[str, tuple[Event, ...]]]:
        """Each move with the events it caused."""
        return list(zip(self._moves, self._events))

    def play(self, move: Move | str) -> tuple[Event, ...]:
        """Apply a move (action or notation); an illegal one raises and changes nothing."""
        state = self.state
        action = state.parse_move(move) if isinstance(move, str) else move
        new_state, events = apply(state, action)
        self._states.append(new_state)
        self._moves.append(state.move_text(action))
        self._events.append(events)
        return events

    def can_undo(self) -> bool:
        return len(self._states) > 1

    def undo(self) -> None:
        """Take back the last move."""
        if not self.can_undo():
            raise IllegalMoveError("there is no move to take back")
        self._states.pop()
        self._moves.pop()
        self._events.pop()

    @property
    def rules(self) -> RuleSet:
        return self._rules

    def record(self) -> GameRecord:
        """The rules, seats, seed, dealer (the one who really dealt) and moves: replays to this game."""
        return GameRecord(self._rules, self.state.seats, self._seed, tuple(self._moves), self.start.dealer)

    @classmethod
    def from_record(cls, record: GameRecord) -> "Game":
        """Replay a record move by move (any illegal move raises, naming it)."""
        game = cls(record.rules, record.seats, seed=record.seed, dealer=record.dealer)
        for number, move in enumerate(record.moves, 1):
            try:
                game.play(move)
            except NomercyError as error:
                raise type(error)(f"record move {number} ({move!r}): {error}") from None
        return game

    def __repr__(self) -> str:
        return f"<Game {self._rules.name} seed={self._seed} moves={len(self._moves)} {self.state!r}>"
