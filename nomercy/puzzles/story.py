"""What-happens-next puzzles (the default kind): replay the moves, then ask about the table they lead to.

The answer is a set of answer keys (:data:`~nomercy.puzzles.answers.ANSWER_KEYS`); the learner enters
each value in the input its key describes (:class:`~nomercy.puzzles.answers.Entry`), or picks an
option that stands for an answer. Either way the answer is checked by replaying the engine
(:func:`~nomercy.puzzles.puzzle.check_answer`), so any correct answer counts.

>>> from nomercy.puzzles.puzzle import find_puzzle
>>> puzzle = find_puzzle("stack-2-4-6")
>>> [field["key"] for field in STORY.inputs(puzzle)]
['hand_size', 'pending', 'turn']
>>> judgement = STORY.judge(puzzle, STORY.read_answer(puzzle, {"hand_size": {"D": "19"}, "pending": 0, "turn": "A"}))
>>> judgement.correct, judgement.problems
(False, ('Cards D holds: you answered 19, but it is 20.',))
"""

from __future__ import annotations

from typing import Any, Mapping

from nomercy.core.engine import why_illegal
from nomercy.core.errors import NomercyError, PuzzleError, brief
from nomercy.core.moves import seat_index
from nomercy.puzzles.asks import picture_problems, question_problems
from nomercy.core.i18n import N_
from nomercy.core.refusals import Joined, said
from nomercy.puzzles.answers import ALLOWED_MOVE, ANSWER_KEYS, REFUSED_MOVE, MoveNamed, truth
from nomercy.puzzles.puzzle import Judgement, Option, Puzzle, PuzzleKind, check_answer, check_answer_values

__all__ = ["WhatHappensNext", "STORY", "describe_truth"]


class WhatHappensNext(PuzzleKind):
    """Replay the moves and ask what happens: whose turn, who holds what, who is out, which move is refused."""

    name = "what-happens-next"
    summary = "say what happens after the moves"

    def read(self, data: Mapping[str, Any], turn: str, where: str) -> dict[str, Any]:
        return {}  # nothing beyond the common keys; the answer keys are checked by the loader

    def options(self, puzzle: Puzzle) -> tuple[Option, ...]:
        """Each choice is ``{label, answer, why}``: the answer it stands for is checked like any other."""
        where = f"{puzzle.path or puzzle.id}: "
        found = []
        for choice in puzzle.choices:
            if (not isinstance(choice, dict) or not {"label", "answer"} <= set(choice) <= {"label", "answer", "why"}
                    or not isinstance(choice["answer"], dict) or not choice["answer"]
                    or not _is_label(choice["label"])
                    or not isinstance(choice.get("why", ""), str)):
                raise PuzzleError(f"{where}each choice is a mapping with a label, an answer and, for a wrong choice, "
                                  "why (the misreading it stands for), like "
                                  "{label: 'B draws 6', answer: {hand_size: {B: 8}}, why: 'B forgot the +2 below'}")
            check_answer_values(choice["answer"], f"choice {brief(choice['label'])}", puzzle, where)
            found.append(Option(str(choice["label"]), dict(choice["answer"]), str(choice.get("why") or "")))
        return tuple(found)

    def check(self, puzzle: Puzzle) -> tuple[list[str], tuple[str, ...]]:
        """The answer holds, exactly one option (if any) is right, the question asks exactly the answer's parts
        and the picture shown with it does not give any of them away (:mod:`nomercy.puzzles.asks`)."""
        problems = [str(mismatch) for mismatch in check_answer(puzzle, puzzle.answer)]
        where = f"{puzzle.path or puzzle.id}: "
        problems += [where + problem for problem in question_problems(puzzle) + picture_problems(puzzle)]
        options = self.options(puzzle)
        if options and not problems:
            right = [option.label for option in options if not check_answer(puzzle, option.answer)]
            if len(right) != 1:
                problems.append(f"choices: exactly one should be right, but {len(right)} are"
                                + (f" ({'; '.join(right)})" if right else ""))
        return problems, ()

    def inputs(self, puzzle: Puzzle) -> list[dict[str, Any]]:
        """One input per answer key the puzzle asks about, as its key's :class:`Entry` describes it
        (``before`` is not asked: it pins what the story says about earlier moments)."""
        fields: list[dict[str, Any]] = []
        for key, value in puzzle.answer.items():
            entry = ANSWER_KEYS[key].entry
            if entry is None:
                continue
            field: dict[str, Any] = {"key": key, "label": ANSWER_KEYS[key].label, "kind": entry.field,
                                     "how": entry.how}
            if entry.options is not None:
                field["options"] = entry.options(puzzle.players, puzzle.moves)
            if ANSWER_KEYS[key].per_seat:
                field.update(seats=[str(seat) for seat in value], label=entry.heading)
            fields.append(field)
        return fields

    def read_answer(self, puzzle: Puzzle, raw: Mapping[str, Any]) -> dict[str, Any]:
        """A learner's entries, checked for form (not for truth) and put in the answer format."""
        seats = puzzle.players
        missing = [label for k, expected in puzzle.answer.items() if k not in raw and ANSWER_KEYS[k].entry
                   for label in ([ANSWER_KEYS[k].label_for(str(seat)) for seat in expected]
                                 if ANSWER_KEYS[k].per_seat and isinstance(expected, Mapping) else [ANSWER_KEYS[k].label_for(None)])]
        if missing:
            raise NomercyError(said(ANSWER_EVERY_PART, parts=Joined(tuple(missing), ", ", N_("{items}, {item}"))))
        answer: dict[str, Any] = {}
        for key, value in raw.items():
            answer_key = ANSWER_KEYS.get(key) if isinstance(key, str) else None
            if answer_key is None or answer_key.entry is None:
                raise NomercyError(f"{key!r} is not something a puzzle asks about")
            read = answer_key.entry.read
            if answer_key.per_seat:
                _require_every_seat(key, puzzle.answer.get(key), value)
                named = {seats[seat_index(str(s), seats)]: v for s, v in dict(value).items()}
                answer[key] = {seat: read(v, answer_key.label_for(seat), seats) for seat, v in named.items()}
            else:
                answer[key] = read(value, answer_key.label_for(None), seats)
        return answer

    def judge(self, puzzle: Puzzle, answer: Mapping[str, Any]) -> Judgement:
        problems = check_answer(puzzle, answer)
        _, events = puzzle.solution()
        return Judgement(not problems, said(RIGHT) if not problems else said(NOT_QUITE),
                         tuple(mismatch.words(puzzle.players) for mismatch in problems), tuple(describe_truth(puzzle)),
                         events)

    def show_lines(self, puzzle: Puzzle) -> list[str]:
        state = puzzle.position()
        lines = [f"direction: {state.direction_name}   top: {state.top_card}   color: {state.color}"
                 + (f"   pending: {state.pending}" if state.pending else "")]
        for seat in puzzle.players:
            mark = ">" if seat == puzzle.turn else " "
            cards = ", ".join(map(str, puzzle.hands[seat]))
            extra = puzzle.more.get(seat, 0)
            if extra:
                cards = f"{cards} + {extra} cards that do not matter" if cards else f"{extra} cards that do not matter"
            if seat in puzzle.out:
                cards = "knocked out of the round"
            lines.append(f"{mark} {seat}: {cards}")
        if puzzle.set_aside:
            lines.append(f"set aside with the knocked-out seats until the next reshuffle: {puzzle.set_aside} cards")
        # With no discard pile the first card of the draw pile is the one turned up (the top card above): list
        # only the cards under it, as the lessons' pictures do, so no card is shown twice.
        rest = puzzle.draw_pile if puzzle.discard else puzzle.draw_pile[1:]
        if rest:
            name = "next cards to be drawn" if puzzle.discard else "the rest of the deck, from the top"
            lines.append(f"{name}: " + ", ".join(map(str, rest)))
        lines += ["", "moves:"]
        lines.extend(f"  {i}. {m}" for i, m in enumerate(puzzle.moves, 1))
        return lines

    def solve_lines(self, puzzle: Puzzle) -> list[str]:
        lines = [puzzle.transcript().text(), "", "answer:"]
        lines.extend(f"  {line}" for line in self.answer_parts(puzzle))
        return lines


def _is_label(value: Any) -> bool:
    """An option's label: text, or a whole number (YAML reads ``label: 8`` as one)."""
    if isinstance(value, bool):
        return False
    return isinstance(value, (str, int)) or (isinstance(value, float) and value.is_integer())


def _require_every_seat(key: str, asked: Any, given: Any) -> None:
    """A per-seat part is answered only when every seat it asks about has a value."""
    entry = ANSWER_KEYS[key].entry
    if not isinstance(given, Mapping):
        raise NomercyError(said(_EACH_SEAT, label=said(entry.heading if entry is not None else key)))
    blank = [str(seat) for seat in (asked or {})
             if given.get(str(seat)) is None or (isinstance(given.get(str(seat)), str) and not given[str(seat)].strip())]
    if blank:
        raise NomercyError(said(ANSWER_EVERY_PART, parts=Joined(tuple(ANSWER_KEYS[key].label_for(s) for s in blank), ", ",
                                                                N_("{items}, {item}"))))


def describe_truth(puzzle: Puzzle) -> list[str]:
    """What really happens, in sentences, for every part the puzzle asks about."""
    lines: list[str] = []
    for move, keys in dict(puzzle.answer.get("before") or {}).items():
        lines.extend(said(_BEFORE, move=MoveNamed(str(move), puzzle.players), fact=fact)
                     for fact in truth(puzzle.position_before(move), keys))
    state, _ = puzzle.solution()
    lines.extend(truth(state, puzzle.answer))
    if "illegal" in puzzle.answer:
        move = str(puzzle.answer["illegal"])
        reason = why_illegal(state, state.parse_move(move))
        named = MoveNamed(move, puzzle.players)
        lines.append(said(REFUSED_MOVE, move=named, reason=reason) if reason else said(ALLOWED_MOVE, move=named))
    return lines


RIGHT = N_("Right!")
NOT_QUITE = N_("Not quite.")
ANSWER_EVERY_PART = N_("Answer every part first: {parts}.")
_EACH_SEAT = N_("{label}: give a value for each seat.")
_BEFORE = N_("Before {move}: {fact}")

STORY = WhatHappensNext()
"""The what-happens-next kind, registered in ``nomercy/puzzles/__init__.py``."""
