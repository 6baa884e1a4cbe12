"""Every widget of the shipped notebooks checked with axe-core in chromium, in the states a learner sees.

JupyterLab is started by the README's first command and the notebooks are run as shipped; the widgets
are then clicked into their states (a hint, a refused import, a wrong answer, an option picked, the mouse
still on the button just clicked) and axe-core (the pinned copy in the test extra) checks each widget's
element: no serious or critical violation, color contrast included. Every violation found, of any impact,
is written to ``artifacts/axe-violations.json``. The simulation bar is checked in
``test_simulation_bar_in_browser.py``, the site's pages in ``test_site.py``.
"""

from __future__ import annotations

import json
from typing import Any, Iterator

import pytest

from browser_support import ARTIFACTS, axe_violations, serious
from test_notebooks_in_browser import PLAY, PUZZLES, STEPS, TRAIN, Lab, _pick, _redrawn, _served, open_lab

pytestmark = pytest.mark.browser

FOUND: dict[str, list[dict[str, Any]]] = {}


@pytest.fixture(scope="module")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Lab]:
    yield from open_lab(tmp_path_factory)
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / "axe-violations.json").write_text(json.dumps(FOUND, indent=1) + "\n")


@pytest.fixture(autouse=True)
def no_console_errors(lab: Lab) -> Iterator[None]:
    yield
    errors = lab.watch.take()
    assert not errors, "\n".join(errors)


FAILING: list[str] = []


def check(lab: Lab, name: str, selector: str) -> None:
    """axe-core over the element(s) ``selector`` finds, now; a serious or critical violation is kept for the
    test's end (so that one run names them all)."""
    found = axe_violations(lab.page, selector)
    FOUND[name] = found
    FAILING.extend(f"{name}: {line}" for line in serious(found))


@pytest.fixture(autouse=True)
def no_serious_violation() -> Iterator[None]:
    FAILING.clear()
    yield
    assert not FAILING, "\n".join(FAILING)


def _human_turn(table: Any) -> None:
    for _ in range(60):  # the computers move at the shipped pace
        if table.get_attribute("data-waiting") == "human":
            return
        _redrawn(table, table.get_attribute("data-version"))
    raise AssertionError("the person never got the turn")


TABLE = '[data-testid="nm-table"]'


def test_the_game_table_as_dealt_with_a_hint_an_export_and_a_refused_import(lab: Lab) -> None:
    panel = lab.panel(PLAY)
    table = panel.locator(TABLE).first
    table.wait_for()
    table.scroll_into_view_if_needed()
    _human_turn(table)
    selector = f"[id='{lab.opened[PLAY]}'] {TABLE}"  # every table of the notebook
    check(lab, "game table, dealt", selector)
    table.get_by_role("button", name="Hint").click()
    table.locator('[data-testid="hint"]').wait_for(timeout=120_000)
    check(lab, "game table, hint", selector)
    table.get_by_role("button", name="Export record").click()
    table.get_by_role("textbox", name="Game record (the deal and every move)").wait_for()
    table.locator('[data-testid="import"] summary').click()
    table.get_by_role("textbox", name="Game record to load").fill("not a record")
    table.get_by_role("button", name="Load record").click()
    table.locator('[data-testid="import-error"]').wait_for()
    check(lab, "game table, export and refused import", selector)


BOARD = '[data-testid="nm-puzzle"][data-puzzle="round3-seven"]'


def test_the_puzzle_board_with_an_error_a_wrong_answer_and_an_option_picked(lab: Lab) -> None:
    board = lab.panel(PUZZLES).locator(BOARD)
    board.scroll_into_view_if_needed()
    check(lab, "puzzle board, as shipped", BOARD)
    # options and parts on one board: each says whether it is clicked or typed
    assert "one tap checks it" in board.locator('[data-testid="choices-intro"]').text_content()
    assert board.locator('[data-testid="form-intro"]').text_content().startswith("Or answer part by part")
    legends = [t.strip() for t in board.locator('[data-testid="puzzle-form"] legend').all_text_contents()]
    assert legends == ["Cards held (type a number for each seat)", "Cards in each hand (tap the cards for each seat)",
                       "Whose turn (pick one)"], legends
    board.get_by_role("button", name="Check my answer").click()  # nothing entered: refused; the mouse stays on it
    board.get_by_role("alert").wait_for()
    check(lab, "puzzle board, blank answer refused (Check my answer under the mouse)", BOARD)
    board.get_by_label("Cards held: A", exact=True).fill("2")
    board.get_by_label("Cards held: C", exact=True).fill("5")
    for card in ("blue 8", "green 9"):  # a seat's cards are tapped, never typed
        board.locator(f'[data-testid="pick-hand-A-{card}"]').click()
    board.locator('[data-testid="fieldset-turn"]').get_by_role("button", name="B", exact=True).click()
    board.get_by_role("button", name="Check my answer").click()
    board.locator('[data-testid="puzzle-feedback"][data-correct="false"]').wait_for()
    check(lab, "puzzle board, a wrong answer", BOARD)
    board.get_by_role("button", name="A 2, C 4, and C plays next because A chose C", exact=True).click()
    board.locator('[data-testid="puzzle-why"]').wait_for()
    check(lab, "puzzle board, a wrong option picked", BOARD)


def test_the_best_move_board_after_a_pick(lab: Lab) -> None:
    selector = '[data-testid="nm-puzzle"][data-puzzle="bm-ten-is-coming"]:not([data-testid="nm-trainer"] *)'
    board = lab.panel(TRAIN).locator(selector)
    board.scroll_into_view_if_needed()
    board.get_by_role("button", name="A draws", exact=True).click()
    board.locator('[data-testid="puzzle-numbers"]').get_by_text("Show the numbers").click()
    board.locator('[data-testid="puzzle-estimates"]').wait_for()
    check(lab, "best-move board, a move picked", selector)


TRAINER = '[data-testid="nm-trainer"]'


def test_the_trainer_after_a_miss_with_export_and_a_refused_import(lab: Lab) -> None:
    trainer = lab.panel(TRAIN).locator(TRAINER).first
    trainer.scroll_into_view_if_needed()
    check(lab, "trainer, as shipped", TRAINER)
    puzzle = _served(trainer)
    _pick(trainer, puzzle, right=False)
    trainer.locator('[data-testid="trainer-recorded"]').wait_for()
    check(lab, "trainer, a miss recorded", TRAINER)
    trainer.locator('[data-testid="trainer-export"]').click()
    trainer.locator('[data-testid="trainer-export-text"]').wait_for()
    trainer.locator('[data-testid="trainer-import"] summary').click()
    trainer.locator('[data-testid="trainer-import-text"]').fill("my shopping list")
    trainer.locator('[data-testid="trainer-import-go"]').click()
    trainer.locator('[data-testid="trainer-transfer-result"][data-kind="refused"]').wait_for()
    check(lab, "trainer, export and a refused import", TRAINER)


STEP = '[data-testid="nm-step"]'


def test_the_step_player_at_its_start_and_one_step_on(lab: Lab) -> None:
    player = lab.panel(STEPS).locator(STEP).first
    player.scroll_into_view_if_needed()
    check(lab, "step player, at its start", f"[id='{lab.opened[STEPS]}'] {STEP}")
    player.get_by_role("button", name="forward ▶").click()
    player.page.wait_for_function("(el) => el.getAttribute('data-index') === '1'", arg=player.element_handle())
    check(lab, "step player, one step on", f"[id='{lab.opened[STEPS]}'] {STEP}")
