"""The game state: one immutable value holding the whole table.

A state never changes; :func:`nomercy.engine.apply` returns a new one. Seats are
indices into ``seats`` (their names, clockwise). The draw pile is listed first
drawn first; the discard pile bottom to top.
"""

from __future__ import annotations

import enum
from operator import itemgetter
from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Iterator, Sequence

from .actions import Action, format_move, parse_move, seat_index
from .cards import Card, Color
from .errors import NotationError
from .rules import RuleSet

if TYPE_CHECKING:  # pragma: no cover
    from .events import Event

__all__ = ["Phase", "GameState", "PlayerView", "LegalMoves", "CLOCKWISE", "COUNTERCLOCKWISE"]

CLOCKWISE = 1
COUNTERCLOCKWISE = -1


class Phase(enum.Enum):
    """What kind of decision the game is waiting for."""

    TURN = "turn"                     # play a card, or draw (take the pending draw, if any)
    PLAY_DRAWN = "play-drawn"         # draw-until-playable found a card: it must be played
    KEEP_OR_PLAY = "keep-or-play"     # draw one found a playable card: play it or pass
    NAME_ROULETTE = "name-roulette"   # the roulette's victim names a color
    NAME_FIRST_COLOR = "name-first-color"  # a wild was turned up first: the first player names the color
    OVER = "over"                     # the round has a winner


class GameState(tuple):
    """The whole table at one moment. Immutable; compare with ``==``.

    ``turn`` is whose turn it is; ``to_act`` who must decide next (they are the same
    seat except when nobody needs to, at the end). Out-of-turn moves (catching,
    calling UNO, jumping in) are in the legal moves of the seats that may make them.

    Inside, a state is a tuple of its fields (read them by name; the tuple is an
    implementation detail that makes building the next state cheap).
    """

    # The fields, in their order inside the tuple: this list is the one place they are named. Each
    # becomes a read-only property (below the class); the annotations say what each one holds.
    rules: RuleSet
    seats: tuple[str, ...]                 # names, clockwise; a seat is an index into this
    hands: tuple[tuple[Card, ...], ...]
    draw_pile: tuple[Card, ...]            # the next card to draw first
    discard: tuple[Card, ...]              # bottom to top
    color: Color | None                    # the color in force
    turn: int
    direction: int                         # CLOCKWISE or COUNTERCLOCKWISE
    pending: int                           # the pending draw: cards the next decision must answer or take
    stack_value: int                       # the draw value a stacked card must reach
    phase: Phase
    drawn: Card | None                     # the card just drawn, while it may (or must) be played
    out: tuple[int, ...]                   # knocked-out seats
    set_aside: tuple[Card, ...]            # knocked-out hands, back in at the next reshuffle
    catchable: tuple[int, ...]             # seats holding one card without having called UNO
    challenge: tuple[int, bool] | None     # classic wild +4: (who played it, whether it was guilty)
    stuck: int                             # turns in a row nobody could play or draw (the dead end)
    winner: int | None
    end_reason: str | None
    seed: int
    shuffles: int                          # reshuffles so far: each gets its own seeded generator
    dealer: int
    ply: int                               # moves applied since the deal

    _legal: "tuple[Action, ...] | None" = None

    def __new__(cls, **fields: Any) -> "GameState":
        missing = [name for name in _FIELDS if name not in fields]
        if missing:
            raise TypeError(f"GameState needs {', '.join(missing)}")
        extra = [name for name in fields if name not in _FIELDS]
        if extra:
            raise TypeError(f"GameState has no field {', '.join(extra)}")
        return tuple.__new__(cls, tuple(fields[name] for name in _FIELDS))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("a GameState is immutable: apply a move to get a new one")

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, (tuple(self),))

    __hash__ = tuple.__hash__

    def replace(self, **changes: Any) -> "GameState":
        """A copy with some fields changed (for building positions by hand; play goes through ``apply``)."""
        values = dict(zip(_FIELDS, self))
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
        nomercy.errors.NotationError: there is no seat 7: the seats are 0 to 1 (A, B)
        """
        if isinstance(name, int) and not isinstance(name, bool):
            if 0 <= name < len(self.seats):
                return name
            raise NotationError(f"there is no seat {name}: the seats are 0 to {len(self.seats) - 1} ({', '.join(self.seats)})")
        return seat_index(str(name), self.seats)

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

    # --- moves ---------------------------------------------------------------
    @property
    def legal_moves(self) -> "LegalMoves":
        """Every legal move now, for every seat (see :class:`LegalMoves`)."""
        from .engine import legal_actions

        return LegalMoves(self, legal_actions(self))

    def legal_moves_for(self, seat: str | int) -> "LegalMoves":
        index = self.seat(seat)
        return LegalMoves(self, tuple(a for a in self.legal_moves if a.seat == index))

    def parse_move(self, text: str) -> Action:
        """Read a move in notation (``'B catches A'``) for this table's seats."""
        return parse_move(text, self.seats)

    def move_text(self, action: Action) -> str:
        """Write a move in notation, with ``keeping`` where a 7's swap is optional."""
        from .actions import Play

        keeping = (
            isinstance(action, Play)
            and self.rules.seven_swap == "optional"
            and len(self.hands[action.seat]) > 1
        )
        return format_move(action, self.seats, keeping=keeping)

    def why_illegal(self, move: Action | str) -> str | None:
        """``None`` when the move is legal, else the reason in the game's words."""
        from .engine import why_illegal

        action = self.parse_move(move) if isinstance(move, str) else move
        return why_illegal(self, action)

    def is_legal(self, move: Action | str) -> bool:
        return self.why_illegal(move) is None

    def step(self, move: Action | str) -> tuple["GameState", tuple["Event", ...]]:
        """Apply a move (an action or its notation): the next state and what happened."""
        from .engine import apply

        action = self.parse_move(move) if isinstance(move, str) else move
        return apply(self, action)

    def apply(self, move: Action | str) -> "GameState":
        """The state after a move (events dropped; use :meth:`step` to keep them)."""
        return self.step(move)[0]

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

    def _repr_html_(self) -> str:
        from .render import state_html

        return state_html(self)


def _rebuild(values: tuple[Any, ...]) -> GameState:
    return tuple.__new__(GameState, values)


_FIELDS: tuple[str, ...] = tuple(name for name in GameState.__annotations__ if not name.startswith("_"))
for _index, _name in enumerate(_FIELDS):
    setattr(GameState, _name, property(itemgetter(_index), doc=f"the state's {_name.replace('_', ' ')}"))
del _index, _name


class LegalMoves(Sequence[Action]):
    """The legal moves of a state: iterate, index, test with ``in`` (actions or notation).

    Printing shows them in notation, one per line.
    """

    __slots__ = ("_state", "_actions")

    def __init__(self, state: GameState, actions: tuple[Action, ...]) -> None:
        self._state = state
        self._actions = actions

    def __len__(self) -> int:
        return len(self._actions)

    def __getitem__(self, index):
        return self._actions[index]

    def __iter__(self) -> Iterator[Action]:
        return iter(self._actions)

    def __contains__(self, item: object) -> bool:
        if isinstance(item, str):
            try:
                item = self._state.parse_move(item)
            except ValueError:
                return False
        return item in self._actions

    def texts(self) -> list[str]:
        return [self._state.move_text(a) for a in self._actions]

    def __str__(self) -> str:
        return "\n".join(self.texts())

    def __repr__(self) -> str:
        return f"<LegalMoves ({len(self)}): {', '.join(self.texts())}>"


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
