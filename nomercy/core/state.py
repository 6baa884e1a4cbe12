"""The game state: one immutable value holding the whole table.

A state never changes; :func:`nomercy.core.engine.apply` returns a new one. Seats are
indices into ``seats`` (their names, clockwise). The draw pile is listed first
drawn first; the discard pile bottom to top.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from operator import attrgetter
from typing import Any, Sequence

from nomercy.core.cards import Card, Color
from nomercy.core.errors import NotationError, brief
from nomercy.core.moves import Move, Play, format_move, read_move, seat_index
# a position's fields, its one check and its line of text each have their own module; a state is made of them
from nomercy.core.position import (CLOCKWISE, COUNTERCLOCKWISE, KEEP_OR_PLAY, NAME_FIRST_COLOR, NAME_ROULETTE, OVER,
                                   PLAY_DRAWN, POSITION_FIELDS, TURN, Phase, Position, check_position)
from nomercy.core.position_text import MAX_POSITION_LENGTH, position_text, read_position
from nomercy.core.rules import RuleSet
from nomercy.core.records import made_by_the_package

__all__ = ["Phase", "GameState", "PlayerView", "CLOCKWISE", "COUNTERCLOCKWISE", "move_text", "checked", "check_position",
           "POSITION_FIELDS", "MAX_POSITION_LENGTH", "TURN", "PLAY_DRAWN", "KEEP_OR_PLAY", "NAME_ROULETTE",
           "NAME_FIRST_COLOR", "OVER"]

_FIELDS = POSITION_FIELDS
_values = attrgetter(*_FIELDS)  # a position's fields as one tuple, in order (in C)


class GameState(Position):
    """The whole table at one moment. Immutable; compare with ``==``.

    ``turn`` is whose turn it is; ``to_act`` who must decide next (they are the same
    seat except when nobody needs to, at the end). Out-of-turn moves (catching,
    calling UNO, jumping in) are in the legal moves of the seats that may make them.

    The fields are listed (and explained) once, in :class:`~nomercy.core.position.Position`; a state is made
    with every one of them by name, ``GameState(rules=..., seats=..., ...)``, or with
    :meth:`replace`, and play makes new ones through :func:`nomercy.core.engine.apply`.
    """

    __slots__ = ()

    def __new__(cls, **fields: Any) -> "GameState":
        missing = [name for name in _FIELDS if name not in fields]
        if missing:
            raise NotationError(f"a position is made with every one of its fields by name; it lacks {', '.join(missing)}")
        extra = [name for name in fields if name not in _FIELDS]
        if extra:
            raise NotationError(f"a position has no field {brief(extra[0])}; its fields are {', '.join(_FIELDS)}")
        _check_kinds(fields)
        return _made(tuple(fields[name] for name in _FIELDS))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("a GameState is immutable: apply a move to get a new one")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("a GameState is immutable: apply a move to get a new one")

    @property
    def events(self) -> Any:
        raise AttributeError("a GameState holds no events: apply(state, move) returns them with the next state")

    @property
    def base(self) -> Any:
        raise AttributeError("a GameState has no base position")

    def __eq__(self, other: object) -> bool:
        if type(other) is not GameState:
            return NotImplemented
        return self is other or _values(self) == _values(other)

    def __ne__(self, other: object) -> bool:
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    def __hash__(self) -> int:
        return hash(_values(self))

    def __reduce__(self) -> tuple[Any, ...]:
        return (_made, (_values(self),))

    def replace(self, **changes: Any) -> "GameState":
        """A copy with some fields changed (for building positions by hand; play goes through ``apply``)."""
        values = dict(zip(_FIELDS, _values(self)))
        values.update(changes)
        return GameState(**values)

    # --- reading the table -------------------------------------------------
    @property
    def top_card(self) -> Card:
        return self.discard[-1]

    @property
    def pending_draw(self) -> int:
        return self.pending

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    @property
    def to_act(self) -> int | None:
        """The seat that must make the next required decision (``None`` once the round is over)."""
        return None if self.phase is Phase.OVER else self.turn

    @property
    def active_seats(self) -> tuple[int, ...]:
        """Seats still in the round, in seat order."""
        return tuple(i for i in range(len(self.seats)) if i not in self.out)

    @property
    def direction_name(self) -> str:
        return "clockwise" if self.direction == CLOCKWISE else "counterclockwise"

    def seat(self, name: str | int) -> int:
        """The index of a seat given by name or index.

        >>> from nomercy import new_game
        >>> new_game("no-mercy", 2).seat(7)
        Traceback (most recent call last):
        ...
        nomercy.core.errors.NotationError: there is no seat 7: the seats are 0 to 1 (A, B)
        """
        if isinstance(name, int) and not isinstance(name, bool):
            if 0 <= name < len(self.seats):
                return name
            raise NotationError(f"there is no seat {brief(name)}: the seats are 0 to {len(self.seats) - 1} "
                                f"({', '.join(self.seats)})")
        if not isinstance(name, str):
            raise NotationError(f"there is no seat {brief(name)}: a seat is its name or its number; the seats are "
                                f"{', '.join(self.seats)}")
        return seat_index(name, self.seats)

    def hand(self, seat: str | int) -> tuple[Card, ...]:
        return self.hands[self.seat(seat)]

    def hand_sizes(self) -> dict[str, int]:
        return {name: len(hand) for name, hand in zip(self.seats, self.hands)}

    def is_out(self, seat: str | int) -> bool:
        return self.seat(seat) in self.out

    def card_count(self) -> int:
        """Cards on the table: hands + draw pile + discard pile + set-aside hands."""
        return sum(map(len, self.hands)) + len(self.draw_pile) + len(self.discard) + len(self.set_aside)

    def all_cards(self) -> Counter[Card]:
        """Every card on the table, counted (must equal the deck listing at all times)."""
        counts: Counter[Card] = Counter(self.draw_pile)
        counts.update(self.discard)
        counts.update(self.set_aside)
        for hand in self.hands:
            counts.update(hand)
        return counts

    # --- moves (what is legal: nomercy.core.legality; what a move does: nomercy.core.engine) ---
    def parse_move(self, text: str) -> Move:
        """Read a move in notation (``'B catches A'``) for this table's seats."""
        return read_move(text, self.seats)

    def move_text(self, move: Move) -> str:
        """Write a move in notation, with ``keeping`` where a 7's swap is optional."""
        return move_text(move, self.seats, self.rules, self.hands)

    def view(self, seat: str | int) -> "PlayerView":
        """What ``seat`` may see: its own hand and only the sizes of the others."""
        index = self.seat(seat)
        return PlayerView(
            seat=index,
            seats=self.seats,
            rules=self.rules,
            hand=self.hands[index],
            hand_sizes=tuple(len(h) for h in self.hands),
            discard=self.discard,
            color=self.color,
            turn=self.turn,
            direction=self.direction,
            pending=self.pending,
            stack_value=self.stack_value,
            phase=self.phase,
            drawn=self.drawn if self.turn == index else None,
            out=self.out,
            draw_pile_size=len(self.draw_pile),
            set_aside_size=len(self.set_aside),
            catchable=self.catchable,
            winner=self.winner,
        )

    # --- text ----------------------------------------------------------------
    # --- the position as one line of text --------------------------------------
    def to_text(self) -> str:
        """The whole position as one line of text that :meth:`from_text` reads back (as FEN is for chess).

        Every field is there, the draw pile in order included, so the same line gives the same game:

        >>> from nomercy import new_game
        >>> state = new_game("no-mercy", ["Ann", "Bo"], seed=1)
        >>> line = state.to_text()
        >>> line.split()[:3]
        ['rules:no-mercy', 'seats:Ann,Bo', 'turn:0']
        >>> GameState.from_text(line) == state
        True
        """
        return position_text(self)

    @classmethod
    def from_text(cls, text: str) -> "GameState":
        """Read a position written by :meth:`to_text`; a line that is not one raises ``NotationError``."""
        return cls(**read_position(text))

    def __repr__(self) -> str:
        hands = " ".join(
            f"{name}{'*' if i == self.turn else ''}{'(out)' if i in self.out else ''}:{len(h)}"
            for i, (name, h) in enumerate(zip(self.seats, self.hands))
        )
        extra = f" pending={self.pending}" if self.pending else ""
        if self.phase is not Phase.TURN:
            extra += f" phase={self.phase.value}"
        color = f" color={self.color}" if self.color is not None and self.top_card.is_wild else ""
        return f"<GameState {self.rules.name} {hands} top={self.top_card}{color}{extra}>"

    def __str__(self) -> str:
        lines = [
            f"rules: {self.rules.name}   direction: {self.direction_name}   draw pile: {len(self.draw_pile)}",
            f"top: {self.top_card}   color: {self.color}   pending: {self.pending}",
        ]
        for i, (name, hand) in enumerate(zip(self.seats, self.hands)):
            mark = ">" if i == self.turn and not self.is_over else " "
            status = " (out)" if i in self.out else ""
            lines.append(f"{mark} {name}{status}: {', '.join(map(str, hand))}")
        if self.is_over and self.winner is not None:
            lines.append(f"winner: {self.seats[self.winner]} ({self.end_reason})")
        return "\n".join(lines)


def move_text(move: Move, seats: tuple[str, ...], rules: RuleSet, hands: tuple[tuple[Card, ...], ...]) -> str:
    """A move in notation at a table of ``seats`` under ``rules``, with ``keeping`` where a 7's swap is optional."""
    keeping = isinstance(move, Play) and rules.seven_swap == "optional" and len(hands[move.seat]) > 1
    return format_move(move, seats, keeping=keeping)


def checked(state: GameState) -> GameState:
    """``state`` if it is a position a game could reach (:func:`check_position`); else a ``NotationError``.

    A position made from its fields by hand (a puzzle's start) goes through here, as a position read from its
    line of text does, so one check holds both: a red 5 on top with blue in force is refused either way.
    """
    check_position({name: getattr(state, name) for name in _FIELDS})
    return state


def _check_kinds(f: dict[str, Any]) -> None:
    """Refuse a field of the wrong kind (a seat number that is text, a hand that is not cards, a turn past the
    last seat) before a position is made by hand, so that reading it or playing on it never stops on a value
    it cannot read. Whether a game could reach the position is :func:`check_position`'s, which a position
    read from its line passes too; a hand-made one (a lesson's table, with part of the deck) need not."""
    from nomercy.core import inputs
    from nomercy.core.moves import MAX_PLAYERS

    def refuse(what: str, allowed: str, value: Any) -> None:
        raise NotationError(f"a position's {what} is {allowed}, not {inputs.quote(value)}")

    def cards(what: str, value: Any) -> None:
        if not isinstance(value, tuple) or not all(isinstance(card, Card) for card in value):
            refuse(what, "a tuple of cards", value)

    if not isinstance(f["rules"], RuleSet):
        refuse("rules", "a rule set", f["rules"])
    seats = f["seats"]
    if not isinstance(seats, tuple) or not 1 <= len(seats) <= MAX_PLAYERS or not all(isinstance(n, str) for n in seats):
        refuse("seats", f"a tuple of 1 to {MAX_PLAYERS} seat names", seats)
    n = len(seats)

    def seat(what: str, value: Any) -> None:
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < n:
            refuse(what, f"a seat number from 0 to {n - 1}", value)

    hands = f["hands"]
    if not isinstance(hands, tuple) or len(hands) != n:
        refuse("hands", f"a tuple of {n} hands, one for each seat", hands)
    for hand in hands:
        cards("hands", hand)
    cards("draw pile", f["draw_pile"])
    cards("discard pile", f["discard"])  # empty before the first card is turned up
    cards("set-aside cards", f["set_aside"])
    if f["drawn"] is not None and not isinstance(f["drawn"], Card):
        refuse("drawn card", "a card or nothing", f["drawn"])
    if f["color"] is not None and not isinstance(f["color"], Color):
        refuse("color in force", "a color or nothing", f["color"])
    if not isinstance(f["phase"], Phase):
        refuse("phase", f"one of {', '.join(phase.value for phase in Phase)}", f["phase"])
    if f["direction"] not in (CLOCKWISE, COUNTERCLOCKWISE) or isinstance(f["direction"], bool) \
            or not isinstance(f["direction"], int):
        refuse("direction", "1 (clockwise) or -1 (counterclockwise)", f["direction"])
    for name in ("turn", "dealer"):
        seat(name, f[name])
    for name in ("out", "catchable"):
        if not isinstance(f[name], tuple):
            refuse(name, "a tuple of seat numbers", f[name])
        for value in f[name]:
            seat(name, value)
    if f["winner"] is not None:
        seat("winner", f["winner"])
    challenge = f["challenge"]
    if challenge is not None:
        if not isinstance(challenge, tuple) or len(challenge) != 2 or not isinstance(challenge[1], bool):
            refuse("challenge", "nothing, or a seat number and whether its wild +4 was played guilty", challenge)
        seat("challenge", challenge[0])
    if f["end_reason"] is not None and (not isinstance(f["end_reason"], str) or len(f["end_reason"]) > 200):
        refuse("end", "nothing, or a few words", f["end_reason"])
    for name in ("pending", "stack_value", "stuck", "shuffles", "ply"):
        inputs.whole_number(f[name], f"a position's {name.replace('_', ' ')}", 0, 10**9, error=NotationError)
    inputs.seed(f["seed"], error=NotationError)


def _made(values: Sequence[Any]) -> GameState:
    """A state holding ``values``, the fields in order (no checks: the engine's and unpickling's way in)."""
    made = object.__new__(Position)
    for name, value in zip(_FIELDS, values):
        setattr(made, name, value)
    made.events = made.base = None
    made.__class__ = GameState
    return made  # type: ignore[return-value]


@made_by_the_package("a position's view(seat) gives it, one seat's share of the table")
@dataclass(frozen=True)
class PlayerView:
    """A player's view of the table: their own hand, everyone's hand size, public piles."""

    seat: int
    seats: tuple[str, ...]
    rules: RuleSet
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    discard: tuple[Card, ...]
    color: Color | None
    turn: int
    direction: int
    pending: int
    stack_value: int
    phase: Phase
    drawn: Card | None
    out: tuple[int, ...]
    draw_pile_size: int
    set_aside_size: int
    catchable: tuple[int, ...]
    winner: int | None

    @property
    def top_card(self) -> Card:
        return self.discard[-1]

    @property
    def active_seats(self) -> tuple[int, ...]:
        return tuple(i for i in range(len(self.seats)) if i not in self.out)
