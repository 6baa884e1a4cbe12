"""Files a person keeps are written so that nothing is lost (nomercy/core/files.py)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from nomercy.core.files import FileWriteError, TEMPORARY_SUFFIX, remove_leftovers, write_text, writing


def test_an_existing_file_is_refused_unless_replaced_on_purpose(tmp_path: Path) -> None:
    target = tmp_path / "records.jsonl"
    target.write_text("the user's own lines\n")
    with pytest.raises(FileWriteError, match="already exists"):
        write_text(target, "new")
    assert target.read_text() == "the user's own lines\n"
    write_text(target, "new", replace=True)
    assert target.read_text() == "new"


@pytest.mark.parametrize("kind", ["folder", "named pipe"])
def test_a_target_that_is_not_a_regular_file_is_left_alone_even_with_replace(tmp_path: Path, kind: str) -> None:
    target = tmp_path / "out"
    if kind == "folder":
        target.mkdir()
    else:
        os.mkfifo(target)
    with pytest.raises(FileWriteError, match="leaves this one alone|a folder"):
        write_text(target, "x", replace=True)
    assert target.exists() and not target.is_file()


def test_a_missing_folder_is_named(tmp_path: Path) -> None:
    with pytest.raises(FileWriteError, match="does not exist"):
        write_text(tmp_path / "nowhere" / "f.txt", "x")


def test_a_write_that_fails_part_way_leaves_the_old_file_and_no_temporary(tmp_path: Path) -> None:
    target = tmp_path / "f.txt"
    target.write_text("old")
    with pytest.raises(RuntimeError):
        with writing(target, replace=True) as handle:
            handle.write("half of the new")
            raise RuntimeError("stopped")
    assert target.read_text() == "old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["f.txt"]


def _killed_writer(target: Path, *, unnamed: bool) -> subprocess.Popen[str]:
    """A process writing ``target`` and waiting there to be killed; ``unnamed=False`` stands for a system without
    files that have no name (its temporary file is then named beside the target)."""
    script = textwrap.dedent(f"""
        import os, sys
        if not {unnamed!r} and hasattr(os, "O_TMPFILE"):
            del os.O_TMPFILE
        from nomercy.core.files import writing
        with writing({str(target)!r}, replace=True) as handle:
            handle.write("new " * 1000)
            handle.flush()
            print("writing", flush=True)
            sys.stdin.readline()   # wait here until killed
    """)
    child = subprocess.Popen([sys.executable, "-c", script], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    assert child.stdout is not None and child.stdout.readline() == "writing\n"
    return child


@pytest.mark.skipif(not hasattr(os, "O_TMPFILE"), reason="a system with files that have no name (Linux)")
def test_a_killed_writer_leaves_the_old_file_whole_and_nothing_beside_it(tmp_path: Path) -> None:
    """Its temporary file has no name until the write is done: kill -9 leaves nothing a person must clean."""
    target = tmp_path / "f.txt"
    target.write_text("old")
    for _ in range(3):
        child = _killed_writer(target, unnamed=True)
        assert sorted(p.name for p in tmp_path.iterdir()) == ["f.txt"]  # nothing to see while it writes either
        child.send_signal(signal.SIGKILL)
        child.wait()
        assert target.read_text() == "old" and sorted(p.name for p in tmp_path.iterdir()) == ["f.txt"]


def test_a_killed_writer_s_named_leftover_is_removed_at_the_next_start(tmp_path: Path) -> None:
    target = tmp_path / "f.txt"
    target.write_text("old")
    child = _killed_writer(target, unnamed=False)
    leftovers = [p for p in tmp_path.iterdir() if p.name.endswith(TEMPORARY_SUFFIX)]
    assert len(leftovers) == 1
    assert remove_leftovers(tmp_path) == []          # its writer is alive: kept
    child.send_signal(signal.SIGKILL)
    child.wait()
    assert target.read_text() == "old"
    assert remove_leftovers(tmp_path) == leftovers   # its writer is gone: removed
    assert sorted(p.name for p in tmp_path.iterdir()) == ["f.txt"]


def test_only_nomercy_temporaries_are_ever_removed(tmp_path: Path) -> None:
    for name in ["notes.txt", ".hidden", ".a.123.tmp", f"x.99999999-ab{TEMPORARY_SUFFIX}"]:
        (tmp_path / name).write_text("keep")
    assert remove_leftovers(tmp_path) == []
    assert remove_leftovers(tmp_path / "missing") == []
    assert len(list(tmp_path.iterdir())) == 4


def test_in_the_browser_a_leftover_is_judged_by_its_age_because_every_page_has_the_same_process_id(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    fresh = tmp_path / f".f.txt.{os.getpid()}-aaaaaa{TEMPORARY_SUFFIX}"
    old = tmp_path / f".f.txt.{os.getpid()}-bbbbbb{TEMPORARY_SUFFIX}"
    fresh.write_text("a write going on")
    old.write_text("a write killed two hours ago")
    os.utime(old, (old.stat().st_mtime - 7200,) * 2)
    monkeypatch.setattr(sys, "platform", "emscripten")
    assert remove_leftovers(tmp_path) == [old]
    assert fresh.exists()


def test_a_finished_write_whose_name_was_taken_meanwhile_is_kept_under_a_free_name(tmp_path: Path) -> None:
    target = tmp_path / "run.jsonl"
    with pytest.raises(FileWriteError, match=r"appeared while it was being written and is kept as it is; "
                                             r"what was written is in .*run\.1\.jsonl"):
        with writing(target) as handle:
            handle.write("a long run's records\n")
            target.write_text("another run took the name first\n")
    assert target.read_text() == "another run took the name first\n"
    assert (tmp_path / "run.1.jsonl").read_text() == "a long run's records\n"
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(TEMPORARY_SUFFIX)]
