"""The simulation lab: many seeded games between computer players, summarized as they finish.

>>> from nomercy.play.simulate import simulate
>>> result = simulate("no-mercy", players=2, bots="greedy,random", games=20, seed=1, workers=1)
>>> result.games, sum(result.wins_by_seat)
(20, 20)

Game ``i`` of a run seeded ``seed`` always uses the seed :func:`game_seed` derives
from ``(seed, i)``, and so do its players; every statistic is an exact integer
tally merged in any order. So a run gives the same figures on one worker, on a
process pool or on a Dask cluster (only the speed differs).

This module is the lab's front door: :func:`check_run` checks a run's options and :func:`simulate` plays
it. Each room holds one thing, and the names people use are all here:

- ``bots``: who sits where (:class:`BotSpec`, :func:`parse_bots`) and the seeds of games and players;
- ``checker``: one game, checked move by move (:func:`play_game`, :class:`InvariantViolation`, the one
  rule of what a turn is, :func:`ends_turn`);
- ``tally``: what a game contributes (:class:`GameSummary`) and the running totals (:class:`Tally`);
- ``result``: a run's figures as data and text (:class:`SimulationResult`);
- ``stats``: a win rate's interval (:func:`wilson_interval`), quantiles, two runs compared (:func:`compare_runs`);
- ``runner``: many games in this process or in worker processes that end with the run.
"""

from __future__ import annotations

import concurrent.futures as cf
import os
import sys
import time
from dataclasses import dataclass
from typing import Any, Callable, Mapping, Sequence

from nomercy.core import inputs
from nomercy.core.engine import new_game
from nomercy.core.errors import NomercyError, RulesError, brief
from nomercy.core.rules import RuleSet, ruleset
from nomercy.play.simulate.bots import BotSpec, game_seed, parse_bots
from nomercy.play.simulate.checker import GameChecker, InvariantViolation, ends_turn, play_game, replay_game
from nomercy.play.simulate.result import SimulationResult
from nomercy.play.simulate.runner import Progress, RunStopped, in_notebook, run_chunks, signals_stop_the_run
from nomercy.play.simulate.stats import PairedComparison, compare_runs, wilson_interval
from nomercy.play.simulate.tally import GameSummary, Tally

__all__ = [
    "simulate",
    "most_workers",
    "check_run",
    "RunPlan",
    "SimulationResult",
    "BotSpec",
    "parse_bots",
    "game_seed",
    "play_game",
    "replay_game",
    "ends_turn",
    "GameChecker",
    "GameSummary",
    "PairedComparison",
    "compare_runs",
    "Tally",
    "InvariantViolation",
    "wilson_interval",
    "RunStopped",
    "signals_stop_the_run",
    "MAX_GAMES",
    "MAX_SEED",
]


HAS_PROCESSES = sys.platform != "emscripten"
"""Whether worker processes can be started: not in the browser (Pyodide), where a run plays in the page."""


MAX_GAMES = 10**15
"""The most games one run may ask for (about thirty years of play at a million games a second): a bound on
a mistyped count, not on a real study, which runs in pieces with ``first_game``."""
MAX_SEED = inputs.MAX_SEED


def most_workers() -> int:
    """The most worker processes a run may ask for on this machine: four per CPU, and at least 64."""
    return max(64, 4 * (os.cpu_count() or 1))
"""The largest seed of a run: the one range of seeds (:data:`nomercy.core.inputs.MAX_SEED`, 0 to 2**63 - 1)."""


@dataclass(frozen=True)
class RunPlan:
    """A run's options, every one checked: what :func:`check_run` returns and :func:`simulate` plays."""

    rules: RuleSet
    bots: tuple[BotSpec, ...]
    seats: tuple[str, ...]
    workers: int


def _whole(value: Any, what: str, low: int, high: int) -> int:
    """A count of a run, refused in the words ``nomercy simulate --help`` gives its range in."""
    return inputs.whole_number(value, what, low, high)


def check_run(
    rules: str | RuleSet = "no-mercy",
    *,
    overrides: Mapping[str, Any] | None = None,
    players: int = 4,
    bots: str | Sequence[str | BotSpec] = "random",
    games: int = 1000,
    seed: int = 0,
    workers: int | None = None,
    first_game: int = 0,
) -> RunPlan:
    """Check every option of a run before anything is played or written; the first mistake raises.

    This is the one check of a run's options: :func:`simulate` calls it first, and so does
    ``nomercy simulate`` before it touches a records file.

    >>> check_run("no-mercy", players=3, bots="greedy", workers=1).seats
    ('A', 'B', 'C')
    >>> check_run("no-mercy", games=-1)
    Traceback (most recent call last):
    ...
    nomercy.core.errors.NomercyError: the number of games is a whole number from 0 to 1000000000000000, not -1
    """
    if overrides is not None and (not isinstance(overrides, Mapping) or not all(isinstance(k, str) for k in overrides)):
        raise RulesError(f"the overrides are a mapping of rule options to values, like {{'stacking': 'none'}}; "
                         f"not {brief(overrides)}")
    rule_set = ruleset(rules, **(overrides or {})) if not isinstance(rules, RuleSet) or overrides else rules
    low, high = rule_set.players
    if isinstance(players, bool) or not isinstance(players, int) or not low <= players <= high:
        raise RulesError(f"{rule_set.name} is for {low} to {high} players, not {brief(players)}")
    _whole(games, "the number of games", 0, MAX_GAMES)
    _whole(first_game, "the number of the first game", 0, MAX_GAMES)
    inputs.seed(seed, error=NomercyError)
    specs = parse_bots(bots, players)
    seats = new_game(rule_set, players, seed=0).seats
    if workers is None:
        workers = os.cpu_count() or 1
    most = most_workers()
    if isinstance(workers, bool) or not isinstance(workers, int) or not 1 <= workers <= most:
        raise NomercyError(f"the number of workers is 1 to {most} on this machine, not {brief(workers)}")
    return RunPlan(rule_set, specs, seats, workers)


_YES, _NO = ("yes", "on", "true"), ("no", "off", "false")


def _yes_no(value: Any, name: str) -> bool:
    """A yes-or-no option: ``True``/``False``, or the words yes/no, on/off, true/false."""
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.strip().lower() in _YES + _NO:
        return value.strip().lower() in _YES
    raise NomercyError(f"{name} is yes or no, not {'nothing' if value is None else brief(value)}")


def _check_how(*, executor: Any, on_record: Any, chunk_size: Any, on_game: Any) -> None:
    """Check how a run is to be played (the options :func:`check_run` leaves to :func:`simulate`), before it starts."""
    for name, value in (("on_record", on_record), ("on_game", on_game)):
        if value is not None and not callable(value):
            raise NomercyError(f"{name} is a function to call, not {brief(value)}")
    if executor is not None and not isinstance(executor, cf.Executor):
        raise NomercyError(f"executor is a concurrent.futures executor (a Dask client's get_executor() is one), "
                           f"not {brief(executor)}")
    if chunk_size is not None:
        _whole(chunk_size, "the chunk size", 1, MAX_GAMES)


def simulate(
    rules: str | RuleSet = "no-mercy",
    *,
    players: int = 4,
    bots: str | Sequence[str | BotSpec] = "random",
    games: int = 1000,
    seed: int = 0,
    workers: int | None = None,
    executor: cf.Executor | None = None,
    overrides: Mapping[str, Any] | None = None,
    rotate: bool = False,
    keep_records: bool = False,
    on_record: Callable[[GameSummary], None] | None = None,
    progress: bool | None = None,
    chunk_size: int | None = None,
    on_game: Callable[[int], None] | None = None,
    first_game: int = 0,
    check_moves: bool = False,
) -> SimulationResult:
    """Play ``games`` games and summarize them.

    ``bots`` names one kind for every seat (``"random"``) or one per seat
    (``"expert,random"``; options as ``expert:iterations=40``). ``rotate`` turns the
    seating one place per game, so every kind sits in every seat equally often.
    ``executor`` is any :class:`concurrent.futures.Executor` (a Dask client's
    ``get_executor()`` works); without one, ``workers`` processes run the games
    (default: one per CPU; ``1`` plays in this process; in the browser, where there are no
    processes, always this process). ``progress`` shows a bar
    (tqdm's: a widget in a notebook, a line on standard error on a terminal; by default
    only in a notebook or on a terminal). Each game's summary with its record
    (:class:`GameSummary`, whose ``record`` replays the game) is kept in the result only with
    ``keep_records``, and handed to ``on_record`` in game order as soon as the games before it
    are in (so a file of records is written as the run goes, in memory that does not grow).
    ``first_game`` numbers the games from there, so a long study can
    run in pieces whose tallies merge into exactly the whole run's. ``check_moves``
    checks every move more closely (see :func:`play_game`); the figures are the same.
    """
    plan = check_run(rules, overrides=overrides, players=players, bots=bots, games=games, seed=seed,
                     workers=workers, first_game=first_game)
    _check_how(executor=executor, on_record=on_record, chunk_size=chunk_size, on_game=on_game)
    rotate, keep_records, check_moves = (_yes_no(rotate, "rotate"), _yes_no(keep_records, "keep_records"),
                                         _yes_no(check_moves, "check_moves"))
    progress = None if progress is None else _yes_no(progress, "progress")
    rule_set, specs, seats, workers = plan.rules, plan.bots, plan.seats, plan.workers
    if executor is None and not HAS_PROCESSES:
        workers = 1  # the same games and figures, played in this process
    if progress is None:
        progress = sys.stderr.isatty() or in_notebook()
    tally = Tally(players)
    records: list[GameSummary] | None = [] if keep_records else None
    keep = keep_records or on_record is not None
    waiting: dict[int, list[GameSummary]] = {}  # chunks of records that finished before an earlier chunk
    next_game = first_game
    started = time.perf_counter()
    alone = executor is None and workers == 1
    slots = workers if executor is None else max(workers, 2)
    # in this process a chunk only sets how often the bar moves; a pool's chunks are bigger to pay for the trip
    size = chunk_size or max(1, min(200, games // (100 if alone else slots * 8)))
    end = first_game + games
    chunks = ((start, min(end, start + size)) for start in range(first_game, end, size))  # lazily: games may be many
    done = 0
    bar = Progress(games, f"{rule_set.name}, {players} players", progress)

    def take(part: tuple[Tally, list[GameSummary] | None]) -> None:
        nonlocal done, next_game
        chunk_tally, chunk_records = part
        tally.merge(chunk_tally)
        if records is not None and chunk_records:
            records.extend(chunk_records)
        if on_record is not None and chunk_records:
            waiting[chunk_records[0].index] = chunk_records
            while next_game in waiting:
                for record in waiting.pop(next_game):
                    on_record(record)
                    next_game += 1
        done += chunk_tally.games
        bar.update(done)
        if on_game is not None:
            on_game(done)

    try:
        run_chunks(rule_set, specs, seed, chunks, rotate, keep, check_moves, executor, workers, slots, take)
    finally:
        bar.close()
    if records is not None:
        records.sort(key=lambda r: r.index)
    return SimulationResult(
        rules=rule_set,
        seats=seats,
        bots=tuple(str(s) for s in specs),
        seed=seed,
        rotate=rotate,
        workers=workers,
        seconds=time.perf_counter() - started,
        tally=tally,
        records=records,
    )

