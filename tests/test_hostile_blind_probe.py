"""What a blind hostile probe of every way in found still wrong, one kind at a time, each fixed wherever it occurs.

The kinds: a parameter that names a computer player given something that is no player (it failed at the first
move); a count (log lines, moves to play, the hand size a chart marks, the version an intent answers) given
NaN, text, a negative or a huge number; a list of moves given nothing or text; a table's seats named twice;
a clock that answers nonsense and a data folder that is a file (silent, then contradictory); a progress export
whose count or date is no count or date; ``nomercy check`` given an empty path or one file twice; ``nomercy
simulate`` given ``--force`` alone, 5,001 digits of workers, or a rule option set to none (the summary printed
Python's ``None``); ``nomercy puzzle list`` given an empty or unknown filter; an output folder the system
refuses (its wording was the system's); and a run killed with ``kill -9`` (an empty temporary file stayed).
"""

from __future__ import annotations

import json
import math
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from conftest import one_clear_line
from hostile_values import answer, clear

from nomercy.cli import main
from nomercy.core.errors import NomercyError, NotationError, PlayerError
from nomercy.core.moves import parse_move
from nomercy.play.driver import play_out, replay
from nomercy.play.game import Game
from nomercy.play.table import TableSession

ROOT = Path(__file__).resolve().parent.parent

HOSTILE_COVERS = (
    "api:nomercy.play.game.Game(computers)", "api:nomercy.core.moves.parse_move(seats)",
    "api:nomercy.widgets.trainer.Trainer(clock)", "api:nomercy.widgets.trainer.Trainer(data_dir)",
    "api:nomercy.play.driver.play_out(max_moves)", "api:nomercy.play.driver.replay(moves)",
    "api:nomercy.teaching.plots.knockout_odds_figure(limit)", "api:nomercy.play.players.computer_player(value)",
    "file:progress-export", "cli:check", "cli:simulate --force", "cli:simulate --workers", "cli:simulate --records",
    "cli:simulate --set", "cli:puzzle list --dir", "cli:puzzle list --tag", "cli:puzzle list --topic",
    "cli:puzzle generate --out", "cli:puzzle generate --count", "cli:puzzle generate --players",
)

COUNTS = [math.nan, math.inf, "3", -1, 10**30, 2.5, True, None, "\u00b2", b"3"]
"""What a count is given that is no count (None only where a count may not be left out)."""
NOT_PLAYERS = [5, 3.0, True, b"greedy", ["greedy"], {"kind": "greedy"}, object()]


# --- the API ---------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("player", NOT_PLAYERS + ["frob", "", "greedy:depth=2"])
def test_a_computer_player_that_is_no_player_is_refused_when_the_game_is_made(player):
    """``computers={"A": 5}`` was taken, and the first computer move failed with AttributeError."""
    with pytest.raises(PlayerError) as refused:
        Game("no-mercy", ["A", "B"], computers={"A": player})
    said = one_clear_line(refused.value)
    assert "random, greedy, expert" in said


def test_a_player_made_with_make_player_or_a_kind_is_still_a_computer_player():
    from nomercy.play.players import make_player

    game = Game("no-mercy", ["A", "B"], seed=3, computers={"A": "Greedy", 1: make_player("random", seed=1)})
    assert game.play_computers() > 0 and game.state.is_over


@pytest.mark.parametrize("count", [c for c in COUNTS if c is not None])
def test_the_latest_log_lines_take_a_whole_number_in_a_stated_range(count):
    """``latest_lines(-1)`` gave every line but the first, silently; NaN and "3" were refused in Python's words."""
    table = TableSession(players=3, seed=1)
    with pytest.raises(NomercyError) as refused:
        table.latest_lines(count)
    assert "is a whole number from 0 to" in one_clear_line(refused.value)
    assert table.latest_lines(0) == [] and len(table.latest_lines(2)) == 2


@pytest.mark.parametrize("count", [c for c in COUNTS if c is not None])
def test_the_most_moves_to_play_is_a_whole_number_in_a_stated_range(count):
    """``play_computers(max_moves=-1)`` played nothing and said nothing."""
    game = Game("no-mercy", ["A", "B"], seed=1, computers={"A": "greedy", "B": "greedy"})
    for call in (lambda: game.play_computers(max_moves=count), lambda: play_out(game.state, lambda s: None,
                                                                                   max_moves=count)):
        with pytest.raises(NomercyError) as refused:
            call()
        assert "max_moves (the most moves to play) is a whole number from 0 to" in one_clear_line(refused.value)
    assert game.move_count == 0


@pytest.mark.parametrize("limit", [c for c in COUNTS if c is not None] + [0])
def test_the_hand_size_a_chart_marks_is_a_whole_number(limit):
    from nomercy.teaching.plots import knockout_odds_figure

    with pytest.raises(NomercyError) as refused:
        knockout_odds_figure({}, limit=limit)
    one_clear_line(refused.value)


@pytest.mark.parametrize("moves", [None, "A draws", b"A draws", {"A": "draws"}, 5, math.nan])
def test_a_list_of_moves_to_replay_that_is_no_list_is_refused_in_one_line(moves):
    """``Game.replay(None)`` said "'NoneType' object is not iterable"; text was replayed letter by letter."""
    game = Game("no-mercy", ["A", "B"], seed=1)
    for call in (lambda: game.replay(moves), lambda: replay(game.state, moves)):
        with pytest.raises(NomercyError) as refused:
            call()
        assert "the moves to replay is a list" in one_clear_line(refused.value)
    assert game.move_count == 0


@pytest.mark.parametrize("seats", [["A", "A"], ["A", "a"], ["Zo\u00e9", "Zoe\u0301"], ["Stra\u00dfe", "STRASSE"],
                                   "AB", None, [], ["A", 5]])
def test_a_table_whose_seats_are_named_twice_or_are_no_names_reads_no_move(seats):
    """With ``A`` named twice, ``A draws`` was read as the first A's move."""
    with pytest.raises(NotationError) as refused:
        parse_move("A draws", seats)
    one_clear_line(refused.value)


def test_a_clock_that_answers_nonsense_or_fails_is_refused_saying_what_it_answered(tmp_path):
    from nomercy.widgets.trainer import Trainer

    with pytest.raises(NomercyError) as refused:
        Trainer(data_dir=tmp_path, clock=lambda: 5)
    assert one_clear_line(refused.value).endswith("this one answered 5")

    def broken() -> None:
        raise RuntimeError("no time")

    with pytest.raises(NomercyError) as refused:
        Trainer(data_dir=tmp_path, clock=broken)
    assert "this one failed when asked" in one_clear_line(refused.value)


@pytest.mark.parametrize("door", ["Trainer", "LearnPath", "Progress"])
def test_a_data_folder_that_is_a_file_is_refused_at_once(tmp_path, door):
    """``Trainer(data_dir=<a file>)`` was taken in silence; the first save then failed, saying something else."""
    import nomercy.widgets as widgets
    from nomercy.puzzles.progress import Progress

    make = {"Trainer": widgets.Trainer, "LearnPath": widgets.LearnPath, "Progress": Progress}[door]
    file = tmp_path / "progress"
    file.write_text("mine\n", encoding="utf-8")
    with pytest.raises(NomercyError) as refused:
        make(data_dir=file) if door != "Progress" else make(file)
    assert "is a file, not a folder" in one_clear_line(refused.value)
    assert file.read_text(encoding="utf-8") == "mine\n"


@pytest.mark.parametrize("version", ["x", math.nan, -1, True, 10**30, 1.0, [1]])
def test_an_intent_that_answers_no_version_is_refused_and_changes_nothing(version):
    """An ``advance`` whose version was "x" or NaN was taken for a stale one and dropped without a word."""
    table = TableSession(players=3, seed=1, pace=0)
    before = (table.version, table.move_count)
    said = table.handle({"type": "advance", "version": version})
    assert said is not None and clear(said) and "is a whole number from 0 to" in said, said
    assert (table.version, table.move_count) == before


@pytest.mark.parametrize("header", [{"attempts": "x"}, {"attempts": True}, {"attempts": -1}, {"attempts": 1.5},
                                    {"exported": "x"}, {"exported": None}, {"exported": "2026-02-30T10:00:00Z"},
                                    {"exported": 20261201}])
def test_an_export_whose_count_or_date_is_none_is_refused_and_nothing_changes(tmp_path, header):
    from nomercy.puzzles.progress import Progress, ProgressFileError
    from nomercy.puzzles.progress_text import FORMAT, VERSION

    attempt = {"id": "20261201T090000Z-3fa9c1d2-1", "puzzle": "stack-2-4-6", "right": False, "hints": 1,
               "seconds": 42.0, "date": "2026-12-01T09:00:42Z", "topic": "stacking", "level": "easy"}
    text = json.dumps({"format": FORMAT, "version": VERSION, **header}) + "\n" + json.dumps(attempt) + "\n"
    progress = Progress(tmp_path)
    with pytest.raises(ProgressFileError) as refused:
        progress.import_text(text)
    said = one_clear_line(refused.value)
    assert said.endswith("Nothing was changed.") and progress.attempts == ()
    good = json.dumps({"format": FORMAT, "version": VERSION, "attempts": 1, "exported": "2026-12-01T10:00:00Z"})
    assert progress.import_text(good + "\n" + json.dumps(attempt) + "\n") == 1


# --- the command line ----------------------------------------------------------------------------------------------

def _refused(capsys, argv: list[str]) -> str:
    try:
        status = main(argv)
    except SystemExit as stop:  # refused by the parser, before the command runs
        status = stop.code
    assert status == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.splitlines()
    assert len(lines) == 1 and clear(lines[0]) and "Traceback" not in lines[0], captured.err
    return lines[0]


@pytest.mark.parametrize("path", ["", " ", "\t"])
def test_check_refuses_an_empty_path_instead_of_reading_this_folder(capsys, path):
    assert "each path names a puzzle or stage file, or a folder of them" in _refused(capsys, ["check", path])


def test_check_reads_a_file_named_twice_once(capsys, tmp_path):
    """It reported the file as clashing with itself (the same id twice)."""
    file = next((ROOT / "puzzles").rglob("*.yaml"))
    same = tmp_path / "same.yaml"
    same.symlink_to(file)
    assert main(["check", str(file), str(file), str(file.parent / ".." / file.parent.name / file.name),
                 str(same), str(file.parent)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert not any("also used by" in line for line in out)
    assert out[-1] == f"{len(list(file.parent.glob('*.yaml')))} passed, 0 failed"


def test_simulate_refuses_force_without_records_before_any_game(capsys):
    said = _refused(capsys, ["simulate", "--games", "1000000", "--force"])
    assert said == ("nomercy simulate: --force replaces an existing --records FILE: give --records FILE with it, "
                    "or leave --force out")


@pytest.mark.parametrize("workers", ["9" * 5001, "0", "-1", "100000", "\u00b2"])
def test_simulate_names_the_range_of_workers(capsys, workers):
    from nomercy.play.simulate import most_workers

    said = _refused(capsys, ["simulate", "--games", "1", "--workers", workers])
    assert f"--workers is a whole number" in said and "Exceeds the limit" not in said
    if workers.lstrip("-").isascii():  # ("²" passes str.isdigit)
        assert f"from 1 to {most_workers()}" in said


def test_the_simulate_summary_says_a_rule_option_as_it_is_typed(capsys):
    """It printed ``(mercy_limit=None)``: Python's word in a person's output."""
    assert main(["simulate", "--games", "0", "--workers", "1", "--no-progress", "--set", "mercy_limit=none"]) == 0
    first = capsys.readouterr().out.splitlines()[0]
    assert "(mercy_limit=none)" in first and "None" not in first


@pytest.mark.parametrize("argv, said", [
    (["--dir", ""], "--dir is the name of a folder"),
    (["--tag", ""], "--tag names a tag, not nothing: the tags are best-move,"),
    (["--topic", " "], "--topic names a topic, not nothing: the topics are action-cards,"),
    (["--topic", "stackingg"], "--topic 'stackingg' is no topic of these puzzles: the topics are action-cards,"),
    (["--tag", "\u200bbest-move"], "is no tag of these puzzles"),
])
def test_puzzle_list_refuses_an_empty_or_unknown_filter_naming_the_known_ones(capsys, argv, said):
    """Each answered "0 puzzles" (an empty --dir read the usual folder)."""
    assert said in _refused(capsys, ["puzzle", "list", *argv])


@pytest.mark.skipif(not Path("/proc/self").is_dir(), reason="a system with /proc")
def test_an_output_folder_the_system_refuses_is_said_in_the_game_s_words(capsys, tmp_path):
    """``--out /proc/x`` said the system's "No such file or directory", after the options were taken."""
    said = _refused(capsys, ["puzzle", "generate", "--count", "1", "--out", "/proc/nomercy-puzzles"])
    assert said == ("nomercy puzzle: cannot write the puzzles to /proc/nomercy-puzzles: that place does not exist and "
                    "cannot be made there")
    said = _refused(capsys, ["simulate", "--games", "1", "--records", "/proc/nomercy.jsonl"])
    assert "No such file" not in said and "Errno" not in said
    folder = tmp_path / "not" / "yet"
    assert main(["puzzle", "generate", "--count", "1", "--out", str(folder)]) == 0  # a folder to make is made
    assert len(list(folder.glob("*.yaml"))) == 1


# --- files left behind -------------------------------------------------------------------------------------------

_KILLED_WRITE = """
import os, signal, sys
from nomercy.core.files import writing
with writing(sys.argv[1], replace=True, what="the records") as handle:
    handle.write("half a game\\n" * 1000)
    handle.flush()
    os.kill(os.getpid(), signal.SIGKILL)
"""


@pytest.mark.parametrize("old", [False, True], ids=["new file", "file replaced"])
def test_a_write_killed_with_kill_9_leaves_nothing_beside_its_file(tmp_path, old):
    """An empty temporary file stayed beside the records until the next run in that folder."""
    target = tmp_path / "records.jsonl"
    if old:
        target.write_text("the old records\n", encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    for _ in range(5):
        done = subprocess.run([sys.executable, "-c", _KILLED_WRITE, str(target)], env=env, timeout=120)
        assert done.returncode == -signal.SIGKILL
        assert sorted(p.name for p in tmp_path.iterdir()) == (["records.jsonl"] if old else [])
    assert not old or target.read_text(encoding="utf-8") == "the old records\n"


def test_a_records_run_killed_with_kill_9_in_a_loop_leaves_nothing(tmp_path):
    """``nomercy simulate --records`` killed while it writes: no file, no temporary, and the next run writes it."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    argv = [sys.executable, "-m", "nomercy", "simulate", "--games", "100000", "--workers", "1", "--no-progress",
            "--records", "r.jsonl"]
    for _ in range(3):
        run = subprocess.Popen(argv, cwd=tmp_path, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            writing = False
            for _ in range(600):  # until it holds its file open (a guard, not a timing: it opens it at once)
                fds = Path(f"/proc/{run.pid}/fd")
                try:
                    writing = any(str(tmp_path) in os.readlink(fd) for fd in fds.iterdir())
                except OSError:
                    pass
                if writing or run.poll() is not None:
                    break
                time.sleep(0.05)
            assert writing
        finally:
            run.kill()
            run.wait()
        assert list(tmp_path.iterdir()) == []
    assert subprocess.run([*argv[:5], "20", *argv[6:]], cwd=tmp_path, env=env, capture_output=True).returncode == 0
    assert [p.name for p in tmp_path.iterdir()] == ["r.jsonl"]
    assert len((tmp_path / "r.jsonl").read_text(encoding="utf-8").splitlines()) == 20


def test_where_a_file_cannot_be_written_without_a_name_the_next_write_removes_what_a_killed_one_left(tmp_path):
    """Without unnamed files (another system), a killed write's named temporary goes at the next write there."""
    from nomercy.core.files import TEMPORARY_SUFFIX, write_text

    stale = tmp_path / f".records.jsonl.{2**22 + 12345}-abcdef{TEMPORARY_SUFFIX}"  # a process id no system gives
    stale.write_text("half\n", encoding="utf-8")
    write_text(tmp_path / "notes.txt", "whole\n")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.txt"]
