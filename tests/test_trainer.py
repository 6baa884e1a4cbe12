"""The puzzle trainer, driven through its intents as the browser sends them (the browser itself is in
tests/test_widget_contract.py and tests/test_notebooks_in_browser.py). Each test has its own progress
folder and a fake clock."""

from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("anywidget")

from nomercy.core.errors import NomercyError  # noqa: E402
from nomercy.core.rules import PROFILES  # noqa: E402
from nomercy.puzzles.progress import FILE_NAME, FOLDER_NAME, Progress  # noqa: E402
from nomercy.puzzles.puzzle import Puzzle, check_answer  # noqa: E402
from nomercy.widgets import PuzzleBoard  # noqa: E402
from nomercy.widgets import Trainer as _Trainer  # noqa: E402
from conftest import collection  # noqa: E402

COLLECTION = list(collection())


def Trainer(*args: Any, **kwargs: Any) -> _Trainer:  # noqa: N802 - the class, with the collection read once
    return _Trainer(*args, puzzles=COLLECTION, **kwargs)


class FakeClock:
    def __init__(self) -> None:
        self.now = datetime(2026, 12, 1, 9, 0, tzinfo=timezone.utc)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta: float) -> None:
        self.now += timedelta(**delta)


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


def options(puzzle: Puzzle) -> tuple[int, int]:
    """The index of the right option and of a wrong one."""
    verdicts = [not check_answer(puzzle, dict(c["answer"])) for c in puzzle.choices]
    return verdicts.index(True), verdicts.index(False)


def to_a_puzzle_with_options(trainer: _Trainer) -> Puzzle:
    for _ in range(len(trainer.pool)):
        if trainer.current.choices and trainer.current.kind != "best-move":  # options that stand for answers
            return trainer.current
        trainer.next()
    raise AssertionError("no puzzle with options")


def saved(folder: Path) -> list[dict[str, Any]]:
    """The attempts saved in the folder's journals, as written (without their ids)."""
    lines = [json.loads(line) for path in sorted((folder / FOLDER_NAME).glob("*.jsonl"))
             for line in path.read_text().splitlines()[1:]]
    return [{k: v for k, v in line.items() if k != "id"} for line in lines]


def test_a_new_trainer_serves_an_easy_new_puzzle_and_writes_nothing(tmp_path: Path, clock: FakeClock) -> None:
    trainer = Trainer(data_dir=tmp_path, clock=clock)
    assert repr(trainer) == "<Trainer all topics, all levels>"
    assert trainer.current.level == "easy" and trainer.status["kind"] == "new"
    assert trainer.status["due"] == 0 and trainer.status["new"] == trainer.status["pool"] == len(trainer.pool)
    assert trainer.status["recorded"] is None and trainer.status["attempts"] == 0 and trainer.status["rating"] == ""
    assert not list(tmp_path.iterdir())
    assert trainer.puzzle["id"] == trainer.current.id and trainer.puzzle["count"] == 1
    assert trainer.board_module.startswith("// The puzzle board's front end")


def test_the_order_is_fixed_by_the_seed(tmp_path: Path, clock: FakeClock) -> None:
    def served(seed: int) -> list[str]:
        trainer = Trainer(data_dir=tmp_path, clock=clock, seed=seed)
        ids = []
        for _ in range(6):
            ids.append(trainer.current.id)
            trainer.next()
        return ids

    assert served(0) == served(0) and served(0) != served(1)
    assert len(set(served(0))) == 6  # skipping moves on; a skipped puzzle waits at the back


def test_the_first_check_is_the_attempt_and_later_checks_are_not(tmp_path: Path, clock: FakeClock) -> None:
    trainer = Trainer(data_dir=tmp_path, clock=clock)
    puzzle = to_a_puzzle_with_options(trainer)
    right, wrong = options(puzzle)
    clock.advance(seconds=30)
    assert trainer.send_intent({"type": "hint"}) is None
    clock.advance(seconds=12)
    assert trainer.send_intent({"type": "choice", "index": wrong}) is None
    assert trainer.feedback["correct"] is False and trainer.feedback["why"]  # the board's own feedback
    recorded = trainer.status["recorded"]
    assert recorded["right"] is False and recorded["hints"] == 1 and recorded["seconds"] == 42 and recorded["box"] == 1
    assert recorded["sentence"] == "Missed, with 1 hint, in 42 seconds. Saved: box 1 of 5, back in 10 minutes."
    assert trainer.send_intent({"type": "choice", "index": right}) is None
    assert trainer.feedback["correct"] is True
    assert trainer.status["recorded"] == recorded  # the second check is not an attempt
    assert saved(tmp_path) == [{"puzzle": puzzle.id, "right": False, "hints": 1, "seconds": 42.0,
                                "date": "2026-12-01T09:00:42Z", "topic": puzzle.topic, "level": puzzle.level}]
    row = next(r for r in trainer.status["progress"] if r["topic"] == puzzle.topic)
    assert (row["tried"], row["known"]) == (1, 0)
    assert trainer.status["attempts"] == 1 and trainer.status["rating"]


def test_a_right_answer_typed_in_moves_the_puzzle_to_box_2(tmp_path: Path, clock: FakeClock) -> None:
    trainer = Trainer("stacking", "easy", data_dir=tmp_path, clock=clock)
    while trainer.current.kind == "best-move":  # a best-move puzzle asks for a move, not for values
        trainer.next()
    puzzle = trainer.current
    values = {k: v for k, v in puzzle.answer.items() if k != "before"}
    assert trainer.send_intent({"type": "answer", "answer": values}) is None
    assert trainer.feedback["correct"] is True
    assert trainer.status["recorded"]["sentence"] == "Right on the first try, in 0 seconds. Saved: box 2 of 5, back tomorrow."
    row = next(r for r in trainer.status["progress"] if r["topic"] == "stacking")
    assert (row["tried"], row["known"], row["due"]) == (1, 1, 0)
    assert Progress(tmp_path, clock=clock).entry(puzzle.id).box == 2  # type: ignore[union-attr]


def test_a_blank_part_is_refused_and_is_not_an_attempt(tmp_path: Path, clock: FakeClock) -> None:
    trainer = Trainer(data_dir=tmp_path, clock=clock)
    reason = trainer.send_intent({"type": "answer", "answer": {}})
    assert reason and reason.startswith("Answer every part first")
    assert trainer.status["recorded"] is None and not list(tmp_path.iterdir())


def test_a_missed_puzzle_comes_back_as_a_review_after_ten_minutes(tmp_path: Path, clock: FakeClock) -> None:
    trainer = Trainer(data_dir=tmp_path, clock=clock)
    missed = to_a_puzzle_with_options(trainer)
    trainer.choose(options(missed)[1])
    trainer.next()
    assert trainer.current.id != missed.id and trainer.status["kind"] == "new"
    clock.advance(minutes=10)
    trainer.next()
    assert trainer.current.id == missed.id
    assert (trainer.status["kind"], trainer.status["box"], trainer.status["due"]) == ("review", 1, 1)
    trainer.choose(options(missed)[0])
    assert trainer.status["recorded"]["box"] == 2 and trainer.status["due"] == 0
    # a new trainer on the same folder knows it too
    assert Trainer(data_dir=tmp_path, clock=clock).progress.entry(missed.id).box == 2  # type: ignore[union-attr]


def test_choosing_a_topic_and_level(tmp_path: Path, clock: FakeClock) -> None:
    trainer = Trainer(data_dir=tmp_path, clock=clock)
    assert trainer.send_intent({"type": "choose", "topic": "mercy", "level": "hard"}) is None
    assert {(p.topic, p.level) for p in trainer.pool} == {("mercy", "hard")}
    assert (trainer.current.topic, trainer.current.level) == ("mercy", "hard")
    assert repr(trainer) == "<Trainer topic=mercy level=hard>"
    assert [r["topic"] for r in trainer.status["progress"]] == ["mercy"]
    assert trainer.send_intent({"type": "choose", "topic": "", "level": "medium"}) is None
    assert {p.level for p in trainer.pool} == {"medium"} and len({p.topic for p in trainer.pool}) > 5
    assert repr(trainer) == "<Trainer all topics, level=medium>"
    reason = trainer.send_intent({"type": "choose", "topic": "juggling", "level": ""})
    assert reason and reason.startswith("no puzzles on the topic 'juggling'; the topics are ")
    assert trainer.send_intent({"type": "choose", "topic": "drawing", "level": "expert"}) == \
        "the levels are easy, medium, hard, not 'expert'"
    with pytest.raises(NomercyError, match="no hard puzzles on the topic 'uno-call'"):
        Trainer("uno-call", "hard", data_dir=tmp_path)
    # in the page, a topic with nothing at the level shown is trained at all its levels
    assert trainer.send_intent({"type": "choose", "topic": "hard", "level": "hard"}) is not None  # not a topic
    assert trainer.send_intent({"type": "choose", "topic": "uno-call", "level": "hard"}) is None
    assert (trainer.status["topic"], trainer.status["level"]) == ("uno-call", "")
    assert {p.topic for p in trainer.pool} == {"uno-call"}


def test_the_trainer_keeps_the_boards_intents_and_adds_its_own(tmp_path: Path, clock: FakeClock) -> None:
    assert set(_Trainer.INTENTS) == {"answer", "choice", "hint", "show", "goto", "next_puzzle", "choose",
                                     "export_progress", "import_progress", "remove_kept", "learner"}
    assert all(_Trainer._INTENT_HANDLERS[name] is PuzzleBoard._INTENT_HANDLERS[name]
               for name in ("answer", "choice", "hint", "show"))  # one checker: the board's
    trainer = Trainer(data_dir=tmp_path, clock=clock)
    assert trainer.send_intent({"type": "goto", "index": 0}) is None
    assert trainer.send_intent({"type": "goto", "index": 3}) == "The trainer chooses the puzzles: press Next puzzle."
    assert trainer.send_intent({"type": "prev_puzzle"}).startswith("unknown intent 'prev_puzzle'")  # type: ignore[union-attr]
    assert trainer.send_intent({"type": "show", "to": "first"}) is None and trainer.walk["index"] == 0


def test_an_unreadable_progress_file_is_reported_and_training_goes_on(tmp_path: Path, clock: FakeClock) -> None:
    (tmp_path / FILE_NAME).write_text("{oops")
    trainer = Trainer(data_dir=tmp_path, clock=clock)
    assert trainer.status["problem"].startswith(f"{tmp_path / FILE_NAME} could not be read (it is not JSON")
    puzzle = to_a_puzzle_with_options(trainer)
    trainer.choose(options(puzzle)[0])
    assert len(saved(tmp_path)) == 1
    assert (tmp_path / f"{FILE_NAME}.unreadable-20261201T090000Z").read_text() == "{oops"


def test_the_data_folder_comes_from_the_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NOMERCY_DATA_DIR", str(tmp_path))
    trainer = _Trainer()  # and the whole collection, read from puzzles/
    assert trainer.status["file"] == str(tmp_path / FOLDER_NAME)
    at_home = Trainer(data_dir=Path.home() / "nomercy-not-written")  # only read: nothing is written on start
    assert at_home.status["file"] == str(Path("~") / "nomercy-not-written" / FOLDER_NAME)


def test_the_seconds_stop_when_the_answer_is_given_not_when_the_check_ends(
        tmp_path: Path, clock: FakeClock, monkeypatch: pytest.MonkeyPatch) -> None:
    checked = PuzzleBoard._check

    def slow_check(self: Any, *args: Any, **kwargs: Any) -> None:  # as a best-move check runs the expert's search
        clock.advance(seconds=7)
        checked(self, *args, **kwargs)

    monkeypatch.setattr(PuzzleBoard, "_check", slow_check)
    trainer = Trainer(data_dir=tmp_path, clock=clock)
    puzzle = to_a_puzzle_with_options(trainer)
    clock.advance(seconds=20)
    trainer.choose(options(puzzle)[0])
    assert trainer.status["recorded"]["seconds"] == 20 and saved(tmp_path)[0]["seconds"] == 20.0


# --- the progress shared, exported and imported --------------------------------------------------------------

def test_the_progress_table_shows_the_box_each_puzzle_is_in(tmp_path: Path, clock: FakeClock) -> None:
    trainer = Trainer("stacking", None, data_dir=tmp_path, clock=clock)
    puzzle = to_a_puzzle_with_options(trainer)
    trainer.choose(options(puzzle)[0])
    row = next(r for r in trainer.status["progress"] if r["topic"] == "stacking")
    assert row["boxes"] == [0, 1, 0, 0, 0]
    assert trainer.status["in_boxes"] == [{"id": puzzle.id, "title": puzzle.title, "box": 2, "back": "tomorrow"}]


def test_a_trainer_picks_up_what_a_trainer_in_another_window_saved(tmp_path: Path, clock: FakeClock) -> None:
    here, there = Trainer(data_dir=tmp_path, clock=clock), Trainer(data_dir=tmp_path, clock=clock)
    missed = to_a_puzzle_with_options(there)
    there.choose(options(missed)[1])
    clock.advance(minutes=10)
    here.next()  # serving the next puzzle reads the other window's attempt: the miss is due for review
    assert here.current.id == missed.id and here.status["kind"] == "review" and here.status["attempts"] == 1
    here.choose(options(missed)[0])
    assert [(a["puzzle"], a["right"]) for a in saved(tmp_path)] in (
        [(missed.id, False), (missed.id, True)], [(missed.id, True), (missed.id, False)])  # two journals
    assert [a.right for a in Progress(tmp_path, clock=clock).attempts] == [False, True]


def test_progress_exported_in_one_folder_is_imported_in_another_and_merged(tmp_path: Path, clock: FakeClock) -> None:
    home, away = Trainer(data_dir=tmp_path / "home", clock=clock), Trainer(data_dir=tmp_path / "away", clock=clock)
    first = to_a_puzzle_with_options(home)
    home.choose(options(first)[0])
    assert away.send_intent({"type": "next_puzzle"}) is None
    clock.advance(minutes=1)
    second = to_a_puzzle_with_options(away)
    away.choose(options(second)[1])
    text = home.export_progress()
    assert home.export == text and text.count("\n") == 2  # a header and one attempt
    assert away.import_progress(text) == 1
    assert away.status["transfer"]["sentence"] == "Imported 1 attempt; your progress now holds 2 attempts."
    assert away.status["attempts"] == 2 and away.export == ""  # the export box closes on other intents
    assert away.import_progress(text) == 0  # again: nothing new, nothing twice
    assert away.status["transfer"]["sentence"] == "Nothing new: every attempt in it was already in your progress."
    assert [(a.puzzle, a.right) for a in Progress(tmp_path / "away", clock=clock).attempts] == [
        (first.id, True), (second.id, False)]


@pytest.mark.parametrize("text, why", [
    ("", "there is nothing to import: choose a progress file or paste its text"),
    ("my shopping list", "this progress file cannot be imported (it is not JSON: it breaks off or has a character out of place at line 1, column 1). Nothing was changed."),
    ('{"format": "nomercy-progress", "version": 2}\n{"id": "a-1", "puzzle": "s1", "right": true, "hints": 0, '
     '"seconds": 1, "date": "2026-12-01T09:00:00Z"}\n{"id": "a-2", "puzzle": "s1"}',
     "this progress file cannot be imported (line 3: attempt at s1: right is true or false, not nothing)."
     " Nothing was changed."),
])
def test_a_bad_import_is_refused_in_one_line_and_changes_nothing(tmp_path: Path, clock: FakeClock, text: str, why: str) -> None:
    trainer = Trainer(data_dir=tmp_path, clock=clock)
    puzzle = to_a_puzzle_with_options(trainer)
    trainer.choose(options(puzzle)[0])
    before = sorted((p.name, p.read_bytes()) for p in (tmp_path / FOLDER_NAME).iterdir())
    assert trainer.send_intent({"type": "import_progress", "text": text}) is None  # the page shows it at the box
    assert trainer.status["transfer"] == {"kind": "refused", "sentence": f"Not imported: {why}"}
    assert sorted((p.name, p.read_bytes()) for p in (tmp_path / FOLDER_NAME).iterdir()) == before
    assert trainer.status["attempts"] == 1 and trainer.error == ""
    with pytest.raises(NomercyError, match="Nothing was changed|nothing to import"):
        trainer.import_progress(text)
    assert trainer.send_intent({"type": "import_progress", "text": 42}) is None  # not text: nothing to import
    assert trainer.status["transfer"]["kind"] == "refused"


def test_the_page_says_what_a_box_is_and_when_each_puzzle_comes_back(tmp_path: Path, clock: FakeClock) -> None:
    trainer = Trainer("stacking", None, data_dir=tmp_path, clock=clock)
    assert trainer.status["boxes_text"] == (
        "Boxes: each puzzle you try sits in a box from 1 to 5. Right on the first try moves it up a box; a miss sends "
        "it back to box 1. The higher the box, the longer it waits before it comes back: box 1 in 10 minutes, box 2 "
        "tomorrow, box 3 in 3 days, box 4 in 7 days, box 5 in 21 days.")
    puzzle = to_a_puzzle_with_options(trainer)
    trainer.choose(options(puzzle)[0])
    clock.advance(minutes=30)
    trainer.next()  # half an hour later the puzzle is still in box 2, back tomorrow (not "in 24 hours")
    assert [(p["id"], p["box"], p["back"]) for p in trainer.status["in_boxes"]] == [(puzzle.id, 2, "tomorrow")]


def test_a_newcomer_is_served_the_topics_learn_teaches_before_rule_options(tmp_path: Path, clock: FakeClock) -> None:
    """Rule options, the first card and an empty draw pile are not in the Learn path: in the mix of all topics they
    wait until the taught topics' new puzzles are tried, and a topic chosen serves them at once."""
    from nomercy.widgets.trainer import LATER_TOPICS

    taught = sum(p.topic not in LATER_TOPICS for p in COLLECTION)
    assert taught and taught < len(COLLECTION) and {p.topic for p in COLLECTION} >= set(LATER_TOPICS)
    for seed in range(2):
        trainer = Trainer(data_dir=tmp_path / str(seed), clock=clock, seed=seed)
        served = []
        for _ in range(taught):
            served.append(trainer.current)
            trainer.next()
        assert not [p.id for p in served if p.topic in LATER_TOPICS], f"seed {seed}"
        assert trainer.current.topic in LATER_TOPICS, "once the taught topics are tried, the others come"
    chosen = Trainer("options", data_dir=tmp_path / "chosen", clock=clock)
    assert chosen.current.topic == "options"


def test_a_newcomer_is_served_the_printed_rules_puzzles_before_any_house_rules(tmp_path: Path, clock: FakeClock) -> None:
    """A house rule (stacking anything on anything, say) contradicts what Learn just taught: it waits its turn."""
    def house(puzzle: Puzzle) -> bool:
        return bool(puzzle.rules.differences(PROFILES[puzzle.rules.name]))

    assert any(house(p) and p.level == "easy" for p in COLLECTION), "no easy house-rule puzzle to wait"
    printed = sum(not house(p) for p in COLLECTION)
    for seed in range(3):
        trainer = Trainer(data_dir=tmp_path / str(seed), clock=clock, seed=seed)
        served = []
        for _ in range(min(printed, 12)):
            served.append(trainer.current)
            trainer.next()
        assert not [p.id for p in served if house(p)], f"seed {seed}"
