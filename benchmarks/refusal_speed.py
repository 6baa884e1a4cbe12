"""How long the package takes to refuse hostile input: the times the tests used to assert, measured here.

Run from the repository root::

    .venv/bin/python benchmarks/refusal_speed.py              # 20 repetitions of each case
    .venv/bin/python benchmarks/refusal_speed.py --repeat 3   # a quick look (the smoke test's run)

The tests check that each input is refused in one clear line (``tests/test_bad_input.py``,
``tests/test_puzzle_loader_fuzz.py``, ``tests/test_cli_errors.py``); how long that takes is a
figure, not a pass or a fail, so it is measured here: a move of 80,000 characters, the longest
move the parser reads, a YAML file whose aliases would expand to a billion values, brackets nested
2,000 deep, and ``nomercy check`` of a folder holding one broken and one good puzzle. Each row is
the median and the worst of ``--repeat`` wall-clock timings (``time.perf_counter``). This file
asserts nothing and is not part of the test suite.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import statistics
import tempfile
import time
from pathlib import Path
from typing import Callable

from nomercy import NomercyError
from nomercy.cli import main as nomercy_command
from nomercy.core.moves import parse_move
from nomercy.puzzles.yaml_reader import parse_puzzle_yaml

GOOD_PUZZLE = """id: fine
title: a good puzzle
source: original
rules: classic
players: [A, B]
turn: A
discard: red 5
hands: {A: [red 6, blue 1], B: [green 2]}
moves: [A plays red 6]
question: Whose turn is it?
answer: {turn: B}
"""


def _refused(action: Callable[[], object]) -> Callable[[], None]:
    def run() -> None:
        try:
            action()
        except NomercyError:
            return
        raise SystemExit("the input was accepted: this benchmark expects a refusal")
    return run


def _laughs(width: int = 10, levels: int = 9) -> str:
    lines = [f"hints: &l0 [{', '.join(['lol'] * width)}]"]
    lines += [f"k{i}: &l{i} [{', '.join([f'*l{i - 1}'] * width)}]" for i in range(1, levels)]
    return "\n".join(lines)


def _check_folder(folder: Path) -> Callable[[], None]:
    def run() -> None:
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            if nomercy_command(["check", str(folder)]) != 1:
                raise SystemExit("nomercy check passed a broken file: this benchmark expects one failure")
    return run


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=20, help="timings of each case (default 20)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        (folder / "fine.yaml").write_text(GOOD_PUZZLE, encoding="utf-8")
        (folder / "broken.yaml").write_text(GOOD_PUZZLE.replace("id: fine", "id: broken")
                                            + "hints: " + "[" * 2000 + "]" * 2000 + "\n", encoding="utf-8")
        cases: list[tuple[str, Callable[[], None]]] = [
            ("a move of 80,000 characters", _refused(lambda: parse_move("A plays " + "red 7 swapping with " * 4000, "AB"))),
            ("the longest move the parser reads, unreadable", _refused(lambda: parse_move("A plays " + "x " * 140, "AB"))),
            ("YAML aliases that would expand to 10^9 values", _refused(lambda: parse_puzzle_yaml(_laughs(), "laughs.yaml"))),
            ("brackets nested 2,000 deep", _refused(lambda: parse_puzzle_yaml("hints: " + "[" * 2000 + "]" * 2000, "deep.yaml"))),
            ("nomercy check: one broken file, one good", _check_folder(folder)),
        ]
        print(f"{'case':48s} {'median':>9s} {'worst':>9s}   ({args.repeat} timings each)")
        for name, run in cases:
            run()  # warm up: imports and first calls
            times = []
            for _ in range(args.repeat):
                started = time.perf_counter()
                run()
                times.append(time.perf_counter() - started)
            print(f"{name:48s} {statistics.median(times) * 1000:7.1f}ms {max(times) * 1000:7.1f}ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
