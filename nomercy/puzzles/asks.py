"""Does a puzzle ask exactly what its question says, and does its picture keep the answer hidden?

The puzzle board asks the learner for every part of a puzzle's answer (:data:`~nomercy.puzzles.answers.ANSWER_KEYS`),
so a part the question never mentions is a question the learner never saw ("Answer every part first: Cards
pending" under "How many cards does A hold, and whose turn is it?"). Each part has the words that ask for it
(:data:`ASKED_BY`); ``nomercy check`` reports a part of the answer whose words the question lacks, and words
of the question whose part the answer lacks. A part asked per seat ("how many cards does B hold") is asked
for the seats the same sentence names, or for every seat when it says "each" or "every".

The picture shown with the question is the board's table (:meth:`Puzzle.position`): for a puzzle that starts
before the first card is turned up, that table is already after the first card did its work. A part whose
answer the picture already shows, when the question's own setup says otherwise, gives the answer away
(a picture showing "A 9" when the question asks how many cards A holds after a +2 turned up first).

>>> phrase("hand_size", ["A", "B"]), phrase("turn", [])
('how many cards do A and B hold', 'whose turn is it')
>>> asked("Whose turn is it now, and how many cards does A hold?", ("A", "B"))
{'turn': set(), 'hand_size': {'A'}}
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Sequence

from nomercy.puzzles.answers import ANSWER_KEYS, REPLAYED

if TYPE_CHECKING:
    from nomercy.puzzles.puzzle import Puzzle

__all__ = ["ASKED_BY", "PER_SEAT"]
# asked, phrase and the two checks are called by the what-happens-next kind (and the generator) with a loaded
# puzzle's own values only: the file is validated where it is read (nomercy.puzzles.puzzle), not here again.

ASKED_BY: dict[str, str] = {name: key.asked_by for name, key in ANSWER_KEYS.items() if key.asked_by}
"""The words that ask for each part of an answer (matched in any case); a part's answer is asked only by them."""

_CLAIMS = frozenset({"playable", "draw_pile_size"})
"""Parts a story states as often as a question asks them ("only 4 cards are left in the draw pile"): their
words in a question do not demand them in the answer, which may pin them under ``before``."""
PER_SEAT = frozenset(key for key, answer_key in ANSWER_KEYS.items() if answer_key.per_seat)
_EVERY = re.compile(r"\b(each|every|everyone|all)\b", re.IGNORECASE)


def _seats(seats: Sequence[str]) -> str:
    seats = list(seats)
    if not seats:
        return "each player"
    return seats[0] if len(seats) == 1 else f"{', '.join(seats[:-1])} and {seats[-1]}"


def phrase(key: str, seats: Sequence[str]) -> str:
    """The words that ask for ``key`` (for ``seats``, when it is asked per seat): what a question adds to ask it."""
    return ANSWER_KEYS[key].asks.format(does="does" if len(seats) == 1 else "do", seats=_seats(seats))


def asked(question: str, seats: Sequence[str]) -> dict[str, set[str]]:
    """The parts ``question`` asks for, each with the seats it names (empty for a part not asked per seat)."""
    found: dict[str, set[str]] = {}
    sentences = re.split(r"(?<=[.?!;])\s+", question.strip())
    for key, words in ASKED_BY.items():
        for sentence in sentences:
            if not re.search(words, sentence, re.IGNORECASE):
                continue
            named = found.setdefault(key, set())
            if key in PER_SEAT:
                every = _EVERY.search(sentence) is not None
                named.update(seat for seat in seats if every or re.search(rf"\b{re.escape(seat)}\b", sentence))
    return found


def question_problems(puzzle: "Puzzle") -> list[str]:
    """The parts of the answer the question does not ask for, and what it asks that the answer lacks."""
    asks = asked(puzzle.question, puzzle.players)
    problems: list[str] = []
    for key, value in puzzle.answer.items():
        if key == "before":
            continue  # pins what the story says about earlier moments; the board does not ask it
        if key in PER_SEAT:
            missing = [str(seat) for seat in value if str(seat) not in asks.get(key, set())]
            if missing:
                problems.append(f"its answer asks {phrase(key, missing)}, which its question does not ask")
        elif key not in asks:
            problems.append(f"its answer asks {phrase(key, [])}, which its question does not ask")
    for key in asks:
        if key not in puzzle.answer and key not in REPLAYED and key not in _CLAIMS:
            problems.append(f"its question asks {phrase(key, sorted(asks[key]) or ['a seat'])}, "
                            "which its answer does not hold")
    return problems


def picture_problems(puzzle: "Puzzle") -> list[str]:
    """The parts of the answer that the board's picture already shows, though the question's setup says otherwise."""
    shown = puzzle.position()
    setup = _setup_values(puzzle)
    problems: list[str] = []
    for key, value in puzzle.answer.items():
        if key in REPLAYED or key not in setup:
            continue
        answer_key = ANSWER_KEYS[key]
        if answer_key.per_seat:
            for seat, wanted in dict(value).items():
                index = puzzle.players.index(str(seat))
                have = answer_key.actual(shown, index)
                if answer_key.normal(wanted, shown.seats) == have and setup[key](index) != have:
                    problems.append(f"its picture shows the answer to {phrase(key, [str(seat)])} "
                                    f"({answer_key.say(have)}) before any move is made")
        else:
            have = answer_key.actual(shown, None)
            if answer_key.normal(value, shown.seats) == have and setup[key](None) != have:
                problems.append(f"its picture shows the answer to {phrase(key, [])} ({answer_key.say(have)}) "
                                "before any move is made")
    return problems


def _setup_values(puzzle: "Puzzle") -> dict[str, Any]:
    """Each part as the puzzle's own setup gives it (the cards dealt, before any card is turned up or played)."""
    seats = puzzle.players

    def hand(index: int | None) -> Any:
        seat = seats[index or 0]
        return tuple(sorted(puzzle.hands[seat])) if not puzzle.more.get(seat) else None

    return {
        "hand_size": lambda index: len(puzzle.hands[seats[index]]) + puzzle.more.get(seats[index], 0),
        "hand": hand,
        "turn": lambda _: puzzle.turn,
        "pending": lambda _: puzzle.pending,
        "top": lambda _: puzzle.discard[-1] if puzzle.discard else None,
        "color": lambda _: puzzle.color,
        "direction": lambda _: "clockwise" if puzzle.direction == 1 else "counterclockwise",
        "eliminated": lambda _: (),
    }
