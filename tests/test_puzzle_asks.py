"""A puzzle asks exactly what its question says, and the picture shown with the question never shows the answer.

The puzzle board asks for every part of the answer, so each part must be one the question asks for ("How
many cards does A hold, and whose turn is it?" asks for A's cards and the turn, and nothing else), and
every part the question asks for must be in the answer. The board's picture is the table before the
moves; a part it already shows, when the question's setup says otherwise, gives the answer away.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from conftest import collection
from nomercy.cli import main
from nomercy.puzzles.asks import asked, phrase, picture_problems, question_problems
from nomercy.puzzles.puzzle import Puzzle, find_puzzle
from nomercy.puzzles.story import STORY

ROOT = Path(__file__).resolve().parent.parent
STORIES = [p for p in collection() if p.puzzle_kind is STORY]


@pytest.mark.parametrize("puzzle", STORIES, ids=[p.id for p in STORIES])
def test_every_puzzle_asks_exactly_what_its_question_says(puzzle: Puzzle) -> None:
    assert question_problems(puzzle) == []
    asks = asked(puzzle.question, puzzle.players)
    fields = {field["key"]: set(field.get("seats", ())) for field in STORY.inputs(puzzle)}
    assert set(fields) <= set(asks), "the board asks for a part the question does not name"
    for key, seats in fields.items():
        assert seats <= asks[key], f"the board asks {phrase(key, sorted(seats - asks[key]))}, the question does not"


@pytest.mark.parametrize("puzzle", STORIES, ids=[p.id for p in STORIES])
def test_no_puzzles_picture_shows_its_answer(puzzle: Puzzle) -> None:
    assert picture_problems(puzzle) == []


def test_the_questions_words_are_read_part_by_part_and_seat_by_seat() -> None:
    seats = ("A", "B", "C")
    assert asked("Whose turn is it now, and what lies on top?", seats) == {"turn": set(), "top": set()}
    assert asked("B plays. How many cards does C hold?", seats) == {"hand_size": {"C"}}
    assert asked("How many cards does each player hold?", seats) == {"hand_size": {"A", "B", "C"}}
    assert asked("D draws under the top card. What happens?", seats) == {}  # the story's words ask nothing


def _lesson_one_puzzle_as_it_was(tmp_path: Path) -> Path:
    """Lesson 1's puzzle before this check: its question asked for A's cards and the turn, its answer also for
    B's cards and the cards pending, and its board showed A already at 9 cards."""
    data = yaml.safe_load((ROOT / "puzzles" / "first-card" / "classic-first-plus-two.yaml").read_text(encoding="utf-8"))
    data["question"] = ("D dealt 7 cards each and turned up a red +2. A sits on D's left. B then plays red 5. "
                        "How many cards does A hold, and whose turn is it?")
    data["answer"] = {"hand_size": {"A": 9, "B": 6}, "pending": 0, "turn": "C"}
    path = tmp_path / "classic-first-plus-two.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    return path


def test_lesson_ones_puzzle_as_it_was_is_refused_for_each_unasked_part_and_its_picture(tmp_path: Path) -> None:
    puzzle = find_puzzle(_lesson_one_puzzle_as_it_was(tmp_path))
    assert question_problems(puzzle) == [
        "its answer asks how many cards does B hold, which its question does not ask",
        "its answer asks how many cards are pending, which its question does not ask",
    ]
    assert picture_problems(puzzle) == [
        "its picture shows the answer to how many cards does A hold (9) before any move is made"]


def test_a_question_that_asks_what_the_answer_lacks_is_refused(tmp_path: Path) -> None:
    data = yaml.safe_load((ROOT / "puzzles" / "first-card" / "first-skip-number.yaml").read_text(encoding="utf-8"))
    data["question"] += " Which color is in force?"
    path = tmp_path / "first-skip-number.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    assert question_problems(find_puzzle(path)) == [
        "its question asks which color is in force, which its answer does not hold"]


def test_nomercy_check_says_each_finding_in_one_line_naming_the_file(tmp_path: Path, capsys) -> None:
    path = _lesson_one_puzzle_as_it_was(tmp_path)
    assert main(["check", str(path)]) == 1
    out = capsys.readouterr().out
    line = next(line for line in out.splitlines() if line.startswith("classic-first-plus-two:"))
    assert line.count(f"{path}: ") == 3
    assert "how many cards are pending, which its question does not ask" in line
    assert "its picture shows the answer to how many cards does A hold (9)" in line


def test_nomercy_check_passes_the_shipped_puzzles(capsys) -> None:
    assert main(["check", str(ROOT / "puzzles")]) == 0


def test_every_answer_key_has_the_words_that_ask_it() -> None:
    """A new answer key brings the words a question asks it with (its ``asked_by`` and ``asks``): without them
    ``nomercy check`` could not say what a question leaves out. ``before`` holds other keys and is asked by them."""
    from nomercy.puzzles import asks
    from nomercy.puzzles.answers import ANSWER_KEYS

    for key in ANSWER_KEYS:
        if key == "before":
            continue
        assert key in asks.ASKED_BY, f"asks.ASKED_BY has no words for the answer key {key}"
        assert asks.phrase(key, ["A"]) and asks.phrase(key, []), key
