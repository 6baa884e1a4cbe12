"""What the expert would win if it could see the cards it cannot: the ceiling of its search.

Run from the repository root (Linux: the worker processes must start by fork, so that
they inherit what this script changes)::

    python benchmarks/expert_ceiling.py --sees hands --games 400         # about 4 minutes of two cores
    python benchmarks/expert_ceiling.py --sees all --games 400 --records all.jsonl

The expert deals its imagined tables from what it knows: its own hand, the piles, and
what it remembered of the other hands. Here, for measuring only, every table it
imagines is corrected to the truth before its playouts run: with ``--sees hands`` the
other hands are the real ones (the draw pile is still shuffled at random from the rest),
with ``--sees all`` the draw pile is the real one in its real order too. Everything else
is the ladder's setting: two players of No Mercy, the expert with its defaults and no
clock against greedy, seats rotated, seed 2026, so the games are the ladder's games and
``--records`` files compare with a ladder run's (``benchmarks/paired.py``).

The difference between the expert as it is and the expert that sees the hands is what
knowing more could ever give it; the difference between that and the expert that sees
everything is what luck in the draw pile decides. Nothing in the package changes: the
correction is made here, by wrapping two functions of the running process.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import multiprocessing
import os
import random
import sys
from collections import Counter
from pathlib import Path
from typing import IO

import nomercy.play.players as players
from nomercy.core.errors import NomercyError
from nomercy.core.files import remove_leftovers, writing
from nomercy.core.seeds import shuffle
from nomercy.core.state import _FIELDS, GameState
from nomercy.play.players.expert import _ImaginedTables
from nomercy.play.simulate import simulate, wilson_interval

SEES = ("hands", "all")
_truth: dict[str, object] = {"state": None, "sees": "hands"}


def _watch_decisions() -> None:
    """Remember the real table each time a player is asked for a move (the view it gets is built from it)."""
    original = players._ViewOnDemand.__init__

    def remembering(self, state, seat):  # type: ignore[no-untyped-def]
        _truth["state"] = state
        original(self, state, seat)

    players._ViewOnDemand.__init__ = remembering  # type: ignore[method-assign]


def _correct_the_tables() -> None:
    """Every table the expert imagines for the decision at hand is made true (as ``--sees`` says)."""
    original = _ImaginedTables.deal

    def dealing(self, rng: random.Random) -> GameState:  # type: ignore[no-untyped-def]
        world = original(self, rng)  # the same draws from the expert's generator as without the correction
        truth = _truth["state"]
        if not isinstance(truth, GameState) or truth.view(self.view.seat) != self.view:
            return world  # not the decision the real table asked for
        return revealed(world, truth, self.view.seat, rng, str(_truth["sees"]))

    _ImaginedTables.deal = dealing  # type: ignore[method-assign]


def revealed(world: GameState, truth: GameState, me: int, rng: random.Random, sees: str) -> GameState:
    """``world`` with the real other hands (``hands``), or the real table with a fresh reshuffle seed (``all``)."""
    if sees == "all":
        fields = {name: getattr(truth, name) for name in _FIELDS}
        fields.update(seed=world.seed, ply=0, stuck=0)
        return GameState(**fields)
    hidden = Counter(world.draw_pile) + Counter(world.set_aside)
    for seat, hand in enumerate(world.hands):
        if seat != me:
            hidden.update(hand)
    for seat, hand in enumerate(truth.hands):
        if seat != me:
            hidden.subtract(hand)
    rest = sorted(hidden.elements())
    shuffle(rng, rest)
    fields = {name: getattr(world, name) for name in _FIELDS}
    size = len(world.set_aside)
    fields.update(hands=truth.hands, set_aside=tuple(rest[:size]), draw_pile=tuple(rest[size:]))
    return GameState(**fields)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sees", choices=SEES, default="hands", help="what the expert's tables are corrected to")
    add_ladder_options(parser, games=400, seed=2026)
    args = parser.parse_args()
    _truth["sees"] = args.sees
    _watch_decisions()
    _correct_the_tables()
    what = f"the expert seeing the {'other hands' if args.sees == 'hands' else 'whole table'}"
    return expert_against_greedy("expert:max_time=none", what, args)


def add_ladder_options(parser: argparse.ArgumentParser, *, games: int, seed: int) -> None:
    """The options :func:`expert_against_greedy` reads: which games, how many processes, where the records go."""
    parser.add_argument("--games", type=int, default=games)
    parser.add_argument("--first-game", type=int, default=0)
    parser.add_argument("--seed", type=int, default=seed)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--records", metavar="FILE", help="write every game's record, as nomercy simulate --records does")
    parser.add_argument("--force", action="store_true", help="replace an existing --records FILE")


def expert_against_greedy(expert: str, what: str, args: argparse.Namespace) -> int:
    """The ladder's games for ``expert`` (a bot spec) against greedy: print the win rate, write ``--records``.

    ``args`` holds the options of :func:`add_ladder_options`; ``benchmarks/experiments/cutoff_value.py``
    uses both. The changes a script makes to the running process reach the workers only if
    they start by fork, so without fork only one process may play.
    """
    if multiprocessing.get_start_method() != "fork" and args.workers > 1:
        print(f"{os.path.basename(sys.argv[0])}: worker processes do not start by fork here; use --workers 1",
              file=sys.stderr)
        return 2
    records_file: contextlib.AbstractContextManager[IO[str] | None] = contextlib.nullcontext()
    if args.records:  # as nomercy simulate does: checked now, written whole at the end or not at all
        remove_leftovers(Path(args.records).parent)
        records_file = writing(args.records, replace=args.force, what="the records")
    try:
        with records_file as out:
            result = simulate("no-mercy", players=2, bots=f"{expert},greedy", rotate=True, games=args.games,
                              seed=args.seed, first_game=args.first_game, workers=args.workers, keep_records=True,
                              progress=False)
            records = result.records or []
            for record in records if out is not None else ():
                out.write(json.dumps(record.as_dict()) + "\n")
    except NomercyError as error:
        print(f"{os.path.basename(sys.argv[0])}: {error}", file=sys.stderr)
        return 2
    won = sum(1 for record in records if record.bots[record.winner] == "expert")
    low, high = wilson_interval(won, len(records))
    print(f"{what}: won {won} of {len(records)} games ({won / max(1, len(records)):.1%}, 95% interval "
          f"{low:.1%} to {high:.1%}), games {args.first_game} to {args.first_game + args.games - 1} of seed {args.seed}")
    return 0

if __name__ == "__main__":
    sys.exit(main())
