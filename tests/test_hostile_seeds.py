"""One range of seeds everywhere a seed comes in: 0 to 2**63 - 1, the range the docs and ``--help`` state.

A seed is typed (``nomercy play --seed``, ``nomercy simulate --seed``, ``nomercy puzzle generate --seed``), given to
the API (``TableSession``, ``Game``, ``new_game``, ``simulate``), or read from a file nomercy wrote (a save, a
game record, a puzzle). The API and the saves once took seeds up to 2**64 - 1 where ``--seed`` stopped at
2**63 - 1: a round dealt from seed 2**63 through the API was saved, and ``--seed`` could not deal it again.
Now 2**63 - 1 is taken at every door, and 2**63 is refused at every door in one line that names the range.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import examples
from hostile_values import PYTHON_WORDS
from nomercy.core.errors import NomercyError
from nomercy.core.inputs import MAX_SEED

HOSTILE_COVERS = ("cli:play --seed", "cli:simulate --seed", "cli:puzzle generate --seed",
                  "api:nomercy.play.table.TableSession(seed)", "api:nomercy.play.game.Game(seed)",
                  "api:nomercy.core.engine.new_game(seed)", "api:nomercy.play.simulate.simulate(seed)",
                  "api:nomercy.play.record.GameRecord(seed)", "file:save", "file:record", "file:puzzle")

ROOT = Path(__file__).resolve().parent.parent
RANGE = "from 0 to 9223372036854775807"


def test_the_range_is_the_one_the_docs_and_the_help_state() -> None:
    from nomercy.cli import build_parser
    from nomercy.core import seeds
    from nomercy.play import simulate
    from nomercy.puzzles.commands import MAX_CLI_SEED

    assert MAX_SEED == seeds.MAX_SEED == simulate.MAX_SEED == MAX_CLI_SEED == 2**63 - 1
    assert "whole number from 0 to 2**63 - 1" in (ROOT / "docs" / "simulation.md").read_text(encoding="utf-8")
    helps = [action.help for sub in build_parser()._subparsers._group_actions[0].choices.values()
             for action in sub._actions if "--seed" in action.option_strings]
    assert helps and all("0 to 2**63 - 1" in text for text in helps), helps
    schema = json.loads((ROOT / "nomercy" / "puzzles" / "puzzle.schema.json").read_text(encoding="utf-8"))
    assert schema["properties"]["seed"]["maximum"] == MAX_SEED


def _api_doors():
    from nomercy import new_game
    from nomercy.play.game import Game
    from nomercy.play.record import GameRecord
    from nomercy.play.simulate import simulate
    from nomercy.play.table import TableSession

    return {
        "TableSession": lambda seed: TableSession("no-mercy", ["human", "greedy"], seed=seed),
        "Game": lambda seed: Game("no-mercy", ["Ann", "Bo"], seed=seed),
        "new_game": lambda seed: new_game("no-mercy", 2, seed=seed),
        "GameRecord": lambda seed: GameRecord("no-mercy", ("Ann", "Bo"), seed, ()),
        "simulate": lambda seed: simulate("no-mercy", games=1, seed=seed, progress=False),
        "save": lambda seed: _read_save(seed),
    }


def _read_save(seed: int):
    from nomercy.play.game import Game
    from nomercy.play.record import GameRecord

    data = json.loads(Game("no-mercy", ["Ann", "Bo"], seed=3).record().to_json())
    data["seed"] = seed
    return GameRecord.from_json(json.dumps(data))


@pytest.mark.parametrize("door", list(_api_doors()))
def test_the_largest_seed_is_taken_and_the_next_refused_at_every_door_of_the_api(door: str) -> None:
    make = _api_doors()[door]
    make(MAX_SEED)
    for seed in (MAX_SEED + 1, 2**64 - 1, 2**64):
        with pytest.raises(NomercyError) as refused:
            make(seed)
        said = str(refused.value)
        assert RANGE in said and "\n" not in said, said
        assert not any(words in said for words in PYTHON_WORDS if words not in ("None", "True", "False")), said


@settings(max_examples=examples(60), deadline=None)
@given(seed=st.one_of(st.integers(MAX_SEED - 3, MAX_SEED + 3), st.integers(0, 2**70), st.integers(-10, 10)))
def test_any_whole_number_is_a_seed_exactly_when_it_is_in_the_one_range(seed: int) -> None:
    """The API and a save agree about every number: both take it, or both refuse it naming the range."""
    doors = _api_doors()
    verdicts = []
    for door in ("Game", "save"):
        try:
            doors[door](seed)
            verdicts.append(True)
        except NomercyError as error:
            assert RANGE in str(error)
            verdicts.append(False)
    assert verdicts == [0 <= seed <= MAX_SEED] * 2


@pytest.mark.parametrize("command", [["play"], ["simulate", "--games", "1", "--no-progress"],
                                     ["puzzle", "generate", "--count", "1"]])
def test_the_commands_take_the_same_range(command: list[str], tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "nomercy", *command, "--seed", str(MAX_SEED + 1)],
                          capture_output=True, text=True, cwd=tmp_path, timeout=300, stdin=subprocess.DEVNULL,
                          env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    assert done.returncode == 2 and done.stdout == ""
    assert len(done.stderr.splitlines()) == 1 and "9223372036854775807" in done.stderr, done.stderr
    assert list(tmp_path.iterdir()) == []


def test_a_puzzle_with_a_seed_beyond_the_range_is_refused_in_one_line(tmp_path: Path) -> None:
    from nomercy.puzzles.puzzle import load_puzzle

    original = ROOT / "puzzles" / "stacking" / "stack-2-4-6.yaml"
    lines = [line for line in original.read_text(encoding="utf-8").splitlines() if not line.startswith("seed:")]
    copy = tmp_path / original.name
    copy.write_text("\n".join(lines + [f"seed: {MAX_SEED + 1}"]) + "\n", encoding="utf-8")
    with pytest.raises(NomercyError) as refused:
        load_puzzle(copy)
    assert f"seed is a whole number from 0 to {MAX_SEED}" in str(refused.value) and "\n" not in str(refused.value)
    copy.write_text("\n".join(lines + [f"seed: {MAX_SEED}"]) + "\n", encoding="utf-8")
    assert load_puzzle(copy).seed == MAX_SEED
