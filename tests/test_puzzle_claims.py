"""Answer keys that pin a story: ``playable``, ``draw_pile_size`` and ``before``.

A story that its own position contradicts must fail ``nomercy check`` (classic-opening once said B had
no 2 while B held a green 2), and a key written wrong is a broken puzzle, refused in one line.
"""

from __future__ import annotations

from typing import Any

import pytest

from nomercy.puzzles.asks import PER_SEAT, phrase
from nomercy.core.errors import PuzzleError
from nomercy.puzzles.puzzle import Puzzle, check_answer, default_puzzle_dir, load_puzzle

OPENING = next(default_puzzle_dir().rglob("classic-opening.yaml"))


def puzzle(**changes: Any) -> Puzzle:
    data: dict[str, Any] = {
        "id": "claims", "title": "Claims", "source": "original", "rules": "no-mercy",
        "players": ["A", "B", "C"], "turn": "A", "discard": "red 5",
        "hands": {"A": ["red +2", "blue 3"], "B": ["blue +4", "green 1"], "C": ["yellow 9", "green 2", "red 2"]},
        "draw_pile": ["blue 7", "red 9"],
        "moves": ["A plays red +2", "B plays blue +4", "C draws"],
        "question": "?", "answer": {"hand_size": {"C": 9}},
    }
    data.update(changes)
    if "question" not in changes:  # the question asks exactly the answer's parts (nomercy.puzzles.asks)
        data["question"] = " ".join(f"{phrase(key, [str(s) for s in value] if key in PER_SEAT else [])}?"
                                    for key, value in data["answer"].items() if key != "before") or "?"
    return Puzzle.from_dict(data)


def test_playable_lists_each_card_a_seat_could_play_now():
    p = puzzle(moves=["A plays red +2"], answer={"playable": {"B": ["blue +4"], "A": [], "C": []}})
    assert p.check() == []
    assert [str(m) for m in check_answer(p, {"playable": {"B": []}})] == ["playable.B expected none, got blue +4"]


def test_playable_of_the_seat_to_move_is_what_fits_and_a_copy_counts_once():
    p = puzzle(hands={"A": ["red 1", "red 1", "blue 5", "green 3"], "B": ["green 1"], "C": ["yellow 9"]},
               moves=["A plays red 1"], answer={"turn": "B"})
    assert check_answer(p, {"before": {"A plays red 1": {"playable": {"A": ["red 1", "blue 5"]}}}}) == []
    assert check_answer(p, {"before": {"A plays red 1": {"playable": {"A": ["red 1", "red 1", "blue 5"]}}}}) == []


def test_before_checks_a_claim_in_the_position_just_before_a_move():
    p = puzzle(answer={"hand_size": {"C": 9}, "before": {"C draws": {"playable": {"C": []}, "pending": 6}}})
    assert p.check() == []
    wrong = check_answer(p, {"before": {"C draws": {"playable": {"C": ["red 2"]}}}})
    assert [m.part for m in wrong] == ["before.C draws.playable.C"]
    assert str(wrong[0]) == "before 'C draws': playable.C expected red 2, got none"
    assert wrong[0].words() == "Before C draws, cards C can play: you answered red 2, but it is none."


def test_draw_pile_size_counts_the_draw_pile():
    p = puzzle(answer={"draw_pile_size": 166, "before": {"A plays red +2": {"draw_pile_size": 166}}})
    assert [str(m) for m in check_answer(p, p.answer)] == [
        f"before 'A plays red +2': draw_pile_size expected 166, got {len(p.position().draw_pile)}",
        f"draw_pile_size expected 166, got {len(p.solution()[0].draw_pile)}"]
    assert len(p.position().draw_pile) - len(p.solution()[0].draw_pile) == 6


def test_a_story_its_position_contradicts_fails_the_check(tmp_path):
    """The old classic-opening: B 'has no yellow and no 2' while holding a green 2."""
    text = OPENING.read_text(encoding="utf-8")
    assert "B draws: {playable: {B: []}}" in text
    old = tmp_path / "classic-opening.yaml"
    old.write_text(text.replace("green 3, green 4", "green 2, green 3"), encoding="utf-8")
    assert load_puzzle(OPENING).check() == []
    assert load_puzzle(old).check() == ["before 'B draws': playable.B expected none, got green 2"]


@pytest.mark.parametrize("answer, words", [
    ({"playable": {"B": "red 5"}}, "playable lists the cards each seat could play"),
    ({"playable": ["B"]}, "a mapping of seats to the cards each could play"),
    ({"playable": {"Zed": []}}, "unknown seat"),
    ({"draw_pile_size": -1}, "draw_pile_size is a number of cards"),
    ({"before": {"D draws": {"turn": "A"}}}, "is not one of the moves"),
    ({"before": {"C draws": {"illegal": "C draws"}}}, "cannot be checked before a move"),
    ({"before": {"C draws": {"before": {}}}}, "cannot be checked before a move"),
    ({"before": {"C draws": {}}}, "is a mapping of answer keys"),
    ({"before": {"C draws": {"playable": {"C": "none"}}}}, "playable lists the cards"),
    ({"before": "C draws"}, "maps a move to what holds just before it"),
    ({"illegal": "B plays blue +4", "before": {"C draws": {"turn": "C"}}}, "comes after the refused move"),
])
def test_a_claim_key_written_wrong_is_a_broken_puzzle(answer, words):
    with pytest.raises(PuzzleError, match=words.replace("+", r"\+")):
        puzzle(answer=answer)


def test_before_names_a_single_moment():
    with pytest.raises(PuzzleError, match="comes 2 times"):
        puzzle(hands={"A": ["red 1", "red 2"], "B": ["green 5", "red 6"], "C": ["red 7", "red 8", "red 9"]},
               moves=["A plays red 1", "B plays red 6", "C plays red 7", "A draws", "B draws", "C draws", "A draws"],
               answer={"before": {"A draws": {"turn": "A"}}})
