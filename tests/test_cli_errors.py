"""The command line meets every mistake with one line on standard error and a non-zero exit, never a traceback.

Exit statuses: 0 done, 1 a check failed (or some puzzle files could not be read),
2 a mistake in the command, 3 a simulated game broke an invariant, 130 Ctrl-C,
141 the reader of the output went away. Fuzzing the argument lists with
Hypothesis holds the command to that.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tracemalloc
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from conftest import examples
from hypothesis import strategies as st

from nomercy.cli import main
from nomercy.puzzles.puzzle import default_puzzle_dir
from nomercy.play.simulate import simulate

GOOD = default_puzzle_dir() / "stacking" / "stack-2-4-6.yaml"

PUZZLE = """\
id: {id}
title: A small puzzle
source: original
rules: no-mercy
players: [A, B]
turn: A
discard: red 5
hands: {{A: [red 6, blue 1], B: [red 7, blue 2]}}
moves: [A plays red 6]
question: Whose turn is it?
answer: {{turn: B}}
"""


def run(capsys, *argv: str) -> tuple[int, str, str]:
    try:
        code = main(list(argv))
    except SystemExit as exit_:  # an option's own refusal, from the parser (one line, status 2)
        code = int(exit_.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def one_line_each(text: str) -> list[str]:
    lines = [line for line in text.splitlines() if line]
    for line in lines:
        assert "Traceback" not in line and len(line) < 400, line
    return lines


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    (tmp_path / "stack-2-4-6.yaml").write_text(GOOD.read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "latin1.yaml").write_bytes(b"id: latin1\ntitle: caf\xe9\n")
    (tmp_path / "deep.yaml").write_text("id: deep\nanswer: " + "[" * 5000 + "]" * 5000 + "\n", encoding="utf-8")
    return tmp_path


# --- nomercy puzzle ----------------------------------------------------------------------

def test_puzzle_show_and_solve_of_a_good_puzzle_succeed_beside_broken_files(capsys, folder):
    for command in ("show", "solve"):
        code, out, err = run(capsys, "puzzle", command, "stack-2-4-6", "--dir", str(folder))
        assert code == 0 and "stack-2-4-6" in out and err == ""


def test_puzzle_list_lists_what_loads_and_names_each_broken_file(capsys, folder):
    code, out, err = run(capsys, "puzzle", "list", "--dir", str(folder))
    assert code == 1
    assert out.splitlines()[-1] == "1 puzzles"
    lines = one_line_each(err)
    assert any("latin1.yaml: not UTF-8 text (byte 0xe9 on line 2); save the file as UTF-8" in line for line in lines)
    assert any("deep.yaml: not a valid puzzle file: brackets nest 5000 levels deep" in line for line in lines)
    assert lines[-1] == "nomercy puzzle: 2 files could not be read (named above; 'nomercy check' says more)"


def test_puzzle_show_of_a_broken_or_missing_puzzle_says_why(capsys, folder):
    code, _, err = run(capsys, "puzzle", "show", "latin1", "--dir", str(folder))
    assert code == 2 and "not UTF-8 text" in one_line_each(err)[0]
    code, _, err = run(capsys, "puzzle", "solve", "stack", "--dir", str(folder))
    assert code == 2 and one_line_each(err) == [
        f"nomercy puzzle: no puzzle 'stack' in {folder}; did you mean stack-2-4-6?"]
    code, _, err = run(capsys, "puzzle", "list", "--dir", str(folder / "nowhere"))
    assert code == 2 and "no puzzle folder at" in err


def test_puzzle_generate_refuses_a_folder_it_cannot_write_and_a_count_below_one(capsys, tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder", encoding="utf-8")
    code, out, err = run(capsys, "puzzle", "generate", "--count", "1", "--out", str(blocker / "sub"))
    assert code == 2 and one_line_each(err)[0].startswith(f"nomercy puzzle: cannot write the puzzles to {blocker / 'sub'}")
    for count in ("-3", "0"):
        code, out, err = run(capsys, "puzzle", "generate", "--count", count, "--out", str(tmp_path / "out"))
        assert code == 2 and out == "" and "--count is a whole number from 1 to 100, not " in err
    assert not (tmp_path / "out").exists()


# --- nomercy check --------------------------------------------------------------------------

def test_check_of_an_empty_folder_says_there_was_nothing_to_check(capsys, tmp_path):
    code, out, err = run(capsys, "check", str(tmp_path))
    assert code == 1 and out == ""
    assert err == f"nomercy check: no puzzle files (*.yaml) under {tmp_path}: nothing was checked\n"


BROKEN = {
    "not UTF-8": (b"id: x\n\xff\n", "not UTF-8 text (byte 0xff on line 2); save the file as UTF-8"),
    "draw pile a number": ("draw_pile: 7", "draw_pile is a list of cards, like [red 5, wild +6], not 7"),
    "nested too deep": ("hints: " + "[" * 2000 + "]" * 2000, "brackets nest 2000 levels deep"),
    "nested too deep in blocks": ("hints:\n" + "".join(" " * i + "-\n" for i in range(1, 60)),
                                  "lists and mappings nest more than 32 levels deep"),
    "a huge number": ("seed: " + "7" * 5000, "a number of 5000 digits is longer than any puzzle needs"),
    "a key twice": ("turn: B", "the key 'turn' is given twice"),
    "direction a number": ("answer: {direction: 1}", "answer.direction is clockwise or counterclockwise, not 1"),
    "hand size a word": ("answer: {hand_size: {B: eight}}", "answer.hand_size.B is a number (0 or more), not 'eight'"),
    "eliminated one seat": ("answer: {eliminated: A}", "answer.eliminated is a list of seats, like [B]"),
    "seat named true": ("players: [true, B]", "players: true is a yes/no value in YAML, not a seat name"),
    "seat with a space": ("players: [Ann B, C]", "players: a seat name is one word (moves name seats), not 'Ann B'"),
    "billion laughs": (
        "hints: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
        + "".join(f"x{i}: &a{i} [{', '.join(['*a' if i == 0 else f'*a{i - 1}'] * 10)}]\n" for i in range(9)),
        "the file expands to more than 10,000 values"),
    "too big": ("explanation: " + "long " * 5000, "a puzzle file is at most 16 KB; this one is larger"),
}


def puzzle_with(change: str | bytes, pid: str) -> bytes:
    if isinstance(change, bytes):
        return change
    base = PUZZLE.format(id=pid)
    key = change.split(":", 1)[0]
    if key in ("players", "draw_pile", "seed", "hints", "explanation") or change == "turn: B":
        if key == "players":
            base = base.replace("players: [A, B]\n", "")
        return (base + change + "\n").encode()
    if key == "answer":
        return (base.replace("answer: {turn: B}\n", "") + change + "\n").encode()
    raise AssertionError(change)


@pytest.mark.parametrize("name", list(BROKEN))
def test_check_reports_a_broken_file_in_one_line_and_goes_on(capsys, tmp_path, name):
    change, words = BROKEN[name]
    (tmp_path / "broken.yaml").write_bytes(puzzle_with(change, "broken"))
    (tmp_path / "fine.yaml").write_text(PUZZLE.format(id="fine"), encoding="utf-8")
    tracemalloc.start()
    code, out, err = run(capsys, "check", str(tmp_path))
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    lines = one_line_each(out)
    assert code == 1 and err == ""
    assert lines[1] == "fine: ok" and lines[-1] == "1 passed, 1 failed"
    assert lines[0].startswith("broken: ") and words in lines[0], lines[0]
    for python in ("Error:", "codec", "object is not", "Exceeds the limit", "unknown card 'r'"):
        assert python not in lines[0]
    assert peak < 20_000_000, peak  # a broken file is refused before it is blown up in memory


def test_check_accepts_one_card_where_a_list_of_cards_goes(capsys, tmp_path):
    text = PUZZLE.format(id="one-card").replace("moves: [A plays red 6]", "draw_pile: red 5\nmoves: [A plays red 6]")
    (tmp_path / "one-card.yaml").write_text(text, encoding="utf-8")
    assert run(capsys, "check", str(tmp_path))[:2] == (0, "one-card: ok\n1 passed, 0 failed\n")


def test_seats_called_yes_and_no_stay_names(capsys, tmp_path):
    text = (PUZZLE.format(id="yes-no").replace("[A, B]", "[yes, no]").replace("turn: A", "turn: yes")
            .replace("{A: [red 6, blue 1], B: [red 7, blue 2]}", "{yes: [red 6, blue 1], no: [red 7, blue 2]}")
            .replace("A plays red 6", "yes plays red 6").replace("{turn: B}", "{turn: no}"))
    (tmp_path / "yes-no.yaml").write_text(text, encoding="utf-8")
    assert run(capsys, "check", str(tmp_path))[:2] == (0, "yes-no: ok\n1 passed, 0 failed\n")


# --- nomercy simulate -------------------------------------------------------------------------

@pytest.mark.parametrize("bots, words", [
    ("random:foo=1", "a random player takes no options, not foo"),
    ("greedy:depth=3", "a greedy player takes no options, not depth"),
    ("expert:iterations=abc", "the expert's iterations option is a whole number of 1 or more, not 'abc'"),
    ("expert:memory=maybe", "the expert's memory option is on or off (1 or 0), not 'maybe'"),
    ("expert:confidence=-1", "the expert's confidence option is a number of standard errors, 0 or more, not -1"),
    ("expert:confidence=sure", "the expert's confidence option is a number of standard errors, 0 or more, not 'sure'"),
    ("expert:seed=4", "an expert player takes iterations, depth, candidates, max_time, memory, read_stacks, threats, sharp, confidence, not seed"),
    ("clever", "unknown player kind 'clever': choose one of random, greedy, expert"),
    ("random,random,random", "3 players named for 2 seats"),
])
def test_simulate_refuses_players_it_cannot_make(capsys, bots, words):
    code, out, err = run(capsys, "simulate", "--players", "2", "--games", "1", "--workers", "1", "--bots", bots)
    assert code == 2 and out == ""
    assert one_line_each(err) == [f"nomercy simulate: {words}" + ("" if "named for" not in words else
                                                                 ": name one kind for all or one per seat")]


@pytest.mark.parametrize("argv, words", [
    (["--games", "-1"], "--games is a whole number from 0 to 1000000000000000, not -1"),
    (["--workers", "0"], "--workers is a whole number from 1 to"),
    (["--players", "9"], "no-mercy is for 2 to 6 players, not 9"),
    (["--set", "mercy_limit=5"], "mercy_limit 5 is not above hand_size 7"),
    (["--set", "hand_size=83", "--set", "mercy_limit=none", "--players", "3"],
     "3 hands of 83 do not fit in a 168-card deck"),
])
def test_simulate_refuses_settings_it_cannot_play(capsys, argv, words):
    base = [word for option, value in (("--games", "2"), ("--workers", "1")) if option not in argv
            for word in (option, value)]
    code, out, err = run(capsys, "simulate", *base, *argv)
    assert code == 2 and out == "" and words in one_line_each(err)[0]


def test_records_that_cannot_be_written_stop_the_run_before_it_starts(capsys, tmp_path):
    code, out, err = run(capsys, "simulate", "--games", "100000", "--workers", "1",
                         "--records", str(tmp_path / "no-such-folder" / "run.jsonl"))
    assert code == 2 and out == ""
    assert one_line_each(err) == [f"nomercy simulate: cannot write the records to {tmp_path}/no-such-folder/run.jsonl: "
                                  f"its folder {tmp_path}/no-such-folder does not exist"]


def test_a_run_that_stops_leaves_no_records_file(capsys, tmp_path):
    path = tmp_path / "run.jsonl"
    code, out, err = run(capsys, "simulate", "--games", "2", "--workers", "1", "--first-game", "-2",
                         "--records", str(path))
    assert code == 2 and one_line_each(err) == [
        "nomercy simulate: --first-game is a whole number from 0 to 1000000000000000, not -2 "
        "('nomercy simulate --help' lists what is allowed)"]
    assert not path.exists()


def test_a_deal_that_cannot_be_made_names_the_game():
    from nomercy import RulesError, ruleset
    from nomercy.play.simulate import BotSpec, play_game

    rules = ruleset("no-mercy", hand_size=83, mercy_limit=None)
    with pytest.raises(RulesError, match=r"^game 7 \(seed 165\) cannot be dealt: the 2 cards left after the deal"):
        play_game(rules, (BotSpec("random"),) * 2, 165, index=7)


def test_a_run_of_a_hundred_billion_games_starts_at_once():
    seen = []

    class Enough(Exception):
        pass

    def stop(done: int) -> None:
        seen.append(done)
        raise Enough

    tracemalloc.start()
    with pytest.raises(Enough):
        simulate("no-mercy", players=2, games=100_000_000_000, workers=1, on_game=stop, progress=False)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert seen == [200] and peak < 20_000_000


def test_output_cut_short_by_a_closed_pipe_ends_quietly():
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    command = [sys.executable, "-m", "nomercy", "check", str(default_puzzle_dir())]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    process.stdout.close()  # the reader goes away at once, as `| head -0` would
    err = process.stderr.read().decode()
    process.stderr.close()
    assert process.wait(timeout=120) == 141
    assert err == ""


# --- fuzzing the command line ----------------------------------------------------------------------

WORDS = st.sampled_from([
    "check", "simulate", "puzzle", "list", "show", "solve", "--dir", "--rules", "--set", "--players",
    "--bots", "--games", "--seed", "--workers", "--topic", "--level", "--json", "--rotate",
    "--no-progress", "no-mercy", "classic", "open-mercy", "nomercy", "random", "greedy", "expert:iterations=abc",
    "random:foo=1", "greedy:depth=3", "stacking=sideways", "mercy_limit=5", "hand_size=83", "players=2-10",
    "hand_size=x", "=", "-1", "0", "1", "2", "3", "1e3", "99999999999999999999", "stack-2-4-6", "latin1", "easy",
    "nope", "/proc/nope", "/nonexistent", " ", "\x00", "é", "--help-me",
])


def short(argv: list[str], folder: Path) -> list[str]:
    """The same command, kept short: one game on this process, the small puzzle folder."""
    argv = [("1" if previous in ("--games", "--workers") else word) for previous, word in zip([""] + argv, argv)]
    if "simulate" in argv:
        for option in ("--games", "--workers"):
            if option not in argv:
                argv += [option, "1"]
    if "puzzle" in argv:
        argv = [str(folder) if previous == "--dir" else word for previous, word in zip([""] + argv, argv)]
        if "--dir" not in argv:
            argv += ["--dir", str(folder)]
    return argv


@settings(max_examples=examples(120), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(WORDS, max_size=7))
def test_any_command_line_ends_in_an_exit_status_never_a_traceback(capsys, folder, argv):
    argv = short(argv, folder)
    try:
        code = main(argv)
    except SystemExit as exit_:  # argparse's own refusal: usage and one line, status 2
        code = exit_.code
    out, err = capsys.readouterr()
    assert code in (0, 1, 2, 3), (argv, code)
    assert "Traceback" not in err and "Traceback" not in out


def test_the_commands_named_before_the_parser_loads_are_the_parsers_own() -> None:
    """A Ctrl-C while the parser loads names the command typed, from a list of the commands: the parser's own."""
    import argparse

    from nomercy.cli import COMMANDS, build_parser

    choices = next(a.choices for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction))
    assert tuple(choices) == COMMANDS


def test_the_package_loads_nothing_until_a_name_is_used_and_every_name_it_lists_is_there() -> None:
    """``import nomercy`` is light (the command starts at once: a Ctrl-C never lands in an import), and each
    name of ``nomercy.__all__`` loads from its module on first use."""
    code = ("import sys, nomercy; print(sorted(m for m in sys.modules if m.startswith('nomercy.')));"
            "print(len([getattr(nomercy, n) for n in nomercy.__all__]), sorted(nomercy.__all__) == sorted(nomercy._WHERE))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                          env={**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parent.parent)})
    loaded, listed = done.stdout.splitlines()
    assert loaded == "[]"
    assert listed == f"{len(__import__('nomercy').__all__)} True"
