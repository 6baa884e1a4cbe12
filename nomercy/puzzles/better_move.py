"""Better-move puzzles: a table from your own round, where any move clearly better than the one you played is right.

A kept mistake (:mod:`nomercy.puzzles.kept`) is this kind (``kind: better-move``). It records the move played
(``answer: {better_than: "<move>"}``) and the coach's search (``coach: {seed, playouts, margin}``): the review's
own search at that decision (:func:`nomercy.play.coach.weigh_decision`), with the same seed and budget, so the
moves it finds better are those the review measured, figure for figure. Every move the seat could make is
followed on the search's tables beside the move played, so each is set against it on the tables they shared. A
move counts as better when it leads the one played beyond the review's margin (:func:`~nomercy.play.estimate.is_clear`:
two standard errors) and by at least ``margin``.

The learner may pick any move the seat could make: a better one is right; the move played, and any move the search
does not find clearly better, is not, with why in the search's figures. ``nomercy check`` demands that at least one
move is better, and that the move played is one the seat could make.

>>> from nomercy.puzzles.puzzle import Puzzle
>>> puzzle = Puzzle.from_dict({
...     "id": "stack-or-be-out", "title": "Your move 9: find a better move", "source": "original", "kind": "better-move",
...     "rules": "no-mercy", "players": ["A", "B", "C"], "turn": "A", "discard": "red +2", "pending": 2,
...     "hands": {"A": ["blue +4"], "B": {"more": 5}, "C": {"more": 6}},
...     "moves": [], "question": "Find a better move than the one you played.",
...     "answer": {"better_than": "A draws"}, "coach": {"seed": 1, "playouts": 40, "margin": 0.01}})
>>> [option.label for option in BETTER_MOVE.options(puzzle)]
['A plays blue +4', 'A draws']
>>> BETTER_MOVE.judge(puzzle, {"move": "A plays blue +4"}).correct, BETTER_MOVE.judge(puzzle, {"move": "A draws"}).verdict
(True, 'That is the move you played in your round.')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from nomercy.core import inputs
from nomercy.core.engine import why_illegal
from nomercy.core.errors import NotationError, PuzzleError, brief
from nomercy.core.moves import Move
from nomercy.core.state import GameState
from nomercy.play.coach import MAX_BUDGET, weigh_decision
from nomercy.play.coach_warnings import seat_moves
from nomercy.play.estimate import CLEAR, is_clear, points
from nomercy.puzzles.best_move import BEST_MOVE, decision_position
from nomercy.puzzles.puzzle import Judgement, Option, Puzzle, PuzzleKind, check_answer, move_text

__all__ = ["BetterMove", "BETTER_MOVE", "COACH_KEYS", "Rating", "Ratings", "ratings"]

COACH_KEYS = {"seed": "the coach's seed", "playouts": "the coach's playouts for the decision (its budget)",
              "margin": "the least lead in win chance a better move must have over the one played"}
MOST_PLAYOUTS = 5000
"""At most this many playouts in a file's check, so that ``nomercy check`` stays quick."""


@dataclass(frozen=True)
class Rating:
    """One move set against the move played on the tables both were played on: ``lead`` (a share; below 0 when
    the move played scored more), its standard error, the tables, and whether that makes it ``better``."""

    move: str
    lead: float
    error: float
    tables: int
    better: bool

    def words(self, played: str) -> str:
        """The comparison as a learner reads it."""
        margin = f"± {points(self.error)}, one standard error, on the same {self.tables} tables"
        if self.better:
            return f"The coach's search rates it {points(self.lead)} points better than {played} ({margin})."
        if self.lead <= 0:
            return f"The coach's search rates it {points(self.lead)} points worse than {played} ({margin})."
        return (f"The coach's search rates it {points(self.lead)} points above {played} ({margin}): within the "
                f"noise of its search ({CLEAR:g} standard errors), so not clearly better.")


@dataclass(frozen=True)
class Ratings:
    """What the coach's search found at the puzzle's table: its own move, and every other move against the one played."""

    played: str
    choice: str
    rated: tuple[Rating, ...]
    seed: int
    playouts: int
    margin: float

    @property
    def better(self) -> tuple[str, ...]:
        """The moves clearly better than the one played, best first."""
        return tuple(r.move for r in sorted(self.rated, key=lambda r: -r.lead) if r.better)

    def rating(self, move: str) -> Rating | None:
        return next((r for r in self.rated if r.move == move), None)

    @property
    def problems(self) -> tuple[str, ...]:
        if self.better:
            return ()
        return (f"the coach's search finds no move clearly better than {self.played!r} (seed {self.seed}, "
                f"{self.playouts} playouts, a lead of {CLEAR:g} standard errors and {points(self.margin)} points "
                "required)",)

    def note(self) -> str:
        """What the figures are and what their ± means, for a learner who opens them."""
        return (f"The coach imagined this round {self.playouts} times from this table, the hidden cards dealt at "
                f"random each time, and played each move out on the same tables as yours. ± is one standard error; a "
                f"move counts as better when it leads yours by {CLEAR:g} of them.")

    def summary(self) -> str:
        """One line for ``nomercy check``: which moves beat the one played, and the search's settings."""
        return (f"{len(self.better)} of {len(self.rated)} other moves clearly better than {self.played!r} "
                f"(the coach's move {self.choice!r}); coach seed {self.seed}, {self.playouts} playouts")


def ratings(puzzle: Puzzle) -> Ratings:
    """The coach's search at the puzzle's table (run once per puzzle: the board asks again on every answer)."""
    if "ratings" not in puzzle.memo:
        puzzle.memo["ratings"] = _rate(puzzle)
    found: Ratings = puzzle.memo["ratings"]
    return found


def _rate(puzzle: Puzzle) -> Ratings:
    settings = puzzle.settings["coach"]
    state = decision_position(puzzle)
    played = _played(puzzle, state)
    weighing = weigh_decision(state, state.turn, played, seed=settings["seed"], budget=settings["playouts"],
                              every=True)
    rated = []
    for move in seat_moves(state, state.turn)[0]:
        if move == played:
            continue
        lead, error, tables = weighing.paired_difference(move, played)
        better = is_clear(lead, error) and lead >= settings["margin"]
        rated.append(Rating(state.move_text(move), lead, error, tables, better))
    return Ratings(state.move_text(played), state.move_text(weighing.choice), tuple(rated), settings["seed"],
                   settings["playouts"], settings["margin"])


def _played(puzzle: Puzzle, state: GameState) -> Move:
    """The move played, read at the table and one the seat could make there, or :class:`PuzzleError`."""
    text = puzzle.answer["better_than"]
    where = f"{puzzle.path or puzzle.id}: answer.better_than"
    try:
        move = state.parse_move(text)
    except NotationError as error:
        raise PuzzleError(f"{where}: {error}") from None
    reason = why_illegal(state, move)
    if reason is None and move not in seat_moves(state, state.turn)[0]:
        reason = f"it is not a move of {state.seats[state.turn]}, whose turn it is"
    if reason is not None:
        raise PuzzleError(f"{where} {text!r} is refused: {reason}")
    return move


def _coach_settings(value: Any, where: str) -> dict[str, Any]:
    example = "{seed: 7, playouts: 100, margin: 0.01}"
    if not isinstance(value, dict) or set(value) != set(COACH_KEYS):
        raise PuzzleError(f"{where}a better-move puzzle records the coach's search as coach: {example}")
    found = {}
    for key, least, most in (("seed", 0, inputs.MAX_SEED), ("playouts", 1, min(MAX_BUDGET, MOST_PLAYOUTS))):
        number = value[key]
        if isinstance(number, float) and number.is_integer():
            number = int(number)  # YAML's 100.0 is 100
        if isinstance(number, bool) or not isinstance(number, int) or not least <= number <= most:
            raise PuzzleError(f"{where}coach.{key} ({COACH_KEYS[key]}) is a whole number from {least} to {most}, "
                              f"not {brief(value[key])}")
        found[key] = number
    margin = value["margin"]
    if isinstance(margin, bool) or not isinstance(margin, (int, float)) or not 0 < margin < 1:
        raise PuzzleError(f"{where}coach.margin is a share of win chance between 0 and 1, like 0.01, not {brief(margin)}")
    return {**found, "margin": float(margin)}


class BetterMove(PuzzleKind):
    """Find any move clearly better than the one you played; the coach's search, as the review ran it, judges."""

    name = "better-move"
    summary = "find a better move than the one played"
    about = "A table from your own round: the other hands are hidden, as they were. Any clearly better move counts."
    keys = ("coach",)
    answer_keys = ("better_than",)
    show_label = "Show me the coach's move, step by step"
    shows_moves = False

    def read(self, data: Mapping[str, Any], turn: str, where: str) -> dict[str, Any]:
        answer = data.get("answer")
        played = answer.get("better_than") if isinstance(answer, dict) else None
        if not isinstance(played, str):
            raise PuzzleError(f"{where}a better-move puzzle's answer names the move played: "
                              "answer: {better_than: 'A plays ...'}")
        move_text(played, "answer.better_than")
        if data.get("choices"):
            raise PuzzleError(f"{where}a better-move puzzle lists no choices: every move the seat can make is one")
        if data.get("draw_pile"):
            raise PuzzleError(f"{where}a better-move puzzle has no draw_pile: the seat to move cannot see it, and the "
                              "coach deals it at random")
        hands = data.get("hands")
        for seat, hand in (hands.items() if isinstance(hands, dict) else ()):
            if str(seat) != turn and not (isinstance(hand, dict) and not hand.get("cards")):
                raise PuzzleError(f"{where}in a better-move puzzle the other seats' cards are hidden: give {seat} as "
                                  "{more: N}")
        return {"coach": _coach_settings(data.get("coach"), where)}

    def options(self, puzzle: Puzzle) -> tuple[Option, ...]:
        """Every move the seat could make at the table, in the engine's order."""
        state = decision_position(puzzle)
        labels = [state.move_text(move) for move in seat_moves(state, state.turn)[0]]
        return tuple(Option(label, {"move": label}) for label in labels)

    def check(self, puzzle: Puzzle) -> tuple[list[str], tuple[str, ...]]:
        """The story keys hold at the table, and the search finds a move clearly better than the one played."""
        story = {key: value for key, value in puzzle.answer.items() if key != "better_than"}
        problems = [str(mismatch) for mismatch in check_answer(puzzle, story)]
        if problems:
            return problems, ()
        found = ratings(puzzle)
        return list(found.problems), (found.summary(),)

    def judge(self, puzzle: Puzzle, answer: Mapping[str, Any]) -> Judgement:
        """A move is right when the search rates it clearly better than the one played; otherwise why not."""
        found = ratings(puzzle)
        coach = f"The coach's own move here: {found.choice}."
        given = answer.get("move")
        state = decision_position(puzzle)
        try:
            if not isinstance(given, str):
                raise NotationError(f"a move is a line of text like 'A plays red 7', not {brief(given)}")
            move = state.parse_move(given)
        except NotationError as error:
            return Judgement(False, "That is not a move at this table.", (str(error),), (coach,))
        text = state.move_text(move)
        reason = why_illegal(state, move)
        if reason is not None:
            return Judgement(False, "The rules refuse that move here.", (reason,), (coach,))
        if text == found.played:
            return Judgement(False, "That is the move you played in your round.",
                             ("The coach found a clearly better one: try another move.",), (coach,))
        rating = found.rating(text)
        if rating is None:
            return Judgement(False, "That is not a move to choose at this table.",
                             (f"{state.seats[state.turn]} has other moves to choose from.",), (coach,))
        figures, note = (rating.words(found.played),), found.note()  # shown under "Show the numbers"
        if rating.better:
            return Judgement(True, "Right! That is clearly better than the move you played.", (), (coach,),
                             estimates=figures, estimates_note=note)
        said = ("The coach finds it no better than the move you played." if rating.lead <= 0 else
                "The coach finds it a little better than the move you played, but not by enough to be sure.")
        return Judgement(False, "Not clearly better than the move you played.", (said,), (coach,),
                         estimates=figures, estimates_note=note)

    def table(self, puzzle: Puzzle) -> tuple[GameState, tuple[str, ...], int | None]:
        """The table as its seat saw it; "Show me" plays the coach's own move."""
        start = decision_position(puzzle)
        return start, (ratings(puzzle).choice,), start.turn

    def show_lines(self, puzzle: Puzzle) -> list[str]:
        return BEST_MOVE.show_lines(puzzle)

    def answer_parts(self, puzzle: Puzzle) -> list[str]:
        return [f"A move clearly better than: {puzzle.answer['better_than']}"]

    def solve_lines(self, puzzle: Puzzle) -> list[str]:
        """Each move clearly better than the one played, with its lead; then the coach's own move."""
        found = ratings(puzzle)
        lines = [f"better than {found.played}:"]
        lines.extend(f"  {move}: {found.rating(move).words(found.played)}" for move in found.better  # type: ignore[union-attr]
                     )
        return lines + [f"the coach's own move: {found.choice}"]


BETTER_MOVE = BetterMove()
"""The better-move kind, registered in ``nomercy/puzzles/__init__.py``."""
