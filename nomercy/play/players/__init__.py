"""Computer players, and the one protocol that asks them for moves.

A player sees only a :class:`~nomercy.core.state.PlayerView` (its own hand, everyone's
hand size, the public piles) and the legal moves of its seat. It never sees the
other hands: the expert guesses them by sampling.

Every caller that lets computers play (the simulation, the game-table widget, a
notebook) goes through :func:`next_move`, as the chooser of the driver's loop:

>>> from nomercy import new_game
>>> from nomercy.play.driver import play_out
>>> from nomercy.play.players import make_player, next_move
>>> bots = {0: make_player("greedy", seed=1), 1: make_player("random", seed=1)}
>>> end = play_out(new_game("no-mercy", 2, seed=3), lambda state: next_move(state, bots))
>>> end.winner in (0, 1)
True

After each move, :func:`notify` shows it to the players that remember (the
expert does; without it the expert still plays, knowing less).

Three kinds exist: ``random`` (uniform over legal moves), ``greedy`` (a No Mercy
heuristic) and ``expert`` (determinized Monte Carlo search over sampled hands,
playing out with the greedy policy). The same kind, seed and options make the
same choices.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping, Protocol, Sequence, runtime_checkable

from nomercy.core.moves import Move, CallUno, Catch, Play
from nomercy.core.errors import IllegalMoveError, PlayerError, brief
from nomercy.core.events import Event
from nomercy.core import inputs
from nomercy.core.state import GameState, Phase, PlayerView
from nomercy.core.seeds import check_seed
from nomercy.core.legality import is_optional, legal_moves, required_moves

__all__ = [
    "Player",
    "PLAYER_KINDS",
    "make_player",
    "computer_player",
    "next_move",
    "notify",
    "required_moves",
    "is_optional",
    "check_player_options",
    "PLAYER_OPTIONS",
]


@runtime_checkable
class Player(Protocol):
    """What the game asks of a computer player.

    ``choose`` is asked when the player's seat must act; ``legal`` holds that
    seat's required moves (never empty: play, draw, pass, name a color, challenge).
    ``choose_optional`` is asked when the seat may act out of turn: call UNO for
    itself, catch a player who did not, or jump in; it returns one of ``legal`` or
    ``None`` to let the moment pass.

    A player may also define ``observe(before, move, events, after)`` to be
    shown every move (see :func:`notify`); it is optional, so it is not part of
    this protocol's required methods.
    """

    kind: str

    def choose(self, view: PlayerView, legal: Sequence[Move]) -> Move: ...

    def choose_optional(self, view: PlayerView, legal: Sequence[Move]) -> Move | None: ...


def next_move(state: GameState, players: Mapping[int, Player]) -> Move | None:
    """The next move the computer seats in ``players`` make, by the one driver protocol.

    1. Out-of-turn options first. Seats that have just gone down to one card are
       asked first (calling UNO belongs to the move that caused it), then every
       other seat with options, in seat order starting from the seat to act
       (``state.to_act``). The first option taken is returned.
    2. Otherwise the seat to act is asked to choose among its required moves.

    A seat missing from ``players`` (a human) is never asked. ``None`` is returned
    only when the seat to act is a human and no computer took an option: the game
    waits for the human. Call this before every move, including after a human's
    move: a catch must be made before the next player acts, because the engine
    closes the catching window on the next move that is not a call or a catch.
    Each player sees only ``state.view(seat)``, built the first time the player
    reads it (the random player never does, so it costs nothing there).
    """
    if not isinstance(state, GameState):
        inputs.one_of_kind(state, GameState, inputs.POSITION)
    inputs.one_of_kind(players, Mapping, "computer players by seat number, like {1: make_player('greedy')}")
    seats = len(state.seats)
    for seat, given in players.items():  # each seat a seat of this table, each player one that chooses
        if type(seat) is not int or not 0 <= seat < seats:
            raise PlayerError(f"computer players are given by seat number, 0 to {seats - 1} here, like "
                              f"{{1: make_player('greedy')}}; not {brief(seat)}")
        if not callable(getattr(given, "choose", None)):
            raise PlayerError(f"the player of seat {seat} is a computer player, like make_player('greedy'); "
                              f"not {brief(given)}")
    if state.phase is Phase.OVER:
        raise IllegalMoveError("the round is over: nobody has a move to make")
    turn = state.turn
    legal = legal_moves(state)
    required: Sequence[Move] = legal
    options: dict[int, list[Move]] | None = None
    if state.catchable or state.rules.jump_in:
        # Out-of-turn moves may be listed: sort them from the required ones as is_optional
        # does (a test holds the two together). Otherwise nobody may call UNO, catch or
        # jump in, and every legal move is a required move of the seat to act.
        required = []
        for move in legal:
            kind = type(move)
            if kind is CallUno or kind is Catch or (kind is Play and move.seat != turn):
                if options is None:
                    options = {}
                options.setdefault(move.seat, []).append(move)
            elif move.seat == turn:
                required.append(move)
    if options is not None:
        n = len(state.seats)
        order = [(turn + k) % n for k in range(n)]
        for exposed in reversed(state.catchable):
            order.remove(exposed)
            order.insert(0, exposed)
        for seat in order:
            if seat in options and seat in players:
                choice = players[seat].choose_optional(_ViewOnDemand(state, seat), options[seat])
                if choice is not None:
                    return choice
    player = players.get(turn)
    if player is None:
        return None
    return player.choose(_ViewOnDemand(state, turn), required)


class _ViewOnDemand(PlayerView):
    """``state.view(seat)``, built when the player first reads it; from then on it is that very view.

    A :class:`~nomercy.core.state.PlayerView` has 18 fields, and building one for every
    move costs more than some players' whole choice: the random player never reads
    its view. This stands in for it until a field is read, then takes the view's fields
    and becomes a plain ``PlayerView`` (equal to ``state.view(seat)`` in every way:
    fields, ``==``, hash, repr, pickling).

    >>> from nomercy import new_game
    >>> game = new_game("no-mercy", 3, seed=2)
    >>> view = _ViewOnDemand(game, 1)
    >>> len(view.hand), type(view).__name__, view == game.view(1)
    (7, 'PlayerView', True)
    """

    def __init__(self, state: GameState, seat: int) -> None:  # not the view's fields: those come on demand
        object.__setattr__(self, "_source", (state, seat))

    def _build(self) -> PlayerView:
        fields = self.__dict__
        source = fields.get("_source")
        if source is not None:
            view = source[0].view(source[1])
            fields.clear()
            fields.update(view.__dict__)
            object.__setattr__(self, "__class__", PlayerView)
        return self

    def __getattr__(self, name: str) -> Any:  # only asked for what the instance does not have yet
        if name.startswith("__") or "_source" not in self.__dict__:
            raise AttributeError(name)
        return getattr(self._build(), name)

    def __eq__(self, other: object) -> bool:
        return self._build() == other

    def __hash__(self) -> int:
        return hash(self._build())

    def __repr__(self) -> str:
        return repr(self._build())

    def __reduce__(self) -> Any:
        return self._build().__reduce__()

    def __reduce_ex__(self, protocol: Any) -> Any:
        return self._build().__reduce_ex__(protocol)


def notify(players: Mapping[int, Any], before: GameState, move: Move, events: Sequence[Event],
           after: GameState) -> None:
    """Show every player that remembers (has an ``observe`` method) the move just made.

    A player sees the move through its own seat's views before and after it, and
    the move's events, which are public (the whole table hears them). The expert
    uses this to remember cards it has seen change hands; a driver that never
    calls ``notify`` still works, the expert simply knows less. Call it after every
    move, a human's included, with the states on either side of it.
    """
    for seat, player in players.items():
        observe = getattr(player, "observe", None)
        if observe is not None:
            observe(before.view(seat), move, events, after.view(seat))


def _factories() -> dict[str, Callable[..., Player]]:
    from nomercy.play.players.expert import ExpertPlayer
    from nomercy.play.players.greedy import GreedyPlayer
    from nomercy.play.players.randomplayer import RandomPlayer

    return {"random": RandomPlayer, "greedy": GreedyPlayer, "expert": ExpertPlayer}


PLAYER_KINDS: tuple[str, ...] = ("random", "greedy", "expert")
"""The kinds :func:`make_player` builds, weakest first."""


def make_player(kind: str, *, seed: int = 0, **options: Any) -> Player:
    """A new player of ``kind`` (``random``, ``greedy`` or ``expert``) seeded with ``seed``.

    ``options`` go to the player: the expert takes those :data:`PLAYER_OPTIONS` names
    (:class:`~nomercy.play.players.expert.ExpertPlayer` says what each does).

    >>> make_player("greedy", seed=2).kind
    'greedy'
    >>> make_player("clever")
    Traceback (most recent call last):
    ...
    nomercy.core.errors.PlayerError: unknown player kind 'clever': choose one of random, greedy, expert
    >>> make_player("greedy", depth=3)
    Traceback (most recent call last):
    ...
    nomercy.core.errors.PlayerError: a greedy player takes no options, not depth
    """
    factories = _factories()
    key = kind.strip().lower() if isinstance(kind, str) else None
    if key not in factories:
        raise PlayerError(f"unknown player kind {brief(kind)}: choose one of {', '.join(PLAYER_KINDS)}")
    check_seed(seed)
    check_player_options(key, options)
    return factories[key](seed=seed, **options)


def computer_player(value: Any, *, seed: int = 0) -> Player:
    """A computer player from what a caller gives for a seat: a kind (``"greedy"``, made with ``seed``) or a player
    already made (anything with ``choose`` and ``choose_optional``). Anything else is refused now, in one line
    naming the kinds, not when the player is first asked for a move.

    >>> computer_player(5)
    Traceback (most recent call last):
    ...
    nomercy.core.errors.PlayerError: a computer player is one of the kinds random, greedy, expert (or a player made with make_player); not 5
    """
    if isinstance(value, str):
        return make_player(value, seed=seed)
    if callable(getattr(value, "choose", None)) and callable(getattr(value, "choose_optional", None)):
        return value
    raise PlayerError(f"a computer player is one of the kinds {', '.join(PLAYER_KINDS)} (or a player made with "
                      f"make_player); not {inputs.quote(value)}")


PLAYER_OPTIONS: dict[str, dict[str, str]] = {
    "random": {},
    "greedy": {},
    "expert": {"iterations": "count", "depth": "moves", "candidates": "count", "max_time": "seconds",
               "memory": "switch", "read_stacks": "switch", "threats": "switch", "sharp": "switch",
               "confidence": "standard errors"},
}
"""The options each kind takes, and what kind of value each is."""

_SWITCH_WORDS = ("1", "0", "true", "false", "yes", "no", "on", "off", "none")
_VALUE_TEXT = {
    "count": "a whole number of 1 or more",
    "moves": "a whole number of 0 or more",
    "seconds": "a number of seconds above 0, or none",
    "switch": "on or off (1 or 0)",
    "standard errors": "a number of standard errors, 0 or more",
}


def check_player_options(kind: str, options: Mapping[str, Any]) -> None:
    """Refuse an option ``kind`` does not take, or a value of the wrong kind, naming what is allowed."""
    allowed = PLAYER_OPTIONS.get(kind, {})
    for name, value in options.items():
        if name not in allowed:
            takes = f"takes {', '.join(allowed)}" if allowed else "takes no options"
            article = "an" if kind[:1] in ("a", "e", "i", "o", "u") else "a"
            raise PlayerError(f"{article} {kind} player {takes}, not {brief(name) if not isinstance(name, str) else name}")
        if not _value_fits(allowed[name], value):
            raise PlayerError(f"the {kind}'s {name} option is {_VALUE_TEXT[allowed[name]]}, not {brief(value)}")


def _value_fits(kind: str, value: Any) -> bool:
    whole = isinstance(value, int) and not isinstance(value, bool)
    if kind == "count":
        return whole and value >= 1
    if kind == "moves":
        return whole and value >= 0
    if kind == "standard errors":
        return isinstance(value, (int, float)) and not isinstance(value, bool) and 0 <= value < 1e9
    if kind == "seconds":
        return value is None or (isinstance(value, (int, float)) and not isinstance(value, bool) and 0 < value < 1e9)
    return (isinstance(value, (bool, int)) and value in (0, 1)) or value is None or (
        isinstance(value, str) and value.strip().lower() in _SWITCH_WORDS)
