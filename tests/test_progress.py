"""The progress files: their format, one journal per session, atomic writes, the Leitner schedule on a fake clock, files it cannot use,
progress per topic and level, and the Glicko-2 rating. Every test writes in its own temporary folder."""

from __future__ import annotations

import json
import os
import time
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from nomercy.core.errors import NomercyError

from nomercy.puzzles.progress import (
    FILE_NAME, FOLDER_NAME, INTERVALS, LEVEL_RATINGS, Progress, Rating, data_dir, glicko2, next_box,
)
from conftest import collection

START = datetime(2026, 12, 1, 9, 0, tzinfo=timezone.utc)


class FakeClock:
    def __init__(self, now: datetime = START) -> None:
        self.now = now

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta: float) -> None:
        self.now += timedelta(**delta)


@dataclass(frozen=True)
class P:
    id: str
    topic: str
    level: str


PUZZLES = [P("s1", "stacking", "easy"), P("s2", "stacking", "easy"), P("s3", "stacking", "hard"),
           P("m1", "mercy", "medium"), P("m2", "mercy", "hard")]


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def progress(tmp_path: Path, clock: FakeClock) -> Progress:
    return Progress(tmp_path, clock=clock)


# --- where the file lives ---------------------------------------------------------------------------

def test_the_data_folder_follows_each_platform_and_can_be_overridden() -> None:
    home = Path("/home/ann")
    assert data_dir(env={}, platform="linux", home=home) == home / ".local/share/nomercy"
    assert data_dir(env={"XDG_DATA_HOME": "/data"}, platform="linux", home=home) == Path("/data/nomercy")
    assert data_dir(env={"XDG_DATA_HOME": "relative"}, platform="linux", home=home) == home / ".local/share/nomercy"
    assert data_dir(env={}, platform="darwin", home=home) == home / "Library/Application Support/nomercy"
    assert data_dir(env={"APPDATA": "C:/Users/ann/AppData/Roaming"}, platform="win32",
                    home=home) == Path("C:/Users/ann/AppData/Roaming/nomercy")
    assert data_dir(env={}, platform="win32", home=home) == home / "AppData/Roaming/nomercy"
    assert data_dir(env={"NOMERCY_DATA_DIR": "/tmp/nm", "XDG_DATA_HOME": "/data"}, platform="linux") == Path("/tmp/nm")
    assert data_dir("/explicit", env={"NOMERCY_DATA_DIR": "/tmp/nm"}) == Path("/explicit")


def test_the_environment_variable_chooses_the_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NOMERCY_DATA_DIR", str(tmp_path / "here"))
    progress = Progress(clock=FakeClock())
    progress.record("s1", right=True)
    assert progress.journal.parent == tmp_path / "here" / FOLDER_NAME and progress.journal.exists()


# --- the format -------------------------------------------------------------------------------------

def journal_lines(path: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def test_nothing_is_written_until_an_attempt_is_recorded(tmp_path: Path, clock: FakeClock) -> None:
    progress = Progress(tmp_path / "new", clock=clock)
    assert progress.attempts == () and progress.problem is None
    assert not (tmp_path / "new").exists()


def test_an_attempt_is_written_in_the_documented_format(progress: Progress, clock: FakeClock) -> None:
    clock.advance(seconds=0.7)  # the date keeps whole seconds
    progress.record(PUZZLES[0], right=False, hints=2, seconds=41.26)
    session = progress.session
    assert progress.journal.name == f"{session}.jsonl" and session.startswith("20261201T090000Z-")
    assert journal_lines(progress.journal) == [
        {"format": "nomercy-progress", "version": 2, "session": session},
        {"id": f"{session}-1", "puzzle": "s1", "right": False, "hints": 2, "seconds": 41.3,
         "date": "2026-12-01T09:00:00Z", "topic": "stacking", "level": "easy"}]


def test_attempts_read_back_as_they_were_written(progress: Progress, clock: FakeClock, tmp_path: Path) -> None:
    progress.record("s1", right=True, hints=0, seconds=3, topic="stacking", level="easy")
    clock.advance(minutes=5)
    progress.record("m1", right=False, hints=1, seconds=12.5, topic="mercy", level="medium")
    again = Progress(tmp_path, clock=clock)
    assert again.attempts == progress.attempts and again.problem is None
    assert [a.date for a in again.attempts] == [START, START + timedelta(minutes=5)]


def test_two_trainers_on_one_folder_keep_each_others_attempts(tmp_path: Path, clock: FakeClock) -> None:
    first, second = Progress(tmp_path, clock=clock), Progress(tmp_path, clock=clock)
    first.record("s1", right=True)
    clock.advance(seconds=1)
    second.record("s2", right=False)
    clock.advance(seconds=1)
    first.record("s3", right=True)  # first had not seen s2: it reads it again before it saves
    assert [a.puzzle for a in first.attempts] == ["s1", "s2", "s3"]
    assert [a.puzzle for a in Progress(tmp_path, clock=clock).attempts] == ["s1", "s2", "s3"]
    assert len(list((tmp_path / FOLDER_NAME).iterdir())) == 2  # one journal per session, nothing shared


def test_a_file_of_format_version_1_is_still_read_and_never_written(tmp_path: Path, clock: FakeClock) -> None:
    old = json.dumps({"format": "nomercy-progress", "version": 1, "attempts": [
        {"puzzle": "s1", "right": True, "hints": 0, "seconds": 3.0, "date": "2026-11-30T09:00:00Z",
         "topic": "stacking", "level": "easy"},
        {"puzzle": "s1", "right": True, "hints": 0, "seconds": 3.0, "date": "2026-11-30T09:00:00Z",
         "topic": "stacking", "level": "easy"}]}, indent=1).encode()
    (tmp_path / FILE_NAME).write_bytes(old)
    progress = Progress(tmp_path, clock=clock)
    assert [a.puzzle for a in progress.attempts] == ["s1", "s1"] and progress.problem is None
    assert len({a.id for a in progress.attempts}) == 2  # the same attempt twice is two attempts
    progress.record("s2", right=True)
    again = Progress(tmp_path, clock=clock)
    assert [a.puzzle for a in again.attempts] == ["s1", "s1", "s2"]
    assert [a.id for a in again.attempts][:2] == [a.id for a in progress.attempts][:2]  # ids from the content
    assert (tmp_path / FILE_NAME).read_bytes() == old
    assert again.entry("s1").box == 3  # type: ignore[union-attr]


# --- writes -----------------------------------------------------------------------------------------------

def test_a_save_replaces_the_journal_in_one_step_and_leaves_no_temporary_file(
        progress: Progress, monkeypatch: pytest.MonkeyPatch) -> None:
    progress.record("s1", right=True)
    replaced: list[tuple[str, str]] = []
    real_replace = os.replace

    def spy(src: str, dst: str) -> None:
        replaced.append((str(src), str(dst)))
        assert journal_lines(Path(src))[-1]["puzzle"] == "s2"  # complete before the rename
        real_replace(src, dst)

    monkeypatch.setattr(os, "replace", spy)
    progress.record("s2", right=True)
    assert len(replaced) == 1 and replaced[0][1] == str(progress.journal)
    assert Path(replaced[0][0]).parent == progress.journal.parent
    assert sorted(p.name for p in progress.path.iterdir()) == [progress.journal.name]


def test_a_failed_save_keeps_the_old_journal_whole_and_says_so(progress: Progress, monkeypatch: pytest.MonkeyPatch) -> None:
    progress.record("s1", right=True)
    before = progress.journal.read_bytes()

    def broken(src: str, dst: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken)
    progress.record("s2", right=True)  # does not raise
    assert progress.journal.read_bytes() == before
    assert progress.problem == f"Progress is not saved: cannot write {progress.journal}: the disk is full."
    assert not progress.saves
    assert sorted(p.name for p in progress.path.iterdir()) == [progress.journal.name]  # the temporary file is gone
    assert [a.puzzle for a in progress.attempts] == ["s1", "s2"]  # kept in memory
    monkeypatch.undo()
    progress.record("s3", right=True)  # the next save writes all three, and the line goes
    assert progress.problem is None and progress.saves
    assert [a.puzzle for a in Progress(progress.folder, clock=progress.clock).attempts] == ["s1", "s2", "s3"]


def test_attempts_that_cannot_be_saved_are_kept_in_memory(
        tmp_path: Path, clock: FakeClock, monkeypatch: pytest.MonkeyPatch) -> None:
    from nomercy.core import files

    def refused(*args: object, **kwargs: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(files, "open", refused, raising=False)
    monkeypatch.delattr(files.os, "O_TMPFILE", raising=False)  # a named temporary file, which open() refuses
    progress = Progress(tmp_path, clock=clock)
    progress.record("s1", right=True)
    progress.record("s2", right=False)
    assert [a.puzzle for a in progress.attempts] == ["s1", "s2"]
    assert progress.problem == (f"Progress is not saved: cannot write {progress.journal}: its folder {progress.journal.parent} "
                                "cannot be written (there is no right to write there).")
    assert list(tmp_path.rglob("*")) == [tmp_path / FOLDER_NAME]


def test_a_folder_that_is_a_file_is_refused_at_once(tmp_path: Path, clock: FakeClock) -> None:
    """It was taken, and attempts were kept in memory only: refused now, when the folder is named."""
    (tmp_path / "taken").write_text("a file where the folder should be")
    with pytest.raises(NomercyError, match=r"^the progress folder '.*' is a file, not a folder: give the name of a "
                                           r"folder$"):
        Progress(tmp_path / "taken", clock=clock)
    assert (tmp_path / "taken").read_text() == "a file where the folder should be"


def test_the_schedule_follows_what_another_trainer_saved(tmp_path: Path, clock: FakeClock) -> None:
    first, second = Progress(tmp_path, clock=clock), Progress(tmp_path, clock=clock)
    first.record("s1", right=True)
    assert second.entry("s1") is None  # read on its own start, before the other wrote
    assert second.reload() and not second.reload()
    entry = second.entry("s1")
    assert entry is not None and entry.box == 2


# --- the Leitner schedule -----------------------------------------------------------------------------

def test_the_boxes_and_their_intervals() -> None:
    assert [INTERVALS[b] for b in range(1, 6)] == [timedelta(minutes=10), timedelta(days=1), timedelta(days=3),
                                                  timedelta(days=7), timedelta(days=21)]
    assert [next_box(b, True) for b in range(6)] == [2, 2, 3, 4, 5, 5]
    assert {next_box(b, False) for b in range(6)} == {1}


def test_right_answers_climb_the_boxes_and_a_miss_sends_a_puzzle_back_to_box_1(
        progress: Progress, clock: FakeClock) -> None:
    seen = []
    for right, wait in ((True, {"days": 1}), (True, {"days": 3}), (True, {"days": 7}), (True, {"days": 21}),
                        (True, {"days": 21}), (False, {"minutes": 10}), (True, {"days": 1})):
        entry = progress.record("s1", right=right)
        seen.append(entry.box)
        assert entry.due == clock.now + timedelta(**wait)
        assert progress.due(now=entry.due - timedelta(seconds=1)) == []
        assert progress.due(now=entry.due) == ["s1"]
        clock.now = entry.due
    assert seen == [2, 3, 4, 5, 5, 1, 2]
    entry = progress.entry("s1")
    assert entry is not None and (entry.attempts, entry.right) == (7, 6)


def test_a_missed_puzzle_comes_back_first_once_due(progress: Progress, clock: FakeClock) -> None:
    progress.record(PUZZLES[3], right=False)  # m1, missed: due in 10 minutes
    progress.record(PUZZLES[0], right=True)   # s1, right: due tomorrow
    queue = progress.queue(PUZZLES)  # nothing is due yet: the new puzzles, then the two tried ones
    assert [why for _, why in queue] == ["new", "new", "new", "ahead", "ahead"]
    assert queue[3:] == [("m1", "ahead"), ("s1", "ahead")]
    clock.advance(minutes=10)
    queue = progress.queue(PUZZLES)
    assert queue[0] == ("m1", "review")
    assert [why for _, why in queue] == ["review", "new", "new", "new", "ahead"]
    assert queue[-1] == ("s1", "ahead")
    clock.advance(days=1)
    assert progress.queue(PUZZLES)[:2] == [("m1", "review"), ("s1", "review")]  # longest overdue first


def test_new_puzzles_come_easy_first_in_a_seeded_order(progress: Progress) -> None:
    many = [P(f"e{i}", "t", "easy") for i in range(8)] + [P(f"h{i}", "t", "hard") for i in range(4)] + \
           [P(f"m{i}", "t", "medium") for i in range(4)]
    first = [pid for pid, _ in progress.queue(many, seed=1)]
    assert first == [pid for pid, _ in progress.queue(many, seed=1)]
    assert [pid[0] for pid in first] == ["e"] * 8 + ["m"] * 4 + ["h"] * 4
    assert first != [pid for pid, _ in progress.queue(many, seed=2)]
    assert sorted(first) == sorted(p.id for p in many)


# --- files it cannot use -------------------------------------------------------------------------------

GOOD = {"puzzle": "s1", "right": True, "hints": 0, "seconds": 3.0, "date": "2026-11-30T09:00:00Z"}


def first_version(*attempts: object) -> bytes:
    return json.dumps({"format": "nomercy-progress", "version": 1, "attempts": list(attempts)}).encode()


@pytest.mark.parametrize("content, why", [
    (b"{not json", "it is not JSON: it breaks off or has a character out of place at line 1, column 2"),
    (b"\xff\xfe\x00", "it is not UTF-8 text"),
    (b'{"name": "my notes"}', "it is not a nomercy progress file"),
    (b"[1, 2, 3]", "it is not a nomercy progress file"),
    (first_version({"puzzle": "s1", "right": "yes"}), "attempt at s1: right is true or false, not 'yes'"),
    (b'{"format": "nomercy-progress", "version": 0, "attempts": []}', "its format version is 0, not 1 or 2"),
    (b"[" * 100_000 + b"]" * 100_000, "it is nested deeper than any progress file"),
    (first_version(dict(GOOD, date="9999-12-31T23:59:59Z")),
     "attempt at s1: 9999-12-31T23:59:59Z is not a date an attempt can have (the years 2000 to 2199)"),
    (first_version(dict(GOOD, puzzle="s\ud800")), "an attempt's puzzle 's?' has a character that cannot be shown or saved"),
    (first_version(dict(GOOD, seconds=float("nan"))), "attempt at s1: seconds is a number of seconds from 0 to 1e+09, not NaN (no number at all)"),
    (first_version(dict(GOOD, hints=10 ** 30)), "attempt at s1: hints is a whole number from 0 to 1000, not a number of 31 digits"),
    (first_version(GOOD)[:-3], "it is not JSON: it breaks off or has a character out of place at line 1, column 149"),
])
def test_a_corrupt_or_foreign_file_is_reported_in_one_line_and_kept_aside(
        tmp_path: Path, clock: FakeClock, content: bytes, why: str) -> None:
    (tmp_path / FILE_NAME).write_bytes(content)
    progress = Progress(tmp_path, clock=clock)
    kept = tmp_path / f"{FILE_NAME}.unreadable-20261201T090000Z"
    assert progress.problem == f"{tmp_path / FILE_NAME} could not be read ({why}); it was kept as {kept.name} and a new one started."
    assert "\n" not in progress.problem
    assert kept.read_bytes() == content and progress.attempts == ()
    progress.record("s1", right=True)
    assert [a.puzzle for a in Progress(tmp_path, clock=clock).attempts] == ["s1"]


def test_the_attempts_that_read_in_a_broken_file_are_kept(tmp_path: Path, clock: FakeClock) -> None:
    (tmp_path / FILE_NAME).write_bytes(first_version(GOOD, dict(GOOD, hints=-1), dict(GOOD, puzzle="s2"), 7))
    progress = Progress(tmp_path, clock=clock)
    assert progress.problem == (
        f"{tmp_path / FILE_NAME} could not be read (attempt at s1: hints is a whole number from 0 to 1000, not -1 "
        f"(and 1 more)); it was kept as {FILE_NAME}.unreadable-20261201T090000Z and a new one started. "
        "The 2 attempts in it that could be read are kept.")
    assert [a.puzzle for a in Progress(tmp_path, clock=clock).attempts] == ["s1", "s2"]


def test_a_journal_with_a_broken_line_is_kept_aside_and_its_other_lines_are_kept(tmp_path: Path, clock: FakeClock) -> None:
    first = Progress(tmp_path, clock=clock)
    first.record("s1", right=True)
    first.record("s2", right=True)
    text = first.journal.read_text()
    first.journal.write_text(text[:-20])  # the last line cut short
    progress = Progress(tmp_path, clock=clock)
    assert progress.problem is not None and progress.problem.startswith(
        f"{first.journal} could not be read (line 3: it is not JSON: it breaks off or has a character out of place")
    assert [a.puzzle for a in progress.attempts] == ["s1"]
    assert (first.journal.parent / f"{first.journal.name}.unreadable-20261201T090000Z").read_text() == text[:-20]


def test_a_second_bad_file_in_the_same_second_does_not_overwrite_the_first(tmp_path: Path, clock: FakeClock) -> None:
    for content in (b"one", b"two"):
        (tmp_path / FILE_NAME).write_bytes(content)
        Progress(tmp_path, clock=clock)
    assert (tmp_path / f"{FILE_NAME}.unreadable-20261201T090000Z").read_bytes() == b"one"
    assert (tmp_path / f"{FILE_NAME}.unreadable-20261201T090000Z-2").read_bytes() == b"two"


def test_a_file_from_a_newer_nomercy_is_left_alone(tmp_path: Path, clock: FakeClock) -> None:
    newer = b'{"format": "nomercy-progress", "version": 3, "attempts": [], "more": {}}'
    (tmp_path / FILE_NAME).write_bytes(newer)
    progress = Progress(tmp_path, clock=clock)
    assert progress.problem and "newer nomercy (format version 3)" in progress.problem
    progress.record("s1", right=True)
    assert (tmp_path / FILE_NAME).read_bytes() == newer
    assert sorted(p.name for p in tmp_path.iterdir()) == [FOLDER_NAME, FILE_NAME]  # saved beside it, never over it


# --- progress per topic and level, and the rating -------------------------------------------------------

def test_progress_per_topic_and_level(progress: Progress, clock: FakeClock) -> None:
    progress.record(PUZZLES[0], right=True)    # s1 known
    progress.record(PUZZLES[2], right=False)   # s3 missed
    progress.record(PUZZLES[3], right=True)    # m1 known
    clock.advance(hours=1)
    rows = {(r.topic, r.level): (r.puzzles, r.tried, r.known, r.due) for r in progress.summary(PUZZLES)}
    assert rows == {
        ("stacking", ""): (3, 2, 1, 1), ("stacking", "easy"): (2, 1, 1, 0), ("stacking", "hard"): (1, 1, 0, 1),
        ("mercy", ""): (2, 1, 1, 0), ("mercy", "medium"): (1, 1, 1, 0), ("mercy", "hard"): (1, 0, 0, 0),
    }
    boxes = {(r.topic, r.level): r.boxes for r in progress.summary(PUZZLES)}
    assert boxes[("stacking", "")] == (1, 1, 0, 0, 0) and boxes[("mercy", "hard")] == (0, 0, 0, 0, 0)
    assert [(r.topic, r.level) for r in progress.summary(PUZZLES)] == [
        ("stacking", ""), ("stacking", "easy"), ("stacking", "hard"), ("mercy", ""), ("mercy", "medium"), ("mercy", "hard")]


def test_the_summary_covers_the_real_collection(progress: Progress) -> None:
    puzzles = list(collection())
    whole = [r for r in progress.summary(puzzles) if not r.level]
    assert sum(r.puzzles for r in whole) == len(puzzles)
    assert {r.topic for r in whole} == {p.topic for p in puzzles}


def test_the_rating_follows_glicko2_with_puzzles_rated_by_level(progress: Progress) -> None:
    assert progress.rating() == Rating(1500, 350, 0.06)
    progress.record("s1", right=True, level="easy")
    progress.record("s3", right=False, level="hard")
    expected = glicko2(glicko2(Rating(), [(LEVEL_RATINGS["easy"], 100, 1)]), [(LEVEL_RATINGS["hard"], 100, 0)])
    assert progress.rating() == expected
    up, down = glicko2(Rating(), [(1800, 100, 1)]), glicko2(Rating(), [(1200, 100, 0)])
    assert up.rating > 1500 > down.rating and up.deviation < 350 and down.deviation < 350
    # beating a hard puzzle is worth more than beating an easy one
    assert glicko2(Rating(), [(1800, 100, 1)]).rating > glicko2(Rating(), [(1200, 100, 1)]).rating


def test_the_rating_matches_glickmans_worked_example() -> None:
    new = glicko2(Rating(1500, 200, 0.06), [(1400, 30, 1), (1550, 100, 0), (1700, 300, 0)])
    assert new.rating == pytest.approx(1464.06, abs=0.02)
    assert new.deviation == pytest.approx(151.52, abs=0.01)
    assert new.volatility == pytest.approx(0.05999, abs=1e-5)


# --- many sessions: old journals folded into one ------------------------------------------------------------

def test_old_journals_are_folded_into_one_and_nothing_is_lost(
        tmp_path: Path, clock: FakeClock, monkeypatch: pytest.MonkeyPatch) -> None:
    from nomercy.puzzles import progress_store as progress_module  # the storage room folds

    monkeypatch.setattr(progress_module, "FOLD_AT", 5)
    for i in range(8):
        Progress(tmp_path, clock=clock).record(f"s{i}", right=True)
        clock.advance(minutes=1)
    recent = Progress(tmp_path, clock=clock)
    recent.record("recent", right=False)  # written just now: not folded
    two_hours_ago = time.time() - 7200
    for journal in (tmp_path / FOLDER_NAME).iterdir():
        if journal != recent.journal:
            os.utime(journal, (two_hours_ago, two_hours_ago))
    everything = [a.id for a in Progress(tmp_path, clock=clock).attempts]  # this start folds
    journals = sorted((tmp_path / FOLDER_NAME).iterdir())
    assert len(journals) == 2 and recent.journal in journals
    assert [a.id for a in Progress(tmp_path, clock=clock).attempts] == everything and len(everything) == 9
    recent.record("again", right=True)  # a session still open goes on writing its own journal
    assert len(Progress(tmp_path, clock=clock).attempts) == 10


def test_a_fold_stopped_part_way_leaves_journals_that_are_still_read(tmp_path: Path, clock: FakeClock) -> None:
    first = Progress(tmp_path, clock=clock)
    first.record("s1", right=True)
    claimed = first.journal.with_name(f"{first.journal.stem}.claimed-20261201T090000Z-abcd{first.journal.suffix}")
    first.journal.rename(claimed)  # claimed by a fold that was then killed
    again = Progress(tmp_path, clock=clock)
    assert [a.puzzle for a in again.attempts] == ["s1"] and again.problem is None
    first.record("s2", right=True)  # the owner writes its whole journal again: s1 twice on disk, once here
    assert [a.puzzle for a in Progress(tmp_path, clock=clock).attempts] == ["s1", "s2"]


def test_a_file_that_does_not_read_and_cannot_be_moved_aside_keeps_its_line(
        tmp_path: Path, clock: FakeClock, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / FILE_NAME).write_bytes(b"{oops")

    def refused(src: object, dst: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(os, "rename", refused)
    progress = Progress(tmp_path, clock=clock)
    line = (f"{tmp_path / FILE_NAME} could not be read (it is not JSON: it breaks off or has a character out of place "
            "at line 1, column 2) nor moved aside (there is no right to write there); it is left as it is.")
    assert progress.problem == line
    progress.record("s1", right=True)
    assert progress.problem == line and (tmp_path / FILE_NAME).read_bytes() == b"{oops"
