"""The simulation's Python doors, attacked one argument at a time: ``simulate`` (the arguments its run plan
checks: rules, players, bots, games, seed, overrides, first_game) and ``play_game`` (one game of a run).

The generic sweep (test_hostile_api.py) does not call ``simulate``, which starts processes; here it runs in this
process (``workers=1``), and a value that is taken plays at most one game: the caller's ``on_game`` stops the run
there, so a huge number of games taken would show as a run that started, never as a hang. Each try ends one way:
the value is taken (and the run starts), or it is refused in one short line in the game's words.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from conftest import examples
from hypothesis import strategies as st

from hostile_values import SAMPLE, answer, hostile, snapshot

from nomercy import NomercyError
from nomercy.core.rules import PROFILES
from nomercy.play.simulate import simulate
from nomercy.play.simulate.bots import BotSpec
from nomercy.play.simulate.checker import play_game

HOSTILE_COVERS = (
    "api:nomercy.play.simulate.simulate(rules)",
    "api:nomercy.play.simulate.simulate(players)",
    "api:nomercy.play.simulate.simulate(bots)",
    "api:nomercy.play.simulate.simulate(games)",
    "api:nomercy.play.simulate.simulate(seed)",
    "api:nomercy.play.simulate.simulate(overrides)",
    "api:nomercy.play.simulate.simulate(first_game)",
    "api:nomercy.play.simulate.checker.play_game(rules)",
    "api:nomercy.play.simulate.checker.play_game(bots)",
    "api:nomercy.play.simulate.checker.play_game(seed)",
    "api:nomercy.play.simulate.checker.play_game(index)",
    "api:nomercy.play.simulate.checker.play_game(moves)",
    "api:nomercy.play.simulate.checker.play_game(keep_record)",
    "api:nomercy.play.simulate.checker.play_game(check_moves)",
)

SWEEP = settings(max_examples=examples(15), deadline=None, derandomize=True, database=None,
                 suppress_health_check=list(HealthCheck))
SOAK = settings(SWEEP, max_examples=150)

RUN_ARGUMENTS = ("rules", "players", "bots", "games", "seed", "overrides", "first_game")
GAME_ARGUMENTS = ("rules", "bots", "seed", "index", "moves", "keep_record", "check_moves")


class Started(Exception):
    """The run took its arguments and played a game: the caller's handler stops it there."""


def _stop(index: int) -> None:
    raise Started(index)


def try_run(name: str, value: Any) -> str:
    """``simulate`` with ``name`` given ``value``: ``"taken"`` (the run started), or ``"refused"`` clearly."""
    before = snapshot(value)
    arguments: dict[str, Any] = {"players": 2, "games": 2, "workers": 1, "progress": False, "on_game": _stop,
                                 name: value}
    try:
        refused = answer(lambda: simulate(**arguments)) is None
    except Started:
        refused = False
    assert snapshot(value) == before, f"{name}: the value given was changed"
    return "refused" if refused else "taken"


def try_game(name: str, value: Any) -> str:
    """``play_game`` with ``name`` given ``value``: ``"taken"`` (the game was played) or ``"refused"`` clearly."""
    arguments: dict[str, Any] = {"rules": PROFILES["no-mercy"], "bots": (BotSpec.parse("random"),) * 2, "seed": 1,
                                 name: value}
    list_given = name == "moves" and type(value) is list
    before = snapshot(value)
    played = answer(lambda: play_game(**arguments))
    if not list_given:  # a list given as moves is filled with the game's moves: what it is for
        assert snapshot(value) == before, f"{name}: the value given was changed"
    return "refused" if played is None else "taken"


@pytest.mark.parametrize("name", RUN_ARGUMENTS)
def test_each_argument_of_a_run_is_taken_or_refused_in_one_line(name: str) -> None:
    for value in SAMPLE:
        try_run(name, value)


@pytest.mark.parametrize("name", GAME_ARGUMENTS)
def test_each_argument_of_one_game_is_taken_or_refused_in_one_line(name: str) -> None:
    for value in SAMPLE:
        try_game(name, value)


@pytest.mark.parametrize("name", RUN_ARGUMENTS)
@SWEEP
@given(value=hostile)
def test_hostile_values_for_a_run(name: str, value: Any) -> None:
    try_run(name, value)


@pytest.mark.soak
@pytest.mark.parametrize("name", RUN_ARGUMENTS + GAME_ARGUMENTS)
@SOAK
@given(value=hostile, game=st.booleans())
def test_soak_hostile_values_for_a_run_and_a_game(name: str, value: Any, game: bool) -> None:
    if game and name in GAME_ARGUMENTS:
        try_game(name, value)
    elif name in RUN_ARGUMENTS:
        try_run(name, value)


def test_nonsense_is_refused_not_taken_for_something_else() -> None:
    """Values of the wrong kind are refused, never read as another value (a number as text, yes as 1...)."""
    for name, value in (("games", True), ("games", 3.0), ("games", "2"), ("players", 2.0), ("seed", -1),
                        ("seed", 2**64), ("bots", ""), ("first_game", -1), ("overrides", ["stacking"])):
        assert try_run(name, value) == "refused", (name, value)
    for name, value in (("bots", "random"), ("bots", (BotSpec.parse("random"),) * 9), ("seed", "1"),
                        ("index", -1), ("moves", ()), ("keep_record", 1), ("rules", "no-mercy")):
        assert try_game(name, value) == "refused", (name, value)


def test_good_values_are_taken() -> None:
    assert try_run("games", 5) == "taken" and try_run("bots", "greedy,random") == "taken"
    moves: list[Any] = []
    assert try_game("moves", moves) == "taken" and moves, "the list given gets the game's moves"
    assert try_game("keep_record", "yes") == "taken"


def test_a_refusal_names_what_is_allowed() -> None:
    with pytest.raises(NomercyError, match="whole number"):
        play_game(PROFILES["no-mercy"], (BotSpec.parse("random"),) * 2, "7")
