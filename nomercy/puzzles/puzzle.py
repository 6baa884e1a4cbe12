"""Puzzles: a position, some moves, a question and the answer (``puzzle-format.md``).

A puzzle is checked by replaying its moves through the engine and comparing the
answer keys with the position reached:

>>> puzzle = Puzzle.from_dict({
...     "id": "plus-two-then-plus-four", "title": "Stack a +4 on a +2", "source": "original",
...     "rules": "no-mercy", "players": ["A", "B", "C"], "turn": "A", "discard": "red 5",
...     "hands": {"A": ["red +2", "blue 3"], "B": ["blue +4", "green 1"], "C": ["yellow 9", "green 2"]},
...     "moves": ["A plays red +2", "B plays blue +4", "C draws"],
...     "question": "How many cards does C hold, and whose turn is it?", "answer": {"hand_size": {"C": 8}, "turn": "A"}})
>>> puzzle.check()
[]
"""

from __future__ import annotations

import glob
import os
import random
from abc import ABC, abstractmethod
from collections import Counter
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping, Sequence

from nomercy.core.cards import Card, Color
from nomercy.core.decks import DECKS
from nomercy.core.engine import turn_up_first_card
from nomercy.core.errors import NomercyError, NotationError, PuzzleError, brief, quote
from nomercy.core.events import Event
from nomercy.core.moves import parse_move
from nomercy.core.rules import RuleSet
from nomercy.core.sources import SOURCES, source_id
from nomercy.core.state import GameState, Phase, checked
from nomercy.play.transcript import Transcript
import nomercy.puzzles.file_values as file_values
from nomercy.puzzles.answers import ANSWER_KEYS, Mismatch, Place, check_values, describe, mismatches
from nomercy.puzzles.file_format import (DEFAULT_KIND, PUZZLE_KEYS, names, read_drawn, read_grouping, read_hands,
                                         read_opening, read_out, read_rules)
from nomercy.puzzles.file_values import move_text
from nomercy.puzzles.schema import puzzle_schema, text_pattern
from nomercy.core.records import made_by_the_package

__all__ = ["Puzzle", "PuzzleResult", "PuzzleKind", "Option", "Judgement", "KINDS", "DEFAULT_KIND", "register_kind",
           "load_puzzle", "load_puzzles", "find_puzzle", "puzzle_files", "check_paths", "check_answer",
           "check_answer_values", "move_text", "ANSWER_KEYS"]

_REQUIRED = names(PUZZLE_KEYS, required=True)
_KNOWN = names(PUZZLE_KEYS)


@dataclass(frozen=True)
class PuzzleResult:
    """The outcome of checking one puzzle: ``ok`` or the differences found."""

    id: str
    problems: tuple[str, ...]
    notes: tuple[str, ...] = ()  # what was measured, e.g. a best-move puzzle's lead and its noise

    @property
    def ok(self) -> bool:
        return not self.problems

    def __str__(self) -> str:
        said = "ok" if self.ok else "; ".join(self.problems)
        return f"{self.id}: {said}" + "".join(f" ({note})" for note in self.notes)


@dataclass(frozen=True)
class Option:
    """One option a puzzle offers: its label, the answer it stands for, and the misreading a wrong one stands for."""

    label: str
    answer: Mapping[str, Any]
    why: str = ""


@made_by_the_package("a puzzle's check gives one for each answer")
@dataclass(frozen=True)
class Judgement:
    """What an answer earned, in the parts the puzzle board shows (records and lines, no prose to take apart).

    ``problems`` says what was wrong, ``truth`` what really holds, ``events`` what happened on the way,
    ``estimates`` and ``estimates_note`` what a search measured (one line per option, then what its ± means).
    """

    correct: bool
    verdict: str
    problems: tuple[str, ...] = ()
    truth: tuple[str, ...] = ()
    events: tuple[Event, ...] = ()
    estimates: tuple[str, ...] = ()
    estimates_note: str = ""


class PuzzleKind(ABC):
    """A kind of puzzle: what its file holds beyond the common keys, how it is checked, asked and answered.

    A kind brings, as data and methods in its own module: the file keys and answer keys it adds,
    the validation of those (:meth:`read`), its options, its check for ``nomercy check``, the inputs the
    puzzle board shows and how it reads them, the judgement of a learner's answer, and the table it
    shows. One call of :func:`register_kind` (``nomercy/puzzles/__init__.py``) makes it known to the
    loader, the board, the trainer and the ``nomercy puzzle`` commands; nothing else names it.
    """

    name: str = ""
    summary: str = ""
    """What the learner does, in a few words (``nomercy puzzle show`` and ``list``)."""
    about: str = ""
    """A line the puzzle board shows under the table."""
    keys: tuple[str, ...] = ()
    """The file keys this kind adds to the common ones (kept in :attr:`Puzzle.settings`)."""
    answer_keys: tuple[str, ...] = ()
    """The answer keys this kind adds to :data:`~nomercy.puzzles.answers.ANSWER_KEYS` (it checks them itself)."""
    show_label: str = "Show me, step by step"
    shows_moves: bool = True
    """Does the board list the puzzle's moves (a story), or only the table they lead to?"""

    @abstractmethod
    def read(self, data: Mapping[str, Any], turn: str, where: str) -> dict[str, Any]:
        """Check the kind's own parts of a file (raise :class:`PuzzleError`); the settings to keep."""

    @abstractmethod
    def options(self, puzzle: "Puzzle") -> tuple[Option, ...]:
        """The puzzle's options, in file order (none: the learner enters values)."""

    @abstractmethod
    def check(self, puzzle: "Puzzle") -> tuple[list[str], tuple[str, ...]]:
        """What ``nomercy check`` finds wrong with the puzzle, and notes on what it measured."""

    @abstractmethod
    def judge(self, puzzle: "Puzzle", answer: Mapping[str, Any]) -> Judgement:
        """A learner's answer (an option's or one read by :meth:`read_answer`), judged."""

    def inputs(self, puzzle: "Puzzle") -> list[dict[str, Any]]:
        """The inputs the board shows, for values the learner enters (none: the learner picks an option)."""
        return []

    def read_answer(self, puzzle: "Puzzle", raw: Mapping[str, Any]) -> dict[str, Any]:
        """A learner's entries put in the answer's form, or :class:`NomercyError` with what to fix."""
        raise NomercyError("This puzzle is answered by picking one of the options.")

    def table(self, puzzle: "Puzzle") -> tuple[GameState, tuple[str, ...], int | None]:
        """The table the board shows, the moves "Show me" plays from it, and the seat whose view it is
        (``None``: every hand the puzzle names is shown)."""
        return puzzle.position(), puzzle.moves, None

    def show_lines(self, puzzle: "Puzzle") -> list[str]:
        """The puzzle as text without its answer (``nomercy puzzle show``), after the title lines."""
        return []

    def solve_lines(self, puzzle: "Puzzle") -> list[str]:
        """The puzzle worked out as text (``nomercy puzzle solve``), after the title."""
        return []

    def answer_parts(self, puzzle: "Puzzle") -> list[str]:
        """Every value the question asks for, in words, one line per part: what a reader checks an answer
        against, so that no part of the question is left without its value."""
        return describe(puzzle.answer, puzzle.players)


KINDS: dict[str, PuzzleKind] = {}
"""The registered kinds of puzzle, by the name a file gives as ``kind:``."""


def register_kind(kind: PuzzleKind) -> PuzzleKind:
    """Make ``kind`` known to the loader, the board and the commands (its name must be new)."""
    if not isinstance(kind, PuzzleKind):
        raise NomercyError(f"a puzzle kind is made from PuzzleKind, with its name, keys and checks; not {quote(kind)}")
    if not isinstance(kind.name, str) or not kind.name or len(kind.name) > 40 or not text_pattern("id").search(kind.name):
        raise NomercyError(f"a puzzle kind is named in kebab-case, like best-move, not {brief(kind.name)}")
    if kind.name in KINDS:
        raise NomercyError(f"a puzzle kind named {kind.name!r} is already registered")
    for what, keys in (("keys", kind.keys), ("answer keys", kind.answer_keys)):
        if not isinstance(keys, tuple) or not all(isinstance(key, str) and key.isidentifier() for key in keys):
            raise NomercyError(f"the {what} a puzzle kind adds are a tuple of names, like ('target',); not {quote(keys)}")
    taken = {key for other in KINDS.values() for key in other.keys + other.answer_keys}
    clash = sorted((set(kind.keys) | set(kind.answer_keys)) & (taken | set(_KNOWN) | set(ANSWER_KEYS)))
    if clash:
        raise NomercyError(f"the puzzle kind {kind.name!r} adds keys another kind or the format already has: "
                           f"{', '.join(clash)}")
    KINDS[kind.name] = kind
    return kind


@dataclass(frozen=True)
class Puzzle:
    """One validated puzzle. Build with :meth:`from_dict` or :func:`load_puzzle`."""

    id: str
    title: str
    source: str
    rules: RuleSet
    players: tuple[str, ...]
    turn: str
    direction: int
    discard: tuple[Card, ...]
    color: Color | None
    pending: int
    hands: Mapping[str, tuple[Card, ...]]
    more: Mapping[str, int]
    draw_pile: tuple[Card, ...]
    moves: tuple[str, ...]
    question: str
    answer: Mapping[str, Any]
    explanation: str = ""
    topic: str = ""
    level: str = ""
    hints: tuple[str, ...] = ()
    choices: tuple[Any, ...] = ()
    seed: int = 0
    variant: Mapping[str, Any] = field(default_factory=dict)
    path: str | None = None
    start: str = "position"
    tags: tuple[str, ...] = ()
    kind: str = DEFAULT_KIND
    out: tuple[str, ...] = ()
    """The seats knocked out of the round before the position (``out:``): they hold no cards."""
    set_aside: int = 0
    """How many hidden cards are set aside with the knocked-out seats until the next reshuffle (``set_aside:``)."""
    naming: str = ""
    """``roulette`` when the position comes as the seat to move, hit by a wild roulette, names its color
    (``naming:``)."""
    drawn: Card | None = None
    """The card the seat to move has just drawn and may (draw one) or must (draw until it fits) play (``drawn:``)."""
    settings: Mapping[str, Any] = field(default_factory=dict)  # the kind's own file keys, as its ``read`` kept them
    memo: dict[str, Any] = field(default_factory=dict, init=False, compare=False, repr=False)
    """What a kind worked out once for this puzzle (a search's verdict), so a board or trainer asks once."""

    @property
    def puzzle_kind(self) -> PuzzleKind:
        """The registered kind: its checker, its options, its inputs and its judgement of an answer."""
        return KINDS[self.kind]

    # --- building ---------------------------------------------------------------
    @classmethod
    def from_dict(cls, data: Any, *, path: str | None = None) -> "Puzzle":
        """Validate a parsed YAML mapping; any problem raises :class:`PuzzleError`."""
        where = f"{path}: " if path else ""
        if not isinstance(data, dict):
            raise PuzzleError(f"{where}a puzzle is a YAML mapping of keys like id, rules, hands, moves, answer")
        known = _KNOWN + tuple(key for kind in KINDS.values() for key in kind.keys)
        unknown = [k for k in data if k not in known]
        if unknown:
            raise PuzzleError(f"{where}unknown key {', '.join(file_values.key_name(k) for k in unknown[:5])}; "
                              f"the keys are {', '.join(known)}")
        missing = [k for k in _REQUIRED if k not in data]
        if missing:
            raise PuzzleError(f"{where}missing key {', '.join(missing)}")
        pid = file_values.text(data["id"], "id", where)
        if not text_pattern("id").search(pid) or pid != data["id"]:
            raise PuzzleError(f"{where}id is written in kebab-case (small letters, digits and dashes, like "
                              f"stack-2-4-6), not {brief(data['id'])}")
        longest = puzzle_schema()["properties"]["id"]["maxLength"]
        if len(pid) > longest:
            raise PuzzleError(f"{where}id names the file (<id>.yaml), so it is at most {longest} characters, "
                              f"not {len(pid)}")
        where = f"{path or pid}: "
        try:
            return cls._build(data, pid, where, path)
        except PuzzleError:
            raise
        except NomercyError as error:
            raise PuzzleError(f"{where}{error}") from None

    @classmethod
    def _build(cls, data: dict[str, Any], pid: str, where: str, path: str | None) -> "Puzzle":
        if path is not None and Path(path).stem != pid:
            raise PuzzleError(f"{where}the file of puzzle {pid!r} must be named {pid}.yaml")
        rules = read_rules(data, where)
        seats = file_values.seats(data["players"], where)
        low, high = rules.players
        if not low <= len(seats) <= high:
            raise PuzzleError(f"{where}{rules.name} is for {low} to {high} players, not {len(seats)}")
        turn = file_values.seat(data["turn"], "turn", seats)
        opening = read_opening(data, where)
        out, set_aside = read_out(data, seats, str(turn), where)
        hands, more = read_hands(data["hands"], seats, where, out)
        draw_pile = file_values.cards(data.get("draw_pile", []), "draw_pile")
        drawn = read_drawn(data, hands, str(turn), opening.start, where)
        moves = [] if data["moves"] is None else data["moves"]
        if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
            raise PuzzleError(f"{where}moves is a list of move strings like 'A plays red 7'")
        for move in moves:
            file_values.move_text(move, "moves")
        answer = data["answer"]
        if not isinstance(answer, dict) or not answer:
            raise PuzzleError(f"{where}answer is a mapping with at least one of {', '.join(ANSWER_KEYS)}")
        grouping = read_grouping(data, where)
        kind = cls._kind(data, where)
        settings = kind.read(data, str(turn), where)
        choices = data.get("choices", [])
        if not isinstance(choices, list):
            raise PuzzleError(f"{where}choices is a list of {{label, answer}} mappings")
        source = file_values.text(data["source"], "source", where)
        if source_id(source) is None:
            raise PuzzleError(f"{where}source must start with a source id ({', '.join(SOURCES)}), "
                              f"then a comma and the example; not {brief(source)}")
        puzzle = cls(
            id=pid, title=file_values.text(data["title"], "title", where), source=source,
            rules=rules, players=seats, turn=turn, direction=opening.direction, discard=opening.discard,
            color=opening.color, pending=opening.pending, hands=hands, more=more, draw_pile=draw_pile, out=out,
            set_aside=set_aside, drawn=drawn, naming=opening.naming,
            moves=tuple(moves), question=file_values.text(data["question"], "question", where), answer=dict(answer),
            explanation=file_values.optional_text(data.get("explanation", ""), "explanation", where),
            topic=file_values.optional_text(data.get("topic", ""), "topic", where),
            choices=tuple(choices), variant=dict(data.get("variant", {})), path=path, start=opening.start,
            kind=kind.name, settings=settings, **grouping,
        )
        for move in puzzle.moves:
            try:
                parse_move(move, seats)
            except NotationError as error:
                raise PuzzleError(f"{where}move {brief(move)}: {error}") from None
        check_answer_values({k: v for k, v in puzzle.answer.items() if k not in kind.answer_keys}, "answer",
                            puzzle, where)
        kind.options(puzzle)  # each option checked as its kind reads it
        puzzle.position()  # validates card counts, hand sizes and the first card
        return puzzle

    @staticmethod
    def _kind(data: dict[str, Any], where: str) -> PuzzleKind:
        """The file's kind (``kind:``), once no key of another kind is in the file or its answer."""
        kind_name = data.get("kind", DEFAULT_KIND)
        if not isinstance(kind_name, str) or kind_name not in KINDS:
            raise PuzzleError(f"{where}kind is {', '.join(list(KINDS)[:-1])} or {list(KINDS)[-1]}, not {brief(kind_name)}")
        kind = KINDS[kind_name]
        for other in KINDS.values():  # a key of another kind, in the file or its answer, says which kind it needs
            stray = [k for k in other.keys if k in data] + [f"answer.{k}" for k in other.answer_keys if k in data["answer"]]
            if other is not kind and stray:
                raise PuzzleError(f"{where}{stray[0]} belongs to a {other.name} puzzle: add kind: {other.name}")
        return kind

    # --- playing ----------------------------------------------------------------
    def position(self) -> GameState:
        """The starting position as a game state (filler and draw pile from the rest of the deck)."""
        return self._start()[0]

    def _start(self) -> tuple[GameState, tuple[Event, ...]]:
        """The starting position, and the events of turning up the first card (``start: first-card``)."""
        listing = DECKS[self.rules.deck]
        left = listing.counts()
        placed: list[Card] = list(self.discard) + list(self.draw_pile)
        for cards in self.hands.values():
            placed.extend(cards)
        for card, used in Counter(placed).items():
            have = left.get(card, 0)
            if used > have:
                raise PuzzleError(
                    f"{self.path or self.id}: the position uses {used} copies of {card}, "
                    f"but the {listing.name} deck has {have}"
                )
            left[card] = have - used
        rest = sorted(left.elements())
        random.Random(f"nomercy-puzzle:{self.seed}").shuffle(rest)
        hands: list[tuple[Card, ...]] = []
        for seat in self.players:
            count = self.more.get(seat, 0)
            if count > len(rest):
                raise PuzzleError(f"{self.path or self.id}: not enough cards left to give {seat} {count} more")
            hands.append(self.hands[seat] + tuple(rest[:count]))
            rest = rest[count:]
            limit = self.rules.mercy_limit
            if limit is not None and len(hands[-1]) >= limit:
                raise PuzzleError(f"{self.path or self.id}: {seat} starts with {len(hands[-1])} cards, at or above "
                                  f"the mercy limit of {limit}, so {seat} would already be out of the round")
        if self.set_aside > len(rest):
            raise PuzzleError(f"{self.path or self.id}: not enough cards left to set {self.set_aside} aside")
        set_aside, rest = tuple(rest[:self.set_aside]), rest[self.set_aside:]
        state = GameState(
            rules=self.rules, seats=self.players, hands=tuple(hands),
            draw_pile=self.draw_pile + tuple(rest), discard=self.discard, color=self.color,
            turn=self.players.index(self.turn), direction=self.direction, pending=self.pending,
            stack_value=self.discard[-1].draw_value if self.pending else 0, phase=self._phase(), drawn=self.drawn,
            out=tuple(self.players.index(seat) for seat in self.out), set_aside=set_aside, catchable=(), challenge=None, stuck=0, winner=None, end_reason=None,
            seed=self.seed, shuffles=0, dealer=(self.players.index(self.turn) - self.direction) % len(self.players),
            ply=0,
        )
        started = turn_up_first_card(state) if self.start == "first-card" else (state, ())
        try:
            checked(started[0])  # the check a position line gets: what no game could reach is refused
        except NomercyError as error:
            raise PuzzleError(f"{self.path or self.id}: {error}") from None
        return started

    def _phase(self) -> Phase:
        """A turn; the roulette's color to name; or just after a draw: the drawn card must be played (draw until it
        fits) or may be (draw one)."""
        if self.naming:
            return Phase.NAME_ROULETTE
        if self.drawn is None:
            return Phase.TURN
        return Phase.PLAY_DRAWN if self.rules.draw == "until-playable" else Phase.KEEP_OR_PLAY

    def transcript(self, moves: Iterable[str] | None = None) -> Transcript:
        """The moves (default: the puzzle's) played from the start through ``apply``, the first card's
        events first; a refused move ends it (:class:`~nomercy.play.transcript.Transcript`)."""
        start, opening = self._start()
        return Transcript.of_moves(start, tuple(self.moves if moves is None else moves), opening=opening)

    def position_before(self, move: str) -> GameState:
        """The position just before ``move`` (one of the moves) is made: where ``before`` keys are checked."""
        if move not in self.moves:
            raise PuzzleError(f"{self.path or self.id}: {move!r} is not one of the moves")
        return self.transcript(self.moves[:self.moves.index(move)]).end

    def solution(self) -> tuple[GameState, tuple[Event, ...]]:
        """The position the answer is checked in (before the refused move, when the answer names one),
        and every event on the way there."""
        stop = self.answer.get("illegal")
        moves = self.moves[:self.moves.index(stop)] if stop in self.moves else self.moves
        story = self.transcript(moves)
        return story.end, story.events

    def check(self) -> list[str]:
        """What differs from the answer (an empty list means the puzzle holds): the kind's own check.

        A multiple-choice puzzle also needs exactly one choice that the engine accepts; a best-move
        puzzle needs the expert's search to confirm its answer (:mod:`nomercy.puzzles.best_move`).
        """
        return self.puzzle_kind.check(self)[0]

    def result(self) -> PuzzleResult:
        """The check as ``nomercy check`` reports it: the problems, and the notes of what was measured."""
        try:
            problems, notes = self.puzzle_kind.check(self)
        except NomercyError as error:
            problems, notes = [str(error)], ()
        return PuzzleResult(self.id, tuple(problems), notes)


def check_answer_values(answer: Mapping[Any, Any], label: str, puzzle: Puzzle, where: str) -> None:
    """Every answer key (of :data:`ANSWER_KEYS`) with a value of the right kind: a wrong type is a broken
    puzzle, not a wrong answer. Each key checks its own value (:attr:`AnswerKey.valid`); a kind checks the
    answer keys it adds itself."""
    check_values(answer, Place(where, label, answer, puzzle.players, puzzle.moves))


def check_answer(puzzle: Puzzle, answer: Mapping[str, Any]) -> list[Mismatch]:
    """Replay ``puzzle`` and list how ``answer`` differs from what really happens (records, not sentences).

    The answer need not be the puzzle's own: the puzzle board checks a learner's answer this way, so any
    correct answer counts. A move the rules refuse stops the replay, and is a mismatch unless the answer
    names it as the refused move.
    """
    found: list[Mismatch] = []
    illegal = answer.get("illegal")
    before = answer.get("before") or {}
    story = puzzle.transcript()
    for step in story.steps:
        if step.move in before:
            found.extend(replace(m, before=step.move) for m in mismatches(step.before, before[step.move]))
        if step.move == illegal:
            if step.played:
                found.append(Mismatch("illegal", None, step.move, None))
            return found + mismatches(step.before, answer)
        if not step.played:  # the answer did not see this refusal coming
            return found + [Mismatch("illegal", None, illegal, step.move, reason=step.refused)]
    if illegal is not None:
        found.append(Mismatch("illegal", None, illegal, None))
    found.extend(mismatches(story.end, answer))
    return found


def load_puzzle(path: str | Path) -> Puzzle:
    """Read and validate one puzzle file (see :mod:`nomercy.puzzles.yaml_reader` for what the reader refuses)."""
    from nomercy.puzzles.yaml_reader import read_puzzle_file

    return Puzzle.from_dict(read_puzzle_file(path), path=str(path))


def puzzle_files(folder: str | Path, name: str = "*.yaml") -> list[Path]:
    """Every ``*.yaml`` file under ``folder`` (or every file called ``name``), sorted.

    A folder that goes away during the walk (another program's temporary folder under ``/tmp``) is passed over:
    what is no longer there holds no puzzle, and the walk must not crash on it. Links to folders are not
    followed, so a link that points back up cannot loop; the hidden folder of puzzles being written (or left by a
    killed ``nomercy puzzle generate``) is not read."""
    import fnmatch

    from nomercy.core.files import TEMPORARY_SUFFIX

    found: list[Path] = []
    for where, folders, files in os.walk(folder, onerror=lambda error: None):  # a vanished folder: nothing to read
        folders[:] = [f for f in folders if not f.endswith(TEMPORARY_SUFFIX)]  # a write under way, or a killed one's
        found.extend(Path(where, f) for f in files if fnmatch.fnmatchcase(f, name))
    return sorted(p for p in found if p.is_file())


def _yaml_files(paths: Iterable[str | Path]) -> list[Path]:
    """The puzzle files under ``paths``, each once: a file named twice (or named and in a folder named) is one
    file, not two puzzles of the same id."""
    files: list[Path] = []
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            files.extend(puzzle_files(path))
        elif path.is_file():
            files.append(path)
        elif path.exists():
            raise FileNotFoundError(f"{path} is not a puzzle file or a folder (a named pipe or a device?): "
                                    "give *.yaml files or folders of them")
        else:
            raise FileNotFoundError(f"no such file or folder: {path}")
    once: dict[str, Path] = {}
    for file in files:
        once.setdefault(os.path.realpath(file), file)
    return list(once.values())


def load_puzzles(*paths: str | Path) -> list[Puzzle]:
    """Every puzzle under the paths (default: the ``puzzles/`` folder); a bad file, or a path that names no file or
    folder of them, raises :class:`PuzzleError`."""
    from nomercy.core import inputs

    for path in paths:
        inputs.path(path, "a puzzle file or folder", error=PuzzleError)
    try:
        files = _yaml_files(paths or (default_puzzle_dir(),))
    except OSError as error:
        raise PuzzleError(str(error) if error.strerror is None else  # our own words, else the system's reason
                          f"the puzzle files under {brief(str(error.filename))} cannot be read: "
                          f"{error.strerror.lower()}") from None
    return [load_puzzle(p) for p in files]


def default_puzzle_dir() -> Path:
    """The puzzle collection: the copy an installed package carries (``nomercy/data/puzzles``),
    else the ``puzzles/`` folder beside the package in a clone or an editable install."""
    package = Path(__file__).resolve().parent.parent  # nomercy/
    packaged = package / "data" / "puzzles"
    return packaged if packaged.is_dir() else package.parent / "puzzles"


def check_paths(paths: Iterable[str | Path], *,
                checkers: Sequence[tuple[Callable[[Path], bool], Callable[[Path], PuzzleResult]]] = ()
                ) -> list[PuzzleResult]:
    """Check every ``*.yaml`` under ``paths``; a broken file is a failed result, never a crash.

    ``checkers`` claim other files found there: each is a test (is this file mine?) and a check that gives the
    file's result (the learning path's stages, :func:`nomercy.puzzles.stage.check_files`)."""
    results: list[PuzzleResult] = []
    seen: dict[str, str] = {}
    for path in _yaml_files(paths):
        claimed = next((check for mine, check in checkers if mine(path)), None)
        if claimed is not None:
            results.append(claimed(path))
            continue
        try:
            puzzle = load_puzzle(path)
        except NomercyError as error:
            results.append(PuzzleResult(path.stem, (str(error),)))
            continue
        except Exception as error:  # a file must never crash the run
            results.append(PuzzleResult(path.stem, (f"{path}: {type(error).__name__}: {error}",)))
            continue
        if puzzle.id in seen:
            results.append(PuzzleResult(puzzle.id, (f"{path}: id {puzzle.id!r} is also used by {seen[puzzle.id]}",)))
            continue
        seen[puzzle.id] = str(path)
        try:
            results.append(puzzle.result())
        except Exception as error:  # pragma: no cover - defensive: report, never crash
            results.append(PuzzleResult(puzzle.id, (f"{type(error).__name__}: {error}",)))
    return results


def find_puzzle(key: str | Path | Puzzle) -> Puzzle:
    """A puzzle by id (from ``puzzles/``), by file path, or as it is."""
    if isinstance(key, Puzzle):
        return key
    if not isinstance(key, (str, Path)) or not 0 < len(str(key)) <= 1000 or not str(key).isprintable() \
            or not str(key).strip():
        raise NomercyError(f"a puzzle is named by its id or its file, like 'stack-2-4-6'; not {brief(key)}")
    path = Path(key)
    if path.suffix in (".yaml", ".yml") and path.exists():
        return load_puzzle(path)
    # A puzzle's file is named after its id (puzzle-format.md), so only that file is read.
    for candidate in puzzle_files(default_puzzle_dir(), glob.escape(f"{key}.yaml")) if len(str(key)) <= 200 else ():
        return load_puzzle(candidate)
    raise NomercyError(f"no puzzle {brief(key)} in the puzzles folder ({default_puzzle_dir()})")
