"""The blind probe's findings tried again, per surface, against a package tree: what each gives now (the figures of
the change that fixed them, before and after; tests/test_hostile_blind_probe.py holds the fixes).

Each try runs in a fresh process, in a fresh folder, against the tree given by ``--tree``, under a 60-second guard,
and ends as one of: clear (refused in one short line in the game's words, or done right); traceback; hang; silent
(nonsense taken without a word); unclear (refused, but in Python's or the system's words, or naming the wrong
thing); lost (a file changed that should not have); left (a file left behind after ``kill -9``).

    .venv/bin/python tests/hostile_blind_probe_tally.py                       # this tree
    git archive main nomercy scripts puzzles learn | tar -x -C /tmp/old && \\
        .venv/bin/python tests/hostile_blind_probe_tally.py --tree /tmp/old      # the tree before
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter, defaultdict
from pathlib import Path

PY_WORDS = ("Traceback", "NoneType", "KeyError", "TypeError", "ValueError", "AttributeError", "not iterable",
            "object has no attribute", "Exceeds the limit", "slice indices", "No such file or directory", "Errno",
            "None", "True", "bad operand", "unrecognized option")

API = """
import math, json, pathlib, sys
from nomercy.core.errors import NomercyError
PY_WORDS = {words!r}
def judge(call, want=None):
    try:
        result = call()
    except NomercyError as error:
        text = str(error)
        ok = "\\n" not in text and len(text) <= 400 and not any(w in text for w in PY_WORDS)
        print("clear" if ok and (want is None or want in text) else "unclear")
    else:
        print("silent" if not isinstance(result, str) else
              "clear" if "\\n" not in result and not any(w in result for w in PY_WORDS) else "unclear")
{body}
"""


def _api(body: str) -> str:
    return API.format(words=PY_WORDS, body=body)


def tries() -> list[tuple[str, str, list[str], str]]:
    """(surface, label, command after python, setup snippet); a command prints its outcome, or is judged by
    :func:`judge_command`."""
    found: list[tuple[str, str, list[str], str]] = []

    def api(surface: str, label: str, body: str) -> None:
        found.append((surface, label, ["-c", _api(body)], ""))

    for value in ("5", "3.0", "True", "b'greedy'", "['greedy']", "{'kind': 1}", "object()"):
        api("api: player kinds", f"computers={{'A': {value}}}",
            "from nomercy.play.game import Game\n"
            f"judge(lambda: Game('no-mercy', ['A', 'B'], computers={{'A': {value}}}).play_computers(), 'greedy')")
    for value in ("math.nan", "'3'", "-1", "10**30", "2.5", "True"):
        api("api: counts", f"latest_lines({value})",
            "from nomercy.play.table import TableSession\n"
            f"judge(lambda: TableSession(players=3, seed=1).latest_lines({value}), 'from 0 to')")
    for value in ("-1", "math.nan", "'3'", "10**30"):
        api("api: counts", f"play_computers(max_moves={value})",
            "from nomercy.play.game import Game\n"
            f"judge(lambda: Game('no-mercy', ['A', 'B'], computers={{'A': 'greedy', 'B': 'greedy'}})"
            f".play_computers(max_moves={value}), 'from 0 to')")
    for value in ("-1", "'3'"):
        api("api: counts", f"play_out(max_moves={value})",
            "from nomercy import new_game\nfrom nomercy.play.driver import play_out\n"
            f"judge(lambda: play_out(new_game('no-mercy', 2, seed=1), lambda s: None, max_moves={value}), 'from 0 to')")
    for value in ("None", "'A draws'", "5"):
        api("api: lists of moves", f"Game.replay({value})",
            f"from nomercy.play.game import Game\njudge(lambda: Game('no-mercy', ['A', 'B']).replay({value}), 'list')")
    for seats in ("['A', 'A']", "['A', 'a']", "['Zo\\u00e9', 'Zoe\\u0301']"):
        api("api: seat names", f"parse_move seats {seats}",
            f"from nomercy.core.moves import parse_move\njudge(lambda: parse_move('A draws', {seats}))")
    api("api: clocks and folders", "Trainer(clock=lambda: 5)",
        "import tempfile\nfrom nomercy.widgets.trainer import Trainer\n"
        "judge(lambda: Trainer(data_dir=tempfile.mkdtemp(), clock=lambda: 5), 'answered 5')")
    api("api: clocks and folders", "Trainer(data_dir=a file)",
        "from nomercy.widgets.trainer import Trainer\npathlib.Path('f').write_text('x')\n"
        "judge(lambda: Trainer(data_dir='f'), 'not a folder')")
    for value in ("'x'", "math.nan", "-1", "True"):
        api("table messages", f"advance version {value}",
            "from nomercy.play.table import TableSession\nt = TableSession(players=3, seed=1, pace=0)\n"
            f"judge(lambda: t.handle({{'type': 'advance', 'version': {value}}}) or None)")
    for label, header in (("attempts 'x'", "{'attempts': 'x'}"), ("attempts true", "{'attempts': True}"),
                          ("exported 'x'", "{'exported': 'x'}")):
        api("progress import", label,
            "from nomercy.puzzles.progress import Progress\n"
            "a = {'id': '20261201T090000Z-3fa9c1d2-1', 'puzzle': 'stack-2-4-6', 'right': False, 'hints': 1, "
            "'seconds': 42.0, 'date': '2026-12-01T09:00:42Z', 'topic': 'stacking', 'level': 'easy'}\n"
            f"t = json.dumps({{'format': 'nomercy-progress', 'version': 2, **{header}}}) + '\\n' + json.dumps(a) + '\\n'\n"
            "judge(lambda: Progress('dst').import_text(t))")
    stage = ("import pathlib, yaml, json\nfrom nomercy.puzzles.stage import default_learn_dir, check_files\n"
             "src = default_learn_dir() / '3-draw-and-stack' / 'stop-the-plus-two.yaml'\n"
             "data = yaml.safe_load(src.read_text())\n"
             "ch = pathlib.Path('l/1-t'); ch.mkdir(parents=True)\n{change}\n"
             "(ch / 'stop-the-plus-two.yaml').write_text(yaml.safe_dump(data, allow_unicode=True))\n"
             "line = next(str(r) for r in check_files(['l']) if 'stop-the-plus-two' in str(r))\n"
             "ok = line.endswith(': ok')\n"
             "print('silent' if ok else 'unclear' if 'question' in line or 'puzzle' in line else 'clear')\n")
    chapter = "(ch / 'chapter.yaml').write_text('title: T\\nabout: A.\\nstages: [stop-the-plus-two]\\n')"
    for label, change in (("no chapter.yaml", ""), ("empty task", chapter + "\ndata['task'] = ' '"),
                          ("task with U+200B", chapter + "\ndata['task'] = 'Stop\\u200b it.'"),
                          ("task of U+3164", chapter + "\ndata['task'] = '\\u3164'")):
        found.append(("stage files", label, ["-c", stage.format(change=change)], ""))
    nm = ["-m", "nomercy"]
    for label, argv in (("--workers 5001 digits", ["simulate", "--games", "1", "--workers", "9" * 5001]),
                        ("--force without --records", ["simulate", "--games", "1", "--workers", "1", "--force"]),
                        ("summary of mercy_limit=none", ["simulate", "--games", "0", "--workers", "1", "--set",
                                                          "mercy_limit=none"]),
                        ("check ''", ["check", ""]),
                        ("check one file twice", ["check", "{puzzle}", "{puzzle}"]),
                        ("list --dir ''", ["puzzle", "list", "--dir", ""]),
                        ("list --tag ''", ["puzzle", "list", "--tag", ""]),
                        ("list --topic ''", ["puzzle", "list", "--topic", ""]),
                        ("list --tag unknown", ["puzzle", "list", "--tag", "frob"]),
                        ("list --topic unknown", ["puzzle", "list", "--topic", "frob"]),
                        ("generate --out /proc/x", ["puzzle", "generate", "--count", "1", "--out", "/proc/x"])):
        found.append(("command line", label, nm + argv, ""))
    found.append(("scripts", "site_pages.py --frob", ["{tree}/scripts/site_pages.py", "--frob"], ""))
    found.append(("scripts", "check_binder --frob", ["BASH", "{tree}/scripts/check_binder", "--frob"], ""))
    for number in range(3):
        found.append(("files left", f"kill -9 of simulate --records ({number + 1})", ["KILL"] + nm + [
            "simulate", "--games", "100000", "--workers", "1", "--no-progress", "--records", "r.jsonl"], ""))
    return found


def judge_command(label: str, code: int, out: str, err: str) -> str:
    if "Traceback" in out + err:
        return "traceback"
    if label == "summary of mercy_limit=none":
        return "unclear" if "None" in out else "clear"
    if label == "check one file twice":
        return "unclear" if "also used by" in out else "clear"
    if code not in (1, 2) or not err.strip():
        return "silent"
    line = err.strip().splitlines()
    if len(line) != 1 or any(w in err for w in PY_WORDS) or len(err) > 500:
        return "unclear"
    if label == "--workers 5001 digits" and "from 1 to" not in err:
        return "unclear"
    return "clear"


def run(tree: Path, verbose: bool) -> dict[str, Counter[str]]:
    tally: dict[str, Counter[str]] = defaultdict(Counter)
    env = {**os.environ, "PYTHONPATH": str(tree)}
    puzzle = str(next((tree / "puzzles").rglob("*.yaml")))
    for surface, label, argv, setup in tries():
        with tempfile.TemporaryDirectory(prefix="probe-") as name:
            folder = Path(name)
            command = [part.replace("{tree}", str(tree)).replace("{puzzle}", puzzle) for part in argv]
            try:
                if command[0] == "KILL":
                    outcome = _killed(command[1:], folder, env)
                else:
                    command = ["bash", *command[1:]] if command[0] == "BASH" else [sys.executable, *command]
                    done = subprocess.run(command, cwd=folder, env=env, capture_output=True, timeout=60,
                                          stdin=subprocess.DEVNULL)
                    out, err = done.stdout.decode("utf-8", "replace"), done.stderr.decode("utf-8", "replace")
                    printed = out.strip().splitlines()[-1:] if command[1] == "-c" else []
                    if "Traceback" in err:
                        outcome = "traceback"
                    elif printed and printed[0] in ("clear", "silent", "unclear", "lost"):
                        outcome = printed[0]
                    else:
                        outcome = judge_command(label, done.returncode, out, err)
            except subprocess.TimeoutExpired:
                outcome = "hang"
        tally[surface][outcome] += 1
        if verbose and outcome != "clear":
            print(f"  [{surface}] {label}: {outcome}")
    return tally


def _killed(argv: list[str], folder: Path, env: dict[str, str]) -> str:
    """``kill -9`` once the run holds its records file open; what is left in its folder after."""
    run = subprocess.Popen([sys.executable, *argv], cwd=folder, env=env, stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL)
    try:
        for _ in range(600):
            try:
                if any(str(folder) in os.readlink(fd) for fd in Path(f"/proc/{run.pid}/fd").iterdir()):
                    break
            except OSError:
                pass
            time.sleep(0.05)
    finally:
        run.send_signal(signal.SIGKILL)
        run.wait()
    return "left" if any(folder.iterdir()) else "clear"


def main() -> int:
    from hostile_cli_tally import tally_main  # the tally scripts' one command line and table

    return tally_main(__doc__, run, ["clear", "traceback", "hang", "silent", "unclear", "lost", "left"], 26)

if __name__ == "__main__":
    sys.exit(main())
