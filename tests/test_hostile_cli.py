"""The command line against a hostile user: every value checked before anything runs, and no file ever lost.

Values: Hypothesis writes every numeric option as any text (floats, words, huge and negative numbers, other
digits, spaces), player lists and rule settings of any shape. Each command ends with status 0 only for a
value the option allows, else status 2 and one line on standard error in the game's words; never a
traceback, and never a touched records file.

Files: ``--records`` is written to a temporary file beside the target and renamed at the end, so a run that
is refused, fails, is interrupted or is killed (``kill -9``) leaves an existing file as it was and no new
one; the temporary files of killed runs are removed at the next start. Two runs writing the same target
leave one whole run's records. A folder, a named pipe or a read-only folder is refused in one line.
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from conftest import examples, holds_a_file_in
from hypothesis import strategies as st

from nomercy.cli import main
from nomercy.core.files import TEMPORARY_SUFFIX
from nomercy.play.simulate import MAX_GAMES, MAX_SEED

HOSTILE_COVERS = (
    "cli:simulate --bots", "cli:simulate --check-every-move", "cli:simulate --first-game", "cli:simulate --force",
    "cli:simulate --games", "cli:simulate --json", "cli:simulate --no-progress", "cli:simulate --players",
    "cli:simulate --records", "cli:simulate --rotate", "cli:simulate --rules", "cli:simulate --seed",
    "cli:simulate --set", "cli:simulate --workers", "cli:puzzle generate --count", "cli:puzzle generate --force",
    "cli:puzzle generate --out", "cli:puzzle generate --players", "cli:puzzle generate --rules",
    "cli:puzzle generate --seed", "cli:puzzle generate --set", "cli:puzzle list --dir", "cli:puzzle list --kind",
    "cli:puzzle list --level", "cli:puzzle list --tag", "cli:puzzle list --topic", "cli:check", "file:records-jsonl",
)

ROOT = Path(__file__).resolve().parent.parent
OLD = "the user's own lines, kept from an earlier run\n"
PYTHON_WORDS = ("Traceback", "Error:", "object is not", "NoneType", "invalid literal", "has no attribute",
                "not subscriptable", "unhashable", "positional argument", "usage:")


def run(capsys: Any, *argv: str) -> tuple[int, str, str]:
    try:
        code = main(list(argv))
    except SystemExit as exit_:  # argparse's refusal (one line, status 2) or --help
        code = int(exit_.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def one_clear_line(err: str, command: str) -> str:
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert re.match(rf"nomercy( {command}( \w+)?)?: ", lines[0]), lines[0]
    assert not any(word in lines[0] for word in PYTHON_WORDS), lines[0]
    return lines[0]


def leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(TEMPORARY_SUFFIX))


def records_of(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def nomercy(*argv: str, **popen: Any) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONHASHSEED": "0"}
    return subprocess.Popen([sys.executable, "-m", "nomercy", *argv], env=env, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, **popen)


# --- values ---------------------------------------------------------------------------------------

NUMBER_TEXTS = st.one_of(
    st.integers(-10**25, 10**25).map(str),
    st.floats(allow_nan=True, allow_infinity=True).map(repr),
    st.sampled_from(["", " ", "true", "false", "none", "1e3", "0x10", "1_000", "٣", "７", "+3", "-0", " 7", "7 ",
                     "3.7", "2.0", "nan", "-inf", "1/2", "seven", "\x00", "9" * 40, str(MAX_SEED + 1), str(MAX_GAMES + 1)]),
    st.text(max_size=6),
)
RANGES = {"--seed": (0, MAX_SEED), "--games": (0, MAX_GAMES), "--players": (2, 6), "--workers": (1, 64),
          "--first-game": (0, MAX_GAMES)}
CHEAP = {"--games": 3, "--workers": 1}  # an accepted value above these would only make the test slow


def allowed(option: str, text: str) -> bool:
    """Does ``option`` allow ``text``: a whole number written in digits, within its range?"""
    if not re.fullmatch(r"\s*[+-]?[0-9]{1,30}\s*", text):
        return False
    low, high = RANGES[option]
    return low <= int(text) <= high and (option != "--workers" or int(text) <= max(64, 4 * (os.cpu_count() or 1)))


@settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(option=st.sampled_from(sorted(RANGES)), text=NUMBER_TEXTS)
def test_a_numeric_option_takes_a_whole_number_in_its_range_and_refuses_anything_else(capsys, tmp_path, option, text):
    assume(not (allowed(option, text) and option in CHEAP and int(text) > CHEAP[option]))
    target = tmp_path / "kept.jsonl"
    target.write_text(OLD, encoding="utf-8")
    argv = {"--games": "1", "--workers": "1", "--players": "2", "--no-progress": None, "--records": str(target)}
    argv[option] = text
    code, out, err = run(capsys, "simulate", *[w for k, v in argv.items() for w in ((k,) if v is None else (k, v))])
    if allowed(option, text):
        assert (code, err) == (2, f"nomercy simulate: {target} already exists: give another name, or replace it on "
                                  "purpose (--force)\n"), (option, text, err)
    else:
        assert code == 2, (option, text, out)
        one_clear_line(err, "simulate")
    assert target.read_text(encoding="utf-8") == OLD and leftovers(tmp_path) == []


BOT_TEXTS = st.one_of(
    st.sampled_from(["random", "greedy", "expert:iterations=3", "Greedy", "random,greedy", "random,,greedy",
                     "expert:iterations=-1", "expert:iterations=1e9", "expert:depth=abc", "expert:nope=1", "greedy:x",
                     ":", ",", "", "expert:max_time=nan", "expert:iterations=99999999999999999999", "random:seed=1"]),
    st.text(st.sampled_from(list("randomgeyxpt:=,1-. ")), max_size=20),
)
SETTINGS = st.one_of(
    st.sampled_from(["stacking=none", "stacking=sideways", "mercy_limit=none", "mercy_limit=1", "mercy_limit=nan",
                     "hand_size=0", "hand_size=1e3", "hand_size=99999999999999999999", "players=2-10", "players=10-2",
                     "players=x", "deck=classic", "deck=nope", "zero_pass=maybe", "uno_penalty=-1", "=", "x", "x=",
                     "score_target=inf", "jump_in=on", "draw=one"]),
    st.tuples(st.text(max_size=8), st.text(max_size=8)).map("=".join),
)


@settings(max_examples=examples(120), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(rules=st.sampled_from(["no-mercy", "classic", "No-Mercy", "nope", ""]), bots=BOT_TEXTS,
       sets=st.lists(SETTINGS, max_size=2))
def test_rules_settings_and_players_are_checked_before_any_file_is_touched(capsys, tmp_path, rules, bots, sets):
    target = tmp_path / "kept.jsonl"
    target.write_text(OLD, encoding="utf-8")
    argv = ["simulate", "--rules", rules, "--bots", bots, "--players", "2", "--games", "1", "--workers", "1",
            "--no-progress", "--records", str(target), *[w for s in sets for w in ("--set", s)]]
    code, _, err = run(capsys, *argv)
    assert code == 2, argv  # either a mistake in the options or (all options right) the kept file
    line = one_clear_line(err, "simulate")
    assert target.read_text(encoding="utf-8") == OLD and leftovers(tmp_path) == [], line


def test_a_run_of_as_many_players_as_the_rules_seat_plays(capsys):
    """``--players 20`` with rules for 2 to 20 once said 'a list of 1 to 6 items' (the players' list had the
    No Mercy limit); 21 is refused in the rules' words."""
    code, out, err = run(capsys, "simulate", "--players", "20", "--rules", "open-mercy", "--games", "1", "--workers", "1",
                         "--no-progress", "--json")
    assert code == 0 and err == "" and json.loads(out)["games"] == 1
    code, _, err = run(capsys, "simulate", "--players", "21", "--rules", "open-mercy", "--games", "1")
    assert code == 2 and "open-mercy is for 2 to 20 players, not 21" in one_clear_line(err, "simulate")


@pytest.mark.parametrize("option", ["--games", "--first-game", "--seed"])
def test_the_help_and_the_refusal_of_a_count_give_the_same_range(capsys, option):
    """What ``--help`` says an option takes is what its refusal names (the --games and --first-game refusals once
    said 'from -10**18 to 10**18' where the help said '0 to 10**15')."""
    from nomercy.cli import build_parser

    simulate = build_parser()._subparsers._group_actions[0].choices["simulate"]
    said = next(action.help for action in simulate._actions if option in action.option_strings)
    code, _, err = run(capsys, "simulate", *(["--games", "1"] if option != "--games" else []), option, "-1")
    refusal = one_clear_line(err, "simulate")
    low, high = re.search(r"from (\d+) to (\d+)", refusal).groups()
    assert code == 2 and low == "0"
    assert high in said or {"9223372036854775807": "2**63 - 1"}[high] in said, (said, refusal)


@pytest.mark.parametrize("argv, words", [
    (["--seed", "3.7"], "--seed is a whole number written with the digits 0 to 9, like 7; not '3.7'"),
    (["--seed", "true"], "--seed is a whole number written with the digits 0 to 9, like 7; not 'true'"),
    (["--seed", "-1"], "--seed is a whole number from 0 to 9223372036854775807, not -1"),
    (["--seed", str(2**63)], "--seed is a whole number from 0 to 9223372036854775807, not 9223372036854775808"),
    (["--games", "1e9"], "--games is a whole number written with the digits 0 to 9, like 7; not '1e9'"),
    (["--games", str(10**16)], "--games is a whole number from 0 to 1000000000000000, not 10000000000000000"),
    (["--games", str(2**64)], "--games is a whole number from 0 to 1000000000000000, not a number of 20 digits"),
    (["--first-game", "-1"], "--first-game is a whole number from 0 to 1000000000000000, not -1"),
    (["--first-game", str(2**63 - 1)], "--first-game is a whole number from 0 to 1000000000000000, not 92233720"),
    (["--players", "-3"], "no-mercy is for 2 to 6 players, not -3"),
    (["--workers", "100000"], "--workers is a whole number from 1 to"),
    (["--bots", "robot"], "unknown player kind 'robot': choose one of random, greedy, expert"),
    (["--set", "stacking=sideways"], "stacking cannot be 'sideways': choose one of official"),
    (["--rules", "uno-flip"], "unknown rule profile 'uno-flip': choose one of no-mercy, classic"),
    (["--rotate=yes"], "--rotate: ignored explicit argument 'yes'"),
    (["--gamez", "3"], "unrecognized arguments: --gamez 3"),
])
def test_each_mistake_is_one_line_that_says_what_is_allowed(capsys, argv, words):
    """Each refusal says the range as ``nomercy simulate --help`` does (the --games and --first-game refusals once
    said 'from -10**18 to 10**18' where the help said '0 to 10**15')."""
    base = [word for option in ("--games", "--workers") if option not in argv for word in (option, "1")]
    code, out, err = run(capsys, "simulate", *base, *argv)
    assert code == 2 and out == ""
    assert words in one_clear_line(err, "simulate")


@pytest.mark.parametrize("argv, words", [
    (["--count", "0"], "--count is a whole number from 1 to 100, not 0"),
    (["--count", "1000000000"], "--count is a whole number from 1 to 100, not 1000000000"),
    (["--count", "2.5"], "--count is a whole number written with the digits 0 to 9, like 7; not '2.5'"),
    (["--seed", "-4"], "--seed is a whole number from 0 to 9223372036854775807, not -4"),
    (["--players", "40"], "--players: no-mercy is for 2 to 6 players, not 40"),
    (["--set", "stacking=up"], "stacking cannot be 'up'"),
    (["--rules", "nope"], "unknown rule profile 'nope'"),
])
def test_puzzle_generate_checks_every_option_before_it_searches(capsys, tmp_path, argv, words):
    out_folder = tmp_path / "out"
    code, out, err = run(capsys, "puzzle", "generate", "--out", str(out_folder), *argv)
    assert code == 2 and out == "" and words in one_clear_line(err, "puzzle")
    assert not out_folder.exists()


def test_the_puzzle_search_is_bounded_and_reports_as_it_goes():
    from nomercy.puzzles.generate import generate_puzzles

    seen: list[tuple[int, int]] = []
    found = generate_puzzles("classic", count=100, seed=3, players=2, max_games=4, on_game=lambda *p: seen.append(p))
    assert [games for games, _ in seen] == [1, 2, 3, 4]
    assert seen[-1][1] == len(found) < 100


def test_puzzle_generate_never_overwrites_a_puzzle_unless_forced(capsys, tmp_path):
    assert run(capsys, "puzzle", "generate", "--count", "2", "--seed", "5", "--out", str(tmp_path))[0] == 0
    written = sorted(tmp_path.glob("*.yaml"))
    assert len(written) == 2
    written[0].write_text("my own edits\n", encoding="utf-8")
    code, out, err = run(capsys, "puzzle", "generate", "--count", "2", "--seed", "5", "--out", str(tmp_path))
    assert code == 2 and "already exists" in one_clear_line(err, "puzzle")
    assert written[0].read_text(encoding="utf-8") == "my own edits\n"
    assert run(capsys, "puzzle", "generate", "--count", "2", "--seed", "5", "--out", str(tmp_path), "--force")[0] == 0
    assert written[0].read_text(encoding="utf-8").startswith("id: ") and leftovers(tmp_path) == []


@pytest.mark.parametrize("kind", ["a folder", "a named pipe", "a missing folder", "a file as its folder"])
def test_check_and_list_refuse_paths_that_are_not_puzzles_in_one_line(capsys, tmp_path, kind):
    path = tmp_path / "thing.yaml"
    if kind == "a named pipe":
        os.mkfifo(path)
    elif kind == "a missing folder":
        path = tmp_path / "nowhere" / "thing.yaml"
    elif kind == "a file as its folder":
        (tmp_path / "file").write_text("x")
        path = tmp_path / "file" / "thing.yaml"
    else:
        path.mkdir()
    code, out, err = run(capsys, "check", str(path))
    assert code in (1, 2) and "Traceback" not in out + err
    if code == 2:
        one_clear_line(err, "check")
    code, out, err = run(capsys, "puzzle", "list", "--dir", str(path))
    assert code in (0, 1, 2) and "Traceback" not in out + err


# --- the records file -----------------------------------------------------------------------------

def test_a_typo_in_the_options_leaves_the_records_file_as_it_was(capsys, tmp_path):
    target = tmp_path / "run.jsonl"
    target.write_text(OLD, encoding="utf-8")
    for typo in (["--rules", "no-mrecy"], ["--bots", "grredy"], ["--set", "stackin=none"], ["--players", "9"]):
        code, _, err = run(capsys, "simulate", "--games", "2", "--workers", "1", "--records", str(target), "--force",
                           *typo)
        assert code == 2, typo
        one_clear_line(err, "simulate")
        assert target.read_text(encoding="utf-8") == OLD and leftovers(tmp_path) == []


def test_an_existing_records_file_is_replaced_only_with_force(capsys, tmp_path):
    target = tmp_path / "run.jsonl"
    target.write_text(OLD, encoding="utf-8")
    code, _, err = run(capsys, "simulate", "--games", "3", "--workers", "1", "--records", str(target))
    assert code == 2 and one_clear_line(err, "simulate") == (
        f"nomercy simulate: {target} already exists: give another name, or replace it on purpose (--force)")
    assert target.read_text(encoding="utf-8") == OLD
    code, _, _ = run(capsys, "simulate", "--games", "3", "--workers", "1", "--records", str(target), "--force", "--json")
    assert code == 0 and [r["index"] for r in records_of(target)] == [0, 1, 2]
    assert leftovers(tmp_path) == []


@pytest.mark.parametrize("kind", ["a folder", "a named pipe", "a link to a folder"])
def test_a_target_that_is_not_a_regular_file_is_left_alone_even_with_force(capsys, tmp_path, kind):
    target = tmp_path / "records"
    if kind == "a folder":
        target.mkdir()
        (target / "inside.txt").write_text("keep")
    elif kind == "a named pipe":
        os.mkfifo(target)
    else:
        (tmp_path / "elsewhere").mkdir()
        target.symlink_to(tmp_path / "elsewhere")
    code, _, err = run(capsys, "simulate", "--games", "1", "--workers", "1", "--records", str(target), "--force")
    assert code == 2 and "leaves this one alone" in one_clear_line(err, "simulate")
    assert target.exists() and not target.is_file() and leftovers(tmp_path) == []


def test_a_target_replaced_by_a_folder_during_the_run_is_left_alone(capsys, tmp_path, monkeypatch):
    import nomercy.play.simulate as simulation

    target = tmp_path / "run.jsonl"
    target.write_text(OLD, encoding="utf-8")
    real = simulation.simulate

    def then_a_folder(*args: Any, **kwargs: Any) -> Any:
        result = real(*args, **kwargs)
        target.unlink()
        target.mkdir()  # someone put a folder where the file was while the games were played
        return result

    monkeypatch.setattr(simulation, "simulate", then_a_folder)
    code, _, err = run(capsys, "simulate", "--games", "2", "--workers", "1", "--records", str(target), "--force")
    assert code == 2 and "is a folder" in one_clear_line(err, "simulate")
    assert target.is_dir() and list(target.iterdir()) == [] and leftovers(tmp_path) == []


def test_a_run_that_breaks_or_is_interrupted_leaves_the_old_file_and_no_temporary(capsys, tmp_path, monkeypatch):
    import nomercy.play.simulate as simulation

    target = tmp_path / "run.jsonl"
    target.write_text(OLD, encoding="utf-8")

    def interrupted(*args: Any, **kwargs: Any) -> Any:
        assert holds_a_file_in(os.getpid(), tmp_path)  # the temporary file is open while the games are played
        raise KeyboardInterrupt

    monkeypatch.setattr(simulation, "simulate", interrupted)
    code, _, err = run(capsys, "simulate", "--games", "2", "--workers", "1", "--records", str(target), "--force")
    assert code == 130 and err == "nomercy simulate: interrupted\n"
    assert target.read_text(encoding="utf-8") == OLD and leftovers(tmp_path) == []


def _without_the_right_to_write_anywhere() -> list[str]:
    """A command prefix under which a read-only folder is read-only: root writes anywhere, so drop that right."""
    if os.geteuid() != 0:
        return []
    import shutil

    setpriv = shutil.which("setpriv")
    if setpriv is None:
        pytest.skip("running as root, without setpriv to give up the right to write anywhere")
    return [setpriv, "--bounding-set", "-dac_override,-dac_read_search"]


def test_a_read_only_folder_is_refused_in_one_line_before_the_run():
    folder = Path(tempfile.mkdtemp(prefix="nomercy-read-only-"))
    try:
        (folder / "run.jsonl").write_text(OLD, encoding="utf-8")
        folder.chmod(0o555)
        env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONHASHSEED": "0"}
        child = subprocess.run([*_without_the_right_to_write_anywhere(), sys.executable, "-m", "nomercy", "simulate",
                                "--games", "100000000", "--workers", "1", "--no-progress",
                                "--records", str(folder / "new.jsonl")], env=env, text=True, capture_output=True,
                               timeout=120)
        assert child.returncode == 2 and child.stdout == ""
        assert child.stderr == (f"nomercy simulate: cannot write the records to {folder / 'new.jsonl'}: its folder "
                                f"{folder} cannot be written (there is no right to write there)\n")
        assert sorted(p.name for p in folder.iterdir()) == ["run.jsonl"]
        assert (folder / "run.jsonl").read_text(encoding="utf-8") == OLD
    finally:
        folder.chmod(0o755)
        for path in folder.iterdir():
            path.unlink()
        folder.rmdir()


def _kill_during_writes(folder: Path, rounds: int) -> None:
    """``kill -9`` a run with --records while it writes, in a loop: the old file stays whole and nothing is left
    beside it (the temporary file has no name until the run is done)."""
    target = folder / "run.jsonl"
    target.write_text(OLD, encoding="utf-8")
    for round_ in range(rounds):
        child = nomercy("simulate", "--games", "100000000", "--workers", "1", "--no-progress", "--seed", str(round_),
                        "--records", str(target), "--force")
        try:
            deadline = time.monotonic() + 60  # a guard: the run opens its file at once
            while not holds_a_file_in(child.pid, folder) and time.monotonic() < deadline and child.poll() is None:
                time.sleep(0.02)
            assert holds_a_file_in(child.pid, folder), "the run never opened its records"
        finally:
            child.send_signal(signal.SIGKILL)
            child.communicate()
        assert target.read_text(encoding="utf-8") == OLD
        assert sorted(p.name for p in folder.iterdir()) == ["run.jsonl"]
        again = nomercy("simulate", "--games", "0", "--workers", "1", "--records", str(target))
        assert again.communicate(timeout=60)[1].endswith("already exists: give another name, or replace it on purpose "
                                                         "(--force)\n")
        assert sorted(p.name for p in folder.iterdir()) == ["run.jsonl"] and target.read_text(encoding="utf-8") == OLD


def test_a_run_killed_while_it_writes_its_records_leaves_the_old_file_whole(tmp_path):
    _kill_during_writes(tmp_path, rounds=2)


def _kill_at_any_moment(folder: Path, rounds: int, games: int) -> None:
    """Kill short runs at random moments, the rename included: the file is the old one or a whole new one."""
    import random

    target = folder / "run.jsonl"
    target.write_text(OLD, encoding="utf-8")
    moments = random.Random(29)
    outcomes = set()
    for _ in range(rounds):
        child = nomercy("simulate", "--games", str(games), "--workers", "1", "--no-progress", "--records",
                        str(target), "--force")
        time.sleep(moments.uniform(0.0, 2.0))
        child.send_signal(signal.SIGKILL)
        child.communicate()
        text = target.read_text(encoding="utf-8")
        if text == OLD:
            outcomes.add("old")
        else:
            assert [r["index"] for r in records_of(target)] == list(range(games))
            outcomes.add("new")
            target.write_text(OLD, encoding="utf-8")
    assert outcomes


@pytest.mark.soak
def test_soak_kill_nine_in_a_loop(tmp_path):
    _kill_during_writes(tmp_path, rounds=20)
    _kill_at_any_moment(tmp_path, rounds=40, games=300)


@pytest.mark.parametrize("force", [True, False])
def test_two_runs_writing_the_same_target_at_once_leave_one_whole_run(tmp_path, force):
    target = tmp_path / "run.jsonl"
    extra = ["--force"] if force else []
    runs = [nomercy("simulate", "--games", "150", "--workers", "1", "--no-progress", "--seed", str(seed),
                    "--records", str(target), *extra) for seed in (1, 2)]
    results = [(child.wait(timeout=300), child.communicate()[1]) for child in runs]
    lines = records_of(target)
    assert [r["index"] for r in lines] == list(range(150))
    seeds = {r["seed"] for r in lines}
    from nomercy.play.simulate import game_seed

    assert seeds in ({game_seed(1, i) for i in range(150)}, {game_seed(2, i) for i in range(150)})
    if force:
        assert [code for code, _ in results] == [0, 0]
    else:  # the first to finish names the file; the other is told, and leaves it whole
        codes = sorted(code for code, _ in results)
        assert codes in ([0, 0], [0, 2])  # [0, 0] only if one ended before the other started its check
        for code, err in results:
            if code == 2 and "appeared while it was being written" in err:  # its own records, kept beside
                kept = Path(err.rsplit("what was written is in ", 1)[1].strip())
                assert kept.name == "run.1.jsonl" and [r["index"] for r in records_of(kept)] == list(range(150))
            elif code == 2:
                assert "already exists" in err, err
    assert leftovers(tmp_path) == []


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(option=st.sampled_from(["--topic", "--tag", "--kind", "--level"]),
       text=st.one_of(st.sampled_from(["", " ", "\u200b", "Stacking", "st\u0430cking", "x" * 3000, "\udcff", "a\x1bb"]),
                      st.text(max_size=12)))
def test_a_puzzle_list_filter_is_any_text_and_answers_in_one_line(capsys, option, text):
    code, out, err = run(capsys, "puzzle", "list", option, text)
    if code == 2:  # a --kind or --level that is not one, a topic or tag no puzzle has (named with the known ones)
        one_clear_line(err, "puzzle")
        assert out == ""
    else:
        assert code == 0 and err == "", err
        assert out.splitlines()[-1].startswith(("No puzzle matches", "0 puzzles")) or text.strip() == "" \
            or out.splitlines()[-1].endswith("puzzles"), out[-300:]
        assert len(out.splitlines()[-1]) < 2000


@pytest.mark.parametrize("flag", ["--rotate=yes", "--json=1", "--check-every-move=no", "--no-progress=", "--force=x"])
def test_a_switch_given_a_value_is_one_line(capsys, flag):
    code, out, err = run(capsys, "simulate", "--games", "1", "--workers", "1", flag)
    assert code == 2 and out == ""
    assert "ignored explicit argument" in one_clear_line(err, "simulate")


@pytest.mark.parametrize("flag", ["--json", "--rotate", "--games"])
def test_an_option_given_twice_is_one_line(capsys, flag):
    twice = [flag, flag] if flag != "--games" else [flag, "1", flag, "2"]
    code, out, err = run(capsys, "simulate", "--workers", "1", *twice)
    assert code == 2 and out == ""
    assert f"{flag} is given twice: give it once" in one_clear_line(err, "simulate")
