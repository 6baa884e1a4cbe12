"""The game state: one immutable value holding the whole table.

A state never changes; :func:`nomercy.core.engine.apply` returns a new one. Seats are
indices into ``seats`` (their names, clockwise). The draw pile is listed first
drawn first; the discard pile bottom to top.
"""

from __future__ import annotations

import dataclasses
import enum
import re
from collections import Counter
from operator import attrgetter
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Iterator, Sequence

from nomercy.core.moves import Move, Play, format_move, parse_move, seat_index
from nomercy.core.cards import Card, Color
from nomercy.core.errors import NotationError, brief
from nomercy.core.rules import ROUND_MOVE_LIMIT, RuleSet

if TYPE_CHECKING:  # pragma: no cover
    from nomercy.core.events import Event

__all__ = ["Phase", "GameState", "PlayerView", "CLOCKWISE", "COUNTERCLOCKWISE", "move_text", "checked", "check_position"]

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

# The phases as module constants: reading an enum member through its class (``Phase.TURN``)
# is several times slower than a global in CPython 3.11, and the engine asks on every move.
TURN, PLAY_DRAWN, KEEP_OR_PLAY = Phase.TURN, Phase.PLAY_DRAWN, Phase.KEEP_OR_PLAY
NAME_ROULETTE, NAME_FIRST_COLOR, OVER = Phase.NAME_ROULETTE, Phase.NAME_FIRST_COLOR, Phase.OVER


class _Position:
    """The fields of a position, as slots: shared by :class:`GameState` and the engine's working copy.

    This list is the one place the fields are named, in their order; the annotations say
    what each one holds. ``events`` and ``base`` belong to the working copy
    (:class:`nomercy.core.draft.Draft`: what the move did, and the position before it) and
    are empty in a finished state. Both classes add nothing to these slots, so the
    engine can change its working copy in place and then make it the next state by
    giving it the class ``GameState`` (CPython allows ``__class__`` assignment between
    classes of the same layout): no field is copied twice.
    """

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

    __slots__ = (*__annotations__, "events", "base")
    events: Any                            # the working copy's: what the move did (empty in a state)
    base: Any                              # the working copy's: the position before the move


_FIELDS: tuple[str, ...] = tuple(name for name in _Position.__annotations__ if name not in ("events", "base"))
_values = attrgetter(*_FIELDS)  # a position's fields as one tuple, in order (in C)
POSITION_FIELDS = _FIELDS
"""The fields of a position, in order: what a player that rebuilds positions (the expert's imagined tables) copies."""


class GameState(_Position):
    """The whole table at one moment. Immutable; compare with ``==``.

    ``turn`` is whose turn it is; ``to_act`` who must decide next (they are the same
    seat except when nobody needs to, at the end). Out-of-turn moves (catching,
    calling UNO, jumping in) are in the legal moves of the seats that may make them.

    The fields are listed (and explained) once, in :class:`_Position`; a state is made
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
        return parse_move(text, self.seats)

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
        return _position_text(self)

    @classmethod
    def from_text(cls, text: str) -> "GameState":
        """Read a position written by :meth:`to_text`; a line that is not one raises ``NotationError``."""
        return _position_from_text(text)

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


# --- the position as text: `key:value` words, cards in short notation -----------------------------------
# Names are written with % escapes for the characters the line uses itself (space , / : % =).

_ESCAPES = {"%": "%25", " ": "%20", ",": "%2C", "/": "%2F", ":": "%3A", "=": "%3D"}
_KEYS = ("rules", "seats", "turn", "dir", "phase", "color", "pending", "stack", "drawn", "hands", "discard",
         "draw", "aside", "out", "uno", "challenge", "stuck", "winner", "end", "seed", "shuffles", "dealer", "ply")


def _escape(text: str) -> str:
    return "".join(_ESCAPES.get(ch, ch) for ch in text) or "%"


def _unescape(text: str) -> str:
    if text == "%":
        return ""
    for plain, escaped in sorted(_ESCAPES.items(), key=lambda item: item[0] == "%"):
        text = text.replace(escaped, plain)
    return text


def _cards_text(cards: Sequence[Card]) -> str:
    return ",".join(card.short for card in cards) or "-"


def _ints_text(values: Sequence[int]) -> str:
    return ",".join(map(str, values)) or "-"


def _option_text(value: Any) -> str:
    if isinstance(value, tuple):
        return "-".join(map(str, value))
    return "none" if value is None else str(value).lower() if isinstance(value, bool) else str(value)


def _position_text(s: GameState) -> str:
    from nomercy.core.rules import PROFILES

    base = PROFILES.get(s.rules.name) or RuleSet()
    options = ",".join(f"{name}={_option_text(mine)}" for name, (mine, _) in s.rules.differences(base).items())
    words = {
        "rules": _escape(s.rules.name) + (f"/{options}" if options else ""),
        "seats": ",".join(map(_escape, s.seats)),
        "turn": str(s.turn), "dir": "cw" if s.direction == CLOCKWISE else "ccw", "phase": s.phase.value,
        "color": s.color.value if s.color is not None else "-", "pending": str(s.pending),
        "stack": str(s.stack_value), "drawn": s.drawn.short if s.drawn is not None else "-",
        "hands": "/".join(_cards_text(hand) for hand in s.hands), "discard": _cards_text(s.discard),
        "draw": _cards_text(s.draw_pile), "aside": _cards_text(s.set_aside), "out": _ints_text(s.out),
        "uno": _ints_text(s.catchable),
        "challenge": "-" if s.challenge is None else f"{s.challenge[0]},{'guilty' if s.challenge[1] else 'innocent'}",
        "stuck": str(s.stuck), "winner": "-" if s.winner is None else str(s.winner),
        "end": _escape(s.end_reason) if s.end_reason is not None else "-",
        "seed": str(s.seed), "shuffles": str(s.shuffles), "dealer": str(s.dealer), "ply": str(s.ply),
    }
    return " ".join(f"{key}:{words[key]}" for key in _KEYS)


MAX_POSITION_LENGTH = 1_000_000
"""The longest position line read: the largest table there can be (1,000 seats with long names, a 2,000-card
deck of long house notations) writes a line of a few hundred thousand characters."""

_NUMBER = re.compile(r"[0-9]{1,20}")
"""A count or seat number in a position line: ASCII digits, no sign."""


def _position_from_text(text: str) -> GameState:
    from nomercy.core.errors import NomercyError

    if not isinstance(text, str):
        raise NotationError(f"a position is a line of text (as to_text writes it), not {brief(text)}")
    if len(text) > MAX_POSITION_LENGTH:
        raise NotationError(f"cannot read the position: a position line has at most {MAX_POSITION_LENGTH:,} "
                            f"characters, this one {len(text):,}")
    words: dict[str, str] = {}
    for word in text.split():
        key, colon, value = word.partition(":")
        if not colon or key not in _KEYS:
            raise NotationError(f"cannot read the position: {brief(word[:40])} is not one of {', '.join(_KEYS)} "
                                "followed by ':'")
        if key in words:
            raise NotationError(f"cannot read the position: {key} is given twice")
        words[key] = value
    missing = [key for key in _KEYS if key not in words]
    if missing:
        raise NotationError(f"cannot read the position: it has no {', '.join(missing)}")
    try:
        fields = _read_fields(words)
        check_position(fields)
    except NomercyError as error:
        raise NotationError(f"cannot read the position: {error}") from None
    return GameState(**fields)


def _read_fields(words: dict[str, str]) -> dict[str, Any]:
    """The fields of a position from the words of its line, each read strictly (no check across fields yet)."""
    from nomercy.core.rules import PROFILES, ruleset

    name, _, options = words["rules"].partition("/")
    name = _unescape(name)
    base = PROFILES.get(name) or RuleSet()
    changes = {}
    for option in options.split(",") if options else ():
        key, equals, value = option.partition("=")
        if not equals:
            raise NotationError(f"the rules' options are written option=value, not {brief(option)}")
        changes[key] = value
    rules = dataclasses.replace(ruleset(base, **changes), name=name)

    def cards(value: str) -> tuple[Card, ...]:
        return () if value == "-" else tuple(Card.parse(code) for code in value.split(","))

    def number(key: str, value: str | None = None) -> int:
        value = words[key] if value is None else value
        if not _NUMBER.fullmatch(value):
            raise NotationError(f"{key} is a whole number of 0 or more, not {brief(value)}")
        return int(value)

    def seats_listed(key: str) -> tuple[int, ...]:
        return () if words[key] == "-" else tuple(number(key, v) for v in words[key].split(","))

    challenge = None
    if words["challenge"] != "-":
        who, _, verdict = words["challenge"].partition(",")
        if verdict not in ("guilty", "innocent"):
            raise NotationError(f"a challenge is a seat and guilty or innocent, like 0,guilty, not "
                                f"{brief(words['challenge'])}")
        challenge = (number("challenge", who), verdict == "guilty")
    directions = {"cw": CLOCKWISE, "ccw": COUNTERCLOCKWISE}
    if words["dir"] not in directions:
        raise NotationError(f"dir is cw or ccw, not {brief(words['dir'])}")
    phases = {phase.value: phase for phase in Phase}
    if words["phase"] not in phases:
        raise NotationError(f"phase is one of {', '.join(phases)}, not {brief(words['phase'])}")
    return dict(
        rules=rules, seats=tuple(_unescape(n) for n in words["seats"].split(",")),
        hands=tuple(cards(hand) for hand in words["hands"].split("/")), draw_pile=cards(words["draw"]),
        discard=cards(words["discard"]), color=None if words["color"] == "-" else Color.parse(words["color"]),
        turn=number("turn"), direction=directions[words["dir"]], pending=number("pending"),
        stack_value=number("stack"), phase=phases[words["phase"]],
        drawn=None if words["drawn"] == "-" else Card.parse(words["drawn"]), out=seats_listed("out"),
        set_aside=cards(words["aside"]), catchable=seats_listed("uno"), challenge=challenge, stuck=number("stuck"),
        winner=None if words["winner"] == "-" else number("winner"),
        end_reason=None if words["end"] == "-" else _unescape(words["end"]), seed=number("seed"),
        shuffles=number("shuffles"), dealer=number("dealer"), ply=number("ply"),
    )


def checked(state: GameState) -> GameState:
    """``state`` if it is a position a game could reach (:func:`check_position`); else a ``NotationError``.

    A position made from its fields by hand (a puzzle's start) goes through here, as a position read from its
    line of text does, so one check holds both: a red 5 on top with blue in force is refused either way.
    """
    check_position({name: getattr(state, name) for name in _FIELDS})
    return state


def check_position(f: dict[str, Any]) -> None:
    """Refuse fields that no game could reach, before a state is made of them; the one check of a position.

    It holds for every position a game passes through (a test plays random games under many rule sets and
    checks each one), so a position it refuses could only have been written by hand or damaged: a seat that
    does not exist, a card too many or too few, a color in force that the top card contradicts, a player
    still in the round at the mercy limit, a round over without a winner...
    """
    from nomercy.core.decks import DECKS
    from nomercy.core.moves import check_seat_names
    from nomercy.core.seeds import check_seed

    rules: RuleSet = f["rules"]
    seats = check_seat_names(f["seats"])
    n = len(seats)
    low, high = rules.players
    if not low <= n <= high:
        raise NotationError(f"{rules.name} is for {low} to {high} players, not {n}")
    hands = f["hands"]
    if len(hands) != n:
        raise NotationError(f"{n} seats but {len(hands)} hands")
    check_seed(f["seed"])

    def seat(what: str, index: int) -> int:
        if not 0 <= index < n:
            raise NotationError(f"{what}: the seat number is out of range, {index} where the seats are 0 to {n - 1} "
                                f"({brief(', '.join(seats))})")
        return index

    out, catchable = f["out"], f["catchable"]
    for what, index in (("the turn", f["turn"]), ("the dealer", f["dealer"]), *(("a seat out", i) for i in out),
                        *(("a seat that may be caught", i) for i in catchable)):
        seat(what, index)
    for what, listed in (("out", out), ("uno", catchable)):
        if len(set(listed)) != len(listed):
            raise NotationError(f"{what} names a seat twice: {_ints_text(listed)}")
    if len(out) >= n:
        raise NotationError("every seat is out: one player at least is still in the round")
    for index in out:
        if hands[index]:
            raise NotationError(f"{seats[index]} is out of the round but holds {len(hands[index])} cards")
    if f["set_aside"] and not out:
        raise NotationError("cards are set aside, but nobody has been knocked out")
    over = f["phase"] is Phase.OVER
    winner = f["winner"]
    if winner is not None:
        seat("the winner", winner)
    if over != (winner is not None) or over != (f["end_reason"] is not None):
        raise NotationError("a round that is over has a winner and an end, and one still going has neither")
    if winner is not None and winner in out:
        raise NotationError(f"the winner, {seats[winner]}, is out of the round")
    if f["turn"] in out:
        raise NotationError(f"it is {seats[f['turn']]}'s turn, but {seats[f['turn']]} is out of the round")
    limit = rules.mercy_limit
    if not over and limit is not None:
        for index, hand in enumerate(hands):
            if len(hand) >= limit:
                raise NotationError(f"{seats[index]} holds {len(hand)} cards, at the mercy limit of {limit}, "
                                    "but is still in the round")
    for index in catchable:
        if over or index in out or len(hands[index]) != 1:
            raise NotationError(f"{seats[index]} may be caught without calling UNO only while holding one card")
    discard = f["discard"]
    if not discard:
        raise NotationError("the discard pile is empty: a position has a top card")
    top, color, phase = discard[-1], f["color"], f["phase"]
    if color is None and phase is not Phase.NAME_FIRST_COLOR and phase is not Phase.NAME_ROULETTE and not over:
        raise NotationError("no color is in force: only a wild waiting for its color to be named leaves none")
    if top.color is not None and color is not None and color is not top.color:
        raise NotationError(f"{color} is in force over {top}: only a wild on top lets another color be named")
    if (phase is Phase.PLAY_DRAWN and rules.draw != "until-playable") or (
            phase is Phase.KEEP_OR_PLAY and rules.draw != "one"):
        raise NotationError(f"phase {phase.value} comes of another way of drawing than draw: {rules.draw}")
    drawn = f["drawn"]
    waiting = phase is Phase.PLAY_DRAWN or phase is Phase.KEEP_OR_PLAY
    if (drawn is not None) != waiting:
        raise NotationError(f"a drawn card waits to be played exactly in the phases play-drawn and keep-or-play, "
                            f"not with drawn:{drawn.short if drawn is not None else '-'} in {phase.value}")
    if drawn is not None and drawn not in hands[f["turn"]]:
        raise NotationError(f"the drawn card {drawn} is not in {seats[f['turn']]}'s hand")
    if (phase is Phase.NAME_ROULETTE or phase is Phase.NAME_FIRST_COLOR) and not top.is_wild:
        raise NotationError(f"a color is named in phase {phase.value} only with a wild on top, not {top}")
    pending, stack = f["pending"], f["stack_value"]
    if over and (pending or stack or drawn is not None or f["challenge"] is not None):
        raise NotationError("a round that is over has no pending draw, drawn card or challenge")
    if stack > pending:
        raise NotationError(f"a stack to reach of {stack} is above the pending draw of {pending}")
    if pending and not top.draw_value:
        raise NotationError(f"a draw of {pending} is pending, but the top card, {top}, makes nobody draw")
    if not over:
        for index in range(n):
            if index not in out and not hands[index]:
                raise NotationError(f"{seats[index]} holds no card but has not won: a round ends when a hand empties")
    challenge = f["challenge"]
    if challenge is not None:
        if not pending or top.rank.effect != "challengeable-draw":
            raise NotationError(f"a challenge is open only with a pending draw and a challengeable card on top, "
                                f"not {top}")
        seat("the challenged player", challenge[0])
    if not over and f["ply"] >= ROUND_MOVE_LIMIT:
        raise NotationError(f"a round still going at move {f['ply']} would have ended at its move limit, "
                            f"{ROUND_MOVE_LIMIT:,}")
    if f["stuck"] >= n - len(out):
        raise NotationError(f"stuck counts the players in a row who could neither play nor draw: fewer than the "
                            f"{n - len(out)} still in the round, not {f['stuck']}")
    deck = DECKS.get(rules.deck)
    table = (*f["draw_pile"], *discard, *f["set_aside"], *(card for hand in hands for card in hand))
    if pending > len(table):
        raise NotationError(f"a pending draw of {pending} is more than the {len(table)} cards on the table")
    if deck is None or Counter(table) != deck.counts():
        raise NotationError(f"its cards are not one {rules.deck} deck")


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
    made = object.__new__(_Position)
    for name, value in zip(_FIELDS, values):
        setattr(made, name, value)
    made.events = made.base = None
    made.__class__ = GameState
    return made  # type: ignore[return-value]


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
