"""Several learners on one computer: each keeps their own progress and kept mistakes; the first name given takes
over the progress kept before names; an export carries its learner's name and an import never merges into the
wrong learner silently."""

from __future__ import annotations

import json
from datetime import datetime, timezone
from pathlib import Path

import pytest

from nomercy.puzzles.kept import KEPT_FOLDER, KeptFolder
from nomercy.puzzles.learners import CURRENT_FILE, FOLDER, NAME_FILE, Learners, learner_name
from nomercy.puzzles.progress import FOLDER_NAME, Progress, ProgressFileError

pytest.importorskip("anywidget")

from nomercy.widgets import LearnPath, Trainer  # noqa: E402

NOW = datetime(2026, 12, 1, 9, 0, tzinfo=timezone.utc)


def clock() -> datetime:
    return NOW


def test_progress_kept_before_names_becomes_the_first_learners_and_nothing_is_lost(tmp_path: Path) -> None:
    before = Progress(tmp_path, clock=clock)
    before.record("stack-2-4-6", right=True)
    trainer = Trainer(data_dir=tmp_path, clock=clock)
    whose = trainer.status["learner"]
    # not asked again: the bar is one line, its button opens the field with the hint
    assert trainer.learner == "" and whose["ask"] == "" and whose["more"] == "Add your name"
    assert whose["hint"] == "Type your name to make this progress yours."
    assert len(trainer.progress.attempts) == 1
    trainer.switch_learner("Ann")  # the first name takes it over
    assert trainer.learner == "Ann" and len(trainer.progress.attempts) == 1
    assert trainer.progress.folder == tmp_path and (tmp_path / FOLDER_NAME).is_dir()
    trainer.switch_learner("Ben")  # a second learner starts with nothing, in a folder of their own
    assert trainer.learner == "Ben" and trainer.progress.attempts == ()
    assert trainer.progress.folder.parent == tmp_path / FOLDER
    assert Progress(tmp_path, clock=clock).learner == "Ann"  # without a name: the first learner's, as before
    assert len(Progress(tmp_path, clock=clock).attempts) == 1


def test_each_learner_sees_only_their_own_attempts_and_the_name_is_remembered(tmp_path: Path) -> None:
    ann = Trainer(data_dir=tmp_path, clock=clock, learner="Ann")
    ben = Trainer(data_dir=tmp_path, clock=clock, learner="Ben")  # another window, at the same time
    ann.progress.record(ann.current, right=True)
    ben.progress.record(ben.current, right=False)
    ben.progress.record("another", right=False)
    assert len(Progress(tmp_path, learner="Ann").attempts) == 1
    assert len(Progress(tmp_path, learner="ben").attempts) == 2  # a name in another case is the same learner
    assert Trainer(data_dir=tmp_path, clock=clock).learner == "Ben"  # chosen last
    assert Trainer(data_dir=tmp_path, clock=clock, learner="ANN").learner == "Ann"  # spelled as first given
    assert LearnPath(data_dir=tmp_path).learner == "Ann"
    assert Learners(tmp_path).names() == ["Ann", "Ben"]


def test_look_alike_names_are_one_learner(tmp_path: Path) -> None:
    learners = Learners(tmp_path)
    first = learners.folder_of("Ann")
    assert learners.folder_of("\uff21\uff4e\uff4e") == first  # fullwidth Ａｎｎ
    zoe = learners.folder_of("Zoe\u0301")
    assert learners.folder_of("ZO\u00c9") == zoe != first
    assert learners.names() == ["Ann", "Zo\u00e9"]


def test_a_learning_path_stage_done_is_the_learners_own(tmp_path: Path) -> None:
    path = LearnPath("mercy", data_dir=tmp_path, learner="Ann")
    stage = path.current
    assert path.play(stage.start().move_text(stage.done[0])).done
    assert path.path["done"] == 1
    path.switch_learner("Ben")
    assert path.path["done"] == 0 and path.learner == "Ben" and path.whose["title"] == "Ben's progress"
    path.switch_learner("Ann")
    assert path.path["done"] == 1


def test_an_export_carries_the_name_and_another_learners_import_asks_whose_it_becomes(tmp_path: Path) -> None:
    trainer = Trainer(data_dir=tmp_path, clock=clock, learner="Ben")
    trainer.progress.record(trainer.current, right=True)
    exported = trainer.export_progress()
    assert json.loads(exported.splitlines()[0])["learner"] == "Ben"
    trainer.switch_learner("Ann")
    with pytest.raises(ProgressFileError, match="This file is Ben's progress, and this is Ann"):
        trainer.import_progress(exported)
    assert trainer.status["transfer"]["kind"] == "ask" and trainer.progress.attempts == ()
    assert trainer.status["transfer"]["as_mine"] == "Make it Ann's"
    assert trainer.import_progress(exported, into="theirs") == 0 and trainer.learner == "Ben"  # Ben had it all
    trainer.switch_learner("Ann")
    assert trainer.import_progress(exported, into="mine") == 1 and trainer.learner == "Ann"
    assert len(Progress(tmp_path, learner="Ann").attempts) == 1
    # the progress object refuses another learner's text too, unless told it becomes this one's
    carl = Progress(tmp_path, learner="Carl")
    with pytest.raises(ProgressFileError, match="this is Ben's progress, and this is Carl's"):
        carl.import_text(exported)
    assert carl.attempts == () and carl.import_text(exported, as_mine=True) == 1


def test_an_export_without_a_name_goes_to_the_learner_importing_it(tmp_path: Path) -> None:
    old = Progress(tmp_path / "old", clock=clock)
    old.record("s1", right=True)
    trainer = Trainer(data_dir=tmp_path, clock=clock, learner="Ann")
    assert trainer.import_progress(old.export()) == 1
    assert "Ann's progress now holds 1 attempt" in trainer.status["transfer"]["sentence"]


def test_kept_mistakes_belong_to_a_learner(tmp_path: Path) -> None:
    ann = KeptFolder(tmp_path, learner="Ann")
    ben = KeptFolder(tmp_path, learner="Ben")
    assert ann.path == tmp_path / KEPT_FOLDER  # the first learner's: where kept mistakes always were
    assert ben.path.parent.parent == tmp_path / FOLDER and ben.path != ann.path
    assert KeptFolder(tmp_path).path == ann.path


def test_the_files_say_whose_they_are(tmp_path: Path) -> None:
    Trainer(data_dir=tmp_path, clock=clock, learner="Ann").switch_learner("Ben")
    assert json.loads((tmp_path / NAME_FILE).read_text())["name"] == "Ann"
    assert json.loads((tmp_path / CURRENT_FILE).read_text())["name"] == "Ben"
    (named,) = (tmp_path / FOLDER).iterdir()
    assert json.loads((named / NAME_FILE).read_text())["name"] == "Ben"
    assert learner_name("Ben") == "Ben"
