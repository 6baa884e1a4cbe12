"""Your own mistakes, kept as puzzles: a decision the round's review named, to find a better move at again.

After a round the coach's review names the decisions where its search chose another move than the one played
(:mod:`nomercy.play.coach`). Any of its **mistakes** can be kept: it becomes a better-move puzzle
(:mod:`nomercy.puzzles.better_move`), a file in the puzzle format like those in ``puzzles/``, with

- the table as the person saw it when they chose: their own hand, how many cards each other player held, the
  whole discard pile, the color, the pending draw and the direction in force, who was knocked out and how many
  cards are set aside with them, the card just drawn when the decision came after a draw, and the roulette's color
  to name when it hit them; never the others' cards (the puzzle gives them as ``{more: N}``, and the search deals
  them at random, as the review did);
- the task "find a better move": any move the seat could make may be tried, and every one the coach's search
  rates clearly better than the move played is right;
- the review's own search to check it (:func:`~nomercy.play.coach.weigh_decision`, with the review's seed and
  budget), and the review's own margin: a better move leads the one played by two standard errors
  (:data:`~nomercy.play.estimate.CLEAR`), as the review required to call it a mistake. The check runs the very
  search the review ran, on a table that gives the seat the same view, so the coach's move leads by the very
  figures the review showed, and every mistake it names can be kept. ``coach.margin`` is the least lead the
  format allows (one point); the two-error rule is the one that decides.

Before it is kept, a puzzle must pass the same check as a shipped one (``nomercy check``: the file reads, the
position is one a game can reach, the search confirms the better move): one that does not is not kept, and the
person is told why in a line. The seat's view of its table is compared with the one the person had, so a
position the format cannot hold (the color of a wild turned up first) is refused instead of kept wrong.

**Where they live.** One file per puzzle, ``kept-puzzles/<id>.yaml`` in the learner's folder, beside their
progress (:mod:`nomercy.puzzles.learners`: each learner keeps their own), written whole through :mod:`nomercy.core.files`. The id
comes from the puzzle's content, so keeping the same mistake twice keeps it once; ``nomercy check`` checks the
folder like any puzzle folder. A file that no longer reads is left out of the trainer and reported, never served.
:func:`export_lines` and :func:`split_export` carry them in and out with the progress's export.
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping, Sequence

import yaml

from nomercy.core import inputs, wording
from nomercy.core.wording import is_you
from nomercy.core.errors import NomercyError, PuzzleError, brief
from nomercy.core.i18n import N_
from nomercy.core.files import why_not, write_text
from nomercy.core.refusals import plain, said
from nomercy.core.rules import PROFILES
from nomercy.core.state import GameState, Phase
from nomercy.play.coach import ReviewedDecision
from nomercy.play.table_coach import TABLE_BUDGET, move_label
from nomercy.puzzles.best_move import decision_position
from nomercy.puzzles.learners import Learners
from nomercy.puzzles.puzzle import Puzzle, load_puzzle

__all__ = ["KEPT_TITLE", "KEPT_QUESTION", "KEPT_QUESTION_YOU", "KEPT_FOLDER", "KEPT_TOPIC", "KEPT_LINE_KEY", "MAX_KEPT", "KeptFolder",
           "mistake_data", "export_lines",
           "split_export"]

KEPT_TITLE = N_("Your move {number}: find a better move")
"""A kept mistake's title, and its question: said again in the trainer's language from what the file records."""
KEPT_QUESTION = N_("A table from your own round: you are {seat}. You played {move}, and the coach found a clearly "
                   "better move. Find a better one.")
KEPT_QUESTION_YOU = N_("A table from your own round. You chose “{move}”, and the coach found a clearly better move. "
                       "Find a better one.")
"""The question for a seat called You (the Play page's): the move as its button said it, not "you are You. You
played You draw"."""
KEPT_FOLDER = "kept-puzzles"
"""The folder beside the progress's journals where kept mistakes live, one file each."""
KEPT_TOPIC = "your-mistakes"
"""The topic the trainer serves them under ("Your mistakes")."""
KEPT_LINE_KEY = "kept-puzzle"
"""The key of a line of an exported progress text that carries one kept puzzle."""
KEPT_MARGIN = 0.01
"""The least lead the puzzle format allows; the review's rule (two standard errors) is the one that bites."""
KEPT_KINDS = ("better-move", "best-move")
"""The kinds a kept puzzle is: better-move, and best-move for those kept before it (between two moves)."""
MAX_KEPT = 500
"""At most this many kept puzzles: a folder or an import with more is refused (a file a person wrote by hand,
not one a learner built up mistake by mistake)."""


def mistake_data(decision: ReviewedDecision, seat: int, *, seed: int, budget: int = TABLE_BUDGET) -> dict[str, Any]:
    """The puzzle of one reviewed decision of ``seat``, as plain data in the puzzle format (not yet checked).

    ``seed`` and ``budget`` are the review's (the table's coach seed and budget). Raises
    :class:`~nomercy.core.errors.PuzzleError` (one line) for a decision the format cannot hold."""
    state = decision.state
    reason = _cannot_hold(state, seat)
    if reason:
        raise PuzzleError(f"this decision cannot be kept as a puzzle: {reason}")
    me = state.seats[seat]
    hands: dict[str, Any] = {me: [str(card) for card in state.hands[seat]]}
    hands.update({name: {"more": len(state.hands[i])} for i, name in enumerate(state.seats)
                  if i != seat and i not in state.out})
    played, better = decision.played.move, decision.suggested
    data: dict[str, Any] = {
        "id": "", "title": "", "source": "original, a mistake from your own round", "kind": "better-move", "topic": KEPT_TOPIC,
        "level": "medium", "rules": state.rules.name,
        "variant": {name: mine for name, (mine, _) in state.rules.differences(PROFILES[state.rules.name]).items()},
        "players": list(state.seats), "turn": me,
        "direction": "clockwise" if state.direction == 1 else "counterclockwise",
        "discard": [str(card) for card in state.discard], "color": str(state.color), "pending": state.pending,
        "hands": hands, "moves": [],
        # who was knocked out still sits at the table, and their cards are set aside until the next reshuffle
        "out": [state.seats[i] for i in sorted(state.out)], "set_aside": len(state.set_aside),
    }
    if not state.out:
        del data["out"], data["set_aside"]
    if state.drawn is not None:  # just after a draw: the card drawn waits to be played
        data["drawn"] = str(state.drawn)
    if state.phase is Phase.NAME_ROULETTE:  # hit by a roulette: the color is the person's to name
        data["naming"] = "roulette"
        del data["color"], data["pending"]
    if not data["variant"]:
        del data["variant"]
    body = json.dumps({**data, "played": played, "better": better}, sort_keys=True)
    pid = "mine-" + hashlib.sha256(body.encode("utf-8")).hexdigest()[:12]
    data.update({
        "id": pid, "title": KEPT_TITLE.format(number=decision.number),
        "question": (KEPT_QUESTION_YOU.format(move=move_label(state, played, instead=False)) if is_you(me)
                     else KEPT_QUESTION.format(seat=me, move=played)),
        "answer": {"better_than": played},
        "coach": {"seed": seed, "playouts": budget, "margin": KEPT_MARGIN},
        "explanation": decision.reason,  # the judgement names the coach's move
        "tags": ["better-move", "your-mistake", f"rule-{decision.rule}"],
    })
    return data


def _cannot_hold(state: GameState, seat: int) -> str:
    """Why the puzzle format cannot hold this table as the seat saw it ("" when it can): a turn, or just after a
    draw (``drawn:``), or hit by a roulette (``naming: roulette``), but not the color of a first card."""
    if state.turn != seat or state.phase not in (Phase.TURN, Phase.PLAY_DRAWN, Phase.KEEP_OR_PLAY, Phase.NAME_ROULETTE):
        return "it came while naming the color of a wild turned up first, and a puzzle starts after the deal"
    if state.catchable or state.challenge is not None:
        return "a catch or a challenge was open, and a puzzle starts a plain turn"
    return ""


def _same_table(puzzle: Puzzle, state: GameState, seat: int) -> str:
    """What differs between the seat's view of the puzzle's table and of the one it saw ("" when nothing does)."""
    built = decision_position(puzzle)
    return "" if built.view(built.turn) == state.view(seat) else "the tables differ"


@dataclass(frozen=True)
class Kept:
    """What keeping a mistake did: its puzzle's id, and whether it was kept before (``again``)."""

    id: str
    again: bool


class KeptFolder:
    """The kept mistakes of a learner (``learner``: a name; default the first learner, whose progress came before
    names) in a data folder (default: the trainer's, :func:`~nomercy.puzzles.progress.data_dir`)."""

    def __init__(self, data_dir: str | os.PathLike[str] | None = None, *, learner: str | None = None) -> None:
        learners = Learners(data_dir)
        self.path = (learners.folder_of(learner) if learner is not None else learners.data_dir) / KEPT_FOLDER
        self.problem: str | None = None
        """What could not be read, in one line (``None`` when all is well)."""
        self.names_problem = learners.problem
        """A name file of the data folder that named nobody, set aside as this folder was found (``None``: none)."""

    def _file(self, pid: str) -> Path:
        return self.path / f"{pid}.yaml"

    def keep(self, decision: ReviewedDecision, seat: int, *, seed: int, budget: int = TABLE_BUDGET) -> Kept:
        """Keep a reviewed mistake of ``seat`` as a puzzle, checked first; refused in one line when it cannot be.

        ``seed`` and ``budget`` are those the review ran with (the table's coach seed and budget)."""
        if not decision.mistake:
            raise PuzzleError("only a mistake can be kept: in a close call the two moves are about as good")
        data = mistake_data(decision, seat, seed=seed, budget=budget)
        if self._file(data["id"]).is_file():
            return Kept(data["id"], again=True)
        if len(self.ids()) >= MAX_KEPT:
            raise PuzzleError(f"you keep {MAX_KEPT} puzzles already: remove some in the trainer to keep more")
        puzzle = Puzzle.from_dict(data, path=str(self._file(data["id"])))
        if _same_table(puzzle, decision.state, seat):
            raise PuzzleError("this decision cannot be kept as a puzzle: the puzzle's table would not be the one "
                              "you saw")
        if puzzle.result().problems:  # nomercy check's own: the search with the review's margin
            raise PuzzleError(wording.KEPT_NOT_CONFIRMED)
        self._write(data)
        return Kept(data["id"], again=False)

    def _write(self, data: Mapping[str, Any]) -> None:
        self.path.mkdir(parents=True, exist_ok=True)
        text = ("# A mistake from your own round, kept as a puzzle (nomercy/puzzles/kept.py).\n"
                + yaml.safe_dump(plain(dict(data)), sort_keys=False, allow_unicode=True, width=1000))
        write_text(self._file(str(data["id"])), text, replace=True, what="the kept puzzle")

    def ids(self) -> list[str]:
        """The ids of the kept puzzles, sorted."""
        try:
            return sorted(p.stem for p in self.path.glob("*.yaml") if p.is_file())
        except OSError:
            return []

    def puzzles(self) -> list[Puzzle]:
        """Every kept puzzle that reads; one that does not is left out and named in :attr:`problem`."""
        found, bad = [], []
        for pid in self.ids()[:MAX_KEPT]:
            try:
                puzzle = load_puzzle(self._file(pid))
                if puzzle.topic != KEPT_TOPIC or puzzle.kind not in KEPT_KINDS:
                    raise PuzzleError(f"{pid}: a kept puzzle is a better-move puzzle on the topic {KEPT_TOPIC}")
                decision_position(puzzle)  # the table builds: a position no game can reach is left out
                found.append(puzzle)
            except (NomercyError, OSError, ValueError) as error:
                bad.append(str(error).splitlines()[0][:300])
        self.problem = (f"{wording.plural(len(bad), 'kept puzzle')} could not be read and "
                        f"{'are' if len(bad) > 1 else 'is'} left out: {bad[0]}") if bad else None
        return found

    def remove(self, pid: Any) -> str | None:
        """Remove a kept puzzle by its id; the reason it cannot be, or ``None``."""
        if not isinstance(pid, str) or pid not in self.ids():
            return f"there is no kept puzzle {brief(pid)} to remove"
        try:
            self._file(pid).unlink()
        except OSError as error:
            return f"the kept puzzle {pid} could not be removed: {why_not(error)}"
        return None

    def data(self) -> list[dict[str, Any]]:
        """Every kept puzzle that reads, as plain data (for the export)."""
        found = []
        for pid in self.ids()[:MAX_KEPT]:
            try:
                data = yaml.safe_load(self._file(pid).read_text(encoding="utf-8"))
                Puzzle.from_dict(data, path=str(self._file(pid)))
            except (NomercyError, OSError, ValueError, yaml.YAMLError):
                continue
            found.append(data)
        return found

    def checked_import(self, items: Sequence[Any]) -> list[dict[str, Any]]:
        """The puzzles of an import not kept yet, each checked as a shipped puzzle is (``nomercy check``).

        All or nothing: one that fails refuses the whole import (:class:`PuzzleError`, one line); nothing is
        written here (:meth:`write_all` does, once the progress's own import went through)."""
        if len(items) > MAX_KEPT:
            raise PuzzleError(said(N_("the file carries {count} kept puzzles, more than the {most} a learner keeps"),
                                   count=len(items), most=MAX_KEPT))
        new: list[dict[str, Any]] = []
        for item in items:
            if not isinstance(item, dict) or not isinstance(item.get("id"), str) or not item["id"].startswith("mine-"):
                raise PuzzleError(said(N_("a kept puzzle in the file is not one nomercy wrote (its id starts with "
                                          "mine-), so nothing was imported")))
            if item["id"] in self.ids() or any(item["id"] == other["id"] for other in new):
                continue
            try:
                puzzle = Puzzle.from_dict(item, path=str(self._file(item["id"])))
                if puzzle.topic != KEPT_TOPIC or puzzle.kind not in KEPT_KINDS:
                    raise PuzzleError(f"a kept puzzle is a better-move puzzle on the topic {KEPT_TOPIC}")
                problems = puzzle.result().problems
            except NomercyError as error:
                problems = (str(error),)
            if problems:  # what the check found is a puzzle file's words (nomercy check's), said in English only
                raise PuzzleError(said(N_("the kept puzzle {id} in the file does not pass the check, so nothing was "
                                          "imported"), f"the kept puzzle {item['id']} in the file does not pass the "
                                       f"check, so nothing was imported: {problems[0]}", id=item["id"]))
            new.append(item)
        return new

    def write_all(self, items: Sequence[Mapping[str, Any]]) -> None:
        """Keep every puzzle of ``items`` (as :meth:`checked_import` gave them)."""
        for item in items:
            self._write(item)


def export_lines(folder: KeptFolder) -> str:
    """The kept puzzles as lines to add to an exported progress text, one ``{"kept-puzzle": {...}}`` a line."""
    return "".join(json.dumps({KEPT_LINE_KEY: data}, ensure_ascii=False) + "\n" for data in folder.data())


def split_export(text: str) -> tuple[str, list[Any]]:
    """An exported text parted into the progress's own text and the kept puzzles it carries."""
    own, kept = [], []
    for line in text.split("\n"):
        if line.startswith('{"' + KEPT_LINE_KEY + '":'):
            if not inputs.shallow_json(line):
                raise PuzzleError(said(N_("a kept puzzle's line in the file is cut short or broken, so nothing was "
                                          "imported")))
            try:
                item = json.loads(line, object_pairs_hook=inputs.object_once)
            except inputs.RepeatedKey as error:
                raise PuzzleError(said(N_("a kept puzzle's line in the file is broken ({key} is given twice), so "
                                          "nothing was imported"), key=inputs.quote(error.key))) from None
            except ValueError:
                raise PuzzleError(said(N_("a kept puzzle's line in the file is cut short or broken, so nothing was "
                                          "imported"))) from None
            kept.append(item.get(KEPT_LINE_KEY) if isinstance(item, dict) and len(item) == 1 else None)
        else:
            own.append(line)
    return "\n".join(own), kept
