"""How long the puzzle trainer takes to read the progress, to start, to serve the next puzzle, and to check
and save an answer, with a progress of 0, 1,000 and 5,000 attempts.

Run from the repository root::

    .venv/bin/python benchmarks/trainer_speed.py                  # 0, 1000 and 5000 attempts, 30 puzzles each
    .venv/bin/python benchmarks/trainer_speed.py --attempts 20000 --serve 50
    .venv/bin/python benchmarks/trainer_speed.py --format first   # the attempts in an old progress.json (format 1)

Each progress file is written ahead in the documented format (one journal in the progress folder, as a fold
of old sessions leaves it; with ``--format first``, a ``progress.json`` of format 1), in a temporary folder
(never the real data folder), with attempts spread over the collection, one in three missed, five minutes
apart, the last just before "now" (a fixed clock). Then a Trainer on the whole collection is built, and
``--serve`` times it serves the next puzzle and, when the puzzle has options, picks the first one (the check
and the save of the attempt; a best-move puzzle's check runs the expert's search, timed apart). Each figure
is the wall-clock time of one call with ``time.perf_counter``. This file is not part of the test suite and
asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

from nomercy.puzzles.progress import FILE_NAME, FOLDER_NAME, FORMAT, VERSION, Progress
from nomercy.puzzles.puzzle import load_puzzles
from nomercy.widgets import Trainer

NOW = datetime(2026, 12, 1, 9, 0, tzinfo=timezone.utc)


def write_progress(folder: Path, attempts: int, puzzles: list[Any], form: str) -> None:
    made = []
    for i in range(attempts):
        p = puzzles[i % len(puzzles)]
        date = NOW - timedelta(minutes=5 * (attempts - i))
        made.append({"id": f"bench-{i + 1}", "puzzle": p.id, "right": i % 3 != 0, "hints": i % 2, "seconds": 20.0,
                     "date": date.strftime("%Y-%m-%dT%H:%M:%SZ"), "topic": p.topic, "level": p.level})
    if form == "first":  # format version 1: one progress.json, one list (what nomercy wrote before)
        for attempt in made:
            del attempt["id"]
        (folder / FILE_NAME).write_text(json.dumps({"format": FORMAT, "version": 1, "attempts": made}))
        return
    (folder / FOLDER_NAME).mkdir()  # format version 2: one journal, as a fold of old sessions leaves it
    lines = [json.dumps({"format": FORMAT, "version": VERSION, "session": "bench"})] + [json.dumps(a) for a in made]
    (folder / FOLDER_NAME / "bench.jsonl").write_text("\n".join(lines) + "\n")


def ms(values: list[float]) -> str:
    return f"median {statistics.median(values) * 1000:.0f} ms, max {max(values) * 1000:.0f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--attempts", default="0,1000,5000", help="sizes of the progress file, comma-separated")
    parser.add_argument("--serve", type=int, default=30, help="puzzles served per size")
    parser.add_argument("--format", choices=["journal", "first"], default="journal",
                        help="write the attempts as one journal (format 2, default) or as a progress.json (format 1)")
    args = parser.parse_args()
    puzzles = load_puzzles()
    for size in (int(n) for n in args.attempts.split(",")):
        with tempfile.TemporaryDirectory() as folder:
            write_progress(Path(folder), size, puzzles, args.format)
            reading: list[float] = []
            for _ in range(5):  # the progress alone: read, then the schedule and the rating worked out
                start = time.perf_counter()
                progress = Progress(folder, clock=lambda: NOW)
                progress.schedule(), progress.rating()
                reading.append(time.perf_counter() - start)
            start = time.perf_counter()
            trainer = Trainer(data_dir=folder, clock=lambda: NOW, puzzles=puzzles)
            built = time.perf_counter() - start
            served: list[float] = []
            checked: dict[bool, list[float]] = {False: [], True: []}  # best-move or not
            for _ in range(args.serve):
                start = time.perf_counter()
                trainer.next()
                served.append(time.perf_counter() - start)
                if trainer.current.choices:
                    best_move = trainer.current.kind == "best-move"
                    start = time.perf_counter()
                    trainer.choose(0)
                    checked[best_move].append(time.perf_counter() - start)
            line = (f"{size} attempts: reading the progress {min(reading) * 1000:.0f} ms (fastest of 5); "
                    f"a new Trainer {built * 1000:.0f} ms; next puzzle {ms(served)}")
            for best_move, times in checked.items():
                if times:
                    kind = "a best-move puzzle (the expert's search)" if best_move else "a question"
                    line += f"; check and save, {kind}: {ms(times)} ({len(times)} checks)"
            print(line)


if __name__ == "__main__":
    main()
