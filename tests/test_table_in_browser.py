"""At the table in the shipped ``11-play.ipynb``, in chromium: hot-seat and the deal of the day, by clicking.

Two friends share the hot-seat table: the status line names the button to click in the button's own words;
the first plays, the screen passes, and while it is still theirs they could take their move back; once the
second has shown their hand, Undo is off and says why; the second plays and takes their own move back, and
the log says whose decision it was. The deal of the day says which day it is and offers its line to share
before the first move. A console or page error fails a test.
"""

from __future__ import annotations

import datetime
from typing import Any, Iterator

import pytest

from test_notebooks_in_browser import PLAY, ROUND_STEPS, Lab, _redrawn, _wait_for_new_version, open_lab

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Lab]:
    yield from open_lab(tmp_path_factory)


_READ_JS = """
(root) => {
  const text = (id) => { const n = root.querySelector(`[data-testid="${id}"]`); return n ? n.textContent.trim() : null; };
  const undo = root.querySelector('[data-testid="btn-undo"]');
  const seat = root.querySelector('[data-testid^="seat-"][data-viewer="true"]');
  return {
    version: root.getAttribute('data-version'), waiting: root.getAttribute('data-waiting'),
    status: text('status'), reveal: text('reveal'), viewer: seat ? seat.getAttribute('data-testid').slice(5) : null,
    undo: undo ? { label: undo.textContent.trim(), disabled: undo.disabled, title: undo.title } : null,
    playable: [...root.querySelectorAll('[data-testid^="hand-card-"][data-playable="true"]')].length,
    draw: !!root.querySelector('[data-testid="actions"] [data-move]'),
  };
}
"""


def _read(table: Any) -> dict[str, Any]:
    """The table's state in one read (it may be redrawn between two reads)."""
    return table.evaluate(_READ_JS)


def _decide(table: Any) -> None:
    """The person at the screen makes a move by clicking: a card that fits (and the prompt's first choice), or
    the first move button (draw, keep, name a color)."""
    seen = _read(table)
    if seen["playable"]:
        table.locator('[data-testid^="hand-card-"][data-playable="true"]').first.click()
        _wait_for_new_version(table, seen["version"])
        if table.locator('[data-testid="prompt"]').count():
            version = table.get_attribute("data-version")
            table.locator('[data-testid="choice-0"]').click()
            _wait_for_new_version(table, version)
    else:
        table.locator('[data-testid="actions"] [data-move]').first.click()
        _wait_for_new_version(table, seen["version"])


def _until_the_screen_passes(table: Any) -> str:
    """Play on (showing hands, deciding, letting the computers move) until one person's decision has passed the
    screen to the other person; the name of the one who moved last."""
    mover = None
    for _ in range(ROUND_STEPS):
        seen = _read(table)
        if seen["waiting"] == "hidden":
            if mover is not None and seen["reveal"] != f"Show {mover}'s hand":
                return mover
            table.locator('[data-testid="reveal"]').first.click()
            _wait_for_new_version(table, seen["version"])
        elif seen["waiting"] == "human":
            mover = seen["viewer"]
            _decide(table)
        else:
            _redrawn(table, seen["version"])  # a computer moves after the pace
    raise AssertionError("the screen never passed from one person to the other")


def test_friends_at_one_screen_take_back_only_their_own_moves(lab: Lab) -> None:
    panel = lab.panel(PLAY)
    tables = panel.locator('[data-testid="nm-table"]')
    hot_seat = tables.evaluate_all("(all) => all.findIndex((t) => t.querySelector('[data-testid=\"reveal\"]'))")
    table = tables.nth(hot_seat)  # the hot-seat table: the one that starts with every hand hidden
    table.scroll_into_view_if_needed()
    seen = _read(table)
    assert seen["reveal"] and f"click '{seen['reveal']}'" in seen["status"]  # the status quotes the button

    first = _until_the_screen_passes(table)
    seen = _read(table)
    assert seen["undo"] == {"label": f"Undo {first}'s last move", "disabled": False, "title": ""}  # still theirs
    second = seen["reveal"].removeprefix("Show ").removesuffix("'s hand")
    table.locator('[data-testid="reveal"]').first.click()  # the second friend takes the screen
    _wait_for_new_version(table, seen["version"])
    seen = _read(table)
    assert seen["viewer"] == second and seen["undo"]["disabled"]
    assert seen["undo"]["label"] == f"Undo {second}'s last move"
    assert f"only {first} can take it back, and the screen has passed to {second}." in seen["undo"]["title"]

    assert _until_the_screen_passes(table) == second
    seen = _read(table)
    table.locator('[data-testid="btn-undo"]').click()  # the second takes their own move back
    _wait_for_new_version(table, seen["version"])
    last = table.locator('[data-testid="log"] li').last.text_content()
    assert last.startswith(f"{second} took back {second}'s last decision: {second} ")
    seen = _read(table)
    assert seen["viewer"] == second and seen["waiting"] == "human"  # their hand again, to decide again


def test_the_deal_of_the_day_says_which_day_and_offers_its_line_from_the_start(lab: Lab) -> None:
    panel = lab.panel(PLAY)
    daily = panel.locator('[data-testid="daily"]').first
    daily.scroll_into_view_if_needed()
    today = datetime.datetime.now(datetime.timezone.utc).date()
    title = daily.locator('[data-testid="daily-title"]').text_content()
    months = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
              "November", "December")
    assert title == f"Deal of the day, {today.day} {months[today.month - 1]} {today.year}"  # today's, not a fixed day
    share = daily.locator('[data-testid="share"]').text_content()
    assert share.startswith(f"nomercy deal of the day {today.isoformat()} · no-mercy · in play")
    copy = daily.locator('[data-testid="share-copy"]')
    copy.click()
    assert copy.text_content() in ("Copied", "Select the text to copy")
