"""Notebook 10's boards and the appendix's answers read one list: each topic's board puzzle."""

from __future__ import annotations

from nomercy.puzzles.puzzle import load_puzzles
from nomercy.teaching.boards import BOARD_PUZZLES
from nomercy.teaching.lessons import TOPIC_NOTEBOOKS


def test_every_topic_has_one_board_puzzle_of_that_topic():
    by_id = {puzzle.id: puzzle for puzzle in load_puzzles()}
    assert set(BOARD_PUZZLES) == {puzzle.topic for puzzle in by_id.values()}
    assert set(TOPIC_NOTEBOOKS) <= set(BOARD_PUZZLES)
    for topic, puzzle_id in BOARD_PUZZLES.items():
        assert by_id[puzzle_id].topic == topic, puzzle_id


def test_both_notebooks_take_their_puzzles_from_the_list():
    import json
    from pathlib import Path
    for name in ("10-puzzles.ipynb", "12-appendix.ipynb"):
        cells = json.loads((Path(__file__).parents[1] / "notebooks" / name).read_text())["cells"]
        code = "\n".join("".join(cell["source"]) for cell in cells if cell["cell_type"] == "code")
        assert "BOARD_PUZZLES" in code, name
        assert "PuzzleBoard(\"" not in code, name
