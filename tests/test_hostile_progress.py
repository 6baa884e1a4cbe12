"""The progress files, attacked: whatever a file holds, reading never raises, never hangs and never deletes;
two trainers writing at once lose nothing; a write killed at any moment loses nothing saved before it, and its
leftovers go at the next start; a read-only folder, an unreadable file and a folder where a file should be are
reported in one line and left as they are.

Everyday runs keep each loop short; ``-m soak`` runs the long loops (NOMERCY_SOAK_ROUNDS sets how long).
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import textwrap
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from conftest import examples
from hypothesis import strategies as st

from nomercy.core.files import TEMPORARY_SUFFIX
from nomercy.puzzles.progress import FILE_NAME, FOLDER_NAME, MAX_FILE_BYTES, Progress, ProgressFileError

NOW = datetime(2026, 12, 1, 9, 0, tzinfo=timezone.utc)
ROOT = Path(__file__).resolve().parent.parent
SOAK_ROUNDS = int(os.environ.get("NOMERCY_SOAK_ROUNDS", "40"))
GOOD = {"id": "s-1", "puzzle": "s1", "right": True, "hints": 0, "seconds": 3.0, "date": "2026-11-30T09:00:00Z",
        "topic": "stacking", "level": "easy"}


HOSTILE_COVERS = ("file:progress", "file:progress-export")


def clock() -> datetime:
    return NOW


def every_file(folder: Path) -> dict[str, bytes]:
    """Every regular file under ``folder``, by path, with its bytes."""
    return {str(p.relative_to(folder)): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


def assert_read_safely(folder: Path) -> Progress:
    """Read the folder as a trainer would, use what was read, record an attempt: nothing raises, what is
    wrong is said in one line, and every byte that was there is still there (under its name or set aside)."""
    before = set(every_file(folder).values())
    progress = Progress(folder, clock=clock)
    assert progress.problem is None or "\n" not in progress.problem
    progress.schedule()
    progress.rating()
    progress.queue([])
    progress.record("s9", right=True, topic="stacking", level="easy")
    after = set(every_file(folder).values())
    assert before <= after, "a file the trainer could not use was changed or deleted"
    again = Progress(folder, clock=clock)
    assert {a.id for a in progress.attempts} <= {a.id for a in again.attempts}  # nothing read was dropped
    return progress


# --- hostile values ------------------------------------------------------------------------------------------

text_of_any_kind = st.text(st.characters(blacklist_categories=()), max_size=30)  # lone surrogates included
numbers = st.one_of(st.integers(min_value=-(10 ** 30), max_value=10 ** 30), st.floats(allow_nan=True, allow_infinity=True),
                    st.sampled_from([10 ** 400, -1, 0, 1e308, 2 ** 63]))
json_values = st.recursive(
    st.one_of(st.none(), st.booleans(), numbers, text_of_any_kind),
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(text_of_any_kind, inner, max_size=4)),
    max_leaves=12)
dates = st.one_of(st.datetimes(min_value=datetime(1, 1, 1), max_value=datetime(9999, 12, 31)).map(
    lambda d: d.strftime("%Y-%m-%dT%H:%M:%SZ")), text_of_any_kind)


@st.composite
def hostile_attempts(draw: Any) -> Any:
    """An attempt with one field, several, or all of it, replaced by something hostile."""
    attempt: dict[str, Any] = dict(GOOD)
    for key in draw(st.lists(st.sampled_from(sorted(GOOD) + ["extra"]), max_size=3)):
        attempt[key] = draw(st.one_of(json_values, dates) if key == "date" else json_values)
    return draw(st.one_of(st.just(attempt), json_values)) if draw(st.booleans()) else attempt


def _dumps(value: Any) -> str:
    return json.dumps(value, allow_nan=True)  # NaN and Infinity as Python writes them; \ud800 as an escape


@st.composite
def hostile_files(draw: Any) -> tuple[str, bytes]:
    """(where, content): a progress.json of version 1 or a journal, made hostile in one of many ways."""
    attempts = draw(st.lists(hostile_attempts(), max_size=4))
    version = draw(st.sampled_from([1, 2, 2, 3, 0, None, "2", True, 1.0]))
    header = {"format": draw(st.sampled_from(["nomercy-progress", "nomercy-progress", "other", None])),
              "version": version}
    if version == 1:
        text = _dumps({**header, "attempts": draw(st.one_of(st.just(attempts), json_values))})
    else:
        text = "\n".join([_dumps(header)] + [_dumps(a) for a in attempts]) + "\n"
    data = text.encode("utf-8", "surrogatepass")
    damage = draw(st.sampled_from(["none", "none", "truncate", "bytes", "deep", "prefix", "garbage line"]))
    if damage == "truncate":
        data = data[: draw(st.integers(0, len(data)))]
    elif damage == "bytes":
        data = draw(st.binary(max_size=300))
    elif damage == "deep":
        depth = draw(st.sampled_from([999, 5000, 100_000]))
        data = data + b"[" * depth + b"]" * depth
    elif damage == "prefix":
        data = draw(st.sampled_from([b"\xef\xbb\xbf", b"\xff\xfe", b"\x00", b" ", b"\n\n"])) + data
    elif damage == "garbage line":
        data = data + draw(st.binary(max_size=40)) + b"\n"
    where = FILE_NAME if version == 1 and draw(st.booleans()) else f"{FOLDER_NAME}/x-{draw(st.integers(0, 9))}.jsonl"
    return where, data


@settings(max_examples=examples(120), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(files=st.lists(hostile_files(), min_size=1, max_size=3))
def test_reading_never_raises_and_never_deletes_whatever_the_files_hold(files: list[tuple[str, bytes]]) -> None:
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        for where, data in files:
            (folder / where).parent.mkdir(exist_ok=True)
            (folder / where).write_bytes(data)
        progress = assert_read_safely(folder)
        # what was read exports, and imports into an empty folder as the very same attempts
        with tempfile.TemporaryDirectory() as other:
            copy = Progress(other, clock=clock)
            assert copy.import_text(progress.export()) == len(progress.attempts)
            assert copy.attempts == progress.attempts


@settings(max_examples=examples(150), deadline=None)
@given(text=st.one_of(text_of_any_kind, hostile_files().map(lambda f: f[1].decode("utf-8", "replace")),
                      st.builds(lambda a: _dumps(a), json_values)))
def test_an_import_of_anything_either_merges_or_is_refused_in_one_line_and_changes_nothing(text: str) -> None:
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        progress = Progress(folder, clock=clock)
        progress.record("s1", right=True)
        before = every_file(folder)
        try:
            new = progress.import_text(text)
        except ProgressFileError as error:
            assert "\n" not in str(error)
            assert every_file(folder) == before
            return
        assert new >= 0 and {a.id for a in Progress(folder, clock=clock).attempts} == {a.id for a in progress.attempts}


@pytest.mark.parametrize("name, data", [
    ("deep nesting", b"[" * 200_000 + b"]" * 200_000),
    ("a far-future date", json.dumps({"format": "nomercy-progress", "version": 1,
                                      "attempts": [dict(GOOD, date="9999-12-31T23:59:59Z")]}).encode()),
    ("a far-past date", json.dumps({"format": "nomercy-progress", "version": 1,
                                    "attempts": [dict(GOOD, date="0001-01-01T00:00:00Z")]}).encode()),
    ("a lone surrogate in an id", json.dumps({"format": "nomercy-progress", "version": 1,
                                              "attempts": [dict(GOOD, puzzle="s\ud800")]}).encode()),
    ("a number of 5,000 digits", b'{"format": "nomercy-progress", "version": 1, "attempts": [{"hints": 1'
     + b"0" * 5000 + b"}]}"),
    ("NaN seconds", b'{"format": "nomercy-progress", "version": 2}\n{"id": "a-1", "puzzle": "s1", "right": true, '
     b'"hints": 0, "seconds": NaN, "date": "2026-11-30T09:00:00Z"}\n'),
    ("binary", bytes(range(256)) * 4),
    ("an empty file", b""),
])
def test_the_files_that_crashed_the_trainer_are_set_aside_in_one_line(tmp_path: Path, name: str, data: bytes) -> None:
    (tmp_path / FILE_NAME).write_bytes(data)
    progress = assert_read_safely(tmp_path)
    assert progress.problem is not None and "could not be read" in progress.problem
    assert (tmp_path / f"{FILE_NAME}.unreadable-20261201T090000Z").read_bytes() == data


def test_a_huge_file_is_not_read_past_the_bound(tmp_path: Path) -> None:
    with open(tmp_path / FILE_NAME, "wb") as handle:
        handle.write(b'{"format": "nomercy-progress", "version": 1, "attempts": [')
        handle.truncate(MAX_FILE_BYTES + 10)  # mostly NUL bytes, written without holding them in memory
    progress = Progress(tmp_path, clock=clock)
    assert progress.problem is not None and "it is larger than 16 MB" in progress.problem
    assert (tmp_path / f"{FILE_NAME}.unreadable-20261201T090000Z").stat().st_size == MAX_FILE_BYTES + 10


def test_a_named_pipe_does_not_hang_the_reader(tmp_path: Path) -> None:
    (tmp_path / FOLDER_NAME).mkdir()
    os.mkfifo(tmp_path / FOLDER_NAME / "pipe.jsonl")
    progress = Progress(tmp_path, clock=clock)
    assert progress.problem == f"{tmp_path / FOLDER_NAME / 'pipe.jsonl'} cannot be read (it is not a file); it is left as it is."
    progress.record("s1", right=True)
    assert (tmp_path / FOLDER_NAME / "pipe.jsonl").exists()


# --- folders and files in the way --------------------------------------------------------------------------

def test_a_folder_where_a_file_should_be_is_reported_and_left_alone(tmp_path: Path) -> None:
    (tmp_path / FILE_NAME).mkdir()
    (tmp_path / FOLDER_NAME).mkdir()
    (tmp_path / FOLDER_NAME / "a-1.jsonl").mkdir()
    progress = Progress(tmp_path, clock=clock)
    assert progress.problem == (f"{tmp_path / FILE_NAME} cannot be read (it is a folder, not a file); it is left as it is. "
                                f"{tmp_path / FOLDER_NAME / 'a-1.jsonl'} cannot be read (it is a folder, not a file); "
                                "it is left as it is.")
    progress.record("s1", right=True)
    assert [a.puzzle for a in Progress(tmp_path, clock=clock).attempts] == ["s1"]
    assert (tmp_path / FILE_NAME).is_dir() and (tmp_path / FOLDER_NAME / "a-1.jsonl").is_dir()


def test_a_journal_replaced_by_a_folder_while_training_is_left_alone_and_the_attempts_are_kept(tmp_path: Path) -> None:
    progress = Progress(tmp_path, clock=clock)
    progress.record("s1", right=True)
    progress.journal.unlink()
    progress.journal.mkdir()
    (progress.journal / "the user's.txt").write_text("mine")
    progress.record("s2", right=False)  # does not raise
    assert progress.problem is not None and "is a folder: nomercy only writes regular files" in progress.problem
    assert [a.puzzle for a in progress.attempts] == ["s1", "s2"] and not progress.saves
    assert (progress.journal / "the user's.txt").read_text() == "mine"


def _without_root_powers() -> list[str]:
    """A command prefix under which the permissions of files apply (root ignores them otherwise)."""
    if os.geteuid() != 0:
        return []
    setpriv = shutil.which("setpriv")
    if setpriv is None:
        pytest.skip("running as root without setpriv: file permissions cannot be made to apply")
    return [setpriv, "--bounding-set=-dac_override,-dac_read_search", "--"]


def _run(script: str, *args: str) -> dict[str, Any]:
    command = _without_root_powers() + [sys.executable, "-c", textwrap.dedent(script), *args]
    done = subprocess.run(command, capture_output=True, text=True, timeout=120,
                          env=dict(os.environ, PYTHONPATH=str(ROOT)))
    assert done.returncode == 0, done.stderr
    result: dict[str, Any] = json.loads(done.stdout.splitlines()[-1])
    return result


READ_AND_RECORD = """
    import json, sys
    from datetime import datetime, timezone
    from nomercy.puzzles.progress import Progress
    progress = Progress(sys.argv[1], clock=lambda: datetime(2026, 12, 1, 9, 1, tzinfo=timezone.utc))  # after the others
    read = [a.puzzle for a in progress.attempts]
    progress.record("s9", right=True)
    print(json.dumps({"read": read, "problem": progress.problem, "saves": progress.saves,
                      "attempts": [a.puzzle for a in progress.attempts]}))
"""


def test_a_read_only_folder_is_read_and_reported_and_nothing_in_it_changes(tmp_path: Path) -> None:
    first = Progress(tmp_path, clock=clock)
    first.record("s1", right=True)
    before = every_file(tmp_path)
    for folder in (tmp_path, tmp_path / FOLDER_NAME):
        folder.chmod(0o555)
    try:
        result = _run(READ_AND_RECORD, str(tmp_path))
    finally:
        for folder in (tmp_path, tmp_path / FOLDER_NAME):
            folder.chmod(0o755)
    assert result["read"] == ["s1"] and result["attempts"] == ["s1", "s9"] and not result["saves"]
    assert result["problem"].startswith("Progress is not saved: cannot write ") and "there is no right to write there" in result["problem"]
    assert every_file(tmp_path) == before


def test_an_unreadable_journal_is_reported_left_alone_and_the_others_are_read(tmp_path: Path) -> None:
    first, second = Progress(tmp_path, clock=clock), Progress(tmp_path, clock=clock)
    first.record("s1", right=True)
    second.record("s2", right=True)
    second.journal.chmod(0o000)
    try:
        result = _run(READ_AND_RECORD, str(tmp_path))
    finally:
        second.journal.chmod(0o644)
    assert result["read"] == ["s1"] and result["saves"]
    assert result["problem"] == f"{second.journal} cannot be read (Permission denied); it is left as it is."
    assert sorted(a.puzzle for a in Progress(tmp_path, clock=clock).attempts) == ["s1", "s2", "s9"]


# --- two writers at once --------------------------------------------------------------------------------------

RECORD_MANY = """
    import sys
    from nomercy.puzzles.progress import Progress
    folder, name, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
    progress = Progress(folder)
    sys.stdout.write("ready\\n"); sys.stdout.flush()
    sys.stdin.readline()                      # both start together
    for i in range(count):
        progress.record(f"{name}-{i % 7}", right=i % 3 != 0, seconds=1)
    print(progress.problem or "ok", flush=True)
"""


def record_at_once(folder: Path, count: int, writers: int = 2) -> None:
    children = [subprocess.Popen([sys.executable, "-c", textwrap.dedent(RECORD_MANY), str(folder), f"w{n}", str(count)],
                                 stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                                 env=dict(os.environ, PYTHONPATH=str(ROOT))) for n in range(writers)]
    for child in children:
        assert child.stdout is not None and child.stdout.readline() == "ready\n"
    for child in children:
        assert child.stdin is not None
        child.stdin.write("go\n")
        child.stdin.flush()
    for child in children:
        out, _ = child.communicate(timeout=300)
        assert out.strip() == "ok"


def test_two_trainers_recording_150_attempts_each_at_once_keep_all_300(tmp_path: Path) -> None:
    record_at_once(tmp_path, 150)
    attempts = Progress(tmp_path).attempts
    assert len(attempts) == 300 and len({a.id for a in attempts}) == 300
    assert sum(a.puzzle.startswith("w0-") for a in attempts) == sum(a.puzzle.startswith("w1-") for a in attempts) == 150
    assert not [p for p in tmp_path.rglob("*") if p.name.endswith(TEMPORARY_SUFFIX)]


@pytest.mark.soak
def test_four_trainers_recording_at_once_again_and_again_lose_nothing(tmp_path: Path) -> None:
    for round_number in range(max(1, SOAK_ROUNDS // 10)):
        record_at_once(tmp_path, 100, writers=4)
        assert len(Progress(tmp_path).attempts) == 400 * (round_number + 1)


# --- writes killed at any moment ------------------------------------------------------------------------------

RECORD_UNTIL_KILLED = """
    import sys
    from nomercy.puzzles.progress import Progress
    progress = Progress(sys.argv[1])
    i = 0
    while True:
        i += 1
        progress.record(f"p{i % 11}", right=i % 2 == 0, seconds=i)
        print(progress.attempts[-1].id if progress.saves else "not saved", flush=True)
"""


def kill_while_writing(folder: Path, rounds: int, seed: int = 7) -> int:
    """Start a trainer that records without pause, kill it (-9) after a seeded number of saves, again and
    again; after each kill a new start must have every attempt that was saved before it and no leftover.
    Return how many kills left a temporary file behind."""
    import random

    rng = random.Random(seed)
    saved: set[str] = set()
    leftovers_seen = 0
    for _ in range(rounds):
        child = subprocess.Popen([sys.executable, "-c", textwrap.dedent(RECORD_UNTIL_KILLED), str(folder)],
                                 stdout=subprocess.PIPE, text=True, env=dict(os.environ, PYTHONPATH=str(ROOT)))
        assert child.stdout is not None
        for _ in range(rng.randrange(1, 40)):
            line = child.stdout.readline().strip()
            assert line and line != "not saved"
            saved.add(line)
        child.send_signal(signal.SIGKILL)
        child.wait()
        leftovers_seen += any(p.name.endswith(TEMPORARY_SUFFIX) for p in folder.rglob("*"))
        progress = Progress(folder)
        assert saved <= {a.id for a in progress.attempts}, "an attempt saved before the kill was lost"
        assert progress.problem is None
        assert not [p for p in folder.rglob("*") if p.name.endswith(TEMPORARY_SUFFIX)], "a leftover was not removed"
    return leftovers_seen


def test_a_trainer_killed_while_saving_loses_nothing_saved_and_its_leftovers_go_at_the_next_start(tmp_path: Path) -> None:
    kill_while_writing(tmp_path, rounds=4)


@pytest.mark.soak
def test_killed_again_and_again_while_saving(tmp_path: Path) -> None:
    kill_while_writing(tmp_path, rounds=SOAK_ROUNDS, seed=11)


def test_a_leftover_of_the_first_format_is_removed_once_it_is_old(tmp_path: Path) -> None:
    old, fresh = tmp_path / ".progress-abc123.tmp", tmp_path / ".progress-def456.tmp"
    old.write_text("half a file")
    fresh.write_text("a write going on, perhaps")
    os.utime(old, ((datetime.now(timezone.utc) - timedelta(hours=2)).timestamp(),) * 2)
    Progress(tmp_path, clock=clock)
    assert not old.exists() and fresh.exists()


# --- import edges (issue 37) --------------------------------------------------------------------------------

def test_an_import_into_a_progress_folder_that_is_a_file_is_one_line(tmp_path: Path) -> None:
    """Was ``KeyError: 'import'``."""
    text = _exported(tmp_path)
    (tmp_path / "theirs").mkdir()
    (tmp_path / "theirs" / FOLDER_NAME).write_text("not a folder", encoding="utf-8")
    progress = Progress(tmp_path / "theirs", clock=clock)
    with pytest.raises(ProgressFileError) as refused:
        progress.import_text(text)
    assert str(refused.value) == f"{tmp_path / 'theirs' / FOLDER_NAME} is not a folder; progress is not saved there; " \
                                 "nothing was imported."
    assert (tmp_path / "theirs" / FOLDER_NAME).read_text(encoding="utf-8") == "not a folder"


def _exported(tmp_path: Path, attempts: int = 2) -> str:
    progress = Progress(tmp_path / "source", clock=clock)
    for number in range(attempts):
        progress.record(f"puzzle-{number}", right=number % 2 == 0)
    return progress.export()


def test_two_different_attempts_under_one_id_are_refused_never_one_dropped(tmp_path: Path) -> None:
    text = _exported(tmp_path)
    header, first, second = text.rstrip("\n").split("\n")
    changed = json.dumps({**json.loads(first), "right": not json.loads(first)["right"]})
    progress = Progress(tmp_path / "mine", clock=clock)
    with pytest.raises(ProgressFileError, match=r"line 3: attempt .* is also on line 2, with other content"):
        progress.import_text("\n".join([header, first, changed]) + "\n")
    assert progress.attempts == ()
    assert progress.import_text(text) == 2
    with pytest.raises(ProgressFileError, match="other content than the attempt of that id already saved"):
        progress.import_text("\n".join([json.dumps({**json.loads(header), "attempts": 1}), changed]) + "\n")
    assert len(Progress(tmp_path / "mine", clock=clock).attempts) == 2
    assert progress.import_text("\n".join([header, first, first]) + "\n") == 0, "the same attempt twice is once"


@pytest.mark.parametrize("field, value, said", [
    ("level", "bogus", "the level is easy, medium or hard (or left empty), not 'bogus'"),
    ("level", "Easy", "the level is easy, medium or hard (or left empty), not 'Easy'"),
    ("level", "easy\u200b", "has a character that cannot be shown or saved"),
    ("id", "20261201T090000Z-3fa9c1d2-1\u3164", "holds a character that shows as nothing"),
    ("id", "20261201T090000Z-3fa9c1d2-\uff11", "the id is letters and digits joined by dashes"),
    ("id", "20261201T090000Z-3fa9c1d2--1", "the id is letters and digits joined by dashes"),
    ("id", "../../1", "the id is letters and digits joined by dashes"),
    ("puzzle", "puzzle-0\u3164", "holds a character that shows as nothing"),
    ("topic", "stacking\u2800", "holds a character that shows as nothing"),
])
def test_an_attempt_at_no_level_or_under_an_id_nomercy_never_writes_is_refused(tmp_path: Path, field: str, value: str,
                                                                               said: str) -> None:
    """An attempt's level is a puzzle's (easy, medium, hard) or none, and its id is what nomercy writes: an id with
    an invisible character beside the visible ones would be a second attempt that prints as the first."""
    header, first, second = _exported(tmp_path).rstrip("\n").split("\n")
    changed = json.dumps({**json.loads(first), field: value})
    progress = Progress(tmp_path / "mine", clock=clock)
    with pytest.raises(ProgressFileError) as refused:
        progress.import_text("\n".join([header, changed, second]) + "\n")
    message = str(refused.value)
    assert said in message and "\n" not in message and len(message) < 400, message
    assert progress.attempts == (), "nothing of a refused file is taken"


@pytest.mark.parametrize("line", [1, 2])
def test_a_part_given_twice_in_a_progress_file_is_refused_never_the_last_kept(tmp_path: Path, line: int) -> None:
    """``{"right": true, "right": false}`` is neither answer (JSON alone keeps the last without a word)."""
    lines = _exported(tmp_path).rstrip("\n").split("\n")
    key = "version" if line == 1 else "right"
    lines[line - 1] = lines[line - 1][:-1] + f', "{key}": ' + ("2" if key == "version" else "false") + "}"
    progress = Progress(tmp_path / "mine", clock=clock)
    with pytest.raises(ProgressFileError) as refused:
        progress.import_text("\n".join(lines) + "\n")
    message = str(refused.value)
    assert f"'{key}' is given twice" in message and "\n" not in message and len(message) < 400, message
    assert progress.attempts == ()


@pytest.mark.parametrize("level", ["bogus", "Easy", "expert"])
def test_an_attempt_recorded_at_no_level_there_is_is_refused(tmp_path: Path, level: str) -> None:
    progress = Progress(tmp_path, clock=clock)
    with pytest.raises(ProgressFileError, match=r"cannot record this attempt: .*the level is easy, medium or hard"):
        progress.record("stack-2-4-6", right=True, level=level)
    assert progress.attempts == ()
    assert progress.record("stack-2-4-6", right=True, level="hard").attempts == 1


@pytest.mark.parametrize("kind", [bytes, bytearray])
def test_an_export_given_as_bytes_is_read_as_its_text(tmp_path: Path, kind: type) -> None:
    """Was "there is nothing to import"."""
    text = _exported(tmp_path)
    progress = Progress(tmp_path / "mine", clock=clock)
    assert progress.import_text(kind(text.encode("utf-8"))) == 2
    assert progress.import_text(kind(b"\xef\xbb\xbf" + text.encode("utf-8"))) == 0
    with pytest.raises(ProgressFileError, match=r"^this progress file is not text \(UTF-8\)"):
        progress.import_text(kind(b"\xff\xfe" + text.encode("utf-16-le")))
    with pytest.raises(ProgressFileError, match="larger than"):
        progress.import_text(kind(MAX_FILE_BYTES + 1))
