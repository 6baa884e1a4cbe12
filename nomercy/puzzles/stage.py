"""Stages of the learning path: one rule, a live table, and something to do on it.

A stage is a small YAML file under ``learn/`` (one folder per chapter, its order in the folder's
``chapter.yaml``). It holds a position in the puzzle format's syntax, the rule in one or two sentences
of the rulebook's words, the task, the moves that count as done, and what each tempting wrong move
teaches. The learner plays a move on the table; :meth:`Stage.judge` answers it through the engine's
``apply``: done, refused by the rules (with the engine's reason), or allowed but not what the task asks
(with what the move really did). ``nomercy check learn/`` replays every stage (:meth:`Stage.check`).

>>> stage = Stage.from_dict({
...     "id": "match-the-color", "title": "Match the color", "ruling": "matching",
...     "rule": "On your turn you play one card that matches the top card by color, number or symbol.",
...     "task": "Play a card on the red 5.", "rules": "no-mercy", "players": ["You", "Bo"], "turn": "You",
...     "discard": "red 5", "hands": {"You": ["red 8", "blue 3"], "Bo": ["green 1", "green 2"]},
...     "goal": {"top": "red 8"}, "done": ["You plays red 8"],
...     "wrong": [{"move": "You plays blue 3", "why": "Blue is not red, and 3 is not 5."}]})
>>> stage.check()
[]
>>> attempt = stage.judge("You play blue 3")
>>> attempt.outcome, attempt.why
('refused', 'Blue is not red, and 3 is not 5.')
>>> attempt.reason
'You cannot play blue 3 on red 5: it matches neither the color (the color in force is red) nor the number or symbol'
>>> stage.judge("You play red 8").outcome
'done'
"""

from __future__ import annotations

import os
import re
import typing
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping, Sequence

from nomercy.core import inputs
from nomercy.core.engine import apply
from nomercy.core.errors import NomercyError, PuzzleError, brief
from nomercy.core.events import Event
from nomercy.core.legality import legal_moves, why_illegal
from nomercy.core.moves import Move, format_move, parse_move
from nomercy.core.rulebook import RULINGS, in_language
from nomercy.core.state import GameState
from nomercy.puzzles.answers import ANSWER_KEYS, REPLAYED, mismatches
from nomercy.puzzles.file_format import STAGE_KEYS, names
from nomercy.puzzles.puzzle import Puzzle, PuzzleResult, check_answer_values, check_paths

__all__ = ["Stage", "WrongTry", "Attempt", "Chapter", "CHAPTER_FILE", "MAX_RULE_WORDS", "load_stage",
           "load_path", "learn_files", "path_from_bundle", "default_learn_dir", "is_learn_file", "check_learn_file", "check_files", "stage_schema"]

_EXAMPLE = {"id": "match-the-color", "title": "Match the color", "ruling": "matching", "rule": "Match the top card.",
            "task": "Play a card on the red 5.", "rules": "no-mercy", "players": ["You", "Bo"], "turn": "You",
            "discard": "red 5", "hands": {"You": ["red 8", "blue 3"], "Bo": ["green 1", "green 2"]},
            "goal": {"top": "red 8"}, "done": ["You plays red 8"]}

CHAPTER_FILE = "chapter.yaml"
"""The file in each chapter's folder that names the chapter and lists its stages in order."""
MAX_RULE_WORDS = 40
"""The longest rule a stage states: one or two sentences a person reads at a glance."""

_MOVE_KINDS: tuple[type, ...] = typing.get_args(Move)

_POSITION = ("rules", "variant", "players", "turn", "direction", "discard", "color", "pending", "hands",
             "draw_pile", "seed", "moves")
"""The keys a stage shares with a puzzle file: the position, and the moves played before the learner's turn."""
_REQUIRED = names(STAGE_KEYS, required=True)
_KNOWN = names(STAGE_KEYS)
_CHAPTER_KEYS = ("title", "about", "stages", "known_from_classic")


@dataclass(frozen=True)
class WrongTry:
    """A tempting wrong move and what it teaches; ``ends`` (answer keys) says what it does when the rules allow
    it (empty: the rules refuse it)."""

    move: Move
    text: str
    why: str
    ends: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Attempt:
    """One try at a stage, judged: ``done``, ``refused`` (the rules forbid it), ``allowed`` (legal, but not
    the task) or ``step`` (one of the stage's steps: the learner plays on from the table it leaves). ``why`` is what the stage says about this move, ``events`` what it did, ``after`` the table
    after it (the same table when refused)."""

    outcome: str
    move: str
    reason: str = ""
    why: str = ""
    events: tuple[Event, ...] = ()
    after: GameState | None = None

    @property
    def done(self) -> bool:
        return self.outcome == "done"


@dataclass(frozen=True)
class Stage:
    """One validated stage. Build with :meth:`from_dict` or :func:`load_stage`."""

    id: str
    title: str
    ruling: str
    rule: str
    task: str
    you: str
    goal: Mapping[str, Any]
    done: tuple[Move, ...]
    wrong: tuple[WrongTry, ...]
    table: Puzzle
    """The position, in the puzzle machinery that builds it (its ``moves`` are the stage's opening moves)."""
    steps: tuple[Move, ...] = ()
    """The learner's moves before the one that does the task, in order (a draw, then the card drawn played)."""
    chapter: str = ""
    path: str | None = None

    def __post_init__(self) -> None:
        """A stage made by hand, not read by :meth:`from_dict`, is checked for the kinds of its parts, so that
        judging a move on it never stops on a value it cannot read (what the parts say is :meth:`check`'s)."""
        inputs.one_of_kind(self.table, Puzzle, "a stage's table as a puzzle's position", error=PuzzleError)
        for what, value in (("id", self.id), ("title", self.title), ("rule", self.rule), ("task", self.task)):
            inputs.text(value, f"a stage's {what}", longest=2000, like=str(_EXAMPLE[what]), error=PuzzleError)
        if not isinstance(self.ruling, str) or self.ruling not in RULINGS:
            raise PuzzleError(f"a stage's ruling is the id of a ruling of the rulebook (like matching, stacking, mercy), "
                              f"not {inputs.quote(self.ruling)}")
        inputs.choice(self.you, "a stage's learner (you)", self.table.players, error=PuzzleError)
        if not isinstance(self.goal, Mapping) or not self.goal:
            raise PuzzleError(f"a stage's goal is a mapping of what holds once the task is done, like {{'top': 'red 8'}};"
                              f" not {inputs.quote(self.goal)}")
        done = inputs.items(self.done, "the moves that do a stage's task", least=1, error=PuzzleError)
        wrong = inputs.items(self.wrong, "a stage's tempting wrong moves", error=PuzzleError)
        for move in done:
            inputs.one_of_kind(move, _MOVE_KINDS, "moves that do a stage's task, like Play(0, Card.parse('red 8'))",
                               error=PuzzleError)
        for entry in wrong:
            inputs.one_of_kind(entry, WrongTry, "a stage's wrong moves, each a WrongTry", error=PuzzleError)
        steps = inputs.items(self.steps, "the moves before the one that does a stage's task", error=PuzzleError)
        for move in steps:
            inputs.one_of_kind(move, _MOVE_KINDS, "moves before the one that does a stage's task, like Draw(0)",
                               error=PuzzleError)
        inputs.text(self.chapter, "a stage's chapter", least=0, like="1-match", error=PuzzleError)
        if self.path is not None:
            inputs.path(self.path, "the name of the stage file", error=PuzzleError)
        object.__setattr__(self, "done", done)
        object.__setattr__(self, "wrong", wrong)
        object.__setattr__(self, "steps", steps)

    @classmethod
    def from_dict(cls, data: Any, *, path: str | None = None, chapter: str = "") -> "Stage":
        """Validate a parsed stage file; any problem raises :class:`PuzzleError` naming the file and the point."""
        if path is not None:
            inputs.path(path, "the name of the stage file", error=PuzzleError)
        inputs.text(chapter, "the name of the chapter", least=0, like="1-match", error=PuzzleError)
        named = path or (data.get("id") if isinstance(data, dict) else None)
        where = f"{named if isinstance(named, str) and len(named) <= 200 else 'stage'}: "
        if not isinstance(data, dict):
            raise PuzzleError(f"{where}a stage is a YAML mapping of keys like id, rule, task, hands, goal, done")
        unknown = [str(k) for k in data if k not in _KNOWN]
        if unknown:
            raise PuzzleError(f"{where}unknown key {brief(unknown[0])}; the keys are {', '.join(_KNOWN)}")
        missing = [k for k in _REQUIRED if k not in data]
        if missing:
            raise PuzzleError(f"{where}missing key {', '.join(missing)}")
        goal = data["goal"]
        if not isinstance(goal, dict) or not goal:
            raise PuzzleError(f"{where}goal is a mapping of what holds once the task is done, like {{top: red 8}}")
        unknown_goals = [k for k in goal if k not in ANSWER_KEYS]
        if unknown_goals:  # named as the stage's goal, not as the answer of the puzzle the table is checked as
            raise PuzzleError(f"{where}goal: unknown goal key {brief(unknown_goals[0])}; the keys are "
                              f"{', '.join(k for k in ANSWER_KEYS if k not in REPLAYED)}")
        replayed = [k for k in goal if k in REPLAYED]
        if replayed:
            raise PuzzleError(f"{where}goal: {replayed[0]} is not checked after a move; use keys like "
                              f"{', '.join(k for k in ANSWER_KEYS if k not in REPLAYED)}")
        rule = _text(data["rule"], "rule", where)  # a stage's own words first: a table's errors name a puzzle's keys
        task = _text(data["task"], "task", where)
        table_data = {key: data[key] for key in _POSITION if key in data}
        table_data.update(id=data["id"], title=data["title"], source="original", question=data["task"],
                          answer=goal, moves=data.get("moves") or [])
        try:
            table = Puzzle.from_dict(table_data, path=path)  # the position, the opening moves and the goal's values
        except PuzzleError as error:  # the goal is checked as a puzzle's answer: name it as the stage does
            raise PuzzleError(re.sub(r"(^|: )answer(?=[.:\[ ])", r"\1goal", str(error), count=1)) from None
        where = f"{path or table.id}: "
        ruling = data["ruling"]
        if not isinstance(ruling, str) or ruling not in RULINGS:
            raise PuzzleError(f"{where}ruling is the id of a ruling of the rulebook (like matching, stacking, "
                              f"mercy), not {brief(ruling)}")
        words = len(rule.split())
        if words > MAX_RULE_WORDS:
            raise PuzzleError(f"{where}rule has {words} words; a stage states its rule in {MAX_RULE_WORDS} words at most")
        seats = table.players
        try:
            opening = table.transcript()
        except NomercyError as error:
            raise PuzzleError(f"{where}{error}") from None
        start = opening.end
        if opening.refused is not None:
            raise PuzzleError(f"{where}opening move {opening.refused.move!r} is refused: {opening.refused.refused}")
        if start.is_over:
            raise PuzzleError(f"{where}the round is already over when the learner's turn comes")
        you = data.get("you", seats[start.turn])
        if not isinstance(you, str) or you not in seats:
            raise PuzzleError(f"{where}you names the learner's seat, one of {', '.join(seats)}, not {brief(you)}")
        done_raw = data["done"]
        if not isinstance(done_raw, list) or not done_raw:
            raise PuzzleError(f"{where}done lists the moves that do the task, like ['You plays red 8']")
        done = tuple(_move(text, seats, you, "done", where) for text in done_raw)
        steps_raw = data.get("steps", [])
        if not isinstance(steps_raw, list):
            raise PuzzleError(f"{where}steps lists the learner's moves before the one that does the task, like "
                              "['You draws']")
        steps = tuple(_move(text, seats, you, "steps", where) for text in steps_raw)
        for move, text in zip(steps, steps_raw):
            if move in done:
                raise PuzzleError(f"{where}steps: {text} is also one of the moves that count as done")
        wrong_raw = data.get("wrong", [])
        if not isinstance(wrong_raw, list):
            raise PuzzleError(f"{where}wrong is a list of {{move, why}} mappings (and ends: when the rules allow it)")
        wrong = []
        for i, entry in enumerate(wrong_raw):
            label = f"wrong[{i + 1}]"
            if not isinstance(entry, dict) or set(entry) - {"move", "why", "ends"} or not {"move", "why"} <= set(entry):
                raise PuzzleError(f"{where}{label} is a mapping with move and why (and ends: when the rules allow "
                                  f"the move), not {brief(entry)}")
            move = _move(entry["move"], seats, you, label, where)
            if move in done or move in steps:
                raise PuzzleError(f"{where}{label}: {entry['move']} is also one of the moves that count as done "
                                  "(or one of its steps)")
            ends = entry.get("ends", {}) or {}
            if not isinstance(ends, dict) or any(k in REPLAYED for k in ends):
                raise PuzzleError(f"{where}{label}.ends is a mapping of answer keys, like {{pending: 6}}")
            check_answer_values(ends, f"{label}.ends", table, where)
            wrong.append(WrongTry(move, format_move(move, seats), _text(entry["why"], f"{label}.why", where), dict(ends)))
        return cls(id=table.id, title=table.title, ruling=ruling, rule=rule, task=task, you=you, goal=dict(goal),
                   done=done, wrong=tuple(wrong), table=table, steps=steps, chapter=chapter, path=path)

    # --- playing --------------------------------------------------------------------------------------
    def start(self) -> GameState:
        """The table as the learner finds it: the position, with the opening moves played."""
        return self.table.transcript().end

    def judge(self, move: str | Move, state: GameState | None = None) -> Attempt:
        """The learner's move, answered at once: done, refused (the engine's reason) or allowed but not the task."""
        state = self.start() if state is None else state
        if not isinstance(move, (str, *_MOVE_KINDS)):
            return Attempt("refused", brief(move), reason="a move is written like 'You plays red 8' or 'You draws'")
        try:
            parsed = parse_move(move, state.seats) if isinstance(move, str) else move
        except NomercyError as error:
            return Attempt("refused", brief(move), reason=str(error))
        text = format_move(parsed, state.seats)
        listed = next((w for w in self.wrong if w.move == parsed), None)
        why = listed.why if listed is not None else ""
        if state.seats[getattr(parsed, "seat", -1)] != self.you:
            return Attempt("refused", text, reason=f"you play {self.you}'s cards at this table", after=state)
        reason = why_illegal(state, parsed)
        if reason is not None:
            return Attempt("refused", text, reason=reason, why=why, after=state)
        after, events = apply(state, parsed)
        if parsed in self.done:
            return Attempt("done", text, events=events, after=after)
        if parsed in self.steps:
            return Attempt("step", text, events=events, after=after)
        return Attempt("allowed", text, why=why, events=events, after=after)

    def ruling_text(self, lang: str = "en") -> str:
        """The ruling behind the stage as the rulebook writes it, in its plain sentences: a bracket or a sentence
        that names a rule option or another ruling in code (`` `stack-answers` ``) is left out, which a card player
        need not read (the rulebook is one click away). In ``lang`` the rulebook's words in that language.

        >>> Stage.from_dict(dict(_EXAMPLE, ruling="no-stacking")).ruling_text()
        'In classic UNO a draw card cannot be answered with another: the next player draws and loses the turn.'
        """
        ruling = RULINGS[self.ruling] if lang == "en" else in_language(RULINGS[self.ruling], lang)
        text = re.sub(r"\s*[(（][^()（）]*`[^()（）]*[)）]", "", ruling.text)  # (Chinese brackets are full-width)
        plain = [s for s in re.split(r"(?<=[.!?])\s+|(?<=[。！？])\s*", text) if s and "`" not in s]
        return ("" if lang == "zh-Hant" else " ").join(plain) or ruling.title

    # --- checking ------------------------------------------------------------------------------------
    def check(self) -> list[str]:
        """What is wrong with the stage (empty: it holds): every move that counts as done is legal and does the
        task, every other legal move does not, and every listed wrong move is refused or ends as described."""
        problems: list[str] = []
        start = state = self.start()
        seats = state.seats
        for move in self.steps:  # the steps, in order, lead to the table where the task is done
            reason = why_illegal(state, move)
            if reason is not None:
                return [f"step {format_move(move, seats)!r} is refused: {reason}"]
            state, _ = apply(state, move)
            if not mismatches(state, self.goal):
                return [f"step {format_move(move, seats)!r} already does the task: make it a done move"]
        for move in self.done:
            text = format_move(move, seats)
            reason = why_illegal(state, move)
            if reason is not None:
                problems.append(f"done move {text!r} is refused: {reason}")
                continue
            after, _ = apply(state, move)
            problems += [f"done move {text!r} does not do the task: {m}" for m in mismatches(after, self.goal)]
        for wrong in self.wrong:  # tried on the table as the learner finds it
            reason = why_illegal(start, wrong.move)
            if not wrong.ends:
                if reason is None:
                    problems.append(f"wrong move {wrong.text!r} is allowed by the rules; say what it does with ends:")
                continue
            if reason is not None:
                problems.append(f"wrong move {wrong.text!r} is refused ({reason}), but ends: says what it does")
                continue
            after, _ = apply(start, wrong.move)
            problems += [f"wrong move {wrong.text!r}: {m}" for m in mismatches(after, wrong.ends)]
        you = seats.index(self.you)
        for move in legal_moves(state):
            if getattr(move, "seat", None) != you or move in self.done:
                continue
            after, _ = apply(state, move)
            if not mismatches(after, self.goal):
                problems.append(f"the move {format_move(move, seats)!r} also does the task: add it to done")
        if not any(getattr(m, "seat", None) == you for m in legal_moves(state)):
            problems.append(f"{self.you} has no move to make at this table")
        return problems


@dataclass(frozen=True)
class Chapter:
    """A chapter of the path: its title, a line about it, and its stages in order. ``known_from_classic``:
    someone who knows classic UNO may skip it."""

    id: str
    title: str
    about: str
    stages: tuple[Stage, ...]
    known_from_classic: bool = False


def _text(value: Any, key: str, where: str, whose: str = "a stage's") -> str:
    """A stage's words (its rule, its task) or a chapter's (``whose``): text a learner reads, with something to read
    and nothing hidden."""
    if not isinstance(value, str) or not value.strip():
        raise PuzzleError(f"{where}{whose} {key} is text a learner reads, not {brief(value)}")
    if not inputs.readable(value):
        raise PuzzleError(f"{where}{whose} {key} holds a character that shows as nothing (like a zero-width space) "
                          f"or cannot be shown: write it with characters one can see")
    return " ".join(value.split())


def _move(text: Any, seats: tuple[str, ...], you: str, key: str, where: str) -> Move:
    if not isinstance(text, str):
        raise PuzzleError(f"{where}{key}: a move is text like 'You plays red 8', not {brief(text)}")
    try:
        move = parse_move(text, seats)
    except NomercyError as error:
        raise PuzzleError(f"{where}{key}: {error}") from None
    if seats[getattr(move, "seat")] != you:
        raise PuzzleError(f"{where}{key}: {text!r} is not a move of {you}, the learner's seat")
    return move


# --- files -------------------------------------------------------------------------------------------------

def default_learn_dir() -> Path:
    """The learning path: the copy an installed package carries (``nomercy/data/learn``), else ``learn/``
    beside the package in a clone."""
    package = Path(__file__).resolve().parent.parent
    packaged = package / "data" / "learn"
    return packaged if packaged.is_dir() else package.parent / "learn"


def is_learn_file(path: Path) -> bool:
    """A chapter file, or a stage file (a file in a folder that holds a chapter file)."""
    return path.name == CHAPTER_FILE or (path.parent / CHAPTER_FILE).is_file()


def _chapter_id(folder: Path) -> str:
    """A chapter's id: its folder's name without the number that orders it (``3-stacking`` -> ``stacking``)."""
    return re.sub(r"^\d+-", "", folder.name)


def load_stage(path: str | Path, chapter: str = "") -> Stage:
    """Read and validate one stage file."""
    from nomercy.puzzles.yaml_reader import read_puzzle_file

    path = Path(path)
    return Stage.from_dict(read_puzzle_file(path), path=str(path), chapter=chapter or _chapter_id(path.parent))


def _chapter_data(path: Path) -> dict[str, Any]:
    from nomercy.puzzles.yaml_reader import read_puzzle_file

    data = read_puzzle_file(path)
    where = f"{path}: "
    if not isinstance(data, dict):
        raise PuzzleError(f"{where}a chapter file is a mapping with title, about and stages")
    unknown = [str(k) for k in data if k not in _CHAPTER_KEYS]
    if unknown:
        raise PuzzleError(f"{where}unknown key {brief(unknown[0])}; the keys are {', '.join(_CHAPTER_KEYS)}")
    for key in ("title", "about"):
        data[key] = _text(data.get(key), key, where, "the chapter's")
    stages = data.get("stages")
    if not isinstance(stages, list) or not stages or not all(isinstance(s, str) for s in stages):
        raise PuzzleError(f"{where}stages lists the chapter's stage ids in order, like [match-the-color]")
    if len(set(stages)) != len(stages):
        raise PuzzleError(f"{where}stages names a stage twice")
    files = {p.stem for p in path.parent.glob("*.yaml") if p.name != CHAPTER_FILE}
    for sid in stages:
        if sid not in files:
            raise PuzzleError(f"{where}stages names {sid!r}, but the folder has no {sid}.yaml")
    left_out = sorted(files - set(stages))
    if left_out:
        raise PuzzleError(f"{where}{left_out[0]}.yaml is in the folder but not in stages")
    if not isinstance(data.get("known_from_classic", False), bool):
        raise PuzzleError(f"{where}known_from_classic is true or false")
    return data


def load_chapter(folder: Path, *, data: Mapping[str, Any] | None = None,
                 stage_data: Mapping[str, Any] | None = None) -> Chapter:
    """One chapter from its folder (or from data read before: the site carries the files as JSON)."""
    chapter = dict(data) if data is not None else _chapter_data(folder / CHAPTER_FILE)
    cid = _chapter_id(folder)
    stages = tuple(
        Stage.from_dict(stage_data[sid], path=str(folder / f"{sid}.yaml"), chapter=cid) if stage_data is not None
        else load_stage(folder / f"{sid}.yaml", cid) for sid in chapter["stages"])
    return Chapter(cid, chapter["title"], chapter["about"], stages, bool(chapter.get("known_from_classic", False)))


def _chapter_folders(root: Path) -> list[Path]:
    """The chapters' folders in the path's order: by their numbers (``1-match``, ``2-...``)."""
    return sorted((p for p in root.iterdir() if (p / CHAPTER_FILE).is_file()),
                  key=lambda p: (int(m.group(1)) if (m := re.match(r"^(\d+)-", p.name)) else 10 ** 6, p.name))


def load_path(folder: str | Path | None = None) -> tuple[Chapter, ...]:
    """Every chapter of the path, in order (the folders' numbers), each with its stages in order."""
    root = Path(folder) if folder is not None else default_learn_dir()
    return tuple(load_chapter(f) for f in _chapter_folders(root))


def learn_files(folder: str | Path | None = None) -> list[dict[str, Any]]:
    """The path's files as the reader reads them, one entry a chapter (its folder, its chapter file's data, its
    stages' data by id): what the site's Learn page carries as JSON instead of reading YAML in the browser."""
    from nomercy.puzzles.yaml_reader import read_puzzle_file

    root = Path(folder) if folder is not None else default_learn_dir()
    return [{"folder": f.name, "chapter": _chapter_data(f / CHAPTER_FILE),
             "stages": {sid: read_puzzle_file(f / f"{sid}.yaml") for sid in _chapter_data(f / CHAPTER_FILE)["stages"]}}
            for f in _chapter_folders(root)]


def path_from_bundle(bundle: Any, folder: str | Path | None = None) -> tuple[Chapter, ...]:
    """The path from :func:`learn_files`' data (checked as the files are: a bad entry raises :class:`PuzzleError`)."""
    root = Path(inputs.path(folder, "the folder of the learning path", error=PuzzleError, folder=True)) if folder is not None \
        else default_learn_dir()
    if not isinstance(bundle, list) or not all(isinstance(e, dict) and {"folder", "chapter", "stages"} <= set(e)
                                               for e in bundle):
        raise PuzzleError("the learning path's data is a list of chapters, each with its folder, chapter and stages")
    return tuple(load_chapter(root / str(e["folder"]), data=e["chapter"], stage_data=e["stages"]) for e in bundle)


def check_learn_file(path: Path) -> PuzzleResult:
    """``nomercy check`` on a chapter file or a stage file: ``ok``, or one line naming the file and the point."""
    try:
        if path.name == CHAPTER_FILE:
            _chapter_data(path)
            return PuzzleResult(str(path), ())
        return PuzzleResult(str(path), tuple(load_stage(path).check()))
    except NomercyError as error:
        said = str(error)
        return PuzzleResult(str(path), (said[len(f"{path}: "):] if said.startswith(f"{path}: ") else said,))


_STAGE_ONLY_KEY = re.compile(r"^(task|goal|done)\s*:", re.MULTILINE)
"""A top-level key only a stage file has: a file with one is a stage, wherever it lies."""


def looks_like_a_stage(path: Path) -> bool:
    """A file that is no puzzle but a stage (it has a task, a goal or the moves that do it), in a folder without
    a chapter file: named as a stage, not read as a puzzle whose question is missing."""
    try:
        return bool(_STAGE_ONLY_KEY.search(path.read_text(encoding="utf-8", errors="replace")))
    except OSError:
        return False


def _stray_stage(path: Path) -> PuzzleResult:
    chapter = path.parent / CHAPTER_FILE
    if os.path.lexists(chapter):  # there, but no file: a folder (or a link to nothing) of that name
        kind = "a folder" if chapter.is_dir() else "not a file"
        return PuzzleResult(str(path), (f"a stage of the learning path, but the {CHAPTER_FILE} beside it is {kind}: "
                                        f"a chapter's {CHAPTER_FILE} is a file that lists its stages",))
    return PuzzleResult(str(path), (f"a stage of the learning path (it has a task), but its folder has no "
                                    f"{CHAPTER_FILE}: a stage lives in a chapter's folder, beside the chapter's "
                                    f"{CHAPTER_FILE} that lists it",))


def check_files(paths: Sequence[str | Path]) -> list[PuzzleResult]:
    """``nomercy check``: every puzzle, chapter and stage file under ``paths``, each one line."""
    return check_paths(paths, checkers=[(is_learn_file, check_learn_file), (looks_like_a_stage, _stray_stage)])


def stage_schema() -> dict[str, Any]:
    """The stage file's JSON Schema with the puzzle schema's parts it names put in (for validators that read one
    document; editors follow the relative ``$ref`` to ``puzzle.schema.json`` themselves)."""
    import json

    from nomercy.puzzles.schema import SCHEMA_PATH, puzzle_schema

    schema: dict[str, Any] = json.loads(SCHEMA_PATH.with_name("stage.schema.json").read_text(encoding="utf-8"))
    puzzle = puzzle_schema()
    prefix = "puzzle.schema.json#/"

    def resolve(node: Any) -> Any:
        if isinstance(node, dict):
            ref = node.get("$ref")
            if isinstance(ref, str) and ref.startswith(prefix):
                target: Any = puzzle
                for part in ref[len(prefix):].split("/"):
                    target = target[part]
                return target
            return {k: resolve(v) for k, v in node.items()}
        if isinstance(node, list):
            return [resolve(v) for v in node]
        return node

    resolved: dict[str, Any] = resolve(schema)
    resolved["$defs"] = {**puzzle["$defs"], **resolved.get("$defs", {})}
    return resolved
