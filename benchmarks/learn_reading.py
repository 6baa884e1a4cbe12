"""How long the learning path takes a newcomer: the words the page shows and the taps, stage by stage.

Run from the repository root::

    .venv/bin/python benchmarks/learn_reading.py              # every stage of learn/, a second or two
    .venv/bin/python benchmarks/learn_reading.py --per-stage  # and a line per stage, longest first
    .venv/bin/python benchmarks/learn_reading.py --chapter mercy

The walk is the one issue 38 measured by hand: each stage read, its first wrong try from the stage file
played (and Try again pressed when the rules allow it), then the stage's accepted move, then Next stage. It
goes through the Python widget (:class:`nomercy.widgets.learn_path.LearnPath`) and counts the words of what the
page shows without opening a fold (a ``<details>``: the rulebook's text, the engine's reason when the stage says
its own why, "What happened": the events of a move that did the task, a wrong try's beyond its first): the
stage's title, rule and task, and each answer's heading, move, the sentences said out loud, the folds' lines and
the ruling's name.
The table's fixed labels (seats, "Color", the buttons' words) are not counted: a reader glances at them.
Taps: a card with one move is one tap, a card with a choice of moves two, a button one. The estimate is the
issue's: 200 words a minute and 3 seconds a tap. Nothing here is a test.
"""

from __future__ import annotations

import argparse
import tempfile
from dataclasses import dataclass
from typing import Any

from nomercy.core.engine import apply
from nomercy.core.errors import NomercyError
from nomercy.widgets.learn_path import LearnPath

WORDS_A_MINUTE = 200
SECONDS_A_TAP = 3


def words(text: str) -> int:
    return len(text.split())


def answer_words(feedback: dict[str, Any]) -> int:
    """The words of an answer as the widget's page draws it unfolded (static/learn_path.js, ``answer``)."""
    if not feedback:
        return 0
    move = feedback["move"]
    events = list(feedback["events"])
    if events[:1] == [f"{move}."]:  # the page never says the move twice
        events = events[1:]
    shown = [feedback.get("heading", ""), move, " ".join(events[:feedback["events_shown"]]), feedback["why"]]
    if events[feedback["events_shown"]:]:
        shown.append("What happened")  # the fold's line; the sentences in it are not counted
    if feedback["reason"] and not feedback.get("reason_folded"):
        shown.append(f"The rules say: {feedback['reason']}.")
    if feedback["ruling"]:
        shown.append(f"The rulebook: {feedback['ruling']['title']}")  # its text is folded
    if feedback["kind"] == "done" and feedback["first_try"]:
        shown.append("★ At the first try.")
    return sum(words(part) for part in shown)


def taps(path: LearnPath, move: str) -> int:
    """Taps to play ``move`` with the table's controls: a card (and its choice when it has several) or a button."""
    table = path.stage["table"]
    for card in table["hand"]:
        if any(m["move"] == move for m in card["moves"]):
            return 1 if len(card["moves"]) == 1 else 2
    if any(a["move"] == move for a in table["actions"]):
        return 1
    raise SystemExit(f"{path.stage['id']}: no control on the table plays {move!r}")


@dataclass
class Walk:
    stage: str
    stage_words: int = 0
    answer_words: int = 0
    taps: int = 0

    @property
    def minutes(self) -> float:
        return ((self.stage_words + self.answer_words) / WORDS_A_MINUTE + self.taps * SECONDS_A_TAP / 60)


def walk(chapter: str | None) -> list[Walk]:
    """Every stage of the path (or of one chapter), played as the module's docstring says."""
    path = LearnPath(chapter, data_dir=tempfile.mkdtemp())
    walks: list[Walk] = []
    while True:
        stage = path.current
        shown = path.stage
        texts = (shown["title"], shown["rule"], f"Your task: {shown['task']}")
        row = Walk(stage.id, stage_words=sum(words(text) for text in texts))
        start = stage.start()
        tries = [start.move_text(stage.wrong[0].move)] if stage.wrong else []
        played, state = [], start
        for move in (*stage.steps, stage.done[0]):  # a stage's steps first (a draw, say), then the move of its task
            played.append(state.move_text(move))
            state, _ = apply(state, move)
        for move in [*tries, *played]:
            row.taps += taps(path, move)
            path.play(move)
            row.answer_words += answer_words(path.feedback)
            if path.feedback["kind"] == "allowed":
                row.taps += 1  # Try again
                path.again()
        if path.feedback["kind"] != "done":
            raise SystemExit(f"{stage.id}: the stage's accepted move did not do the task")
        walks.append(row)
        if path.feedback["last"]:
            return walks
        row.taps += 1  # Next stage
        path.next()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--chapter", help="one chapter of the path (its id, like stacking); default the whole path")
    parser.add_argument("--per-stage", action="store_true", help="a line per stage, the longest first")
    args = parser.parse_args(argv)
    try:
        walks = walk(args.chapter)
    except NomercyError as error:  # a chapter that is none: the path's own one line
        parser.error(str(error))
    stage_words = sum(w.stage_words for w in walks)
    said = sum(w.answer_words for w in walks)
    tapped = sum(w.taps for w in walks)
    minutes = sum(w.minutes for w in walks)
    if args.per_stage:
        for w in sorted(walks, key=lambda w: -w.minutes):
            print(f"{w.stage:38} {w.stage_words:4} stage words {w.answer_words:4} answer words {w.taps:3} taps "
                  f"{w.minutes:5.2f} min")
    print(f"{len(walks)} stages: {stage_words + said:,} words shown ({stage_words:,} stage text, {said:,} in the "
          f"answers), {tapped} taps: about {minutes:.1f} minutes at {WORDS_A_MINUTE} words a minute and "
          f"{SECONDS_A_TAP} s a tap")


if __name__ == "__main__":
    main()
