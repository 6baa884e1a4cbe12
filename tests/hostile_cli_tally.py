"""A fixed list of hostile tries at the command line, the terminal table, saves, progress and puzzle files and
the scripts, and what each one gives, tallied per surface (issue 37's before/after figures).

Each try runs in a fresh process, in a fresh folder, against the package tree given by ``--tree`` (so the same
list runs against an older commit), under a 60-second guard, and ends as one of:

* clear: refused in one short line in the game's words, or (a valid input) done;
* traceback: a Python traceback; hang: still running at the guard;
* silent: nonsense taken for something else without a word (``²`` for a number, ``quit`` for no, a typo of a
  flag that runs the script); unclear: refused, but in Python's words or repeating the whole input;
* lost: a file changed that should not have (a refused start that saved, a link replaced, the docs rewritten).

    .venv/bin/python tests/hostile_cli_tally.py                      # this tree
    git archive main nomercy scripts docs puzzles | tar -x -C /tmp/old && \\
        .venv/bin/python tests/hostile_cli_tally.py --tree /tmp/old     # the tree before
"""

from __future__ import annotations

import argparse
import hashlib
import os
import subprocess
import sys
import tempfile
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any, Callable

PY_WORDS = ("Traceback", "\\udc", "invalid literal", "NoneType", "KeyError", "TypeError", "ValueError",
            "object has no attribute", "Exceeds the limit", "got multiple values")

Judge = Callable[[int, str, str, Path], str]


def refused(code: int, out: str, err: str, folder: Path) -> str:
    """A refusal expected: status 2 and one short line in the game's words."""
    text = err + out
    if "Traceback" in text:
        return "traceback"
    if code != 2:
        return "silent"
    if any(w in err for w in PY_WORDS) or len(err.strip().splitlines()) != 1 or len(err) > 400:
        return "unclear"
    return "clear"


def table_refuses(code: int, out: str, err: str, folder: Path) -> str:
    """A line at the table expected to be refused: one ``! `` line, in the game's words, the input kept short."""
    if "Traceback" in out + err:
        return "traceback"
    said = [line for line in out.split("\n") if "! " in line]
    if not said:
        return "silent"
    if any(any(w in line for w in PY_WORDS) or len(line) > 400 or "\x1b" in line for line in said):
        return "unclear"
    return "clear"


def left(code: int, out: str, err: str, folder: Path) -> str:
    """The snippet prints LEFT when the person left at the prompt, ASKED AGAIN when quit was taken for an answer."""
    if "Traceback" in out + err:
        return "traceback"
    return "clear" if "LEFT" in out else "silent"


def unchanged(name: str, judge: Judge = refused) -> Judge:
    """``judge``, and the save ``name`` (written by the try's setup, its digest in ``.digest``) must be unchanged."""
    def check(code: int, out: str, err: str, folder: Path) -> str:
        if (folder / ".digest").exists() and (not (folder / name).exists()
                                              or _digest(folder / name) != (folder / ".digest").read_text()):
            return "lost"
        return judge(code, out, err, folder)
    return check


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


SAVE = """
from nomercy.play.game import Game
from nomercy.play.saved_game import SavedGame
import hashlib, pathlib
SavedGame('{name}').write(Game('{rules}', {seats}, seed=3).record())
pathlib.Path('.digest').write_text(hashlib.sha256(pathlib.Path('{name}').read_bytes()).hexdigest())
"""

PROMPT = """
from nomercy.play.terminal import TerminalTable
end = {end!r}
for seed in range(300):
    asked = []
    def read(prompt):
        asked.append(prompt)
        if len(asked) > 500:
            raise EOFError
        if any(p.endswith(end) for p in asked[:-1]):
            print("ASKED AGAIN"); raise EOFError
        if prompt.endswith(end):
            return {answer!r}
        return "uno" if prompt.endswith("press Enter> ") else "yes" if "(yes/no)" in prompt else "1"
    TerminalTable("no-mercy", ["human", "greedy"], seed=seed, coach={coach}, read=read, write=lambda _: None).run()
    if any(p.endswith(end) for p in asked):
        print("LEFT" if asked[-1].endswith(end) else "ASKED AGAIN")
        break
"""

PROGRESS = """
from nomercy.puzzles.progress import Progress
import pathlib
source = Progress('src'); source.record('p1', right=True); source.record('p2', right=False)
text = source.export()
{body}
"""


def tries() -> list[tuple[str, str, list[str], bytes, str, Judge]]:
    """(surface, label, command after python, standard input, setup snippet, judge)."""
    play = ["-m", "nomercy", "play"]
    found: list[tuple[str, str, list[str], bytes, str, Judge]] = []

    def add(surface: str, label: str, argv: list[str], judge: Judge, typed: bytes = b"", setup: str = "") -> None:
        found.append((surface, label, argv, typed, setup, judge))

    for label, argv in [("players 100000", ["--players", "100000"]), ("players 10**30", ["--players", str(10**30)]),
                        ("players 5000 digits", ["--players", "9" * 5000]), ("players ²", ["--players", "²"]),
                        ("set players=2-2", ["--set", "players=2-2"]),
                        ("set hand_size twice", ["--set", "hand_size=7", "--set", "hand_size=9"]),
                        ("bots ''", ["--bots", ""]), ("bots 'greedy,'", ["--bots", "greedy,"]),
                        ("seed 2**63", ["--seed", str(2**63)]), ("seed twice", ["--seed", "1", "--seed", "2"]),
                        ("daily week date", ["--daily", "2026-W49-1"]), ("daily 20261203", ["--daily", "20261203"]),
                        ("daily 2026-02-30", ["--daily", "2026-02-30"]), ("--see (abbreviation)", ["--see", "1"]),
                        ("save .", ["--save", "."])]:
        add("cli play options", label, play + argv, unchanged("none"))
    for label, line in [("²", "²".encode()), ("①", "①".encode()), ("٣", "٣".encode()), ("5000 digits", b"9" * 5000),
                        ("not UTF-8", b"\xff\xfe"), ("3000 characters", b"x" * 3000), ("escape codes", b"\x1b[2Jred 7"),
                        ("NUL", b"a\x00b"), ("zero-width", "\u200b".encode()), ("0", b"0")]:
        add("prompt: move", line.decode("utf-8", "replace")[:20] if label == "0" else label, play + ["--seed", "1"],
            table_refuses, typed=line + b"\n")
    for kind, end, coach in [("uno", "press Enter> ", False), ("coach", "Play it anyway? (yes/no)> ", True),
                             ("round", "Another round? (yes/no)> ", False)]:
        for answer in ("quit", "QUIT", "exit"):
            add(f"prompt: {kind}", answer, ["-c", PROMPT.format(end=end, answer=answer, coach=coach)], left)
    for label, seats, argv in [("two people", ["Ann", "Bo", "Greedy"], []), ("no person", ["Greedy", "Random"], []),
                               ("other rules", ["Player", "Greedy", "Greedy2"], ["--rules", "classic"]),
                               ("other --set", ["Player", "Greedy", "Greedy2"], ["--set", "hand_size=9"]),
                               ("other players", ["Player", "Greedy", "Greedy2"], ["--players", "4"]),
                               ("other seed", ["Player", "Greedy", "Greedy2"], ["--seed", "4"]),
                               ("daily on an ordinary save", ["Player", "Greedy", "Greedy2"], ["--daily", "2026-12-03"])]:
        add("saves", label, play + [*argv, "--save", "g.json"], unchanged("g.json"), typed=b"1\n1\n",
            setup=SAVE.format(name="g.json", rules="no-mercy", seats=seats))
    link_setup = SAVE.format(name="real.json", rules="no-mercy", seats=["Player", "Greedy", "Greedy2"]) + \
        "\nimport os; os.symlink('real.json', 'g.json')"
    add("saves", "a symbolic link", play + ["--save", "g.json"], _link_followed, typed=b"1\nquit\n", setup=link_setup)
    add("saves", "a folder", play + ["--save", "g.json"], refused, setup="import os; os.mkdir('g.json')")
    for label, body in [
            ("folder is a file", "pathlib.Path('dst').mkdir(); pathlib.Path('dst/progress').write_text('x')\n"
                                 "Progress('dst').import_text(text)"),
            ("two attempts, one id", "import json\nh, a, b = text.rstrip().split('\\n')\n"
                                     "c = json.dumps({**json.loads(a), 'right': not json.loads(a)['right']})\n"
                                     "n = Progress('dst').import_text('\\n'.join([h, a, c]) + '\\n')\n"
                                     "print('imported', n)"),
            ("export as bytes", "print('imported', Progress('dst').import_text(text.encode()))")]:
        add("progress import", label, ["-c", PROGRESS.format(body=body)], _progress_judge(label))
    for label, change in [("variant value a list", "variant: {players: [2, 4]}\n"),
                          ("red 5 with blue in force", "discard: red 5\ncolor: blue\n")]:
        puzzle = _PUZZLE + change
        add("puzzle files", label, ["-m", "nomercy", "check", "p"], _puzzle_judge,
            setup=f"import pathlib; pathlib.Path('p').mkdir(); pathlib.Path('p/bad.yaml').write_text({puzzle!r})")
    for script, flag in [("write_docs.py", "--help"), ("write_docs.py", "--chek"), ("print_rule_card.py", "--help"),
                         ("print_rule_card.py", "--chek"), ("lab_smoke.py", "--help"), ("pictures.py", "--help"),
                         ("hostile_core_tally.py", "--help"), ("store_notebook_outputs.py", "--timeout=²")]:
        add("scripts", f"{script} {flag}", ["{tree}/scripts/" + script, flag], _script_judge(flag))
    return found


_PUZZLE = """id: bad
title: t
source: manual-reading-fr, x
rules: no-mercy
players: [A, B]
turn: A
hands:
  A: [green 2]
  B: [green 8]
moves: []
question: q?
answer: {turn: A}
"""


def _link_followed(code: int, out: str, err: str, folder: Path) -> str:
    if "Traceback" in out + err:
        return "traceback"
    if not (folder / "g.json").is_symlink() or _digest(folder / "real.json") == (folder / ".digest").read_text():
        return "lost"
    return "clear"


def _progress_judge(label: str) -> Judge:
    def check(code: int, out: str, err: str, folder: Path) -> str:
        if label == "export as bytes":  # a valid export: imported, or refused wrongly
            return "clear" if "imported 2" in out else "traceback" if "ProgressFileError" not in err else "silent"
        if "Traceback" in err:  # an uncaught refusal is how the API answers; any other error is a crash
            return "clear" if "ProgressFileError" in err and "KeyError" not in err else "traceback"
        return "silent"  # two attempts under one id imported, one dropped without a word
    return check


def _puzzle_judge(code: int, out: str, err: str, folder: Path) -> str:
    if "Traceback" in out + err:
        return "traceback"
    return "clear" if code == 1 and "0 passed, 1 failed" in out else "silent"


def _script_judge(flag: str) -> Judge:
    def check(code: int, out: str, err: str, folder: Path) -> str:
        if "Traceback" in out + err:
            return "traceback"
        if (folder / ".docs-changed").exists():
            return "lost"
        if flag == "--help":
            return "clear" if code == 0 and out.startswith("usage:") else "silent"
        return "clear" if code == 2 and len(err.splitlines()) == 1 else "silent"
    return check


def run(tree: Path, verbose: bool) -> dict[str, Counter[str]]:
    tally: dict[str, Counter[str]] = defaultdict(Counter)
    env = {**os.environ, "PYTHONPATH": str(tree), "NOMERCY_TODAY": "2026-12-03"}
    docs = tree / "docs"
    for surface, label, argv, typed, setup, judge in tries():
        with tempfile.TemporaryDirectory(prefix="tally-") as name:
            folder = Path(name)
            if setup:
                subprocess.run([sys.executable, "-c", setup], cwd=folder, env=env, check=True, capture_output=True)
            before = {p: p.stat().st_mtime_ns for p in docs.rglob("*") if p.is_file()} if docs.is_dir() else {}
            command = [sys.executable, *[part.replace("{tree}", str(tree)) for part in argv]]
            try:
                done = subprocess.run(command, input=typed, cwd=folder, env=env, capture_output=True, timeout=60)
                code, out, err = done.returncode, done.stdout.decode("utf-8", "replace"), \
                    done.stderr.decode("utf-8", "replace")
                after = {p: p.stat().st_mtime_ns for p in docs.rglob("*") if p.is_file()} if docs.is_dir() else {}
                if after != before:
                    (folder / ".docs-changed").write_text("")
                outcome = judge(code, out, err, folder)
            except subprocess.TimeoutExpired:
                outcome = "hang"
        tally[surface][outcome] += 1
        if verbose and outcome != "clear":
            print(f"  [{surface}] {label}: {outcome}")
    return tally


def tally_main(doc: str, run: Any, columns: list[str], width: int) -> int:
    """A tally script's command line (``--tree``, ``-v``) and its table: a row a surface, a column an outcome."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--tree", type=Path, default=Path(__file__).resolve().parent.parent,
                        help="the folder holding the nomercy package to try (default: this one)")
    parser.add_argument("-v", "--verbose", action="store_true", help="name every try that is not clear")
    args = parser.parse_args()
    tally = run(args.tree.resolve(), args.verbose)
    print(f"{'surface':{width}} {'tried':>6} " + " ".join(f"{c:>9}" for c in columns))
    total: Counter[str] = Counter()
    for surface, counts in tally.items():
        total.update(counts)
        print(f"{surface:{width}} {sum(counts.values()):>6} " + " ".join(f"{counts[c]:>9}" for c in columns))
    print(f"{'TOTAL':{width}} {sum(total.values()):>6} " + " ".join(f"{total[c]:>9}" for c in columns))
    return 0


def main() -> int:
    return tally_main(__doc__, run, ["clear", "traceback", "hang", "silent", "unclear", "lost"], 20)


if __name__ == "__main__":
    sys.exit(main())
