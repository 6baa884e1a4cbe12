"""Best-move puzzles: a position, a few candidate moves, and the one the expert rates best.

A best-move puzzle (``kind: best-move``) asks the seat to move what to play. Its
answer ``{best: "<move>"}`` is confirmed by the expert player's own search
(:meth:`~nomercy.play.players.expert.ExpertPlayer.weigh`, the search the coach's
hints read), run with the seed, the playouts and the depth the file records under
``expert:``. ``nomercy check`` runs that search again and demands two things:

- the answer has the highest estimated chance to win the round of all the choices;
- its lead over the next-best choice, measured on the same imagined tables, is at
  least the file's ``margin`` and at least :data:`~nomercy.play.estimate.CLEAR` (two)
  of its own standard errors (so the lead is not noise).

The search sees only the seat's own view: the other hands and the draw pile are
dealt at random, again and again, from the cards it cannot see. So a best-move
puzzle gives the other seats as ``{more: N}`` only.

>>> from nomercy.puzzles.puzzle import Puzzle
>>> puzzle = Puzzle.from_dict({
...     "id": "take-or-stack", "title": "Stack or be knocked out", "source": "original", "kind": "best-move",
...     "rules": "no-mercy", "players": ["A", "B", "C"], "turn": "A", "discard": "red +2", "pending": 2,
...     "hands": {"A": {"cards": ["blue +4"], "more": 22}, "B": {"more": 5}, "C": {"more": 6}},
...     "moves": [], "question": "What do you play?",
...     "choices": [{"move": "A plays blue +4"}, {"move": "A draws", "why": "25 cards knock you out."}],
...     "answer": {"best": "A plays blue +4"},
...     "expert": {"seed": 1, "playouts": 40, "depth": 30, "margin": 0.05}})
>>> verdict = judge(puzzle)
>>> verdict.ok, verdict.best, verdict.runner_up
(True, 'A plays blue +4', 'A draws')
>>> print(verdict.chances[1])
A draws: 0% ± 0 (one standard error, 20 playouts)
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Mapping

from nomercy.core.engine import why_illegal
from nomercy.core.errors import NotationError, PuzzleError, brief
from nomercy.core.moves import parse_move
from nomercy.core.state import GameState
from nomercy.core.i18n import N_
from nomercy.core.refusals import Count, said
from nomercy.core.said import n_
from nomercy.core.wording import plural
from nomercy.puzzles.answers import MoveNamed
from nomercy.play.estimate import CLEAR, Estimate, points, shown_percent
from nomercy.play.players.expert import ExpertPlayer
from nomercy.puzzles.puzzle import Judgement, Option, Puzzle, PuzzleKind, check_answer, move_text

__all__ = ["BestMove", "BEST_MOVE", "EXPERT_KEYS", "Verdict", "judge", "verdict", "decision_position",
           "check_expert_settings", "check_best_move_shape"]

EXPERT_KEYS = {"seed": "the search's seed", "playouts": "playouts in all", "depth": "moves per playout",
               "margin": "the least lead in win chance the answer must have over the next-best choice"}

@dataclass(frozen=True)
class Verdict:
    """What the expert's search found for a best-move puzzle.

    ``chances`` follow the order of the puzzle's choices, each the estimated chance to win the
    round with that move (labelled with the move, ± one standard error). ``lead`` is how much
    higher the answer scored than ``runner_up`` (the best of the other choices) on
    the tables both were tried on, ``error`` that lead's standard error. ``decided`` counts the playouts
    that reached the end of the round (a win or a loss); the others were cut off after ``depth`` moves and
    count a share of a win judged by hand sizes, which is why a chance need not be a whole number of wins.
    """

    answer: str
    chances: tuple[Estimate, ...]
    runner_up: str
    lead: float
    error: float
    tables: int
    margin: float
    seed: int
    playouts: int
    depth: int
    decided: int

    @property
    def best(self) -> str:
        """The choice with the highest estimate."""
        return max(self.chances, key=lambda c: c.mean).label

    @property
    def problems(self) -> tuple[str, ...]:
        found = []
        if self.best != self.answer:
            found.append(f"the expert rates {self.best!r} best, not the answer {self.answer!r}")
        if self.lead < self.margin:
            found.append(f"the answer leads {self.runner_up!r} by {points(self.lead)} points, less than the "
                         f"stated margin of {points(self.margin)}")
        if self.lead < CLEAR * self.error:
            found.append(f"the lead of {points(self.lead)} points is within the noise "
                         f"({CLEAR:g} standard errors of {points(self.error)})")
        return tuple(found)

    @property
    def ok(self) -> bool:
        return not self.problems

    def summary(self) -> str:
        """One line for ``nomercy check``: the lead, its noise and the budget."""
        return (f"best move {self.answer!r} leads {self.runner_up!r} by {points(self.lead)} points of win chance "
                f"± {points(self.error)} (one standard error, {self.tables} shared tables; at least "
                f"{points(self.margin)} required); expert seed {self.seed}, {self.playouts} playouts, depth {self.depth}")

    def estimate_lines(self, seats: tuple[str, ...] = ()) -> tuple[str, ...]:
        """The expert's estimate for each choice, best first, in the one printed form of an estimate (words that a
        board in another language says again, each move as its table says it: ``seats`` are the puzzle's)."""
        return tuple(said(_ESTIMATE, str(c), move=MoveNamed(c.label, seats), percent=shown_percent(c.mean),
                          error=points(c.error), playouts=Count(c.playouts, *n_("{count} playout", "{count} playouts")))
                     for c in sorted(self.chances, key=lambda c: -c.mean))

    def estimates_note(self) -> str:
        """What the estimates are and what their ± means, for a learner."""
        return said(_NOTE, playouts=self.playouts, depth=self.depth, counted=self._counted(), lead=self.shown_lead())

    def _counted(self) -> str:
        """How a playout counts: a win or a loss at the end of the round, else a share judged by hand sizes."""
        cut = self.playouts - self.decided
        if not cut:
            return said(_ALL_DECIDED)
        return said(_SOME_DECIDED, decided=self.decided, cut=cut)

    def shown_lead(self) -> int:
        """The best estimate's shown percentage minus the next one's: what a reader can check on the page.

        The shown percentages are rounded, so the lead a learner reads is the difference of those
        rounded figures (65% and 51%: 14), not the unrounded lead that ``nomercy check`` judges.
        """
        first, second = sorted(self.chances, key=lambda c: -c.mean)[:2]
        return shown_percent(first.mean) - shown_percent(second.mean)


    def words(self) -> str:
        """The expert's estimates for a learner, best first, then what the ± means."""
        return "\n".join(self.estimate_lines() + (self.estimates_note(),))


def decision_position(puzzle: Puzzle) -> GameState:
    """The position after the puzzle's moves, where the seat to move picks among the choices."""
    return puzzle.transcript().end


def verdict(puzzle: Puzzle) -> Verdict:
    """:func:`judge`, run once per puzzle (the board and the trainer ask again on every answer)."""
    if "verdict" not in puzzle.memo:
        puzzle.memo["verdict"] = judge(puzzle)
    found: Verdict = puzzle.memo["verdict"]
    return found


def judge(puzzle: Puzzle) -> Verdict:
    """Run the expert's search over the puzzle's choices with the recorded seed and budget.

    The answer goes first in the search: the expert's reference move, tried on every
    table, so its lead over any other choice is measured on the tables they shared.
    """
    settings = puzzle.settings["expert"]
    state = decision_position(puzzle)
    moves = [str(choice["move"]) for choice in puzzle.choices]
    answer = str(puzzle.answer["best"])
    seat = state.turn
    for move in moves:
        reason = why_illegal(state, state.parse_move(move))
        if reason is not None:
            raise PuzzleError(f"{puzzle.path or puzzle.id}: the choice {move!r} is refused: {reason}")
        if state.parse_move(move).seat != seat:
            raise PuzzleError(f"{puzzle.path or puzzle.id}: the choice {move!r} is not a move of "
                              f"{state.seats[seat]}, whose turn it is")
    order = [answer] + [m for m in moves if m != answer]
    # sharp off: a puzzle's recorded expert settings mean greedy playouts, whatever the player's defaults become
    expert = ExpertPlayer(seed=int(settings["seed"]), iterations=int(settings["playouts"]), max_time=None,
                          depth=int(settings["depth"]), memory=False, sharp=False)
    weighing = expert.weigh(state.view(seat), [state.parse_move(m) for m in order])
    by_move = {text: replace(estimate, label=text) for text, estimate in zip(order, weighing.estimates)}
    chances = tuple(by_move[m] for m in moves)
    runner_up = max((c for c in chances if c.label != answer), key=lambda c: c.mean)
    lead, error, tables = weighing.paired_difference(state.parse_move(answer), state.parse_move(runner_up.label))
    return Verdict(answer, chances, runner_up.label, lead, error, tables, float(settings["margin"]),
                   int(settings["seed"]), int(settings["playouts"]), int(settings["depth"]), weighing.decided)


def check_expert_settings(value: Any, where: str) -> dict[str, Any]:
    """``expert: {seed, playouts, depth, margin}``, each of the right kind, or :class:`PuzzleError`."""
    example = "{seed: 1, playouts: 80, depth: 40, margin: 0.1}"
    if not isinstance(value, dict):
        raise PuzzleError(f"{where}a best-move puzzle records the expert's check as expert: {example}")
    missing = [k for k in EXPERT_KEYS if k not in value]
    unknown = [str(k) for k in value if k not in EXPERT_KEYS]
    if missing or unknown:
        raise PuzzleError(f"{where}expert holds seed, playouts, depth and margin, like {example}"
                          + (f"; missing {', '.join(missing)}" if missing else "")
                          + (f"; unknown {', '.join(unknown)}" if unknown else ""))
    value = dict(value)
    for key in ("seed", "playouts", "depth"):
        number = value[key]
        whole = int(number) if isinstance(number, float) and number.is_integer() else number  # YAML's 40.0 is 40
        if not isinstance(whole, int) or isinstance(whole, bool) or whole < (0 if key == "seed" else 1):
            raise PuzzleError(f"{where}expert.{key} ({EXPERT_KEYS[key]}) is a whole number"
                              f"{'' if key == 'seed' else ', 1 or more'}, not {brief(number)}")
        value[key] = whole
    if value["playouts"] > 5000:
        raise PuzzleError(f"{where}expert.playouts is at most 5000, so that nomercy check stays quick")
    margin = value["margin"]
    if not isinstance(margin, (int, float)) or isinstance(margin, bool) or not 0 < margin < 1:
        raise PuzzleError(f"{where}expert.margin is a share of win chance between 0 and 1, like 0.1, not {brief(margin)}")
    return dict(value)


def check_best_move_shape(data: Mapping[str, Any], turn: str, where: str) -> None:
    """What a best-move file must hold besides the common keys: choices with moves, the best one, hidden hands."""
    choices = data.get("choices")
    if not isinstance(choices, list) or len(choices) < 2:
        raise PuzzleError(f"{where}a best-move puzzle lists two or more choices, like "
                          "[{move: 'A plays blue +4'}, {move: 'A draws', why: 'you would be knocked out'}]")
    answer = data["answer"]
    best = answer.get("best") if isinstance(answer, dict) else None
    if not isinstance(best, str):
        raise PuzzleError(f"{where}a best-move puzzle's answer names the best move: answer: {{best: 'A plays ...'}}")
    moves = []
    for choice in choices:
        if (not isinstance(choice, dict) or not isinstance(choice.get("move"), str)
                or not set(choice) <= {"move", "why"} or not isinstance(choice.get("why", ""), str)):
            raise PuzzleError(f"{where}each choice of a best-move puzzle is {{move: 'A plays ...', why: '...'}}; "
                              f"not {choice!r}")
        moves.append(choice["move"])
    if len(set(moves)) != len(moves):
        raise PuzzleError(f"{where}the choices of a best-move puzzle must differ")
    if best not in moves:
        raise PuzzleError(f"{where}answer.best must be one of the choices' moves, word for word, not {best!r}")
    for choice in choices:
        if choice["move"] != best and not str(choice.get("why", "")).strip():
            raise PuzzleError(f"{where}the wrong choice {choice['move']!r} needs a why: what is wrong with it")
    if data.get("draw_pile"):
        raise PuzzleError(f"{where}a best-move puzzle has no draw_pile: the seat to move cannot see it, and the "
                          "expert deals it at random")
    hands = data.get("hands")
    for seat, hand in (hands.items() if isinstance(hands, dict) else ()):
        if str(seat) != turn and not (isinstance(hand, dict) and not hand.get("cards")):
            raise PuzzleError(f"{where}in a best-move puzzle the other seats' cards are hidden: give {seat} as "
                              f"{{more: N}}")


class BestMove(PuzzleKind):
    """Pick the best of a few moves; the expert's search, with the seed and budget in the file, confirms it."""

    name = "best-move"
    summary = "pick the best move"
    about = "Best move: the other hands are hidden, as at a real table. Pick the move you would make."
    keys = ("expert",)
    answer_keys = ("best",)
    show_label = "Show me the best move, step by step"
    shows_moves = False

    def read(self, data: Mapping[str, Any], turn: str, where: str) -> dict[str, Any]:
        check_best_move_shape(data, turn, where)
        return {"expert": check_expert_settings(data.get("expert"), where)}

    def options(self, puzzle: Puzzle) -> tuple[Option, ...]:
        """Each choice is a move; the answer it stands for names it the best."""
        found = []
        for choice in puzzle.choices:
            move = choice["move"]
            try:
                parse_move(move_text(move, "choices"), puzzle.players)
            except NotationError as error:
                raise PuzzleError(f"{puzzle.path or puzzle.id}: move {brief(move)}: {error}") from None
            found.append(Option(move, {"best": move}, str(choice.get("why") or "")))
        return tuple(found)

    def check(self, puzzle: Puzzle) -> tuple[list[str], tuple[str, ...]]:
        """The story keys hold where the move is chosen, and the search confirms the answer with its lead."""
        story = {key: value for key, value in puzzle.answer.items() if key != "best"}
        problems = [str(mismatch) for mismatch in check_answer(puzzle, story)]
        if problems:
            return problems, ()
        found = verdict(puzzle)
        return list(found.problems), (found.summary(),)

    def judge(self, puzzle: Puzzle, answer: Mapping[str, Any]) -> Judgement:
        best = str(puzzle.answer["best"])
        right = answer.get("best") == best
        found = verdict(puzzle)
        return Judgement(right, said(_RIGHT) if right else said(_NOT_BEST),
                         () if right else (said(_EXPERTS_MOVE, best=MoveNamed(best, puzzle.players)),),
                         estimates=found.estimate_lines(puzzle.players), estimates_note=found.estimates_note())

    def table(self, puzzle: Puzzle) -> tuple[GameState, tuple[str, ...], int | None]:
        """The table where the move is chosen, as its seat sees it; "Show me" plays the best move."""
        start = decision_position(puzzle)
        return start, (str(puzzle.answer["best"]),), start.turn

    def show_lines(self, puzzle: Puzzle) -> list[str]:
        """What the seat to move sees: its own hand and the others' counts."""
        state = decision_position(puzzle)
        lines = [f"direction: {state.direction_name}   top: {state.top_card}   color: {state.color}"
                 + (f"   pending: {state.pending}" if state.pending else "")]
        for index, seat in enumerate(state.seats):
            if index == state.turn:
                lines.append(f"> {seat} (you, {len(state.hands[index])} cards): " + ", ".join(map(str, state.hands[index])))
            elif index in state.out:
                lines.append(f"  {seat}: knocked out of the round")
            else:
                lines.append(f"  {seat}: {plural(len(state.hands[index]))}, hidden")
        return lines

    def answer_parts(self, puzzle: Puzzle) -> list[str]:
        """The one value a best-move question asks for: the move."""
        return [f"Best move: {puzzle.answer['best']}"]

    def solve_lines(self, puzzle: Puzzle) -> list[str]:
        """The best move, the expert's estimate for every choice, and why each wrong one is wrong."""
        best = puzzle.answer["best"]
        lines = [f"best move: {best}"]
        lines.extend(f"  {line}" for line in verdict(puzzle).words().splitlines())
        lines.extend(f"not {option.label}: {option.why}" for option in self.options(puzzle)
                     if option.why and option.label != best)
        return lines


BEST_MOVE = BestMove()
"""The best-move kind, registered in ``nomercy/puzzles/__init__.py``."""


_RIGHT = N_("Right! That is the best move.")
_NOT_BEST = N_("Not the best move.")
_EXPERTS_MOVE = N_("The expert's best move is {best}.")
_ESTIMATE = N_("{move}: {percent}% ± {error} (one standard error, {playouts})")
_NOTE = N_("Each is the chance to win the round with that move. The expert imagined {playouts} rounds in all from this "
           "position, the hidden cards dealt at random each time, and played each for up to {depth} moves (each such "
           "round is a playout). {counted} ± is one standard error: luck alone moves a chance by less than that about "
           "two times in three. The best move wins about {lead} more rounds in 100 than the next one.")
_ALL_DECIDED = N_("Each playout reached the end of the round and counts as a win or a loss.")
_SOME_DECIDED = N_("{decided} of them reached the end of the round and count as a win or a loss. The other {cut} were "
                   "still going: each counts a share of a win, judged by the hand sizes. So a chance need not be a "
                   "whole number of wins.")
