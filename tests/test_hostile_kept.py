"""Hostile tests of your kept mistakes: the table's keep intent, the trainer's remove intent, and the kept files.

A keep asked for the wrong decision (none reviewed, a number out of range, a close call, a value of no kind) is
refused in one line and keeps nothing; a kept-puzzle file that a person broke, or edited to show the others'
cards, is left out of the trainer and named in a line, never served; an export whose kept lines are broken is
refused whole and changes nothing.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml

pytest.importorskip("anywidget")

from hostile_values import SAMPLE, clear  # noqa: E402
from nomercy.core import wording  # noqa: E402
from nomercy.puzzles.better_move import ratings  # noqa: E402
from nomercy.puzzles.kept import KEPT_FOLDER, KEPT_LINE_KEY, KeptFolder  # noqa: E402
from nomercy.puzzles.puzzle import Puzzle  # noqa: E402
from nomercy.widgets import GameTable, Trainer  # noqa: E402
from test_hostile_session import _finish_and_review  # noqa: E402

HOSTILE_COVERS = ("intent:GameTable:keep_mistake", "intent:Trainer:remove_kept", "file:kept-puzzle")

SEED = 10
"""A short two-player round whose review names one mistake, which the second look confirms."""


@pytest.fixture(scope="module")
def kept(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    folder = tmp_path_factory.mktemp("kept-hostile")
    table = GameTable("no-mercy", ["human", "greedy"], seed=SEED, pace=0, coach=True)
    _finish_and_review(table)
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("NOMERCY_DATA_DIR", str(folder))
        assert table.send_intent({"type": "keep_mistake", "index": 0}) is None
    assert table.review["kept"]["0"] == wording.KEPT_NOW
    (path,) = (folder / KEPT_FOLDER).glob("*.yaml")
    return {"table": table, "folder": folder, "text": path.read_text(encoding="utf-8"), "id": path.stem}


def test_a_keep_before_the_review_or_without_a_mistake_is_refused_in_a_line(monkeypatch: pytest.MonkeyPatch,
                                                                            tmp_path: Path) -> None:
    monkeypatch.setenv("NOMERCY_DATA_DIR", str(tmp_path))
    table = GameTable("no-mercy", ["human", "greedy"], seed=SEED, pace=0, coach=True)
    reason = table.send_intent({"type": "keep_mistake", "index": 0})
    assert reason == "There is no review yet: click 'Review my round' first."
    clean = GameTable("no-mercy", ["human", "greedy"], seed=9, pace=0, coach=True)  # a round without a mistake
    _finish_and_review(clean)
    assert not clean.review["mistakes"]
    assert clean.send_intent({"type": "keep_mistake", "index": 0}) == "The review names no mistake to keep."
    assert not (tmp_path / KEPT_FOLDER).exists()


NOT_AN_INDEX = [v for v in SAMPLE[:12] if not (type(v) is int and v == 0)] + [1, -1, "0", 0.0, [0], {"index": 0}]
"""Values that name no mistake of a review that names one (mistake 0)."""


@pytest.mark.parametrize("index", NOT_AN_INDEX, ids=range(len(NOT_AN_INDEX)))
def test_a_keep_of_no_mistake_the_review_names_is_refused_and_keeps_nothing(kept: dict[str, Any], index: Any,
                                                                           monkeypatch: pytest.MonkeyPatch,
                                                                           tmp_path: Path) -> None:
    monkeypatch.setenv("NOMERCY_DATA_DIR", str(tmp_path))
    table = kept["table"]
    before = table.review
    reason = table.send_intent({"type": "keep_mistake", "index": index})
    assert reason and clear(reason), reason
    assert reason.startswith("a mistake of the review is a number from 0 to 0, not"), reason
    assert table.review == before and not (tmp_path / KEPT_FOLDER).exists()


def _best(text: str) -> str:
    """The move the coach's search rates highest against the one played in a kept puzzle's text."""
    puzzle = Puzzle.from_dict(yaml.safe_load(text))
    return ratings(puzzle).better[0]


def _trainer_over(folder: Path, monkeypatch: pytest.MonkeyPatch) -> Trainer:
    monkeypatch.setenv("NOMERCY_DATA_DIR", str(folder))
    return Trainer(data_dir=folder)


@pytest.mark.parametrize("broken", [
    "", "\x00\x01\x02", "{", "- a\n- list\n", "id: [unclosed", "x" * 100_000,
    "REPLACE-OTHER-CARDS", "REPLACE-ANSWER", "REPLACE-TOPIC", "REPLACE-HAND",
])
def test_a_kept_puzzle_file_a_person_broke_is_left_out_and_named_never_served(
        kept: dict[str, Any], broken: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    data = yaml.safe_load(kept["text"])
    seat = data["turn"]
    if broken == "REPLACE-OTHER-CARDS":  # the others' cards written in: the hidden hands shown
        other = next(name for name in data["hands"] if name != seat)
        data["hands"][other] = ["red 1"]
    elif broken == "REPLACE-ANSWER":  # the best move called the one played: the search finds none better
        data["answer"]["better_than"] = _best(kept["text"])
    elif broken == "REPLACE-TOPIC":
        data["topic"] = "stacking"
    elif broken == "REPLACE-HAND":  # more copies of a card than the deck has
        data["hands"][seat] = [data["hands"][seat][0]] * 30
    text = yaml.safe_dump(data) if broken.startswith("REPLACE") else broken
    folder = tmp_path / KEPT_FOLDER
    folder.mkdir()
    (folder / f"{kept['id']}.yaml").write_text(text, encoding="utf-8")
    trainer = _trainer_over(tmp_path, monkeypatch)
    trainer.select(None)
    served = set()
    for _ in range(3):
        served.add(trainer.current.id)
        trainer.next()
    assert kept["id"] not in served and kept["id"] not in {p.id for p in trainer.pool}
    problem = trainer.status["problem"]
    assert problem and clear(problem) and ("could not be read" in problem or wording.KEPT_LEFT_OUT in problem), problem


def test_the_remove_intent_removes_only_a_kept_mistake(kept: dict[str, Any], tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / KEPT_FOLDER
    folder.mkdir()
    (folder / f"{kept['id']}.yaml").write_text(kept["text"], encoding="utf-8")
    trainer = _trainer_over(tmp_path, monkeypatch)
    assert trainer.current.id == kept["id"]
    for extra in ({"id": "stack-2-4-6"}, {"index": -1}, {"id": None}):  # what else it carries is not read
        trainer.next()
        reason = trainer.send_intent({"type": "remove_kept", **extra})
        assert reason == "Only a mistake of your own can be removed, and this puzzle is not one."
    assert KeptFolder(tmp_path).ids() == [kept["id"]]
    trainer.select("your-mistakes")
    assert trainer.send_intent({"type": "remove_kept"}) is None
    assert KeptFolder(tmp_path).ids() == [] and "your-mistakes" not in trainer._topics
    assert trainer.send_intent({"type": "remove_kept"}) == (
        "Only a mistake of your own can be removed, and this puzzle is not one.")


@pytest.mark.parametrize("line", [
    '{"kept-puzzle": {"id": "stack-2-4-6"}}',
    '{"kept-puzzle": [1, 2]}',
    '{"kept-puzzle": "mine-0"}',
    '{"kept-puzzle": {"id": "mine-00", "rules": "no-mercy"}}',
    '{"kept-puzzle": {"id": "mine-',
    '{"kept-puzzle": {}, "more": 1}',
    '{"kept-puzzle": {"id": "mine-0"}, "kept-puzzle": {"id": "mine-1"}}',  # a key twice: neither is taken
    "SHOWN-CARDS",
    "NOT-CONFIRMED",
])
def test_an_export_with_a_broken_kept_line_is_refused_whole(kept: dict[str, Any], line: str, tmp_path: Path,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    data = yaml.safe_load(kept["text"])
    if line == "SHOWN-CARDS":
        other = next(name for name in data["hands"] if name != data["turn"])
        data["hands"][other] = ["red 1"]
        line = json.dumps({KEPT_LINE_KEY: data})
    elif line == "NOT-CONFIRMED":
        data["answer"]["better_than"] = _best(kept["text"])
        line = json.dumps({KEPT_LINE_KEY: data})
    trainer = _trainer_over(tmp_path, monkeypatch)
    attempt = ('{"puzzle": "stack-2-4-6", "right": true, "hints": 0, "seconds": 3.0, "date": '
               '"2026-12-01T09:00:00Z", "topic": "stacking", "level": "easy", "id": "other-1"}')
    text = '{"format": "nomercy-progress", "version": 2}\n' + attempt + "\n" + line + "\n"
    assert trainer.send_intent({"type": "import_progress", "text": text}) is None
    transfer = trainer.status["transfer"]
    assert transfer["kind"] == "refused" and clear(transfer["sentence"]), transfer
    assert "nothing was imported" in transfer["sentence"]
    assert KeptFolder(tmp_path).ids() == [] and not trainer.progress.attempts
