"""The random player: every legal move equally likely.

It is the floor of the ladder and the fastest way to reach odd corners of the
rules, so simulations use it to test the engine as much as to play.
"""

from __future__ import annotations

import random
from typing import Sequence

from nomercy.core.moves import Move
from nomercy.core.state import PlayerView
from nomercy.core.seeds import check_seed

__all__ = ["RandomPlayer"]


class RandomPlayer:
    """Uniform over the legal moves; for an option, doing nothing is one more choice.

    >>> from nomercy import legal_moves, new_game
    >>> game = new_game("no-mercy", 2, seed=1)
    >>> legal = legal_moves(game, "A")
    >>> RandomPlayer(seed=5).choose(game.view(0), legal) == RandomPlayer(seed=5).choose(game.view(0), legal)
    True
    """

    kind = "random"

    def __init__(self, *, seed: int = 0) -> None:
        self.seed = check_seed(seed)
        self._rng = random.Random(f"random-player:{seed}")

    def choose(self, view: PlayerView, legal: Sequence[Move]) -> Move:
        return self._rng.choice(legal)  # the same draw as legal[randrange(len(legal))], with less around it

    def choose_optional(self, view: PlayerView, legal: Sequence[Move]) -> Move | None:
        pick = self._rng.randrange(len(legal) + 1)
        return legal[pick] if pick < len(legal) else None

    def __repr__(self) -> str:
        return f"RandomPlayer(seed={self.seed})"
