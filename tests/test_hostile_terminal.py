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

import functools
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hostile_values import PYTHON_WORDS, hostile_text
from nomercy.play.saved_game import SavedGame
from nomercy.play.terminal import PROMPT_KINDS, TerminalTable
from test_cli_play import Terminal

HOSTILE_COVERS = ("prompt:move", "prompt:uno", "prompt:coach", "prompt:round")

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


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
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
