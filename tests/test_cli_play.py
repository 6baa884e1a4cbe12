"""``nomercy play``: a person plays a round in a terminal against computer players.

The command runs in a pseudo-terminal, as a person would run it: it prints the table, reads a
line, and answers a line it cannot use with one line saying why. The end of input and Ctrl-C end
it cleanly, never with a traceback.
"""

from __future__ import annotations

import os
import pty
import select
import signal
import sys
from pathlib import Path

import pytest

from conftest import as_from_a_terminal
from nomercy.cli import main
from nomercy.play.game import Game
from nomercy.play.saved_game import SavedGame
from nomercy.play.terminal import TerminalTable

HANG = 120.0
"""Seconds without any output after which the command is taken to hang (a guard, not a measure)."""


class Terminal:
    """``nomercy play ...`` in a pseudo-terminal: read what it prints, type lines, send Ctrl-C or Ctrl-D."""

    def __init__(self, *args: str) -> None:
        env = {**os.environ, "TERM": "dumb", "PYTHONPATH": str(Path(__file__).resolve().parent.parent)}
        pid, fd = pty.fork()
        if pid == 0:  # the child: the command, with the pseudo-terminal as its terminal
            as_from_a_terminal()
            os.execve(sys.executable, [sys.executable, "-m", "nomercy", "play", *args], env)
        self.pid, self.fd = pid, fd
        self.output = ""
        self.status: int | None = None

    def read_until(self, *marks: str) -> str:
        """What is printed from now until one of ``marks`` ends the output (or the command ends)."""
        start = len(self.output)
        while not (len(self.output) > start and any(self.output.endswith(mark) for mark in marks)):
            ready, _, _ = select.select([self.fd], [], [], HANG)
            if not ready:
                raise AssertionError(f"no output for {HANG:g} s; the last lines:\n{self.output[-2000:]}")
            try:
                chunk = os.read(self.fd, 65536)
            except OSError:  # the command ended and closed the terminal
                chunk = b""
            if not chunk:
                break
            self.output += chunk.decode("utf-8", "replace").replace("\r\n", "\n")
        return self.output[start:]

    def type(self, line: str) -> None:
        os.write(self.fd, line.encode() + b"\n")

    def press(self, key: bytes) -> None:
        os.write(self.fd, key)

    def wait(self) -> int:
        self.read_until()  # to the end of the output
        _, status = os.waitpid(self.pid, 0)
        os.close(self.fd)
        self.status = os.waitstatus_to_exitcode(status)
        return self.status

    def kill(self) -> None:
        if self.status is None:
            try:
                os.kill(self.pid, signal.SIGKILL)
                os.waitpid(self.pid, 0)
            except (ProcessLookupError, ChildProcessError):
                pass


@pytest.fixture
def terminal():
    opened: list[Terminal] = []

    def open_terminal(*args: str) -> Terminal:
        opened.append(Terminal(*args))
        return opened[-1]

    yield open_terminal
    for term in opened:
        term.kill()


PROMPTS = ("Player> ", "press Enter> ", "(yes/no)> ")


def test_a_person_plays_a_whole_seeded_round_against_computers_in_a_terminal(terminal, tmp_path):
    saved = tmp_path / "round.json"
    term = terminal("--rules", "classic", "--players", "3", "--bots", "greedy,random", "--seed", "3",
                    "--save", str(saved))
    opening = term.read_until(*PROMPTS)
    assert opening.startswith("nomercy play: classic rules, seed 3. You are Player, against Greedy, Random.")
    assert "Greedy deals 7 cards" in opening or "deals 7 cards to every player" in opening
    for _ in range(400):
        if term.output.endswith("Another round? (yes/no)> "):
            break
        if term.output.endswith("press Enter> "):
            term.type("uno")  # the UNO moment: called in time
        else:
            term.type("1")  # the first listed move
        term.read_until(*PROMPTS)
    else:  # pragma: no cover
        pytest.fail(f"no end of the round after 400 lines:\n{term.output[-3000:]}")
    term.type("no")
    assert term.wait() == 0
    assert "wins the round" in term.output and "Traceback" not in term.output
    record = SavedGame(saved).read()
    assert record is not None and record.seed == 3 and record.seats == ("Player", "Greedy", "Random")
    assert Game.from_record(record).state.is_over, "the save holds the whole round, and it replays"


def test_a_line_the_table_cannot_use_is_one_line_and_the_end_of_input_leaves_cleanly(terminal):
    term = terminal("--rules", "classic", "--seed", "3")
    term.read_until("Player> ")
    for line, answer in [("purple 12", "! unknown card 'purple 12': 'purple' is not a color"),
                         ("99", "! there is no move 99: choose 1 to 3, or type a move"),
                         ("Greedy1 draws", "! You can only make moves for Player here; Greedy1 is a computer player."),
                         ("blue 4", "! Player cannot play blue 4 on green skip"),
                         ("hint", "! the coach is off at this table: start it with --coach")]:
        term.type(line)
        said = term.read_until("Player> ")
        shown = [s for s in said.splitlines() if s.startswith("! ")]
        assert len(shown) == 1 and shown[0].startswith(answer), said
    term.press(b"\x04")  # Ctrl-D: the end of input
    assert term.wait() == 0
    assert term.output.rstrip().endswith("input ended: the round is left after 1 move.")
    assert "Traceback" not in term.output


def test_ctrl_c_ends_the_command_with_one_line_and_status_130(terminal):
    term = terminal("--seed", "5")
    term.read_until("Player> ")
    term.press(b"\x03")
    assert term.wait() == 130
    assert "nomercy play: interrupted" in term.output and "Traceback" not in term.output


@pytest.mark.parametrize("args, words", [
    (["--players", "9"], "no-mercy is for 2 to 6 players, not 9"),
    (["--players", "1"], "--players counts every seat, you included: no-mercy is for 2 to 6 players, not 1"),
    (["--bots", "genius"], "--bots: unknown computer player 'genius'; choose random, greedy, expert"),
    (["--bots", "greedy,random,greedy"], "one per seat (2 here), not 3"),
    (["--rules", "uno-deluxe"], "uno-deluxe"),
    (["--set", "stacking=sometimes"], "stacking"),
    (["--seed", "3.7"], "--seed is a whole number written with the digits 0 to 9, like 7; not '3.7'"),
])
def test_a_mistake_in_the_command_is_one_line_and_status_2(capsys, args, words):
    try:
        status = main(["play", *args])
    except SystemExit as leaving:  # argparse's own refusal (our parser makes it one line)
        status = leaving.code
    assert status == 2
    err = capsys.readouterr().err
    assert words in err and len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_a_card_with_choices_lists_them_by_number():
    """A wild typed as a card asks for its color; the choices are the listed moves (read and write injected)."""
    lines: list[str] = []
    typed = iter(["wild", "2", "quit"])
    for seed in range(60):
        table = TerminalTable("classic", ["human", "greedy"], seed=seed, read=lambda _: next(typed),
                              write=lines.append)
        state = table.session.state
        if state.to_act == 0 and any(c.is_wild and str(c) == "wild" for c in state.hands[0]):
            break
    else:  # pragma: no cover
        pytest.fail("no deal gave the person a wild to start with")
    assert table.run() == 0
    text = "\n".join(lines)
    assert "Which color do you name with wild? Choose below, or Cancel." in text
    assert "   2  Player plays wild choosing yellow" in text
    assert "Player plays wild and names yellow." in text


def moment_answered(answer: str) -> tuple[list[str], list[str]]:
    """The printed lines of a No Mercy table where the person (playing the first listed move each time) went
    down to one card without calling UNO and typed ``answer`` at the moment's question, then left."""
    for seed in range(200):
        lines: list[str] = []
        asked: list[str] = []

        def read(prompt: str) -> str:
            asked.append(prompt)
            if prompt.endswith("press Enter> "):
                return answer
            return "quit" if any(p.endswith("press Enter> ") for p in asked[:-1]) or len(asked) > 300 else "1"

        TerminalTable("no-mercy", ["human", "greedy"], seed=seed, read=read, write=lines.append).run()
        if any(p.endswith("press Enter> ") for p in asked):
            return lines, asked
    pytest.fail("no seed sent the person down to one card uncalled")  # pragma: no cover


def test_in_a_terminal_the_uno_moment_is_the_next_line():
    called, _ = moment_answered("uno")
    assert "  Player calls UNO!" in called and not any("catches Player" in line for line in called)
    caught, asked = moment_answered("")
    assert any(line.startswith("  Greedy catches Player") for line in caught)
    assert sum(p.endswith("press Enter> ") for p in asked) == 1, "one line, and the moment is over"


def test_with_the_coach_a_hint_is_the_coachs_and_changes_nothing():
    lines: list[str] = []
    typed = iter(["hint", "quit"])
    table = TerminalTable("no-mercy", ["human", "greedy", "random"], seed=66, coach=True,
                          read=lambda _: next(typed), write=lines.append)
    before = table.session.state
    assert table.run() == 0
    hint = next(line for line in lines if line.startswith("Hint: "))
    assert hint.startswith(f"Hint: {table.session.advice['move']}. ")
    assert table.session.state == before
    assert sum(line.startswith("Round 1, move 0.") for line in lines) == 1, "the table is not printed again"


def test_the_deal_of_the_day_is_played_in_a_terminal_too(terminal):
    term = terminal("--daily", "2026-12-03")
    opening = term.read_until("You> ")
    assert opening.startswith("nomercy play: Deal of the day, 3 December 2026 (no-mercy rules, seed ")
    assert "You play against Alex (greedy), Sam (random)." in opening and "Your turn" in opening
    assert "You plays" not in opening
    term.type("play nothing")  # the plain verb reads as a move of You
    assert "! cannot read move 'You play nothing': unknown card 'nothing'" in term.read_until("You> ")
    term.type("quit")
    assert term.wait() == 0


@pytest.mark.parametrize("args, said", [
    (["--daily", "--seed", "3"], "--daily deals the day's own deal (no-mercy, You against Alex (steady) and Sam (easy)): "
                                 "leave out --seed"),
    (["--daily", "--rules", "classic"], "leave out --rules"),
    (["--daily", "1 December"], "the date of a deal of the day is a day written YYYY-MM-DD, like 2026-12-03, not '1 December'"),
])
def test_the_deal_of_the_day_takes_no_other_table(args, said, capsys):
    assert main(["play", *args]) == 2
    assert said in capsys.readouterr().err
