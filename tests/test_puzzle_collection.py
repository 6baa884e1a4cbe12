"""The puzzle collection in ``puzzles/``: it checks, it covers the rulings, and no puzzle is empty."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from nomercy.cli import main
from nomercy.puzzles.generate import generate_puzzles
from nomercy.puzzles.answers import mismatches
from nomercy.puzzles.puzzle import (
    Puzzle,
    check_answer,
    check_paths,
    default_puzzle_dir,
    load_puzzles,
)
from nomercy.core.rulebook import RULINGS
from nomercy.core.rules import OPTIONS

PUZZLES = load_puzzles(default_puzzle_dir())
BY_ID = {p.id: p for p in PUZZLES}
REPLAYED = [p for p in PUZZLES if p.kind != "best-move"]  # best-move puzzles: tests/test_puzzle_best_move.py


def tags_of(puzzle: Puzzle) -> set[str]:
    raw = Path(puzzle.path).read_text(encoding="utf-8") if puzzle.path else ""
    match = re.search(r"^tags:\s*\[(.*)\]", raw, re.M)
    found = {t.strip() for t in match.group(1).split(",")} if match else set()
    match = re.search(r"^tags:\s*\n((?:\s*-.*\n)+)", raw, re.M)
    if match:
        found |= {line.strip()[1:].strip() for line in match.group(1).splitlines()}
    return found


def test_the_collection_is_large_and_every_puzzle_has_a_topic_and_level():
    assert len(PUZZLES) >= 80
    assert len(BY_ID) == len(PUZZLES), "puzzle ids are unique"
    for puzzle in PUZZLES:
        assert puzzle.topic, puzzle.id
        assert puzzle.level in ("easy", "medium", "hard"), puzzle.id
        assert puzzle.explanation, puzzle.id


def test_nomercy_check_passes_on_the_collection(capsys):
    assert main(["check", str(default_puzzle_dir())]) == 0
    out = capsys.readouterr().out.strip().splitlines()
    assert out[-1] == f"{len(PUZZLES)} passed, 0 failed"


@pytest.mark.parametrize("puzzle", REPLAYED, ids=lambda p: p.id)
def test_no_puzzle_is_satisfied_by_doing_nothing(puzzle: Puzzle):
    keys = {k: v for k, v in puzzle.answer.items() if k != "illegal"}
    assert keys, f"{puzzle.id} needs an answer key besides illegal"
    start = puzzle.position()
    assert mismatches(start, keys), f"{puzzle.id}: the answer already holds before any move"


@pytest.mark.parametrize("puzzle", REPLAYED, ids=lambda p: p.id)
def test_a_wrong_answer_is_caught(puzzle: Puzzle):
    final, _ = puzzle.solution()
    wrong = {"turn": final.seats[(final.turn + 1) % len(final.seats)]}
    assert check_answer(puzzle, wrong)


def test_every_ruling_has_two_puzzles_and_every_option_a_pair():
    counts: Counter[str] = Counter()
    for puzzle in PUZZLES:
        counts.update(tags_of(puzzle))
    # no real table reaches a dead end or the move limit (test_hostile_core.py plays to it); the deck is counted
    # in test_decks.py
    unreachable = {"dead-end", "move-limit", "deck"}
    for ruling in RULINGS:
        if ruling in unreachable:
            continue
        assert counts[f"rule-{ruling}"] >= 2, f"ruling {ruling} has {counts[f'rule-{ruling}']} puzzles"
    not_in_a_position = {"deck", "players", "hand_size", "score_target"}
    for option in OPTIONS:
        if option in not_in_a_position:
            continue
        assert counts[f"option-{option}"] >= 2, f"option {option} needs a pair of puzzles"


@pytest.mark.parametrize(
    "source, example",
    [
        ("manual-reading-zh", "round 1"),
        ("manual-reading-zh", "round 2"),
        ("manual-reading-zh", "round 3"),
        ("manual-reading-zh", "roulette"),
        ("manual-reading-zh", "two-player"),
        ("manual-reading-fr", "+4"),
        ("open-mercy", ""),
        ("swedish-guide", ""),
        ("classic-rules", "challenge"),
        ("classic-rules", "UNO"),
        ("classic-rules", "two"),
    ],
)
def test_the_worked_examples_of_the_sources_are_puzzles(source: str, example: str):
    matching = [p for p in PUZZLES if p.source.startswith(source + ",") and example.lower() in p.source.lower()]
    assert matching, f"no puzzle cites {source} {example}"


def test_generated_puzzles_check_and_are_rated():
    puzzles = generate_puzzles("no-mercy", count=4, seed=11)
    assert len(puzzles) == 4
    for data in puzzles:
        puzzle = Puzzle.from_dict(data)
        assert puzzle.check() == []
        assert puzzle.source == "generated"
        assert puzzle.level in ("easy", "medium", "hard")


def test_generate_command_writes_puzzles_that_check(tmp_path, capsys):
    assert main(["puzzle", "generate", "--rules", "no-mercy", "--count", "3", "--seed", "5", "--out", str(tmp_path)]) == 0
    assert len(list(tmp_path.glob("*.yaml"))) == 3
    assert all(r.ok for r in check_paths([tmp_path]))


def test_puzzle_commands_list_show_and_solve(capsys):
    assert main(["puzzle", "list", "--topic", "stacking", "--level", "easy"]) == 0
    listing = capsys.readouterr().out
    assert "stack-2-4-6" in listing
    assert main(["puzzle", "show", "stack-2-4-6"]) == 0
    shown = capsys.readouterr().out
    assert "question:" in shown and "hand_size" not in shown  # the answer stays hidden
    assert main(["puzzle", "solve", "stack-2-4-6"]) == 0
    solved = capsys.readouterr().out
    assert "D draws 12 cards" in solved and "[ruling stacking]" in solved
    assert main(["puzzle", "show", "no-such-puzzle"]) == 2


def test_broken_puzzle_files_fail_cleanly(tmp_path, capsys):
    (tmp_path / "not-yaml.yaml").write_text("id: x\nrules: [\n")
    (tmp_path / "unknown-seat.yaml").write_text(
        "id: unknown-seat\ntitle: t\nsource: original\nrules: no-mercy\nplayers: [A, B]\nturn: Z\n"
        "discard: red 5\nhands: {A: [red 1], B: [red 2]}\nmoves: []\nquestion: q\nanswer: {turn: A}\n"
    )
    (tmp_path / "unknown-card.yaml").write_text(
        "id: unknown-card\ntitle: t\nsource: original\nrules: no-mercy\nplayers: [A, B]\nturn: A\n"
        "discard: red 5\nhands: {A: [purple 1], B: [red 2]}\nmoves: []\nquestion: q\nanswer: {turn: A}\n"
    )
    (tmp_path / "too-many.yaml").write_text(
        "id: too-many\ntitle: t\nsource: original\nrules: no-mercy\nplayers: [A, B]\nturn: A\n"
        "discard: wild +10\ncolor: red\nhands: {A: [wild +10, wild +10, wild +10, wild +10], B: [red 2]}\n"
        "moves: []\nquestion: q\nanswer: {turn: A}\n"
    )
    (tmp_path / "unknown-key.yaml").write_text(
        "id: unknown-key\ntitle: t\nsource: original\nrules: no-mercy\nplayers: [A, B]\nturn: A\n"
        "discard: red 5\nhands: {A: [red 1], B: [red 2]}\nmoves: []\nquestion: q\nanswer: {turn: A}\nfoo: 1\n"
    )
    assert main(["check", str(tmp_path)]) == 1
    lines = capsys.readouterr().out.strip().splitlines()
    assert lines[-1] == "0 passed, 5 failed"
    text = "\n".join(lines)
    assert "not valid YAML" in text
    assert "unknown seat 'Z'" in text
    assert "unknown card 'purple 1'" in text
    assert "5 copies of wild +10" in text and "has 4" in text
    assert "unknown key foo" in text
