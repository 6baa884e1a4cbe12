"""Going through the learning path by clicking, as a person does: shared by the notebook's browser test and the
site's. Each stage is played on the page's table with the controls the widget drew (a card, a card's choice, a
button), found by the move Python put on them (``data-move``); the answer is read from the page."""

from __future__ import annotations

from typing import Any

from nomercy.core.moves import Play
from nomercy.puzzles.stage import Stage, WrongTry, load_path

STAGES: list[Stage] = [stage for chapter in load_path() for stage in chapter.stages]
WAIT_MS = 60_000  # a busy two-core machine: generous, never a measure


def click_move(root: Any, stage: Stage, move: Any, *, tap: bool = False) -> None:
    """Play ``move`` with the table's controls: the card (and its choice, when it has several) or the button."""
    text = stage.start().move_text(move)
    press = (lambda locator: locator.tap()) if tap else (lambda locator: locator.click())
    direct = root.locator(f'[data-move="{text}"]')
    if direct.count():
        press(direct.first)
        return
    assert isinstance(move, Play), f"{stage.id}: no control plays {text!r}"
    press(root.locator(f'[data-testid^="learn-card-"][data-card="{move.card}"]').first)
    choice = root.locator(f'[data-testid="learn-choices"] [data-move="{text}"]')
    choice.wait_for(timeout=WAIT_MS)
    press(choice)


def answer(root: Any) -> Any:
    feedback = root.locator('[data-testid="learn-feedback"]')
    feedback.wait_for(timeout=WAIT_MS)
    return feedback


def play_stage(root: Any, stage: Stage, *, wrong: WrongTry | None = None, tap: bool = False) -> dict[str, str]:
    """The stage played: first the wrong try (if given), checked for its why, then a move that does the task.
    What the page said, for the caller to check further."""
    root.locator('[data-testid="learn-title"]', has_text=stage.title).wait_for(timeout=WAIT_MS)
    said: dict[str, str] = {}
    if wrong is not None:
        click_move(root, stage, wrong.move, tap=tap)
        feedback = answer(root)
        kind = "allowed" if wrong.ends else "refused"
        root.locator(f'[data-testid="learn-feedback"][data-kind="{kind}"]').wait_for(timeout=WAIT_MS)
        said["why"] = root.locator('[data-testid="learn-why"]').text_content() or ""
        assert said["why"] == wrong.why, (stage.id, said["why"])
        if kind == "refused":
            said["reason"] = root.locator('[data-testid="learn-reason"]').text_content() or ""
            # the stage's why is shown; the engine's reason, which says it in general, is one tap away
            folded = root.locator('[data-testid="learn-reason-more"]')
            assert folded.count() == 1 and not root.locator('[data-testid="learn-reason"]').is_visible(), stage.id
            assert (folded.locator("summary").text_content() or "") == "Why the rules say no", stage.id
        else:
            events = root.locator('[data-testid="learn-events"]')  # none when the move did nothing but itself
            said["events"] = (events.text_content() or "") if events.count() else ""
            press = root.locator('[data-testid="learn-again"]')
            press.tap() if tap else press.click()
            feedback.wait_for(state="detached", timeout=WAIT_MS)
    for step in stage.steps:  # the moves before the one that does the task: each says what it did, the table stays
        click_move(root, stage, step, tap=tap)
        root.locator('[data-testid="learn-feedback"][data-kind="step"]').wait_for(timeout=WAIT_MS)
        said.setdefault("steps", "")
        said["steps"] += root.locator('[data-testid="learn-feedback"]').text_content() or ""
    click_move(root, stage, stage.done[0], tap=tap)
    root.locator('[data-testid="learn-feedback"][data-kind="done"]').wait_for(timeout=WAIT_MS)
    # what the move did is on the table and in the answer's first line; its sentences wait, closed, one tap away
    # (a draw has no move line: its first sentence says it)
    if root.locator('[data-testid="learn-feedback"] .nm-learn-move').text_content():
        assert root.locator('[data-testid="learn-events"]').count() == 0, stage.id
    more = root.locator('[data-testid="learn-events-more"]')
    if more.count():
        assert more.get_attribute("open") is None, stage.id
        assert (more.locator("summary").text_content() or "") == "What happened", stage.id
        assert not root.locator('[data-testid="learn-events-folded"]').is_visible(), stage.id
    ruling = root.locator('[data-testid="learn-ruling"]')  # named, its text folded under one tap
    assert (ruling.locator("summary").text_content() or "").startswith("The rulebook: "), stage.id
    said["ruling"] = root.locator('[data-testid="learn-ruling-text"]').text_content() or ""
    assert said["ruling"] == stage.ruling_text(), stage.id
    assert "null" not in (root.text_content() or ""), f"{stage.id}: the page shows 'null'"
    return said


def next_stage(root: Any, *, tap: bool = False) -> None:
    press = root.locator('[data-testid="learn-next"]')
    press.tap() if tap else press.click()


def progress_line(root: Any) -> str:
    return root.locator('[data-testid="learn-progress"]').text_content() or ""
