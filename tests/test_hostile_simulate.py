"""The simulation's processes and files against a hostile world: nothing is left running and nothing is left behind.

A run with ``--workers 2`` starts two worker processes. Whatever ends the run, its workers end with it: Ctrl-C
(which a terminal sends to every process of the command), SIGTERM or SIGHUP (the run ends them, removes the
records' temporary file and says so in one line), or ``kill -9`` of the run (the kernel ends them, or, where it
cannot, each worker's watch on its parent does). The records file is written whole or not at all, whatever
its name (up to the longest the folder allows), wherever it points (a symbolic link is written through), and
whoever else writes it at the same time; a folder in its place or a folder that cannot be written is refused.

These tests read ``/proc`` to find the workers, so they run on Linux (CI's system).
"""

from __future__ import annotations

import json
import multiprocessing
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Iterator

import pytest

from conftest import as_from_a_terminal, holds_a_file_in
from nomercy.core.errors import NomercyError
from nomercy.core.files import TEMPORARY_SUFFIX
from nomercy.play.simulate import RunStopped, simulate

HOSTILE_COVERS = (
    "cli:simulate --records",
    "cli:simulate --workers",
    "cli:simulate --force",
    "api:nomercy.play.simulate.simulate(workers)",
    "api:nomercy.play.simulate.simulate(on_record)",
    "api:nomercy.play.simulate.simulate(on_game)",
    "api:nomercy.play.simulate.simulate(rotate)",
    "api:nomercy.play.simulate.simulate(keep_records)",
    "api:nomercy.play.simulate.simulate(check_moves)",
    "api:nomercy.play.simulate.simulate(progress)",
    "api:nomercy.play.simulate.simulate(chunk_size)",
    "api:nomercy.play.simulate.simulate(executor)",
    "file:records-jsonl",
)

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="finds the workers through /proc")

ROOT = Path(__file__).resolve().parent.parent
OLD = "the user's own lines, kept from an earlier run\n"
ENDLESS = ("simulate", "--games", "100000000", "--workers", "2", "--no-progress", "--players", "2", "--bots",
           "expert:iterations=400")
"""A run that never ends by itself, whose workers play chunks of searching games (minutes each): a run that
waited for its workers' games after Ctrl-C or a signal would not end within PATIENCE."""
PATIENCE = 120.0  # seconds to wait for something that takes a moment on a busy machine; never a measurement


STARTED: list[subprocess.Popen[str]] = []
"""The runs a test started: each is ended after its test, whatever the test found (see ``end_what_was_started``)."""


def nomercy(*argv: str, **popen: Any) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONHASHSEED": "0"}
    child = subprocess.Popen([sys.executable, "-m", "nomercy", *argv], env=env, text=True,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, preexec_fn=as_from_a_terminal, **popen)
    STARTED.append(child)
    return child


def python(code: str, **popen: Any) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONHASHSEED": "0"}
    child = subprocess.Popen([sys.executable, "-c", code], env=env, text=True,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, preexec_fn=as_from_a_terminal, **popen)
    STARTED.append(child)
    return child


@pytest.fixture(autouse=True)
def end_what_was_started() -> Iterator[None]:
    """A test that failed half-way leaves no run behind: its workers would play on, and slow every test after it.
    (A worker dies with its run: the run's own guard, which these tests check.)"""
    yield
    while STARTED:
        child = STARTED.pop()
        if child.poll() is None:
            child.kill()
            child.communicate()


def _stat(pid: int) -> list[str] | None:
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    return text.rsplit(")", 1)[1].split()  # state, parent, ...


def alive(pid: int) -> bool:
    """Is the process running (a zombie has ended: only its exit status waits to be collected)?"""
    fields = _stat(pid)
    return fields is not None and fields[0] != "Z"


def children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            fields = _stat(int(entry.name))
            if fields is not None and fields[1] == str(pid) and fields[0] != "Z":
                found.append(int(entry.name))
    return found


def leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(TEMPORARY_SUFFIX))


def wait_for(condition: Any, what: str) -> None:
    deadline = time.monotonic() + PATIENCE
    while not condition():
        assert time.monotonic() < deadline, f"waited {PATIENCE:.0f} s for {what}"
        time.sleep(0.05)


def running_with_workers(child: subprocess.Popen[str], folder: Path | None = None) -> list[int]:
    """Wait until ``child`` runs its two workers (and has opened its temporary file in ``folder``); their ids."""
    def ready() -> bool:
        assert child.poll() is None, child.communicate()
        return len(children(child.pid)) == 2 and (folder is None or holds_a_file_in(child.pid, folder))

    wait_for(ready, "the run to start its two workers")
    return children(child.pid)


def assert_ended(workers: list[int]) -> None:
    wait_for(lambda: not any(alive(pid) for pid in workers), f"the workers {workers} to end")


def records_of(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


# --- kill -9: the workers die with the run -------------------------------------------------------

def _kill_nine_in_a_loop(folder: Path, rounds: int, door: str) -> None:
    target = folder / "run.jsonl"
    target.write_text(OLD, encoding="utf-8")
    for round_ in range(rounds):
        if door == "cli":
            child = nomercy(*ENDLESS, "--seed", str(round_), "--records", str(target), "--force")
            workers = running_with_workers(child, folder)
        else:
            child = python(f"from nomercy.play.simulate import simulate\n"
                           f"simulate('no-mercy', games=10**8, seed={round_}, workers=2, progress=False)")
            workers = running_with_workers(child)
        child.send_signal(signal.SIGKILL)
        child.communicate()
        assert_ended(workers)
        assert target.read_text(encoding="utf-8") == OLD
        assert sorted(p.name for p in folder.iterdir()) == ["run.jsonl"]  # nothing left beside it


@pytest.mark.parametrize("door", ["cli", "api"])
def test_the_workers_of_a_run_killed_with_kill_9_end_with_it(tmp_path: Path, door: str) -> None:
    _kill_nine_in_a_loop(tmp_path, rounds=2, door=door)


@pytest.mark.soak
@pytest.mark.parametrize("door", ["cli", "api"])
def test_soak_kill_9_in_a_loop_leaves_no_worker(tmp_path: Path, door: str) -> None:
    _kill_nine_in_a_loop(tmp_path, rounds=15, door=door)


def test_without_the_kernel_s_help_each_worker_watches_its_parent_and_ends_with_it() -> None:
    """Where the kernel cannot be asked to end a worker with its parent (not Linux), the worker's own watch does."""
    child = python("import ctypes\n"
                   "def no_prctl(*args, **kwargs):\n"
                   "    raise OSError('no prctl here')\n"
                   "ctypes.CDLL = no_prctl  # the workers are forked from here, without prctl\n"
                   "from nomercy.play.simulate import simulate\n"
                   "simulate('no-mercy', games=10**8, workers=2, progress=False)")
    workers = running_with_workers(child)
    child.send_signal(signal.SIGKILL)
    child.communicate()
    assert_ended(workers)


# --- SIGTERM, SIGHUP, Ctrl-C: the run cleans up and says so --------------------------------------

@pytest.mark.parametrize("number", [signal.SIGTERM, pytest.param(signal.SIGHUP, marks=pytest.mark.slow)])
def test_a_signal_to_end_stops_the_run_cleanly_in_one_line(tmp_path: Path, number: int) -> None:
    """Each case starts a run with two worker processes (3 s of CPU): SIGHUP, handled as SIGTERM is, under ``-m slow``."""
    target = tmp_path / "run.jsonl"
    target.write_text(OLD, encoding="utf-8")
    child = nomercy(*ENDLESS, "--records", str(target), "--force")
    workers = running_with_workers(child, tmp_path)
    child.send_signal(number)
    out, err = child.communicate(timeout=PATIENCE)
    name = signal.Signals(number).name
    assert child.returncode == 128 + number and out == ""
    assert err == f"nomercy simulate: stopped by {name} before the run was done; no records were written\n"
    assert target.read_text(encoding="utf-8") == OLD and leftovers(tmp_path) == []
    assert_ended(workers)


@pytest.mark.parametrize("whom", ["the whole command, as a terminal does",
                                  pytest.param("the run alone", marks=pytest.mark.slow)])
def test_ctrl_c_stops_the_run_and_its_workers_without_a_traceback(tmp_path: Path, whom: str) -> None:
    """Each case starts a run with two worker processes (3 s of CPU): the signal to the run alone under ``-m slow``."""
    target = tmp_path / "run.jsonl"
    child = nomercy(*ENDLESS, "--records", str(target), start_new_session=True)
    workers = running_with_workers(child, tmp_path)
    if whom == "the run alone":
        child.send_signal(signal.SIGINT)
    else:
        os.killpg(child.pid, signal.SIGINT)
    out, err = child.communicate(timeout=PATIENCE)
    assert (child.returncode, out, err) == (130, "", "nomercy simulate: interrupted\n")
    assert list(tmp_path.iterdir()) == []
    assert_ended(workers)


@pytest.fixture
def ctrl_c_acts() -> Iterator[None]:
    """Ctrl-C raises KeyboardInterrupt in this process, as in a notebook's kernel, for the test's length: a suite
    started in the background ignores SIGINT, and then ``_thread.interrupt_main`` does nothing (the test would wait
    on a run of a million searching games)."""
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, previous)


def test_a_run_stopped_by_ctrl_c_ends_its_workers_at_once_rather_than_waiting_for_their_games(ctrl_c_acts) -> None:
    """Ctrl-C in a notebook (an interrupt of the main thread while simulate() waits for its workers) does not
    wait for the games the workers are playing: they are ended, and nothing of theirs stays running."""
    import _thread
    import threading

    before = set(multiprocessing.active_children())
    seen: list[multiprocessing.process.BaseProcess] = []

    def press_ctrl_c_once_the_workers_play() -> None:
        wait_for(lambda: len(set(multiprocessing.active_children()) - before) == 2, "the two workers")
        seen.extend(set(multiprocessing.active_children()) - before)
        time.sleep(0.5)
        _thread.interrupt_main()

    threading.Thread(target=press_ctrl_c_once_the_workers_play, daemon=True).start()
    with pytest.raises(KeyboardInterrupt):
        simulate("no-mercy", players=2, bots="expert:iterations=400", games=10**6, workers=2, chunk_size=100,
                 progress=False)  # chunks of 100 searching games: many minutes each, were they waited for
    assert len(seen) == 2
    for process in seen:
        process.join(PATIENCE)
        assert process.exitcode == -signal.SIGTERM  # ended, not finished
    assert set(multiprocessing.active_children()) <= before


@pytest.mark.parametrize("handler", ["on_record", "on_game"])
def test_an_error_in_the_caller_s_handler_ends_the_workers_and_is_the_caller_s_own(handler: str) -> None:
    before = set(multiprocessing.active_children())

    class Full(Exception):
        pass

    def write(record: Any) -> None:
        raise Full("the caller's disk is full")

    with pytest.raises(Full):
        simulate("no-mercy", players=2, games=10**6, workers=2, chunk_size=1, progress=False, **{handler: write})
    wait_for(lambda: set(multiprocessing.active_children()) <= before, "the workers to end")


def test_yes_or_no_options_take_the_words_too() -> None:
    plain = simulate("no-mercy", players=2, games=4, workers=1, rotate=True, keep_records=False)
    worded = simulate("no-mercy", players=2, games=4, workers=1, rotate="yes", keep_records="off", progress="no")
    assert worded.tally == plain.tally and worded.rotate is True and worded.records is None


@pytest.mark.parametrize(("option", "value", "says"), [
    ("on_record", 5, "on_record is a function to call, not 5"),
    ("on_game", "print", "on_game is a function to call, not 'print'"),
    ("rotate", "maybe", "rotate is yes or no, not 'maybe'"),
    ("keep_records", 1, "keep_records is yes or no, not 1"),
    ("check_moves", None, "check_moves is yes or no, not nothing"),
    ("progress", [], "progress is yes or no, not "),
    ("chunk_size", 0, "the chunk size is a whole number from 1 to 1000000000000000, not 0"),
    ("chunk_size", 2.5, "the chunk size is a whole number from 1 to 1000000000000000, not 2.5"),
    ("executor", "dask", "executor is a concurrent.futures executor"),
])
def test_how_a_run_is_played_is_checked_before_any_game_or_process(option: str, value: Any, says: str) -> None:
    before = set(multiprocessing.active_children())
    with pytest.raises(NomercyError) as refused:
        simulate("no-mercy", games=10, workers=2, **{option: value})
    assert str(refused.value).startswith(says) and "\n" not in str(refused.value)
    assert set(multiprocessing.active_children()) <= before


def test_a_stop_names_its_signal_and_the_status_a_shell_gives() -> None:
    stop = RunStopped(signal.SIGTERM)
    assert str(stop) == "stopped by SIGTERM before the run was done" and stop.status == 143
    assert isinstance(stop, KeyboardInterrupt)


@pytest.mark.parametrize("workers", [0, -1, 2.0, True, "2", float("nan"), 10**30, [2]])
def test_a_number_of_workers_that_is_not_one_is_refused_before_any_process_starts(workers: Any) -> None:
    before = set(multiprocessing.active_children())
    with pytest.raises(NomercyError, match=r"^the number of workers is 1 to \d+ on this machine, not "):
        simulate("no-mercy", games=10, workers=workers)
    assert set(multiprocessing.active_children()) <= before


# --- the records file: names, links, folders, two writers ----------------------------------------

@pytest.mark.parametrize("name", ["r" * 234 + ".jsonl", "r" * 249 + ".jsonl", "é" * 121 + ".jsonl"],
                         ids=["240 characters", "255 characters", "254 bytes in 127 characters"])
def test_a_records_name_as_long_as_the_folder_allows_is_written(tmp_path: Path, name: str) -> None:
    child = nomercy("simulate", "--games", "4", "--workers", "2", "--no-progress", "--records", str(tmp_path / name))
    out, err = child.communicate(timeout=PATIENCE)
    assert child.returncode == 0, err
    assert [r["index"] for r in records_of(tmp_path / name)] == [0, 1, 2, 3]
    assert [p.name for p in tmp_path.iterdir()] == [name]


def test_a_records_name_longer_than_the_folder_allows_is_refused_in_one_line(tmp_path: Path) -> None:
    name = "r" * 250 + ".jsonl"
    child = nomercy("simulate", "--games", "4", "--workers", "2", "--no-progress", "--records", str(tmp_path / name))
    out, err = child.communicate(timeout=PATIENCE)
    assert child.returncode == 2 and out == ""
    assert err.startswith("nomercy simulate: cannot write the records to ") and err.endswith(": the name is too long for the system\n")
    assert list(tmp_path.iterdir()) == []


def test_a_records_file_that_is_a_link_is_written_through_the_link(tmp_path: Path) -> None:
    real = tmp_path / "kept" / "real.jsonl"
    real.parent.mkdir()
    real.write_text(OLD, encoding="utf-8")
    link = tmp_path / "link.jsonl"
    link.symlink_to(real)
    child = nomercy("simulate", "--games", "3", "--workers", "2", "--no-progress", "--records", str(link))
    assert child.communicate(timeout=PATIENCE)[1].endswith("already exists: give another name, or replace it on "
                                                            "purpose (--force)\n")
    assert real.read_text(encoding="utf-8") == OLD
    child = nomercy("simulate", "--games", "3", "--workers", "2", "--no-progress", "--records", str(link), "--force")
    assert child.communicate(timeout=PATIENCE)[1] == "" and child.returncode == 0
    assert link.is_symlink() and link.resolve() == real
    assert [r["index"] for r in records_of(real)] == [0, 1, 2]
    assert leftovers(tmp_path) == leftovers(real.parent) == []


def test_a_link_to_a_file_not_there_yet_gets_the_records_at_the_place_it_names(tmp_path: Path) -> None:
    link = tmp_path / "link.jsonl"
    link.symlink_to(tmp_path / "named.jsonl")
    child = nomercy("simulate", "--games", "3", "--workers", "2", "--no-progress", "--records", str(link))
    assert child.communicate(timeout=PATIENCE)[1] == "" and child.returncode == 0
    assert [r["index"] for r in records_of(tmp_path / "named.jsonl")] == [0, 1, 2]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link.jsonl", "named.jsonl"]


def test_a_folder_in_place_of_the_records_is_refused_before_any_worker_starts(tmp_path: Path) -> None:
    target = tmp_path / "run.jsonl"
    target.mkdir()
    (target / "inside.txt").write_text("keep")
    child = nomercy(*ENDLESS, "--records", str(target), "--force")
    out, err = child.communicate(timeout=PATIENCE)
    assert child.returncode == 2 and err == (f"nomercy simulate: {target} is a folder: nomercy only writes regular "
                                             "files, and leaves this one alone\n")
    assert [p.name for p in target.iterdir()] == ["inside.txt"] and leftovers(tmp_path) == []


def test_a_folder_put_in_place_of_the_records_while_the_workers_play_is_left_alone(tmp_path: Path) -> None:
    target = tmp_path / "run.jsonl"
    target.write_text(OLD, encoding="utf-8")
    child = nomercy("simulate", "--games", "400", "--workers", "2", "--no-progress", "--records", str(target),
                    "--force")
    workers = running_with_workers(child, tmp_path)
    target.unlink()
    target.mkdir()
    out, err = child.communicate(timeout=10 * PATIENCE)
    assert child.returncode == 2 and err == (f"nomercy simulate: {target} is a folder: nomercy only writes regular "
                                             "files, and leaves this one alone\n")
    assert list(target.iterdir()) == [] and leftovers(tmp_path) == []
    assert_ended(workers)


def test_two_runs_with_workers_writing_the_same_records_leave_one_whole_run_and_keep_the_other(tmp_path: Path) -> None:
    target = tmp_path / "run.jsonl"
    runs = [nomercy("simulate", "--games", "120", "--workers", "2", "--no-progress", "--seed", str(seed),
                    "--records", str(target)) for seed in (1, 2)]
    results = [(child.wait(timeout=10 * PATIENCE), child.communicate()[1]) for child in runs]
    assert [r["index"] for r in records_of(target)] == list(range(120))
    for code, err in results:
        assert code in (0, 2), err
        if code == 2 and "appeared while it was being written" in err:
            kept = Path(err.rsplit("what was written is in ", 1)[1].strip())
            assert kept.name == "run.1.jsonl" and [r["index"] for r in records_of(kept)] == list(range(120))
        elif code == 2:
            assert err.endswith("already exists: give another name, or replace it on purpose (--force)\n"), err
    assert leftovers(tmp_path) == []


def _without_the_right_to_write_anywhere() -> list[str]:
    """A command prefix under which a read-only folder is read-only: root writes anywhere, so drop that right."""
    if os.geteuid() != 0:
        return []
    setpriv = shutil.which("setpriv")
    if setpriv is None:
        pytest.skip("running as root, without setpriv to give up the right to write anywhere")
    return [setpriv, "--bounding-set", "-dac_override,-dac_read_search"]


def test_a_read_only_folder_is_refused_before_any_worker_starts() -> None:
    folder = Path(tempfile.mkdtemp(prefix="nomercy-read-only-"))
    try:
        folder.chmod(0o555)
        env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONHASHSEED": "0"}
        child = subprocess.run([*_without_the_right_to_write_anywhere(), sys.executable, "-m", "nomercy", *ENDLESS,
                                "--records", str(folder / "run.jsonl")], env=env, text=True, capture_output=True,
                               timeout=PATIENCE)
        assert child.returncode == 2 and child.stdout == ""
        assert child.stderr == (f"nomercy simulate: cannot write the records to {folder / 'run.jsonl'}: its folder "
                                f"{folder} cannot be written (there is no right to write there)\n")
        assert list(folder.iterdir()) == []
    finally:
        folder.chmod(0o755)
        shutil.rmtree(folder)
