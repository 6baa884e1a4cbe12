"""Shared helpers for the engine tests: build a table, play moves, play random games.

Positions are written the way ``puzzle-format.md`` writes them, so a test reads
like a worked example from the rules:

    game = table(players="ABC", turn="A", discard="red 5",
                 hands={"A": ["red +2", "blue 3"], "B": ["blue 9"], "C": ["green 1"]})
    game, events = play(game, "A plays red +2")
"""

from __future__ import annotations

import functools
import os
import random
import signal
import sys
from collections import Counter
from typing import Any, Iterable, Sequence

# The test run keeps Python's compiled modules (``__pycache__``, which git ignores) even where the environment
# says not to (PYTHONDONTWRITEBYTECODE, as on the project's machine): the run's two workers and its hundred-odd
# command-line and script processes would otherwise compile the package and pytest would rewrite every test
# module again in each of them, about 5 s of CPU a worker and a tenth of a second a process start. Set before
# the package is imported below, and taken out of the environment the workers and subprocesses inherit.
sys.dont_write_bytecode = False
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)

import pytest
from hypothesis import settings
from nomercy import DECKS, Card, GameState, Play, apply, legal_moves, new_game, ruleset
from nomercy.play.driver import play_out
from nomercy.puzzles.puzzle import Puzzle, load_puzzles

PROFILES = ("no-mercy", "classic", "open-mercy", "speltavlan")

# Tests assert behaviour, never durations: Hypothesis's default deadline (200 ms an example) would fail a
# test for a slow moment of a busy machine, so no example has one. Speed is measured in benchmarks/.
#
# Two profiles: the everyday run (``nomercy``) tries a quarter of each property test's examples, CI's run of
# the same tests (``--hypothesis-profile=nomercy-ci``, scripts/test) tries them all. Their ``max_examples`` is
# the percentage of a test's own count that :func:`examples` gives (and the count of a test that names none).
settings.register_profile("nomercy", deadline=None, max_examples=25)
settings.register_profile("nomercy-ci", deadline=None, max_examples=100)
settings.load_profile("nomercy")


def examples(count: int) -> int:
    """How many examples a property test tries in this run: ``count`` under CI's profile, a quarter of it (never
    under ten, nor more than ``count``) in the everyday run, whose loop should take about a minute. The profile is
    chosen by ``--hypothesis-profile`` before the test modules are imported, so a test's settings read it here."""
    return max(min(count, 10), count * settings.default.max_examples // 100)


def pytest_xdist_auto_num_workers(config: Any) -> int | None:
    """No workers for the browser and site tests (``-n auto`` is in pyproject.toml's addopts): each file starts
    its own JupyterLab or Pyodide and chromium, and two of them at once on two cores only slow each other down."""
    selected = config.option.markexpr or ""
    return 0 if any(m in selected and f"not {m}" not in selected for m in ("browser", "site")) else None


@functools.cache
def collection() -> tuple[Puzzle, ...]:
    """The puzzle collection (``puzzles/``), read once per test run: a dozen test modules need it, and reading
    its YAML files takes a second or more each time (``tests/test_puzzle_collection.py`` reads it itself)."""
    return tuple(load_puzzles())


def option_values() -> dict[str, list[Any]]:
    """Each rule option that changes play, with its values read from the rules.

    The choices an option lists, both sides of a yes/no, and for a number the values the profiles use.
    Left alone: the table's setup and the match's scoring, which do not change play. The mercy limit
    keeps a number: without one, random play on the No Mercy deck runs on past any bound (hands of a
    hundred cards that keep stacking).
    """
    from nomercy.core.rules import OPTIONS, PROFILES as RULE_PROFILES

    values: dict[str, list[Any]] = {}
    for option, info in OPTIONS.items():
        if option in ("deck", "players", "hand_size", "score_target", "knockout_bonus"):
            continue
        if info.choices:
            values[option] = list(info.choices)
        elif info.kind == "bool":
            values[option] = [True, False]
        else:
            used = {getattr(rules, option) for rules in RULE_PROFILES.values()}
            values[option] = sorted((v for v in used if v is not None), key=repr)
    return values


def table(
    *,
    players: Sequence[str] | str = "ABCD",
    turn: str = "A",
    discard: str | list[str] = "red 5",
    hands: dict[str, Any],
    rules: str = "no-mercy",
    variant: dict[str, Any] | None = None,
    draw_pile: list[str] | None = None,
    rest: str = "draw_pile",
    **extra: Any,
) -> GameState:
    """A position built through :class:`Puzzle` (so the deck always adds up).

    ``rest="discard"`` buries every card not placed anywhere under the discard
    pile, so the draw pile holds exactly ``draw_pile`` (for reshuffle tests).
    """
    seats = list(players)
    discard_list = [discard] if isinstance(discard, str) else list(discard)
    if rest == "discard":
        rule_set = ruleset(rules, **(variant or {}))
        left = DECKS[rule_set.deck].counts()
        placed = [Card.parse(c) for c in discard_list + list(draw_pile or [])]
        for value in hands.values():
            cards = value["cards"] if isinstance(value, dict) else value
            placed += [Card.parse(c) for c in cards]
        left.subtract(Counter(placed))
        assert all(n >= 0 for n in left.values()), "position uses too many copies"
        filler = sum(v.get("more", 0) for v in hands.values() if isinstance(v, dict))
        spare = sorted(left.elements())
        buried = spare[: len(spare) - filler]  # the last ``filler`` cards fill the ``more:`` hands
        discard_list = [str(c) for c in buried] + discard_list
    data: dict[str, Any] = {
        "id": "test-position",
        "title": "test position",
        "source": "original",
        "rules": rules,
        "players": seats,
        "turn": turn,
        "discard": discard_list,
        "hands": hands,
        "moves": [],
        "question": "?",
        "answer": {"turn": turn},
    }
    if variant:
        data["variant"] = variant
    if draw_pile is not None:
        data["draw_pile"] = draw_pile
    data.update(extra)
    return Puzzle.from_dict(data).position()


def play(state: GameState, *moves: str) -> tuple[GameState, list]:
    """Apply moves written in notation; return the final state and every event."""
    events: list = []
    for move in moves:
        state, new = apply(state, move)
        events.extend(new)
    return state, events


def kinds(events: Iterable) -> list[str]:
    return [type(e).__name__ for e in events]


def of_kind(events: Iterable, name: str) -> list:
    return [e for e in events if type(e).__name__ == name]


def hand_texts(state: GameState, seat: str) -> list[str]:
    return sorted(str(c) for c in state.hand(seat))


def cards(*texts: str) -> list[Card]:
    return [Card.parse(t) for t in texts]


def deck_size(state: GameState) -> int:
    return DECKS[state.rules.deck].size


def choose(rng: random.Random, moves: Sequence) -> Any:
    """A random legal move that prefers playing (pure random play rarely finishes classic)."""
    plays = [a for a in moves if type(a) is Play]
    if plays and rng.random() < 0.9:
        return rng.choice(plays)
    return rng.choice(moves)


def random_game(profile: str, players: int, seed: int, *, max_moves: int = 5000, **overrides: Any):
    """Play one random game; yield (state, move, next state, events) for every move."""
    rules = ruleset(profile, players="2-20", **overrides)
    yield from random_moves(rules, players, seed, max_moves=max_moves,
                            label=f"{profile} game with {players} players, seed {seed},")


def random_moves(rules: Any, players: int, seed: int, *, max_moves: int, label: str):
    """Yield (state, move, next state, events) along one game of :func:`choose` moves that must end."""
    rng = random.Random(seed)
    steps: list = []
    end = play_out(new_game(rules, players, seed=seed), lambda state: choose(rng, legal_moves(state)),
                   max_moves=max_moves, observe=lambda before, move, events, after: steps.append((before, move, after, events)))
    yield from steps
    if not end.is_over:
        raise AssertionError(f"{label} did not end in {max_moves} moves")


def turn_moves(state: GameState, seat: str) -> list:
    """The legal moves of ``seat`` other than calling UNO and catching (which anyone may do)."""
    from nomercy import CallUno, Catch

    return [a for a in legal_moves(state, seat) if not isinstance(a, (CallUno, Catch))]


def knock_out(state: GameState, seat: str) -> GameState:
    """The same table with ``seat`` knocked out: its hand set aside, as the mercy rule does."""
    index = state.seat(seat)
    fields = {name: getattr(state, name) for name in _STATE_FIELDS}
    hands = list(state.hands)
    fields["set_aside"] = state.set_aside + hands[index]
    hands[index] = ()
    fields["hands"] = tuple(hands)
    fields["out"] = state.out + (index,)
    return GameState(**fields)


def with_fields(state: GameState, **changes: Any) -> GameState:
    fields = {name: getattr(state, name) for name in _STATE_FIELDS}
    fields.update(changes)
    return GameState(**fields)


import nomercy.core.state as _state_module  # noqa: E402

# The state's field names (GameState(**fields) needs all of them).
_STATE_FIELDS = getattr(_state_module, "_FIELDS", None) or tuple(
    name for name in GameState.__slots__ if not name.startswith("_"))


def first_game(profile: str, wanted, players: int = 4, *, tries: int = 3000, **overrides: Any) -> GameState:
    """The first seeded game whose deal satisfies ``wanted(state)`` (robust to changes of the shuffle)."""
    for seed in range(tries):
        state = new_game(ruleset(profile, **overrides), players, seed=seed)
        if wanted(state):
            return state
    raise AssertionError(f"no {profile} deal in {tries} seeds satisfies {wanted}")


@pytest.fixture(autouse=True, scope="session")
def _a_data_folder_of_the_tests_own(tmp_path_factory: pytest.TempPathFactory) -> Any:
    """No test reads or writes the progress of the person who runs the tests: a widget, a command or a process
    started by a test that names no folder of its own uses this empty one (``NOMERCY_DATA_DIR``), never
    ``~/.local/share/nomercy``. Before, a test that opened the trainer as a learner named ``Å`` made that learner
    the owner of the real progress on the machine. A test that needs a folder of its own still sets one."""
    folder = tmp_path_factory.mktemp("nomercy-data")
    before = os.environ.get("NOMERCY_DATA_DIR")
    os.environ["NOMERCY_DATA_DIR"] = str(folder)
    yield folder
    if before is None:
        os.environ.pop("NOMERCY_DATA_DIR", None)
    else:
        os.environ["NOMERCY_DATA_DIR"] = before


def as_from_a_terminal() -> None:
    """In the child before it runs: Ctrl-C acts, as in a command typed at a terminal. A test suite started in the
    background by a shell (``pytest &``) ignores SIGINT, and a child inherits that (Python then never raises
    KeyboardInterrupt), so a Ctrl-C test would test the shell that started the suite, not nomercy."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})  # nor may a test runner's worker block it


def one_clear_line(error: BaseException) -> str:
    """The refusal's words, checked to be the package's own (a NomercyError) in one short line with nothing of
    Python's in it (a traceback, a class name, a repr, None or True): what the hostile tests ask of every refusal."""
    from nomercy.core.errors import NomercyError

    text = str(error)
    assert isinstance(error, NomercyError), repr(error)
    assert "\n" not in text and 0 < len(text) <= 300, text
    for python in ("Traceback", "NoneType", "KeyError", "TypeError", "<class", "object at 0x", "True", "None"):
        assert python not in text, text
    return text


def holds_a_file_in(pid: int, folder: Any) -> bool:
    """Whether the process ``pid`` holds a file open in ``folder``: a write under way, whether its temporary file has
    a name or not (on Linux it has none until the write is done; /proc shows it as ``<folder>/#<n> (deleted)``)."""
    from pathlib import Path

    where = str(Path(folder).resolve()) + os.sep
    try:
        descriptors = list(Path(f"/proc/{pid}/fd").iterdir())
    except OSError:
        return False
    for descriptor in descriptors:
        try:
            if os.readlink(descriptor).startswith(where):
                return True
        except OSError:
            continue
    return False
