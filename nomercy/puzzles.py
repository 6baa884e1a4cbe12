"""Puzzles: a position, some moves, a question and the answer (``puzzle-format.md``).

A puzzle is checked by replaying its moves through the engine and comparing the
answer keys with the position reached:

>>> puzzle = Puzzle.from_dict({
...     "id": "plus-two-then-plus-four", "title": "Stack a +4 on a +2", "source": "original",
...     "rules": "no-mercy", "players": ["A", "B", "C"], "turn": "A", "discard": "red 5",
...     "hands": {"A": ["red +2", "blue 3"], "B": ["blue +4", "green 1"], "C": ["yellow 9", "green 2"]},
...     "moves": ["A plays red +2", "B plays blue +4", "C draws"],
...     "question": "How many cards does C hold?", "answer": {"hand_size": {"C": 8}, "turn": "A"}})
>>> puzzle.check()
[]
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Iterator, Mapping

from .actions import parse_move, seat_index
from .cards import Card, Color
from .decks import DECKS
from .engine import apply, turn_up_first_card
from .errors import IllegalMoveError, NomercyError, NotationError, PuzzleError
from .events import Event
from .rules import RuleSet, ruleset
from .state import CLOCKWISE, COUNTERCLOCKWISE, GameState, Phase

__all__ = ["Puzzle", "PuzzleResult", "load_puzzle", "load_puzzles", "check_paths", "ANSWER_KEYS"]

ANSWER_KEYS = ("turn", "direction", "hand_size", "hand", "pending", "top", "color", "eliminated",
               "winner", "score", "illegal")
_REQUIRED = ("id", "title", "source", "rules", "players", "turn", "discard", "hands", "moves", "question", "answer")
_OPTIONAL = ("variant", "direction", "color", "pending", "draw_pile", "explanation",
             # accepted beyond the contract: grouping, hints and multiple choice for the puzzle board
             "topic", "level", "hints", "choices", "seed", "tags", "start")
_STARTS = ("position", "first-card")
_LEVELS = ("easy", "medium", "hard")


@dataclass(frozen=True)
class PuzzleResult:
    """The outcome of checking one puzzle: ``ok`` or the differences found."""

    id: str
    problems: tuple[str, ...]

    @property
    def ok(self) -> bool:
        return not self.problems

    def __str__(self) -> str:
        return f"{self.id}: ok" if self.ok else f"{self.id}: {'; '.join(self.problems)}"


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

    # --- building ---------------------------------------------------------------
    @classmethod
    def from_dict(cls, data: Any, *, path: str | None = None) -> "Puzzle":
        """Validate a parsed YAML mapping; any problem raises :class:`PuzzleError`."""
        where = f"{path}: " if path else ""
        if not isinstance(data, dict):
            raise PuzzleError(f"{where}a puzzle is a YAML mapping of keys like id, rules, hands, moves, answer")
        unknown = [k for k in data if k not in _REQUIRED and k not in _OPTIONAL]
        if unknown:
            raise PuzzleError(f"{where}unknown key {', '.join(map(str, unknown))}; "
                              f"the keys are {', '.join(_REQUIRED + _OPTIONAL)}")
        missing = [k for k in _REQUIRED if k not in data]
        if missing:
            raise PuzzleError(f"{where}missing key {', '.join(missing)}")
        pid = _text(data["id"], "id", where)
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
        variant = data.get("variant") or {}
        if not isinstance(variant, dict):
            raise PuzzleError(f"{where}variant is a mapping of rule options, like {{stacking: anything-goes}}")
        rules = ruleset(_text(data["rules"], "rules", where), **variant)
        players = data["players"]
        if not isinstance(players, list) or len(players) < 2 or not all(isinstance(p, (str, int)) for p in players):
            raise PuzzleError(f"{where}players is a list of two or more seat names")
        seats = tuple(str(p) for p in players)
        if len({s.lower() for s in seats}) != len(seats):
            raise PuzzleError(f"{where}seat names must differ: {', '.join(seats)}")
        low, high = rules.players
        if not low <= len(seats) <= high:
            raise PuzzleError(f"{where}{rules.name} is for {low} to {high} players, not {len(seats)}")
        turn = seats[seat_index(str(data["turn"]), seats)]
        direction_text = str(data.get("direction", "clockwise")).strip().lower()
        if direction_text not in ("clockwise", "counterclockwise"):
            raise PuzzleError(f"{where}direction is clockwise or counterclockwise, not {data.get('direction')!r}")
        start = str(data.get("start", "position"))
        if start not in _STARTS:
            raise PuzzleError(f"{where}start is position (the default) or first-card, not {start!r}")
        discard_raw = data["discard"]
        discard = tuple(Card.parse(c) for c in (discard_raw if isinstance(discard_raw, list) else [discard_raw]))
        color: Color | None
        if start == "first-card":
            # the table is dealt but nothing is turned up yet: the first card comes off the draw pile
            if discard or "color" in data or "pending" in data:
                raise PuzzleError(f"{where}with start: first-card the discard pile is empty (discard: []) "
                                  "and there is no color or pending draw yet")
            color, pending = None, 0
        else:
            if not discard:
                raise PuzzleError(f"{where}discard needs at least the top card")
            color = Color.parse(str(data["color"])) if data.get("color") is not None else discard[-1].color
            if color is None:
                raise PuzzleError(f"{where}the top card {discard[-1]} is a wild: give the color in force with 'color:'")
            pending = data.get("pending", 0)
            if not isinstance(pending, int) or isinstance(pending, bool) or pending < 0:
                raise PuzzleError(f"{where}pending is a number of cards (0 or more), not {pending!r}")
            if pending and not discard[-1].is_draw_card:
                raise PuzzleError(f"{where}a pending draw needs a draw card on top of the discard pile, not {discard[-1]}")
        hands_raw = data["hands"]
        if not isinstance(hands_raw, dict):
            raise PuzzleError(f"{where}hands maps each seat to its cards")
        hands: dict[str, tuple[Card, ...]] = {}
        more: dict[str, int] = {}
        for key, value in hands_raw.items():
            seat = seats[seat_index(str(key), seats)]
            if isinstance(value, dict):
                extra = set(value) - {"cards", "more"}
                if extra:
                    raise PuzzleError(f"{where}hand of {seat}: unknown key {', '.join(map(str, extra))} (use cards and more)")
                cards_raw = value.get("cards") or []
                count = value.get("more", 0)
                if not isinstance(count, int) or isinstance(count, bool) or count < 0:
                    raise PuzzleError(f"{where}hand of {seat}: more is a number of cards, not {count!r}")
                more[seat] = count
            else:
                cards_raw = value or []
            if not isinstance(cards_raw, list):
                raise PuzzleError(f"{where}hand of {seat} is a list of cards")
            hands[seat] = tuple(Card.parse(str(c)) for c in cards_raw)
        for seat in seats:
            hands.setdefault(seat, ())
            if not hands[seat] and not more.get(seat):
                raise PuzzleError(f"{where}{seat} holds no cards: give a hand for every seat")
        draw_pile = tuple(Card.parse(str(c)) for c in (data.get("draw_pile") or []))
        moves = data["moves"] or []
        if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
            raise PuzzleError(f"{where}moves is a list of move strings like 'A plays red 7'")
        answer = data["answer"]
        if not isinstance(answer, dict) or not answer:
            raise PuzzleError(f"{where}answer is a mapping with at least one of {', '.join(ANSWER_KEYS)}")
        bad = [k for k in answer if k not in ANSWER_KEYS]
        if bad:
            raise PuzzleError(f"{where}unknown answer key {', '.join(map(str, bad))}; the keys are {', '.join(ANSWER_KEYS)}")
        if "illegal" in answer and answer["illegal"] not in moves:
            raise PuzzleError(f"{where}answer.illegal must be one of the moves, word for word")
        level = str(data.get("level", "") or "")
        if level and level not in _LEVELS:
            raise PuzzleError(f"{where}level is easy, medium or hard, not {level!r}")
        hints = data.get("hints") or []
        if isinstance(hints, str):
            hints = [hints]
        seed = data.get("seed", 0)
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise PuzzleError(f"{where}seed is a whole number, not {seed!r}")
        puzzle = cls(
            id=pid, title=_text(data["title"], "title", where), source=_text(data["source"], "source", where),
            rules=rules, players=seats, turn=turn,
            direction=CLOCKWISE if direction_text == "clockwise" else COUNTERCLOCKWISE,
            discard=discard, color=color, pending=pending, hands=hands, more=more, draw_pile=draw_pile,
            moves=tuple(moves), question=_text(data["question"], "question", where), answer=dict(answer),
            explanation=str(data.get("explanation") or "").strip(), topic=str(data.get("topic") or ""),
            level=level, hints=tuple(str(h) for h in hints), choices=tuple(data.get("choices") or ()),
            seed=seed, variant=dict(variant), path=path, start=start,
        )
        puzzle.position()  # validates card counts
        for move in puzzle.moves:
            try:
                parse_move(move, seats)
            except NotationError as error:
                raise PuzzleError(f"{where}move {move!r}: {error}") from None
        _check_answer_shape(puzzle, where)
        return puzzle

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
        state = GameState(
            rules=self.rules, seats=self.players, hands=tuple(hands),
            draw_pile=self.draw_pile + tuple(rest), discard=self.discard, color=self.color,
            turn=self.players.index(self.turn), direction=self.direction, pending=self.pending,
            stack_value=self.discard[-1].draw_value if self.pending else 0, phase=Phase.TURN, drawn=None,
            out=(), set_aside=(), catchable=(), challenge=None, stuck=0, winner=None, end_reason=None,
            seed=self.seed, shuffles=0, dealer=(self.players.index(self.turn) - self.direction) % len(self.players),
            ply=0,
        )
        if self.start == "first-card":
            return turn_up_first_card(state)
        return state, ()

    def replay(self, moves: Iterable[str] | None = None) -> Iterator[tuple[str, GameState, tuple[Event, ...]]]:
        """Apply the moves one by one, yielding (move, state after, events). Illegal moves raise."""
        state = self.position()
        for move in (self.moves if moves is None else moves):
            state, events = apply(state, state.parse_move(move))
            yield move, state, events

    def solution(self) -> tuple[GameState, tuple[Event, ...]]:
        """The position the answer is checked in, and every event on the way there."""
        state, first = self._start()
        events: list[Event] = list(first)
        stop = self.answer.get("illegal")
        for move in self.moves:
            if move == stop:
                break
            state, new = apply(state, state.parse_move(move))
            events.extend(new)
        return state, tuple(events)

    def check(self) -> list[str]:
        """What differs from the answer (an empty list means the puzzle holds).

        A multiple-choice puzzle also needs exactly one choice that the engine accepts.
        """
        problems = check_answer(self, self.answer)
        if self.choices and not problems:
            right = [c["label"] for c in self.choices if not check_answer(self, c["answer"])]
            if len(right) != 1:
                problems.append(f"choices: exactly one should be right, but {len(right)} are"
                                + (f" ({'; '.join(right)})" if right else ""))
        return problems

    def result(self) -> PuzzleResult:
        try:
            problems = self.check()
        except NomercyError as error:
            problems = [str(error)]
        return PuzzleResult(self.id, tuple(problems))


def _text(value: Any, key: str, where: str) -> str:
    if not isinstance(value, (str, int)) or isinstance(value, bool) or not str(value).strip():
        raise PuzzleError(f"{where}{key} must be text")
    return str(value).strip()


def _check_answer_shape(puzzle: Puzzle, where: str) -> None:
    seats = puzzle.players
    for key in ("hand_size", "hand", "score"):
        if key in puzzle.answer:
            value = puzzle.answer[key]
            if not isinstance(value, dict):
                raise PuzzleError(f"{where}answer.{key} maps seats to values")
            for seat in value:
                seat_index(str(seat), seats)
    for seat in puzzle.answer.get("eliminated") or []:
        seat_index(str(seat), seats)
    for key in ("turn", "winner"):
        if puzzle.answer.get(key) is not None:
            seat_index(str(puzzle.answer[key]), seats)
    if "hand" in puzzle.answer:
        for cards in puzzle.answer["hand"].values():
            if not isinstance(cards, list):
                raise PuzzleError(f"{where}answer.hand lists the exact cards of each seat")
            for card in cards:
                Card.parse(str(card))
    for choice in puzzle.choices:
        if not isinstance(choice, dict) or set(choice) != {"label", "answer"} or not isinstance(choice["answer"], dict):
            raise PuzzleError(f"{where}each choice is a mapping with a label and an answer, like "
                              "{label: 'B draws 6', answer: {hand_size: {B: 8}}}")
        bad_keys = [k for k in choice["answer"] if k not in ANSWER_KEYS]
        if bad_keys:
            raise PuzzleError(f"{where}choice {choice['label']!r}: unknown answer key {', '.join(map(str, bad_keys))}")
    if "top" in puzzle.answer:
        Card.parse(str(puzzle.answer["top"]))
    if "color" in puzzle.answer:
        Color.parse(str(puzzle.answer["color"]))


def check_answer(puzzle: Puzzle, answer: Mapping[str, Any]) -> list[str]:
    """Replay ``puzzle`` and list how ``answer`` differs from what really happens.

    The answer need not be the puzzle's own: the puzzle board checks a learner's
    answer this way, so any correct answer counts.
    """
    problems: list[str] = []
    state = puzzle.position()
    illegal = answer.get("illegal")
    for move in puzzle.moves:
        action = state.parse_move(move)
        if move == illegal:
            reason = state.why_illegal(action)
            if reason is None:
                problems.append(f"illegal: expected {move!r} to be refused, but the engine accepts it")
            break
        try:
            state, _ = apply(state, action)
        except IllegalMoveError as error:
            problems.append(f"move {move!r} is refused: {error}")
            return problems
    if illegal is not None and illegal not in puzzle.moves:
        problems.append(f"illegal: {illegal!r} is not one of the moves")
    problems.extend(compare_state(state, answer))
    return problems


def compare_state(state: GameState, answer: Mapping[str, Any]) -> list[str]:
    """The answer keys (except ``illegal``) that ``state`` does not match."""
    seats = state.seats
    problems = []

    def differ(key: str, expected: Any, got: Any) -> None:
        problems.append(f"{key} expected {expected}, got {got}")

    def name(seat: int | None) -> str | None:
        return None if seat is None else seats[seat]

    for key, expected in answer.items():
        if key == "illegal":
            continue
        if key == "turn":
            got = name(state.turn)
            if got != seats[seat_index(str(expected), seats)]:
                differ("turn", expected, got)
        elif key == "direction":
            if str(expected).lower() != state.direction_name:
                differ("direction", expected, state.direction_name)
        elif key == "hand_size":
            for seat, size in expected.items():
                got_size = len(state.hands[seat_index(str(seat), seats)])
                if got_size != size:
                    differ(f"hand_size.{seat}", size, got_size)
        elif key == "hand":
            for seat, cards in expected.items():
                want = sorted(Card.parse(str(c)) for c in cards)
                have = sorted(state.hands[seat_index(str(seat), seats)])
                if want != have:
                    differ(f"hand.{seat}", "[" + ", ".join(map(str, want)) + "]", "[" + ", ".join(map(str, have)) + "]")
        elif key == "pending":
            if state.pending != expected:
                differ("pending", expected, state.pending)
        elif key == "top":
            if state.top_card != Card.parse(str(expected)):
                differ("top", expected, state.top_card)
        elif key == "color":
            if state.color != Color.parse(str(expected)):
                differ("color", expected, state.color)
        elif key == "eliminated":
            want_out = sorted(seats[seat_index(str(s), seats)] for s in (expected or []))
            have_out = sorted(seats[i] for i in state.out)
            if want_out != have_out:
                differ("eliminated", want_out, have_out)
        elif key == "winner":
            want_winner = None if expected is None else seats[seat_index(str(expected), seats)]
            if want_winner != name(state.winner):
                differ("winner", expected, name(state.winner))
        elif key == "score":
            scores = round_scores(state)
            for seat, points in expected.items():
                got_points = scores[seats[seat_index(str(seat), seats)]]
                if got_points != points:
                    differ(f"score.{seat}", points, got_points)
    return problems


def round_scores(state: GameState) -> dict[str, int]:
    """Points each seat scored this round (only the winner scores)."""
    from .scoring import round_points

    scores = {seat: 0 for seat in state.seats}
    if state.winner is not None:
        scores[state.seats[state.winner]] = round_points(state)
    return scores


def load_puzzle(path: str | Path) -> Puzzle:
    """Read and validate one puzzle file."""
    import yaml

    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise PuzzleError(f"{path}: cannot read the file ({error.strerror})") from None
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        at = f" at line {mark.line + 1}" if mark is not None else ""
        raise PuzzleError(f"{path}: not valid YAML{at}: {getattr(error, 'problem', error)}") from None
    return Puzzle.from_dict(data, path=str(path))


def _yaml_files(paths: Iterable[str | Path]) -> list[Path]:
    files: list[Path] = []
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            files.extend(sorted(p for p in path.rglob("*.yaml") if p.is_file()))
        elif path.is_file():
            files.append(path)
        else:
            raise FileNotFoundError(f"no such file or folder: {path}")
    return files


def load_puzzles(*paths: str | Path) -> list[Puzzle]:
    """Every puzzle under the paths (default: the ``puzzles/`` folder); a bad file raises."""
    return [load_puzzle(p) for p in _yaml_files(paths or (default_puzzle_dir(),))]


def default_puzzle_dir() -> Path:
    """The project's ``puzzles/`` folder (next to the package in a source checkout)."""
    return Path(__file__).resolve().parent.parent / "puzzles"


def check_paths(paths: Iterable[str | Path]) -> list[PuzzleResult]:
    """Check every ``*.yaml`` under ``paths``; a broken file is a failed result, never a crash."""
    results: list[PuzzleResult] = []
    seen: dict[str, str] = {}
    for path in _yaml_files(paths):
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
