"""The coach: a hint for the move to make, warnings before a move a beginner regrets, a review of a round.

Nothing here knows a rule of its own. The hint is the expert player's search
(:meth:`~nomercy.play.players.expert.ExpertPlayer.weigh`) with a fixed seed and a
stated budget of playouts, and shows that one search's result: its choice first, the
other finalists against it; the warnings are what the engine answers when the move,
and the moves that could avoid its risk, are applied to copies of the table; the
review runs the hint's own search at every decision of a finished round.

>>> from nomercy.play.game import Game
>>> state = Game("no-mercy", ["Ann", "Bo", "Cy"], seed=66).state
>>> tip = hint(state, "Ann", seed=1, budget=30)
>>> tip.text
'Ann plays blue discard-all'
>>> tip.reason
'Play blue discard-all: it takes your other blue card (blue reverse) along, so you hold 5 cards.'
>>> hint(state, "Ann", seed=1, budget=30) == tip  # the same seed and budget give the same hint
True
>>> print(tip)  # the move, why, and the search's list: its choice first, then the other finalist
Hint for Ann: Ann plays blue discard-all
Play blue discard-all: it takes your other blue card (blue reverse) along, so you hold 5 cards.
Chosen: Ann plays blue discard-all: 55% ± 16 (one standard error, 11 playouts)
Ann plays wild reverse +4 choosing blue: as good within noise: 9 points less ± 21 (one standard error, on the same 11 tables)
4 other moves were set aside after a first look (at most 5 tables each); 4 more legal moves were not weighed (the greedy player ranks them lower); these 2 were looked at more closely (11 tables each).
>>> move_warnings(state, "Ann", "Ann plays blue reverse")
()

The estimates are noisy: each move's chance is an :class:`~nomercy.play.estimate.Estimate` whose ±
is one standard error, and :attr:`Hint.noise` says so in words. The warnings live in
:mod:`nomercy.play.coach_warnings` and are named here too.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Iterator, Sequence, Union, get_args

from nomercy.core.errors import IllegalMoveError, PlayerError, brief
from nomercy.core.legality import empties_hand, is_optional
from nomercy.core.moves import CallUno, Catch, Challenge, Draw, Move, NameColor, Pass, Play
from nomercy.core.rulebook import RULINGS, Ruling
from nomercy.core import inputs, seat_words
from nomercy.core.state import GameState
from nomercy.core.i18n import N_
from nomercy.core.refusals import Count, Joined, Said, said
from nomercy.core.said import n_
from nomercy.core.wording import is_you, plural, possessive, says
from nomercy.play.estimate import CLEAR, Estimate, is_clear, points
from nomercy.play.coach_reasons import move_reason
from nomercy.play.coach_warnings import WARNING_KINDS, MoveWarning, doing, move_warnings, seat_moves
from nomercy.play.game import Game, GameRecord
from nomercy.play.players.expert import ExpertPlayer, Weighing
from nomercy.play.said_at_table import MoveSaid
from nomercy.play.transcript import Transcript

__all__ = [
    "DEFAULT_BUDGET", "PLAYOUT_DEPTH", "WARNING_KINDS", "Comparison", "Hint", "MoveWarning", "ReviewedDecision",
    "Review", "ReviewProgress", "EXPERT_PREFERS", "hint", "judged_warnings", "move_warnings", "review", "reviewed",
    "reviewing", "weigh_decision",
]

DEFAULT_BUDGET = 200
MAX_BUDGET = 100_000
"""The most playouts the coach is asked for (a budget sized past it would search for hours)."""
"""Playouts per hint: about 0.2 s on a three-player table on a quiet machine (docs/widgets.md, "Coach", "Speed")."""
PLAYOUT_DEPTH = 500
"""Moves a playout may run before it is judged by hand sizes; practically every round ends well before."""


# ---------------------------------------------------------------------------------------------- records

@dataclass(frozen=True)
class Comparison:
    """One move against the search's choice, on the imagined tables both were played on.

    ``move`` is the other move as the table writes it and ``chance`` its estimate on
    those ``tables``; ``lead`` is how much more the choice won there (a share: 0.12 is
    12 points; below 0 when the other move scored more) and ``error`` the standard error
    of that paired difference. A lead counts only when it is clear (:func:`is_clear`):
    closer than :data:`~nomercy.play.estimate.CLEAR` standard errors, the two moves are a
    tie within noise, whichever scored more on these tables.
    """

    move: str
    chance: Estimate
    lead: float
    error: float
    tables: int

    def __post_init__(self) -> None:  # a record made by hand is checked as the search's own would be
        inputs.text(self.move, "the move of a comparison", longest=500, like="A plays red 7")
        inputs.one_of_kind(self.chance, Estimate, "an estimate (Estimate.of the playout values)")
        inputs.number(self.lead, "the lead of a comparison (a share)", -1, 1)
        inputs.number(self.error, "the standard error of a comparison (a share)", 0, 1)
        inputs.whole_number(self.tables, "the number of tables compared", 0, 10**9)

    @property
    def clear(self) -> bool:
        """Does the search's choice lead this move beyond noise?"""
        return is_clear(self.lead, self.error)

    @property
    def verdict(self) -> Said:
        """The comparison in words: worse by so many points, or as good within noise."""
        margin = said(N_("± {error} (one standard error, on the same {tables} tables)"), error=points(self.error),
                      tables=self.tables)
        lead = points(self.lead)
        if self.clear:
            return said(N_("worse by {points} points {margin}"), points=lead, margin=margin)
        if is_clear(-self.lead, self.error):
            return said(N_("{points} points more on these tables {margin}"), points=lead, margin=margin)
        if round(self.lead * 100) == 0:
            return said(N_("as good within noise: the same share {margin}"), margin=margin)
        if self.lead > 0:
            return said(N_("as good within noise: {points} points less {margin}"), points=lead, margin=margin)
        return said(N_("as good within noise: {points} points more {margin}"), points=lead, margin=margin)

    def __str__(self) -> str:
        return f"{self.move}: {self.verdict}"


@dataclass(frozen=True)
class Hint:
    """The expert's suggestion for one seat: the move, why in one line, and what its search found.

    The search (:meth:`~nomercy.play.players.expert.ExpertPlayer.weigh`) narrows its
    candidates in rounds (successive halving) and ends with a few finalists, each played
    on every table it dealt. ``move`` is its choice: greedy's move unless another finalist
    did clearly better on the same tables. ``chance`` is that move's estimate (``None``
    when no search was needed) and ``compared`` the other finalists, each against it on
    the same tables (:class:`Comparison`), closest first: the suggested move is the first
    of the list :attr:`chances` and :meth:`lines` show. ``set_aside`` counts the
    candidates dropped after a first look (on ``first_look`` tables at most) and
    ``not_weighed`` the legal moves greedy ranked too low to search. ``rule`` is the id
    of the ruling the reason rests on; ``position`` is the table as one line of text
    (:meth:`GameState.to_text`).
    """

    seat: str
    move: Move
    text: str
    reason: str
    rule: str
    chance: Estimate | None
    compared: tuple[Comparison, ...]
    set_aside: int
    first_look: int
    not_weighed: int
    playouts: int
    decided: int
    budget: int
    seed: int
    position: str

    @property
    def ruling(self) -> Ruling:
        return RULINGS[self.rule]

    @property
    def chances(self) -> tuple[Estimate, ...]:
        """The finalists' estimates, the suggested move first, then as :attr:`compared` orders them."""
        return () if self.chance is None else (self.chance, *(c.chance for c in self.compared))

    @property
    def narrowing(self) -> str:
        """How the search narrowed the moves down, in words; empty when it weighed only the finalists."""
        parts = []
        if self.set_aside:
            parts.append(Count(self.set_aside, *n_("{count} other move was set aside after a first look ({tables} each)",
                                                   "{count} other moves were set aside after a first look ({tables} "
                                                   "each)"),
                               {"tables": Count(self.first_look, *n_("at most {count} table", "at most {count} tables"))}))
        if self.not_weighed:
            parts.append(Count(self.not_weighed, *n_("{count} more legal move was not weighed (the greedy player ranks "
                                                     "them lower)",
                                                     "{count} more legal moves were not weighed (the greedy player "
                                                     "ranks them lower)")))
        if not parts or self.chance is None:
            return ""
        finalists, tables = len(self.chances), _tables(self.chance.playouts)
        these = (said(N_("this one was looked at more closely ({tables} each)"), tables=tables) if finalists == 1
                 else said(N_("these {count} were looked at more closely ({tables} each)"), count=finalists,
                           tables=tables))
        return said(N_("{narrowed}; {finalists}."), narrowed=Joined(tuple(parts), "; ", N_("{items}; {item}")),
                    finalists=these)

    @property
    def noise(self) -> str:
        """How far to trust the chances, in words."""
        if not self.playouts:
            return said(N_("No search was needed: this move is right whatever the hidden cards are."))
        cut = self.playouts - self.decided
        played = (said(N_("{count} of them were cut off after {depth} moves and judged by hand sizes"), count=cut,
                       depth=PLAYOUT_DEPTH) if cut else said(N_("each one played to the end of the round")))
        error = said(N_(", {points} points for the suggested move"), points=points(self.chance.error)) \
            if self.chance else ""
        return said(N_("{count} imagined rounds in all, over every move looked at (seed {seed}, budget {budget}): the "
                       "hidden cards dealt at random, then every seat played by the greedy player; {played}. ± is one "
                       "standard error{error}. The expert keeps the greedy player's move unless another does better on "
                       "the same tables by more than its noise; moves closer than {clear} standard errors are a tie."),
                    count=self.playouts, seed=self.seed, budget=self.budget, played=played, error=error,
                    clear=f"{CLEAR:g}")

    def lines(self) -> tuple[str, ...]:
        """The list a table shows: the suggested move with its chance, then each other finalist against it."""
        if self.chance is None:
            return ()
        return (f"Chosen: {self.chance}", *map(str, self.compared))

    def __str__(self) -> str:
        lines = [f"Hint for {self.seat}: {self.text}", self.reason, *self.lines()]
        return "\n".join(lines + [self.narrowing] if self.narrowing else lines)


def _tables(count: int) -> Count:
    return Count(count, *n_("{count} table", "{count} tables"))


@dataclass(frozen=True)
class ReviewedDecision:
    """One decision of the reviewed seat where the hint's search chose another move than the one played.

    ``number`` counts the round's moves from 1 (the move played here is move
    ``number``); ``state`` is the table before it, so a step player can open it.
    ``suggested`` is the search's choice and ``chance`` its estimate: the very figures
    the hint shows at this position with the same seed and budget. ``played`` is the
    move played against that choice on the same tables (:class:`Comparison`); ``reason``
    and ``rule`` say why the expert's move, as a hint would. It is a :attr:`mistake`
    only when the choice leads beyond its margin; otherwise a close call.
    """

    number: int
    state: GameState
    suggested: str
    reason: str
    rule: str
    chance: Estimate
    played: Comparison

    def __post_init__(self) -> None:  # a record made by hand is checked as the review's own would be
        inputs.whole_number(self.number, "the number of a decision", 1, 10**9)
        inputs.one_of_kind(self.state, GameState, inputs.POSITION)
        for name in ("suggested", "reason", "rule"):
            inputs.text(getattr(self, name), f"the {name} of a decision", least=0, longest=5000, like="A plays red 7")
        inputs.one_of_kind(self.chance, Estimate, "an estimate (Estimate.of the playout values)")
        inputs.one_of_kind(self.played, Comparison, "a comparison of the move played")

    @property
    def position(self) -> str:
        return self.state.to_text()

    @property
    def mistake(self) -> bool:
        """Does the expert's move lead the one played beyond its noise (:func:`~nomercy.play.estimate.is_clear`)?"""
        return self.played.clear

    def __str__(self) -> str:
        return str.__str__(self.said)

    @property
    def said(self) -> Said:
        """The decision with its figures (:func:`str` of it), as words a table in another language says again."""
        values: dict[str, Any] = {"number": self.number, "played": MoveSaid(self.played.move, self.played.move, self.state),
                  "played_chance": f"{self.played.chance.mean:.0%}", "chance": f"{self.chance.mean:.0%}",
                  "suggested": MoveSaid(self.suggested, self.suggested, self.state)}
        if self.mistake:
            return said(N_("Move {number}: {played} ({played_chance}). The expert: {suggested} ({chance}), better by "
                           "{points} points (± {error}, one standard error, on the same {tables} tables). {reason}"),
                        points=points(self.played.lead), error=points(self.played.error), tables=self.played.tables,
                        reason=self.reason, **values)
        return said(N_("Move {number}: {played} ({played_chance}); the expert's search chose {suggested} ({chance}). "
                       "A close call, {verdict}."), verdict=self.played.verdict, **values)


@dataclass(frozen=True)
class Review:
    """What the expert would have played otherwise at the decisions of ``seat`` in one round, in the order played.

    ``mistakes`` are the decisions where its move leads the one played beyond the margin;
    ``close_calls`` those where it chose another move but the two are a tie within noise.
    ``looked_at`` counts the seat's decisions that had more than one move.
    """

    seat: str
    looked_at: int
    mistakes: tuple[ReviewedDecision, ...]
    close_calls: tuple[ReviewedDecision, ...]
    budget: int
    seed: int

    @property
    def decisions(self) -> tuple[ReviewedDecision, ...]:
        """Every decision named, the mistakes first: what a table numbers when it opens a position."""
        return self.mistakes + self.close_calls

    @property
    def head(self) -> str:
        """The review in one line: how many mistakes and close calls among how many decisions."""
        head = (N_("Your round: {mistakes} and {close_calls} in {count} decisions (seed {seed}, {budget} playouts per "
                   "decision, as for a hint)") if is_you(self.seat) else
                N_("{player}: {mistakes} and {close_calls} in {count} decisions (seed {seed}, {budget} playouts per "
                   "decision, as for a hint)"))  # the seat called You is no label: "You: 2 mistakes" reads as a slip
        return said(head, player=seat_words.SeatLabel(self.seat),
                    mistakes=Count(len(self.mistakes), *n_("{count} mistake", "{count} mistakes")),
                    close_calls=Count(len(self.close_calls), *n_("{count} close call", "{count} close calls")),
                    count=self.looked_at, seed=self.seed, budget=self.budget)

    def __str__(self) -> str:
        return "\n".join([self.head, *map(str, self.mistakes), *map(str, self.close_calls)])


History = Union[GameRecord, Game, Transcript, Sequence[tuple[GameState, Union[Move, str]]]]


# ---------------------------------------------------------------------------------------------- hint

def hint(state: GameState, seat: str | int, *, seed: int = 0, budget: int = DEFAULT_BUDGET) -> Hint:
    """The expert's suggested move for ``seat``, why, and what its search found (:class:`Hint`).

    The expert sees only ``seat``'s view of the table. ``budget`` is the number of
    playouts (no clock is involved, so the same seed and budget give the same hint on
    any machine). A move that wins the round, an UNO call and a catch are suggested
    without a search.
    """
    if not isinstance(state, GameState):
        inputs.one_of_kind(state, GameState, inputs.POSITION)
    index = state.seat(seat)
    _check_budget(budget)
    required, optional = seat_moves(state, index)
    finishing = [a for a in required if type(a) is Play and empties_hand(a.card, state.hands[a.seat])]
    quick: Move | None = finishing[0] if finishing else next(
        (a for kind in (CallUno, Catch) for a in optional if type(a) is kind), None)
    if quick is not None:
        return Hint(state.seats[index], quick, state.move_text(quick), *move_reason(state, index, quick), None, (),
                    0, 0, 0, 0, 0, budget, seed, state.to_text())
    if not required:
        raise IllegalMoveError(f"{says(state.seats[index], 'has')} no move to make now: it is "
                               f"{possessive(state.seats[state.turn])} turn" if not state.is_over
                               else "the round is over")
    weighing = _weigh(state, index, required, seed=seed, budget=budget)
    choice = weighing.choice
    compared = sorted((_compared(state, weighing, move) for move in weighing.finalists if move != choice),
                      key=lambda c: c.lead)
    aside = weighing.set_aside
    return Hint(state.seats[index], choice, state.move_text(choice), *move_reason(state, index, choice),
                _labelled(state, weighing, choice), tuple(compared), len(aside),
                max((weighing.estimate(m).playouts for m in aside), default=0), len(required) - weighing.searched,
                weighing.playouts, weighing.decided, budget, seed, state.to_text())


def _labelled(state: GameState, weighing: Weighing, move: Move) -> Estimate:
    """The weighed move's estimate, labelled with the move as the table writes it."""
    return replace(weighing.estimate(move), label=state.move_text(move))


def _compared(state: GameState, weighing: Weighing, move: Move) -> Comparison:
    """``move`` against the search's choice on the tables both were played on."""
    lead, error, tables = weighing.paired_difference(weighing.choice, move)
    return Comparison(state.move_text(move), _labelled(state, weighing, move), lead, error, tables)


def _check_budget(budget: int) -> None:
    if isinstance(budget, bool) or not isinstance(budget, int) or not 1 <= budget <= MAX_BUDGET:
        raise PlayerError(f"the coach's budget is a number of playouts, 1 to {MAX_BUDGET}, not {brief(budget)}")


def _expert(seed: int, budget: int) -> ExpertPlayer:
    # sharp off: the coach's chances and its measured figures (docs/widgets.md) are those of greedy playouts
    return ExpertPlayer(seed=seed, iterations=budget, max_time=None, depth=PLAYOUT_DEPTH, memory=False, sharp=False)


def _weigh(state: GameState, seat: int, required: Sequence[Move], *, seed: int, budget: int,
           follow: Sequence[Move] = ()) -> Weighing:
    """The hint's search; ``follow`` adds moves played on all its tables without changing it (the review's)."""
    expert = _expert(seed, budget)
    view = state.view(seat)
    return expert.weigh(view, expert.shortlist(view, required), follow=follow)


# ---------------------------------------------------------------------------------------------- review

def review(record_or_history: History, seat: str | int, *, seed: int = 0, budget: int = DEFAULT_BUDGET) -> Review:
    """The decisions of ``seat`` where the expert would have chosen otherwise: mistakes, and close calls.

    ``record_or_history`` is a :class:`GameRecord`, a :class:`Game`, its
    :class:`~nomercy.play.transcript.Transcript` (refused moves are passed over), or
    the list of (state before, move) pairs of a round. At each decision of ``seat``
    with more than one move, the hint's own search runs (same seed and budget, so its
    choice and figures are those :func:`hint` gives there), with the move played
    followed on every one of its tables. Where the choice differs from the move played,
    the decision is a mistake when the choice leads beyond its margin
    (:func:`~nomercy.play.estimate.is_clear`) and a close call otherwise.
    :func:`reviewing` does the same one decision at a time, for a caller that shows progress.
    """
    steps, index = _steps_of(record_or_history, seat, seed, budget)
    found: list[ReviewedDecision] = []
    looked_at = 0
    for progress in _reviewing(steps, index, seed, budget):
        looked_at = progress.done
        if progress.decision is not None:
            found.append(progress.decision)
    return reviewed(steps[0][1].seats[index], looked_at, found, budget, seed)


def reviewed(seat: str, looked_at: int, found: Sequence[ReviewedDecision], budget: int, seed: int) -> Review:
    """The :class:`Review` of the decisions ``found``, parted into mistakes and close calls."""
    return Review(seat, looked_at, tuple(d for d in found if d.mistake), tuple(d for d in found if not d.mistake),
                  budget, seed)


@dataclass(frozen=True)
class ReviewProgress:
    """One decision of a review done: ``done`` of ``total``, and what it found (``None``: the expert agrees)."""

    done: int
    total: int
    decision: ReviewedDecision | None


def reviewing(record_or_history: History, seat: str | int, *, seed: int = 0,
              budget: int = DEFAULT_BUDGET) -> Iterator[ReviewProgress]:
    """:func:`review`, one decision at a time: each decision of ``seat`` with a choice, as it is weighed."""
    steps, index = _steps_of(record_or_history, seat, seed, budget)
    return _reviewing(steps, index, seed, budget)


def _steps_of(history: History, seat: str | int, seed: int,
              budget: int) -> tuple[list[tuple[int, GameState, Move]], int]:
    """The steps of ``history`` and the index of ``seat``, every argument checked before any search starts (a
    :func:`reviewing` caller hears of a bad seed at once, not at the first decision)."""
    _check_budget(budget)
    inputs.seed(seed, error=PlayerError)
    steps = _steps(history)
    if not steps:
        raise IllegalMoveError("there is no move to review")
    return steps, steps[0][1].seat(seat)


def weigh_decision(state: GameState, seat: int | str, played: Move, *, seed: int, budget: int,
                   every: bool = False) -> Weighing:
    """The review's search at one decision: the hint's search, the move ``played`` followed on all its tables. With
    ``every``, every other move of the seat is followed too, to set each against the one played on shared tables (a
    kept mistake's check, :mod:`nomercy.puzzles.better_move`); following changes nothing of the search
    (:meth:`ExpertPlayer.weigh`), so its choice and its lead over the move played are the review's, figure for figure."""
    seat = (state if isinstance(state, GameState) else inputs.one_of_kind(state, GameState, inputs.POSITION)).seat(seat)
    _check_budget(budget)
    seed, every = inputs.seed(seed, error=PlayerError), inputs.switch(every, "every (follow every move)", error=PlayerError)
    required, _ = seat_moves(state, seat)
    if played not in required:
        shown = state.move_text(played) if isinstance(played, get_args(Move)) else brief(played)
        raise IllegalMoveError(f"{shown} is not a move {says(state.seats[seat], 'has')} to choose now: nothing to weigh")
    return _weigh(state, seat, required, seed=seed, budget=budget,
                  follow=(played, *[m for m in required if m != played]) if every else (played,))


EXPERT_PREFERS = "expert-prefers"
"""The kind of warning :func:`judged_warnings` gives when the review's search finds the move a mistake, but its
better move is none of the ways out the warnings offered: the warning then names the search's move, as the review will."""


def judged_warnings(state: GameState, seat: str | int, move: Move | str, *, seed: int,
                    budget: int = DEFAULT_BUDGET) -> tuple[MoveWarning, ...]:
    """The warnings before ``move`` that the review will uphold: one judge speaks, the review's own search.

    :func:`move_warnings` finds what a move risks from the rules (a 0 that leaves you more cards, a stack taken that
    could be passed on); whether another move is better is the search's to say, the very search the round's review
    runs at this decision (:func:`weigh_decision`, same ``seed`` and ``budget``). So a warning that offers another
    move is kept only when that search finds ``move`` a mistake (its choice leads beyond the margin) and its choice
    is that way out; when it prefers a third move, one warning names that move with the review's reason
    (:data:`EXPERT_PREFERS`); when it finds ``move`` as good within noise, or best, the warning is left out. Whoever
    goes ahead against a warning reads the same advice in the review; whoever follows it, nothing.
    Warnings with no other move to offer (call UNO with this play; every move here costs something) and those about
    a move the review does not weigh (a catch) stay as they are. The search runs only when a warning offers another
    move, so most moves cost nothing more."""
    _check_budget(budget)  # checked before anything, though the search runs only at a warning
    seed = inputs.seed(seed, error=PlayerError)
    found = move_warnings(state, seat, move)
    index = state.seat(seat)
    move = state.parse_move(move) if isinstance(move, str) else move
    required = seat_moves(state, index)[0]
    choosing = [w for w in found if w.instead and move in required and state.parse_move(w.instead) in required]
    if not choosing:
        return found
    others = [w for w in found if w not in choosing]
    weighing = weigh_decision(state, index, move, seed=seed, budget=budget)
    choice = weighing.choice
    if choice == move or not _compared(state, weighing, move).clear:
        return tuple(others)
    chosen = state.move_text(choice)
    agreeing = [w for w in choosing if w.instead == chosen]
    if agreeing:
        return tuple(w for w in found if w in others or w in agreeing)
    reason, rule = move_reason(state, index, choice)
    played = _compared(state, weighing, move)
    text = said(N_("The expert prefers {doing}: it won {chance} of the imagined rounds, this move {played_chance}. "
                   "{reason}"), doing=doing(state, choice), chance=f"{weighing.estimate(choice).mean:.0%}",
                played_chance=f"{played.chance.mean:.0%}", reason=reason)
    return (*others, MoveWarning(EXPERT_PREFERS, rule, text, 1.0, chosen, 0.0))


def _reviewing(steps: list[tuple[int, GameState, Move]], index: int, seed: int,
               budget: int) -> Iterator[ReviewProgress]:
    decisions = [(number, state, move) for number, state, move in steps
                 if move.seat == index and not is_optional(state, move) and len(seat_moves(state, index)[0]) > 1]
    for done, (number, state, move) in enumerate(decisions, 1):
        weighing = weigh_decision(state, index, move, seed=seed, budget=budget)
        choice = weighing.choice
        if choice == move:
            yield ReviewProgress(done, len(decisions), None)
            continue
        yield ReviewProgress(done, len(decisions), ReviewedDecision(
            number, state, state.move_text(choice), *move_reason(state, index, choice), _labelled(state, weighing, choice),
            _compared(state, weighing, move)))


def _steps(history: History) -> list[tuple[int, GameState, Move]]:
    """(move number, state before, move) for every move of the round that was played."""
    if isinstance(history, GameRecord):
        history = Game.from_record(history)
    if isinstance(history, Game):
        history = history.transcript()
    if isinstance(history, Transcript):
        return [(step.number, step.before, step.before.parse_move(step.move)) for step in history.steps if step.played]
    pairs = inputs.items(history, "the round to review (a game record, a game, its transcript, or its list of "
                         "(position, move) pairs)", error=PlayerError)
    steps = []
    for number, pair in enumerate(pairs, 1):
        state, move = pair if isinstance(pair, (tuple, list)) and len(pair) == 2 else (None, None)
        if not isinstance(state, GameState) or not isinstance(move, (str, *_MOVE_KINDS)):
            raise PlayerError(f"step {number} of the round to review is a (position, move) pair, not {inputs.quote(pair)}")
        steps.append((number, state, state.parse_move(move) if isinstance(move, str) else move))
    return steps


_MOVE_KINDS = (Play, Draw, Pass, NameColor, CallUno, Catch, Challenge)
"""The kinds of move a step of a round may hold."""
