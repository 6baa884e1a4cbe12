"""The contract between each widget's ES module and its Python class: the intents one sends are exactly
the intents the other accepts.

Two checks, neither from a hand-kept copy:

- the ``INTENTS`` list the ES module exports (its ``send`` refuses anything else) equals the class's
  ``INTENTS`` (its handler table), and every intent the module's source writes out is in that list;
- in chromium (no Jupyter; marked ``browser``, so ``pytest -m browser`` runs it), each module renders
  real snapshots that Python made of a table, a puzzle board and a step player in several situations,
  through a stand-in for the anywidget model. Every control is clicked, changed or typed into, and the keys the widget listens for are pressed. Each
  message the module sent is then handed to a Python widget in the same situation, which must accept it
  as an intent (a refusal of the move is fine; "unknown intent" or an internal error is not), and
  together the situations must send every intent in the list. Rendering must not throw, and nothing may
  be logged as a console error.
"""

from __future__ import annotations

import json
import re
import tempfile
from pathlib import Path
from typing import Any, Callable

import pytest

pytest.importorskip("anywidget")

from browser_support import ConsoleWatch, chromium, require_browser  # noqa: E402
from nomercy.widgets import GameTable, LearnPath, PuzzleBoard, StepPlayer, Trainer  # noqa: E402
from nomercy.widgets._common import STATIC  # noqa: E402
from nomercy import legal_moves
from conftest import collection

MODULES = {"game_table": GameTable, "puzzle_board": PuzzleBoard, "step_player": StepPlayer, "trainer": Trainer,
           "learn_path": LearnPath}


def module_intents(name: str) -> list[str]:
    source = (STATIC / f"{name}.js").read_text(encoding="utf-8")
    match = re.search(r"^export const INTENTS = (\[[^\]]*\]);", source, re.M)
    assert match, f"{name}.js exports no INTENTS list"
    return json.loads(match.group(1))


@pytest.mark.parametrize("name", MODULES)
def test_the_module_and_the_class_list_the_same_intents(name: str) -> None:
    assert sorted(module_intents(name)) == sorted(MODULES[name].INTENTS)


@pytest.mark.parametrize("name", MODULES)
def test_every_intent_the_module_sends_by_name_is_in_its_list(name: str) -> None:
    """The ``send({ type: "..." })`` calls in the source (intents chosen at run time are the browser test's)."""
    source = (STATIC / f"{name}.js").read_text(encoding="utf-8")
    written = set(re.findall(r"\bsend\(\{ type: \"(\w+)\"", source))
    assert written, f"{name}.js writes out no intent"
    assert written <= set(module_intents(name))


# --- situations, made by the Python widgets themselves -----------------------------------------------

def _played(table: GameTable, card: str) -> GameTable:
    assert table.send_intent({"type": "card", "card": card}) is None
    return table


def _play_until(table: GameTable, done: Callable[[Any], bool], moves: int = 2000) -> GameTable | None:
    """Make the first legal move of whoever is to act until ``done(state)``; None if the round ends first.

    In a person's UNO moment (a computer waits to catch them) the person calls UNO."""
    for _ in range(moves):
        state = table.state
        if done(state):
            return table
        if state.is_over:
            return None
        if table.table["uno_moment"]:
            table.send_intent({"type": "uno"})
            continue
        move = next(a for a in legal_moves(state) if a.seat == state.to_act)
        table.move(state.move_text(move))
        if table.advice.get("kind") == "warning":
            table.send_intent({"type": "go_ahead"})
    return None


def _finished(table: GameTable) -> GameTable:
    """The round played to its end (computers at pace 0)."""
    over = _play_until(table, lambda state: state.is_over)
    assert over is not None, "the round did not end"
    return over


def _two_cards_to_play() -> GameTable:
    """A table where the human holds two cards on their turn, one of them playable: UNO can be called."""
    def two_cards(state: Any) -> bool:
        return (state.to_act == 0 and len(state.hands[0]) == 2
                and any(type(a).__name__ == "Play" and a.seat == 0 for a in legal_moves(state)))

    for seed in range(100):
        table = _play_until(GameTable("no-mercy", ["human", "random"], seed=seed, pace=0), two_cards, 400)
        if table is not None:
            return table
    raise AssertionError("no seed gave the human two cards to play")


def _hinted(table: GameTable) -> GameTable:
    assert table.send_intent({"type": "hint"}) is None and table.advice["kind"] == "hint"
    return table


def _warned() -> GameTable:
    from test_table_coach import _warned_position

    table, move, _ = _warned_position()
    table.move(move)
    assert table.advice["kind"] == "warning"
    return table


def _coached_round_over() -> GameTable:
    return _finished(GameTable("no-mercy", ["human", "greedy", "random"], seed=66, pace=0, coach=True))


_MADE: dict[str, GameTable] = {}


def _once(name: str, make: Callable[[], GameTable]) -> Callable[[], GameTable]:
    """A situation made once and handed out again (a hint or a review takes seconds to make; a message that
    finds the shared table changed by an earlier one may be refused, which the test allows)."""
    def made() -> GameTable:
        if name not in _MADE:
            _MADE[name] = make()
        return _MADE[name]
    return made


def _reviewed() -> GameTable:
    """A finished coached round with its review open at the first decision."""
    table = _coached_round_over()
    while not table.review or table.review["running"]:
        assert table.send_intent({"type": "review"}) is None
    if table.review["mistakes"] or table.review["close_calls"]:
        assert table.send_intent({"type": "review_show", "index": 0}) is None
    return table


def _uno_moment() -> GameTable:
    from test_table_coach import _one_card_moment

    return _one_card_moment()[0]


SITUATIONS: dict[str, list[tuple[str, Callable[[], Any]]]] = {
    "game_table": [
        ("your turn", lambda: GameTable("no-mercy", ["human", "greedy", "random"], seed=66, pace=0)),
        ("a wild asks for a color",
         lambda: _played(GameTable("no-mercy", ["human", "greedy", "random"], seed=66, pace=0), "wild +10")),
        ("after your move", lambda: _played(GameTable("no-mercy", ["human", "greedy", "random"], seed=66, pace=0),
                                            "blue reverse")),
        ("a computer to move", lambda: _played(
            GameTable("no-mercy", ["human", "greedy", "random"], seed=66, pace=0.05), "blue reverse")),
        ("two cards, UNO can be called", _two_cards_to_play),
        ("hot-seat, hands hidden", lambda: GameTable("no-mercy", ["human", "human", "greedy"], seed=6, pace=0)),
        ("the round is over", lambda: _finished(GameTable("no-mercy", ["human", "greedy"], seed=3, pace=0))),
        ("a hint shown", _once("hint", lambda: _hinted(GameTable("no-mercy", ["human", "greedy", "random"], seed=66,
                                                                 pace=0, coach=True)))),
        ("a warning holds a move back", _once("warning", _warned)),
        ("a coached round is over", _once("over", _coached_round_over)),
        ("the round reviewed, a position open", _once("review", _reviewed)),
        ("a person's UNO moment", _once("uno", _uno_moment)),
        ("the deal of the day, its line to share", lambda: GameTable.deal_of_the_day("2026-12-03", pace=0)),
    ],
    "puzzle_board": [
        ("a question with options", lambda: PuzzleBoard(["round3-seven", "stack-2-4-6-then-6", "too-late-to-catch"])),
        ("a puzzle with hints", lambda: PuzzleBoard(["stack-2-4-6-then-6", "round3-seven", "zero-skips-knocked-out"])),
        ("stepping through the answer", lambda: _walking(PuzzleBoard(["zero-skips-knocked-out", "round3-seven"]))),
        ("a wrong option picked, with its why", lambda: _picked(PuzzleBoard(["round3-seven", "classic-opening"]), 0)),
        ("a best-move puzzle", lambda: PuzzleBoard(["bm-keep-your-seven", "round3-seven"])),
        ("a wrong move picked, with its why and the expert's estimates",
         lambda: _picked(PuzzleBoard(["bm-keep-your-seven", "round3-seven"]), 1)),
    ],
    "step_player": [
        ("at the start", lambda: StepPlayer("stack-2-4-6")),
        ("half way", lambda: StepPlayer("stack-2-4-6").goto(4)),
    ],
    "trainer": [
        ("a new puzzle with options and hints", lambda: _trainer()),
        ("a wrong option saved, with a hint used", lambda: _trainer(wrong_first=True)),
        ("a missed puzzle back for review", lambda: _trainer(wrong_first=True, review=True)),
        ("a progress file it could not read", lambda: _trainer(unreadable=True)),
        ("a mistake of your own served", lambda: _trainer_kept()),
    ],
    "learn_path": [
        ("a stage to play", lambda: _learning("a-wild-names-the-color")),
        ("a refused try, with the rules' reason", lambda: _learning("match-the-color", "You plays blue 3")),
        ("an allowed try that is not the task", lambda: _learning("stop-the-plus-two", "You draws")),
        ("a stage done", lambda: _learning("seven-swaps-hands", "You plays red 7 swapping with Bo")),
    ],
}


_KEPT: list[str] = []  # the text and the id of one kept mistake (test_hostile_kept's round), made once


def _trainer_kept() -> Trainer:
    """A trainer serving a mistake of your own, kept from a reviewed round (on a fresh progress folder)."""
    from nomercy.puzzles.kept import KEPT_FOLDER, KEPT_TOPIC, KeptFolder
    from test_hostile_session import _finish_and_review

    folder = Path(tempfile.mkdtemp(dir=_TRAINER_DATA.name))
    if not _KEPT:
        table = GameTable("no-mercy", ["human", "greedy"], seed=10, pace=0, coach=True)
        _finish_and_review(table)
        found = KeptFolder(folder).keep(table.session.reviewed.mistakes[0], 0, seed=table.session.reviewed.seed)
        _KEPT.append((folder / KEPT_FOLDER / f"{found.id}.yaml").read_text(encoding="utf-8"))
        _KEPT.append(found.id)
    (folder / KEPT_FOLDER).mkdir(exist_ok=True)
    (folder / KEPT_FOLDER / f"{_KEPT[1]}.yaml").write_text(_KEPT[0], encoding="utf-8")
    if not _TRAINER_PUZZLES:
        _TRAINER_PUZZLES.extend(collection())
    return Trainer(KEPT_TOPIC, data_dir=folder, puzzles=_TRAINER_PUZZLES + KeptFolder(folder).puzzles())


@pytest.fixture(autouse=True)
def _kept_in_a_folder_of_the_test(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """A mistake kept at a table goes to the default data folder: a folder of the test, never the real one."""
    monkeypatch.setenv("NOMERCY_DATA_DIR", str(tmp_path))


def _learning(stage: str, move: str | None = None) -> LearnPath:
    """The learning path on a fresh progress folder, at ``stage``, after ``move`` if given."""
    path = LearnPath(data_dir=tempfile.mkdtemp(prefix="nomercy-contract-learn-"))
    path.goto(stage)
    if move is not None:
        path.play(move)
    return path


_TRAINER_DATA = tempfile.TemporaryDirectory(prefix="nomercy-contract-")  # never the real data folder
_TRAINER_PUZZLES: list[Any] = []


def _trainer(*, wrong_first: bool = False, review: bool = False, unreadable: bool = False) -> Trainer:
    """A trainer on a fresh progress folder and a fixed clock, on the stacking puzzles (options, hints)."""
    from datetime import datetime, timedelta, timezone

    from nomercy.puzzles.progress import FILE_NAME
    from nomercy.puzzles.puzzle import check_answer

    if not _TRAINER_PUZZLES:
        _TRAINER_PUZZLES.extend(collection())
    folder = Path(tempfile.mkdtemp(dir=_TRAINER_DATA.name))
    if unreadable:
        (folder / FILE_NAME).write_text("{not json")
    now = [datetime(2026, 12, 1, 9, 0, tzinfo=timezone.utc)]
    trainer = Trainer("stacking", data_dir=folder, clock=lambda: now[0], puzzles=_TRAINER_PUZZLES)
    while not (trainer.current.choices and trainer.current.hints
               and trainer.current.kind != "best-move"):  # options that stand for answers, and the form
        trainer.next()
    if wrong_first:
        trainer.hint()
        puzzle = trainer.current
        trainer.choose(next(i for i, c in enumerate(puzzle.choices) if check_answer(puzzle, dict(c["answer"]))))
    if review:
        trainer.next()
        now[0] += timedelta(minutes=10)
        trainer.next()
        assert trainer.status["kind"] == "review"
    return trainer


def _picked(board: PuzzleBoard, index: int) -> PuzzleBoard:
    board.choose(index)
    assert board.feedback["why"] and board.feedback["picked"] == index
    return board


def _walking(board: PuzzleBoard) -> PuzzleBoard:
    board.show_me("first")
    board.show_me("next")
    return board


def _snapshot(widget: Any) -> dict[str, Any]:
    """The synced traits, as the front end receives them."""
    names = [n for n in widget.trait_names(sync=True) if not n.startswith("_") and n not in
             ("layout", "comm", "keys", "log", "tabbable", "tooltip")] + (["log"] if "log" in widget.trait_names() else [])
    return json.loads(json.dumps({n: getattr(widget, n) for n in names}, default=str))


_HARNESS_JS = """
async ({ source, css, state }) => {
  const style = document.createElement('style');
  style.textContent = css;
  document.head.append(style);
  const module = await import(URL.createObjectURL(new Blob([source], { type: 'text/javascript' })));
  const sent = [];
  const model = {
    get: (name) => state[name], set: (name, value) => { state[name] = value; }, save_changes() {},
    on() {}, off() {}, send: (message) => sent.push(message),
  };
  const el = document.createElement('div');
  document.body.append(el);
  await module.default.render({ model, el });  // the trainer's render is async: it loads the board's module
  const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
  const root = el.firstElementChild;
  // Every control a person can use: buttons, choices, inputs (typed into, then Enter), sliders, keys.
  // Each control once (by its test id and words), found anew after every click (a click may draw new ones): a card tapped into an answer
  // draws a button to take it back, so walking the list by index never ended on the puzzle board's card picker.
  const clicked = new Set();
  const key = (b) => `${b.getAttribute('data-testid') || ''}|${b.textContent}`;  // a redraw makes new elements
  for (let clicks = 0; clicks < 1000; clicks++) {
    const button = [...el.querySelectorAll('button:not([disabled])')].find((b) => !clicked.has(key(b)));
    if (!button) break;
    clicked.add(key(button));
    button.click();
    await wait(0);
  }
  for (const input of el.querySelectorAll('input[type=number], input[type=text]')) {
    input.value = input.type === 'number' ? '1' : 'red 1';
    input.dispatchEvent(new Event('input', { bubbles: true }));
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
  }
  for (const input of el.querySelectorAll('input[type=checkbox]')) input.click();
  for (const control of el.querySelectorAll('select, input[type=range]')) {
    control.value = control.tagName === 'SELECT' ? control.options[control.options.length - 1].value : control.max;
    control.dispatchEvent(new Event('change', { bubbles: true }));
  }
  for (const key of ['ArrowRight', 'ArrowLeft', 'ArrowDown', 'ArrowUp', 'Home', 'End', 'Escape']) {
    root.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
  }
  await wait(300);  // a computer's pause (pace 0.05 s in that situation) runs out
  return { sent, text: root.innerText.length };
}
"""


@pytest.fixture(scope="module")
def browser() -> Any:
    require_browser()
    with chromium() as context:
        yield context


@pytest.mark.browser
@pytest.mark.parametrize("name", MODULES)
def test_every_control_sends_an_intent_python_accepts(browser: Any, name: str) -> None:
    source = (STATIC / f"{name}.js").read_text(encoding="utf-8")
    css = (STATIC / f"{name}.css").read_text(encoding="utf-8")
    seen: set[str] = set()
    for situation, make in SITUATIONS[name]:
        page = browser.new_page()
        watch = ConsoleWatch(page)
        page.set_content("<!doctype html><html><body></body></html>")
        result = page.evaluate(_HARNESS_JS, {"source": source, "css": css, "state": _snapshot(make())})
        page.close()
        assert not watch.take(), f"{name} / {situation}: {watch.errors}"
        assert result["text"] > 0, f"{name} / {situation}: nothing was drawn"
        for message in result["sent"]:
            reason = make().send_intent(message)
            assert not (reason or "").startswith(("unknown intent", "internal error")), (situation, message, reason)
            seen.add(message["type"])
    assert seen == set(MODULES[name].INTENTS), f"{name}: never sent {set(MODULES[name].INTENTS) - seen}"
