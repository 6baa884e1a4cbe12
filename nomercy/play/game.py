"""The one driver: a game session that owns the position, the computer players, the history, undo and the record.

States are values, so a game is the list of states it went through and the moves
between them. :class:`Game` keeps that list, asks its computer players for their moves
(:meth:`Game.advance`, :meth:`Game.play_computers`), shows every move to the players that
remember, takes moves back, tells its story (:meth:`Game.transcript`) and writes a
:class:`GameRecord` (the RuleSet itself, seats, seed, dealer, moves) that replays to the
very same game:

>>> from nomercy import legal_moves
>>> game = Game("no-mercy", ["A", "B", "C"], seed=4)
>>> move = legal_moves(game.state)[0]
>>> events = game.play(move)
>>> Game.from_record(game.record()).state == game.state
True
>>> game.undo(); game.state == Game("no-mercy", ["A", "B", "C"], seed=4).state
True

Computer players take their turns through the same ``play``:

>>> game = Game("no-mercy", ["Ann", "Greedy", "Expert"], seed=1, computers={"Greedy": "greedy", "Ann": "random"})
>>> game.play_computers()        # Ann and Greedy play until Expert, a human here, must act
2
>>> game.state.seats[game.state.to_act]
'Expert'

Every move, a person's, a computer's or a record's, goes through the driver's one loop
(:func:`~nomercy.play.driver.play_out`; moves already made through its
:func:`~nomercy.play.driver.replay`). Loops that need no history (the expert's playouts,
the simulation, the fuzz tests, the benchmarks) use that loop without the bookkeeping.
"""

from __future__ import annotations

from typing import Any, Iterable, Mapping, Sequence

from nomercy.core.engine import check_players_option, deal
from nomercy.core import inputs
from nomercy.core.errors import IllegalMoveError, NomercyError
from nomercy.core.events import Event
from nomercy.core.i18n import N_
from nomercy.core.refusals import Said, reason_of, said
from nomercy.core.moves import Move
from nomercy.core.rules import RuleSet, ruleset
from nomercy.core.seeds import derive_seed
from nomercy.core.state import GameState
from nomercy.play import driver
from nomercy.play.driver import Chooser, Observer, play_out
from nomercy.play.players import Player, computer_player, next_move, notify
from nomercy.play.record import GameRecord
from nomercy.play.transcript import Step, Transcript

__all__ = ["Game", "GameRecord", "play_out", "computers_choose"]

def computers_choose(players: Mapping[int, Player]) -> Chooser:
    """A chooser that asks computer players by the one protocol (:func:`~nomercy.play.players.next_move`)."""
    return lambda state: next_move(state, players)


class Game:
    """A mutable handle on an immutable game: ``play`` moves forward, ``undo`` steps back.

    ``computers`` maps seats (names or numbers) to computer players, or to a kind
    (``"random"``, ``"greedy"``, ``"expert"``) made with a seed derived from the game's;
    the other seats are people, who move through :meth:`play`.
    """

    def __init__(
        self,
        rules: str | RuleSet = "no-mercy",
        players: int | Sequence[str] = 4,
        /,
        *,
        seed: int = 0,
        dealer: int | None = None,
        computers: Mapping[int, Player | str] | Mapping[str, Player | str] | None = None,
        **overrides: Any,
    ) -> None:
        check_players_option(overrides)
        self._rules = ruleset(rules, **overrides)  # a RuleSet plays as it is, whatever its name
        self._seed = seed
        start, self.start_events = deal(self._rules, players, seed=seed, dealer=dealer)
        self._states: list[GameState] = [start]
        self._moves: list[Move] = []
        self._events: list[tuple[Event, ...]] = []
        self.computers: dict[int, Player] = {}
        if computers is not None:
            inputs.one_of_kind(computers, Mapping, 'computer players by seat, like {1: "greedy"}')
        for seat, player in (computers or {}).items():
            index = start.seat(seat)
            self.computers[index] = computer_player(player, seed=derive_seed(seed, "player", index))

    @property
    def state(self) -> GameState:
        return self._states[-1]

    @property
    def start(self) -> GameState:
        return self._states[0]

    @property
    def moves(self) -> tuple[str, ...]:
        """The moves so far, in notation."""
        return tuple(state.move_text(move) for state, move in zip(self._states, self._moves))

    @property
    def move_count(self) -> int:
        return len(self._moves)

    @property
    def events(self) -> tuple[Event, ...]:
        """Every event so far, in order, starting with those of the deal."""
        return self.start_events + tuple(e for batch in self._events for e in batch)

    def history(self) -> list[tuple[str, tuple[Event, ...]]]:
        """Each move (in notation) with the events it caused."""
        return list(zip(self.moves, self._events))

    def transcript(self) -> Transcript:
        """The game so far as one story: the deal's events, then every move with its events."""
        steps = tuple(Step(number, before.move_text(move), before, after, events)
                      for number, (before, move, after, events)
                      in enumerate(zip(self._states, self._moves, self._states[1:], self._events), 1))
        return Transcript(self.start, steps, self.start_events)

    # --- moving ----------------------------------------------------------------------
    def play(self, move: Move | str) -> tuple[Event, ...]:
        """Apply a move (or its notation); an illegal one raises and changes nothing.

        Every computer player that remembers sees the move (a person's too).
        """
        driver.replay(self.state, (move,), observe=self._record)
        return self._events[-1]

    def replay(self, moves: Iterable[Move | str], *, observe: Observer | None = None) -> None:
        """Play ``moves`` (moves or their notation) in order, as :meth:`play` plays each, then show it to ``observe``.

        The first move the engine refuses raises, naming it by its number among ``moves``, after
        the moves before it were played: ``move 3 ('B draws'): it is A's turn, not B's``.
        """
        given = list(inputs.items(moves, "the moves to replay"))
        first = len(self._moves)

        def record(before: GameState, move: Move, events: tuple[Event, ...], after: GameState) -> None:
            self._record(before, move, events, after)
            if observe is not None:
                observe(before, move, events, after)

        try:
            driver.replay(self.state, given, observe=record)
        except NomercyError as error:
            number = len(self._moves) - first + 1
            raise type(error)(said(N_("move {number} ({move}): {reason}"), number=number, move=repr(given[number - 1]),
                                   reason=_said_reason(error))) from None

    def _record(self, before: GameState, move: Move, events: tuple[Event, ...], after: GameState) -> None:
        self._states.append(after)
        self._moves.append(move)
        self._events.append(events)
        if self.computers:
            notify(self.computers, before, move, events, after)

    def next_computer_move(self) -> Move | None:
        """The move a computer player makes now, or ``None`` when a person must act (or the round is over)."""
        if self.state.is_over or not self.computers:
            return None
        return next_move(self.state, self.computers)

    def advance(self) -> tuple[Event, ...] | None:
        """Let one computer player move; ``None`` when a person must act (or the round is over)."""
        move = self.next_computer_move()
        return None if move is None else self.play(move)

    def play_computers(self, *, max_moves: int | None = None) -> int:
        """Let the computer players move until a person must act or the round ends, or ``max_moves`` moves (a whole
        number from 0 to :data:`~nomercy.play.driver.MOST_MOVES`) are made; how many moves they made."""
        if max_moves is not None:
            inputs.whole_number(max_moves, "max_moves (the most moves to play)", 0, driver.MOST_MOVES, like=100)
        if self.state.is_over or not self.computers:
            return 0
        before = len(self._moves)
        play_out(self.state, computers_choose(self.computers), max_moves=max_moves, observe=self._record)
        return len(self._moves) - before

    def can_undo(self) -> bool:
        return len(self._states) > 1

    def undo(self) -> None:
        """Take back the last move."""
        if not self.can_undo():
            raise IllegalMoveError("there is no move to take back")
        self._states.pop()
        self._moves.pop()
        self._events.pop()

    def __copy__(self) -> "Game":
        """The game as it is now, to go back to: its own lists of the same states (values), moves and
        events; the computer players are the same players."""
        twin = object.__new__(Game)
        vars(twin).update(vars(self), _states=list(self._states), _moves=list(self._moves),
                          _events=list(self._events), computers=dict(self.computers))
        return twin

    @property
    def rules(self) -> RuleSet:
        return self._rules

    def record(self) -> GameRecord:
        """The rules, seats, seed, dealer (the one who really dealt) and moves: replays to this game."""
        return GameRecord(self._rules, self.state.seats, self._seed, self.moves, self.start.dealer)

    @classmethod
    def from_record(cls, record: GameRecord) -> "Game":
        """Deal a record's round and replay its moves (:meth:`replay`); the first illegal move raises, naming it."""
        inputs.one_of_kind(record, GameRecord, "a game record (GameRecord.from_json reads one from its JSON)")
        try:
            game = cls(record.rules, record.seats, seed=record.seed, dealer=record.dealer)
        except NomercyError as error:
            raise type(error)(said(N_("the record's game cannot be dealt: {reason}"), reason=_said_reason(
                error, N_("these rules cannot deal to these seats")))) from None
        try:
            game.replay(record.moves)
        except NomercyError as error:
            raise type(error)(said(N_("record {reason}"), reason=reason_of(error))) from None
        return game

    def __repr__(self) -> str:
        return f"<Game {self._rules.name} seed={self._seed} moves={len(self._moves)} {self.state!r}>"


def _said_reason(error: NomercyError, meaning: str = N_("it is not a move these seats can make, as a record writes "
                                                        "moves")) -> str:
    """Why a move or a deal is refused, as a table in another language says it: a refusal of the rules keeps its
    message (:class:`~nomercy.core.refusals.Refusal`); the notation's own words (how a move is written) are said in
    English, and in another language as what they mean for a record."""
    reason = reason_of(error)
    if isinstance(reason, Said):
        return reason
    return said(meaning, str(error))
