"""Every command the README and docs/*.md quote works as written, from the repository's root, in a shell with
only ``PATH=/usr/bin:/bin`` (and a fresh ``HOME``), after the two set-up commands (``.venv/`` exists).

A command is a line of a ``bash`` code block (a quoted string may go on over several lines), or a ``$ `` line
of a ``console`` block; other blocks hold output, addresses or pictures, and a test holds that no command
hides in them. Each block runs in order, in one folder that holds the repository (its top-level entries
linked) and ``.venv``, so that what a command writes (``before.jsonl``, ``review/``) stays out of the
repository. A command runs as it is unless :data:`QUICK` maps it to a quicker form, with the reason: a run of
thousands of games on a few, a server or a whole test run on a check that it is there and parses. A new
quoted command is run as it is; one that fails, or takes more than :data:`LIMIT` seconds, fails the test
until it is fixed or mapped here.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
LIMIT = 240  # seconds for one command; a quoted command that needs more gets a quick form in QUICK
PATH = "/usr/bin:/bin"


@dataclass(frozen=True)
class Quick:
    """A quoted command (matched by ``pattern``) run in a quicker form, and why."""

    pattern: str
    replace: str
    why: str

    def applies(self, command: str) -> bool:
        return re.search(self.pattern, command) is not None

    def form(self, command: str) -> str:
        return re.sub(self.pattern, self.replace, command)


QUICK = [
    Quick(r"^bash scripts/lab$", "bash -n scripts/lab",
          "starts JupyterLab and serves until stopped: tests/test_quick_start.py starts it and follows the address "
          "it prints (-m slow); here the script parses"),
    Quick(r"^bash scripts/test$", "bash -n scripts/test",
          "the whole test run, this test included (CI runs it word for word); here the script parses"),
    Quick(r"^bash scripts/site$", "bash -n scripts/site",
          "builds the site (minutes, Pyodide from npm): scripts/test runs it before pytest -m site; here it parses"),
    Quick(r"^bash scripts/check_binder$", "bash -n scripts/check_binder",
          "a fresh environment installed from PyPI (minutes), run by hand; here the script parses"),
    Quick(r"^python3 -m http\.server -d _site 8000$", "python3 -m http.server --help",
          "serves _site until stopped: tests/test_site.py serves it the same way (-m site); here python3 has it"),
    Quick(r"^(\.venv/bin/python -m pytest)( -m \w+)?$", r"\1\2 --collect-only -q -n 0",
          "a test run of its own (scripts/test runs each kind as a step); here pytest collects that kind"),
    Quick(r"^(\.venv/bin/python scripts/store_notebook_outputs\.py).*$", r"\1 --help",
          "rewrites the stored notebooks in place (minutes): the nbval step of scripts/test checks what it stores"),
    Quick(r"(nomercy simulate .*)--games \d+", r"\1--games 2",
          "thousands of games (minutes to an hour): the same command on 2 games; the quoted figures are the full run's"),
    Quick(r"(benchmarks/soak\.py) --games \d+ (.*) --log /tmp/soak/soak\.jsonl", r"\1 --games 20 \2 --log soak/soak.jsonl",
          "a million games (hours): the same run on 20 games, logged in the run's folder"),
    Quick(r"^valgrind --tool=cachegrind --cache-sim=no ", "",
          "valgrind is not part of the set-up (apt-get install valgrind): the same Python, without the count"),
]


def _blocks(page: Path) -> list[tuple[str, str, int]]:
    """Each fenced block of a page: its language, its text and the line it starts on."""
    text = page.read_text(encoding="utf-8")
    return [(m.group(1), m.group(2), text.count("\n", 0, m.start()) + 2)
            for m in re.finditer(r"^```(\w*)\n(.*?)^```", text, re.M | re.S)]


def _commands(language: str, body: str) -> list[str]:
    if language == "console":
        return [line[2:] for line in body.splitlines() if line.startswith("$ ")]
    commands, pending = [], ""
    for line in body.splitlines():
        pending = f"{pending}\n{line}" if pending else line
        try:
            shlex.split(pending, comments=True)
        except ValueError:  # a quoted string goes on on the next line
            continue
        command = pending.split(" #")[0].strip() if "\n" not in pending else pending.strip()
        if command and not command.startswith("#"):
            commands.append(command)
        pending = ""
    assert not pending, f"an unclosed quote in a bash block: {pending!r}"
    return commands


@dataclass(frozen=True)
class Block:
    page: str
    line: int
    commands: tuple[str, ...]


def quoted_blocks() -> list[Block]:
    blocks = []
    for page in PAGES:
        for language, body, line in _blocks(page):
            if language in ("bash", "console"):
                commands = _commands(language, body)
                if commands:
                    blocks.append(Block(page.relative_to(ROOT).as_posix(), line, tuple(commands)))
    return blocks


def as_run(command: str) -> tuple[str, str]:
    """The form a quoted command is run in, and why (empty: as it is)."""
    for quick in QUICK:
        if quick.applies(command):
            return quick.form(command), quick.why
    return command, ""


BLOCKS = quoted_blocks()
COMMANDS = [c for block in BLOCKS for c in block.commands]
_LOOKS_LIKE_A_COMMAND = re.compile(r"^(\$ |\.venv/|bash |python3? |nomercy [a-z]|nice |valgrind |pip |apt-get )")


def test_commands_are_found_in_the_readme_and_the_docs() -> None:
    assert len(COMMANDS) > 20 and "bash scripts/lab" in COMMANDS and ".venv/bin/nomercy check puzzles/" in COMMANDS


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_no_command_is_quoted_outside_a_bash_or_console_block(page: Path) -> None:
    """A command in a text block would never be run by the test below: quote it in a bash block."""
    for language, body, line in _blocks(page):
        if language in ("bash", "console", "python", "yaml", "json", "toml"):
            continue
        hidden = [text for text in body.splitlines() if _LOOKS_LIKE_A_COMMAND.match(text)]
        assert not hidden, f"{page.name}:{line}: a command in a ```{language} block: {hidden}"


def test_every_command_names_the_venv_and_python3_never_python() -> None:
    """Debian has no `python`, and `nomercy` is only on the PATH after `source .venv/bin/activate`."""
    for command in COMMANDS:
        words = shlex.split(command.replace("\n", " "))
        programs = [w for w in words if not w.startswith("-")][:1] + [w for w in words if w in ("python", "nomercy")]
        assert not {"python", "nomercy"} & set(programs), f"not found with PATH={PATH}: {command}"


def test_every_quick_form_is_used_by_a_quoted_command() -> None:
    for quick in QUICK:
        assert any(quick.applies(c) for c in COMMANDS), f"no quoted command matches {quick.pattern!r}: remove it"


def _venv() -> Path:
    """The environment the set-up made: the repository's .venv, or (under PYTHON=...) this interpreter's."""
    own = ROOT / ".venv"
    return own if (own / "bin" / "python").exists() else Path(sys.prefix)


COPIED = ("nomercy", "site", "scripts", "learn", "puzzles")
"""The folders a quoted command reads by walking them or writes into (the catalogs' extract, update and compile;
the extract reads the Learn path's files too): copied, not linked. Linked, ``pybabel extract .`` found nothing behind the links and wrote an empty template
through them, and the update then emptied the repository's own catalogs."""


def _checkout(folder: Path) -> dict[str, str]:
    """A folder that is the repository as a command sees it (every top-level entry linked, and .venv), and the
    environment: PATH=/usr/bin:/bin and a fresh HOME, plus PYTHONPATH only where the .venv's package is not
    this checkout's (a git worktree sharing another checkout's .venv); in a clone it is the same."""
    for entry in ROOT.iterdir():
        if entry.name in COPIED:  # a command may write in these (pybabel extract and update): a copy takes it
            shutil.copytree(entry, folder / entry.name, symlinks=True, ignore=shutil.ignore_patterns("__pycache__"))
        elif entry.name not in (".venv", ".git"):
            (folder / entry.name).symlink_to(entry)
    (folder / ".venv").symlink_to(_venv())
    home = folder.parent / "home"
    home.mkdir(exist_ok=True)
    env = {"PATH": PATH, "HOME": str(home)}
    found = subprocess.run([str(folder / ".venv/bin/python"), "-c", "import nomercy; print(nomercy.__file__)"],
                           cwd=folder, env=env, capture_output=True, text=True, check=True).stdout.strip()
    if not Path(found).resolve().is_relative_to(ROOT.resolve()):
        env["PYTHONPATH"] = str(ROOT)
    return env


@pytest.mark.slow
@pytest.mark.parametrize("block", BLOCKS, ids=lambda b: f"{b.page}:{b.line}")
def test_each_quoted_command_works_as_written(block: Block, tmp_path: Path) -> None:
    folder = tmp_path / "nomercy"
    folder.mkdir()
    env = _checkout(folder)
    for command in block.commands:
        run, why = as_run(command)
        try:
            result = subprocess.run(["bash", "-c", run], cwd=folder, env=env, stdin=subprocess.DEVNULL,
                                    capture_output=True, text=True, timeout=LIMIT)
        except subprocess.TimeoutExpired:
            pytest.fail(f"{block.page}:{block.line}: `{run}` ran over {LIMIT} s: give it a quick form in QUICK")
        shown = f"`{command}`" + (f" (run as `{run}`: {why})" if why else "")
        assert result.returncode == 0, (f"{block.page}:{block.line}: {shown} exited {result.returncode}\n"
                                        f"{result.stdout[-1500:]}\n{result.stderr[-1500:]}")
