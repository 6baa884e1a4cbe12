"""The coach's review of a finished round at a table: a value that runs a slice of time at a time, and its text.

The review itself is :mod:`nomercy.play.coach`'s (:func:`~nomercy.play.coach.reviewing` weighs one decision after
another); this room lets a long review run a slice at a time, so the front end stays responsive and can show how far
it got (:class:`ReviewRun`, the value a table keeps; :class:`ReviewInSlices`, a notebook's handle on it), and writes
what the table shows of it (:func:`review_head`, :func:`decision_text`). When the coach's desk allows a review, and
whose, is :mod:`nomercy.play.table_coach`'s.
"""

from __future__ import annotations

import copy
import inspect
import time
import types
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Iterator, Mapping

from nomercy.core import wording
from nomercy.core.i18n import N_
from nomercy.core.refusals import Count, said
from nomercy.core.said import n_
from nomercy.core.wording import is_you, possessive
from nomercy.play import coach as coaching
from nomercy.play.estimate import points
from nomercy.play.game import Game
from nomercy.play.review_file import review_path, write_review
from nomercy.play.said_at_table import MoveSaid
from nomercy.play.table_coach import (NO_REVIEW_YET, PLAIN_DECISION, PLAIN_HOW, PLAIN_REVIEWED, TABLE_BUDGET,
                                      move_label)

__all__ = ["REVIEW_SLICE", "ReviewRun", "ReviewInSlices", "review_head", "decision_text"]

REVIEW_SLICE = 0.5
"""Seconds of review work per ``review`` intent: the front end asks again until it is done, showing the progress."""


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

    def ran(self, seconds: float = REVIEW_SLICE, *, keep: tuple[Path, str] | None = None) -> "ReviewRun":
        """The review after about ``seconds`` more of work (at least one decision), or done. ``keep``: the round's save
        and its record as JSON, beside which the review is kept once done (:mod:`~nomercy.play.review_file`), so a
        table that opens on the round again shows it as it was."""
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
        finished = self.done_as(result, tuple(found), round(time.perf_counter() - self.started, 1))
        if keep is not None:
            write_review(review_path(keep[0]), keep[1], result, finished.shown["numbers"]["seconds"])
        return finished

    @classmethod
    def restored(cls, game: Game, seat: int, *, seed: int, result: coaching.Review, seconds: float) -> "ReviewRun":
        """The review of ``seat`` as it ended once before (``result``, kept with the round: :mod:`~nomercy.play.
        review_file`), shown as it was then without weighing a decision again; it took ``seconds`` then."""
        found = tuple(sorted(result.decisions, key=lambda d: d.number))
        return cls.of(game, seat, seed=seed).done_as(result, found, seconds)

    def done_as(self, result: coaching.Review, found: tuple[coaching.ReviewedDecision, ...],
                seconds: float) -> "ReviewRun":
        """This review done: its ``result`` (the decisions ``found``, in the order played), which took ``seconds``."""
        done = result.looked_at
        return replace(self, steps=None, found=found, result=result, shown={
            "running": False, "done": done, "total": done, "head": review_head(result),
            "explained": said(wording.REVIEW_EXPLAINED),
            "seat": result.seat, "looked_at": result.looked_at, "open": None,
            "mistakes": [_shown(d) for d in result.mistakes],
            "close_calls": [_shown(d) for d in result.close_calls],
            "numbers": {"head": result.head, "how": said(PLAIN_HOW), "budget": result.budget,
                        "plain_head": said(PLAIN_REVIEWED, count=result.looked_at),
                        "seed": result.seed,
                        "seconds": seconds,
                        "noise": said(N_("Each decision weighed by the hint's own search ({playouts} per decision, "
                                         "seed {seed}), the move played followed on all its tables; a mistake is a "
                                         "lead beyond two standard errors, a close call one within them."),
                                      playouts=Count(result.budget, *n_("{count} playout", "{count} playouts")),
                                      seed=result.seed)},
        })

    def opened(self, index: Any) -> "ReviewRun | str":
        """The finished review with decision ``index`` open (``shown["open"]``; ``None`` closes the one open), or the
        reason it cannot be."""
        if self.result is None:
            return NO_REVIEW_YET
        if index is None:
            return replace(self, shown={**self.shown, "open": None})
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
    values: dict[str, Any] = {"done": done, "total": total or "?"}
    if is_you(seat):
        return said(wording.REVIEW_PROGRESS_YOURS, wording.REVIEW_PROGRESS.format(whose=possessive(seat), **values),
                    **values)
    return said(wording.REVIEW_PROGRESS_THEIRS, wording.REVIEW_PROGRESS.format(whose=possessive(seat), **values),
                player=seat, **values)


def review_head(review: coaching.Review) -> str:
    """The review in one line, in a card player's words: "Your round: 1 mistake and 2 close calls in 12 decisions."."""
    values: dict[str, Any] = {"mistakes": Count(len(review.mistakes), *n_("{count} mistake", "{count} mistakes")),
              "close_calls": Count(len(review.close_calls), *n_("{count} close call", "{count} close calls")),
              "decisions": Count(review.looked_at, *n_("{count} decision", "{count} decisions"))}
    english = wording.REVIEW_HEAD.format(whose=possessive(review.seat, start=True) if review.seat else "The", **values)
    if not review.seat:
        return said(wording.REVIEW_HEAD_NOBODY, english, **values)
    if is_you(review.seat):
        return said(wording.REVIEW_HEAD_YOURS, english, **values)
    return said(wording.REVIEW_HEAD_THEIRS, english, player=review.seat, **values)


def decision_text(decision: coaching.ReviewedDecision) -> str:
    """One reviewed decision in a card player's words; its figures are :func:`str` of it.

    A close call where the move played scored more on these tables says why the expert keeps its own move; one
    where it scored clearly less, yet within the search's noise, gives both figures and the doubt, never "about as
    well"."""
    state = decision.state
    suggested = move_label(state, decision.suggested, instead=False)
    words: dict[str, Any] = {"number": decision.number, "played": MoveSaid(decision.played.move, decision.played.move, state),
             "suggested": MoveSaid(_lower_first(suggested), decision.suggested, state),
             "chance": f"{decision.chance.mean:.0%}", "played_chance": f"{decision.played.chance.mean:.0%}"}
    if decision.mistake:
        return said(wording.REVIEW_MISTAKE, reason=decision.reason, **words)
    if decision.played.lead < 0:
        return said(wording.REVIEW_CLOSE_CALL_BEHIND, **words)
    if round((decision.chance.mean - decision.played.chance.mean) * 100) > wording.ABOUT_AS_WELL_POINTS:
        return said(wording.REVIEW_CLOSE_CALL_UNSURE, **words)
    return said(wording.REVIEW_CLOSE_CALL, **words)


def _lower_first(text: str) -> str:
    """'Play blue 1' as it reads inside a sentence: 'play blue 1' (and 'call UNO' keeps its capitals)."""
    return text[:1].lower() + text[1:]


def _shown(decision: coaching.ReviewedDecision) -> dict[str, Any]:
    """One reviewed decision as the table lists it: its sentence, and (one click away) the figures it is made of."""
    played = decision.played
    return {"number": decision.number, "played": played.move, "suggested": decision.suggested,
            "reason": decision.reason, "rule": decision.rule, "text": decision_text(decision),
            "position_line": said(wording.REVIEW_POSITION, number=decision.number),
            "mistake": decision.mistake,
            "numbers": {"text": decision.said,
                        "plain": said(PLAIN_DECISION, number=decision.number, played=round(played.chance.mean * 100),
                                      suggested=round(decision.chance.mean * 100)),
                        "played_chance": round(played.chance.mean * 100),
                        "suggested_chance": round(decision.chance.mean * 100), "lead": round(played.lead * 100),
                        "error": points(played.error)}}
