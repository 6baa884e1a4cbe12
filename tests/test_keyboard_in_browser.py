"""A round at the table played by the keyboard alone, in the shipped ``11-play.ipynb`` in JupyterLab, in chromium.

The first table (seed 66, coach on, pace 0.8 s, as shipped) is given the focus once; from then on only keys
are pressed: Tab and Shift+Tab between controls, the arrows between the playable cards, Enter to act. At
every decision the person wants what a clicking person would (``_next_click``: the first playable card, the
first answer to a question, "Play it anyway" after a warning, Call UNO with two cards, else take the stack,
draw or keep) and presses the fewest keys that reach it from where the focus is. The test checks that:

- the focus is never lost (it is in the table after every redraw of the person's turn);
- a new question (a wild's color, a 7's seat, a coach's warning) takes the focus;
- a card that cannot be played is never a tab stop (Tab from the hand goes straight to the move buttons);
- a round is played to its end, at no more than ``MOST_KEYS_PER_DECISION`` keys per decision on average.

The key presses per decision are written to ``artifacts/keyboard-round.json`` (and quoted in docs/widgets.md).
"""

from __future__ import annotations

import json
from typing import Any, Iterator

import pytest

from browser_support import ARTIFACTS, says_someone_won
from test_notebooks_in_browser import (PLAY, ROUND_STEPS, STALLS, Lab, _next_click, _redrawn,
                                       _VERSION_AND_WAITING_JS, open_lab)

pytestmark = pytest.mark.browser

MOST_KEYS_PER_DECISION = 3.0  # the old table took 13 on average: every card, playable or not, was a tab stop
DECISIONS = ("card", "take the stack", "draw", "keep", "name a color")  # a move of the person's own
"""Steps that are a decision of their own; the others (a question's answer, "Play it anyway", Call UNO) are
keys spent on the same decision."""


@pytest.fixture(scope="module")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Lab]:
    yield from open_lab(tmp_path_factory)


_FOCUS_JS = """
(root) => {
  const el = document.activeElement;
  if (!root.contains(el)) return null;
  return { testid: el.getAttribute('data-testid'), playable: el.getAttribute('data-playable'),
           tabindex: el.tabIndex, card: el.classList.contains('nm-card') };
}
"""


def _is_focused(control: Any) -> bool:
    return bool(control.evaluate("(el) => el === document.activeElement"))


def _reach(page: Any, table: Any, control: Any) -> list[str]:
    """Press the fewest keys that bring the focus to ``control`` (arrows within the hand, else Tab or
    Shift+Tab), then Enter; the keys pressed."""
    keys: list[str] = []
    focus = table.evaluate(_FOCUS_JS)
    target_is_card = control.evaluate("(el) => el.classList.contains('nm-card')")
    if focus and focus["card"] and target_is_card:
        ways = ["ArrowRight", "ArrowLeft"]
    else:
        ways = ["Tab", "Shift+Tab"]
    for way in ways:
        tried: list[str] = []
        for _ in range(60):
            if _is_focused(control):
                keys += tried
                page.keyboard.press("Enter")
                return keys + ["Enter"]
            page.keyboard.press(way)
            tried.append(way)
        for _ in tried:  # back to where the focus was, uncounted: the other way is shorter
            page.keyboard.press({"Tab": "Shift+Tab", "Shift+Tab": "Tab", "ArrowRight": "ArrowLeft",
                                 "ArrowLeft": "ArrowRight"}[way])
    raise AssertionError(f"no key reaches {control.evaluate('(el) => el.outerHTML.slice(0, 200)')}")


def test_a_round_by_the_keyboard_alone(lab: Lab) -> None:
    page = lab.page
    table = lab.panel(PLAY).locator('[data-testid="nm-table"]').first
    table.wait_for()
    table.scroll_into_view_if_needed()
    table.focus()  # the person clicks into the table once (or tabs to it from the notebook)
    presses: list[dict[str, Any]] = []
    stalls = 0
    for _ in range(ROUND_STEPS):
        version, waiting = table.evaluate(_VERSION_AND_WAITING_JS)
        if waiting == "over":
            break
        if waiting == "computer":
            stalls = 0 if _redrawn(table, version) else stalls + 1
            assert stalls < STALLS, "the computers stopped moving"
            continue
        page.wait_for_timeout(50)  # the focus settles in the frame after a redraw
        focus = table.evaluate(_FOCUS_JS)
        assert focus is not None, "the focus left the table on the person's turn"
        assert not (focus["card"] and focus["playable"] == "false" and focus["tabindex"] == 0), \
            "a card that cannot be played is a tab stop"
        step = _next_click(table)
        assert step is not None, f"the person is to move but nothing can be pressed: {table.text_content()[:600]}"
        label, control = step
        if label in ("prompt", "play it anyway"):  # a new question has the focus: its first answer
            first = table.locator('[data-testid="prompt"] button, [data-testid="warning"] .nm-actions button').first
            assert _is_focused(first), f"the {label} did not take the focus (it is on {focus})"
        keys = _reach(page, table, control)
        presses.append({"step": label, "keys": keys})
        _redrawn(table, version)
    else:
        raise AssertionError(f"the round did not end after {ROUND_STEPS} turns of the table")
    assert says_someone_won(table.locator('[data-testid="status"]').text_content())

    decisions = sum(1 for p in presses if p["step"] in DECISIONS)
    keys = sum(len(p["keys"]) for p in presses)
    per_decision = keys / decisions
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / "keyboard-round.json").write_text(json.dumps(
        {"table": "11-play.ipynb, first table (seed 66, coach on, shipped pace)", "decisions": decisions,
         "keys": keys, "keys_per_decision": round(per_decision, 2), "steps": presses}, indent=1) + "\n")
    assert per_decision <= MOST_KEYS_PER_DECISION, f"{per_decision:.1f} keys per decision"
