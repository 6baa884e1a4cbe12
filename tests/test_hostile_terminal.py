"""The terminal table (``nomercy play``) against a hostile person, at every kind of prompt it asks.

The prompts are the move (``Player> ``), the UNO moment (``press Enter> ``), the coach's question when it
holds a move back (``Play it anyway? (yes/no)> ``) and the end of a round (``Another round? (yes/no)> ``).
At each, the command runs as a person runs it: a process whose standard input is a pipe (the lines that lead
to the prompt, then the hostile line, then the end of input) or a pseudo-terminal (Ctrl-D). Whatever is typed:

- ``quit`` (any case) and the end of input (Ctrl-D) leave the table, at every prompt, with status 0;
- anything else the prompt does not take is one line starting ``! `` in the game's words (never a traceback,
  never Python's ``'\\udcff'``, never the whole input repeated), and the same prompt is asked again;
- nothing typed is taken for something else (``²`` for 2, ``maybe`` for no, ``quit`` for Enter).

The lines that lead to each prompt are found by playing the table in-process (the same seed deals the same
cards, and a computer plays the same moves), then typed into the real command.
"""

from __future__ import annotations

import contextlib
import functools
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from conftest import as_from_a_terminal, examples
from hypothesis import strategies as st

from hostile_values import PYTHON_WORDS, hostile_text
from nomercy.play.saved_game import SavedGame
from nomercy.play.terminal import PROMPT_KINDS, TerminalTable
from test_cli_play import Terminal

HOSTILE_COVERS = ("prompt:move", "prompt:uno", "prompt:coach", "prompt:round", "cli:play --players", "cli:play --seed",
                  "cli:play --bots", "cli:play --set", "cli:play --rules", "cli:play --daily", "cli:play --save",
                  "cli:play --coach", "file:save")

ROOT = Path(__file__).resolve().parent.parent
ENDS = {"move": "Player> ", "uno": "press Enter> ", "coach": "Play it anyway? (yes/no)> ",
        "round": "Another round? (yes/no)> "}
HOSTILE_LINES = [
    "\u00b2".encode(), "\u2460".encode(), "\u0663".encode(), "\uff11".encode(), b"9" * 5000, b"\xff\xfe\xfd",
    b"x" * 3000, b"\x1b[2J\x1b[31mred 7", b"a\x00b", "\u200b".encode(), "\u3164".encode(), "\u2800".encode(),
    b"maybe", b"-1", b"0", b"1e3", b"nan", "Zoe\u0301".encode(),
]
"""Lines a prompt does not take (at the move prompt some of them are a card or move that is refused)."""


@functools.lru_cache(maxsize=None)
def lines_to(kind: str) -> tuple[list[str], int, bool]:
    """(the lines that bring a No Mercy table of the person and one greedy computer to the ``kind`` prompt, the
    seed, whether the coach is on): the person plays the first listed move, calls UNO and goes ahead."""
    coach = kind == "coach"

    class Reached(Exception):
        pass

    for seed in range(400):
        typed: list[str] = []

        def read(prompt: str) -> str:
            if prompt.endswith(ENDS[kind]):
                raise Reached
            if len(typed) > 600:
                raise EOFError
            line = "uno" if prompt.endswith(ENDS["uno"]) else "yes" if prompt.endswith("(yes/no)> ") else "1"
            typed.append(line)
            return line

        table = TerminalTable("no-mercy", ["human", "greedy"], seed=seed, coach=coach, read=read,
                              write=lambda _: None)
        try:
            table.run()
        except Reached:
            return typed, seed, coach
    pytest.fail(f"no seed brought the table to the {kind} prompt")  # pragma: no cover


def play(kind: str, after: bytes, tmp_path: Path) -> tuple[int, str, str]:
    """Run ``nomercy play`` (saving to ``tmp_path``) with the lines to the ``kind`` prompt, then ``after``."""
    typed, seed, coach = lines_to(kind)
    command = [sys.executable, "-m", "nomercy", "play", "--seed", str(seed), "--players", "2", "--bots", "greedy",
               "--save", str(tmp_path / "g.json"), *(["--coach"] if coach else [])]
    done = subprocess.run(command, input="".join(f"{line}\n" for line in typed).encode() + after,
                          capture_output=True, timeout=600, cwd=tmp_path,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    return done.returncode, done.stdout.decode("utf-8", "replace"), done.stderr.decode("utf-8", "replace")


def asked(out: str, kind: str) -> int:
    return out.count(ENDS[kind])


def test_the_prompt_kinds_are_the_ones_tested_here():
    assert set(PROMPT_KINDS) == set(ENDS)


_ENDED: dict[str, tuple[int, str, str, Path]] = {}


def input_ended(kind: str, tmp_path_factory: pytest.TempPathFactory) -> tuple[int, str, str, Path]:
    """The run whose input ends at the ``kind`` prompt (run once): how often the prompt is asked then is the
    count quit must give too."""
    if kind not in _ENDED:
        folder = tmp_path_factory.mktemp(kind)
        _ENDED[kind] = (*play(kind, b"", folder), folder)
    return _ENDED[kind]


def asked_before_leaving(kind: str, tmp_path_factory: pytest.TempPathFactory) -> int:
    return asked(input_ended(kind, tmp_path_factory)[1], kind)


@pytest.mark.parametrize("kind", list(ENDS))
@pytest.mark.parametrize("leave", [b"quit\n", pytest.param(b"  Q \n", marks=pytest.mark.slow),
                                   pytest.param(b"exit\n", marks=pytest.mark.slow), b""],
                         ids=["quit", "Q", "exit", "ctrl-d"])
def test_quit_and_the_end_of_input_leave_at_every_prompt(kind, leave, tmp_path, tmp_path_factory):
    before = asked_before_leaving(kind, tmp_path_factory)
    if leave:
        code, out, err = play(kind, leave, tmp_path)
    else:
        code, out, err, tmp_path = input_ended(kind, tmp_path_factory)
    assert code == 0 and err == "", err
    assert asked(out, kind) == before >= 1, "quit was read as something else: the prompt came again"
    assert "Traceback" not in out
    last = out.rstrip().splitlines()[-1]
    assert "the round is left after" in last or kind == "round" and last.endswith("(yes/no)>"), last
    record = SavedGame(tmp_path / "g.json").read()
    assert record is not None, "the save holds the round as it was left"
    if kind == "coach":  # the move held back is taken back, never played by leaving
        assert out.rstrip().endswith(f"the round is left after {len(record.moves)} moves."), out[-300:]
        assert re.search(r"Play it anyway\? \(yes/no\)> \n?(input ended: )?the round is left", out), out[-300:]


@pytest.mark.parametrize("kind", list(ENDS))
def test_a_line_a_prompt_does_not_take_is_one_line_and_the_prompt_is_asked_again(kind, tmp_path, tmp_path_factory):
    before = asked_before_leaving(kind, tmp_path_factory)
    code, out, err = play(kind, b"".join(line + b"\n" for line in HOSTILE_LINES), tmp_path)
    assert code == 0 and err == "", err
    assert "Traceback" not in out and "\\udc" not in out and "x" * 100 not in out and "9" * 100 not in out
    refused = [text[text.index("! "):] for text in out.split("\n") if "! " in text]
    assert len(refused) == len(HOSTILE_LINES), "\n".join(refused)
    for text in refused:
        assert len(text) <= 400 and "\x1b" not in text and "\x00" not in text, text
        assert not any(words in text for words in PYTHON_WORDS if words not in ("None", "True", "False")), text
    assert asked(out, kind) == before + len(HOSTILE_LINES), "each refused line is asked again, nothing taken"


def test_a_number_in_other_digits_is_not_taken_for_a_move(tmp_path):
    code, out, _ = play("move", "\u00b2\n\u0662\n".encode(), tmp_path)
    assert code == 0
    assert out.count("there is no move '\u00b2': choose 1") == 1 and "there is no move '\u0662'" in out
    assert SavedGame(tmp_path / "g.json").read().moves == (), "no move was made"


@pytest.mark.parametrize("kind", list(ENDS))
def test_ctrl_d_in_a_terminal_leaves_at_every_prompt(kind, terminal):
    typed, seed, coach = lines_to(kind)
    term = terminal("--seed", str(seed), "--players", "2", "--bots", "greedy", *(["--coach"] if coach else []))
    term.read_until("Player> ")
    for number, line in enumerate(typed):
        term.type(line)
        term.read_until(*ENDS.values())
    assert term.output.endswith(ENDS[kind]), term.output[-1000:]
    term.press(b"\x04")
    assert term.wait() == 0
    assert "Traceback" not in term.output


@pytest.fixture
def terminal():
    opened: list[Terminal] = []

    def open_terminal(*args: str) -> Terminal:
        opened.append(Terminal(*args))
        return opened[-1]

    yield open_terminal
    for term in opened:
        term.kill()


@settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(lines=st.lists(hostile_text, min_size=1, max_size=4))
def test_any_lines_at_the_move_prompt_change_nothing_or_are_one_clear_line(lines):
    """In-process, many more lines than a process per line allows: the table never breaks or loses a card."""
    printed: list[str] = []
    feed = iter(lines)

    def read(prompt: str) -> str:
        try:
            return next(feed).split("\n")[0]
        except StopIteration:
            raise EOFError from None

    table = TerminalTable("no-mercy", ["human", "greedy"], seed=5, read=read, write=printed.append)
    assert table.run() == 0
    state = table.session.state
    assert state.card_count() == 168
    for text in printed:
        if text.startswith("! "):
            assert len(text) <= 400 and "\n" not in text and "Traceback" not in text, text


# --- the options of nomercy play, and the save they meet ----------------------------------------------

def run_play(*argv: str, typed: bytes = b"", cwd: Path | None = None, timeout: float = 300,
             prefix: tuple[str, ...] = ()) -> tuple[int, str, str]:
    done = subprocess.run([*prefix, sys.executable, "-m", "nomercy", "play", *argv], input=typed, capture_output=True,
                          timeout=timeout, cwd=cwd, env={**os.environ, "PYTHONPATH": str(ROOT)})
    return done.returncode, done.stdout.decode("utf-8", "replace"), done.stderr.decode("utf-8", "replace")


def main_play(*argv: str, typed: bytes = b"") -> tuple[int, str, str]:
    """``nomercy play`` in this process (its own ``main``), standard input ``typed``: for the many refusals,
    which need no process of their own."""
    import io

    from nomercy.cli import main

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err), \
            _stdin(io.TextIOWrapper(io.BytesIO(typed))):
        try:
            code = main(["play", *argv])
        except SystemExit as exit_:
            code = int(exit_.code or 0)
    return code, out.getvalue(), err.getvalue()


def one_line(err: str) -> str:
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith(("nomercy play: ", "nomercy: ")), err
    assert not any(words in lines[0] for words in PYTHON_WORDS if words not in ("None", "True", "False")), err
    assert len(lines[0]) <= 400, err
    return lines[0]


@pytest.mark.parametrize("argv, said", [
    (["--players", "100000"], "--players counts every seat, you included: no-mercy is for 2 to 6 players, not 100000"),
    (["--players", str(10**30)], "--players is how many play, which the rules set (no-mercy 2 to 6, classic 2 to 10, open-mercy 2 to 20, speltavlan 2 to 10); not one of 31 digits"),
    (["--players", "9" * 5000], "--players is how many play, which the rules set (no-mercy 2 to 6, classic 2 to 10, open-mercy 2 to 20, speltavlan 2 to 10); not one of 5,000 digits"),
    (["--players", "\u00b2"], "--players is a whole number written with the digits 0 to 9"),
    (["--players", "\u0663"], "--players is a whole number written with the digits 0 to 9"),
    (["--set", "players=2-2"], "--set players=... would change how many the rules seat"),
    (["--set", "hand_size=7", "--set", "hand_size=9"], "--set gives hand_size twice ('7' and '9')"),
    (["--bots", ""], "--bots names a computer player for every seat"),
    (["--bots", "greedy,"], "--bots names a computer player for every seat"),
    (["--bots", "gr\u0435edy"], "--bots: unknown computer player 'gr\u0435edy'"),
    (["--seed", str(2**63)], "--seed is a whole number from 0 to 9223372036854775807, not 9223372036854775808"),
    (["--seed", "-1"], "--seed is a whole number from 0 to 9223372036854775807, not -1"),
    (["--daily", "2026-W49-1"], "the date of a deal of the day is a day written YYYY-MM-DD"),
    (["--daily", "20261203"], "the date of a deal of the day is a day written YYYY-MM-DD"),
    (["--daily", "2026-02-30"], "the date of a deal of the day is a day written YYYY-MM-DD"),
    (["--daily", "\uff12\uff10\uff12\uff16-12-03"], "the date of a deal of the day is a day written YYYY-MM-DD"),
    (["--save", "."], "is not a file name"),
    (["--seed", "1", "--seed", "2"], "--seed is given twice: give it once"),
    (["--save", "a.json", "--save", "b.json"], "--save is given twice: give it once"),
    (["--see", "1"], "unrecognized arguments: --see 1"),
    (["--rules", "\u0441lassic"], "unknown rule profile"),
])
def test_a_refused_option_is_one_line_and_nothing_is_played_or_saved(argv, said, tmp_path, monkeypatch):
    save = [] if "--save" in argv else ["--save", str(tmp_path / "g.json")]
    monkeypatch.chdir(tmp_path)
    code, out, err = main_play(*argv, *save)
    assert code == 2 and out == ""
    assert said in one_line(err)
    assert sorted(p.name for p in tmp_path.iterdir()) == []


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(option=st.sampled_from(["--players", "--seed", "--bots", "--daily", "--rules", "--set"]), text=hostile_text)
def test_any_text_for_an_option_plays_or_is_one_line(option, text, tmp_path_factory):
    """In-process (the command's own main), many values: either the table opens and the input ends, or one line."""
    folder = tmp_path_factory.mktemp("opt")
    code, out, err = main_play(option, text.replace("\x00", ""), "--save", str(folder / "g.json"))
    assert code in (0, 2), (code, err)
    if code == 2:
        assert len(err.splitlines()) == 1 and "Traceback" not in err, err
        assert not (folder / "g.json").exists(), "a refused start saved a round"
    else:
        assert SavedGame(folder / "g.json").read() is not None


@contextlib.contextmanager
def _stdin(stream):
    saved = sys.stdin
    sys.stdin = stream
    try:
        yield
    finally:
        sys.stdin = saved


def save_of(path: Path, rules: str, seats: list[str], seed: int = 3, moves: int = 0) -> bytes:
    from nomercy.play.game import Game

    game = Game(rules, seats, seed=seed)
    game.play_computers(max_moves=moves) if moves else None
    SavedGame(path).write(game.record())
    return path.read_bytes()


@pytest.mark.parametrize("seats, argv, said", [
    (["Ann", "Bo", "Greedy"], [], "g.json holds a round with 2 people at it (Ann, Bo, Greedy)"),
    (["Greedy", "Random"], [], "g.json holds a round with 0 people at it"),
    (["Player", "Greedy", "Greedy2"], ["--rules", "classic"], "g.json holds a round played under no-mercy, not classic"),
    (["Player", "Greedy", "Greedy2"], ["--set", "hand_size=9"], "not no-mercy --set hand_size=9"),
    (["Player", "Greedy", "Greedy2"], ["--players", "4"], "g.json holds a round of Player, Greedy, Greedy2, not of you"),
    (["Player", "Greedy", "Greedy2"], ["--bots", "random"], "not of you against random, random"),
    (["Player", "Greedy", "Greedy2"], ["--seed", "4"], "g.json holds a round dealt from seed 3, not 4"),
    (["Player", "Greedy", "Greedy2"], ["--daily", "2026-12-03"], "not the deal of 2026-12-03"),
])
def test_a_save_the_options_disagree_with_is_refused_and_left_as_it_was(seats, argv, said, tmp_path, monkeypatch):
    before = save_of(tmp_path / "g.json", "no-mercy", seats)
    monkeypatch.chdir(tmp_path)
    code, out, err = main_play(*argv, "--save", "g.json", typed=b"1\n1\n1\n")
    assert code == 2 and out == ""
    assert said in one_line(err)
    assert (tmp_path / "g.json").read_bytes() == before, "a refused start played on and saved"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.json"]


def test_the_same_options_resume_the_save(tmp_path):
    from nomercy import legal_moves
    from nomercy.play.game import Game

    game = Game("no-mercy", ["Player", "Greedy", "Greedy2"], seed=3)
    game.play(legal_moves(game.state)[0])  # the person's first move, kept
    SavedGame(tmp_path / "g.json").write(game.record())
    code, out, err = run_play("--seed", "3", "--players", "3", "--bots", "greedy", "--save", "g.json",
                              typed=b"1\nquit\n", cwd=tmp_path)
    assert code == 0 and err == "" and "Your round goes on where you left it" in out
    assert len(SavedGame(tmp_path / "g.json").read().moves) >= 2


def test_a_save_resumed_before_its_first_move_says_nothing_about_replaying(tmp_path):
    save_of(tmp_path / "g.json", "no-mercy", ["Player", "Greedy", "Greedy2"])
    code, out, err = run_play("--seed", "3", "--players", "3", "--bots", "greedy", "--save", "g.json",
                              typed=b"1\nquit\n", cwd=tmp_path)
    assert code == 0 and err == "" and "replayed" not in out
    assert len(SavedGame(tmp_path / "g.json").read().moves) >= 1


def test_a_save_that_is_a_symbolic_link_is_written_through_the_link(tmp_path):
    real = tmp_path / "kept" / "round.json"
    real.parent.mkdir()
    save_of(real, "no-mercy", ["Player", "Greedy", "Greedy2"])
    (tmp_path / "g.json").symlink_to(real)
    code, out, err = run_play("--save", "g.json", typed=b"1\nquit\n", cwd=tmp_path)
    assert code == 0 and err == ""
    assert (tmp_path / "g.json").is_symlink(), "the link was replaced by a plain file"
    assert len(SavedGame(real).read().moves) >= 1, "the real save never got the move"
    assert sorted(p.name for p in real.parent.iterdir()) == ["round.json"]


@pytest.mark.parametrize("kind", ["folder", "pipe"])
def test_a_folder_or_a_pipe_in_place_of_the_save_is_refused_in_one_line(kind, tmp_path):
    target = tmp_path / "g.json"
    target.mkdir() if kind == "folder" else os.mkfifo(target)
    code, out, err = run_play("--save", "g.json", cwd=tmp_path, timeout=120)
    assert code == 2 and out == ""
    assert "nomercy only writes regular files, and leaves this one alone" in one_line(err)


def test_a_save_in_a_read_only_folder_is_read_and_left_as_it_was(tmp_path):
    from test_hostile_cli import _without_the_right_to_write_anywhere

    before = save_of(tmp_path / "g.json", "no-mercy", ["Player", "Greedy", "Greedy2"])
    tmp_path.chmod(0o555)
    try:
        code, out, err = run_play("--save", "g.json", typed=b"1\nquit\n", cwd=tmp_path,
                                  prefix=tuple(_without_the_right_to_write_anywhere()))
    finally:
        tmp_path.chmod(0o755)
    assert code == 0 and err == "" and "Traceback" not in out
    assert "could not be saved to g.json" in out and "play goes on" in out
    assert (tmp_path / "g.json").read_bytes() == before


def test_two_tables_saving_to_one_file_at_once_keep_both_rounds(tmp_path):
    save_of(tmp_path / "g.json", "no-mercy", ["Player", "Greedy", "Greedy2"])
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    tables = [subprocess.Popen([sys.executable, "-m", "nomercy", "play", "--save", "g.json"], cwd=tmp_path, env=env,
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE) for _ in range(2)]
    for table in tables:
        table.stdin.write(b"1\n")
        table.stdin.flush()
    results = [table.communicate(b"1\n1\nquit\n", timeout=300) for table in tables]
    assert [table.returncode for table in tables] == [0, 0], results
    saves = sorted(p.name for p in tmp_path.iterdir())
    assert saves in (["g-2.json", "g.json"], ["g.json"]), saves
    for name in saves:
        record = SavedGame(tmp_path / name).read()
        assert record is not None and len(record.moves) >= 1


@pytest.mark.parametrize("signal_name", ["SIGKILL", "SIGTERM", "SIGINT"])
def test_a_table_stopped_at_any_moment_leaves_a_whole_save(signal_name, tmp_path):
    """Stopped again and again while it plays and saves: the save always holds a whole round that replays, and
    the temporary file of a killed write goes at the next start."""
    import random
    import signal as signals
    import time

    from nomercy.core.files import TEMPORARY_SUFFIX
    from nomercy.play.game import Game

    moments = random.Random(37)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    for _ in range(3 if signal_name == "SIGKILL" else 1):
        table = subprocess.Popen([sys.executable, "-m", "nomercy", "play", "--save", "g.json", "--seed", "8"],
                                 cwd=tmp_path, env=env, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                                 stderr=subprocess.PIPE, preexec_fn=as_from_a_terminal)
        table.stdin.write(b"1\n" * 40)
        table.stdin.flush()
        time.sleep(moments.uniform(0.5, 3.0))
        table.send_signal(getattr(signals, signal_name))
        _, err = table.communicate(timeout=120)
        assert b"Traceback" not in err, err
        if signal_name == "SIGINT" and table.returncode == 130:  # the command's name once its parser loaded
            assert err in (b"nomercy play: interrupted\n", b"nomercy: interrupted\n"), err
        record = SavedGame(tmp_path / "g.json").read()
        if record is not None:
            Game.from_record(record)  # a whole round, every move replays
    code, _, err = run_play("--save", "g.json", "--seed", "8", typed=b"quit\n", cwd=tmp_path)
    assert code in (0, 2) and "Traceback" not in err
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(TEMPORARY_SUFFIX)]
