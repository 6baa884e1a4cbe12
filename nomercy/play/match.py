"""A match: rounds played until someone reaches the rules' score target.

>>> match = Match.start("classic", ["A", "B"], seed=3)
>>> match.scores, match.target
((0, 0), 500)
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Sequence

from nomercy.core.engine import new_game
from nomercy.core.errors import IllegalMoveError, NomercyError
from nomercy.core.rules import RuleSet, ruleset
from nomercy.core.scoring import round_points
from nomercy.core.seeds import short_seed
from nomercy.core.state import GameState
from nomercy.core import inputs
from nomercy.core.records import check_fields

__all__ = ["Match"]

MAX_ROUNDS = 1_000_000
"""The most rounds a match is numbered up to (as a table's round number)."""
MAX_SCORE = 10**9
"""The most points a seat's score holds: far past any target, and still a number a record writes."""


@dataclass(frozen=True)
class Match:
    """Rounds played until someone reaches the rules' ``score_target``.

    Each round is dealt by the next seat clockwise and seeded from the match seed,
    so a match replays exactly from its seed and moves.

    :meth:`start` begins one; a program may also build one by hand (a match resumed from its own figures), so
    its fields are checked when it is made: each of its kind (:func:`~nomercy.core.records.check_fields`), one
    score a seat and none below 0, the round's seats and rules the match's.
    """

    rules: RuleSet
    seats: tuple[str, ...]
    seed: int
    scores: tuple[int, ...]
    round_number: int
    game: GameState

    def __post_init__(self) -> None:
        check_fields(self, "a match")
        inputs.seed(self.seed)
        inputs.whole_number(self.round_number, "the round of a match", 1, MAX_ROUNDS)
        if self.game.seats != self.seats or self.game.rules != self.rules:
            raise NomercyError("the round of a match is dealt to the match's seats under its rules: "
                               f"{', '.join(self.seats)} under {self.rules.name}")
        if len(self.scores) != len(self.seats):
            raise NomercyError(f"a match keeps one score a seat: {len(self.seats)} here, not {len(self.scores)}")
        for score in self.scores:
            inputs.whole_number(score, "a score of a match", 0, MAX_SCORE)

    @classmethod
    def start(cls, rules: str | RuleSet, players: Sequence[str] | int, *, seed: int = 0) -> "Match":
        rule_set = ruleset(rules) if isinstance(rules, str) else rules
        game = new_game(rule_set, players, seed=_round_seed(seed, 1))
        return cls(rule_set, game.seats, seed, (0,) * len(game.seats), 1, game)

    @property
    def target(self) -> int:
        return self.rules.score_target

    @property
    def standings(self) -> dict[str, int]:
        """Each seat's points, counting the current round once it is finished."""
        scores = list(self.scores)
        if self.game.is_over and self.game.winner is not None:
            scores[self.game.winner] += round_points(self.game)
        return dict(zip(self.seats, scores))

    @property
    def winner(self) -> str | None:
        """The seat that has reached the target (the highest score), or ``None``."""
        standings = self.standings
        best = max(self.seats, key=lambda seat: standings[seat])
        return best if standings[best] >= self.target else None

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    def with_game(self, game: GameState) -> "Match":
        """The same match with the current round advanced to ``game``."""
        return replace(self, game=game)

    def next_round(self) -> "Match":
        """Bank the finished round's points and deal the next round (the deal moves one seat on)."""
        if not self.game.is_over:
            raise IllegalMoveError("the round is still being played: finish it before dealing the next")
        if self.winner is not None:
            raise IllegalMoveError(f"the match is over: {self.winner} has reached {self.target}")
        scores = tuple(self.standings[seat] for seat in self.seats)
        number = self.round_number + 1
        dealer = (self.game.dealer + 1) % len(self.seats)
        game = new_game(self.rules, self.seats, seed=_round_seed(self.seed, number), dealer=dealer)
        return replace(self, scores=scores, round_number=number, game=game)


def _round_seed(seed: int, number: int) -> int:
    """Round ``number`` of a match seeded ``seed`` (a short seed: the table shows it)."""
    return short_seed(seed, "round", number)
