"""``nomercy puzzle list|show|solve``: filters that match what the notebooks and docs quote, answers in words."""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path

import pytest

from nomercy.cli import main
from nomercy.puzzles.commands import solve_text
from conftest import collection

ROOT = Path(__file__).resolve().parent.parent
PUZZLES = list(collection())


def _quoted_commands() -> list[str]:
    """Every `nomercy puzzle list|show|solve ...` quoted in the notebooks and the docs (in backticks)."""
    texts = [p.read_text(encoding="utf-8") for p in sorted((ROOT / "docs").glob("*.md"))]
    for notebook in sorted((ROOT / "notebooks").glob("*.ipynb")):
        cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
        texts.extend("".join(cell["source"]) for cell in cells)
    found = set()
    for text in texts:
        for command in re.findall(r"`(nomercy puzzle (?:list|show|solve)[^`]*)`", text):
            if not re.search(r"\[|[A-Z]{2,}|\bID\b|\bT\b|\bL\b", command):  # a usage line, not a command
                found.add(command)
    return sorted(found)


QUOTED = _quoted_commands()


def test_the_notebooks_and_docs_quote_the_list_command():
    assert "nomercy puzzle list --topic stacking --level hard" in QUOTED


@pytest.mark.parametrize("command", QUOTED)
def test_every_quoted_command_gives_a_sensible_answer(command, capsys):
    assert main(shlex.split(command)[1:]) == 0
    out = capsys.readouterr().out
    assert not re.search(r"^0 puzzles$", out, re.M) and "No puzzle matches" not in out, out


@pytest.mark.parametrize("args, expected", [
    (["--topic", "stacking", "--level", "hard"], "bm-stack-the-four-keep-the-ten"),
    (["--kind", "best-move"], "bm-keep-your-seven"),
    (["--tag", "best-move", "--topic", "roulette"], "bm-roulette-at-twenty-three"),
    (["--tag", "rule-mercy", "--level", "hard"], "knockout-by-drawing"),
    (["--kind", "what-happens-next", "--topic", "stacking"], "stack-2-4-6"),
])
def test_list_filters_by_topic_level_kind_and_tag(args, expected, capsys):
    assert main(["puzzle", "list", *args]) == 0
    out = capsys.readouterr().out.splitlines()
    assert any(line.startswith(expected + " ") for line in out)
    count = int(out[-1].split()[0])
    assert count == len(out) - 1


def test_list_by_kind_counts_every_puzzle_once(capsys):
    counts = []
    for kind in ("what-happens-next", "best-move"):
        assert main(["puzzle", "list", "--kind", kind]) == 0
        counts.append(int(capsys.readouterr().out.splitlines()[-1].split()[0]))
    assert sum(counts) == len(PUZZLES) and counts[1] >= 20


def test_a_filter_that_matches_nothing_says_what_exists(capsys):
    assert main(["puzzle", "list", "--topic", "stacking", "--level", "hard", "--kind", "what-happens-next"]) == 0
    out = capsys.readouterr().out
    assert "0 puzzles" in out
    assert "levels with topic stacking and kind what-happens-next: easy, medium" in out


def test_a_topic_or_tag_no_puzzle_has_is_refused_naming_the_known_ones(capsys):
    """It answered "0 puzzles", as if the topic were right and the folder held none of it."""
    assert main(["puzzle", "list", "--topic", "stackin"]) == 2
    err = capsys.readouterr().err
    assert "--topic 'stackin' is no topic of these puzzles: the topics are action-cards, classic," in err
    assert "stacking" in err and len(err.splitlines()) == 1
    assert main(["puzzle", "list", "--tag", "rule-mercyy"]) == 2
    err = capsys.readouterr().err
    assert "--tag 'rule-mercyy' is no tag of these puzzles: the tags are best-move," in err and " more" in err


def test_a_bad_kind_is_refused_by_the_command_line(capsys):
    with pytest.raises(SystemExit):
        main(["puzzle", "list", "--kind", "riddle"])
    assert "best-move" in capsys.readouterr().err


@pytest.mark.parametrize("puzzle", [p for p in PUZZLES if p.kind != "best-move"], ids=lambda p: p.id)
def test_solve_says_the_answer_in_words(puzzle):
    answer = solve_text(puzzle).split("\nanswer:\n", 1)[1]
    assert not re.search(r"[{}\[\]]|\bNone\b", answer.split("\n\n")[0]), answer


def test_solve_states_each_part_of_an_answer():
    text = solve_text(next(p for p in PUZZLES if p.id == "stack-2-4-6"))
    assert "answer:\n  Cards D holds: 20\n  Cards pending: 0\n  Whose turn: A\n  Before D draws, cards D can play: none" in text
