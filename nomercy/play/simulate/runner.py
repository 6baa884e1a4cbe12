"""Running many games: in this process, or in worker processes that live no longer than the run.

A run is cut into chunks of games (:func:`play_chunk`); chunks are played here or on a pool of processes
(ours, or any ``concurrent.futures`` executor given, such as a Dask client's), and each chunk's tally and
records are handed back as it finishes. Our own pool's workers end with the run however it ends: a run
that stops (Ctrl-C, :func:`signals_stop_the_run`, an error) ends them at once, and a run that is killed
takes them with it (:func:`worker_start`).
"""

from __future__ import annotations

import concurrent.futures as cf
import contextlib
import multiprocessing
import multiprocessing.process
import os
import signal
import sys
import threading
import time
from typing import Any, Callable, Iterator

from nomercy.core.rules import RuleSet
from nomercy.play.simulate.bots import BotSpec, game_seed, seating
from nomercy.play.simulate.checker import play_game
from nomercy.play.simulate.tally import GameSummary, Tally
from nomercy.core.records import made_by_the_package

__all__ = ["play_chunk", "run_chunks", "Progress", "in_notebook", "RunStopped", "signals_stop_the_run",
           "worker_start"]


def play_chunk(rules: RuleSet, specs: tuple[BotSpec, ...], seed: int, start: int, stop: int,
                rotate: bool, keep: bool, check_moves: bool = False) -> tuple[Tally, list[GameSummary] | None]:
    """Play games ``start`` to ``stop - 1`` of a run; runs in a worker process (or a Dask worker)."""
    tally = Tally(len(specs))
    records: list[GameSummary] | None = [] if keep else None
    for index in range(start, stop):
        summary = play_game(rules, seating(specs, index, rotate), game_seed(seed, index), index=index,
                            keep_record=keep, check_moves=check_moves)
        tally.add(summary)
        if records is not None:
            records.append(summary)
    return tally, records


def in_notebook() -> bool:
    """Is this a Jupyter kernel (where a progress bar is a widget) rather than a terminal or a script?"""
    ipython = sys.modules.get("IPython")
    shell = ipython.get_ipython() if ipython is not None and hasattr(ipython, "get_ipython") else None
    return shell is not None and "IPKernelApp" in getattr(shell, "config", ())


@made_by_the_package("the simulation lab makes one for each run, to show how far it has got")
class Progress:
    """How far a run has got: tqdm's bar, a widget in a notebook and a line on standard error elsewhere.

    tqdm is optional (the ``lab`` extra installs it). Without it a terminal gets one
    line of text when the run starts, and a notebook gets nothing.
    """

    def __init__(self, total: int, label: str, enabled: bool) -> None:
        self._bar: Any = None
        if not enabled:
            return
        notebook = in_notebook()
        try:
            if notebook:
                from tqdm.notebook import tqdm as notebook_bar

                self._bar = notebook_bar(total=total, desc=label, unit=" games", leave=True)
            else:
                from tqdm import tqdm as terminal_bar

                self._bar = terminal_bar(total=total, desc=label, unit=" games", leave=True)
        except ImportError:  # no tqdm, or (in a notebook) no ipywidgets for its bar
            if not notebook:
                sys.stderr.write(f"{label}: playing {total:,} games (install tqdm for a progress bar)\n")
                sys.stderr.flush()

    def update(self, done: int) -> None:
        if self._bar is not None:
            self._bar.update(done - self._bar.n)

    def close(self) -> None:
        if self._bar is not None:
            self._bar.close()



def run_chunks(rules: RuleSet, specs: tuple[BotSpec, ...], seed: int, chunks: Iterator[tuple[int, int]], rotate: bool,
         keep: bool, check_moves: bool, executor: cf.Executor | None, workers: int, slots: int,
         take: Callable[[tuple[Tally, list[GameSummary] | None]], None]) -> None:
    """Play the chunks in this process or on a pool (ours, or the ``executor`` given), handing each result to ``take``.

    Our own pool's workers live no longer than the run: a run that stops (Ctrl-C, a signal, an error)
    ends them at once rather than waiting for the games they are playing, and a run that is killed
    takes them with it (:func:`worker_start`).
    """
    if executor is None and workers == 1:
        for start, stop in chunks:
            take(play_chunk(rules, specs, seed, start, stop, rotate, keep, check_moves))
        return
    own = executor is None
    before = set(multiprocessing.active_children())
    pool: cf.Executor
    if executor is None:
        context = multiprocessing.get_context()
        pool = cf.ProcessPoolExecutor(max_workers=workers, mp_context=context, initializer=worker_start,
                                      initargs=(os.getpid(), context.get_start_method()))
    else:
        pool = executor
    waiting = iter(chunks)
    running: set[cf.Future] = set()
    with _stops_at_safe_points() as stops:
        try:
            window = slots * 4  # a bounded number of chunks in flight keeps memory flat
            more = True
            while more or running:
                while more and len(running) < window:
                    chunk = next(waiting, None)
                    if chunk is None:
                        more = False
                        break
                    start, stop = chunk
                    running.add(pool.submit(play_chunk, rules, specs, seed, start, stop, rotate, keep, check_moves))
                finished, running = cf.wait(running, timeout=stops.every, return_when=cf.FIRST_COMPLETED)
                for future in finished:
                    take(future.result())
                stops.check()
        except BaseException:
            if own:  # a pool whose workers are ended marks what was running as failed: nothing is cancelled first
                _end_workers(before)
            else:
                for future in running:
                    future.cancel()
            raise
        finally:
            if own:
                pool.shutdown(wait=True)
    stops.check()


class _Stops:
    """Ctrl-C and the signals of :func:`signals_stop_the_run`, kept while a run waits on its pool and acted on at
    the next safe point (between two waits), never in the middle of the pool's own bookkeeping.

    An interrupt raised anywhere could leave a lock of ``concurrent.futures`` held, and the pool's shutdown
    would then wait for ever; the wait is therefore cut into short waits (``every`` seconds), after each of
    which :meth:`check` raises what arrived meanwhile.
    """

    def __init__(self) -> None:
        self.deferring = False
        self.pending: int | None = None
        self.every: float | None = None

    def check(self) -> None:
        number, self.pending = self.pending, None
        if number is None:
            return
        if number == signal.SIGINT:
            raise KeyboardInterrupt
        raise RunStopped(number)


_STOPS = _Stops()


@contextlib.contextmanager
def _stops_at_safe_points() -> Iterator[_Stops]:
    if threading.current_thread() is not threading.main_thread() or _STOPS.deferring:
        yield _Stops()  # signals reach only the main thread: nothing to defer here
        return
    previous = signal.getsignal(signal.SIGINT)

    def later(number: int, frame: Any) -> None:
        signal.signal(signal.SIGINT, previous)  # a second Ctrl-C acts at once
        _STOPS.pending = number

    if previous is signal.default_int_handler:
        signal.signal(signal.SIGINT, later)
    _STOPS.deferring, _STOPS.pending, _STOPS.every = True, None, 0.2
    try:
        yield _STOPS
    finally:
        _STOPS.deferring, _STOPS.every = False, None
        if signal.getsignal(signal.SIGINT) is later:
            signal.signal(signal.SIGINT, previous)


def _end_workers(before: set[multiprocessing.process.BaseProcess]) -> None:
    """End the worker processes this run started (the children that were not there ``before``), without waiting
    for the games they are playing: their results are not wanted any more."""
    for process in set(multiprocessing.active_children()) - before:
        with contextlib.suppress(OSError, ValueError):
            process.terminate()


_PR_SET_PDEATHSIG = 1
"""Linux's prctl option that has the kernel send a signal to a process when its parent ends."""


def worker_start(run: int, start_method: str) -> None:
    """The first thing each worker process of a run does: it lives no longer than its parent.

    A worker ignores Ctrl-C, which a terminal sends to every process of the command: the run itself
    stops, ends its workers and says so in one line, rather than each worker printing a traceback.
    The run ends a worker with SIGTERM, which ends it at once: a forked worker would otherwise keep the
    handler of :func:`signals_stop_the_run` and play its chunk of games to the end first.
    A worker dies with its parent however the parent ends (``kill -9`` included): on Linux the kernel
    kills it at once (``PR_SET_PDEATHSIG``); elsewhere, and as a second guard, a thread checks every
    second that its parent is still the same process and ends the worker when it is not. The parent
    is the run's process (``run``) when workers are forked or spawned, and the fork server (which ends
    with the run) when they are started by one.
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for name in ("SIGTERM", "SIGHUP"):  # a forked worker has the run's handlers, which only note the signal for
        number = getattr(signal, name, None)  # the run's next safe point: the run's SIGTERM would wait for the chunk
        if number is not None and callable(signal.getsignal(number)):
            signal.signal(number, signal.SIG_DFL)
    parent = run if start_method in ("fork", "spawn") else os.getppid()
    if sys.platform.startswith("linux"):
        import ctypes

        with contextlib.suppress(OSError, AttributeError, ValueError):  # no prctl: the thread alone guards
            ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    if os.getppid() != parent:  # the parent ended before the kernel was asked to watch it
        _end_now()
    threading.Thread(target=_watch_parent, args=(parent,), name="nomercy-parent-watch", daemon=True).start()


def _watch_parent(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(1.0)
    _end_now()  # orphaned: nobody will read what this worker plays


def _end_now() -> None:
    """End this worker at once and without any clean-up, as the kernel's guard does (its run is gone); where there
    is no SIGKILL, SIGTERM ends a process at once as well."""
    os.kill(os.getpid(), getattr(signal, "SIGKILL", signal.SIGTERM))


class RunStopped(KeyboardInterrupt):
    """A run stopped by a signal asking the process to end (SIGTERM, SIGHUP), raised where the run is.

    It is a ``KeyboardInterrupt``, so it unwinds as Ctrl-C does: the run's workers are ended and a file
    being written is left as it was (``nomercy simulate --records`` removes its temporary file).
    ``status`` is the exit status a shell gives a command ended by that signal (128 + its number).
    """

    def __init__(self, number: int) -> None:
        self.signal = number
        self.status = 128 + number
        super().__init__(f"stopped by {signal.Signals(number).name} before the run was done")


@contextlib.contextmanager
def signals_stop_the_run() -> Iterator[None]:
    """In the block, a SIGTERM or SIGHUP raises :class:`RunStopped` where the run is, so that it cleans up.

    Without it, such a signal ends the process at once, leaving a records file's temporary file and (on
    systems other than Linux, for a moment) the workers. A second signal ends the process at once, as
    usual. Signals set to be ignored stay ignored; outside the main thread, where Python cannot handle
    signals, the block runs unchanged.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous: dict[int, Any] = {}
    run = os.getpid()

    def stop(number: int, frame: Any) -> None:
        if os.getpid() != run:  # a worker forked before worker_start set its own handlers: the signal's default
            signal.signal(number, signal.SIG_DFL)
            os.kill(os.getpid(), number)
            return
        for each, handler in previous.items():
            signal.signal(each, handler)
        if _STOPS.deferring:  # the run is waiting on its pool: it stops at its next safe point
            _STOPS.pending = number
            return
        raise RunStopped(number)

    for name in ("SIGTERM", "SIGHUP"):
        number = getattr(signal, name, None)
        if number is not None and signal.getsignal(number) is signal.SIG_DFL:
            previous[number] = signal.signal(number, stop)
    try:
        yield
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)
