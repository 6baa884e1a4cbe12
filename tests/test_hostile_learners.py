"""Hostile names and files for several learners on one computer: a name that cannot be one is refused in one line
(what a name is, in the game's words) and changes nothing; a learner's file that is not one of ours is ignored;
two windows of two learners writing at once keep each one's attempts apart."""

from __future__ import annotations

import json
import multiprocessing
import os
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import pytest

from conftest import collection
from nomercy.core.errors import NomercyError
from nomercy.puzzles.kept import KeptFolder
from nomercy.puzzles.learners import CURRENT_FILE, FOLDER, NAME_FILE, LearnerError, Learners, learner_name, read_name
from nomercy.puzzles.progress import Progress, ProgressFileError

pytest.importorskip("anywidget")

from nomercy.widgets import LearnPath, Trainer  # noqa: E402

HOSTILE_COVERS = (
    "api:nomercy.widgets.trainer.Trainer(learner)", "api:nomercy.widgets.trainer.Trainer(mistakes)",
    "api:nomercy.widgets.learn_path.LearnPath(learner)", "api:nomercy.puzzles.progress.Progress(learner)",
    "api:nomercy.puzzles.kept.KeptFolder(learner)", "api:nomercy.puzzles.learners.learner_name(value)",
    "api:nomercy.puzzles.learners.Learners(data_dir)",
    "intent:Trainer:learner", "intent:LearnPath:learner", "intent:Trainer:import_progress", "file:learner",
)
PYTHON = ("Traceback", "Error", "None", "True", "False", "0x", "NoneType", "<", "\n")
NOW = datetime(2026, 12, 1, 9, 0, tzinfo=timezone.utc)

NOT_NAMES: list[Any] = [  # (no None: it is the default, "the learner chosen last"; see the test below)
    True, 0, 3.5, float("nan"), [], ["Ann"], {"name": "Ann"}, b"Ann", "", " ", "Ann Lee", "Ann\n", "\t",
    "\u3164", "\u115f", "\u2800", "\u200b", "\u200bAnn", "Ann\u200d", "\ufe0f", "\u0301Ann", "\u00ad", "A" * 41,
    "x" * 1_000_000, "\ud800", "Ann\x00", "\x1b[31mAnn", "\u202eAnn", "Ann\u2028",
]
ODD_BUT_NAMES = ["../etc", "CON", "nul", "a/b", "..", "Zoë", "Ⅻ", "李", "😀", "A" * 40]


def clock() -> datetime:
    return NOW


def every_file(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def said_well(message: str) -> None:
    assert message and len(message) < 300 and not any(word in message for word in PYTHON), message
    assert "a learner's name is one word of 1 to 40 visible characters" in message, message


@pytest.mark.parametrize("value", NOT_NAMES, ids=range(len(NOT_NAMES)))
def test_a_name_that_cannot_be_a_learners_is_refused_in_one_line_everywhere_and_writes_nothing(
        tmp_path: Path, value: Any) -> None:
    Progress(tmp_path, clock=clock).record("s1", right=True)
    before = every_file(tmp_path)
    with pytest.raises(LearnerError) as refused:
        learner_name(value)
    said_well(str(refused.value))
    for make in (lambda: Progress(tmp_path, learner=value), lambda: KeptFolder(tmp_path, learner=value),
                 lambda: Trainer(data_dir=tmp_path, clock=clock, learner=value),
                 lambda: LearnPath(data_dir=tmp_path, learner=value), lambda: Learners(tmp_path).folder_of(value)):
        with pytest.raises(NomercyError) as refused:
            make()
        said_well(str(refused.value))
    assert every_file(tmp_path) == before


def test_no_name_at_all_is_the_default_learner_where_one_may_be_left_out_and_refused_where_a_name_is_needed(
        tmp_path: Path) -> None:
    assert Progress(tmp_path, learner=None).learner == "" and Trainer(data_dir=tmp_path, learner=None).learner == ""
    for refuse in (lambda: learner_name(None), lambda: Learners(tmp_path).folder_of(None)):  # type: ignore[arg-type]
        with pytest.raises(LearnerError) as refused:
            refuse()
        said_well(str(refused.value))


@pytest.mark.parametrize("value", [None, *NOT_NAMES], ids=range(len(NOT_NAMES) + 1))
def test_the_learner_intent_refuses_a_name_that_is_none_and_changes_nothing(tmp_path: Path, value: Any) -> None:
    """The trainer is given the collection read once (conftest), not read again for each of the thirty names."""
    trainer = Trainer(puzzles=list(collection()), data_dir=tmp_path, clock=clock, learner="Ann")
    path = LearnPath(data_dir=tmp_path, learner="Ann")
    trainer.progress.record(trainer.current, right=True)
    trainer.send_intent({"type": "goto", "index": 0})  # the page shows the attempt (the puzzle served stays)
    before = (dict(trainer.status), trainer.puzzle, dict(path.path), dict(path.whose), every_file(tmp_path))
    for widget in (trainer, path):
        reason = widget.send_intent({"type": "learner", "name": value})
        said_well(reason or "")
        assert widget.learner == "Ann" and widget.error == reason
    assert (dict(trainer.status), trainer.puzzle, dict(path.path), dict(path.whose), every_file(tmp_path)) == before
    for widget in (trainer, path):  # a message without a name at all
        said_well(widget.send_intent({"type": "learner"}) or "")


@pytest.mark.parametrize("name", ODD_BUT_NAMES)
def test_a_name_that_looks_like_a_path_stays_a_name_and_its_folder_stays_inside(tmp_path: Path, name: str) -> None:
    Learners(tmp_path).folder_of("First")
    progress = Progress(tmp_path, learner=name, clock=clock)
    progress.record("s1", right=True)
    assert progress.folder.parent == tmp_path / FOLDER and progress.learner == name
    assert all(tmp_path in p.parents for p in tmp_path.rglob("*"))
    assert name in Learners(tmp_path).names()


@pytest.mark.parametrize("value", ["maybe", 2, [], {"a": 1}, None])
def test_mistakes_is_yes_or_no(tmp_path: Path, value: Any) -> None:
    if value is None:
        assert Trainer(data_dir=tmp_path, clock=clock, mistakes=None)  # the default
        return
    with pytest.raises(NomercyError, match="mistakes") as refused:
        Trainer(data_dir=tmp_path, clock=clock, mistakes=value)
    assert not any(word in str(refused.value) for word in PYTHON[:6]), refused.value


@pytest.mark.parametrize("into", ["yours", 1, None, [], "MINE", {"x": 1}])
def test_an_import_into_someone_that_is_neither_is_refused(tmp_path: Path, into: Any) -> None:
    trainer = Trainer(data_dir=tmp_path, clock=clock, learner="Ann")
    reason = trainer.send_intent({"type": "import_progress", "text": "x", "into": into})
    assert reason == "Import into your progress (mine) or into the learner the file names (theirs)."


@pytest.mark.parametrize("name", ["\u3164", "", 5, False, ["Ben"], {"name": "Ben"}, "A" * 41, "Ben Lee"])
def test_an_export_whose_learner_is_no_name_is_refused_whole(tmp_path: Path, name: Any) -> None:
    source = Progress(tmp_path / "other", clock=clock, learner="Ben")
    source.record("s1", right=True)
    header, *lines = source.export().splitlines()
    text = "\n".join([json.dumps({**json.loads(header), "learner": name}), *lines])
    trainer = Trainer(data_dir=tmp_path, clock=clock, learner="Ann")
    for into in ("", "mine", "theirs"):
        with pytest.raises(ProgressFileError, match="learner's name is one word") as refused:
            trainer.import_progress(text, into=into)
        assert not any(word in str(refused.value) for word in PYTHON[:6]), refused.value
        assert trainer.learner == "Ann" and trainer.progress.attempts == ()
    assert Learners(tmp_path).names() == ["Ann"]


FILES = [b"", b"\x00\xff\xfe", b"{", b"[]", b"null", b'{"format": "nomercy-learner"}',
         b'{"format": "nomercy-learner", "name": 5}', b'{"format": "nomercy-learner", "name": "\\u3164"}',
         b'{"format": "nomercy-learner", "name": "Ann Lee"}', b'{"format": "other", "name": "Ann"}',
         b"[" * 100_000, b'{"format": "nomercy-learner", "name": "' + b"A" * 10_000 + b'"}', b"1" * 5000]


@pytest.mark.parametrize("content", FILES, ids=range(len(FILES)))
def test_a_learners_file_that_is_not_ours_is_ignored_and_nothing_breaks(tmp_path: Path, content: bytes) -> None:
    Progress(tmp_path, clock=clock).record("s1", right=True)
    (tmp_path / NAME_FILE).write_bytes(content)
    (tmp_path / CURRENT_FILE).write_bytes(content)
    assert read_name(tmp_path / NAME_FILE) is None and Learners(tmp_path).remembered() is None
    trainer = Trainer(data_dir=tmp_path, clock=clock)
    assert trainer.learner == "" and len(trainer.progress.attempts) == 1  # the progress kept before names, whole
    trainer.switch_learner("Ann")  # the first learner's file is taken: Ann gets a folder of her own
    assert trainer.learner == "Ann"


def test_a_learners_file_that_is_a_folder_or_a_pipe_is_ignored(tmp_path: Path) -> None:
    (tmp_path / NAME_FILE).mkdir(parents=True)
    if hasattr(os, "mkfifo"):
        os.mkfifo(tmp_path / CURRENT_FILE)  # reading it must not wait for a writer
    assert Learners(tmp_path).first() is None and Learners(tmp_path).remembered() is None
    assert Trainer(data_dir=tmp_path, clock=clock, learner="Ann").learner == "Ann"


def _write_as(folder: str, name: str, count: int, start: Any) -> None:
    """One window: a learner's trainer recording ``count`` attempts, each saved at once."""
    start.wait()
    progress = Progress(folder, learner=name)
    for i in range(count):
        progress.record(f"{name}-{i}", right=i % 2 == 0)


def test_two_windows_writing_two_learners_at_once_keep_each_ones_attempts_apart(tmp_path: Path) -> None:
    """Two processes start at the same moment on a data folder where nobody is named yet: one of them takes the
    first learner's folder and the other gets its own, and neither attempt lands in the other's progress."""
    Progress(tmp_path).record("before-names", right=True)  # progress kept before names: the first learner's
    context = multiprocessing.get_context("spawn")
    start = context.Barrier(2)
    windows = [context.Process(target=_write_as, args=(str(tmp_path), name, 40, start)) for name in ("Ann", "Ben")]
    for window in windows:
        window.start()
    for window in windows:
        window.join(timeout=300)
        assert window.exitcode == 0
    mine = {name: {a.puzzle for a in Progress(tmp_path, learner=name).attempts} for name in ("Ann", "Ben")}
    assert {p for p in mine["Ann"] if not p.startswith("before")} == {f"Ann-{i}" for i in range(40)}
    assert {p for p in mine["Ben"] if not p.startswith("before")} == {f"Ben-{i}" for i in range(40)}
    assert ("before-names" in mine["Ann"]) != ("before-names" in mine["Ben"])  # exactly one took it over
    assert sorted(Learners(tmp_path).names()) == ["Ann", "Ben"]


@pytest.mark.parametrize("folder", [5, True, [], "a\x00b", "\ud800", "x" * 5000, {"a": 1}, ""])
def test_a_data_folder_that_is_no_folder_name_is_refused_in_one_line(folder: Any) -> None:
    with pytest.raises(NomercyError) as refused:
        Learners(folder)
    message = str(refused.value)
    assert "the progress folder is the name of a folder" in message and "\n" not in message and len(message) < 300


def test_a_data_folder_that_is_a_file_is_refused_at_once_and_left_as_it_is(tmp_path: Path) -> None:
    """It was taken in silence: the trainer kept attempts in memory and said only at the first save that they
    could not be kept, in other words than the folder's."""
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    for make in (lambda: Learners(blocker), lambda: Trainer(data_dir=blocker, clock=clock, learner="Ann")):
        with pytest.raises(NomercyError) as refused:
            make()
        message = str(refused.value)
        assert message.startswith("the progress folder '") and message.endswith(
            "' is a file, not a folder: give the name of a folder") and "\n" not in message
    assert blocker.read_text() == "not a folder"
