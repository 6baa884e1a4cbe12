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
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Iterable, Iterator, Mapping

from nomercy.core.moves import parse_move, seat_index
from nomercy.puzzles.answers import ANSWER_KEYS, REPLAYED, Mismatch, mismatches
from nomercy.core.cards import Card, Color
from nomercy.core.decks import DECKS
from nomercy.core.engine import apply, turn_up_first_card
from nomercy.core.errors import IllegalMoveError, NomercyError, NotationError, PuzzleError, brief
from nomercy.core.events import Event
from nomercy.core.rules import OPTIONS, PROFILES, RuleSet, ruleset
from nomercy.core.sources import SOURCES, source_id
from nomercy.core.state import CLOCKWISE, COUNTERCLOCKWISE, GameState, Phase
from nomercy.core.engine import why_illegal
from nomercy.puzzles.schema import text_pattern
from nomercy.puzzles.best_move import KINDS, Verdict, check_best_move_shape, check_expert_settings, judge

__all__ = ["Puzzle", "PuzzleResult", "load_puzzle", "load_puzzles", "find_puzzle", "puzzle_files", "check_paths", "ANSWER_KEYS"]

_REQUIRED = ("id", "title", "source", "rules", "players", "turn", "discard", "hands", "moves", "question", "answer")
_OPTIONAL = ("variant", "direction", "color", "pending", "draw_pile", "explanation",
             # accepted beyond the contract: grouping, hints and multiple choice for the puzzle board
             "topic", "level", "hints", "choices", "seed", "tags", "start",
             # best-move puzzles (nomercy.puzzles.best_move)
             "kind", "expert")
_STARTS = ("position", "first-card")
_LEVELS = ("easy", "medium", "hard")


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
    kind: str = "what-happens-next"
    expert: Mapping[str, Any] | None = None

    @property
    def is_best_move(self) -> bool:
        """Does the puzzle ask for the best move (rather than what happens after its moves)?"""
        return self.kind == "best-move"

    # --- building ---------------------------------------------------------------
    @classmethod
    def from_dict(cls, data: Any, *, path: str | None = None) -> "Puzzle":
        """Validate a parsed YAML mapping; any problem raises :class:`PuzzleError`."""
        where = f"{path}: " if path else ""
        if not isinstance(data, dict):
            raise PuzzleError(f"{where}a puzzle is a YAML mapping of keys like id, rules, hands, moves, answer")
        unknown = [k for k in data if k not in _REQUIRED and k not in _OPTIONAL]
        if unknown:
            raise PuzzleError(f"{where}unknown key {', '.join(_key(k) for k in unknown[:5])}; "
                              f"the keys are {', '.join(_REQUIRED + _OPTIONAL)}")
        missing = [k for k in _REQUIRED if k not in data]
        if missing:
            raise PuzzleError(f"{where}missing key {', '.join(missing)}")
        pid = _text(data["id"], "id", where)
        if not text_pattern("id").search(pid) or pid != data["id"]:
            raise PuzzleError(f"{where}id is written in kebab-case (small letters, digits and dashes, like "
                              f"stack-2-4-6), not {brief(data['id'])}")
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
        variant = data.get("variant", {})
        if not isinstance(variant, dict) or not all(isinstance(k, str) for k in variant):
            raise PuzzleError(f"{where}variant is a mapping of rule options, like {{stacking: anything-goes}}, "
                              f"not {brief(variant)}")
        profile = data["rules"]
        if not isinstance(profile, str) or profile not in PROFILES:
            raise PuzzleError(f"{where}unknown rule profile {brief(profile)}: choose one of {', '.join(PROFILES)} "
                              "(written as here)")
        unknown_options = [k for k in variant if k not in OPTIONS]
        if unknown_options:
            raise PuzzleError(f"{where}variant: unknown rule option {', '.join(_key(k) for k in unknown_options[:5])}; "
                              f"the options are {', '.join(OPTIONS)}")
        try:
            rules = ruleset(profile, **variant)
        except NomercyError as error:
            raise PuzzleError(f"{where}variant: {error}") from None
        seats = _seats(data["players"], where)
        low, high = rules.players
        if not low <= len(seats) <= high:
            raise PuzzleError(f"{where}{rules.name} is for {low} to {high} players, not {len(seats)}")
        turn = _seat(data["turn"], "turn", seats)
        direction = data.get("direction", "clockwise")
        if not isinstance(direction, str) or direction.strip().lower() not in ("clockwise", "counterclockwise"):
            raise PuzzleError(f"{where}direction is clockwise or counterclockwise, not {brief(direction)}")
        start = data.get("start", "position")
        if start not in _STARTS:
            raise PuzzleError(f"{where}start is position (the default) or first-card, not {brief(start)}")
        discard = _cards(data["discard"], "discard")
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
            color = _color(data["color"], "color") if "color" in data else discard[-1].color
            if color is None:
                raise PuzzleError(f"{where}the top card {discard[-1]} is a wild: give the color in force with 'color:'")
            pending = _count(data.get("pending", 0), "pending", where)
            if pending and not discard[-1].is_draw_card:
                raise PuzzleError(f"{where}a pending draw needs a draw card on top of the discard pile, not {discard[-1]}")
        hands_raw = data["hands"]
        if not isinstance(hands_raw, dict):
            raise PuzzleError(f"{where}hands maps each seat to its cards, like {{A: [red 5, blue 3]}}")
        hands: dict[str, tuple[Card, ...]] = {}
        more: dict[str, int] = {}
        for key, value in hands_raw.items():
            seat = _seat(key, "hands", seats)
            if isinstance(value, dict):
                extra = [k for k in value if k not in ("cards", "more")]
                if extra:
                    raise PuzzleError(f"{where}hand of {seat}: unknown key {', '.join(_key(k) for k in extra[:5])} "
                                      "(use cards and more)")
                cards_raw = value.get("cards", [])
                more[seat] = _count(value.get("more", 0), f"hand of {seat}: more", where)
            else:
                cards_raw = value
            if not isinstance(cards_raw, list):
                raise PuzzleError(f"{where}hand of {seat} is a list of cards, like [red 5, blue 3], not {brief(cards_raw)}")
            hands[seat] = _cards(cards_raw, f"hand of {seat}")
        for seat in seats:
            hands.setdefault(seat, ())
            if not hands[seat] and not more.get(seat):
                raise PuzzleError(f"{where}{seat} holds no cards: give a hand for every seat")
        draw_pile = _cards(data.get("draw_pile", []), "draw_pile")
        moves = [] if data["moves"] is None else data["moves"]
        if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
            raise PuzzleError(f"{where}moves is a list of move strings like 'A plays red 7'")
        for move in moves:
            _move_text(move, "moves")
        answer = data["answer"]
        if not isinstance(answer, dict) or not answer:
            raise PuzzleError(f"{where}answer is a mapping with at least one of {', '.join(ANSWER_KEYS)}")
        level = data.get("level", "")
        if "level" in data and level not in _LEVELS:
            raise PuzzleError(f"{where}level is easy, medium or hard, not {brief(level)}")
        hints = data.get("hints", [])
        if isinstance(hints, str):
            hints = [hints]
        if not isinstance(hints, list) or not all(isinstance(h, str) for h in hints) or len(hints) > 3:
            raise PuzzleError(f"{where}hints is one to three sentences, graded, not {brief(hints)}")
        seed = _whole(data.get("seed", 0))
        if seed is None:
            raise PuzzleError(f"{where}seed is a whole number, not {brief(data['seed'])}")
        kind = data.get("kind", "what-happens-next")
        if kind not in KINDS:
            raise PuzzleError(f"{where}kind is {' or '.join(KINDS)}, not {brief(kind)}")
        expert = None
        if kind == "best-move":
            check_best_move_shape(data, str(turn), where)
            expert = check_expert_settings(data.get("expert"), where)
        elif "expert" in data:
            raise PuzzleError(f"{where}expert records the check of a best-move puzzle: add kind: best-move")
        elif isinstance(data["answer"], dict) and "best" in data["answer"]:
            raise PuzzleError(f"{where}answer.best belongs to a best-move puzzle: add kind: best-move")
        choices = data.get("choices", [])
        if not isinstance(choices, list):
            raise PuzzleError(f"{where}choices is a list of {{label, answer}} mappings")
        if kind == "best-move":  # each move as an option like any other: its label, and the answer it stands for
            choices = [{"move": c["move"], "label": c["move"], "answer": {"best": c["move"]},
                        **({"why": c["why"]} if "why" in c else {})} for c in choices]
        tags = data.get("tags", [])
        if not isinstance(tags, list) or not all(isinstance(t, str) or _whole(t) is not None for t in tags):
            raise PuzzleError(f"{where}tags is a list of words, like [rule-mercy, option-mercy_limit], not {brief(tags)}")
        source = _text(data["source"], "source", where)
        if source_id(source) is None:
            raise PuzzleError(f"{where}source must start with a source id ({', '.join(SOURCES)}), "
                              f"then a comma and the example; not {brief(source)}")
        puzzle = cls(
            id=pid, title=_text(data["title"], "title", where), source=source,
            rules=rules, players=seats, turn=turn,
            direction=CLOCKWISE if direction.strip().lower() == "clockwise" else COUNTERCLOCKWISE,
            discard=discard, color=color, pending=pending, hands=hands, more=more, draw_pile=draw_pile,
            moves=tuple(moves), question=_text(data["question"], "question", where), answer=dict(answer),
            explanation=_optional_text(data.get("explanation", ""), "explanation", where),
            topic=_optional_text(data.get("topic", ""), "topic", where),
            level=level, hints=tuple(hints), choices=tuple(choices),
            seed=seed, variant=dict(variant), path=path, start=start,
            tags=tuple(t if isinstance(t, str) else str(_whole(t)) for t in tags),
            kind=kind, expert=expert,
        )
        written = list(puzzle.moves) + ([c["move"] for c in puzzle.choices] if puzzle.is_best_move else [])
        for move in written:
            try:
                parse_move(_move_text(move, "choices" if move not in puzzle.moves else "moves"), seats)
            except NotationError as error:
                raise PuzzleError(f"{where}move {brief(move)}: {error}") from None
        _check_answer_shape(puzzle, where)
        puzzle.position()  # validates card counts, hand sizes and the first card
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
            limit = self.rules.mercy_limit
            if limit is not None and len(hands[-1]) >= limit:
                raise PuzzleError(f"{self.path or self.id}: {seat} starts with {len(hands[-1])} cards, at or above "
                                  f"the mercy limit of {limit}, so {seat} would already be out of the round")
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

    def position_before(self, move: str) -> GameState:
        """The position just before ``move`` (one of the moves) is made: where ``before`` keys are checked."""
        if move not in self.moves:
            raise PuzzleError(f"{self.path or self.id}: {move!r} is not one of the moves")
        state = self.position()
        for made in self.moves[:self.moves.index(move)]:
            state, _ = apply(state, state.parse_move(made))
        return state

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

        A multiple-choice puzzle also needs exactly one choice that the engine accepts. A best-move puzzle
        needs the expert's search to confirm its answer (:func:`nomercy.puzzles.best_move.judge`).
        """
        if self.is_best_move:
            return self._check_best_move()[0]
        problems = [str(mismatch) for mismatch in check_answer(self, self.answer)]
        if self.choices and not problems:
            right = [c["label"] for c in self.choices if not check_answer(self, c["answer"])]
            if len(right) != 1:
                problems.append(f"choices: exactly one should be right, but {len(right)} are"
                                + (f" ({'; '.join(right)})" if right else ""))
        return problems

    def _check_best_move(self) -> tuple[list[str], Verdict | None]:
        story = {key: value for key, value in self.answer.items() if key != "best"}
        problems = [str(mismatch) for mismatch in check_answer(self, story)]
        if problems:
            return problems, None
        verdict = self.verdict()
        return list(verdict.problems), verdict

    def verdict(self) -> Verdict:
        """The expert's search over a best-move puzzle's choices, with the recorded seed and budget."""
        if not self.is_best_move:
            raise PuzzleError(f"{self.path or self.id}: only a best-move puzzle has an expert's verdict")
        return judge(self)

    def result(self) -> PuzzleResult:
        notes: tuple[str, ...] = ()
        try:
            if self.is_best_move:
                problems, verdict = self._check_best_move()
                notes = (verdict.summary(),) if verdict is not None else ()
            else:
                problems = self.check()
        except NomercyError as error:
            problems = [str(error)]
        return PuzzleResult(self.id, tuple(problems), notes)


def _key(key: Any) -> str:
    """A key as a message names it: plain when it is a short word."""
    return key if isinstance(key, str) and len(key) <= 40 and key.strip() == key else brief(key)


def _text(value: Any, key: str, where: str) -> str:
    if not isinstance(value, str) or not value.strip():
        quote = " (quote it to make it text)" if isinstance(value, (int, float)) and not isinstance(value, bool) else ""
        raise PuzzleError(f"{where}{key} must be text, not {brief(value)}{quote}")
    return value.strip()


def _whole(value: Any) -> int | None:
    """A whole number as the puzzle format (and JSON Schema) counts one: an integer, or a number like 2.0."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return None


def _color(value: Any, key: str) -> Color:
    if not isinstance(value, str) or not text_pattern("color").search(value):
        raise NotationError(f"{key} is a color: red, yellow, green or blue (or r, y, g, b), not {brief(value)}")
    return Color.parse(value)


def _optional_text(value: Any, key: str, where: str) -> str:
    if not isinstance(value, str):
        raise PuzzleError(f"{where}{key} must be text, not {brief(value)}")
    return value.strip()


def _count(value: Any, key: str, where: str) -> int:
    number = _whole(value)
    if number is None or number < 0:
        raise PuzzleError(f"{where}{key} is a number of cards (0 or more), not {brief(value)}")
    return number


def _seats(value: Any, where: str) -> tuple[str, ...]:
    if not isinstance(value, list) or len(value) < 2:
        raise PuzzleError(f"{where}players is a list of two or more seat names, like [A, B, C], not {brief(value)}")
    seats = []
    for name in value:
        if isinstance(name, bool):
            raise PuzzleError(f"{where}players: {brief(name)} is a yes/no value in YAML, not a seat name; "
                              f"quote it ('{str(name).lower()}') to use it as a name")
        seat = _seat_name(name)
        if seat is None:
            raise PuzzleError(f"{where}players: a seat name is one word (moves name seats), not {brief(name)}")
        seats.append(seat)
    if len({s.lower() for s in seats}) != len(seats):
        raise PuzzleError(f"{where}seat names must differ: {', '.join(seats)}")
    return tuple(seats)


def _seat_name(value: Any) -> str | None:
    """A seat's name as a file writes it: one word, or a whole number YAML read from a name like 1."""
    number = _whole(value)
    if number is not None:
        return str(number) if abs(number) < 10 ** 15 else None  # the schema's bound (exact as a float too)
    if isinstance(value, str) and text_pattern("seat").search(value):
        return value
    return None


def _seat(value: Any, key: str, seats: tuple[str, ...]) -> str:
    """The seat named ``value`` (a name, or a number the YAML read from a name like 1)."""
    name = _seat_name(value)
    if name is None:
        raise NotationError(f"{key}: a seat is named by one word ({', '.join(seats)}), not {brief(value)}")
    return seats[seat_index(name, seats)]


def _cards(value: Any, key: str) -> tuple[Card, ...]:
    """Cards written as a list of card texts, or one card text."""
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list):
        raise NotationError(f"{key} is a list of cards, like [red 5, wild +6], not {brief(value)}")
    return tuple(_card(card, key) for card in value)


def _card(text: Any, key: str) -> Card:
    """One card text of a file: the notation's forms (``red 7``, ``r7``, ``wild +6``, any case), nothing looser."""
    card = Card.parse(text)  # its message says what is wrong with an unknown card
    if not text_pattern("card").search(text):
        raise NotationError(f"{key}: write the card {brief(text)} as {card} (the forms are like red 7, r7, "
                            "blue skip, wild +6, w+6)")
    return card


def _move_text(text: Any, key: str) -> str:
    """One move text of a file, in the notation's shape (``A plays red 7``, ``B draws``, ``C names blue``)."""
    if not isinstance(text, str) or not text_pattern("move").search(text):
        raise NotationError(f"{key}: cannot read move {brief(text)}: write '<seat> plays <card>', '<seat> draws', "
                            "'<seat> passes', '<seat> names <color>', '<seat> calls uno', '<seat> catches <seat>' or "
                            "'<seat> challenges', with one space between the words")
    return text


def _check_answer_shape(puzzle: Puzzle, where: str) -> None:
    _check_answer_values(puzzle.answer, "answer", puzzle, where)
    if puzzle.is_best_move:
        return  # the choices are moves, checked by nomercy.puzzles.best_move
    for choice in puzzle.choices:
        if (not isinstance(choice, dict) or not {"label", "answer"} <= set(choice) <= {"label", "answer", "why"}
                or not isinstance(choice["answer"], dict) or not choice["answer"]
                or not (isinstance(choice["label"], str) or _whole(choice["label"]) is not None)
                or not isinstance(choice.get("why", ""), str)):
            raise PuzzleError(f"{where}each choice is a mapping with a label, an answer and, for a wrong choice, "
                              "why (the misreading it stands for), like "
                              "{label: 'B draws 6', answer: {hand_size: {B: 8}}, why: 'B forgot the +2 below'}")
        _check_answer_values(choice["answer"], f"choice {brief(choice['label'])}", puzzle, where)


def _check_answer_values(answer: Mapping[Any, Any], label: str, puzzle: Puzzle, where: str) -> None:
    """Every answer key with a value of the right kind: a wrong type is a broken puzzle, not a wrong answer."""
    seats = puzzle.players
    bad = [k for k in answer if k not in ANSWER_KEYS]
    if bad:
        raise PuzzleError(f"{where}{label}: unknown answer key {', '.join(_key(k) for k in bad[:5])}; "
                          f"the keys are {', '.join(ANSWER_KEYS)}")

    def wrong(key: str, what: str) -> PuzzleError:
        return PuzzleError(f"{where}{label}.{key} is {what}, not {brief(answer[key])}")

    for key, value in answer.items():
        if key in ("turn", "winner"):
            if value is None and key == "winner":
                continue
            if _seat_name(value) is None:
                raise wrong(key, f"a seat ({', '.join(seats)})" + (" or null" if key == "winner" else ""))
            _seat(value, f"{label}.{key}", seats)
        elif key == "direction":
            if not isinstance(value, str) or value.strip().lower() not in ("clockwise", "counterclockwise"):
                raise wrong(key, "clockwise or counterclockwise")
        elif key in ("hand_size", "score"):
            what = "a mapping of seats to numbers of cards, like {B: 8}" if key == "hand_size" else \
                "a mapping of seats to points, like {A: 270}"
            if not isinstance(value, dict):
                raise wrong(key, what)
            for seat, number in value.items():
                _seat(seat, f"{label}.{key}", seats)
                whole = _whole(number)
                if whole is None or whole < 0:
                    raise PuzzleError(f"{where}{label}.{key}.{seat} is a number (0 or more), not {brief(number)}")
        elif key == "hand":
            if not isinstance(value, dict):
                raise wrong(key, "a mapping of seats to their exact cards, like {B: [red 5, blue 3]}")
            for seat, cards in value.items():
                _seat(seat, f"{label}.hand", seats)
                if not isinstance(cards, list):
                    raise PuzzleError(f"{where}{label}.hand lists the exact cards of each seat, like {{B: [red 5]}}")
                _cards(cards, f"{label}.hand.{seat}")
        elif key == "pending":
            if _whole(value) is None or value < 0:
                raise wrong(key, "a number of cards (0 or more)")
        elif key == "top":
            if not isinstance(value, str):
                raise wrong(key, "a card, like red 5")
            _card(value, f"{label}.top")
        elif key == "color":
            if not isinstance(value, str) or not text_pattern("color").search(value):
                raise wrong(key, "a color: red, yellow, green or blue (or r, y, g, b)")
        elif key == "eliminated":
            if value is None:
                continue
            if not isinstance(value, list):
                raise wrong(key, "a list of seats, like [B] (or [] for nobody)")
            for seat in value:
                _seat(seat, f"{label}.eliminated", seats)
        elif key == "playable":
            if not isinstance(value, dict):
                raise wrong(key, "a mapping of seats to the cards each could play, like {B: [red 5]} ([] for none)")
            for seat, cards in value.items():
                _seat(seat, f"{label}.playable", seats)
                if not isinstance(cards, list):
                    raise PuzzleError(f"{where}{label}.playable lists the cards each seat could play, "
                                      "like {B: [red 5]}, or [] when it can play nothing")
                _cards(cards, f"{label}.playable.{seat}")
        elif key == "draw_pile_size":
            if _whole(value) is None or value < 0:
                raise wrong(key, "a number of cards (0 or more)")
        elif key == "illegal":
            if not isinstance(value, str) or value not in puzzle.moves:
                raise PuzzleError(f"{where}{label}.illegal must be one of the moves, word for word")
        elif key == "before":
            _check_before(value, label, puzzle, where, answer.get("illegal"))
        elif key == "best" and label != "answer":
            raise PuzzleError(f"{where}{label}: best is a key of the answer of a best-move puzzle only")


def _check_before(value: Any, label: str, puzzle: Puzzle, where: str, illegal: Any) -> None:
    """``before`` maps moves (each once in ``moves``, none after the refused one) to answer keys."""
    if not isinstance(value, dict) or not value:
        raise PuzzleError(f"{where}{label}.before maps a move to what holds just before it, like "
                          "{'B draws': {playable: {B: []}}}, not " + brief(value))
    last = puzzle.moves.index(illegal) if isinstance(illegal, str) and illegal in puzzle.moves else None
    for move, keys in value.items():
        if not isinstance(move, str) or move not in puzzle.moves:
            raise PuzzleError(f"{where}{label}.before: {brief(move)} is not one of the moves, word for word")
        if puzzle.moves.count(move) > 1:
            raise PuzzleError(f"{where}{label}.before: the move {move!r} comes {puzzle.moves.count(move)} times, "
                              "so 'before' it names no single moment")
        if last is not None and puzzle.moves.index(move) > last:
            raise PuzzleError(f"{where}{label}.before: {move!r} comes after the refused move, so it is never reached")
        if not isinstance(keys, dict) or not keys:
            raise PuzzleError(f"{where}{label}.before.{move} is a mapping of answer keys, like {{playable: {{B: []}}}}")
        nested = [k for k in keys if k in REPLAYED]
        if nested:
            raise PuzzleError(f"{where}{label}.before.{move}: {', '.join(nested)} cannot be checked before a move")
        _check_answer_values(keys, f"{label}.before.{move}", puzzle, where)


def check_answer(puzzle: Puzzle, answer: Mapping[str, Any]) -> list[Mismatch]:
    """Replay ``puzzle`` and list how ``answer`` differs from what really happens (records, not sentences).

    The answer need not be the puzzle's own: the puzzle board checks a learner's answer this way, so any
    correct answer counts. A move the rules refuse stops the replay, and is a mismatch unless the answer
    names it as the refused move.
    """
    found: list[Mismatch] = []
    if "best" in answer:  # a best-move answer: the move the expert confirmed (nomercy check runs its search)
        best = puzzle.answer.get("best")
        if answer["best"] != best:
            found.append(Mismatch("best", None, answer["best"], best))
        answer = {key: value for key, value in answer.items() if key != "best"}
    state = puzzle.position()
    illegal = answer.get("illegal")
    before = answer.get("before") or {}
    for move in puzzle.moves:
        if move in before:
            found.extend(replace(m, before=move) for m in mismatches(state, before[move]))
        action = state.parse_move(move)
        if move == illegal:
            if why_illegal(state, action) is None:
                found.append(Mismatch("illegal", None, move, None))
            break
        try:
            state, _ = apply(state, action)
        except IllegalMoveError as error:  # the answer did not see this refusal coming
            return found + [Mismatch("illegal", None, illegal, move, reason=str(error))]
    if illegal is not None and illegal not in puzzle.moves:
        found.append(Mismatch("illegal", None, illegal, None))
    found.extend(mismatches(state, answer))
    return found


def compare_state(state: GameState, answer: Mapping[str, Any]) -> list[Mismatch]:
    """The answer keys (except ``illegal``) that ``state`` does not match."""
    return mismatches(state, answer)


def load_puzzle(path: str | Path) -> Puzzle:
    """Read and validate one puzzle file (see :mod:`nomercy.puzzles.yaml_reader` for what the reader refuses)."""
    from nomercy.puzzles.yaml_reader import read_puzzle_file

    return Puzzle.from_dict(read_puzzle_file(path), path=str(path))


def puzzle_files(folder: str | Path) -> list[Path]:
    """Every ``*.yaml`` file under ``folder``, sorted."""
    return sorted(p for p in Path(folder).rglob("*.yaml") if p.is_file())


def _yaml_files(paths: Iterable[str | Path]) -> list[Path]:
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
    return files


def load_puzzles(*paths: str | Path) -> list[Puzzle]:
    """Every puzzle under the paths (default: the ``puzzles/`` folder); a bad file raises."""
    return [load_puzzle(p) for p in _yaml_files(paths or (default_puzzle_dir(),))]


def default_puzzle_dir() -> Path:
    """The puzzle collection: the copy an installed package carries (``nomercy/data/puzzles``),
    else the ``puzzles/`` folder beside the package in a clone or an editable install."""
    package = Path(__file__).resolve().parent.parent  # nomercy/
    packaged = package / "data" / "puzzles"
    return packaged if packaged.is_dir() else package.parent / "puzzles"


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


def find_puzzle(key: str | Path | Puzzle) -> Puzzle:
    """A puzzle by id (from ``puzzles/``), by file path, or as it is."""
    if isinstance(key, Puzzle):
        return key
    path = Path(key)
    if path.suffix in (".yaml", ".yml") and path.exists():
        return load_puzzle(path)
    # A puzzle's file is named after its id (puzzle-format.md), so only that file is read.
    for candidate in sorted(default_puzzle_dir().rglob(f"{key}.yaml")):
        return load_puzzle(candidate)
    raise NomercyError(f"no puzzle {str(key)!r} in the puzzles folder ({default_puzzle_dir()})")
