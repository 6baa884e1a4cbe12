"""Two other ways for the expert to judge a playout it cuts off, measured against its formula.

Run from the repository root (Linux: the worker processes must start by fork, so that they
inherit what this script changes; numpy comes with the ``bench`` extra)::

    python benchmarks/experiments/cutoff_value.py fit --games 40000 --out value.json     # about 2 minutes
    python benchmarks/experiments/cutoff_value.py play --value learned:value.json --seed 7 --games 600 --records learned.jsonl
    python benchmarks/experiments/cutoff_value.py play --value formula:0.15 --seed 7 --games 600 --records flat.jsonl

The expert plays each candidate move out for 20 moves and, if the round has not ended,
judges the table by hand sizes alone: ``exp(-0.3 * cards)`` shared out over the players
still in. Two players of No Mercy hold more than their sizes say, though: a wild +10 kept
back is a shield and a threat, and a stack waiting for a seat is cards it will take. Here
the judgement is replaced, for measuring only, in one of two ways:

* ``formula:K`` keeps the formula with ``K`` in place of 0.3 (a flatter judgement for a
  smaller ``K``; hand sizes say little about who wins, ``benchmarks/hand_size_odds.py``);
* ``learned:FILE`` uses a logistic regression fitted by ``fit``: the chance that a seat
  playing :class:`SharpGreedy` beats greedy from a position, from the two hand sizes (in
  bins and as numbers), whose turn it is, the pending draw and whom it is aimed at, how
  near each seat is to the mercy limit, and what each hand holds (draw cards, their total
  value, the +6s and +10s, other wilds, skips and reverses, discard-alls, cards of the
  color in force, colors held).

Nothing in the package changes: ``play`` replaces the judgement in its own process and
runs the ladder's setting otherwise (two players of No Mercy, the expert without a clock
against greedy, seats rotated), so its ``--records`` compare game by game with a
``nomercy simulate --records`` run on the same seed (``benchmarks/paired.py``).
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import os
import random
import sys
from typing import Any, Callable, Sequence

from nomercy import new_game
from nomercy.core.cards import Card, Color, Rank
from nomercy.core.files import FileWriteError, check_target, write_text
from nomercy.core.state import GameState, OVER
from nomercy.play.driver import play_out
from nomercy.play.players import expert
from nomercy.play.players.expert import _greedy_everywhere
from nomercy.play.players.greedy import GreedyPlayer, SharpGreedy

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from expert_ceiling import add_ladder_options, expert_against_greedy  # noqa: E402  (a script beside this folder)

SIZE_BINS = (1, 2, 3, 4, 6, 9, 13, 18, 10_000)
"""Upper ends of the hand-size bins: a hand of one card is worth much more than one of two."""

HAND_NAMES = ("draw cards", "draw value / 10", "+6s and +10s", "other wilds", "skips and reverses",
              "discard-alls", "cards of the color in force", "colors held")
NAMES = (("constant",) + tuple(f"my hand in bin {k}" for k in range(len(SIZE_BINS)))
         + tuple(f"their hand in bin {k}" for k in range(len(SIZE_BINS)))
         + ("my turn", "pending on me / 10", "pending on them / 10", "me near the mercy limit",
            "them near the mercy limit", "my hand / 10", "their hand / 10")
         + tuple("mine: " + name for name in HAND_NAMES) + tuple("theirs: " + name for name in HAND_NAMES))


def _size_bin(size: int) -> int:
    return next(k for k, top in enumerate(SIZE_BINS) if size <= top)


def _hand(hand: Sequence[Card], color: Color | None) -> list[float]:
    """What a hand holds, as the numbers ``HAND_NAMES`` lists."""
    draws = value = big = wilds = skips = discard_alls = in_color = 0
    colors = set()
    for card in hand:
        rank = card.rank
        if rank.draw_value:
            draws += 1
            value += rank.draw_value
            big += rank.draw_value >= 6
        elif rank.is_wild:
            wilds += 1
        elif rank is Rank.SKIP or rank is Rank.SKIP_ALL or rank is Rank.REVERSE:
            skips += 1
        elif rank is Rank.DISCARD_ALL:
            discard_alls += 1
        if card.color is not None:
            colors.add(card.color)
            in_color += card.color is color
    return [draws, value / 10, big, wilds, skips, discard_alls, in_color, len(colors)]


def features(state: GameState, me: int) -> list[float]:
    """The numbers ``NAMES`` lists, for seat ``me`` of a two-player table still in play."""
    them = 1 - me
    mine, theirs = len(state.hands[me]), len(state.hands[them])
    row = [0.0] * (1 + 2 * len(SIZE_BINS))
    row[0] = 1.0
    row[1 + _size_bin(mine)] = 1.0
    row[1 + len(SIZE_BINS) + _size_bin(theirs)] = 1.0
    limit = state.rules.mercy_limit or 10_000
    on_me = state.pending if state.turn == me else 0
    on_them = state.pending if state.turn == them else 0
    row += [float(state.turn == me), on_me / 10, on_them / 10, float(mine + on_me >= limit - 3),
            float(theirs + on_them >= limit - 3), mine / 10, theirs / 10]
    row += _hand(state.hands[me], state.color)
    row += _hand(state.hands[them], state.color)
    return row


# --- fit -------------------------------------------------------------------------------------
def _positions(job: tuple[int, int, int]) -> tuple[list[list[float]], list[float]]:
    """Positions of seeded SharpGreedy-against-greedy games, every few moves, and whether SharpGreedy won."""
    first, last, seed = job
    rows: list[list[float]] = []
    labels: list[float] = []
    rng = random.Random(f"cutoff-value:{seed}:{first}")
    for game in range(first, last):
        state = new_game("no-mercy", 2, seed=seed * 1_000_003 + game)
        me = game % 2
        choose = _greedy_everywhere(GreedyPlayer(seed=game + 7), state.rules.jump_in, mine=SharpGreedy(seed=game), me=me)
        seen = []
        while state.phase is not OVER:
            state = play_out(state, choose, max_moves=rng.randint(1, 7))  # four moves apart on average
            if state.phase is not OVER and not state.out:
                seen.append(features(state, me))
        rows += seen
        labels += [float(state.winner == me)] * len(seen)
    return rows, labels


def _data(games: int, seed: int, workers: int) -> tuple[Any, Any]:
    """Rows of features and labels (numpy arrays) from ``games`` games of ``seed``."""
    import numpy as np

    parts = 16
    jobs = [(games * k // parts, games * (k + 1) // parts, seed) for k in range(parts)]
    with multiprocessing.Pool(workers) as pool:
        done = pool.map(_positions, jobs)
    return (np.array([row for rows, _ in done for row in rows]),
            np.array([label for _, labels in done for label in labels]))


def _log_loss(chances: Any, labels: Any) -> float:
    import numpy as np

    chances = np.clip(chances, 1e-9, 1 - 1e-9)
    return float(-np.mean(labels * np.log(chances) + (1 - labels) * np.log(1 - chances)))


def fit(args: argparse.Namespace) -> int:
    """Fit the regression by Newton's method (a little ridge keeps the bins' sum well posed)."""
    import numpy as np

    try:  # before the games: a name that cannot be written stops the fit at once
        check_target(args.out, replace=args.force, what="the fitted judgement")
    except FileWriteError as error:
        print(f"cutoff_value.py: {error}", file=sys.stderr)
        return 2
    rows, labels = _data(args.games, seed=11, workers=args.workers)
    test_rows, test_labels = _data(args.games // 4, seed=12, workers=args.workers)
    weights = np.zeros(rows.shape[1])
    for _ in range(30):
        chances = 1 / (1 + np.exp(-(rows @ weights)))
        gradient = rows.T @ (chances - labels) / len(labels) + 1e-3 * weights
        hessian = (rows * (chances * (1 - chances))[:, None]).T @ rows / len(labels) + 1e-3 * np.eye(len(weights))
        weights -= np.linalg.solve(hessian, gradient)
    mine, theirs = test_rows[:, NAMES.index("my hand / 10")] * 10, test_rows[:, NAMES.index("their hand / 10")] * 10
    formula = np.exp(-0.3 * mine) / (np.exp(-0.3 * mine) + np.exp(-0.3 * theirs))
    print(f"{len(labels):,} positions from {args.games:,} games; on {len(test_labels):,} positions of other games "
          f"the log loss is {_log_loss(1 / (1 + np.exp(-(test_rows @ weights))), test_labels):.4f} "
          f"(a coin: {math.log(2):.4f}, the formula: {_log_loss(formula, test_labels):.4f})")
    for name, weight in zip(NAMES, weights):
        print(f"  {name:36s} {weight:+.3f}")
    write_text(args.out, json.dumps({"names": NAMES, "weights": [float(w) for w in weights]}, indent=1),
               replace=args.force, what="the fitted judgement")
    return 0


# --- play ------------------------------------------------------------------------------------
def judgement(value: str) -> Callable[[GameState, int, bool], float]:
    """The cut-off judgement ``--value`` names, exact as the package's at the end of a round."""
    kind, _, setting = value.partition(":")
    package = expert._value
    if kind == "formula":
        steepness = float(setting)

        def judge(state: GameState, me: int) -> float:
            weights = {seat: math.exp(-steepness * len(state.hands[seat])) for seat in state.active_seats}
            return weights[me] / sum(weights.values())
    elif kind == "learned":
        with open(setting, encoding="utf-8") as source:
            fitted = json.load(source)["weights"]

        def judge(state: GameState, me: int) -> float:
            if len(state.hands) != 2:
                return package(state, me)
            return 1 / (1 + math.exp(-sum(w * x for w, x in zip(fitted, features(state, me)))))
    else:
        raise SystemExit(f"cutoff_value.py: --value is formula:K or learned:FILE, not {value!r}")

    def value_of(state: GameState, me: int, threats: bool = False) -> float:
        if state.phase is OVER or me in state.out or state.out:
            return package(state, me, threats)
        return judge(state, me)

    return value_of


def play(args: argparse.Namespace) -> int:
    expert._value = judgement(args.value)  # type: ignore[assignment]
    return expert_against_greedy(args.expert, f"the expert judging cut-off playouts by {args.value}", args)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    fitting = commands.add_parser("fit", help="fit the learned judgement on SharpGreedy-against-greedy games")
    fitting.add_argument("--games", type=int, default=40_000)
    fitting.add_argument("--out", default="value.json")
    fitting.add_argument("--force", action="store_true", help="replace an existing --out file")
    fitting.add_argument("--workers", type=int, default=2)
    playing = commands.add_parser("play", help="the expert against greedy with another judgement")
    playing.add_argument("--value", required=True, help="formula:K or learned:FILE")
    playing.add_argument("--expert", default="expert:iterations=200:candidates=6:confidence=1:max_time=none",
                         help="the expert and its options (default: the one the rows were measured with)")
    add_ladder_options(playing, games=600, seed=7)
    args = parser.parse_args()
    return fit(args) if args.command == "fit" else play(args)


if __name__ == "__main__":
    sys.exit(main())
