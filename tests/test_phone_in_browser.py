"""The widgets of the shipped notebooks on a phone: chromium's phone emulation (a touch screen, the mobile
viewport), JupyterLab started by the README's first command, every control tapped.

At 390×844 (a recent phone) and 360×640 (a small one), in every state a learner sees (the table as dealt,
with a hint, a color question, a coach's warning, the round over, its review with a position open; a puzzle
board answered; a best-move board; the trainer through five puzzles; the step player at its end):

- every control a finger can reach is at least 44×44 CSS px (WCAG 2.5.5), the label of a box counting;
- every text is at least 16 px;
- nothing reaches off the side of the screen or is cut short, and the page never scrolls sideways;
- at the table, whose turn it is, the color in force, the pending draw and the direction are on screen
  whenever the hand is.

A round is played to its end by tapping (with one move the coach warns against: the warning takes the focus),
its review opened; five puzzles are answered in the trainer. Every
state is screenshot at both sizes into ``artifacts/phone-*.png``; every problem found is gathered, and the
test names them all. A console or page error fails a test.
"""

from __future__ import annotations

from typing import Any, Iterator

import pytest
from playwright.sync_api import expect

from browser_support import ARTIFACTS, PHONES, page_scrolls_sideways, phone_problems
from test_notebooks_in_browser import (PLAY, PUZZLES, ROUND_STEPS, STALLS, STEPS, TRAIN, Lab, _moves_made, _next_click,
                                       _pick, _redrawn, _served, _VERSION_AND_WAITING_JS, open_lab)

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Lab]:
    yield from open_lab(tmp_path_factory, phone=True)


_FACTS_IN_VIEW_JS = """
(root) => {
  const inView = (el) => {
    if (!el) return false;
    const box = el.getBoundingClientRect();
    return box.height > 0 && box.top >= 0 && box.bottom <= window.innerHeight;
  };
  const cards = [...root.querySelectorAll('[data-testid^="hand-card-"], [data-testid="hand"]')];
  const seen = cards.filter((c) => { const b = c.getBoundingClientRect();
    return b.height > 0 && b.bottom > 0 && b.top < window.innerHeight; });
  if (!seen.length) return null;
  return ['turn', 'color', 'pending', 'direction'].filter((id) => !inView(root.querySelector(`[data-testid="${id}"]`)));
}
"""


# JupyterLab as a phone's user sets it: one document at a time, the side panels closed (their tab bars stay).
_PHONE_LAB_JS = """
() => { const app = window.jupyterapp; app.shell.mode = 'single-document'; app.shell.collapseLeft(); app.shell.collapseRight(); }
"""


class Screens:
    """Every state checked at both phone sizes: the problems found, by state and size, and the screenshots."""

    def __init__(self, lab: Lab) -> None:
        self.lab, self.problems = lab, {}

    def check(self, root: Any, state: str, facts: bool = False, shown: str | None = None) -> None:
        """The problems of ``root`` at both phone sizes, and a screenshot of the screen at each, with the part
        the state is about (``shown``, a selector inside ``root``; default the widget's top) in view."""
        page = self.lab.page
        page.evaluate(_PHONE_LAB_JS)
        for size, viewport in PHONES.items():
            page.set_viewport_size(viewport)
            page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
            root.scroll_into_view_if_needed()
            try:  # JupyterLab lays its panels out again after a change of screen or mode: let it settle
                page.wait_for_function("(el) => el.getBoundingClientRect().right <= document.documentElement.clientWidth",
                                       arg=root.element_handle(), timeout=15_000)
            except Exception:  # noqa: BLE001 - it does not fit: the check below says where it sticks out
                pass
            found = phone_problems(root) + page_scrolls_sideways(page)
            if facts:
                for where in ("hand", "first card"):
                    target = root.locator('[data-testid="hand"]' if where == "hand" else '[data-testid="hand-card-0"]')
                    if not target.count():
                        continue
                    target.first.scroll_into_view_if_needed()
                    hidden = root.evaluate(_FACTS_IN_VIEW_JS)
                    if hidden:
                        found.append(f"with the {where} in view, these facts are off screen: {', '.join(hidden)}")
            if found:
                self.problems[f"{state} at {size}"] = found
            part = root.locator(shown).first if shown and root.locator(shown).count() else None
            if part is not None:
                part.scroll_into_view_if_needed()
            else:
                root.evaluate("(el) => el.scrollIntoView({ block: 'start' })")
            page.screenshot(path=str(ARTIFACTS / f"phone-{state}-{size}.png"))
        page.set_viewport_size(PHONES["390x844"])

    def assert_none(self) -> None:
        lines = [f"{where}: {p}" for where, found in self.problems.items() for p in found]
        assert not lines, f"{len(lines)} problems on a phone:\n" + "\n".join(lines[:120])


@pytest.fixture()
def screens(lab: Lab) -> Screens:
    return Screens(lab)


_ASKED = '[data-testid="prompt"], [data-testid="warning"], [data-testid="hint"]'  # a question, or advice shown


def _tap_a_warned_move(table: Any) -> bool:
    """Read the position (Export record, tapped), and tap a move the coach warns against, if there is one (its
    card and its question's answer, or its button): whether a warning is now on the table."""
    from nomercy import legal_moves
    from nomercy.core.moves import CallUno, Catch, Play
    from nomercy.core.seeds import short_seed
    from nomercy.play import coach
    from nomercy.play.game import Game, GameRecord
    from nomercy.play.table_coach import TABLE_BUDGET

    version = table.get_attribute("data-version")
    table.get_by_role("button", name="Export record").tap()
    _redrawn(table, version)
    record = table.get_by_role("textbox", name="Game record (the deal and every move)").input_value()
    record = GameRecord.from_json(record)
    state = Game.from_record(record).state
    if state.is_over or state.to_act != 0:
        return False
    seed = short_seed(record.seed, "coach")  # the table's coach seed (this is its first round, dealt from its seed)
    warned = next((a for a in legal_moves(state, 0) if not isinstance(a, (CallUno, Catch))
                   and [w for w in coach.judged_warnings(state, 0, a, seed=seed, budget=TABLE_BUDGET)
                        if w.kind != "uno-call"]), None)
    if warned is None:
        return False
    version = table.get_attribute("data-version")
    if isinstance(warned, Play):
        table.locator(f'[data-testid^="hand-card-"][data-card="{warned.card}"]').first.tap()
        _redrawn(table, version)
        prompt = table.locator(f'[data-testid="prompt"] [data-move="{state.move_text(warned)}"]')
        if prompt.count():
            version = table.get_attribute("data-version")
            prompt.tap()
            _redrawn(table, version)
    else:
        table.locator(f'[data-testid="actions"] [data-move="{state.move_text(warned)}"]').tap()
        _redrawn(table, version)
    return bool(table.locator('[data-testid="warning"]').count())


def _tap_until(table: Any, done: Any, screens: Screens, seen: set[str]) -> list[str]:
    """Play on by tapping (as _next_click would click) until ``done(waiting)``; each state a learner meets for
    the first time (a question, a warning, the UNO moment) is checked on the way."""
    tapped: list[str] = []
    tried: set[int] = set()
    stalls = 0
    for _ in range(ROUND_STEPS):
        version, waiting = table.evaluate(_VERSION_AND_WAITING_JS)
        if done(waiting):
            return tapped
        if waiting == "computer":
            stalls = 0 if _redrawn(table, version) else stalls + 1
            assert stalls < STALLS, f"the computers stopped moving; taps: {tapped[-20:]}"
            continue
        made = _moves_made(table)
        if "warning" not in seen and made not in tried and not table.locator(_ASKED).count():
            tried.add(made)  # one look per position: the coach warns at most once there
            if not _tap_a_warned_move(table):
                continue  # the position again (a card tapped with no warning has made its move)
            seen.add("warning")
            warning = table.locator('[data-testid="warning"]')
            first = warning.locator(".nm-actions button").first
            table.page.wait_for_function("(el) => el === document.activeElement", arg=first.element_handle())
            screens.check(table, "table-warning", facts=True, shown='[data-testid="warning"]')
            continue
        step = _next_click(table)
        assert step is not None, f"the player is to move but nothing can be tapped: {table.text_content()[:600]}"
        label, control = step
        state = {"prompt": "question", "name a color": "color"}.get(label)
        if state and state not in seen:
            seen.add(state)
            screens.check(table, f"table-{state}", facts=True,
                          shown='[data-testid="prompt"]' if label == "prompt" else '[data-testid="actions"]')
        control.tap()
        if _redrawn(table, version):
            tapped.append(label)
    raise AssertionError(f"the round did not end after {ROUND_STEPS} turns; taps: {tapped[-20:]}")


def test_a_round_and_its_review_at_the_table_by_tapping(lab: Lab, screens: Screens) -> None:
    table = lab.panel(PLAY).locator('[data-testid="nm-table"]').first
    table.wait_for()
    seen = {"warning"}  # the first turn is for the hint
    _tap_until(table, lambda waiting: waiting == "human", screens, seen)
    screens.check(table, "table-dealt", facts=True, shown='[data-testid="hand"]')
    version = table.get_attribute("data-version")
    table.get_by_role("button", name="Hint").tap()
    table.locator('[data-testid="hint"]').wait_for(timeout=120_000)
    screens.check(table, "table-hint", facts=True, shown='[data-testid="hint"]')
    _redrawn(table, version)
    seen = set()
    tapped = _tap_until(table, lambda waiting: waiting == "over", screens, seen)
    assert "card" in tapped and "warning" in seen, seen
    screens.check(table, "table-round-over", shown='[data-testid="round-over"]')
    table.get_by_role("button", name="Review my round").tap()
    table.locator('[data-testid="review"]').wait_for(timeout=300_000)
    show = table.locator('[data-testid="review-show-0"]')
    if show.count():
        show.tap()
        table.locator('[data-testid="review-board"]').wait_for()
    screens.check(table, "table-review", shown='[data-testid="review-board"]')
    screens.assert_none()


def test_five_puzzles_in_the_trainer_by_tapping(lab: Lab, screens: Screens) -> None:
    trainer = lab.panel(TRAIN).locator('[data-testid="nm-trainer"]').first
    trainer.wait_for()
    screens.check(trainer, "trainer-start")
    for n in range(5):
        puzzle = _served(trainer)
        _pick(trainer, puzzle, right=n % 2 == 1)
        trainer.locator('[data-testid="trainer-recorded"]').wait_for()
        if n in (0, 1):
            screens.check(trainer, f"trainer-answered-{'right' if n else 'wrong'}", shown='[data-testid="trainer-recorded"]')
        served = trainer.get_attribute("data-served")
        trainer.get_by_role("button", name="Next puzzle").tap()
        trainer.page.wait_for_function("([el, n]) => el.getAttribute('data-served') !== n",
                                       arg=[trainer.element_handle(), served])
    assert trainer.get_attribute("data-attempts") == "5"
    screens.check(trainer, "trainer-after-five", shown='[data-testid="trainer-progress"]')
    screens.assert_none()


def test_a_puzzle_board_a_best_move_board_and_the_step_player_by_tapping(lab: Lab, screens: Screens) -> None:
    board = lab.panel(PUZZLES).locator('[data-testid="nm-puzzle"][data-puzzle="round3-seven"]')
    board.wait_for()
    screens.check(board, "puzzle-board")
    board.locator('[data-testid="puzzle-choices"] button').first.tap()
    board.locator('[data-testid="puzzle-feedback"]').wait_for()
    screens.check(board, "puzzle-board-answered", shown='[data-testid="puzzle-feedback"]')

    best = lab.panel(TRAIN).locator(
        '[data-testid="nm-puzzle"][data-puzzle="bm-ten-is-coming"]:not([data-testid="nm-trainer"] *)')
    best.wait_for()
    screens.check(best, "best-move-board")
    best.locator('[data-testid="puzzle-choices"] button').first.tap()
    best.locator('[data-testid="puzzle-feedback"]').wait_for()
    screens.check(best, "best-move-board-answered", shown='[data-testid="puzzle-feedback"]')

    player = lab.panel(STEPS).locator('[data-testid="nm-step"]').first
    player.wait_for()
    screens.check(player, "step-player")
    forward = player.get_by_role("button", name="forward ▶")
    while not forward.is_disabled():
        counter = player.locator('[data-testid="step-counter"]').text_content()
        forward.tap()
        # the locator, read again until it changes: the step player draws itself anew on a tap, so a handle taken
        # to the counter just after the tap may be the old one, whose text never changes (a flake under load)
        expect(player.locator('[data-testid="step-counter"]')).not_to_have_text(counter, timeout=120_000)
    screens.check(player, "step-player-end")
    screens.assert_none()
