"""Every benchmark script runs as benchmarks/README.md says, in a quick form of a second or so.

The scripts assert nothing about speed and are not tests; this only shows that each one still runs
against today's package (they use its public API, so a change that breaks one shows here), and that
the README's table names every script. Marked ``slow`` (a dozen Python processes): ``pytest -m slow``.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parent.parent
BENCHMARKS = ROOT / "benchmarks"

# The quick form of each script: the same code path at a tiny size. ``{tmp}`` is a fresh folder.
QUICK = {
    "coach_honesty.py": ["--quick"],
    "coach_speed.py": ["--budgets", "4"],
    "compare_engines.py": ["HEAD", "--rounds", "1", "--games", "2"],
    "engine_speed.py": ["--games", "2"],
    "expert_speed.py": ["--decisions", "1", "--iterations", "20"],
    "hand_knowledge.py": ["--games", "1"],
    "hand_size_odds.py": ["--games", "20"],
    "hostile_page_tally.py": ["--tries", "1"],  # needs the built site, as site_speed.py does
    "instruction_count.py": ["--games", "2", "--no-valgrind"],
    "kept_agreement.py": ["--rounds", "1"],
    "learn_reading.py": ["--chapter", "draw-and-stack"],  # a chapter with a stage of steps (draw, then play)
    "paired.py": ["{tmp}/first.jsonl", "{tmp}/second.jsonl", "--bot", "greedy"],
    "profile_engine.py": ["--games", "2", "--top", "3"],
    "refusal_speed.py": ["--repeat", "3"],
    "simulation_speed.py": ["--games", "4", "--expert-games", "1"],
    "site_speed.py": ["--visits", "1", "--no-decisions"],  # needs the built site (scripts/test builds it first)
    "soak.py": ["--games", "28", "--log", "{tmp}/soak.jsonl"],
    "trainer_speed.py": ["--attempts", "0,10", "--serve", "2"],
    "warning_speed.py": ["--moves", "1", "--no-pyodide"],
}


def test_every_script_has_a_quick_run_and_a_row_in_the_readme() -> None:
    scripts = sorted(p.name for p in BENCHMARKS.glob("*.py"))
    assert scripts == sorted(QUICK)
    rows = set(re.findall(r"^\| `(\w+\.py)`", (BENCHMARKS / "README.md").read_text(encoding="utf-8"), re.M))
    assert rows == set(QUICK), f"scripts without a row: {set(QUICK) - rows}; rows without a script: {rows - set(QUICK)}"


def _records(folder: Path) -> None:
    """Two runs of one seed with different players, as paired.py expects."""
    for name, bots in (("first", "greedy,random"), ("second", "greedy,greedy")):
        subprocess.run([sys.executable, "-m", "nomercy", "simulate", "--rules", "no-mercy", "--players", "2",
                        "--bots", bots, "--rotate", "--games", "4", "--seed", "1",
                        "--records", str(folder / f"{name}.jsonl")], check=True, capture_output=True, timeout=300)


@pytest.mark.parametrize("script", sorted(QUICK))
def test_the_script_runs_in_its_quick_form(script: str, tmp_path: Path) -> None:
    if script == "compare_engines.py" and not (ROOT / ".git").exists():
        pytest.skip("compare_engines.py reads an earlier commit: it needs a git checkout")
    if script in ("site_speed.py", "hostile_page_tally.py") and not (ROOT / "_site" / "index.html").exists():
        reason = f"{script} opens the built site: run 'bash scripts/site' first (bash scripts/test does)"
        pytest.fail(reason) if os.environ.get("CI", "").lower() == "true" else pytest.skip(reason)
    if script == "paired.py":
        _records(tmp_path)
    args = [arg.replace("{tmp}", str(tmp_path)) for arg in QUICK[script]]
    done = subprocess.run([sys.executable, str(BENCHMARKS / script), *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=600)
    assert done.returncode == 0, f"{script} {' '.join(args)}:\n{done.stdout[-2000:]}\n{done.stderr[-2000:]}"
    assert (done.stdout + done.stderr).strip(), f"{script} printed nothing"  # the soak reports on stderr


@pytest.mark.parametrize("chapter", ["nope", "", "x" * 5000, "mercy; rm -rf /"])
def test_the_learning_path_measure_refuses_a_chapter_that_is_none_in_one_line(chapter: str) -> None:
    done = subprocess.run([sys.executable, str(BENCHMARKS / "learn_reading.py"), "--chapter", chapter], cwd=ROOT,
                          capture_output=True, text=True, timeout=300)
    said = done.stderr.strip().splitlines()
    assert done.returncode == 2 and not done.stdout, done.stdout
    assert said[-1].startswith("learn_reading.py: error: a chapter of the path is one of match, "), said
    assert "Traceback" not in done.stderr and "Error" not in said[-1].split("error:", 1)[1], said
