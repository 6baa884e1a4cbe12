"""Hostile values in the package's values made by hand: a move, a position, an event, a kind of puzzle.

The engine makes these as a game is played, but a program may make them too (a position set up by hand, a
move built from another program's numbers, a kind of puzzle of one's own). Each is checked when it is made,
so a value of the wrong kind is refused there in one line, in the game's words, instead of being taken for
something else in silence: a seat ``True``, ``1.0``, ``"1"`` or another program's integer compares equal to
a seat number, and ``Play(True, card) in legal_moves(state)`` answered yes.
"""

from __future__ import annotations

import copy
import dataclasses
import enum
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from conftest import examples
from hypothesis import strategies as st

from hostile_values import answer, clear, guard, hostile

from nomercy import Game, NomercyError, legal_moves, new_game
from nomercy.core.cards import Card, Color
from nomercy.core.engine import apply
from nomercy.core.errors import NotationError
from nomercy.core.moves import CallUno, Catch, Challenge, Draw, NameColor, Pass, Play

HOSTILE_COVERS = (
    "api:nomercy.core.events.Event(fields)",
    "api:nomercy.core.events.Event(named)",
    "api:nomercy.puzzles.puzzle.register_kind(kind)",
    "api:nomercy.core.state.GameState(fields)",
    *(f"api:nomercy.core.moves.{kind}(seat)" for kind in ("Play", "Draw", "Pass", "NameColor", "CallUno", "Catch",
                                                          "Challenge")),
    "api:nomercy.core.moves.Play(target)", "api:nomercy.core.moves.Catch(target)",
)

HOSTILE = settings(max_examples=examples(60), deadline=None, derandomize=True, database=None,
                   suppress_health_check=list(HealthCheck))


class OtherInt:
    """Another program's integer (numpy's ``int64`` is no ``int``): it compares equal to one and converts to one."""

    def __init__(self, value: int) -> None:
        self.value = value

    def __index__(self) -> int:
        return self.value

    def __int__(self) -> int:
        return self.value

    def __eq__(self, other: object) -> bool:
        return self.value == other

    def __hash__(self) -> int:
        return hash(self.value)

    def __repr__(self) -> str:  # the same test ids in every test process
        return f"OtherInt({self.value})"


class Seat(enum.IntEnum):
    ANN = 0
    BO = 1


NOT_SEATS = [True, False, 1.0, 0.0, "1", "0", OtherInt(1), OtherInt(0), None, -1, 1000, 10**30, float("nan"), b"1",
             [1], (1,)]
"""Values that are not seat numbers, some of which compare equal to one."""

BUILT = {
    "Play": lambda seat, target=None: Play(seat, Card.parse("red 7"), None, target),
    "Catch": lambda seat, target=1: Catch(seat, target),
    "NameColor": lambda seat: NameColor(seat, Color.RED),
    "Draw": Draw, "Pass": Pass, "CallUno": CallUno, "Challenge": Challenge,
}


# --- moves: a seat is a seat number -------------------------------------------------------------------

@pytest.mark.parametrize("kind", sorted(BUILT))
@pytest.mark.parametrize("seat", NOT_SEATS, ids=repr)
def test_a_move_whose_seat_is_no_seat_number_is_refused_when_built(kind: str, seat: Any) -> None:
    with pytest.raises(NotationError) as caught:
        BUILT[kind](seat)
    message = str(caught.value)
    assert message.startswith("a move's seat is a seat number, a whole number from 0 to 999, not ") and clear(message)


@pytest.mark.parametrize("kind", ["Play", "Catch"])
@pytest.mark.parametrize("target", [t for t in NOT_SEATS if t is not None], ids=repr)
def test_a_target_that_is_no_seat_number_is_refused_when_built(kind: str, target: Any) -> None:
    with pytest.raises(NotationError, match="^a move's target is a seat number, a whole number from 0 to 999, not "):
        BUILT[kind](0, target)


def test_a_seat_number_of_an_int_kind_is_still_a_seat_number() -> None:
    assert Draw(Seat.BO) == Draw(1) and Catch(Seat.ANN, Seat.BO) == Catch(0, 1)


@HOSTILE
@given(kind=st.sampled_from(sorted(BUILT)), seat=hostile)
def test_any_seat_builds_a_move_of_a_seat_number_or_is_refused_in_one_line(kind: str, seat: Any) -> None:
    move = answer(lambda: BUILT[kind](seat))
    if move is not None:
        assert type(move.seat) is int and 0 <= move.seat < 1000 and not isinstance(move.seat, bool)


def _forged(move: Any, **changes: Any) -> Any:
    """``move`` with ``changes``, made without its constructor (as unpickling makes a value, or a careless copy)."""
    forged = object.__new__(type(move))
    for field in dataclasses.fields(move):
        object.__setattr__(forged, field.name, changes.get(field.name, getattr(move, field.name)))
    return forged


@HOSTILE
@given(seed=st.integers(0, 400), pick=st.integers(0, 10**6), seat=st.sampled_from(NOT_SEATS[:8]))
def test_no_move_with_a_look_alike_seat_reaches_the_legal_moves_the_engine_or_a_game(seed: int, pick: int,
                                                                                   seat: Any) -> None:
    """What compares equal to a legal move's seat is refused: when the move is built, and, for a move made without
    its constructor, by the legal moves (never "in" them), the engine and a game, which change nothing."""
    from nomercy.core.errors import IllegalMoveError

    game = Game("no-mercy", ["Ann", "Bo", "Cy"], seed=seed)
    state = game.state
    moves = legal_moves(state)
    legal = moves[pick % len(moves)]
    with pytest.raises(NotationError):
        dataclasses.replace(legal, seat=seat)
    forged = _forged(legal, seat=seat)
    assert forged not in moves
    with pytest.raises(IllegalMoveError):
        apply(state, forged)
    with pytest.raises(IllegalMoveError):
        game.play(forged)
    assert game.state == state and game.move_count == 0
    apply(state, legal)  # the real one is still played


# --- a position made by hand --------------------------------------------------------------------------

def _fields() -> dict[str, Any]:
    from nomercy.core.state import POSITION_FIELDS

    state = new_game("no-mercy", ["Ann", "Bo", "Cy"], seed=4)
    return {name: getattr(state, name) for name in POSITION_FIELDS}


@HOSTILE
@given(name=st.sampled_from(sorted(_fields())), value=hostile)
def test_a_position_with_a_field_of_the_wrong_kind_is_refused_in_one_line(name: str, value: Any) -> None:
    from nomercy.core.state import GameState

    fields = {**_fields(), name: value}
    made = answer(lambda: GameState(**fields))
    if made is not None:  # a value of the field's kind: the position reads and plays like any other
        with guard(30):
            str(made), made.to_text(), answer(lambda: list(legal_moves(made)))


@pytest.mark.parametrize("name, value, said", [
    ("turn", True, "a position's turn is a seat number from 0 to 2, not yes"),
    ("turn", 3, "a position's turn is a seat number from 0 to 2, not 3"),
    ("turn", 1.0, "a position's turn is a seat number from 0 to 2, not 1.0"),
    ("out", (OtherInt(1),), "a position's out is a seat number from 0 to 2, not a value of another kind (OtherInt)"),
    ("hands", ((), ()), "a position's hands is a tuple of 3 hands, one for each seat, not a list of 2 items: "
                        "a list of 0 items, a list of 0 items"),
    ("discard", ("red 5",), "a position's discard pile is a tuple of cards, not a list of 1 item: 'red 5'"),
    ("direction", 2, "a position's direction is 1 (clockwise) or -1 (counterclockwise), not 2"),
    ("seed", -1, "a seed is a whole number from 0 to 9223372036854775807, like 7; not -1"),
])
def test_a_position_names_the_field_and_what_it_takes(name: str, value: Any, said: str) -> None:
    from nomercy.core.state import GameState

    with pytest.raises(NotationError) as caught:
        GameState(**{**_fields(), name: value})
    assert str(caught.value) == said


def test_a_position_without_a_field_or_with_one_too_many_is_refused_naming_it() -> None:
    from nomercy.core.state import GameState

    fields = _fields()
    with pytest.raises(NotationError, match="^a position is made with every one of its fields by name; it lacks turn$"):
        GameState(**{k: v for k, v in fields.items() if k != "turn"})
    with pytest.raises(NotationError, match="^a position has no field 'colour'; its fields are rules, seats, "):
        GameState(**fields, colour=None)


# --- an event is made by the engine -------------------------------------------------------------------

@HOSTILE
@given(values=st.lists(hostile, max_size=3), named=st.dictionaries(st.sampled_from(["rule", "player", "x"]), hostile,
                                                                   max_size=2))
def test_the_base_of_the_events_is_never_made_by_hand(values: list[Any], named: dict[str, Any]) -> None:
    from nomercy.core.events import Event

    with pytest.raises(NomercyError) as caught:
        Event(*values, **named)
    assert clear(str(caught.value)) and str(caught.value).startswith("an event is one of its kinds")


def test_the_kinds_of_events_are_made_as_before() -> None:
    from nomercy.core.events import CardPlayed

    event = CardPlayed("Ann", Card.parse("red 7"))
    assert event.sentence == "Ann plays red 7." and event == CardPlayed(player="Ann", card=Card.parse("red 7"))


# --- a kind of puzzle of one's own --------------------------------------------------------------------

def _kind(**changes: Any) -> Any:
    from nomercy.puzzles.puzzle import KINDS

    made = copy.copy(KINDS["best-move"])
    for name, value in changes.items():
        setattr(made, name, value)
    return made


@HOSTILE
@given(value=hostile, part=st.sampled_from(["kind", "name", "keys", "answer_keys"]))
def test_a_kind_of_puzzle_with_a_part_of_the_wrong_kind_is_refused_and_nothing_is_registered(value: Any,
                                                                                              part: str) -> None:
    from nomercy.puzzles.puzzle import KINDS, register_kind

    before = dict(KINDS)
    kind = value if part == "kind" else _kind(**{part: value, **({} if part == "name" else {"name": "a-new-kind"})})
    try:
        registered = answer(lambda: register_kind(kind))
        if registered is not None:  # a value that fits (a new name in kebab-case): registered, as asked
            assert part == "name" and KINDS[registered.name] is kind
    finally:
        KINDS.clear()
        KINDS.update(before)


@pytest.mark.parametrize("kind, said", [
    (None, "a puzzle kind is made from PuzzleKind, with its name, keys and checks; not nothing"),
    ({"name": "mine"}, "a puzzle kind is made from PuzzleKind, with its name, keys and checks; not a mapping of 1 "
                       "entry: 'name': 'mine'"),
])
def test_what_is_no_kind_of_puzzle_is_named_for_what_it_is(kind: Any, said: str) -> None:
    from nomercy.puzzles.puzzle import register_kind

    with pytest.raises(NomercyError) as caught:
        register_kind(kind)
    assert str(caught.value) == said


@pytest.mark.parametrize("changes", [{"name": 7}, {"name": "x" * 100}, {"name": "a-new-kind", "keys": "target"},
                                     {"name": "a-new-kind", "keys": ("tar get",)},
                                     {"name": "a-new-kind", "answer_keys": [1]}])
def test_a_kind_with_a_bad_name_or_keys_is_refused_in_one_line(changes: dict[str, Any]) -> None:
    from nomercy.puzzles.puzzle import KINDS, register_kind

    before = dict(KINDS)
    with pytest.raises(NomercyError) as caught:
        register_kind(_kind(**changes))
    assert clear(str(caught.value)) and KINDS == before
