"""The coach at a table: its hint and its warnings as plain data for a front end, and the round's review in slices.

The advice itself is :mod:`nomercy.play.coach`'s; this module only decides what a table shows of it
(chances in whole percent, the ruling's title beside its id) and lets a long review run a slice at a
time, so the front end stays responsive and can show how far it got.
"""

from __future__ import annotations

import copy
import inspect
import time
import types
from dataclasses import dataclass, replace
from typing import Any, Iterator, Mapping, Sequence

from nomercy.core.moves import Move
from nomercy.core.state import GameState
from nomercy.core.wording import plural, possessive
from nomercy.play import coach as coaching
from nomercy.core import wording
from nomercy.play.coach_warnings import doing, move_words
from nomercy.play.estimate import points
from nomercy.play.game import Game
from nomercy.play.hot_seat import Screen

__all__ = ["TABLE_BUDGET", "REVIEW_SLICE", "hint_advice", "warning_advice", "ReviewInSlices", "ReviewRun", "coach_seat", "hint_at",
           "why_no_review", "review_seat", "NO_REVIEW_YET", "NOTHING_HELD"]

TABLE_BUDGET = 100
"""Playouts per search at the table, for the hint and for each decision of the review alike: the review runs
the hint's own search, so at a position where the person asked for a hint it shows the hint's figures. About a
tenth of a second per search on the first table of 11-play on a quiet machine (docs/widgets.md, "Coach")."""
REVIEW_SLICE = 0.5
"""Seconds of review work per ``review`` intent: the front end asks again until it is done, showing the progress."""


def hint_advice(state: GameState, seat: int, *, seed: int) -> dict[str, Any]:
    """The coach's hint for ``seat`` (:data:`TABLE_BUDGET` playouts), as the table shows it.

    ``summary`` is what a card player reads: why the move, and what the imagined rounds found, in words
    (:func:`hint_summary`). The figures are one click away, in ``numbers``: ``chances`` is the search's
    list, the suggested move first, then each other finalist against it (:meth:`~nomercy.play.coach.Hint.lines`);
    ``narrowing`` says what the search set aside, ``noise`` how far to trust it."""
    started = time.perf_counter()
    tip = coaching.hint(state, seat, seed=seed, budget=TABLE_BUDGET)
    return {
        "kind": "hint", "move": tip.text, "reason": tip.reason, "rule": tip.rule, "title": tip.ruling.title,
        "summary": hint_summary(state, tip),
        "numbers": {"chances": [{"move": c.label, "text": line} for c, line in zip(tip.chances, tip.lines())],
                    "narrowing": tip.narrowing, "noise": tip.noise,
                    "seconds": round(time.perf_counter() - started, 2)},
    }


def hint_summary(state: GameState, tip: coaching.Hint) -> str:
    """The hint in one or two sentences: its reason, then what the imagined rounds found, in a card player's words.

    >>> from nomercy.play.game import Game
    >>> state = Game("no-mercy", ["You", "Bo", "Cy"], seed=66).state
    >>> print(hint_summary(state, coaching.hint(state, "You", seed=1, budget=30)))
    Play blue discard-all: it takes your other blue card (blue reverse) along, so you hold 5 cards. In 11 imagined rounds it won about half, the most of your moves, though playing wild reverse +4 choosing blue came close.
    """
    if tip.chance is None:
        return f"{tip.reason} {wording.NO_SEARCH_NEEDED}"
    rounds, chance = tip.chance.playouts, wording.chance_words(tip.chance.mean)
    if not tip.compared:
        odds = wording.HINT_ODDS_ALONE.format(rounds=rounds, chance=chance)
    elif all(c.clear for c in tip.compared):
        odds = wording.HINT_ODDS_CLEARLY.format(rounds=rounds, chance=chance)
    else:
        closest = tip.compared[0]
        other = doing(state, state.parse_move(closest.move))
        if closest.lead >= 0:
            odds = wording.HINT_ODDS_CLOSE.format(rounds=rounds, chance=chance, other=other)
        else:
            theirs = wording.chance_words(closest.chance.mean)
            odds = wording.HINT_ODDS_BEHIND.format(rounds=rounds, chance=chance, other=other,
                                                   other_chance=wording.ABOUT_AS_OFTEN if theirs == chance else theirs)
    return f"{tip.reason} {odds}"


def warning_advice(state: GameState, move: Move, *, uno_called: bool) -> dict[str, Any] | None:
    """The coach's warnings before ``move``, as the table shows them; ``None`` when it has none.

    ``uno_called``: UNO is called with this move (called for the person, or armed before a play), so a
    warning that it must be called is left out."""
    found = [w for w in coaching.move_warnings(state, move.seat, move) if not (w.kind == "uno-call" and uno_called)]
    if not found:
        return None
    instead = [{"move": move, "label": _instead_label(state, move)}
               for move in dict.fromkeys(w.instead for w in found if w.instead)]
    return {
        "kind": "warning", "move": state.move_text(move),
        "warnings": [{"kind": w.kind, "text": w.text, "rule": w.rule, "title": w.ruling.title,
                      "chance": round(w.chance * 100)} for w in found],
        "instead": instead,
        # the button the box highlights: the first way out (never itself warned against), else the move as asked,
        # so a person who follows the highlighted button always gets a move made
        "highlight": "instead-0" if instead else "go-ahead",
    }


def _instead_label(state: GameState, move: str, *, instead: bool = True) -> str:
    """A button's words for a way out: 'Name green instead', 'Play blue 1 instead', 'Take the 4 cards instead'
    (without ``instead``: the move as something to do, 'Play blue 1')."""
    parsed = state.parse_move(move)
    said, rest = move_words(state, parsed)
    if said == "draws" and state.pending:
        said, rest = "takes", f"the {plural(state.pending)}"
    verbs = {"plays": "Play", "draws": "Draw", "names": "Name", "passes": "Keep the card you drew",
             "challenges": "Challenge", "catches": "Catch", "calls": "Call", "takes": "Take"}
    return " ".join(filter(None, [verbs.get(said, said), "" if said == "passes" else rest, "instead" if instead else ""]))


class _Steps:
    """The review's playouts under way (a generator, which only goes forward) and how many decisions it has
    weighed: a review value that is not as far along starts again rather than skip what it never saw."""

    def __init__(self, steps: Iterator[coaching.ReviewProgress]) -> None:
        self.steps, self.done = steps, 0

    def __iter__(self) -> Iterator[coaching.ReviewProgress]:
        for progress in self.steps:
            self.done = progress.done
            yield progress


@dataclass(frozen=True)
class ReviewRun:
    """The coach's review of one seat of a finished round as a value: how far it got (:attr:`shown`), the
    decisions found so far, and once done its :attr:`result`. :meth:`ran` makes the next value, so a table
    that goes back keeps the review as it was."""

    game: Game  # the round as it ended (a copy the review never changes)
    seat_index: int
    seed: int
    seat: str
    shown: Mapping[str, Any]
    result: coaching.Review | None = None
    found: tuple[coaching.ReviewedDecision, ...] = ()
    steps: _Steps | None = None
    started: float = 0.0

    @classmethod
    def of(cls, game: Game, seat: int, *, seed: int) -> "ReviewRun":
        name = game.state.seats[seat]
        return cls(copy.copy(game), seat, seed, name, {"running": True, "done": 0, "total": 0, "seat": name,
                                                       "line": _progress_line(name, 0, 0)},
                   started=time.perf_counter())

    def ran(self, seconds: float = REVIEW_SLICE) -> "ReviewRun":
        """The review after about ``seconds`` more of work (at least one decision), or done."""
        if self.result is not None:
            return self
        steps, found, done, total = self.steps, list(self.found), self.shown["done"], self.shown["total"]
        generator = None if steps is None else steps.steps
        if steps is None or steps.done != done or (isinstance(generator, types.GeneratorType) and
                                                  inspect.getgeneratorstate(generator) == inspect.GEN_CLOSED):
            # not begun, a slice that failed ended it, or a later value went on with it: start again
            steps = _Steps(coaching.reviewing(self.game, self.seat_index, seed=self.seed, budget=TABLE_BUDGET))
            found = []
        until = time.perf_counter() + seconds
        for progress in steps:
            done, total = progress.done, progress.total
            if progress.decision is not None:
                found.append(progress.decision)
            if time.perf_counter() >= until:
                return replace(self, steps=steps, found=tuple(found), shown={
                    **self.shown, "done": done, "total": total, "line": _progress_line(self.seat, done, total)})
        result = coaching.reviewed(self.seat, done, found, TABLE_BUDGET, self.seed)
        return replace(self, steps=None, found=tuple(found), result=result, shown={
            "running": False, "done": done, "total": total, "head": review_head(result),
            "explained": wording.REVIEW_EXPLAINED,
            "seat": result.seat, "looked_at": result.looked_at, "open": None,
            "mistakes": [_shown(d) for d in result.mistakes],
            "close_calls": [_shown(d) for d in result.close_calls],
            "numbers": {"head": result.head, "budget": result.budget, "seed": result.seed,
                        "seconds": round(time.perf_counter() - self.started, 1),
                        "noise": f"Each decision weighed by the hint's own search ({plural(result.budget, 'playout')} "
                                 f"per decision, seed {result.seed}), the move played followed on all its tables; a "
                                 "mistake is a lead beyond two standard errors, a close call one within them."},
        })

    def opened(self, index: Any) -> "ReviewRun | str":
        """The finished review with decision ``index`` open (``shown["open"]``), or the reason it cannot be."""
        if self.result is None:
            return NO_REVIEW_YET
        decisions = self.result.decisions
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(decisions):
            if not decisions:
                return f"the review names no decision, so there is no position {index!r} to open"
            return f"the review has decisions 0 to {len(decisions) - 1} (mistakes first), not {index!r}"
        return replace(self, shown={**self.shown, "open": index})


class ReviewInSlices:
    """The coach's review of ``seat`` in a finished round, run a slice of time at a time (a notebook's handle on a
    :class:`ReviewRun`, the value a table keeps).

    :attr:`shown` is what a front end shows: ``running``, ``done`` and ``total`` while it runs; the
    decisions the expert would have made otherwise once it is done (:attr:`result`).
    """

    def __init__(self, game: Game, seat: int, *, seed: int) -> None:
        self.now = ReviewRun.of(game, seat, seed=seed)

    @property
    def seat(self) -> str:
        return self.now.seat

    @property
    def shown(self) -> Mapping[str, Any]:
        return self.now.shown

    @property
    def result(self) -> coaching.Review | None:
        return self.now.result

    def run(self, seconds: float = REVIEW_SLICE) -> None:
        """Review decisions for about ``seconds`` (at least one), or until the review is done."""
        self.now = self.now.ran(seconds)

    def open(self, index: Any) -> str | None:
        """Open decision ``index`` of the finished review (``shown["open"]``); the reason it cannot be, or ``None``."""
        opened = self.now.opened(index)
        if isinstance(opened, str):
            return opened
        self.now = opened
        return None


def _progress_line(seat: str, done: int, total: int) -> str:
    """How far a running review got, in words: "Reviewing your decisions: 3 of 12 weighed…" for a seat called You."""
    return wording.REVIEW_PROGRESS.format(whose=possessive(seat), done=done, total=total or "?")


def review_head(review: coaching.Review) -> str:
    """The review in one line, in a card player's words: "Your round: 1 mistake and 2 close calls in 12 decisions."."""
    return wording.REVIEW_HEAD.format(whose=possessive(review.seat, start=True) if review.seat else "The",
                                      mistakes=plural(len(review.mistakes), "mistake"),
                                      close_calls=plural(len(review.close_calls), "close call"),
                                      decisions=plural(review.looked_at, "decision"))


def decision_text(decision: coaching.ReviewedDecision) -> str:
    """One reviewed decision in a card player's words; its figures are :func:`str` of it.

    A close call where the move played scored more on these tables says why the expert keeps its own move."""
    state = decision.state
    words = {"number": decision.number, "played": decision.played.move,
             "suggested": _lower_first(_instead_label(state, decision.suggested, instead=False)),
             "chance": f"{decision.chance.mean:.0%}", "played_chance": f"{decision.played.chance.mean:.0%}",
             "reason": decision.reason}
    if decision.mistake:
        return wording.REVIEW_MISTAKE.format(**words)
    if decision.played.lead < 0:
        return wording.REVIEW_CLOSE_CALL_BEHIND.format(**words)
    return wording.REVIEW_CLOSE_CALL.format(**words)


def _lower_first(text: str) -> str:
    """'Play blue 1' as it reads inside a sentence: 'play blue 1' (and 'call UNO' keeps its capitals)."""
    return text[:1].lower() + text[1:]


def _shown(decision: coaching.ReviewedDecision) -> dict[str, Any]:
    """One reviewed decision as the table lists it: its sentence, and (one click away) the figures it is made of."""
    played = decision.played
    return {"number": decision.number, "played": played.move, "suggested": decision.suggested,
            "reason": decision.reason, "rule": decision.rule, "text": decision_text(decision),
            "position_line": wording.REVIEW_POSITION.format(number=decision.number),
            "mistake": decision.mistake,
            "numbers": {"text": str(decision), "played_chance": round(played.chance.mean * 100),
                        "suggested_chance": round(decision.chance.mean * 100), "lead": round(played.lead * 100),
                        "error": points(played.error)}}


# ---------------------------------------------------------------------------------------------- the coach's desk
# What the coach says at a table, from the values it is given (the position, the screen, the table's options):
# each returns advice or the reason there is none, and the session applies it.

def coach_seat(coach: bool, screen: Screen, state: GameState) -> int | str:
    """The seat at the screen, when the coach may speak to it; else why not."""
    if not coach:
        return "The coach is off at this table (start it with coach=True)."
    return screen.person_at_screen(state)


def why_no_hint(coach: bool, screen: Screen, state: GameState) -> str | None:
    """Why the coach gives the person at the screen no hint now, or ``None``: the one rule, which the table's
    Hint button (:mod:`nomercy.play.table_view`) and the hint itself (:func:`hint_at`) both follow."""
    seat = coach_seat(coach, screen, state)
    if isinstance(seat, str):
        return seat
    if state.is_over:
        return "The round is over: 'Review my round' shows where the expert would have played otherwise."
    if state.to_act != seat and seat not in state.catchable:
        return f"It is {possessive(state.seats[state.to_act])} move, not yours: ask for a hint on your turn."  # type: ignore[index]
    return None


def hint_at(coach: bool, screen: Screen, state: GameState, *, seed: int) -> dict[str, Any] | str:
    """The hint for the person at the screen (:func:`hint_advice`), or why the coach gives none now."""
    why_not = why_no_hint(coach, screen, state)
    if why_not is not None:
        return why_not
    return hint_advice(state, screen.person_at_screen(state), seed=seed)  # type: ignore[arg-type]


def why_no_review(coach: bool, state: GameState, people: Sequence[int], moves: int) -> str | None:
    """Why the round cannot be reviewed now, or ``None``."""
    if not coach:
        return "The coach is off at this table (start it with coach=True)."
    if not state.is_over:
        return "The review comes after the round: finish it first."
    if not people or not moves:
        return "There is no decision of a person to review in this round."
    return None


def review_seat(screen: Screen) -> int:
    """Whose round the review weighs: the person at the screen, else the first person at the table."""
    viewer = screen.viewer
    return viewer if viewer is not None and viewer in screen.people else screen.people[0]


NO_REVIEW_YET = "There is no review yet: click 'Review my round' first."
NOTHING_HELD = "No move is waiting: the coach's warning was already answered."
