"""Every hand-written puzzle teaches: a hint ladder, a why for each wrong option, and its story holds.

A hint ladder is one to three hints, from the rule that matters to nearly the answer. A wrong option
says which misreading it stands for, so the board can say more than "not quite". And where a text
says a seat cannot play (or could), an answer key pins it, so ``nomercy check`` fails a story that
its own position contradicts.
"""

from __future__ import annotations

import re

import pytest

from nomercy.puzzles.puzzle import Puzzle, check_answer
from conftest import collection

HAND_WRITTEN = [p for p in collection() if not p.source.startswith("generated")]


def test_the_collection_has_the_hand_written_puzzles():
    assert len(HAND_WRITTEN) >= 130


@pytest.mark.parametrize("puzzle", HAND_WRITTEN, ids=lambda p: p.id)
def test_every_hand_written_puzzle_has_one_to_three_hints(puzzle: Puzzle):
    assert 1 <= len(puzzle.hints) <= 3, f"{puzzle.id} has {len(puzzle.hints)} hints"
    assert len(set(puzzle.hints)) == len(puzzle.hints), "each hint says something new"
    for hint in puzzle.hints:
        assert hint.strip() == hint and hint[-1] in ".?!", f"a hint is a sentence: {hint!r}"
        assert len(hint) <= 200, f"a hint is short: {hint!r}"
        assert hint != puzzle.question and hint not in puzzle.explanation


@pytest.mark.parametrize("puzzle", [p for p in HAND_WRITTEN if p.choices], ids=lambda p: p.id)
def test_every_wrong_choice_says_why_and_the_right_one_has_none_or_a_reason(puzzle: Puzzle):
    if puzzle.kind == "best-move":  # a choice is a move; every move but the best says what is wrong with it
        for choice in puzzle.choices:
            if choice["move"] != puzzle.answer["best"]:
                assert str(choice.get("why", "")).strip(), f"{puzzle.id}: {choice['move']!r} needs a why"
        return
    for choice in puzzle.choices:
        why = choice.get("why")
        if check_answer(puzzle, choice["answer"]):  # a wrong option
            assert isinstance(why, str) and why.strip(), f"{puzzle.id}: {choice['label']!r} needs a why"
            assert why.strip() != str(choice["label"]).strip(), "the why says more than the label"
        else:
            assert why is None or (isinstance(why, str) and why.strip()), f"{puzzle.id}: an empty why"


_CLAIM = re.compile(
    r"cannot (play|match|answer|stack)|has no (draw card|card|red|yellow|green|blue|\+)|nothing to answer"
    r"|has nothing|no draw card|can only play|could (play|stack)|none of them fits|no red card|no yellow",
    re.IGNORECASE)


def _claims_playable(answer: dict) -> bool:
    return "playable" in answer or any("playable" in keys for keys in (answer.get("before") or {}).values())


@pytest.mark.parametrize("puzzle", [p for p in HAND_WRITTEN if _CLAIM.search(f"{p.question} {p.explanation}")],
                         ids=lambda p: p.id)
def test_a_text_that_says_who_can_play_is_pinned_by_a_playable_key(puzzle: Puzzle):
    assert _claims_playable(dict(puzzle.answer)), (
        f"{puzzle.id} says {_CLAIM.search(f'{puzzle.question} {puzzle.explanation}').group(0)!r}: "
        "pin it with playable (under before: when it is about an earlier moment)")
