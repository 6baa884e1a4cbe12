"""The tenth blind probe's tries, each a kind fixed everywhere it occurs, tried again as the probe tried it.

- Text nested deeper than any file of ours (``'[' * 100000`` pasted into Train's Import, ``'{"a":' * 50000`` into
  Play's Load record) ended the page's Python in the browser: Pyodide's stack ran out inside the JSON parser before
  Python's recursion limit. The depth is now checked before any parse, wherever JSON comes in from outside.
- A ``learner.json`` that names nobody (empty, broken, a name that is none) gave the learner it had named a new,
  empty folder: her attempts were still on disk, and nobody saw them. It is kept aside and said, and the learner
  keeps the progress kept there.
- Output that cannot be written (``> /dev/full``, ``>&-``) ended in a traceback, or in status 0 with the output lost.
- ``next_move`` with a players mapping of the wrong kind: a traceback, or nothing without a word.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from hostile_values import clear
from nomercy import NomercyError, new_game
from nomercy.core.errors import PlayerError
from nomercy.play.players import make_player, next_move
from nomercy.play.record import GameRecord
from nomercy.puzzles.progress import Progress, ProgressFileError

ROOT = Path(__file__).resolve().parent.parent
HOSTILE_COVERS = ("api:nomercy.play.players.next_move(players)", "file:progress-export", "file:record",
                  "file:learner")

DEEP = ["[" * 100_000, '{"a":' * 50_000, "[" * 101 + "]" * 101, '{"format": "nomercy-progress", "version": 1, '
        '"attempts": ' + "[" * 5000 + "]" * 5000 + "}"]


@pytest.fixture
def no_parser(monkeypatch: pytest.MonkeyPatch) -> None:
    """The JSON parser, which a text nested this deep must never reach (it ran out of stack in the browser)."""
    import json as json_module

    real = json_module.loads

    def loads(text: Any, *args: Any, **kwargs: Any) -> Any:
        assert not (isinstance(text, str) and text.count("[") + text.count("{") > 100
                    and not __import__("nomercy.core.inputs", fromlist=["x"]).shallow_json(text)), "parsed"
        return real(text, *args, **kwargs)

    monkeypatch.setattr(json_module, "loads", loads)


@pytest.mark.parametrize("text", DEEP, ids=["lists", "objects", "101-levels", "first-format"])
def test_text_nested_too_deep_is_refused_before_it_is_parsed(text: str, tmp_path: Path, no_parser: None) -> None:
    progress = Progress(tmp_path, clock=lambda: __import__("datetime").datetime.now(__import__("datetime").timezone.utc))
    with pytest.raises(ProgressFileError) as refused:
        progress.import_text(text)
    assert "nested deeper than any progress file" in str(refused.value) and clear(str(refused.value))
    with pytest.raises(NomercyError) as refused:
        GameRecord.from_json(text if text.startswith("{") else "{" + text)
    assert "nested too deeply" in str(refused.value) and clear(str(refused.value)), str(refused.value)
    assert progress.attempts == ()


def test_a_kept_puzzle_line_nested_too_deep_is_refused_before_it_is_parsed(tmp_path: Path, no_parser: None) -> None:
    from nomercy.puzzles.kept import KEPT_LINE_KEY, split_export

    with pytest.raises(NomercyError, match="cut short or broken, so nothing was imported"):
        split_export('{"format": "nomercy-progress", "version": 2}\n{"' + KEPT_LINE_KEY + '": ' + "[" * 100_000)


def test_a_name_file_nested_too_deep_names_nobody(tmp_path: Path, no_parser: None) -> None:
    from nomercy.puzzles.learners import read_name

    (tmp_path / "learner.json").write_text("[" * 4000, encoding="utf-8")
    assert read_name(tmp_path / "learner.json") is None


# --- a learner.json that names nobody --------------------------------------------------------------------------

@pytest.mark.parametrize("broken", ['{"name": 5}', "", "[", '{"format": "nomercy-learner", "name": "\u3164"}',
                                    "FOLDER", "\x00\xff"])
def test_a_name_file_that_names_nobody_is_kept_aside_and_the_learner_keeps_her_progress(tmp_path: Path,
                                                                                          broken: str) -> None:
    """Probe 10: ``learner.json`` written as ``{"name": 5}`` (or emptied): Ann's 4 attempts were not seen any more
    and the Learn path started again at its first stage."""
    pytest.importorskip("anywidget")
    from nomercy.widgets import LearnPath, Trainer

    trainer = Trainer(data_dir=tmp_path, learner="Ann")
    trainer.progress.record("stack-2-4-6", right=True)
    trainer.progress.record("skip-it", right=False)
    path = LearnPath(data_dir=tmp_path)
    stage_before = path.stage["id"]
    (tmp_path / "learner.json").unlink()
    if broken == "FOLDER":
        (tmp_path / "learner.json").mkdir()
    else:
        (tmp_path / "learner.json").write_bytes(broken.encode("utf-8", "surrogateescape"))
    old = __import__("time").time() - 60  # broken a while ago: a file made a moment ago is another window's, being written
    os.utime(tmp_path / "learner.json", (old, old))
    again = Trainer(data_dir=tmp_path)
    assert again.learner == "Ann" and len(again.progress.attempts) == 2
    problem = again.status["problem"]
    assert "could not be read (it names no learner); it was kept as learner.json.unreadable-" in problem, problem
    assert "the progress kept here is Ann's" in problem
    aside = [p for p in tmp_path.iterdir() if p.name.startswith("learner.json.unreadable-")]
    assert len(aside) == 1, "kept, never deleted"
    fresh = tmp_path / "fresh"  # a name file made this moment and not yet written: another window's, left alone
    Trainer(data_dir=fresh, learner="Bo").progress.record("stack-2-4-6", right=True)
    (fresh / "learner.json").write_text("", encoding="utf-8")
    assert Trainer(data_dir=fresh).status["problem"] == "" and (fresh / "learner.json").exists()
    assert not (tmp_path / "learners").exists() or not any((tmp_path / "learners").iterdir()), "no new, empty Ann"
    assert LearnPath(data_dir=tmp_path).stage["id"] == stage_before
    assert len(Progress(tmp_path, learner="Ann").attempts) == 2


# --- output that cannot be written ---------------------------------------------------------------------------

def nomercy(*argv: str, stdout: Any) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "NOMERCY_DATA_DIR": str(ROOT / ".no-such-data")}
    return subprocess.run([sys.executable, "-m", "nomercy", *argv], stdout=stdout, stderr=subprocess.PIPE,
                          stdin=subprocess.DEVNULL, text=True, timeout=120, env=env, cwd=ROOT)


COMMANDS = [["play"], ["puzzle", "list"], ["puzzle", "show", "stack-2-4-6"], ["check", "puzzles/stacking"],
            ["simulate", "--games", "2", "--workers", "1"], ["--version"], ["play", "--help"]]


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full here")
@pytest.mark.parametrize("argv", COMMANDS, ids=" ".join)
def test_output_to_a_full_disk_is_one_line_and_a_failure(argv: list[str]) -> None:
    with open("/dev/full", "w") as full:
        done = nomercy(*argv, stdout=full)
    assert done.returncode == 1, done
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("nomercy") and lines[0].endswith(
        "cannot write its output: the disk is full"), done.stderr


@pytest.mark.parametrize("argv", COMMANDS[:5], ids=" ".join)
def test_a_closed_output_is_one_line_and_nothing_is_done(argv: list[str], tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "nomercy", *argv], stdout=None, stderr=subprocess.PIPE, text=True,
                          stdin=subprocess.DEVNULL, timeout=120, cwd=ROOT, close_fds=True,
                          env={**os.environ, "PYTHONPATH": str(ROOT), "NOMERCY_DATA_DIR": str(tmp_path)},
                          preexec_fn=lambda: os.close(1))
    assert done.returncode == 1, done
    assert done.stderr.strip().endswith("cannot write its output: the standard output is closed; nothing was done"), \
        done.stderr
    assert not any(tmp_path.iterdir()), "nothing was done"


# --- next_move's players ------------------------------------------------------------------------------------

@pytest.mark.parametrize("players, said", [
    ({0: "greedy"}, "the player of seat 0 is a computer player, like make_player('greedy'); not 'greedy'"),
    ({"A": "PLAYER"}, "computer players are given by seat number, 0 to 1 here"),
    ({5: "PLAYER"}, "computer players are given by seat number, 0 to 1 here, like {1: make_player('greedy')}; not 5"),
    ({-1: "PLAYER"}, "not -1"),
    ({True: "PLAYER"}, "not yes"),
    ({0: None}, "the player of seat 0 is a computer player"),
])
def test_next_move_with_players_of_the_wrong_kind_says_what_it_takes(players: dict[Any, Any], said: str) -> None:
    state = new_game("no-mercy", ["A", "B"], seed=1)
    players = {seat: make_player("greedy", seed=1) if player == "PLAYER" else player for seat, player in players.items()}
    with pytest.raises(PlayerError) as refused:
        next_move(state, players)
    assert said in str(refused.value) and clear(str(refused.value)), str(refused.value)
    assert next_move(state, {0: make_player("greedy", seed=1)}) is not None, "the right mapping still plays"


# --- the unclear and the silent ------------------------------------------------------------------------------

def test_under_refuses_options_the_dealt_position_cannot_have() -> None:
    """``under(g, deck="classic")`` kept 168 No Mercy cards under classic rules; ``players=(2, 2)`` seated three."""
    from nomercy.teaching.lessons import under

    state = new_game("no-mercy", ["A", "B", "C"], seed=1)
    with pytest.raises(NomercyError, match="the deck is chosen when the cards are dealt"):
        under(state, deck="classic")
    with pytest.raises(NomercyError, match="players=2-2 does not seat the 3 players of this position"):
        under(state, players=(2, 2))
    assert under(state, stacking="none").rules.stacking == "none"


def test_a_run_of_no_games_says_there_is_nothing_to_summarize() -> None:
    done = nomercy("simulate", "--games", "0", stdout=subprocess.PIPE)
    assert done.returncode == 0 and done.stdout.splitlines()[-1] == "0 games: nothing to summarize", done.stdout
    assert "0.0%" not in done.stdout
    data = json.loads(nomercy("simulate", "--games", "0", "--json", stdout=subprocess.PIPE).stdout)
    assert all(row["rate"] is None for row in data["wins"]["by_seat"].values())


@pytest.mark.parametrize("text", ["\u3164", "\u2800", "red \u3164", "\u200b"])
def test_a_card_or_a_line_of_invisible_characters_is_said_to_be_one(text: str) -> None:
    """``Card.parse("\\u3164")`` said "unknown card 'ㅤ': 'ㅤ' is not a color"; the ``Player>`` prompt the same."""
    from nomercy.core.cards import Card
    from nomercy.core.typed_text import TypedTextError, line

    with pytest.raises(NomercyError, match="holds characters that cannot be seen"):
        Card.parse(text)
    with pytest.raises(TypedTextError, match="holds characters that cannot be seen or printed"):
        line(text)


@pytest.mark.parametrize("argv, said", [
    (["play", "--see", "3"], "nomercy play: unrecognized arguments: --see 3 (did you mean --seed?) ('nomercy play "
                             "--help' lists what is allowed)"),
    (["play", "extra"], "nomercy play: unrecognized arguments: extra ('nomercy play --help'"),
    (["simulate", "--game", "3"], "nomercy simulate: unrecognized arguments: --game 3 (did you mean --games?)"),
    (["puzzle", "list", "--topc", "x"], "nomercy puzzle list: unrecognized arguments: --topc x (did you mean --topic?)"),
])
def test_an_option_a_command_does_not_take_is_refused_by_that_command(argv: list[str], said: str) -> None:
    """The line named ``nomercy`` and sent the person to the top-level help, which does not list play's options."""
    done = nomercy(*argv, stdout=subprocess.PIPE)
    assert done.returncode == 2 and done.stdout == "" and done.stderr.startswith(said), done.stderr


def test_a_script_names_the_option_it_does_not_take_and_a_notebook_that_is_not_there() -> None:
    def script(*argv: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, str(ROOT / "scripts" / "notebook_text.py"), *argv], text=True,
                              capture_output=True, timeout=60, cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)})

    done = script("--bogus")
    assert done.returncode == 2 and "unrecognized arguments: --bogus" in done.stderr, done.stderr
    done = script("notebooks/nope.ipynb")
    assert done.returncode == 2 and "notebooks/nope.ipynb does not exist" in done.stderr, done.stderr


@pytest.mark.parametrize("intent, said", [
    ({"type": "move", "move": "x" * 100_000}, "a move is one short line, like 'Player plays red 7': at most 200 "
                                              "characters; this one has 100,000"),
    ({"type": "card", "index": 0}, "the card intent takes card (and a version); not 'index'"),
    ({"type": "card"}, 'a card intent names its card as text, like {"type": "card", "card": "red 7"}'),
    ({"type": "card", "card": "red 7", "extra": 1}, "the card intent takes card (and a version); not 'extra'"),
    ({"type": "undo", "what": "all"}, "the undo intent takes nothing but a version; not 'what'"),
])
def test_an_intent_is_checked_whole_and_its_refusal_says_which_part(intent: dict[str, Any], said: str) -> None:
    from nomercy.play.table import TableSession

    table = TableSession("no-mercy", ["human", "greedy"], seed=1)
    before = table.record()
    assert table.handle(intent) == said
    assert table.record() == before


def test_a_stage_or_an_option_that_is_none_is_named_with_what_there_is(tmp_path: Path) -> None:
    pytest.importorskip("anywidget")
    from nomercy.puzzles.puzzle import load_puzzles
    from nomercy.widgets import LearnPath, PuzzleBoard, Trainer

    path = LearnPath(data_dir=tmp_path)
    for stage in ("nope", "STOP-THE-PLUS-TWO", "stop-the-plus-two\u200b"):
        with pytest.raises(NomercyError) as refused:
            path.goto(stage)
        assert str(refused.value).startswith(f"'{stage[:17]}") and "is not a stage of the path: choose one by its " \
            "name, from match-the-color to" in str(refused.value), str(refused.value)
    french = LearnPath(data_dir=tmp_path, lang="fr")
    french.send_intent({"type": "goto", "stage": "nope"})
    assert french.error.startswith("'nope' n'est pas une étape du parcours"), french.error
    board = PuzzleBoard([p for p in load_puzzles(ROOT / "puzzles") if p.puzzle_kind.options(p)][:1])
    last = len(board.current.puzzle_kind.options(board.current)) - 1
    assert board.send_intent({"type": "choice", "index": -1}) == f"There is no option -1 here: choose one from 0 to {last}."
    assert board.send_intent({"type": "choice", "index": 10**5000}) == \
        f"There is no option that far: choose one from 0 to {last}."
    trainer = Trainer(data_dir=tmp_path / "t")
    if not trainer.current.puzzle_kind.options(trainer.current):
        assert trainer.send_intent({"type": "choice", "index": -1}) == \
            "This puzzle has no options to choose from: answer it as it asks."


def test_a_puzzle_line_with_a_no_break_space_says_so(tmp_path: Path) -> None:
    """``turn:\\u00a0A`` gave only YAML's "could not find expected ':'"."""
    from nomercy.puzzles.puzzle import load_puzzle

    text = (ROOT / "puzzles" / "stacking" / "stack-2-4-6.yaml").read_text(encoding="utf-8")
    broken = tmp_path / "stack-2-4-6.yaml"
    broken.write_text(text.replace("\nturn: ", "\nturn:\u00a0", 1), encoding="utf-8")
    with pytest.raises(NomercyError) as refused:
        load_puzzle(broken)
    assert "holds the character no-break space (U+00A0), which looks like a space or nothing: type a plain space" \
        in str(refused.value), str(refused.value)

