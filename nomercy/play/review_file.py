"""A finished review kept with its round: a small file beside the round's save, so the review is there again.

A table that saves its round (``save_to``) keeps the coach's review of it, once done, beside the save
(``play-page-round.json`` gets ``play-page-round.review.json``): the round's own record, then each decision the
review named by its move number, the expert's move and the search's figures. When the table opens on that round
again (a reload, a visit to another page and back), the review is shown as it was, with no decision weighed again.

The file is checked whole before it is used, as every file from outside is: its round must be the round resumed,
figure for figure, and its fingerprint the one the table wrote with it (a file changed by hand shows no figures the
coach never gave); each decision's move must be the one played there, by the seat reviewed; the expert's move must
be one that seat could make there; every figure must be one the search can give. A file that fails any of it is
passed over (the review is the coach's to make again: same seed, same figures), so it never changes a round or
shows a review of another one. Why each move is good is not kept: it is said again from the table
(:func:`~nomercy.play.coach_reasons.move_reason`), in the words of the day.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Any

from nomercy.core import inputs
from nomercy.core.errors import NomercyError
from nomercy.core.files import write_text
from nomercy.play import coach as coaching
from nomercy.play.coach_reasons import move_reason
from nomercy.play.coach_warnings import seat_moves
from nomercy.play.estimate import Estimate
from nomercy.play.game import Game
from nomercy.play.record import MAX_RECORD_CHARS

__all__ = ["REVIEW_SUFFIX", "MAX_REVIEW_BYTES", "review_path", "write_review", "read_review"]

REVIEW_SUFFIX = ".review.json"
"""What a round's save becomes as the name of its review's file (``round.json`` -> ``round.review.json``)."""
MAX_REVIEW_BYTES = 2_000_000
"""The largest review file read: a round's record and a few hundred decisions fit many times over."""
_VERSION = 1


def review_path(save: str | os.PathLike[str]) -> Path:
    """The review's file beside the round saved in ``save``."""
    path = Path(inputs.path(save, "the round's save file"))
    return path.with_name(path.stem + REVIEW_SUFFIX)


def _estimate(chance: Estimate) -> list[Any]:
    return [chance.mean, chance.error, chance.playouts]


def write_review(path: Path, record: str, review: coaching.Review, seconds: float) -> None:
    """Keep ``review`` of the round whose record is ``record`` (its JSON text) in ``path``, atomically. A write
    that fails is passed over: the review is there until the page closes, and the coach can make it again."""
    path = Path(inputs.path(path, "the review's file"))
    record = inputs.text(record, "the round's record", longest=4 * MAX_RECORD_CHARS, like='{"rules": "no-mercy", ...}')
    review = inputs.one_of_kind(review, coaching.Review, "a review of a round (coach.review gives one)")
    seconds = inputs.number(seconds, "the seconds a review took", 0, 10**6)
    decisions = sorted(review.decisions, key=lambda d: d.number)
    data = {"version": _VERSION, "record": record, "seat": review.seat, "looked_at": review.looked_at,
            "budget": review.budget, "seed": review.seed, "seconds": seconds,
            "decisions": [{"number": d.number, "suggested": d.suggested, "chance": _estimate(d.chance),
                           "played": d.played.move, "played_chance": _estimate(d.played.chance),
                           "lead": d.played.lead, "error": d.played.error, "tables": d.played.tables}
                          for d in decisions]}
    data["digest"] = _digest(data)
    try:
        write_text(path, json.dumps(data, sort_keys=True) + "\n", replace=True)
    except (NomercyError, OSError):
        return


def read_review(path: Path, game: Game, record: str, *, seat: int, seed: int,
                budget: int) -> tuple[coaching.Review, float] | None:
    """The review kept in ``path`` of the round ``game`` (whose record is ``record``), for ``seat`` with the coach's
    ``seed`` and ``budget``, and the seconds it took; ``None`` when there is none, or the file is not such a review
    of this very round (then it is passed over, and the coach makes the review again)."""
    path = Path(inputs.path(path, "the review's file"))
    game = inputs.one_of_kind(game, Game, "a game (the round reviewed)")
    record = inputs.text(record, "the round's record", longest=4 * MAX_RECORD_CHARS, like='{"rules": "no-mercy", ...}')
    seat = inputs.whole_number(seat, "the seat reviewed", 0, len(game.state.seats) - 1)
    seed = inputs.seed(seed)
    budget = inputs.whole_number(budget, "the coach's budget", 1, coaching.MAX_BUDGET)
    try:
        with open(path, "rb") as handle:
            text = handle.read(MAX_REVIEW_BYTES + 1)
        if len(text) > MAX_REVIEW_BYTES:
            return None
        data = json.loads(text)
        return _review(data, game, record, seat=seat, seed=seed, budget=budget)
    except (OSError, ValueError, TypeError, KeyError, IndexError, AttributeError, RecursionError, NomercyError):
        return None  # ValueError: not JSON, or a record of the coach refused a figure


def _review(data: Any, game: Game, record: str, *, seat: int, seed: int,
            budget: int) -> tuple[coaching.Review, float] | None:
    if not isinstance(data, dict) or data.get("version") != _VERSION or data.get("record") != record:
        return None
    if data.get("digest") != _digest({key: value for key, value in data.items() if key != "digest"}):
        return None  # changed since the table wrote it: its figures are not the coach's
    name = game.state.seats[seat]
    if data.get("seat") != name or data.get("seed") != seed or data.get("budget") != budget:
        return None
    steps = {step.number: (step.before, step.before.parse_move(step.move)) for step in game.transcript().steps
             if step.played}
    decisions = data["decisions"]
    if not isinstance(decisions, list) or len(decisions) > len(steps):
        return None
    found: list[coaching.ReviewedDecision] = []
    for entry in decisions:
        number = entry["number"]
        if type(number) is not int or number not in steps or any(number <= d.number for d in found):
            return None
        before, move = steps[number]
        played, suggested = before.move_text(move), entry["suggested"]
        if move.seat != seat or entry["played"] != played or not isinstance(suggested, str):
            return None
        choice = before.parse_move(suggested)
        if choice == move or choice not in seat_moves(before, seat)[0]:
            return None
        found.append(coaching.ReviewedDecision(
            number, before, before.move_text(choice), *move_reason(before, seat, choice),
            _read_estimate(entry["chance"], before.move_text(choice)),
            coaching.Comparison(played, _read_estimate(entry["played_chance"], played), entry["lead"], entry["error"],
                                entry["tables"])))
    looked_at, seconds = data["looked_at"], data["seconds"]
    if type(looked_at) is not int or not len(found) <= looked_at <= len(steps):
        return None
    if type(seconds) not in (int, float) or not 0 <= seconds < 10**6:
        return None
    return coaching.reviewed(name, looked_at, found, budget, seed), float(seconds)


def _digest(data: dict[str, Any]) -> str:
    """The review's fingerprint, written with it: a file changed by hand or cut short no longer matches it."""
    return hashlib.sha256(json.dumps(data, sort_keys=True).encode("utf-8", "surrogatepass")).hexdigest()


def _read_estimate(value: Any, label: str) -> Estimate:
    if not isinstance(value, list) or len(value) != 3:
        raise ValueError("an estimate is its mean, its error and its playouts")
    mean, error, playouts = value
    return Estimate(inputs.number(mean, "a chance", 0, 1), inputs.number(error, "a standard error", 0, 1),
                    inputs.whole_number(playouts, "a number of playouts", 1, coaching.MAX_BUDGET), label)
